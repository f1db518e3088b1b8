// @ts-check
// What the board draws for a diagram (a BoardModel, see ../board.js) and how
// a position reads aloud. No rules and no notation here: the cells come
// from the engine, squares and arrows are read by the engine, the marks
// from the attributes or the engine's options.

import { parseAction, squareIndex, squareName } from '../lib/engine/engine.js';
import { frameModel } from '../lib/game/frame.js';
import { engine } from './games.js';

/** @typedef {import('../lib/types.js').GameState} GameState */
/** @typedef {import('../lib/types.js').Options} Options */
/** @typedef {import('../lib/types.js').Arrow} Arrow */
/** @typedef {import('../lib/board/board.js').BoardModel} BoardModel */
/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./diablo-board.js').ElementWords} ElementWords */

/**
 * A diagram: the position with the attributes' arrows, highlights and marks,
 * and, when dice are given, the actions the engine played (`current`) and
 * the options it offers (for `select` and `options`).
 * @param {import('../lib/engine/engine.js').Session} session the position, with the attributes' roll and actions played
 * @param {EmbedConfig} config
 * @returns {BoardModel}
 * @throws {import('./config.js').EmbedError} for a square or an arrow the engine cannot read here
 */
export function diagramModel(session, config) {
  const state = session.state;
  const n = state.size;
  /** @param {string} attribute @param {string} name */
  const square = (attribute, name) => engine(attribute, () => squareIndex(name, n));
  const m = {
    ...frameModel(state, { coords: config.coords }),
    last: config.arrows.map((a) => engine('arrows', () => parseAction(a, n))),
    current: state.actions,
  };
  if (config.options) {
    for (const from of session.sources.keys()) m.sources.add(from);
    for (const i of session.removals) m.removals.add(i);
  }
  if (config.select) {
    const selected = square('select', config.select);
    m.selected = selected;
    m.sources.delete(selected);
    for (const tg of session.targetsOf(selected)) m.targets.set(tg.to, tg.kind);
  }
  for (const sq of config.highlight) m.sources.add(square('highlight', sq));
  for (const [sq, kind] of config.marks) {
    const i = square('marks', sq);
    if (kind === 'removal') m.removals.add(i);
    else if (kind === 'selected') m.selected = i;
    else m.targets.set(i, kind);
  }
  return m;
}

/**
 * Stacks of one colour, e.g. "a1, c3 (height 2)".
 * @param {GameState} state @param {number} sign @param {ElementWords} w
 */
function stacksOf(state, sign, w) {
  /** @type {string[]} */
  const out = [];
  state.cells.forEach((v, i) => {
    if (Math.sign(v) !== sign) return;
    const h = Math.abs(v);
    out.push(h > 1 ? w.height(squareName(i, state.size), h) : squareName(i, state.size));
  });
  return out;
}

/**
 * The marks of a model in words: selection, destinations, stacks that can act, removals.
 * @param {BoardModel} m @param {ElementWords} w
 */
function marksInWords(m, w) {
  /** @param {number} i */
  const sq = (i) => squareName(i, m.n);
  /** @param {[number, string]} target */
  const named = ([i, kind]) => `${sq(i)} (${w.game.kind[kind] ?? kind})`;
  const out = [];
  if (m.selected != null) {
    const dests = [...m.targets].map(named);
    out.push(
      `${w.selectedSquare(sq(m.selected))}; ${dests.length ? `${w.destinations}: ${dests.join(', ')}` : w.noDestinations}`,
    );
  } else if (m.targets.size) {
    out.push(`${w.marked}: ${[...m.targets].map(named).join(', ')}`);
  }
  if (m.sources.size) out.push(`${w.ringed}: ${[...m.sources].map(sq).join(', ')}`);
  if (m.removals.size) out.push(`${w.canLose}: ${[...m.removals].map(sq).join(', ')}`);
  return out;
}

/** Boards with more stacks than this are summarised by counts only. */
const LIST_LIMIT = 24;

/**
 * The position in words for assistive technology: size, whose move, the
 * stacks (listed when few), the arrows, and the position code, in the
 * element's language.
 * @param {GameState} state
 * @param {{ arrows?: Arrow[], caption?: string, prefix?: string, model?: BoardModel | null, words: ElementWords }} extra
 */
export function describe(state, { arrows = [], caption = '', prefix = '', model = null, words }) {
  const w = words;
  const n = state.size;
  const color = w.game.color;
  const parts = [];
  if (prefix) parts.push(prefix);
  if (caption) parts.push(caption);
  const who = state.winner ? w.hasWon(color[state.winner]) : w.toMove(color[state.side], state.turn);
  parts.push(w.boardOf(n, state.edition, who));
  /** @type {[import('../lib/types.js').Color, number, number][]} */
  const sides = [
    ['black', 1, 0],
    ['green', -1, 1],
  ];
  for (const [side, sign, k] of sides) {
    const stacks = stacksOf(state, sign, w);
    const counts = w.counts(state.checkers[k], state.stacks[k]);
    parts.push(
      stacks.length && stacks.length + state.stacks[1 - k] <= LIST_LIMIT
        ? `${color[side]}: ${counts}: ${stacks.join(', ')}`
        : `${color[side]}: ${counts}`,
    );
  }
  /** @param {Arrow} a */
  const name = (a) => a.text ?? '?';
  if (arrows.length) parts.push(`${w.arrows}: ${arrows.map(name).join(' ')}`);
  if (state.roll) parts.push(w.diceAre(state.roll[0], state.roll[1]));
  if (state.actions.length) parts.push(`${w.playedThisTurn}: ${state.actions.map(name).join(' ')}`);
  if (model) parts.push(...marksInWords(model, w));
  parts.push(`${w.positionCode}: ${state.code}`);
  return `${parts.map((p) => p.replace(/[.\s]+$/, '')).join('. ')}.`;
}
