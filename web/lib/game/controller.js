// @ts-check
// The one game controller, shared by the main page and every
// <diablo-board mode="play">: the selection, what a click on a square
// does, the instruction in the status line, undo and take-back, and the
// steps a computer player takes. It touches no DOM. Every legality
// question goes to the engine (engine.js); views draw `status()`,
// `controls()` and `model()`, which change nothing. Side effects (saving,
// the address bar, events) belong to the host's `committed` and
// `turnPlayed` hooks, called by the commands that changed the game.

import { errorInfo, messageOf, squareName } from '../engine/engine.js';
import { errorText, t } from '../i18n/i18n.js';
import { computerColor, controllerFor, playersFor } from './players.js';
import { boardModel, controls, instruction } from './show.js';

/** @typedef {import('../engine/engine.js').Session} Session */
/** @typedef {import('../types.js').ActionView} ActionView */
/** @typedef {import('../types.js').ActionKind} ActionKind */
/** @typedef {import('../types.js').Color} Color */
/** @typedef {import('../types.js').PlayersChoice} PlayersChoice */
/** @typedef {import('../board/board.js').BoardModel} BoardModel */

/**
 * A finished turn, as the host is told of it.
 * @typedef {object} TurnPlayed
 * @property {number} number the turn's number
 * @property {Color} side who played it
 * @property {[number, number]} roll
 * @property {string} turn in notation
 * @property {string} position the position code after it
 * @property {Color | null} winner set when the turn ended the game
 * @property {number} turns turns played in the game so far
 */

/**
 * What the controller needs from its page.
 * @typedef {object} ControllerHost
 * @property {() => void} changed redraw (after every command)
 * @property {(message: string) => void} fail an unexpected error (a bug)
 * @property {(session: Session) => void} [committed] the game changed: save it, publish its link
 * @property {(turn: TurnPlayed) => void} [turnPlayed] a turn was confirmed
 * @property {(action: ActionView, before: number[]) => Promise<void>} [show] shows a computer's action, already played, moving from `before`
 * @property {(name: import('../sound.js').SoundName) => void} [sound] something happened worth hearing
 * @property {(action: ActionView, before: number[]) => void} [moved] a person's action was played (to animate it)
 * @property {string} [lang] the language of the controller's words, when not the page's (an element's `lang`)
 * @property {() => boolean} [keys] whether a keyboard is in use, so the words name keys (input.js keyboardInUse)
 * @property {(controller: GameController) => Promise<unknown> | null} [vet] asked before a person's complete turn is confirmed (the tutor): null to confirm it at once, else a promise that settles once the host has confirmed it (`confirmNow`), undone it or left it
 */

/**
 * The steps a computer player may take (see players.js). Each redraws like
 * a person's; none does anything once the game has changed under it.
 * @typedef {object} TurnApi
 * @property {() => boolean} alive
 * @property {() => import('../types.js').GameState} state
 * @property {() => void} roll
 * @property {() => void} undo
 * @property {(from: number, to: number) => boolean} play
 * @property {(square: number) => boolean} remove
 * @property {() => void} confirm
 * @property {(on: boolean) => void} thinking
 * @property {() => Promise<void>} shown resolves when the last action played through this API has been shown moving
 */

export class GameController {
  /**
   * @param {Session} session the game (the controller owns and frees it)
   * @param {PlayersChoice} players
   * @param {ControllerHost} host
   */
  constructor(session, players, host) {
    this.session = session;
    this.players = playersFor(players);
    this.host = host;
    /** @type {number | null} the selected stack */
    this.selected = null;
    /** One-off news shown before the instruction, until the next command. */
    this.news = '';
    /** Whether the computer is searching now. */
    this.thinking = false;
    /** While paused (a replay is shown over the game) nobody plays. */
    this.paused = false;
    this.stopped = false;
    /** Roll on their own for people, confirm complete turns on their own. */
    this.settings = { autoRoll: false, autoConfirm: false };
    /** Counts changes of the game under a running computer turn. */
    this.epoch = 0;
    /** @type {number | null} the epoch whose computer turn is under way */
    this.running = null;
    /** Whether the host is vetting the complete turn before it is confirmed. */
    this.vetting = false;
    this.news = this.#rolledNews();
  }

  /**
   * A game taken up with its dice rolled (a reload mid-turn, a turn that
   * arrived from a friend) says the roll, as a roll just made does.
   */
  #rolledNews() {
    const { roll, side } = this.state;
    const w = this.#words();
    return roll && !this.session.over ? w.rolled(w.color[side], roll[0], roll[1]) : '';
  }

  get state() {
    return this.session.state;
  }

  /** Whether it is the computer's turn in the game (people wait). */
  get computerTurn() {
    return !this.paused && !this.session.over && controllerFor(this.players, this.state.side) != null;
  }

  /** The colour the computer plays, or null. */
  get computerSide() {
    return computerColor(this.players);
  }

  /** The words of the host's language, or the page's. */
  #words() {
    return this.host.lang ? t('page', this.host.lang) : t();
  }

  /** Whether the words name keys (only where a keyboard is in use). */
  #keys() {
    return this.host.keys?.() ?? false;
  }

  // ---- what to show (pure: show.js) ------------------------------------------------

  /** The instruction for the person at the board. */
  instruction() {
    return instruction(this, this.#words(), this.#keys());
  }

  /** The status line: the latest news, then the instruction. */
  status() {
    return `${this.news ? `${this.news} ` : ''}${this.instruction()}`;
  }

  /** Which commands a person can give now. */
  controls() {
    return controls(this);
  }

  /**
   * The board to draw: the engine's cells and options, the selection, and
   * the arrows of the last and the current turn.
   * @param {{ coords: boolean, cursor: number | null, hint?: import('../types.js').Arrow[] }} view
   * @returns {BoardModel}
   */
  model(view) {
    return boardModel(this, view);
  }

  // ---- commands ------------------------------------------------------------------------

  /**
   * Runs an engine call: a refusal becomes news, anything else goes to the
   * host as a failure.
   * @template T
   * @param {() => T} fn
   * @returns {{ ok: true, value: T } | { ok: false }}
   */
  #attempt(fn) {
    try {
      return { ok: true, value: fn() };
    } catch (e) {
      const info = errorInfo(e);
      if (!info) {
        this.host.fail(messageOf(e));
        return { ok: false };
      }
      this.news = this.#words().illegal(errorText(info, this.host.lang));
      return { ok: false };
    }
  }

  /** Ends a command: the game may have changed, and the page redraws. @param {boolean} committed */
  #done(committed) {
    if (committed) this.host.committed?.(this.session);
    this.host.changed();
  }

  /** Why a person cannot act now. */
  #waitForComputer() {
    const w = this.#words();
    this.news = w.computerTurn(w.color[this.state.side]);
    this.#done(false);
  }

  /** The Roll button and key: a person's roll. */
  roll() {
    if (this.stopped) return;
    if (this.computerTurn) return this.#waitForComputer();
    this.#rollDice();
  }

  #rollDice() {
    const s = this.session;
    if (this.stopped || this.paused || s.over || s.rolled) return;
    this.news = '';
    const r = this.#attempt(() => s.roll());
    if (r.ok) {
      const w = this.#words();
      this.news = w.rolled(w.color[s.state.side], r.value[0], r.value[1]);
      this.host.sound?.('dice');
    }
    this.selected = null;
    this.#done(r.ok);
  }

  /** After a legal action: news, and the turn confirmed if the settings say so. @param {ActionKind} kind */
  #afterAction(kind) {
    const st = this.state;
    const last = st.actions[st.actions.length - 1];
    const w = this.#words();
    this.news = w.played(w.color[st.side], last?.text ?? '', w.kind[kind] ?? kind);
    this.host.sound?.(kind === 'capture' ? 'capture' : kind === 'removal' ? 'removal' : 'move');
    this.selected = null;
    if (st.complete && this.settings.autoConfirm && !this.computerTurn) {
      this.confirm();
      return;
    }
    this.#done(true);
  }

  /** The computer's last action being shown (it is already played). */
  #showing = Promise.resolve();

  /**
   * Plays an action, then shows it moving: the engine has it before the
   * animation starts, so nothing is lost by a click or a reload during it.
   * @param {() => ActionKind} fn @param {boolean} [byPerson]
   */
  #act(fn, byPerson = true) {
    this.news = '';
    const before = this.state.cells;
    const r = this.#attempt(fn);
    if (!r.ok) return false;
    const actions = this.state.actions;
    const done = actions[actions.length - 1];
    if (byPerson && done) this.host.moved?.(done, before);
    else if (done) this.#showing = this.host.show?.(done, before) ?? Promise.resolve();
    this.#afterAction(r.value);
    return true;
  }

  /**
   * What clicking (or activating) a square does.
   * @param {number} i the square's index
   */
  activate(i) {
    if (this.stopped) return;
    const s = this.session;
    const w = this.#words();
    if (this.computerTurn) return this.#waitForComputer();
    this.news = '';
    const sq = squareName(i, s.size);
    const isTarget = this.selected != null && s.targetsOf(this.selected).some((tg) => tg.to === i);
    if (s.over) this.news = w.gameIsOver;
    else if (!s.rolled) this.news = w.rollFirst(this.#keys());
    else if (s.complete) this.news = w.waitConfirm;
    else if (s.removals.size) {
      if (this.#act(() => s.remove(i))) return;
    } else if (this.selected != null && (isTarget || (this.selected !== i && !s.sources.has(i)))) {
      // The engine judges the move; a refusal explains itself.
      const from = this.selected;
      if (this.#act(() => s.play(from, i))) return;
    } else if (this.selected === i) {
      this.selected = null;
      this.news = w.deselected;
    } else if (s.sources.has(i)) {
      this.selected = i;
    } else {
      const v = s.state.cells[i];
      const mine = (v > 0 ? 'black' : 'green') === s.state.side;
      this.news = v === 0 ? w.emptySquare(sq) : mine ? w.noMovesFrom(sq) : w.notYours(sq);
    }
    this.#done(false);
  }

  /**
   * Sets the dice to given values instead of rolling them (the analysis
   * board, where the roll is the question asked). Refused, with the
   * engine's reason as news, once an action of the turn is played.
   * @param {number} a @param {number} b
   * @returns {boolean} whether the dice are set
   */
  setRoll(a, b) {
    if (this.stopped || this.computerTurn) return false;
    this.news = '';
    const r = this.#attempt(() => this.session.setRoll(a, b));
    this.selected = null;
    this.#done(r.ok);
    return r.ok;
  }

  /**
   * Plays a whole turn given in notation (a ranked turn the analysis board
   * plays), action by action through the engine, and confirms it; a refused
   * action leaves the turn as it was before the call.
   * @param {string[]} actions
   * @returns {boolean} whether the turn was played
   */
  playTurn(actions) {
    const s = this.session;
    if (this.stopped || this.computerTurn || !s.rolled || s.over) return false;
    const before = s.state.actions.length;
    const r = this.#attempt(() => {
      for (const a of actions) s.act(a);
    });
    if (!r.ok) {
      while (s.state.actions.length > before && s.undo() != null);
      this.#done(false);
      return false;
    }
    if (!s.complete) {
      this.#done(true);
      return false;
    }
    this.confirm();
    return true;
  }

  /**
   * Ends the completed turn; a person's is first vetted by the host when it
   * asks to (the tutor), which then confirms it (`confirmNow`) or not.
   */
  confirm() {
    if (this.stopped || !this.session.complete || this.vetting) return;
    const asked = this.computerTurn ? null : this.host.vet?.(this);
    if (!asked) return this.confirmNow();
    this.vetting = true;
    this.host.changed();
    const done = () => {
      this.vetting = false;
      this.host.changed();
    };
    asked.then(done, done);
  }

  /** Confirms the completed turn now, vetted or not. */
  confirmNow() {
    const s = this.session;
    if (this.stopped || !s.complete) return;
    const before = s.state;
    const r = this.#attempt(() => s.confirm());
    this.selected = null;
    if (r.ok) {
      const w = this.#words();
      this.news = w.confirmed(w.color[before.side], r.value);
    }
    this.#done(r.ok);
    if (!r.ok || !before.roll) return;
    const after = s.state;
    if (after.winner) this.host.sound?.('over');
    const line = after.log[after.log.length - 1];
    this.host.turnPlayed?.({
      number: before.turn,
      side: before.side,
      roll: before.roll,
      turn: line?.turn ?? '',
      position: after.code,
      winner: after.winner,
      turns: after.log.length,
    });
    this.startTurn();
  }

  /** Takes back the last action of this turn. */
  undo() {
    if (this.stopped || this.vetting) return;
    if (this.computerTurn) return this.#waitForComputer();
    const undone = this.session.undo();
    const w = this.#words();
    this.news = undone ? w.undone(undone) : w.nothingToUndo(this.#keys());
    this.selected = null;
    this.#done(undone != null);
  }

  /** Takes back the last turn; against the computer, back to the person's last turn. */
  takeBack() {
    if (this.stopped) return;
    const cpu = this.computerSide;
    const log = this.state.log;
    const mine = cpu ? log.findLastIndex((l) => l.side !== cpu) : log.length - 1;
    /** @type {string | undefined} */
    let back;
    if (mine >= 0) {
      this.gameChanged();
      for (let k = log.length; k > mine; k--) back = this.session.takeBack();
    }
    const w = this.#words();
    if (cpu) this.news = back ? w.takenBackComputer(back) : w.nothingToTakeBackComputer;
    else this.news = back ? w.takenBack(back) : w.nothingToTakeBack;
    this.selected = null;
    this.#done(back != null);
    this.startTurn();
  }

  /** Cancels the selection. */
  cancel() {
    if (this.stopped || this.selected == null) return;
    this.selected = null;
    this.news = this.#words().deselected;
    this.#done(false);
  }

  /**
   * The next step of a turn, for Space and Enter: roll, or confirm. Returns
   * false when the next step is to act on a square (the host's cursor).
   */
  next() {
    const s = this.session;
    if (this.stopped || s.over) return false;
    if (this.computerTurn) {
      this.#waitForComputer();
      return true;
    }
    if (!s.rolled) {
      this.roll();
      return true;
    }
    if (s.complete) {
      this.confirm();
      return true;
    }
    return false;
  }

  /** Sets a one-off message (from the page: copied, hint not now...). @param {string} text */
  tell(text) {
    this.news = text;
    this.host.changed();
  }

  // ---- the game itself -------------------------------------------------------------------

  /** The game changed under any computer turn or animation: they are dropped. */
  gameChanged() {
    this.epoch += 1;
    this.thinking = false;
  }

  /**
   * Plays another game (a new one, or one continued from a replay); the
   * old one is freed.
   * @param {Session} session
   * @param {PlayersChoice} players
   */
  replace(session, players) {
    this.gameChanged();
    if (session !== this.session) this.session.dispose();
    this.session = session;
    this.players = playersFor(players);
    this.selected = null;
    this.news = this.#rolledNews();
    this.paused = false;
    this.#done(true);
    this.startTurn();
  }

  /** Stops everything for a while (a replay is shown over the game). */
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.gameChanged();
  }

  /** Plays on after a pause. */
  resume() {
    if (!this.paused) return;
    this.paused = false;
    this.host.changed();
    this.startTurn();
  }

  /** Stops for good and frees the game (the board was removed). */
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.gameChanged();
    this.session.dispose();
  }

  /**
   * Called whenever a turn may begin: the computer plays its colour's turn
   * (also one left rolled or half played by a reload), or auto-roll rolls.
   */
  startTurn() {
    const s = this.session;
    if (this.stopped || this.paused || s.over) return;
    const player = controllerFor(this.players, s.state.side);
    if (player) {
      if (this.running === this.epoch) return;
      const epoch = this.epoch;
      this.running = epoch;
      Promise.resolve()
        .then(() => player.takeTurn(this.turnApi(epoch)))
        .catch((e) => {
          if (epoch === this.epoch && !this.stopped) this.host.fail(messageOf(e));
        })
        .finally(() => {
          if (this.running === epoch) this.running = null;
        });
    } else if (!s.rolled && this.settings.autoRoll) {
      this.roll();
    }
  }

  /**
   * The steps a computer player may take in the game as it is now.
   * @param {number} epoch
   * @returns {TurnApi}
   */
  turnApi(epoch) {
    const alive = () => epoch === this.epoch && !this.stopped && !this.paused;
    return {
      alive,
      state: () => this.session.state,
      roll: () => {
        if (alive()) this.#rollDice();
      },
      undo: () => {
        if (alive()) {
          this.session.undo();
          this.#done(true);
        }
      },
      play: (from, to) => alive() && this.#act(() => this.session.play(from, to), false),
      remove: (sq) => alive() && this.#act(() => this.session.remove(sq), false),
      confirm: () => {
        if (alive()) this.confirm();
      },
      thinking: (on) => {
        if (alive()) {
          this.thinking = on;
          this.host.changed();
        }
      },
      shown: () => (alive() ? this.#showing : Promise.resolve()),
    };
  }
}
