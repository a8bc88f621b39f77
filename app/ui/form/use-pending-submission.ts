import { useCallback, useState } from "react";
import { useNavigation } from "react-router";

export interface PendingSubmission {
  /** True while the form is on its way: its submit button shows its pending text and takes no second press. */
  pending: boolean;
  /** For a form that posts JSON from the page (a dialog, the SMS block): pending while `request` runs. */
  track<T>(request: () => Promise<T>): Promise<T>;
}

/**
 * Every submit button's pending state. A form that navigates (React Router's `<Form>`) is pending
 * while the router submits it: any POST of the page, or, with `sentWith`, only the form whose
 * button sent that name and value (one button among many on a page, such as each reward's
 * Redeem). A form that posts JSON to the API and stays on the page wraps its request in `track`,
 * and passes `{ navigation: false }` so another form's navigation does not mark it pending.
 */
export function usePendingSubmission(
  options: { sentWith?: { field: string; value: string }; navigation?: boolean } = {},
): PendingSubmission {
  const navigation = useNavigation();
  const [requestsInFlight, setRequestsInFlight] = useState(0);
  const track = useCallback(async <T>(request: () => Promise<T>): Promise<T> => {
    setRequestsInFlight((count) => count + 1);
    try {
      return await request();
    } finally {
      setRequestsInFlight((count) => count - 1);
    }
  }, []);
  const { sentWith, navigation: followsNavigation = true } = options;
  const navigating =
    followsNavigation &&
    navigation.state !== "idle" &&
    (sentWith === undefined ? navigation.formMethod === "POST" : navigation.formData?.get(sentWith.field) === sentWith.value);
  return { pending: navigating || requestsInFlight > 0, track };
}
