// @ts-check
// The lessons page (web/learn.html, issue 36): ten short lessons, each a
// small position with fixed dice and a task. The player plays the turn on
// the shared board through the one game controller (click, drag or keys, as
// on the game page); the engine refuses an illegal action in its own words
// (errorText, the controller's news), and a confirmed turn is judged by the
// position it reaches: one of the lesson's goal positions (lessons.json,
// made with `diablo play` and checked against the engine by
// crates/diablo-cli/tests/lessons.rs) or not. Nothing here knows a rule.
// Progress (which lessons are done) is kept in storage.js; the lesson on
// show is in the address (#id), so a reload or a link reopens it.

import { messageOf } from '../lib/engine/engine.js';
import { SetTurn } from '../lib/game/set-turn.js';
import { label, language, t } from '../lib/i18n/i18n.js';
import { fail, guard, pickLanguages, startPage } from '../lib/page.js';
import { isRecord, reject, Rejected, stored } from '../lib/storage.js';
import { $, button } from '../lib/dom.js';
import data from './lessons.json';

/**
 * A lesson as lessons.json holds it: the position, the edition and the
 * dice; the goal positions a right turn reaches (each with a turn that
 * reaches it); a wrong try (for the tests: refused for a rule, or legal
 * but reaching no goal).
 * @typedef {object} Lesson
 * @property {LessonId} id
 * @property {import('../lib/types.js').Edition} edition
 * @property {string} position
 * @property {[number, number]} roll
 * @property {{ turn: string, position: string }[]} goals
 * @property {{ turn: string, refused: string | null }} wrong
 */
/** @typedef {keyof import('../lib/i18n/i18n.js').Words['learn']['lessons']} LessonId */

const LESSONS = /** @type {Lesson[]} */ (data);

/** The learn words, once loaded. */
const w = () => t('learn');

// ---- progress -------------------------------------------------------------------

/** @typedef {{ done: string[] }} Progress */

/** Which lessons are done, by id (ids no lesson has any more are dropped). */
const progress = stored('learn', {
  what: 'lessons',
  version: 1,
  fallback: () => /** @type {Progress} */ ({ done: [] }),
  validate: (value) => {
    if (!isRecord(value) || !Array.isArray(value.done)) return reject('not lesson progress');
    const known = value.done.filter((id) => typeof id === 'string' && LESSONS.some((l) => l.id === id));
    const kept = { done: [...new Set(known)] };
    return kept.done.length === value.done.length ? kept : new Rejected('unknown lessons', kept);
  },
});

/** @type {Set<string>} */
let done = new Set();

/** @param {string} id */
function markDone(id) {
  done.add(id);
  progress.set({ done: [...done] });
}

// ---- the lesson on show -----------------------------------------------------------

const state = {
  /** The index of the lesson on show. */
  at: 0,
  /** @type {'right' | 'wrong' | null} the judgement of the confirmed turn */
  result: /** @type {'right' | 'wrong' | null} */ (null),
  hint: false,
};

/** The lesson's board, once the page has started. @type {SetTurn | null} */
let play = null;

/** Opens a lesson (again): its position, its dice, nothing judged. @param {number} at */
function open(at) {
  if (!play) return;
  state.at = Math.min(Math.max(at, 0), LESSONS.length - 1);
  state.result = null;
  state.hint = false;
  const lesson = LESSONS[state.at];
  play.set(lesson.position, lesson.edition, lesson.roll, w().yourTurn);
  if (location.hash.slice(1) !== lesson.id) history.replaceState(null, '', `#${lesson.id}`);
  render();
}

/**
 * A turn was confirmed: the engine has played it; it is right when it
 * reached one of the lesson's goal positions.
 * @param {import('../lib/game/controller.js').TurnPlayed} turn
 */
function judge(turn) {
  const lesson = LESSONS[state.at];
  state.result = lesson.goals.some((g) => g.position === turn.position) ? 'right' : 'wrong';
  if (state.result === 'right') markDone(lesson.id);
  if (play) play.controller.news = '';
  render();
  // The judgement is in view (on a phone it is above the board).
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  $('feedback').scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
}

// ---- drawing ---------------------------------------------------------------------

function render() {
  if (!play) return;
  const lw = w();
  const lesson = LESSONS[state.at];
  const text = lw.lessons[lesson.id];
  // Once judged, the board only shows the turn played.
  play.draw(play.model());

  $('lesson-number').textContent = lw.lessonOf(state.at + 1, LESSONS.length);
  $('lesson-title').textContent = text.title;
  $('lesson-task').textContent = text.task;
  const hint = $('lesson-hint');
  hint.hidden = !state.hint;
  hint.textContent = text.hint;
  button('btn-hint').disabled = state.hint;
  const feedback = $('feedback');
  feedback.hidden = !state.result;
  if (state.result) {
    feedback.dataset.result = state.result;
    $('feedback-title').textContent = state.result === 'right' ? lw.right : lw.wrong;
    const last = state.at === LESSONS.length - 1;
    $('feedback-text').textContent = state.result === 'right'
      ? `${text.right}${last && done.size === LESSONS.length ? ` ${lw.allDone}` : ''}`
      : text.wrong;
    button('btn-next').hidden = state.result !== 'right' || last;
  }
  document.body.dataset.lesson = lesson.id;
  document.body.dataset.result = state.result ?? '';
  renderList();
}

/** The list of lessons, each with its tick when done. */
function renderList() {
  const lw = w();
  $('progress').textContent = lw.progress(LESSONS.filter((l) => done.has(l.id)).length, LESSONS.length);
  const list = $('lessons');
  const items = LESSONS.map((lesson, i) => {
    const li = document.createElement('li');
    li.dataset.lesson = lesson.id;
    li.dataset.done = String(done.has(lesson.id));
    if (i === state.at) li.setAttribute('aria-current', 'step');
    const b = document.createElement('button');
    b.type = 'button';
    const name = document.createElement('span');
    name.textContent = lw.lessons[lesson.id].title;
    b.append(name);
    if (done.has(lesson.id)) {
      const tick = document.createElement('span');
      tick.className = 'tick';
      tick.textContent = '✓';
      tick.setAttribute('aria-label', lw.done);
      tick.setAttribute('role', 'img');
      b.append(tick);
    }
    b.addEventListener('click', guard(() => open(i)));
    li.append(b);
    return li;
  });
  list.replaceChildren(...items);
}

/** Puts the page's own words (`data-w`) in its language. */
function applyWords() {
  label(w(), 'w');
  document.title = `${w().title} — ${t().credit}`;
  $('dice').setAttribute('aria-label', t().dice);
  // The rules page opens in the page's language.
  $('link-rules').setAttribute('href', `rules.html?lang=${language()}`);
}

// ---- wiring ------------------------------------------------------------------------

function wire() {
  /** @param {string} id @param {() => void} fn */
  const on = (id, fn) => button(id).addEventListener('click', guard(fn));
  on('btn-hint', () => { state.hint = true; render(); });
  on('btn-again', () => open(state.at));
  on('btn-next', () => {
    open(state.at + 1);
    $('lesson-title').scrollIntoView({ block: 'nearest' });
  });
  on('btn-reset', () => {
    if (!globalThis.confirm(w().resetAsk)) return;
    done = new Set();
    progress.remove();
    render();
  });
  pickLanguages(['page', 'errors', 'learn'], () => {
    applyWords();
    render();
  });
  globalThis.addEventListener('hashchange', guard(() => {
    const at = LESSONS.findIndex((l) => l.id === location.hash.slice(1));
    if (at >= 0 && at !== state.at) open(at);
  }));
}

async function boot() {
  const started = await startPage({
    sections: ['page', 'errors', 'learn'],
    storageWords: (p) => (p.what === 'lessons' && p.kind !== 'blocked' ? w().storage(p.kind) : null),
  });
  applyWords();
  if (!started) return;
  done = new Set(progress.get().done);
  play = new SetTurn({ changed: render, judged: judge, locked: () => Boolean(state.result) }, LESSONS[0].position, LESSONS[0].edition);
  wire();
  const asked = LESSONS.findIndex((l) => l.id === location.hash.slice(1));
  const firstNotDone = LESSONS.findIndex((l) => !done.has(l.id));
  open(asked >= 0 ? asked : Math.max(firstNotDone, 0));
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
