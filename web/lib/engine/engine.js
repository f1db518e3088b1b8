// @ts-check
// The page's only door to the rules (web/ai-worker.js is the worker's): it
// loads the wasm module once, wraps a game and a replay in typed objects
// that keep the latest state and options (asked once per change), and
// tells a refusal from a bug by the error's kind. It decides nothing.

import init, * as wasm from './pkg/diablo_wasm.js';
import { errorInfo } from './errors.js';

/** @typedef {import('../types.js').GameState} GameState */
/** @typedef {import('../types.js').Options} Options */
/** @typedef {import('../types.js').Target} Target */
/** @typedef {import('../types.js').Snapshot} Snapshot */
/** @typedef {import('../types.js').Edition} Edition */

/** @type {Promise<void> | null} */
let loading = null;
/** @type {((message: string) => void)[]} */
const panicListeners = [];
let lastPanic = '';

/**
 * Loads the wasm module (once for the whole page, however many boards ask);
 * `onPanic(message)` is called if Rust panics.
 * @param {(message: string) => void} [onPanic]
 */
export function loadEngine(onPanic) {
  if (onPanic) panicListeners.push(onPanic);
  loading ??= init().then(() => {
    wasm.setPanicHandler((/** @type {string} */ message) => {
      lastPanic = message;
      for (const listen of panicListeners) listen(message);
    });
  });
  return loading;
}

// ---- errors ------------------------------------------------------------------

export { errorInfo };

/**
 * Whether an exception is the engine refusing (a rule, a bad link, bad
 * text), not a bug. The one place the page decides this.
 * @param {unknown} e
 */
export function isRefusal(e) {
  return errorInfo(e) != null;
}

/**
 * A message for an exception that is not a refusal: the panic the engine
 * reported just before trapping, or the exception's own message.
 * @param {unknown} e
 */
export function messageOf(e) {
  const panic = lastPanic;
  lastPanic = '';
  if (e instanceof WebAssembly.RuntimeError && panic) return `internal error: ${panic}`;
  return e instanceof Error ? e.message : String(e);
}

// ---- notation: asked of the engine, never parsed here ---------------------------

/** Square name from index on an N x N board (`c3`). @param {number} index @param {number} n */
export function squareName(index, n) {
  return wasm.squareName(index, n);
}

/** Index of a named square; throws a refusal (`bad-square`, `off-board`). @param {string} name @param {number} n */
export function squareIndex(name, n) {
  return wasm.squareIndex(name, n);
}

/**
 * An action in notation as indices, for drawing; throws a refusal.
 * @param {string} text @param {number} n
 * @returns {import('../types.js').Arrow}
 */
export function parseAction(text, n) {
  const [from, to] = Array.from(wasm.parseAction(text, n));
  return { from, to: to ?? null, text: text.trim() };
}

/** A roll in notation (`3,1`) as its dice; throws a refusal (`bad-roll`). @param {string} text @returns {[number, number]} */
export function parseRoll(text) {
  const [a, b] = Array.from(wasm.parseRoll(text));
  return [a, b];
}

/**
 * The position code of a set-up board (core's `Setup`, validated into a
 * `Position`); throws a refusal naming what is wrong (`position-*`).
 * @param {number} size
 * @param {ArrayLike<number>} cells signed heights, Black positive, a1 first
 * @param {string} side `black` or `green`, the side to move
 * @param {number} turn the number of the turn to play
 * @returns {string}
 */
export function setupCode(size, cells, side, turn) {
  return wasm.setupCode(size, Int32Array.from(cells), side, turn);
}

/** Every allowed board side, smallest first. @returns {number[]} */
export function boardSizes() {
  return Array.from(wasm.boardSizes());
}

/** Every error kind the engine can send. @returns {string[]} */
export function errorKinds() {
  return wasm.errorKinds();
}

// ---- a game ---------------------------------------------------------------------

/** A game in progress: the engine's `Game` plus cached views of it. */
export class Session {
  /** @param {wasm.Game} game */
  constructor(game) {
    this.game = game;
    const now = Session.#read(game);
    /** @type {GameState} */
    this.state = now.state;
    /** @type {Map<number, Target[]>} moves by the square of the moving stack */
    this.sources = now.sources;
    /** @type {Set<number>} */
    this.removals = now.removals;
  }

  /** The engine's state and options of `game`, as the page keeps them. @param {wasm.Game} game */
  static #read(game) {
    /** @type {GameState} */
    const state = JSON.parse(game.state());
    /** @type {Options} */
    const options = JSON.parse(game.options());
    return {
      state,
      /** @type {Map<number, Target[]>} */
      sources: new Map(options.moves.map((s) => [s.from, s.targets])),
      removals: new Set(options.removals),
    };
  }

  /** A new game from the start position; throws a refusal. @param {number} size @param {string} edition */
  static create(size, edition) {
    return new Session(new wasm.Game(size, edition));
  }

  /** A new game from a position code; throws a refusal. @param {string} code @param {string} edition */
  static fromPosition(code, edition) {
    return new Session(wasm.Game.fromPosition(code, edition));
  }

  /** A game read from a text record; throws a refusal. @param {string} text */
  static fromRecord(text) {
    return new Session(wasm.Game.fromRecord(text));
  }

  /**
   * A game restored from a save: the record, then the roll and the actions
   * of the turn under way, each checked by the engine. Throws a refusal
   * when any part is refused.
   * @param {Snapshot} snapshot
   */
  static restore({ record, roll, actions }) {
    const game = wasm.Game.fromRecord(String(record));
    try {
      if (Array.isArray(roll)) game.setRoll(Number(roll[0]), Number(roll[1]));
      for (const a of Array.isArray(actions) ? actions : []) game.act(String(a));
    } catch (e) {
      game.free();
      throw e;
    }
    return new Session(game);
  }

  /** Re-reads state and options after any change. */
  refresh() {
    Object.assign(this, Session.#read(this.game));
  }

  /** What a save needs to rebuild this exact moment. @returns {Snapshot} */
  snapshot() {
    return {
      record: this.game.recordText(),
      roll: this.state.roll,
      actions: this.state.actions.map((a) => a.text),
    };
  }

  get size() {
    return this.state.size;
  }
  get over() {
    return this.state.winner != null;
  }
  get rolled() {
    return this.state.roll != null;
  }
  get complete() {
    return this.state.complete;
  }

  /** The targets of the stack on `from` (empty if it cannot move). @param {number} from */
  targetsOf(from) {
    return this.sources.get(from) ?? [];
  }

  /**
   * @template T
   * @param {() => T} fn
   * @returns {T}
   */
  #change(fn) {
    const out = fn();
    this.refresh();
    return out;
  }

  /** Rolls the dice at random; returns them. @returns {[number, number]} */
  roll() {
    return this.#change(() => {
      const [a, b] = Array.from(this.game.roll());
      return /** @type {[number, number]} */ ([a, b]);
    });
  }

  /** Sets the dice. @param {number} a @param {number} b */
  setRoll(a, b) {
    this.#change(() => this.game.setRoll(a, b));
  }
  /** Moves a stack (square indices); returns the kind. @param {number} from @param {number} to */
  play(from, to) {
    return /** @type {import('../types.js').ActionKind} */ (this.#change(() => this.game.play(from, to)));
  }
  /** Removes a checker (square index). @param {number} sq */
  remove(sq) {
    return /** @type {import('../types.js').ActionKind} */ (this.#change(() => this.game.remove(sq)));
  }
  /** Plays one action in notation; returns its kind. @param {string} text */
  act(text) {
    return /** @type {import('../types.js').ActionKind} */ (this.#change(() => this.game.act(text)));
  }
  /** Undoes the last action of this turn; returns it, or undefined. */
  undo() {
    return this.#change(() => this.game.undoAction());
  }
  /** Takes back the last finished turn; returns it (`roll: turn`), or undefined. */
  takeBack() {
    return this.#change(() => this.game.takeBack());
  }
  /** Confirms the completed turn; returns `roll: turn`. */
  confirm() {
    return this.#change(() => this.game.confirm());
  }

  /** What each player did over the finished turns. @returns {import('../types.js').Stats} */
  stats() {
    return JSON.parse(this.game.stats());
  }

  /** The record of the finished turns, as text. */
  recordText() {
    return this.game.recordText();
  }
  /** The compact share link of the finished turns. */
  link() {
    return this.game.link();
  }

  /** Frees the wasm memory of this game. */
  dispose() {
    this.game.free();
  }
}

// ---- a recorded game --------------------------------------------------------------

/** A whole game read from a share link or a record, to be viewed turn by turn. */
export class RecordedGame {
  /** @param {wasm.Replay} replay */
  constructor(replay) {
    this.replay = replay;
    /** The number of turns. */
    this.turns = replay.turns;
    /** The position the link views (turns played). */
    this.view = replay.view;
    const whole = replay.gameAt(this.turns);
    try {
      /** @type {import('../types.js').LogLine[]} every turn of the game */
      this.log = /** @type {GameState} */ (JSON.parse(whole.state())).log;
    } finally {
      whole.free();
    }
  }

  /**
   * A share link (compact or readable, or a URL holding one); throws a
   * refusal (`link-*`; for an illegal turn with `validRecord`).
   * @param {string} text
   */
  static fromLink(text) {
    return new RecordedGame(wasm.Replay.fromLink(text));
  }

  /** A text record; throws a refusal (`record`). @param {string} text */
  static fromRecord(text) {
    return new RecordedGame(wasm.Replay.fromRecord(text));
  }

  /** The game after its first `k` turns, to draw or to play on from. @param {number} k */
  at(k) {
    return new Session(this.replay.gameAt(k));
  }

  /** The state after `k` turns. @param {number} k @returns {GameState} */
  stateAt(k) {
    const game = this.replay.gameAt(k);
    try {
      return JSON.parse(game.state());
    } finally {
      game.free();
    }
  }

  /** The compact share link viewing the position after `k` turns. @param {number} k */
  link(k) {
    return this.replay.link(k);
  }
  /** The whole game as a text record. */
  recordText() {
    return this.replay.recordText();
  }
  /** Frees the wasm memory. */
  dispose() {
    this.replay.free();
  }
}

// ---- correspondence games (docs/correspondence.md) ---------------------------------

/** @typedef {import('../types.js').CorrView} CorrView */

/** Whether pasted text is a game-by-link link (not a share link). @param {string} text */
export function isCorrLink(text) {
  return wasm.isCorrLink(text);
}
