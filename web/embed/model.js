// What the board draws for each mode (a BoardModel, see ../board.js) and how
// the position reads aloud. No rules here: the cells come from the engine,
// the marks from the attributes or the engine's options.

import { squareName } from '../engine.js';
import { squareIndex } from './config.js';

const COLOR = { black: 'Black', green: 'Green' };

/** An empty set of marks on an N x N board. */
function blank(state, coords) {
  return {
    n: state.size,
    cells: state.cells,
    coords,
    sources: new Set(),
    selected: null,
    targets: new Map(),
    removals: new Set(),
    last: [],
    current: [],
    cursor: null,
  };
}

/**
 * A diagram: the position with the attributes' arrows, highlights and marks,
 * and, when dice are given, the actions the engine played (`current`) and
 * the options it offers (for `select` and `options`).
 * @param {object} state the engine's state
 * @param {{moves:{from:number, targets:{to:number, kind:string}[]}[], removals:number[]}} options
 *   the engine's options
 * @param {import('./config.js').EmbedConfig} config
 * @throws {import('./config.js').EmbedError} for a square off the board
 */
export function diagramModel(state, options, config) {
  const n = state.size;
  const m = blank(state, config.coords);
  m.current = state.actions;
  if (config.options) {
    for (const s of options.moves) m.sources.add(s.from);
    for (const i of options.removals) m.removals.add(i);
  }
  if (config.select) {
    m.selected = squareIndex(config.select, n, 'select');
    m.sources.delete(m.selected);
    for (const tg of options.moves.find((s) => s.from === m.selected)?.targets ?? []) m.targets.set(tg.to, tg.kind);
  }
  m.last = config.arrows.map((a) => ({
    from: squareIndex(a.from, n, 'arrows'),
    to: a.to == null ? null : squareIndex(a.to, n, 'arrows'),
  }));
  for (const sq of config.highlight) m.sources.add(squareIndex(sq, n, 'highlight'));
  for (const [sq, kind] of config.marks) {
    const i = squareIndex(sq, n, 'marks');
    if (kind === 'removal') m.removals.add(i);
    else if (kind === 'selected') m.selected = i;
    else m.targets.set(i, kind);
  }
  return m;
}

/** A replay frame: the position with the arrows of the turn that led to it. */
export function replayModel(frame, coords) {
  const m = blank(frame.state, coords);
  m.last = frame.state.lastTurn;
  return m;
}

const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

/** Stacks of one colour, e.g. "a1, c3 (height 2)". */
function stacksOf(state, sign) {
  const out = [];
  state.cells.forEach((v, i) => {
    if (Math.sign(v) !== sign) return;
    const h = Math.abs(v);
    out.push(h > 1 ? `${squareName(i, state.size)} (height ${h})` : squareName(i, state.size));
  });
  return out;
}

/** The marks of a model in words: selection, destinations, stacks that can act, removals. */
function marksInWords(m) {
  const sq = (i) => squareName(i, m.n);
  const out = [];
  if (m.selected != null) {
    const dests = [...m.targets].map(([i, kind]) => `${sq(i)} (${kind})`);
    out.push(`${sq(m.selected)} selected; ${dests.length ? `destinations: ${dests.join(', ')}` : 'no destinations'}`);
  } else if (m.targets.size) {
    out.push(`Marked: ${[...m.targets].map(([i, kind]) => `${sq(i)} (${kind})`).join(', ')}`);
  }
  if (m.sources.size) out.push(`Ringed: ${[...m.sources].map(sq).join(', ')}`);
  if (m.removals.size) out.push(`Can lose a checker: ${[...m.removals].map(sq).join(', ')}`);
  return out;
}

/** Boards with more stacks than this are summarised by counts only. */
const LIST_LIMIT = 24;

/**
 * The position in words for assistive technology: size, whose move, the
 * stacks (listed when few), the arrows, and the position code.
 */
export function describe(state, { arrows = [], caption = '', prefix = '', model = null, dice = true } = {}) {
  const n = state.size;
  const parts = [];
  if (prefix) parts.push(prefix);
  if (caption) parts.push(caption);
  const who = state.winner
    ? `${COLOR[state.winner]} has won`
    : `${COLOR[state.side]} to move, turn ${state.turn}`;
  parts.push(`Diablo board ${n}×${n}, ${state.edition} edition, ${who}`);
  [['black', 1, 0], ['green', -1, 1]].forEach(([color, sign, k]) => {
    const stacks = stacksOf(state, sign);
    const counts = `${plural(state.checkers[k], 'checker')} in ${plural(state.stacks[k], 'stack')}`;
    parts.push(stacks.length && stacks.length + state.stacks[1 - k] <= LIST_LIMIT
      ? `${COLOR[color]}: ${counts}: ${stacks.join(', ')}`
      : `${COLOR[color]}: ${counts}`);
  });
  const name = (a) => a.text ?? (a.to == null
    ? `-${squareName(a.from, n)}` : `${squareName(a.from, n)}-${squareName(a.to, n)}`);
  if (arrows.length) parts.push(`Arrows: ${arrows.map(name).join(' ')}`);
  if (dice && state.roll) parts.push(`Dice: ${state.roll.join(' and ')}`);
  if (state.actions.length) parts.push(`Played this turn: ${state.actions.map(name).join(' ')}`);
  if (model) parts.push(...marksInWords(model));
  parts.push(`Position code: ${state.code}`);
  return `${parts.map((p) => p.replace(/[.\s]+$/, '')).join('. ')}.`;
}
