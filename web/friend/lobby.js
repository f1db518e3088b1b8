// @ts-check
// The friend page as the lobby's game page (request.js reads the request):
// a challenge taken in the lobby is accepted at once; one created there is
// made here as the invite form makes an invitation, joins its room
// (seated), is posted over the lobby's socket (lib/net/lobby.js) and
// waits, with Cancel; when someone takes it, their acceptance arrives in
// the room and the game starts on both pages as a live game does. Both
// need this browser's player (lib/identity.js): without one, back to the
// lobby to make it. Also here: a friend's invitation on a clock, whose
// clock the server keeps as an unlisted challenge (`inviteOnClock`).

import { t } from '../lib/i18n/i18n.js';
import { guard, on } from '../lib/page.js';
import { ownerText } from '../lib/net/owner.js';

/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {import('./view.js').FriendView} FriendView */
/** @typedef {import('./request.js').LobbyRequest} LobbyRequest */
/** @typedef {import('./types.js').Identity} Identity */
/** @typedef {import('./types.js').NewGame} NewGame */
/** @typedef {import('./clock.js').ClockSetting} ClockSetting */

/** The lobby page, beside this one in the built site. */
export const LOBBY_PAGE = 'lobby.html';

/** How long a challenge gone from the lobby may wait for its taker's acceptance before the page says it is gone. */
const GONE_MS = 5000;

/** Goes to the lobby (the page is done here). */
export function toLobby() {
  location.assign(new URL(LOBBY_PAGE, location.href).href);
}

/**
 * Carries out the lobby's request: false when there is no player here
 * (the page has gone to the lobby).
 * @param {FriendState} s @param {FriendView} view @param {LobbyRequest} request @param {Identity | null} me
 * @param {string} link the invitation taken (the address's hash), for `take`
 */
export async function lobbyRequest(s, view, request, me, link) {
  if (!me) {
    toLobby();
    return false;
  }
  // A reload must not take or post again: the address keeps only the game's link.
  const clean = () => history.replaceState(null, '', `${location.pathname}${location.hash}`);
  if (request.kind === 'take') {
    s.open(link);
    if (s.invitation) s.accept(me.name);
    if (request.clock && s.shown) s.keepClock(s.shown.id, request.clock);
    if (s.shown) s.markLobby(s.shown.id, request.rated);
    // A bot's challenge (the lobby said so): its name says BOT here too.
    if (s.shown && request.bot) s.kept.note(s.shown.id, { bot: s.shown.inviter });
    clean();
    view.revealOpened();
    return true;
  }
  const color = request.color === 'random' ? (Math.random() < 0.5 ? 'black' : 'green') : request.color;
  // Bound to this player and the terms posted: nobody else can post it.
  const owner = ownerText(me.key, { clock: request.clock, rated: request.rated });
  const made = s.invite(
    { size: request.size, edition: request.edition, color, name: me.name, links: false, owner },
    request.clock,
  );
  clean();
  const v = s.shown;
  if (!made || !v?.keys || !s.relay) return true;
  const salt = s.corr.corrOwnerSalt(v.keys);
  const id = v.id;
  const { LobbyClient } = await import('../lib/net/lobby.js');
  const { lobbyUrl } = await import('../lib/net/server.js');
  /** @type {ReturnType<typeof setTimeout> | null} */
  let gone = null;
  const socket = new LobbyClient(lobbyUrl(s.relay), {
    onGone: guard((/** @type {string} */ game) => {
      if (game !== id) return;
      socket.close();
      // Taken: the acceptance is on its way through the room. Else expired or replaced.
      gone = setTimeout(
        guard(() => s.unposted(id)),
        GONE_MS,
      );
    }),
    onError: guard((/** @type {unknown} */ e) => s.lobbyRefused(id, refusalText(e))),
  });
  socket.post({ link: v.link, clock: request.clock, rated: request.rated, salt });
  s.posted(id);
  s.markLobby(id, request.rated);
  on('btn-withdraw', 'click', () => {
    if (gone !== null) clearTimeout(gone);
    socket.withdraw(id);
    socket.close();
    s.unposted(id, false);
    toLobby();
  });
  view.revealOpened();
  return true;
}

/** How long the server may take to keep an invitation's clock before the page says it did not. */
const KEPT_MS = 10_000;

/**
 * A friend's invitation on a clock: this browser's player (made now from
 * the form's name when there is none yet: the clock's game seats its
 * players by key), the invitation made as the form makes one, and its
 * clock given to the server as an unlisted challenge over the lobby's
 * socket (casual, never shown in the lobby, kept 24 hours); from the
 * friend's acceptance on, the room keeps the time. Without a name nothing
 * is made and the page says why; a clock the server did not keep leaves
 * the game without one, and the page says so.
 * @param {FriendState} s @param {FriendView} view @param {NewGame} game a live game's choices
 * @param {ClockSetting} clock
 */
export async function inviteOnClock(s, view, game, clock) {
  s.tell(null);
  let me = s.me;
  /** @type {string | null} why there is no clock */
  let refusal = null;
  if (!me) {
    const identity = await import('../lib/identity.js');
    if (!identity.validName(game.name)) {
      s.tell({ kind: 'clockNeedsName' });
      return;
    }
    try {
      me = await identity.createIdentity(game.name);
      s.setIdentity(me);
    } catch (e) {
      refusal = refusalText(e);
    }
  }
  const owner = me ? ownerText(me.key, { clock, rated: false, unlisted: true }) : undefined;
  if (!s.invite({ ...game, name: game.name || (me?.name ?? ''), links: false, owner })) return;
  view.revealSend();
  const v = s.shown;
  if (!v) return;
  if (refusal) s.tell({ kind: 'clockRefused', text: refusal });
  else await keepClock(s, v, clock);
}

/**
 * Gives the server the clock of invitation `v` (this browser's player's,
 * posted unlisted over the lobby's socket) and keeps it with the game; a
 * refusal, or no answer within 10 s, is the page's message and the game
 * has no clock. Never throws.
 * A rematch (`rematch`: its finished game's id) of a rated game may be
 * rated (`rated`).
 * @param {FriendState} s @param {import('../lib/types.js').CorrView} v @param {ClockSetting} clock
 * @param {{ rated: boolean, rematch: string }} [terms]
 */
export async function keepClock(s, v, clock, terms) {
  const w = t('friend');
  const relay = s.relay;
  if (!relay || !s.me || !v.keys) return;
  const salt = s.corr.corrOwnerSalt(v.keys);
  /** @type {string | null} */
  let refusal;
  try {
    const { LobbyClient } = await import('../lib/net/lobby.js');
    const { lobbyUrl } = await import('../lib/net/server.js');
    refusal = await new Promise((resolve) => {
      /** @param {string | null} why */
      const done = (why) => {
        clearTimeout(timer);
        socket.close();
        resolve(why);
      };
      const timer = setTimeout(() => done(w.clockNoAnswer), KEPT_MS);
      const socket = new LobbyClient(lobbyUrl(relay), {
        onKept: guard((/** @type {string} */ id) => {
          if (id === v.id) done(null);
        }),
        onError: guard((/** @type {unknown} */ e) => done(refusalText(e))),
      });
      const rated = Boolean(terms?.rated);
      void socket.post({
        link: v.link,
        clock,
        rated,
        unlisted: true,
        salt,
        ...(terms ? { rematch: terms.rematch } : {}),
      });
    });
  } catch (e) {
    refusal = refusalText(e);
  }
  if (refusal === null) s.keepClock(v.id, clock);
  else s.tell({ kind: 'clockRefused', text: refusal });
}

/** A lobby refusal's words, as the lobby's socket hands it on. @param {unknown} e */
function refusalText(e) {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object') {
    const r = /** @type {Record<string, unknown>} */ (e);
    if (typeof r.message === 'string' && r.message) return r.message;
    if (typeof r.error === 'string') return r.error;
    if (typeof r.kind === 'string') return r.kind;
  }
  return '?';
}
