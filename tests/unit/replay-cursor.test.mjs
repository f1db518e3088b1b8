// The replay cursor (web/lib/game/replay-cursor.js) over a fake recorded
// game: stepping, jumping, autoplay on mocked timers, and the board of a
// replay frame.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReplayCursor } from '../../web/lib/game/replay-cursor.js';
import { frameModel } from '../../web/lib/game/frame.js';

/** A recorded game of `turns` turns; `stateAt(k)` is `{ at: k }`. */
function recorded(turns) {
  const game = {
    turns,
    log: Array.from({ length: turns }, (_, i) => ({ number: i + 1, turn: `t${i + 1}` })),
    asked: [],
    disposed: false,
    stateAt(k) {
      game.asked.push(k);
      return { at: k };
    },
    dispose() {
      game.disposed = true;
    },
  };
  return game;
}

/** A cursor over a game of `turns` turns, counting its changes. */
function cursor(turns, step = 0, interval = 100) {
  const game = recorded(turns);
  const changes = [];
  const c = new ReplayCursor(game, { step, interval, onChange: (x) => changes.push(x.step) });
  return { c, game, changes };
}

test('it starts at the step asked, clamped to the game, as a whole number', () => {
  for (const [asked, want] of [
    [0, 0],
    [2, 2],
    [4, 4],
    [9, 4],
    [-3, 0],
    [1.8, 1],
    [Number.NaN, 0],
    ['3', 3],
    ['x', 0],
  ]) {
    assert.equal(cursor(4, asked).c.step, want, `step ${asked}`);
  }
});

test('the frame: the step, the state there and the turn that led to it', () => {
  const { c, game } = cursor(3, 2);
  assert.deepEqual(c.frame, { step: 2, state: { at: 2 }, played: game.log[1] });
  assert.equal(c.last, 3);
  c.go(0);
  assert.deepEqual(c.frame, { step: 0, state: { at: 0 }, played: null });
});

test('go: to a step, clamped; a change is told once, no change is not told', () => {
  const { c, changes, game } = cursor(5);
  c.go(3);
  c.go(3);
  c.go(99);
  c.go(-1);
  assert.deepEqual(changes, [3, 5, 0]);
  assert.deepEqual(game.asked, [0, 3, 5, 0], 'a state is asked for only when the step changes');
});

test('first, back, forward, end', () => {
  const { c, changes } = cursor(3, 1);
  c.forward();
  c.forward();
  c.forward();
  c.back();
  c.first();
  c.back();
  c.end();
  assert.deepEqual(changes, [2, 3, 2, 0, 3]);
});

test('play steps forward every interval and stops at the end', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { c, changes } = cursor(3, 1, 250);
  c.play();
  assert.equal(c.playing, true);
  assert.deepEqual(changes, [1], 'told that it plays');
  t.mock.timers.tick(249);
  assert.equal(c.step, 1);
  t.mock.timers.tick(1);
  assert.equal(c.step, 2);
  t.mock.timers.tick(250);
  assert.equal(c.step, 3);
  assert.equal(c.playing, false, 'stopped at the last turn');
  t.mock.timers.tick(1000);
  assert.deepEqual(changes, [1, 2, 3]);
});

test('play at the end starts again from the start; play while playing does nothing', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { c, changes } = cursor(2, 2, 10);
  c.play();
  assert.equal(c.step, 0);
  c.play();
  t.mock.timers.tick(10);
  assert.equal(c.step, 1);
  assert.deepEqual(changes, [0, 0, 1]);
});

test('a game without turns does not play', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { c, changes } = cursor(0);
  c.play();
  assert.equal(c.playing, false);
  assert.deepEqual(changes, []);
});

test('pause and toggle; stepping by hand pauses', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { c, changes } = cursor(9, 0, 10);
  c.pause();
  assert.deepEqual(changes, [], 'not playing: nothing to tell');
  c.toggle();
  assert.equal(c.playing, true);
  t.mock.timers.tick(10);
  c.toggle();
  assert.equal(c.playing, false);
  t.mock.timers.tick(100);
  assert.equal(c.step, 1);
  c.play();
  c.forward();
  assert.equal(c.playing, false);
  assert.equal(c.step, 2);
  t.mock.timers.tick(100);
  assert.equal(c.step, 2);
});

test('dispose stops playing and frees the game', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const { c, game } = cursor(5, 0, 10);
  c.play();
  c.dispose();
  assert.equal(game.disposed, true);
  assert.equal(c.playing, false);
  t.mock.timers.tick(100);
  assert.equal(c.step, 0);
});

test('frameModel: the position and its last turn\u2019s arrows, nothing to choose', () => {
  const state = { size: 6, cells: [1, -2, 0], lastTurn: [{ from: 0, to: 1 }] };
  const m = frameModel(state, { coords: true });
  assert.deepEqual(m, {
    n: 6,
    cells: state.cells,
    coords: true,
    sources: new Set(),
    selected: null,
    targets: new Map(),
    removals: new Set(),
    last: state.lastTurn,
    current: [],
    cursor: null,
  });
  assert.equal(frameModel(state, { coords: false, cursor: 7 }).cursor, 7);
});
