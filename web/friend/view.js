// @ts-check
// The friend page drawn from its state (state.js, through ask.js): the
// message at the top, the invitation, the game on show (its board, the
// link to send, the live line, a rematch) or a watched game's replay, and
// "Your games". It decides nothing; what is news beyond a redraw (a turn
// or an offer arrived while the tab is hidden, a finished game to keep)
// comes as the state's calls and is told here.

import { errorText, language, loadLanguage, t } from '../lib/i18n/i18n.js';
import { guard, notice } from '../lib/page.js';
import { $, button, input } from '../lib/dom.js';
import { clockQuery, clockText } from '../lib/clocks.js';
import {
  liveLine,
  lobbyWaiting,
  offerOnShow,
  opponentName,
  rematchButton,
  resignHow,
  sendBox,
  serverEnd,
  statusSay,
} from './ask.js';
import { drawElsewhere, drawGames } from './games-view.js';
import { keepPlaying } from '../lib/in-progress.js';
import { FriendBoard } from './board.js';
import { ClockView } from './clock-view.js';

/** @typedef {import('../lib/types.js').CorrView} CorrView */
/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {import('../lib/i18n/i18n.js').Words['friend']} FriendWords */

/**
 * A rematch's terms in words: its clock and whether it is rated ("5+3 ·
 * rated"); '' for none said.
 * @param {{ clock: import('./clock.js').ClockSetting | null, rated: boolean } | null} terms @param {FriendWords} w
 */
function termsText(terms, w) {
  if (!terms) return '';
  const clock = clockText(terms.clock, w.daysATurn, w.daysATurnBanked);
  return [clock, terms.rated ? w.ratedGame : w.casualGame].filter(Boolean).join(' · ');
}

/** How long this page's challenge waits in the lobby before a bot's game is offered instead. */
export const BOT_AFTER_MS = 20_000;

export class FriendView {
  /** The page's title (news that arrives while the tab is hidden is put before it). */
  pageTitle = '';
  /** @type {CorrView | null} the watched game last drawn */
  #watched = null;
  /** @type {object | null} the link to send last drawn (the state's object) */
  #sending = null;
  /** The kept games' count of writes when the list was last drawn. */
  #listed = -1;
  /** @type {ReturnType<typeof setInterval> | null} re-words "left 2 minutes ago" while it ages */
  #presence = null;
  /** When this page's challenge was first seen waiting (Date.now()), and the timer that offers a bot. */
  /** @type {{ since: number, timer: ReturnType<typeof setTimeout> | null }} */
  #waiting = { since: 0, timer: null };
  /**
   * Where this browser's pushes are set up (docs/push.md): the site's
   * root, the API and the player's key; null without a server or a key.
   * @type {{ siteRoot: string, api: string, key: string, lang: string } | null}
   */
  pushWhere = null;
  /** @type {import('../lib/net/push.js').PushState | 'failed' | null} this browser's pushes, once known */
  pushState = null;

  /**
   * @param {FriendState} s
   * @param {(turn: string) => void} played a turn was confirmed on the board
   */
  constructor(s, played) {
    this.s = s;
    this.board = new FriendBoard(s, {
      changed: () => this.render(),
      played,
      status: () => (s.shown ? this.#status(s.shown, t('friend')) : ''),
      elsewhere: () => notice(t('friend').playedElsewhere),
    });
    this.clocks = new ClockView(s);
  }

  /**
   * A challenge nobody has taken for a while offers a bot's game
   * (docs/bots.md): the lobby takes one of the bots' standing challenges.
   * @param {boolean} waiting
   */
  #drawBotOffer(waiting) {
    const w = this.#waiting;
    if (!waiting) {
      if (w.timer) clearTimeout(w.timer);
      this.#waiting = { since: 0, timer: null };
    } else if (!w.since) {
      w.since = Date.now();
      // For tests and tools: when the wait began.
      $('lobby-wait').dataset.since = String(w.since);
      w.timer = setTimeout(
        guard(() => this.render()),
        BOT_AFTER_MS,
      );
    }
    $('lobby-bot').hidden = !waiting || Date.now() - w.since < BOT_AFTER_MS;
  }

  /** Draws the whole page from the state. */
  render() {
    const s = this.s;
    const w = t('friend');
    const m = s.message;
    const text = !m
      ? ''
      : m.kind === 'imported'
        ? w.imported
        : m.kind === 'refused'
          ? w.refused(errorText(m.info))
          : m.kind === 'lobbyRefused' || m.kind === 'clockRefused'
            ? w[m.kind](m.text)
            : w[m.kind];
    $('message').textContent = text;
    $('message').hidden = !text;
    $('to-lobby').hidden = m?.kind !== 'unseated';
    $('new-mode').hidden = !s.relay;
    $('incoming').hidden = !s.invitation;
    if (s.invitation) {
      const v = s.invitation.view;
      $('incoming-text').textContent = w.inviteText(
        v.inviter === 'black' ? v.blackName : v.greenName,
        v.size,
        v.edition === 'standard' ? w.standard : w.sequenced,
        w.colorName(v.inviter === 'black' ? 'green' : 'black'),
      );
      if (s.linkClock)
        $('incoming-text').append(` ${w.invitedClock(clockText(s.linkClock, w.daysATurn, w.daysATurnBanked))}`);
    }
    $('game').hidden = !s.shown && !s.watched;
    if (s.shown) this.#drawGame(s.shown, w);
    else this.board.sync();
    if (s.watched !== this.#watched) this.#drawWatched(s.watched, w);
    this.#drawSend(w);
    this.#drawLive(w);
    $('lobby-wait').hidden = !lobbyWaiting(s);
    this.#drawBotOffer(lobbyWaiting(s));
    // A game met in the lobby is not a friend's: no invitation form under
    // it, and the page is called what the header calls it.
    // (A server game's replay, from a player page, is one too.)
    const online = Boolean((s.shown && s.isLobbyGame(s.shown.id)) || (s.watched && s.replayFrom === s.watched.id));
    $('new').hidden = online;
    const heading = online ? w.titleOnline : w.title;
    if ($('friend-title').textContent !== heading) $('friend-title').textContent = heading;
    const how = online ? w.howOnline : w.how;
    if ($('friend-how').textContent !== how) $('friend-how').textContent = how;
    this.clocks.draw();
    drawElsewhere(s, w);
    if (this.#listed !== s.kept.saved) {
      this.#listed = s.kept.saved;
      const rows = drawGames(s, w);
      // The games still being played, for the game page's way back to them.
      keepPlaying(
        rows.map((g) => ({
          id: g.id,
          link: g.view.link,
          opponent: g.opponent ?? '',
          size: g.view.size,
          yourTurn: Boolean(g.view.yourMove),
          at: g.at,
          over: g.say === 'over',
        })),
      );
    }
  }

  /** @param {CorrView} v @param {FriendWords} w */
  #drawGame(v, w) {
    $('play').hidden = false;
    $('board-wrap').hidden = false;
    $('viewer').hidden = true;
    // The side a bot plays (known when its challenge was taken in the lobby) says BOT.
    const bot = this.s.kept.get(v.id)?.bot;
    const named = (/** @type {'black' | 'green'} */ c, /** @type {string} */ n) => (bot === c && n ? `${n} BOT` : n);
    $('game-title').textContent =
      `${v.size}×${v.size}, ${v.edition === 'standard' ? w.standard : w.sequenced} — ${w.players(
        named('black', v.blackName),
        named('green', v.greenName),
      )}`;
    this.board.draw();
    button('btn-resign').hidden = !resignHow(this.s);
    const offered = offerOnShow(this.s);
    const rematch = rematchButton(this.s);
    button('btn-rematch').hidden = !rematch;
    if (rematch) button('btn-rematch').textContent = rematch === 'live' ? w.rematchLive : w.rematch;
    $('offer').hidden = !offered;
    if (offered)
      $('offer-text').textContent = w.rematchOffered(
        (offered.from === 'black' ? v.blackName : v.greenName) || w.yourFriend,
        termsText(offered.terms, w),
      );
    const play = this.board.canPlay();
    document.body.dataset.phase = play
      ? this.board.complete()
        ? 'confirm'
        : 'act'
      : v.due === 'over' || this.s.ended(v.id)
        ? 'over'
        : 'wait';
    document.body.dataset.you = v.you ?? '';
    // The result, when there is one, is the largest line of the page.
    $('status').classList.toggle('result', document.body.dataset.phase === 'over');
  }

  /** The status line of a game this player cannot act in now. @param {CorrView} v @param {FriendWords} w */
  #status(v, w) {
    const end = serverEnd(this.s, v);
    if (end) return endText(end, v, w);
    const to = this.s.rematchTo;
    if (v.due === 'accept' && to?.id === v.id && this.s.isLobbyGame(v.id))
      return w.rematchWaiting(to.opponent || w.yourFriend, termsText(to, w));
    const say = statusSay(v, this.s.isLive(v.id), this.s.isLobbyGame(v.id));
    if (say === 'over' && v.you)
      return v.color === v.you ? w.youWon(opponentName(v), v.resigned) : w.youLost(v.resigned);
    if (say === 'over') return w.over(w.colorName(v.color ?? 'black'), v.resigned);
    if (say === 'liveTheirTurn') return w.liveTheirTurn(opponentName(v));
    return w[say];
  }

  /**
   * Someone else's game: the replay opens at the latest position (the game
   * as the link left it), and follows new turns unless the watcher stepped back.
   * @param {CorrView | null} v @param {FriendWords} w
   */
  #drawWatched(v, w) {
    const before = this.#watched;
    this.#watched = v;
    if (!v) return;
    const el = /** @type {import('../embed/diablo-board.js').DiabloBoard} */ ($('viewer'));
    const following = !before || before.id !== v.id || el.step >= el.turns;
    // A replay asked for starts at the start (once).
    const fromStart = this.s.replayFrom === v.id && before?.id !== v.id;
    $('play').hidden = true;
    $('game-title').textContent = `${v.size}×${v.size} — ${w.players(v.blackName, v.greenName)}`;
    // A finished game says who won, large; one under way, whose replay this is.
    const end = serverEnd(this.s, v);
    const over = Boolean(end) || v.due === 'over';
    const winner = end ? end.winner : v.due === 'over' ? v.color : null;
    const name = winner === 'black' ? v.blackName : winner === 'green' ? v.greenName : '';
    $('status').textContent = !over
      ? w.viewer
      : winner
        ? w.watchedOver(name ? `${name} (${w.colorName(winner)})` : w.colorName(winner), v.resigned)
        : w.endAborted;
    $('status').classList.toggle('result', over);
    document.body.dataset.phase = 'viewer';
    $('log').textContent = '';
    el.setAttribute('view', String(fromStart ? 0 : following ? v.turns : el.step));
    el.setAttribute('record', v.record);
    if (language() !== 'en') el.setAttribute('lang', language());
    el.hidden = false;
  }

  /** The box of the link to send. @param {FriendWords} w */
  #drawSend(w) {
    const box = sendBox(this.s);
    $('send').hidden = !box;
    if (!box) return;
    // An invitation on a clock names it in its address, for the friend to see before accepting.
    const kept = this.s.shown && this.s.shown.due === 'accept' ? this.s.kept.get(this.s.shown.id)?.clock : null;
    const href = new URL(`${kept ? `?${clockQuery(kept)}` : ''}#${box.link}`, location.href).href;
    if (box.sending !== this.#sending || input('send-link').value !== href) {
      this.#sending = box.sending;
      input('send-link').value = href;
      button('btn-copy').textContent = w.copy;
    }
    const you = w.colorName(this.s.shown?.you ?? 'black');
    const text = {
      invitation: w.invitationMade(you),
      invitationLive: w.invitationLive(you),
      rematchSent: w.rematchSent(you),
      accepted: w.acceptedSend,
      start: w.startSend,
      sent: w.sentSend,
      over: w.overSend,
      waiting: w.waiting,
      liveSend: w.liveSend,
    }[box.say];
    // An invitation on a clock says which, and when it starts.
    const clock = box.say === 'invitationLive' ? kept : null;
    const said = clock ? `${text} ${w.clockStarts(clockText(clock, w.daysATurn, w.daysATurnBanked))}` : text;
    if ($('send-text').textContent !== said) $('send-text').textContent = said;
  }

  /** The live line and what goes with it. @param {FriendWords} w */
  #drawLive(w) {
    const l = liveLine(this.s);
    button('btn-live').hidden = !l.goLive;
    // Pushes when the server and a key allow them (they reach this device
    // with the tab closed); else the tab's own notices while it is open.
    const push = this.pushWhere ? this.pushState : null;
    const undecided = typeof Notification === 'function' && Notification.permission === 'default';
    const ask = push === 'off' || push === 'failed' || (push === null && undecided);
    button('btn-notify').hidden = !(l.notify && ask);
    $('push-on').hidden = !(l.notify && push === 'on');
    const note = push === 'failed' ? w.pushFailed : push === 'denied' ? w.pushDenied : '';
    $('push-note').hidden = !(l.notify && note);
    if ($('push-note').textContent !== note) $('push-note').textContent = note;
    const who = l.who;
    const text = {
      '': '',
      linksOnly: w.linksOnly,
      full: w.liveFull,
      differs: w.liveDiffers,
      watching: w.watching,
      here: w.liveHere(who, l.live),
      offerWaits: w.liveOfferWaits(who, l.live),
      left: l.leftAt === null ? '' : w.liveLeft(who, ago(l.leftAt, w), l.live),
      away: w.liveAway(who, l.live),
      connecting: w.liveConnecting,
      lost: w.liveLost,
      watchLost: w.watchLost,
    }[l.say];
    const line = $('live');
    line.dataset.state = l.state;
    line.dataset.peers = String(l.peers);
    line.hidden = !text;
    if ($('live-text').textContent !== text) $('live-text').textContent = text;
    if (l.ageing && this.#presence === null)
      this.#presence = setInterval(
        guard(() => this.render()),
        20_000,
      );
    if (!l.ageing && this.#presence !== null) {
      clearInterval(this.#presence);
      this.#presence = null;
    }
  }

  /**
   * The link to send, just made by a button further down (Create, Confirm,
   * Accept, Resign), is brought into view with the status above it.
   */
  revealSend() {
    const send = $('send');
    if (send.hidden || (inView(send) && inView($('status')))) return;
    $('game').scrollIntoView({ block: 'start' });
  }

  /**
   * After a link was opened in this tab, shows what changed: a refusal at
   * the top, else the game's status and board (or the invitation).
   */
  revealOpened() {
    const target = ['message', 'incoming', 'game'].map((id) => $(id)).find((el) => !el.hidden);
    target?.scrollIntoView({ block: 'start' });
  }

  /**
   * A turn (or the end) arrived from the relay while the tab is hidden:
   * the title says so, and a system notification when the person allowed them.
   * @param {CorrView} v
   */
  turnNotice(v) {
    const shown = this.s.shown;
    if (document.visibilityState !== 'hidden' || !shown) return;
    const mine = this.s.yourTurn();
    if (!mine && shown.due !== 'over') return;
    const w = t('friend');
    const title = mine ? w.turnTitle : w.overTitle;
    document.title = `${title} — ${this.pageTitle}`;
    if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
    try {
      const note = new Notification(title, {
        body: mine ? w.turnBody(opponentName(v)) : w.over(w.colorName(shown.color ?? 'black'), shown.resigned),
        tag: `diablo-${v.id}`,
      });
      note.onclick = () => {
        globalThis.focus();
        note.close();
      };
    } catch {
      // Some browsers show notifications only from a service worker; the title still says it.
    }
  }

  /** The friend's rematch offer arrived: said in the title while the tab is hidden. */
  offerNotice() {
    if (document.visibilityState === 'hidden') document.title = `${$('offer-text').textContent} — ${this.pageTitle}`;
    else if (!inView($('offer'))) $('offer').scrollIntoView({ block: 'center' });
  }
}

/**
 * An end the server gave, in words: a name, or the colour where the game has none.
 * @param {NonNullable<ReturnType<typeof serverEnd>>} end @param {CorrView} v @param {FriendWords} w
 */
export function endText(end, v, w) {
  if (end.say === 'aborted') return w.endAborted;
  if (v.you && end.winner) {
    const other = opponentName(v);
    const won = end.winner === v.you;
    if (end.say === 'time') return won ? w.youWonTime(other) : w.youLostTime;
    if (end.say === 'resign') return won ? w.youWon(other, true) : w.youLost(true);
    return won ? w.youWonAbandoned(other) : w.youLostAbandoned;
  }
  /** @param {'black' | 'green' | null} side */
  const name = (side) =>
    (side === 'black' ? v.blackName : side === 'green' ? v.greenName : '') || w.colorName(side ?? '');
  if (end.say === 'time') return w.endTime(name(end.loser), name(end.winner));
  if (end.say === 'resign') return w.endResigned(name(end.loser), name(end.winner));
  return w.endAbandoned(name(end.loser), name(end.winner));
}

/** Whether an element is wholly inside the window. @param {HTMLElement} el */
function inView(el) {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight;
}

/** How long ago, in the page's language ("2 minutes ago"). @param {number} at @param {FriendWords} w */
function ago(at, w) {
  const minutes = Math.floor((Date.now() - at) / 60_000);
  if (minutes < 1) return w.justNow;
  const format = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  return minutes < 60 ? format.format(-minutes, 'minute') : format.format(-Math.round(minutes / 60), 'hour');
}

/**
 * A finished game this browser played is kept in "Your games" (lib/archive.js,
 * loaded now); one that cannot be kept is said in a notice. A game the
 * server ended (on time, by a claim) is kept with its winner and why, which
 * its record does not show.
 * @param {CorrView} v @param {import('../lib/net/room-wire.js').Over} [end]
 */
export function keepFinished(v, end) {
  import('../lib/archive.js')
    .then((a) => {
      const entry = a.friendGame(v);
      const why = end?.reason;
      const game =
        end?.winner && (why === 'time' || why === 'abandoned')
          ? { ...entry, winner: end.winner, resigned: false, reason: why }
          : entry;
      return a.keepGame(game).catch(async (e) => {
        await loadLanguage(language(), ['games']);
        notice(t('games').notKept(e instanceof a.ArchiveError ? e.kind : 'blocked'));
      });
    })
    .catch(() => {});
}
