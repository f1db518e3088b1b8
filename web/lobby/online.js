// @ts-check
// The "Play online" entry in a page's header (`#link-online`, hidden in
// the HTML, linking to the lobby; made here on the game page, whose start
// has no byte to spare): shown only when the site has a server (live.json
// names a relay), worded in the page's language with the lobby's words,
// and again whenever the page changes its language. On the game page it
// also adds this browser's player (name, key file: player.js) to Settings.
// Every page loads it as a script of its own (web/online.js), the game
// page a moment after it is playable; it needs nothing of the page.

import { loadLanguage, t } from '../lib/i18n/i18n.js';
import { findLobby } from '../lib/lobby-socket.js';
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

/** Words the entry (and the Settings box) in the page's language (`<html lang>`, which the page sets). */
async function word() {
  const code = document.documentElement.lang || 'en';
  await loadLanguage(code, ['lobby']).catch(() => {});
  // A later change of language words it again.
  if (code !== (document.documentElement.lang || 'en')) return;
  const link = document.getElementById('link-online');
  if (link) link.textContent = t('lobby', code).playOnline;
  const box = settingsBox();
  if (box) await playerBox(box, undefined, code);
}

async function show() {
  const link = entry();
  if (!link) return;
  const found = await findLobby(new URL('../', import.meta.url));
  if (!found.lobby) return;
  new MutationObserver(() => void word().catch(() => {})).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });
  await word();
  link.hidden = false;
}

// A page that cannot say it keeps its header as it was: the entry is extra.
show().catch(() => {});
