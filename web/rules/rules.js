// @ts-check
// The illustrated rules page in the reader's language: ?lang=pl (or en) in
// the address, else the language chosen on the game's page (its saved
// settings), else the browser's, as the game's page decides (i18n.js). The
// page is written in English; in another language its text is swapped for
// that language's (the `page` of its rules section, lib/i18n/), whose boards
// speak it too (their `lang`), and only then are the boards drawn: this
// script loads the element (rules.html only preloads it).

import { language, t } from '../lib/i18n/i18n.js';
import { pickLanguages, startPage } from '../lib/page.js';
import { startLanguage } from '../lib/start-language.js';

/** The page's text in a language, when it has one (else it stays in English). @param {string} code */
function showLanguage(code) {
  const text = t('rules', code).page;
  if (!text) return;
  document.title = text.title;
  document.querySelector('meta[name=description]')?.setAttribute('content', text.description);
  const parts = /** @type {const} */ ([
    ['header', text.header],
    ['main', text.main],
    ['footer', text.footer],
  ]);
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
const title = document.title;
// The start every page has (lib/page.js: the colours, the failure banner,
// storage problems as notices in the page's language), without the engine:
// a page of text that could not load it still reads, and its boards say so
// in their own boxes. The English text is the page's HTML, so English needs
// no rules section.
await startPage({ sections: code === 'en' ? ['page'] : ['page', 'rules'], lang: code, engine: false });
// The page's own title, not the game page's (which the start gives every page).
document.title = title;
// The header's picker: the rules' text is the page's HTML, so another language is a fresh load.
pickLanguages(['page'], () => location.reload());
// The text first (in English if its language could not load), then the boards in it.
if (language() !== 'en') showLanguage(language());
await import('../embed/diablo-board.js');
await showSizes().catch(() => {});
document.documentElement.dataset.ready = 'true';
