// @ts-check
// The lessons page (web/learn.html), for a newcomer: ten short lessons, each a
// small position with fixed dice and a task. The player plays the turn on
// the shared board through the one game controller (click, drag or keys, as
// on the game page); the engine refuses an illegal action in its own words
// (errorText, the controller's news), and a confirmed turn is judged by the
// position it reaches: one of the lesson's goal positions (lessons.json,
// made with `diablo play` and checked against the engine by
// crates/diablo-cli/tests/lessons.rs) or not. Nothing here knows a rule.
// Progress (which lessons are done) is kept in storage.js; the lesson on
// show is in the address (#id), so a reload or a link reopens it.
//
// This entry starts the page, makes its board and wires it; state.js holds
// the page's state (DOM-free), view.js draws it.

import { messageOf } from '../lib/engine/engine.js';
import { SetTurn } from '../lib/game/set-turn.js';
import { t } from '../lib/i18n/i18n.js';
import { fail, guard, on, pickLanguages, startPage } from '../lib/page.js';
import { reject, Rejected, stored } from '../lib/storage.js';
import { $ } from '../lib/dom.js';
import { LessonState, validProgress } from './state.js';
import { applyWords, render, showFeedback } from './view.js';
import data from './lessons.json';

const LESSONS = /** @type {import('./state.js').Lesson[]} */ (data);

/** Which lessons are done, by id (ids no lesson has any more are dropped). */
const progress = stored('learn', {
  what: 'lessons',
  version: 1,
  fallback: () => /** @type {import('./state.js').Progress} */ ({ done: [] }),
  validate: (value) => {
    const read = validProgress(value, LESSONS);
    if (!read) return reject('not lesson progress');
    return read.whole ? read.progress : new Rejected('unknown lessons', read.progress);
  },
});

async function boot() {
  const started = await startPage({
    sections: ['page', 'errors', 'learn'],
    storageWords: (p) => (p.what === 'lessons' && p.kind !== 'blocked' ? t('learn').storage(p.kind) : null),
  });
  applyWords();
  if (!started) return;
  const state = new LessonState(LESSONS, progress);
  state.readProgress();
  // Nothing is drawn while the board is being made (it may report a change).
  let made = false;
  const draw = () => {
    if (made) render(state, play, open);
  };
  /** Opens a lesson (again): its position, its dice, nothing judged. @param {number} at */
  const open = (at) => {
    state.open(at);
    const lesson = state.lesson();
    play.set(lesson.position, lesson.edition, lesson.roll, t('learn').yourTurn);
    if (location.hash.slice(1) !== lesson.id) history.replaceState(null, '', `#${lesson.id}`);
    draw();
  };
  /** A confirmed turn (the engine has played it), judged by the position it reached. @param {import('../lib/game/controller.js').TurnPlayed} turn */
  const judged = (turn) => {
    state.judge(turn.position);
    play.controller.news = '';
    draw();
    showFeedback();
  };
  const play = new SetTurn(
    { changed: draw, judged, locked: () => Boolean(state.result) },
    LESSONS[0].position,
    LESSONS[0].edition,
  );
  made = true;

  on('btn-hint', 'click', () => {
    state.hint = true;
    draw();
  });
  on('btn-again', 'click', () => open(state.at));
  on('btn-next', 'click', () => {
    open(state.at + 1);
    $('lesson-title').scrollIntoView({ block: 'nearest' });
  });
  on('btn-reset', 'click', () => {
    if (!globalThis.confirm(t('learn').resetAsk)) return;
    state.forget();
    draw();
  });
  pickLanguages(['page', 'errors', 'learn'], () => {
    applyWords();
    draw();
  });
  globalThis.addEventListener(
    'hashchange',
    guard(() => {
      const at = state.indexOf(location.hash.slice(1));
      if (at >= 0 && at !== state.at) open(at);
    }),
  );
  open(state.startAt(location.hash.slice(1)));
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
