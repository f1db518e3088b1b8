// @ts-check
// How English counts: "1 square", "3 squares". The one rule every English
// section counts with (i18n.js hands it to them).

/**
 * The noun's form for a count: `one` for 1, else `many` (the noun and an s,
 * unless given).
 * @param {any} n
 * @param {string} one
 * @param {string} [many]
 */
export const plural = (n, one, many = `${one}s`) => (n === 1 ? one : many);

/**
 * A count and its noun: "1 square", "3 squares" ("? squares" for a count
 * that is missing).
 * @param {any} n
 * @param {string} one
 * @param {string} [many]
 */
export const count = (n, one, many) => `${n ?? '?'} ${plural(n, one, many)}`;
