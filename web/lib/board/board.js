// @ts-check
// The board on a canvas: squares, stacks drawn as piles with their height,
// and the marks the engine's options call for. Crisp on high-DPI screens,
// resized with its container. It draws; it knows no rules. Its colours are
// the defaults below unless a theme is given (embedded boards read theirs
// from CSS custom properties): theme.js, loaded only for a board that takes
// one, so the game page starts without it.

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

/** Squares smaller than this (CSS px) get their coordinates on plates over the stacks. */
const SMALL_CELL = 56;

/** At most this many discs are drawn for a pile; the number gives the rest. */
const MAX_LAYERS = 5;

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

/** Smooth start and stop for a moving stack. */
const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Part of a move's time after which a captured stack starts to rise (the mover is nearly there). */
const CAPTURE_LIFT_FROM = 0.45;

/** Whether the person asked their system for less motion. */
const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * An action being shown. `kind` is also the canvas's `data-moving` while it
 * lasts: `move` (a step or a merge), `capture`, `removal`, or `still` (only
 * marked, for reduced motion).
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
    return import('./theme.js').then((m) => { this.themes = m; }, () => { this.themeFrom = null; });
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

  /** Ends the action being shown, if any (its promise resolves). */
  stopMotion() {
    this.motion?.done();
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
  animate(action, ms, { still = false, before } = {}) {
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
    return new Promise(/** @param {(value?: void) => void} resolve */ (resolve) => {
      const start = performance.now();
      let frame = 0;
      /** @type {Motion} */
      const motion = {
        from: action.from, to, value, taken, kind, t: 0, base: before ?? null, done: () => {},
      };
      // Hidden pages get no animation frames: a timer ends the motion anyway.
      const timer = setTimeout(() => motion.done(), ms + 150);
      motion.done = () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        if (this.motion === motion) {
          this.motion = null;
          delete this.canvas.dataset.moving;
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
      frame = requestAnimationFrame(step);
    });
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

  draw() {
    const m = this.model;
    if (!m || this.cssSize === 0 || (this.themeFrom && !this.themes)) return;
    this.#readTheme();
    const ctx = this.ctx;
    const cell = this.cssSize / m.n;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const last = m.n - 1;
    const geo = (i) => {
      const file = i % m.n;
      const rank = Math.floor(i / m.n);
      return m.flipped
        ? { x: (last - file) * cell, y: rank * cell, file, rank }
        : { x: file * cell, y: (last - rank) * cell, file, rank };
    };
    this.#squares(m, cell, geo);
    const motion = this.motion;
    const cells = motion && motion.kind !== 'still' ? this.#cellsInMotion(motion.base ?? m.cells, motion) : m.cells;
    /** @param {number} part */
    const piles = (part) => cells.forEach((v, i) => v && this.#pile(geo(i), cell, v, part));
    piles(1);
    this.#arrows(m.last, this.colors.arrowLast, cell, geo);
    this.#arrows(m.current, this.colors.arrowCurrent, cell, geo);
    this.#marks(m, cell, geo);
    if (m.coords && cell < SMALL_CELL) this.#smallCoordinates(m, cell, geo);
    if (m.hint?.length) this.#preview(m.hint, m, cell, geo);
    // The heights over every arrow and mark, so none hides one.
    piles(2);
    if (motion) this.#motion(motion, m, cell, geo);
    if (m.cursor != null) {
      const { x, y } = geo(m.cursor);
      const w = Math.max(2, cell * 0.06);
      ctx.save();
      ctx.setLineDash([cell * 0.12, cell * 0.08]);
      ctx.lineWidth = w;
      ctx.strokeStyle = this.colors.cursor;
      ctx.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
      ctx.restore();
    }
  }

  /** The board without what is in motion: a moving stack, a removed checker. */
  #cellsInMotion(cells, motion) {
    const out = cells.slice();
    const v = motion.value;
    out[motion.from] = motion.to == null ? Math.sign(v) * (Math.abs(v) - 1) : 0;
    if (motion.taken && motion.to != null) out[motion.to] = 0;
    return out;
  }

  /**
   * The action being shown: a sliding stack (and the stack it captures,
   * rising and fading as it lands), a lifting checker, or (still) its marks.
   * @param {Motion} motion @param {BoardModel} m @param {number} cell
   * @param {(i: number) => {x: number, y: number}} geo
   */
  #motion(motion, m, cell, geo) {
    const ctx = this.ctx;
    if (motion.kind === 'still') {
      this.#preview([motion], m, cell, geo, this.colors.arrowCurrent);
      return;
    }
    const p = geo(motion.from);
    if (motion.to == null) {
      ctx.save();
      ctx.globalAlpha = 1 - motion.t;
      const h = Math.abs(motion.value);
      const top = Math.min(h, MAX_LAYERS) - 1;
      const lift = cell * (0.05 * top + 0.45 * ease(motion.t));
      this.#pile({ x: p.x, y: p.y - lift }, cell, Math.sign(motion.value));
      ctx.restore();
      return;
    }
    const q = geo(motion.to);
    if (motion.taken) {
      const k = Math.max(0, (motion.t - CAPTURE_LIFT_FROM) / (1 - CAPTURE_LIFT_FROM));
      ctx.save();
      ctx.globalAlpha = 1 - k;
      this.#pile({ x: q.x, y: q.y - cell * 0.5 * k }, cell, motion.taken);
      ctx.restore();
    }
    const k = ease(motion.t);
    this.#pile({ x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k }, cell, motion.value);
  }

  /** A suggested turn (or an action about to be played): dashed arrows and rings. */
  #preview(actions, m, cell, geo, color = this.colors.hint) {
    const ctx = this.ctx;
    this.#arrows(actions, color, cell, geo, [cell * 0.16, cell * 0.1]);
    for (const a of actions) {
      for (const sq of a.to == null ? [a.from] : [a.from, a.to]) {
        const { x, y } = geo(sq);
        ctx.save();
        ctx.beginPath();
        ctx.arc(x + cell / 2, y + cell / 2, cell * 0.45, 0, Math.PI * 2);
        ctx.lineWidth = Math.max(2, cell * 0.06);
        ctx.strokeStyle = color;
        ctx.setLineDash([cell * 0.1, cell * 0.07]);
        ctx.stroke();
        ctx.restore();
      }
      if (a.to == null) {
        const { x, y } = geo(a.from);
        ctx.save();
        ctx.fillStyle = color;
        ctx.font = `800 ${Math.round(cell * 0.4)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('−', x + cell * 0.16, y + cell * 0.18);
        ctx.restore();
      }
    }
  }

  #squares(m, cell, geo) {
    const ctx = this.ctx;
    const tint = new Map();
    for (const a of m.last) for (const s of [a.from, a.to]) if (s != null) tint.set(s, this.colors.last);
    for (const a of m.current) for (const s of [a.from, a.to]) if (s != null) tint.set(s, this.colors.current);
    if (m.selected != null) tint.set(m.selected, this.colors.selected);
    const fontPx = Math.max(8, Math.round(cell * 0.2));
    // Small squares get their labels on top of the stacks instead (#smallCoordinates).
    const showCoords = m.coords && cell >= SMALL_CELL;
    for (let i = 0; i < m.n * m.n; i++) {
      const { x, y, file, rank } = geo(i);
      const dark = (file + rank) % 2 === 0;
      ctx.fillStyle = dark ? this.colors.dark : this.colors.light;
      ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
      const t = tint.get(i);
      if (t) {
        ctx.fillStyle = t;
        ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
      }
      // Labels go on the left column and the bottom row as drawn.
      const edge = m.flipped ? m.n - 1 : 0;
      if (showCoords && (file === edge || rank === edge)) {
        ctx.fillStyle = dark ? this.colors.coordDark : this.colors.coordLight;
        ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
        if (file === edge) {
          ctx.textAlign = 'left';
          ctx.textBaseline = 'top';
          ctx.fillText(String(rank + 1), x + cell * 0.05, y + cell * 0.04);
        }
        if (rank === edge) {
          ctx.textAlign = 'right';
          ctx.textBaseline = 'bottom';
          ctx.fillText(String.fromCharCode(97 + file), x + cell * 0.96, y + cell * 0.98);
        }
      }
    }
  }

  /**
   * Coordinates for small squares (large boards, phones): a legible size,
   * on a small plate in the corner of the edge squares, drawn over the
   * stacks so none hides them.
   * @param {BoardModel} m @param {number} cell
   * @param {(i: number) => {x: number, y: number, file: number, rank: number}} geo
   */
  #smallCoordinates(m, cell, geo) {
    const ctx = this.ctx;
    const px = Math.max(9, Math.round(cell * 0.34));
    const edge = m.flipped ? m.n - 1 : 0;
    ctx.save();
    ctx.font = `700 ${px}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    /** @param {string} text @param {number} cx @param {number} cy */
    const plate = (text, cx, cy) => {
      const w = Math.max(px * 0.9, ctx.measureText(text).width + px * 0.35);
      const h = px * 1.1;
      ctx.fillStyle = this.colors.plate;
      ctx.beginPath();
      ctx.roundRect(cx - w / 2, cy - h / 2, w, h, h * 0.3);
      ctx.fill();
      ctx.fillStyle = this.colors.plateText;
      ctx.fillText(text, cx, cy + px * 0.04);
    };
    for (let k = 0; k < m.n; k++) {
      const rankSquare = geo(k * m.n + edge);
      plate(String(rankSquare.rank + 1), rankSquare.x + px * 0.55, rankSquare.y + px * 0.6);
      const fileSquare = geo(edge * m.n + k);
      plate(String.fromCharCode(97 + fileSquare.file), fileSquare.x + cell - px * 0.5, fileSquare.y + cell - px * 0.6);
    }
    ctx.restore();
  }

  /**
   * A stack as a pile of discs (part 1), the top one carrying the height
   * (part 2, on a halo of the stack's colour: it is drawn over arrows).
   * @param {{x: number, y: number}} p @param {number} cell @param {number} value @param {number} [part] 1, 2 or both (3)
   */
  #pile({ x, y }, cell, value, part = 3) {
    const ctx = this.ctx;
    const style = value > 0 ? this.colors.black : this.colors.green;
    const h = Math.abs(value);
    const layers = Math.min(h, MAX_LAYERS);
    const r = cell * 0.34;
    const dy = cell * 0.05;
    const cx = x + cell / 2;
    const base = y + cell / 2 + ((layers - 1) * dy) / 2 + dy * 0.3;
    const topY = base - (layers - 1) * dy;
    if (part & 1) {
      for (let k = 0; k < layers; k++) {
        const cy = base - k * dy;
        ctx.beginPath();
        ctx.arc(cx, cy + dy * 0.7, r, 0, Math.PI * 2);
        ctx.fillStyle = style.edge;
        ctx.fill();
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, Math.PI * 2);
        ctx.fillStyle = style.top;
        ctx.fill();
        ctx.lineWidth = Math.max(1, cell * 0.02);
        ctx.strokeStyle = style.rim;
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.arc(cx, topY, r * 0.72, 0, Math.PI * 2);
      ctx.lineWidth = Math.max(1, cell * 0.015);
      ctx.stroke();
    }
    if (part & 2 && h > 1) {
      ctx.save();
      ctx.font = `700 ${Math.round(cell * (h > 99 ? 0.24 : 0.32))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.lineWidth = cell * 0.07;
      ctx.strokeStyle = style.top;
      ctx.strokeText(String(h), cx, topY + cell * 0.015);
      ctx.fillStyle = style.text;
      ctx.fillText(String(h), cx, topY + cell * 0.015);
      ctx.restore();
    }
  }

  /**
   * The moves' arrows (a removal has none). A stack that moves on from where
   * it stopped is one path with one head; where two moves run along one
   * line in opposite ways (out and back), each keeps to its right, so the
   * two lie side by side.
   * @param {import('../types.js').Arrow[]} actions @param {string} color @param {number} cell
   * @param {(i: number) => {x: number, y: number}} geo @param {number[] | null} [dash]
   */
  #arrows(actions, color, cell, geo, dash = null) {
    const ctx = this.ctx;
    /** @type {number[][]} each move as [x1, y1, x2, y2, ux, uy]: its squares' centres, its unit direction */
    const moves = [];
    /** @type {number[]} by move, the index of its path's first move */
    const paths = [];
    let end = -1;
    for (const a of actions) {
      if (a.to == null) continue;
      const p = geo(a.from);
      const q = geo(a.to);
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      paths.push(a.from === end ? paths[paths.length - 1] : moves.length);
      moves.push([p.x + cell / 2, p.y + cell / 2, q.x + cell / 2, q.y + cell / 2, (q.x - p.x) / d, (q.y - p.y) / d]);
      end = a.to;
    }
    const lane = cell * 0.11;
    const head = cell * 0.28;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = Math.max(2, cell * 0.09);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (dash) ctx.setLineDash(dash);
    moves.forEach(([x1, y1, x2, y2, ux, uy], k) => {
      // The way back along a line another move took: both keep right.
      const o = moves.some((b) => b[4] * ux + b[5] * uy < -0.9 && Math.abs((b[0] - x1) * uy - (b[1] - y1) * ux) < 1) ? lane : 0;
      const [nx, ny] = [-uy * o, ux * o];
      if (paths[k] === k) {
        ctx.beginPath();
        ctx.moveTo(x1 + nx, y1 + ny);
      } else {
        ctx.lineTo(x1 + nx, y1 + ny);
      }
      if (paths[k + 1] === paths[k]) {
        ctx.lineTo(x2 + nx, y2 + ny);
        return;
      }
      // The path's last move: the line stops short of the head, at the tip's back.
      const ex = x2 + nx - ux * cell * 0.3;
      const ey = y2 + ny - uy * cell * 0.3;
      ctx.lineTo(ex - ux * head * 0.6, ey - uy * head * 0.6);
      ctx.stroke();
      const ang = Math.atan2(uy, ux);
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - Math.cos(ang - 0.5) * head, ey - Math.sin(ang - 0.5) * head);
      ctx.lineTo(ex - Math.cos(ang + 0.5) * head, ey - Math.sin(ang + 0.5) * head);
      ctx.fill();
    });
    ctx.restore();
  }

  #marks(m, cell, geo) {
    const ctx = this.ctx;
    const ring = (i, color, width, dash) => {
      const { x, y } = geo(i);
      const h = Math.min(Math.abs(m.cells[i]), MAX_LAYERS);
      const dy = cell * 0.05;
      const cy = y + cell / 2 + ((h - 1) * dy) / 2 + dy * 0.3 - (h - 1) * dy;
      ctx.save();
      ctx.beginPath();
      ctx.arc(x + cell / 2, h ? cy : y + cell / 2, cell * 0.41, 0, Math.PI * 2);
      ctx.lineWidth = width;
      ctx.strokeStyle = color;
      if (dash) ctx.setLineDash(dash);
      ctx.stroke();
      ctx.restore();
    };
    const badge = (i, color, glyph) => {
      const { x, y } = geo(i);
      const r = cell * 0.16;
      const bx = x + cell - r - cell * 0.02;
      const by = y + r + cell * 0.02;
      ctx.beginPath();
      ctx.arc(bx, by, r, 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = Math.max(1, cell * 0.025);
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      ctx.fillStyle = '#ffffff';
      ctx.font = `800 ${Math.round(r * 1.7)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(glyph, bx, by + r * 0.08);
    };
    for (const i of m.sources) {
      if (i !== m.selected) ring(i, this.colors.source, Math.max(2, cell * 0.05));
    }
    if (m.selected != null) ring(m.selected, this.colors.target, Math.max(3, cell * 0.09));
    for (const i of m.removals) {
      ring(i, this.colors.removal, Math.max(2, cell * 0.06), [cell * 0.1, cell * 0.06]);
      badge(i, this.colors.removal, '−');
    }
    for (const [i, kind] of m.targets) {
      const { x, y } = geo(i);
      if (kind === 'step') {
        ctx.beginPath();
        ctx.arc(x + cell / 2, y + cell / 2, cell * 0.15, 0, Math.PI * 2);
        ctx.fillStyle = this.colors.target;
        ctx.globalAlpha = 0.85;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.lineWidth = Math.max(1, cell * 0.03);
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
      } else if (kind === 'merge') {
        ring(i, this.colors.target, Math.max(2, cell * 0.08), [cell * 0.14, cell * 0.07]);
        badge(i, this.colors.target, '+');
      } else {
        const s = cell * 0.26;
        ctx.fillStyle = this.colors.capture;
        for (const [cx, cy, dx, dy] of [
          [x, y, 1, 1], [x + cell, y, -1, 1], [x, y + cell, 1, -1], [x + cell, y + cell, -1, -1],
        ]) {
          ctx.beginPath();
          ctx.moveTo(cx, cy);
          ctx.lineTo(cx + dx * s, cy);
          ctx.lineTo(cx, cy + dy * s);
          ctx.closePath();
          ctx.fill();
        }
        badge(i, this.colors.capture, '×');
      }
    }
  }
}
