// This browser's player (web/lib/identity.js) in Node's WebCrypto, which
// has Ed25519 as Chromium does: a key made, kept and used to sign (the
// signature checked with the public key as the server checks it), the
// name's bounds, renaming, and the key file: exported, imported elsewhere,
// and every bad file refused with its own kind.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStorage } from './memory-storage.mjs';

globalThis.localStorage = new MemoryStorage();
const id = await import('../../web/lib/identity.js');

beforeEach(() => {
  globalThis.localStorage = new MemoryStorage();
});

const b64 = (s) => Uint8Array.from(Buffer.from(s, 'base64url'));
/** Whether `sig` is the key's signature of `text`, checked with the public key alone. */
async function verifies(key, sig, text) {
  const pub = await crypto.subtle.importKey('raw', b64(key), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify({ name: 'Ed25519' }, pub, b64(sig), new TextEncoder().encode(text));
}
/** @param {() => Promise<unknown>} f @param {string} kind */
const refused = (f, kind) => assert.rejects(f, (e) => e instanceof id.IdentityError && e.kind === kind);

test('no player at first; made with a name: a 43-character key, kept, signing 86-character signatures', async () => {
  assert.equal(await id.loadIdentity(), null);
  await refused(() => id.sign('x'), 'none');
  const me = await id.createIdentity('  Ann  ');
  assert.equal(me.name, 'Ann');
  assert.match(me.key, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(await id.loadIdentity(), me);
  const sig = await id.sign('diablo hook cABC');
  assert.match(sig, /^[A-Za-z0-9_-]{86}$/);
  assert.ok(await verifies(me.key, sig, 'diablo hook cABC'));
  assert.ok(!(await verifies(me.key, sig, 'diablo hook cABD')), 'another text does not verify');
  // UTF-8 bytes.
  assert.ok(await verifies(me.key, await id.sign('diablo seat Zoë'), 'diablo seat Zoë'));
  const other = await id.createIdentity('Bo');
  assert.notEqual(other.key, me.key, 'a new player is a new key');
});

test('names: 1 to 24 characters, trimmed, composed, no control, direction or invisible characters', async () => {
  const hidden = ['Ann\u200b', 'A\u200dnn', '\u202ennA', 'Ann\u2066', 'An\ufeffn', 'An\u00adn', '\u3164'];
  for (const bad of ['', '   ', 'x'.repeat(25), 'a\nb', 'a\u0000', 'tab\there', 'a\u2028b', ...hidden])
    await refused(() => id.createIdentity(bad), 'name');
  assert.equal((await id.createIdentity('x'.repeat(24))).name, 'x'.repeat(24));
  assert.equal((await id.createIdentity('Żółw 🐢')).name, 'Żółw 🐢');
  // "e" and a combining accent are kept as the one character "é", as the server keeps it.
  assert.equal((await id.createIdentity('Rene\u0301')).name, 'Ren\u00e9');
  assert.equal((await id.createIdentity('e\u0301'.repeat(24))).name, '\u00e9'.repeat(24));
});

test('renaming keeps the key; with no player it is refused', async () => {
  await refused(() => id.renameIdentity('Cy'), 'none');
  const me = await id.createIdentity('Ann');
  const renamed = await id.renameIdentity(' Annie ');
  assert.deepEqual(renamed, { key: me.key, name: 'Annie' });
  assert.deepEqual(await id.loadIdentity(), renamed);
  await refused(() => id.renameIdentity(''), 'name');
});

test('the key file carries the player to another browser, which then signs as the same key', async () => {
  await refused(() => id.exportIdentity(), 'none');
  const me = await id.createIdentity('Ann');
  const file = await id.exportIdentity();
  const data = JSON.parse(file);
  assert.equal(data.format, id.FILE_FORMAT);
  assert.equal(data.key, me.key);
  assert.equal(data.name, 'Ann');
  assert.match(data.private, /^[A-Za-z0-9_-]+$/);
  globalThis.localStorage = new MemoryStorage(); // another browser
  assert.deepEqual(await id.importIdentity(file), me);
  assert.ok(await verifies(me.key, await id.sign('diablo withdraw 00'), 'diablo withdraw 00'));
});

test('a bad key file is refused in its own words, and nothing is kept', async () => {
  const me = await id.createIdentity('Ann');
  const good = JSON.parse(await id.exportIdentity());
  const stranger = (await id.createIdentity('Bo')).key;
  globalThis.localStorage = new MemoryStorage();
  await refused(() => id.importIdentity('not json {'), 'not-json');
  await refused(() => id.importIdentity('[]'), 'not-key');
  await refused(() => id.importIdentity(JSON.stringify({ ...good, format: 'something-else' })), 'not-key');
  await refused(() => id.importIdentity(JSON.stringify({ ...good, key: 'short' })), 'not-key');
  await refused(() => id.importIdentity(JSON.stringify({ ...good, private: 'AAAA' })), 'not-key');
  await refused(() => id.importIdentity(JSON.stringify({ ...good, private: '!!' })), 'not-key');
  await refused(() => id.importIdentity(JSON.stringify({ ...good, name: '' })), 'name');
  // A private key that is not the public key's.
  await refused(() => id.importIdentity(JSON.stringify({ ...good, key: stranger })), 'mismatch');
  assert.equal(await id.loadIdentity(), null);
  assert.equal((await id.importIdentity(JSON.stringify(good))).key, me.key);
});

test('a stored player of the wrong shape is dropped; a storage that refuses is a typed error', async () => {
  globalThis.localStorage = new MemoryStorage({ 'diablo.player.v1': JSON.stringify({ key: 1, name: 'x' }) });
  assert.equal(await id.loadIdentity(), null);
  const s = new MemoryStorage();
  s.failWith = 'QuotaExceededError';
  globalThis.localStorage = s;
  await refused(() => id.createIdentity('Ann'), 'kept');
});

test('base64url both ways, bad text refused', () => {
  const bytes = Uint8Array.from({ length: 33 }, (_, i) => i * 7);
  const text = id.toBase64url(bytes);
  assert.equal(text, Buffer.from(bytes).toString('base64url'));
  assert.deepEqual(id.fromBase64url(text), bytes);
  assert.equal(id.fromBase64url('a+b'), null);
  assert.equal(id.fromBase64url('abcde'), null);
});
