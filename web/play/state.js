// @ts-check
// What the game page holds, without the DOM: the game being played (its
// GameController), the settings, the replay shown over it, the Flip
// choice, the one-off note over a replay's status, a new game waiting for
// the person's yes, and the review. The page's views draw from it and its
// commands change it; the decisions here (what is on show, which way up,
// which phase, whether to ask before a new game) are tested in Node
// (tests/unit/play-state.test.mjs).

/** @typedef {import('../lib/types.js').GameState} GameState */
/** @typedef {import('../lib/storage.js').Settings} Settings */
/** @typedef {import('../lib/game/controller.js').GameController} GameController */
/** @typedef {import('../lib/review/review.js').GameReview} GameReview */

/**
 * What the state needs of the replay (lib/replay/replay-bar.js's ReplayView).
 * @typedef {object} ReplayShown
 * @property {boolean} active whether a replay is shown
 * @property {{ frame: { state: GameState }, step: number, game: unknown } | null} cursor
 */

/** The settings a checkbox of the Settings panel switches. @typedef {'autoRoll' | 'autoConfirm' | 'coords' | 'tutor' | 'muted'} Switch */

export class PlayState {
  /**
   * @param {Settings} settings the stored settings (the state keeps them up to date)
   * @param {ReplayShown} replay
   * @param {(settings: Settings) => void} save stores the settings
   */
  constructor(settings, replay, save) {
    this.settings = settings;
    this.replay = replay;
    this.save = save;
    /** @type {GameController | null} the game being played, once the page has started */
    this.controller = null;
    /** A one-off note over the replay's status, until the replay moves. */
    this.replayNote = '';
    /** The new game asked for while one is under way, until the person confirms. @type {(() => void) | null} */
    this.pendingNewGame = null;
    /** The Flip button's choice, on top of the default orientation. */
    this.flipChosen = false;
    /** The review of the replay shown, once asked for. @type {GameReview | null} */
    this.review = null;
  }

  /** Whether a replay is shown over the game (the game waits). */
  get replaying() {
    return this.replay.active;
  }

  /** Whether Green's side is drawn at the bottom: yours when you play Green against the computer, then as flipped. */
  flipped() {
    const playsGreen = !this.replaying && this.controller?.computerSide === 'black';
    return playsGreen !== this.flipChosen;
  }

  /** Turns the board round (the F key and the Flip button). */
  flip() {
    this.flipChosen = !this.flipChosen;
  }

  /** The replay's frame on show, or null while the game is. */
  frame() {
    return this.replay.cursor?.frame.state ?? null;
  }

  /** The state on show: the replay's frame, else the game's; null before the page has a game. */
  shown() {
    return this.frame() ?? this.controller?.state ?? null;
  }

  /**
   * The phase of the game on show, for the page's style (`data-phase`).
   * @param {GameState} st
   * @returns {'over' | 'roll' | 'confirm' | 'act'}
   */
  static phase(st) {
    if (st.winner) return 'over';
    if (!st.roll) return 'roll';
    return st.complete ? 'confirm' : 'act';
  }

  /**
   * The status line of a replay: the note, then the replay's own words.
   * @param {string} replayStatus
   */
  replayStatus(replayStatus) {
    return `${this.replayNote ? `${this.replayNote} ` : ''}${replayStatus}`;
  }

  /**
   * Whether a new game must be confirmed first: a game under way (a turn
   * played or dice rolled, not over) is not thrown away without asking.
   */
  mustAskBeforeNew() {
    const st = this.controller?.state;
    return Boolean(st && !this.replaying && !st.winner && (st.log.length > 0 || st.roll));
  }

  /**
   * Asks for a new game: it starts at once, or waits for `confirmNew`
   * (true: the page asks the person).
   * @param {() => void} start
   */
  askNewGame(start) {
    if (this.mustAskBeforeNew()) {
      this.pendingNewGame = start;
      return true;
    }
    this.pendingNewGame = null;
    start();
    return false;
  }

  /** The person said yes (true) or no to the new game waiting. @param {boolean} yes */
  confirmNew(yes) {
    const start = this.pendingNewGame;
    this.pendingNewGame = null;
    if (yes) start?.();
  }

  /**
   * Switches a setting and stores it.
   * @param {Switch} key @param {boolean} on
   */
  setSwitch(key, on) {
    this.settings[key] = on;
    this.save(this.settings);
  }

  /**
   * Stores other settings.
   * @param {Partial<Settings>} changes
   */
  update(changes) {
    Object.assign(this.settings, changes);
    this.save(this.settings);
  }

  /**
   * The line under the board: the game's size and edition, and the
   * computer's level when it plays.
   * @param {{ gameInfo: (edition: string, size: number) => string, gameInfoComputer: (level: string) => string }} w
   * @param {(level: string) => string} levelName
   */
  gameInfo(w, levelName) {
    const st = this.shown();
    const c = this.controller;
    if (!st || !c) return '';
    const against =
      c.computerSide && !this.replaying ? `, ${w.gameInfoComputer(levelName(c.players.level ?? ''))}` : '';
    return `${w.gameInfo(st.edition, st.size)}${against}`;
  }
}
