// @ts-check
// The filters of "Your games" (web/games/): which kept games a choice of
// opponent, size, edition and result lets through, and who won from the
// person's side. Pure functions of the list lib/archive.js reads.

/** @typedef {import('./archive.js').ArchivedGame} ArchivedGame */

/** Whether the person won (null at one screen, where both colours are people). @param {ArchivedGame} game */
export const won = (game) => (game.you == null ? null : game.winner === game.you);

/**
 * The list's filters: '' is any. `opponent` is `computer`, `computer:LEVEL`,
 * `hotseat` or `friend`; `result` is `won` or `lost` (the person's), or
 * `black` or `green` (the winner's colour).
 * @typedef {{ opponent: string, size: string, edition: string, result: string }} Filters
 */

/** The games the filters let through. @param {ArchivedGame[]} games @param {Filters} f */
export function filterGames(games, f) {
  return games.filter((g) => {
    if (f.opponent) {
      const [kind, level] = f.opponent.split(':');
      if (g.kind !== kind || (level && g.level !== level)) return false;
    }
    if (f.size && String(g.size) !== f.size) return false;
    if (f.edition && g.edition !== f.edition) return false;
    if (f.result === 'won' || f.result === 'lost') return won(g) === (f.result === 'won');
    if (f.result) return g.winner === f.result;
    return true;
  });
}
