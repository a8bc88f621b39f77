const postDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "2026-11-10" → "November 10, 2026", the same on the server and in every browser time zone. */
export function formatPostDate(date: string): string {
  return postDateFormat.format(new Date(`${date}T00:00:00Z`));
}
