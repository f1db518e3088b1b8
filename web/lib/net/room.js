// @ts-check
// A game's room on the site's relay (docs/live.md), over one reconnecting
// socket (socket.js). The relay is a carrier only: every link it hands
// over goes through the page's open-a-link path, where the engine checks it
// like a link from a chat, and each browser keeps the whole game, so a
// relay that is down or restarted delays a game but loses nothing. A
// server with clocks sends `{"nonce"}` first: a page that may seat itself
// holds its links until the seat (signed with the player's key) is sent.
// Every server frame is optional: a relay without seats or clocks plays
// as before.

import { readFrame, send } from './room-wire.js';
import { Socket } from './socket.js';

/** @typedef {import('./socket.js').SocketState} LiveState */
/** @typedef {import('./room-wire.js').ClockFrame} ClockFrame */
/** @typedef {import('./room-wire.js').Over} Over */

/**
 * What the page gives a room's connection.
 * @typedef {object} LiveHost
 * @property {() => string | null} latest the page's latest link of the game (sent on opening and by `send`)
 * @property {() => string | null} [salt] the salt that shows this player made the game's acceptance
 *   (sent with each link; none when they did not accept it)
 * @property {(link: string) => void} received a link from the relay, to open as any link
 * @property {(live: RoomClient) => void} changed the state, the peers or the refusal changed
 * @property {(invitation: string, proof: string | null, from: 'black' | 'green' | null,
 *   terms: import('./room-wire.js').RematchTerms) => void} [offered] a rematch offer from the relay, to check
 * @property {(nonce: string) => Promise<string | null>} [seat] the seat frame to send for the room's nonce
 *   (null: none); links wait for it
 * @property {(clock: ClockFrame) => void} [clock] the server's clocks
 * @property {(over: Over) => void} [over] the server ended the game
 * @property {(kind: string) => void} [refusedKind] the relay refused a frame (after `changed`)
 */

/** How long a page that seats itself waits for the room's first frame before sending its link anyway. */
const FIRST_FRAME_MS = 3000;

/**
 * One game's connection to its room: sends the page's latest link on
 * opening and whenever asked, hands on what the room sends, and keeps who
 * else is there.
 */
export class RoomClient {
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
  /** Whether this connection was seated (its seat frame sent). */
  seated = false;

  /** The last link sent on the open socket, or received on it: the relay holds it. */
  #held = '';
  /** A rematch offer to send, then close. @type {string | null} */
  #offer = null;
  /** Links wait: for the room's first frame (a nonce to seat with?), or for the seat's signature. */
  #holding = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  #firstFrame = null;
  /** Counts openings, so that a seat signed for an earlier one is not sent on a later. */
  #opening = 0;

  /** @param {string} relay the relay's base URL (lib/net/server.js) @param {string} id the game id @param {LiveHost} host */
  constructor(relay, id, host) {
    this.id = id;
    this.url = new URL(id, relay).href;
    this.host = host;
    this.socket = new Socket(this.url, {
      opened: () => this.#opened(),
      heard: (text) => this.#frame(text),
      changed: (state) => {
        if (state === 'lost' || state === 'closed') this.#gone();
        if (state !== 'open' && state !== 'closed') host.changed(this);
      },
    });
  }

  /** What the connection is doing. @returns {LiveState} */
  get state() {
    return this.socket.state;
  }

  /** When the socket last opened (ms since the epoch), or null. */
  get openedAt() {
    return this.socket.openedAt;
  }

  /** Connections in the room other than this one. */
  get others() {
    return this.state === 'open' ? Math.max(0, this.peers - 1) : 0;
  }

  /** Sends the page's latest link, when the socket is open and the relay does not hold it already. */
  send() {
    const link = this.host.latest();
    if (this.#holding || !link || link === this.#held || !this.socket.isOpen) return;
    this.#held = link;
    this.socket.send(send.link(link, this.host.salt?.() ?? undefined));
  }

  /**
   * Offers a rematch in this game's room (sent now, or on opening), then
   * closes: the page has moved on to the new game. Given up after 15 s.
   * With no proof (a game the server ended) the connection's seat vouches
   * for it: it waits for the seat to go first.
   * @param {string} invitation the new game's link @param {string | null} proof
   */
  offerAndClose(invitation, proof) {
    this.#offer = send.rematch(invitation, proof);
    if (this.socket.isOpen) this.#sendOffer();
    else setTimeout(() => this.close(), 15_000);
  }

  /** Claims the win (the other player is away past the limit); the server answers with `over` or a refusal. */
  claim() {
    this.socket.send(send.claim());
  }

  /** Resigns (the seated player, on either turn); the server answers with `over` or a refusal. */
  resign() {
    this.socket.send(send.resign());
  }

  /** Closes the connection for good. */
  close() {
    this.#stopFirstFrame();
    this.socket.close();
  }

  /** Sends the pending offer and closes (what is sent goes out before the close). */
  #sendOffer() {
    if (this.#offer === null || this.#holding || !this.socket.isOpen) return;
    this.socket.send(this.#offer);
    this.#offer = null;
    this.close();
  }

  #stopFirstFrame() {
    if (this.#firstFrame !== null) clearTimeout(this.#firstFrame);
    this.#firstFrame = null;
  }

  #opened() {
    this.#opening += 1;
    this.#held = '';
    this.refused = null;
    this.seated = false;
    // A page that may seat itself waits for the first frame: a server
    // with seats sends its nonce first, one without sends something else.
    this.#holding = Boolean(this.host.seat);
    const opening = this.#opening;
    if (this.#holding) this.#firstFrame = setTimeout(() => this.#release(opening), FIRST_FRAME_MS);
    this.send();
    this.host.changed(this);
    this.#sendOffer();
  }

  /** Our connection is gone, not the friend: who is there is unknown until the next opening. */
  #gone() {
    this.#stopFirstFrame();
    this.#held = '';
    this.peers = 0;
  }

  /** Links go out again (the seat sent, or none to send) on the opening still open. @param {number} opening */
  #release(opening) {
    if (opening !== this.#opening || !this.#holding) return;
    this.#stopFirstFrame();
    this.#holding = false;
    this.send();
    this.#sendOffer();
  }

  /** The room's nonce: the page's seat is signed and sent, then the links. @param {string} nonce */
  #seat(nonce) {
    const seat = this.host.seat;
    if (!seat) return;
    const opening = this.#opening;
    this.#holding = true;
    this.#stopFirstFrame();
    seat(nonce).then(
      (frame) => {
        if (opening !== this.#opening) return;
        if (frame && this.socket.send(frame)) this.seated = true;
        this.#release(opening);
      },
      () => this.#release(opening),
    );
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
    const f = readFrame(text);
    if (f?.kind === 'nonce') {
      this.#seat(f.nonce);
      return;
    }
    // Any other first frame: a relay without seats; the links go out.
    if (this.#holding && this.#firstFrame !== null) this.#release(this.#opening);
    if (!f) return;
    if (f.kind === 'link') {
      this.#held = f.link;
      this.host.received(f.link);
    } else if (f.kind === 'peers') {
      this.#seePeers(f.peers);
      this.host.changed(this);
    } else if (f.kind === 'rematch') {
      this.host.offered?.(f.invitation, f.proof, f.from, f.terms);
    } else if (f.kind === 'error') {
      this.refused = { kind: f.error, message: f.message };
      this.host.changed(this);
      this.host.refusedKind?.(f.error);
      // The room cannot read its game yet (its database is down): asked
      // again after the usual wait, with the page's link once it opens.
      if (f.error === 'unavailable') this.socket.restart();
    } else if (f.kind === 'clock') {
      this.host.clock?.(f.clock);
    } else if (f.kind === 'over') {
      this.host.over?.(f.over);
    }
  }
}
