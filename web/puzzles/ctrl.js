// @ts-check
// The puzzles page's commands: what needs the engine (the answer's
// position, the puzzle's board), the board's controller and the search
// worker (the value of a wrong turn). The state (state.js) decides, the
// view (view.js) draws.

import { messageOf, parseRoll, Session } from '../lib/engine/engine.js';
import { AiClient } from '../lib/game/computer.js';
import { SetTurn } from '../lib/game/set-turn.js';
import { t } from '../lib/i18n/i18n.js';
import { fail, guard } from '../lib/page.js';
import { fillFilters, render } from './view.js';

/** @typedef {import('./state.js').Item} Item */
/** @typedef {import('./state.js').PuzzleState} PuzzleState */

/** The puzzle's position with its dice, in a game of its own. @param {Item} p */
function sessionOf(p) {
  const s = Session.fromPosition(p.position, p.edition);
  const [a, b] = parseRoll(p.roll);
  s.setRoll(a, b);
  return s;
}

/** The position the puzzle's best turn reaches and its actions: the engine plays it in a game of its own. @param {Item} p */
function answerOf(p) {
  const scratch = sessionOf(p);
  try {
    // The engine's own whole-turn play (Game.playTurn), then the views.
    scratch.game.playTurn(p.best);
    scratch.refresh();
    const { actions, side } = scratch.state;
    scratch.confirm();
    return { code: scratch.state.code, actions, side };
  } finally {
    scratch.dispose();
  }
}

/**
 * The page's commands on its state, once the shipped set is in it: the
 * board is made on its first puzzle.
 * @param {PuzzleState} state
 */
export function createCtrl(state) {
  const first = state.setItems[0];
  const valuer = new AiClient();
  // Nothing is drawn while the board is being made (it may report a change).
  let made = false;
  const draw = () => {
    if (made) render(state, play);
  };

  /** Back to the puzzle's position with its dice (to draw the answer over it). */
  const reset = () => {
    const p = state.current();
    if (p) play.set(p.position, p.edition, parseRoll(p.roll), '');
  };

  /** Asks the worker for the chance after the player's turn (the review's value). @param {Item} p @param {string} turn */
  const valueYours = (p, turn) => {
    valuer
      .request('review', { code: p.position, edition: p.edition, roll: parseRoll(p.roll), turn, level: 'easy' })
      .then(({ result }) => {
        if (state.valued(p.id, /** @type {{ playedValue: number }} */ (result).playedValue)) draw();
      })
      .catch((e) => {
        if (e?.name !== 'Cancelled') fail(messageOf(e));
      });
  };

  /**
   * A turn was confirmed: the engine has played it; the state judges it by
   * the position it reached.
   * @param {import('../lib/game/controller.js').TurnPlayed} turn
   */
  const judged = (turn) => {
    const p = state.current();
    if (!p) return;
    const right = state.judge(turn.turn, turn.position, play.controller.state.lastTurn);
    // Once the controller is done with the confirmed turn: solved, the
    // position it reached stays with the turn's arrows; not, back to the
    // puzzle's position with the answer drawn over it.
    queueMicrotask(
      guard(() => {
        if (!right) reset();
        draw();
        if (!right) valueYours(p, turn.turn);
      }),
    );
  };

  const play = new SetTurn(
    { changed: draw, judged, locked: () => Boolean(state.result) },
    first.position,
    first.edition,
  );
  made = true;

  /** Opens a puzzle (again): its position, its dice, nothing judged. @param {Item} p */
  const open = (p) => {
    valuer.cancel();
    state.open(p, answerOf(p));
    play.set(p.position, p.edition, parseRoll(p.roll), t('puzzles').yourTurn);
    if (location.hash.slice(1) !== p.id) history.replaceState(null, '', `#${p.id}`);
    draw();
  };

  /** Opens another puzzle than the one on show (its first try may score); redraws when there is none. @param {Item | null} p */
  const openNew = (p) => {
    if (!p) return draw();
    state.fresh();
    open(p);
    return undefined;
  };

  return {
    draw,
    open,
    /** The next puzzle the filters let through. */
    next: () => openNew(state.next()),
    /** The puzzle on show again. */
    again: () => {
      const p = state.current();
      if (p) open(p);
    },
    hint: () => {
      state.hint = true;
      draw();
    },
    /** The answer, without a turn played. */
    showAnswer: () => {
      state.showAnswer();
      reset();
      draw();
    },
    /** A filter changed: the first puzzle it lets through (the one on show if it still does). @param {import('./state.js').Filters} chosen */
    refilter: (chosen) => {
      const p = state.refilter(chosen);
      fillFilters(state);
      openNew(p);
    },
    /** Opens the puzzle the address names (#id), with the filters that show it; false when none. */
    openAsked: () => {
      const p = state.asked(location.hash.slice(1));
      if (!p) return false;
      fillFilters(state);
      openNew(p);
      return true;
    },
  };
}
