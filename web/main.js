// The page's controller: it asks the engine (engine.js) what is legal,
// keeps the selection and settings, and hands the result to the views.

import { loadEngine, Session, squareName } from './engine.js';
import { BoardView } from './board.js';
import { BoardGrid } from './a11y.js';
import { renderDice } from './dice.js';
import { bindKeys, bindPointer } from './input.js';
import { detectLanguage, language, rulesHtml, setLanguage, t } from './i18n.js';
import { renderCounts, renderGameOver, renderHelp, renderLog } from './panels.js';
import { computerColor, controllerFor, normalizePlayers, playersFor, SHOW_MS } from './players.js';
import { ai } from './ai.js';
import * as opponent from './opponent.js';
import * as store from './state.js';
import { ReplayView } from './replay.js';
import * as share from './share.js';

const $ = (id) => document.getElementById(id);

const app = {
  /** @type {Session|null} */
  session: null,
  settings: store.loadSettings(),
  players: playersFor('hotseat'),
  /** @type {number|null} the selected stack */
  selected: null,
  /** One-off news shown before the instruction in the status line. */
  news: '',
  crashed: false,
  /** Counts changes of the game under a running search or animation. */
  epoch: 0,
  /** The epoch whose computer turn is under way, or null. */
  running: null,
  /** Whether the computer is thinking (searching) now. */
  thinking: false,
};

// ---- errors ---------------------------------------------------------------

/** An exception the engine threw on purpose (a refusal), not a bug. */
function isRefusal(e) {
  return e instanceof Error && e.constructor === Error && !(e instanceof WebAssembly.RuntimeError);
}

function crash(message) {
  if (app.crashed) return;
  app.crashed = true;
  ai.cancel();
  $('error-text').textContent = t().crash(message);
  $('error-banner').hidden = false;
}

function guard(fn) {
  return (...args) => {
    if (app.crashed) return undefined;
    try {
      return fn(...args);
    } catch (e) {
      crash(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  };
}

/** Runs an engine call; a refusal goes to the status line, anything else up. */
function attempt(fn) {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (!isRefusal(e)) throw e;
    app.news = t().illegal(e.message);
    return { ok: false };
  }
}

// ---- what to show -----------------------------------------------------------

function model() {
  const s = app.session;
  const st = s.state;
  const targets = new Map();
  if (app.selected != null) for (const tg of s.targetsOf(app.selected)) targets.set(tg.to, tg.kind);
  // A person has nothing to choose while the computer plays.
  const cpu = computerTurn();
  return {
    n: st.size,
    cells: st.cells,
    coords: Boolean(app.settings.coords),
    sources: new Set(cpu ? [] : s.sources.keys()),
    selected: app.selected,
    targets,
    removals: cpu ? new Set() : s.removals,
    last: st.roll && st.actions.length ? [] : st.lastTurn,
    current: st.actions,
    cursor: grid.hasFocus() ? grid.cursor : null,
    hint: replay.active ? [] : advisor.hintView(st)?.actions ?? [],
  };
}

// ---- the computer opponent ----------------------------------------------------

/** Whether it is the computer's turn in the game being played (people wait). */
function computerTurn() {
  const s = app.session;
  return !replay.active && !s.over && controllerFor(app.players, s.state.side) != null;
}

/** The game changed under any search, hint or animation: they are dropped. */
function gameChanged() {
  app.epoch += 1;
  app.thinking = false;
  ai.cancel();
  advisor.reset();
  board.stopMotion();
}

/** Why a person cannot act now, in the status line. */
function waitForComputer() {
  app.news = t().computerTurn(t().color[app.session.state.side]);
  render();
}

/** The Hint button: the engine's suggestion for the turn being played. */
function askHint() {
  if (replay.active) return;
  if (computerTurn()) return waitForComputer();
  if (!advisor.askHint(app.session.state)) app.news = t().hintNotNow;
  render();
}

function instruction() {
  const w = t();
  const s = app.session;
  const st = s.state;
  if (replay.active) return replay.status(st);
  const who = w.color[st.side];
  if (st.winner) return `${w.wins(w.color[st.winner])} ${w.gameIsOver}`;
  if (computerTurn()) {
    if (app.thinking) return w.thinking(who);
    return st.roll ? w.computerPlaying(who) : w.computerToMove(who);
  }
  if (!st.roll) return w.toRoll(who);
  if (st.complete) return w.turnComplete;
  if (app.selected != null) return w.selected(squareName(app.selected, st.size));
  if (s.removals.size) return w.chooseRemoval;
  const first = st.balancing && st.actions.length === 0 ? `${w.balancing} ` : '';
  return `${first}${w.chooseStack}`;
}

function render() {
  const s = app.session;
  const st = s.state;
  const w = t();
  const m = model();
  board.set(m);
  grid.update(m, w.cell);
  renderDice($('dice'), st, w);
  $('dice').setAttribute('aria-label', `${w.dice}: ${w.diceFaces(st.faces)}`);
  const cpu = computerTurn();
  const cpuSide = computerColor(app.players);
  $('btn-roll').disabled = Boolean(st.roll) || Boolean(st.winner) || cpu;
  $('btn-confirm').disabled = !st.complete || cpu;
  $('btn-confirm').hidden = Boolean(app.settings.autoConfirm);
  $('btn-undo').disabled = st.actions.length === 0 || cpu;
  $('btn-takeback').disabled = !st.log.some((l) => l.side !== cpuSide);
  advisor.render(st, { computerTurn: cpu, thinking: app.thinking, replay: replay.active });
  renderCounts($('counts'), st, w);
  if (!replay.active) renderLog($('log'), st, w);
  $('position-code').value = st.code;
  const against = cpuSide && !replay.active ? `, ${w.gameInfoComputer(opponent.levelName(app.players.level))}` : '';
  $('game-info').textContent = `${w.gameInfo(st.edition, st.size)}${against}`;
  document.body.dataset.side = st.side;
  document.body.dataset.phase = st.winner ? 'over' : !st.roll ? 'roll' : st.complete ? 'confirm' : 'act';
  const status = `${app.news ? `${app.news} ` : ''}${instruction()}`;
  if ($('status').textContent !== status) $('status').textContent = status;
  app.news = '';
  // A replay is only looked at: the saved game stays as it was.
  if (replay.active) return replay.render();
  if (renderGameOver($('gameover'), $('gameover-text'), $('gameover-detail'), st, w)) {
    $('btn-rematch').focus();
  }
  store.saveGame(s.snapshot());
  share.publishGame(s);
}

// ---- commands ---------------------------------------------------------------

/** The Roll button and key: a person's roll. */
function roll() {
  if (computerTurn()) return waitForComputer();
  return rollDice();
}

function rollDice() {
  const s = app.session;
  if (s.over || s.rolled || replay.active) return;
  const r = attempt(() => s.roll());
  if (r.ok) app.news = t().rolled(t().color[s.state.side], r.value[0], r.value[1]);
  app.selected = null;
  render();
}

function afterAction(kind) {
  const s = app.session;
  const last = s.state.actions[s.state.actions.length - 1];
  app.news = t().played(t().color[s.state.side], last?.text ?? '', t().kind[kind] ?? kind);
  app.selected = null;
  if (s.complete && app.settings.autoConfirm) {
    confirmTurn();
    return;
  }
  render();
}

/** What clicking (or activating) a square does. */
function activate(i, eventTime) {
  const s = app.session;
  const w = t();
  if (replay.active) {
    app.news = w.replayNoPlay;
    return render();
  }
  if (computerTurn()) return waitForComputer();
  const sq = squareName(i, s.size);
  if (s.over) app.news = w.gameIsOver;
  else if (!s.rolled) app.news = w.rollFirst;
  else if (s.complete) app.news = w.waitConfirm;
  else if (s.removals.size) {
    const r = attempt(() => s.remove(i));
    if (r.ok) return afterAction(r.value);
  } else if (app.selected != null && app.selected !== i && !s.sources.has(i)) {
    // The engine judges the move; a refusal explains itself.
    const from = app.selected;
    const r = attempt(() => s.play(from, i));
    if (r.ok) return afterAction(r.value);
  } else if (app.selected != null && s.targetsOf(app.selected).some((tg) => tg.to === i)) {
    // A target that is also a source (a merge onto a stack that could move).
    const from = app.selected;
    const r = attempt(() => s.play(from, i));
    if (r.ok) return afterAction(r.value);
  } else if (app.selected === i) {
    app.selected = null;
    app.news = w.deselected;
  } else if (s.sources.has(i)) {
    app.selected = i;
    render();
    if (eventTime != null) {
      performance.measure('diablo:select', { start: eventTime, end: performance.now() });
    }
    return undefined;
  } else {
    const v = s.state.cells[i];
    const mine = (v > 0 ? 'black' : 'green') === s.state.side;
    app.news = v === 0 ? w.emptySquare(sq) : mine ? w.noMovesFrom(sq) : w.notYours(sq);
  }
  render();
  return undefined;
}

function confirmTurn() {
  const s = app.session;
  if (!s.complete) return;
  const side = s.state.side;
  const r = attempt(() => s.confirm());
  if (r.ok) app.news = t().confirmed(t().color[side], r.value);
  app.selected = null;
  render();
  if (r.ok) startTurn();
}

/**
 * Called whenever a turn may begin: the computer plays its colour's turn
 * (also one left rolled or half played by a reload), or auto-roll rolls.
 */
function startTurn() {
  const s = app.session;
  if (s.over || replay.active || app.crashed) return;
  const controller = controllerFor(app.players, s.state.side);
  if (controller) {
    if (app.running === app.epoch) return;
    const epoch = app.epoch;
    app.running = epoch;
    controller.takeTurn(turnApi(epoch))
      .catch((e) => { if (epoch === app.epoch) crash(e instanceof Error ? e.message : String(e)); })
      .finally(() => { if (app.running === epoch) app.running = null; });
  } else if (!s.rolled && app.settings.autoRoll) {
    roll();
  }
}

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The steps a controller may take, each redrawing like a person's; none once the game changed. */
function turnApi(epoch) {
  const alive = () => epoch === app.epoch && !app.crashed;
  const live = (fn) => guard((...args) => (alive() ? fn(...args) : false));
  const act = (fn) => { const r = attempt(fn); if (r.ok) afterAction(r.value); return r.ok; };
  return {
    alive,
    state: () => app.session.state,
    roll: live(() => rollDice()),
    undo: live(() => { app.session.undo(); render(); }),
    options: () => ({ sources: app.session.sources, removals: app.session.removals }),
    play: live((from, to) => act(() => app.session.play(from, to))),
    remove: live((sq) => act(() => app.session.remove(sq))),
    confirm: live(() => confirmTurn()),
    thinking: live((on) => { app.thinking = on; render(); }),
    show: (action) => (alive() ? board.animate(action, SHOW_MS, { still: reducedMotion() }) : Promise.resolve()),
  };
}

function next() {
  const s = app.session;
  if (s.over) return rematch();
  if (computerTurn()) return waitForComputer();
  if (!s.rolled) return roll();
  if (s.complete) return confirmTurn();
  // The first press shows the cursor; the next ones act on its square.
  if (!grid.hasFocus()) return grid.focus(grid.cursor);
  return activate(grid.cursor);
}

function undo() {
  if (replay.active) return;
  if (computerTurn()) return waitForComputer();
  const undone = app.session.undo();
  app.news = undone ? t().undone(undone) : t().nothingToUndo;
  app.selected = null;
  render();
}

/** Takes back the last turn; against the computer, back to the person's last turn. */
function takeBack() {
  if (replay.active) return;
  const cpu = computerColor(app.players);
  const log = app.session.state.log;
  const mine = cpu ? log.findLastIndex((l) => l.side !== cpu) : log.length - 1;
  let back;
  if (mine >= 0) {
    gameChanged();
    for (let k = log.length; k > mine; k--) back = app.session.takeBack();
  }
  const w = t();
  if (cpu) app.news = back ? w.takenBackComputer(back) : w.nothingToTakeBackComputer;
  else app.news = back ? w.takenBack(back) : w.nothingToTakeBack;
  app.selected = null;
  render();
  startTurn();
}

function newGame(size, edition, choice) {
  const fresh = Session.create(size, edition);
  const players = normalizePlayers(choice);
  gameChanged();
  replay.close();
  app.session?.dispose();
  app.session = fresh;
  app.players = playersFor(players);
  app.selected = null;
  Object.assign(app.settings, { size, edition, players });
  store.saveSettings(app.settings);
  grid.build(size);
  $('gameover').hidden = true;
  render();
  startTurn();
}

function rematch() {
  const st = app.session.state;
  newGame(st.size, st.edition, app.settings.players);
}

function cancel() {
  if (app.selected == null) return;
  app.selected = null;
  app.news = t().deselected;
  render();
}

// ---- dialogs and settings ------------------------------------------------------

function openNewGame() {
  $('ng-size').value = String(app.session?.size ?? app.settings.size);
  $('ng-edition').value = app.session?.state.edition ?? app.settings.edition;
  opponent.fillFields('ng', app.settings.players);
  $('new-game-dialog').showModal();
}

function openPanel(id) {
  const d = $(id);
  if (!d.open) d.showModal();
}

function applyLanguage(code) {
  setLanguage(code);
  $('lang-select').value = language();
  $('rules-body').innerHTML = rulesHtml();
  renderHelp($('help-body'), t());
  if (app.session) render();
}

async function copyCode() {
  const ok = await share.copy($('position-code').value, $('btn-copy'));
  app.news = ok ? t().copied : t().copyByHand;
  render();
}

function wire() {
  const on = (id, ev, fn) => $(id).addEventListener(ev, guard(fn));
  on('btn-roll', 'click', roll);
  on('btn-confirm', 'click', confirmTurn);
  on('btn-undo', 'click', undo);
  on('btn-takeback', 'click', takeBack);
  on('btn-hint', 'click', askHint);
  on('btn-new', 'click', openNewGame);
  on('btn-gameover-new', 'click', openNewGame);
  on('btn-rematch', 'click', rematch);
  on('btn-rules', 'click', () => openPanel('rules-panel'));
  on('btn-help', 'click', () => openPanel('help-panel'));
  on('btn-copy', 'click', copyCode);
  on('btn-reload', 'click', () => location.reload());
  on('btn-notice-close', 'click', () => { $('notice').hidden = true; });
  replay.wire(guard);
  share.wireSharing({
    record: () => (replay.active ? replay.recordText() : app.session.game.recordText()),
    state: () => app.session.state,
    open: (text) => replay.openText(text),
    news: (text) => { app.news = text; render(); },
  }, guard);
  on('lang-select', 'change', () => {
    app.settings.lang = $('lang-select').value;
    store.saveSettings(app.settings);
    applyLanguage(app.settings.lang);
  });
  on('ng-cancel', 'click', () => $('new-game-dialog').close());
  on('new-game-form', 'submit', () => {
    newGame(Number($('ng-size').value), $('ng-edition').value, opponent.readPlayers('ng'));
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
      if (d.contains(document.activeElement)) document.activeElement.blur();
    });
  }
  const setting = (id, key, after) => on(id, 'change', () => {
    app.settings[key] = $(id).checked;
    store.saveSettings(app.settings);
    render();
    after?.();
  });
  setting('opt-autoroll', 'autoRoll', startTurn);
  setting('opt-autoconfirm', 'autoConfirm', () => { if (app.session.complete) confirmTurn(); });
  setting('opt-coords', 'coords');
  on('opt-winchance', 'change', () => {
    advisor.showChance = $('opt-winchance').checked;
    opponent.savePrefs({ showChance: advisor.showChance });
    render();
  });
  $('opt-winchance').checked = advisor.showChance;
  $('opt-autoroll').checked = Boolean(app.settings.autoRoll);
  $('opt-autoconfirm').checked = Boolean(app.settings.autoConfirm);
  $('opt-coords').checked = Boolean(app.settings.coords);
  bindPointer($('board'), board, guard((i, time) => {
    if (grid.hasFocus()) document.activeElement?.blur();
    activate(i, time);
  }));
  bindKeys({
    roll: guard(roll),
    next: guard(() => (replay.active ? replay.togglePlay() : next())),
    undo: guard(undo),
    takeBack: guard(takeBack),
    newGame: guard(openNewGame),
    cancel: guard(cancel),
    help: guard(() => openPanel('help-panel')),
    home: guard(() => replay.active && (replay.start(), true)),
    end: guard(() => replay.active && (replay.end(), true)),
    cursor: guard((df, dr) => {
      if (replay.active) replay.arrow(df);
      else if (grid.hasFocus()) grid.move(df, dr);
      else grid.focus(grid.cursor);
    }),
  });
}

// ---- start ---------------------------------------------------------------------

const board = new BoardView($('board'), $('board-wrap'));
const advisor = new opponent.Advisor(guard(() => { if (app.session) render(); }));
const grid = new BoardGrid($('grid'), {
  activate: guard((i) => activate(i)),
  focused: guard(() => render()),
});

/** Shows a position without playing it (a replay). */
function show(session) {
  const resized = session.size !== app.session?.size;
  gameChanged();
  app.session?.dispose();
  app.session = session;
  app.selected = null;
  if (resized) grid.build(session.size);
  render();
}

/** Makes `session` the game being played (continued from a replay, or back from one). */
function adopt(session, players) {
  gameChanged();
  replay.close();
  app.session?.dispose();
  app.session = session;
  app.players = playersFor(players);
  app.selected = null;
  grid.build(session.size);
  $('gameover').hidden = true;
  render();
  startTurn();
}

const replay = new ReplayView({
  show,
  resume: (session, choice) => {
    const players = choice === 'computer' ? opponent.readPlayers('continue') : 'hotseat';
    app.settings.players = players;
    store.saveSettings(app.settings);
    adopt(session, players);
  },
  leave: () => adopt(savedGame() ?? defaultGame(), app.settings.players),
  newGame: () => openNewGame(),
  refresh: () => render(),
});
$('grid').addEventListener('focusout', guard(() => queueMicrotask(() => { if (app.session) render(); })));

globalThis.addEventListener('error', (e) => crash(e.message || 'error'));
globalThis.addEventListener('unhandledrejection', (e) => crash(String(e.reason?.message ?? e.reason)));

/** The saved game, or null; an unreadable save is discarded with a notice. */
function savedGame() {
  const saved = store.loadGame();
  let notice = null;
  if (saved.snapshot) {
    try {
      return Session.restore(saved.snapshot);
    } catch (e) {
      notice = t().savedDiscarded(e instanceof Error ? e.message : String(e));
    }
  } else if (saved.error) {
    notice = t().savedDiscarded(saved.error);
  }
  if (notice) {
    store.clearGame();
    $('notice-text').textContent = notice;
    $('notice').hidden = false;
  }
  return null;
}

/** A new game of the size and edition last chosen. */
function defaultGame() {
  const size = [4, 6, 8, 10, 12, 14, 16].includes(Number(app.settings.size)) ? Number(app.settings.size) : 8;
  const edition = app.settings.edition === 'sequenced' ? 'sequenced' : 'standard';
  return Session.create(size, edition);
}

async function boot() {
  applyLanguage(detectLanguage(app.settings.lang));
  try {
    await loadEngine((message) => crash(message));
  } catch (e) {
    crash(e instanceof Error ? e.message : String(e));
    return;
  }
  wire();
  app.settings.players = normalizePlayers(app.settings.players);
  app.players = playersFor(app.settings.players);
  app.session = savedGame() ?? defaultGame();
  grid.build(app.session.size);
  // A link in the address bar takes precedence over the saved game, which
  // stays saved until the person continues from the link or starts anew.
  const link = share.fragment();
  if (link && link !== share.linkOfGame(app.session)) replay.openLink(link);
  else render();
  globalThis.addEventListener('hashchange', guard(() => {
    const typed = share.fragment();
    if (typed && !share.isPublished(typed)) replay.openLink(typed);
  }));
  performance.mark('diablo:ready');
  performance.measure('diablo:boot', { start: 0, end: 'diablo:ready' });
  document.body.dataset.ready = 'true';
  startTurn();
}

boot().catch((e) => crash(e instanceof Error ? e.message : String(e)));
