// @ts-check
// Play a friend by link (docs/correspondence.md). The engine checks every
// link, derives every roll and keeps the protocol; this page stores each
// game's keys in storage (lib/storage.js), draws the game with the page's controller,
// and moves links between the address bar, the engine and the clipboard,
// and, when the site names a live relay (live.js), between browsers at once.
// A link that is refused leaves the stored game exactly as it was.

import { errorInfo, isCorrLink, messageOf, parseRoll, Session } from '../lib/engine/engine.js';
import { corrAccept, corrAnswer, corrCheckRematch, corrInvite, corrKeysGame, corrOpen, corrReceive, corrRematchProof, loadCorr } from '../lib/engine/corr.js';
import { GameController } from '../lib/game/controller.js';
import { BoardView } from '../lib/board/board.js';
import { BoardGrid } from '../lib/board/grid.js';
import { renderDice } from '../lib/board/dice.js';
import { bindPointer } from '../lib/board/input.js';
import { errorText, label, language, loadLanguage, t } from '../lib/i18n/i18n.js';
import { fail, listSizes, notice, startPage } from '../lib/page.js';
import { liveLines, renderLog } from '../lib/board/log.js';
import { MOVE_MS, SHOW_MS } from '../lib/game/players.js';
import * as store from '../lib/storage.js';
import { $, button, input, select, textArea } from '../lib/dom.js';
import { findRelay, LiveGame } from './live.js';
import '../embed/diablo-board.js';

/** @typedef {import('../lib/types.js').CorrView} CorrView */

/** The page's own words (friend.js of its language in lib/i18n/), once loaded (boot). @type {import('../lib/i18n/i18n.js').Words['friend']} */
let w;

/**
 * Stored games by id (as `diablo.corr.v1`): the keys (with the last link
 * seen or sent), when that link arrived or left, and `links` when the game
 * is played by links only (never through the live relay).
 * @typedef {{ keys: string, at: number, links?: boolean }} StoredGame
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
      if (store.isRecord(g) && typeof g.keys === 'string' && typeof g.at === 'number') {
        games[id] = g.links === true ? { keys: g.keys, at: g.at, links: true } : { keys: g.keys, at: g.at };
      }
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

/** Stores one game's keys, stamped now (a game played by links stays so). @param {string} id @param {string} keys */
function storeKeys(id, keys) {
  const games = loadGames();
  games[id] = { ...games[id], keys, at: Date.now() };
  saveGames(games);
}

/** Marks a stored game as played by links only, or live. @param {string} id @param {boolean} links */
function storeLinksOnly(id, links) {
  const games = loadGames();
  const g = games[id];
  if (!g) return;
  if (links) g.links = true;
  else delete g.links;
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
/** @type {CorrView | null} someone else's game on show, read-only */
let watched = null;
let flipped = false;
/** @type {{ link: string, text: string } | null} what the box of the link to send offers (sendPanel) */
let sending = null;
/** The page's title (a turn that arrives while the tab is hidden is put before it). */
let pageTitle = '';

/** @type {string | null} the relay's WebSocket base, when live.json names one; null: links only */
let relay = null;
/** @type {LiveGame | null} the open game's connection to the relay */
let live = null;
/** The page's latest link of the open game: what its connection sends. */
let liveLink = '';
/** A rematch offered by the friend after the game `id`, checked by the engine. @type {{ id: string, invitation: string, from: 'black' | 'green' } | null} */
let offer = null;
/** The id of the rematch this page offered live (its invitation also went to the friend's page). */
let offeredIn = '';
/** @type {ReturnType<typeof setInterval> | null} re-words "left 2 minutes ago" while it ages */
let presenceTimer = null;

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
  const offered = offer && offer.id === shown.id && shown.due === 'over' ? offer : null;
  // The friend's offer, when there is one, is the rematch to play.
  button('btn-rematch').hidden = shown.due !== 'over' || !shown.you || Boolean(offered);
  $('offer').hidden = !offered;
  if (offered) $('offer-text').textContent = w.rematchOffered((offered.from === 'black' ? shown.blackName : shown.greenName) || w.yourFriend);
  if (shown.due === 'over') button('btn-rematch').textContent = isLive(shown.id) ? w.rematchLive : w.rematch;
  renderLog($('log'), liveLines(st, t().inProgress), {});
  document.body.dataset.phase = canPlay() ? (st.complete ? 'confirm' : 'act') : shown.due === 'over' ? 'over' : 'wait';
  document.body.dataset.you = shown.you ?? '';
  const status = canPlay() ? controller.status() : statusText(shown);
  if ($('status').textContent !== status) $('status').textContent = status;
  keepFinished(shown);
}

/** The games kept in "Your games" since the page loaded. @type {Set<string>} */
const kept = new Set();

/**
 * A finished game this browser played is kept in "Your games" (lib/archive.js,
 * loaded now; once per game, whenever it is seen over); one that cannot be
 * kept is said in a notice.
 * @param {CorrView} v
 */
function keepFinished(v) {
  if (v.due !== 'over' || !v.you || kept.has(v.id)) return;
  kept.add(v.id);
  import('../lib/archive.js').then((a) => a.keepGame(a.friendGame(v)).catch(async (e) => {
    await loadLanguage(language(), ['games']);
    notice(t('games').notKept(e instanceof a.ArchiveError ? e.kind : 'blocked'));
  })).catch(() => {});
}

/** @param {CorrView} v */
function statusText(v) {
  if (v.due === 'over') return w.over(w.colorName(v.color ?? 'black'), v.resigned);
  if (v.yourMove && v.due === 'turn') return w.yourTurn;
  if (!isLive(v.id)) return w.waiting;
  return v.due === 'accept' ? w.liveWaitAccept : w.liveTheirTurn(opponentName(v));
}

/** The other player's name in a game this browser plays. @param {CorrView} v */
function opponentName(v) {
  return v.you === 'green' ? v.blackName : v.greenName;
}

/**
 * Shows a game: the board at its latest position, with this player's roll
 * when it is their turn.
 * @param {CorrView} v
 */
function showGame(v) {
  shown = v;
  watched = null;
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
  $('incoming').hidden = true;
  $('game').hidden = false;
  $('viewer').hidden = true;
  $('play').hidden = false;
  $('board-wrap').hidden = false;
  $('game-title').textContent = `${v.size}×${v.size}, ${v.edition === 'standard' ? w.standard : w.sequenced} — ${w.players(v.blackName, v.greenName)}`;
  if (v.due === 'over') sendPanel(v.link, w.overSend);
  else if (!v.yourMove) sendPanel(v.link, w.waiting);
  else sendPanel(null, '');
  goLive(v.id, v.link);
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

/**
 * What the box of the link to send offers (null: nothing). Played live, the
 * box says so, and stands aside while the friend is connected: the link is
 * then needed only if the live connection fails.
 * @param {string | null} link @param {string} text the words when played by links
 */
function sendPanel(link, text) {
  sending = link ? { link, text } : null;
  if (link) {
    input('send-link').value = new URL(`#${link}`, location.href).href;
    button('btn-copy').textContent = w.copy;
  }
  renderSend();
}

function renderSend() {
  const box = $('send');
  if (!sending || !shown) {
    box.hidden = true;
    return;
  }
  let text = sending.text;
  if (isLive(shown.id)) {
    if (shown.due === 'accept') {
      text = offeredIn === shown.id ? w.rematchSent(w.colorName(shown.you ?? 'black'))
        : w.invitationLive(w.colorName(shown.you ?? 'black'));
    }
    else if (shown.due !== 'over' && live?.state === 'open') {
      // Connected: the link is needed only while the friend is not. (Not
      // connected, the live line says so, and the box speaks of links.)
      if (live.others > 0) {
        box.hidden = true;
        return;
      }
      text = w.liveSend;
    }
  }
  box.hidden = false;
  if ($('send-text').textContent !== text) $('send-text').textContent = text;
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
 * game is shown read-only. A link the live relay hands on (`fromRelay`)
 * goes the same way, but only when it is news for the game on show: a
 * stale or equal one, or one the engine refuses, is dropped quietly.
 * @param {string} link
 * @param {boolean} [fromRelay]
 */
function openLink(link, fromRelay = false) {
  if (fromRelay && !live) return;
  // A link from the relay is of the open game: with its keys, the engine
  // reads it once, checking it against them (and refusing another game's).
  const held = fromRelay && live ? loadGames()[live.id] : undefined;
  /** @type {CorrView | null} */
  let plain = null;
  if (!held) {
    try {
      plain = corrOpen(link);
    } catch (e) {
      if (fromRelay) return;
      showMessage(w.refused(refusalText(e)));
      return;
    }
    if (fromRelay && plain.id !== live?.id) return;
  }
  if (!fromRelay) {
    showMessage('');
    $('incoming').hidden = true;
  }
  const stored = held ?? (plain ? loadGames()[plain.id] : undefined);
  if (stored) {
    /** @type {CorrView} */
    let v;
    try {
      v = corrReceive(stored.keys, link);
    } catch (e) {
      if (fromRelay) return;
      showMessage(w.refused(refusalText(e)));
      // The stored game, as it was.
      const mine = corrReceive(stored.keys, JSON.parse(stored.keys).link);
      publish(mine.link);
      showGame(mine);
      renderGames();
      return;
    }
    if (fromRelay && shown?.id === v.id && v.messages <= shown.messages) return;
    const arrived = Boolean(v.keys && v.keys !== stored.keys);
    if (arrived) remember(v);
    if (fromRelay) publish(v.link);
    answerStart(v);
    if (shown === v && (arrived || fromRelay)) showArrivedTurn(v).catch((e) => fail(messageOf(e)));
    if (fromRelay) turnNotice(v);
    renderGames();
    return;
  }
  if (!plain) return;
  if (plain.due === 'accept' && plain.messages === 1) {
    if (!fromRelay) incoming(plain, link);
    return;
  }
  if (fromRelay && watched && plain.messages <= watched.messages) return;
  if (fromRelay) publish(plain.link);
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
  shown = null;
  watched = null;
  controller?.stop();
  controller = null;
  $('incoming').hidden = false;
  $('game').hidden = true;
  // Connected while it waits, so that an invitation accepted elsewhere
  // turns into the game's live replay here.
  goLive(v.id, link);
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

/**
 * Someone else's game: a read-only replay, followed live when the relay is
 * there (a new turn moves the replay on, unless the watcher stepped back).
 * @param {CorrView} v
 */
function viewer(v) {
  const el = /** @type {import('../embed/diablo-board.js').DiabloBoard} */ ($('viewer'));
  const following = !watched || watched.id !== v.id || el.step >= el.turns;
  const step = following ? v.turns : el.step;
  shown = null;
  watched = v;
  controller?.stop();
  controller = null;
  $('incoming').hidden = true;
  $('game').hidden = false;
  // No game controls: a spectator only replays (issue 35).
  $('play').hidden = true;
  $('send').hidden = true;
  $('game-title').textContent = `${v.size}×${v.size} — ${w.players(v.blackName, v.greenName)}`;
  $('status').textContent = w.viewer;
  document.body.dataset.phase = 'viewer';
  $('log').textContent = '';
  // The replay opens at the latest position (the game as the link left it:
  // the engine's view counts its turns).
  el.setAttribute('view', String(step));
  el.setAttribute('record', v.record);
  if (language() !== 'en') el.setAttribute('lang', language());
  el.hidden = false;
  goLive(v.id, v.link);
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
    // Chosen before the game is shown, which connects it or not.
    if (relay && modeChosen() === 'links') storeLinksOnly(v.id, true);
    publish(v.link);
    showGame(v);
    sendPanel(v.link, w.invitationMade(w.colorName(v.you ?? 'black')));
    renderGames();
    revealSend();
  } catch (e) {
    showMessage(w.refused(refusalText(e)));
  }
}

/**
 * Rematch: a new invitation, same board and edition, colours swapped,
 * played as the last game was (live or by links). Live, the invitation is
 * also offered in the finished game's room, with the proof that a player
 * of it made the offer, so it appears on the friend's page; the link stays
 * to send when they are not there. When the friend has offered first, it
 * is their rematch that is played.
 */
function rematch() {
  if (!shown?.you) return;
  if (offer?.id === shown.id) {
    takeOffer();
    return;
  }
  const finished = shown;
  select('new-size').value = String(finished.size);
  select('new-edition').value = finished.edition;
  select('new-color').value = finished.you === 'black' ? 'green' : 'black';
  chooseMode(isLive(finished.id) ? 'live' : 'links');
  /** @type {string | null} */
  let proof = null;
  try {
    if (live?.id === finished.id && finished.keys) proof = corrRematchProof(finished.keys);
  } catch {
    proof = null;
  }
  // The finished game's connection stays until the offer is sent.
  const old = proof ? live : null;
  if (old) live = null;
  invite();
  if (old && proof && shown && shown.id !== finished.id) {
    old.offerAndClose(shown.link, proof);
    offeredIn = shown.id;
    renderSend();
  } else {
    old?.close();
  }
}

/**
 * A rematch offer arrived in the room of game `id`: kept when the engine
 * finds it made by the other player of that game, finished and shown here.
 * @param {string} id @param {string} invitation @param {string} proof
 */
function gotOffer(id, invitation, proof) {
  if (!shown || shown.id !== id || shown.due !== 'over' || !shown.you) return;
  let from;
  try {
    from = corrCheckRematch(shown.link, invitation, proof);
  } catch {
    return;
  }
  // One's own offer, from another tab or device: nothing to answer.
  if (from === shown.you) return;
  offer = { id, invitation, from };
  render();
  if (document.visibilityState === 'hidden') document.title = `${$('offer-text').textContent} — ${pageTitle}`;
}

/** Opens the friend's rematch offer: its invitation, to accept. */
function takeOffer() {
  const o = offer;
  offer = null;
  $('offer').hidden = true;
  if (!o) return;
  openLink(o.invitation);
  revealOpened();
}

/** How the next invitation is played, as chosen in the form. @returns {'live' | 'links'} */
function modeChosen() {
  return input('mode-links').checked ? 'links' : 'live';
}

/** @param {'live' | 'links'} mode */
function chooseMode(mode) {
  input('mode-live').checked = mode === 'live';
  input('mode-links').checked = mode === 'links';
}

// ---- live play ------------------------------------------------------------------

/** Whether a game goes through the relay: one is named, and the game is not played by links only. @param {string} id */
function isLive(id) {
  return Boolean(relay && !loadGames()[id]?.links);
}

/**
 * Keeps the open game (played, watched or offered) connected to the relay
 * with `link`, the page's latest link of it: a connection per open game,
 * sending each new link as the page makes or accepts it.
 * @param {string} id @param {string} link
 */
function goLive(id, link) {
  liveLink = link;
  if (!relay || !isLive(id)) {
    stopLive();
    renderLive();
    return;
  }
  if (live?.id === id) live.send();
  else {
    stopLive();
    live = new LiveGame(relay, id, {
      latest: () => liveLink,
      received: (l) => openLink(l, true),
      offered: (invitation, proof) => gotOffer(id, invitation, proof),
      changed: () => renderLive(),
    });
  }
  renderLive();
}

function stopLive() {
  live?.close();
  live = null;
}

/** The open game's id, and who the other player is, when a player's game or an invitation is on show. */
function openGame() {
  if (shown) return { id: shown.id, other: opponentName(shown), player: true };
  if (watched) return { id: watched.id, other: '', player: false };
  if (!$('incoming').hidden && live) return { id: live.id, other: '', player: false };
  return null;
}

/**
 * The live line: the connection and the friend's presence (from the
 * relay's count of connections in the game's room), or that the game is
 * played by links; and what goes with it (Play live, turn notifications).
 */
function renderLive() {
  const line = $('live');
  const game = openGame();
  const linksOnly = Boolean(relay && game && !isLive(game.id));
  button('btn-live').hidden = !(linksOnly && game?.player);
  const notify = typeof Notification === 'function' && Notification.permission === 'default';
  button('btn-notify').hidden = !(live && game?.player && notify && shown?.due !== 'over');
  /** @type {string} */
  let state;
  /** @type {string} */
  let text;
  if (!relay || !game) {
    state = 'off';
    text = '';
  } else if (linksOnly || !live) {
    state = 'links';
    text = game.player ? w.linksOnly : '';
  } else if (live.state === 'open') {
    state = 'open';
    const who = game.other;
    const kind = live.refused?.kind;
    if (kind === 'full') text = w.liveFull;
    else if (kind === 'forged' || kind === 'other-game') text = w.liveDiffers;
    else if (!game.player) text = w.watching;
    else if (live.others > 0) text = w.liveHere(who);
    else if (live.othersLeftAt !== null) text = w.liveLeft(who, ago(live.othersLeftAt));
    else text = w.liveAway(who);
  } else {
    state = live.state;
    text = live.state === 'connecting' ? w.liveConnecting : game.player ? w.liveLost : w.watchLost;
  }
  line.dataset.state = state;
  line.dataset.peers = String(live?.others ?? 0);
  line.hidden = !text;
  if ($('live-text').textContent !== text) $('live-text').textContent = text;
  renderSend();
  if (shown) render();
  // "left 2 minutes ago" grows older on its own.
  const ageing = live?.othersLeftAt != null && live.others === 0;
  if (ageing && presenceTimer === null) presenceTimer = setInterval(renderLive, 20_000);
  if (!ageing && presenceTimer !== null) {
    clearInterval(presenceTimer);
    presenceTimer = null;
  }
}

/** How long ago, in the page's language ("2 minutes ago"). @param {number} at */
function ago(at) {
  const minutes = Math.floor((Date.now() - at) / 60_000);
  if (minutes < 1) return w.justNow;
  const format = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  return minutes < 60 ? format.format(-minutes, 'minute') : format.format(-Math.round(minutes / 60), 'hour');
}

/**
 * A turn (or the end) arrived while the tab is hidden: the title says so,
 * and a system notification when the person allowed them.
 * @param {CorrView} v
 */
function turnNotice(v) {
  if (document.visibilityState !== 'hidden' || !shown) return;
  const mine = shown.yourMove && shown.due === 'turn';
  if (!mine && shown.due !== 'over') return;
  const title = mine ? w.turnTitle : w.overTitle;
  document.title = `${title} — ${pageTitle}`;
  if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
  try {
    const note = new Notification(title, {
      body: mine ? w.turnBody(opponentName(v)) : w.over(w.colorName(shown.color ?? 'black'), shown.resigned),
      tag: `diablo-${v.id}`,
    });
    note.onclick = () => { globalThis.focus(); note.close(); };
  } catch {
    // Some browsers show notifications only from a service worker; the title still says it.
  }
}

/** The relay named in live.json, when there is one; asked again when the network comes back if it could not be asked. */
async function lookForRelay() {
  const found = await findRelay(new URL('../', location.href));
  relay = found.relay;
  if (found.retry) globalThis.addEventListener('online', () => { void lookForRelay().then(relayFound); }, { once: true });
}

/** The relay is known (or not): the form offers its choice, and the open game connects. */
function relayFound() {
  $('new-mode').hidden = !relay;
  const game = openGame();
  if (relay && game && !live) {
    if (shown) goLive(shown.id, shown.link);
    else if (watched) goLive(watched.id, watched.link);
  }
  renderLive();
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
  label(w, 'w');
  pageTitle = `${w.title} — ${w.credit}`;
  document.title = pageTitle;
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
  button('btn-offer').onclick = takeOffer;
  button('btn-live').onclick = () => {
    if (!shown) return;
    storeLinksOnly(shown.id, false);
    goLive(shown.id, shown.link);
    render();
  };
  button('btn-notify').onclick = () => {
    void Notification.requestPermission().then(() => renderLive(), () => renderLive());
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') document.title = pageTitle;
  });
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
  w = t('friend');
  if (!started) return;
  await Promise.all([loadCorr(), lookForRelay()]);
  wire();
  relayFound();
  renderGames();
  const link = location.hash.slice(1);
  if (link && isCorrLink(link)) openLink(link);
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
