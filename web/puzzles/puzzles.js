// @ts-check
// The puzzles page (web/puzzles.html), one of the ways to learn by playing:
// "find the best turn for this roll". Puzzles come from the shipped set (puzzles.json, made by
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
//
// This entry starts the page and wires it; state.js holds the page's state
// (DOM-free), view.js draws it, ctrl.js does what needs the engine, the
// board and the worker.

import { messageOf } from '../lib/engine/engine.js';
import { t } from '../lib/i18n/i18n.js';
import { fail, guard, on, pickLanguages, startPage } from '../lib/page.js';
import * as storage from '../lib/storage.js';
import { mineStore } from '../lib/review/mine.js';
import { PuzzleState, validScore } from './state.js';
import { applyWords, chosenFilters, fillFilters } from './view.js';
import { createCtrl } from './ctrl.js';

/** Puzzles solved at the first try (their ids) and the current streak. */
const scoreStore = storage.stored('puzzles', {
  what: 'puzzles',
  version: 1,
  fallback: () => /** @type {import('./state.js').Score} */ ({ solved: [], streak: 0 }),
  validate: (value) => validScore(value) ?? storage.reject('not a puzzle score'),
});

/** The shipped set (fetched once, when the page opens). */
async function fetchSet() {
  const response = await fetch(new URL('puzzles.json', location.href));
  if (!response.ok) throw new Error(`puzzles.json: ${response.status}`);
  return response.json();
}

async function boot() {
  const state = new PuzzleState(scoreStore);
  const started = await startPage({
    sections: ['page', 'errors', 'puzzles'],
    storageWords: (p) => (p.what === 'puzzles' && p.kind !== 'blocked' ? t('puzzles').storage(p.kind) : null),
  });
  applyWords(state);
  if (!started) return;
  state.loadSet(await fetchSet());
  state.loadMine(mineStore(storage).get());
  state.readScore();
  const ctrl = createCtrl(state);
  on('btn-hint', 'click', ctrl.hint);
  on('btn-show', 'click', ctrl.showAnswer);
  on('btn-next', 'click', ctrl.next);
  on('btn-next2', 'click', ctrl.next);
  on('btn-again', 'click', ctrl.again);
  for (const id of ['pz-source', 'pz-size', 'pz-edition', 'pz-difficulty'])
    on(id, 'change', () => ctrl.refilter(chosenFilters()));
  pickLanguages(['page', 'errors', 'puzzles'], () => {
    applyWords(state);
    ctrl.draw();
  });
  globalThis.addEventListener(
    'hashchange',
    guard(() => ctrl.openAsked()),
  );
  fillFilters(state);
  // The puzzle the address names, else the first not solved yet.
  if (!ctrl.openAsked()) ctrl.open(state.firstUnsolved());
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
