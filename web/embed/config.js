// @ts-check
// Reading a <diablo-board>'s attributes into a plain configuration. Only the
// shape of an attribute is checked here (a number, a flag, one line, one of
// a few words); squares, actions, rolls, sizes, editions and positions are
// notation, read by the engine (games.js, model.js), whose message is what
// the reader sees.

import { DEFAULT_LEVEL, LEVELS } from '../lib/game/players.js';
import { languageOf } from '../lib/i18n/i18n.js';

/** A problem with an attribute, shown inside the element. */
export class EmbedError extends Error {}

/** The modes an element can be in. */
export const MODES = Object.freeze(['diagram', 'replay', 'play']);

/** Player set-ups accepted by `players` in play mode. */
export const PLAYERS = Object.freeze({ two: 'hotseat', computer: 'computer' });

/** Kinds a `marks` entry may name, as the board draws them. */
export const MARK_KINDS = Object.freeze(['step', 'merge', 'capture', 'removal', 'selected']);

/**
 * Every attribute the element reads (the iframe route takes the same names
 * as query parameters).
 */
export const ATTRIBUTES = Object.freeze([
  'mode',
  'size',
  'edition',
  'position',
  'arrows',
  'highlight',
  'marks',
  'caption',
  'roll',
  'actions',
  'select',
  'options',
  'record',
  'link',
  'view',
  'autoplay',
  'interval',
  'players',
  'color',
  'level',
  'coords',
  'credit',
  'lang',
]);

/** @param {string} name @param {string} value */
function oneLine(name, value) {
  if (/[\r\n]/.test(value)) throw new EmbedError(`${name}: must be on one line`);
  return value.trim();
}

/** @param {string} value */
function words(value) {
  return value.trim().split(/\s+/).filter(Boolean);
}

/** @param {Element} el @param {string} name @param {boolean} fallback */
function flag(el, name, fallback) {
  if (!el.hasAttribute(name)) return fallback;
  const v = (el.getAttribute(name) ?? '').trim().toLowerCase();
  if (v === '' || v === 'true' || v === 'on' || v === 'yes' || v === name) return true;
  if (v === 'false' || v === 'off' || v === 'no') return false;
  throw new EmbedError(`${name}: "${v}" is not true or false`);
}

/** @param {Element} el @param {string} name @param {{ min: number, max: number }} range */
function count(el, name, { min, max }) {
  if (!el.hasAttribute(name)) return null;
  const v = (el.getAttribute(name) ?? '').trim();
  if (!/^\d{1,6}$/.test(v)) throw new EmbedError(`${name}: "${v}" is not a whole number`);
  const n = Number(v);
  if (n < min || n > max) throw new EmbedError(`${name}: ${n} is not between ${min} and ${max}`);
  return n;
}

/**
 * @typedef {object} EmbedConfig
 * @property {'diagram'|'replay'|'play'} mode
 * @property {number|null} size from the `size` attribute (checked by the engine)
 * @property {string} edition
 * @property {string} position a position code, or '' for the start
 * @property {string[]} arrows moves (`c3-c5`) and removals (`-c3`), in notation
 * @property {string[]} highlight squares ringed like stacks that can act
 * @property {[string, string][]} marks [square, kind] pairs
 * @property {string} caption
 * @property {string} roll the dice for a diagram, in notation (`3,1`), or ''
 * @property {string[]} actions actions the engine plays on the diagram, in notation
 * @property {string} select square whose legal moves the engine marks, or ''
 * @property {boolean} options mark every stack that can act, and removals
 * @property {string} record game record text (replay)
 * @property {string} link share link (replay)
 * @property {number|null} view turns played at the first replayed position
 * @property {boolean} autoplay
 * @property {number} interval autoplay step, in milliseconds
 * @property {'hotseat'|'computer'} players
 * @property {import('../lib/types.js').Color} color the person's colour against the computer
 * @property {import('../lib/types.js').Level} level the computer's level
 * @property {boolean} coords
 * @property {boolean} credit
 * @property {string} lang the language of the element's words (a code of LANGUAGES in lib/i18n/i18n.js; English for any other)
 */

/**
 * Reads the element's attributes (and, in replay mode, its text).
 * @param {HTMLElement} el
 * @returns {EmbedConfig}
 * @throws {EmbedError} naming the attribute and what is wrong with it
 */
export function readConfig(el) {
  /** @param {string} name */
  const attr = (name) => el.getAttribute(name) ?? '';
  const mode = /** @type {EmbedConfig['mode']} */ ((attr('mode').trim() || 'diagram').toLowerCase());
  if (!MODES.includes(mode)) {
    throw new EmbedError(`mode: "${mode}" is not one of ${MODES.join(', ')}`);
  }
  /** @type {number | null} */
  let size = null;
  if (el.hasAttribute('size')) {
    const v = attr('size').trim();
    if (!/^\d{1,3}$/.test(v)) throw new EmbedError(`size: "${v}" is not a number`);
    size = Number(v);
  }
  const edition = (attr('edition').trim() || 'standard').toLowerCase();
  const marks = words(attr('marks')).map((w) => {
    const [sq, kind = ''] = w.split(':');
    if (!MARK_KINDS.includes(kind)) {
      throw new EmbedError(`marks: "${w}" should be square:kind, kind one of ${MARK_KINDS.join(', ')}`);
    }
    return /** @type {[string, string]} */ ([sq, kind]);
  });
  const playersText = (attr('players').trim() || 'two').toLowerCase();
  if (playersText !== 'two' && playersText !== 'computer') {
    throw new EmbedError(`players: "${playersText}" is not one of ${Object.keys(PLAYERS).join(', ')}`);
  }
  const color = (attr('color').trim() || 'black').toLowerCase();
  if (color !== 'black' && color !== 'green') throw new EmbedError(`color: "${color}" is not black or green`);
  const level = /** @type {import('../lib/types.js').Level} */ ((attr('level').trim() || DEFAULT_LEVEL).toLowerCase());
  if (!LEVELS.includes(level)) throw new EmbedError(`level: "${level}" is not one of ${LEVELS.join(', ')}`);
  const roll = oneLine('roll', attr('roll'));
  const actions = words(attr('actions'));
  if (actions.length && !roll) throw new EmbedError('actions: give the dice in a roll attribute too');
  const select = oneLine('select', attr('select'));
  if (select && !roll) throw new EmbedError('select: give the dice in a roll attribute too');
  const record = mode === 'replay' ? (el.hasAttribute('record') ? attr('record') : (el.textContent ?? '')) : '';
  return {
    mode,
    size,
    edition,
    position: oneLine('position', attr('position')),
    arrows: words(attr('arrows')),
    highlight: words(attr('highlight')),
    marks,
    caption: attr('caption').trim(),
    roll,
    actions,
    select,
    options: flag(el, 'options', false),
    record,
    link: oneLine('link', attr('link')),
    view: count(el, 'view', { min: 0, max: 100000 }),
    autoplay: flag(el, 'autoplay', false),
    interval: count(el, 'interval', { min: 100, max: 60000 }) ?? 1200,
    players: PLAYERS[playersText],
    color,
    level,
    coords: flag(el, 'coords', true),
    credit: flag(el, 'credit', true),
    lang: languageOf(attr('lang')),
  };
}
