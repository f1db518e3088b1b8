// The filters of "Your games" (web/lib/game-filters.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filterGames, won } from '../../web/lib/game-filters.js';

const game = (id, over) => ({
  v: 1,
  id,
  at: 0,
  kind: 'computer',
  level: 'easy',
  you: 'black',
  names: { black: '', green: '' },
  size: 8,
  edition: 'standard',
  winner: 'black',
  resigned: false,
  turns: 10,
  record: 'r',
  ...over,
});

const GAMES = [
  game('easyWon', {}),
  game('hardLost', { level: 'hard', winner: 'green' }),
  game('hardWon6', { level: 'hard', you: 'green', winner: 'green', size: 6 }),
  game('hotseatGreen', { kind: 'hotseat', level: null, you: null, winner: 'green', edition: 'sequenced' }),
  game('friendLost', { kind: 'friend', level: null, you: 'green', winner: 'black', size: 10 }),
  game('friendWon', { kind: 'friend', level: null, you: 'black', winner: 'black', edition: 'sequenced' }),
];
const ANY = { opponent: '', size: '', edition: '', result: '' };
const ids = (f) => filterGames(GAMES, { ...ANY, ...f }).map((g) => g.id);

test('won: from the person\u2019s side, null at one screen', () => {
  assert.equal(won(GAMES[0]), true);
  assert.equal(won(GAMES[1]), false);
  assert.equal(won(GAMES[2]), true);
  assert.equal(won(GAMES[3]), null);
  assert.equal(won(GAMES[4]), false);
});

test('no filter lets every game through, in order', () => {
  assert.deepEqual(
    ids({}),
    GAMES.map((g) => g.id),
  );
});

test('by opponent: a kind, or the computer at one level', () => {
  assert.deepEqual(ids({ opponent: 'computer' }), ['easyWon', 'hardLost', 'hardWon6']);
  assert.deepEqual(ids({ opponent: 'computer:hard' }), ['hardLost', 'hardWon6']);
  assert.deepEqual(ids({ opponent: 'computer:medium' }), []);
  assert.deepEqual(ids({ opponent: 'hotseat' }), ['hotseatGreen']);
  assert.deepEqual(ids({ opponent: 'friend' }), ['friendLost', 'friendWon']);
});

test('by size and edition', () => {
  assert.deepEqual(ids({ size: '6' }), ['hardWon6']);
  assert.deepEqual(ids({ size: '10' }), ['friendLost']);
  assert.deepEqual(ids({ size: '1' }), []);
  assert.deepEqual(ids({ edition: 'sequenced' }), ['hotseatGreen', 'friendWon']);
});

test('by result: the person\u2019s (never a game at one screen) or the winner\u2019s colour', () => {
  assert.deepEqual(ids({ result: 'won' }), ['easyWon', 'hardWon6', 'friendWon']);
  assert.deepEqual(ids({ result: 'lost' }), ['hardLost', 'friendLost']);
  assert.deepEqual(ids({ result: 'green' }), ['hardLost', 'hardWon6', 'hotseatGreen']);
  assert.deepEqual(ids({ result: 'black' }), ['easyWon', 'friendLost', 'friendWon']);
});

test('filters combine', () => {
  assert.deepEqual(ids({ opponent: 'computer:hard', result: 'won' }), ['hardWon6']);
  assert.deepEqual(ids({ opponent: 'friend', edition: 'sequenced', result: 'won' }), ['friendWon']);
  assert.deepEqual(ids({ opponent: 'computer', size: '8', result: 'lost' }), ['hardLost']);
});
