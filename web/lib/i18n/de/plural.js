// @ts-check
// How German counts: "1 Stein", "3 Steine" (and "0 Steine"). The one rule
// every German section counts with (i18n.js hands it to them). Unlike
// English, German nouns take no regular ending: both forms are given.

/**
 * The noun's form for a count: `one` for 1, else `other`.
 * @param {any} n
 * @param {string} one for 1
 * @param {string} other for every other count (0 included)
 */
export const plural = (n, one, other) => (n === 1 ? one : other);

/**
 * A count and its noun: "1 Feld", "3 Felder" ("? Felder" for a count that
 * is missing).
 * @param {any} n
 * @param {string} one
 * @param {string} other
 */
export const count = (n, one, other) => `${n ?? '?'} ${plural(n, one, other)}`;
