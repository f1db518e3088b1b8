// @ts-check
// Where the site's server is: `live.json` at the site's root, read once
// here for every page. Every build has the file (`{"url": null}` on a
// static host, so asking never logs a missing file); its `url` names the
// relay (`live/`, relative to the file, http(s) or ws(s)), and the lobby is
// `../lobby` beside it.

/**
 * What live.json says: the relay's and the lobby's WebSocket URLs (null:
 * no server, play by links), and `retry` when the file could not be read
 * at all (offline: ask again, `lookup`).
 * @typedef {{ relay: string | null, lobby: string | null, retry: boolean }} ServerFound
 */

/**
 * A relay's address as given (relative to `live.json`, http(s) or ws(s)) as
 * a WebSocket base URL, or null when it names nothing a socket can reach.
 * @param {string} url @param {string | URL} [base]
 */
export function relayUrl(url, base) {
  let u;
  try {
    u = new URL(url, base);
  } catch {
    return null;
  }
  const scheme = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[u.protocol];
  if (!scheme) return null;
  u.protocol = scheme;
  u.search = '';
  u.hash = '';
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u.href;
}

/**
 * The lobby's WebSocket URL from the relay's (as live.json names it):
 * `../lobby` beside it; null without a relay.
 * @param {string | null | undefined} liveUrl @param {string | URL} [base] what a relative `liveUrl` is relative to
 */
export function lobbyUrl(liveUrl, base) {
  const relay = liveUrl ? relayUrl(liveUrl, base) : null;
  return relay ? new URL('../lobby', relay).href : null;
}

/**
 * Reads `live.json` at `siteRoot`. A file that is there but says nothing
 * usable is no server (not retried); one that cannot be fetched is
 * `retry`.
 * @param {string | URL} siteRoot
 * @returns {Promise<ServerFound>}
 */
export async function findServer(siteRoot) {
  const at = new URL('live.json', siteRoot);
  /** @type {unknown} */
  let data;
  try {
    const response = await fetch(at, { cache: 'no-store' });
    if (!response.ok) return { relay: null, lobby: null, retry: false };
    data = await response.json();
  } catch {
    return { relay: null, lobby: null, retry: true };
  }
  const url = data && typeof data === 'object' && 'url' in data ? data.url : null;
  const relay = typeof url === 'string' && url ? relayUrl(url, at) : null;
  return { relay, lobby: lobbyUrl(relay), retry: false };
}

/** Resolves after `ms`, or at once when the browser comes back online. @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve(undefined);
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
  });
}

/**
 * `findServer` asked until live.json can be read: the one retry schedule
 * of every page. Not while the browser says it is offline (the installed
 * site: a request could only fail, and say so in the console); after a
 * failure again in 2, 4, 8 … s (at most a minute apart), or at once back
 * online (the page may hear so before its service worker's requests go
 * through).
 * @param {string | URL} siteRoot
 * @param {{ tried?: boolean }} [options] `tried`: a first read failed already (wait before the next)
 * @returns {Promise<ServerFound>}
 */
export async function lookup(siteRoot, { tried = false } = {}) {
  if (tried) await pause(2000);
  for (let wait = tried ? 4000 : 2000; ; ) {
    if (globalThis.navigator?.onLine === false) {
      await pause(60_000);
      continue;
    }
    const found = await findServer(siteRoot);
    if (!found.retry) return found;
    await pause(wait);
    wait = Math.min(2 * wait, 60_000);
  }
}
