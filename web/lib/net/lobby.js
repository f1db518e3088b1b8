// @ts-check
// The lobby (`<site>/lobby`, docs/lobby.md) over one reconnecting socket
// (socket.js). A page posts a challenge signed with this browser's key
// (lib/identity.js) and may withdraw it. A live challenge lives only while
// the connection that posted it is open: after a drop this reconnects and
// posts it again.

import { loadIdentity, sign } from '../identity.js';
import { readFrame, send as write } from './lobby-wire.js';
import { Socket } from './socket.js';

/** @typedef {import('./lobby-wire.js').Clock} Clock */
/** @typedef {import('./lobby-wire.js').Hook} Hook */
/** @typedef {import('./lobby-wire.js').LobbyError} LobbyError */
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
 * `{"kept": id}`); `salt` shows its invitation was made for this player
 * on these terms (web/lib/net/owner.js).
 * @typedef {import('./lobby-wire.js').Post} Post
 */

/** Whether a clock is a live one (not days a turn). @param {Clock} c */
const isLive = (c) => !('days' in c);

/** A failure to sign, as a refusal. @param {unknown} e @returns {LobbyError} */
function signFailed(e) {
  const err = /** @type {{ kind?: unknown, message?: unknown }} */ (e);
  return { error: typeof err?.kind === 'string' ? err.kind : 'sign', message: String(err?.message ?? e) };
}

/**
 * The lobby at `url` (lib/net/server.js), kept open: after a drop it
 * reconnects and posts again the standing live challenge, if any. A null
 * `url` (no lobby) is a connection that is closed at once and sends
 * nothing.
 */
export class LobbyClient {
  /** The live challenge this page stands by (frame text, signed), its link and game id once heard. */
  /** @type {{ frame: string, link: string, game: string | null } | null} */
  #standing = null;
  /** Posts and withdrawals being signed: `close` waits for them to be sent. */
  #pending = Promise.resolve();
  /** @type {Socket | null} */
  #socket = null;
  #closed = false;
  /** This connection's fresh value (its first frame), which a withdrawal signs; null until heard. @type {string | null} */
  #nonce = null;
  /** Withdrawals waiting for the nonce of the connection they will go on. @type {((n: string | null) => void)[]} */
  #waiting = [];

  /** @param {string | null} url @param {LobbyHandlers} handlers */
  constructor(url, handlers) {
    this.handlers = handlers;
    if (url === null) {
      this.#closed = true;
      handlers.onState?.('closed');
      return;
    }
    this.#socket = new Socket(
      url,
      {
        // What was posted before a drop stands again (the server forgot it
        // with the old connection), before what waited for the opening.
        opened: (sendNow) => {
          const standing = this.#standing;
          if (standing) sendNow(standing.frame);
        },
        heard: (text) => this.#heard(text),
        changed: (state) => {
          if (state === 'open') handlers.onState?.('open');
          else if (state === 'lost') {
            this.#nonce = null;
            handlers.onState?.('closed');
          }
        },
      },
      { queue: true },
    );
  }

  /**
   * Posts a challenge, signed with this browser's key ("diablo hook " +
   * link). A refusal, or a post that could not be signed (no player:
   * kind `none`), comes to `onError`.
   * @param {Post} p
   */
  post(p) {
    this.#pending = this.#pending.then(() => this.#postNow(p));
    return this.#pending;
  }

  /** Withdraws a challenge of this browser's ("diablo withdraw " + id + " " + the connection's nonce, signed). @param {string} game */
  withdraw(game) {
    if (this.#standing?.game === game) this.#standing = null;
    this.#pending = this.#pending.then(() => this.#withdrawNow(game));
    return this.#pending;
  }

  /** Closes the connection for good, once what was posted or withdrawn before is sent (a live challenge goes with it). */
  close() {
    this.#closed = true;
    this.#standing = null;
    this.#hearNonce(null);
    const socket = this.#socket;
    void this.#pending.then(() => socket?.close());
  }

  /** @param {LobbyError} e */
  #refuse(e) {
    this.handlers.onError?.(e);
  }

  /** @param {string} frame */
  #send(frame) {
    const socket = this.#socket;
    if (!socket || socket.state === 'closed') return;
    // The standing challenge goes first on every opening: not queued too.
    if (!socket.isOpen && this.#standing?.frame === frame) return;
    socket.send(frame);
  }

  /** @param {string} text */
  #heard(text) {
    const f = readFrame(text);
    if (!f) return;
    const h = this.handlers;
    const standing = this.#standing;
    if (f.kind === 'nonce') this.#hearNonce(f.nonce);
    else if (f.kind === 'hooks') {
      // A server that gave no nonce first: withdrawals wait no longer.
      if (this.#nonce === null) this.#hearNonce(null);
      if (standing) standing.game = f.hooks.find((x) => x.link === standing.link)?.game ?? standing.game;
      h.onHooks?.(f.hooks);
    } else if (f.kind === 'hook') {
      if (standing && f.hook.link === standing.link) standing.game = f.hook.game;
      h.onHook?.(f.hook);
    } else if (f.kind === 'gone') {
      if (standing && standing.game === f.game) this.#standing = null;
      h.onGone?.(f.game);
    } else if (f.kind === 'kept') h.onKept?.(f.game);
    // A bot's mark answers a bot's word, which the page never says.
    else if (f.kind === 'error') this.#refuse({ error: f.error, message: f.message });
  }

  /** @param {Post} p */
  async #postNow(p) {
    try {
      const me = await loadIdentity();
      if (!me) throw Object.assign(new Error('there is no player on this browser yet'), { kind: 'none' });
      const sig = await sign(`diablo hook ${p.link}`);
      const frame = write.post(p, me.key, me.name, sig);
      // An unlisted one is kept by the server whoever is connected.
      if (isLive(p.clock) && !p.unlisted && !this.#closed) this.#standing = { frame, link: p.link, game: null };
      this.#send(frame);
    } catch (e) {
      this.#refuse(signFailed(e));
    }
  }

  /** The connection's nonce (or null: none will come), and the withdrawals waiting for it. @param {string | null} nonce */
  #hearNonce(nonce) {
    this.#nonce = nonce;
    for (const w of this.#waiting.splice(0)) w(nonce);
  }

  /** @param {string} game */
  async #withdrawNow(game) {
    try {
      const nonce = this.#nonce ?? (this.#closed ? null : await new Promise((r) => this.#waiting.push(r)));
      if (nonce === null) return;
      this.#send(write.withdraw(game, await sign(`diablo withdraw ${game} ${nonce}`)));
    } catch (e) {
      this.#refuse(signFailed(e));
    }
  }
}
