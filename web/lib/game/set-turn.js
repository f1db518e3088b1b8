// @ts-check
// A board for one turn of a set position with set dice, which its page
// judges once confirmed: the lessons (web/learn/) and the puzzles
// (web/puzzles/). The page's board (lib/board/mount.js) on one
// GameController, with the game page's keys; once the page has judged a
// turn (`locked`), the board takes no more input and shows no choices. The
// page draws its own words around it.

import { Session } from '../engine/engine.js';
import { GameController } from './controller.js';
import { mountBoard, pageParts } from '../board/mount.js';
import { bindKeys, keyboardInUse } from '../board/input.js';
import { t } from '../i18n/i18n.js';
import { fail, guard } from '../page.js';

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
   * The board of the page's `#board`, `#board-wrap`, `#grid`, `#dice`,
   * `#status`, `#btn-confirm` and `#btn-undo`, playing `position` (a code)
   * until `set` gives another.
   * @param {SetTurnPage} page @param {string} position @param {import('../types.js').Edition} edition
   */
  constructor(page, position, edition) {
    this.page = page;
    this.api = mountBoard(pageParts(), {
      words: () => t(),
      locked: () => page.locked(),
      coords: () => true,
    });
    this.board = this.api.view;
    this.grid = this.api.grid;
    this.controller = new GameController(Session.fromPosition(position, edition), 'hotseat', {
      changed: () => page.changed(),
      fail,
      turnPlayed: (turn) => page.judged(turn),
      moved: this.api.motion.moved,
      keys: keyboardInUse,
    });
    this.api.setController(this.controller);
    const none = () => {};
    const api = this.api;
    bindKeys({
      roll: none,
      next: guard(() => api.next()),
      undo: guard(() => api.undo()),
      takeBack: none,
      newGame: none,
      cancel: guard(() => this.controller.cancel()),
      help: none,
      flip: none,
      cursor: (dx, dy) => this.grid.move(dx, dy),
    });
  }

  /** A square clicked or activated: the controller asks the engine. @param {number} i */
  act(i) {
    this.api.act(i);
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
    return /** @type {BoardModel} */ (this.api.model());
  }

  /**
   * Draws `model` (this.model(), or the page's drawing over it), the dice,
   * Confirm and Undo, and the status line (empty once judged).
   * @param {BoardModel} model
   */
  draw(model) {
    this.api.draw(model);
  }
}
