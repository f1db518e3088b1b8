// @ts-check
// Play a friend by link (docs/correspondence.md). The engine checks every
// link, derives every roll and keeps the protocol; this page stores each
// game's keys in storage (lib/storage.js), draws the game with the page's controller,
// and moves links between the address bar, the engine and the clipboard.
// A link that is refused leaves the stored game exactly as it was.

import { errorInfo, isCorrLink, messageOf, parseRoll, Session } from '../lib/engine/engine.js';
import { corrAccept, corrAnswer, corrInvite, corrKeysGame, corrOpen, corrReceive, loadCorr } from '../lib/engine/corr.js';
import { GameController } from '../lib/game/controller.js';
import { BoardView } from '../lib/board/board.js';
import { BoardGrid } from '../lib/board/grid.js';
import { renderDice } from '../lib/board/dice.js';
import { bindPointer } from '../lib/board/input.js';
import { errorText, language, t, words } from '../lib/i18n/i18n.js';
import { fail, listSizes, startPage } from '../lib/page.js';
import { liveLines, renderLog } from '../lib/board/log.js';
import { MOVE_MS, SHOW_MS } from '../lib/game/players.js';
import * as store from '../lib/storage.js';
import { $, button, input, select, textArea } from '../lib/dom.js';
import '../embed/diablo-board.js';

/** @typedef {import('../lib/types.js').CorrView} CorrView */

/** The page's own words (friend.js of its language in lib/i18n/), once loaded (boot). @type {import('../lib/i18n/i18n.js').Words['friend']} */
let w;

/**
 * Stored games by id (as `diablo.corr.v1`): the keys (with the last link
 * seen or sent) and when that link arrived or left.
 * @typedef {{ keys: string, at: number }} StoredGame
 */
const gamesStore = store.stored('corr', {
  what: 'friend-games',
  version: 1,
  fallback: () => /** @type {Record<string, StoredGame>} */ ({}),
  // A game of the wrong shape is dropped, the others kept.
  validate: (data) => {
    if (!store.isRecord(data)) return store.reject('not an object');
    /** @type {Record<string, StoredGame>} */
    const games = {};
    for (const [id, g] of Object.entries(data)) {
      if (store.isRecord(g) && typeof g.keys === 'string' && typeof g.at === 'number') games[id] = { keys: g.keys, at: g.at };
    }
    const dropped = Object.keys(data).length - Object.keys(games).length;
    return dropped ? new store.Rejected(`${dropped} bad game(s)`, games) : games;
  },
});

/** @returns {Record<string, StoredGame>} */
const loadGames = () => gamesStore.get();

/** A storage that cannot keep them says so (onStorageProblem); the page goes on. @param {Record<string, StoredGame>} games */
function saveGames(games) {
  gamesStore.set(games);
}

/** Stores a game's keys (from a view that carries them). @param {CorrView} view */
function remember(view) {
  if (!view.keys) return;
  storeKeys(view.id, view.keys);
}

/** Stores one game's keys, stamped now. @param {string} id @param {string} keys */
function storeKeys(id, keys) {
  const games = loadGames();
  games[id] = { keys, at: Date.now() };
  saveGames(games);
}

/** The engine's refusal in words, or rethrows a bug. @param {unknown} e */
function refusalText(e) {
  const info = errorInfo(e);
  if (!info) throw e;
  return errorText(info);
}

// ---- the board ------------------------------------------------------------------

const board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'));
/** @type {GameController | null} */
let controller = null;
/** @type {CorrView | null} the game shown, as the engine last gave it */
let shown = null;
let flipped = false;

const grid = new BoardGrid($('grid'), {
  activate: (i) => { if (canPlay()) controller?.activate(i); },
  focused: () => render(),
});

function canPlay() {
  return Boolean(shown && shown.yourMove && shown.due === 'turn' && controller && !controller.state.winner);
}

function render() {
  if (!controller || !shown) return;
  const st = controller.state;
  const m = { ...controller.model({ coords: true, cursor: grid.hasFocus() ? grid.cursor : null }), flipped };
  board.set(m);
  if (grid.n !== st.size || grid.flipped !== flipped) grid.build(st.size, flipped);
  grid.update(m, t().cell);
  const lastRoll = st.lastRoll;
  const showFinal = !st.roll && lastRoll;
  renderDice($('dice'), showFinal ? { ...st, roll: lastRoll, diceUsed: [false, false] } : st, t());
  const can = controller.controls();
  button('btn-confirm').disabled = !canPlay() || !can.confirm;
  button('btn-undo').disabled = !canPlay() || !can.undo;
  button('btn-resign').hidden = !(shown.yourMove && shown.due === 'turn');
  button('btn-rematch').hidden = shown.due !== 'over' || !shown.you;
  renderLog($('log'), liveLines(st, t().inProgress), {});
  document.body.dataset.phase = canPlay() ? (st.complete ? 'confirm' : 'act') : shown.due === 'over' ? 'over' : 'wait';
  document.body.dataset.you = shown.you ?? '';
  const status = canPlay() ? controller.status() : statusText(shown);
  if ($('status').textContent !== status) $('status').textContent = status;
}

/** @param {CorrView} v */
function statusText(v) {
  if (v.due === 'over') return w.over(w.colorName(v.color ?? 'black'), v.resigned);
  if (v.yourMove && v.due === 'turn') return w.yourTurn;
  return w.waiting;
}

/**
 * Shows a game: the board at its latest position, with this player's roll
 * when it is their turn.
 * @param {CorrView} v
 */
function showGame(v) {
  shown = v;
  controller?.stop();
  const session = Session.fromRecord(v.record);
  if (v.yourMove && v.due === 'turn' && v.roll) session.setRoll(v.roll[0], v.roll[1]);
  flipped = v.you === 'green';
  controller = new GameController(session, 'hotseat', {
    changed: () => render(),
    fail,
    turnPlayed: (turn) => played(turn.turn),
    moved: (action, before) => { board.animate(action, MOVE_MS, { before }); },
  });
  $('game').hidden = false;
  $('viewer').hidden = true;
  $('play').hidden = false;
  $('board-wrap').hidden = false;
  $('game-title').textContent = `${v.size}×${v.size}, ${v.edition === 'standard' ? w.standard : w.sequenced} — ${w.players(v.blackName, v.greenName)}`;
  if (v.due === 'over') sendPanel(v.link, w.overSend);
  else if (!v.yourMove) sendPanel(v.link, w.waiting);
  else $('send').hidden = true;
  render();
}

/**
 * Shows the opponent's turn that just arrived moving, action by action, on
 * the board already drawn after it (the engine replays the record up to it
 * to know the squares before each action).
 * @param {CorrView} v
 */
async function showArrivedTurn(v) {
  const st = controller?.state;
  const last = st?.log[st.log.length - 1];
  if (!st || !last || last.side === v.you) return;
  const lines = v.record.trimEnd().split('\n');
  const before = Session.fromRecord(`${lines.slice(0, -1).join('\n')}\n`);
  try {
    const [a, b] = parseRoll(last.roll);
    before.setRoll(a, b);
    for (const action of last.actions) {
      const cells = before.state.cells;
      before.act(action.text);
      if (shown !== v) return;
      await board.animate(action, SHOW_MS, { before: cells });
    }
  } finally {
    before.dispose();
  }
}

/** A turn was confirmed on the board: the engine makes the link to send. @param {string} turn */
function played(turn) {
  if (!shown?.keys) return;
  try {
    const next = corrAnswer(shown.keys, turn);
    remember(next);
    publish(next.link);
    showGame(next);
    sendPanel(next.link, next.due === 'over' ? w.overSend : w.sentSend);
    renderGames();
    revealSend();
  } catch (e) {
    showMessage(w.refused(refusalText(e)));
  }
}

/** @param {string} link @param {string} text */
function sendPanel(link, text) {
  $('send').hidden = false;
  $('send-text').textContent = text;
  input('send-link').value = new URL(`#${link}`, location.href).href;
  button('btn-copy').textContent = w.copy;
}

/** Whether an element is wholly inside the window. @param {HTMLElement} el */
function inView(el) {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight;
}

/**
 * The link to send, just made by a button further down (Create, Confirm,
 * Accept, Resign), is brought into view with the status above it.
 */
function revealSend() {
  const send = $('send');
  if (send.hidden || (inView(send) && inView($('status')))) return;
  $('game').scrollIntoView({ block: 'start' });
}

/**
 * After a link was opened in this tab (hashchange), shows what changed:
 * a refusal at the top, else the game's status and board (or the invitation).
 */
function revealOpened() {
  const target = !$('message').hidden ? $('message') : !$('incoming').hidden ? $('incoming') : !$('game').hidden ? $('game') : null;
  target?.scrollIntoView({ block: 'start' });
}

/** @param {string} text */
function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

/** The address bar shows the game's latest link (no new history entry). @param {string} link */
function publish(link) {
  history.replaceState(null, '', `#${link}`);
}

// ---- links ----------------------------------------------------------------------

/**
 * Opens a link from the address bar: a stored game continues (or stays as
 * it was when the link is refused), an invitation asks to accept, any other
 * game is shown read-only.
 * @param {string} link
 */
function openLink(link) {
  showMessage('');
  $('incoming').hidden = true;
  /** @type {CorrView} */
  let plain;
  try {
    plain = corrOpen(link);
  } catch (e) {
    showMessage(w.refused(refusalText(e)));
    return;
  }
  const stored = loadGames()[plain.id];
  if (stored) {
    try {
      const v = corrReceive(stored.keys, link);
      const arrived = Boolean(v.keys && v.keys !== stored.keys);
      if (arrived) remember(v);
      answerStart(v);
      if (arrived && shown === v) showArrivedTurn(v).catch((e) => fail(messageOf(e)));
    } catch (e) {
      showMessage(w.refused(refusalText(e)));
      // The stored game, as it was.
      const mine = corrReceive(stored.keys, JSON.parse(stored.keys).link);
      publish(mine.link);
      showGame(mine);
    }
    renderGames();
    return;
  }
  if (plain.due === 'accept' && plain.messages === 1) {
    incoming(plain, link);
    return;
  }
  viewer(plain);
}

/**
 * The inviter playing Green answers the acceptance with the start message
 * at once: there is nothing to choose.
 * @param {CorrView} v
 */
function answerStart(v) {
  if (v.yourMove && v.due === 'start' && v.keys) {
    const next = corrAnswer(v.keys, 'start');
    remember(next);
    publish(next.link);
    showGame(next);
    sendPanel(next.link, w.startSend);
    return;
  }
  showGame(v);
}

/** @param {CorrView} v @param {string} link */
function incoming(v, link) {
  const inviter = v.inviter === 'black' ? v.blackName : v.greenName;
  const youPlay = v.inviter === 'black' ? 'green' : 'black';
  $('incoming').hidden = false;
  $('game').hidden = true;
  $('incoming-text').textContent = w.inviteText(inviter, v.size,
    v.edition === 'standard' ? w.standard : w.sequenced, w.colorName(youPlay));
  button('btn-accept').onclick = () => {
    try {
      const answer = corrAccept(link, input('accept-name').value);
      remember(answer);
      publish(answer.link);
      $('incoming').hidden = true;
      showGame(answer);
      sendPanel(answer.link, w.acceptedSend);
      renderGames();
      revealSend();
    } catch (e) {
      showMessage(w.refused(refusalText(e)));
    }
  };
}

/** Someone else's game: a read-only replay. @param {CorrView} v */
function viewer(v) {
  shown = null;
  controller?.stop();
  controller = null;
  $('game').hidden = false;
  // No game controls: a spectator only replays (issue 35).
  $('play').hidden = true;
  $('send').hidden = true;
  $('game-title').textContent = `${v.size}×${v.size} — ${w.players(v.blackName, v.greenName)}`;
  $('status').textContent = w.viewer;
  document.body.dataset.phase = 'viewer';
  $('log').textContent = '';
  const el = $('viewer');
  // The replay opens at the latest position (the game as the link left it:
  // the engine's view counts its turns).
  el.setAttribute('view', String(v.turns));
  el.setAttribute('record', v.record);
  if (language() !== 'en') el.setAttribute('lang', language());
  el.hidden = false;
}

// ---- your games -----------------------------------------------------------------

function renderGames() {
  const list = $('games-list');
  list.textContent = '';
  const games = Object.entries(loadGames()).sort((a, b) => b[1].at - a[1].at);
  $('games-empty').hidden = games.length > 0;
  for (const [id, g] of games) {
    /** @type {CorrView} */
    let v;
    try {
      v = corrReceive(g.keys, JSON.parse(g.keys).link);
    } catch {
      continue;
    }
    const li = document.createElement('li');
    const you = v.you ?? 'black';
    const opp = you === 'black' ? v.greenName : v.blackName;
    const state = v.due === 'over' ? w.rowOver(w.colorName(v.color ?? 'black'))
      : v.due === 'accept' ? w.rowAccept
        : v.due === 'start' ? (v.yourMove ? w.rowStart : w.rowTheirTurn)
          : v.yourMove ? w.rowYourTurn : w.rowTheirTurn;
    const text = document.createElement('span');
    const last = v.record.trim().split('\n').pop() ?? '';
    const move = /^\d+,\d+: /.test(last) ? ` · ${w.lastMove(last.split(': ')[0], last.split(': ')[1])}` : '';
    text.textContent = `${v.size}×${v.size} ${w.row(opp, w.colorName(you), state)}${move} · ${w.arrived(new Date(g.at).toLocaleString(language()))}`;
    li.dataset.game = id;
    li.dataset.state = v.yourMove ? 'yours' : v.due;
    const open = document.createElement('a');
    open.href = `#${v.link}`;
    open.textContent = w.open;
    const exp = document.createElement('button');
    exp.type = 'button';
    exp.textContent = w.exportKeys;
    exp.onclick = () => { textArea('keys-text').value = g.keys; textArea('keys-text').closest('details')?.setAttribute('open', ''); };
    li.append(text, ' ', open, ' ', exp);
    list.append(li);
  }
}

function importKeys() {
  const text = textArea('keys-text').value.trim();
  try {
    const id = corrKeysGame(text);
    storeKeys(id, text);
    showMessage(w.imported);
    renderGames();
  } catch (e) {
    showMessage(w.refused(refusalText(e)));
  }
}

function invite() {
  try {
    const v = corrInvite(Number(select('new-size').value), select('new-edition').value,
      /** @type {'black'|'green'|'random'} */ (select('new-color').value), input('new-name').value);
    remember(v);
    publish(v.link);
    showGame(v);
    sendPanel(v.link, w.invitationMade(w.colorName(v.you ?? 'black')));
    renderGames();
    revealSend();
  } catch (e) {
    showMessage(w.refused(refusalText(e)));
  }
}

/** Rematch: a new invitation, same board and edition, colours swapped. */
function rematch() {
  if (!shown?.you) return;
  select('new-size').value = String(shown.size);
  select('new-edition').value = shown.edition;
  select('new-color').value = shown.you === 'black' ? 'green' : 'black';
  invite();
}

async function copyLink() {
  const link = input('send-link').value;
  try {
    await navigator.clipboard.writeText(link);
    button('btn-copy').textContent = w.copied;
  } catch {
    input('send-link').select();
  }
}

function wire() {
  for (const el of document.querySelectorAll('[data-w]')) {
    if (!(el instanceof HTMLElement)) continue;
    const text = /** @type {Record<string, unknown>} */ (w)[el.dataset.w ?? ''];
    if (typeof text === 'string') el.textContent = text;
  }
  document.title = `${w.title} — ${w.credit}`;
  // The game's dice and turns, labelled in the page words.
  $('dice').setAttribute('aria-label', t().dice);
  $('log').setAttribute('aria-label', t().log);
  listSizes(select('new-size'), 8);
  button('btn-invite').onclick = invite;
  button('btn-import').onclick = importKeys;
  button('btn-copy').onclick = () => { void copyLink(); };
  const share = button('btn-share');
  share.hidden = typeof navigator.share !== 'function';
  share.onclick = () => { void navigator.share?.({ title: w.title, url: input('send-link').value }).catch(() => {}); };
  button('btn-confirm').onclick = () => { if (canPlay()) controller?.confirm(); };
  button('btn-undo').onclick = () => { if (canPlay()) controller?.undo(); };
  button('btn-resign').onclick = () => {
    if (!shown?.keys || !globalThis.confirm(w.resignConfirm)) return;
    played('resign');
  };
  button('btn-rematch').onclick = rematch;
  bindPointer(/** @type {HTMLCanvasElement} */ ($('board')), board, (i) => {
    if (!canPlay()) return;
    board.stopMotion();
    controller?.activate(i);
  }, () => controller?.selected ?? null);
  globalThis.addEventListener('hashchange', () => {
    const link = location.hash.slice(1);
    if (!link || !isCorrLink(link)) return;
    openLink(link);
    revealOpened();
  });
}

async function boot() {
  const started = await startPage({ sections: ['page', 'errors', 'friend'] });
  w = words('friend');
  if (!started) return;
  await loadCorr();
  wire();
  renderGames();
  const link = location.hash.slice(1);
  if (link && isCorrLink(link)) openLink(link);
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
