// @ts-check
// The lessons page's view: draws the state (state.js) and the board it is
// given; it changes nothing (a lesson clicked in the list is reported).

import { label, language, t } from '../lib/i18n/i18n.js';
import { guard } from '../lib/page.js';
import { $, button } from '../lib/dom.js';

/** @typedef {import('./state.js').LessonState} LessonState */

/** The learn words, once loaded. */
const w = () => t('learn');

/**
 * Draws the page: the lesson on show on its board, its card, the
 * judgement, the list of lessons.
 * @param {LessonState} state @param {import('../lib/game/set-turn.js').SetTurn} play
 * @param {(at: number) => void} choose a lesson of the list was clicked
 */
export function render(state, play, choose) {
  const lw = w();
  const lesson = state.lesson();
  const text = lw.lessons[lesson.id];
  // Once judged, the board only shows the turn played.
  play.draw(play.model());

  $('lesson-number').textContent = lw.lessonOf(state.at + 1, state.lessons.length);
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
    const last = state.at === state.lessons.length - 1;
    $('feedback-text').textContent =
      state.result === 'right' ? `${text.right}${last && state.allDone() ? ` ${lw.allDone}` : ''}` : text.wrong;
    button('btn-next').hidden = state.result !== 'right' || last;
  }
  document.body.dataset.lesson = lesson.id;
  document.body.dataset.result = state.result ?? '';
  renderList(state, choose);
}

/** The list of lessons, each with its tick when done. @param {LessonState} state @param {(at: number) => void} choose */
function renderList(state, choose) {
  const lw = w();
  const { lessons, done } = state;
  $('progress').textContent = lw.progress(lessons.filter((l) => done.has(l.id)).length, lessons.length);
  const items = lessons.map((lesson, i) => {
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
    b.addEventListener(
      'click',
      guard(() => choose(i)),
    );
    li.append(b);
    return li;
  });
  $('lessons').replaceChildren(...items);
}

/** Puts the page's own words (`data-w`) in its language. */
export function applyWords() {
  label(w(), 'w');
  document.title = `${w().title} — ${t().credit}`;
  $('dice').setAttribute('aria-label', t().dice);
  // The rules page opens in the page's language.
  $('link-rules').setAttribute('href', `rules.html?lang=${language()}`);
}

/** The judgement in view (on a phone it is above the board). */
export function showFeedback() {
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  $('feedback').scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
}
