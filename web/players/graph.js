// @ts-check
// The rating graph's arithmetic, free of the DOM (view.js draws it as an
// inline SVG sized in CSS pixels, so its words stay readable at 320 px):
// one point a rated game, oldest on the left, evenly spaced (games an hour
// apart and games a month apart are one step each, so none hides behind
// another); the rating on a scale of round steps chosen for the range.

/** @typedef {import('../lib/player-api.js').Point} Point */
/**
 * The graph in pixels: its dots, the line through them, the rating
 * scale's lines and the area they are drawn in.
 * @typedef {object} Graph
 * @property {{ x: number, y: number, point: Point }[]} dots
 * @property {string} path an SVG path through the dots
 * @property {{ y: number, value: number }[]} ticks
 * @property {{ left: number, right: number, top: number, bottom: number }} area
 */

/** Room for the scale's numbers on the left, the dates below, and the dots' radius elsewhere. */
export const PAD = { left: 46, right: 12, top: 12, bottom: 26 };

/** The smallest range the scale covers (a flat history is not drawn to the single point). */
const MIN_RANGE = 40;

/**
 * A round step for a scale over `range` with about `lines` lines: 1, 2,
 * 2.5 or 5 times a power of ten, at least 10.
 * @param {number} range @param {number} [lines]
 */
export function niceStep(range, lines = 4) {
  const raw = Math.max(range, MIN_RANGE) / lines;
  const ten = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * ten).find((s) => s >= raw) ?? 10 * ten;
  return step;
}

/**
 * The graph of a rating's history in a box of `width` × `height` pixels.
 * @param {Point[]} points oldest first
 * @param {number} width @param {number} height
 * @returns {Graph}
 */
export function scaleGraph(points, width, height) {
  const area = { left: PAD.left, right: Math.max(PAD.left + 1, width - PAD.right), top: PAD.top, bottom: 0 };
  area.bottom = Math.max(area.top + 1, height - PAD.bottom);
  const ratings = points.map((p) => p.rating);
  const min = ratings.length ? Math.min(...ratings) : 1500;
  const max = ratings.length ? Math.max(...ratings) : 1500;
  const step = niceStep(max - min);
  let lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  if (hi - lo < step * 2) {
    lo -= step;
    hi = lo + step * Math.max(2, Math.ceil((max - lo) / step));
  }
  /** @param {number} r */
  const y = (r) => area.bottom - ((r - lo) / (hi - lo)) * (area.bottom - area.top);
  const n = points.length;
  /** @param {number} i */
  const x = (i) => (n === 1 ? (area.left + area.right) / 2 : area.left + (i * (area.right - area.left)) / (n - 1));
  const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  const dots = points.map((point, i) => ({ x: round(x(i)), y: round(y(point.rating)), point }));
  const path = dots.map((d, i) => `${i ? 'L' : 'M'}${d.x} ${d.y}`).join(' ');
  const ticks = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push({ y: round(y(v)), value: v });
  return { dots, path, ticks, area };
}

/**
 * The dates under the graph, left and right, for games from `first` to
 * `last` (ms): the days, or, when both fall on one day, that day with the
 * first game's time and the last game's time alone (the same date twice
 * says nothing). `null` on the right for a single game.
 * @param {number} first @param {number} last @param {string} lang a BCP 47 language
 * @param {string} [timeZone] the reader's own unless given
 * @returns {[string, string | null]}
 */
export function axisDates(first, last, lang, timeZone) {
  const zone = timeZone ? { timeZone } : {};
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...zone });
  if (first === last) return [day.format(first), null];
  if (day.format(first) !== day.format(last)) return [day.format(first), day.format(last)];
  const both = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', ...zone });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', ...zone });
  return [both.format(first), time.format(last)];
}
