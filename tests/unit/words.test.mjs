// Every language speaks every word English has: for each language of
// LANGUAGES (web/lib/i18n/i18n.js) and each section (its <code>/<section>.js),
// the same keys as English, recursively, the same number of parameters for
// every function and the same length for every list; and its plural.js
// counts right. On the source modules, in Node (no browser, no build); it
// was tests/e2e/words.spec.mjs, which ran the same checks in a Node process
// of its own under the browser tests' runner.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES, loadLanguage, SECTIONS, t } from '../../web/lib/i18n/i18n.js';

const I18N = new URL('../../web/lib/i18n/', import.meta.url);

/**
 * Where `other` is not shaped like `reference` (English's), as readable
 * lines: a key missing or extra, a function with another number of
 * parameters, a list of another length, a value of another type.
 * @param {unknown} reference @param {unknown} other @param {string} path @param {string[]} [out]
 */
function differences(reference, other, path, out = []) {
  // English has none (the illustrated rules page's text): a language may.
  if (reference === null) return out;
  if (typeof reference === 'function') {
    if (typeof other !== 'function') out.push(`${path}: not a function`);
    else if (other.length !== reference.length)
      out.push(`${path}: ${other.length} parameters, English has ${reference.length}`);
  } else if (Array.isArray(reference)) {
    if (!Array.isArray(other)) out.push(`${path}: not a list`);
    else if (other.length !== reference.length)
      out.push(`${path}: ${other.length} items, English has ${reference.length}`);
    else
      reference.forEach((r, i) => {
        differences(r, other[i], `${path}[${i}]`, out);
      });
  } else if (typeof reference === 'object') {
    if (!other || typeof other !== 'object' || Array.isArray(other)) {
      out.push(`${path}: not an object`);
      return out;
    }
    for (const key of Object.keys(reference)) {
      if (!Object.hasOwn(other, key)) out.push(`${path}.${key}: missing`);
      else differences(reference[key], other[key], `${path}.${key}`, out);
    }
    for (const key of Object.keys(other)) {
      if (!Object.hasOwn(reference, key)) out.push(`${path}.${key}: not in English`);
    }
  } else if (typeof other !== typeof reference) {
    out.push(`${path}: a ${typeof other}, English has a ${typeof reference}`);
  } else if (other === '' && reference !== '') {
    out.push(`${path}: empty`);
  }
  return out;
}

/** A few counts in each language, with the forms its `count` takes. */
const COUNTS = {
  en: {
    forms: ['checker'],
    counts: { 0: '0 checkers', 1: '1 checker', 2: '2 checkers', 5: '5 checkers', 21: '21 checkers' },
  },
  pl: {
    forms: ['pionek', 'pionki', 'pionków'],
    counts: {
      0: '0 pionków',
      1: '1 pionek',
      2: '2 pionki',
      4: '4 pionki',
      5: '5 pionków',
      12: '12 pionków',
      14: '14 pionków',
      21: '21 pionków',
      22: '22 pionki',
      112: '112 pionków',
      124: '124 pionki',
    },
  },
  de: {
    forms: ['Stein', 'Steine'],
    counts: {
      0: '0 Steine',
      1: '1 Stein',
      2: '2 Steine',
      5: '5 Steine',
      12: '12 Steine',
      21: '21 Steine',
      112: '112 Steine',
    },
  },
};

test('the list of languages: English first, each code once, each with its own name', async () => {
  const codes = LANGUAGES.map((l) => l.code);
  assert.equal(codes[0], 'en');
  assert.equal(new Set(codes).size, codes.length);
  for (const l of LANGUAGES) {
    assert.match(l.code, /^[a-z]{2,3}$/);
    assert.ok(l.name.length > 1, `${l.code} has a name`);
    // Every section loads on demand but English's start code (plural, page).
    const load = Object.keys((await l.load()).default);
    const start = l.code === 'en' ? ['plural', 'page'] : [];
    assert.deepEqual([...load, ...start].sort(), [...SECTIONS, 'plural'].sort(), l.code);
  }
});

test('English loads whole: the reference every language is held to', async () => {
  await loadLanguage('en', SECTIONS);
  for (const section of SECTIONS) assert.ok(t(section, 'en'), `en/${section}`);
});

for (const { code } of LANGUAGES) {
  test(`${code}: every section has English's keys, parameters and list lengths`, async () => {
    await loadLanguage('en', SECTIONS);
    await loadLanguage(code, SECTIONS);
    const found = [];
    for (const section of SECTIONS) {
      // The source module is there, and is a section (a function of its kit).
      const module = await import(new URL(`${code}/${section}.js`, I18N).href);
      if (typeof module.default !== 'function')
        found.push(`${code}/${section}.js: its default export is not a function`);
      const words = t(section, code);
      if (code !== 'en' && words === t(section, 'en')) found.push(`${code}/${section}.js: not loaded`);
      differences(t(section, 'en'), words, `${code}/${section}.js`, found);
    }
    assert.deepEqual(found, []);
  });

  test(`${code}: its plural rule counts`, async () => {
    const cases = COUNTS[code];
    assert.ok(cases, `a few counts of ${code}/plural.js in COUNTS (tests/unit/words.test.mjs)`);
    const plural = await import(new URL(`${code}/plural.js`, I18N).href);
    for (const [n, text] of Object.entries(cases.counts))
      assert.equal(plural.count(Number(n), ...cases.forms), text, n);
    // A count that is missing reads "?".
    assert.match(plural.count(undefined, ...cases.forms), /^\? /);
  });
}

test('differences: a key missing or extra, another arity, list length or type, an empty string', () => {
  const en = { a: 'x', f: (p) => p, list: ['1', '2'], nested: { b: 'y' }, none: null };
  assert.deepEqual(differences(en, { ...en }, 'w'), []);
  assert.deepEqual(
    differences(en, { a: '', f: () => '', list: ['1'], nested: { b: 2, c: 'z' }, extra: 1 }, 'w').sort(),
    [
      'w.a: empty',
      'w.extra: not in English',
      'w.f: 0 parameters, English has 1',
      'w.list: 1 items, English has 2',
      'w.nested.b: a number, English has a string',
      'w.nested.c: not in English',
      'w.none: missing',
    ].sort(),
  );
});
