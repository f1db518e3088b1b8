// One word per game concept in each translation (docs/glossary.md): every
// German and Polish string the words produce — functions called with sample
// arguments, nested objects and lists walked — uses each glossary term
// somewhere and none of its alternatives anywhere. And where English names a
// turn, an edition or a merge, the translation of that same key names it with
// the glossary's term. The glossary itself is GLOSSARY below.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as helpers from '../../web/lib/i18n/helpers.js';
import { SECTIONS } from '../../web/lib/i18n/i18n.js';

/**
 * A pattern over whole words: `body` is a regular expression (alternatives
 * allowed) that must neither start nor end inside a longer word.
 * @param {string} body
 * @param {string} [flags] `iu` unless told (case-insensitive)
 */
const word = (body, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, flags);

/**
 * Per language, per concept: `term` (its inflected forms; it must occur) and
 * `avoid` (the alternatives; they must not occur). Keep in step with
 * docs/glossary.md.
 * @type {Record<string, Record<string, { term: string, avoid?: string, flags?: string }>>}
 */
const GLOSSARY = {
  de: {
    turn: { term: 'Runden?|Rundennummer|Rundenzahl', avoid: 'Spielzug\\p{L}*|Zugnummer|Zugzahl' },
    move: { term: 'Zug|Zuges|Zugs|Züge|Zügen|Einzelzug|Sequenzzug\\p{L}*', avoid: 'Bewegung\\p{L}*' },
    action: { term: 'Aktion(?:en)?', avoid: 'Handlung\\p{L}*' },
    merge: {
      term: 'zusammenführen|zusammengeführt|zusammenführt',
      avoid: 'verein\\p{L}*|vereinig\\p{L}*|verschmelz\\p{L}*|verschmolzen|zusammenleg\\p{L}*|zusammengelegt',
    },
    capture: { term: 'schlagen|schlägt|geschlagen', avoid: 'erober\\p{L}*|Eroberung\\p{L}*' },
    step: { term: 'Schritte?', avoid: 'Vorrücken|Vorstoß\\p{L}*' },
    removal: {
      term: 'Entnahmen?|entnehmen|entnimmst|entnimm|entnommen\\p{L}*',
      avoid: 'Wegnahme\\p{L}*|Abnahme\\p{L}*',
    },
    stack: { term: 'Stapeln?', avoid: 'Turm|Türme\\p{L}*|Turms' },
    checker: { term: 'Steine?n?', avoid: 'Spielsteine?n?|Figur\\p{L}*|Scheibe\\p{L}*' },
    dice: { term: 'Würfeln?', avoid: 'Würfelchen' },
    roll: { term: 'Wurf|Würfe', avoid: 'Würfelwurf\\p{L}*' },
    edition: {
      term: 'Fassung(?:en)?|Regelfassung(?:en)?|Standardfassung|Sequenzfassung',
      avoid:
        'Ausgaben?|Standardausgabe|Editionen?|Sequenziert\\p{L}*|sequenziell\\p{L}*|Regelversion\\p{L}*|Variante\\p{L}*',
    },
    resign: { term: 'aufgeben|Aufgeben|gibt auf', avoid: 'kapitulier\\p{L}*|Kapitulation' },
    rematch: { term: 'Revanche', avoid: 'Rückspiel\\p{L}*' },
    rating: { term: 'Wertung(?:en)?', avoid: 'Ratings?|Wertungszahl\\p{L}*' },
    // Address: du. "Sie"/"Ihr…" with a capital are the polite address unless
    // they begin a sentence (after ". ", ": ", "! ", "? ").
    address: {
      term: 'du|dein\\p{L}*|dich|dir',
      avoid: '(?<![.:!?] )(?:Sie|Ihnen|Ihr|Ihre[mnrs]?)',
      flags: 'u',
    },
  },
  pl: {
    turn: { term: 'tura|tury|turze|turę|turą|tur|turami|turach', avoid: 'rund\\p{L}*|kolejk\\p{L}*' },
    move: { term: 'ruch|ruchu|ruchy|ruchem|ruchów|ruchami', avoid: 'posunięci\\p{L}*' },
    action: { term: 'akcja|akcji|akcje|akcję|akcją|akcjami', avoid: 'czynnoś\\p{L}*' },
    merge: { term: 'łączenie|łączenia|łączeniu|łączeniem|łączy|połącz\\p{L}*', avoid: 'scal\\p{L}*|scaleni\\p{L}*' },
    capture: { term: 'bicie|bicia|biciu|biciem|bić|bije|zbij\\p{L}*|zbity|zbite|zbitych', avoid: 'przechwyc\\p{L}*' },
    step: { term: 'krok|kroku|krokiem|kroki', avoid: 'posunięci\\p{L}*' },
    removal: { term: 'zdjęcie|zdjęcia|zdjęciu|zdjęciem|zdejmij|zdejmujesz|zdjąć|zdjęte', avoid: 'odrzuceni\\p{L}*' },
    stack: { term: 'stos|stosu|stosy|stosem|stosie|stosami|stosach|stosów', avoid: 'wież[aęyi]?|wieżą|wieżami' },
    checker: {
      term: 'pionek|pionka|pionki|pionków|pionkiem|pionkami',
      avoid: 'pion|piona|piony|pionów|pionem|kamień|kamienie|kamieni',
    },
    dice: { term: 'kość|kości|kościach|kośćmi|kością', avoid: 'kostk\\p{L}*|kostek' },
    roll: { term: 'rzut|rzutu|rzutem|rzucie', avoid: 'wyrzut\\p{L}*' },
    edition: {
      term: 'wersja|wersji|wersje|wersję|wersjach|standardowa|sekwencyjna',
      avoid: 'edycj\\p{L}*|wydani\\p{L}*|wariant\\p{L}*',
    },
    resign: { term: 'poddaj\\p{L}*|poddanie|podda', avoid: 'rezygn\\p{L}*|kapitul\\p{L}*' },
    rematch: { term: 'rewanż|rewanżu', avoid: 'dogrywk\\p{L}*' },
    rating: { term: 'ranking\\p{L}*', avoid: 'rating\\p{L}*' },
    address: { term: 'ty|twój|twoja|twoje|twoich|ciebie|cię|ci', avoid: 'Pan|Pani|Panu|Pana|Państw\\p{L}*' },
  },
};

/**
 * Where English names a concept, the same key in the translation must name it
 * with the glossary term: `en` finds the concept in English, `has` the
 * translation's term (or an idiom that means "whose turn it is"). Keys in
 * EXCEPT use the English word in another sense: "take turns" (alternate),
 * "turn-based" (correspondence play), an edition named by its argument.
 */
const EXCEPT = new Set(['help.welcome.hereNote', 'lobby.days', 'friend.inviteText()']);
const ALIGNED = {
  turn: {
    en: word('turns?'),
    de: word('Runden?|Rundennummer|am Zug|dran'),
    pl: word('tur\\p{L}*|na ruchu|ruch mają'),
  },
  edition: {
    en: word('editions?'),
    de: /fassung|"edition"/iu,
    pl: word('wersja|wersji|wersje|wersjach|edition'),
  },
  merge: {
    en: word('merges?|merged|merging'),
    de: /zusammen|führ/iu,
    pl: /łącz/iu,
  },
};

// Sample arguments: numbers, names, kinds and an engine error's params.
const params = new Proxy(
  {},
  {
    get: (_, key) =>
      key === 'cause' ? { kind: 'k', params: {}, message: 'm' } : key === 'unused' ? [1, 2] : key === 'action' ? '' : 3,
  },
);
const SAMPLES = [
  [3, 'sequenced', 2, 'black', 5],
  [1, 'standard', 1, 'green', 1],
  ['full', 'b', 0, 'c', 2],
  [params, () => 'cause'],
];

/**
 * Every string a section's words produce, with the key it came from.
 * @param {unknown} value
 * @param {string} path
 * @param {[string, string][]} out
 */
function strings(value, path, out) {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    for (const args of SAMPLES) {
      let result;
      try {
        result = value(...args);
      } catch {
        continue;
      }
      strings(result, `${path}()`, out);
    }
  } else if (Array.isArray(value)) {
    for (const [i, x] of value.entries()) strings(x, `${path}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, x] of Object.entries(value)) strings(x, `${path}.${k}`, out);
  }
}

/**
 * A language's words, made as the page makes them (its plural.js and
 * helpers.js handed to each section): key path and string.
 * @param {string} code
 */
async function words(code) {
  const counting = await import(`../../web/lib/i18n/${code}/plural.js`);
  const kit = { ...helpers, ...counting };
  /** @type {[string, string][]} */
  const out = [];
  for (const section of SECTIONS) {
    const maker = (await import(`../../web/lib/i18n/${code}/${section}.js`)).default;
    strings(maker(kit), section, out);
  }
  return out;
}

const english = await words('en');
const all = { de: await words('de'), pl: await words('pl') };

test('the glossary covers the same concepts in German and Polish', () => {
  assert.deepEqual(Object.keys(GLOSSARY.de), Object.keys(GLOSSARY.pl));
  assert.ok(all.de.length > 500 && all.pl.length > 500, 'the walk reaches the words');
});

for (const [code, glossary] of Object.entries(GLOSSARY)) {
  const texts = all[/** @type {'de' | 'pl'} */ (code)];
  for (const [concept, { term, avoid, flags }] of Object.entries(glossary)) {
    test(`${code}: "${concept}" is worded with its glossary term`, () => {
      const pattern = word(term, flags ?? 'iu');
      assert.ok(
        texts.some(([, s]) => pattern.test(s)),
        `no ${code} string uses ${term}`,
      );
    });
    if (avoid) {
      test(`${code}: "${concept}" is never worded with an alternative`, () => {
        const pattern = word(avoid, flags ?? 'iu');
        const found = texts.filter(([, s]) => pattern.test(s)).map(([k, s]) => `${k}: …${s.match(pattern)?.[0]}…`);
        assert.deepEqual([...new Set(found)], [], `${code} uses an alternative for ${concept}`);
      });
    }
  }
}

test('the checks see what they look for', () => {
  const merge = word(GLOSSARY.de.merge.avoid ?? '');
  assert.ok(merge.test('Vereine alle drei Steine'));
  assert.ok(!word(GLOSSARY.de.edition.avoid ?? '').test('Zusammenfassung'), 'a summary is no edition');
  assert.ok(word(GLOSSARY.de.edition.avoid ?? '').test('Beide Ausgaben'));
  const polite = word(GLOSSARY.de.address.avoid ?? '', 'u');
  assert.ok(polite.test('Ihre Wertung'));
  assert.ok(polite.test('Haben Sie gewürfelt?'));
  assert.ok(!polite.test('Revanche angeboten: Sie steht jetzt bereit.'), 'a sentence may begin with "Sie"');
  assert.ok(!polite.test('deine Partie, ihre Züge'));
  assert.ok(word(GLOSSARY.pl.checker.avoid ?? '').test('trzy piony'));
  assert.ok(!word(GLOSSARY.pl.checker.avoid ?? '').test('trzy pionki'));
});

for (const [concept, { en, de, pl }] of Object.entries(ALIGNED)) {
  for (const [code, has] of /** @type {const} */ ([
    ['de', de],
    ['pl', pl],
  ])) {
    test(`${code}: where English names a ${concept}, the same key does too`, () => {
      const translated = new Map(all[code].map(([k, s]) => [k, s]));
      const missing = english
        .filter(([k, s]) => en.test(s) && !EXCEPT.has(k) && translated.has(k) && !has.test(translated.get(k) ?? ''))
        .map(([k]) => k);
      assert.deepEqual([...new Set(missing)], []);
    });
  }
}
