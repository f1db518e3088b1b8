// @ts-check
// Who plays each colour: people at one screen, or a person against the
// computer. The computer plugs in as a controller, without the rest of the
// page knowing how it chooses.
//
// A controller is an object with `async takeTurn(turn)`, called when it is
// its colour's turn (the dice may already be rolled after a reload). `turn`
// offers the steps a person has: roll(), options() -> { sources, removals },
// play(from, to), remove(square), confirm(); and state() (the engine's
// state: position code, edition, roll, actions of this turn), undo(),
// alive() (false once the game has changed under the controller),
// thinking(on) (show that the computer is thinking) and shown() (a promise
// that resolves once the action just played has been shown moving: actions
// are played first and animated after, like a person's). Pages that
// lack the last four get sensible defaults. The page redraws after each
// step.

import { fnv1a } from '../hash.js';
import { ai, Cancelled } from './computer.js';

/** The levels offered on the page, weakest first (names as the engine reads them). */
/** @type {readonly Level[]} */
export const LEVELS = Object.freeze(['beginner', 'easy', 'medium', 'hard']);

/** The level a new opponent gets unless another is chosen. */
/** @type {Level} */
export const DEFAULT_LEVEL = 'medium';

/** How long one action is shown moving, and the pause after it, without a `show` step. */
export const SHOW_MS = 400;
/** How long a person's own action is shown moving, once played (shorter: the person just did it). */
export const MOVE_MS = 180;
export const PAUSE_MS = 250;

/** @typedef {import('../types.js').PlayersChoice} PlayersChoice */
/** @typedef {import('../types.js').Level} Level */
/** @typedef {import('../types.js').Color} Color */
/**
 * Who plays each colour, and the computer's level (null when people play both).
 * @typedef {{ black?: 'human' | 'computer', green?: 'human' | 'computer', level: Level | null }} Players
 */

/** @type {Color[]} */
const COLORS = ['black', 'green'];

/**
 * The players choice in its one stored shape: `'hotseat'`, or
 * `{ kind: 'computer', level, human }` with a known level and the person's
 * colour. Accepts the dialogs' `'computer'` (the person plays Black at the
 * default level) and anything read back from storage; unknown input is
 * `'hotseat'`.
 * @param {unknown} choice
 * @returns {PlayersChoice}
 */
export function normalizePlayers(choice) {
  const c = /** @type {any} */ (choice);
  const kind = typeof c === 'string' ? c : c?.kind;
  if (kind !== 'computer') return 'hotseat';
  /** @type {Level} */
  const level = LEVELS.includes(c?.level) ? c.level : DEFAULT_LEVEL;
  /** @type {Color} */
  const human = COLORS.includes(c?.human) ? c.human : 'black';
  return { kind: 'computer', level, human };
}

/**
 * Player kinds for each colour (`human` or `computer`) and the computer's level.
 * @param {unknown} choice
 * @returns {Players}
 */
export function playersFor(choice) {
  const p = normalizePlayers(choice);
  if (p === 'hotseat') return { black: 'human', green: 'human', level: null };
  const computer = p.human === 'black' ? 'green' : 'black';
  return { [p.human]: 'human', [computer]: 'computer', level: p.level };
}

/**
 * The colour the computer plays, or null.
 * @param {Players | null | undefined} players
 */
export function computerColor(players) {
  return COLORS.find((c) => players?.[c] === 'computer') ?? null;
}

/** One controller per level, so a controller's identity is stable. */
const computers = new Map();

/**
 * The controller for a colour, or null when a person plays it.
 * @param {Players} players @param {Color} color
 * @returns {{ level: string, takeTurn: (turn: import('./controller.js').TurnApi) => Promise<void> } | null}
 */
export function controllerFor(players, color) {
  if (players?.[color] !== 'computer') return null;
  const level = players.level && LEVELS.includes(players.level) ? players.level : DEFAULT_LEVEL;
  if (!computers.has(level)) computers.set(level, computerPlayer(level));
  return computers.get(level) ?? null;
}

const sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * The seed of a search: a hash of the position and the roll, so the same
 * moment (after a reload, or a take-back and the same dice) gets the same
 * answer.
 */
export function seedOf(/** @type {string} */ code, /** @type {number[]} */ roll) {
  // Position codes and rolls are ASCII: code units and code points agree.
  return fnv1a(`${code}|${roll.join(',')}`);
}

/** A computer player of a level, searching in the worker behind `client`. */
export function computerPlayer(level, client = ai) {
  return {
    level,
    async takeTurn(turn) {
      if (typeof turn.state !== 'function') throw new Error('the computer player needs the game state');
      const alive = () => (turn.alive ? turn.alive() : true);
      if (!turn.state().roll) turn.roll();
      // A turn left half played (by a reload) is played again from its start.
      for (let k = 0; k < 2 && turn.state().actions.length && turn.undo; k++) turn.undo();
      const st = turn.state();
      if (!st.roll || st.winner || !alive()) return;
      turn.thinking?.(true);
      const start = performance.now();
      let choice;
      try {
        let ms;
        ({ result: choice, ms } = await client.request('choose', {
          code: st.code,
          edition: st.edition,
          roll: st.roll,
          level,
          seed: seedOf(st.code, st.roll),
        }));
        // For measuring: the wait a person sees, and the search's own time.
        performance.measure('diablo:think', {
          start,
          end: performance.now(),
          detail: { level, size: st.size, nodes: choice.nodes, searchMs: ms },
        });
      } catch (e) {
        if (e instanceof Cancelled) return;
        throw e;
      } finally {
        turn.thinking?.(false);
      }
      for (const action of choice.actions) {
        if (!alive()) return;
        // Played first, then shown moving (the engine already has it).
        const ok = action.to == null ? turn.remove(action.from) : turn.play(action.from, action.to);
        if (!ok) throw new Error(`the engine refused the computer's action ${action.text}`);
        if (turn.shown) await turn.shown();
        else await sleep(SHOW_MS);
        if (!alive()) return;
        await sleep(PAUSE_MS);
      }
      if (alive()) turn.confirm();
    },
  };
}
