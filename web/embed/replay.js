// Stepping through a recorded game: start, back, forward, end, and an
// optional autoplay. The positions come from the engine (games.js framesOf).

import { describe, replayModel } from './model.js';

const COLOR = { black: 'Black', green: 'Green' };

export class ReplayMode {
  /**
   * @param {object} o
   * @param {import('./games.js').Frame[]} o.frames
   * @param {number} o.step the first position shown
   * @param {import('../board.js').BoardView} o.board
   * @param {HTMLCanvasElement} o.canvas carries the accessible description
   * @param {{first:HTMLButtonElement, back:HTMLButtonElement, forward:HTMLButtonElement,
   *          end:HTMLButtonElement, toggle:HTMLButtonElement, counter:HTMLElement,
   *          turn:HTMLElement}} o.ui
   * @param {boolean} o.coords
   * @param {string} o.caption
   * @param {number} o.interval autoplay step in milliseconds
   * @param {(name:string, detail:object) => void} o.emit
   */
  constructor(o) {
    Object.assign(this, o);
    this.timer = null;
    this.step = Math.min(Math.max(0, o.step), this.frames.length - 1);
  }

  get frame() { return this.frames[this.step]; }
  get last() { return this.frames.length - 1; }

  render() {
    const f = this.frame;
    const ui = this.ui;
    this.board.set(replayModel(f, this.coords));
    const prefix = `Replay, position ${f.step} of ${this.last}`;
    this.canvas.setAttribute('aria-label', describe(f.state, {
      // A frame's state holds the roll of the turn to come (restored by take-back): not shown.
      arrows: f.state.lastTurn, caption: this.caption, prefix, dice: false,
    }));
    ui.counter.textContent = `${f.step} / ${this.last}`;
    ui.turn.textContent = f.played
      ? `${f.played.number}. ${COLOR[f.played.side]} ${f.played.roll}: ${f.played.turn}`
      : 'Start position';
    if (f.state.winner) ui.turn.textContent += ` — ${COLOR[f.state.winner]} wins`;
    ui.first.disabled = f.step === 0;
    ui.back.disabled = f.step === 0;
    ui.forward.disabled = f.step === this.last;
    ui.end.disabled = f.step === this.last;
    ui.toggle.disabled = this.last === 0;
    ui.toggle.textContent = this.timer ? 'Pause' : 'Play';
    ui.toggle.setAttribute('aria-pressed', String(Boolean(this.timer)));
  }

  /** Shows the position after `step` turns (clamped); tells the page. */
  go(step) {
    const next = Math.min(Math.max(0, step), this.last);
    if (next === this.step) return;
    this.step = next;
    if (this.step === this.last) this.pause();
    this.render();
    this.emit('replaystep', { step: this.step, turns: this.last, position: this.frame.state.code });
    if (this.step === this.last && this.frame.state.winner) {
      this.emit('gameover', { winner: this.frame.state.winner, turns: this.last, position: this.frame.state.code });
    }
  }

  first() { this.pause(); this.go(0); }
  back() { this.pause(); this.go(this.step - 1); }
  forward() { this.pause(); this.go(this.step + 1); }
  end() { this.pause(); this.go(this.last); }

  /** Starts stepping forward every `interval` ms (from the start if at the end). */
  play() {
    if (this.timer || this.last === 0) return;
    if (this.step === this.last) this.go(0);
    this.timer = setInterval(() => this.go(this.step + 1), this.interval);
    this.render();
  }

  pause() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.render();
  }

  toggle() {
    if (this.timer) this.pause();
    else this.play();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Keys while the focus is inside the element; true when handled. */
  key(e) {
    const map = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'end' };
    const cmd = map[e.key];
    if (!cmd) return false;
    this[cmd]();
    return true;
  }
}
