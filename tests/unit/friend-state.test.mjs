// The friend page's DOM-free state (web/friend/state.js, ask.js, store.js),
// driven with a fake correspondence engine, a map for storage, a settable
// clock and fake relay connections: what a link opened means, what is
// kept, what is refused and how, what goes to the relay. The fake engine
// keeps the protocol's shape (who answers what, stale links, keys that
// carry the last link), not its cryptography: the real one is tested in
// crates/diablo-wasm-corr and, in the browser, by friend.spec.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FriendState } from '../../web/friend/state.js';
import {
  CLAIM_AFTER_MS,
  claimable,
  clocks,
  gameList,
  liveLine,
  lobbyWaiting,
  offerOnShow,
  rematchButton,
  resignHow,
  sendBox,
  serverEnd,
  statusSay,
} from '../../web/friend/ask.js';
import { validateGames } from '../../web/friend/store.js';
import { Rejected } from '../../web/lib/storage.js';

/** A refusal as the engine throws it. */
function refusal(kind) {
  const e = new Error(kind);
  e.name = 'DiabloError';
  e.kind = kind;
  e.params = {};
  return e;
}

const enc = (g) => `c${Buffer.from(JSON.stringify(g)).toString('base64url')}`;
function dec(link) {
  try {
    if (!link.startsWith('c')) throw new Error();
    return JSON.parse(Buffer.from(link.slice(1), 'base64url').toString());
  } catch {
    throw refusal('corr-damaged');
  }
}
const other = (c) => (c === 'black' ? 'green' : 'black');
/** Whose message the game waits for. */
function mover(g) {
  if (g.due === 'accept') return other(g.inviter);
  if (g.due === 'start') return g.inviter;
  return g.due === 'turn' ? g.color : null;
}

/** A fake of lib/engine/corr.js: links are the game's JSON, keys carry the colour and the last link. */
function fakeCorr() {
  let games = 0;
  const view = (g, k) => {
    const link = enc(g);
    const you = k?.you ?? null;
    const yourMove = Boolean(you) && mover(g) === you;
    const keys = k ? JSON.stringify({ id: g.id, you, link }) : null;
    return { ...g, you, yourMove, roll: yourMove && g.due === 'turn' ? [1, 2] : null, link, keys };
  };
  const next = (g, change) => ({ ...g, ...change, messages: g.messages + 1 });
  return {
    calls: [],
    corrInvite(size, edition, color, name) {
      const you = color === 'random' ? 'black' : color;
      games += 1;
      const g = {
        id: `g${games}`,
        size,
        edition,
        inviter: you,
        blackName: you === 'black' ? name : '',
        greenName: you === 'green' ? name : '',
        due: 'accept',
        color: null,
        resigned: false,
        record: '',
        turns: 0,
        messages: 1,
      };
      return view(g, { you });
    },
    corrOpen(link) {
      return view(dec(link), null);
    },
    corrReceive(keys, link) {
      const k = JSON.parse(keys);
      const g = dec(link);
      if (g.id !== k.id) throw refusal('corr-other-game');
      if (g.messages < dec(k.link).messages) throw refusal('corr-stale');
      return view(g, k);
    },
    corrAccept(link, name, owner = '') {
      this.calls.push({ accept: name, owner });
      const g = dec(link);
      if (g.due !== 'accept') throw refusal('corr-not-invitation');
      const you = other(g.inviter);
      const names = you === 'black' ? { blackName: name } : { greenName: name };
      const due = g.inviter === 'green' ? { due: 'start' } : { due: 'turn', color: 'black' };
      return view(next(g, { ...names, ...due }), { you });
    },
    corrAnswer(keys, answer) {
      const k = JSON.parse(keys);
      const g = dec(k.link);
      if (mover(g) !== k.you) throw refusal('corr-not-your-turn');
      if (answer === 'start') return view(next(g, { due: 'turn', color: 'black' }), k);
      if (answer === 'resign') return view(next(g, { due: 'over', color: other(k.you), resigned: true }), k);
      const record = `${g.record}1,2: ${answer}\n`;
      const end = answer === 'win' ? { due: 'over', color: k.you } : { color: other(k.you) };
      return view(next(g, { record, turns: g.turns + 1, ...end }), k);
    },
    corrOwnerSalt(keys) {
      return `salt-${JSON.parse(keys).you}-${JSON.parse(keys).id}`;
    },
    corrKeysGame(keys) {
      try {
        return (
          JSON.parse(keys).id
          ?? (() => {
            throw new Error();
          })()
        );
      } catch {
        throw refusal('corr-keys');
      }
    },
    corrRematchProof(keys) {
      const k = JSON.parse(keys);
      if (dec(k.link).due !== 'over') throw refusal('corr-not-over');
      return `proof-${k.you}-${k.id}`;
    },
    corrCheckRematch(finished, invitation, proof) {
      const m = /^proof-(black|green)-(.+)$/.exec(proof);
      if (!m || m[2] !== dec(finished).id) throw refusal('corr-rematch');
      dec(invitation);
      return m[1];
    },
  };
}

/** One browser: its storage, clock, relay connections and what the page was told. */
function browser({ corr = fakeCorr(), relay = null, sign = undefined, data = {} } = {}) {
  const b = {
    data: structuredClone(data),
    clock: 1000,
    published: [],
    changes: 0,
    arrived: [],
    offered: 0,
    finished: [],
    conns: [],
  };
  b.s = new FriendState({
    corr,
    games: {
      get: () => structuredClone(b.data),
      set: (g) => {
        b.data = structuredClone(g);
      },
    },
    now: () => b.clock,
    sign,
    connect: (url, id, host) => {
      const conn = {
        url,
        id,
        host,
        state: 'open',
        others: 0,
        othersLeftAt: null,
        refused: null,
        sent: [],
        offers: [],
        claims: 0,
        openedAt: b.clock,
        closed: false,
        claim() {
          this.claims += 1;
        },
        resigns: 0,
        resign() {
          this.resigns += 1;
        },
        send() {
          this.sent.push(host.latest());
        },
        offerAndClose(invitation, proof) {
          this.offers.push({ invitation, proof });
          this.closed = true;
        },
        close() {
          this.closed = true;
        },
      };
      conn.send();
      b.conns.push(conn);
      return conn;
    },
    host: {
      changed: () => {
        b.changes += 1;
      },
      publish: (link) => b.published.push(link),
      arrived: (v, news) => b.arrived.push({ v, ...news }),
      offered: () => {
        b.offered += 1;
      },
      finished: (v, end) => b.finished.push(end ? { id: v.id, end } : v.id),
    },
  });
  if (relay) b.s.setRelay(relay);
  return b;
}

const invite = (b, game = {}) =>
  b.s.invite({ size: 6, edition: 'standard', color: 'black', name: 'Ann', links: false, ...game });

/** Ann (Black) invites, Bo accepts: both browsers, and the link Bo sends back. */
function started(corr = fakeCorr(), relay = null) {
  const ann = browser({ corr, relay });
  const bo = browser({ corr, relay });
  invite(ann);
  bo.s.open(ann.s.shown.link);
  bo.s.accept('Bo');
  return { ann, bo, link: bo.s.sending.link };
}

test('an invitation is kept with its keys, stamped by the clock, and offered to send', () => {
  const ann = browser();
  ann.clock = 5000;
  assert.equal(invite(ann), true);
  const v = ann.s.shown;
  assert.deepEqual(Object.keys(ann.data), [v.id]);
  assert.deepEqual(ann.data[v.id], { keys: v.keys, at: 5000 });
  assert.deepEqual(ann.published, [v.link]);
  assert.deepEqual(sendBox(ann.s), { link: v.link, say: 'invitation', sending: ann.s.sending });
  assert.equal(statusSay(v, ann.s.isLive(v.id)), 'waiting');
  assert.deepEqual(
    gameList(ann.s).map((r) => [r.id, r.say]),
    [[v.id, 'accept']],
  );
});

test('opening an invitation asks to accept; accepting keeps the game and answers', () => {
  const corr = fakeCorr();
  const ann = browser({ corr });
  invite(ann, { color: 'green' });
  const bo = browser({ corr });
  bo.s.open(ann.s.shown.link);
  assert.equal(bo.s.shown, null);
  assert.equal(bo.s.invitation?.link, ann.s.shown.link);
  assert.deepEqual(bo.data, {}, 'nothing is kept before accepting');
  assert.equal(bo.s.accept('Bo'), true);
  const v = bo.s.shown;
  assert.equal(bo.s.invitation, null);
  assert.equal(v.you, 'black');
  assert.equal(v.blackName, 'Bo');
  assert.equal(bo.data[v.id].keys, v.keys);
  assert.equal(bo.s.sending.why, 'accepted');
  assert.deepEqual(bo.published, [v.link]);

  // The inviter playing Green answers the acceptance with the start message at once.
  ann.s.open(v.link);
  assert.equal(ann.s.shown.due, 'turn');
  assert.equal(ann.s.shown.color, 'black');
  assert.equal(ann.s.sending.why, 'start');
  assert.equal(ann.published.at(-1), ann.s.shown.link);
  assert.equal(JSON.parse(ann.data[v.id].keys).link, ann.s.shown.link, 'the start message is what is kept');
});

test('a turn that arrives is kept, shown, and told as moving', () => {
  const { ann, bo, link } = started();
  ann.clock = 9000;
  ann.s.open(link);
  assert.equal(ann.s.yourTurn(), true);
  assert.deepEqual(ann.s.shown.roll, [1, 2]);
  assert.equal(ann.s.play('a1-a2'), true);
  assert.equal(ann.s.sending.why, 'sent');
  const turn = ann.s.shown.link;
  const before = bo.data[ann.s.shown.id].at;
  bo.clock = 12_000;
  bo.s.open(turn);
  assert.equal(bo.s.yourTurn(), true);
  assert.equal(bo.data[bo.s.shown.id].at, 12_000);
  assert.notEqual(before, 12_000);
  assert.deepEqual(
    bo.arrived.map((a) => [a.moved, a.relayed]),
    [[true, false]],
  );
  // The same link again is no news: nothing is stamped, nothing moves.
  bo.clock = 20_000;
  bo.s.open(turn);
  assert.equal(bo.data[bo.s.shown.id].at, 12_000);
  assert.equal(bo.arrived.length, 1);
  assert.deepEqual(gameList(bo.s)[0].turn, { roll: '1,2', turn: 'a1-a2' });
});

test("the server's links catch up the kept games a closed page missed; the rest are dropped quietly", () => {
  const { ann, bo, link } = started();
  ann.s.open(link);
  ann.s.play('a1-a2');
  const turn = ann.s.shown.link;
  const id = ann.s.shown.id;
  // Bo's page opens later, on nothing in particular.
  const later = browser({ data: bo.data, corr: ann.s.corr });
  const before = later.data[id].keys;
  assert.equal(gameList(later.s)[0].say, 'theirTurn');
  // A link that is no link, and one of a game not kept here: dropped.
  const second = started(ann.s.corr);
  const other = { s: { shown: { link: second.link, id: second.ann.s.shown.id } } };
  /** The server's entry of a game (api/players/<key>/playing), Bo at Green. */
  const entry = (l, game = id) => ({
    game,
    link: l,
    size: 6,
    black: { key: 'AnnKey', name: 'Ann' },
    green: { key: 'BoKey', name: 'Bo' },
    toMove: 'green',
  });
  assert.equal(
    later.s.catchUp([entry('not a link', 'x'), entry(other.s.shown.link, other.s.shown.id), entry(link)], 'BoKey'),
    0,
    'nothing new',
  );
  assert.equal(later.data[id].keys, before);
  // The game not kept here is Bo's elsewhere: his move, a tap away.
  assert.deepEqual(
    later.s.elsewhere.map((g) => [g.id, g.opponent, g.yourMove]),
    [
      ['x', 'Ann', true],
      [other.s.shown.id, 'Ann', true],
    ],
  );
  later.s.open(other.s.shown.link);
  assert.equal(later.s.watchingMine(), true, 'watched here, its keys elsewhere');
  assert.equal(later.s.catchUp([], 'BoKey'), 0);
  assert.equal(later.s.watchingMine(), false);
  // Ann's turn is kept: the list says it is Bo's turn now.
  assert.equal(later.s.catchUp([entry(turn)], 'BoKey'), 1);
  assert.notEqual(later.data[id].keys, before);
  assert.deepEqual(later.s.elsewhere, [], 'kept here: not elsewhere');
  assert.equal(gameList(later.s)[0].say, 'yourTurn');
  assert.equal(later.s.catchUp([entry(turn)], 'BoKey'), 0, 'the same link again is no news');
  // Another player's key sits at none of them.
  later.s.catchUp([entry('y', 'y')], 'CyKey');
  assert.deepEqual(later.s.elsewhere, []);
  // A lobby game whose other seat the server knows as a bot's: kept so,
  // for its name to say BOT; one's own seat is never marked.
  later.s.markLobby(id);
  assert.equal(later.s.botUnknown(id), true);
  later.s.catchUp([{ ...entry(turn), green: { key: 'BoKey', name: 'Bo', bot: true } }], 'BoKey');
  assert.equal(later.data[id].bot, undefined, 'Bo is this player');
  later.s.catchUp([{ ...entry(turn), black: { key: 'AnnKey', name: 'Ann', bot: true } }], 'BoKey');
  assert.equal(later.data[id].bot, 'black');
  assert.equal(later.s.botUnknown(id), false);
});

test('a refused link is a typed refusal and leaves the kept game as it was', () => {
  const { ann, link } = started();
  ann.s.open(link);
  ann.s.play('a1-a2');
  const kept = structuredClone(ann.data);
  const published = ann.published.length;
  ann.s.open(link);
  assert.equal(ann.s.message?.kind, 'refused');
  assert.equal(ann.s.message.info.kind, 'corr-stale');
  assert.deepEqual(ann.data, kept);
  // The kept game is on show again, at its own last link, in the address bar.
  const last = JSON.parse(kept[ann.s.shown.id].keys).link;
  assert.equal(ann.s.shown.link, last);
  assert.deepEqual(ann.published.slice(published), [last]);

  ann.s.open('cnot-a-link');
  assert.equal(ann.s.message.info.kind, 'corr-damaged');
  assert.deepEqual(ann.data, kept);
  assert.equal(ann.s.shown.link, last, 'an unreadable link changes nothing on show');
  ann.s.open(last);
  assert.equal(ann.s.message, null, 'a good link clears the refusal');
});

test('a bug in the engine is thrown on, not worded as a refusal', () => {
  const corr = fakeCorr();
  corr.corrOpen = () => {
    throw new TypeError('bug');
  };
  const b = browser({ corr });
  assert.throws(() => b.s.open('cabc'), TypeError);
  assert.equal(b.s.message, null);
});

test("someone else's game is watched, never kept", () => {
  const { link } = started();
  const eve = browser();
  eve.s.open(link);
  assert.equal(eve.s.shown, null);
  assert.equal(eve.s.watched?.link, link);
  assert.deepEqual(eve.data, {});
  assert.equal(sendBox(eve.s), null);
});

test('keys are imported; a key file that is not one is refused by kind', () => {
  const { ann } = started();
  const keys = ann.data[ann.s.shown.id].keys;
  const other = browser();
  other.s.importKeys(keys);
  assert.deepEqual(other.s.message, { kind: 'imported' });
  assert.equal(other.data[ann.s.shown.id].keys, keys);
  other.s.importKeys('nonsense');
  assert.equal(other.s.message.kind, 'refused');
  assert.equal(other.s.message.info.kind, 'corr-keys');
  assert.equal(Object.keys(other.data).length, 1);
});

test('a finished game is handed on to be kept once', () => {
  const { ann, bo, link } = started();
  ann.s.open(link);
  ann.s.play('win');
  assert.equal(ann.s.shown.due, 'over');
  assert.equal(ann.s.sending.why, 'over');
  bo.s.open(ann.s.shown.link);
  bo.s.open(ann.s.shown.link);
  assert.deepEqual(ann.finished, [ann.s.shown.id]);
  assert.deepEqual(bo.finished, [ann.s.shown.id]);
  assert.equal(rematchButton(bo.s), 'links');
});

test("live: links travel through the game's connection; stale ones from the relay are dropped quietly", () => {
  const { ann, bo, link } = started(fakeCorr(), 'wss://relay.example/');
  const conn = ann.conns.at(-1);
  ann.s.open(link);
  assert.equal(ann.conns.at(-1), conn, 'one connection a game');
  assert.equal(conn.sent.at(-1), link);
  ann.s.play('a1-a2');
  assert.equal(conn.sent.at(-1), ann.s.shown.link, 'a turn played is sent at once');
  const boConn = bo.conns.at(-1);
  const changes = bo.changes;
  boConn.host.received(link);
  assert.equal(bo.changes, changes, 'an old link from the relay changes nothing');
  boConn.host.received('garbage');
  assert.equal(bo.s.message, null, 'nor does one the engine refuses');
  boConn.host.received(ann.s.shown.link);
  assert.equal(bo.s.yourTurn(), true);
  assert.equal(bo.published.at(-1), ann.s.shown.link);
  assert.deepEqual(
    bo.arrived.map((a) => [a.moved, a.relayed]),
    [[true, true]],
  );
  // The friend connected: no link to send; gone: the box says the turn waits for them.
  boConn.others = 1;
  bo.s.play('b1-b2');
  assert.equal(sendBox(bo.s), null);
  assert.equal(liveLine(bo.s).say, 'here');
  boConn.others = 0;
  boConn.othersLeftAt = 1;
  assert.equal(sendBox(bo.s).say, 'liveSend');
  assert.equal(liveLine(bo.s).say, 'left');
  assert.equal(liveLine(bo.s).ageing, true);
});

test('a game played by links has no connection until it goes live', () => {
  const ann = browser({ relay: 'wss://relay.example/' });
  invite(ann, { links: true });
  assert.equal(ann.data[ann.s.shown.id].links, true);
  assert.equal(ann.conns.length, 0);
  assert.equal(liveLine(ann.s).say, 'linksOnly');
  assert.equal(liveLine(ann.s).goLive, true);
  ann.s.playLive();
  assert.equal(ann.data[ann.s.shown.id].links, undefined);
  assert.equal(ann.conns.length, 1);
  assert.equal(sendBox(ann.s).say, 'invitationLive');
});

test('a rematch offer is kept only from the other player, and taken by Rematch', () => {
  const { ann, bo, link } = started(fakeCorr(), 'wss://relay.example/');
  ann.s.open(link);
  ann.s.play('win');
  bo.s.open(ann.s.shown.link);
  const id = bo.s.shown.id;
  const annConn = ann.conns.at(-1);
  // Ann offers a rematch: a new invitation, offered in the finished game's room with her proof.
  const game = ann.s.rematch('Ann');
  assert.deepEqual(game, { size: 6, edition: 'standard', color: 'green', name: 'Ann', links: false });
  assert.equal(annConn.offers.length, 1);
  const { invitation, proof } = annConn.offers[0];
  assert.equal(invitation, ann.s.shown.link);
  assert.equal(ann.s.offeredIn, ann.s.shown.id);
  assert.equal(sendBox(ann.s).say, 'rematchSent');

  // On Bo's page: a forged proof and his own are not offers; Ann's is.
  bo.s.gotOffer(id, invitation, 'proof-black-elsewhere');
  bo.s.gotOffer(id, invitation, `proof-${bo.s.shown.you}-${id}`);
  assert.equal(bo.s.offer, null);
  assert.equal(bo.offered, 0);
  bo.s.gotOffer(id, invitation, proof);
  assert.deepEqual(offerOnShow(bo.s), { id, invitation, from: 'black', terms: null });
  assert.equal(bo.offered, 1);
  assert.equal(rematchButton(bo.s), null, "the friend's offer is the rematch to play");
  // One tap: the offer is accepted at once, under Bo's name in the finished game.
  const boName = bo.s.shown.you === 'black' ? bo.s.shown.blackName : bo.s.shown.greenName;
  assert.equal(bo.s.rematch('ignored'), 'offer');
  assert.equal(bo.s.offer, null);
  assert.equal(bo.s.invitation, null);
  assert.notEqual(bo.s.shown.id, id);
  assert.equal(bo.s.shown.you, 'black');
  assert.equal(bo.s.shown.blackName, boName);
  assert.equal(bo.s.shown.due, 'start', 'accepted: the inviter (Green) sends the start');
});

test('a lobby game lost on time: Rematch on both pages, offered without a proof, its seat vouching, on the same terms', () => {
  const { ann, bo, link } = started(fakeCorr(), 'wss://relay.example/');
  ann.s.open(link);
  const id = ann.s.shown.id;
  for (const b of [ann, bo]) {
    b.s.setIdentity(b === ann ? ME : { key: 'B'.repeat(43), name: 'Bo' });
    b.s.markLobby(id, true);
    b.s.keepClock(id, { initial: 300, increment: 3 });
  }
  const annConn = ann.conns.at(-1);
  const boConn = bo.conns.at(-1);
  // Not while the game goes on.
  assert.equal(rematchButton(ann.s), null);
  // Bo's flag, told by the server: over, though the links are not.
  for (const [b, conn] of [
    [ann, annConn],
    [bo, boConn],
  ]) {
    conn.seated = true;
    conn.host.over({ winner: 'black', reason: 'time' });
    assert.notEqual(b.s.shown.due, 'over');
    assert.equal(rematchButton(b.s), 'live', 'a rematch after every ending');
  }
  // Without a key (no seat to vouch) there is none.
  const anon = browser({ relay: 'wss://relay.example/', data: bo.data });
  anon.s.open(bo.s.shown.link);
  anon.conns.at(-1).host.over({ winner: 'black', reason: 'time' });
  assert.equal(rematchButton(anon.s), null);
  // Ann's rematch: under her name, colours swapped, a lobby game too, offered with no proof.
  const game = ann.s.rematch('', undefined, undefined, { clock: { initial: 300, increment: 3 }, rated: true });
  assert.deepEqual(game, { size: 6, edition: 'standard', color: 'green', name: 'Ann', links: false });
  assert.equal(annConn.offers.length, 1);
  const { invitation, proof } = annConn.offers[0];
  assert.equal(proof, null);
  const made = ann.s.shown.id;
  assert.ok(ann.s.isLobbyGame(made));
  assert.equal(ann.data[made].rated, true);
  assert.deepEqual(ann.s.rematchTo, { id: made, opponent: 'Bo', rated: true, clock: { initial: 300, increment: 3 } });
  // Bo's page: an offer with neither proof nor side is none; one the server says is his own is none;
  // the one the server says Black (Ann) sent is kept, with its terms.
  const terms = { clock: { initial: 300, increment: 3 }, rated: true };
  boConn.host.offered(invitation, null, null, terms);
  boConn.host.offered(invitation, null, bo.s.shown.you, terms);
  assert.equal(bo.s.offer, null);
  boConn.host.offered(invitation, null, 'black', terms);
  assert.deepEqual(offerOnShow(bo.s), { id, invitation, from: 'black', terms });
  assert.equal(rematchButton(bo.s), null, "Ann's offer is the rematch to play");
  // One tap: accepted under Bo's name; a lobby game, rated, on 5+3.
  assert.equal(bo.s.rematch('ignored'), 'offer');
  const next = bo.s.shown;
  assert.equal(next.id, made);
  assert.equal(next.blackName, 'Bo');
  assert.equal(next.greenName, 'Ann');
  assert.ok(bo.s.isLobbyGame(made));
  assert.equal(bo.data[made].rated, true);
  assert.deepEqual(bo.data[made].clock, { initial: 300, increment: 3 });
});

test('resign at any time: by a link on one’s turn, through the seated connection on the other’s', () => {
  const { ann, bo, link } = started(fakeCorr(), 'wss://relay.example/');
  ann.s.open(link);
  const id = ann.s.shown.id;
  const annConn = ann.conns.at(-1);
  const boConn = bo.conns.at(-1);
  // Ann (Black, the inviter) is to send the start: her turn, a link.
  assert.equal(ann.s.yourTurn(), true);
  assert.equal(resignHow(ann.s), 'link');
  // Bo waits: with no seat (no key) he cannot resign now; seated, the server takes it.
  assert.equal(resignHow(bo.s), null);
  boConn.seated = true;
  assert.equal(resignHow(bo.s), 'server');
  bo.s.resignLive();
  assert.equal(boConn.resigns, 1);
  // The server's end: both pages over, said as a resignation, no Resign left.
  for (const conn of [annConn, boConn]) conn.host.over({ winner: 'black', reason: 'resign' });
  assert.deepEqual(serverEnd(ann.s, ann.s.shown), { say: 'resign', winner: 'black', loser: 'green' });
  assert.equal(resignHow(bo.s), null);
  assert.equal(resignHow(ann.s), null);
  assert.ok(ann.s.isOver(ann.s.shown));
  assert.equal(ann.data[id].end.reason, 'resign');
  // A resignation the links show is theirs, not the server's to say.
  const { ann: a2, link: l2 } = started(fakeCorr(), 'wss://relay.example/');
  a2.s.open(l2);
  a2.s.play('resign');
  a2.conns.at(-1).host.over({ winner: 'green', reason: 'resign' });
  assert.equal(serverEnd(a2.s, a2.s.shown), null);
});

test('a replay of one’s own finished game is watched from its start, and stays watched when the relay sends it', () => {
  const { ann, link } = started(fakeCorr(), 'wss://relay.example/');
  ann.s.open(link);
  const id = ann.s.shown.id;
  ann.s.play('resign');
  const last = ann.s.shown.link;
  ann.s.replay(last);
  assert.equal(ann.s.shown, null);
  assert.equal(ann.s.watched?.id, id);
  assert.equal(ann.s.replayFrom, id);
  ann.conns.at(-1).host.received(last);
  assert.equal(ann.s.shown, null, 'not played again');
  assert.equal(ann.s.watched?.id, id);
  // Opened as usual, it is Ann's game again.
  ann.s.open(last);
  assert.equal(ann.s.shown?.id, id);
});

test('stored games of the wrong shape are dropped, the others kept', () => {
  const good = { keys: '{}', at: 1 };
  assert.deepEqual(validateGames({ a: good, b: { ...good, links: true } }), { a: good, b: { ...good, links: true } });
  const r = validateGames({ a: good, b: { keys: 3 } });
  assert.ok(r instanceof Rejected);
  assert.deepEqual(r.salvaged, { a: good });
  assert.ok(validateGames([]) instanceof Rejected);
});

/** A signer as lib/identity.js signs: here the text itself, marked, so tests see what was signed. */
const fakeSign = async (text) => `sig(${text})`;
const ME = { key: 'K'.repeat(43), name: 'Ann' };
const NONCE = '0123456789abcdef'.repeat(2);

test("a seat is signed over the room's game and nonce, for a game played here only", async () => {
  const corr = fakeCorr();
  const { ann, bo } = started(corr, 'wss://relay.example/');
  const conn = ann.conns.at(-1);
  assert.equal(await conn.host.seat(NONCE), null, 'no player here yet: no seat');
  const annSeated = browser({ corr, relay: 'wss://relay.example/', sign: fakeSign, data: ann.data });
  annSeated.s.setIdentity(ME);
  annSeated.s.open(bo.s.sending.link);
  const id = annSeated.s.shown.id;
  const frame = JSON.parse(await annSeated.conns.at(-1).host.seat(NONCE));
  assert.deepEqual(frame, { seat: { key: ME.key, name: 'Ann', sig: `sig(diablo seat ${id} ${NONCE})` } });
  // An invitation on show (to accept) is seated too: its acceptance must come from a seat.
  const cy = browser({ corr, relay: 'wss://relay.example/', sign: fakeSign });
  cy.s.setIdentity({ key: ME.key, name: 'Cy' });
  const inviter = browser({ corr });
  invite(inviter);
  cy.s.open(inviter.s.shown.link);
  assert.ok(cy.s.invitation);
  assert.match(await cy.conns.at(-1).host.seat(NONCE), /"name":"Cy"/);
  // A watcher holds no keys: it speaks for nobody.
  const eve = browser({ corr, relay: 'wss://relay.example/', sign: fakeSign });
  eve.s.setIdentity(ME);
  eve.s.open(bo.s.sending.link);
  assert.ok(eve.s.watched);
  assert.equal(await eve.conns.at(-1).host.seat(NONCE), null);
});

/** Ann (Black) and Bo in a live game on a clock, Ann to move. */
function clocked() {
  const { ann, bo, link } = started(fakeCorr(), 'wss://relay.example/');
  ann.s.open(link);
  return { ann, bo, conn: ann.conns.at(-1), boConn: bo.conns.at(-1) };
}

test("a challenge taken here is bound to this browser's key, and its links carry the salt that shows it", () => {
  const corr = fakeCorr();
  const relay = 'ws://relay.test/live/';
  const ann = browser({ corr, relay });
  invite(ann);
  const bo = browser({ corr, relay });
  bo.s.setIdentity({ key: 'BoKey', name: 'Bo' });
  bo.s.open(ann.s.shown.link);
  bo.s.accept('Bo');
  assert.deepEqual(corr.calls.at(-1), { accept: 'Bo', owner: 'diablo taker BoKey' });
  const v = bo.s.shown;
  const conn = bo.conns.find((c) => c.id === v.id);
  assert.equal(conn.host.salt(), `salt-${v.you}-${v.id}`, 'the accepter sends the salt');
  // The inviter has no acceptance to show: no salt.
  const mine = ann.conns.find((c) => c.id === v.id);
  assert.equal(mine.host.salt(), null);
  // Without a key on this browser the acceptance binds nobody.
  const cy = browser({ corr, relay });
  invite(ann);
  cy.s.open(ann.s.shown.link);
  cy.s.accept('Cy');
  assert.deepEqual(corr.calls.at(-1), { accept: 'Cy', owner: '' });
});

test("the server's clocks: this player's below, the other's above, counting down for the side to move", () => {
  const { ann, conn } = clocked();
  assert.equal(clocks(ann.s, ann.clock), null, 'none before the first frame (a relay without clocks)');
  ann.clock = 10_000;
  const changes = ann.changes;
  conn.host.clock({ black: 60_000, green: 60_000, running: 'black' });
  assert.equal(ann.changes, changes + 1);
  const c = clocks(ann.s, 13_000);
  assert.equal(c.kind, 'live');
  const none = { bank: null, first: null, paused: false };
  assert.deepEqual(c.bottom, { side: 'black', name: 'Ann', ms: 57_000, running: true, low: false, ...none });
  assert.deepEqual(c.top, { side: 'green', name: 'Bo', ms: 60_000, running: false, low: false, ...none });
  assert.equal(clocks(ann.s, 64_500).bottom.low, true, 'under 6 s of a 60 s clock');
  // Another game's frame (an old connection's) is not this game's clock.
  ann.s.room.host.clock('other', { black: 1, green: 1, running: 'green' });
  assert.equal(clocks(ann.s, 13_000).bottom.ms, 57_000);
  // The connection lost at 20 s: the running clock stands there, paused,
  // until the server's next frame (it charges nobody while it is away).
  ann.clock = 20_000;
  conn.state = 'lost';
  conn.host.changed();
  assert.deepEqual(clocks(ann.s, 90_000).bottom, { ...c.bottom, ms: 50_000, paused: true });
  assert.equal(clocks(ann.s, 90_000).top.paused, false, 'the standing one is not paused');
  ann.clock = 95_000;
  conn.state = 'open';
  conn.host.clock({ black: 49_000, green: 60_000, running: 'black' });
  assert.deepEqual(clocks(ann.s, 96_000).bottom, { ...c.bottom, ms: 48_000 });
});

test("the first move: its 30 s count down on the mover's clock while the clocks stand; low under 10 s", () => {
  const { ann, conn } = clocked();
  ann.clock = 10_000;
  conn.host.clock({ black: 60_000, green: 60_000, running: 'black', first: 30_000 });
  const c = clocks(ann.s, 14_000);
  assert.deepEqual(c.bottom, {
    side: 'black',
    name: 'Ann',
    ms: 60_000,
    bank: null,
    running: true,
    low: false,
    first: 26_000,
    paused: false,
  });
  assert.equal(c.top.first, null, 'the other side owes nothing');
  assert.equal(clocks(ann.s, 31_000).bottom.low, true, 'under 10 s of the first move');
  assert.equal(clocks(ann.s, 45_000).bottom.first, 0, 'never below 0');
  assert.equal(clocks(ann.s, 45_000).bottom.ms, 60_000, 'the clock itself stood');
  // Past the opening, the frame has no `first`: the clock runs.
  conn.host.clock({ black: 60_000, green: 60_000, running: 'black' });
  assert.equal(clocks(ann.s, 46_000).bottom.first, null);
});

test('lost on time: the board is locked, the end said and kept, the game handed on once with its end', () => {
  const { ann, bo, conn, boConn } = clocked();
  conn.host.clock({ black: 3000, green: 3000, running: 'black' });
  const id = ann.s.shown.id;
  assert.equal(ann.s.yourTurn(), true);
  const over = { winner: 'green', reason: 'time' };
  conn.host.over(over);
  boConn.host.over(over);
  assert.equal(ann.s.yourTurn(), false, 'no turn after the flag');
  assert.equal(ann.s.play('a1-a2'), false, 'nor a turn played');
  assert.deepEqual(serverEnd(ann.s, ann.s.shown), { say: 'time', winner: 'green', loser: 'black' });
  assert.equal(sendBox(ann.s), null);
  assert.equal(liveLine(ann.s).notify, false, 'no turn to be told of');
  assert.equal(clocks(ann.s, 99_999).bottom.running, false, 'the clocks stop');
  assert.deepEqual(ann.data[id].end, over, 'kept: the link does not show it');
  assert.deepEqual(ann.finished, [{ id, end: over }]);
  assert.deepEqual(bo.finished, [{ id, end: over }]);
  conn.host.over(over);
  assert.equal(ann.finished.length, 1, 'handed on once');
  const row = gameList(ann.s)[0];
  assert.equal(row.say, 'over');
  assert.equal(row.winner, 'green');
  // The page opened again: the kept end locks the board at once.
  const again = browser({ corr: fakeCorr(), relay: 'wss://relay.example/', data: ann.data });
  again.s.corr = ann.s.corr;
  again.s.open(ann.s.shown.link);
  assert.equal(again.s.yourTurn(), false);
  assert.deepEqual(again.s.ended(id), over);
});

test('aborted: no winner, nothing handed on; the row says so', () => {
  const { ann, conn } = clocked();
  conn.host.over({ winner: null, reason: 'aborted' });
  assert.deepEqual(serverEnd(ann.s, ann.s.shown), { say: 'aborted', winner: null, loser: null });
  assert.deepEqual(ann.finished, []);
  assert.equal(gameList(ann.s)[0].winner, null);
});

test('the win is claimable only when the other player, to move, has been away past the limit', () => {
  const { ann, bo, conn, boConn } = clocked();
  conn.host.clock({ black: 60_000, green: 60_000, running: 'black' });
  ann.s.play('a1-a2');
  conn.host.clock({ black: 58_000, green: 60_000, running: 'green' });
  conn.others = 1;
  assert.equal(claimable(ann.s, ann.clock + 10 * CLAIM_AFTER_MS), false, 'Bo is here');
  conn.others = 0;
  conn.othersLeftAt = 50_000;
  assert.equal(claimable(ann.s, 50_000 + CLAIM_AFTER_MS - 1), false);
  assert.equal(claimable(ann.s, 50_000 + CLAIM_AFTER_MS), true);
  // Never seen since the page opened: counted from the opening.
  conn.othersLeftAt = null;
  conn.openedAt = 70_000;
  assert.equal(claimable(ann.s, 70_000 + CLAIM_AFTER_MS), true);
  // Bo's page, Ann gone and Bo to move: nothing to claim.
  boConn.others = 0;
  boConn.othersLeftAt = 0;
  bo.s.receive(ann.s.shown.link);
  boConn.host.clock({ black: 58_000, green: 60_000, running: 'green' });
  assert.equal(claimable(bo.s, 10 * CLAIM_AFTER_MS), false, "one's own move is never claimable");
  // Claimed: the server's too-early refusal is a plain message; its over ends the game.
  ann.s.claim();
  assert.equal(conn.claims, 1);
  conn.host.refusedKind('too-early');
  assert.deepEqual(ann.s.message, { kind: 'too-early' });
  ann.s.claim();
  assert.equal(ann.s.message, null);
  conn.host.over({ winner: 'black', reason: 'abandoned' });
  assert.equal(claimable(ann.s, 10 * CLAIM_AFTER_MS), false);
  assert.deepEqual(serverEnd(ann.s, ann.s.shown), { say: 'abandoned', winner: 'black', loser: 'green' });
});

test('turn-based: claimable once the deadline has passed', () => {
  const { ann, conn } = clocked();
  ann.s.kept.note(ann.s.shown.id, { clock: { days: 1 } });
  ann.s.play('a1-a2');
  void conn;
  // The page opened again, with the setting kept.
  const fresh = browser({ corr: ann.s.corr, relay: 'wss://relay.example/', data: ann.data });
  fresh.s.open(ann.s.shown.link);
  const c = fresh.conns.at(-1);
  fresh.clock = 0;
  c.host.clock({ black: 86_400_000, green: 1000, running: 'green' });
  assert.equal(clocks(fresh.s, 0).kind, 'days');
  c.others = 1;
  assert.equal(claimable(fresh.s, 999), false);
  assert.equal(claimable(fresh.s, 1000), true, 'past the deadline, present or not');
});

test('turn-based with a time bank: claimable only once the turn and the bank have run out', () => {
  const { ann } = clocked();
  const DAY = 86_400_000;
  ann.s.kept.note(ann.s.shown.id, { clock: { days: 1, bank: 2 } });
  ann.s.play('a1-a2');
  const fresh = browser({ corr: ann.s.corr, relay: 'wss://relay.example/', data: ann.data });
  fresh.s.open(ann.s.shown.link);
  const c = fresh.conns.at(-1);
  fresh.clock = 0;
  c.host.clock({ black: DAY, green: 1000, running: 'green', bank_ms: { black: 2 * DAY, green: 2 * DAY } });
  c.others = 1;
  assert.equal(claimable(fresh.s, 1001), false, 'the deadline passed: a bank day is spent');
  assert.equal(clocks(fresh.s, 1001).top.bank, DAY);
  assert.equal(clocks(fresh.s, 1001).top.ms, DAY - 1);
  assert.equal(claimable(fresh.s, 2 * DAY + 999), false);
  assert.equal(claimable(fresh.s, 2 * DAY + 1000), true, 'the bank spent too');
});

test('a lobby challenge: the link box stands aside while it waits; gone untaken, the page says so', () => {
  const ann = browser({ relay: 'wss://relay.example/' });
  ann.s.invite(
    { size: 6, edition: 'standard', color: 'black', name: 'Ann', links: false },
    { initial: 60, increment: 0 },
  );
  const id = ann.s.shown.id;
  assert.deepEqual(ann.data[id].clock, { initial: 60, increment: 0 });
  ann.s.posted(id);
  assert.equal(lobbyWaiting(ann.s), true);
  assert.equal(sendBox(ann.s), null);
  ann.s.unposted('another');
  assert.equal(lobbyWaiting(ann.s), true);
  ann.s.unposted(id);
  assert.equal(lobbyWaiting(ann.s), false);
  assert.deepEqual(ann.s.message, { kind: 'lobbyGone' });
  ann.s.posted(id);
  ann.s.lobbyRefused(id, 'too many challenges');
  assert.deepEqual(ann.s.message, { kind: 'lobbyRefused', text: 'too many challenges' });
  assert.equal(lobbyWaiting(ann.s), false);
});
