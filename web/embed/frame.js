// @ts-check
// The iframe route: /web/embed/frame.html?mode=diagram&size=6&position=...
// The query parameters are the element's attributes (config.js ATTRIBUTES,
// all of them); a share link may also be given as the fragment
// (frame.html?mode=replay#1A1E...). Colours can be set with light=, dark=,
// black=, green=, accent=, target=, capture= (any CSS colour).
//
// Not started through lib/page.js's startPage, unlike the site's pages: the
// frame is a piece of someone else's page (its background is theirs, see
// through), so its colours and language are the embedder's (these
// parameters), not the site's Settings; and the element shows its own
// failures in its box, where a page-wide banner with Reload would cover a
// small frame.

import './diablo-board.js';
import { ATTRIBUTES } from './config.js';
import { languageOf, loadLanguage, t } from '../lib/i18n/i18n.js';

const COLOURS = ['light', 'dark', 'black', 'green', 'accent', 'target', 'capture'];

const params = new URLSearchParams(location.search);
const board = document.createElement('diablo-board');
for (const name of ATTRIBUTES) {
  const value = params.get(name);
  if (value != null) board.setAttribute(name, value);
}
const hash = decodeURIComponent(location.hash.slice(1));
if (hash && !params.has('link')) {
  board.setAttribute('link', hash);
  if (!params.has('mode')) board.setAttribute('mode', 'replay');
}
for (const name of COLOURS) {
  const value = params.get(name);
  // Only real colours reach the style: a parameter cannot inject other CSS.
  if (value != null && CSS.supports('color', value)) board.style.setProperty(`--diablo-${name}`, value);
}
document.body.append(board);
// The whole element fits the frame: the board gives way to the rest of it
// (status, dice, buttons, caption, credit), whose height their words and
// wrapping decide. Measured (frame.html sizes the board from --measured
// when it is more than its guess), not only guessed per mode.
new ResizeObserver(() => {
  const square = board.shadowRoot?.querySelector('.board');
  if (!square) return;
  const room = `${Math.ceil(board.getBoundingClientRect().height - square.getBoundingClientRect().height)}px`;
  if (board.style.getPropertyValue('--measured') !== room) board.style.setProperty('--measured', room);
}).observe(board);
// The frame's title and language follow the board's (frame.html is written
// in English; any language of LANGUAGES, lib/i18n/i18n.js).
const lang = languageOf(params.get('lang') ?? '');
if (lang !== 'en') {
  loadLanguage(lang, ['element']).then(
    () => {
      const w = t('element', lang);
      document.documentElement.lang = lang;
      document.title = `${w.board} — ${w.credit}`;
    },
    () => {},
  );
}
