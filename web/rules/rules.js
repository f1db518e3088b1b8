// @ts-check
// The illustrated rules page in the reader's language: ?lang=pl (or en) in
// the address, else the language chosen on the game's page (its saved
// settings), else the browser's, as the game's page decides (i18n.js). The
// page is written in English; in another language its text is swapped for
// that language's (the `page` of its rules section, lib/i18n/), whose boards
// speak it too (their `lang`), and only then are the boards drawn: this
// script loads the element (rules.html only preloads it).

import { loadLanguage, t } from '../lib/i18n/i18n.js';
import { notice, startLanguage } from '../lib/page.js';
import { onStorageProblem, problemText } from '../lib/storage.js';

/** The page's text in a language, when it has one (else it stays in English). @param {string} code */
async function showLanguage(code) {
  await loadLanguage(code, ['rules']);
  const text = t('rules', code).page;
  if (!text) return;
  document.documentElement.lang = code;
  document.title = text.title;
  document.querySelector('meta[name=description]')?.setAttribute('content', text.description);
  const parts = /** @type {const} */ ([['header', text.header], ['main', text.main], ['footer', text.footer]]);
  for (const [tag, html] of parts) {
    const el = document.querySelector(tag);
    if (el) el.innerHTML = html;
  }
}

/**
 * The sizes the text names (`data-size`: the first and the last), from the
 * engine's one list, which every page's size picker offers (lib/page.js).
 */
async function showSizes() {
  const engine = await import('../lib/engine/engine.js');
  await engine.loadEngine();
  const sizes = engine.boardSizes();
  for (const span of document.querySelectorAll('[data-size]')) {
    if (!(span instanceof HTMLElement)) continue;
    const n = span.dataset.size === 'first' ? sizes[0] : sizes[sizes.length - 1];
    span.textContent = `${n}\u00a0×\u00a0${n}`;
  }
}

const code = startLanguage();
// A storage problem (the saved settings were unreadable, say) in the page's
// language, in the page's notice (lib/page.js), outside what showLanguage swaps.
onStorageProblem((problem) => {
  loadLanguage(code, ['page']).catch(() => {}).then(() => notice(problemText(problem, t('page', code)), t('page', code)));
});
// The text first (in English if its language cannot load), then the boards in it.
if (code !== 'en') await showLanguage(code).catch(() => {});
await import('../embed/diablo-board.js');
await showSizes().catch(() => {});
document.documentElement.dataset.ready = 'true';
