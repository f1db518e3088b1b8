// @ts-check
// The lobby's WebSocket (`<site>/lobby`, docs/live.md): one JSON object a
// text frame. The server sends every open challenge on connecting
// (`{"hooks": [H, …]}`), then each one posted (`{"hook": H}`) and each one
// gone (`{"gone": id}`: taken, withdrawn, replaced or expired), and its
// refusals (`{"error", "message"}`; the connection stays usable). A page
// posts a challenge signed with this browser's key (lib/identity.js) and
// may withdraw it. A live challenge lives only while the connection that
// posted it is open: after a drop this reconnects with backoff and posts it
// again. What arrives is checked here (`readFrame`): a frame of another
// shape is dropped, never trusted.

import { loadIdentity, sign } from './identity.js';

/** @typedef {{ initial: number, increment: number } | { days: number }} Clock */
/**
 * An open challenge as the lobby sends it (`H`).
 * @typedef {object} Hook
 * @property {string} game the game id, 32 hex digits
 * @property {string} link the invitation
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {'black' | 'green' | 'random'} color the poster's
 * @property {Clock} clock
 * @property {boolean} rated
 * @property {{ key: string, name: string, rating?: number, provisional?: boolean }} player the poster (with
 *   a rating when the server sends one)
 */
/** A refusal. @typedef {{ error: string, message: string }} LobbyError */
/**
 * What the page hears from the lobby.
 * @typedef {object} LobbyHandlers
 * @property {(list: Hook[]) => void} [onHooks] every open challenge (on each connecting)
 * @property {(hook: Hook) => void} [onHook] one posted
 * @property {(game: string) => void} [onGone] one taken, withdrawn, replaced or expired
 * @property {(game: string) => void} [onKept] an unlisted one of this page's kept
 * @property {(e: LobbyError) => void} [onError] a refusal (or a post that could not be signed: kind `none`, …)
 * @property {(state: 'open' | 'closed') => void} [onState] the connection opened, or dropped (it reconnects)
 */
/**
 * A challenge to post; `unlisted`: a friend's invitation on a clock, kept by
 * the server for its game's terms and never shown in the lobby (answered
 * `{"kept": id}`).
 * @typedef {{ link: string, clock: Clock, rated: boolean, color?: 'black' | 'green' | 'random', unlisted?: boolean }} Post
 */
/**
 * A frame from the lobby, checked.
 * @typedef {{ hooks: Hook[] } | { hook: Hook } | { gone: string } | { kept: string } | { error: LobbyError }} LobbyFrame
 */

/** Tries to reconnect at short waits (about the first minute of a drop). */
const QUICK_TRIES = 40;

/**
 * Waits before the n-th try (from 0) to reconnect to the server, in ms,
 * with ±20% jitter so that pages do not come back all at once: 250 ms
 * doubling to 1.5 s for the first 40 tries (about a minute), so that a page
 * is back within about 2 s of a restarted server; then 10 s, so that a
 * server that stays down is asked six times a minute per page. Used by the
 * lobby and by the friend page's live game.
 * @param {number} n
 */
export function reconnectDelay(n) {
  const base = n < QUICK_TRIES ? Math.min(1500, 250 * 2 ** n) : 10_000;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The lobby's WebSocket URL from the relay's (`live/`, as live.json names
 * it, absolute or already a ws URL): `../lobby` beside it. Null when there
 * is no relay (live.json null or missing) or it names nothing a socket can reach.
 * @param {string | null | undefined} liveUrl
 * @param {string | URL} [base] what a relative `liveUrl` is relative to (live.json's URL)
 */
export function lobbyUrl(liveUrl, base) {
  const relay = liveUrl ? relayUrl(liveUrl, base) : null;
  return relay ? new URL('../lobby', relay).href : null;
}

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
 * Where the site's lobby is: `live.json` at the site's root read, its
 * relay turned into the lobby's URL. `lobby` null: no server (a static
 * site, `{"url": null}`); `reachable` false when live.json could not be
 * read at all (offline: ask again later).
 * @param {string | URL} siteRoot
 * @returns {Promise<{ lobby: string | null, reachable: boolean }>}
 */
export async function findLobby(siteRoot) {
  const at = new URL('live.json', siteRoot);
  /** @type {unknown} */
  let data;
  try {
    const response = await fetch(at, { cache: 'no-store' });
    if (!response.ok) return { lobby: null, reachable: true };
    data = await response.json();
  } catch {
    return { lobby: null, reachable: false };
  }
  const url = data && typeof data === 'object' && 'url' in data ? data.url : null;
  return { lobby: typeof url === 'string' ? lobbyUrl(url, at) : null, reachable: true };
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @param {unknown} v @param {number} lo @param {number} hi */
const intIn = (v, lo, hi) => Number.isInteger(v) && /** @type {number} */ (v) >= lo && /** @type {number} */ (v) <= hi;

/** A clock as the wire spells it, or null. @param {unknown} c @returns {Clock | null} */
export function readClock(c) {
  if (!isObject(c)) return null;
  if ('days' in c) return intIn(c.days, 1, 14) ? { days: /** @type {number} */ (c.days) } : null;
  if (intIn(c.initial, 1, 10800) && intIn(c.increment, 0, 180))
    return { initial: /** @type {number} */ (c.initial), increment: /** @type {number} */ (c.increment) };
  return null;
}

/** A challenge from the lobby, checked, or null. @param {unknown} h @returns {Hook | null} */
export function readHook(h) {
  if (!isObject(h) || !isObject(h.player)) return null;
  const { game, link, size, edition, color, rated } = h;
  const clock = readClock(h.clock);
  const { key, name } = h.player;
  if (typeof game !== 'string' || !/^[0-9a-f]{32}$/.test(game)) return null;
  if (typeof link !== 'string' || !link || !intIn(size, 1, 64)) return null;
  if (edition !== 'standard' && edition !== 'sequenced') return null;
  if (color !== 'black' && color !== 'green' && color !== 'random') return null;
  if (!clock || typeof rated !== 'boolean' || typeof key !== 'string' || typeof name !== 'string') return null;
  /** @type {Hook['player']} */
  const player = { key, name };
  if (typeof h.player.rating === 'number' && Number.isFinite(h.player.rating)) player.rating = h.player.rating;
  if (typeof h.player.provisional === 'boolean') player.provisional = h.player.provisional;
  return { game, link, size: /** @type {number} */ (size), edition, color, clock, rated, player };
}

/**
 * A text frame from the lobby, checked: null for anything else (bad JSON,
 * an unknown frame). Challenges of a bad shape in a list are left out.
 * @param {unknown} text
 * @returns {LobbyFrame | null}
 */
export function readFrame(text) {
  if (typeof text !== 'string') return null;
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  if (Array.isArray(data.hooks))
    return { hooks: data.hooks.map(readHook).filter(/** @returns {h is Hook} */ (h) => h !== null) };
  if ('hook' in data) {
    const hook = readHook(data.hook);
    return hook ? { hook } : null;
  }
  if (typeof data.gone === 'string') return { gone: data.gone };
  if (typeof data.kept === 'string') return { kept: data.kept };
  if (typeof data.error === 'string')
    return { error: { error: data.error, message: typeof data.message === 'string' ? data.message : '' } };
  return null;
}

/** Whether a clock is a live one (not days a turn). @param {Clock} c */
const isLive = (c) => !('days' in c);

/**
 * Opens the lobby at `url` (lobbyUrl) and keeps it open: after a drop it
 * reconnects (reconnectDelay; at once when the network comes back)
 * and posts again the standing live challenge, if any. A null `url` (no
 * lobby) is a connection that is closed at once and sends nothing.
 * @param {string | null} url
 * @param {LobbyHandlers} handlers
 */
export function openLobby(url, handlers) {
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false;
  let tries = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  /** The live challenge this page stands by (frame text, signed), its link and game id once heard. */
  /** @type {{ frame: string, link: string, game: string | null } | null} */
  let standing = null;
  /** @type {string[]} frames waiting for the socket to open */
  const queue = [];
  /** Posts and withdrawals being signed: `close` waits for them to be sent. */
  let pending = Promise.resolve();

  /** @param {LobbyError} e */
  const refuse = (e) => handlers.onError?.(e);
  /** @param {string} frame */
  const send = (frame) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
    else queue.push(frame);
  };

  /** @param {MessageEvent} e */
  const heard = (e) => {
    const f = readFrame(e.data);
    if (!f) return;
    if ('hooks' in f) {
      if (standing) standing.game = f.hooks.find((h) => h.link === standing?.link)?.game ?? standing.game;
      handlers.onHooks?.(f.hooks);
    } else if ('hook' in f) {
      if (standing && f.hook.link === standing.link) standing.game = f.hook.game;
      handlers.onHook?.(f.hook);
    } else if ('gone' in f) {
      if (standing && standing.game === f.gone) standing = null;
      handlers.onGone?.(f.gone);
    } else if ('kept' in f) handlers.onKept?.(f.kept);
    else refuse(f.error);
  };

  const connect = () => {
    timer = null;
    if (closed) return;
    if (url === null) {
      closed = true;
      handlers.onState?.('closed');
      return;
    }
    let s;
    try {
      s = new WebSocket(url);
    } catch {
      retry();
      return;
    }
    socket = s;
    s.addEventListener('open', () => {
      if (socket !== s) return;
      tries = 0;
      handlers.onState?.('open');
      // What was posted before a drop stands again (the server forgot it with the old connection).
      const frames = queue.splice(0);
      if (standing && !frames.includes(standing.frame)) frames.unshift(standing.frame);
      for (const frame of frames) s.send(frame);
    });
    s.addEventListener('message', (e) => {
      if (socket === s) heard(e);
    });
    s.addEventListener('close', () => {
      if (socket !== s) return;
      socket = null;
      if (closed) return;
      handlers.onState?.('closed');
      retry();
    });
  };

  const retry = () => {
    if (closed || timer !== null) return;
    timer = setTimeout(connect, reconnectDelay(tries++));
  };

  const online = () => {
    if (closed || socket) return;
    if (timer !== null) clearTimeout(timer);
    tries = 0;
    connect();
  };
  globalThis.addEventListener?.('online', online);
  connect();

  return {
    /**
     * Posts a challenge, signed with this browser's key ("diablo hook " +
     * link). A refusal, or a post that could not be signed (no player:
     * kind `none`), comes to `onError`.
     * @param {Post} p
     */
    post(p) {
      pending = pending.then(() => postNow(p));
      return pending;
    },
    /** Withdraws a challenge of this browser's ("diablo withdraw " + id signed). @param {string} game */
    withdraw(game) {
      if (standing?.game === game) standing = null;
      pending = pending.then(() => withdrawNow(game));
      return pending;
    },
    /** Closes the connection for good, once what was posted or withdrawn before is sent (a live challenge goes with it). */
    close() {
      closed = true;
      standing = null;
      if (timer !== null) clearTimeout(timer);
      globalThis.removeEventListener?.('online', online);
      const s = socket;
      void pending.then(() => {
        if (socket === s) socket = null;
        s?.close();
      });
    },
  };

  /** @param {Post} p */
  async function postNow(p) {
    try {
      const me = await loadIdentity();
      if (!me) throw Object.assign(new Error('there is no player on this browser yet'), { kind: 'none' });
      const sig = await sign(`diablo hook ${p.link}`);
      const post = { link: p.link, clock: p.clock, rated: p.rated, key: me.key, name: me.name, sig };
      const frame = JSON.stringify({ post: p.unlisted ? { ...post, unlisted: true } : post });
      // An unlisted one is kept by the server whoever is connected.
      if (isLive(p.clock) && !p.unlisted && !closed) standing = { frame, link: p.link, game: null };
      send(frame);
    } catch (e) {
      const err = /** @type {{ kind?: unknown, message?: unknown }} */ (e);
      refuse({ error: typeof err?.kind === 'string' ? err.kind : 'sign', message: String(err?.message ?? e) });
    }
  }

  /** @param {string} game */
  async function withdrawNow(game) {
    try {
      const sig = await sign(`diablo withdraw ${game}`);
      send(JSON.stringify({ withdraw: game, sig }));
    } catch (e) {
      const err = /** @type {{ kind?: unknown, message?: unknown }} */ (e);
      refuse({ error: typeof err?.kind === 'string' ? err.kind : 'sign', message: String(err?.message ?? e) });
    }
  }
}
