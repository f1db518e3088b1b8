// @ts-check
// The service worker of the built site (sw.js): offline play after one
// visit, and a visible offer when a new version is ready. It reloads the
// page only when the person asks. Loaded a moment after the page is
// playable (main.js), so no part of its start.

/** Registers the service worker and offers its updates (the `#update` bar). */
export function watchForUpdates() {
  const sw = navigator.serviceWorker;
  if (!sw || !globalThis.isSecureContext) return;
  let updating = false;
  const reload = () => location.reload();
  /** @param {ServiceWorkerRegistration} registration */
  const offer = (registration) => {
    if (!registration.waiting || !sw.controller) return;
    // The page's own elements (index.html), not lib/dom.js: a module shared with the start would
    // become a chunk of its own that the start loads too.
    /** @type {HTMLElement} */ (document.getElementById('update')).hidden = false;
    /** @type {HTMLButtonElement} */ (document.getElementById('btn-update')).onclick = () => {
      if (updating) return;
      updating = true;
      // The version waiting now: one offered earlier may have been replaced
      // by a newer one since, and a message to it would be lost.
      const waiting = registration.waiting;
      waiting?.postMessage('skipWaiting');
      // Asked to reload, the page reloads even if the new version never
      // takes over (it then offers itself again).
      setTimeout(reload, waiting ? 5000 : 0);
    };
  };
  /** @param {ServiceWorkerRegistration} registration @param {ServiceWorker | null} worker */
  const whenInstalled = (registration, worker) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(registration);
    });
  sw.addEventListener('controllerchange', () => {
    if (updating) reload();
  });
  sw.register('./sw.js')
    .then((registration) => {
      offer(registration);
      // A version still installing now (found before this page listened), then any found later.
      whenInstalled(registration, registration.installing);
      registration.addEventListener('updatefound', () => whenInstalled(registration, registration.installing));
    })
    .catch(() => {
      // No service worker (a plain file server without sw.js): the page
      // still plays online.
    });
}
