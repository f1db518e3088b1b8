// @ts-check
// A game review's results kept in storage (lib/storage.js) by the record's
// hash, so a reload does not redo them (review.js asks, stores and draws).

/** @typedef {import('../types.js').TurnReview} TurnReview */
/** @typedef {import('./review.js').StorageModule} StorageModule */

/** The level that judges (the same as `diablo analyse`'s default). */
export const LEVEL = 'hard';

/** @param {unknown} x */
const judged = (x) =>
  typeof x === 'object'
  && x !== null
  && ['black', 'green'].includes(/** @type {any} */ (x).side)
  && typeof (/** @type {any} */ (x).before) === 'number'
  && typeof (/** @type {any} */ (x).playedValue) === 'number'
  && typeof (/** @type {any} */ (x).luck) === 'number';

/**
 * A record's stored review (`diablo.review.v2.LEVEL.HASH`; v1's judgements had no luck): the record and
 * the turns judged so far, in order. The key is a hash: the record itself
 * is kept to rule out a collision (another record's review reads as none).
 * Storage full or off: the review still shows, it is only not kept.
 * @param {StorageModule} storage @param {string} record
 */
export function reviewStore(storage, record) {
  const text = record.trim();
  const none = () => ({ record: text, turns: /** @type {TurnReview[]} */ ([]) });
  return storage.stored('review', {
    what: 'review',
    version: 2,
    part: `${LEVEL}.${storage.hashText(text)}`,
    fallback: none,
    validate: (data) => {
      const saved = /** @type {{ record?: unknown, turns?: unknown }} */ (storage.isRecord(data) ? data : {});
      if (typeof saved.record !== 'string' || !Array.isArray(saved.turns) || !saved.turns.every(judged)) {
        return storage.reject('not a review');
      }
      return saved.record === text ? { record: text, turns: /** @type {TurnReview[]} */ (saved.turns) } : none();
    },
  });
}

/**
 * The stored results of a record's review (turns judged so far, in order).
 * @param {StorageModule} storage @param {string} record @returns {TurnReview[]}
 */
export const loadReview = (storage, record) => reviewStore(storage, record).get().turns;
