// @ts-check
// How the review and the analysis board write a chance and mark a turn, the
// same in every language (their words are the `review` section, lib/i18n/).

/** A chance as a percentage: 0.537 is "54%". @param {number} x a chance, 0..1 */
export const pct = (x) => `${Math.round(x * 100)}%`;

/** The sign written after a marked turn. */
export const SIGNS = /** @type {const} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });
