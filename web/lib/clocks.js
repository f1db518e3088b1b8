// @ts-check
// The clocks a game may be played on (docs/lobby.md): the live presets and
// the days a turn offered by the lobby's form and the friend page's
// invitation, and a clock in words as players write it.

/** @typedef {import('./net/lobby-wire.js').Clock} Clock */

/** The live clocks offered first (seconds), as lichess's quick pairing. */
export const PRESETS = /** @type {const} */ ([
  [180, 2],
  [300, 3],
  [600, 5],
  [900, 10],
]);
/** The days a turn a turn-based game may give. */
export const DAYS = /** @type {const} */ ([1, 2, 3, 5, 7, 14]);

/**
 * A clock as the friend page's address names it (`clock=180+2` or
 * `days=3`; friend/clock.js readSetting reads it back).
 * @param {Clock} c
 */
export const clockQuery = (c) => ('days' in c ? `days=${c.days}` : `clock=${c.initial}+${c.increment}`);

/**
 * A clock in words: live as players write it, minutes then the increment
 * in seconds (`5+3`, `½+0`, `1:30+2`), turn-based by `days` (`3 days`); ''
 * for none.
 * @param {Clock | null} c @param {(n: number) => string} days
 */
export function clockText(c, days) {
  if (!c) return '';
  if ('days' in c) return days(c.days);
  const s = c.initial;
  const quarter = /** @type {Record<number, string>} */ ({ 15: '¼', 30: '½', 45: '¾' })[s];
  const minutes =
    s % 60 === 0 ? String(s / 60) : (quarter ?? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
  return `${minutes}+${c.increment}`;
}
