// @ts-check
// Live play: the relay the site names in `live.json` carries
// links between the browsers of one game at once. It is a carrier only:
// every link it hands over goes through the page's open-a-link path, where
// the engine checks it like a link from a chat, and each browser keeps the
// whole game, so a relay that is down or restarted delays a game but loses
// nothing. The relay's wire (crates/diablo-server): a WebSocket at
// `<relay>/<game id>`, text frames of one JSON object each: `{"link"}` both
// ways, `{"peers": N}` and `{"error", "message"}` from the relay, and
// `{"rematch", "proof"}` both ways after a game (a new game's invitation,
// proven to come from a player of the finished one: docs/live.md). A
// server with clocks also sends `{"nonce"}` first, then `{"clock"}` and
// `{"over"}`; the page seats itself (`{"seat"}`, signed with the player's
// key) before it sends a link, and may `{"claim"}` the win. Every one of
// these is optional: a relay without them plays as before.

import { reconnectDelay, relayUrl } from '../lib/lobby-socket.js';

/**
 * Where the relay is: a `ws:` or `wss:` URL ending in `/`, or null for
 * links only; `retry` when `live.json` could not be asked (offline), so
 * the page may ask again when the network is back.
 * @typedef {{ relay: string | null, retry: boolean }} RelayFound
 */

/**
 * Reads `live.json` at the site's root. Every build has the file (`{"url":
 * null}` on a static host), so asking never logs a missing file; a `url`
 * is relative to the file.
 * @param {string | URL} siteRoot
 * @returns {Promise<RelayFound>}
 */
export async function findRelay(siteRoot) {
  const at = new URL('live.json', siteRoot);
  /** @type {unknown} */
  let data;
  try {
    const response = await fetch(at, { cache: 'no-store' });
    if (!response.ok) return { relay: null, retry: false };
    data = await response.json();
  } catch {
    return { relay: null, retry: true };
  }
  const url = data && typeof data === 'object' && 'url' in data ? data.url : null;
  return { relay: typeof url === 'string' && url ? relayUrl(url, at) : null, retry: false };
}

/**
 * What a connection is doing: `connecting` (the first try), `open`, `lost`
 * (it was lost or never made; trying again) or `closed` (by the page).
 * @typedef {'connecting' | 'open' | 'lost' | 'closed'} LiveState
 */

/**
 * What the page gives a connection.
 * @typedef {object} LiveHost
 * @property {() => string | null} latest the page's latest link of the game (sent on opening and by `send`)
 * @property {(link: string) => void} received a link from the relay, to open as any link
 * @property {(live: LiveGame) => void} changed the state, the peers or the refusal changed
 * @property {(invitation: string, proof: string) => void} [offered] a rematch offer from the relay, to check
 * @property {(nonce: string) => Promise<string | null>} [seat] the seat frame to send for the room's nonce
 *   (null: none); links wait for it
 * @property {(clock: ClockFrame) => void} [clock] the server's clocks
 * @property {(over: Over) => void} [over] the server ended the game
 * @property {(kind: string) => void} [refusedKind] the relay refused a frame (after `changed`)
 */

/** How long a page that seats itself waits for the room's first frame before sending its link anyway. */
const FIRST_FRAME_MS = 3000;

import { readFrame } from './frames.js';

/** @typedef {import('./frames.js').ClockFrame} ClockFrame */
/** @typedef {import('./frames.js').Over} Over */

/**
 * One game's connection to the relay. It connects at once, sends the page's
 * latest link on opening and whenever asked, hands on each link received,
 * and reconnects by itself: after a growing wait, and at once when the
 * network comes back or the tab is shown again.
 */
export class LiveGame {
  /** @type {LiveState} */
  state = 'connecting';
  /** Connections in the game's room, this one included (0 when not open). */
  peers = 0;
  /**
   * When the last other connection left (ms since the epoch), or null while
   * one is there or none was seen since the page opened.
   * @type {number | null}
   */
  othersLeftAt = null;
  /** Whether another connection was seen in the room since the page opened. */
  othersSeen = false;
  /** The relay's last refusal of a frame from this page, until the next opening. @type {{ kind: string, message: string } | null} */
  refused = null;
  /** When the socket last opened (ms since the epoch), or null. @type {number | null} */
  openedAt = null;
  /** Whether this connection was seated (its seat frame sent). */
  seated = false;

  /** @type {WebSocket | null} */
  #socket = null;
  #tries = 0;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #timer = null;
  /** The last link sent on the open socket, or received on it: the relay holds it. */
  #held = '';
  /** @type {Array<[string, () => void]>} */
  #listeners = [];
  /** A rematch offer to send, and whether to close once it is sent. @type {string | null} */
  #offer = null;
  /** Links wait: for the room's first frame (a nonce to seat with?), or for the seat's signature. */
  #holding = false;

  /** @param {string} relay the relay's base URL (findRelay) @param {string} id the game id @param {LiveHost} host */
  constructor(relay, id, host) {
    this.id = id;
    this.url = new URL(id, relay).href;
    this.host = host;
    const now = () => {
      if (this.state !== 'open') this.#connect();
    };
    this.#listen('online', now);
    // A network that is gone takes a socket with it, though the browser may
    // not notice for minutes: drop it now, and reconnect when it is back.
    this.#listen('offline', () => this.#drop());
    this.#listen('visibilitychange', () => {
      if (document.visibilityState === 'visible') now();
    });
    this.#connect();
  }

  /** Connections in the room other than this one. */
  get others() {
    return this.state === 'open' ? Math.max(0, this.peers - 1) : 0;
  }

  /** Sends the page's latest link, when the socket is open and the relay does not hold it already. */
  send() {
    const link = this.host.latest();
    if (this.#holding || !link || link === this.#held || this.#socket?.readyState !== WebSocket.OPEN) return;
    this.#held = link;
    this.#socket.send(JSON.stringify({ link }));
  }

  /**
   * Offers a rematch in this game's room (sent now, or on opening), then
   * closes: the page has moved on to the new game. Given up after 15 s.
   * @param {string} invitation the new game's link @param {string} proof
   */
  offerAndClose(invitation, proof) {
    this.#offer = JSON.stringify({ rematch: invitation, proof });
    if (this.#socket?.readyState === WebSocket.OPEN) this.#sendOffer();
    else setTimeout(() => this.close(), 15_000);
  }

  /** Sends the pending offer and closes (what is sent goes out before the close). */
  #sendOffer() {
    if (this.#offer === null) return;
    this.#socket?.send(this.#offer);
    this.#offer = null;
    this.close();
  }

  /** Claims the win (the other player is away past the limit); the server answers with `over` or a refusal. */
  claim() {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify({ claim: true }));
  }

  /** Closes the connection for good. */
  close() {
    this.state = 'closed';
    this.#stopTimer();
    for (const [type, fn] of this.#listeners)
      (type === 'visibilitychange' ? document : globalThis).removeEventListener(type, fn);
    this.#listeners = [];
    const socket = this.#socket;
    this.#socket = null;
    socket?.close();
  }

  /** @param {string} type @param {() => void} fn */
  #listen(type, fn) {
    (type === 'visibilitychange' ? document : globalThis).addEventListener(type, fn);
    this.#listeners.push([type, fn]);
  }

  #stopTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #connect() {
    if (this.state === 'closed') return;
    this.#stopTimer();
    const old = this.#socket;
    this.#socket = null;
    old?.close();
    /** @type {WebSocket} */
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.#lost();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#tries = 0;
      this.#held = '';
      this.refused = null;
      this.seated = false;
      this.openedAt = Date.now();
      this.state = 'open';
      // A page that may seat itself waits for the first frame: a server
      // with seats sends its nonce first, one without sends something else.
      this.#holding = Boolean(this.host.seat);
      if (this.#holding) this.#timer = setTimeout(() => this.#release(socket), FIRST_FRAME_MS);
      this.send();
      this.host.changed(this);
      this.#sendOffer();
    };
    socket.onmessage = (event) => {
      if (socket === this.#socket && typeof event.data === 'string') this.#frame(event.data);
    };
    socket.onclose = () => {
      if (socket === this.#socket) this.#lost();
    };
  }

  /** Links go out again (the seat sent, or none to send) on the socket still open. @param {WebSocket} socket */
  #release(socket) {
    if (socket !== this.#socket || !this.#holding) return;
    this.#stopTimer();
    this.#holding = false;
    this.send();
  }

  /**
   * The room's nonce: the page's seat is signed and sent, then the links.
   * @param {WebSocket} socket @param {string} nonce
   */
  #seat(socket, nonce) {
    const seat = this.host.seat;
    if (!seat) return;
    this.#holding = true;
    this.#stopTimer();
    seat(nonce).then(
      (frame) => {
        if (socket !== this.#socket) return;
        if (frame && socket.readyState === WebSocket.OPEN) {
          socket.send(frame);
          this.seated = true;
        }
        this.#holding = true;
        this.#release(socket);
      },
      () => this.#release(socket),
    );
  }

  /** The socket is gone: says so and tries again after a while. */
  #lost() {
    if (this.state === 'closed') return;
    this.#socket = null;
    this.#held = '';
    // Our connection is gone, not the friend: who is there is unknown until the next opening.
    this.peers = 0;
    this.state = 'lost';
    this.#stopTimer();
    // Offline, only the `online` event brings the network back.
    if (navigator.onLine !== false) this.#timer = setTimeout(() => this.#connect(), reconnectDelay(this.#tries++));
    this.host.changed(this);
  }

  /** Drops a socket the network took (the `offline` event). */
  #drop() {
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = null;
    socket.close();
    this.#lost();
  }

  /** @param {number} n the room's connections, this one included */
  #seePeers(n) {
    const before = this.others;
    this.peers = n;
    const now = this.state === 'open' ? Math.max(0, n - 1) : 0;
    if (now > 0) {
      this.othersSeen = true;
      this.othersLeftAt = null;
    } else if (before > 0 && this.state === 'open') {
      this.othersLeftAt = Date.now();
    }
  }

  /** @param {string} text one frame from the relay */
  #frame(text) {
    const socket = this.#socket;
    const f = readFrame(text);
    if (!socket) return;
    if (f?.kind === 'nonce') {
      this.#seat(socket, f.nonce);
      return;
    }
    // Any other first frame: a relay without seats; the links go out.
    if (this.#holding && this.#timer !== null) this.#release(socket);
    if (!f) return;
    if (f.kind === 'link') {
      this.#held = f.link;
      this.host.received(f.link);
    } else if (f.kind === 'peers') {
      this.#seePeers(f.peers);
      this.host.changed(this);
    } else if (f.kind === 'rematch') {
      this.host.offered?.(f.invitation, f.proof);
    } else if (f.kind === 'error') {
      this.refused = { kind: f.error, message: f.message };
      this.host.changed(this);
      this.host.refusedKind?.(f.error);
    } else if (f.kind === 'clock') {
      this.host.clock?.(f.clock);
    } else if (f.kind === 'over') {
      this.host.over?.(f.over);
    }
  }
}
