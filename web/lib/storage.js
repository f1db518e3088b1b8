// @ts-check
// The one module that touches localStorage (in the spirit of lichess's
// storedProp): a stored value is a key (`diablo.NAME.vVERSION`, plus a part
// for a family of values), a fallback and a validator that rejects data of
// the wrong shape. Here also the two values every page shares: the saved
// game (record text, roll and actions of the turn under way) and the
// player's settings; the other pages' values are declared where they are
// used (opponent.js, friend.js, review.js), with `stored`.
//
// Storage that is missing, corrupt (not JSON), of the wrong shape, full
// (QuotaExceededError) or blocked (no localStorage, or a SecurityError)
// never throws: the page goes on with the fallback, and a problem is raised
// once per kind and value (and page load): `{ kind, what, detail }`, which
// a page shows in its words (onStorageProblem, problemText). A corrupt or
// wrong-shape value is dropped when read (what could be salvaged, such as
// the good fields of the settings, is written back), so it is reported
// once, not at every visit.

/** @typedef {'corrupt' | 'invalid' | 'full' | 'blocked'} ProblemKind */
/**
 * What was lost: a stored value's name for the person ('all' when storage
 * is blocked: nothing can be read or kept).
 * @typedef {'game' | 'settings' | 'opponent' | 'friend-games' | 'review' | 'lessons' | 'puzzles' | 'all'} What
 */
/**
 * @typedef {object} StorageProblem
 * @property {ProblemKind} kind
 * @property {What} what
 * @property {string} detail why, in English (the browser's or the validator's words)
 */

/**
 * A validator's refusal: why, and what could be salvaged of the data (the
 * fallback when nothing could).
 * @template T
 */
export class Rejected {
  /** @param {string} reason @param {T} [salvaged] */
  constructor(reason, salvaged) {
    this.reason = reason;
    this.salvaged = salvaged;
  }
}

/** Data of the wrong shape, nothing kept. @param {string} reason @returns {Rejected<never>} */
export const reject = (reason) => new Rejected(reason);

/**
 * A stored value.
 * @template T
 * @typedef {object} Stored
 * @property {() => T} get the value, or the fallback (missing, unreadable or blocked)
 * @property {(value: T) => boolean} set stores it; false when it could not be kept
 * @property {() => void} remove forgets it
 */

/** @type {StorageProblem[]} */
const problems = [];
/** @type {Set<(problem: StorageProblem) => void>} */
const listeners = new Set();

/**
 * Calls `listener` with every problem raised so far and every one to come.
 * Returns a function that unsubscribes.
 * @param {(problem: StorageProblem) => void} listener
 */
export function onStorageProblem(listener) {
  for (const p of problems) tell(listener, p);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** @param {(problem: StorageProblem) => void} listener @param {StorageProblem} problem */
function tell(listener, problem) {
  try {
    listener(problem);
  } catch (e) {
    // A page's bug, reported as such, never thrown into the storing code.
    setTimeout(() => {
      throw e;
    });
  }
}

/** @param {ProblemKind} kind @param {What} what @param {unknown} why */
function raise(kind, what, why) {
  // Blocked storage loses everything, once.
  if (kind === 'blocked') what = 'all';
  if (problems.some((p) => p.kind === kind && p.what === what)) return;
  const problem = { kind, what, detail: why instanceof Error ? why.message : String(why) };
  problems.push(problem);
  console.warn(`storage: ${kind} ${what}: ${problem.detail}`);
  for (const l of listeners) tell(l, problem);
}

/** localStorage, or null (blocked, with a problem). @param {What} what */
function area(what) {
  try {
    const s = globalThis.localStorage;
    if (s) return s;
    raise('blocked', what, 'no localStorage');
  } catch (e) {
    raise('blocked', what, e);
  }
  return null;
}

/**
 * A stored value at `diablo.NAME.vVERSION` (`.PART` after it when given).
 * T must be JSON (and not a Rejected).
 * @template T
 * @param {string} name
 * @param {object} spec
 * @param {What} spec.what what is lost when it cannot be read or kept
 * @param {number} spec.version
 * @param {string} [spec.part] a member of a family of values (reviews by record)
 * @param {() => T} spec.fallback the value when none is stored or it is unusable
 * @param {(data: unknown) => T | Rejected<T>} spec.validate the data as a value, or why not
 * @returns {Stored<T>}
 */
export function stored(name, { what, version, part, fallback, validate }) {
  const key = `diablo.${name}.v${version}${part ? `.${part}` : ''}`;
  /** @type {Stored<T>} */
  const self = {
    get() {
      const s = area(what);
      /** @type {string | null} */
      let raw = null;
      try {
        raw = s ? s.getItem(key) : null;
      } catch (e) {
        raise('blocked', what, e);
      }
      if (raw == null) return fallback();
      let data;
      try {
        data = JSON.parse(raw);
      } catch (e) {
        raise('corrupt', what, e);
        self.remove();
        return fallback();
      }
      const v = validate(data);
      if (!(v instanceof Rejected)) return v;
      raise('invalid', what, v.reason);
      if (v.salvaged === undefined) {
        self.remove();
        return fallback();
      }
      self.set(v.salvaged);
      return v.salvaged;
    },
    set(value) {
      const s = area(what);
      if (!s) return false;
      const text = JSON.stringify(value);
      try {
        s.setItem(key, text);
        return true;
      } catch (e) {
        const name = /** @type {{ name?: unknown } | null} */ (e)?.name;
        // QuotaExceededError; Firefox's NS_ERROR_DOM_QUOTA_REACHED.
        raise(/quota/i.test(String(name)) ? 'full' : 'blocked', what, e);
        return false;
      }
    },
    remove() {
      try {
        area(what)?.removeItem(key);
      } catch {
        // Blocked: already said.
      }
    },
  };
  return self;
}

/**
 * Whether this browser holds nothing of this site's (no `diablo.` key): a
 * first visit. False when storage is blocked: nothing could remember the
 * answer, so a page would ask at every visit.
 */
export function firstVisit() {
  const s = area('all');
  try {
    return Boolean(s) && !Object.keys(/** @type {Storage} */ (s)).some((key) => key.startsWith('diablo.'));
  } catch (e) {
    raise('blocked', 'all', e);
    return false;
  }
}

/** Whether data is a plain object (not null, not an array). @param {unknown} data @returns {data is Record<string, unknown>} */
export const isRecord = (data) => typeof data === 'object' && data !== null && !Array.isArray(data);

/**
 * A problem in a page's words (every language's page words word it, from
 * its kind and what was lost).
 * @param {StorageProblem} problem
 * @param {{ storageProblem: (kind: ProblemKind, what: What) => string }} words the page's words (`t()`)
 */
export const problemText = (problem, words) => words.storageProblem(problem.kind, problem.what);

// ---- the saved game -------------------------------------------------------------

/** @typedef {import('./types.js').Snapshot} Snapshot */
/** As stored: `v` is the format (1). @typedef {Snapshot & { v?: number }} SavedGame */

/** @type {Stored<SavedGame | null>} */
const game = stored('game', {
  what: 'game',
  version: 1,
  fallback: () => null,
  validate: (data) => {
    if (!isRecord(data) || typeof data.record !== 'string') return reject('not a saved game');
    if (data.roll != null && !(Array.isArray(data.roll) && data.roll.length === 2)) return reject('bad dice');
    const { actions = [] } = data;
    if (actions != null && !(Array.isArray(actions) && actions.every((a) => typeof a === 'string')))
      return reject('bad actions');
    return {
      record: data.record,
      roll: /** @type {[number, number] | null} */ (data.roll ?? null),
      actions: actions ?? [],
    };
  },
});

/** Saves the game snapshot (see Session.snapshot). @param {Snapshot} snapshot */
export function saveGame(snapshot) {
  game.set({ v: 1, ...snapshot });
}

/**
 * The saved game's snapshot, or null when none is stored (or it was
 * unreadable: then a problem of what 'game' says why).
 */
export const loadGame = () => game.get();

/** Forgets the saved game. */
export const clearGame = () => game.remove();

// ---- the settings ---------------------------------------------------------------

/**
 * The player's settings.
 * @typedef {object} Settings
 * @property {string | null} lang the chosen language, or null for the browser's
 * @property {boolean} autoRoll roll for people on their own
 * @property {boolean} autoConfirm confirm complete turns on their own
 * @property {boolean} coords draw coordinates
 * @property {boolean} tutor judge a person's turn before it is confirmed (web/play/tutor.js)
 * @property {number} size the last board size chosen
 * @property {string} edition the last edition chosen
 * @property {import('./types.js').PlayersChoice} players the last players chosen
 * @property {boolean} muted no sounds
 * @property {'system' | 'light' | 'dark'} theme the page's colours (system: as the device says)
 */

/** Default settings. @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  lang: null,
  autoRoll: false,
  autoConfirm: false,
  coords: true,
  tutor: false,
  size: 8,
  edition: 'standard',
  players: 'hotseat',
  // Browsers driven by automation (tests) start muted.
  muted: Boolean(globalThis.navigator?.webdriver),
  theme: 'system',
});

const flag = (/** @type {unknown} */ v) => typeof v === 'boolean';
const text = (/** @type {unknown} */ v) => typeof v === 'string';
/** Each setting's shape (the players' details are normalizePlayers's). @type {Record<keyof Settings, (v: unknown) => boolean>} */
const SETTING_SHAPES = {
  lang: text,
  autoRoll: flag,
  autoConfirm: flag,
  coords: flag,
  tutor: flag,
  size: (v) => Number.isInteger(v) && Number(v) > 0,
  edition: text,
  players: (v) => v === 'hotseat' || isRecord(v),
  muted: flag,
  theme: (v) => v === 'system' || v === 'light' || v === 'dark',
};

/** @type {Stored<Settings>} */
const settings = stored('settings', {
  what: 'settings',
  version: 1,
  fallback: () => ({ ...DEFAULT_SETTINGS }),
  // Merged over the defaults: a missing (or null) setting is the default,
  // an unknown one dropped, one of the wrong shape replaced by the default.
  validate: (data) => {
    if (!isRecord(data)) return reject('not an object');
    /** @type {Record<string, unknown>} */
    const out = { ...DEFAULT_SETTINGS };
    const bad = [];
    for (const [key, fits] of Object.entries(SETTING_SHAPES)) {
      const v = data[key];
      if (v == null) continue;
      if (fits(v)) out[key] = v;
      else bad.push(key);
    }
    const value = /** @type {Settings} */ (out);
    return bad.length ? new Rejected(`bad ${bad.join(', ')}`, value) : value;
  },
});

/**
 * The saved settings merged over the defaults (unknown keys dropped).
 * @returns {Settings}
 */
export const loadSettings = () => settings.get();

/** Saves the settings. @param {Settings} value */
export function saveSettings(value) {
  settings.set(value);
}
