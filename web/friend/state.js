// @ts-check
// The friend page's state and every protocol decision it takes
// (docs/correspondence.md, docs/live.md), free of the DOM: the games kept,
// the game on show (played, watched or an invitation), the live
// connection, the rematch offer, the link to send. The engine's corr
// module checks every link and writes every answer; this module decides
// what a link opened means and what is kept, and tells the page to redraw
// (`changed`). What it shows is derived in ask.js; the page's views word
// it. A link that is refused leaves the stored game exactly as it was.

import { errorInfo } from '../lib/engine/errors.js';
import { GameClock } from './clock.js';
import { seatText, send } from '../lib/net/room-wire.js';
import { takerText } from '../lib/net/owner.js';
import { seatIn } from '../lib/player-api.js';
import { LiveRoom } from './room.js';
import { KeptGames } from './store.js';

/** @typedef {import('../lib/types.js').CorrView} CorrView */
/** @typedef {import('./store.js').GamesStore} GamesStore */
/** @typedef {import('./store.js').StoredGame} StoredGame */
/** @typedef {import('../lib/net/room.js').LiveHost} LiveHost */
/** @typedef {import('./types.js').Corr} Corr */
/** @typedef {import('./types.js').LiveConn} LiveConn */
/** @typedef {import('./types.js').FriendHost} FriendHost */
/** @typedef {import('./types.js').Message} Message */
/** @typedef {import('./types.js').SendWhy} SendWhy */
/** @typedef {import('./types.js').NewGame} NewGame */
/** @typedef {import('./types.js').Offer} Offer */
/** @typedef {import('./types.js').Identity} Identity */
/** @typedef {import('../lib/net/room-wire.js').Over} Over */
/** @typedef {import('./clock.js').ClockSetting} ClockSetting */

/**
 * The open game's time, as the server keeps it: its clocks and the end it
 * gave (time, a claim, an abort; also checkers and resign, which the
 * links show too).
 * @typedef {{ id: string, clock: GameClock, over: Over | null }} Timing
 */

/** The relay's refusals the page words at the top. @typedef {'too-early' | 'not-seated' | 'unseated' | 'too-many' | 'playban' | 'name-taken'} Worded */
/** @type {readonly string[]} */
const WORDED = ['too-early', 'not-seated', 'unseated', 'too-many', 'playban', 'name-taken'];

export class FriendState {
  /** @type {CorrView | null} the game played here, as the engine last gave it */
  shown = null;
  /** @type {CorrView | null} someone else's game on show, read-only */
  watched = null;
  /** @type {{ view: CorrView, link: string } | null} an invitation on show, to accept */
  invitation = null;
  /** @type {{ link: string, why: SendWhy } | null} the link to send (a new object each time it is offered) */
  sending = null;
  /** @type {Message | null} */
  message = null;
  /** @type {Offer | null} */
  offer = null;
  /** The id of the rematch this page offered live (its invitation also went to the friend's page). */
  offeredIn = '';
  /**
   * The rematch this page made last: to whom (the finished game's other
   * player), on what terms, for the status while it waits.
   * @type {{ id: string, opponent: string, rated: boolean, clock: ClockSetting | null } | null}
   */
  rematchTo = null;
  /** The game opened as a replay (`replay`): the view shows it from its start, once. */
  replayFrom = '';
  /** The id of the game this page posted in the lobby, as a challenge for anyone to take ('' none). */
  postedIn = '';
  /** Finished games already handed on to be kept. @type {Set<string>} */
  #over = new Set();
  /** News for the page, told after the redraw. @type {(() => void)[]} */
  #news = [];
  /** @type {Timing | null} the open game's clocks and end */
  timing = null;
  /** @type {Identity | null} this browser's player (its key and name), when it has one */
  me = null;

  /**
   * @param {object} deps
   * @param {Corr} deps.corr
   * @param {GamesStore} deps.games where the games' keys are kept
   * @param {() => number} deps.now the clock (ms since the epoch)
   * @param {(relay: string, id: string, host: LiveHost) => LiveConn} deps.connect opens a game's connection
   * @param {FriendHost} deps.host
   * @param {(text: string) => Promise<string>} [deps.sign] signs with this browser's key (lib/identity.js)
   */
  constructor({ corr, games, now, connect, host, sign }) {
    this.corr = corr;
    this.kept = new KeptGames(games, now);
    this.now = now;
    this.host = host;
    this.sign = sign;
    this.room = new LiveRoom(connect, (id) => this.kept.linksOnly(id), {
      received: (link) => this.receive(link),
      offered: (id, invitation, proof, from, terms) => this.gotOffer(id, invitation, proof, from, terms),
      changed: () => this.#liveChanged(),
      seat: (id, nonce) => this.#seat(id, nonce),
      salt: (id) => this.#salt(id),
      clock: (id, clock) => this.#gotClock(id, clock),
      over: (id, over) => this.gotOver(id, over),
      refused: (id, kind) => this.#gotRefusal(id, kind),
    });
  }

  /** @type {ClockSetting | null} the clock the invitation's address names (request.js readLinkClock) */
  linkClock = null;

  /** This browser's player, once known (null: none yet). @param {Identity | null} me */
  setIdentity(me) {
    this.me = me;
  }

  /** The relay's WebSocket base, when live.json names one; null: links only. */
  get relay() {
    return this.room.relay;
  }

  /** The open game's connection to the relay. */
  get live() {
    return this.room.live;
  }

  /** Whether it is this player's turn in the game on show (not ended by the server). */
  yourTurn() {
    return Boolean(this.shown?.yourMove && this.shown.due === 'turn' && !this.ended(this.shown.id));
  }

  /** The end the server gave game `id`, when it is the open game's. @param {string} id */
  ended(id) {
    return this.timing?.id === id ? this.timing.over : null;
  }

  /** Whether a game goes through the relay: one is named, and the game is not played by links only. @param {string} id */
  isLive(id) {
    return this.room.isLive(id);
  }

  /**
   * Opens a link from the address bar: a stored game continues (or stays
   * as it was when the link is refused), an invitation asks to accept, any
   * other game is shown read-only.
   * @param {string} link
   */
  open(link) {
    this.#open(link, false);
    this.#changed();
  }

  /**
   * A game's replay (a player page's Replay): shown as a watcher sees it,
   * from its start (`replayFrom`), with both names and how it ended, even
   * when this browser holds its keys; another game opened after is played
   * as usual.
   * @param {string} link
   */
  replay(link) {
    let plain;
    try {
      plain = this.corr.corrOpen(link);
    } catch (e) {
      this.#refuse(e);
      this.#changed();
      return;
    }
    this.message = null;
    this.invitation = null;
    this.replayFrom = plain.id;
    this.#watch(plain);
    this.#changed();
  }

  /**
   * A link the live relay hands on goes the same way, but only when it is
   * news for the game on show: a stale or equal one, or one the engine
   * refuses, is dropped quietly.
   * @param {string} link
   */
  receive(link) {
    if (this.#open(link, true)) this.#changed();
  }

  /**
   * This player's games in progress as the server keeps them
   * (api/players/<key>/playing, read on any device with the key): each
   * that carries a kept game further is kept, read by the engine with the
   * keys like any link, so the list says whose turn it is even when the
   * move came while this page was closed; one that does not fit (older,
   * another game, refused) is dropped quietly. The game on show is left
   * to its room. Those whose keys are not in this browser (played on
   * another device) become `elsewhere`.
   * @param {import('../lib/player-api.js').PlayingGame[]} games @param {string} key this browser's player's key
   * @returns {number} how many kept games moved on
   */
  catchUp(games, key) {
    let moved = 0;
    this.elsewhere = games.flatMap((g) => {
      const seat = this.kept.get(g.game) ? null : seatIn(g, key);
      return seat
        ? [{ id: g.game, link: g.link, size: g.size, opponent: seat.opponent.name, yourMove: seat.yourMove }]
        : [];
    });
    for (const { link } of games) {
      try {
        const { id } = this.corr.corrOpen(link);
        const stored = this.kept.get(id);
        if (!stored || this.shown?.id === id) continue;
        const v = this.corr.corrReceive(stored.keys, link);
        if (v.keys && v.keys !== stored.keys) {
          this.kept.remember(v);
          moved += 1;
        }
      } catch (e) {
        if (!errorInfo(e)) throw e;
      }
    }
    // A bot's seat (the server knows it by its key): its name says BOT here.
    for (const g of games)
      for (const side of /** @type {const} */ (['black', 'green']))
        if (g[side].bot && g[side].key !== key && !this.kept.get(g.game)?.bot) this.kept.note(g.game, { bot: side });
    this.#changed();
    return moved;
  }

  /** Whether a lobby game's opponent might be a bot the page has not been told of. @param {string} id */
  botUnknown(id) {
    return this.isLobbyGame(id) && !this.kept.get(id)?.bot;
  }

  /**
   * This player's games in progress whose keys are in another browser
   * (catchUp): listed so that they are a tap away, to watch here or to
   * bring here with their keys.
   * @type {{ id: string, link: string, size: number, opponent: string, yourMove: boolean }[]}
   */
  elsewhere = [];

  /** Whether the game watched is this player's, its keys in another browser. */
  watchingMine() {
    const id = this.watched?.id;
    return Boolean(id && this.elsewhere.some((g) => g.id === id));
  }

  /** @param {string} link @param {boolean} fromRelay @returns {boolean} whether anything changed */
  #open(link, fromRelay) {
    if (fromRelay && !this.live) return false;
    // A link from the relay is of the open game: with its keys, the engine
    // reads it once, checking it against them (and refusing another game's).
    // (A game of this browser's watched as a replay stays watched.)
    const replayed = fromRelay && Boolean(this.watched) && this.watched?.id === this.live?.id;
    const held = fromRelay && this.live && !replayed ? this.kept.get(this.live.id) : undefined;
    /** @type {CorrView | null} */
    let plain = null;
    if (!held) {
      try {
        plain = this.corr.corrOpen(link);
      } catch (e) {
        if (fromRelay) return false;
        this.#refuse(e);
        return true;
      }
      if (fromRelay && plain.id !== this.live?.id) return false;
    }
    if (!fromRelay) {
      this.message = null;
      this.invitation = null;
    }
    const stored = held ?? (plain && !replayed ? this.kept.get(plain.id) : undefined);
    if (stored) return this.#continue(stored, link, fromRelay);
    if (!plain) return false;
    if (plain.due === 'accept' && plain.messages === 1) {
      if (!fromRelay) this.#invited(plain, link);
      return !fromRelay;
    }
    if (fromRelay && this.watched && plain.messages <= this.watched.messages) return false;
    if (fromRelay) this.host.publish(plain.link);
    this.#watch(plain);
    return true;
  }

  /**
   * A link of a game kept here: the engine reads it with the keys.
   * @param {StoredGame} stored @param {string} link @param {boolean} fromRelay
   */
  #continue(stored, link, fromRelay) {
    /** @type {CorrView} */
    let v;
    try {
      v = this.corr.corrReceive(stored.keys, link);
    } catch (e) {
      if (fromRelay) return false;
      this.#refuse(e);
      // The stored game, as it was.
      const mine = this.corr.corrReceive(stored.keys, JSON.parse(stored.keys).link);
      this.host.publish(mine.link);
      this.#show(mine);
      return true;
    }
    if (fromRelay && this.shown?.id === v.id && v.messages <= this.shown.messages) return false;
    const arrived = Boolean(v.keys && v.keys !== stored.keys);
    if (arrived) this.kept.remember(v);
    if (fromRelay) this.host.publish(v.link);
    this.#answerStart(v);
    const moved = this.shown === v && (arrived || fromRelay);
    if (moved || fromRelay) this.#news.push(() => this.host.arrived?.(v, { moved, relayed: fromRelay }));
    return true;
  }

  /**
   * The inviter playing Green answers the acceptance with the start
   * message at once: there is nothing to choose.
   * @param {CorrView} v
   */
  #answerStart(v) {
    if (v.yourMove && v.due === 'start' && v.keys) {
      this.#made(this.corr.corrAnswer(v.keys, 'start'), 'start');
      return;
    }
    this.#show(v);
  }

  /**
   * Shows a game of this browser's at its latest position; the link to
   * send is the last one when the friend has not answered it.
   * @param {CorrView} v
   */
  #show(v) {
    this.shown = v;
    this.watched = null;
    this.invitation = null;
    if (v.due === 'over') this.sending = { link: v.link, why: 'over' };
    else if (!v.yourMove) this.sending = { link: v.link, why: 'waiting' };
    else this.sending = null;
    this.#time(v.id);
    this.room.join(v.id, v.link);
    // A finished game this browser played is kept in "Your games", once.
    if (v.due === 'over' && v.you && !this.#over.has(v.id)) {
      this.#over.add(v.id);
      this.#news.push(() => this.host.finished?.(v));
    }
  }

  /**
   * A view this player just made (an answer, an acceptance, an invitation):
   * kept, in the address bar, on show, its link to send.
   * @param {CorrView} v @param {SendWhy} why @param {boolean} [links] a new game played by links only
   */
  #made(v, why, links = false) {
    this.kept.remember(v);
    // Chosen before the game is shown, which connects it or not.
    if (links) this.kept.setLinksOnly(v.id, true);
    this.host.publish(v.link);
    this.#show(v);
    this.sending = { link: v.link, why };
  }

  /**
   * An invitation to accept. Connected while it waits, so that an
   * invitation accepted elsewhere turns into the game's live replay here.
   * @param {CorrView} v @param {string} link
   */
  #invited(v, link) {
    this.shown = null;
    this.watched = null;
    this.sending = null;
    this.invitation = { view: v, link };
    this.#time(v.id);
    this.room.join(v.id, link);
  }

  /**
   * Someone else's game: a read-only replay, followed live when the relay
   * is there. A spectator has no game controls and no link to send.
   * @param {CorrView} v
   */
  #watch(v) {
    this.shown = null;
    this.invitation = null;
    this.sending = null;
    this.watched = v;
    this.#time(v.id);
    this.room.join(v.id, v.link);
  }

  /**
   * This player's answer on the game on show: a turn confirmed on the
   * board, or 'resign'. Returns whether there is a link to send now.
   * @param {string} answer
   */
  play(answer) {
    const keys = this.shown?.keys;
    if (!keys || this.ended(this.shown?.id ?? '')) return false;
    try {
      return this.#tried(() => {
        const next = this.corr.corrAnswer(keys, answer);
        this.#made(next, next.due === 'over' ? 'over' : 'sent');
      });
    } finally {
      this.#changed();
    }
  }

  /** Accepts the invitation on show. @param {string} name @returns {boolean} whether there is a link to send */
  accept(name) {
    const invitation = this.invitation;
    if (!invitation) return false;
    try {
      const owner = this.me ? takerText(this.me.key) : '';
      const made = this.#tried(() => this.#made(this.corr.corrAccept(invitation.link, name, owner), 'accepted'));
      if (made && this.linkClock && this.shown) this.keepClock(this.shown.id, this.linkClock);
      return made;
    } finally {
      this.#changed();
    }
  }

  /**
   * A new invitation; a lobby challenge's clock setting is kept with it.
   * @param {NewGame} game @param {ClockSetting | null} [clock]
   * @returns {boolean} whether there is a link to send
   */
  invite(game, clock = null) {
    const made = this.#invite(game);
    if (made && clock && this.shown) this.keepClock(this.shown.id, clock);
    this.#changed();
    return made;
  }

  /**
   * Keeps a kept game's clock setting (the lobby's, which the links do not
   * carry): the low-time warning and the clock's kind follow it.
   * @param {string} id @param {ClockSetting} clock
   */
  keepClock(id, clock) {
    this.kept.note(id, { clock });
    const t = this.timing;
    if (t?.id === id) {
      const old = t.clock;
      t.clock = new GameClock(clock);
      if (old.last) t.clock.update(old.last, old.at);
    }
    this.#changed();
  }

  /** @param {NewGame} game */
  #invite({ size, edition, color, name, links, owner }) {
    return this.#tried(() =>
      this.#made(this.corr.corrInvite(size, edition, color, name, owner), 'invitation', Boolean(this.relay && links)),
    );
  }

  /**
   * Rematch: a new invitation, same board and edition, colours swapped,
   * played as the last game was (live or by links). Live, the invitation
   * is also offered in the finished game's room, with the proof that a
   * player of it made the offer, so it appears on the friend's page; the
   * link stays to send when they are not there. When the friend has
   * offered first, it is their rematch that is played (`offer`). `first`
   * is done with the new invitation before it is offered (its clock given
   * to the server, so that the friend's acceptance finds it there).
   * @param {string} name
   * @param {(made: CorrView) => Promise<unknown>} [first]
   * @param {string} [owner] what the new invitation is bound to, when `first` posts it
   * @param {{ clock: ClockSetting | null, rated: boolean }} [terms] the terms `first` posts it on
   * @returns {NewGame | 'offer' | null} the new game's choices (or the friend's offer taken)
   */
  rematch(name, first, owner, terms) {
    const finished = this.shown;
    if (!finished?.you) return null;
    if (this.offer?.id === finished.id) {
      this.takeOffer();
      return 'offer';
    }
    const lobbyGame = this.isLobbyGame(finished.id);
    // Under the name this player had in the finished game (a lobby game's
    // page has no name field), unless the form names another.
    const own = (finished.you === 'black' ? finished.blackName : finished.greenName) ?? '';
    /** @type {NewGame} */
    const game = {
      size: finished.size,
      edition: finished.edition,
      color: finished.you === 'black' ? 'green' : 'black',
      name: lobbyGame || !name.trim() ? own : name,
      links: !this.isLive(finished.id),
      ...(owner ? { owner } : {}),
    };
    // A game over by its links: the player's proof; one the server ended
    // (time, an abort, a claim): none, the seat of the room's connection vouches.
    /** @type {string | null} */
    let proof = null;
    try {
      if (this.live?.id === finished.id && finished.keys && finished.due === 'over')
        proof = this.corr.corrRematchProof(finished.keys);
    } catch {
      proof = null;
    }
    const vouched = !proof && Boolean(this.me && this.live?.seated && this.ended(finished.id));
    // The finished game's connection stays until the offer is sent.
    const old = this.live?.id === finished.id && (proof || vouched) ? this.room.detach() : null;
    this.#invite(game);
    const made = this.shown && this.shown.id !== finished.id ? this.shown : null;
    // A lobby game's rematch is one too: the opponent named, no link to send.
    if (made && lobbyGame) this.markLobby(made.id);
    if (made) {
      const opponent = (finished.you === 'black' ? finished.greenName : finished.blackName) ?? '';
      this.rematchTo = { id: made.id, opponent, rated: Boolean(terms?.rated), clock: terms?.clock ?? null };
      if (terms?.rated) this.kept.note(made.id, { rated: true });
    }
    const offer = () => {
      if (old && made) {
        old.offerAndClose(made.link, proof);
        this.offeredIn = made.id;
      } else {
        old?.close();
      }
      this.#changed();
    };
    if (first && made) void first(made).then(offer, offer);
    else offer();
    return game;
  }

  /**
   * A rematch offer arrived in the room of game `id`: kept when it is the
   * other player's of that game, finished and shown here: by its proof,
   * checked by the engine, or, with none (a game the server ended), by the
   * side the server says sent it from its seat.
   * @param {string} id @param {string} invitation @param {string | null} proof
   * @param {'black' | 'green' | null} [vouchedFrom] @param {import('../lib/net/room-wire.js').RematchTerms} [terms]
   */
  gotOffer(id, invitation, proof, vouchedFrom = null, terms = null) {
    const shown = this.shown;
    if (!shown || shown.id !== id || !this.isOver(shown) || !shown.you) return;
    /** @type {'black' | 'green'} */
    let from;
    if (proof) {
      try {
        from = this.corr.corrCheckRematch(shown.link, invitation, proof);
      } catch {
        return;
      }
    } else if (vouchedFrom) from = vouchedFrom;
    else return;
    // One's own offer, from another tab or device: nothing to answer.
    if (from === shown.you) return;
    this.offer = { id, invitation, from, terms };
    this.#news.push(() => this.host.offered?.());
    this.#changed();
  }

  /**
   * Plays the friend's rematch offer: its invitation, accepted at once
   * under the name this player had in the finished game (one tap).
   */
  takeOffer() {
    const o = this.offer;
    const finished = this.shown;
    this.offer = null;
    const lobby = Boolean(finished && this.isLobbyGame(finished.id));
    if (o) this.#open(o.invitation, false);
    const invitation = this.invitation;
    if (o && invitation && finished?.you) {
      const name = (finished.you === 'black' ? finished.blackName : finished.greenName) ?? '';
      const owner = this.me ? takerText(this.me.key) : '';
      const made = this.#tried(() => this.#made(this.corr.corrAccept(invitation.link, name, owner), 'accepted'));
      const game = made ? this.shown : null;
      if (game) {
        // The terms the server read for it: the clock shown as it will run, the rating kept.
        if (lobby) this.markLobby(game.id);
        if (o.terms?.rated) this.kept.note(game.id, { rated: true });
        if (o.terms?.clock) this.keepClock(game.id, o.terms.clock);
      }
    }
    this.#changed();
  }

  /** Whether a game is over: by its links, or by the server (time, an abort, a claim). @param {CorrView} v */
  isOver(v) {
    return v.due === 'over' || Boolean(this.ended(v.id));
  }

  /** Imports a game's keys (from another device). @param {string} text */
  importKeys(text) {
    try {
      const id = this.corr.corrKeysGame(text);
      this.kept.store(id, text);
      this.message = { kind: 'imported' };
    } catch (e) {
      this.#refuse(e);
    }
    this.#changed();
  }

  /** Plays the game on show live from now on (it was played by links). */
  playLive() {
    if (!this.shown) return;
    this.kept.setLinksOnly(this.shown.id, false);
    this.room.join(this.shown.id, this.shown.link);
    this.#changed();
  }

  /** The relay is known (or not): the open game connects. @param {string | null} relay */
  setRelay(relay) {
    this.room.relay = relay;
    if (relay && !this.room.live) {
      if (this.shown) this.room.join(this.shown.id, this.shown.link);
      else if (this.watched) this.room.join(this.watched.id, this.watched.link);
    }
    this.#changed();
  }

  /** The invitation on show is posted in the lobby, as a challenge for anyone to take. @param {string} id */
  posted(id) {
    this.postedIn = id;
    this.kept.note(id, { lobby: true });
    this.#changed();
  }

  /**
   * Game `id` was met in the lobby (posted from here, or taken there): its
   * opponent is not a friend with a link; `rated`: it counts in the
   * ratings (its rematch may too).
   * @param {string} id @param {boolean} [rated]
   */
  markLobby(id, rated = false) {
    this.kept.note(id, rated ? { lobby: true, rated: true } : { lobby: true });
  }

  /** Whether game `id` was met in the lobby. @param {string} id */
  isLobbyGame(id) {
    return Boolean(this.kept.get(id)?.lobby);
  }

  /**
   * The challenge left the lobby: taken (its game has begun, nothing to
   * say), withdrawn, or gone untaken (`say`: the page tells it).
   * @param {string} id @param {boolean} [say]
   */
  unposted(id, say = true) {
    if (this.postedIn !== id) return;
    this.postedIn = '';
    if (say && this.shown?.id === id && this.shown.due === 'accept') this.message = { kind: 'lobbyGone' };
    this.#changed();
  }

  /** The lobby refused the challenge posted from here. @param {string} id @param {string} text */
  lobbyRefused(id, text) {
    if (this.postedIn !== id) return;
    this.postedIn = '';
    this.message = { kind: 'lobbyRefused', text };
    this.#changed();
  }

  /** A message for the top of the page (null: none), from what the page did beside the state (friend/lobby.js). @param {Message | null} m */
  tell(m) {
    this.message = m;
    this.#changed();
  }

  /** Claims the win in the open game: the other player is away past the limit (ask.js claimable). */
  claim() {
    this.message = null;
    this.live?.claim?.();
    this.#changed();
  }

  /** Resigns the game on show through the server (the other player is to move); the server answers with `over`. */
  resignLive() {
    this.message = null;
    this.live?.resign?.();
    this.#changed();
  }

  /**
   * The server ended game `id` (docs/live.md `over`): shown, the board
   * locked, and kept with the game, since its links do not show a loss on
   * time or a claim. A game won so is handed on to "Your games" once.
   * @param {string} id @param {Over} over
   */
  gotOver(id, over) {
    if (this.live?.id !== id) return;
    const t = this.#time(id);
    t.over = over;
    t.clock.stop(this.now());
    if (this.kept.get(id)) this.kept.note(id, { end: over });
    const v = this.shown;
    const byServer = over.reason === 'time' || over.reason === 'abandoned' || over.reason === 'resign';
    if (v?.id === id && v.you && v.due !== 'over' && byServer && over.winner && !this.#over.has(id)) {
      this.#over.add(id);
      this.#news.push(() => this.host.finished?.(v, over));
    }
    this.#changed();
  }

  /** The timing of game `id`, made when another game opens (with what is kept of it). @param {string} id */
  #time(id) {
    if (this.timing?.id === id) return this.timing;
    const kept = this.kept.get(id);
    this.timing = { id, clock: new GameClock(kept?.clock), over: kept?.end ?? null };
    return this.timing;
  }

  /** @param {string} id @param {import('../lib/net/room-wire.js').ClockFrame} clock */
  #gotClock(id, clock) {
    if (this.live?.id !== id) return;
    const t = this.#time(id);
    if (t.over) return;
    t.clock.update(clock, this.now());
    this.#changed();
  }

  /**
   * The seat frame for a room's nonce: this browser's key speaks for it in
   * a game it plays (or an invitation it may accept); none when watching or
   * without a key.
   * @param {string} id @param {string} nonce
   */
  async #seat(id, nonce) {
    const me = this.me;
    const sign = this.sign;
    if (!me || !sign || (this.shown?.id !== id && this.invitation?.view.id !== id)) return null;
    const sig = await sign(seatText(id, nonce));
    return send.seat(me.key, me.name, sig);
  }

  /**
   * The salt that shows this browser's player made the open game's
   * acceptance (docs/live.md): sent with its links when they accepted it.
   * @param {string} id
   */
  #salt(id) {
    const v = this.shown?.id === id ? this.shown : null;
    if (!v?.keys || !v.you || v.you === v.inviter) return null;
    return this.corr.corrOwnerSalt(v.keys);
  }

  /** A refusal the page words at the top: a claim too early, or a seat missing. @param {string} id @param {string} kind */
  #gotRefusal(id, kind) {
    if (this.live?.id !== id) return;
    if (WORDED.includes(kind)) {
      this.message = { kind: /** @type {Worded} */ (kind) };
      this.#changed();
    }
  }

  /**
   * Runs an engine call; a refusal becomes the page's message (a bug is
   * thrown on). Whether the call went through.
   * @param {() => void} call
   */
  #tried(call) {
    try {
      call();
      return true;
    } catch (e) {
      this.#refuse(e);
      return false;
    }
  }

  /** The engine's refusal is said at the top; anything else is a bug, thrown on. @param {unknown} e */
  #refuse(e) {
    const info = errorInfo(e);
    if (!info) throw e;
    this.message = { kind: 'refused', info };
  }

  /**
   * The room's connection changed: lost, the open game's clocks stand
   * until the server's next frame (it charges nobody while it is away).
   */
  #liveChanged() {
    const live = this.live;
    const t = this.timing;
    if (live && t?.id === live.id && live.state !== 'open') t.clock.pause(this.now());
    this.#changed();
  }

  #changed() {
    this.host.changed();
    const news = this.#news;
    this.#news = [];
    for (const tell of news) tell();
  }
}
