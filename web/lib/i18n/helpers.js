// @ts-check
// The language-free pieces every language's sections are made with
// (i18n.js hands them in with the language's plural.js; a section never
// imports this module, or the game page's start code would be split).
// Errors: a parameter as text, a rule refusal led by its action, a nested
// error worded in the same language.

/** @typedef {import('../types.js').ErrorInfo} ErrorInfo */
/**
 * Words for one kind of error: `params` are the error's, `cause(info)` words a
 * nested error in the same language. A short phrase without a final full stop
 * (the page puts it after "Not allowed: " and adds punctuation); a missing
 * parameter shows as "?".
 * @typedef {(params: Record<string, any>, cause: (info: ErrorInfo) => string) => string} ErrorWording
 */

/**
 * A parameter as text, `?` when it is missing.
 * @param {any} value
 * @returns {string}
 */
export const v = (value) => (value === undefined || value === null ? '?' : String(value));

/**
 * A number parameter, or NaN when it is not a number.
 * @param {any} value
 * @returns {number}
 */
export const num = (value) => (typeof value === 'number' ? value : Number.NaN);

/**
 * A rule refusal, led by the action it refuses when there is one.
 * @param {Record<string, any>} p
 * @param {string} text
 */
export const act = (p, text) => (typeof p.action === 'string' && p.action ? `${p.action}: ${text}` : text);

/**
 * The nested error, worded in the caller's language, or `?` if there is none.
 * @param {Record<string, any>} p
 * @param {(info: ErrorInfo) => string} cause
 */
export const nested = (p, cause) => {
  const c = p.cause;
  if (!c || typeof c !== 'object' || typeof c.kind !== 'string') return '?';
  return cause({ kind: c.kind, params: c.params ?? {}, message: v(c.message) });
};

/** The other colour. @type {Record<string, string>} */
export const OTHER = { black: 'green', green: 'black' };

/**
 * A colour's name from a table of names, `?` for no colour.
 * @param {Record<string, string>} names
 * @param {any} color
 */
export const colorIn = (names, color) => (typeof color === 'string' && names[color]) || '?';

/**
 * A table's entry for a key the engine sent, if the table has it.
 * @param {Record<string, string>} table
 * @param {any} key
 */
export const known = (table, key) => (typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined);
