// @ts-check
// The lobby page's state, free of the DOM (tested in Node): the open
// challenges as the lobby's socket reports them (lib/net/lobby.js),
// the filters, the connection, this browser's player; what the list
// shows, in order; and the addresses of the friend page the lobby's
// buttons go to (the friend page plays the games: web/friend/lobby.js).

import { clockQuery, DEFAULT_BANK } from '../lib/clocks.js';

/** @typedef {import('../lib/net/lobby-wire.js').Hook} Hook */
/** @typedef {import('../lib/net/lobby-wire.js').Clock} Clock */
/** @typedef {import('../lib/identity.js').Identity} Identity */

/**
 * The lobby's connection: `none` (the site has no server), `offline`
 * (live.json could not be read), `connecting`, `open`, `lost` (dropped;
 * trying again).
 * @typedef {'none' | 'offline' | 'connecting' | 'open' | 'lost'} Connection
 */
/** @typedef {'all' | 'live' | 'days'} ClockKind */
/** @typedef {{ size: number | null, edition: 'standard' | 'sequenced' | null, kind: ClockKind }} Filters */
/**
 * A challenge to create, as the form reads it.
 * @typedef {object} NewChallenge
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {'black' | 'green' | 'random'} color
 * @property {boolean} rated
 * @property {Clock} clock
 */

/**
 * The quick pairing's game (lichess's grid, one board and edition): a tap
 * on a clock plays the first open challenge of these terms on that clock,
 * or posts one.
 */
export const QUICK_GAME = /** @type {const} */ ({ size: 8, edition: 'standard', rated: true });
/** The quick pairing's clocks: live from 1+0 to 30+20, then two turn-based with the lobby's time bank. @type {Clock[]} */
export const QUICK = [
  { initial: 60, increment: 0 },
  { initial: 180, increment: 2 },
  { initial: 300, increment: 3 },
  { initial: 600, increment: 5 },
  { initial: 900, increment: 10 },
  { initial: 1800, increment: 20 },
  { days: 1, bank: DEFAULT_BANK },
  { days: 3, bank: DEFAULT_BANK },
];
/** A rated challenge is a quick pairing's match when the two established ratings are at most this far apart. */
export const QUICK_RANGE = 500;

/** Whether two clocks are the same terms. @param {Clock} a @param {Clock} b */
export function sameClock(a, b) {
  if ('days' in a) return 'days' in b && a.days === b.days && (a.bank ?? 0) === (b.bank ?? 0);
  return !('days' in b) && a.initial === b.initial && a.increment === b.increment;
}

/** The friend page, beside the lobby in the built site. */
const FRIEND_PAGE = 'friend.html';

export class LobbyState {
  /** @type {Map<string, Hook>} by game id, in the order they arrived */
  hooks = new Map();
  /** @type {Filters} */
  filters = { size: null, edition: null, kind: 'all' };
  /** @type {Connection} */
  connection = 'connecting';
  /** @type {Identity | null} */
  me = null;
  /** @type {string | null} the lobby's last refusal, as it worded it (the view words the kind) */
  refusal = null;
  /** @type {{ rating: number, provisional: boolean } | null} this player's rating, once the server said it */
  rating = null;

  /** Every open challenge, on (re)connecting: the list starts again. @param {Hook[]} list */
  setHooks(list) {
    this.hooks = new Map(list.map((h) => [h.game, h]));
  }

  /** One posted (a hook of a game id already listed replaces it). @param {Hook} h */
  addHook(h) {
    this.hooks.delete(h.game);
    this.hooks.set(h.game, h);
  }

  /** One gone: taken, withdrawn, replaced or expired. @param {string} game */
  gone(game) {
    this.hooks.delete(game);
  }

  /** @param {Connection} c */
  setConnection(c) {
    this.connection = c;
    if (c !== 'open') this.refusal = null;
  }

  /** @param {Partial<Filters>} f */
  filter(f) {
    this.filters = { ...this.filters, ...f };
  }

  /** Whether a challenge is this browser's player's. @param {Hook} h */
  mine(h) {
    return this.me !== null && h.player.key === this.me.key;
  }

  /** Whether a challenge passes the filters. @param {Hook} h */
  passes(h) {
    const { size, edition, kind } = this.filters;
    if (size !== null && h.size !== size) return false;
    if (edition !== null && h.edition !== edition) return false;
    if (kind !== 'all' && clockKind(h.clock) !== kind) return false;
    return true;
  }

  /**
   * The quick pairing's match on `clock`: the first posted of the open
   * challenges of its terms (QUICK_GAME) on that clock that is not this
   * player's own and, when both ratings are established, within
   * QUICK_RANGE of this player's; null when there is none (a tap posts one).
   * @param {Clock} clock @returns {Hook | null}
   */
  quickMatch(clock) {
    return this.quickOpen(clock).find((h) => !this.mine(h) && this.#inRange(h)) ?? null;
  }

  /** The open challenges of the quick pairing's terms on `clock`, first posted first (this player's too). @param {Clock} clock */
  quickOpen(clock) {
    const { size, edition, rated } = QUICK_GAME;
    return [...this.hooks.values()].filter(
      (h) => h.size === size && h.edition === edition && h.rated === rated && sameClock(h.clock, clock),
    );
  }

  /** Whether a challenge's poster is within the rating range of this player. @param {Hook} h */
  #inRange(h) {
    const mine = this.rating;
    const theirs = h.player.rating;
    if (!mine || mine.provisional || typeof theirs !== 'number' || h.player.provisional) return true;
    return Math.abs(theirs - mine.rating) <= QUICK_RANGE;
  }

  /**
   * What the list shows: the challenges that pass the filters, this
   * player's first, then the newest first.
   * @returns {Hook[]}
   */
  shown() {
    const all = [...this.hooks.values()].reverse().filter((h) => this.passes(h));
    return [...all.filter((h) => this.mine(h)), ...all.filter((h) => !this.mine(h))];
  }
}

/** A clock's kind: live (`initial+increment`) or turn-based (days). @param {Clock} c @returns {'live' | 'days'} */
export const clockKind = (c) => ('days' in c ? 'days' : 'live');

/**
 * A live clock's label as players write it: minutes, then the increment in
 * seconds (`5+3`; `½+0` for 30 s, `1:30+2` for 90 s). Null for days.
 * @param {Clock} c
 */
export function liveLabel(c) {
  if ('days' in c) return null;
  const s = c.initial;
  const quarter = /** @type {Record<number, string>} */ ({ 15: '¼', 30: '½', 45: '¾' })[s];
  const minutes =
    s % 60 === 0 ? String(s / 60) : (quarter ?? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
  return `${minutes}+${c.increment}`;
}

/**
 * The friend page's address to take a challenge: it accepts at once, seated
 * with this browser's player (the clock rides along, for the page's clocks).
 * @param {Hook} h
 */
export function takeUrl(h) {
  const bot = h.player.bot ? '&bot=1' : '';
  return `${FRIEND_PAGE}?lobby=take&rated=${h.rated ? 1 : 0}${bot}&${clockQuery(h.clock)}#${h.link}`;
}

/**
 * The friend page's address to create a challenge: it makes the
 * invitation, posts it over the lobby's socket and waits.
 * @param {NewChallenge} c
 */
export function postUrl(c) {
  return `${FRIEND_PAGE}?lobby=post&size=${c.size}&edition=${c.edition}&color=${c.color}&rated=${c.rated ? 1 : 0}&${clockQuery(c.clock)}`;
}

/**
 * A custom live clock from the form's fields (minutes, increment in
 * seconds), or null when the server would refuse it (1 s to 3 hours, an
 * increment of 0 to 180 s).
 * @param {string} minutes @param {string} increment
 * @returns {Clock | null}
 */
export function customClock(minutes, increment) {
  const m = Number(minutes.trim().replace(',', '.'));
  const inc = Number(increment.trim());
  if (!minutes.trim() || !increment.trim() || !Number.isFinite(m) || !Number.isInteger(inc)) return null;
  const initial = Math.round(m * 60);
  return initial >= 1 && initial <= 10_800 && inc >= 0 && inc <= 180 ? { initial, increment: inc } : null;
}
