// @ts-check
// The review's graph of Black's chance (SVG), drawn from the turns judged.

/** @typedef {import('../types.js').TurnReview} TurnReview */

export const SVG = 'http://www.w3.org/2000/svg';

/** Sizes an <svg> of the review's graphs to `width` x `height`. @param {SVGSVGElement} svg @param {number} width @param {number} height */
function sized(svg, width, height) {
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
}

/** An SVG element with its attributes. @param {string} tag @param {Record<string, string | number>} attrs */
function el(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Black's chance at each step (0..n) of a fully or partly reviewed game. @param {TurnReview[]} r */
export function blackCurve(r) {
  /** @type {number[]} */
  const ys = r.map((x) => (x.side === 'black' ? x.before : 1 - x.before));
  const last = r[r.length - 1];
  if (last) ys.push(last.side === 'black' ? last.playedValue : 1 - last.playedValue);
  return ys;
}

/**
 * Draws the graph of Black's chance into an <svg>: a line over the steps,
 * a point per step (bigger and coloured where the turn that led there is
 * marked). Returns the svg.
 * @param {SVGSVGElement} svg @param {TurnReview[]} r @param {number} steps the game's turns
 * @param {{ width: number, height: number, viewed?: number, points?: boolean, axis?: boolean }} o
 *   `axis`: the chance's scale (100%, 50%, 0%) along the left edge
 */
export function drawGraph(svg, r, steps, { width, height, viewed = -1, points = true, axis = false }) {
  const pad = 6;
  const ys = blackCurve(r);
  const x = (/** @type {number} */ s) => pad + ((width - 2 * pad) * s) / Math.max(1, steps);
  const y = (/** @type {number} */ p) => pad + (height - 2 * pad) * (1 - p);
  sized(svg, width, height);
  const parts = [
    el('rect', { x: 0, y: 0, width, height: height / 2, class: 'rv-black-half' }),
    el('line', { x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5), class: 'rv-mid' }),
  ];
  if (axis) {
    for (const [p, base] of /** @type {const} */ ([
      [1, 'hanging'],
      [0.5, 'middle'],
      [0, 'auto'],
    ])) {
      const t = el('text', { x: 2, y: p === 1 ? 1 : p === 0 ? height - 1 : y(p), class: 'rv-axis' });
      t.setAttribute('dominant-baseline', base);
      t.textContent = `${p * 100}%`;
      parts.push(t);
    }
  }
  if (viewed >= 0) parts.push(el('line', { x1: x(viewed), x2: x(viewed), y1: 0, y2: height, class: 'rv-viewed' }));
  if (ys.length > 1) {
    const d = ys.map((p, s) => `${s ? 'L' : 'M'}${x(s).toFixed(1)},${y(p).toFixed(1)}`).join('');
    parts.push(el('path', { d: `${d}L${x(ys.length - 1).toFixed(1)},${y(0)}L${x(0)},${y(0)}Z`, class: 'rv-area' }));
    parts.push(el('path', { d, class: 'rv-line' }));
  }
  if (points) {
    ys.forEach((p, s) => {
      const mark = s > 0 ? r[s - 1]?.mark : null;
      parts.push(
        el('circle', {
          cx: x(s).toFixed(1),
          cy: y(p).toFixed(1),
          r: mark ? 5 : 3,
          class: `rv-point${mark ? ` rv-${mark}` : ''}`,
          'data-step': s,
        }),
      );
    });
  }
  svg.replaceChildren(...parts);
  return svg;
}

/** Each turn's luck for Black (a Green roll's luck counts against Black). @param {TurnReview[]} r */
export const blackLuck = (r) => r.map((x) => (x.side === 'black' ? x.luck : -x.luck));

/**
 * The scale of the luck graph: the largest luck of the game, at least 0.1,
 * rounded up to a tenth (so a quiet game's small rolls still show).
 * @param {TurnReview[]} r
 */
export const luckScale = (r) => Math.min(1, Math.ceil(Math.max(0.1, ...r.map((x) => Math.abs(x.luck))) * 10) / 10);

/**
 * Draws the luck of each roll into an <svg>, under the chance graph and on
 * its steps: a bar per turn from the middle line, up for a roll good for
 * Black, down for one good for Green, in the colour of the side that
 * rolled it. Returns the svg.
 * @param {SVGSVGElement} svg @param {TurnReview[]} r @param {number} steps the game's turns
 * @param {{ width: number, height: number, viewed?: number, axis?: (scale: number) => [string, string] }} o
 *   `axis`: the words at the top and bottom of the scale
 */
export function drawLuck(svg, r, steps, { width, height, viewed = -1, axis }) {
  const pad = 6;
  const scale = luckScale(r);
  const x = (/** @type {number} */ s) => pad + ((width - 2 * pad) * s) / Math.max(1, steps);
  const mid = height / 2;
  const y = (/** @type {number} */ l) => mid - ((height / 2 - pad) * l) / scale;
  sized(svg, width, height);
  const parts = [el('line', { x1: pad, x2: width - pad, y1: mid, y2: mid, class: 'rv-mid' })];
  if (axis) {
    const [top, bottom] = axis(scale);
    for (const [text, at, base] of /** @type {const} */ ([
      [top, 1, 'hanging'],
      [bottom, height - 1, 'auto'],
    ])) {
      const t = el('text', { x: 2, y: at, class: 'rv-axis' });
      t.setAttribute('dominant-baseline', base);
      t.textContent = text;
      parts.push(t);
    }
  }
  if (viewed >= 0) parts.push(el('line', { x1: x(viewed), x2: x(viewed), y1: 0, y2: height, class: 'rv-viewed' }));
  // A bar ends at the step its turn leads to, as the chance graph's point.
  const bar = Math.max(2, Math.min(12, ((width - 2 * pad) / Math.max(1, steps)) * 0.7));
  blackLuck(r).forEach((l, i) => {
    const top = Math.min(y(l), mid);
    parts.push(
      el('rect', {
        x: (x(i + 1) - bar / 2).toFixed(1),
        y: top.toFixed(1),
        width: bar.toFixed(1),
        height: Math.max(1, Math.abs(y(l) - mid)).toFixed(1),
        class: `rv-luck rv-luck-${r[i].side}`,
        'data-step': i + 1,
      }),
    );
  });
  svg.replaceChildren(...parts);
  return svg;
}
