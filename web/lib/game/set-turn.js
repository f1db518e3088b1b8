// @ts-check
// A board for one turn of a set position with set dice, which its page
// judges once confirmed: the lessons (web/learn/) and the puzzles
// (web/puzzles/). The board view, the accessible grid and one
// GameController, with the game page's pointer and keys; once the page has
// judged a turn (`locked`), the board takes no more input and shows no
// choices. The page draws its own words around it.

import { Session } from '../engine/engine.js';
import { GameController } from './controller.js';
import { MOVE_MS } from './players.js';
import { BoardView } from '../board/board.js';
import { BoardGrid } from '../board/grid.js';
import { renderDice } from '../board/dice.js';
import { bindKeys, bindPointer, keyboardInUse } from '../board/input.js';
import { t } from '../i18n/i18n.js';
import { fail, guard } from '../page.js';
import { $, button } from '../dom.js';

/** @typedef {import('../board/board.js').BoardModel} BoardModel */

/**
 * What the board needs from its page.
 * @typedef {object} SetTurnPage
 * @property {() => void} changed redraw (the page's render, which calls `draw`)
 * @property {(turn: import('./controller.js').TurnPlayed) => void} judged a turn was confirmed
 * @property {() => boolean} locked whether the turn on show has been judged
 */

export class SetTurn {
  /**
   * The board of the page's `#board`, `#board-wrap` and `#grid`, playing
   * `position` (a code) until `set` gives another.
   * @param {SetTurnPage} page @param {string} position @param {import('../types.js').Edition} edition
   */
  constructor(page, position, edition) {
    this.page = page;
    this.board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'));
    this.grid = new BoardGrid($('grid'), {
      activate: guard((i) => this.act(i)),
      focused: () => page.changed(),
    });
    this.controller = new GameController(Session.fromPosition(position, edition), 'hotseat', {
      changed: () => page.changed(),
      fail,
      turnPlayed: (turn) => page.judged(turn),
      moved: (action, before) => { this.board.animate(action, MOVE_MS, { before }); },
      keys: keyboardInUse,
    });
    const c = this.controller;
    bindPointer(/** @type {HTMLCanvasElement} */ ($('board')), this.board, guard((i) => this.act(i)), () => c.selected);
    const none = () => {};
    bindKeys({
      roll: none,
      next: guard(() => {
        if (page.locked()) return;
        // Space and Enter confirm a complete turn, else act on the cursor's square.
        if (!c.next()) this.act(this.grid.cursor);
      }),
      undo: guard(() => { if (!page.locked()) c.undo(); }),
      takeBack: none,
      newGame: none,
      cancel: guard(() => c.cancel()),
      help: none,
      flip: none,
      cursor: (dx, dy) => this.grid.move(dx, dy),
    });
    button('btn-confirm').addEventListener('click', guard(() => c.confirm()));
    button('btn-undo').addEventListener('click', guard(() => c.undo()));
  }

  /** A square clicked or activated: the controller asks the engine. @param {number} i */
  act(i) {
    if (this.page.locked()) return;
    this.board.stopMotion();
    this.controller.activate(i);
  }

  /**
   * Plays `position` (again) with its dice, nothing judged; `news` is the
   * status line's first words.
   * @param {string} position @param {import('../types.js').Edition} edition
   * @param {[number, number]} roll @param {string} news
   */
  set(position, edition, [a, b], news) {
    const c = this.controller;
    c.replace(Session.fromPosition(position, edition), 'hotseat');
    c.setRoll(a, b);
    c.news = news;
  }

  /** The board as the controller has it; once judged, without choices. @returns {BoardModel} */
  model() {
    const m = this.controller.model({ coords: true, cursor: this.grid.hasFocus() ? this.grid.cursor : null });
    return this.page.locked() ? { ...m, sources: new Set(), removals: new Set(), selected: null, targets: new Map() } : m;
  }

  /**
   * Draws `model` (this.model(), or the page's drawing over it), the dice
   * (the last roll once the turn is played), Confirm and Undo, and the
   * status line (empty once judged).
   * @param {BoardModel} model
   */
  draw(model) {
    const c = this.controller;
    const st = c.state;
    const locked = this.page.locked();
    this.board.set(model);
    if (this.grid.n !== st.size) this.grid.build(st.size);
    this.grid.update(model, t().cell);
    renderDice($('dice'), st.roll ? st : { ...st, roll: st.lastRoll, diceUsed: [true, true] }, t());
    const can = c.controls();
    button('btn-confirm').disabled = !can.confirm || locked;
    button('btn-undo').disabled = !can.undo || locked;
    const status = locked ? '' : c.status();
    if ($('status').textContent !== status) $('status').textContent = status;
  }
}
