// @ts-check
// The board on a canvas: squares, stacks drawn as piles with their height,
// and the marks the engine's options call for. Crisp on high-DPI screens,
// resized with its container. It draws; it knows no rules. Its colours are
// the defaults below unless a theme is given (embedded boards read theirs
// from CSS custom properties): theme.js, loaded only for a board that takes
// one, so the game page starts without it. This file holds the view (its
// size, theme and motion); paint.js draws a frame.

import { paint } from './paint.js';

/** The default colours (theme.js lays a theme over them). */
export const COLORS = {
  light: '#efe3c8',
  dark: '#cdb487',
  coordLight: '#8a7350',
  coordDark: '#f7efdd',
  black: { top: '#2b2b2b', edge: '#0b0b0b', rim: 'rgba(255,255,255,0.28)', text: '#ffffff' },
  green: { top: '#1f8a4c', edge: '#0f5c30', rim: 'rgba(255,255,255,0.30)', text: '#ffffff' },
  last: 'rgba(250, 204, 21, 0.42)',
  current: 'rgba(96, 165, 250, 0.40)',
  selected: 'rgba(37, 99, 235, 0.38)',
  source: '#f2b705',
  target: '#1d4ed8',
  capture: '#dc2626',
  removal: '#dc2626',
  cursor: '#1e3a8a',
  arrowLast: 'rgba(161, 98, 7, 0.75)',
  arrowCurrent: 'rgba(29, 78, 216, 0.75)',
  hint: 'rgba(124, 58, 237, 0.9)',
  plate: 'rgba(247, 239, 221, 0.88)',
  plateText: '#5c4a2c',
};

/** @typedef {import('./theme.js').BoardTheme} BoardTheme */

/**
 * @typedef {object} BoardModel
 * @property {number} n board side
 * @property {number[]} cells signed heights (Black > 0, Green < 0)
 * @property {boolean} coords draw coordinates
 * @property {Set<number>} sources stacks that can act
 * @property {number|null} selected the selected stack
 * @property {Map<number,string>} targets destination -> kind of the selected stack
 * @property {Set<number>} removals stacks a checker may be removed from
 * @property {{from:number,to:number|null}[]} last actions of the last turn
 * @property {{from:number,to:number|null}[]} current actions of this turn
 * @property {number|null} cursor keyboard cursor square, if shown
 * @property {{from:number,to:number|null}[]} [hint] a suggested turn, drawn dashed
 * @property {boolean} [flipped] Green's side at the bottom (a1 at the top right)
 */

/** Whether the person asked their system for less motion. */
const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * An action being shown. `kind` is also the canvas's `data-moving` while it
 * lasts: `move` (a step or a merge), `capture`, `removal`, or `still` (only
 * marked, for reduced motion). The canvas's `data-settled` is `false` while
 * an action or a run of them (a friend's turn arriving) is shown, `true` (or
 * absent, before the first) once the board is at rest: for tools and
 * tests, which click a board at rest.
 * @typedef {object} Motion
 * @property {number} from
 * @property {number|null} to null for a removal
 * @property {number} value the moving stack (signed height)
 * @property {number} taken the captured stack (signed height), or 0
 * @property {'move'|'capture'|'removal'|'still'} kind
 * @property {number} t progress, 0 to 1
 * @property {number[]|null} base the cells before the action, when it is already played
 * @property {() => void} done ends it
 */

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} wrap the square box the canvas fills
   * @param {{ theme?: BoardTheme, themeFrom?: Element }} [options] colours:
   *   a fixed theme, or an element whose THEME_VARIABLES are read at every
   *   draw; without either the board keeps its default colours
   */
  constructor(canvas, wrap, options = {}) {
    this.canvas = canvas;
    this.wrap = wrap;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    this.colors = COLORS;
    this.themeFrom = options.themeFrom ?? null;
    this.themeKey = '';
    /** @type {typeof import('./theme.js') | null} the theme code, once loaded */
    this.themes = null;
    if (options.theme) this.setTheme(options.theme);
    // A board themed from an element waits for its colours before it draws.
    else if (this.themeFrom) this.#themes().then(() => this.draw());
    /** @type {BoardModel|null} */
    this.model = null;
    this.cssSize = 0;
    this.dpr = 1;
    /** @type {Motion | null} */
    this.motion = null;
    /**
     * The run of actions under way, if any: its owner (the friend page,
     * showing a turn that arrived) sets it and shows each action with
     * `step` while it stays set; `stopMotion` or `animate` ends it.
     * @type {object | null}
     */
    this.run = null;
    new ResizeObserver(() => this.resize()).observe(wrap);
    this.resize();
  }

  /** Matches the backing store to the CSS size times devicePixelRatio. */
  resize() {
    const size = Math.floor(this.wrap.clientWidth);
    const dpr = globalThis.devicePixelRatio || 1;
    if (size === this.cssSize && dpr === this.dpr) return;
    this.cssSize = size;
    this.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(size * dpr));
    this.canvas.height = Math.max(1, Math.round(size * dpr));
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    this.draw();
  }

  /** The theme code (theme.js), loaded on first use; a board it fails to load for keeps its default colours. */
  #themes() {
    return import('./theme.js').then(
      (m) => {
        this.themes = m;
      },
      () => {
        this.themeFrom = null;
      },
    );
  }

  /** Lays a theme over the default colours and redraws. @param {BoardTheme} theme */
  setTheme(theme) {
    this.#themes().then(() => {
      if (!this.themes) return;
      this.colors = this.themes.themed(this.ctx, theme ?? {}, COLORS);
      this.themeKey = JSON.stringify(theme ?? {});
      this.draw();
    });
  }

  /** Re-reads the theme source's variables. */
  #readTheme() {
    if (!this.themeFrom || !this.themes) return;
    const theme = this.themes.themeFromStyle(this.themeFrom);
    const key = JSON.stringify(theme);
    if (key === this.themeKey) return;
    this.themeKey = key;
    this.colors = this.themes.themed(this.ctx, theme, COLORS);
  }

  /** Draws a new model (an action being shown goes on over it). @param {BoardModel} model */
  set(model) {
    this.model = model;
    this.draw();
  }

  /** Marks the canvas at rest or not (`data-settled`). */
  #mark() {
    this.canvas.dataset.settled = String(!this.motion && !this.run);
  }

  /**
   * Ends the action being shown and the rest of its run, if any (their
   * promises resolve): the board is drawn as it is, at rest.
   */
  stopMotion() {
    this.run = null;
    this.motion?.done();
    this.#mark();
  }

  /**
   * Shows one action of the current model before it is played, over `ms`
   * milliseconds: the stack on `from` slides to `to` (a stack it captures
   * rises and fades as the mover lands), or a removed checker lifts off and
   * fades; with `still`, the action is only marked. Resolves when done, or
   * at once on `stopMotion`.
   *
   * With `before` (the cells before the action), the action has already
   * been played and the model is the board after it: the board is drawn
   * as it was, with the stack travelling, and then as it is. Nothing waits
   * for it, and a new animation or `stopMotion` ends it at once.
   *
   * People who prefer reduced motion (`prefers-reduced-motion: reduce`) see
   * nothing move, whatever the caller asks: an action already played is
   * drawn final at once, one about to be played is only marked.
   * @param {{from:number, to:number|null}} action
   * @param {number} ms
   * @param {{still?: boolean, before?: number[]}} [options]
   */
  animate(action, ms, options) {
    // A run under way ends here (the board has moved on past it).
    this.run = null;
    this.#mark();
    return this.step(action, ms, options);
  }

  /**
   * One action shown moving as `animate` does, within a run (`run`) or not.
   * @param {{from:number, to:number|null}} action
   * @param {number} ms
   * @param {{still?: boolean, before?: number[]}} [options]
   * @returns {Promise<void>}
   */
  step(action, ms, { still = false, before } = {}) {
    this.motion?.done();
    const cells = before ?? this.model?.cells;
    const value = cells?.[action.from] ?? 0;
    const calm = still || prefersReducedMotion();
    if (!value || !(ms > 0) || (calm && before)) return Promise.resolve();
    const to = action.to ?? null;
    // A capture: the mover lands on a stack of the other colour, which leaves.
    const taken = to != null && cells && Math.sign(cells[to]) === -Math.sign(value) ? cells[to] : 0;
    /** @type {Motion['kind']} */
    const kind = calm ? 'still' : to == null ? 'removal' : taken ? 'capture' : 'move';
    return new Promise(
      /** @param {(value?: void) => void} resolve */ (resolve) => {
        const start = performance.now();
        let frame = 0;
        /** @type {Motion} */
        const motion = {
          from: action.from,
          to,
          value,
          taken,
          kind,
          t: 0,
          base: before ?? null,
          done: () => {},
        };
        // Hidden pages get no animation frames: a timer ends the motion anyway.
        const timer = setTimeout(() => motion.done(), ms + 150);
        motion.done = () => {
          cancelAnimationFrame(frame);
          clearTimeout(timer);
          if (this.motion === motion) {
            this.motion = null;
            delete this.canvas.dataset.moving;
            this.#mark();
            // After an action already played, the board ends as it is now;
            // otherwise the last frame stays until the next draw.
            if (motion.base) this.draw();
          }
          resolve();
        };
        const step = (now) => {
          if (this.motion !== motion) return;
          motion.t = Math.min(1, (now - start) / ms);
          this.draw();
          if (motion.t < 1) frame = requestAnimationFrame(step);
          else motion.done();
        };
        this.motion = motion;
        this.canvas.dataset.moving = kind;
        this.#mark();
        frame = requestAnimationFrame(step);
      },
    );
  }

  /** The square index under a point in client coordinates, or null. */
  squareAt(clientX, clientY) {
    if (!this.model) return null;
    const rect = this.canvas.getBoundingClientRect();
    const n = this.model.n;
    const column = Math.floor(((clientX - rect.left) / rect.width) * n);
    const row = Math.floor(((clientY - rect.top) / rect.height) * n);
    if (column < 0 || column >= n || row < 0 || row >= n) return null;
    return this.model.flipped ? row * n + (n - 1 - column) : (n - 1 - row) * n + column;
  }

  /** Draws the model, and the action in motion over it (paint.js). */
  draw() {
    const m = this.model;
    if (!m || this.cssSize === 0 || (this.themeFrom && !this.themes)) return;
    this.#readTheme();
    paint({ ctx: this.ctx, colors: this.colors }, m, this.cssSize, this.dpr, this.motion);
  }
}
