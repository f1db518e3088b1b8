// @ts-check
// The analysis board's commands: set-up changes (the engine makes the code
// of each), the dice, the ranking asked of the worker, a ranked turn
// played and taken back, and the link. The line played from the set-up is
// the game controller every page plays turns through, over a game that
// starts at the set-up position: playing a ranked turn and stepping back
// are its commands (`playTurn`, `takeBack`); a new set-up starts a new
// game in it.

import { errorInfo, messageOf, Session, setupCode } from '../lib/engine/engine.js';
import { fail as failPage } from '../lib/page.js';
import { AiClient, ThinkError } from '../lib/game/computer.js';
import { GameController } from '../lib/game/controller.js';
import { errorText } from '../lib/i18n/i18n.js';
import { $, input, select } from '../lib/dom.js';
import { forgetRanking, fragmentOf, groupByPosition, rankingKey, readFragment, stackOf } from './state.js';
import { loadGame } from '../lib/storage.js';
import { words } from './view.js';

/** @typedef {import('./state.js').AnalysisState} AnalysisState */
/** @typedef {import('../lib/types.js').RankedTurn} RankedTurn */
/** @typedef {import('../lib/types.js').Edition} Edition */
/** @typedef {ReturnType<typeof createCtrl>} AnalysisCtrl */

/** A bug: the page's failure banner (lib/page.js), and the page stops. @param {unknown} e */
export function fail(e) {
  failPage(messageOf(e));
}

/**
 * @param {AnalysisState} state
 * @param {() => void} render draws the page
 */
export function createCtrl(state, render) {
  const ranker = new AiClient();
  /** @type {GameController | null} made once the engine is loaded (`start`) */
  let line = null;

  /** The controller (the engine is loaded by then). */
  function controller() {
    if (!line) throw new Error('the analysis board is not ready');
    return line;
  }

  /** The engine is loaded: the line can be played. */
  function start() {
    line = new GameController(Session.create(8, 'standard'), 'hotseat', {
      // The page draws after each of its own steps.
      changed: () => {},
      fail: failPage,
    });
  }

  /**
   * Takes the engine's view of a position code: its size, stacks, side and
   * turn. Throws a refusal.
   * @param {string} code @param {Edition} edition
   */
  function adopt(code, edition) {
    controller().replace(Session.fromPosition(code, edition), 'hotseat');
    follow();
  }

  /** The board shows the position the line has reached. */
  function follow() {
    const st = controller().state;
    Object.assign(state, {
      size: st.size,
      edition: st.edition,
      cells: st.cells.slice(),
      side: st.side,
      turn: st.turn,
      code: st.code,
      error: '',
    });
  }

  /** The engine makes the code of the set-up (or says what is wrong with it). */
  function recode() {
    try {
      state.code = setupCode(state.size, state.cells, state.side, state.turn);
      state.error = '';
      controller().replace(Session.fromPosition(state.code, state.edition), 'hotseat');
    } catch (e) {
      const info = errorInfo(e);
      if (!info) throw e;
      state.code = '';
      state.error = words().invalid(errorText(info));
    }
    changedPosition();
  }

  /** The position changed: the ranking and the turns played go. */
  function changedPosition() {
    forgetRanking(state);
    ranker.cancel();
    publish();
    render();
  }

  /** A click on a square while setting up: the chosen stack goes there. @param {number} i */
  function place(i) {
    state.cells[i] = stackOf(select('an-place').value, Number(input('an-height').value));
    recode();
  }

  /** @param {number} size */
  function startPosition(size) {
    controller().replace(Session.create(size, state.edition), 'hotseat');
    follow();
  }

  /** @param {number} a @param {number} b */
  function showRoll(a, b) {
    input('an-die1').value = String(a);
    input('an-die2').value = String(b);
  }

  /**
   * Reads the dice typed and asks the engine whether they fit this board;
   * false (with what is wrong said under the dice) when they do not.
   */
  function readRoll() {
    const dice = [input('an-die1').value, input('an-die2').value].map((v) => v.trim());
    state.rollError = '';
    state.badDie = 0;
    const w = words();
    // A die is a whole number (the engine says which numbers fit the board).
    const notWhole = dice.findIndex((v) => !/^[0-9]+$/.test(v));
    if (notWhole >= 0) {
      state.badDie = /** @type {1 | 2} */ (notWhole + 1);
      state.rollError = w.dieNotWhole(notWhole + 1);
      return false;
    }
    const [a, b] = dice.map(Number);
    state.roll = [a, b];
    // Each die on its own, beside a die of 1, so the message names the die refused.
    for (const [i, roll] of /** @type {[1 | 2, [number, number]][]} */ ([
      [1, [a, 1]],
      [2, [1, b]],
    ])) {
      const refusal = diceRefusal(roll);
      if (refusal) {
        state.badDie = i;
        state.rollError = w.dieRefused(i, refusal);
        return false;
      }
    }
    return true;
  }

  /**
   * The engine's refusal of these dice in this position, in the page's
   * words; '' when it takes them.
   * @param {[number, number]} roll
   */
  function diceRefusal(roll) {
    const session = Session.fromPosition(state.code, state.edition);
    try {
      session.game.setRoll(roll[0], roll[1]);
      return '';
    } catch (e) {
      const info = errorInfo(e);
      if (!info) throw e;
      // The game is over: the ranking says so, not the dice.
      return info.kind === 'game-over' ? '' : errorText(info);
    } finally {
      session.dispose();
    }
  }

  /**
   * The code of the position each ranked turn reaches (the engine plays it
   * from the position ranked); '' when the engine does not play it.
   * @param {import('../lib/types.js').RankedTurn} turn
   */
  function positionAfter(turn) {
    if (!state.roll) return '';
    const session = Session.fromPosition(state.code, state.edition);
    try {
      const g = session.game;
      g.setRoll(state.roll[0], state.roll[1]);
      for (const a of turn.actions) g.act(a.text);
      g.confirm();
      return String(JSON.parse(g.state()).code);
    } catch {
      return '';
    } finally {
      session.dispose();
    }
  }

  function randomRoll() {
    if (!state.code) return;
    const session = Session.fromPosition(state.code, state.edition);
    try {
      const [a, b] = session.roll();
      showRoll(a, b);
    } catch (e) {
      showRefusal(e);
      return;
    } finally {
      session.dispose();
    }
    rank();
  }

  /** Asks the worker for every legal turn, ranked. */
  function rank() {
    if (!state.code) return;
    if (!readRoll()) {
      forgetRanking(state);
      ranker.cancel();
      render();
      $(`an-die${state.badDie || 1}`).focus();
      return;
    }
    if (!state.roll) return;
    const key = rankingKey(state);
    Object.assign(state, { ranking: null, ranking_for: key, preview: null, showAll: false, working: true, error: '' });
    ranker.cancel();
    publish();
    render();
    ranker
      .request('rank', { code: state.code, edition: state.edition, roll: state.roll })
      .then(({ result }) => {
        if (state.ranking_for !== key) return;
        const ranking = /** @type {import('../lib/types.js').Ranking} */ (result);
        state.ranking = ranking;
        state.lines = groupByPosition(ranking.turns, positionAfter);
        state.working = false;
        render();
      })
      .catch((e) => {
        if (state.ranking_for !== key) return;
        state.working = false;
        if (e instanceof ThinkError && e.info) {
          const kind = e.info.kind;
          const dice = kind === 'bad-roll' || kind.startsWith('die-');
          if (dice) state.rollError = words().invalidRoll(errorText(e.info));
          else state.error = kind === 'game-over' ? words().gameOver : words().invalid(errorText(e.info));
          render();
        } else if (e?.name !== 'Cancelled') {
          fail(e);
        }
      });
  }

  /** Plays a ranked turn on the board (the engine plays it action by action). @param {RankedTurn} r */
  function playRanked(r) {
    if (!state.roll) return;
    const c = controller();
    if (!c.setRoll(state.roll[0], state.roll[1]) || !c.playTurn(r.actions.map((a) => a.text))) {
      // The controller's news says what the engine refused.
      state.error = c.news;
      render();
      return;
    }
    follow();
    const last = r.actions;
    const note = words().played(r.turn);
    changedPosition();
    state.last = last;
    state.note = note;
    render();
    showBoard();
  }

  /**
   * Brings the board into view, where the turn just played is drawn (on a
   * wide screen it is already there: it stays in place beside the ranking;
   * on a narrow one the ranking is under it).
   */
  function showBoard() {
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    $('board-wrap').scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }

  function stepBack() {
    const c = controller();
    if (c.state.log.length === 0) return;
    // The turn is taken back with its dice, which are asked about again.
    c.takeBack();
    follow();
    changedPosition();
    const roll = c.state.roll;
    if (roll) {
      showRoll(roll[0], roll[1]);
      rank();
    }
  }

  /** @param {unknown} e */
  function showRefusal(e) {
    const info = errorInfo(e);
    if (!info) throw e;
    state.error = words().invalid(errorText(info));
    render();
  }

  /** The analysis goes to the address bar and the link box. */
  function publish() {
    const f = fragmentOf(state);
    if (!f) return;
    const url = new URL(location.href);
    url.hash = f;
    history.replaceState(null, '', url);
    input('an-link').value = url.href;
  }

  /**
   * Opens the analysis a link describes; false when it has none.
   * @param {() => void} syncFields the fields show the position before it is ranked
   */
  function openFragment(syncFields) {
    const asked = readFragment(location.hash.slice(1)) ?? savedGame();
    if (!asked) return false;
    try {
      adopt(asked.code, asked.edition);
    } catch (e) {
      const info = errorInfo(e);
      if (!info) throw e;
      startPosition(8);
      state.error = words().invalid(errorText(info));
      return true;
    }
    if (asked.roll) {
      showRoll(...asked.roll);
      syncFields();
      rank();
    }
    return true;
  }

  /**
   * The game page's game, when the analysis was opened from the game page
   * (its Analysis link) or asked for with `#game`: the position before the
   * turn under way, with its dice once rolled; null otherwise.
   * @returns {{ code: string, edition: Edition, roll: [number, number] | null } | null}
   */
  function savedGame() {
    if (!(location.hash === '#game' || fromGamePage())) return null;
    const saved = loadGame();
    if (!saved) return null;
    let session;
    try {
      session = Session.restore(saved);
    } catch {
      // A save the engine refuses: the start position, as without one.
      return null;
    }
    const st = session.state;
    session.dispose();
    return { code: st.code, edition: st.edition, roll: st.roll ? [st.roll[0], st.roll[1]] : null };
  }

  /** The page was opened from the game page (web/../index.html) of this site. */
  function fromGamePage() {
    if (!document.referrer) return false;
    const from = new URL(document.referrer);
    const game = new URL('../', location.href);
    return (
      from.origin === game.origin && (from.pathname === game.pathname || from.pathname === `${game.pathname}index.html`)
    );
  }

  /** The turns played from the set-up. */
  const played = () => (line ? line.state.log : []);

  return {
    start,
    adopt,
    recode,
    changedPosition,
    place,
    startPosition,
    randomRoll,
    rank,
    playRanked,
    stepBack,
    showRefusal,
    publish,
    openFragment,
    played,
  };
}
