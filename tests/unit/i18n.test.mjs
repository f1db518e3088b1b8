// The words' machinery (web/lib/i18n/): the language-free helpers every
// section is made with (helpers.js), and i18n.js's languages, loading,
// look-up with its English fall-back, and the engine's errors in words.
// (Every key of every language against English's is checked by
// tests/unit/words.test.mjs.) The tests share i18n.js's loaded
// words and run in order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, colorIn, known, nested, num, OTHER, v } from '../../web/lib/i18n/helpers.js';
import {
  detectLanguage,
  errorText,
  LANGUAGES,
  language,
  languageOf,
  loadLanguage,
  SECTIONS,
  t,
} from '../../web/lib/i18n/i18n.js';

test('v: a parameter as text, "?" when missing', () => {
  assert.equal(v(undefined), '?');
  assert.equal(v(null), '?');
  assert.equal(v(0), '0');
  assert.equal(v(''), '');
  assert.equal(v('a1'), 'a1');
  assert.equal(v(false), 'false');
});

test('num: numbers only', () => {
  assert.equal(num(3), 3);
  assert.ok(Number.isNaN(num('3')));
  assert.ok(Number.isNaN(num(undefined)));
});

test('act: a refusal led by its action when there is one', () => {
  assert.equal(act({ action: 'a1-a3' }, 'too far'), 'a1-a3: too far');
  assert.equal(act({}, 'too far'), 'too far');
  assert.equal(act({ action: '' }, 'too far'), 'too far');
  assert.equal(act({ action: 7 }, 'too far'), 'too far');
});

test('nested: the cause worded by the caller, "?" without one', () => {
  const seen = [];
  const cause = (info) => {
    seen.push(info);
    return `<${info.kind}>`;
  };
  assert.equal(nested({}, cause), '?');
  assert.equal(nested({ cause: 'text' }, cause), '?');
  assert.equal(nested({ cause: { params: {} } }, cause), '?');
  assert.equal(nested({ cause: { kind: 'off-board' } }, cause), '<off-board>');
  assert.deepEqual(seen, [{ kind: 'off-board', params: {}, message: '?' }]);
  nested({ cause: { kind: 'k', params: { a: 1 }, message: 'm' } }, cause);
  assert.deepEqual(seen[1], { kind: 'k', params: { a: 1 }, message: 'm' });
});

test('colorIn, known and OTHER: only what the table holds', () => {
  const names = { black: 'Black', green: 'Green' };
  assert.equal(colorIn(names, 'green'), 'Green');
  assert.equal(colorIn(names, 'red'), '?');
  assert.equal(colorIn(names, null), '?');
  assert.equal(colorIn(names, 1), '?');
  assert.equal(known(names, 'black'), 'Black');
  assert.equal(known(names, 'toString'), undefined, 'nothing of the prototype');
  assert.equal(known(names, '__proto__'), undefined);
  assert.equal(known(names, 3), undefined);
  assert.deepEqual(OTHER, { black: 'green', green: 'black' });
});

test('the languages: English first, each by its code', () => {
  assert.deepEqual(
    LANGUAGES.map((l) => l.code),
    ['en', 'pl', 'de'],
  );
  assert.equal(SECTIONS[0], 'page');
  assert.equal(new Set(SECTIONS).size, SECTIONS.length);
});

test('languageOf: a language tag\u2019s language, English for one not known', () => {
  assert.equal(languageOf('pl'), 'pl');
  assert.equal(languageOf('pl-PL'), 'pl');
  assert.equal(languageOf(' DE-at '), 'de');
  assert.equal(languageOf('fr-FR'), 'en');
  assert.equal(languageOf(''), 'en');
});

test('detectLanguage: a saved choice, else the browser\u2019s', () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  try {
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'de-AT' }, configurable: true });
    assert.equal(detectLanguage('pl'), 'pl');
    assert.equal(detectLanguage(null), 'de');
    assert.equal(detectLanguage('pl-PL'), 'de', 'only a code as saved counts');
    assert.equal(detectLanguage('fr'), 'de');
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'ja' }, configurable: true });
    assert.equal(detectLanguage(undefined), 'en');
  } finally {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete globalThis.navigator;
  }
});

const distance = { kind: 'wrong-distance', params: { distance: 5, unused: [2], action: 'a1-a6' }, message: 'msg' };

test('at start: English page words only; errors are the engine\u2019s own messages', () => {
  assert.equal(language(), 'en');
  assert.equal(t().credit, 'Diablo, a game by Mark Steere');
  assert.equal(t('page', 'pl'), t(), 'a language not loaded falls back on English');
  assert.throws(() => t('games'), /the games words are not loaded/);
  assert.equal(errorText(distance), 'msg');
});

test('English errors, once loaded, are worded by kind, with counts and nested causes', async () => {
  await loadLanguage('en', ['errors']);
  assert.equal(errorText(distance), 'a1-a6: the stack would move 5 squares, but the unused die shows 2');
  const cause = { kind: 'off-board', params: { square: 'z9' }, message: 'inner' };
  assert.equal(
    errorText({ kind: 'link-start', params: { cause }, message: 'outer' }),
    'bad start position: z9 is not on this board',
  );
  assert.equal(errorText({ kind: 'no-such-kind', params: {}, message: 'as the engine says' }), 'as the engine says');
  assert.equal(
    errorText({
      kind: 'link-start',
      params: { cause: { kind: 'unknown-inner', message: 'inner words' } },
      message: '',
    }),
    'bad start position: inner words',
  );
});

test('another language: its words and its own counting, English where it has none loaded', async () => {
  await loadLanguage('pl', ['page', 'errors']);
  assert.notEqual(t('page', 'pl'), t('page', 'en'));
  assert.notEqual(t('page', 'pl').credit, t('page', 'en').credit);
  assert.equal(language(), 'en', 'loading does not switch the page');
  const polish = errorText(distance, 'pl');
  assert.match(polish, /^a1-a6: stos przesun\u0105\u0142by si\u0119 o 5 p\u00f3l/);
  assert.equal(t('errors', 'de'), t('errors', 'en'), 'German not loaded: English');
  assert.equal(errorText(distance, 'de'), errorText(distance, 'en'));
});

test('loadLanguage: a language not known loads nothing; by default the sections English has', async () => {
  await loadLanguage('xx', ['page']);
  assert.equal(t('page', 'xx'), t('page', 'en'));
  await loadLanguage('de');
  assert.notEqual(t('page', 'de'), t('page', 'en'));
  assert.notEqual(t('errors', 'de'), t('errors', 'en'));
  assert.match(errorText(distance, 'de'), /^a1-a6: /);
  assert.notEqual(errorText(distance, 'de'), errorText(distance, 'en'));
  assert.throws(() => t('learn', 'de'), /not loaded/);
});

test('every language\u2019s index loads every section (and its plural rule), English\u2019s all but those in the start code', async () => {
  for (const lang of LANGUAGES) {
    const loaders = (await lang.load()).default;
    const want = lang.code === 'en' ? SECTIONS.filter((s) => s !== 'page') : [...SECTIONS, 'plural'];
    assert.deepEqual(Object.keys(loaders).sort(), want.sort(), lang.code);
  }
});

test('every section of every language loads, with English\u2019s keys', async () => {
  for (const lang of LANGUAGES) await loadLanguage(lang.code, SECTIONS);
  for (const section of SECTIONS) {
    const english = Object.keys(t(section, 'en')).sort();
    for (const lang of LANGUAGES) {
      assert.deepEqual(Object.keys(t(section, lang.code)).sort(), english, `${lang.code} ${section}`);
    }
  }
});
