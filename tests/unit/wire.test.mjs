// The page against the wire's examples (tests/wire/frames.json, which the
// server's tests read too): every message a room or the lobby sends is
// read by the page as the message it is, with its fields, and every one
// the page sends is written as the examples spell it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readFrame as readRoom, send as roomSend } from '../../web/lib/net/room-wire.js';
import { readFrame as readLobby, send as lobbySend } from '../../web/lib/net/lobby-wire.js';
import { ownerText } from '../../web/lib/net/owner.js';

const examples = JSON.parse(readFileSync(new URL('../wire/frames.json', import.meta.url), 'utf8'));

test('the page reads every room message as it is', () => {
  for (const { is, frame } of examples.room.server) {
    const read = readRoom(JSON.stringify(frame));
    assert.equal(read?.kind, is, JSON.stringify(frame));
    const { kind, ...fields } = read;
    // The page names the rematch's invitation for what it is.
    const want =
      is === 'rematch'
        ? { invitation: frame.rematch, proof: frame.proof ?? null, from: frame.from, terms: frame.terms }
        : frame;
    assert.deepEqual(fields, want);
  }
});

test('the page reads every lobby message as it is', () => {
  for (const { is, frame } of examples.lobby.server) {
    const read = readLobby(JSON.stringify(frame));
    assert.equal(read?.kind, is, JSON.stringify(frame));
    const { kind, ...fields } = read;
    // A game id comes as `game`, whichever message names it; a bot's key as `key`.
    const want = is === 'gone' || is === 'kept' ? { game: frame[is] } : is === 'bot' ? { key: frame.bot } : frame;
    assert.deepEqual(fields, want);
  }
});

test('the page writes every room message as the examples spell it', () => {
  for (const { is, frame } of examples.room.client.filter((e) => e.is)) {
    const written = {
      link: () => roomSend.link(frame.link, frame.salt),
      rematch: () => roomSend.rematch(frame.rematch, frame.proof),
      seat: () => roomSend.seat(frame.seat.key, frame.seat.name, frame.seat.sig),
      claim: () => roomSend.claim(),
      resign: () => roomSend.resign(),
    }[is]();
    assert.deepEqual(JSON.parse(written), frame);
  }
});

test('the page writes every lobby message as the examples spell it', () => {
  for (const { is, frame } of examples.lobby.client.filter((e) => e.is)) {
    const written =
      is === 'withdraw'
        ? lobbySend.withdraw(frame.withdraw, frame.sig)
        : is === 'bot'
          ? lobbySend.bot(frame.bot.key, frame.bot.name, frame.bot.sig)
          : lobbySend.post(frame.post, frame.post.key, frame.post.name, frame.post.sig);
    // The page posts no colour (the invitation's is the poster's).
    const { color, ...want } = frame.post ?? {};
    assert.deepEqual(JSON.parse(written), frame.post ? { post: want } : frame);
  }
});

test('a rematch is posted unlisted with the finished game it follows; a rematch offer with or without a proof', () => {
  const post = { link: 'cL', clock: { initial: 300, increment: 3 }, rated: true, salt: '00', unlisted: true };
  const rematch = '87016f27f3065f0026c7c2d5db146d6a';
  assert.deepEqual(JSON.parse(lobbySend.post({ ...post, rematch }, 'K', 'Ann', 'S')).post, {
    link: 'cL',
    clock: { initial: 300, increment: 3 },
    rated: true,
    key: 'K',
    name: 'Ann',
    sig: 'S',
    salt: '00',
    unlisted: true,
    rematch,
  });
  // A listed post never names one (the server refuses it).
  assert.equal(
    JSON.parse(lobbySend.post({ ...post, unlisted: false, rematch }, 'K', 'Ann', 'S')).post.rematch,
    undefined,
  );
  assert.equal(roomSend.rematch('cI', null), '{"rematch":"cI"}');
  assert.equal(roomSend.rematch('cI', 'ab'), '{"rematch":"cI","proof":"ab"}');
  // An offer with neither a proof nor a side is no offer; terms of another shape are none.
  assert.equal(readRoom('{"rematch":"cI"}'), null);
  assert.deepEqual(readRoom('{"rematch":"cI","from":"green","terms":{"rated":"yes"}}'), {
    kind: 'rematch',
    invitation: 'cI',
    proof: null,
    from: 'green',
    terms: null,
  });
});

test('the page binds an invitation to its poster in the words of the examples', () => {
  for (const { key, clock, rated, color, unlisted, text } of examples.lobby.owner) {
    assert.equal(ownerText(key, { clock, rated, color, unlisted }), text);
  }
});
