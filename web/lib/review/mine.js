// @ts-check
// Puzzles from your own games: when the game review
// (lib/review/review.js) has judged a whole game, each turn it marked a
// mistake or a blunder becomes a puzzle kept on this device — the position
// before the turn, its roll, the review's best turn and the turn played,
// with their chances — newest kept, at most CAP. The review loads this
// module on demand and hands in the page's storage module and hash, so that
// nothing here is part of the game page's start (review.js's rule for its
// imports); the puzzles page reads the same stored value.

/** @typedef {Pick<typeof import('../storage.js'), 'stored' | 'reject' | 'isRecord'>} StorageModule */
/** @typedef {import('../types.js').TurnReview} TurnReview */

/** The most puzzles from your games kept (the oldest go first). */
export const CAP = 200;

/**
 * A puzzle made from a reviewed game.
 * @typedef {object} MinePuzzle
 * @property {string} id `g-` and a hash of the position and the roll
 * @property {number} size
 * @property {import('../types.js').Edition} edition
 * @property {string} position the position code before the turn
 * @property {string} roll e.g. `3,1`
 * @property {string} best the review's best turn
 * @property {number} bestChance the mover's chance after it
 * @property {string} played the turn played in the game
 * @property {number} playedChance the mover's chance after it
 * @property {'mistake' | 'blunder'} mark
 * @property {number} turn the turn's number in the game
 * @property {number} added when it was kept (ms since 1970)
 */

/** @param {unknown} x @returns {x is MinePuzzle} */
function isPuzzle(x) {
  const p = /** @type {Record<string, unknown>} */ (x);
  return (
    typeof x === 'object'
    && x !== null
    && ['id', 'position', 'roll', 'best', 'played'].every((k) => typeof p[k] === 'string')
    && ['size', 'bestChance', 'playedChance', 'turn', 'added'].every((k) => typeof p[k] === 'number')
    && (p.edition === 'standard' || p.edition === 'sequenced')
    && (p.mark === 'mistake' || p.mark === 'blunder')
  );
}

/**
 * The stored puzzles from your games (`diablo.puzzles-mine.v1`), oldest
 * first; entries of the wrong shape are dropped, the rest kept.
 * @param {StorageModule} storage
 */
export function mineStore(storage) {
  return storage.stored('puzzles-mine', {
    what: 'puzzles',
    version: 1,
    fallback: () => /** @type {MinePuzzle[]} */ ([]),
    validate: (value) => {
      if (!Array.isArray(value)) return storage.reject('not a list of puzzles');
      const good = value.filter(isPuzzle).slice(-CAP);
      // The good entries are kept (the refusal's salvage).
      return good.length === value.length
        ? good
        : Object.assign(storage.reject('puzzles of the wrong shape'), { salvaged: good });
    },
  });
}

/**
 * Keeps the mistakes and blunders of a fully reviewed game as puzzles.
 * Returns how many puzzles were new.
 * @param {StorageModule} storage
 * @param {{ stateAt: (k: number) => { code: string, size: number, edition: import('../types.js').Edition } }} game
 * @param {TurnReview[]} results the review of every turn, in order
 * @param {(text: string) => string} hash lib/hash.js's hashText (passed in, as the storage is)
 * @param {number} [now]
 */
export function keepFromReview(storage, game, results, hash, now = Date.now()) {
  const store = mineStore(storage);
  const kept = store.get();
  const ids = new Set(kept.map((p) => p.id));
  let added = 0;
  results.forEach((r, k) => {
    if (r.mark !== 'mistake' && r.mark !== 'blunder') return;
    const at = game.stateAt(k);
    const id = `g-${hash(`${at.code}|${at.edition}|${r.roll}`)}`;
    if (ids.has(id)) return;
    ids.add(id);
    added++;
    kept.push({
      id,
      size: at.size,
      edition: at.edition,
      position: at.code,
      roll: r.roll,
      best: r.best,
      bestChance: r.bestValue,
      played: r.played,
      playedChance: r.playedValue,
      mark: r.mark,
      turn: r.number,
      added: now,
    });
  });
  if (added) store.set(kept.slice(-CAP));
  return added;
}
