// @ts-check
// One replay mechanism for the main page and the <diablo-board> element: a
// cursor over a recorded game (engine.js RecordedGame) that steps, jumps
// and autoplays, and hands out the frame at the cursor. No DOM: the page's
// replay view and the element's replay mode draw it.

/** @typedef {import('../engine/engine.js').RecordedGame} RecordedGame */
/** @typedef {import('../types.js').GameState} GameState */
/** @typedef {import('../types.js').LogLine} LogLine */

/**
 * One position of a replay.
 * @typedef {object} Frame
 * @property {number} step turns played to reach it (0 = the start)
 * @property {GameState} state the engine's state there
 * @property {LogLine | null} played the turn that led here
 */

export class ReplayCursor {
  /**
   * @param {RecordedGame} game the cursor owns it and frees it in `dispose`
   * @param {{ step: number, interval: number, onChange: (cursor: ReplayCursor) => void }} o
   */
  constructor(game, { step, interval, onChange }) {
    this.game = game;
    this.interval = interval;
    this.onChange = onChange;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    this.step = clamp(step, game.turns);
    /** @type {Frame} */
    this.frame = this.#frameAt(this.step);
  }

  /** The number of turns (the last step). */
  get last() {
    return this.game.turns;
  }

  /** Whether autoplay is on. */
  get playing() {
    return this.timer != null;
  }

  /** @param {number} step @returns {Frame} */
  #frameAt(step) {
    return { step, state: this.game.stateAt(step), played: step > 0 ? (this.game.log[step - 1] ?? null) : null };
  }

  /** Shows the position after `step` turns (clamped). @param {number} step */
  go(step) {
    const next = clamp(step, this.last);
    if (next === this.step) return;
    this.step = next;
    this.frame = this.#frameAt(next);
    if (next === this.last) this.#stopTimer();
    this.onChange(this);
  }

  first() {
    this.pause();
    this.go(0);
  }
  back() {
    this.pause();
    this.go(this.step - 1);
  }
  forward() {
    this.pause();
    this.go(this.step + 1);
  }
  end() {
    this.pause();
    this.go(this.last);
  }

  /** Starts stepping forward (from the start again when at the end). */
  play() {
    if (this.timer || this.last === 0) return;
    if (this.step === this.last) this.go(0);
    this.timer = setInterval(() => this.go(this.step + 1), this.interval);
    this.onChange(this);
  }

  pause() {
    if (!this.timer) return;
    this.#stopTimer();
    this.onChange(this);
  }

  toggle() {
    if (this.timer) this.pause();
    else this.play();
  }

  #stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops and frees the game. */
  dispose() {
    this.#stopTimer();
    this.game.dispose();
  }
}

/** @param {number} step @param {number} last */
function clamp(step, last) {
  return Math.max(0, Math.min(last, Math.trunc(Number(step)) || 0));
}
