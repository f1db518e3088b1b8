// How each language counts (web/lib/i18n/*/plural.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as de from '../../web/lib/i18n/de/plural.js';
import * as en from '../../web/lib/i18n/en/plural.js';
import * as pl from '../../web/lib/i18n/pl/plural.js';

test('English: one for 1, else the noun and an s, or the form given', () => {
  assert.equal(en.plural(1, 'square'), 'square');
  for (const n of [0, 2, 3, 11, 21, 1.5, -1]) assert.equal(en.plural(n, 'square'), 'squares', String(n));
  assert.equal(en.plural(2, 'die', 'dice'), 'dice');
  assert.equal(en.plural(1, 'die', 'dice'), 'die');
  assert.equal(en.plural('1', 'square'), 'squares', 'only the number 1 is one');
});

test('English counts: the number and its noun, "?" for a missing count', () => {
  assert.equal(en.count(1, 'square'), '1 square');
  assert.equal(en.count(0, 'square'), '0 squares');
  assert.equal(en.count(3, 'box', 'boxes'), '3 boxes');
  assert.equal(en.count(undefined, 'square'), '? squares');
  assert.equal(en.count(null, 'checker'), '? checkers');
});

test('German: one for 1, the other form for every other count, 0 included', () => {
  assert.equal(de.plural(1, 'Stein', 'Steine'), 'Stein');
  for (const n of [0, 2, 5, 21, 101]) assert.equal(de.plural(n, 'Stein', 'Steine'), 'Steine', String(n));
  assert.equal(de.count(1, 'Feld', 'Felder'), '1 Feld');
  assert.equal(de.count(3, 'Feld', 'Felder'), '3 Felder');
  assert.equal(de.count(undefined, 'Feld', 'Felder'), '? Felder');
});

test('Polish: one for 1; few for 2\u20134, 22\u201324, \u2026 but not 12\u201314; many for the rest', () => {
  const form = (n) => pl.plural(n, 'one', 'few', 'many');
  const want = {
    one: [1],
    few: [2, 3, 4, 22, 23, 24, 32, 102, 103, 104, 122, 1002],
    many: [0, 5, 6, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 25, 31, 100, 101, 111, 112, 113, 114, 211, 1001],
  };
  for (const [expected, ns] of Object.entries(want)) {
    for (const n of ns) assert.equal(form(n), expected, `${n}`);
  }
});

test('Polish counts: the number and its form, "?" and many for a count that is missing or not a number', () => {
  assert.equal(pl.count(1, 'pole', 'pola', 'p\u00f3l'), '1 pole');
  assert.equal(pl.count(3, 'pole', 'pola', 'p\u00f3l'), '3 pola');
  assert.equal(pl.count(5, 'pole', 'pola', 'p\u00f3l'), '5 p\u00f3l');
  assert.equal(pl.count(13, 'pole', 'pola', 'p\u00f3l'), '13 p\u00f3l');
  assert.equal(pl.count(24, 'pionek', 'pionki', 'pionk\u00f3w'), '24 pionki');
  assert.equal(pl.count(undefined, 'pole', 'pola', 'p\u00f3l'), '? p\u00f3l');
  assert.equal(pl.count('3', 'pole', 'pola', 'p\u00f3l'), '3 p\u00f3l');
});

test('every language\u2019s plural module gives both functions', () => {
  for (const [code, m] of Object.entries({ en, de, pl })) {
    assert.deepEqual(Object.keys(m).sort(), ['count', 'plural'], code);
  }
});
