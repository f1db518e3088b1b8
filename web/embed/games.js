// Games for the element, made by the engine from the configuration: a start
// position (the start of a size, or a position code), a game record, or a
// share link. Every check is the engine's; its messages pass through.

import { Game } from '../pkg/diablo_wasm.js';
import { EmbedError } from './config.js';
import { decodeLink } from './link.js';
import { messageOf } from './load.js';

/** The board size used when neither `size` nor `position` gives one. */
export const DEFAULT_SIZE = 8;

function engine(what, fn, { stripLine = false } = {}) {
  try {
    return fn();
  } catch (e) {
    let message = messageOf(e);
    // The record below is written here, so its line numbers mean nothing to the reader.
    if (stripLine) message = message.replace(/^line \d+: (start position: )?/, '');
    throw new EmbedError(`${what}: ${message}`);
  }
}

/**
 * A game at the position the attributes describe: `position` (a code), or
 * the start of `size`.
 * @param {import('./config.js').EmbedConfig} config
 * @returns {Game}
 */
export function gameAtStart(config) {
  if (!config.position) {
    const size = config.size ?? DEFAULT_SIZE;
    return engine('size', () => new Game(size, config.edition));
  }
  const ranks = config.position.split(/\s+/)[0].split('/').length;
  const size = config.size ?? ranks;
  // `start` before `size`, so a bad code is reported as such, not as a bad size.
  const text = `edition ${config.edition}\nstart ${config.position}\nsize ${size}\n`;
  const what = config.size != null && config.size !== ranks ? 'position (or size)' : 'position';
  return engine(what, () => Game.fromRecord(text), { stripLine: true });
}

/**
 * Rolls the attributes' dice and plays their actions on a diagram's game;
 * returns the engine's state and options afterwards.
 * @param {Game} game
 * @param {import('./config.js').EmbedConfig} config
 */
export function setUp(game, config) {
  if (config.roll) engine('roll', () => game.setRoll(config.roll[0], config.roll[1]));
  for (const action of config.actions) engine(`actions: ${action}`, () => game.act(action));
  return {
    state: JSON.parse(engine('position', () => game.state())),
    options: JSON.parse(engine('position', () => game.options())),
  };
}

/**
 * A replayed game: from a share link when `link` is set, else the record.
 * @returns {{ game: Game, view: number|null }}
 */
export function gameToReplay(config) {
  if (config.link) {
    const { record, view } = engine('link', () => decodeLink(config.link));
    return { game: engine('link', () => Game.fromRecord(record)), view };
  }
  if (!config.record.trim()) {
    throw new EmbedError('record: a replay needs a game record (as the element\'s text or a record attribute) or a link');
  }
  return { game: engine('record', () => Game.fromRecord(config.record)), view: null };
}

/**
 * @typedef {object} Frame one position of a replay
 * @property {number} step turns played to reach it (0 = the start)
 * @property {object} state the engine's state at that position (see diablo-wasm State)
 * @property {{number:number, side:string, roll:string, turn:string}|null} played the turn that led here
 */

/**
 * Every position of a finished record, first to last. The game is walked
 * backwards with take-backs, so it ends at its start (free it afterwards).
 * @param {Game} game
 * @returns {Frame[]}
 */
export function framesOf(game) {
  const frames = [];
  for (;;) {
    const state = JSON.parse(engine('record', () => game.state()));
    const played = state.log.length ? state.log[state.log.length - 1] : null;
    frames.push({ step: state.log.length, state, played });
    if (game.takeBack() === undefined) break;
  }
  return frames.reverse();
}
