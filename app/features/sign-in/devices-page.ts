/**
 * What the "Sign-in & devices" page (/members/devices) shows, apart from its forms' schemas
 * (device-forms.ts, zod, which only the action runs): the page's script imports this module only,
 * so zod stays out of its first load (docs/performance-notes.md).
 */

/** The longest name a passkey may be given, in characters; the rename form's field and its schema hold to it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/**
 * What tells apart the sign-out buttons of two sessions from the same browser ("Sign out Chrome on
 * macOS" twice), added to each button's accessible name: when it was last seen and, for sessions
 * that would still read alike, their place among them. Keyed by session id; this device's button
 * ("Sign out here") needs none.
 */
export function signOutNameDetails(sessions: { id: string; device: string; lastSeen: string; current: boolean }[]): Map<string, string> {
  const others = sessions.filter((session) => !session.current);
  const reading = (session: (typeof others)[number]) => `${session.device}, last seen ${session.lastSeen}`;
  const details = new Map<string, string>();
  for (const session of others) {
    const alike = others.filter((other) => reading(other) === reading(session));
    const place = alike.length > 1 ? ` (${alike.indexOf(session) + 1} of ${alike.length})` : "";
    details.set(session.id, `, last seen ${session.lastSeen}${place}`);
  }
  return details;
}
