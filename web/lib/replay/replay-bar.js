// @ts-check
// The main page's replay: a whole game opened from a share link or a text
// record, shown one position at a time (the replay bar, the log, the
// slider, autoplay) and "Continue from here". The engine reads links and
// records; the stepping is replay.js's ReplayCursor, the same one the
// <diablo-board> element uses. Nothing read from a link is inserted as
// HTML: text only.

// The game page loads this module on demand (when it first shows a
// replay), so its start does not carry it; what it uses of the page's
// modules is passed in (ReplayDeps), never imported: a static import shared
// with the page would split the page's start into chunks. The cursor
// (game/replay-cursor.js) is the replay's alone on the game page.

/**
 * The page's modules the replay uses.
 * @typedef {object} ReplayDeps
 * @property {typeof import('../engine/engine.js').RecordedGame} RecordedGame
 * @property {typeof import('../engine/engine.js').errorInfo} errorInfo
 * @property {typeof import('../i18n/i18n.js').errorText} errorText
 * @property {typeof import('../i18n/i18n.js').t} t
 * @property {typeof import('../board/log.js').renderLog} renderLog
 * @property {typeof import('../board/input.js').keyboardInUse} keyboardInUse
 * @property {typeof import('../select.js').copyOptions} copyOptions
 * @property {Pick<typeof import('../dom.js'), '$' | 'button' | 'dialog' | 'input' | 'select'>} dom
 */

import { ReplayCursor } from '../game/replay-cursor.js';

/** The deps of the one replay view (a page has one). @type {ReplayDeps} */
let d;

/** @typedef {import('../engine/engine.js').Session} Session */
/** @typedef {import('../game/replay-cursor.js').Frame} Frame */

/** Time between two turns in autoplay. */
export const AUTOPLAY_MS = 900;

/**
 * What the replay needs from the page.
 * @typedef {object} ReplayHost
 * @property {() => void} changed the position shown changed: redraw
 * @property {(link: string) => void} moved the position shown changed: publish its link
 * @property {(session: Session, players: string) => void} resume play on from the position shown
 * @property {() => void} leave go back to the game being played
 * @property {() => void} newGame open the new-game dialog
 */

export class ReplayView {
  /** @param {ReplayHost} host @param {ReplayDeps} deps */
  constructor(host, deps) {
    d = deps;
    this.host = host;
    /** @type {import('../game/replay-cursor.js').ReplayCursor | null} */
    this.cursor = null;
  }

  /** Whether a replay is shown (the page is not playing). */
  get active() {
    return this.cursor != null;
  }

  // ---- opening ------------------------------------------------------------

  /**
   * Opens a share link. A bad link shows why and, when a turn was illegal,
   * the valid turns before it; the page is never left half-changed.
   * Returns whether a replay is now shown.
   * @param {string} text
   */
  openLink(text) {
    hideLinkError();
    let game;
    try {
      game = d.RecordedGame.fromLink(text);
    } catch (e) {
      const info = d.errorInfo(e);
      if (!info) throw e;
      const prefix = validPrefix(e);
      showLinkError(d.errorText(info), prefix ? prefix.turns : null);
      if (prefix) {
        this.#open(prefix, prefix.turns);
        return true;
      }
      return false;
    }
    this.#open(game, game.view);
    return true;
  }

  /**
   * Opens pasted or loaded text: a text record, or a share link when it is
   * one line that is not a record header. Throws a refusal.
   * @param {string} text
   */
  openText(text) {
    const trimmed = String(text).trim();
    const oneLine = !/[\r\n]/.test(trimmed);
    const game =
      oneLine && !/^(edition|size|start|#)\b/.test(trimmed)
        ? d.RecordedGame.fromLink(trimmed)
        : d.RecordedGame.fromRecord(trimmed);
    hideLinkError();
    this.#open(game, oneLine ? game.view : game.turns);
  }

  /** @param {import('../engine/engine.js').RecordedGame} game @param {number} step */
  #open(game, step) {
    this.cursor?.dispose();
    this.cursor = new ReplayCursor(game, {
      step,
      interval: AUTOPLAY_MS,
      onChange: (cursor) => this.#moved(cursor),
    });
    this.#moved(this.cursor);
  }

  /** @param {import('../game/replay-cursor.js').ReplayCursor} cursor */
  #moved(cursor) {
    if (cursor !== this.cursor) return;
    this.host.moved(cursor.game.link(cursor.step));
    this.host.changed();
  }

  /** Leaves the replay view (the caller shows something else). */
  close() {
    if (!this.cursor) return;
    this.cursor.dispose();
    this.cursor = null;
    document.body.dataset.mode = 'live';
    d.dom.$('replay-bar').hidden = true;
    d.dom.$('log').classList.remove('replay-log');
    // Its lines, which step the replay, show a hand (set here: the page's
    // start-up stylesheet has no room for the rule).
    d.dom.$('log').style.cursor = '';
  }

  /** The arrow keys in a replay: left and right step. @param {number} dFile */
  arrow(dFile) {
    if (dFile < 0) this.cursor?.back();
    else if (dFile > 0) this.cursor?.forward();
  }

  /** The whole game as a text record. */
  recordText() {
    return this.cursor?.game.recordText() ?? '';
  }

  // ---- continue -----------------------------------------------------------------

  /** Asks who plays on, then makes the viewed position the game being played. */
  continueHere() {
    const c = this.cursor;
    if (!c) return;
    c.pause();
    d.dom.$('continue-text').textContent = d.t().continueNote(c.step, c.last);
    fillPlayers(d.dom.select('continue-players'), d.dom.select('ng-players'));
    d.dom.dialog('continue-dialog').showModal();
  }

  /** The continue dialog's answer. */
  confirmContinue() {
    const c = this.cursor;
    if (!c) return;
    const players = d.dom.input('continue-players').value || 'hotseat';
    this.host.resume(c.game.at(c.step), players);
  }

  // ---- drawing (nothing changes here) ------------------------------------------------

  /** The status line in a replay. */
  status() {
    const c = this.cursor;
    if (!c) return '';
    const w = d.t();
    const { step, state, played } = c.frame;
    let text = played
      ? w.replayTurn(step, c.last, w.color[played.side], `${played.roll}: ${played.turn}`)
      : w.replayAtStart(c.last, d.keyboardInUse());
    if (state.winner && step === c.last) text += ` ${w.wins(w.color[state.winner])}`;
    return text;
  }

  /** Draws the replay's own parts (the page draws the position). */
  render() {
    const c = this.cursor;
    if (!c) return;
    const w = d.t();
    const k = c.step;
    const n = c.last;
    document.body.dataset.mode = 'replay';
    document.body.dataset.phase = 'replay';
    d.dom.$('gameover').hidden = true;
    d.dom.$('replay-bar').hidden = false;
    d.dom.$('replay-where').textContent = w.replayWhere(k, n);
    const slider = d.dom.input('rp-slider');
    slider.max = String(n);
    slider.value = String(k);
    slider.setAttribute('aria-label', w.replaySlider);
    slider.setAttribute('aria-valuetext', w.replayWhere(k, n));
    const keys = d.keyboardInUse();
    /** @param {string} id @param {(keys: boolean) => string} word @param {boolean} disabled */
    const label = (id, word, disabled) => {
      const b = d.dom.button(id);
      const text = word(keys);
      b.setAttribute('aria-label', text);
      b.title = text;
      b.disabled = disabled;
    };
    label('rp-start', w.replayStart, k === 0);
    label('rp-back', w.replayBack, k === 0);
    label('rp-forward', w.replayForward, k === n);
    label('rp-end', w.replayEnd, k === n);
    // A toggle keeps its name; aria-pressed says whether it is on.
    label('rp-play', w.replayAutoplay, n === 0);
    d.dom.$('rp-play').setAttribute('aria-pressed', String(c.playing));
    d.dom.$('rp-play').textContent = c.playing ? '❚❚' : '▶';
    d.dom.$('log').classList.add('replay-log');
    d.dom.$('log').style.cursor = 'pointer';
    d.renderLog(d.dom.$('log'), c.game.log, { viewed: k });
  }

  // ---- wiring ---------------------------------------------------------------------

  /**
   * Connects the replay bar, the log and the continue dialog.
   * @param {<F extends (...args: any[]) => any>(fn: F) => F} guard
   */
  wire(guard) {
    /** @param {string} id @param {string} ev @param {(e: Event) => void} fn */
    const on = (id, ev, fn) => d.dom.$(id).addEventListener(ev, guard(fn));
    on('rp-start', 'click', () => this.cursor?.first());
    on('rp-back', 'click', () => this.cursor?.back());
    on('rp-play', 'click', () => this.cursor?.toggle());
    on('rp-forward', 'click', () => this.cursor?.forward());
    on('rp-end', 'click', () => this.cursor?.end());
    on('rp-slider', 'input', () => {
      this.cursor?.pause();
      this.cursor?.go(Number(d.dom.input('rp-slider').value));
    });
    on('rp-continue', 'click', () => this.continueHere());
    on('rp-leave', 'click', () => this.host.leave());
    on('continue-cancel', 'click', () => d.dom.dialog('continue-dialog').close());
    on('continue-form', 'submit', () => this.confirmContinue());
    on('log', 'click', (e) => {
      const li = e.target instanceof HTMLElement ? e.target.closest('li[data-view]') : null;
      if (this.cursor && li instanceof HTMLElement) {
        this.cursor.pause();
        this.cursor.go(Number(li.dataset.view));
      }
    });
    on('btn-link-new', 'click', () => {
      hideLinkError();
      this.host.newGame();
    });
    on('btn-link-dismiss', 'click', hideLinkError);
  }
}

/**
 * Copies the new-game dialog's player choices into the continue dialog.
 * @param {HTMLSelectElement} select @param {HTMLSelectElement | null} source
 */
function fillPlayers(select, source) {
  if (source) d.copyOptions(select, source);
  else select.replaceChildren();
  if (!select.options.length) {
    const two = document.createElement('option');
    two.value = 'hotseat';
    two.textContent = d.t().playersTwo;
    select.append(two);
  }
  select.value = 'hotseat';
  if (select.selectedIndex < 0) select.selectedIndex = 0;
}

/**
 * The banner for a link that cannot be opened (text only).
 * @param {string} reason @param {number | null} validTurns
 */
function showLinkError(reason, validTurns) {
  const w = d.t();
  const detail = validTurns == null ? w.linkShowsOwn : w.linkShowsPrefix(validTurns);
  d.dom.$('link-error-text').textContent = `${w.linkBroken(reason)} ${detail}`;
  d.dom.$('link-error').hidden = false;
}

/**
 * The valid beginning of a game whose link failed at an illegal turn.
 * @param {unknown} e
 */
function validPrefix(e) {
  const valid = /** @type {{ validRecord?: unknown }} */ (e).validRecord;
  if (typeof valid !== 'string') return null;
  try {
    return d.RecordedGame.fromRecord(valid);
  } catch {
    // The engine wrote this record; if it cannot read it back, show none.
    return null;
  }
}

/** Hides the bad-link banner. */
export function hideLinkError() {
  d.dom.$('link-error').hidden = true;
}
