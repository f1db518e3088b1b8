// The puzzles page's state (web/puzzles/state.js), without a page: the
// filters, the judgement by position, the score counted once a puzzle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PuzzleState, validScore } from '../../web/puzzles/state.js';

const puzzle = (id, size, difficulty) => ({
  id,
  size,
  edition: 'standard',
  position: `p-${id}`,
  roll: '1,2',
  best: 'a1-a2',
  bestChance: 0.6,
  second: 'b1-b2',
  secondChance: 0.4,
  turns: 3,
  difficulty,
});

function fresh() {
  /** @type {{ solved: string[], streak: number }[]} */
  const kept = [];
  const state = new PuzzleState({ get: () => ({ solved: [], streak: 0 }), set: (s) => kept.push(structuredClone(s)) });
  state.loadSet({ puzzles: [puzzle('a', 6, 1), puzzle('b', 8, 2), puzzle('c', 6, 3)] });
  return { state, kept };
}

test("the filters let through the set's puzzles of a size; a size not offered is any", () => {
  const { state } = fresh();
  assert.deepEqual(state.sizes(), [6, 8]);
  assert.equal(state.refilter({ source: 'set', size: '8', edition: '', difficulty: '' })?.id, 'b');
  assert.deepEqual(
    state.listed().map((p) => p.id),
    ['b'],
  );
  state.refilter({ source: 'games', size: '8', edition: '', difficulty: '' });
  assert.equal(state.filters.size, '');
});

test('a right first try scores once; a wrong one breaks the streak; Show the answer spends the puzzle', () => {
  const { state, kept } = fresh();
  state.open(state.setItems[0], { code: 'goal', actions: [] });
  assert.equal(state.judge('a1-a2', 'goal', []), true);
  assert.equal(state.judge('a1-a2', 'goal', []), true);
  assert.deepEqual(kept, [{ solved: ['a'], streak: 1 }]);
  state.fresh();
  state.open(state.setItems[1], { code: 'goal', actions: [] });
  assert.equal(state.judge('x', 'elsewhere', []), false);
  assert.equal(state.yours?.chance, null);
  assert.equal(state.valued('b', 0.3), true);
  assert.deepEqual(kept.at(-1), { solved: ['a'], streak: 0 });
  state.fresh();
  state.open(state.setItems[2], { code: 'goal', actions: [] });
  state.showAnswer();
  assert.equal(state.result, 'shown');
  assert.equal(kept.length, 3);
});

test('a stored score is kept only when it is one', () => {
  assert.deepEqual(validScore({ solved: ['a', 3], streak: 2 }), { solved: ['a'], streak: 2 });
  assert.equal(validScore({ solved: [], streak: -1 }), null);
  assert.equal(validScore(null), null);
});
