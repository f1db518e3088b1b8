// @ts-check
// The review's panel, made by the module (not in the page's HTML, so the
// page starts without it), and its style sheet.

import { SVG } from './graph.js';

/** Writes a text only when it differs. @param {Element} el @param {string} text */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** The review's panel (created, not in the page's HTML, so the page starts without it). */
export function buildPanel() {
  injectStyle();
  const root = document.createElement('section');
  root.id = 'review';
  root.className = 'review-box';
  root.setAttribute('aria-labelledby', 'review-title');
  root.innerHTML = `<h2 id="review-title"></h2>
<p class="rv-status" role="status" aria-live="polite"></p>
<div class="rv-progress-row"><progress class="rv-progress"></progress><button type="button" class="rv-cancel"></button></div>
<svg id="review-graph" class="rv-graph" role="img" xmlns="${SVG}"></svg>
<p class="rv-xaxis" aria-hidden="true"><span class="rv-x-first"></span><span class="rv-x-last"></span></p>
<p class="rv-dots"><span class="rv-dots-title"></span> ${['inaccuracy', 'mistake', 'blunder'].map((m) => `<span class="rv-pair"><svg class="rv-dot" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="4" class="rv-point rv-${m}"/></svg><span class="rv-dots-${m}"></span></span>`).join(' ')}</p>
<p class="rv-hint"></p>
<p class="rv-luck-title"></p>
<svg class="rv-luck-graph" role="img" xmlns="${SVG}"></svg>
<p class="rv-luck-sum"></p>
<p class="rv-luck-hint"></p>
<p class="rv-at" aria-live="polite"></p>
<p class="rv-legend" hidden><span class="rv-legend-title"></span> <span class="rv-pair"><span class="rv-key rv-key-played" aria-hidden="true"></span><span class="rv-legend-played"></span></span><span class="visually-hidden">;</span> <span class="rv-pair"><span class="rv-key rv-key-best" aria-hidden="true"></span><span class="rv-legend-best"></span></span></p>
<table class="rv-summary"></table>
<details class="rv-details"><summary></summary><div class="rv-scroll"><table class="rv-table"></table></div></details>`;
  /** @template {Element} T @param {string} sel @returns {T} */
  const q = (sel) => /** @type {T} */ (/** @type {unknown} */ (root.querySelector(sel)));
  return {
    root,
    title: q('h2'),
    status: q('.rv-status'),
    progress: /** @type {HTMLProgressElement} */ (q('.rv-progress')),
    cancel: /** @type {HTMLButtonElement} */ (q('.rv-cancel')),
    svg: /** @type {SVGSVGElement} */ (q('svg')),
    hint: q('.rv-hint'),
    luck: {
      title: q('.rv-luck-title'),
      svg: /** @type {SVGSVGElement} */ (q('.rv-luck-graph')),
      sum: q('.rv-luck-sum'),
      hint: q('.rv-luck-hint'),
    },
    axis: { first: q('.rv-x-first'), last: q('.rv-x-last') },
    dots: {
      lead: q('.rv-dots-title'),
      inaccuracy: q('.rv-dots-inaccuracy'),
      mistake: q('.rv-dots-mistake'),
      blunder: q('.rv-dots-blunder'),
    },
    at: /** @type {HTMLElement} */ (q('.rv-at')),
    legend: {
      box: /** @type {HTMLElement} */ (q('.rv-legend')),
      lead: q('.rv-legend-title'),
      played: q('.rv-legend-played'),
      best: q('.rv-legend-best'),
    },
    summary: /** @type {HTMLTableElement} */ (q('.rv-summary')),
    table: /** @type {HTMLTableElement} */ (q('.rv-table')),
    tableSummary: q('.rv-details summary'),
  };
}

let styled = false;

/** The review's style sheet, added with the module (style.css is part of the page's start). */
export function injectStyle() {
  if (styled) return;
  styled = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./review.css', import.meta.url).href;
  document.head.append(link);
}
