// @ts-check
// "Your games" (web/games.html): every game finished on this device, kept
// by lib/archive.js in the browser's database, newest first, with filters;
// each opens in the game page's replay or its review (index.html#LINK,
// index.html?review#LINK: the engine writes the link from the record);
// export all as one records file; delete one or all, after a confirmation.
// Above the list, the results against each computer level and the rating
// against the computer (lib/rating.js says how; the page's help text too).
// A database that cannot be read shows a notice, never a failure.
//
// Beside them, the online games of this browser's key (lib/identity.js),
// read from the site's server (lib/player-api.js), so that a key imported
// on another device brings its games along: a game kept here and on the
// server is listed once, as kept (matched by game id). An online game
// opens in the same replay and review, from the server's correspondence
// link (lib/online-game.js); it cannot be deleted or exported from here.

import { download } from '../lib/download.js';
import { errorInfo, messageOf, RecordedGame } from '../lib/engine/engine.js';
import { errorText, label, language, t } from '../lib/i18n/i18n.js';
import { fail, guard, notice, on, pickLanguages, startPage } from '../lib/page.js';
import { $, button, dialog, select } from '../lib/dom.js';
import * as archive from '../lib/archive.js';
import { filterGames, won } from '../lib/game-filters.js';
import { LEVEL_RATINGS, rating, resultsByLevel } from '../lib/rating.js';
import { loadIdentity } from '../lib/identity.js';
import { findServer } from '../lib/net/server.js';
import { api, ApiError, apiBase, clockText, countedTitle, mergeGames, seatIn, waitingFor } from '../lib/player-api.js';
import { gamePageAddress } from '../lib/online-game.js';

/** @typedef {import('../lib/archive.js').ArchivedGame} ArchivedGame */
/** A game of the list: kept here, or only on the server (`online`). @typedef {ReturnType<typeof mergeGames>[number]} Listed */

/** The page's words, once loaded (boot). @type {import('../lib/i18n/i18n.js').Words['games']} */
let w;
/** @type {ArchivedGame[]} every game kept, newest first */
let all = [];
/** The server's games of this browser's key, and its reads (null: no server, or no key). */
/** @type {{ key: string, games: import('../lib/player-api.js').OnlineGame[], reads: ReturnType<typeof api> } | null} */
let online = null;

/** The server's games in progress of this browser's key, in its order (theirs to move first). @type {import('../lib/player-api.js').PlayingGame[]} */
let playing = [];

/** Every game listed: those kept here, then the server's not kept here, newest first. @returns {Listed[]} */
const listed = () => (online ? mergeGames(all, online.games, online.key) : all);

const FILTERS = /** @type {const} */ (['opponent', 'size', 'edition', 'result']);

/** The filters as chosen. @returns {import('../lib/game-filters.js').Filters} */
function chosen() {
  return {
    opponent: select('f-opponent').value,
    size: select('f-size').value,
    edition: select('f-edition').value,
    result: select('f-result').value,
  };
}

/** A colour's name. @param {'black' | 'green'} c */
const colorName = (c) => t().color[c];
/** A level's name (the game page's words). @param {string} level */
const levelName = (level) => {
  const p = /** @type {Record<string, unknown>} */ (t());
  const name = p[`level${level.charAt(0).toUpperCase()}${level.slice(1)}`];
  return typeof name === 'string' ? name : level;
};

/** Who played. @param {ArchivedGame} g */
function players(g) {
  if (g.kind === 'hotseat' || !g.you) return w.atOneScreen;
  if (g.kind === 'computer') return w.vsComputer(colorName(g.you), levelName(g.level ?? ''));
  return w.vsFriend(colorName(g.you), g.you === 'black' ? g.names.green : g.names.black);
}

/** The result, from the person's side where there is one. @param {ArchivedGame} g */
function resultText(g) {
  const theirs = won(g);
  const text = theirs == null ? w.colorWon(colorName(g.winner)) : theirs ? w.youWon : w.youLost;
  const how = g.reason === 'time' ? w.onTime : g.reason === 'abandoned' ? w.abandoned : g.resigned ? w.resigned : null;
  return how ? `${text} (${how})` : text;
}

/** The board and edition. @param {ArchivedGame} g */
const boardText = (g) => w.boardOf(g.size, g.edition === 'sequenced' ? w.sequenced : w.standard);

/** @param {number} at */
const dateText = (at) => new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** Refills a picker with options, keeping its choice when it is still offered. @param {HTMLSelectElement} el @param {[string, string][]} options */
function fill(el, options) {
  const was = el.value;
  el.replaceChildren(...options.map(([value, text]) => new Option(text, value)));
  el.value = options.some(([v]) => v === was) ? was : '';
}

function fillFilters() {
  fill(select('f-opponent'), [
    ['', w.any],
    ['computer', w.computer],
    ...archive.LEVELS.map((l) => /** @type {[string, string]} */ ([`computer:${l}`, w.computerAt(levelName(l))])),
    ['hotseat', w.hotseat],
    ['friend', w.friend],
  ]);
  const sizes = [...new Set(listed().map((g) => g.size))].sort((a, b) => a - b);
  fill(select('f-size'), [
    ['', w.any],
    ...sizes.map((n) => /** @type {[string, string]} */ ([String(n), `${n}\u00a0×\u00a0${n}`])),
  ]);
  fill(select('f-edition'), [
    ['', w.any],
    ['standard', w.standard],
    ['sequenced', w.sequenced],
  ]);
  fill(select('f-result'), [
    ['', w.any],
    ['won', w.youWon],
    ['lost', w.youLost],
    ['black', w.colorWon(colorName('black'))],
    ['green', w.colorWon(colorName('green'))],
  ]);
}

function renderStats() {
  const r = rating(all);
  const vs = all.filter((g) => g.kind === 'computer').length;
  $('rating').textContent = r == null ? w.ratingNone : w.rating(r, vs);
  const body = /** @type {HTMLTableSectionElement} */ ($('levels').querySelector('tbody'));
  const results = resultsByLevel(all);
  body.replaceChildren(
    ...archive.LEVELS.map((level) => {
      const tr = document.createElement('tr');
      tr.dataset.level = level;
      for (const text of [
        levelName(level),
        String(results[level].won),
        String(results[level].lost),
        String(LEVEL_RATINGS[level]),
      ]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }),
  );
}

function renderList() {
  const every = listed();
  const shown = /** @type {Listed[]} */ (filterGames(every, chosen()));
  $('count').textContent = !every.length ? w.none : !shown.length ? w.noneFit : w.showing(shown.length, every.length);
  $('games-list').replaceChildren(
    ...shown.map((g) => {
      const li = document.createElement('li');
      li.dataset.id = g.id;
      li.dataset.kind = g.kind;
      if (g.online) li.dataset.online = 'true';
      const theirs = won(g);
      if (theirs != null) li.dataset.won = String(theirs);
      const text = document.createElement('div');
      text.className = 'g-text';
      const head = document.createElement('div');
      head.className = 'g-head';
      const result = document.createElement('span');
      result.className = 'g-result';
      result.textContent = resultText(g);
      const time = document.createElement('time');
      time.dateTime = new Date(g.at).toISOString();
      time.textContent = dateText(g.at);
      head.append(result, time);
      const who = document.createElement('div');
      who.className = 'g-who';
      who.textContent = players(g);
      const meta = document.createElement('div');
      meta.className = 'g-meta';
      meta.textContent = g.online ? onlineMeta(g.online) : `${boardText(g)} · ${w.turns(g.turns)}`;
      text.append(head, who, meta);
      const row = document.createElement('div');
      row.className = 'row';
      /** @param {string} label @param {() => void} act @param {string} cls */
      const act = (label, act, cls) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = cls;
        b.textContent = label;
        b.addEventListener('click', guard(act));
        return b;
      };
      const on = g.online;
      if (on) {
        const open = (/** @type {boolean} */ review) => () => void openOnline(on.game, review);
        row.append(act(w.replay, open(false), 'g-replay'), act(w.review, open(true), 'g-review'));
      } else
        row.append(
          act(w.replay, () => openGame(g, false), 'g-replay'),
          act(w.review, () => openGame(g, true), 'g-review'),
          act(
            w.remove,
            () => {
              void removeOne(g);
            },
            'g-delete',
          ),
        );
      li.append(text, row);
      return li;
    }),
  );
  button('btn-export').disabled = !all.length;
  button('btn-delete-all').disabled = !all.length;
}

/**
 * The games in progress, from the server (any device with the key sees
 * them): whose move, by when, each opening on the friend page from its
 * latest link; the title counts those waiting for this player.
 */
function renderPlaying() {
  const key = online?.key ?? '';
  $('playing').hidden = !playing.length;
  $('playing-list').replaceChildren(
    ...playing.flatMap((g) => {
      const seat = seatIn(g, key);
      if (!seat) return [];
      const { you, opponent, yourMove: mine } = seat;
      const li = document.createElement('li');
      li.dataset.id = g.game;
      li.dataset.turn = mine ? 'yours' : 'theirs';
      const text = document.createElement('div');
      text.className = 'g-text';
      const head = document.createElement('div');
      head.className = 'g-head';
      const turn = document.createElement('span');
      turn.className = 'g-result';
      turn.textContent = mine ? w.yourMove : w.theirMove;
      head.append(turn);
      if (g.deadline !== null) {
        const time = document.createElement('time');
        time.dateTime = new Date(g.deadline).toISOString();
        time.textContent = w.dueBy(dateText(g.deadline));
        head.append(time);
      }
      const who = document.createElement('div');
      who.className = 'g-who';
      who.textContent = w.vsFriend(colorName(you), opponent.name);
      const meta = document.createElement('div');
      meta.className = 'g-meta';
      meta.textContent = onlineMeta(g);
      text.append(head, who, meta);
      const row = document.createElement('div');
      row.className = 'row';
      const open = document.createElement('a');
      open.className = 'button g-open';
      open.href = `friend.html#${g.link}`;
      open.textContent = w.open;
      row.append(open);
      li.append(text, row);
      return [li];
    }),
  );
  document.title = countedTitle(document.title, waitingFor(playing, key));
}

function render() {
  fillFilters();
  renderStats();
  renderPlaying();
  renderList();
}

/** Reads the games again and draws them; a database that cannot be read is a notice. */
async function reload() {
  try {
    const { games, dropped } = await archive.listGames();
    all = games;
    if (dropped) notice(w.dropped(dropped));
  } catch (e) {
    if (!(e instanceof archive.ArchiveError)) throw e;
    all = [];
    notice(w.unreadable(e.kind));
  }
  render();
}

/**
 * An online game's line under its players: where, the board, the clock, rated or not.
 * @param {import('../lib/player-api.js').OnlineGame | import('../lib/player-api.js').PlayingGame} g
 */
function onlineMeta(g) {
  const l = t('lobby');
  const board = w.boardOf(g.size, g.edition === 'sequenced' ? w.sequenced : w.standard);
  return [l.onlineTag, board, clockText(g.clock, l.daysLabel, l.daysBankLabel), g.rated ? l.rated : l.casual]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Reads this browser's key's games from the site's server, if it has a
 * server and this browser a player, and lists them; a server that cannot
 * be reached is a notice, the kept games stay listed.
 */
async function readOnline() {
  const me = await loadIdentity();
  if (!me) return;
  const base = apiBase((await findServer(new URL('../', location.href))).lobby);
  if (!base) return;
  const reads = api(base);
  // Games in progress: any key answers (none for one never seen).
  playing = await reads.playing(me.key).catch((e) => {
    if (!(e instanceof ApiError)) throw e;
    return [];
  });
  try {
    online = { key: me.key, games: await reads.games(me.key), reads };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // A key the server has never seen has no games; anything else is said.
    online = { key: me.key, games: [], reads };
    if (e.kind !== 'not-found') notice(t('lobby').unreachable);
    render();
    return;
  }
  const note = document.getElementById('online-note') ?? document.createElement('p');
  note.id = 'online-note';
  note.className = 'games-intro';
  note.textContent = t('lobby').onlineGames;
  $('list-title').after(note);
  render();
}

/** Opens a server game on the game page, from its correspondence link. @param {string} id @param {boolean} review */
async function openOnline(id, review) {
  try {
    const game = await /** @type {NonNullable<typeof online>} */ (online).reads.game(id);
    location.href = `../index.html${await gamePageAddress(game.link, review)}`;
  } catch (e) {
    const info = errorInfo(e);
    notice(w.badRecord(info ? errorText(info) : messageOf(e)));
  }
}

/**
 * Opens a game on the game page: in the replay (from its first turn), or
 * in the review. The engine reads the record and writes the link.
 * @param {ArchivedGame} g @param {boolean} review
 */
function openGame(g, review) {
  let link;
  try {
    const game = RecordedGame.fromRecord(g.record);
    // The replay from the start; the review at the end, as the game-over card opens it.
    link = game.link(review ? game.turns : 0);
    game.dispose();
  } catch (e) {
    const info = errorInfo(e);
    if (!info) throw e;
    notice(w.badRecord(errorText(info)));
    return;
  }
  location.href = `../index.html${review ? '?review' : ''}#${link}`;
}

/** Asks in the confirmation dialog; resolves to whether the person said yes. @param {string} text */
function confirmed(text) {
  const d = dialog('confirm-dialog');
  $('confirm-text').textContent = text;
  d.returnValue = '';
  d.showModal();
  button('confirm-cancel').focus();
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve(d.returnValue === 'yes'), { once: true });
  });
}

/** @param {ArchivedGame} g */
async function removeOne(g) {
  if (!(await confirmed(w.removeConfirm))) return;
  await archive
    .deleteGame(g.id)
    .catch((e) => notice(w.notDeleted(e instanceof archive.ArchiveError ? e.kind : 'blocked')));
  await reload();
}

async function removeAll() {
  if (!(await confirmed(w.removeAllConfirm(all.length)))) return;
  await archive.deleteAll().catch((e) => notice(w.notDeleted(e instanceof archive.ArchiveError ? e.kind : 'blocked')));
  await reload();
}

/** Every game kept (not only those the filters show), oldest first, as one records file: a download. */
function exportAll() {
  const games = [...all].reverse();
  const day = new Date().toISOString().slice(0, 10);
  const text = archive.exportText(
    games,
    w.exportTitle(games.length, day),
    (g) =>
      `${new Date(g.at).toISOString().slice(0, 16).replace('T', ' ')} · ${players(g)} · ${boardText(g)} · ${resultText(g)} · ${w.turns(g.turns)}`,
  );
  download(text, `diablo-games-${day}.txt`);
}

/** Puts the page's own words (`data-w`) in its language. */
function applyWords() {
  w = t('games');
  label(w, 'w');
  document.title = `${w.title} — ${w.credit}`;
  $('filters').setAttribute('aria-label', w.filters);
  const note = document.getElementById('online-note');
  if (note) note.textContent = t('lobby').onlineGames;
}

function wire() {
  for (const f of FILTERS) on(`f-${f}`, 'change', renderList);
  on('btn-export', 'click', exportAll);
  on('btn-delete-all', 'click', () => {
    void removeAll();
  });
  // Another language: kept as the site's choice, the page redrawn in it.
  pickLanguages(['page', 'games', 'lobby'], () => {
    applyWords();
    render();
  });
}

async function boot() {
  const started = await startPage({ sections: ['page', 'games', 'lobby'] });
  w = t('games');
  if (!started) return;
  applyWords();
  wire();
  await reload();
  await readOnline();
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
