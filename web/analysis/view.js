// @ts-check
// The analysis board's drawing: the set-up fields, the board with the
// ranked turn under the pointer or focus drawn dashed, the ranking, the
// line played and the page's words. Drawn from the state (state.js).

import { renderLog } from '../lib/board/log.js';
import { BoardView } from '../lib/board/board.js';
import { BoardGrid } from '../lib/board/grid.js';
import { label, language, t } from '../lib/i18n/i18n.js';
import { pct } from '../lib/review/marks.js';
import { $, button, input, select, textArea } from '../lib/dom.js';
import { shownTurns, TOP } from './state.js';

/** @typedef {import('./state.js').AnalysisState} AnalysisState */
/** @typedef {import('../lib/types.js').RankedTurn} RankedTurn */
/** @typedef {ReturnType<typeof createView>} AnalysisView */

/** The page's words (the review's). */
export const words = () => t('review');

/**
 * @param {AnalysisState} state
 * @param {object} hooks
 * @param {(i: number) => void} hooks.place a square clicked or activated
 * @param {(r: RankedTurn) => void} hooks.play a ranked turn's Play button
 * @param {() => import('../lib/types.js').LogLine[]} hooks.played the turns played from the set-up
 */
export function createView(state, hooks) {
  const board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'));
  const grid = new BoardGrid($('grid'), {
    activate: (i) => hooks.place(i),
    focused: () => renderBoard(),
  });

  /** The fields show the state (after a code, a turn played, a link). */
  function syncFields() {
    select('an-size').value = String(state.size);
    select('an-edition').value = state.edition;
    select('an-side').value = state.side;
    input('an-turn').value = String(state.turn);
    const code = state.typed ?? state.code;
    if (code && document.activeElement !== $('an-code')) textArea('an-code').value = code;
  }

  /** The board, with the ranked turn under the pointer or focus drawn dashed. */
  function renderBoard() {
    const n = state.size;
    if (grid.n !== n) grid.build(n, false);
    const preview = state.preview != null ? shownTurns(state)[state.preview] : undefined;
    /** @type {import('../lib/board/board.js').BoardModel} */
    const model = {
      n,
      cells: state.cells,
      coords: true,
      sources: new Set(),
      selected: null,
      targets: new Map(),
      removals: new Set(),
      last: state.last,
      current: [],
      cursor: grid.hasFocus() ? grid.cursor : null,
      hint: preview ? preview.actions : [],
    };
    board.set(model);
    grid.update(model, t().cell);
  }

  /** @param {import('./state.js').RankedPosition} r @param {number} i @param {number} firstQuick */
  function rankedItem(r, i, firstQuick) {
    const w = words();
    const li = document.createElement('li');
    if (i === firstQuick) {
      // The quick estimates are not on the same footing as the valued turns above.
      li.className = 'an-quick';
      li.title = w.exactNote;
      // The line above the quick estimates says they are of another kind.
      li.dataset.group = w.quickGroup;
    }
    li.dataset.exact = String(r.exact);
    li.dataset.turn = r.turn;
    const text = document.createElement('span');
    text.className = 'an-turn';
    text.textContent = r.turn || w.noTurn;
    const value = document.createElement('span');
    value.className = 'an-value';
    value.textContent = `${r.exact ? '' : '≈'}${pct(r.value)}`;
    const play = document.createElement('button');
    play.type = 'button';
    play.textContent = w.play;
    play.setAttribute('aria-label', `${w.play} ${r.turn}`);
    play.addEventListener('click', () => hooks.play(r));
    // Only the board redraws: the list stays (a click on its button must land).
    li.addEventListener('pointerenter', () => {
      state.preview = i;
      renderBoard();
    });
    li.addEventListener('focusin', () => {
      state.preview = i;
      renderBoard();
    });
    li.append(text, value, play);
    if (r.also.length) {
      // Other turns that reach the same position.
      const also = document.createElement('span');
      also.className = 'an-also';
      also.textContent = w.samePosition(r.also.join(' · '));
      li.append(also);
    }
    return li;
  }

  function render() {
    const w = words();
    syncFields();
    renderBoard();
    const shown = shownTurns(state);
    const err = $('an-error');
    err.hidden = !state.error;
    err.textContent = state.error;
    // What is wrong with the dice, under them, and the die refused marked.
    const rollErr = $('an-roll-error');
    rollErr.hidden = !state.rollError;
    rollErr.textContent = state.rollError;
    for (const i of [1, 2]) {
      const die = input(`an-die${i}`);
      if (state.rollError && (state.badDie === 0 || state.badDie === i)) die.setAttribute('aria-invalid', 'true');
      else die.removeAttribute('aria-invalid');
    }
    const c = w.color[/** @type {'black' | 'green'} */ (state.side)];
    $('an-status').textContent = state.note;
    const status = $('an-ranking-status');
    document.body.dataset.ranked = String(Boolean(state.ranking));
    if (state.working) status.textContent = w.rankingWorking;
    else if (state.ranking) {
      // Before the roll is an average over every roll; this roll's best turn
      // is what it is worth: say why the two differ.
      const best = state.ranking.turns[0];
      const roll = state.roll ? state.roll.join(',') : '';
      status.textContent = `${w.ranking2(c, pct(state.ranking.before))}${best && roll ? ` ${w.rollNote(roll, pct(best.value))}` : ''}`;
    } else status.textContent = '';
    const firstQuick = shown.findIndex((r) => !r.exact);
    $('an-ranking').replaceChildren(...shown.map((r, i) => rankedItem(r, i, firstQuick)));
    const total = state.lines.length;
    const all = button('an-all');
    all.hidden = total <= TOP;
    all.textContent = state.showAll ? w.showTop : w.showAll(total);
    const played = hooks.played();
    button('an-back').disabled = played.length === 0;
    $('an-line-box').hidden = played.length === 0;
    renderLog($('an-line'), played);
    button('an-rank').disabled = !state.code || state.working;
    button('an-random').disabled = !state.code;
  }

  /** Puts the page's words in its language. */
  function applyWords() {
    label(words(), 'w');
    $('an-die1-label').textContent = words().die(1);
    $('an-die2-label').textContent = words().die(2);
    document.documentElement.lang = language();
    document.title = `${words().analysis} — ${t().credit}`;
  }

  return { board, grid, syncFields, renderBoard, render, applyWords };
}
