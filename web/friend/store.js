// @ts-check
// Where the friend page keeps its games' keys: `diablo.corr.v1` in the
// browser's storage (lib/storage.js), one entry a game. The state
// (state.js) takes it as an argument, so tests give it a map instead.

import * as store from '../lib/storage.js';

/**
 * A stored game: the keys (with the last link seen or sent), when that link
 * arrived or left, and `links` when the game is played by links only (never
 * through the live relay).
 * @typedef {{ keys: string, at: number, links?: boolean }} StoredGame
 */

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
      games[id] = g.links === true ? { keys: g.keys, at: g.at, links: true } : { keys: g.keys, at: g.at };
    }
  }
  const dropped = Object.keys(data).length - Object.keys(games).length;
  return dropped ? new store.Rejected(`${dropped} bad game(s)`, games) : games;
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

  /** @param {Record<string, StoredGame>} games */
  #write(games) {
    this.games.set(games);
    this.saved += 1;
  }
}
