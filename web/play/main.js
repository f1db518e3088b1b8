// @ts-check
// The game page's entry: its state (state.js), views (view.js), commands
// (commands.js) and controls (controls.js), and the start: the saved game
// or a new one, a link in the address bar shown over it, the first visit's
// welcome.

import { messageOf } from '../lib/engine/engine.js';
import { fail, guard, listSizes, notice, onFail, startPage } from '../lib/page.js';
import { normalizePlayers } from '../lib/game/players.js';
import { ai } from '../lib/game/computer.js';
import * as store from '../lib/storage.js';
import { LazyReplay } from './replay.js';
import { select } from '../lib/dom.js';
import * as share from './share.js';
import { PlayState } from './state.js';
import { createView } from './view.js';
import { createCommands } from './commands.js';
import { wire } from './controls.js';
import { reviewer, reviewWords, wordsForRefusals } from './modules.js';

const replay = new LazyReplay({
  changed: () => view.render(),
  moved: (link) => {
    state.replayNote = '';
    share.publish(link);
  },
  resume: (session, choice) => cmds.resume(session, choice),
  leave: () => cmds.leave(),
  newGame: () => cmds.openNewGame(),
});
const state = new PlayState(store.loadSettings(), replay, store.saveSettings);
const view = createView(state, replay);
/** @type {import('./tutor.js').TutorHost} */
const tutorHost = { client: reviewer, words: reviewWords, showBest: (at, best) => view.advisor.show(at, best) };
const cmds = createCommands(state, view, replay, tutorHost);
// A failure stops the game and the computer.
onFail(() => {
  ai.cancel();
  state.controller?.stop();
});

async function boot() {
  const code = await startPage({
    sections: ['page'],
    storageWords: cmds.storageWords,
    themed: () => view.board.view.draw(),
  });
  cmds.applyLanguage();
  if (!code || location.protocol === 'file:' || share.toFriend()) return;
  // A first visit (nothing of this site's stored yet) is asked how to start, unless its address holds a
  // game; browsers driven by automation (the tests) are not asked, as they start muted (storage.js).
  const first = store.firstVisit() && !share.fragment();
  listSizes(select('ng-size'));
  wire(state, view, cmds, replay, tutorHost);
  state.settings.players = normalizePlayers(state.settings.players);
  // A link to open or a game to restore may be refused: their words first.
  if (share.fragment() || store.loadGame()) await wordsForRefusals();
  const session = cmds.savedGame(notice) ?? cmds.defaultGame();
  // A link in the address bar takes precedence over the saved game, which
  // stays saved until the person continues from the link or starts anew.
  const link = share.fragment();
  const ctl = cmds.begin(session);
  if (link && link !== session.link()) await cmds.openLink(link);
  // "Your games" opens a game in the review: index.html?review#LINK.
  if (location.search.includes('review')) {
    history.replaceState(history.state, '', location.pathname + location.hash);
    cmds.startReview();
  }
  view.render();
  ctl.startTurn();
  if (first) cmds.welcome();
  globalThis.addEventListener(
    'hashchange',
    guard(() => {
      const typed = share.fragment();
      if (!share.toFriend() && typed && !share.isPublished(typed))
        wordsForRefusals()
          .then(() => cmds.openLink(typed))
          .catch((e) => fail(messageOf(e)));
    }),
  );
  performance.mark('diablo:ready');
  performance.measure('diablo:boot', { start: 0, end: 'diablo:ready' });
  document.body.dataset.ready = 'true';
  // The service worker (offline play, an update offered) a moment after the page is playable: no part of its start.
  setTimeout(
    () =>
      void import('./updates.js').then(
        (m) => m.watchForUpdates(),
        () => {},
      ),
    1000,
  );
}

boot().catch((e) => fail(messageOf(e)));
