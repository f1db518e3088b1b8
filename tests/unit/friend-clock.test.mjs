// The friend page's clocks and the room's frames, free of the DOM
// (web/friend/clock.js, lib/net/room-wire.js, request.js, store.js): the countdown
// between frames and its correction, the low-time threshold, the
// turn-based wording's parts, the frames read (and bad ones dropped),
// the lobby's requests, and what is kept of a game's clock and end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { daysParts, GameClock, liveText, readSetting } from '../../web/friend/clock.js';
import { readFrame, seatText } from '../../web/lib/net/room-wire.js';
import { readLinkClock, readRequest } from '../../web/friend/request.js';
import { validateGames } from '../../web/friend/store.js';
import { Rejected } from '../../web/lib/storage.js';

test('the running side counts down from the last frame; the other stands still; a new frame corrects both', () => {
  const c = new GameClock({ initial: 300, increment: 5 });
  assert.equal(c.left('black', 0), null, 'nothing before the first frame');
  c.update({ black: 300_000, green: 300_000, running: 'black' }, 1000);
  assert.equal(c.left('black', 1000), 300_000);
  assert.equal(c.left('black', 4500), 296_500);
  assert.equal(c.left('green', 4500), 300_000);
  assert.equal(c.left('black', 1_000_000), 0, 'never below zero');
  assert.equal(c.left('black', 500), 300_000, 'a page clock that went back does not add time');
  // The server's frame after Black's turn (with the increment) replaces the local count.
  c.update({ black: 301_200, green: 300_000, running: 'green' }, 5000);
  assert.equal(c.left('black', 9000), 301_200);
  assert.equal(c.left('green', 9000), 296_000);
  assert.equal(c.running, 'green');
  c.stop(10_000);
  assert.equal(c.running, null);
  assert.equal(c.left('green', 60_000), 295_000, 'stopped where it was at the end');
});

test('while the server is out of reach the clocks stand, and its next frame goes on from what it says', () => {
  const c = new GameClock({ initial: 300, increment: 0 });
  c.update({ black: 300_000, green: 300_000, running: 'black' }, 0);
  c.pause(4_000);
  assert.equal(c.pausedAt, 4_000);
  assert.equal(c.left('black', 60_000), 296_000, 'standing where the connection went');
  c.pause(9_000);
  assert.equal(c.left('black', 60_000), 296_000, 'paused once');
  // The first move's time and a bank stand too.
  const o = new GameClock({ initial: 60, increment: 0 });
  o.update({ black: 60_000, green: 60_000, running: 'black', first: 30_000 }, 0);
  o.pause(10_000);
  assert.equal(o.first(25_000), 20_000);
  const b = new GameClock({ days: 1, bank: 2 });
  b.update({ black: 86_400_000, green: 86_400_000, running: 'black', bank_ms: { black: 2 * 86_400_000, green: 0 } }, 0);
  b.pause(86_400_000 + 1);
  assert.equal(b.bank('black', 10 * 86_400_000), 86_400_000, 'a bank day spent before, none after');
  // Back: the server's frame, and the count goes on from it.
  c.update({ black: 295_500, green: 300_000, running: 'black' }, 61_000);
  assert.equal(c.pausedAt, null);
  assert.equal(c.left('black', 62_000), 294_500);
  // A stopped clock does not pause.
  const s = new GameClock({ initial: 60, increment: 0 });
  s.update({ black: 1, green: 2, running: null }, 0);
  s.pause(5);
  assert.equal(s.pausedAt, null);
});

test('low time: under 10 % of the start or 20 s, whichever is less; live clocks only', () => {
  const short = new GameClock({ initial: 60, increment: 0 });
  assert.equal(short.threshold, 6000);
  short.update({ black: 6500, green: 60_000, running: 'black' }, 0);
  assert.equal(short.low('black', 0), false);
  assert.equal(short.low('black', 600), true);
  assert.equal(short.low('green', 600), false);
  const long = new GameClock({ initial: 600, increment: 5 });
  assert.equal(long.threshold, 20_000);
  long.update({ black: 25_000, green: 19_999, running: 'black' }, 0);
  assert.equal(long.low('black', 0), false);
  assert.equal(long.low('green', 0), true, 'a stopped clock can be low');
  const days = new GameClock({ days: 3 });
  days.update({ black: 1000, green: 259_200_000, running: 'black' }, 0);
  assert.equal(days.kind, 'days');
  assert.equal(days.low('black', 0), false);
});

test('with no setting known, the clock is read from the frames', () => {
  const live = new GameClock();
  live.update({ black: 180_000, green: 180_000, running: null }, 0);
  assert.equal(live.kind, 'live');
  assert.equal(live.initial, 180_000);
  assert.equal(live.threshold, 18_000);
  const days = new GameClock();
  days.update({ black: 2 * 86_400_000, green: 2 * 86_400_000, running: 'black' }, 0);
  assert.equal(days.kind, 'days');
});

test('a live clock reads m:ss, h:mm:ss from an hour, tenths under 10 s', () => {
  assert.equal(liveText(300_000), '5:00');
  assert.equal(liveText(299_999), '4:59');
  assert.equal(liveText(10_000), '0:10');
  assert.equal(liveText(9_999), '0:09.9');
  assert.equal(liveText(3_456), '0:03.4');
  assert.equal(liveText(0), '0:00.0');
  assert.equal(liveText(-5), '0:00.0');
  assert.equal(liveText(3_723_000), '1:02:03');
});

test('a turn-based deadline: days and hours, or hours and minutes under a day', () => {
  assert.deepEqual(daysParts((2 * 24 + 3) * 3_600_000 + 59_000), { days: 2, hours: 3, minutes: 0 });
  assert.deepEqual(daysParts(5 * 3_600_000 + 12 * 60_000), { days: 0, hours: 5, minutes: 12 });
  assert.deepEqual(daysParts(30_000), { days: 0, hours: 0, minutes: 1 }, 'rounded up: 1 min lasts to the deadline');
  assert.deepEqual(daysParts(0), { days: 0, hours: 0, minutes: 0 });
});

test('a time bank: spent a day at a time once the turn has run out, as the server spends it', () => {
  const DAY = 86_400_000;
  const H = 3_600_000;
  const c = new GameClock({ days: 2, bank: 5 });
  c.update({ black: 2 * DAY, green: 2 * DAY, running: 'black', bank_ms: { black: 5 * DAY, green: 5 * DAY } }, 0);
  assert.equal(c.left('black', 10 * H), 2 * DAY - 10 * H);
  assert.equal(c.bank('black', 10 * H), 5 * DAY);
  // An hour past the turn: a bank day spent, 23 h to the deadline.
  assert.equal(c.left('black', 2 * DAY + H), 23 * H);
  assert.equal(c.bank('black', 2 * DAY + H), 4 * DAY);
  // The side not to move stands.
  assert.equal(c.left('green', 3 * DAY), 2 * DAY);
  assert.equal(c.bank('green', 3 * DAY), 5 * DAY);
  // The turn and the whole bank gone: both 0.
  assert.equal(c.left('black', 7 * DAY + 1), 0);
  assert.equal(c.bank('black', 7 * DAY + 1), 0);
  // Stopped (the game over): the bank stays where it was.
  c.stop(3 * DAY);
  assert.equal(c.running, null);
  assert.equal(c.left('black', 9 * DAY), DAY);
  assert.equal(c.bank('black', 9 * DAY), 3 * DAY);
  // A clock without a bank has none.
  const plain = new GameClock({ days: 2 });
  plain.update({ black: 2 * DAY, green: 2 * DAY, running: 'black' }, 0);
  assert.equal(plain.bank('black', 0), null);
});

test('clock settings as the lobby writes them in the address; out of bounds is none', () => {
  assert.deepEqual(readSetting('300+5', null), { initial: 300, increment: 5 });
  // A `+` in a query string reads as a space.
  assert.deepEqual(readSetting('300 5', null), { initial: 300, increment: 5 });
  assert.deepEqual(readSetting(null, '3'), { days: 3 });
  assert.deepEqual(readSetting(null, '3', '5'), { days: 3, bank: 5 });
  assert.deepEqual(readSetting(null, '3', '0'), { days: 3 }, 'no bank is written as none');
  for (const bank of ['31', '-1', '2.5', 'x']) assert.equal(readSetting(null, '3', bank), null, bank);
  for (const [clock, days] of [
    ['0+5', null],
    ['10801+0', null],
    ['60+181', null],
    ['60', null],
    ['a+b', null],
    [null, '0'],
    [null, '15'],
    [null, '1.5'],
    [null, null],
  ])
    assert.equal(readSetting(clock, days), null, `${clock} ${days}`);
});

test("the room's frames are read field by field; a bad one is dropped, never thrown", () => {
  const nonce = 'ab'.repeat(16);
  assert.deepEqual(readFrame(JSON.stringify({ nonce })), { kind: 'nonce', nonce });
  assert.deepEqual(readFrame('{"clock":{"black":1000,"green":2000,"running":"green"}}'), {
    kind: 'clock',
    clock: { black: 1000, green: 2000, running: 'green' },
  });
  assert.deepEqual(readFrame('{"clock":{"black":-3,"green":2000,"running":null}}'), {
    kind: 'clock',
    clock: { black: 0, green: 2000, running: null },
  });
  assert.deepEqual(readFrame('{"over":{"winner":"black","reason":"time"}}'), {
    kind: 'over',
    over: { winner: 'black', reason: 'time' },
  });
  assert.deepEqual(readFrame('{"over":{"winner":null,"reason":"aborted"}}'), {
    kind: 'over',
    over: { winner: null, reason: 'aborted' },
  });
  assert.deepEqual(readFrame('{"link":"cabc"}'), { kind: 'link', link: 'cabc' });
  assert.deepEqual(readFrame('{"peers":2}'), { kind: 'peers', peers: 2 });
  assert.deepEqual(readFrame('{"error":"too-early","message":"wait"}'), {
    kind: 'error',
    error: 'too-early',
    message: 'wait',
  });
  assert.deepEqual(readFrame('{"rematch":"c1","proof":"p"}'), {
    kind: 'rematch',
    invitation: 'c1',
    proof: 'p',
    from: null,
    terms: null,
  });
  assert.deepEqual(readFrame('{"rematch":"c1","from":"black","terms":{"clock":{"days":3,"bank":5},"rated":true}}'), {
    kind: 'rematch',
    invitation: 'c1',
    proof: null,
    from: 'black',
    terms: { clock: { days: 3, bank: 5 }, rated: true },
  });
  for (const bad of [
    'not json',
    '[]',
    'null',
    '3',
    '{"nonce":"short"}',
    `{"nonce":"${'AB'.repeat(16)}"}`,
    '{"clock":{"black":"1","green":2,"running":null}}',
    '{"clock":{"black":1,"green":2,"running":"red"}}',
    '{"clock":null}',
    '{"over":{"winner":"black","reason":"boredom"}}',
    '{"over":{"winner":"blue","reason":"time"}}',
    '{"peers":"2"}',
    '{"something":"new"}',
  ])
    assert.equal(readFrame(bad), null, bad);
  assert.equal(seatText('f'.repeat(32), nonce), `diablo seat ${'f'.repeat(32)} ${nonce}`);
});

test("an invitation's address names its clock for the friend; the lobby's requests and bad clocks name none", () => {
  assert.deepEqual(readLinkClock('?clock=180+2'), { initial: 180, increment: 2 });
  assert.deepEqual(readLinkClock('?lang=de&days=3'), { days: 3 });
  for (const none of ['', '?lang=de', '?clock=0+0', '?days=15', '?clock=60+999', '?lobby=take&clock=60+0'])
    assert.equal(readLinkClock(none), null, none);
});

test("the lobby's requests: take, post with a clock; anything else is none", () => {
  assert.deepEqual(readRequest('?lobby=take'), { kind: 'take', clock: null, rated: false, bot: false });
  assert.deepEqual(readRequest('?lobby=take&rated=1&clock=60+0'), {
    kind: 'take',
    clock: { initial: 60, increment: 0 },
    rated: true,
    bot: false,
  });
  // A bot's challenge: the page marks the bot's side BOT.
  assert.equal(readRequest('?lobby=take&rated=1&bot=1&clock=300+3')?.bot, true);
  assert.deepEqual(readRequest('?lobby=post&size=6&edition=sequenced&color=green&rated=1&clock=300+5'), {
    kind: 'post',
    size: 6,
    edition: 'sequenced',
    color: 'green',
    rated: true,
    clock: { initial: 300, increment: 5 },
  });
  assert.deepEqual(readRequest('?lobby=post&size=8&edition=standard&color=random&rated=0&days=3'), {
    kind: 'post',
    size: 8,
    edition: 'standard',
    color: 'random',
    rated: false,
    clock: { days: 3 },
  });
  for (const bad of [
    '',
    '?lang=de',
    '?lobby=post&size=8',
    '?lobby=post&size=8&clock=0+0',
    '?lobby=post&size=x&clock=60+0',
    '?lobby=post&edition=fast&clock=60+0',
    '?lobby=post&color=red&clock=60+0',
    '?lobby=steal',
  ])
    assert.equal(readRequest(bad), null, bad);
});

test("a kept game's clock and end are kept; bad ones dropped, the game kept", () => {
  const g = {
    keys: '{}',
    at: 1,
    clock: { initial: 60, increment: 0 },
    end: { winner: 'green', reason: 'time' },
  };
  assert.deepEqual(validateGames({ a: g }), { a: g });
  assert.deepEqual(validateGames({ a: { keys: '{}', at: 1, end: { winner: null, reason: 'aborted' } } }), {
    a: { keys: '{}', at: 1, end: { winner: null, reason: 'aborted' } },
  });
  const r = validateGames({
    a: { keys: '{}', at: 1, clock: { initial: 0, increment: 0 }, end: { winner: 'red', reason: 'time' } },
  });
  assert.ok(!(r instanceof Rejected), 'the game itself is good');
  assert.deepEqual(r, { a: { keys: '{}', at: 1 } });
  // The side a bot plays is kept; anything else there is dropped.
  assert.deepEqual(validateGames({ a: { keys: '{}', at: 1, bot: 'green' } }), {
    a: { keys: '{}', at: 1, bot: 'green' },
  });
  assert.deepEqual(validateGames({ a: { keys: '{}', at: 1, bot: 'red' } }), { a: { keys: '{}', at: 1 } });
});
