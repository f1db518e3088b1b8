// @ts-check
// <diablo-board>'s shadow root: its parts, made from one template, and its
// words (diablo-board.js is the element).

import { t } from '../lib/i18n/i18n.js';
import { STYLE } from './style.js';

/**
 * The element's words (the `element` section, lib/i18n/) and the game's (the
 * page words) in a language, with its code; both loaded (`loadLanguage`).
 * @param {string} code
 */
export function elementWords(code) {
  return { ...t('element', code), lang: code, game: t('page', code) };
}

/** @typedef {ReturnType<typeof elementWords>} ElementWords */
/**
 * The element's parts in its shadow root; the buttons by their `data-cmd`.
 * @typedef {object} Parts
 * @property {HTMLElement} root
 * @property {HTMLElement} boardBox
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} grid
 * @property {HTMLElement} replay the replay controls
 * @property {HTMLElement} play the play controls
 * @property {HTMLElement} caption
 * @property {HTMLElement} error
 * @property {HTMLElement} credit
 * @property {HTMLElement} counter
 * @property {HTMLElement} turn
 * @property {HTMLElement} status
 * @property {HTMLElement} who who plays whom (against the computer)
 * @property {HTMLElement} dice
 * @property {HTMLElement} diagramDice
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} back
 * @property {HTMLButtonElement} toggle
 * @property {HTMLButtonElement} forward
 * @property {HTMLButtonElement} end
 * @property {HTMLButtonElement} roll
 * @property {HTMLButtonElement} confirm
 * @property {HTMLButtonElement} undo
 * @property {HTMLButtonElement} restart
 */

const TEMPLATE = `
<div class="root" part="root">
  <div class="board" part="board">
    <canvas></canvas>
    <div class="grid" role="grid" data-w-label="board" hidden></div>
  </div>
  <div class="dice diagram-dice" role="group" data-w-label="dice" hidden></div>
  <div class="controls replay" part="controls" hidden>
    <button type="button" data-cmd="first" data-w-label="first"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 2h2v12H3zM14 2v12L6 8z" fill="currentColor"/></svg></button>
    <button type="button" data-cmd="back" data-w-label="back"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M12 2v12L4 8z" fill="currentColor"/></svg></button>
    <button type="button" data-cmd="toggle" class="primary"></button>
    <button type="button" data-cmd="forward" data-w-label="forward"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M4 2v12l8-6z" fill="currentColor"/></svg></button>
    <button type="button" data-cmd="end" data-w-label="end"><svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M11 2h2v12h-2zM2 2v12l8-6z" fill="currentColor"/></svg></button>
    <span class="counter"></span>
    <p class="turn" aria-live="polite"></p>
  </div>
  <div class="controls play" part="controls" hidden>
    <p class="who" hidden></p>
    <p class="status" role="status" aria-live="polite"></p>
    <div class="dice" role="group"></div>
    <button type="button" data-cmd="roll" class="primary" data-w="roll"></button>
    <button type="button" data-cmd="confirm" class="primary" data-w="confirm"></button>
    <button type="button" data-cmd="undo" data-w="undo"></button>
    <button type="button" data-cmd="restart" data-w="restart"></button>
  </div>
  <p class="caption" part="caption" hidden></p>
  <p class="error" role="alert" part="error" hidden></p>
  <p class="credit" part="credit"></p>
</div>`;

/**
 * Fills `root` (the element's shadow root) with the element's parts and
 * returns them, by role.
 * @param {ShadowRoot} root
 * @returns {Parts}
 */
export function makeParts(root) {
  root.innerHTML = `<style>${STYLE}</style>${TEMPLATE}`;
  /** @param {string} sel */
  const $ = (sel) => /** @type {any} */ (root.querySelector(sel));
  return {
    root: $('.root'),
    boardBox: $('.board'),
    canvas: $('canvas'),
    grid: $('.grid'),
    replay: $('.controls.replay'),
    play: $('.controls.play'),
    caption: $('.caption'),
    error: $('.error'),
    credit: $('.credit'),
    counter: $('.counter'),
    turn: $('.turn'),
    status: $('.status'),
    who: $('.who'),
    dice: $('.controls .dice'),
    diagramDice: $('.diagram-dice'),
    first: $('[data-cmd=first]'),
    back: $('[data-cmd=back]'),
    toggle: $('[data-cmd=toggle]'),
    forward: $('[data-cmd=forward]'),
    end: $('[data-cmd=end]'),
    roll: $('[data-cmd=roll]'),
    confirm: $('[data-cmd=confirm]'),
    undo: $('[data-cmd=undo]'),
    restart: $('[data-cmd=restart]'),
  };
}
