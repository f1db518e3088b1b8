// @ts-check
// Play a friend by link (docs/correspondence.md), and live through the
// site's relay when it names one (lib/net/room.js, docs/live.md). The engine checks
// every link, derives every roll and keeps the protocol; the page's state
// (state.js) decides what each link means and keeps the games' keys; the
// views (view.js, board.js, games-view.js, clock-view.js) draw it;
// wire.js wires the controls; lobby.js carries out what the lobby asks
// (request.js). This entry only starts the page.

import { messageOf } from '../lib/engine/engine.js';
import * as corr from '../lib/engine/corr.js';
import { fail, guard, startPage } from '../lib/page.js';
import { language } from '../lib/i18n/i18n.js';
import { FriendState } from './state.js';
import { browserGames } from './store.js';
import { FriendView, keepFinished } from './view.js';
import { wire } from './wire.js';
import { RoomClient } from '../lib/net/room.js';
import { findServer, lookup } from '../lib/net/server.js';
import { api, apiBase } from '../lib/player-api.js';
import { lobbyRequest } from './lobby.js';
import { readLinkClock, readRequest } from './request.js';
import '../embed/diablo-board.js';

/** @type {FriendView | null} */
let view = null;

/**
 * The relay named in live.json, when there is one; when live.json could
 * not be read, asked again (lib/net/server.js's schedule) and set once it
 * is.
 * @param {FriendState} s
 */
async function lookForRelay(s) {
  const root = new URL('../', location.href);
  const found = await findServer(root);
  if (found.retry)
    lookup(root, { tried: true }).then(
      guard((again) => s.setRelay(again.relay)),
      (e) => fail(messageOf(e)),
    );
  return found;
}

/**
 * This player's games as the server keeps them (lib/player-api.js): the
 * kept ones that moved on while the page was closed are brought up to
 * date (FriendState.catchUp). Nothing when there is no server or player;
 * a server that does not answer changes nothing.
 * @param {FriendState} s @param {string | null} lobby @param {{ key: string } | null} me
 */
async function catchUp(s, lobby, me) {
  seatsFrom = { lobby, me };
  const base = apiBase(lobby);
  if (!base || !me) return;
  const list = await api(base)
    .playing(me.key)
    .catch(() => null);
  if (list) s.catchUp(list, me.key);
}

/** Where catchUp last asked (the server's lobby, this player), to ask again. @type {{ lobby: string | null, me: { key: string } | null } | null} */
let seatsFrom = null;
/** Lobby games whose seats were asked again since this page opened, and how often (at most 3). */
const seatsAsked = new Map();

/**
 * A move came in a lobby game whose opponent is not known to be a bot: the
 * server's list of this player's games is asked again (a game begun a
 * moment ago may not be written yet, so up to three moves), so a bot that
 * took this player's challenge is named BOT.
 * @param {FriendState} s @param {string} id
 */
function askSeats(s, id) {
  const n = seatsAsked.get(id) ?? 0;
  if (!seatsFrom || n >= 3 || !s.botUnknown(id)) return;
  seatsAsked.set(id, n + 1);
  catchUp(s, seatsFrom.lobby, seatsFrom.me).catch((e) => fail(messageOf(e)));
}

/**
 * Where this browser's pushes would be set up, and whether they are
 * (lib/net/push.js): needs a server and a key; asked nothing of the person.
 * @param {FriendView} v @param {string | null} lobby @param {{ key: string } | null} me
 */
async function watchPushes(v, lobby, me) {
  const base = apiBase(lobby);
  if (!base || !me) return;
  const siteRoot = new URL('../', location.href).href;
  const m = await import('../lib/net/push.js');
  v.pushWhere = { siteRoot, api: base, key: me.key, lang: language() };
  v.pushState = await m.pushState(siteRoot);
  v.render();
}

/** This browser's player (lib/identity.js), or null: none made yet, or none to be had here. */
const identity = () => import('../lib/identity.js').then((m) => m.loadIdentity()).catch(() => null);

async function boot() {
  const started = await startPage({ sections: ['page', 'errors', 'friend'], themed: () => view?.board.api.draw() });
  if (!started) return;
  const s = new FriendState({
    corr,
    games: browserGames(),
    now: Date.now,
    sign: (text) => import('../lib/identity.js').then((m) => m.sign(text)),
    // What arrives on a socket goes through `guard`, like a click.
    connect: (relay, id, host) =>
      new RoomClient(relay, id, {
        ...host,
        received: guard(host.received),
        offered: host.offered && guard(host.offered),
        changed: guard(host.changed),
        clock: host.clock && guard(host.clock),
        over: host.over && guard(host.over),
        refusedKind: host.refusedKind && guard(host.refusedKind),
      }),
    host: {
      changed: () => view?.render(),
      publish: (link) => history.replaceState(null, '', `#${link}`),
      arrived: (v, { moved, relayed }) => {
        if (moved) view?.board.showArrived(v).catch((e) => fail(messageOf(e)));
        if (relayed) view?.turnNotice(v);
        if (relayed) askSeats(s, v.id);
      },
      offered: () => view?.offerNotice(),
      finished: keepFinished,
    },
  });
  const [, found, me] = await Promise.all([corr.loadCorr(), lookForRelay(s), identity()]);
  const relay = found.relay;
  s.setIdentity(me);
  view = new FriendView(s, (turn) => {
    if (s.play(turn)) view?.revealSend();
  });
  wire(s, view);
  s.setRelay(relay);
  const link = location.hash.slice(1);
  const request = readRequest(location.search);
  s.linkClock = readLinkClock(location.search);
  if (request) await lobbyRequest(s, view, request, me, link);
  // `?replay` (a player page's Replay): watched from its start, names and
  // result shown, even a game whose keys are here.
  else if (link && new URLSearchParams(location.search).has('replay')) s.replay(link);
  // Any other text after # is refused in plain words (a link cut or changed).
  else if (link) s.open(link);
  // Not awaited: the page is ready without the server's answer.
  catchUp(s, found.lobby, me).catch((e) => fail(messageOf(e)));
  watchPushes(view, found.lobby, me).catch((e) => fail(messageOf(e)));
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
