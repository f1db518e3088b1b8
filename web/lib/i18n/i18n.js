// @ts-check
// Every word the pages show, in every language, and the one way to get them.
//
// The words live in one folder per language (en/, pl/), one module per
// section: page (the game page and the controls other pages share: `t()`),
// errors (the engine's errors, worded from their kind and parameters:
// `errorText`), review (the game review and the analysis board), friend
// (the friend page), element (<diablo-board>'s own words), rules (the Rules
// dialog, and the illustrated rules page where it is translated), help
// (the game page's Keys panel and first-visit welcome, web/play/help.js), learn
// (the lessons page, web/learn/), puzzles (the puzzles page, web/puzzles/),
// games ("Your games", web/games/, and the game-over card's link), and
// plural.js, the language's one counting rule. A section module exports a
// function of its kit (helpers.js and its language's plural.js, handed in
// here, so that no section imports what the game page's start code holds:
// the bundler would split that into a file of its own). English is the
// reference shape; its page section is in the start code, its errors load
// with the first thing the engine may refuse, and every other section and
// language loads on demand (`loadLanguage`), so an English page never
// fetches another language.
//
// Each language folder's index.js says where its sections load from; the
// start code holds only one loader a language (LANGUAGES), which imports
// that index when a section of the language is first needed.
//
// To add a language (say German): copy pl/ to de/ (its modules are typed
// against English's, which tsc checks) and translate it from en/, add a few
// counts of its plural.js to COUNTS in tests/unit/words.test.mjs (which checks
// every key, parameter count and list length against English), and add its
// one line to LANGUAGES below. Every language picker lists it from there.
// (The one sentence of a page opened from a file, where no module runs, is
// in web/play/file-page.js, by language code: without its line there, that
// page says it in English.)

import enPage from './en/page.js';
import { count, plural } from './en/plural.js';
import { act, colorIn, known, nested, num, OTHER, v } from './helpers.js';

/**
 * What a section is made with: the language-free helpers (helpers.js) and
 * its language's counting rule (`P`, its plural.js).
 * @template P
 * @typedef {typeof import('./helpers.js') & P} Kit
 */
/**
 * Every section's words, in the shapes English gives them.
 * @typedef {object} Words
 * @property {ReturnType<typeof import('./en/page.js').default>} page
 * @property {ReturnType<typeof import('./en/errors.js').default>} errors
 * @property {ReturnType<typeof import('./en/review.js').default>} review
 * @property {ReturnType<typeof import('./en/friend.js').default>} friend
 * @property {ReturnType<typeof import('./en/element.js').default>} element
 * @property {ReturnType<typeof import('./en/rules.js').default>} rules
 * @property {ReturnType<typeof import('./en/help.js').default>} help
 * @property {ReturnType<typeof import('./en/learn.js').default>} learn
 * @property {ReturnType<typeof import('./en/games.js').default>} games
 * @property {ReturnType<typeof import('./en/puzzles.js').default>} puzzles
 * @property {ReturnType<typeof import('./en/lobby.js').default>} lobby
 */
/** @typedef {keyof Words} Section */
/**
 * A section module's default export in a language (`P` its plural.js): its
 * words, made with its kit. Each language's modules are typed with it.
 * @template {Section} S
 * @template P
 * @typedef {(kit: Kit<P>) => Words[S]} Maker
 */
/**
 * A language: its code, its name in itself (for the pickers) and where its
 * plural rule and sections load from. Literal paths: esbuild also bundles
 * import(`./${code}/${section}.js`), but through a helper it puts in a
 * chunk of its own, which every page would then load at start.
 * @typedef {object} Language
 * @property {string} code
 * @property {string} name
 * @property {() => Promise<{ default: Loaders }>} load its sections' loaders (its index.js)
 */
/** @typedef {{ [S in Section]: () => Promise<{ default: Maker<S, any> }> }} SectionLoaders */
/**
 * Where a language's plural rule and sections load from: all of them (but
 * for English's plural and page, which are in the start code).
 * @typedef {Partial<SectionLoaders> & { plural?: () => Promise<object> }} Loaders
 */

/** Every section, in the order English lists them. @type {Section[]} */
export const SECTIONS = [
  'page',
  'errors',
  'review',
  'friend',
  'element',
  'rules',
  'help',
  'games',
  'learn',
  'puzzles',
  'lobby',
];

/** The languages, in the order the pickers list them: one line each. @type {Language[]} */
export const LANGUAGES = [
  { code: 'en', name: 'English', load: () => import('./en/index.js') },
  { code: 'pl', name: 'Polski', load: () => import('./pl/index.js') },
  { code: 'de', name: 'Deutsch', load: () => import('./de/index.js') },
];

/** The language-free helpers (by name: a namespace object would add a file to the start). */
const helpers = { act, colorIn, known, nested, num, OTHER, v };
const english = { count, plural };
/**
 * The sections loaded so far, by language; English's page always (every
 * other section falls back on English's). English's errors load when the
 * page first meets something the engine may refuse (`loadLanguage(code,
 * ['errors'])`: a roll, a link, a saved game), not with its start.
 * @type {Record<string, Partial<Words>> & { en: Partial<Words> & Pick<Words, 'page'> }}
 */
const LOADED = { en: { page: enPage({ ...helpers, ...english }) } };

/**
 * Loads sections of a language's words (nothing for a language not known).
 * By default the sections the page's current language has (at least its
 * page words), so that switching languages switches them all.
 * @param {string | null | undefined} code
 * @param {Section[]} [sections]
 */
export async function loadLanguage(code, sections = /** @type {Section[]} */ (Object.keys(LOADED[currentCode]))) {
  const lang = LANGUAGES.find((l) => l.code === code);
  LOADED[code ?? ''] ??= {};
  const have = LOADED[code ?? ''];
  const missing = sections.filter((s) => !have[s]);
  if (!lang || !missing.length) return;
  const load = /** @type {SectionLoaders & Loaders} */ ((await lang.load()).default);
  // English's plural rule is in the start code.
  const [counting, ...modules] = await Promise.all([load.plural?.() ?? english, ...missing.map((s) => load[s]())]);
  const kit = { ...helpers, ...counting };
  missing.forEach((s, i) => {
    /** @type {any} */ (have)[s] = modules[i].default(kit);
  });
}

let current = LOADED.en.page;
let currentCode = 'en';

/**
 * A language's code from a language tag (`pl`, `pl-PL`), English for a
 * language not known.
 * @param {string} tag
 */
export function languageOf(tag) {
  const code = tag.trim().toLowerCase().split('-')[0];
  return LANGUAGES.some((l) => l.code === code) ? code : 'en';
}

/** The language to start with: a saved choice, else the browser's. @param {string | null | undefined} saved */
export function detectLanguage(saved) {
  return saved && languageOf(saved) === saved ? saved : languageOf(globalThis.navigator?.language || 'en');
}

/** Fills an empty language picker with every language, by its own name. @param {HTMLSelectElement} select */
export function listLanguages(select) {
  if (!select.length) for (const l of LANGUAGES) select.add(new Option(l.name, l.code));
}

/**
 * Labels the page: every element whose `data-KEY` attribute names a
 * string of `table` gets it as its text (`data-i18n`: the page words,
 * `data-w`: a page's own section).
 * @param {object} table @param {'i18n' | 'w'} key
 */
export function label(table, key) {
  for (const el of document.querySelectorAll(`[data-${key}]`)) {
    if (!(el instanceof HTMLElement)) continue;
    const text = /** @type {Record<string, unknown>} */ (table)[el.dataset[key] ?? ''];
    if (typeof text === 'string') el.textContent = text;
  }
}

/** Switches the page's language (its page words loaded) and relabels every `data-i18n` element. @param {string} code */
export function setLanguage(code) {
  currentCode = LOADED[code]?.page ? code : 'en';
  current = LOADED[currentCode]?.page ?? LOADED.en.page;
  document.documentElement.lang = currentCode;
  label(current, 'i18n');
  document.title = `Diablo — ${current.credit.replace(/^Diablo, /, '')}`;
}

/** The current language code. */
export function language() {
  return currentCode;
}

/**
 * The one way to look words up: a section's words in a language (the page
 * words of the page's language by default: `t().rolled('Black', 3, 1)`,
 * `t('review')`, `t('page', 'de')`); English's when that language's are
 * not loaded. Load them first (`loadLanguage`). Engine errors are worded
 * from their kind by `errorText`, which looks its words up here.
 * @template {Section} [S='page']
 * @param {S} [section]
 * @param {string} [code]
 * @returns {Words[S]}
 */
export function t(section = /** @type {S} */ ('page'), code = currentCode) {
  const w = LOADED[code]?.[section] ?? /** @type {Partial<Words>} */ (LOADED.en)[section];
  if (!w) throw new Error(`the ${section} words are not loaded`);
  return w;
}

/**
 * An engine error in the current language, from its kind and parameters
 * (the engine's English message for a kind no table knows, or while no
 * language's error words are loaded yet).
 * @param {import('../types.js').ErrorInfo} info
 * @param {string} [code] another language than the page's
 * @returns {string}
 */
export function errorText(info, code = currentCode) {
  const table = LOADED[code]?.errors ?? LOADED.en.errors;
  /** @param {import('../types.js').ErrorInfo} e */
  const word = (e) => {
    const wording = table?.[e.kind] ?? LOADED.en.errors?.[e.kind];
    return wording ? wording(e.params ?? {}, word) : e.message;
  };
  return word(info);
}

/**
 * The Rules dialog's text (HTML) in the current language; loaded when
 * first asked for, so the page starts without it.
 * @returns {Promise<string>}
 */
export async function rulesHtml() {
  const code = currentCode;
  await loadLanguage(code, ['rules']);
  return t('rules', code).dialog;
}
