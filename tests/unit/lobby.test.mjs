// The lobby, free of the DOM: the page's state (web/lobby/state.js: the
// list as hooks come and go, filters, this player's own first, clock
// labels, the friend page's addresses, a custom clock's bounds) and the
// lobby's connection (web/lib/net/: its URL from live.json's, the frames
// it reads and drops, the signed post and withdraw it sends, and after a
// drop, reconnecting and posting the standing live challenge again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStorage } from './memory-storage.mjs';
import {
  clockKind,
  customClock,
  LobbyState,
  liveLabel,
  postUrl,
  QUICK,
  QUICK_RANGE,
  sameClock,
  takeUrl,
} from '../../web/lobby/state.js';

globalThis.localStorage = new MemoryStorage();
const { LobbyClient } = await import('../../web/lib/net/lobby.js');
const { readFrame, readHook } = await import('../../web/lib/net/lobby-wire.js');
const { lobbyUrl } = await import('../../web/lib/net/server.js');
const { reconnectDelay } = await import('../../web/lib/net/socket.js');
const id = await import('../../web/lib/identity.js');
const connect = (url, handlers) => new LobbyClient(url, handlers);

const hook = (n, over = {}) => ({
  game: n.toString(16).padStart(32, '0'),
  link: `cL${n}`,
  size: 8,
  edition: 'standard',
  color: 'random',
  clock: { initial: 300, increment: 3 },
  rated: true,
  player: { key: `${'K'.repeat(42)}${n % 10}`, name: `P${n}` },
  ...over,
});

test('hooks: listed newest first, replaced by game id, gone; the list starts again on connecting', () => {
  const s = new LobbyState();
  s.setHooks([hook(1), hook(2)]);
  assert.deepEqual(
    s.shown().map((h) => h.game),
    [hook(2).game, hook(1).game],
  );
  s.addHook(hook(3));
  s.addHook({ ...hook(1), size: 10 });
  assert.deepEqual(
    s.shown().map((h) => h.link),
    ['cL1', 'cL3', 'cL2'],
  );
  assert.equal(s.hooks.get(hook(1).game).size, 10);
  s.gone(hook(3).game);
  s.gone('unknown');
  assert.deepEqual(
    s.shown().map((h) => h.link),
    ['cL1', 'cL2'],
  );
  s.setHooks([hook(5)]);
  assert.deepEqual(
    s.shown().map((h) => h.link),
    ['cL5'],
  );
});

test('filters by size, edition and clock kind; this player’s challenges first', () => {
  const s = new LobbyState();
  s.setHooks([
    hook(1),
    hook(2, { size: 10, edition: 'sequenced', clock: { days: 3 } }),
    hook(3, { clock: { days: 1 } }),
    hook(4, { edition: 'sequenced' }),
  ]);
  const links = () => s.shown().map((h) => h.link);
  s.filter({ kind: 'days' });
  assert.deepEqual(links(), ['cL3', 'cL2']);
  s.filter({ kind: 'live', edition: 'sequenced' });
  assert.deepEqual(links(), ['cL4']);
  s.filter({ kind: 'all', edition: null, size: 10 });
  assert.deepEqual(links(), ['cL2']);
  s.filter({ size: null });
  s.me = { key: hook(1).player.key, name: 'P1' };
  assert.deepEqual(links(), ['cL1', 'cL4', 'cL3', 'cL2']);
  assert.ok(s.mine(hook(1)));
  assert.ok(!s.mine(hook(2)));
});

test('quick pairing: the first posted match of its terms and clock, never one’s own, within the rating range', () => {
  const s = new LobbyState();
  s.me = /** @type {any} */ ({ key: `${'K'.repeat(42)}1`, name: 'P1' });
  const fiveThree = { initial: 300, increment: 3 };
  // Nothing open: a tap posts.
  assert.equal(s.quickMatch(fiveThree), null);
  s.setHooks([
    hook(1), // this player's own
    hook(2, { size: 6 }),
    hook(3, { edition: 'sequenced' }),
    hook(4, { rated: false }),
    hook(5, { clock: { initial: 300, increment: 2 } }),
    hook(6, { clock: { days: 3, bank: 5 } }),
    hook(7, { player: { key: `${'K'.repeat(42)}7`, name: 'P7', rating: 2300, provisional: false } }),
    hook(8),
    hook(9),
  ]);
  // Without a rating of one's own every rating matches: the first posted that is not one's own.
  assert.equal(s.quickMatch(fiveThree)?.game, hook(7).game);
  assert.deepEqual(
    s.quickOpen(fiveThree).map((h) => h.player.name),
    ['P1', 'P7', 'P8', 'P9'],
  );
  // An established 1500 does not meet an established 2300 (more than QUICK_RANGE apart); a provisional one does.
  s.rating = { rating: 1500, provisional: false };
  assert.ok(2300 - 1500 > QUICK_RANGE);
  assert.equal(s.quickMatch(fiveThree)?.game, hook(8).game);
  s.rating = { rating: 1500, provisional: true };
  assert.equal(s.quickMatch(fiveThree)?.game, hook(7).game);
  // Turn-based: days and bank both.
  assert.equal(s.quickMatch({ days: 3, bank: 5 })?.game, hook(6).game);
  assert.equal(s.quickMatch({ days: 3 }), null);
  assert.ok(sameClock({ days: 3 }, { days: 3, bank: 0 }));
  assert.ok(!sameClock({ days: 3 }, { initial: 3, increment: 0 }));
  // Taken: gone from the list, the next one matches.
  s.gone(hook(8).game);
  s.rating = { rating: 1500, provisional: false };
  assert.equal(s.quickMatch(fiveThree)?.game, hook(9).game);
  // The grid's clocks are all within the server's bounds.
  for (const c of QUICK) {
    if ('days' in c) assert.ok(c.days >= 1 && c.days <= 14);
    else assert.deepEqual(customClock(String(c.initial / 60), String(c.increment)), c);
  }
});

test('clock labels as players write them; kinds', () => {
  assert.equal(liveLabel({ initial: 300, increment: 3 }), '5+3');
  assert.equal(liveLabel({ initial: 180, increment: 2 }), '3+2');
  assert.equal(liveLabel({ initial: 30, increment: 0 }), '½+0');
  assert.equal(liveLabel({ initial: 90, increment: 2 }), '1:30+2');
  assert.equal(liveLabel({ initial: 10800, increment: 180 }), '180+180');
  assert.equal(liveLabel({ days: 3 }), null);
  assert.equal(clockKind({ days: 3 }), 'days');
  assert.equal(clockKind({ initial: 60, increment: 0 }), 'live');
});

test('the friend page’s addresses: take and post', () => {
  assert.equal(takeUrl(hook(1)), 'friend.html?lobby=take&rated=1&clock=300+3#cL1');
  assert.equal(takeUrl(hook(1, { clock: { days: 2 }, rated: false })), 'friend.html?lobby=take&rated=0&days=2#cL1');
  // A bot's challenge says so, for the game page to mark its name.
  const bot = hook(2, { player: { key: 'B'.repeat(43), name: 'Easy', bot: true } });
  assert.equal(takeUrl(bot), 'friend.html?lobby=take&rated=1&bot=1&clock=300+3#cL2');
  assert.equal(
    postUrl({ size: 8, edition: 'standard', color: 'black', rated: true, clock: { initial: 600, increment: 5 } }),
    'friend.html?lobby=post&size=8&edition=standard&color=black&rated=1&clock=600+5',
  );
  assert.equal(
    postUrl({ size: 10, edition: 'sequenced', color: 'random', rated: false, clock: { days: 14 } }),
    'friend.html?lobby=post&size=10&edition=sequenced&color=random&rated=0&days=14',
  );
});

test('a custom clock within the server’s bounds, else null', () => {
  assert.deepEqual(customClock('5', '3'), { initial: 300, increment: 3 });
  assert.deepEqual(customClock('2,5', '0'), { initial: 150, increment: 0 });
  assert.deepEqual(customClock('180', '180'), { initial: 10800, increment: 180 });
  for (const [m, i] of [
    ['0', '0'],
    ['181', '0'],
    ['5', '181'],
    ['5', '-1'],
    ['5', '1.5'],
    ['', '3'],
    ['x', '3'],
    ['5', ''],
  ])
    assert.equal(customClock(m, i), null, `${m}+${i}`);
});

test('the lobby’s URL is ../lobby beside the relay’s live/; none without a relay', () => {
  assert.equal(lobbyUrl('ws://h:8/live/'), 'ws://h:8/lobby');
  assert.equal(lobbyUrl('wss://h/diablo/live/'), 'wss://h/diablo/lobby');
  assert.equal(lobbyUrl('live/', 'http://h/site/live.json'), 'ws://h/site/lobby');
  assert.equal(lobbyUrl('https://r.example/live'), 'wss://r.example/lobby');
  assert.equal(lobbyUrl(null), null);
  assert.equal(lobbyUrl(''), null);
  assert.equal(lobbyUrl('ftp://h/live/'), null);
  assert.equal(lobbyUrl('::'), null);
});

test('frames read as the wire spells them; anything else dropped', () => {
  assert.deepEqual(readFrame(JSON.stringify({ hooks: [hook(1), { game: 'bad' }, hook(2)] })), {
    kind: 'hooks',
    hooks: [hook(1), hook(2)],
  });
  assert.deepEqual(readFrame(JSON.stringify({ hook: hook(3) })), { kind: 'hook', hook: hook(3) });
  assert.deepEqual(readFrame('{"gone":"abc"}'), { kind: 'gone', game: 'abc' });
  assert.deepEqual(readFrame('{"kept":"abc"}'), { kind: 'kept', game: 'abc' });
  assert.deepEqual(readFrame('{"error":"rate","message":"slow down"}'), {
    kind: 'error',
    error: 'rate',
    message: 'slow down',
  });
  for (const bad of ['nope', '[]', 'null', '{}', '{"hook":{}}', '{"gone":5}', '{"kept":null}', 42])
    assert.equal(readFrame(bad), null, String(bad));
  // Field by field: each wrong one drops the hook.
  for (const over of [
    { game: 'A'.repeat(32) },
    { size: 0 },
    { size: 2.5 },
    { edition: 'x' },
    { color: 'red' },
    { clock: { days: 15 } },
    { clock: { initial: 0, increment: 0 } },
    { clock: { initial: 60, increment: 181 } },
    { rated: 'yes' },
    { player: { key: 1, name: 'x' } },
    { link: '' },
  ])
    assert.equal(readHook(hook(1, over)), null, JSON.stringify(over));
  // A rating rides along when the server sends one; unknown fields are left.
  const rated = readHook(hook(1, { extra: 1, player: { key: 'k', name: 'n', rating: 1500.4, provisional: true } }));
  assert.deepEqual(rated?.player, { key: 'k', name: 'n', rating: 1500.4, provisional: true });
  assert.ok(!('extra' in (rated ?? {})));
  // A bot says so (`bot: true` only); a person's carries no `bot`.
  const bot = readHook(hook(1, { player: { key: 'k', name: 'Robo', bot: true } }));
  assert.deepEqual(bot?.player, { key: 'k', name: 'Robo', bot: true });
  for (const said of [false, 'yes', 1])
    assert.deepEqual(readHook(hook(1, { player: { key: 'k', name: 'n', bot: said } }))?.player, {
      key: 'k',
      name: 'n',
    });
});

/** A WebSocket the test plays: every one made is kept; `open`, `drop`, `hear` act as the server. */
class FakeSocket {
  static OPEN = 1;
  static made = [];
  readyState = 0;
  sent = [];
  listeners = {};
  constructor(url) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  addEventListener(kind, f) {
    this.listeners[kind] = [...(this.listeners[kind] ?? []), f];
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  fire(kind, e = {}) {
    for (const f of this.listeners[kind] ?? []) f(e);
  }
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  drop() {
    this.readyState = 3;
    this.fire('close');
  }
  hear(frame) {
    this.fire('message', { data: JSON.stringify(frame) });
  }
}

const tick = () => new Promise((r) => setImmediate(r));

test('the socket posts signed, withdraws signed, and after a drop reconnects and posts the live challenge again', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  globalThis.WebSocket = FakeSocket;
  FakeSocket.made = [];
  globalThis.localStorage = new MemoryStorage();
  const me = await id.createIdentity('Ann');
  const heard = { hooks: [], hook: [], gone: [], error: [], state: [] };
  const lobby = connect('ws://h/lobby', {
    onHooks: (l) => heard.hooks.push(l),
    onHook: (h) => heard.hook.push(h),
    onGone: (g) => heard.gone.push(g),
    onError: (e) => heard.error.push(e),
    onState: (s) => heard.state.push(s),
  });
  const first = FakeSocket.made[0];
  assert.equal(first.url, 'ws://h/lobby');
  // Posted before the socket opens: sent once it does.
  const salt = 'ab'.repeat(16);
  await lobby.post({ link: 'cLINK', clock: { initial: 300, increment: 3 }, rated: true, salt });
  assert.deepEqual(first.sent, []);
  first.open();
  assert.deepEqual(heard.state, ['open']);
  assert.equal(first.sent.length, 1);
  const { post } = first.sent[0];
  assert.deepEqual(Object.keys(post).sort(), ['clock', 'key', 'link', 'name', 'rated', 'salt', 'sig']);
  assert.equal(post.salt, salt);
  assert.equal(post.key, me.key);
  assert.equal(post.name, 'Ann');
  const b64 = (s) => Uint8Array.from(Buffer.from(s, 'base64url'));
  const pub = await crypto.subtle.importKey('raw', b64(me.key), { name: 'Ed25519' }, false, ['verify']);
  const verifies = (sig, text) =>
    crypto.subtle.verify({ name: 'Ed25519' }, pub, b64(sig), new TextEncoder().encode(text));
  assert.ok(await verifies(post.sig, 'diablo hook cLINK'));
  first.hear({ hooks: [hook(1, { link: 'cLINK' })] });
  first.hear({ error: 'rate', message: 'slow' });
  assert.deepEqual(heard.error, [{ error: 'rate', message: 'slow' }]);
  // Dropped: closed, then a new socket within 0.3 s, which posts again.
  first.drop();
  assert.deepEqual(heard.state, ['open', 'closed']);
  assert.equal(FakeSocket.made.length, 1);
  t.mock.timers.tick(300);
  const second = FakeSocket.made[1];
  assert.ok(second, 'reconnected');
  second.open();
  assert.deepEqual(second.sent, [first.sent[0]]);
  // Once its game is gone (taken), it is not posted again.
  second.hear({ gone: hook(1).game });
  assert.deepEqual(heard.gone, [hook(1).game]);
  second.drop();
  t.mock.timers.tick(300);
  FakeSocket.made[2].open();
  assert.deepEqual(FakeSocket.made[2].sent, []);
  // The wait doubles while the server stays away (an opening starts it again).
  FakeSocket.made[2].drop();
  t.mock.timers.tick(300);
  FakeSocket.made[3].drop();
  t.mock.timers.tick(300);
  assert.equal(FakeSocket.made.length, 4, 'waits at least 0.4 s after a second failure');
  t.mock.timers.tick(300);
  const fifth = FakeSocket.made[4];
  fifth.open();
  // A turn-based challenge is kept by the server: never posted twice.
  await lobby.post({ link: 'cDAYS', clock: { days: 3 }, rated: false });
  // A withdrawal waits for this connection's fresh value, and signs it.
  const withdrawn = lobby.withdraw('ab'.repeat(16));
  await tick();
  assert.equal(fifth.sent.length, 1, 'not before the nonce');
  const nonce = 'cd'.repeat(16);
  fifth.hear({ nonce });
  await withdrawn;
  assert.equal(fifth.sent.length, 2);
  assert.ok(await verifies(fifth.sent[1].sig, `diablo withdraw ${'ab'.repeat(16)} ${nonce}`));
  assert.equal(fifth.sent[1].withdraw, 'ab'.repeat(16));
  // A second withdrawal on the same connection signs the same nonce.
  fifth.hear({ hooks: [] });
  await lobby.withdraw('ef'.repeat(16));
  assert.ok(await verifies(fifth.sent[2].sig, `diablo withdraw ${'ef'.repeat(16)} ${nonce}`));
  lobby.close();
  await tick();
  assert.equal(fifth.readyState, 3);
  fifth.drop();
  t.mock.timers.tick(60_000);
  assert.equal(FakeSocket.made.length, 5, 'closed for good');
});

test('a post with no player is an error, not a throw; a null URL is a closed lobby', async () => {
  globalThis.WebSocket = FakeSocket;
  FakeSocket.made = [];
  globalThis.localStorage = new MemoryStorage();
  const errors = [];
  const lobby = connect('ws://h/lobby', { onError: (e) => errors.push(e) });
  await lobby.post({ link: 'c', clock: { initial: 60, increment: 0 }, rated: false });
  assert.equal(errors[0]?.error, 'none');
  lobby.close();
  const states = [];
  connect(null, { onState: (s) => states.push(s) });
  assert.deepEqual(states, ['closed']);
  assert.equal(FakeSocket.made.length, 1);
});

test('reconnecting: back within about 2 s of a restarted server, and slow against one that stays down', () => {
  const waits = (n) => Array.from({ length: 200 }, () => reconnectDelay(n));
  // The first try comes at once, the wait never passes 1.8 s for a minute.
  assert.ok(Math.max(...waits(0)) <= 300);
  let minute = 0;
  for (let n = 0; n < 40; n++) {
    assert.ok(Math.max(...waits(n)) <= 1800, `try ${n}`);
    minute += reconnectDelay(n);
  }
  assert.ok(minute > 40_000 && minute < 75_000, `the quick tries last about a minute (${minute} ms)`);
  // After that, six tries a minute at most, jittered so pages spread out.
  const later = waits(40);
  assert.ok(Math.min(...later) >= 8000 && Math.max(...later) <= 12_000);
  assert.ok(new Set(later).size > 10, 'jittered');
});
