// The service worker: the app is installable as a web app. The build prepends
// `BUILD_ID`, `PRECACHE` (see ../pwa-plugin.ts): the app shell, every hashed asset, the icons and the
// translations of this build, and `PRERENDERED` (../scripts/prerender.mjs): the prerendered public pages.
//
// - Pages (navigations) are answered with the precached app shell, so the app opens offline; a public
//   page that was prerendered (login, sign-up, ...) with its own precached HTML, so a second visit
//   paints the form at once, as the first did from the server.
// - Precached files are answered from the cache; anything else of this origin from the network.
// - API calls (/v1, /dev, ...) always go to the network and are never cached: they carry personal data.
// - A new worker installs next to the running one and waits; the page's update dialog asks the user and
//   then posts SKIP_WAITING, the worker takes over and the page reloads.

/* global BUILD_ID, PRECACHE, PRERENDERED */

const cacheName = `wsm-shell-${BUILD_ID}`;
const shellUrl = '/index.html';
// /oidc: the sign-in provider's pages and redirects (docs/sign-in-with-workspace.md), never the shell.
const networkOnlyPrefixes = ['/v1/', '/dev/', '/oidc/', '/docs', '/healthz', '/readyz'];
const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(PRECACHE)));
});

// The update dialog clears every cache before this worker takes over: fill the shell again, so the
// app keeps opening offline after an update.
async function refillShell() {
  const cache = await caches.open(cacheName);
  if ((await cache.keys()).length === 0) await cache.addAll(PRECACHE).catch(() => undefined);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('wsm-shell-') && name !== cacheName)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(refillShell)
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

async function fromCacheOrNetwork(request, key) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(key ?? request);
  if (hit) return hit;
  // The cache may have been cleared (the update dialog does so): the network still answers.
  return fetch(request);
}

/** The precached file a navigation is answered with: its prerendered page, else the app shell. */
function pageFor(pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PRERENDERED[path] ?? shellUrl;
}

async function appShell(request) {
  try {
    return await fromCacheOrNetwork(request, pageFor(new URL(request.url).pathname));
  } catch {
    return new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (
    networkOnlyPrefixes.some(
      (prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix),
    )
  )
    return; // straight to the network, never cached
  if (request.mode === 'navigate') {
    event.respondWith(appShell(request));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(fromCacheOrNetwork(request, url.pathname));
});
