/**
 * Where a signed-in account goes when it asked for no page: the members area, or the door for door
 * staff, who see nothing else (docs/product-rules.md#door). Every sign-in (emailed code, passkey,
 * Google) decides with this.
 */
export function homePageFor(role: string | undefined): string {
  return role === "door" ? "/door" : "/members";
}
