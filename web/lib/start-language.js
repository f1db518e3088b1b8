// @ts-check
// The language a page starts in, in a module of its own: every page's
// start (lib/page.js) uses it, and so does the header's "Play online"
// (lib/header/online.js), which may be ready before the page has set it.

import { detectLanguage, languageOf } from './i18n/i18n.js';
import { loadSettings } from './storage.js';

/** The language a page starts in: the address's, else the saved choice, else the browser's. */
export function startLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && languageOf(asked) === asked) return asked;
  return detectLanguage(loadSettings().lang);
}
