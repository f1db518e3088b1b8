// @ts-check
// A live game inside the element: two players at one screen, or a person
// (Black) against the computer. The game is the page's one controller
// (../controller.js); this file only draws it into the element's controls
// and turns the element's keys into its commands.

import { GameController } from '../lib/game/controller.js';
import { renderDice } from '../lib/board/dice.js';
import { MOVE_MS, SHOW_MS } from '../lib/game/players.js';
import { keyboardInUse } from '../lib/board/input.js';

/** @typedef {import('../lib/engine/engine.js').Session} Session */
/** @typedef {import('../lib/game/controller.js').TurnPlayed} TurnPlayed */

export class PlayMode {
  /**
   * @param {object} o
   * @param {Session} o.session the game (the mode owns it)
   * @param {import('../lib/board/board.js').BoardView} o.board
   * @param {import('../lib/board/grid.js').BoardGrid} o.grid
   * @param {{status:HTMLElement, dice:HTMLElement, roll:HTMLButtonElement,
   *          confirm:HTMLButtonElement, undo:HTMLButtonElement}} o.ui
   * @param {import('../lib/types.js').PlayersChoice} o.players
   * @param {boolean} o.coords
   * @param {import('./diablo-board.js').ElementWords} o.words the element's language
   * @param {(name: string, detail: object) => void} o.emit
   * @param {(message: string) => void} o.fail an unexpected engine error
   * @param {() => boolean} o.hasFocus whether the grid holds the focus
   * @param {(code: string) => void} o.shown the position code on show changed
   */
  constructor(o) {
    this.board = o.board;
    this.grid = o.grid;
    this.ui = o.ui;
    this.coords = o.coords;
    this.hasFocus = o.hasFocus;
    this.shown = o.shown;
    this.words = o.words;
    this.game = new GameController(o.session, o.players, {
      changed: () => this.render(),
      fail: o.fail,
      lang: o.words.lang,
      keys: keyboardInUse,
      turnPlayed: (turn) => {
        o.emit('turnplayed', {
          number: turn.number, side: turn.side, roll: turn.roll, turn: turn.turn, position: turn.position,
        });
        if (turn.winner) o.emit('gameover', { winner: turn.winner, turns: turn.turns, position: turn.position });
      },
      show: (action, before) => this.board.animate(action, SHOW_MS, { before }),
      moved: (action, before) => { this.board.animate(action, MOVE_MS, { before }); },
    });
    // Your colour at the bottom: Green's side when you play Green against the computer.
    this.flipped = this.game.computerSide === 'black';
    this.grid.build(o.session.size, this.flipped);
  }

  get state() { return this.game.state; }

  /** Stops reacting (the element was re-rendered or removed). */
  stop() {
    this.game.stop();
  }

  /** Draws the game: board, grid, dice, buttons, status. */
  render() {
    if (this.game.stopped) return;
    const st = this.state;
    const w = this.words.game;
    const m = { ...this.game.model({ coords: this.coords, cursor: this.hasFocus() ? this.grid.cursor : null }), flipped: this.flipped };
    this.board.set(m);
    this.grid.update(m, w.cell);
    renderDice(this.ui.dice, st, w);
    this.ui.dice.setAttribute('aria-label', `${w.dice}: ${w.diceFaces(st.faces)}`);
    const can = this.game.controls();
    this.ui.roll.disabled = !can.roll;
    this.ui.confirm.disabled = !can.confirm;
    this.ui.undo.disabled = !can.undo;
    const status = this.game.status();
    if (this.ui.status.textContent !== status) this.ui.status.textContent = status;
    this.shown(st.code);
  }

  /** @param {number} i */
  activate(i) { this.game.activate(i); }
  roll() { this.game.roll(); }
  confirm() { this.game.confirm(); }
  undo() { this.game.undo(); }
  cancel() { this.game.cancel(); }
  startTurn() { this.game.startTurn(); }

  /**
   * Keys while the focus is inside the element; true when handled.
   * @param {KeyboardEvent} e
   */
  key(e) {
    /** @type {Record<string, [number, number]>} */
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const arrow = arrows[e.key];
    if (arrow) {
      if (this.hasFocus()) this.grid.move(...arrow);
      else this.grid.focus(this.grid.cursor);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      if (this.game.next()) return true;
      if (this.hasFocus()) this.activate(this.grid.cursor);
      else this.grid.focus(this.grid.cursor);
      return true;
    }
    if (e.key === 'Escape') { this.cancel(); return true; }
    switch (e.key.toLowerCase()) {
      case 'd': this.roll(); return true;
      case 'u': this.undo(); return true;
      default: return false;
    }
  }
}
