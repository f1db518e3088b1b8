// @ts-check
// The game page's modules loaded on demand, so that its start carries none
// of them: the game-over card, the review (with its words and its own
// worker), the tutor, the help and welcome, and the sounds.

import { language, loadLanguage, t } from '../lib/i18n/i18n.js';
import { AiClient } from '../lib/game/computer.js';
import * as store from '../lib/storage.js';
import { hashText } from '../lib/hash.js';

/** @type {Promise<typeof import('./gameover.js')> | null} */
let gameOverModule = null;
/** The game-over card (gameover.js), loaded when a game first ends. */
export const gameOverJs = () => (gameOverModule ??= import('./gameover.js'));

/** @type {Promise<typeof import('../lib/review/review.js')> | null} */
let reviewModule = null;
/** The review's and the tutor's worker: judging never delays the computer's turn or a hint. */
export const reviewer = new AiClient();
/** The review, with its words in the page's language (switching languages loads them too). */
export const reviewJs = () =>
  (reviewModule ??= Promise.all([import('../lib/review/review.js'), loadLanguage(language(), ['review'])]).then(
    ([m]) => m,
  ));
/** What the review stores with (passed in: see review.js's imports). */
export const reviewStorage = { stored: store.stored, reject: store.reject, isRecord: store.isRecord, hashText };

/** @type {Promise<typeof import('./tutor.js')> | null} */
let tutorModule = null;
/** The tutor (tutor.js, loaded once the setting is on), with the review's words. */
export const tutorJs = () =>
  (tutorModule ??= Promise.all([import('./tutor.js'), loadLanguage(language(), ['review'])]).then(([m]) => m));

/** The page's help (help.js) with its words in the page's language. */
export const helpJs = () => Promise.all([import('./help.js'), loadLanguage(language(), ['help'])]).then(([m]) => m);

/** @type {Promise<typeof import('../lib/sound.js')> | null} */
let soundModule = null;

/**
 * Plays a sound unless muted; the sound module loads with the first sound,
 * so a muted page never fetches it.
 * @param {import('../lib/sound.js').SoundName} name @param {boolean} muted
 */
export function playSound(name, muted) {
  if (muted) return;
  soundModule ??= import('../lib/sound.js');
  soundModule.then((m) => m.playSound(name, false)).catch(() => {});
}

/**
 * The words of the engine's refusals, loaded when the page first meets
 * something the engine may refuse (a link, a saved game, a roll, the import
 * dialog), so that they are no part of the page's start.
 */
export function wordsForRefusals() {
  return loadLanguage(language(), ['errors']).catch(() => {});
}

/** The review's words, for the tutor. */
export const reviewWords = () => t('review');
