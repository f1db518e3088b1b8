// @ts-check
// What a game controller shows, computed from it without changing it: the
// instruction for the person at the board, which commands are open, and
// the board model to draw (controller.js's `instruction`, `controls` and
// `model` call these).

import { squareName } from '../engine/engine.js';

/** @typedef {import('./controller.js').GameController} GameController */
/** @typedef {import('../board/board.js').BoardModel} BoardModel */

/**
 * The instruction for the person at the board.
 * @param {GameController} c @param {import('../i18n/i18n.js').Words['page']} w the controller's words
 * @param {boolean} keys whether the words name keys
 */
export function instruction(c, w, keys) {
  const s = c.session;
  const st = s.state;
  const who = w.color[st.side];
  if (st.winner) {
    // Against the computer, from the person's side (as the game-over card says).
    const winner = w.color[st.winner];
    const cpu = c.computerSide;
    return `${!cpu ? w.wins(winner) : st.winner === cpu ? w.youLost(winner) : w.youWon(winner)} ${w.gameIsOver}`;
  }
  if (c.computerTurn) {
    if (c.thinking) return w.thinking(who);
    return st.roll ? w.computerPlaying(who) : w.computerToMove(who);
  }
  if (!st.roll) return w.toRoll(who, keys);
  if (st.complete) return w.turnComplete(keys);
  if (c.selected != null) return w.selected(squareName(c.selected, st.size));
  if (s.removals.size) return w.chooseRemoval;
  const first = st.balancing && st.actions.length === 0 ? `${w.balancing} ` : '';
  return `${first}${w.chooseStack}`;
}

/** Which commands a person can give now. @param {GameController} c */
export function controls(c) {
  const st = c.state;
  const cpu = c.computerTurn;
  const cpuSide = c.computerSide;
  return {
    roll: !st.roll && !st.winner && !cpu,
    confirm: st.complete && !cpu && !c.vetting,
    undo: st.actions.length > 0 && !cpu && !c.vetting,
    takeBack: st.log.some((l) => l.side !== cpuSide),
  };
}

/**
 * The board to draw: the engine's cells and options, the selection, and
 * the arrows of the last and the current turn.
 * @param {GameController} c
 * @param {{ coords: boolean, cursor: number | null, hint?: import('../types.js').Arrow[] }} view
 * @returns {BoardModel}
 */
export function boardModel(c, { coords, cursor, hint = [] }) {
  const s = c.session;
  const st = s.state;
  /** @type {Map<number, string>} */
  const targets = new Map();
  if (c.selected != null) for (const tg of s.targetsOf(c.selected)) targets.set(tg.to, tg.kind);
  // A person has nothing to choose while the computer plays.
  const cpu = c.computerTurn;
  return {
    n: st.size,
    cells: st.cells,
    coords,
    sources: new Set(cpu ? [] : s.sources.keys()),
    selected: c.selected,
    targets,
    removals: cpu ? new Set() : s.removals,
    last: st.roll && st.actions.length ? [] : st.lastTurn,
    current: st.actions,
    cursor,
    hint,
  };
}
