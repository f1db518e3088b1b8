// @ts-check
// The players page (web/players.html, docs/live.md): a player's page
// (`?key=K`: name, rating with "?" while provisional, the rating graph,
// games newest first, each to replay or review on the game page) or the
// leaderboard (established players only), read from the site's server.
// The state (state.js) holds what the server said; view.js draws. This
// entry starts the page and wires it.

import { loadIdentity } from '../lib/identity.js';
import { findServer } from '../lib/net/server.js';
import { api, apiBase } from '../lib/player-api.js';
import { gamePageAddress } from '../lib/online-game.js';
import { errorInfo, messageOf } from '../lib/engine/engine.js';
import { errorText, label, t } from '../lib/i18n/i18n.js';
import { $ } from '../lib/dom.js';
import { fail, guard, notice, on, pickLanguages, startPage } from '../lib/page.js';
import { PlayersState } from './state.js';
import { drawGraph, render } from './view.js';

const s = new PlayersState(location.search);
/** @type {ReturnType<typeof api> | null} */
let reads = null;

/**
 * Opens a game: to replay it on the friend page (as a watcher sees it:
 * both names, how it ended, from its start), or to review it on the game page.
 * @param {string} id @param {boolean} review
 */
async function openGame(id, review) {
  if (!reads) return;
  const w = t('lobby');
  try {
    const game = await reads.game(id);
    const address = review
      ? `../index.html${await gamePageAddress(game.link, true)}`
      : `friend.html?replay#${game.link}`;
    location.assign(new URL(address, location.href).href);
  } catch (e) {
    const info = errorInfo(e);
    notice(w.badGame(info ? errorText(info) : messageOf(e)));
  }
}

function words() {
  label(t('lobby'), 'w');
  render(s);
}

async function boot() {
  const lang = await startPage({ sections: ['page', 'lobby'] });
  if (!lang) return;
  s.me = (await loadIdentity())?.key ?? null;
  words();
  pickLanguages(['page', 'lobby'], words);
  on('player-games', 'click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    const id = b?.dataset.replay ?? b?.dataset.review;
    if (b && id) void openGame(id, 'review' in b.dataset).catch((err) => fail(messageOf(err)));
  });
  // The graph is drawn at its box's width, in pixels: again when that changes
  // (in the next frame: a redraw inside the observer's delivery is a loop to the browser).
  let width = 0;
  const redraw = guard(() => {
    const box = $('graph');
    if (box.clientWidth === width || s.status !== 'ready') return;
    width = box.clientWidth;
    drawGraph(box, s);
  });
  new ResizeObserver(() => requestAnimationFrame(redraw)).observe($('graph'));
  const found = await findServer(new URL('../', location.href));
  const base = apiBase(found.lobby);
  if (!base) s.noServer(found.retry ? 'offline' : 'none');
  else {
    reads = api(base);
    await s.load(reads);
  }
  render(s);
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
