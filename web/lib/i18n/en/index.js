// @ts-check
// Where English's sections load from (its page words and plural rule are in the start code: i18n.js): each module on
// demand, so a page loads only what it shows. This file itself loads when
// the page first needs a English section (i18n.js, LANGUAGES).

/** @type {import('../i18n.js').Loaders} */
export default {
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
