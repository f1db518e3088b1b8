// Short hashes (web/lib/hash.js): FNV-1a, 32 bits. Stored reviews and
// kept puzzles are found by them, and the computer's search is seeded
// with them: a change would lose them and change the computer's turns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fnv1a, hashText } from '../../web/lib/hash.js';

test('fnv1a gives the reference values of FNV-1a 32', () => {
  assert.equal(fnv1a(''), 0x811c9dc5);
  assert.equal(fnv1a('a'), 0xe40c292c);
  assert.equal(fnv1a('foobar'), 0xbf9cf968);
});

test('fnv1a is an unsigned 32-bit number, of UTF-16 code units', () => {
  for (const text of ['x', 'edition standard\nsize 8', '\u00fc', '\u{1f3b2}']) {
    const h = fnv1a(text);
    assert.ok(Number.isInteger(h) && h >= 0 && h < 2 ** 32, `${text}: ${h}`);
  }
  // Whole code units, not their low bytes: š (U+0161) is not a (U+0061).
  assert.notEqual(fnv1a('\u0161'), fnv1a('\u0061'));
  assert.notEqual(fnv1a('ab'), fnv1a('ba'));
});

test('hashText is fnv1a as 8 hex digits, padded', () => {
  assert.equal(hashText(''), '811c9dc5');
  assert.equal(hashText('a'), 'e40c292c');
  // A text whose hash is under 0x10000000 still takes 8 digits.
  let text = '';
  for (let i = 0; fnv1a(text) >= 0x10000000; i++) text = `t${i}`;
  assert.equal(hashText(text).length, 8);
  assert.equal(hashText(text)[0], '0');
  assert.equal(Number.parseInt(hashText(text), 16), fnv1a(text));
});
