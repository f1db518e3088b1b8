// @ts-check
// The service worker of the built site (`cargo xtask dist` writes it to the
// site's root, filling in VERSION and FILES): after one visit, the game,
// the computer opponent and the rules page work offline. Every file comes
// from one cache named by the version, so a page is never half old and half
// new; a new version waits until the page's "Updated — reload" notice is
// accepted (the page posts 'skipWaiting').

const VERSION = '__VERSION__';
/** @type {string[]} every file of the site, relative to this worker */
const FILES = ['__FILES__'];
const CACHE = `diablo-${VERSION}`;

/** @type {any} the ServiceWorkerGlobalScope (the page's type check knows only the DOM) */
const worker = self;

worker.addEventListener('install', (/** @type {any} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

worker.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('diablo-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (/** @type {MessageEvent} */ event) => {
  if (event.data === 'skipWaiting') worker.skipWaiting();
});

worker.addEventListener('fetch', (/** @type {any} */ event) => {
  /** @type {Request} */
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // The iframe route's query and a page's link never change the file.
      const hit = await cache.match(request, { ignoreSearch: true });
      return hit ?? fetch(request);
    }),
  );
});
