// A live game inside the element: two players at one screen, or a person
// (Black) against the computer from ../players.js. It asks the engine what
// is legal, like the main page; it decides nothing itself.

import { squareName } from '../engine.js';
import { renderDice } from '../dice.js';
import { t } from '../i18n.js';
import * as playerKinds from '../players.js';
import { EmbedError } from './config.js';
import { messageOf } from './load.js';

/** An exception the engine threw on purpose (a refusal), not a bug. */
function isRefusal(e) {
  return e instanceof Error && e.constructor === Error;
}

/** The controller for a colour from ../players.js, or null for a person. */
function controllerOf(players, color) {
  const { controllerFor, playersFor } = playerKinds;
  if (typeof controllerFor !== 'function' || typeof playersFor !== 'function') return null;
  return controllerFor(playersFor(players), color) ?? null;
}

/** Throws when the asked-for players cannot play yet. */
export function checkPlayers(players) {
  if (players === 'computer' && !controllerOf('computer', 'green')) {
    throw new EmbedError('players: the computer opponent is not available yet; use players="two"');
  }
}

export class PlayMode {
  /**
   * @param {object} o
   * @param {import('../engine.js').Session} o.session
   * @param {import('../board.js').BoardView} o.board
   * @param {import('../a11y.js').BoardGrid} o.grid
   * @param {{status:HTMLElement, dice:HTMLElement, roll:HTMLButtonElement,
   *          confirm:HTMLButtonElement, undo:HTMLButtonElement}} o.ui
   * @param {string} o.players `hotseat` or `computer`
   * @param {boolean} o.coords
   * @param {(name:string, detail:object) => void} o.emit
   * @param {(message:string) => void} o.fail an unexpected engine error
   * @param {() => boolean} o.hasFocus whether the grid holds the focus
   */
  constructor(o) {
    Object.assign(this, o);
    this.selected = null;
    this.news = '';
    this.stopped = false;
    this.grid.build(this.session.size);
  }

  /** Stops reacting (the element was re-rendered or removed). */
  stop() {
    this.stopped = true;
    this.session.dispose();
  }

  get state() { return this.session.state; }

  /** Runs an engine call; a refusal goes to the status line, anything else to `fail`. */
  #attempt(fn) {
    try {
      return { ok: true, value: fn() };
    } catch (e) {
      const message = messageOf(e);
      if (!isRefusal(e)) {
        this.fail(message);
        return { ok: false };
      }
      this.news = t().illegal(message);
      return { ok: false };
    }
  }

  model() {
    const s = this.session;
    const st = s.state;
    const targets = new Map();
    if (this.selected != null) for (const tg of s.targetsOf(this.selected)) targets.set(tg.to, tg.kind);
    return {
      n: st.size,
      cells: st.cells,
      coords: this.coords,
      sources: new Set(s.sources.keys()),
      selected: this.selected,
      targets,
      removals: s.removals,
      last: st.roll && st.actions.length ? [] : st.lastTurn,
      current: st.actions,
      cursor: this.hasFocus() ? this.grid.cursor : null,
    };
  }

  #instruction() {
    const w = t();
    const s = this.session;
    const st = s.state;
    if (st.winner) return w.wins(w.color[st.winner]);
    if (!st.roll) return w.toRoll(w.color[st.side]);
    if (st.complete) return w.turnComplete;
    if (this.selected != null) return w.selected(squareName(this.selected, st.size));
    if (s.removals.size) return w.chooseRemoval;
    const first = st.balancing && st.actions.length === 0 ? `${w.balancing} ` : '';
    return `${first}${w.chooseStack}`;
  }

  render() {
    if (this.stopped) return;
    const st = this.state;
    const w = t();
    const m = this.model();
    this.board.set(m);
    this.grid.update(m, w.cell);
    renderDice(this.ui.dice, st, w);
    this.ui.dice.setAttribute('aria-label', `${w.dice}: ${w.diceFaces(st.faces)}`);
    const computerTurn = Boolean(controllerOf(this.players, st.side));
    this.ui.roll.disabled = Boolean(st.roll) || Boolean(st.winner) || computerTurn;
    this.ui.confirm.disabled = !st.complete || computerTurn;
    this.ui.undo.disabled = st.actions.length === 0 || computerTurn;
    const status = `${this.news ? `${this.news} ` : ''}${this.#instruction()}`;
    if (this.ui.status.textContent !== status) this.ui.status.textContent = status;
    this.news = '';
  }

  roll() {
    if (this.stopped) return;
    const s = this.session;
    if (s.over || s.rolled) return;
    const r = this.#attempt(() => s.roll());
    if (r.ok) this.news = t().rolled(t().color[s.state.side], r.value[0], r.value[1]);
    this.selected = null;
    this.render();
  }

  #afterAction(kind) {
    const st = this.state;
    const last = st.actions[st.actions.length - 1];
    this.news = t().played(t().color[st.side], last?.text ?? '', t().kind[kind] ?? kind);
    this.selected = null;
    this.render();
  }

  #move(from, to) {
    const r = this.#attempt(() => this.session.play(from, to));
    if (r.ok) this.#afterAction(r.value);
    return r.ok;
  }

  #remove(i) {
    const r = this.#attempt(() => this.session.remove(i));
    if (r.ok) this.#afterAction(r.value);
    return r.ok;
  }

  /** What clicking (or activating) a square does. */
  activate(i) {
    const s = this.session;
    const w = t();
    if (this.stopped || controllerOf(this.players, s.state.side)) return;
    const sq = squareName(i, s.size);
    const isTarget = this.selected != null && s.targetsOf(this.selected).some((tg) => tg.to === i);
    if (s.over) this.news = w.gameIsOver;
    else if (!s.rolled) this.news = w.rollFirst;
    else if (s.complete) this.news = w.waitConfirm;
    else if (s.removals.size) {
      if (this.#remove(i)) return;
    } else if (isTarget || (this.selected != null && this.selected !== i && !s.sources.has(i))) {
      // The engine judges the move; a refusal explains itself.
      if (this.#move(this.selected, i)) return;
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
    this.render();
  }

  /** Ends the completed turn and tells the page about it. */
  confirm() {
    const s = this.session;
    if (this.stopped || !s.complete) return;
    const before = s.state;
    const r = this.#attempt(() => s.confirm());
    this.selected = null;
    if (r.ok) this.news = t().confirmed(t().color[before.side], r.value);
    this.render();
    if (!r.ok) return;
    const after = s.state;
    this.emit('turnplayed', {
      number: before.turn,
      side: before.side,
      roll: before.roll,
      turn: r.value.slice(r.value.indexOf(':') + 1).trim(),
      position: after.code,
    });
    if (after.winner) {
      this.emit('gameover', { winner: after.winner, turns: after.log.length, position: after.code });
    }
    this.startTurn();
  }

  undo() {
    if (this.stopped) return;
    const undone = this.session.undo();
    this.news = undone ? t().undone(undone) : t().nothingToUndo;
    this.selected = null;
    this.render();
  }

  cancel() {
    if (this.stopped) return;
    if (this.selected == null) return;
    this.selected = null;
    this.news = t().deselected;
    this.render();
  }

  /** Lets a computer controller (../players.js) play its colour's turn. */
  startTurn() {
    const s = this.session;
    if (this.stopped || s.over || s.rolled) return;
    const controller = controllerOf(this.players, s.state.side);
    if (!controller) return;
    const api = {
      roll: () => this.roll(),
      state: () => this.session.state,
      alive: () => !this.stopped,
      undo: () => this.undo(),
      options: () => ({ sources: this.session.sources, removals: this.session.removals }),
      play: (from, to) => !this.stopped && this.#move(from, to),
      remove: (sq) => !this.stopped && this.#remove(sq),
      confirm: () => { if (!this.stopped) this.confirm(); },
    };
    Promise.resolve()
      .then(() => controller.takeTurn(api))
      .catch((e) => this.fail(messageOf(e)));
  }

  /** Keys while the focus is inside the element; true when handled. */
  key(e) {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (arrows[e.key]) {
      if (this.hasFocus()) this.grid.move(...arrows[e.key]);
      else this.grid.focus(this.grid.cursor);
      return true;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      if (!this.state.roll && !this.state.winner) this.roll();
      else if (this.state.complete) this.confirm();
      else if (this.hasFocus()) this.activate(this.grid.cursor);
      else this.grid.focus(this.grid.cursor);
      return true;
    }
    if (e.key === 'Escape') { this.cancel(); return true; }
    switch (e.key.toLowerCase()) {
      case 'd': this.roll(); return true;
      case 'u': this.undo(); return true;
      default: return false;
    }
  }
}
