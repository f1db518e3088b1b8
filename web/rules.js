// @ts-check
// The illustrated rules page in the reader's language: ?lang=pl (or en) in
// the address, else the language chosen on the game's page (its saved
// settings), else the browser's, as the game's page decides (i18n.js). The
// page is written in English; for Polish its text is swapped for
// rules-pl.js's before the boards are drawn (this script runs before the
// element's, see rules.html, and imports the Polish text statically so
// that nothing waits between the two), and every board speaks Polish
// (lang="pl").

import { detectLanguage } from './i18n.js';
import * as pl from './rules-pl.js';
import { loadSettings } from './state.js';

/** The language to show: the address's, else the game page's choice. */
function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'pl' || asked === 'en') return asked;
  return detectLanguage(loadSettings().lang);
}

function showPolish() {
  document.documentElement.lang = 'pl';
  document.title = pl.TITLE;
  document.querySelector('meta[name=description]')?.setAttribute('content', pl.DESCRIPTION);
  const parts = /** @type {const} */ ([['header', pl.HEADER], ['main', pl.MAIN], ['footer', pl.FOOTER]]);
  for (const [tag, html] of parts) {
    const el = document.querySelector(tag);
    if (el) el.innerHTML = html;
  }
}

if (chosenLanguage() === 'pl') showPolish();
document.documentElement.dataset.ready = 'true';
