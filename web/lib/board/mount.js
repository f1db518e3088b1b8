// @ts-check
// One playable board, like chessground's `Chessground(el, config) → Api`:
// the canvas (BoardView), the accessible grid (BoardGrid), the dice, the
// Confirm / Undo / Roll buttons, the status line and pointer input, drawn
// from one GameController. Every page that plays a board (the game page,
// the friend page, lessons and puzzles, <diablo-board mode="play">) mounts
// it; the page adds only what is its own around it.
//
//   const api = mountBoard(parts, options);
//   const controller = new GameController(session, players, {
//     changed: () => api.draw(), fail, ...api.motion,
//   });
//   api.setController(controller);
//
// ---- API ------------------------------------------------------------------
//
// mountBoard(parts: BoardParts, options: BoardOptions) → BoardApi
//
// BoardParts (elements the page owns; the component only fills them):
//   canvas, wrap       the canvas and the square box it fills (BoardView)
//   grid               the role=grid element laid over the canvas (BoardGrid)
//   dice               the dice's box (role=group; labelled with the faces)
//   status             the status line
//   roll?, confirm?, undo?   buttons: clicks are the board's commands, and
//                      they are disabled while the command is not open
//
// BoardOptions (read at every draw, so a page's state changes need no call):
//   words()            the words of the board's language (the page words,
//                      t('page', lang)): an element passes its own language,
//                      nothing is looked up globally here
//   flipped?()         Green's side at the bottom (default false)
//   locked?()          no input and no choices shown, an empty status line
//                      (a lesson's turn once judged)
//   canAct?()          whether the person at this screen may act now (the
//                      friend's turn is theirs; not while a replay is on
//                      show); when false the board still shows the game
//                      and its choices, but presses go to `refused`
//   refused?()         a press or command came while `canAct` was false
//   acted?(i, time)    a square press was handed to the controller
//   coords?()          coordinates on the board (default false)
//   hint?()            arrows of a hint, drawn over the live game
//   frame?()           a replay frame's state to show instead of the live
//                      game (then nothing is playable), or null
//   decorate?(model, state)  may change the model before it is drawn (a
//                      review's marks); returns nothing
//   status?()          the status line's text instead of the controller's,
//                      or null for the controller's
//   themeFrom?         an element whose theme variables colour the board
//
// BoardApi:
//   view               the BoardView (animate, step, run, stopMotion, set, draw)
//   grid               the BoardGrid (cursor, hasFocus, move, focus)
//   controller         the GameController played, or null
//   motion             { moved, show }: the ControllerHost callbacks that
//                      animate a person's and a computer's actions here
//   setController(c)   plays another controller (null: none; the old one
//                      is not stopped: the page owns it)
//   draw(model?)       draws everything; with `model`, that board instead
//                      of `model()` (a page's drawing over it)
//   model()            the board it would draw now (with `decorate`)
//   shown()            the state on show (the frame, else the live game)
//   act(i)             a square pressed or activated (pointer and grid call it)
//   roll(), confirm(), undo()   the buttons' commands
//   next()             Space / Enter: the controller's next step, else the
//                      cursor's square (focusing the grid first)
//   cursor(dx, dy)     an arrow key: moves the grid's cursor (focusing it first)
//   stop()             no more input or drawing (the controller is not stopped)
//
// A press, a button or a key while the board moves (the person's own move,
// a friend's turn arriving, on a slow phone too) is never lost: the motion
// ends at once (the board is final: the engine has every action before it
// is shown) and the command is handled on that position. Only the
// computer's moves play out (the person cannot act in its turn; a press
// then says so). The canvas's `data-settled` tells when the board is at rest.
//
// One rule for the dice: the roll of the turn under way is shown as it is
// (spent dice marked); with no dice rolled, the last roll stays on show,
// spent, in the colour of the side that rolled it; once the game is over,
// that roll (the one that decided it) shows unspent in the winner's colour.
// Before any roll the dice are blank.

import { diceOnShow, renderDice } from './dice.js';
import { BoardView } from './board.js';
import { BoardGrid } from './grid.js';
import { bindPointer } from './input.js';
import { frameModel } from '../game/frame.js';
import { MOVE_MS, SHOW_MS } from '../game/players.js';
import { $, button } from '../dom.js';

/** @typedef {import('./board.js').BoardModel} BoardModel */
/** @typedef {import('../types.js').GameState} GameState */
/** @typedef {import('../game/controller.js').GameController} GameController */
/** @typedef {import('../types.js').ActionView} ActionView */

/**
 * @typedef {object} BoardParts
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} wrap
 * @property {HTMLElement} grid
 * @property {HTMLElement} dice
 * @property {HTMLElement} status
 * @property {HTMLButtonElement} [roll]
 * @property {HTMLButtonElement} [confirm]
 * @property {HTMLButtonElement} [undo]
 */

/**
 * @typedef {object} BoardOptions
 * @property {() => import('../i18n/i18n.js').Words['page']} words
 * @property {() => boolean} [flipped]
 * @property {() => boolean} [locked]
 * @property {() => boolean} [canAct]
 * @property {() => void} [refused]
 * @property {(i: number, time: number) => void} [acted]
 * @property {() => boolean} [coords]
 * @property {() => import('../types.js').Arrow[]} [hint]
 * @property {() => GameState | null} [frame]
 * @property {(model: BoardModel, state: GameState) => void} [decorate]
 * @property {() => string | null} [status]
 * @property {Element} [themeFrom]
 */

/**
 * @typedef {object} BoardApi
 * @property {BoardView} view
 * @property {BoardGrid} grid
 * @property {GameController | null} controller
 * @property {{ moved: (action: ActionView, before: number[]) => void,
 *              show: (action: ActionView, before: number[]) => Promise<void> }} motion
 * @property {(c: GameController | null) => void} setController
 * @property {(model?: BoardModel) => void} draw
 * @property {() => BoardModel | null} model
 * @property {() => GameState | null} shown
 * @property {(i: number, time?: number) => void} act
 * @property {() => void} roll
 * @property {() => void} confirm
 * @property {() => void} undo
 * @property {() => void} next
 * @property {(dx: number, dy: number) => void} cursor
 * @property {() => void} stop
 */

/**
 * A board without choices: what a locked board shows.
 * @param {BoardModel} m
 * @returns {BoardModel}
 */
function withoutChoices(m) {
  return { ...m, sources: new Set(), removals: new Set(), selected: null, targets: new Map() };
}

/**
 * Mounts one playable board on the page's parts.
 * @param {BoardParts} parts
 * @param {BoardOptions} options
 * @returns {BoardApi}
 */
/**
 * A page's board parts by the ids every page gives them (`board`,
 * `board-wrap`, `grid`, `dice`, `status`, `btn-confirm`, `btn-undo`, and
 * `btn-roll` where the page rolls).
 * @param {{ roll?: boolean }} [which]
 * @returns {BoardParts}
 */
export function pageParts({ roll = false } = {}) {
  return {
    canvas: /** @type {HTMLCanvasElement} */ ($('board')),
    wrap: $('board-wrap'),
    grid: $('grid'),
    dice: $('dice'),
    status: $('status'),
    ...(roll ? { roll: button('btn-roll') } : {}),
    confirm: button('btn-confirm'),
    undo: button('btn-undo'),
  };
}

export function mountBoard(parts, options) {
  const o = options;
  const view = new BoardView(parts.canvas, parts.wrap, o.themeFrom ? { themeFrom: o.themeFrom } : {});
  let stopped = false;
  const locked = () => stopped || Boolean(o.locked?.());
  /**
   * Whether input goes to the controller now; a refusal is told. Input that
   * goes ends any motion first (but the computer's, which plays out), so
   * that it is handled on the final board.
   */
  const open = () => {
    if (locked() || !api.controller) return false;
    if (o.frame?.() || (o.canAct && !o.canAct())) {
      o.refused?.();
      return false;
    }
    if (!api.controller.computerTurn) view.stopMotion();
    return true;
  };
  const grid = new BoardGrid(parts.grid, {
    activate: (i) => api.act(i),
    focused: () => api.draw(),
  });
  // Leaving the grid hides its cursor.
  parts.grid.addEventListener('focusout', () => queueMicrotask(() => api.draw()));
  bindPointer(
    parts.canvas,
    view,
    (i, time) => {
      const active = /** @type {Document | ShadowRoot} */ (parts.grid.getRootNode()).activeElement;
      if (grid.hasFocus() && active instanceof HTMLElement) active.blur();
      api.act(i, time);
    },
    () => (api.controller && !o.frame?.() ? api.controller.selected : null),
  );
  parts.roll?.addEventListener('click', () => api.roll());
  parts.confirm?.addEventListener('click', () => api.confirm());
  parts.undo?.addEventListener('click', () => api.undo());

  /** @type {BoardApi} */
  const api = {
    view,
    grid,
    controller: null,
    motion: {
      moved: (action, before) => {
        view.animate(action, MOVE_MS, { before });
      },
      show: (action, before) => view.animate(action, SHOW_MS, { before }),
    },
    setController(c) {
      api.controller = c;
    },
    shown() {
      return o.frame?.() ?? api.controller?.state ?? null;
    },
    model() {
      const c = api.controller;
      const st = api.shown();
      if (!c || !st) return null;
      const coords = Boolean(o.coords?.());
      const cursor = grid.hasFocus() ? grid.cursor : null;
      const frame = o.frame?.();
      const live = frame ? frameModel(frame, { coords, cursor }) : c.model({ coords, cursor, hint: o.hint?.() ?? [] });
      const m = { ...(locked() ? withoutChoices(live) : live), flipped: Boolean(o.flipped?.()) };
      o.decorate?.(m, st);
      return m;
    },
    draw(given) {
      const c = api.controller;
      const st = api.shown();
      if (stopped || !c || !st || c.stopped) return;
      const m = given ?? api.model();
      if (!m) return;
      const w = o.words();
      const flipped = Boolean(m.flipped);
      if (grid.n !== st.size || grid.flipped !== flipped) grid.build(st.size, flipped);
      view.set(m);
      grid.update(m, w.cell);
      renderDice(parts.dice, diceOnShow(st), w);
      parts.dice.setAttribute('aria-label', `${w.dice}: ${w.diceFaces(st.faces)}`);
      const can = c.controls();
      const playable = !locked() && !o.frame?.() && (o.canAct?.() ?? true);
      if (parts.roll) parts.roll.disabled = !playable || !can.roll;
      if (parts.confirm) parts.confirm.disabled = !playable || !can.confirm;
      if (parts.undo) parts.undo.disabled = !playable || !can.undo;
      const status = locked() ? '' : (o.status?.() ?? c.status());
      if (parts.status.textContent !== status) parts.status.textContent = status;
    },
    act(i, time = performance.now()) {
      const c = api.controller;
      // A press while the board moves is handled on the final board (`open`).
      if (!c || !open()) return;
      c.activate(i);
      o.acted?.(i, time);
    },
    roll() {
      if (open()) api.controller?.roll();
    },
    confirm() {
      if (open()) api.controller?.confirm();
    },
    undo() {
      if (open()) api.controller?.undo();
    },
    next() {
      const c = api.controller;
      if (!c || !open()) return;
      if (c.next()) return;
      // The first press shows the cursor; the next ones act on its square.
      if (!grid.hasFocus()) grid.focus(grid.cursor);
      else api.act(grid.cursor);
    },
    cursor(dx, dy) {
      if (stopped) return;
      if (grid.hasFocus()) grid.move(dx, dy);
      else grid.focus(grid.cursor);
    },
    stop() {
      stopped = true;
      view.stopMotion();
    },
  };
  return api;
}
