/* global self, caches, fetch, URL */
/*
 * The door's service worker (docs/product-rules.md#door, "Offline"), registered by /door with that
 * scope alone. Hand-written and tiny: it keeps exactly what the door page needs to open offline.
 *
 * - The door page (a navigation to /door): network first, so staff see the current page online;
 *   offline, the last copy. The page holds only who is at the door: the status list and the queue
 *   are the page's own IndexedDB. When the server no longer serves the page to this device (the
 *   staff member signed out, or lost the role: the site's 404), the copy is deleted.
 * - /assets/* and /fonts/*: cache first, so the page looks the same offline (Vite names assets by
 *   their content; a new VERSION of this worker drops the fonts kept by the last).
 * - Nothing else: the list, the check-ins and the photos go to the network or fail, and the page
 *   works from its own store.
 */
const VERSION = "1";
const PAGES = `ember-oak-door-pages-${VERSION}`;
const ASSETS = `ember-oak-door-assets-${VERSION}`;
const DOOR_PATH = "/door";

self.addEventListener("install", (event) => {
  event.waitUntil(precacheDoor().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PAGES, ASSETS]);
      for (const name of await caches.keys()) if (name.startsWith("ember-oak-door-") && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The door page and every /assets/ file its HTML names (its scripts, modulepreloads and styles). */
async function precacheDoor() {
  const response = await fetch(DOOR_PATH, { credentials: "same-origin" });
  if (!isDoorPage(response)) return;
  const html = await response.clone().text();
  await (await caches.open(PAGES)).put(DOOR_PATH, response);
  await cacheAssets([...new Set(html.match(/\/assets\/[A-Za-z0-9._-]+/g) ?? [])]);
}

/** The page also sends the assets it loaded on demand (the QR decoder). */
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin || event.data?.type !== "cache-assets" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === "string" && isKept(new URL(url, self.location.origin).pathname));
  event.waitUntil(cacheAssets(urls));
});

async function cacheAssets(urls) {
  const cache = await caches.open(ASSETS);
  await Promise.all(urls.map(async (url) => (await cache.match(url)) ?? cache.add(url).catch(() => undefined)));
}

function isKept(pathname) {
  return pathname.startsWith("/assets/") || pathname.startsWith("/fonts/");
}

function isDoorPage(response) {
  return response.ok && !response.redirected && new URL(response.url).pathname === DOOR_PATH;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isKept(url.pathname)) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate" && url.pathname === DOOR_PATH) event.respondWith(doorPage(request));
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

async function doorPage(request) {
  const cache = await caches.open(PAGES);
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const cached = await cache.match(DOOR_PATH);
    if (cached) return cached;
    throw offline;
  }
  if (isDoorPage(response)) await cache.put(DOOR_PATH, response.clone());
  else if (response.status === 404 || response.type === "opaqueredirect" || response.redirected) await cache.delete(DOOR_PATH);
  return response;
}
