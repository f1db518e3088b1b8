// @ts-check
// The games in progress with friends (live or by link), as the friend page
// last saw them: a short list the other pages read without the protocol's
// engine, so the game page can offer a way back to them (lib/header/online.js).
// The friend page writes it whenever its kept games change (friend/view.js);
// `diablo.playing.v1` in the browser's storage (lib/storage.js).

import * as store from './storage.js';

/**
 * A game in progress: its id, the link that opens it on the friend page
 * (the part after `#`), the opponent's name, the board's size, whether it
 * is this browser's turn, and when its last link arrived or left.
 * @typedef {{ id: string, link: string, opponent: string, size: number, yourTurn: boolean, at: number }} Playing
 */

/** At most this many are kept, the latest first. */
export const MAX_PLAYING = 20;

/** One kept row, or null when it is not of that shape. @param {unknown} g @returns {Playing | null} */
function readPlaying(g) {
  if (!store.isRecord(g)) return null;
  const { id, link, opponent, size, yourTurn, at } = g;
  if (typeof id !== 'string' || typeof link !== 'string' || !/^[A-Za-z0-9_-]+$/.test(link)) return null;
  if (typeof opponent !== 'string' || typeof yourTurn !== 'boolean' || typeof at !== 'number') return null;
  if (!Number.isInteger(size) || Number(size) < 2 || Number(size) > 26) return null;
  return { id, link, opponent: opponent.slice(0, 40), size: Number(size), yourTurn, at };
}

/**
 * The stored list, checked: a row of the wrong shape is dropped.
 * @param {unknown} data
 * @returns {Playing[] | store.Rejected<Playing[]>}
 */
export function validatePlaying(data) {
  if (!Array.isArray(data)) return store.reject('not a list');
  const rows = data.map(readPlaying).filter(/** @returns {g is Playing} */ (g) => g !== null);
  return rows.length === data.length ? rows : new store.Rejected(`${data.length - rows.length} bad game(s)`, rows);
}

const kept = store.stored('playing', {
  what: 'friend-games',
  version: 1,
  fallback: () => /** @type {Playing[]} */ ([]),
  validate: validatePlaying,
});

/**
 * Keeps the games still being played (latest first, MAX_PLAYING at most).
 * @param {(Playing & { over: boolean })[]} games
 */
export function keepPlaying(games) {
  const rows = games
    .filter((g) => !g.over)
    .sort((a, b) => b.at - a.at)
    .slice(0, MAX_PLAYING)
    .map(({ id, link, opponent, size, yourTurn, at }) => ({ id, link, opponent, size, yourTurn, at }));
  kept.set(rows);
}

/** The games in progress as last kept, latest first. */
export const playing = () => kept.get();
