// @ts-check
// The game page's commands: a new game, a rematch, the hint, Space and
// Enter, take-back, a link opened over the game, the review, the dialogs
// and panels, and the page's language. Each changes the state (state.js)
// or the game (its controller) and redraws; the controls (controls.js)
// call them.

import { errorInfo, messageOf, parseRoll, Session } from '../lib/engine/engine.js';
import { errorText, language, rulesHtml, t } from '../lib/i18n/i18n.js';
import { fail, guard } from '../lib/page.js';
import { normalizePlayers } from '../lib/game/players.js';
import { ai } from '../lib/game/computer.js';
import { GameController } from '../lib/game/controller.js';
import { keyboardInUse } from '../lib/board/input.js';
import { $, button, dialog, input as field, select } from '../lib/dom.js';
import * as opponent from './opponent.js';
import * as share from './share.js';
import * as store from '../lib/storage.js';
import { helpJs, playSound, reviewer, reviewJs, reviewStorage, tutorJs } from './modules.js';

/** @typedef {import('../lib/types.js').PlayersChoice} PlayersChoice */
/** @typedef {ReturnType<typeof createCommands>} Commands */

/**
 * @param {import('./state.js').PlayState} state
 * @param {import('./view.js').PlayView} view
 * @param {import('./replay.js').LazyReplay} replay
 * @param {import('./tutor.js').TutorHost} tutorHost
 */
export function createCommands(state, view, replay, tutorHost) {
  const settings = state.settings;
  const { board, advisor, render } = view;

  /** Searches, hints and animations of the moment shown are dropped. */
  function dropSearches() {
    ai.cancel();
    advisor.reset();
    board.view.stopMotion();
  }

  /**
   * Makes `session` the game being played, with these players.
   * @param {Session} session @param {PlayersChoice} players
   */
  function play(session, players) {
    replay.close();
    $('gameover').hidden = true;
    dropSearches();
    state.controller?.replace(session, players);
  }

  /** @param {number} size @param {string} edition @param {PlayersChoice} choice */
  function newGame(size, edition, choice) {
    const players = normalizePlayers(choice);
    const session = Session.create(size, edition);
    state.update({ size, edition, players });
    play(session, players);
  }

  /**
   * "Continue from here" in a replay: its position becomes the game played.
   * @param {Session} session @param {string} choice
   */
  function resume(session, choice) {
    const players = choice === 'computer' ? opponent.readPlayers('continue') : 'hotseat';
    state.update({ players });
    play(session, players);
  }

  /** Leaves the replay for the game being played. */
  function leave() {
    replay.close();
    const c = state.controller;
    if (!c) return;
    share.publishGame(c.session);
    c.resume();
  }

  function rematch() {
    const st = state.controller?.state;
    if (st) newGame(st.size, st.edition, settings.players);
  }

  /** The Hint button: the engine's suggestion for the turn being played. */
  function askHint() {
    const c = state.controller;
    if (!c || state.replaying) return;
    if (c.computerTurn) {
      c.next();
      return;
    }
    if (!advisor.askHint(c.state)) c.tell(t().hintNotNow);
    else render();
  }

  /** Space and Enter. */
  function next() {
    const c = state.controller;
    if (!c) return;
    if (state.replaying) replay.cursor?.toggle();
    else if (c.state.winner) rematch();
    else board.next();
  }

  /** In a replay, the live game's commands explain that this is a replay. @param {() => void} fn */
  const live = (fn) => () => {
    if (!state.controller) return;
    if (!state.replaying) {
      fn();
      return;
    }
    state.replayNote = t().replayNoPlay;
    render();
  };

  /** Takes back a turn: searches and animations of the old moment are dropped first. */
  function takeBack() {
    dropSearches();
    state.controller?.takeBack();
  }

  function flip() {
    state.flip();
    render();
  }

  /** Review: the game over, or the replay shown, judged turn by turn (review.js, loaded now). */
  function startReview() {
    const c = state.controller;
    if (!state.replaying && c) c.pause();
    replay
      .load()
      .then(
        guard(() => {
          if (!state.replaying && c) replay.openText(c.session.recordText());
          return reviewJs();
        }),
      )
      .then(
        guard((m) => {
          state.review = m.startReview(replay, state.review, guard(render), {
            client: reviewer,
            parseRoll,
            errorText,
            language,
            words: () => t('review'),
            storage: reviewStorage,
          });
          render();
        }),
      )
      .catch((e) => fail(messageOf(e)));
  }

  /**
   * Shows the game of a share link over the game being played; a link that
   * cannot be opened leaves what was shown, and its link, as they were.
   * @param {string} link
   */
  async function openLink(link) {
    const c = state.controller;
    if (!c) return;
    const wasActive = replay.active;
    c.pause();
    dropSearches();
    if (!(await replay.openLink(link))) {
      const cursor = replay.cursor;
      if (cursor) share.publish(cursor.game.link(cursor.step));
      else {
        share.publishGame(c.session);
        if (!wasActive) c.resume();
      }
    }
    render();
  }

  // ---- dialogs and panels ------------------------------------------------------

  function openNewGame() {
    // The dialog replaces the game-over card, which "Show result" brings back.
    const card = $('gameover');
    if (!card.hidden && !card.hasAttribute('data-closed')) button('btn-gameover-close').click();
    field('ng-size').value = String(state.controller?.state.size ?? settings.size);
    field('ng-edition').value = state.controller?.state.edition ?? settings.edition;
    opponent.fillFields('ng', settings.players);
    dialog('new-game-dialog').showModal();
  }

  /** The New game dialog's choice: started at once, or after the person's yes to leaving the game under way. */
  function submitNewGame() {
    const size = Number(field('ng-size').value);
    const edition = field('ng-edition').value;
    const players = opponent.readPlayers('ng');
    const turn = state.controller?.state.turn ?? 0;
    if (state.askNewGame(() => newGame(size, edition, players))) {
      $('confirm-new-text').textContent = t().confirmNewText(turn);
      dialog('confirm-new-dialog').showModal();
    }
  }

  /** @param {string} id */
  function openPanel(id) {
    const d = dialog(id);
    if (!d.open) d.showModal();
  }

  /** The languages of the Keys panel's list and the Rules panel's text, once filled. */
  const shownIn = { help: '', rules: '' };

  /** Fills the Keys panel in the page's language; it and its words load when first opened. */
  function showHelp() {
    const chosen = language();
    if (shownIn.help === chosen) return;
    helpJs()
      .then(
        guard((m) => {
          if (language() !== chosen) return;
          m.renderHelp($('help-body'), t('help'));
          shownIn.help = chosen;
        }),
      )
      .catch((e) => fail(messageOf(e)));
  }

  /** The Keys panel opens at once (a click is answered however busy the page is); its list follows. */
  function openHelp() {
    showHelp();
    openPanel('help-panel');
  }

  /** Fills the Rules panel in the page's language; the text loads when first opened. */
  function showRules() {
    const chosen = language();
    if (shownIn.rules === chosen) return;
    rulesHtml()
      .then((html) => {
        // Only the text of the language still chosen.
        if (language() !== chosen) return;
        $('rules-body').innerHTML = html;
        shownIn.rules = chosen;
      })
      .catch((e) => fail(messageOf(e)));
  }

  /**
   * Redraws the page in the language now set (by startPage, or by the
   * picker): the picker shows it (English where another failed to load),
   * the panels already filled follow, and everything is rendered.
   */
  function applyLanguage() {
    field('lang-select').value = language();
    if (shownIn.rules || dialog('rules-panel').open) showRules();
    if (shownIn.help) showHelp();
    render();
  }

  /**
   * Copies a text from a field, and says so in the status line.
   * @param {string} fieldId @param {string} buttonId @param {'copied' | 'linkCopied'} done
   */
  async function copyFrom(fieldId, buttonId, done) {
    const ok = await share.copy(field(fieldId).value, button(buttonId));
    state.controller?.tell(ok ? t()[done] : t().copyByHand);
  }

  /** The first visit's choice of how to start (help.js and its words load only then). */
  function welcome() {
    helpJs().then(
      guard((m) => {
        m.showWelcome({
          words: t('help').welcome,
          page: t(),
          levels: [...select('ng-level').options].map((o) => [o.value, o.text]),
          level: opponent.loadPrefs().level,
          rules: `web/rules.html?lang=${language()}`,
          learn: `web/learn.html?lang=${language()}`,
          friend: 'web/friend.html',
          computer: guard((level) => {
            opponent.savePrefs({ level });
            const st = state.controller?.state;
            newGame(
              st?.size ?? 8,
              st?.edition ?? 'standard',
              normalizePlayers({ kind: 'computer', level, human: 'black' }),
            );
          }),
        });
      }),
      () => {
        // Without its module or words the page goes on: the game is there.
      },
    );
  }

  /**
   * A damaged saved game in the words it always had (other storage problems
   * in the common words, lib/page.js).
   * @param {store.StorageProblem} problem
   */
  function storageWords(problem) {
    const game = problem.what === 'game' && (problem.kind === 'corrupt' || problem.kind === 'invalid');
    return game ? t().savedDiscarded(problem.detail) : null;
  }

  /**
   * The saved game, or null; an unreadable save is discarded with a notice
   * (by storage.js when it is not a saved game at all, see storageNotice).
   * @param {(text: string) => void} notice
   */
  function savedGame(notice) {
    const snapshot = store.loadGame();
    if (!snapshot) return null;
    try {
      return Session.restore(snapshot);
    } catch (e) {
      const info = errorInfo(e);
      if (!info) throw e;
      store.clearGame();
      notice(t().savedDiscarded(errorText(info)));
    }
    return null;
  }

  /** A new game of the size and edition last chosen (the engine judges them). */
  function defaultGame() {
    try {
      return Session.create(Number(settings.size), String(settings.edition));
    } catch (e) {
      if (!errorInfo(e)) throw e;
      return Session.create(8, 'standard');
    }
  }

  /**
   * The game changed: it is saved, and its link goes to the address bar.
   * @param {Session} session
   */
  function persist(session) {
    store.saveGame(session.snapshot());
    share.publishGame(session);
  }

  /**
   * The page's game from now on: its controller, drawn on the page's board.
   * @param {Session} session
   */
  function begin(session) {
    const ctl = new GameController(session, settings.players, {
      changed: () => render(),
      fail,
      committed: persist,
      keys: keyboardInUse,
      ...board.motion,
      sound: (name) => playSound(name, Boolean(settings.muted)),
      vet: (c) => (settings.tutor && !replay.active ? tutorJs().then((m) => m.vet(c, tutorHost)) : null),
    });
    ctl.settings = settings;
    state.controller = ctl;
    board.setController(ctl);
    persist(session);
    return ctl;
  }

  return {
    begin,
    play,
    resume,
    leave,
    newGame,
    rematch,
    askHint,
    next,
    live,
    takeBack,
    flip,
    startReview,
    openLink,
    openNewGame,
    submitNewGame,
    openPanel,
    openHelp,
    showRules,
    applyLanguage,
    copyFrom,
    welcome,
    savedGame,
    defaultGame,
    storageWords,
  };
}
