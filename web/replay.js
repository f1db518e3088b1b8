// The replay view: a whole game, opened from a share link or a text record,
// shown one position at a time (step, jump to start or end, autoplay), and
// "Continue from here". The engine reads links and records (the wasm
// `Replay`) and hands out the game at any turn; the page's controller draws
// it. Nothing read from a link is inserted as HTML: text only.

import { Replay } from './pkg/diablo_wasm.js';
import { Session } from './engine.js';
import { t } from './i18n.js';
import * as share from './share.js';
import { copyOptions } from './opponent.js';

const $ = (id) => document.getElementById(id);

/** Time between two turns in autoplay. */
export const AUTOPLAY_MS = 900;

/** An exception the engine threw on purpose (a refusal), not a bug. */
function isRefusal(e) {
  return e instanceof Error && e.constructor === Error;
}

/**
 * What the replay needs from the page's controller.
 * @typedef {object} ReplayHost
 * @property {(session: Session) => void} show draw this position (never saved)
 * @property {(session: Session, players: string) => void} resume play on from it
 * @property {() => void} leave go back to the saved game
 * @property {() => void} newGame open the new-game dialog
 * @property {() => void} refresh redraw whatever is shown
 */

export class ReplayView {
  /** @param {ReplayHost} host */
  constructor(host) {
    this.host = host;
    /** @type {Replay|null} */
    this.replay = null;
    this.view = 0;
    /** @type {{number:number, side:string, roll:string, turn:string}[]} the whole game's log */
    this.log = [];
    this.timer = null;
  }

  /** Whether a replay is shown (the page is not playing). */
  get active() {
    return this.replay != null;
  }

  get turns() {
    return this.replay?.turns ?? 0;
  }

  // ---- opening ------------------------------------------------------------

  /**
   * Opens a share link. A bad link shows the engine's message and, when a
   * turn was illegal, the valid turns before it; the page is never left
   * half-changed. Returns whether a replay is now shown.
   */
  openLink(text) {
    hideLinkError();
    let replay;
    try {
      replay = Replay.fromLink(text);
    } catch (e) {
      if (!isRefusal(e)) throw e;
      const prefix = validPrefix(e);
      showLinkError(e.message, prefix ? prefix.turns : null);
      if (prefix) {
        this.#open(prefix, prefix.turns);
        return true;
      }
      // Whatever was shown stays; the address bar gets its link back.
      this.host.refresh();
      return false;
    }
    this.#open(replay, replay.view);
    return true;
  }

  /**
   * Opens pasted or loaded text: a text record, or a share link when it is
   * one line that is not a record header. Throws the engine's message.
   */
  openText(text) {
    const trimmed = String(text).trim();
    const oneLine = !/[\r\n]/.test(trimmed);
    const replay = oneLine && !/^(edition|size|start|#)\b/.test(trimmed)
      ? Replay.fromLink(trimmed)
      : Replay.fromRecord(trimmed);
    hideLinkError();
    this.#open(replay, oneLine ? replay.view : replay.turns);
  }

  #open(replay, view) {
    this.pause();
    this.replay?.free();
    this.replay = replay;
    const whole = replay.gameAt(replay.turns);
    try {
      this.log = JSON.parse(whole.state()).log;
    } finally {
      whole.free();
    }
    this.go(view);
  }

  /** Leaves the replay view (the caller shows something else). */
  close() {
    if (!this.replay) return;
    this.pause();
    this.replay.free();
    this.replay = null;
    this.log = [];
    document.body.dataset.mode = 'live';
    $('replay-bar').hidden = true;
    $('log').classList.remove('replay-log');
  }

  // ---- moving ---------------------------------------------------------------

  /** Shows the position after `k` turns (clamped). */
  go(k) {
    if (!this.replay) return;
    this.view = Math.max(0, Math.min(this.turns, Math.trunc(Number(k)) || 0));
    this.host.show(new Session(this.replay.gameAt(this.view)));
  }

  /** Steps by `d` turns; a manual step pauses autoplay. */
  step(d) {
    this.pause();
    this.go(this.view + d);
  }

  start() { this.pause(); this.go(0); }
  end() { this.pause(); this.go(this.turns); }

  get playing() {
    return this.timer != null;
  }

  /** Starts or stops autoplay (from the start again when at the end). */
  togglePlay() {
    if (this.playing) {
      this.pause();
      this.host.refresh();
      return;
    }
    if (this.view >= this.turns) this.go(0);
    this.timer = setInterval(() => {
      if (!this.replay || this.view >= this.turns) {
        this.pause();
        this.host.refresh();
        return;
      }
      this.go(this.view + 1);
      if (this.view >= this.turns) {
        this.pause();
        this.host.refresh();
      }
    }, AUTOPLAY_MS);
    this.host.refresh();
  }

  pause() {
    if (this.timer != null) clearInterval(this.timer);
    this.timer = null;
  }

  /** The arrow keys in a replay: left and right step. */
  arrow(dFile) {
    if (dFile) this.step(dFile);
  }

  /** The whole game as a text record. */
  recordText() {
    return this.replay?.recordText() ?? '';
  }

  // ---- continue -----------------------------------------------------------------

  /** Asks who plays on, then makes the viewed position the game being played. */
  continueHere() {
    if (!this.replay) return;
    this.pause();
    const dialog = $('continue-dialog');
    $('continue-text').textContent = t().continueNote(this.view, this.turns);
    fillPlayers($('continue-players'), $('ng-players'));
    dialog.showModal();
  }

  /** The continue dialog's answer. */
  confirmContinue() {
    if (!this.replay) return;
    const players = $('continue-players').value || 'hotseat';
    const session = new Session(this.replay.gameAt(this.view));
    this.host.resume(session, players);
  }

  // ---- drawing ---------------------------------------------------------------

  /** The status line in a replay. */
  status(state) {
    const w = t();
    const k = this.view;
    const n = this.turns;
    let text;
    if (k === 0) text = w.replayAtStart(n);
    else {
      const line = this.log[k - 1];
      text = w.replayTurn(k, n, w.color[line.side], `${line.roll}: ${line.turn}`);
    }
    if (state.winner && k === n) text += ` ${w.wins(w.color[state.winner])}`;
    return text;
  }

  /** Draws the replay's own parts after the page has drawn the position. */
  render() {
    if (!this.replay) return;
    const w = t();
    const k = this.view;
    const n = this.turns;
    document.body.dataset.mode = 'replay';
    document.body.dataset.phase = 'replay';
    $('gameover').hidden = true;
    $('replay-bar').hidden = false;
    $('replay-where').textContent = w.replayWhere(k, n);
    const slider = $('rp-slider');
    slider.max = String(n);
    slider.value = String(k);
    slider.setAttribute('aria-label', w.replaySlider);
    slider.setAttribute('aria-valuetext', w.replayWhere(k, n));
    const label = (id, text, disabled) => {
      const b = $(id);
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
    $('rp-play').setAttribute('aria-pressed', String(this.playing));
    $('rp-play').textContent = this.playing ? '❚❚' : '▶';
    this.#renderLog();
    share.publish(this.replay.link(k));
  }

  /** The whole game's turns, the one just played marked. */
  #renderLog() {
    const el = $('log');
    el.classList.add('replay-log');
    const items = el.children;
    this.log.forEach((l, i) => {
      let li = items[i];
      if (!li) {
        li = document.createElement('li');
        el.append(li);
      }
      const viewed = i === this.view - 1;
      const cls = `log-line ${l.side}${viewed ? ' viewed' : ''}${i >= this.view ? ' ahead' : ''}`;
      if (li.className !== cls) li.className = cls;
      const text = `${l.number}. ${l.roll}: ${l.turn}`;
      if (li.textContent !== text) li.textContent = text;
      li.dataset.view = String(i + 1);
      if (viewed) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    while (items.length > this.log.length) el.lastElementChild?.remove();
    const viewed = items[this.view - 1];
    if (viewed instanceof HTMLElement) {
      // Keep the viewed line in sight without scrolling the page.
      const top = viewed.offsetTop - el.offsetTop;
      if (top < el.scrollTop || top + viewed.offsetHeight > el.scrollTop + el.clientHeight) {
        el.scrollTop = Math.max(0, top - el.clientHeight / 2);
      }
    } else {
      el.scrollTop = 0;
    }
  }

  // ---- wiring ---------------------------------------------------------------------

  /** Connects the replay bar, the log and the continue dialog. */
  wire(guard) {
    const on = (id, ev, fn) => $(id).addEventListener(ev, guard(fn));
    on('rp-start', 'click', () => this.start());
    on('rp-back', 'click', () => this.step(-1));
    on('rp-play', 'click', () => this.togglePlay());
    on('rp-forward', 'click', () => this.step(1));
    on('rp-end', 'click', () => this.end());
    on('rp-slider', 'input', () => { this.pause(); this.go($('rp-slider').value); });
    on('rp-continue', 'click', () => this.continueHere());
    on('rp-leave', 'click', () => this.host.leave());
    on('continue-cancel', 'click', () => $('continue-dialog').close());
    on('continue-form', 'submit', () => this.confirmContinue());
    on('log', 'click', (e) => {
      const li = e.target instanceof HTMLElement ? e.target.closest('li[data-view]') : null;
      if (this.active && li) {
        this.pause();
        this.go(li.dataset.view);
      }
    });
    on('btn-link-new', 'click', () => { hideLinkError(); this.host.newGame(); });
    on('btn-link-dismiss', 'click', hideLinkError);
  }
}

/** Copies the new-game dialog's player choices into the continue dialog. */
function fillPlayers(select, source) {
  if (source) copyOptions(select, source);
  else select.replaceChildren();
  if (!select.options.length) {
    const two = document.createElement('option');
    two.value = 'hotseat';
    two.textContent = t().playersTwo;
    select.append(two);
  }
  select.value = 'hotseat';
  if (select.selectedIndex < 0) select.selectedIndex = 0;
}

/** The banner for a link that cannot be opened (text only). */
function showLinkError(message, validTurns) {
  const w = t();
  const detail = validTurns == null ? w.linkShowsOwn : w.linkShowsPrefix(validTurns);
  $('link-error-text').textContent = `${w.linkBroken(message)} ${detail}`;
  $('link-error').hidden = false;
}

/** The valid beginning of a game whose link failed at an illegal turn. */
function validPrefix(e) {
  if (typeof e.validRecord !== 'string') return null;
  try {
    return Replay.fromRecord(e.validRecord);
  } catch {
    // The engine wrote this record; if it cannot read it back, show none.
    return null;
  }
}

/** Hides the bad-link banner. */
export function hideLinkError() {
  $('link-error').hidden = true;
}
