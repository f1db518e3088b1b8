// @ts-check
// The open game's seat in the live relay's room (docs/live.md), free of
// the DOM: whether a game goes through the relay, and one connection for
// the game open on the page (played, watched or an invitation), sending
// the page's latest link of it. The connection itself is lib/net/room.js's
// RoomClient, given as `connect` (a fake in tests).

/** @typedef {import('../lib/net/room.js').LiveHost} LiveHost */
/** @typedef {import('./types.js').LiveConn} LiveConn */

/**
 * What the room hands on to the state: a link or a rematch offer from the
 * relay, and that the connection changed; with a server that keeps clocks,
 * the seat to send for a nonce, the clocks, the end and a refusal's kind.
 * @typedef {object} RoomHost
 * @property {(link: string) => void} received
 * @property {(id: string, invitation: string, proof: string | null, from: 'black' | 'green' | null,
 *   terms: import('../lib/net/room-wire.js').RematchTerms) => void} offered
 * @property {() => void} changed
 * @property {(id: string, nonce: string) => Promise<string | null>} [seat]
 * @property {(id: string) => string | null} [salt] the salt sent with the game's links (lib/net/room.js)
 * @property {(id: string, clock: import('../lib/net/room-wire.js').ClockFrame) => void} [clock]
 * @property {(id: string, over: import('../lib/net/room-wire.js').Over) => void} [over]
 * @property {(id: string, kind: string) => void} [refused]
 */

export class LiveRoom {
  /** @type {string | null} the relay's WebSocket base, when live.json names one; null: links only */
  relay = null;
  /** @type {LiveConn | null} the open game's connection */
  live = null;
  /** The page's latest link of the open game: what its connection sends. */
  #latest = '';

  /**
   * @param {(relay: string, id: string, host: LiveHost) => LiveConn} connect
   * @param {(id: string) => boolean} linksOnly whether a kept game is played by links only
   * @param {RoomHost} host
   */
  constructor(connect, linksOnly, host) {
    this.connect = connect;
    this.linksOnly = linksOnly;
    this.host = host;
  }

  /** Whether a game goes through the relay: one is named, and the game is not played by links only. @param {string} id */
  isLive(id) {
    return Boolean(this.relay && !this.linksOnly(id));
  }

  /**
   * Keeps game `id` connected with `link`, the page's latest link of it:
   * the same connection sends it when the game is the one connected, a new
   * one is opened for another game; a game not live has none.
   * @param {string} id @param {string} link
   */
  join(id, link) {
    this.#latest = link;
    if (!this.relay || !this.isLive(id)) {
      this.leave();
      return;
    }
    if (this.live?.id === id) {
      this.live.send();
      return;
    }
    this.leave();
    this.live = this.connect(this.relay, id, {
      latest: () => this.#latest,
      salt: () => this.host.salt?.(id) ?? null,
      received: (l) => this.host.received(l),
      offered: (invitation, proof, from, terms) => this.host.offered(id, invitation, proof, from, terms),
      changed: () => this.host.changed(),
      seat: this.host.seat && ((nonce) => this.host.seat?.(id, nonce) ?? Promise.resolve(null)),
      clock: (c) => this.host.clock?.(id, c),
      over: (o) => this.host.over?.(id, o),
      refusedKind: (kind) => this.host.refused?.(id, kind),
    });
  }

  /** Closes the connection. */
  leave() {
    this.live?.close();
    this.live = null;
  }

  /** Hands the connection over to the caller (to offer a rematch in its room), leaving none here. */
  detach() {
    const live = this.live;
    this.live = null;
    return live;
  }
}
