// The page's only door to the rules: a wrapper over the wasm `Game` that
// keeps the latest state and options (asked once per change) in shapes the
// board can look up quickly. It decides nothing itself.

import init, { Game, setPanicHandler } from './pkg/diablo_wasm.js';

/** Loads the wasm module; `onPanic(message)` is called if Rust panics. */
export async function loadEngine(onPanic) {
  await init();
  setPanicHandler(onPanic);
}

/** A game in progress: the engine's `Game` plus cached views of it. */
export class Session {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    this.refresh();
  }

  /** A new game from the start position. Throws the engine's message. */
  static create(size, edition) {
    return new Session(new Game(size, edition));
  }

  /**
   * A game restored from a save: the record text, then the roll and the
   * actions of the turn under way, each checked by the engine. Throws the
   * engine's message when any part is refused.
   */
  static restore({ record, roll, actions }) {
    const game = Game.fromRecord(String(record));
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
    this.state = JSON.parse(this.game.state());
    const options = JSON.parse(this.game.options());
    /** @type {Map<number, {to:number, kind:string, die:number}[]>} */
    this.sources = new Map(options.moves.map((s) => [s.from, s.targets]));
    /** @type {Set<number>} */
    this.removals = new Set(options.removals);
  }

  /** What a save needs to rebuild this exact moment. */
  snapshot() {
    return {
      record: this.game.recordText(),
      roll: this.state.roll,
      actions: this.state.actions.map((a) => a.text),
    };
  }

  get size() { return this.state.size; }
  get over() { return this.state.winner != null; }
  get rolled() { return this.state.roll != null; }
  get complete() { return this.state.complete; }

  /** The targets of the stack on `from` (empty if it cannot move). */
  targetsOf(from) {
    return this.sources.get(from) ?? [];
  }

  #change(fn) {
    const out = fn();
    this.refresh();
    return out;
  }

  /** Rolls the dice at random; returns them. */
  roll() { return this.#change(() => Array.from(this.game.roll())); }
  /** Sets the dice. */
  setRoll(a, b) { return this.#change(() => this.game.setRoll(a, b)); }
  /** Moves a stack (square indices); returns the kind. */
  play(from, to) { return this.#change(() => this.game.play(from, to)); }
  /** Removes a checker (square index); returns `removal`. */
  remove(sq) { return this.#change(() => this.game.remove(sq)); }
  /** Undoes the last action of this turn; returns it or undefined. */
  undo() { return this.#change(() => this.game.undoAction()); }
  /** Takes back the last finished turn; returns it or undefined. */
  takeBack() { return this.#change(() => this.game.takeBack()); }
  /** Confirms the completed turn; returns `roll: turn`. */
  confirm() { return this.#change(() => this.game.confirm()); }

  /** Frees the wasm memory of this game. */
  dispose() { this.game.free(); }
}

/** Square name from index on an N x N board (`c3`), as RULES.md names them. */
export function squareName(index, n) {
  return String.fromCharCode(97 + (index % n)) + String(Math.floor(index / n) + 1);
}
