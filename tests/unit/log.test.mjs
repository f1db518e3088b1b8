// The lines of the move log of a game being played (web/lib/board/log.js
// liveLines): the finished turns, then the turn under way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { liveLines } from '../../web/lib/board/log.js';

const done = [
  { number: 1, side: 'black', roll: '3,1', turn: 'a1-a4 b2-c2', actions: [] },
  { number: 2, side: 'green', roll: '2,2', turn: 'f6-f4 f4-d4', actions: [] },
];
const state = (over) => ({
  log: done,
  roll: null,
  winner: null,
  actions: [],
  complete: false,
  turn: 3,
  side: 'black',
  ...over,
});

test('before the dice are rolled: the finished turns, as a new list', () => {
  const lines = liveLines(state(), '\u2026');
  assert.deepEqual(lines, done);
  assert.notEqual(lines, done);
  lines.push({});
  assert.equal(done.length, 2, 'the state\u2019s log is not changed');
});

test('a turn under way: its number, side, roll, actions so far and the words for the rest', () => {
  const actions = [{ text: 'a1-a3' }, { text: 'c1-c2' }];
  const lines = liveLines(state({ roll: [2, 1], actions }), 'playing');
  assert.equal(lines.length, 3);
  assert.deepEqual(lines[2], { number: 3, side: 'black', roll: '2,1', turn: 'a1-a3 c1-c2 playing', actions });
});

test('rolled, nothing played yet: only the words', () => {
  const lines = liveLines(state({ roll: [4, 4], side: 'green' }), 'playing');
  assert.deepEqual(lines[2], { number: 3, side: 'green', roll: '4,4', turn: 'playing', actions: [] });
});

test('a complete turn not yet confirmed: its actions, without the words', () => {
  const actions = [{ text: 'a1-a3' }];
  const lines = liveLines(state({ roll: [2, 1], actions, complete: true }), 'playing');
  assert.equal(lines[2].turn, 'a1-a3');
});

test('once the game is won, no turn is under way', () => {
  assert.deepEqual(liveLines(state({ roll: [2, 1], winner: 'black' }), 'playing'), done);
});
