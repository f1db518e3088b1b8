// The page against the wire's examples (tests/wire/frames.json, which the
// server's tests read too): every message a room or the lobby sends is
// read by the page as the message it is, with its fields.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readFrame as readRoom } from '../../web/friend/frames.js';
import { readFrame as readLobby } from '../../web/lib/lobby-socket.js';

const examples = JSON.parse(readFileSync(new URL('../wire/frames.json', import.meta.url), 'utf8'));

test('the page reads every room message as it is', () => {
  for (const { is, frame } of examples.room.server) {
    const read = readRoom(JSON.stringify(frame));
    assert.equal(read?.kind, is, JSON.stringify(frame));
    const { kind, ...fields } = read;
    // The page names the rematch's invitation for what it is.
    const want = is === 'rematch' ? { invitation: frame.rematch, proof: frame.proof } : frame;
    assert.deepEqual(fields, want);
  }
});

test('the page reads every lobby message as it is', () => {
  for (const { is, frame } of examples.lobby.server) {
    const read = readLobby(JSON.stringify(frame));
    assert.ok(read && is in read, JSON.stringify(frame));
    assert.deepEqual(read, is === 'error' ? { error: frame } : frame);
  }
});
