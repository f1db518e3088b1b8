// @ts-check
// Where German's sections load from: each module on
// demand, so a page loads only what it shows. This file itself loads when
// the page first needs a German section (i18n.js, LANGUAGES).

/** @type {import('../i18n.js').Loaders} */
export default {
  plural: () => import('./plural.js'),
  page: () => import('./page.js'),
  errors: () => import('./errors.js'),
  review: () => import('./review.js'),
  friend: () => import('./friend.js'),
  element: () => import('./element.js'),
  rules: () => import('./rules.js'),
  help: () => import('./help.js'),
  learn: () => import('./learn.js'),
  games: () => import('./games.js'),
  puzzles: () => import('./puzzles.js'),
  lobby: () => import('./lobby.js'),
};
