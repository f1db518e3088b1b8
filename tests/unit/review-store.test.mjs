// What the game review writes and keeps, without its drawing
// (web/lib/review/): the chance and the marks' signs (marks.js), the
// puzzles kept from a reviewed game (mine.js) and a record's stored review
// (review.js loadReview), through web/lib/storage.js on a storage in memory.
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { hashText } from '../../web/lib/hash.js';
import { pct, SIGNS } from '../../web/lib/review/marks.js';
import { CAP, keepFromReview, mineStore } from '../../web/lib/review/mine.js';
import { LEVEL, loadReview } from '../../web/lib/review/review.js';
import * as storageModule from '../../web/lib/storage.js';
import { freshStorage } from './memory-storage.mjs';

mock.method(console, 'warn', () => {});

/** The storage the review hands in: lib/storage.js's, with lib/hash.js's hashText for keys. */
const storage = { ...storageModule, hashText };

test('a chance as a whole percentage', () => {
  assert.equal(pct(0.537), '54%');
  assert.equal(pct(0), '0%');
  assert.equal(pct(1), '100%');
  assert.equal(pct(0.123), '12%');
});

test('the signs after a marked turn', () => {
  assert.deepEqual(SIGNS, { inaccuracy: '?!', mistake: '?', blunder: '??' });
});

// ---- puzzles from your games ----

const MINE_KEY = 'diablo.puzzles-mine.v1';

/** A reviewed turn. */
const judged = (number, mark, roll = '3,1') => ({
  number,
  side: number % 2 ? 'black' : 'green',
  roll,
  best: `best${number}`,
  bestValue: 0.7,
  played: `played${number}`,
  playedValue: 0.2,
  before: 0.6,
  luck: 0.1,
  mark,
});
/** A recorded game whose position before turn k+1 is `P<k>`. */
const game = { stateAt: (k) => ({ code: `P${k}`, size: 6, edition: 'standard' }) };

test('the mistakes and blunders of a review become puzzles; the rest do not', () => {
  const s = freshStorage();
  const results = [judged(1, null), judged(2, 'inaccuracy'), judged(3, 'mistake'), judged(4, 'blunder', '2,2')];
  assert.equal(keepFromReview(storage, game, results, hashText, 1000), 2);
  const kept = JSON.parse(s.getItem(MINE_KEY));
  assert.deepEqual(kept, [
    {
      id: `g-${hashText('P2|standard|3,1')}`,
      size: 6,
      edition: 'standard',
      position: 'P2',
      roll: '3,1',
      best: 'best3',
      bestChance: 0.7,
      played: 'played3',
      playedChance: 0.2,
      mark: 'mistake',
      turn: 3,
      added: 1000,
    },
    {
      id: `g-${hashText('P3|standard|2,2')}`,
      size: 6,
      edition: 'standard',
      position: 'P3',
      roll: '2,2',
      best: 'best4',
      bestChance: 0.7,
      played: 'played4',
      playedChance: 0.2,
      mark: 'blunder',
      turn: 4,
      added: 1000,
    },
  ]);
  assert.deepEqual(mineStore(storage).get(), kept);
});

test('a puzzle is kept once: the same position and roll reviewed again adds nothing', () => {
  const s = freshStorage();
  const results = [judged(1, 'mistake'), judged(2, 'blunder')];
  assert.equal(keepFromReview(storage, game, results, hashText, 1), 2);
  const before = s.getItem(MINE_KEY);
  assert.equal(keepFromReview(storage, game, results, hashText, 2), 0);
  assert.equal(s.getItem(MINE_KEY), before, 'not written again');
  assert.equal(
    keepFromReview(storage, game, [judged(1, 'mistake', '1,1')], hashText, 3),
    1,
    'another roll is another puzzle',
  );
  assert.equal(mineStore(storage).get().length, 3);
});

test('at most CAP puzzles are kept, the newest', () => {
  freshStorage();
  assert.equal(CAP, 200);
  const many = Array.from({ length: CAP + 5 }, (_, k) => judged(k + 1, 'mistake'));
  assert.equal(keepFromReview(storage, game, many, hashText, 1), CAP + 5);
  const kept = mineStore(storage).get();
  assert.equal(kept.length, CAP);
  assert.equal(kept[0].turn, 6, 'the oldest five dropped');
  assert.equal(kept[CAP - 1].turn, CAP + 5);
});

test('more than CAP stored puzzles read as the newest CAP', () => {
  const s = freshStorage();
  keepFromReview(storage, game, [judged(1, 'mistake')], hashText, 1);
  const [p] = JSON.parse(s.getItem(MINE_KEY));
  const many = Array.from({ length: CAP + 3 }, (_, k) => ({ ...p, id: `g-${k}`, turn: k }));
  s.setItem(MINE_KEY, JSON.stringify(many));
  const kept = mineStore(storage).get();
  assert.equal(kept.length, CAP);
  assert.equal(kept[0].turn, 3);
  assert.equal(JSON.parse(s.getItem(MINE_KEY)).length, CAP, 'written back');
});

test('stored puzzles of the wrong shape are dropped, the good ones kept', () => {
  const s = freshStorage();
  keepFromReview(storage, game, [judged(1, 'mistake'), judged(2, 'blunder')], hashText, 1);
  const [a, b] = JSON.parse(s.getItem(MINE_KEY));
  const broken = [a, { ...b, mark: 'inaccuracy' }, { ...b, size: '6' }, { ...b, edition: 'x' }, null, 'puzzle', b];
  s.setItem(MINE_KEY, JSON.stringify(broken));
  assert.deepEqual(mineStore(storage).get(), [a, b]);
  assert.deepEqual(JSON.parse(s.getItem(MINE_KEY)), [a, b], 'written back');
  s.setItem(MINE_KEY, '{"not": "a list"}');
  assert.deepEqual(mineStore(storage).get(), []);
  assert.equal(s.getItem(MINE_KEY), null);
});

// ---- a record's stored review ----

const RECORD = 'edition standard\nsize 6\n1. 3,1 a1-a4\n';
const reviewKey = (record, v = 2) => `diablo.review.v${v}.${LEVEL}.${hashText(record.trim())}`;

test('the review is judged at Hard, kept by the hash of the trimmed record', () => {
  assert.equal(LEVEL, 'hard');
  const s = freshStorage();
  assert.deepEqual(loadReview(storage, RECORD), []);
  const turns = [judged(1, null), judged(2, 'mistake')];
  s.setItem(reviewKey(RECORD), JSON.stringify({ record: RECORD.trim(), turns }));
  assert.deepEqual(loadReview(storage, RECORD), turns);
  assert.deepEqual(loadReview(storage, `\n${RECORD}  \n`), turns, 'the same record, other white space');
});

test('a review kept before luck was judged (v1) is not read: its turns are judged again', () => {
  const s = freshStorage();
  const { luck: _, ...old } = judged(1, null);
  s.setItem(reviewKey(RECORD, 1), JSON.stringify({ record: RECORD.trim(), turns: [old] }));
  assert.deepEqual(loadReview(storage, RECORD), []);
});

test('another record under the same key (a collision) reads as no review', () => {
  const s = freshStorage();
  s.setItem(reviewKey(RECORD), JSON.stringify({ record: 'another game', turns: [judged(1, null)] }));
  assert.deepEqual(loadReview(storage, RECORD), []);
  assert.notEqual(s.getItem(reviewKey(RECORD)), null, 'kept: it is the other record\u2019s');
});

test('a stored review of the wrong shape is none, and dropped', () => {
  for (const data of [
    { record: RECORD.trim(), turns: [{ side: 'red', before: 0.5, playedValue: 0.5, luck: 0 }] },
    { record: RECORD.trim(), turns: [{ side: 'black', before: '0.5', playedValue: 0.5, luck: 0 }] },
    { record: RECORD.trim(), turns: [{ side: 'black', before: 0.5 }] },
    { record: RECORD.trim(), turns: [{ side: 'black', before: 0.5, playedValue: 0.5 }] },
    { record: RECORD.trim(), turns: 'all' },
    { turns: [] },
    [],
  ]) {
    const s = freshStorage();
    s.setItem(reviewKey(RECORD), JSON.stringify(data));
    assert.deepEqual(loadReview(storage, RECORD), [], JSON.stringify(data));
    assert.equal(s.getItem(reviewKey(RECORD)), null, JSON.stringify(data));
  }
});
