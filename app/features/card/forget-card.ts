import { CARD_CACHE_PREFIX, CARD_DATABASE, CARD_SCOPE } from "./card-storage.ts";

/**
 * After signing out, the member card leaves this device (docs/security.md#member-card): its cached
 * page, its key and certificate, and its service worker. Run on any page a visitor sees (the
 * site header calls it when no one is signed in), so it also follows an expired or ended session.
 *
 * Chosen over a `Clear-Site-Data: "storage"` header on sign-out because that header wipes the
 * whole origin (the door's queue of offline check-ins, the accessibility settings), is not honoured
 * by every browser, and misses sessions that end elsewhere; this touches only the card's things
 * and costs a `caches.keys()` and an `indexedDB.databases()` when there is nothing to do.
 */
export async function forgetCardOnThisDevice(): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = (await caches.keys()).filter((name) => name.startsWith(CARD_CACHE_PREFIX));
  // A card kept without its service worker (a browser that refused it) has only its key store.
  const keyStore = (await indexedDB.databases?.())?.some((database) => database.name === CARD_DATABASE) ?? false;
  if (names.length === 0 && !keyStore) return;
  await Promise.all(names.map((name) => caches.delete(name)));
  await new Promise<void>((resolve) => {
    const deletion = indexedDB.deleteDatabase(CARD_DATABASE);
    // Blocked only while a card page is still open with it (then it goes once that page closes).
    deletion.onsuccess = deletion.onerror = deletion.onblocked = () => resolve();
  });
  const registration = await navigator.serviceWorker?.getRegistration(CARD_SCOPE);
  if (registration && new URL(registration.scope).pathname === CARD_SCOPE) await registration.unregister();
}
