// @ts-check
// The puzzles page (web/puzzles.html, issue 36): "find the best turn for
// this roll". Puzzles come from the shipped set (puzzles.json, made by
// `diablo-lab puzzles` from self-play, docs/puzzles.md; fetched when this
// page opens) and from the games reviewed on this device (mine.js). The
// player plays a turn on the shared board through the one game controller,
// as on the game page; the engine refuses an illegal action in its words.
// A confirmed turn is judged by the position it reaches, compared with the
// position the answer reaches (the engine plays both), so any written form
// of the best turn is right. The answer is shown with both turns' arrows
// and chances: the best turn's from the puzzle, the player's from the
// search worker (the review's value of a turn). A streak and a count of
// puzzles solved are kept with storage.js; the puzzle on show is in the
// address (#id).

import { messageOf, parseRoll, Session, squareName } from '../lib/engine/engine.js';
import { AiClient } from '../lib/game/computer.js';
import { SetTurn } from '../lib/game/set-turn.js';
import { label, t } from '../lib/i18n/i18n.js';
import { fail, guard, pickLanguages, startPage } from '../lib/page.js';
import * as storage from '../lib/storage.js';
import { $, button, select } from '../lib/dom.js';
import { pct } from '../analysis/marks.js';
import { mineStore } from './mine.js';

/** @typedef {import('../lib/types.js').Edition} Edition */
/** @typedef {import('../lib/types.js').ActionView} ActionView */

/**
 * A puzzle of the shipped set, as puzzles.json holds it (crates/diablo-lab).
 * @typedef {object} SetPuzzle
 * @property {string} id
 * @property {number} size
 * @property {Edition} edition
 * @property {string} position
 * @property {string} roll
 * @property {string} best
 * @property {number} bestChance
 * @property {string} second
 * @property {number} secondChance
 * @property {number} turns
 * @property {number} difficulty 1 to 3
 * @property {{ best: number, second: number }} [exact]
 */

/**
 * A puzzle as the page shows it, from either source.
 * @typedef {object} Item
 * @property {string} id
 * @property {'set' | 'games'} from
 * @property {number} size
 * @property {Edition} edition
 * @property {string} position
 * @property {string} roll
 * @property {string} best
 * @property {number} bestChance
 * @property {string} other the second-best turn (set) or the turn played in the game
 * @property {number} otherChance
 * @property {number} difficulty 1 to 3; 0 for a puzzle from a game
 * @property {boolean} exact
 * @property {{ turn: number, mark: 'mistake' | 'blunder' }} [game]
 */

/** The puzzle words, once loaded. */
const w = () => t('puzzles');

// ---- the score ------------------------------------------------------------------

/** @typedef {{ solved: string[], streak: number }} Score */

/** Puzzles solved at the first try (their ids) and the current streak. */
const scoreStore = storage.stored('puzzles', {
  what: 'puzzles',
  version: 1,
  fallback: () => /** @type {Score} */ ({ solved: [], streak: 0 }),
  validate: (value) => {
    if (!storage.isRecord(value) || !Array.isArray(value.solved) || !Number.isInteger(value.streak) || Number(value.streak) < 0) {
      return storage.reject('not a puzzle score');
    }
    return { solved: value.solved.filter((id) => typeof id === 'string'), streak: Number(value.streak) };
  },
});

/** @type {Score} */
let score = { solved: [], streak: 0 };

/** @param {boolean} right */
function scored(right) {
  const id = current()?.id;
  if (right && id && !score.solved.includes(id)) score.solved.push(id);
  score.streak = right ? score.streak + 1 : 0;
  scoreStore.set(score);
}

// ---- the puzzles ----------------------------------------------------------------

/** @type {Item[]} */
let setItems = [];
/** @type {Item[]} */
let mineItems = [];

/** @param {SetPuzzle} p @returns {Item} */
const fromSet = (p) => ({
  id: p.id, from: 'set', size: p.size, edition: p.edition, position: p.position, roll: p.roll, best: p.best,
  bestChance: p.bestChance, other: p.second, otherChance: p.secondChance, difficulty: p.difficulty, exact: Boolean(p.exact),
});

/** The puzzles from your games, newest first. */
function readMine() {
  mineItems = mineStore(storage).get().slice().reverse().map((p) => /** @type {Item} */ ({
    id: p.id, from: 'games', size: p.size, edition: p.edition, position: p.position, roll: p.roll, best: p.best,
    bestChance: p.bestChance, other: p.played, otherChance: p.playedChance, difficulty: 0, exact: false,
    game: { turn: p.turn, mark: p.mark },
  }));
}

/** The shipped set (fetched once, when the page opens). */
async function loadSet() {
  const response = await fetch(new URL('puzzles.json', location.href));
  if (!response.ok) throw new Error(`puzzles.json: ${response.status}`);
  const data = await response.json();
  if (!storage.isRecord(data) || !Array.isArray(data.puzzles)) throw new Error('puzzles.json: not a puzzle file');
  setItems = /** @type {SetPuzzle[]} */ (data.puzzles).map(fromSet);
}

const filters = {
  /** @type {'set' | 'games'} */
  source: /** @type {'set' | 'games'} */ ('set'),
  size: '',
  edition: '',
  difficulty: '',
};

/** The puzzles the filters let through, in order. */
function listed() {
  const items = filters.source === 'set' ? setItems : mineItems;
  return items.filter((p) => (!filters.size || p.size === Number(filters.size))
    && (!filters.edition || p.edition === filters.edition)
    && (filters.source !== 'set' || !filters.difficulty || p.difficulty === Number(filters.difficulty)));
}

// ---- the puzzle on show -----------------------------------------------------------

const state = {
  /** @type {string} the id of the puzzle on show ('' for none) */
  id: '',
  /** @type {'right' | 'wrong' | 'shown' | null} */
  result: /** @type {'right' | 'wrong' | 'shown' | null} */ (null),
  /** The player failed or asked for the answer: a later right turn does not score. */
  spent: false,
  hint: false,
  /** The position the best turn reaches (the engine's code) and its actions. */
  answer: { code: '', actions: /** @type {ActionView[]} */ ([]) },
  /** The player's confirmed turn: notation, actions, chance (null while valued). */
  yours: /** @type {{ turn: string, actions: ActionView[], chance: number | null } | null} */ (null),
};

/** @returns {Item | undefined} */
const current = () => [...setItems, ...mineItems].find((p) => p.id === state.id);

/** The puzzle's board, once the page has started. @type {SetTurn | null} */
let play = null;
const valuer = new AiClient();

/** The puzzle's position with its dice, in a game of its own. @param {Item} p */
function sessionOf(p) {
  const s = Session.fromPosition(p.position, p.edition);
  const [a, b] = parseRoll(p.roll);
  s.setRoll(a, b);
  return s;
}

/** Opens a puzzle (again): its position, its dice, nothing judged. @param {Item} p */
function open(p) {
  if (!play) return;
  state.id = p.id;
  state.result = null;
  state.hint = false;
  state.yours = null;
  valuer.cancel();
  // The engine plays the answer in a game of its own: the position it
  // reaches and its arrows.
  const scratch = sessionOf(p);
  try {
    // The engine's own whole-turn play (Game.playTurn), then the views.
    scratch.game.playTurn(p.best);
    scratch.refresh();
    const actions = scratch.state.actions;
    scratch.confirm();
    state.answer = { code: scratch.state.code, actions };
  } finally {
    scratch.dispose();
  }
  play.set(p.position, p.edition, parseRoll(p.roll), w().yourTurn);
  if (location.hash.slice(1) !== p.id) history.replaceState(null, '', `#${p.id}`);
  render();
}

/** Back to the puzzle's position with its dice (to draw the answer over it). */
function reset() {
  const p = current();
  if (play && p) play.set(p.position, p.edition, parseRoll(p.roll), '');
}

/**
 * A turn was confirmed: the engine has played it; it is right when it
 * reached the position the answer reaches.
 * @param {import('../lib/game/controller.js').TurnPlayed} turn
 */
function judge(turn) {
  const p = current();
  const c = play?.controller;
  if (!p || !c) return;
  const right = turn.position === state.answer.code;
  state.yours = { turn: turn.turn, actions: c.state.lastTurn, chance: right ? p.bestChance : null };
  state.result = right ? 'right' : 'wrong';
  if (!state.spent) scored(right);
  state.spent = true;
  // Once the controller is done with the confirmed turn: back to the
  // puzzle's position, the answer drawn over it.
  queueMicrotask(guard(() => {
    reset();
    render();
    if (!right) valueYours(p, turn.turn);
  }));
}

/** Asks the worker for the chance after the player's turn (the review's value). @param {Item} p @param {string} turn */
function valueYours(p, turn) {
  const id = p.id;
  valuer.request('review', { code: p.position, edition: p.edition, roll: parseRoll(p.roll), turn, level: 'easy' })
    .then(({ result }) => {
      if (state.id !== id || !state.yours) return;
      state.yours.chance = /** @type {{ playedValue: number }} */ (result).playedValue;
      render();
    })
    .catch((e) => {
      if (e?.name !== 'Cancelled') fail(messageOf(e));
    });
}

/** Shows the answer without a turn played. */
function showAnswer() {
  if (!current()) return;
  if (!state.spent) scored(false);
  state.spent = true;
  state.result = 'shown';
  state.yours = null;
  reset();
  render();
}

/** The next puzzle the filters let through (the first when none is on show). */
function next() {
  const list = listed();
  if (!list.length) return render();
  const at = list.findIndex((p) => p.id === state.id);
  state.spent = false;
  open(list[(at + 1) % list.length]);
  return undefined;
}

// ---- drawing ---------------------------------------------------------------------

function render() {
  const c = play?.controller;
  if (!play || !c) return;
  const pw = w();
  const list = listed();
  renderScore();
  const p = list.find((x) => x.id === state.id);
  $('pz-none').hidden = Boolean(p);
  $('pz-none').textContent = filters.source === 'games' && !mineItems.length ? pw.noneMine : pw.none;
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
    // Judged: the puzzle's position with the best turn dashed and the
    // player's turn as the last turn.
    model = { ...m, current: [], last: state.yours?.actions ?? [], hint: state.answer.actions };
  } else if (state.hint && first && c.selected == null && !st.actions.length) {
    model = { ...m, sources: new Set([first.from]) };
  }
  play.draw(model);

  const k = list.indexOf(p);
  $('pz-number').textContent = pw.puzzleOf(k + 1, list.length);
  const edition = p.edition === 'sequenced' ? pw.sequenced : pw.standard;
  $('pz-about').textContent = p.difficulty ? pw.about(p.size, edition, pw.levels[p.difficulty - 1]) : `${p.size}×${p.size}, ${edition}`;
  $('pz-task').textContent = pw.task(st.side);
  const from = $('pz-from');
  from.hidden = !p.game;
  from.textContent = p.game ? pw.fromGame(p.game.turn, p.game.mark) : '';
  const hint = $('pz-hint');
  hint.hidden = !state.hint || !first;
  hint.textContent = first ? pw.hintText(squareName(first.from, p.size)) : '';
  button('btn-hint').disabled = state.hint || Boolean(state.result);
  button('btn-show').disabled = Boolean(state.result);
  renderFeedback(p);
  document.body.dataset.answerArrows = state.result
    ? JSON.stringify({ best: state.answer.actions.map((a) => a.text), yours: (state.yours?.actions ?? []).map((a) => a.text) })
    : '';
}

/** The judgement, the answer and the chances. @param {Item} p */
function renderFeedback(p) {
  const pw = w();
  const feedback = $('feedback');
  feedback.hidden = !state.result;
  if (!state.result) return;
  feedback.dataset.result = state.result === 'right' ? 'right' : 'wrong';
  $('feedback-title').textContent = state.result === 'right' ? pw.right : state.result === 'wrong' ? pw.wrong : pw.shown;
  /** @type {string[]} */
  const lines = [];
  if (state.result === 'right') lines.push(pw.rightText(pct(p.bestChance)));
  lines.push(pw.best(p.best, pct(p.bestChance)));
  const yours = state.yours;
  if (state.result === 'wrong' && yours) lines.push(yours.chance == null ? pw.valuing : pw.yours(yours.turn, pct(yours.chance)));
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

function renderScore() {
  const pw = w();
  $('pz-streak').textContent = pw.streak(score.streak);
  $('pz-solved').textContent = pw.solved(score.solved.length);
  document.body.dataset.streak = String(score.streak);
  document.body.dataset.solved = String(score.solved.length);
}

/** The filters' choices, from the puzzles of the source on show. */
function fillFilters() {
  const pw = w();
  const items = filters.source === 'set' ? setItems : mineItems;
  const sizes = [...new Set(items.map((p) => p.size))].sort((a, b) => a - b);
  /** @param {HTMLSelectElement} el @param {[string, string][]} options @param {string} chosen */
  const fill = (el, options, chosen) => {
    el.replaceChildren(...options.map(([value, text]) => new Option(text, value)));
    el.value = options.some(([v]) => v === chosen) ? chosen : '';
  };
  fill(select('pz-size'), [['', pw.anySize], ...sizes.map((n) => /** @type {[string, string]} */ ([String(n), `${n} × ${n}`]))], filters.size);
  filters.size = select('pz-size').value;
  fill(select('pz-difficulty'), [['', pw.anyDifficulty], ...pw.levels.map((l, i) => /** @type {[string, string]} */ ([String(i + 1), l]))], filters.difficulty);
  $('pz-difficulty-label').hidden = filters.source !== 'set';
  select('pz-source').value = filters.source;
  select('pz-edition').value = filters.edition;
}

/** Puts the page's own words (`data-w`) in its language. */
function applyWords() {
  label(w(), 'w');
  document.title = `${w().title} — ${t().credit}`;
  $('dice').setAttribute('aria-label', t().dice);
  fillFilters();
}

// ---- wiring ------------------------------------------------------------------------

/** A filter changed: the first puzzle it lets through (the one on show if it still does). */
function refilter() {
  filters.source = select('pz-source').value === 'games' ? 'games' : 'set';
  filters.size = select('pz-size').value;
  filters.edition = select('pz-edition').value;
  filters.difficulty = select('pz-difficulty').value;
  fillFilters();
  const list = listed();
  const keep = list.find((p) => p.id === state.id);
  if (keep) return render();
  state.spent = false;
  if (list[0]) open(list[0]);
  else render();
  return undefined;
}

function wire() {
  /** @param {string} id @param {() => void} fn */
  const on = (id, fn) => button(id).addEventListener('click', guard(fn));
  on('btn-hint', () => { state.hint = true; render(); });
  on('btn-show', showAnswer);
  on('btn-next', next);
  on('btn-next2', next);
  on('btn-again', () => {
    const p = current();
    if (p) open(p);
  });
  for (const id of ['pz-source', 'pz-size', 'pz-edition', 'pz-difficulty']) select(id).addEventListener('change', guard(refilter));
  pickLanguages(['page', 'errors', 'puzzles'], () => {
    applyWords();
    render();
  });
  globalThis.addEventListener('hashchange', guard(() => openAsked()));
}

/** Opens the puzzle the address names (#id), with the filters that show it; false when none. */
function openAsked() {
  const id = location.hash.slice(1);
  if (!id || id === state.id) return false;
  const p = [...setItems, ...mineItems].find((x) => x.id === id);
  if (!p) return false;
  Object.assign(filters, { source: p.from, size: '', edition: '', difficulty: '' });
  fillFilters();
  state.spent = false;
  open(p);
  return true;
}

async function boot() {
  const started = await startPage({
    sections: ['page', 'errors', 'puzzles'],
    storageWords: (p) => (p.what === 'puzzles' && p.kind !== 'blocked' ? w().storage(p.kind) : null),
  });
  applyWords();
  if (!started) return;
  await loadSet();
  readMine();
  score = scoreStore.get();
  const first = setItems[0];
  if (!first) throw new Error('puzzles.json has no puzzles');
  play = new SetTurn({ changed: render, judged: judge, locked: () => Boolean(state.result) }, first.position, first.edition);
  wire();
  fillFilters();
  if (!openAsked()) {
    // The first puzzle not solved yet.
    open(setItems.find((p) => !score.solved.includes(p.id)) ?? first);
  }
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
