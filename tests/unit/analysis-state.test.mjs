// The analysis board's ranking, each resulting position once
// (web/analysis/state.js, groupByPosition): the turns that reach a position
// already listed go under it, in the order ranked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupByPosition, initialState, shownTurns, TOP } from '../../web/analysis/state.js';

const turn = (text, value, exact = true) => ({ turn: text, actions: [], value, exact });

test('turns reaching the same position are one line, the others under it', () => {
  const turns = [turn('a1-c1 e4-e5', 0.55), turn('e4-e5 a1-c1', 0.55), turn('b2-b4', 0.5), turn('b4-b2', 0.4)];
  const positions = { 'a1-c1 e4-e5': 'P', 'e4-e5 a1-c1': 'P', 'b2-b4': 'Q', 'b4-b2': 'R' };
  const lines = groupByPosition(turns, (t) => positions[t.turn]);
  assert.deepEqual(
    lines.map((l) => [l.turn, l.also]),
    [
      ['a1-c1 e4-e5', ['e4-e5 a1-c1']],
      ['b2-b4', []],
      ['b4-b2', []],
    ],
  );
  // The line keeps the ranked turn's value and kind.
  assert.equal(lines[0].value, 0.55);
  assert.equal(lines[0].exact, true);
});

test('a later spelling lands under the first, even far down the ranking', () => {
  const turns = [turn('x', 0.6), turn('y', 0.5), turn('z', 0.4, false)];
  const lines = groupByPosition(turns, (t) => (t.turn === 'y' ? 'B' : 'A'));
  assert.deepEqual(
    lines.map((l) => [l.turn, l.also]),
    [
      ['x', ['z']],
      ['y', []],
    ],
  );
});

test('a turn whose position is unknown stands alone', () => {
  const lines = groupByPosition([turn('x', 0.6), turn('y', 0.5)], () => '');
  assert.deepEqual(
    lines.map((l) => l.turn),
    ['x', 'y'],
  );
});

test('the list shows the top lines, then all of them', () => {
  const state = initialState();
  state.lines = groupByPosition(
    Array.from({ length: TOP + 3 }, (_, i) => turn(`t${i}`, 1 - i / 100)),
    (t) => t.turn,
  );
  assert.equal(shownTurns(state).length, TOP);
  state.showAll = true;
  assert.equal(shownTurns(state).length, TOP + 3);
});
