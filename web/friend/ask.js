// @ts-check
// What the friend page shows, derived from its state (state.js) and free
// of the DOM: the views word these answers and draw them, deciding
// nothing of their own.

/** @typedef {import('../lib/types.js').CorrView} CorrView */
/** @typedef {import('./state.js').FriendState} FriendState */
/** @typedef {import('./types.js').SendWhy} SendWhy */
/** @typedef {import('../lib/net/room-wire.js').Side} Side */

/** The other player's name in a game this browser plays. @param {CorrView} v */
export function opponentName(v) {
  return v.you === 'green' ? v.blackName : v.greenName;
}

/**
 * The open game's id, and who the other player is, when a player's game,
 * a watched one or an invitation (connected) is on show.
 * @param {FriendState} s
 * @returns {{ id: string, other: string, player: boolean } | null}
 */
export function openGame(s) {
  if (s.shown) return { id: s.shown.id, other: opponentName(s.shown), player: true };
  if (s.watched) return { id: s.watched.id, other: '', player: false };
  if (s.invitation && s.live) return { id: s.live.id, other: '', player: false };
  return null;
}

/**
 * What the status line says when the board does not: the game over, this
 * player's turn, or what it waits for (live, the friend's move or their
 * acceptance; by links, their link).
 * A challenge of the lobby waits for someone to take it, not for a friend.
 * @param {CorrView} v @param {boolean} live @param {boolean} [lobby] the game was met in the lobby
 * @returns {'over' | 'yourTurn' | 'waiting' | 'liveWaitAccept' | 'lobbyWaitAccept' | 'liveTheirTurn'}
 */
export function statusSay(v, live, lobby = false) {
  if (v.due === 'over') return 'over';
  if (v.yourMove && v.due === 'turn') return 'yourTurn';
  if (!live) return 'waiting';
  if (v.due === 'accept') return lobby ? 'lobbyWaitAccept' : 'liveWaitAccept';
  return 'liveTheirTurn';
}

/**
 * The box of the link to send, or null. Played live, the box says so, and
 * stands aside while the friend is connected: the link is then needed
 * only if the live connection fails.
 * @param {FriendState} s
 * @returns {{ link: string, say: SendWhy | 'invitationLive' | 'rematchSent' | 'liveSend', sending: object } | null}
 */
export function sendBox(s) {
  const { sending, shown, live } = s;
  // The friend who offers a rematch has the finished game's last link. A
  // game met in the lobby goes through the server only: nobody to send
  // a link to.
  if (!sending || !shown || s.ended(shown.id) || lobbyWaiting(s) || offerOnShow(s) || s.isLobbyGame(shown.id))
    return null;
  /** @type {SendWhy | 'invitationLive' | 'rematchSent' | 'liveSend'} */
  let say = sending.why;
  if (s.isLive(shown.id)) {
    if (shown.due === 'accept') say = s.offeredIn === shown.id ? 'rematchSent' : 'invitationLive';
    else if (live?.state === 'open') {
      // Connected: the link is needed only while the friend is not (the
      // relay hands them every link, the last one too). Not connected, the
      // live line says so, and the box speaks of links.
      if (live.others > 0) return null;
      if (shown.due !== 'over') say = 'liveSend';
    }
  }
  return { link: sending.link, say, sending };
}

/**
 * What the live line says: the connection and the friend's presence (from
 * the relay's count of connections in the game's room), or that the game
 * is played by links; and what goes with it (Play live, notifications).
 * @param {FriendState} s
 */
export function liveLine(s) {
  const game = openGame(s);
  const live = s.live;
  const linksOnly = Boolean(s.relay && game && !s.isLive(game.id));
  /** @type {'off' | 'links' | import('../lib/net/room.js').LiveState} */
  let state;
  /** @type {'' | 'linksOnly' | 'full' | 'differs' | 'watching' | 'here' | 'offerWaits' | 'left' | 'away' | 'connecting' | 'lost' | 'watchLost'} */
  let say = '';
  if (!s.relay || !game) state = 'off';
  else if (linksOnly || !live) {
    state = 'links';
    say = game.player ? 'linksOnly' : '';
  } else if (live.state === 'open') {
    state = 'open';
    const kind = live.refused?.kind;
    if (kind === 'full') say = 'full';
    else if (kind === 'forged' || kind === 'other-game') say = 'differs';
    else if (!game.player) say = s.watched?.due === 'over' ? '' : 'watching';
    // The friend left the finished game's room for their rematch's: still there.
    else if (offerOnShow(s)) say = 'offerWaits';
    // A challenge of the lobby not taken yet: nobody to be here (the lobby box says so).
    else if (s.isLobbyGame(game.id) && s.shown?.due === 'accept') say = '';
    else if (live.others > 0) say = 'here';
    else if (live.othersLeftAt !== null) say = 'left';
    else say = 'away';
  } else {
    state = live.state;
    say = live.state === 'connecting' ? 'connecting' : game.player ? 'lost' : 'watchLost';
  }
  const clock = game ? s.kept.get(game.id)?.clock : null;
  return {
    state,
    say,
    who: game?.other ?? '',
    // A turn-based game is not called live, though it goes through the server.
    live: !(clock && 'days' in clock),
    peers: live?.others ?? 0,
    leftAt: live?.othersLeftAt ?? null,
    // "left 2 minutes ago" grows older on its own.
    ageing: live?.othersLeftAt != null && live.others === 0,
    goLive: Boolean(linksOnly && game?.player),
    notify: Boolean(live && game?.player && s.shown && s.shown.due !== 'over' && !s.ended(s.shown.id)),
  };
}

/** Whether the invitation on show is this page's challenge, in the lobby and not taken yet. @param {FriendState} s */
export function lobbyWaiting(s) {
  return Boolean(s.postedIn && s.shown?.id === s.postedIn && s.shown.due === 'accept');
}

/** How long the side to move may be away, in a live game, before the other may claim the win (the server's limit). */
export const CLAIM_AFTER_MS = 60_000;

/**
 * The clocks of the game on show, once the server sent them: the other
 * player's above the board, this player's below, each with its time left
 * now, whether it runs and whether it is low; null before any clock.
 * @param {FriendState} s @param {number} now
 */
export function clocks(s, now) {
  const v = s.shown;
  if (!v?.you) return null;
  const c = clockOf(s, v, now);
  return c && { kind: c.kind, top: c.one(v.you === 'black' ? 'green' : 'black'), bottom: c.one(v.you) };
}

/**
 * A watcher's clocks (the server's, on connecting and after each turn),
 * Black's and Green's; null when the game watched has none.
 * @param {FriendState} s @param {number} now
 */
export function watchClocks(s, now) {
  const v = s.watched;
  if (!v || s.shown) return null;
  const c = clockOf(s, v, now);
  return c && { kind: c.kind, black: c.one('black'), green: c.one('green') };
}

/** A player's name, with BOT after it for a computer player. @param {string} name @param {boolean} bot */
const named = (name, bot) => (bot && name ? `${name} BOT` : name);

/** Below this the first move's time shows the low-time warning. */
const FIRST_LOW_MS = 10_000;

/**
 * The clock of game `v` as the server last gave it: its kind and each
 * side's time; null before the server has given one.
 * @param {FriendState} s @param {{ id: string, blackName: string, greenName: string }} v @param {number} now
 */
function clockOf(s, v, now) {
  const t = s.timing;
  if (t?.id !== v.id || !t.clock.last) return null;
  const c = t.clock;
  const kind = c.kind;
  if (!kind) return null;
  // The side a bot plays says BOT on its clock too (as in the title).
  const bot = s.kept.get(v.id)?.bot;
  /** @param {'black' | 'green'} side */
  const one = (side) => {
    // The first move's time, on the side that owes it (docs/live.md).
    const first = c.running === side ? c.first(now) : null;
    return {
      side,
      name: named(side === 'black' ? v.blackName : v.greenName, bot === side),
      ms: c.left(side, now) ?? 0,
      // A turn-based clock's time bank left (ms), or null without one.
      bank: c.bank(side, now),
      running: c.running === side,
      // Standing while the server is out of reach (GameClock.pause).
      paused: c.running === side && c.pausedAt !== null,
      low: first === null ? c.low(side, now) : first < FIRST_LOW_MS,
      first,
    };
  };
  return { kind, one };
}

/**
 * Whether this player may claim the win now: a game of theirs on a clock,
 * not over, the other player's time running, and that player away: gone
 * from the room for a minute (live), or past their deadline and their
 * time bank (turn-based).
 * The server decides; a claim too early is refused (`too-early`).
 * @param {FriendState} s @param {number} now
 */
export function claimable(s, now) {
  const v = s.shown;
  const live = s.live;
  const t = s.timing;
  if (!v?.you || v.due === 'over' || !live?.claim || live.state !== 'open' || t?.id !== v.id || t.over) return false;
  const theirs = v.you === 'black' ? 'green' : 'black';
  if (t.clock.running !== theirs) return false;
  if (t.clock.kind === 'days') return (t.clock.left(theirs, now) ?? 1) + (t.clock.bank(theirs, now) ?? 0) <= 0;
  const away = live.others > 0 ? null : (live.othersLeftAt ?? live.openedAt ?? null);
  return away !== null && now - away >= CLAIM_AFTER_MS;
}

/**
 * What the status says of an end the server gave (not shown by the links):
 * who ran out of time, that the game was aborted, who left and who
 * claimed, who resigned while the other was to move.
 * @param {FriendState} s @param {CorrView} v
 * @returns {{ say: 'time' | 'aborted' | 'abandoned' | 'resign', winner: Side | null, loser: Side | null } | null}
 */
export function serverEnd(s, v) {
  const over = s.ended(v.id);
  if (!over || over.reason === 'checkers' || (over.reason === 'resign' && v.due === 'over')) return null;
  const loser = over.winner === 'black' ? 'green' : over.winner === 'green' ? 'black' : null;
  return { say: over.reason, winner: over.winner, loser };
}

/**
 * How this player may resign the game on show, if they may: by a link on
 * their own turn (the links allow no other), or, on the other's turn, by
 * the server, when their connection to the game's room is seated (a
 * player with a key; as on lichess and Board Game Arena, at any time).
 * @param {FriendState} s
 * @returns {'link' | 'server' | null}
 */
export function resignHow(s) {
  const v = s.shown;
  if (!v?.you || !v.keys || s.isOver(v) || v.due === 'accept') return null;
  if (s.yourTurn()) return 'link';
  const live = s.live;
  return live?.id === v.id && live.state === 'open' && live.seated && live.resign ? 'server' : null;
}

/** The friend's rematch offer after the finished game on show, if any. @param {FriendState} s */
export function offerOnShow(s) {
  const { offer, shown } = s;
  return offer && shown && offer.id === shown.id && s.isOver(shown) ? offer : null;
}

/**
 * The Rematch button, once a game of this browser's is over, however it
 * ended (by its links, or by the server: time, an abort, a claim, which a
 * player with a key may answer live): played live or by links, or none
 * (the other player's offer, when there is one, is the rematch to play).
 * @param {FriendState} s
 * @returns {'live' | 'links' | null}
 */
export function rematchButton(s) {
  const v = s.shown;
  if (!v?.you || offerOnShow(s)) return null;
  if (v.due === 'over') return s.isLive(v.id) ? 'live' : 'links';
  return s.ended(v.id) && s.me && s.isLive(v.id) ? 'live' : null;
}

/**
 * "Your games": the kept games, latest first, each at its own last link
 * (a game whose keys no longer open is left out): who against, what it
 * waits for, its last turn.
 * @param {FriendState} s
 */
export function gameList(s) {
  const rows = [];
  for (const [id, g] of Object.entries(s.kept.all()).sort((a, b) => b[1].at - a[1].at)) {
    /** @type {CorrView} */
    let v;
    try {
      v = s.corr.corrReceive(g.keys, JSON.parse(g.keys).link);
    } catch {
      continue;
    }
    const you = v.you ?? 'black';
    const end = g.end && v.due !== 'over' ? g.end : null;
    const say =
      v.due === 'over' || end
        ? 'over'
        : v.due === 'accept'
          ? 'accept'
          : v.due === 'start'
            ? v.yourMove
              ? 'start'
              : 'theirTurn'
            : v.yourMove
              ? 'yourTurn'
              : 'theirTurn';
    const last = v.record.trim().split('\n').pop() ?? '';
    const turn = /^\d+,\d+: /.test(last) ? { roll: last.split(': ')[0], turn: last.split(': ')[1] } : null;
    rows.push({
      id,
      at: g.at,
      keys: g.keys,
      view: v,
      you,
      opponent: you === 'black' ? v.greenName : v.blackName,
      say,
      turn,
      // The winner, from the link or from the server's end (null: aborted).
      winner: end ? end.winner : v.color,
    });
  }
  return rows;
}
