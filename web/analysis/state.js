// @ts-check
// What the analysis board holds, without the DOM: the position being set
// up (size, edition, stacks, side, turn, and the engine's code of it), the
// dice, the ranking of every legal turn, the turn previewed and the turn
// just played; and the link that describes it (#code=…&edition=…&roll=…).

/** @typedef {import('../lib/types.js').Ranking} Ranking */
/** @typedef {import('../lib/types.js').Edition} Edition */

/** How many turns the ranking shows until "Show all". */
export const TOP = 10;

/** A new analysis state: an empty 8×8 set-up, nothing ranked. */
export function initialState() {
  return {
    size: 8,
    /** @type {Edition} */
    edition: 'standard',
    /** @type {number[]} signed heights by square index (Black > 0) */
    cells: /** @type {number[]} */ ([]),
    side: 'black',
    turn: 1,
    /** The engine's code of the position, or '' while the set-up is refused. */
    code: '',
    /** @type {[number, number] | null} */
    roll: /** @type {[number, number] | null} */ (null),
    /** @type {Ranking | null} */
    ranking: /** @type {Ranking | null} */ (null),
    ranking_for: '',
    /** @type {RankedPosition[]} the ranking, each resulting position once */
    lines: /** @type {RankedPosition[]} */ ([]),
    showAll: false,
    /** @type {number | null} the ranked turn previewed on the board */
    preview: /** @type {number | null} */ (null),
    /** @type {import('../lib/types.js').ActionView[]} */
    last: /** @type {import('../lib/types.js').ActionView[]} */ ([]),
    note: '',
    error: '',
    /** What is wrong with the dice typed, said under them ('' when nothing). */
    rollError: '',
    /** @type {1 | 2 | 0} the die refused (0: none, or both) */
    badDie: /** @type {1 | 2 | 0} */ (0),
    /** @type {string | null} a code the person typed that the engine refused: kept to be fixed */
    typed: /** @type {string | null} */ (null),
    working: false,
  };
}

/** @typedef {ReturnType<typeof initialState>} AnalysisState */

/** The position changed: the ranking, the preview and the turns played go. @param {AnalysisState} state */
export function forgetRanking(state) {
  state.typed = null;
  state.note = '';
  state.ranking = null;
  state.lines = [];
  state.ranking_for = '';
  state.preview = null;
  state.last = [];
  state.working = false;
}

/**
 * One line of the ranking: a turn, and the other ways of writing a turn
 * that reaches the same position (`also`, in the order ranked).
 * @typedef {RankedTurn & { also: string[] }} RankedPosition
 */
/** @typedef {import('../lib/types.js').RankedTurn} RankedTurn */

/**
 * The ranked turns, each resulting position once: the first (best ranked)
 * turn that reaches it, the later ones that reach it too under it. A turn
 * whose position is unknown (`positionOf` gives '') stands alone.
 * @param {RankedTurn[]} turns best first
 * @param {(turn: RankedTurn) => string} positionOf the code of the position after the turn
 * @returns {RankedPosition[]}
 */
export function groupByPosition(turns, positionOf) {
  /** @type {RankedPosition[]} */
  const lines = [];
  /** @type {Map<string, RankedPosition>} */
  const byCode = new Map();
  for (const turn of turns) {
    const code = positionOf(turn);
    const first = code ? byCode.get(code) : undefined;
    if (first) {
      first.also.push(turn.turn);
      continue;
    }
    const line = { ...turn, also: [] };
    if (code) byCode.set(code, line);
    lines.push(line);
  }
  return lines;
}

/** The lines the list shows. @param {AnalysisState} state */
export function shownTurns(state) {
  return state.lines.slice(0, state.showAll ? undefined : TOP);
}

/**
 * The stack a click puts on a square while setting up: `kind` is the Place
 * choice, `height` the Height field.
 * @param {string} kind @param {number} height
 */
export function stackOf(kind, height) {
  const h = Math.max(1, Math.trunc(height) || 1);
  return kind === 'empty' ? 0 : kind === 'black' ? h : -h;
}

/** The analysis as a URL fragment: the engine's code, the edition, the roll once ranked. @param {AnalysisState} state */
export function fragmentOf(state) {
  if (!state.code) return '';
  const p = new URLSearchParams({ code: state.code, edition: state.edition });
  if (state.roll && state.ranking_for) p.set('roll', state.roll.join(','));
  return p.toString();
}

/**
 * What a link's fragment asks for: a code, its edition, and dice when
 * they are two positive whole numbers; null without a code.
 * @param {string} hash the fragment, without `#`
 * @returns {{ code: string, edition: Edition, roll: [number, number] | null } | null}
 */
export function readFragment(hash) {
  const p = new URLSearchParams(hash);
  const code = p.get('code');
  if (!code) return null;
  const edition = p.get('edition') === 'sequenced' ? 'sequenced' : 'standard';
  const roll = (p.get('roll') ?? '').split(',').map(Number);
  const ok = roll.length === 2 && roll.every((d) => Number.isInteger(d) && d > 0);
  return { code, edition, roll: ok ? [roll[0], roll[1]] : null };
}

/** The key of a ranking request: a reply for another one is dropped. @param {AnalysisState} state */
export const rankingKey = (state) => `${state.code}|${state.edition}|${state.roll}`;
