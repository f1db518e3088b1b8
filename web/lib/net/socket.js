// @ts-check
// One reconnecting WebSocket, for a game's room and the lobby alike: it
// connects at once, reconnects by itself after a growing wait
// (`reconnectDelay`), at once when the network comes back or the tab is
// shown again, drops its socket when the network goes (a browser may not
// notice a dead socket for minutes), and holds what is sent while it is
// not open until it opens, when asked to. What a frame means is its
// client's (room.js, lobby.js).

/**
 * What a connection is doing: `connecting` (the first try), `open`, `lost`
 * (it was lost or never made; trying again) or `closed` (by the page).
 * @typedef {'connecting' | 'open' | 'lost' | 'closed'} SocketState
 */

/**
 * What a socket tells its client.
 * @typedef {object} SocketHost
 * @property {(send: (text: string) => void) => void} [opened] it opened: send what must go first
 * @property {(text: string) => void} heard a text frame arrived
 * @property {(state: SocketState) => void} [changed] its state changed
 */

/** Tries to reconnect at short waits (about the first minute of a drop). */
const QUICK_TRIES = 40;

/**
 * Waits before the n-th try (from 0) to reconnect to the server, in ms,
 * with ±20% jitter so that pages do not come back all at once: 250 ms
 * doubling to 1.5 s for the first 40 tries (about a minute), so that a page
 * is back within about 2 s of a restarted server; then 10 s, so that a
 * server that stays down is asked six times a minute per page.
 * @param {number} n
 */
export function reconnectDelay(n) {
  const base = n < QUICK_TRIES ? Math.min(1500, 250 * 2 ** n) : 10_000;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Whether the browser says it is offline (only the `online` event brings the network back then). */
const offline = () => globalThis.navigator?.onLine === false;

export class Socket {
  /** @type {SocketState} */
  state = 'connecting';
  /** When the socket last opened (ms since the epoch), or null. @type {number | null} */
  openedAt = null;

  /** @type {WebSocket | null} */
  #ws = null;
  #tries = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #timer = null;
  /** @type {string[]} what was sent while not open, for `queue` sockets */
  #queue = [];
  /** @type {Array<[EventTarget, string, () => void]>} */
  #listeners = [];

  /**
   * @param {string} url @param {SocketHost} host
   * @param {{ queue?: boolean }} [options] `queue`: hold what is sent while not open, and send it on opening
   */
  constructor(url, host, { queue = false } = {}) {
    this.url = url;
    this.host = host;
    this.queue = queue;
    const now = () => {
      if (this.state !== 'open') this.#connect();
    };
    this.#listen(globalThis, 'online', now);
    this.#listen(globalThis, 'offline', () => this.#drop());
    const doc = globalThis.document;
    if (doc) this.#listen(doc, 'visibilitychange', () => doc.visibilityState === 'visible' && now());
    this.#connect();
  }

  /** Whether it is open now. */
  get isOpen() {
    return this.#ws?.readyState === WebSocket.OPEN;
  }

  /**
   * Sends `text` now if open; else holds it until the socket opens (a
   * `queue` socket) or drops it. Whether it went now.
   * @param {string} text
   */
  send(text) {
    if (this.isOpen) {
      this.#ws?.send(text);
      return true;
    }
    if (this.queue && this.state !== 'closed') this.#queue.push(text);
    return false;
  }

  /**
   * Drops the socket and connects again after the usual wait (the server
   * said it cannot serve this connection yet).
   */
  restart() {
    this.#drop();
  }

  /** Closes it for good (what is open goes). */
  close() {
    if (this.state === 'closed') return;
    this.#stopTimer();
    for (const [target, type, fn] of this.#listeners) target.removeEventListener?.(type, fn);
    this.#listeners = [];
    this.#queue = [];
    const ws = this.#ws;
    this.#ws = null;
    this.#set('closed');
    ws?.close();
  }

  /** @param {SocketState} state */
  #set(state) {
    this.state = state;
    this.host.changed?.(state);
  }

  /** @param {EventTarget} target @param {string} type @param {() => void} fn */
  #listen(target, type, fn) {
    target.addEventListener?.(type, fn);
    this.#listeners.push([target, type, fn]);
  }

  #stopTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #connect() {
    if (this.state === 'closed') return;
    this.#stopTimer();
    const old = this.#ws;
    this.#ws = null;
    old?.close();
    /** @type {WebSocket} */
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.#lost();
      return;
    }
    this.#ws = ws;
    ws.addEventListener('open', () => {
      if (ws !== this.#ws) return;
      this.#tries = 0;
      this.openedAt = Date.now();
      this.state = 'open';
      this.host.opened?.((text) => ws.send(text));
      for (const text of this.#queue.splice(0)) ws.send(text);
      this.host.changed?.('open');
    });
    ws.addEventListener('message', (e) => {
      const data = /** @type {MessageEvent} */ (e).data;
      if (ws === this.#ws && typeof data === 'string') this.host.heard(data);
    });
    ws.addEventListener('close', () => {
      if (ws === this.#ws) this.#lost();
    });
  }

  /** The socket is gone: says so and tries again after a while. */
  #lost() {
    if (this.state === 'closed') return;
    this.#ws = null;
    this.#stopTimer();
    if (!offline()) this.#timer = setTimeout(() => this.#connect(), reconnectDelay(this.#tries++));
    this.#set('lost');
  }

  /** Drops a socket the network took (the `offline` event). */
  #drop() {
    const ws = this.#ws;
    if (!ws) return;
    this.#ws = null;
    ws.close();
    this.#lost();
  }
}
