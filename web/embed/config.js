// Reading a <diablo-board>'s attributes into a plain configuration. Only the
// shape of the text is checked here (is it a number, a square name, one
// line); whether a size, an edition or a position is valid is the engine's
// call, and its message is what the reader sees.

/** A problem with an attribute, shown inside the element. */
export class EmbedError extends Error {}

/** The modes an element can be in. */
export const MODES = Object.freeze(['diagram', 'replay', 'play']);

/** Player set-ups accepted by `players` in play mode. */
export const PLAYERS = Object.freeze({ two: 'hotseat', computer: 'computer' });

/** Kinds a `marks` entry may name, as the board draws them. */
export const MARK_KINDS = Object.freeze(['step', 'merge', 'capture', 'removal', 'selected']);

const SQUARE = /^([a-z])([1-9][0-9]?)$/;

function oneLine(name, value) {
  if (/[\r\n]/.test(value)) throw new EmbedError(`${name}: must be on one line`);
  return value.trim();
}

function words(value) {
  return value.trim().split(/\s+/).filter(Boolean);
}

function checkSquare(name, text) {
  if (!SQUARE.test(text)) {
    throw new EmbedError(`${name}: "${text}" is not a square name like c3`);
  }
  return text;
}

function flag(el, name, fallback) {
  if (!el.hasAttribute(name)) return fallback;
  const v = (el.getAttribute(name) ?? '').trim().toLowerCase();
  if (v === '' || v === 'true' || v === 'on' || v === 'yes' || v === name) return true;
  if (v === 'false' || v === 'off' || v === 'no') return false;
  throw new EmbedError(`${name}: "${v}" is not true or false`);
}

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
 * @property {{from:string, to:string|null}[]} arrows moves (`c3-c5`) and removals (`-c3`)
 * @property {string[]} highlight squares ringed like stacks that can act
 * @property {[string, string][]} marks [square, kind] pairs
 * @property {string} caption
 * @property {[number, number]|null} roll dice for a diagram (checked by the engine)
 * @property {string[]} actions actions the engine plays on the diagram, in notation
 * @property {string|null} select square whose legal moves the engine marks
 * @property {boolean} options mark every stack that can act, and removals
 * @property {string} record game record text (replay)
 * @property {string} link share link (replay)
 * @property {number|null} view turns played at the first replayed position
 * @property {boolean} autoplay
 * @property {number} interval autoplay step, in milliseconds
 * @property {string} players `hotseat` or `computer`
 * @property {boolean} coords
 */

/**
 * Reads the element's attributes (and, in replay mode, its text).
 * @param {HTMLElement} el
 * @returns {EmbedConfig}
 * @throws {EmbedError} naming the attribute and what is wrong with it
 */
export function readConfig(el) {
  const attr = (name) => el.getAttribute(name) ?? '';
  const mode = (attr('mode').trim() || 'diagram').toLowerCase();
  if (!MODES.includes(mode)) {
    throw new EmbedError(`mode: "${mode}" is not one of ${MODES.join(', ')}`);
  }
  let size = null;
  if (el.hasAttribute('size')) {
    const v = attr('size').trim();
    if (!/^\d{1,3}$/.test(v)) throw new EmbedError(`size: "${v}" is not a number`);
    size = Number(v);
  }
  const edition = (attr('edition').trim() || 'standard').toLowerCase();
  if (!/^[a-z]+$/.test(edition)) throw new EmbedError(`edition: "${edition}" is not an edition name`);
  const position = oneLine('position', attr('position'));
  const arrows = words(attr('arrows')).map((w) => {
    const removal = /^-([a-z0-9]+)$/.exec(w);
    if (removal) return { from: checkSquare('arrows', removal[1]), to: null };
    const parts = w.split('-');
    if (parts.length !== 2) throw new EmbedError(`arrows: "${w}" is not a move like c3-c5`);
    return { from: checkSquare('arrows', parts[0]), to: checkSquare('arrows', parts[1]) };
  });
  const highlight = words(attr('highlight')).map((w) => checkSquare('highlight', w));
  const marks = words(attr('marks')).map((w) => {
    const [sq, kind = ''] = w.split(':');
    if (!MARK_KINDS.includes(kind)) {
      throw new EmbedError(`marks: "${w}" should be square:kind, kind one of ${MARK_KINDS.join(', ')}`);
    }
    return [checkSquare('marks', sq), kind];
  });
  const playersText = (attr('players').trim() || 'two').toLowerCase();
  if (!Object.hasOwn(PLAYERS, playersText)) {
    throw new EmbedError(`players: "${playersText}" is not one of ${Object.keys(PLAYERS).join(', ')}`);
  }
  let roll = null;
  if (el.hasAttribute('roll')) {
    const m = /^\s*(\d{1,2})\s*,\s*(\d{1,2})\s*$/.exec(attr('roll'));
    if (!m) throw new EmbedError(`roll: "${attr('roll').trim()}" is not two dice like 3,1`);
    roll = [Number(m[1]), Number(m[2])];
  }
  const actions = words(attr('actions'));
  for (const a of actions) {
    if (!/^-?[a-z0-9]+(-[a-z0-9]+)?$/.test(a)) throw new EmbedError(`actions: "${a}" is not an action like c3-c5 or -c3`);
  }
  if (actions.length && !roll) throw new EmbedError('actions: give the dice in a roll attribute too');
  const selectText = attr('select').trim();
  const select = selectText ? checkSquare('select', selectText) : null;
  if (select && !roll) throw new EmbedError('select: give the dice in a roll attribute too');
  const record = mode === 'replay' ? (el.hasAttribute('record') ? attr('record') : el.textContent ?? '') : '';
  return {
    mode,
    size,
    edition,
    position,
    arrows,
    highlight,
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
    coords: flag(el, 'coords', true),
  };
}

/**
 * The index of a named square on an N x N board (RULES.md section 1).
 * @throws {EmbedError} when the square is off the board
 */
export function squareIndex(name, n, attribute) {
  const m = SQUARE.exec(name);
  const file = m ? m[1].charCodeAt(0) - 97 : -1;
  const rank = m ? Number(m[2]) - 1 : -1;
  if (file < 0 || file >= n || rank < 0 || rank >= n) {
    throw new EmbedError(`${attribute}: square ${name} is off the ${n}×${n} board`);
  }
  return rank * n + file;
}
