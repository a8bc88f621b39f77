import { useNavigation } from "react-router";

/**
 * True while a form is on its way and the page it answers is loading: any POST form, or, with
 * `field` and `value`, only the one that sent that value (one button among many on a page, such
 * as each reward's Redeem). Every submit button that shows a pending state reads it here.
 */
export function usePendingSubmission(field?: string, value?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle") return false;
  return field === undefined ? navigation.formMethod === "POST" : navigation.formData?.get(field) === value;
}
