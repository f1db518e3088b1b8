// @ts-check
// How Polish counts: 1 pionek, 2–4 pionki, 5 pionków (and 12–14 pionków,
// 22 pionki). The one rule every Polish section counts with (i18n.js hands
// it to them).

/**
 * The noun's form for a count.
 * @param {number} n
 * @param {string} one for 1
 * @param {string} few for 2–4, 22–24, … (not 12–14)
 * @param {string} many for the rest
 */
export function plural(n, one, few, many) {
  if (n === 1) return one;
  const ten = n % 10;
  const hundred = n % 100;
  return ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? few : many;
}

/**
 * A count and its noun: "1 pole", "3 pola", "5 pól" ("? pól" for a count
 * that is missing or not a number).
 * @param {any} n
 * @param {string} one
 * @param {string} few
 * @param {string} many
 */
export const count = (n, one, few, many) =>
  `${n ?? '?'} ${plural(typeof n === 'number' ? n : Number.NaN, one, few, many)}`;
