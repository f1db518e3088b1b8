// @ts-check
// The analysis board (web/analysis.html, docs/review.md): set up any
// position the engine accepts (size, edition, side, turn, stacks placed by
// clicking, or a pasted position code), choose or roll the dice, and see
// every legal turn ranked by the mover's chance after it (the worker's
// `rank`, diablo_ai::review::rank_turns); play one, step back, share the
// analysis as a link (#code=…&edition=…&roll=…). The engine makes and
// judges position codes and plays turns; the page holds the stacks being
// set up (state.js), draws (view.js) and commands (ctrl.js).

import { guard, listSizes, on, pickLanguages, startPage } from '../lib/page.js';
import { bindPointer } from '../lib/board/input.js';
import { $, button, input, select, textArea } from '../lib/dom.js';
import { initialState } from './state.js';
import { createView, words } from './view.js';
import { createCtrl, fail } from './ctrl.js';

const state = initialState();
const view = createView(state, {
  place: (i) => ctrl.place(i),
  play: (r) => ctrl.playRanked(r),
  played: () => ctrl.played(),
});
const ctrl = createCtrl(state, view.render);

function wire() {
  on('an-size', 'change', () => {
    ctrl.startPosition(Number(select('an-size').value));
    ctrl.changedPosition();
  });
  on('an-edition', 'change', () => {
    state.edition = select('an-edition').value === 'sequenced' ? 'sequenced' : 'standard';
    ctrl.recode();
  });
  on('an-side', 'change', () => {
    state.side = select('an-side').value;
    ctrl.recode();
  });
  on('an-turn', 'change', () => {
    state.turn = Math.max(1, Math.trunc(Number(input('an-turn').value)) || 1);
    ctrl.recode();
  });
  on('an-start', 'click', () => {
    ctrl.startPosition(state.size);
    ctrl.changedPosition();
  });
  on('an-clear', 'click', () => {
    state.cells = state.cells.map(() => 0);
    ctrl.recode();
  });
  on('an-apply', 'click', () => {
    const typed = textArea('an-code').value;
    try {
      ctrl.adopt(typed, state.edition);
      ctrl.changedPosition();
    } catch (e) {
      // What was typed stays, to be fixed where the engine says.
      state.typed = typed;
      ctrl.showRefusal(e);
    }
  });
  on('an-random', 'click', ctrl.randomRoll);
  on('an-rank', 'click', ctrl.rank);
  on('an-all', 'click', () => {
    state.showAll = !state.showAll;
    view.render();
  });
  on('an-back', 'click', ctrl.stepBack);
  on('an-copy', 'click', () => {
    navigator.clipboard?.writeText(input('an-link').value).then(
      () => {
        button('an-copy').textContent = words().copied;
      },
      () => input('an-link').select(),
    );
  });
  // The preview ends when neither the pointer nor the focus is on a ranked turn.
  const list = $('an-ranking');
  const endPreview = () => {
    state.preview = null;
    view.renderBoard();
  };
  list.addEventListener('pointerleave', endPreview);
  list.addEventListener('focusout', (e) => {
    if (!(e.relatedTarget instanceof Node && list.contains(e.relatedTarget))) endPreview();
  });
  bindPointer(
    /** @type {HTMLCanvasElement} */ ($('board')),
    view.board,
    guard((i) => ctrl.place(i)),
  );
}

async function boot() {
  // The page's words and the board's (the review's).
  const started = await startPage({ sections: ['page', 'errors', 'review'] });
  view.applyWords();
  if (!started) return;
  ctrl.start();
  listSizes(select('an-size'));
  wire();
  // The header's picker: the page's words and the analysis in the new language.
  pickLanguages(['page', 'errors', 'review'], () => {
    view.applyWords();
    view.render();
  });
  if (!ctrl.openFragment(view.syncFields)) ctrl.startPosition(8);
  ctrl.publish();
  view.render();
  document.body.dataset.ready = 'true';
}

boot().catch(fail);
