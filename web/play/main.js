// @ts-check
// The main page's wiring: one GameController (controller.js) for the game
// being played, one ReplayView for a game opened from a link, the views
// that draw them, and the handlers that turn input into commands. Saving
// and publishing the link happen in the controller's `committed` hook and
// the replay's `moved` hook, never while drawing.

import { errorInfo, isCorrLink, messageOf, parseRoll, Session } from '../lib/engine/engine.js';
import { GameController } from '../lib/game/controller.js';
import { BoardView } from '../lib/board/board.js';
import { BoardGrid } from '../lib/board/grid.js';
import { renderDice } from '../lib/board/dice.js';
import { bindKeys, bindPointer, keyboardInUse } from '../lib/board/input.js';
import { errorText, language, loadLanguage, rulesHtml, setLanguage, t } from '../lib/i18n/i18n.js';
import { applyTheme, fail, guard, listSizes, notice, onFail, startPage } from '../lib/page.js';
import { liveLines, renderLog } from '../lib/board/log.js';
import { renderCounts } from './panels.js';
import { MOVE_MS, normalizePlayers, SHOW_MS } from '../lib/game/players.js';
import { ai, AiClient } from '../lib/game/computer.js';
import * as opponent from './opponent.js';
import * as store from '../lib/storage.js';
import { ReplayView } from './replay-bar.js';
import { $, button, dialog, input as field, select } from '../lib/dom.js';
import { frameModel } from '../lib/game/replay-cursor.js';
import * as share from './share.js';

/** @typedef {import('../lib/types.js').PlayersChoice} PlayersChoice */
/** @typedef {import('../lib/types.js').GameState} GameState */


const settings = store.loadSettings();
/** A one-off note over the replay's status, until the replay moves. */
let replayNote = '';
/** The new game asked for while one is under way, until the person confirms. @type {(() => void) | null} */
let pendingNewGame = null;
/** The Flip button's choice, on top of the default orientation. */
let flipChosen = false;

/** Whether Green's side is drawn at the bottom: yours when you play Green against the computer, then as flipped. */
function isFlipped() {
  const playsGreen = !replay.active && controller?.computerSide === 'black';
  return playsGreen !== flipChosen;
}

// ---- errors ---------------------------------------------------------------
// One failure style for every page (lib/page.js): a bug or an engine that
// cannot load is `fail` (the error banner; nothing runs after it), something
// lost is a `notice`, a refusal is worded in the status line.

// A failure stops the game and the computer.
onFail(() => {
  ai.cancel();
  controller?.stop();
});

// ---- the views ------------------------------------------------------------------

const board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'));
const grid = new BoardGrid($('grid'), {
  activate: guard((i) => {
    if (!controller?.computerTurn) board.stopMotion();
    controller?.activate(i);
  }),
  focused: guard(() => render()),
});
const advisor = new opponent.Advisor(guard(() => render()));
const replay = new ReplayView({
  changed: () => render(),
  moved: (link) => {
    replayNote = '';
    share.publish(link);
  },
  resume: (session, choice) => {
    const players = choice === 'computer' ? opponent.readPlayers('continue') : 'hotseat';
    settings.players = players;
    store.saveSettings(settings);
    play(session, players);
  },
  leave: () => {
    replay.close();
    if (!controller) return;
    share.publishGame(controller.session);
    controller.resume();
  },
  newGame: () => openNewGame(),
});

/** @type {GameController | null} */
let controller = null;

/** Draws everything from the controller's state, or the replay's. */
function render() {
  if (!controller) return;
  const w = t();
  const rp = replay.cursor;
  /** @type {GameState} */
  const st = rp ? rp.frame.state : controller.state;
  // Dice on the board: from now on a click may be refused.
  if (st.roll) wordsForRefusals();
  const cursor = grid.hasFocus() ? grid.cursor : null;
  const hint = rp ? [] : advisor.hintView(st)?.actions ?? [];
  const flipped = isFlipped();
  if (grid.n !== st.size || grid.flipped !== flipped) grid.build(st.size, flipped);
  const model = {
    ...(rp
      ? frameModel(st, { coords: Boolean(settings.coords), cursor })
      : controller.model({ coords: Boolean(settings.coords), cursor, hint })),
    flipped,
  };
  button('btn-flip').setAttribute('aria-pressed', String(flipped));
  // The sound switch's name says its state.
  const sound = button('btn-sound');
  sound.ariaLabel = sound.title = settings.muted ? w.soundOff : w.soundOn;
  sound.toggleAttribute('data-muted', Boolean(settings.muted));
  // The review (review.js) ends with the replay of its game.
  if (review && review.game !== rp?.game) review = review.close();
  if (rp) review?.decorate(model, rp.step);
  board.set(model);
  grid.update(model, w.cell);
  // Once the game is over, the roll that decided it stays on show, in the winner's colour.
  const final = st.winner && !st.roll && st.lastRoll;
  renderDice($('dice'), final ? { ...st, roll: st.lastRoll, diceUsed: [false, false], side: st.winner ?? st.side } : st, w);
  $('dice').setAttribute('aria-label', `${w.dice}: ${w.diceFaces(st.faces)}`);
  const can = controller.controls();
  const live = !rp;
  button('btn-roll').disabled = !live || !can.roll;
  button('btn-confirm').disabled = !live || !can.confirm;
  button('btn-confirm').hidden = Boolean(settings.autoConfirm);
  button('btn-undo').disabled = !live || !can.undo;
  button('btn-takeback').disabled = !live || !can.takeBack;
  advisor.render(st, { computerTurn: live && controller.computerTurn, thinking: controller.thinking, replay: !live });
  renderCounts($('counts'), st, w);
  field('position-code').value = st.code;
  const cpu = controller.computerSide;
  const against = cpu && live ? `, ${w.gameInfoComputer(opponent.levelName(controller.players.level ?? ''))}` : '';
  $('game-info').textContent = `${w.gameInfo(st.edition, st.size)}${against}`;
  document.body.dataset.side = st.winner ?? st.side;
  document.body.dataset.phase = st.winner ? 'over' : !st.roll ? 'roll' : st.complete ? 'confirm' : 'act';
  const status = rp ? `${replayNote ? `${replayNote} ` : ''}${replay.status()}` : controller.status();
  if ($('status').textContent !== status) $('status').textContent = status;
  if (rp) {
    replay.render();
    review?.render();
    return;
  }
  renderLog($('log'), liveLines(st, w.inProgress), { current: st.roll && !st.winner ? st.log.length : -1 });
  renderOver();
}

/** @type {Promise<typeof import('./gameover.js')> | null} */
let gameOverModule = null;

/**
 * The game-over card (gameover.js, loaded when a game first ends, so that
 * the page's start does not carry it); hidden while no game is over.
 */
function renderOver() {
  const over = $('gameover');
  if (!controller?.state.winner) {
    over.hidden = true;
    button('btn-result').hidden = true;
    return;
  }
  (gameOverModule ??= import('./gameover.js')).then(guard((m) => {
    const ctl = controller;
    // Drawn for the game as it is now (a rematch may have come first).
    if (!ctl || replay.active) return;
    const w = t();
    if (m.renderGameOver(over, $('gameover-text'), $('gameover-detail'),
      /** @type {HTMLTableElement} */ ($('gameover-stats')), ctl.state, () => ctl.session.stats(), w, ctl.computerSide)) {
      button('btn-rematch').focus();
      const record = ctl.session.recordText();
      reviewJs().then((r) => r.overGraph($('gameover-stats'), record, t('review'), reviewStorage)).catch(() => {});
      // Kept in "Your games" (gameover.js loads lib/archive.js).
      m.keepGame(over, ctl, { notice, loadLanguage, language, t });
    }
    $('btn-gameover-close').ariaLabel = w.close;
    button('btn-result').hidden = over.hidden || over.dataset.closed == null;
  })).catch((e) => fail(messageOf(e)));
}

/** @type {Promise<typeof import('../analysis/review.js')> | null} */
let reviewModule = null;
/** @type {import('../analysis/review.js').GameReview | null} */
let review = null;
/** The review's and the tutor's worker: judging never delays the computer's turn or a hint. */
const reviewer = new AiClient();
// With its words in the page's language (switching languages loads them too).
const reviewJs = () => (reviewModule ??= Promise.all([import('../analysis/review.js'), loadLanguage(language(), ['review'])]).then(([m]) => m));
/** What the review stores with (passed in: see review.js's imports). */
const reviewStorage = { stored: store.stored, reject: store.reject, isRecord: store.isRecord };

/** Review: the game over, or the replay shown, judged turn by turn (review.js, loaded now). */
function startReview() {
  if (!replay.active && controller) {
    controller.pause();
    replay.openText(controller.session.recordText());
  }
  reviewJs().then(guard((m) => {
    review = m.startReview(replay, review, guard(render), { client: reviewer, parseRoll, errorText, language, words: () => t('review'), storage: reviewStorage });
    render();
  }))
    .catch((e) => fail(messageOf(e)));
}

/** @type {Promise<typeof import('./tutor.js')> | null} */
let tutorModule = null;
/** The tutor (tutor.js, loaded once the setting is on), with the review's words. */
const tutorJs = () => (tutorModule ??= Promise.all([import('./tutor.js'), loadLanguage(language(), ['review'])]).then(([m]) => m));
/** @type {import('./tutor.js').TutorHost} */
const tutorHost = { client: reviewer, words: () => t('review'), showBest: (at, best) => advisor.show(at, best) };

// ---- the game -----------------------------------------------------------------------

/** Searches, hints and animations of the moment shown are dropped. */
function dropSearches() {
  ai.cancel();
  advisor.reset();
  board.stopMotion();
}

/**
 * Makes `session` the game being played, with these players.
 * @param {Session} session
 * @param {PlayersChoice} players
 */
function play(session, players) {
  replay.close();
  $('gameover').hidden = true;
  dropSearches();
  controller?.replace(session, players);
}


/**
 * @param {number} size
 * @param {string} edition
 * @param {PlayersChoice} choice
 */
function newGame(size, edition, choice) {
  const players = normalizePlayers(choice);
  const session = Session.create(size, edition);
  Object.assign(settings, { size, edition, players });
  store.saveSettings(settings);
  play(session, players);
}

function rematch() {
  if (!controller) return;
  const st = controller.state;
  newGame(st.size, st.edition, settings.players);
}

/** The Hint button: the engine's suggestion for the turn being played. */
function askHint() {
  if (!controller || replay.active) return;
  if (controller.computerTurn) return controller.next();
  if (!advisor.askHint(controller.state)) controller.tell(t().hintNotNow);
  else render();
  return undefined;
}

/** Space and Enter. */
function next() {
  if (!controller) return;
  if (replay.active) return replay.cursor?.toggle();
  if (controller.state.winner) return rematch();
  if (controller.next()) return undefined;
  // The first press shows the cursor; the next ones act on its square.
  if (!grid.hasFocus()) return grid.focus(grid.cursor);
  return controller.activate(grid.cursor);
}

/** In a replay, the live game's commands explain that this is a replay. */
function live(/** @type {() => void} */ fn) {
  return () => {
    if (!controller) return;
    if (replay.active) {
      replayNote = t().replayNoPlay;
      render();
      return;
    }
    fn();
  };
}

/** Turns the board round (the F key and the Flip button). */
function flip() {
  flipChosen = !flipChosen;
  render();
}

/** Takes back a turn: searches and animations of the old moment are dropped first. */
function takeBack() {
  dropSearches();
  controller?.takeBack();
}

// ---- dialogs and settings ------------------------------------------------------

function openNewGame() {
  field('ng-size').value = String(controller?.state.size ?? settings.size);
  field('ng-edition').value = controller?.state.edition ?? settings.edition;
  opponent.fillFields('ng', settings.players);
  dialog('new-game-dialog').showModal();
}

/** The language of the Keys panel's list, once filled. */
let helpShown = '';
/** The page's help (help.js) with its words in the page's language. */
const helpJs = () => Promise.all([import('./help.js'), loadLanguage(language(), ['help'])]).then(([m]) => m);

/** Fills the Keys panel in the page's language; it and its words load when first opened. */
function showHelp() {
  const chosen = language();
  if (helpShown === chosen) return;
  helpJs().then(guard((m) => {
    if (language() !== chosen) return;
    m.renderHelp($('help-body'), t('help'));
    helpShown = chosen;
  })).catch((e) => fail(messageOf(e)));
}

/** The Keys panel opens at once (a click is answered however busy the page is); its list follows. */
function openHelp() {
  showHelp();
  openPanel('help-panel');
}

/** @param {string} id */
function openPanel(id) {
  const d = dialog(id);
  if (!d.open) d.showModal();
}

/** The language of the rules text in the Rules panel, once loaded. */
let rulesShown = '';

/** @type {Promise<typeof import('../lib/sound.js')> | null} */
let soundModule = null;

/**
 * Plays a sound unless muted; the sound module loads with the first sound,
 * so a muted page never fetches it.
 * @param {import('../lib/sound.js').SoundName} name
 */
function playSound(name) {
  if (settings.muted) return;
  soundModule ??= import('../lib/sound.js');
  soundModule.then((m) => m.playSound(name, false)).catch(() => {});
}

/** Fills the Rules panel in the page's language; the text loads when first opened. */
function showRules() {
  const chosen = language();
  if (rulesShown === chosen) return;
  rulesHtml().then((html) => {
    // Only the text of the language still chosen.
    if (language() !== chosen) return;
    $('rules-body').innerHTML = html;
    rulesShown = chosen;
  }).catch((e) => fail(messageOf(e)));
}

/** @param {string | null} code */
function applyLanguage(code) {
  setLanguage(code ?? 'en');
  field('lang-select').value = language();
  if (rulesShown || dialog('rules-panel').open) showRules();
  if (helpShown) showHelp();
  render();
}

async function copyCode() {
  const ok = await share.copy(field('position-code').value, button('btn-copy'));
  controller?.tell(ok ? t().copied : t().copyByHand);
}

function wire() {
  /** @param {string} id @param {string} ev @param {(e: Event) => void} fn */
  const on = (id, ev, fn) => $(id).addEventListener(ev, guard(fn));
  on('btn-roll', 'click', live(() => controller?.roll()));
  on('btn-confirm', 'click', live(() => controller?.confirm()));
  on('btn-undo', 'click', live(() => controller?.undo()));
  on('btn-takeback', 'click', live(takeBack));
  on('btn-hint', 'click', askHint);
  on('btn-new', 'click', openNewGame);
  on('btn-gameover-new', 'click', openNewGame);
  on('btn-rematch', 'click', rematch);
  // Closed, the card leaves the final board in view; "Show result" brings it back.
  const closeCard = (/** @type {boolean} */ closed) => () => {
    $('gameover').toggleAttribute('data-closed', closed);
    button('btn-result').hidden = !closed;
    render();
    button(closed ? 'btn-result' : 'btn-rematch').focus();
  };
  on('btn-gameover-close', 'click', closeCard(true));
  on('btn-result', 'click', closeCard(false));
  on('btn-review', 'click', startReview);
  on('rp-review', 'click', startReview);
  on('btn-rules', 'click', () => { showRules(); openPanel('rules-panel'); });
  on('btn-flip', 'click', flip);
  on('btn-help', 'click', openHelp);
  on('btn-copy', 'click', copyCode);
  replay.wire(guard);
  share.wireSharing({
    record: () => (replay.active ? replay.recordText() : controller?.session.recordText() ?? ''),
    state: () => (replay.cursor ? replay.cursor.frame.state : /** @type {GameController} */ (controller).state),
    open: (text) => replay.openText(text),
    news: (text) => (replay.active ? render() : controller?.tell(text)),
  }, guard);
  on('lang-select', 'change', () => {
    settings.lang = field('lang-select').value;
    store.saveSettings(settings);
    const code = settings.lang;
    loadLanguage(code).then(guard(() => applyLanguage(code))).catch((e) => fail(messageOf(e)));
  });
  on('ng-cancel', 'click', () => dialog('new-game-dialog').close());
  on('new-game-form', 'submit', () => {
    const size = Number(field('ng-size').value);
    const edition = field('ng-edition').value;
    const players = opponent.readPlayers('ng');
    const st = controller?.state;
    // A game under way is not thrown away without asking.
    if (st && !replay.active && !st.winner && (st.log.length > 0 || st.roll)) {
      pendingNewGame = () => newGame(size, edition, players);
      $('confirm-new-text').textContent = t().confirmNewText(st.turn);
      dialog('confirm-new-dialog').showModal();
      return;
    }
    newGame(size, edition, players);
  });
  on('confirm-new-keep', 'click', () => {
    pendingNewGame = null;
    dialog('confirm-new-dialog').close();
  });
  on('confirm-new-form', 'submit', () => {
    const start = pendingNewGame;
    pendingNewGame = null;
    start?.();
  });
  on('btn-gameover-link', 'click', async () => {
    const ok = await share.copy(field('share-link').value, button('btn-gameover-link'));
    controller?.tell(ok ? t().linkCopied : t().copyByHand);
  });
  opponent.wireFields('ng');
  opponent.wireFields('continue');
  // After the replay has filled the continue dialog's players choice.
  on('rp-continue', 'click', () => opponent.fillFields('continue'));
  for (const btn of document.querySelectorAll('.close-dialog')) {
    btn.addEventListener('click', () => btn.closest('dialog')?.close());
  }
  for (const d of document.querySelectorAll('dialog')) {
    // Keep focus from lingering inside a closed dialog.
    d.addEventListener('close', () => {
      const active = document.activeElement;
      if (d.contains(active) && active instanceof HTMLElement) active.blur();
    });
  }
  /**
   * @param {string} id
   * @param {'autoRoll' | 'autoConfirm' | 'coords' | 'tutor'} key
   * @param {() => void} [after]
   */
  const setting = (id, key, after) => on(id, 'change', () => {
    settings[key] = field(id).checked;
    store.saveSettings(settings);
    render();
    after?.();
  });
  setting('opt-autoroll', 'autoRoll', () => controller?.startTurn());
  setting('opt-autoconfirm', 'autoConfirm', () => { if (controller?.session.complete) controller.confirm(); });
  setting('opt-coords', 'coords');
  const warm = () => { if (settings.tutor) tutorJs().then((m) => m.warm(tutorHost)).catch(() => {}); };
  setting('opt-tutor', 'tutor', warm);
  warm();
  // The sound switch by the board: turned on, it says so with a sound.
  on('btn-sound', 'click', () => {
    settings.muted = !settings.muted;
    store.saveSettings(settings);
    render();
    playSound('move');
  });
  on('opt-theme', 'change', () => {
    const theme = select('opt-theme').value;
    settings.theme = theme === 'light' || theme === 'dark' ? theme : 'system';
    store.saveSettings(settings);
    applyTheme();
  });
  select('opt-theme').value = settings.theme;
  on('opt-winchance', 'change', () => {
    advisor.showChance = field('opt-winchance').checked;
    opponent.savePrefs({ showChance: advisor.showChance });
    render();
  });
  field('opt-winchance').checked = advisor.showChance;
  field('opt-autoroll').checked = Boolean(settings.autoRoll);
  field('opt-autoconfirm').checked = Boolean(settings.autoConfirm);
  field('opt-coords').checked = Boolean(settings.coords);
  field('opt-tutor').checked = Boolean(settings.tutor);
  bindPointer(/** @type {HTMLCanvasElement} */ ($('board')), board, guard((i, time) => {
    // A click during a person's move animation is a new command: the board
    // is already final. (The computer's moves play out.)
    if (!controller?.computerTurn) board.stopMotion();
    if (grid.hasFocus() && document.activeElement instanceof HTMLElement) document.activeElement.blur();
    if (replay.active) return live(() => {})();
    controller?.activate(i);
    if (controller?.selected === i) performance.measure('diablo:select', { start: time, end: performance.now() });
    return undefined;
  }), () => (replay.active ? null : controller?.selected ?? null));
  bindKeys({
    roll: guard(live(() => controller?.roll())),
    next: guard(next),
    undo: guard(live(() => controller?.undo())),
    takeBack: guard(live(takeBack)),
    newGame: guard(openNewGame),
    cancel: guard(() => controller?.cancel()),
    help: guard(openHelp),
    flip: guard(flip),
    home: guard(() => replay.active && (replay.cursor?.first(), true)),
    end: guard(() => replay.active && (replay.cursor?.end(), true)),
    cursor: guard((df, dr) => {
      if (replay.active) replay.arrow(df);
      else if (grid.hasFocus()) grid.move(df, dr);
      else grid.focus(grid.cursor);
    }),
  });
  $('grid').addEventListener('focusout', guard(() => queueMicrotask(() => render())));
}

// ---- start ---------------------------------------------------------------------

/**
 * The saved game, or null; an unreadable save is discarded with a notice
 * (by storage.js when it is not a saved game at all, see storageNotice).
 */
function savedGame() {
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

/**
 * The words of the engine's refusals, loaded when the page first meets
 * something the engine may refuse (a link, a saved game, a roll, the import
 * dialog), so that they are no part of the page's start.
 */
function wordsForRefusals() {
  return loadLanguage(language(), ['errors']).catch(() => {});
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
 * The game changed: it is saved, and its link goes to the address bar.
 * @param {Session} session
 */
function persist(session) {
  store.saveGame(session.snapshot());
  share.publishGame(session);
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
 * Shows the game of a share link over the game being played; a link that
 * cannot be opened leaves what was shown, and its link, as they were.
 * @param {string} link
 */
function openLink(link) {
  if (!controller) return;
  const wasActive = replay.active;
  controller.pause();
  dropSearches();
  if (!replay.openLink(link)) {
    const c = replay.cursor;
    if (c) share.publish(c.game.link(c.step));
    else {
      share.publishGame(controller.session);
      if (!wasActive) controller.resume();
    }
  }
  render();
}

/** The first visit's choice of how to start (help.js and its words load only then). */
function welcome() {
  helpJs().then(guard((m) => {
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
        const st = controller?.state;
        newGame(st?.size ?? 8, st?.edition ?? 'standard', normalizePlayers({ kind: 'computer', level, human: 'black' }));
      }),
    });
  }), () => {
    // Without its module or words the page goes on: the game is there.
  });
}

/**
 * The service worker of the built site (sw.js): offline play after one
 * visit, and a visible notice when a new version is ready. It reloads the
 * page only when the person asks.
 */
function watchForUpdates() {
  const sw = navigator.serviceWorker;
  if (!sw || !globalThis.isSecureContext) return;
  let updating = false;
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    if (!worker || !sw.controller) return;
    $('update').hidden = false;
    button('btn-update').onclick = () => {
      updating = true;
      worker.postMessage('skipWaiting');
    };
  };
  sw.addEventListener('controllerchange', () => { if (updating) location.reload(); });
  sw.register('./sw.js').then((registration) => {
    offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing);
      });
    });
  }).catch(() => {
    // No service worker (a plain file server without sw.js): the page
    // still plays online.
  });
}

async function boot() {
  const code = await startPage({ sections: ['page'], storageWords, themed: () => board.draw() });
  applyLanguage(language());
  if (!code || location.protocol === 'file:') return;
  // A game-by-link link belongs to the friend page (web/friend.html).
  const toFriend = () => {
    const typed = share.fragment();
    if (!typed || !isCorrLink(typed)) return false;
    location.replace(`web/friend.html#${typed}`);
    return true;
  };
  if (toFriend()) return;
  // A first visit (nothing of this site's stored yet) is asked how to start,
  // unless its address holds a game; browsers driven by automation (the
  // tests) are not asked, as they start muted (storage.js).
  const first = store.firstVisit() && !share.fragment();
  watchForUpdates();
  listSizes(select('ng-size'));
  wire();
  settings.players = normalizePlayers(settings.players);
  // A link to open or a game to restore may be refused: their words first.
  if (share.fragment() || store.loadGame()) await wordsForRefusals();
  const session = savedGame() ?? defaultGame();
  // A link in the address bar takes precedence over the saved game, which
  // stays saved until the person continues from the link or starts anew.
  const link = share.fragment();
  const ctl = new GameController(session, settings.players, {
    changed: () => render(),
    fail,
    committed: persist,
    show: (action, before) => board.animate(action, SHOW_MS, { before }),
    sound: (name) => playSound(name),
    keys: keyboardInUse,
    moved: (action, before) => { board.animate(action, MOVE_MS, { before }); },
    vet: (c) => (settings.tutor && !replay.active ? tutorJs().then((m) => m.vet(c, tutorHost)) : null),
  });
  controller = ctl;
  ctl.settings = settings;
  persist(session);
  if (link && link !== session.link()) openLink(link);
  // "Your games" opens a game in the review: index.html?review#LINK.
  if (location.search.includes('review')) {
    history.replaceState(history.state, '', location.pathname + location.hash);
    startReview();
  }
  render();
  ctl.startTurn();
  if (first) welcome();
  globalThis.addEventListener('hashchange', guard(() => {
    if (toFriend()) return;
    const typed = share.fragment();
    if (typed && !share.isPublished(typed)) wordsForRefusals().then(guard(() => openLink(typed)));
  }));
  performance.mark('diablo:ready');
  performance.measure('diablo:boot', { start: 0, end: 'diablo:ready' });
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
