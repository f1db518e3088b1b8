// @ts-check
// A live game inside the element: two players at one screen, or a person
// (Black) against the computer. The game is the page's one controller
// (../lib/game/controller.js), played on the element's board
// (../lib/board/mount.js); this file only makes the controller and turns the
// element's keys into the board's commands.

import { GameController } from '../lib/game/controller.js';
import { keyboardInUse } from '../lib/board/input.js';

/** @typedef {import('../lib/engine/engine.js').Session} Session */
/** @typedef {import('../lib/game/controller.js').TurnPlayed} TurnPlayed */

export class PlayMode {
  /**
   * @param {object} o
   * @param {Session} o.session the game (the mode owns it)
   * @param {import('../lib/board/mount.js').BoardApi} o.board the element's board
   * @param {import('../lib/types.js').PlayersChoice} o.players
   * @param {boolean} o.coords
   * @param {import('./diablo-board.js').ElementWords} o.words the element's language
   * @param {(name: string, detail: object) => void} o.emit
   * @param {(message: string) => void} o.fail an unexpected engine error
   * @param {(code: string) => void} o.shown the position code on show changed
   */
  constructor(o) {
    this.board = o.board;
    this.coords = o.coords;
    this.shown = o.shown;
    this.game = new GameController(o.session, o.players, {
      changed: () => this.render(),
      fail: o.fail,
      lang: o.words.lang,
      keys: keyboardInUse,
      turnPlayed: (turn) => {
        o.emit('turnplayed', {
          number: turn.number,
          side: turn.side,
          roll: turn.roll,
          turn: turn.turn,
          position: turn.position,
        });
        if (turn.winner) o.emit('gameover', { winner: turn.winner, turns: turn.turns, position: turn.position });
      },
      ...o.board.motion,
    });
    // Your colour at the bottom: Green's side when you play Green against the computer.
    this.flipped = this.game.computerSide === 'black';
    o.board.setController(this.game);
  }

  get state() {
    return this.game.state;
  }

  /** Stops reacting (the element was re-rendered or removed). */
  stop() {
    if (this.board.controller === this.game) this.board.setController(null);
    this.game.stop();
  }

  /** Draws the game: board, grid, dice, buttons, status. */
  render() {
    if (this.game.stopped) return;
    this.board.draw();
    this.shown(this.state.code);
  }

  startTurn() {
    this.game.startTurn();
  }

  /**
   * Keys while the focus is inside the element; true when handled.
   * @param {KeyboardEvent} e
   */
  key(e) {
    /** @type {Record<string, [number, number]>} */
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const arrow = arrows[e.key];
    if (arrow) this.board.cursor(...arrow);
    else if (e.key === 'Enter' || e.key === ' ') this.board.next();
    else if (e.key === 'Escape') this.game.cancel();
    else if (e.key.toLowerCase() === 'd') this.board.roll();
    else if (e.key.toLowerCase() === 'u') this.board.undo();
    else return false;
    return true;
  }
}
