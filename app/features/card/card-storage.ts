/**
 * Where the member card keeps its things on the device (docs/decisions/010-member-card-credential.md),
 * named once for the card page, its service worker (public/card-sw.js repeats the cache names) and
 * the clean-up after signing out (forget-card.ts).
 */
export const CARD_DATABASE = "ember-oak-card";
export const CARD_STORE = "card";
/** The service worker's caches all begin with this. */
export const CARD_CACHE_PREFIX = "ember-oak-card-";
export const CARD_WORKER_URL = "/card-sw.js";
export const CARD_SCOPE = "/members/card";
