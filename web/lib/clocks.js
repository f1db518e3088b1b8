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
/** The time banks a turn-based challenge may carry (days each; 0 none). */
export const BANKS = /** @type {const} */ ([0, 2, 5, 10, 30]);
/**
 * The lobby's time bank unless the poster chooses another: 5 days, once
 * per game, enough for a weekend or a short trip away without losing on
 * time, while a game left for good waits at most 5 days more before the
 * other player may claim it.
 */
export const DEFAULT_BANK = 5;

/**
 * A clock as the friend page's address names it (`clock=180+2`, `days=3`
 * or `days=3&bank=5`; friend/clock.js readSetting reads it back).
 * @param {Clock} c
 */
export const clockQuery = (c) =>
  'days' in c ? `days=${c.days}${c.bank ? `&bank=${c.bank}` : ''}` : `clock=${c.initial}+${c.increment}`;

/**
 * A clock in words: live as players write it, minutes then the increment
 * in seconds (`5+3`, `½+0`, `1:30+2`), turn-based by `days` (`3 days`) or,
 * with a time bank, by `banked` (`3 days + 5 in the bank`); '' for none.
 * @param {Clock | null} c @param {(n: number) => string} days
 * @param {(d: number, bank: number) => string} [banked]
 */
export function clockText(c, days, banked) {
  if (!c) return '';
  if ('days' in c) return c.bank && banked ? banked(c.days, c.bank) : days(c.days);
  const s = c.initial;
  const quarter = /** @type {Record<number, string>} */ ({ 15: '¼', 30: '½', 45: '¾' })[s];
  const minutes =
    s % 60 === 0 ? String(s / 60) : (quarter ?? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);
  return `${minutes}+${c.increment}`;
}
