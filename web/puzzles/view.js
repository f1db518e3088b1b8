// @ts-check
// The puzzles page's view: draws the state (state.js) and the board it is
// given; reads nothing back but the filters' choices, and changes nothing.

import { squareName } from '../lib/engine/engine.js';
import { label, t } from '../lib/i18n/i18n.js';
import { $, button, select } from '../lib/dom.js';
import { pct } from '../lib/review/marks.js';

/** @typedef {import('./state.js').PuzzleState} PuzzleState */
/** @typedef {import('./state.js').Item} Item */

/** The puzzle words, once loaded. */
const w = () => t('puzzles');

/**
 * Draws the page: the score, the puzzle on show on its board (with the
 * answer's arrows once judged, or the hint's square), its card and the
 * judgement.
 * @param {PuzzleState} state @param {import('../lib/game/set-turn.js').SetTurn} play
 */
export function render(state, play) {
  const c = play.controller;
  const pw = w();
  const list = state.listed();
  renderScore(state);
  const p = list.find((x) => x.id === state.id);
  $('pz-none').hidden = Boolean(p);
  $('pz-none').textContent = state.filters.source === 'games' && !state.mineItems.length ? pw.noneMine : pw.none;
  $('pz-play').hidden = !p;
  document.body.dataset.puzzle = p?.id ?? '';
  document.body.dataset.result = state.result ?? '';
  if (!p) return;
  const st = c.state;
  const m = play.model();
  /** @type {import('../lib/board/board.js').BoardModel} */
  let model = m;
  const first = state.answer.actions[0];
  if (state.result) {
    // Judged: the player's turn as the last turn; solved, on the position
    // it reached, else on the puzzle's position with the best turn dashed.
    const hint = state.result === 'right' ? [] : state.answer.actions;
    model = { ...m, current: [], last: state.yours?.actions ?? [], hint };
  } else if (state.hint && first && c.selected == null && !st.actions.length) {
    model = { ...m, sources: new Set([first.from]) };
  }
  play.draw(model);

  const k = list.indexOf(p);
  $('pz-number').textContent = pw.puzzleOf(k + 1, list.length);
  const edition = p.edition === 'sequenced' ? pw.sequenced : pw.standard;
  $('pz-about').textContent = p.difficulty
    ? pw.about(p.size, edition, pw.levels[p.difficulty - 1])
    : `${p.size}×${p.size}, ${edition}`;
  // The puzzle's side, also once solved (when the board shows the other side to move).
  $('pz-task').textContent = pw.task(state.answer.side);
  const from = $('pz-from');
  from.hidden = !p.game;
  from.textContent = p.game ? pw.fromGame(p.game.turn, p.game.mark) : '';
  const hint = $('pz-hint');
  hint.hidden = !state.hint || !first;
  hint.textContent = first ? pw.hintText(squareName(first.from, p.size)) : '';
  button('btn-hint').disabled = state.hint || Boolean(state.result);
  button('btn-show').disabled = Boolean(state.result);
  renderFeedback(state, p);
  document.body.dataset.answerArrows = state.result
    ? JSON.stringify({
        best: (state.result === 'right' ? [] : state.answer.actions).map((a) => a.text),
        yours: (state.yours?.actions ?? []).map((a) => a.text),
      })
    : '';
}

/** The judgement, the answer and the chances. @param {PuzzleState} state @param {Item} p */
function renderFeedback(state, p) {
  const pw = w();
  const feedback = $('feedback');
  feedback.hidden = !state.result;
  if (!state.result) return;
  feedback.dataset.result = state.result === 'right' ? 'right' : 'wrong';
  $('feedback-title').textContent =
    state.result === 'right' ? pw.right : state.result === 'wrong' ? pw.wrong : pw.shown;
  /** @type {string[]} */
  const lines = [];
  const yours = state.yours;
  // Solved: the player's own turn is the best one (however it was spelled).
  if (state.result === 'right' && yours) {
    lines.push(pw.rightText(pct(p.bestChance)), pw.yoursBest(yours.turn));
    if (state.hint) lines.push(pw.hinted);
  } else lines.push(pw.best(p.best, pct(p.bestChance)));
  if (state.result === 'wrong' && yours)
    lines.push(yours.chance == null ? pw.valuing : pw.yours(yours.turn, pct(yours.chance)));
  lines.push(p.from === 'games' ? pw.inGame(p.other, pct(p.otherChance)) : pw.second(p.other, pct(p.otherChance)));
  if (p.exact) lines.push(pw.exact);
  const items = lines.map((text) => {
    const li = document.createElement('li');
    li.textContent = text;
    return li;
  });
  $('feedback-lines').replaceChildren(...items);
  document.body.dataset.valued = String(Boolean(yours && yours.chance != null));
}

/** @param {PuzzleState} state */
function renderScore(state) {
  const pw = w();
  $('pz-streak').textContent = pw.streak(state.score.streak);
  $('pz-solved').textContent = pw.solved(state.score.solved.length);
  document.body.dataset.streak = String(state.score.streak);
  document.body.dataset.solved = String(state.score.solved.length);
}

/** The filters' choices, from the puzzles of the source on show. @param {PuzzleState} state */
export function fillFilters(state) {
  const pw = w();
  const f = state.filters;
  /** @param {HTMLSelectElement} el @param {[string, string][]} options @param {string} chosen */
  const fill = (el, options, chosen) => {
    el.replaceChildren(...options.map(([value, text]) => new Option(text, value)));
    el.value = options.some(([v]) => v === chosen) ? chosen : '';
  };
  fill(
    select('pz-size'),
    [['', pw.anySize], ...state.sizes().map((n) => /** @type {[string, string]} */ ([String(n), `${n} × ${n}`]))],
    f.size,
  );
  fill(
    select('pz-difficulty'),
    [['', pw.anyDifficulty], ...pw.levels.map((l, i) => /** @type {[string, string]} */ ([String(i + 1), l]))],
    f.difficulty,
  );
  $('pz-difficulty-label').hidden = f.source !== 'set';
  select('pz-source').value = f.source;
  select('pz-edition').value = f.edition;
}

/** The filters as chosen in their pickers. @returns {import('./state.js').Filters} */
export function chosenFilters() {
  return {
    source: select('pz-source').value === 'games' ? 'games' : 'set',
    size: select('pz-size').value,
    edition: select('pz-edition').value,
    difficulty: select('pz-difficulty').value,
  };
}

/** Puts the page's own words (`data-w`) in its language. @param {PuzzleState} state */
export function applyWords(state) {
  label(w(), 'w');
  document.title = `${w().title} — ${t().credit}`;
  $('dice').setAttribute('aria-label', t().dice);
  fillFilters(state);
}
