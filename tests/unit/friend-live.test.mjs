// The friend page's connection to a game's room (web/lib/net/room.js
// RoomClient) on a fake WebSocket: a page with a player's key holds its
// links until the room's first frame, seats itself when that is a nonce
// (the signature may take a while: links wait for it), and sends at once
// when it is anything else (a relay without seats); clocks, ends and
// refusals are handed on; a claim is one frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** The sockets the page made, newest last. */
const sockets = [];
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent = [];
  listeners = {};
  constructor(url) {
    this.url = url;
    sockets.push(this);
  }
  addEventListener(kind, f) {
    this.listeners[kind] = [...(this.listeners[kind] ?? []), f];
  }
  fire(kind, e = {}) {
    for (const f of this.listeners[kind] ?? []) f(e);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  /** A frame from the server. */
  frame(data) {
    this.fire('message', { data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}
globalThis.WebSocket = FakeSocket;
globalThis.document = new EventTarget();
globalThis.addEventListener ??= () => {};
globalThis.removeEventListener ??= () => {};
if (!globalThis.navigator) Object.defineProperty(globalThis, 'navigator', { value: { onLine: true } });

const { RoomClient } = await import('../../web/lib/net/room.js');

const ID = 'a'.repeat(32);
const NONCE = '0123456789abcdef'.repeat(2);

/** A page's connection; `seat` when the page has a player's key. */
function connect({ seat, salt } = {}) {
  const got = { links: [], clocks: [], overs: [], refused: [], changed: 0 };
  const live = new RoomClient('ws://relay.example/live/', ID, {
    latest: () => 'clink',
    salt,
    received: (l) => got.links.push(l),
    changed: () => {
      got.changed += 1;
    },
    seat,
    clock: (c) => got.clocks.push(c),
    over: (o) => got.overs.push(o),
    refusedKind: (k) => got.refused.push(k),
  });
  return { live, got, socket: sockets.at(-1) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('a seated page: the seat first, then the link, even while the signature takes its time', async () => {
  /** @type {(v: string) => void} */
  let signed = () => {};
  const { live, socket } = connect({
    seat: (nonce) =>
      new Promise((resolve) => {
        signed = () => resolve(JSON.stringify({ seat: { key: 'K', name: 'Ann', sig: `s-${nonce}` } }));
      }),
  });
  socket.open();
  assert.deepEqual(socket.sent, [], 'nothing before the first frame');
  socket.frame({ nonce: NONCE });
  socket.frame({ clock: { black: 1000, green: 1000, running: null } });
  live.send();
  assert.deepEqual(socket.sent, [], 'links wait for the seat');
  signed();
  await tick();
  assert.deepEqual(socket.sent, [{ seat: { key: 'K', name: 'Ann', sig: `s-${NONCE}` } }, { link: 'clink' }]);
  assert.equal(live.seated, true);
  live.close();
});

test('a relay without seats: the link goes as soon as its first frame arrives', () => {
  const { live, socket, got } = connect({ seat: async () => 'never' });
  socket.open();
  assert.deepEqual(socket.sent, []);
  socket.frame({ peers: 1 });
  assert.deepEqual(socket.sent, [{ link: 'clink' }]);
  assert.equal(live.seated, false);
  assert.equal(got.changed >= 2, true);
  live.close();
});

test('a page with no key sends its link on opening, as before', () => {
  const { live, socket } = connect();
  socket.open();
  assert.deepEqual(socket.sent, [{ link: 'clink' }]);
  socket.frame({ nonce: NONCE });
  assert.deepEqual(socket.sent, [{ link: 'clink' }], 'no seat to send');
  live.close();
});

test("the accepter's links carry the salt that shows who made the acceptance", async () => {
  const { live, socket } = connect({ seat: async () => null, salt: () => 'f'.repeat(32) });
  socket.open();
  socket.frame({ nonce: NONCE });
  await tick();
  assert.deepEqual(socket.sent, [{ link: 'clink', salt: 'f'.repeat(32) }]);
  live.close();
});

test('no seat to give (watching): the link follows the nonce at once', async () => {
  const { live, socket } = connect({ seat: async () => null });
  socket.open();
  socket.frame({ nonce: NONCE });
  await tick();
  assert.deepEqual(socket.sent, [{ link: 'clink' }]);
  live.close();
});

test('clocks, the end and refusals are handed on; a bad frame is dropped; a claim is one frame', () => {
  const { live, socket, got } = connect();
  socket.open();
  socket.frame({ clock: { black: 5000, green: 6000, running: 'green' } });
  socket.frame({ over: { winner: 'black', reason: 'time' } });
  socket.frame({ error: 'too-early', message: 'not yet' });
  socket.frame('{"clock": {"black": "lots"}}');
  socket.frame('not json');
  assert.deepEqual(got.clocks, [{ black: 5000, green: 6000, running: 'green' }]);
  assert.deepEqual(got.overs, [{ winner: 'black', reason: 'time' }]);
  assert.deepEqual(got.refused, ['too-early']);
  assert.deepEqual(live.refused, { kind: 'too-early', message: 'not yet' });
  live.claim();
  assert.deepEqual(socket.sent.at(-1), { claim: true });
  assert.equal(typeof live.openedAt, 'number');
  live.close();
});
