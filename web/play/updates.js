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
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    if (!worker || !sw.controller) return;
    // The page's own elements (index.html), not lib/dom.js: a module shared with the start would
    // become a chunk of its own that the start loads too.
    /** @type {HTMLElement} */ (document.getElementById('update')).hidden = false;
    /** @type {HTMLButtonElement} */ (document.getElementById('btn-update')).onclick = () => {
      updating = true;
      worker.postMessage('skipWaiting');
    };
  };
  sw.addEventListener('controllerchange', () => {
    if (updating) location.reload();
  });
  sw.register('./sw.js')
    .then((registration) => {
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
    })
    .catch(() => {
      // No service worker (a plain file server without sw.js): the page
      // still plays online.
    });
}
