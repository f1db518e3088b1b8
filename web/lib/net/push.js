// @ts-check
// Web Push on this browser (docs/push.md): "Tell me when it is my turn".
// The browser's permission is asked when the person taps, never on page
// load; the site's service worker (sw.js, at the site's root) takes the
// pushes and shows them. The subscription goes to the server signed by
// this browser's player key, which is whose turns it is told of.

import { sign } from '../identity.js';

/** @typedef {'on' | 'off' | 'denied' | 'unsupported'} PushState */

/** Whether this browser can take pushes at all (a secure page, a service worker, the Push API). */
export function pushable() {
  return (
    typeof navigator !== 'undefined'
    && 'serviceWorker' in navigator
    && typeof globalThis.PushManager === 'function'
    && typeof globalThis.Notification === 'function'
    && Boolean(globalThis.isSecureContext)
  );
}

/** The site's service worker's registration (registered if it is not yet). @param {string} siteRoot */
function registration(siteRoot) {
  return navigator.serviceWorker.register(new URL('sw.js', siteRoot).href, { scope: siteRoot });
}

/** Bytes of base64url text. @param {string} text */
function bytes(text) {
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

/**
 * Whether this browser is told of turns now.
 * @param {string} siteRoot the site's root (where sw.js is)
 * @returns {Promise<PushState>}
 */
export async function pushState(siteRoot) {
  if (!pushable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  try {
    const reg = await navigator.serviceWorker.getRegistration(siteRoot);
    const sub = await reg?.pushManager.getSubscription();
    return sub && Notification.permission === 'granted' ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/** The body `api/push` takes: the key, the subscription and the signature of `verb` (docs/push.md). @param {PushSubscription} sub @param {string} key @param {'push' | 'unpush'} verb @param {string} lang */
async function body(sub, key, verb, lang) {
  const json = sub.toJSON();
  const subscription = {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  return JSON.stringify({ key, subscription, sig: await sign(`diablo ${verb} ${sub.endpoint}`), lang });
}

/**
 * Turns pushes on for this browser (on the person's tap): asks for the
 * permission, subscribes with the server's VAPID key and sends the
 * subscription to the server, signed by the player's key.
 * @param {{ siteRoot: string, api: string, key: string, lang: string }} where
 * @returns {Promise<PushState | 'failed'>}
 */
export async function pushOn({ siteRoot, api, key, lang }) {
  if (!pushable()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  try {
    const vapid = await fetch(new URL('push', api)).then((r) => (r.ok ? r.json() : Promise.reject(r.status)));
    if (typeof vapid?.key !== 'string') return 'failed';
    const reg = await registration(siteRoot);
    await navigator.serviceWorker.ready;
    const sub =
      (await reg.pushManager.getSubscription())
      ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(vapid.key) }));
    const r = await fetch(new URL('push', api), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await body(sub, key, 'push', lang),
    });
    return r.ok ? 'on' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Stops pushes to this browser: the server forgets the subscription and
 * the browser drops it.
 * @param {{ siteRoot: string, api: string, key: string, lang: string }} where
 * @returns {Promise<PushState>}
 */
export async function pushOff({ siteRoot, api, key, lang }) {
  if (!pushable()) return 'unsupported';
  try {
    const reg = await navigator.serviceWorker.getRegistration(siteRoot);
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return 'off';
    await fetch(new URL('push', api), { method: 'DELETE', body: await body(sub, key, 'unpush', lang) }).catch(
      () => null,
    );
    await sub.unsubscribe();
  } catch {
    // Dropped here or not, the server forgets it at the push service's 410.
  }
  return 'off';
}
