// @ts-check
// Drawing one frame of the board on a canvas (board.js's BoardView calls
// it): squares, stacks drawn as piles with their height, arrows of the last
// and the current turn, the marks of the engine's options, a hint, the
// keyboard cursor, and an action in motion over them. It knows no rules.

/** @typedef {import('./board.js').BoardModel} BoardModel */
/** @typedef {import('./board.js').Motion} Motion */
/** What a frame is drawn with: the context and the colours. @typedef {{ ctx: CanvasRenderingContext2D, colors: typeof import('./board.js').COLORS }} Paint */

/** Squares smaller than this (CSS px) get their coordinates on plates over the stacks. */
export const SMALL_CELL = 56;

/** At most this many discs are drawn for a pile; the number gives the rest. */
export const MAX_LAYERS = 5;

/** Smooth start and stop for a moving stack. */
const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Part of a move's time after which a captured stack starts to rise (the mover is nearly there). */
const CAPTURE_LIFT_FROM = 0.45;

/**
 * Draws a board model at a CSS size (and device pixel ratio), with the
 * action in motion, if any, over it.
 * @param {Paint} pen @param {BoardModel} m @param {number} cssSize @param {number} dpr
 * @param {Motion | null} motion
 */
export function paint(pen, m, cssSize, dpr, motion) {
  const ctx = pen.ctx;
  const cell = cssSize / m.n;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const last = m.n - 1;
  const geo = (i) => {
    const file = i % m.n;
    const rank = Math.floor(i / m.n);
    return m.flipped
      ? { x: (last - file) * cell, y: rank * cell, file, rank }
      : { x: file * cell, y: (last - rank) * cell, file, rank };
  };
  squares(pen, m, cell, geo);
  const cells = motion && motion.kind !== 'still' ? cellsInMotion(motion.base ?? m.cells, motion) : m.cells;
  /** @param {number} part */
  const piles = (part) =>
    cells.forEach((v, i) => {
      if (v) pile(pen, geo(i), cell, v, part);
    });
  piles(1);
  arrows(pen, m.last, pen.colors.arrowLast, cell, geo);
  arrows(pen, m.current, pen.colors.arrowCurrent, cell, geo);
  marks(pen, m, cell, geo);
  if (m.coords && cell < SMALL_CELL) smallCoordinates(pen, m, cell, geo);
  if (m.hint?.length) preview(pen, m.hint, m, cell, geo);
  // The heights over every arrow and mark, so none hides one.
  piles(2);
  if (motion) drawMotion(pen, motion, m, cell, geo);
  if (m.cursor != null) {
    const { x, y } = geo(m.cursor);
    const w = Math.max(2, cell * 0.06);
    ctx.save();
    ctx.setLineDash([cell * 0.12, cell * 0.08]);
    ctx.lineWidth = w;
    ctx.strokeStyle = pen.colors.cursor;
    ctx.strokeRect(x + w / 2, y + w / 2, cell - w, cell - w);
    ctx.restore();
  }
}

/** The board without what is in motion: a moving stack, a removed checker. */
function cellsInMotion(cells, motion) {
  const out = cells.slice();
  const v = motion.value;
  out[motion.from] = motion.to == null ? Math.sign(v) * (Math.abs(v) - 1) : 0;
  if (motion.taken && motion.to != null) out[motion.to] = 0;
  return out;
}

/**
 * The action being shown: a sliding stack (and the stack it captures,
 * rising and fading as it lands), a lifting checker, or (still) its marks.
 * @param {Paint} pen @param {Motion} motion @param {BoardModel} m @param {number} cell
 * @param {(i: number) => {x: number, y: number}} geo
 */
function drawMotion(pen, motion, m, cell, geo) {
  const ctx = pen.ctx;
  if (motion.kind === 'still') {
    preview(pen, [motion], m, cell, geo, pen.colors.arrowCurrent);
    return;
  }
  const p = geo(motion.from);
  if (motion.to == null) {
    ctx.save();
    ctx.globalAlpha = 1 - motion.t;
    const h = Math.abs(motion.value);
    const top = Math.min(h, MAX_LAYERS) - 1;
    const lift = cell * (0.05 * top + 0.45 * ease(motion.t));
    pile(pen, { x: p.x, y: p.y - lift }, cell, Math.sign(motion.value));
    ctx.restore();
    return;
  }
  const q = geo(motion.to);
  if (motion.taken) {
    const k = Math.max(0, (motion.t - CAPTURE_LIFT_FROM) / (1 - CAPTURE_LIFT_FROM));
    ctx.save();
    ctx.globalAlpha = 1 - k;
    pile(pen, { x: q.x, y: q.y - cell * 0.5 * k }, cell, motion.taken);
    ctx.restore();
  }
  const k = ease(motion.t);
  pile(pen, { x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k }, cell, motion.value);
}

/** A suggested turn (or an action about to be played): dashed arrows and rings. */
function preview(pen, actions, _m, cell, geo, color = pen.colors.hint) {
  const ctx = pen.ctx;
  arrows(pen, actions, color, cell, geo, [cell * 0.16, cell * 0.1]);
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

function squares(pen, m, cell, geo) {
  const ctx = pen.ctx;
  const tint = new Map();
  for (const a of m.last) for (const s of [a.from, a.to]) if (s != null) tint.set(s, pen.colors.last);
  for (const a of m.current) for (const s of [a.from, a.to]) if (s != null) tint.set(s, pen.colors.current);
  if (m.selected != null) tint.set(m.selected, pen.colors.selected);
  const fontPx = Math.max(8, Math.round(cell * 0.2));
  // Small squares get their labels on top of the stacks instead (smallCoordinates).
  const showCoords = m.coords && cell >= SMALL_CELL;
  for (let i = 0; i < m.n * m.n; i++) {
    const { x, y, file, rank } = geo(i);
    const dark = (file + rank) % 2 === 0;
    ctx.fillStyle = dark ? pen.colors.dark : pen.colors.light;
    ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
    const t = tint.get(i);
    if (t) {
      ctx.fillStyle = t;
      ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
    }
    // Labels go on the left column and the bottom row as drawn.
    const edge = m.flipped ? m.n - 1 : 0;
    if (showCoords && (file === edge || rank === edge)) {
      ctx.fillStyle = dark ? pen.colors.coordDark : pen.colors.coordLight;
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
 * @param {Paint} pen @param {BoardModel} m @param {number} cell
 * @param {(i: number) => {x: number, y: number, file: number, rank: number}} geo
 */
function smallCoordinates(pen, m, cell, geo) {
  const ctx = pen.ctx;
  const edge = m.flipped ? m.n - 1 : 0;
  ctx.save();
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  /** @param {string} text @param {number} x @param {number} y the square's corner @param {'rank' | 'file'} corner */
  const plate = (text, x, y, corner) => {
    const b = labelPlate(cell, text.length, corner);
    ctx.font = `700 ${b.px}px system-ui, sans-serif`;
    ctx.fillStyle = pen.colors.plate;
    ctx.beginPath();
    ctx.roundRect(x + b.x, y + b.y, b.w, b.h, b.h * 0.3);
    ctx.fill();
    ctx.fillStyle = pen.colors.plateText;
    ctx.fillText(text, x + b.x + b.w / 2, y + b.y + b.h / 2 + b.px * 0.04);
  };
  for (let k = 0; k < m.n; k++) {
    const rankSquare = geo(k * m.n + edge);
    plate(String(rankSquare.rank + 1), rankSquare.x, rankSquare.y, 'rank');
    const fileSquare = geo(edge * m.n + k);
    plate(String.fromCharCode(97 + fileSquare.file), fileSquare.x, fileSquare.y, 'file');
  }
  ctx.restore();
}

/**
 * Where a small square's coordinate goes: a plate tucked into its corner
 * (the rank top left, the file bottom right), small enough to stay clear
 * of a pile's discs (pileDiscs) on squares of 42 px and more (an 8x8
 * board on a 360 px phone). Relative to the square's top-left corner; `px` is
 * the font size, 8 px at least, so on smaller squares (a phone's 10x10
 * and up) and for two-digit ranks below 52 px a label may touch a tall
 * pile's top disc.
 * @param {number} cell the square's size (CSS px) @param {number} chars the label's length
 * @param {'rank' | 'file'} corner
 */
export function labelPlate(cell, chars, corner) {
  const px = Math.max(8, cell * (chars > 1 ? 0.15 : 0.18));
  // The width of system-ui digits and letters is about 0.62 em.
  const w = px * (0.35 + 0.62 * chars);
  const h = px * 1.1;
  return corner === 'rank' ? { x: 0, y: 0, w, h, px } : { x: cell - w, y: cell - h, w, h, px };
}

/**
 * The discs of a pile of `layers` (1..MAX_LAYERS) in a square whose
 * top-left corner is (0, 0): their centre's x, the radius, the centre's y
 * of the lowest disc's top (`base`) and the step up between discs (`dy`);
 * each disc's rim shows `0.7 * dy` below its top.
 * @param {number} cell @param {number} layers
 */
export function pileDiscs(cell, layers) {
  const dy = cell * 0.05;
  const base = cell / 2 + ((layers - 1) * dy) / 2 + dy * 0.3;
  return { cx: cell / 2, r: cell * 0.34, dy, base, topY: base - (layers - 1) * dy };
}

/**
 * A stack as a pile of discs (part 1), the top one carrying the height
 * (part 2, on a halo of the stack's colour: it is drawn over arrows).
 * @param {Paint} pen @param {{x: number, y: number}} p @param {number} cell @param {number} value @param {number} [part] 1, 2 or both (3)
 */
function pile(pen, { x, y }, cell, value, part = 3) {
  const ctx = pen.ctx;
  const style = value > 0 ? pen.colors.black : pen.colors.green;
  const h = Math.abs(value);
  const layers = Math.min(h, MAX_LAYERS);
  const { cx: c, r, dy, base: b, topY: t } = pileDiscs(cell, layers);
  const cx = x + c;
  const base = y + b;
  const topY = y + t;
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
 * @param {Paint} pen @param {import('../types.js').Arrow[]} actions @param {string} color @param {number} cell
 * @param {(i: number) => {x: number, y: number}} geo @param {number[] | null} [dash]
 */
function arrows(pen, actions, color, cell, geo, dash = null) {
  const ctx = pen.ctx;
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
    const o = moves.some((b) => b[4] * ux + b[5] * uy < -0.9 && Math.abs((b[0] - x1) * uy - (b[1] - y1) * ux) < 1)
      ? lane
      : 0;
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

function marks(pen, m, cell, geo) {
  const ctx = pen.ctx;
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
    if (i !== m.selected) ring(i, pen.colors.source, Math.max(2, cell * 0.05));
  }
  if (m.selected != null) ring(m.selected, pen.colors.target, Math.max(3, cell * 0.09));
  for (const i of m.removals) {
    ring(i, pen.colors.removal, Math.max(2, cell * 0.06), [cell * 0.1, cell * 0.06]);
    badge(i, pen.colors.removal, '−');
  }
  for (const [i, kind] of m.targets) {
    const { x, y } = geo(i);
    if (kind === 'step') {
      ctx.beginPath();
      ctx.arc(x + cell / 2, y + cell / 2, cell * 0.15, 0, Math.PI * 2);
      ctx.fillStyle = pen.colors.target;
      ctx.globalAlpha = 0.85;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = Math.max(1, cell * 0.03);
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
    } else if (kind === 'merge') {
      ring(i, pen.colors.target, Math.max(2, cell * 0.08), [cell * 0.14, cell * 0.07]);
      badge(i, pen.colors.target, '+');
    } else {
      const s = cell * 0.26;
      ctx.fillStyle = pen.colors.capture;
      for (const [cx, cy, dx, dy] of [
        [x, y, 1, 1],
        [x + cell, y, -1, 1],
        [x, y + cell, 1, -1],
        [x + cell, y + cell, -1, -1],
      ]) {
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(cx + dx * s, cy);
        ctx.lineTo(cx, cy + dy * s);
        ctx.closePath();
        ctx.fill();
      }
      badge(i, pen.colors.capture, '×');
    }
  }
}
