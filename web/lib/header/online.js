// @ts-check
// The "Play online" entry in a page's header (`#link-online`, hidden in
// the HTML, linking to the lobby; made here on the game page, whose start
// has no byte to spare): shown only when the site has a server (live.json
// names a relay), worded in the page's language with the lobby's words,
// and again whenever the page changes its language. Beside it, "Your page"
// (`#link-me`, the players page of this browser's key) once this browser
// has a player. On the game page it also adds this browser's player
// (name, key file: player.js) to Settings, and lists the games in
// progress with friends to go back to (the server's, fresh on any device
// with the key, and those played by links); on every page the title
// counts the games waiting for this player's move ("(2) Diablo").
// Every page loads it as a script of its own (web/online.js), the game
// page a moment after it is playable; it needs nothing of the page. Once it
// knows, `<html data-online>` says what it found, for tools and tests:
// `none` (the site has no server: no entry) or `shown` (the entry shown,
// worded, with "Your page" and the Settings box when they apply).

import { loadIdentity } from '../identity.js';
import { loadLanguage, t } from '../i18n/i18n.js';
import { lookup } from '../net/server.js';
import { api, apiBase, countedTitle, playerUrl, seatIn, waitingFor } from '../player-api.js';
import { playing } from '../in-progress.js';
import { startLanguage } from '../start-language.js';
import { playerBox } from './player.js';

/** The lobby page, beside this script in the built site. */
const LOBBY = new URL('lobby.html', import.meta.url).href;

/** The header's entry, made when the page has none. */
function entry() {
  const have = document.getElementById('link-online');
  if (have) return have;
  const nav = document.querySelector('header .top-actions');
  if (!nav) return null;
  const link = document.createElement('a');
  link.id = 'link-online';
  link.href = LOBBY;
  link.hidden = true;
  const learn = nav.querySelector('#link-learn');
  if (learn) learn.before(link);
  else nav.prepend(link);
  return link;
}

/**
 * "Your page" after the lobby's entry, made (or updated) when this browser
 * has a player; removed when it has none.
 * @param {HTMLElement} online the "Play online" entry
 */
async function mine(online) {
  const me = await loadIdentity();
  let link = document.getElementById('link-me');
  if (!me) {
    link?.remove();
    return null;
  }
  if (!link) {
    link = document.createElement('a');
    link.id = 'link-me';
    online.after(link);
  }
  // The players page beside this script (a literal name: the build checks every such URL).
  const page = new URL('players.html', import.meta.url);
  page.search = new URL(playerUrl(me.key), page).search;
  /** @type {HTMLAnchorElement} */ (link).href = page.href;
  return link;
}

/** The game page's Settings box for the player, made once. */
function settingsBox() {
  const settings = document.querySelector('details.settings');
  if (!settings) return null;
  let box = document.getElementById('online-settings');
  if (!box) {
    box = document.createElement('div');
    box.id = 'online-settings';
    box.className = 'player-box';
    settings.append(box);
  }
  return box;
}

/** How many wordings were asked for: one overtaken by a later one while its words load is dropped. */
let asked = 0;

/**
 * Words the entry (and the Settings box) in a language: the page's (`<html
 * lang>`, which the page sets), or, before the page has set it, the one it
 * starts in, so that the entry never shows in another.
 * @param {string} code
 */
async function word(code) {
  asked += 1;
  const ticket = asked;
  await loadLanguage(code, ['lobby']).catch(() => {});
  if (ticket !== asked) return;
  const link = document.getElementById('link-online');
  if (!link) return;
  link.textContent = t('lobby', code).playOnline;
  // Shown once worded (only asked for when the site has a lobby).
  link.hidden = false;
  const yours = async () => {
    const me = await mine(link);
    if (me) me.textContent = t('lobby', code).yourPage;
  };
  await yours();
  const box = settingsBox();
  // A key imported or a new name in Settings: "Your page" follows.
  if (box) await playerBox(box, () => void yours().catch(() => {}), code, pushWhere);
  if (ticket === asked) document.documentElement.dataset.online = 'shown';
}

/**
 * This browser's player's games in progress as the server keeps them
 * (api/players/<key>/playing), once read: fresh on any device with the key,
 * unlike the friend page's last look. Null until read, or with no server
 * or player.
 * @type {{ key: string, games: import('../player-api.js').PlayingGame[] } | null}
 */
let fromServer = null;

/** Where turn notifications are set up (the server's API and the site's root), once the server is found. @type {{ siteRoot: string, api: string } | null} */
let pushWhere = null;

/** The title with the count of games waiting for this player's move in front, kept so when the page renames itself. */
function countInTitle() {
  if (!fromServer) return;
  const n = waitingFor(fromServer.games, fromServer.key);
  const want = countedTitle(document.title, n);
  if (document.title !== want) document.title = want;
}

/** Reads the games in progress from the server beside `lobby`, then lists and counts them. @param {string} lobby */
async function readPlaying(lobby) {
  const me = await loadIdentity();
  const base = apiBase(lobby);
  if (!me || !base) return;
  fromServer = { key: me.key, games: await api(base).playing(me.key) };
  countInTitle();
  const title = document.querySelector('title');
  if (title) new MutationObserver(countInTitle).observe(title, { childList: true, characterData: true, subtree: true });
  await showPlaying();
}

async function show() {
  const link = entry();
  if (!link) return;
  const found = await lookup(new URL('../', import.meta.url));
  if (!found.lobby) {
    document.documentElement.dataset.online = 'none';
    return;
  }
  const base = apiBase(found.lobby);
  if (base) pushWhere = { siteRoot: new URL('../', base).href, api: base };
  // Extra: a server that does not answer leaves the header as it is.
  readPlaying(found.lobby).catch(() => {});
  // The page's words may still be loading here (a live.json that comes
  // first once showed "Play online" in English on a German page).
  new MutationObserver(() => void word(document.documentElement.lang || 'en').catch(() => {})).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ['lang'] },
  );
  await word(startLanguage());
}

/**
 * The games in progress to list: the server's (whose move as it keeps
 * it), then those the friend page kept that the server does not hold
 * (games played by links only).
 * @returns {{ id: string, link: string, opponent: string, size: number, yourTurn: boolean }[]}
 */
function playingRows() {
  const local = playing();
  if (!fromServer) return local;
  const { key, games } = fromServer;
  const server = games.flatMap((g) => {
    const seat = seatIn(g, key);
    return seat
      ? [{ id: g.game, link: g.link, opponent: seat.opponent.name, size: g.size, yourTurn: seat.yourMove }]
      : [];
  });
  const held = new Set(server.map((g) => g.id));
  return [...server, ...local.filter((g) => !held.has(g.id))];
}

/**
 * On the game page, above Settings: the games in progress with friends
 * (the server's, then lib/in-progress.js's as the friend page last saw
 * them), each a link back to it; nothing when there are none.
 */
async function showPlaying() {
  const settings = document.querySelector('details.settings');
  if (!settings) return;
  const code = document.documentElement.lang || 'en';
  const rows = playingRows();
  let box = document.getElementById('in-progress');
  // For tests and tools: how many are listed.
  document.body.dataset.playing = String(rows.length);
  if (!rows.length) {
    box?.remove();
    return;
  }
  await loadLanguage(code, ['lobby']);
  const w = t('lobby', code);
  if (!box) {
    box = document.createElement('section');
    box.id = 'in-progress';
    box.className = 'log-box in-progress';
    box.setAttribute('aria-labelledby', 'in-progress-title');
    settings.before(box);
  }
  const title = document.createElement('h2');
  title.id = 'in-progress-title';
  title.textContent = w.playingTitle;
  const list = document.createElement('ul');
  for (const g of rows) {
    const a = document.createElement('a');
    // The friend page beside this script (a literal name: the build checks every such URL).
    const page = new URL('friend.html', import.meta.url);
    page.hash = g.link;
    a.href = page.href;
    a.textContent = w.playingRow(g.size, g.opponent, g.yourTurn);
    const li = document.createElement('li');
    li.dataset.game = g.id;
    li.dataset.yourTurn = String(g.yourTurn);
    li.append(a);
    list.append(li);
  }
  box.replaceChildren(title, list);
}

// A page that cannot say it keeps its header as it was: the entry is extra.
show().catch(() => {});
showPlaying().catch(() => {});
// Another tab's friend page moved a game on, or the language changed: drawn again.
addEventListener('storage', (e) => {
  if (e.key === null || e.key.startsWith('diablo.playing.')) showPlaying().catch(() => {});
});
new MutationObserver(() => void showPlaying().catch(() => {})).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ['lang'],
});
