// The game page's DOM-free state (web/play/state.js): what is on show,
// which way up, the phase, and asking before a new game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PlayState } from '../../web/play/state.js';

/** A game state with only what the state reads. */
const game = (over = {}) => ({
  side: 'black',
  roll: null,
  winner: null,
  complete: false,
  log: [],
  size: 8,
  edition: 'standard',
  ...over,
});

function setUp({ computerSide = null, st = game(), cursor = null } = {}) {
  const saved = [];
  const replay = { active: cursor != null, cursor };
  const state = new PlayState({ autoRoll: false, coords: false }, replay, (s) => saved.push({ ...s }));
  state.controller = /** @type {any} */ ({ computerSide, state: st, players: { level: 'easy' } });
  return { state, replay, saved };
}

test('the board is flipped when the person plays Green, and Flip turns it', () => {
  const { state } = setUp({ computerSide: 'black' });
  assert.equal(state.flipped(), true);
  state.flip();
  assert.equal(state.flipped(), false);
  const plain = setUp({ computerSide: 'green' }).state;
  assert.equal(plain.flipped(), false);
  plain.flip();
  assert.equal(plain.flipped(), true);
});

test('a replay shows its frame, unflipped by the computer side', () => {
  const frame = game({ side: 'green' });
  const { state } = setUp({ computerSide: 'black', cursor: { frame: { state: frame }, step: 3, game: {} } });
  assert.equal(state.replaying, true);
  assert.equal(state.shown(), frame);
  assert.equal(state.frame(), frame);
  assert.equal(state.flipped(), false);
});

test('the live game is shown when no replay is', () => {
  const st = game();
  const { state } = setUp({ st });
  assert.equal(state.frame(), null);
  assert.equal(state.shown(), st);
});

test('the phase follows the dice, the complete turn and the winner', () => {
  assert.equal(PlayState.phase(game()), 'roll');
  assert.equal(PlayState.phase(game({ roll: [1, 2] })), 'act');
  assert.equal(PlayState.phase(game({ roll: [1, 2], complete: true })), 'confirm');
  assert.equal(PlayState.phase(game({ roll: [1, 2], winner: 'green' })), 'over');
});

test('a new game starts at once unless a game is under way', () => {
  let started = 0;
  const fresh = setUp().state;
  assert.equal(
    fresh.askNewGame(() => started++),
    false,
  );
  assert.equal(started, 1);

  const { state } = setUp({ st: game({ roll: [2, 2] }) });
  assert.equal(
    state.askNewGame(() => started++),
    true,
  );
  assert.equal(started, 1);
  state.confirmNew(false);
  assert.equal(state.pendingNewGame, null);
  state.confirmNew(true);
  assert.equal(started, 1);
  state.askNewGame(() => started++);
  state.confirmNew(true);
  assert.equal(started, 2);

  const over = setUp({ st: game({ log: [{}], winner: 'black' }) }).state;
  assert.equal(over.mustAskBeforeNew(), false);
});

test('switches and settings are stored', () => {
  const { state, saved } = setUp();
  state.setSwitch('coords', true);
  state.update({ size: 6 });
  assert.equal(saved.length, 2);
  assert.equal(saved[1].coords, true);
  assert.equal(saved[1].size, 6);
});

test('the replay note comes before the replay status; the game info names the level', () => {
  const { state } = setUp({ computerSide: 'green' });
  assert.equal(state.replayStatus('Turn 3.'), 'Turn 3.');
  state.replayNote = 'This is a replay.';
  assert.equal(state.replayStatus('Turn 3.'), 'This is a replay. Turn 3.');
  const w = { gameInfo: (e, n) => `${n}x${n} ${e}`, gameInfoComputer: (l) => `vs ${l}` };
  assert.equal(
    state.gameInfo(w, (l) => l.toUpperCase()),
    '8x8 standard, vs EASY',
  );
});
