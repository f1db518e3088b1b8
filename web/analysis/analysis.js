// @ts-check
// The analysis board (web/analysis.html, docs/review.md): set up any
// position the engine accepts (size, edition, side, turn, stacks placed by
// clicking, or a pasted position code), choose or roll the dice, and see
// every legal turn ranked by the mover's chance after it (the worker's
// `rank`, diablo_ai::review::rank_turns); play one, step back, share the
// analysis as a link (#code=…&edition=…&roll=…). The engine makes and
// judges position codes and plays turns; this page holds the stacks being
// set up and draws.

import { errorInfo, messageOf, Session, setupCode } from '../lib/engine/engine.js';
import { fail as failPage, listSizes, startPage } from '../lib/page.js';
import { AiClient, ThinkError } from '../lib/game/computer.js';
import { GameController } from '../lib/game/controller.js';
import { renderLog } from '../lib/board/log.js';
import { BoardView } from '../lib/board/board.js';
import { BoardGrid } from '../lib/board/grid.js';
import { bindPointer } from '../lib/board/input.js';
import { errorText, label, language, t } from '../lib/i18n/i18n.js';
import { pct } from './marks.js';
import { $, button, input, select, textArea } from '../lib/dom.js';

/** @typedef {import('../lib/types.js').Ranking} Ranking */
/** @typedef {import('../lib/types.js').RankedTurn} RankedTurn */
/** @typedef {import('../lib/types.js').Edition} Edition */

/** How many turns the ranking shows until "Show all". */
const TOP = 10;

const state = {
  size: 8,
  /** @type {Edition} */
  edition: 'standard',
  /** @type {number[]} signed heights by square index (Black > 0) */
  cells: [],
  side: 'black',
  turn: 1,
  /** The engine's code of the position, or '' while the set-up is refused. */
  code: '',
  /** @type {[number, number] | null} */
  roll: null,
  /** @type {Ranking | null} */
  ranking: null,
  ranking_for: '',
  showAll: false,
  /** @type {number | null} the ranked turn previewed on the board */
  preview: null,
  /** @type {import('../lib/types.js').ActionView[]} */
  last: [],
  note: '',
  /** @type {string} */
  error: '',
  /** @type {string | null} a code the person typed that the engine refused: kept to be fixed */
  typed: null,
  working: false,
};

const ranker = new AiClient();

/**
 * The line played from the set-up: the game controller every page plays
 * turns through, over a game that starts at the set-up position. Playing a
 * ranked turn and stepping back are its commands (`playTurn`, `takeBack`);
 * a new set-up starts a new game in it. Made once the engine is loaded.
 * @type {GameController | null}
 */
let line = null;

/** The controller (the engine is loaded by then). */
function controller() {
  if (!line) throw new Error('the analysis board is not ready');
  return line;
}
const board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'));
const grid = new BoardGrid($('grid'), {
  activate: (i) => place(i),
  focused: () => renderBoard(),
});

const words = () => t('review');

// ---- the position ------------------------------------------------------------

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
    size: st.size, edition: st.edition, cells: st.cells.slice(), side: st.side, turn: st.turn, code: st.code, error: '',
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
  state.typed = null;
  state.note = '';
  state.ranking = null;
  state.ranking_for = '';
  state.preview = null;
  state.last = [];
  ranker.cancel();
  state.working = false;
  publish();
  render();
}

/** A click on a square while setting up: the chosen stack goes there. @param {number} i */
function place(i) {
  const kind = select('an-place').value;
  const h = Math.max(1, Math.trunc(Number(input('an-height').value)) || 1);
  state.cells[i] = kind === 'empty' ? 0 : kind === 'black' ? h : -h;
  recode();
}

/** @param {number} size */
function startPosition(size) {
  controller().replace(Session.create(size, state.edition), 'hotseat');
  follow();
}

// ---- the dice and the ranking ----------------------------------------------------

function readRoll() {
  const a = Math.trunc(Number(input('an-die1').value));
  const b = Math.trunc(Number(input('an-die2').value));
  state.roll = [a, b];
}

function randomRoll() {
  if (!state.code) return;
  const session = Session.fromPosition(state.code, state.edition);
  try {
    const [a, b] = session.roll();
    input('an-die1').value = String(a);
    input('an-die2').value = String(b);
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
  readRoll();
  if (!state.code || !state.roll) return;
  const key = `${state.code}|${state.edition}|${state.roll}`;
  state.ranking = null;
  state.ranking_for = key;
  state.preview = null;
  state.showAll = false;
  state.working = true;
  state.error = '';
  ranker.cancel();
  publish();
  render();
  ranker.request('rank', { code: state.code, edition: state.edition, roll: state.roll }).then(({ result }) => {
    if (state.ranking_for !== key) return;
    state.ranking = /** @type {Ranking} */ (result);
    state.working = false;
    render();
  }).catch((e) => {
    if (state.ranking_for !== key) return;
    state.working = false;
    if (e instanceof ThinkError && e.info) {
      const kind = e.info.kind;
      const dice = kind === 'bad-roll' || kind.startsWith('die-');
      state.error = kind === 'game-over' ? words().gameOver
        : dice ? words().invalidRoll(errorText(e.info)) : words().invalid(errorText(e.info));
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
    input('an-die1').value = String(roll[0]);
    input('an-die2').value = String(roll[1]);
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

/** A bug: the page's failure banner (lib/page.js), and the page stops. @param {unknown} e */
function fail(e) {
  failPage(messageOf(e));
}

// ---- the link ------------------------------------------------------------------------

/** The analysis as a URL fragment: the engine's code, the edition, the roll. */
function fragment() {
  if (!state.code) return '';
  const p = new URLSearchParams({ code: state.code, edition: state.edition });
  if (state.roll && state.ranking_for) p.set('roll', state.roll.join(','));
  return p.toString();
}

function publish() {
  const f = fragment();
  if (!f) return;
  const url = new URL(location.href);
  url.hash = f;
  history.replaceState(null, '', url);
  input('an-link').value = url.href;
}

/** Opens the analysis a link describes; false when it has none. */
function openFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  const code = p.get('code');
  if (!code) return false;
  const edition = p.get('edition') === 'sequenced' ? 'sequenced' : 'standard';
  try {
    adopt(code, edition);
  } catch (e) {
    const info = errorInfo(e);
    if (!info) throw e;
    startPosition(8);
    state.error = words().invalid(errorText(info));
    return true;
  }
  const roll = (p.get('roll') ?? '').split(',').map(Number);
  if (roll.length === 2 && roll.every((d) => Number.isInteger(d) && d > 0)) {
    input('an-die1').value = String(roll[0]);
    input('an-die2').value = String(roll[1]);
    syncFields();
    rank();
  }
  return true;
}

// ---- drawing ---------------------------------------------------------------------------

/** The fields show the state (after a code, a turn played, a link). */
function syncFields() {
  select('an-size').value = String(state.size);
  select('an-edition').value = state.edition;
  select('an-side').value = state.side;
  input('an-turn').value = String(state.turn);
  const code = state.typed ?? state.code;
  if (code && document.activeElement !== $('an-code')) textArea('an-code').value = code;
}

/** The turns the list shows. */
const shownTurns = () => (state.ranking ? state.ranking.turns.slice(0, state.showAll ? undefined : TOP) : []);

/** The board, with the ranked turn under the pointer or focus drawn dashed. */
function renderBoard() {
  const n = state.size;
  if (grid.n !== n) grid.build(n, false);
  const preview = state.preview != null ? shownTurns()[state.preview] : undefined;
  /** @type {import('../lib/board/board.js').BoardModel} */
  const model = {
    n, cells: state.cells, coords: true, sources: new Set(), selected: null, targets: new Map(),
    removals: new Set(), last: state.last, current: [], cursor: grid.hasFocus() ? grid.cursor : null,
    hint: preview ? preview.actions : [],
  };
  board.set(model);
  grid.update(model, t().cell);
}

function render() {
  const w = words();
  syncFields();
  renderBoard();
  const shown = shownTurns();
  const err = $('an-error');
  err.hidden = !state.error;
  err.textContent = state.error;
  const c = w.color[/** @type {'black' | 'green'} */ (state.side)];
  $('an-status').textContent = state.note;
  const status = $('an-ranking-status');
  const list = $('an-ranking');
  document.body.dataset.ranked = String(Boolean(state.ranking));
  if (state.working) status.textContent = w.rankingWorking;
  else if (state.ranking) {
    // Before the roll is an average over every roll; this roll's best turn
    // is what it is worth: say why the two differ.
    const best = state.ranking.turns[0];
    const roll = state.roll ? state.roll.join(',') : '';
    status.textContent = `${w.ranking2(c, pct(state.ranking.before))}${best && roll ? ` ${w.rollNote(roll, pct(best.value))}` : ''}`;
  }
  else status.textContent = '';
  const firstQuick = shown.findIndex((r) => !r.exact);
  list.replaceChildren(...shown.map((r, i) => {
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
    play.addEventListener('click', () => playRanked(r));
    // Only the board redraws: the list stays (a click on its button must land).
    li.addEventListener('pointerenter', () => { state.preview = i; renderBoard(); });
    li.addEventListener('focusin', () => { state.preview = i; renderBoard(); });
    li.append(text, value, play);
    return li;
  }));
  const total = state.ranking?.turns.length ?? 0;
  const all = button('an-all');
  all.hidden = total <= TOP;
  all.textContent = state.showAll ? w.showTop : w.showAll(total);
  const played = line ? line.state.log : [];
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

// ---- wiring ------------------------------------------------------------------------------

function wire() {
  /** @param {string} id @param {string} ev @param {() => void} fn */
  const on = (id, ev, fn) => $(id).addEventListener(ev, () => {
    try {
      fn();
    } catch (e) {
      fail(e);
    }
  });
  on('an-size', 'change', () => { startPosition(Number(select('an-size').value)); changedPosition(); });
  on('an-edition', 'change', () => {
    state.edition = select('an-edition').value === 'sequenced' ? 'sequenced' : 'standard';
    recode();
  });
  on('an-side', 'change', () => { state.side = select('an-side').value; recode(); });
  on('an-turn', 'change', () => { state.turn = Math.max(1, Math.trunc(Number(input('an-turn').value)) || 1); recode(); });
  on('an-start', 'click', () => { startPosition(state.size); changedPosition(); });
  on('an-clear', 'click', () => { state.cells = state.cells.map(() => 0); recode(); });
  on('an-apply', 'click', () => {
    const typed = textArea('an-code').value;
    try {
      adopt(typed, state.edition);
      changedPosition();
    } catch (e) {
      // What was typed stays, to be fixed where the engine says.
      state.typed = typed;
      showRefusal(e);
    }
  });
  on('an-random', 'click', randomRoll);
  on('an-rank', 'click', rank);
  on('an-all', 'click', () => { state.showAll = !state.showAll; render(); });
  on('an-back', 'click', stepBack);
  on('an-copy', 'click', () => {
    navigator.clipboard?.writeText(input('an-link').value).then(() => { button('an-copy').textContent = words().copied; }, () => input('an-link').select());
  });
  // The preview ends when neither the pointer nor the focus is on a ranked turn.
  const list = $('an-ranking');
  list.addEventListener('pointerleave', () => { state.preview = null; renderBoard(); });
  list.addEventListener('focusout', (e) => {
    if (e.relatedTarget instanceof Node && list.contains(e.relatedTarget)) return;
    state.preview = null;
    renderBoard();
  });
  bindPointer(/** @type {HTMLCanvasElement} */ ($('board')), board, (i) => {
    try {
      place(i);
    } catch (e) {
      fail(e);
    }
  });
}

async function boot() {
  // The page's words and the board's (the review's).
  const started = await startPage({ sections: ['page', 'errors', 'review'] });
  applyWords();
  if (!started) return;
  line = new GameController(Session.create(8, 'standard'), 'hotseat', {
    // The page draws after each of its own steps.
    changed: () => {},
    fail: failPage,
  });
  listSizes(select('an-size'));
  wire();
  if (!openFragment()) startPosition(8);
  publish();
  render();
  document.body.dataset.ready = 'true';
}

boot().catch(fail);
