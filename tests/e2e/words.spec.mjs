// Every language speaks every word English has: for each language of
// LANGUAGES (web/lib/i18n/i18n.js) and each section (its <code>/<section>.js),
// the same keys as English, recursively, the same number of parameters for
// every function and the same length for every list; and its plural.js
// counts right. Runs in Node on the source modules (no browser, no build):
// in a Node process of its own, since the test runner's loader would read
// web/'s modules (under no package.json) as CommonJS.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';

const I18N = new URL('../../web/lib/i18n/', import.meta.url).href;

/**
 * Where `other` is not shaped like `reference` (English's), as readable
 * lines: a key missing or extra, a function with another number of
 * parameters, a list of another length, a value of another type.
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

/**
 * Loads every section of every language from the source, in Node, and
 * reports what differs from English and what each plural.js counts.
 */
function survey() {
  const script = `
    const I18N = ${JSON.stringify(I18N)};
    const i18n = await import(new URL('i18n.js', I18N).href);
    ${differences}
    const languages = await Promise.all(i18n.LANGUAGES.map(async (l) => ({ code: l.code, name: l.name, load: Object.keys((await l.load()).default) })));
    const out = { languages, sections: i18n.SECTIONS, words: {}, counts: {} };
    await i18n.loadLanguage('en', i18n.SECTIONS);
    for (const { code } of i18n.LANGUAGES) {
      await i18n.loadLanguage(code, i18n.SECTIONS);
      const found = [];
      for (const section of i18n.SECTIONS) {
        // The source module is there, and is a section (a function of its kit).
        const module = await import(new URL(code + '/' + section + '.js', I18N).href);
        if (typeof module.default !== 'function') found.push(code + '/' + section + '.js: its default export is not a function');
        const words = i18n.t(section, code);
        if (code !== 'en' && words === i18n.t(section, 'en')) found.push(code + '/' + section + '.js: not loaded');
        differences(i18n.t(section, 'en'), words, code + '/' + section + '.js', found);
      }
      out.words[code] = found;
      const plural = await import(new URL(code + '/plural.js', I18N).href);
      const cases = ${JSON.stringify(COUNTS)}[code];
      out.counts[code] = cases && Object.fromEntries([0, 1, 2, 4, 5, 12, 14, 21, 22, 112, 124, null]
        .map((n) => [String(n), plural.count(n ?? undefined, ...cases.forms)]));
    }
    console.log(JSON.stringify(out));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

const found = survey();

test('the list of languages: English first, each code once, each with its own name', () => {
  const codes = found.languages.map((l) => l.code);
  expect(codes[0]).toBe('en');
  expect(new Set(codes).size).toBe(codes.length);
  for (const l of found.languages) {
    expect(l.code).toMatch(/^[a-z]{2,3}$/);
    expect(l.name.length).toBeGreaterThan(1);
    // Every section loads on demand but English's start code (plural, page).
    const start = l.code === 'en' ? ['plural', 'page'] : [];
    expect([...l.load, ...start].sort()).toEqual([...found.sections, 'plural'].sort());
  }
});

for (const { code } of found.languages) {
  test(`${code}: every section has English's keys, parameters and list lengths`, () => {
    expect(found.words[code]).toEqual([]);
  });

  test(`${code}: its plural rule counts`, () => {
    const cases = COUNTS[code];
    expect(cases, `a few counts of ${code}/plural.js in COUNTS (words.spec.mjs)`).toBeTruthy();
    for (const [n, text] of Object.entries(cases.counts)) expect(found.counts[code][n], n).toBe(text);
    // A count that is missing reads "?".
    expect(found.counts[code].null).toMatch(/^\? /);
  });
}
