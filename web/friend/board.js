// @ts-check
// The friend page's board: the one board component (lib/board/mount.js)
// on a GameController for the game on show, made anew whenever the state
// shows another view of it (a turn played or arrived). The controller is
// the one place a turn is played; a confirmed turn goes to the state,
// which makes the link to send.

import { parseRoll, Session } from '../lib/engine/engine.js';
import { mountBoard, pageParts } from '../lib/board/mount.js';
import { liveLines, renderLog } from '../lib/board/log.js';
import { GameController } from '../lib/game/controller.js';
import { SHOW_MS } from '../lib/game/players.js';
import { t } from '../lib/i18n/i18n.js';
import { fail, guard } from '../lib/page.js';
import { $ } from '../lib/dom.js';
import * as store from '../lib/storage.js';

/**
 * The turn under way on this browser, kept so a reload mid-turn finds it
 * (as the game page keeps its own): the game's id and message count
 * (`at`), and the actions played so far. One at a time: the latest.
 */
const partial = store.stored('friend-turn', {
  what: 'friend-games',
  version: 1,
  fallback: () => null,
  /** @param {unknown} d @returns {{ at: string, actions: string[] } | null | store.Rejected<null>} */
  validate: (d) =>
    store.isRecord(d)
    && typeof d.at === 'string'
    && Array.isArray(d.actions)
    && d.actions.length <= 64
    && d.actions.every((a) => typeof a === 'string' && a.length <= 16)
      ? { at: d.at, actions: /** @type {string[]} */ (d.actions) }
      : store.reject('not a turn'),
});

/** Where in which game a turn is played. @param {CorrView} v */
const turnAt = (v) => `${v.id}:${v.messages}`;

/** @typedef {import('../lib/types.js').CorrView} CorrView */
/** @typedef {import('./state.js').FriendState} FriendState */

export class FriendBoard {
  /** @type {CorrView | null} the view the controller was made from */
  #from = null;

  /**
   * @param {FriendState} s
   * @param {object} host
   * @param {() => void} host.changed the controller changed: redraw the page
   * @param {(turn: string) => void} host.played a turn was confirmed on the board
   * @param {() => string} host.status the status line when this player cannot play
   * @param {() => void} host.elsewhere this player's turn arrived, played elsewhere
   */
  constructor(s, host) {
    this.s = s;
    this.host = host;
    this.api = mountBoard(pageParts(), {
      words: () => t(),
      flipped: () => s.shown?.you === 'green',
      canAct: () => this.canPlay(),
      coords: () => true,
      // A game the server ended (time, a claim, an abort) offers no more
      // choices: the turn that was under way is not played.
      decorate: (m) => {
        if (!this.#endedOnShow()) return;
        m.sources = new Set();
        m.removals = new Set();
        m.selected = null;
        m.targets = new Map();
      },
      status: () => (this.canPlay() ? null : host.status()),
    });
  }

  /** Whether the game on show was ended by the server. */
  #endedOnShow() {
    const v = this.s.shown;
    return Boolean(v && this.s.ended(v.id));
  }

  /** Whether this player may act on the board now: their turn, in a game not yet won. */
  canPlay() {
    const c = this.api.controller;
    return Boolean(this.s.yourTurn() && c && !c.state.winner);
  }

  /** The controller's phase of the turn, for the page: acting, or the turn complete. */
  complete() {
    return Boolean(this.api.controller?.state.complete);
  }

  /**
   * Plays the game on show: its latest position, with this player's roll
   * when it is their turn; none when no game of this browser's is on show.
   */
  sync() {
    const v = this.s.shown;
    if (v === this.#from) return;
    this.#from = v;
    // A turn still shown moving belongs to the view before.
    this.api.view.stopMotion();
    this.api.controller?.stop();
    if (!v) {
      this.api.setController(null);
      return;
    }
    const session = Session.fromRecord(v.record);
    if (v.yourMove && v.due === 'turn' && v.roll) {
      session.setRoll(v.roll[0], v.roll[1]);
      this.#resume(session, v);
    }
    this.api.setController(
      new GameController(session, 'hotseat', {
        changed: () => {
          this.#keep(v);
          this.host.changed();
        },
        fail,
        turnPlayed: guard((turn) => this.host.played(turn.turn)),
        moved: this.api.motion.moved,
      }),
    );
  }

  /**
   * The actions this player had played of this very turn before a reload,
   * played again; a kept turn that no longer fits is dropped.
   * @param {Session} session @param {CorrView} v
   */
  #resume(session, v) {
    const kept = partial.get();
    if (!kept || kept.at !== turnAt(v)) return;
    try {
      for (const text of kept.actions) session.act(text);
    } catch {
      partial.remove();
    }
  }

  /** Keeps the turn under way (or forgets it once none is). @param {CorrView} v */
  #keep(v) {
    const st = this.api.controller?.state;
    if (!st || this.s.shown !== v) return;
    const actions = v.yourMove && v.due === 'turn' ? st.actions.map((a) => a.text ?? '') : [];
    const kept = partial.get();
    if (actions.length) {
      if (kept?.at !== turnAt(v) || kept.actions.join(' ') !== actions.join(' '))
        partial.set({ at: turnAt(v), actions });
    } else if (kept?.at === turnAt(v)) partial.remove();
  }

  /** Draws the board, the dice, the buttons, the status line and the log. */
  draw() {
    this.sync();
    this.api.draw();
    const st = this.api.controller?.state;
    // Once the server ended the game, the log is its finished turns only.
    if (st) renderLog($('log'), this.#endedOnShow() ? st.log : liveLines(st, t().inProgress), {});
  }

  /**
   * Shows the opponent's turn that just arrived moving, action by action,
   * on the board already drawn after it (the engine replays the record up
   * to it to know the squares before each action). This player's turn is
   * open meanwhile: a press ends the motion at once and counts on the
   * final board (mount.js).
   * @param {CorrView} v
   */
  async showArrived(v) {
    const st = this.api.controller?.state;
    const last = st?.log[st.log.length - 1];
    if (!st || !last) return;
    // This player's own turn, arriving: it was played in another tab or on
    // another device (this tab's turn under way, if any, is gone).
    if (last.side === v.you) {
      this.host.elsewhere();
      return;
    }
    const lines = v.record.trimEnd().split('\n');
    const before = Session.fromRecord(`${lines.slice(0, -1).join('\n')}\n`);
    /** @type {{ action: import('../lib/types.js').ActionView, before: number[] }[]} */
    const steps = [];
    try {
      const [a, b] = parseRoll(last.roll);
      before.setRoll(a, b);
      for (const action of last.actions) {
        steps.push({ action, before: before.state.cells });
        before.act(action.text);
      }
    } finally {
      before.dispose();
    }
    if (this.s.shown === v) await showRun(this.api.view, steps);
  }
}

/**
 * Shows actions already played one after another (a turn that arrived),
 * each from the cells before it; the view's model is the board after the
 * last. Resolves when all are shown, or at once when the view's run ends
 * (`stopMotion`, another animation: a click on the moving board), which
 * leaves the board final.
 * @param {import('../lib/board/board.js').BoardView} view
 * @param {{ action: import('../lib/types.js').ActionView, before: number[] }[]} steps
 */
async function showRun(view, steps) {
  view.stopMotion();
  const run = {};
  view.run = run;
  for (const { action, before } of steps) if (view.run === run) await view.step(action, SHOW_MS, { before });
  if (view.run === run) view.stopMotion();
}
