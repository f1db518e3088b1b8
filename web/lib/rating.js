// @ts-check
// The results and the rating against the computer, from the games kept on
// this device (lib/archive.js reads them; "Your games" shows both): Elo
// against each level's fixed rating. Pure functions.

import { LEVELS } from './archive.js';

/** @typedef {import('./archive.js').ArchivedGame} ArchivedGame */
/** @typedef {import('./archive.js').Level} Level */

/**
 * Each computer level's fixed rating, from the measured ladder in
 * docs/results/ai.md (the ladder tables: `diablo match`, 400 games a line, dice
 * replayed with colours swapped). One rating a level for every size and
 * edition: the mean of the measured Elo differences between neighbouring
 * levels over 6x6, 8x8 and 10x10 in both editions, anchored at Easy = 1500:
 * - Medium − Easy: +184, +220 (6x6 sequenced, standard), +102, +73 (8x8;
 *   standard from all 1 200 games, 60.4%), +100, +87 (10x10): mean +128;
 * - Hard − Medium: +94, +129, +91, +135, +72, +139: mean +110;
 * - Easy − Beginner: +590 (6x6 sequenced) and +849 (8x8 sequenced); every
 *   other line was won 400 to 0 (at least +807): taken as +800.
 * (Beginner plays a random legal turn.)
 * @type {Readonly<Record<Level, number>>}
 */
export const LEVEL_RATINGS = Object.freeze({ beginner: 700, easy: 1500, medium: 1628, hard: 1738 });
/** The rating before any game against the computer. */
export const START_RATING = 1500;
/** Elo's K-factor: how far one game moves the rating (the common 32). */
export const K = 32;

/** Elo's expected score of a player rated `r` against one rated `o`. @param {number} r @param {number} o */
export const expected = (r, o) => 1 / (1 + 10 ** ((o - r) / 400));

/**
 * The rating against the computer: Elo updated game by game, oldest
 * first, from START_RATING with K = 32, each game against its level's
 * fixed rating (LEVEL_RATINGS), 1 for a win and 0 for a loss. Computed again
 * from the games kept, so a deleted game no longer counts. Null before the
 * first game against the computer.
 * @param {ArchivedGame[]} games
 */
export function rating(games) {
  const played = games.filter((g) => g.kind === 'computer' && g.level).sort((a, b) => a.at - b.at);
  if (!played.length) return null;
  let r = START_RATING;
  for (const g of played) {
    const score = g.winner === g.you ? 1 : 0;
    r += K * (score - expected(r, LEVEL_RATINGS[/** @type {Level} */ (g.level)]));
  }
  return Math.round(r);
}

/**
 * Won and lost against each computer level.
 * @param {ArchivedGame[]} games
 * @returns {Record<Level, { won: number, lost: number }>}
 */
export function resultsByLevel(games) {
  const out = /** @type {Record<Level, { won: number, lost: number }>} */ ({});
  for (const level of LEVELS) out[level] = { won: 0, lost: 0 };
  for (const g of games) {
    if (g.kind !== 'computer' || !g.level) continue;
    out[g.level][g.winner === g.you ? 'won' : 'lost'] += 1;
  }
  return out;
}
