// The board's one rule for the dice (web/lib/board/dice.js diceOnShow).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diceOnShow } from '../../web/lib/board/dice.js';

const st = (over) => ({
  roll: null,
  diceUsed: [false, false],
  faces: 6,
  side: 'green',
  lastRoll: null,
  winner: null,
  log: [],
  ...over,
});

test('the roll under way is shown as it is', () => {
  const s = st({ roll: [3, 1], diceUsed: [true, false] });
  assert.equal(diceOnShow(s), s);
});

test('before any roll the dice are blank', () => {
  assert.equal(diceOnShow(st()).roll, null);
});

test("between turns the last roll stays, spent, in the roller's colour", () => {
  const d = diceOnShow(st({ lastRoll: [2, 5], log: [{ side: 'black' }] }));
  assert.deepEqual(d.roll, [2, 5]);
  assert.deepEqual(d.diceUsed, [true, true]);
  assert.equal(d.side, 'black');
});

test("once over, the deciding roll shows unspent in the winner's colour", () => {
  const d = diceOnShow(st({ lastRoll: [4, 4], winner: 'black', side: 'green', log: [{ side: 'black' }] }));
  assert.deepEqual(d.roll, [4, 4]);
  assert.deepEqual(d.diceUsed, [false, false]);
  assert.equal(d.side, 'black');
});
