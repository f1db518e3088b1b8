// @ts-check
// The element's replay: the page's one replay mechanism (../replay.js
// ReplayCursor) drawn into the element's controls, with its keys.

import { ReplayCursor } from '../lib/game/replay-cursor.js';
import { frameModel } from '../lib/game/frame.js';
import { describe } from './diagram.js';

/** @typedef {import('../lib/engine/engine.js').RecordedGame} RecordedGame */

export class ReplayMode {
  /**
   * @param {object} o
   * @param {RecordedGame} o.game the mode owns it
   * @param {number} o.step the first position shown
   * @param {import('../lib/board/board.js').BoardView} o.board
   * @param {HTMLCanvasElement} o.canvas carries the accessible description
   * @param {{first:HTMLButtonElement, back:HTMLButtonElement, forward:HTMLButtonElement,
   *          end:HTMLButtonElement, toggle:HTMLButtonElement, counter:HTMLElement,
   *          turn:HTMLElement}} o.ui
   * @param {boolean} o.coords
   * @param {string} o.caption
   * @param {number} o.interval autoplay step in milliseconds
   * @param {import('./diablo-board.js').ElementWords} o.words the element's language
   * @param {(name: string, detail: object) => void} o.emit
   */
  constructor(o) {
    this.board = o.board;
    this.canvas = o.canvas;
    this.ui = o.ui;
    this.coords = o.coords;
    this.caption = o.caption;
    this.emit = o.emit;
    this.words = o.words;
    let lastStep = o.step;
    this.cursor = new ReplayCursor(o.game, {
      step: o.step,
      interval: o.interval,
      onChange: (c) => {
        this.render();
        if (c.step === lastStep) return;
        lastStep = c.step;
        const { state } = c.frame;
        this.emit('replaystep', { step: c.step, turns: c.last, position: state.code });
        if (c.step === c.last && state.winner) {
          this.emit('gameover', { winner: state.winner, turns: c.last, position: state.code });
        }
      },
    });
  }

  get step() {
    return this.cursor.step;
  }
  get last() {
    return this.cursor.last;
  }
  get frame() {
    return this.cursor.frame;
  }

  render() {
    const c = this.cursor;
    const { step, state, played } = c.frame;
    const ui = this.ui;
    const w = this.words;
    this.board.set(frameModel(state, { coords: this.coords }));
    this.canvas.setAttribute(
      'aria-label',
      describe(state, {
        arrows: state.lastTurn,
        caption: this.caption,
        prefix: w.replayAt(step, c.last),
        words: w,
      }),
    );
    ui.counter.textContent = `${step} / ${c.last}`;
    ui.turn.textContent = played
      ? `${played.number}. ${w.game.color[played.side]} ${played.roll}: ${played.turn}`
      : w.start;
    if (state.winner) ui.turn.textContent += ` — ${w.game.wins(w.game.color[state.winner])}`;
    ui.first.disabled = step === 0;
    ui.back.disabled = step === 0;
    ui.forward.disabled = step === c.last;
    ui.end.disabled = step === c.last;
    ui.toggle.disabled = c.last === 0;
    ui.toggle.textContent = c.playing ? w.pause : w.play;
    ui.toggle.setAttribute('aria-pressed', String(c.playing));
  }

  first() {
    this.cursor.first();
  }
  back() {
    this.cursor.back();
  }
  forward() {
    this.cursor.forward();
  }
  end() {
    this.cursor.end();
  }
  play() {
    this.cursor.play();
  }
  pause() {
    this.cursor.pause();
  }
  toggle() {
    this.cursor.toggle();
  }
  stop() {
    this.cursor.dispose();
  }

  /**
   * Keys while the focus is inside the element; true when handled.
   * @param {KeyboardEvent} e
   */
  key(e) {
    /** @type {Record<string, () => void>} */
    const map = {
      ArrowLeft: () => this.back(),
      ArrowRight: () => this.forward(),
      Home: () => this.first(),
      End: () => this.end(),
    };
    const cmd = map[e.key];
    if (!cmd) return false;
    cmd();
    return true;
  }
}
