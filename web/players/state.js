// @ts-check
// The players page's state, free of the DOM: which view the address asks
// for (`players.html?key=K`: that player's page; `players.html`: the
// leaderboard), what the server said (through lib/player-api.js), and a
// game as a row of a player's list, from that player's side.

import { ApiError, isKey, sideOf } from '../lib/player-api.js';

/** @typedef {import('../lib/player-api.js').Player} Player */
/** @typedef {import('../lib/player-api.js').OnlineGame} OnlineGame */
/** @typedef {import('../lib/player-api.js').Point} Point */
/** @typedef {import('../lib/player-api.js').Leader} Leader */
/** @typedef {ReturnType<typeof import('../lib/player-api.js').api>} Reads */
/**
 * Where the page is: loading; no server on this site (`none`) or none
 * reachable (`offline`); no such player; the server failed or answered
 * nonsense (`unreachable`); shown.
 * @typedef {'loading' | 'none' | 'offline' | 'not-found' | 'unreachable' | 'ready'} Status
 */
/**
 * A game from one player's side.
 * @typedef {{ game: OnlineGame, side: 'black' | 'green', opponent: import('../lib/player-api.js').Who,
 *   outcome: 'won' | 'lost' | 'aborted' }} Row
 */

/** The view an address asks for. @param {string} search the address's `?…` */
export function viewOf(search) {
  const key = new URLSearchParams(search).get('key');
  return key === null
    ? { view: /** @type {const} */ ('leaderboard'), key: null }
    : { view: /** @type {const} */ ('player'), key };
}

/**
 * A game from the side of the player `key` (Black when it played both), or
 * null for a game it did not play.
 * @param {OnlineGame} g @param {string} key
 * @returns {Row | null}
 */
export function rowOf(g, key) {
  const side = sideOf(g, key);
  if (!side) return null;
  const winner = g.result.winner;
  const outcome = winner === null ? 'aborted' : winner === side ? 'won' : 'lost';
  return { game: g, side, opponent: side === 'black' ? g.green : g.black, outcome };
}

export class PlayersState {
  /** @param {string} search the page's address's `?…` */
  constructor(search) {
    const { view, key } = viewOf(search);
    this.view = view;
    /** The player shown (the player view). */
    this.key = key;
    /** @type {Status} */
    this.status = 'loading';
    /** @type {Player | null} */
    this.player = null;
    /** @type {Row[]} newest first */
    this.rows = [];
    /** @type {Point[]} oldest first */
    this.history = [];
    /** @type {Leader[]} */
    this.leaders = [];
    /** The player's games in progress, in the server's order. @type {import('../lib/player-api.js').PlayingGame[]} */
    this.playing = [];
    /** This browser's player's key, if it has one. @type {string | null} */
    this.me = null;
    /** On the leaderboard, this browser's player when not on it (provisional): where they stand. @type {Player | null} */
    this.standing = null;
  }

  /** Whether the player shown is this browser's. */
  get mine() {
    return this.key !== null && this.key === this.me;
  }

  /** The site has no server (`none`), or its live.json could not be read (`offline`). @param {'none' | 'offline'} why */
  noServer(why) {
    this.status = why;
  }

  /**
   * Reads what the view shows from the server. A key that is not a key is
   * no player, asked of nobody. The history is extra: without it the
   * page shows the rest.
   * @param {Reads} reads
   */
  async load(reads) {
    this.status = 'loading';
    try {
      if (this.view === 'leaderboard') {
        this.leaders = await reads.leaderboard();
        const me = this.me;
        this.standing =
          me && isKey(me) && !this.leaders.some((p) => p.key === me)
            ? await reads.player(me).catch((e) => {
                if (e instanceof ApiError) return null;
                throw e;
              })
            : null;
      } else {
        const key = this.key ?? '';
        if (!isKey(key)) {
          this.status = 'not-found';
          return;
        }
        /** @template T @param {Promise<T[]>} p extra: without it the page shows the rest */
        const extra = (p) =>
          p.catch((e) => {
            if (e instanceof ApiError) return [];
            throw e;
          });
        const [player, games, history, playing] = await Promise.all([
          reads.player(key),
          reads.games(key),
          extra(reads.history(key)),
          extra(reads.playing(key)),
        ]);
        this.player = player;
        this.playing = playing;
        this.rows = games
          .map((g) => rowOf(g, key))
          .filter(/** @returns {r is Row} */ (r) => r !== null)
          .sort((a, b) => b.game.ended - a.game.ended);
        this.history = history;
      }
      this.status = 'ready';
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      this.status = e.kind === 'not-found' ? 'not-found' : 'unreachable';
    }
  }
}
