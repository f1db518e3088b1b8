// @ts-check
// The puzzles page's state, DOM-free (testable in Node): the puzzles of
// both sources, the filters, the puzzle on show and its judgement, the
// score. It knows no rule: the page's entry (puzzles.js) asks the engine
// what the answer reaches and what a turn reached, and tells this state.

/** @typedef {import('../lib/types.js').Edition} Edition */
/** @typedef {import('../lib/types.js').ActionView} ActionView */

/**
 * A puzzle of the shipped set, as puzzles.json holds it (crates/diablo-lab).
 * @typedef {object} SetPuzzle
 * @property {string} id
 * @property {number} size
 * @property {Edition} edition
 * @property {string} position
 * @property {string} roll
 * @property {string} best
 * @property {number} bestChance
 * @property {string} second
 * @property {number} secondChance
 * @property {number} turns
 * @property {number} difficulty 1 to 3
 * @property {{ best: number, second: number }} [exact]
 */

/**
 * A puzzle as the page shows it, from either source.
 * @typedef {object} Item
 * @property {string} id
 * @property {'set' | 'games'} from
 * @property {number} size
 * @property {Edition} edition
 * @property {string} position
 * @property {string} roll
 * @property {string} best
 * @property {number} bestChance
 * @property {string} other the second-best turn (set) or the turn played in the game
 * @property {number} otherChance
 * @property {number} difficulty 1 to 3; 0 for a puzzle from a game
 * @property {boolean} exact
 * @property {{ turn: number, mark: 'mistake' | 'blunder' }} [game]
 */

/** @typedef {{ solved: string[], streak: number }} Score */
/**
 * The puzzle's answer as the engine plays it: the position its best turn
 * reaches (the engine's code), its actions, and the side to play.
 * @typedef {{ code: string, actions: ActionView[], side: 'black' | 'green' }} Answer
 */
/** @typedef {{ source: 'set' | 'games', size: string, edition: string, difficulty: string }} Filters */
/** @typedef {'right' | 'wrong' | 'shown' | null} Result */

/** Where the score is kept (lib/storage.js's store, or anything with its get and set). */
/** @typedef {{ get: () => Score, set: (score: Score) => void }} ScoreStore */

/** @param {SetPuzzle} p @returns {Item} */
const fromSet = (p) => ({
  id: p.id,
  from: 'set',
  size: p.size,
  edition: p.edition,
  position: p.position,
  roll: p.roll,
  best: p.best,
  bestChance: p.bestChance,
  other: p.second,
  otherChance: p.secondChance,
  difficulty: p.difficulty,
  exact: Boolean(p.exact),
});

/** @param {import('../lib/review/mine.js').MinePuzzle} p @returns {Item} */
const fromGame = (p) => ({
  id: p.id,
  from: 'games',
  size: p.size,
  edition: p.edition,
  position: p.position,
  roll: p.roll,
  best: p.best,
  bestChance: p.bestChance,
  other: p.played,
  otherChance: p.playedChance,
  difficulty: 0,
  exact: false,
  game: { turn: p.turn, mark: p.mark },
});

/** A validator of the score as stored: the score, or null when it is not one. @param {unknown} value @returns {Score | null} */
export function validScore(value) {
  if (typeof value !== 'object' || value === null) return null;
  const v = /** @type {Record<string, unknown>} */ (value);
  if (!Array.isArray(v.solved) || !Number.isInteger(v.streak) || Number(v.streak) < 0) return null;
  return { solved: v.solved.filter((id) => typeof id === 'string'), streak: Number(v.streak) };
}

export class PuzzleState {
  /** @param {ScoreStore} store */
  constructor(store) {
    this.store = store;
    /** @type {Item[]} the shipped set */
    this.setItems = [];
    /** @type {Item[]} the puzzles from your games, newest first */
    this.mineItems = [];
    /** @type {Filters} */
    this.filters = { source: 'set', size: '', edition: '', difficulty: '' };
    /** The id of the puzzle on show ('' for none). */
    this.id = '';
    /** @type {Result} */
    this.result = null;
    /** The player failed or asked for the answer: a later right turn does not score. */
    this.spent = false;
    this.hint = false;
    /** @type {Answer} */
    this.answer = { code: '', actions: [], side: 'black' };
    /** @type {{ turn: string, actions: ActionView[], chance: number | null } | null} the player's turn (chance null while valued) */
    this.yours = null;
    /** @type {Score} */
    this.score = { solved: [], streak: 0 };
  }

  /** The score as kept (read once the page has started). */
  readScore() {
    this.score = this.store.get();
  }

  /**
   * The shipped set, from puzzles.json's data.
   * @param {unknown} data
   */
  loadSet(data) {
    const file = /** @type {{ puzzles?: unknown } | null} */ (typeof data === 'object' ? data : null);
    if (!file || !Array.isArray(file.puzzles)) throw new Error('puzzles.json: not a puzzle file');
    this.setItems = /** @type {SetPuzzle[]} */ (file.puzzles).map(fromSet);
    if (!this.setItems.length) throw new Error('puzzles.json has no puzzles');
  }

  /** The puzzles from your games, as kept (oldest first). @param {import('../lib/review/mine.js').MinePuzzle[]} kept */
  loadMine(kept) {
    this.mineItems = kept.slice().reverse().map(fromGame);
  }

  /** Every puzzle of both sources. */
  all() {
    return [...this.setItems, ...this.mineItems];
  }

  /** The puzzle on show. @returns {Item | undefined} */
  current() {
    return this.all().find((p) => p.id === this.id);
  }

  /** The puzzles of the source on show. */
  sourceItems() {
    return this.filters.source === 'set' ? this.setItems : this.mineItems;
  }

  /** The sizes of the source's puzzles, smallest first (the size filter's choices). */
  sizes() {
    return [...new Set(this.sourceItems().map((p) => p.size))].sort((a, b) => a - b);
  }

  /** The puzzles the filters let through, in order. */
  listed() {
    const f = this.filters;
    return this.sourceItems().filter(
      (p) =>
        (!f.size || p.size === Number(f.size))
        && (!f.edition || p.edition === f.edition)
        && (f.source !== 'set' || !f.difficulty || p.difficulty === Number(f.difficulty)),
    );
  }

  /** The first puzzle of the set not solved yet (else the first). */
  firstUnsolved() {
    return this.setItems.find((p) => !this.score.solved.includes(p.id)) ?? this.setItems[0];
  }

  /**
   * A puzzle opened (again): nothing judged; `answer` is what the engine
   * says its best turn reaches.
   * @param {Item} p @param {Answer} answer
   */
  open(p, answer) {
    this.id = p.id;
    this.result = null;
    this.hint = false;
    this.yours = null;
    this.answer = answer;
  }

  /** A new puzzle is chosen (not the same one again): its first try may score. */
  fresh() {
    this.spent = false;
  }

  /**
   * The player's turn scored, once a puzzle: a right first try solves it
   * and adds to the streak (after a hint it solves it, and the streak stays
   * as it was); a wrong one breaks the streak.
   * @param {boolean} right @param {boolean} [clean] right without a hint
   */
  #scored(right, clean = right) {
    if (this.spent) return;
    this.spent = true;
    const id = this.id;
    if (right && id && !this.score.solved.includes(id)) this.score.solved.push(id);
    if (clean) this.score.streak += 1;
    else if (!right) this.score.streak = 0;
    this.store.set(this.score);
  }

  /**
   * A turn was confirmed: right when it reached the position the answer
   * reaches. Returns whether it was.
   * @param {string} turn its notation @param {string} position the code it reached @param {ActionView[]} actions
   */
  judge(turn, position, actions) {
    const p = this.current();
    const right = position === this.answer.code;
    this.yours = { turn, actions, chance: right && p ? p.bestChance : null };
    this.result = right ? 'right' : 'wrong';
    this.#scored(right, right && !this.hint);
    return right;
  }

  /** The chance after the player's turn, valued (for the puzzle still on show). @param {string} id @param {number} chance */
  valued(id, chance) {
    if (this.id !== id || !this.yours) return false;
    this.yours.chance = chance;
    return true;
  }

  /** The answer shown without a turn played. */
  showAnswer() {
    if (!this.current()) return;
    this.#scored(false);
    this.result = 'shown';
    this.yours = null;
  }

  /** The next puzzle the filters let through (the first when none is on show), or null. */
  next() {
    const list = this.listed();
    if (!list.length) return null;
    const at = list.findIndex((p) => p.id === this.id);
    return list[(at + 1) % list.length];
  }

  /**
   * The filters changed: the puzzle to open (the first they let through),
   * or null when the one on show is still let through, or none is.
   * @param {Filters} chosen
   */
  refilter(chosen) {
    // A size the source has no puzzle of is no longer offered: any size.
    this.filters = { ...chosen };
    if (!this.sizes().includes(Number(chosen.size))) this.filters.size = '';
    const list = this.listed();
    if (list.some((p) => p.id === this.id)) return null;
    return list[0] ?? null;
  }

  /**
   * The puzzle an address names (its id), with the filters that show it; null
   * when none has that id or it is on show already.
   * @param {string} id
   */
  asked(id) {
    if (!id || id === this.id) return null;
    const p = this.all().find((x) => x.id === id);
    if (!p) return null;
    this.filters = { source: p.from, size: '', edition: '', difficulty: '' };
    return p;
  }
}
