// @ts-check
// Where the friend page keeps its games' keys: `diablo.corr.v1` in the
// browser's storage (lib/storage.js), one entry a game. The state
// (state.js) takes it as an argument, so tests give it a map instead.

import * as store from '../lib/storage.js';
import { readSetting } from './clock.js';
import { REASONS } from '../lib/net/room-wire.js';

/**
 * A stored game: the keys (with the last link seen or sent), when that link
 * arrived or left, and `links` when the game is played by links only (never
 * through the live relay); a game with a clock keeps its setting (`clock`)
 * and the end the server gave it (`end`: time, abandoned, aborted), which
 * the links themselves do not show.
 * @typedef {{ keys: string, at: number, links?: boolean, clock?: ClockSetting, end?: Over, lobby?: boolean,
 *   rated?: boolean, bot?: 'black' | 'green' }} StoredGame
 */

/** @typedef {import('./clock.js').ClockSetting} ClockSetting */
/** @typedef {import('../lib/net/room-wire.js').Over} Over */

/**
 * The kept games by id, read and written whole.
 * @typedef {{ get: () => Record<string, StoredGame>, set: (games: Record<string, StoredGame>) => unknown }} GamesStore
 */

/**
 * The stored data as games by id: a game of the wrong shape is dropped, the
 * others kept.
 * @param {unknown} data
 * @returns {Record<string, StoredGame> | store.Rejected<Record<string, StoredGame>>}
 */
export function validateGames(data) {
  if (!store.isRecord(data)) return store.reject('not an object');
  /** @type {Record<string, StoredGame>} */
  const games = {};
  for (const [id, g] of Object.entries(data)) {
    if (store.isRecord(g) && typeof g.keys === 'string' && typeof g.at === 'number') {
      /** @type {StoredGame} */
      const kept = g.links === true ? { keys: g.keys, at: g.at, links: true } : { keys: g.keys, at: g.at };
      const clock = storedClock(g.clock);
      if (clock) kept.clock = clock;
      const end = storedEnd(g.end);
      if (end) kept.end = end;
      if (g.lobby === true) kept.lobby = true;
      if (g.rated === true) kept.rated = true;
      if (g.bot === 'black' || g.bot === 'green') kept.bot = g.bot;
      games[id] = kept;
    }
  }
  const dropped = Object.keys(data).length - Object.keys(games).length;
  return dropped ? new store.Rejected(`${dropped} bad game(s)`, games) : games;
}

/** A kept clock setting, checked as the server checks it (a bad one is dropped). @param {unknown} c */
function storedClock(c) {
  if (!store.isRecord(c)) return null;
  if ('days' in c) return readSetting(null, String(c.days), c.bank === undefined ? null : String(c.bank));
  return readSetting(`${c.initial}+${c.increment}`, null);
}

/** A kept end, or null. @param {unknown} e @returns {Over | null} */
function storedEnd(e) {
  if (!store.isRecord(e)) return null;
  const reason = REASONS.find((r) => r === e.reason);
  const winner = e.winner === 'black' || e.winner === 'green' ? e.winner : null;
  return reason && (winner || e.winner === null) ? { winner, reason } : null;
}

/**
 * The browser's store of games; a storage that cannot keep them says so
 * (onStorageProblem) and the page goes on.
 * @returns {GamesStore}
 */
export function browserGames() {
  return store.stored('corr', {
    what: 'friend-games',
    version: 1,
    fallback: () => /** @type {Record<string, StoredGame>} */ ({}),
    validate: validateGames,
  });
}

/** @typedef {import('../lib/types.js').CorrView} CorrView */

/**
 * The games kept, as the state uses them: stamped with the clock, and
 * counted (`saved` grows with every write, so a view redraws the list then).
 */
export class KeptGames {
  saved = 0;

  /** @param {GamesStore} games @param {() => number} now the clock (ms since the epoch) */
  constructor(games, now) {
    this.games = games;
    this.now = now;
  }

  /** @returns {Record<string, StoredGame>} */
  all() {
    return this.games.get();
  }

  /** @param {string} id */
  get(id) {
    return this.games.get()[id];
  }

  /** Whether a kept game is played by links only. @param {string} id */
  linksOnly(id) {
    return Boolean(this.get(id)?.links);
  }

  /** Stores a game's keys, from a view that carries them. @param {CorrView} v */
  remember(v) {
    if (v.keys) this.store(v.id, v.keys);
  }

  /** Stores one game's keys, stamped now (a game played by links stays so). @param {string} id @param {string} keys */
  store(id, keys) {
    const games = this.games.get();
    games[id] = { ...games[id], keys, at: this.now() };
    this.#write(games);
  }

  /** Marks a kept game as played by links only, or live. @param {string} id @param {boolean} links */
  setLinksOnly(id, links) {
    const games = this.games.get();
    const g = games[id];
    if (!g) return;
    if (links) g.links = true;
    else delete g.links;
    this.#write(games);
  }

  /**
   * Keeps what the lobby or the server says of a kept game that its links
   * do not: its clock setting, its end, that it was met in the lobby,
   * that it is rated.
   * @param {string} id @param {{ clock?: ClockSetting, end?: Over, lobby?: boolean, rated?: boolean, bot?: 'black' | 'green' }} more
   */
  note(id, more) {
    const games = this.games.get();
    const g = games[id];
    if (!g) return;
    if (more.clock) g.clock = more.clock;
    if (more.end) g.end = more.end;
    if (more.lobby) g.lobby = true;
    if (more.rated) g.rated = true;
    if (more.bot) g.bot = more.bot;
    this.#write(games);
  }

  /** @param {Record<string, StoredGame>} games */
  #write(games) {
    this.games.set(games);
    this.saved += 1;
  }
}
