// The rating against the computer and the results by level
// (web/lib/rating.js): Elo against each level's fixed rating.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEVELS } from '../../web/lib/archive.js';
import { expected, K, LEVEL_RATINGS, rating, resultsByLevel, START_RATING } from '../../web/lib/rating.js';

let clock = 0;
/** A kept game against the computer (`win`: the person won). */
const vs = (level, win, over = {}) => ({
  v: 1,
  id: `g${++clock}`,
  at: clock,
  kind: 'computer',
  level,
  you: 'black',
  names: { black: '', green: '' },
  size: 8,
  edition: 'standard',
  winner: win ? 'black' : 'green',
  resigned: false,
  turns: 20,
  record: 'r',
  ...over,
});
const hotseat = (winner) => ({ ...vs(null, true), kind: 'hotseat', you: null, winner });
const friend = (win) => ({ ...vs(null, win), kind: 'friend' });

const close = (actual, want, eps = 1e-9) => assert.ok(Math.abs(actual - want) < eps, `${actual} is not ${want}`);

test('the expected score: even between equals, 10 to 1 at 400 points, and the two sides sum to 1', () => {
  assert.equal(expected(1500, 1500), 0.5);
  close(expected(1900, 1500), 10 / 11);
  close(expected(1500, 1900), 1 / 11);
  for (const [a, b] of [
    [700, 1738],
    [1628, 1500],
    [1234.5, 1199],
  ]) {
    close(expected(a, b) + expected(b, a), 1);
  }
  assert.ok(expected(1600, 1500) > expected(1550, 1500));
});

test('the levels\u2019 ratings rise with the level; Easy is where a player starts', () => {
  assert.deepEqual(Object.keys(LEVEL_RATINGS), [...LEVELS]);
  const values = LEVELS.map((l) => LEVEL_RATINGS[l]);
  assert.deepEqual(
    values,
    [...values].sort((a, b) => a - b),
  );
  assert.equal(LEVEL_RATINGS.easy, START_RATING);
  assert.equal(START_RATING, 1500);
  assert.equal(K, 32);
});

test('no rating before a game against the computer', () => {
  assert.equal(rating([]), null);
  assert.equal(rating([hotseat('black'), friend(true), friend(false)]), null);
  assert.equal(rating([vs(null, true)]), null, 'a computer game without a level does not count');
});

test('one game against an equal: half of K up or down', () => {
  assert.equal(rating([vs('easy', true)]), 1516);
  assert.equal(rating([vs('easy', false)]), 1484);
});

test('a win is judged from the person\u2019s colour', () => {
  assert.equal(rating([vs('easy', true, { you: 'green', winner: 'green' })]), 1516);
  assert.equal(rating([vs('easy', true, { you: 'green', winner: 'black' })]), 1484);
});

test('games count oldest first, whatever the list\u2019s order; other games are ignored', () => {
  // By hand: 1500, beat Hard (1738): +25.52 = 1525.52; lost to Beginner
  // (700): -31.73 = 1493.79. The other way round: 1468.32, then 1494.73.
  const winHard = vs('hard', true, { at: 1 });
  const loseBeginner = vs('beginner', false, { at: 2 });
  assert.equal(rating([winHard, loseBeginner]), 1494);
  assert.equal(rating([loseBeginner, winHard]), 1494);
  assert.equal(rating([hotseat('green'), loseBeginner, friend(true), winHard]), 1494);
  const otherOrder = [
    { ...winHard, at: 2 },
    { ...loseBeginner, at: 1 },
  ];
  assert.equal(rating(otherOrder), 1495);
});

test('a longer run', () => {
  const games = [vs('medium', true), vs('medium', true), vs('hard', false), vs('easy', true), vs('beginner', true)];
  assert.equal(rating(games), 1549);
  assert.equal(rating(games.reverse()), 1549);
});

test('results by level: won and lost against each level, every level listed', () => {
  assert.deepEqual(resultsByLevel([]), {
    beginner: { won: 0, lost: 0 },
    easy: { won: 0, lost: 0 },
    medium: { won: 0, lost: 0 },
    hard: { won: 0, lost: 0 },
  });
  const games = [
    vs('hard', true),
    vs('hard', false),
    vs('hard', false),
    vs('easy', true),
    vs('easy', true, { you: 'green', winner: 'black' }),
    hotseat('black'),
    friend(true),
    { ...friend(false), level: 'hard' },
    vs(null, true),
  ];
  assert.deepEqual(resultsByLevel(games), {
    beginner: { won: 0, lost: 0 },
    easy: { won: 1, lost: 1 },
    medium: { won: 0, lost: 0 },
    hard: { won: 1, lost: 2 },
  });
});
