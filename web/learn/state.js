// @ts-check
// The lessons page's state, DOM-free (testable in Node): the lessons, which
// are done, the lesson on show and the judgement of its turn. It knows no
// rule: a turn is judged by the position the engine says it reached.

/**
 * A lesson as lessons.json holds it: the position, the edition and the
 * dice; the goal positions a right turn reaches (each with a turn that
 * reaches it); a wrong try (for the tests: refused for a rule, or legal
 * but reaching no goal).
 * @typedef {object} Lesson
 * @property {LessonId} id
 * @property {import('../lib/types.js').Edition} edition
 * @property {string} position
 * @property {[number, number]} roll
 * @property {{ turn: string, position: string }[]} goals
 * @property {{ turn: string, refused: string | null }} wrong
 */
/** @typedef {keyof import('../lib/i18n/i18n.js').Words['learn']['lessons']} LessonId */
/** @typedef {{ done: string[] }} Progress */
/** Where the progress is kept (lib/storage.js's store, or anything with its get, set and remove). */
/** @typedef {{ get: () => Progress, set: (progress: Progress) => void, remove: () => void }} ProgressStore */

/**
 * The progress as stored, with the ids no lesson has any more dropped: the
 * progress and whether it was kept whole; null when it is not progress.
 * @param {unknown} value @param {Lesson[]} lessons
 * @returns {{ progress: Progress, whole: boolean } | null}
 */
export function validProgress(value, lessons) {
  const done = /** @type {{ done?: unknown } | null} */ (typeof value === 'object' ? value : null)?.done;
  if (!Array.isArray(done)) return null;
  const known = done.filter((id) => typeof id === 'string' && lessons.some((l) => l.id === id));
  const kept = { done: [...new Set(known)] };
  return { progress: kept, whole: kept.done.length === done.length };
}

export class LessonState {
  /** @param {Lesson[]} lessons @param {ProgressStore} store */
  constructor(lessons, store) {
    this.lessons = lessons;
    this.store = store;
    /** @type {Set<string>} the lessons done, by id */
    this.done = new Set();
    /** The index of the lesson on show. */
    this.at = 0;
    /** @type {'right' | 'wrong' | null} the judgement of the confirmed turn */
    this.result = null;
    this.hint = false;
  }

  /** The progress as kept (read once the page has started). */
  readProgress() {
    this.done = new Set(this.store.get().done);
  }

  /** The lesson on show. */
  lesson() {
    return this.lessons[this.at];
  }

  /** The index of the lesson with this id (the address's), or -1. @param {string} id */
  indexOf(id) {
    return this.lessons.findIndex((l) => l.id === id);
  }

  /** The lesson to start on: the one asked for by id, else the first not done. @param {string} asked */
  startAt(asked) {
    const at = this.indexOf(asked);
    return at >= 0
      ? at
      : Math.max(
          this.lessons.findIndex((l) => !this.done.has(l.id)),
          0,
        );
  }

  /** A lesson opened (again): nothing judged. @param {number} at */
  open(at) {
    this.at = Math.min(Math.max(at, 0), this.lessons.length - 1);
    this.result = null;
    this.hint = false;
  }

  /**
   * A turn was confirmed: right when it reached one of the lesson's goal
   * positions (a right lesson is done, and kept so).
   * @param {string} position the code it reached
   */
  judge(position) {
    const lesson = this.lesson();
    this.result = lesson.goals.some((g) => g.position === position) ? 'right' : 'wrong';
    if (this.result === 'right') {
      this.done.add(lesson.id);
      this.store.set({ done: [...this.done] });
    }
    return this.result;
  }

  /** Every lesson forgotten. */
  forget() {
    this.done = new Set();
    this.store.remove();
  }

  /** Whether every lesson is done. */
  allDone() {
    return this.lessons.every((l) => this.done.has(l.id));
  }
}
