// @ts-check
// Games for the element, made by the engine from the configuration: a start
// position (the start of a size, or a position code), a game record, or a
// share link. Every check is the engine's; a refusal becomes an EmbedError
// naming the attribute, worded by kind (errorText).

import { errorInfo, parseRoll, RecordedGame, Session } from '../lib/engine/engine.js';
import { errorText } from '../lib/i18n/i18n.js';
import { EmbedError } from './config.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */

/** The board size used when neither `size` nor `position` gives one. */
export const DEFAULT_SIZE = 8;

/** Attributes named by the kind of what went wrong, where the kind tells. */
const ATTRIBUTE_OF_KIND = /** @type {Record<string, string>} */ ({ 'bad-edition': 'edition', 'bad-size': 'size' });

/**
 * Runs an engine call; a refusal becomes an EmbedError for `what`.
 * @template T
 * @param {string} what the attribute (or attribute and value) at fault
 * @param {() => T} fn
 * @returns {T}
 */
export function engine(what, fn) {
  try {
    return fn();
  } catch (e) {
    const info = errorInfo(e);
    if (!info) throw e;
    throw new EmbedError(`${ATTRIBUTE_OF_KIND[info.kind] ?? what}: ${errorText(info)}`);
  }
}

/**
 * A game at the position the attributes describe: `position` (a code), or
 * the start of `size`.
 * @param {EmbedConfig} config
 * @returns {Session}
 */
export function gameAtStart(config) {
  if (!config.position) {
    return engine('size', () => Session.create(config.size ?? DEFAULT_SIZE, config.edition));
  }
  const session = engine('position', () => Session.fromPosition(config.position, config.edition));
  if (config.size != null && config.size !== session.size) {
    session.dispose();
    throw new EmbedError(
      `position (or size): the position is ${session.size}×${session.size} but size says ${config.size}`,
    );
  }
  return session;
}

/**
 * Rolls the attributes' dice and plays their actions on a diagram's game.
 * @param {Session} session
 * @param {EmbedConfig} config
 */
export function setUp(session, config) {
  if (config.roll) {
    const [a, b] = engine('roll', () => parseRoll(config.roll));
    engine('roll', () => session.setRoll(a, b));
  }
  for (const action of config.actions) engine(`actions: ${action}`, () => session.act(action));
}

/**
 * A recorded game: from a share link when `link` is set, else the record.
 * @param {EmbedConfig} config
 * @returns {RecordedGame}
 */
export function gameToReplay(config) {
  if (config.link) return engine('link', () => RecordedGame.fromLink(config.link));
  if (!config.record.trim()) {
    throw new EmbedError(
      "record: a replay needs a game record (as the element's text or a record attribute) or a link",
    );
  }
  return engine('record', () => RecordedGame.fromRecord(config.record));
}
