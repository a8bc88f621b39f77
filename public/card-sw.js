/* global self, caches, fetch, URL */
/*
 * The member card's service worker (docs/decisions/010-member-card-credential.md, "Offline"),
 * registered by /members/card with that scope alone: the rest of the site is unaffected.
 * Hand-written and tiny on purpose: it keeps exactly what the card needs to open offline, and a
 * library's cache strategies would be more code to review than the card itself.
 *
 * - The card page (a navigation in scope): network first, so the member always sees the current
 *   page online; offline, the last copy. ONE copy, for the member signed in on this device: the
 *   page is private (no-store for HTTP caches), and the Cache API is this device's own storage.
 *   Signing out deletes it (app/features/card/forget-card.ts); so does a navigation the server
 *   answers by sending the visitor to sign in.
 * - The photo (/members/card/photo): the same, so the door's comparison works offline too.
 * - /assets/*: cache first. Vite names them by their content, so a cached one never goes stale.
 *   The site's fonts and icon likewise (fixed files, changed only with a new name).
 */
const VERSION = "1";
const PAGES = `ember-oak-card-pages-${VERSION}`;
const ASSETS = `ember-oak-card-assets-${VERSION}`;
const CARD_PATH = "/members/card";
const PHOTO_PATH = "/members/card/photo";

self.addEventListener("install", (event) => {
  event.waitUntil(precacheCard().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PAGES, ASSETS]);
      for (const name of await caches.keys()) if (name.startsWith("ember-oak-card-") && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The card page and every /assets/ file its HTML names (its scripts, modulepreloads and styles). */
async function precacheCard() {
  const response = await fetch(CARD_PATH, { credentials: "same-origin" });
  if (!isCardPage(response)) return;
  const html = await response.clone().text();
  await (await caches.open(PAGES)).put(CARD_PATH, response);
  await cacheAssets(["/favicon.svg", ...new Set(html.match(/\/(?:assets|fonts)\/[A-Za-z0-9._-]+/g) ?? [])]);
}

/**
 * The page sends the assets it loaded on demand (the card's QR script), and asks for a fresh copy
 * of itself once its card is set up (the copy taken at install may predate it).
 */
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin) return;
  if (event.data?.type === "refresh-page") event.waitUntil(precacheCard());
  if (event.data?.type !== "cache-assets" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === "string" && isKept(new URL(url, self.location.origin).pathname));
  event.waitUntil(cacheAssets(urls));
});

/** What is kept cache-first: content-named build files, the fonts and the icon. */
function isKept(pathname) {
  return pathname.startsWith("/assets/") || pathname.startsWith("/fonts/") || pathname === "/favicon.svg";
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSETS);
  for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
}

function isCardPage(response) {
  return response.ok && !response.redirected && new URL(response.url).pathname === CARD_PATH;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isKept(url.pathname)) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate" && url.pathname === CARD_PATH) event.respondWith(cardPage(request));
  else if (url.pathname === PHOTO_PATH) event.respondWith(photo(request));
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

async function cardPage(request) {
  const cache = await caches.open(PAGES);
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const cached = await cache.match(CARD_PATH);
    if (cached) return cached;
    throw offline;
  }
  if (isCardPage(response)) await cache.put(CARD_PATH, response.clone());
  // Sent elsewhere (to sign in, or to billing when the dues have lapsed): the page kept here is no
  // longer the member's to show, so it goes (a navigation's redirect is opaque to a worker).
  else if (response.type === "opaqueredirect" || response.redirected) await cache.delete(CARD_PATH);
  return response;
}

async function photo(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(PHOTO_PATH, response.clone());
    else if (response.status === 404) await cache.delete(PHOTO_PATH);
    return response;
  } catch (offline) {
    const cached = await cache.match(PHOTO_PATH);
    if (cached) return cached;
    throw offline;
  }
}
