// @ts-check
// "Your games": every game finished on this device, kept in the browser's
// database (IndexedDB). The only module that touches IndexedDB. It imports
// nothing, so the game page loads it on demand (from its game-over card,
// web/play/gameover.js) without a shared chunk joining the page's start;
// the friend page loads it when a game ends, the games page (web/games/)
// lists, filters, exports and deletes.
//
// A game is kept once: its id is a hash of its record and of who played it
// (a game finished, reloaded and seen again has the same id, and adding it
// again changes nothing); a friend's game by its game id. A database that
// is missing, blocked (another tab holding an older version open, or one
// that refuses to open), full or corrupt never throws into a game: every
// function rejects with an `ArchiveError` of a kind (`blocked`, `full`,
// `corrupt`), which the page words as a notice, and the game goes on.
// Entries of the wrong shape are left out of the list and counted.
//
// Also here, as pure functions: the entries' shape (validGame, localGame,
// friendGame) and the export (one records file: every game's record, each
// from its `edition` line, which `diablo check --record` reads whole). What
// the games page computes from the list lives beside it, DOM-free: the
// results and the rating against the computer (rating.js), the filters
// (game-filters.js).

const DB_NAME = 'diablo-archive';
const DB_VERSION = 1;
const STORE = 'games';
/** How long an open may wait before it counts as blocked (an upgrade another tab holds up). */
const OPEN_MS = 3000;

/** @typedef {'black' | 'green'} Color */
/** @typedef {'beginner' | 'easy' | 'medium' | 'hard'} Level */
/** @typedef {'computer' | 'hotseat' | 'friend'} Opponent */

/**
 * One kept game.
 * @typedef {object} ArchivedGame
 * @property {number} v the entry's format (1)
 * @property {string} id
 * @property {number} at when it finished (ms since the epoch)
 * @property {Opponent} kind against the computer, two people at one screen, or a friend (by link or live)
 * @property {Level | null} level the computer's level
 * @property {Color | null} you the person's colour (against the computer or a friend)
 * @property {{ black: string, green: string }} names the players' names, where the game has them (a friend's game)
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {Color} winner
 * @property {boolean} resigned the loser resigned (a friend's game)
 * @property {'time' | 'abandoned'} [reason] a live game the server ended: on time, or the winner claimed it when the loser left
 * @property {number} turns turns played
 * @property {string} record the engine's text record
 */

/** Why a game could not be kept or the list read. */
export class ArchiveError extends Error {
  /** @param {'blocked' | 'full' | 'corrupt'} kind @param {string} detail the browser's words */
  constructor(kind, detail) {
    super(`archive ${kind}: ${detail}`);
    this.kind = kind;
    this.detail = detail;
  }
}

/** A browser's error as an ArchiveError. @param {unknown} e */
function archiveError(e) {
  if (e instanceof ArchiveError) return e;
  const name = /** @type {{ name?: unknown } | null} */ (e)?.name;
  const detail = e instanceof Error || e instanceof DOMException ? `${e.name}: ${e.message}` : String(e);
  if (/quota/i.test(String(name))) return new ArchiveError('full', detail);
  if (name === 'DataError' || name === 'DataCloneError' || name === 'UnknownError' || name === 'NotFoundError')
    return new ArchiveError('corrupt', detail);
  return new ArchiveError('blocked', detail);
}

// ---- the database ------------------------------------------------------------------

/** @type {Promise<IDBDatabase> | null} */
let opened = null;

/** The database, opened once (a failure is tried again next time). @returns {Promise<IDBDatabase>} */
function database() {
  opened ??= openDatabase().catch((e) => {
    opened = null;
    throw archiveError(e);
  });
  return opened;
}

/** @returns {Promise<IDBDatabase>} */
function openDatabase() {
  return new Promise((resolve, reject) => {
    const idb = globalThis.indexedDB;
    if (!idb) {
      reject(new ArchiveError('blocked', 'no indexedDB'));
      return;
    }
    let settled = false;
    const give = (/** @type {(() => void)} */ fn) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () => give(() => reject(new ArchiveError('blocked', 'the database did not open in time'))),
      OPEN_MS,
    );
    /** @type {IDBOpenDBRequest} */
    let request;
    try {
      request = idb.open(DB_NAME, DB_VERSION);
    } catch (e) {
      give(() => reject(e));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('at', 'at');
    };
    // Another tab holds an older version open: no waiting for it.
    request.onblocked = () => give(() => reject(new ArchiveError('blocked', 'another tab holds the database open')));
    request.onerror = () => give(() => reject(request.error ?? new ArchiveError('blocked', 'open failed')));
    request.onsuccess = () => {
      const db = request.result;
      // Never the one that blocks another tab's upgrade.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      if (settled) {
        db.close();
        return;
      }
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        give(() => reject(new ArchiveError('corrupt', `no ${STORE} store`)));
        return;
      }
      give(() => resolve(db));
    };
  });
}

/**
 * Runs `work` in a transaction of the games store; resolves with what it
 * returns once the transaction is complete.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore, done: (value: T) => void) => void} work
 * @returns {Promise<T>}
 */
async function transact(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    /** @type {T | undefined} */
    let value;
    /** @type {IDBTransaction} */
    let tx;
    try {
      tx = db.transaction(STORE, mode);
      work(tx.objectStore(STORE), (v) => {
        value = v;
      });
    } catch (e) {
      reject(archiveError(e));
      return;
    }
    tx.oncomplete = () => resolve(/** @type {T} */ (value));
    tx.onerror = (event) => {
      // A constraint (the game is already kept) is handled by the request.
      if (tx.error == null) return;
      event.preventDefault();
      reject(archiveError(tx.error));
    };
    tx.onabort = () => reject(archiveError(tx.error ?? new Error('aborted')));
  });
}

/**
 * Keeps a finished game, once: resolves to true when it was added, false
 * when it was kept before (the same id). Rejects with an ArchiveError.
 * @param {ArchivedGame} game
 * @returns {Promise<boolean>}
 */
export function keepGame(game) {
  return transact('readwrite', (store, done) => {
    const request = store.add(game);
    request.onsuccess = () => done(true);
    request.onerror = (event) => {
      if (request.error?.name !== 'ConstraintError') return;
      // Already kept: not an error, and the transaction goes on.
      event.preventDefault();
      event.stopPropagation();
      done(false);
    };
  });
}

/**
 * Every kept game, newest first, and how many entries were of the wrong
 * shape (left out). Rejects with an ArchiveError.
 * @returns {Promise<{ games: ArchivedGame[], dropped: number }>}
 */
export async function listGames() {
  /** @type {unknown[]} */
  const all = await transact('readonly', (store, done) => {
    const request = store.getAll();
    request.onsuccess = () => done(request.result);
  });
  const games = [];
  let dropped = 0;
  for (const data of all) {
    const game = validGame(data);
    if (game) games.push(game);
    else dropped += 1;
  }
  games.sort((a, b) => b.at - a.at);
  return { games, dropped };
}

/** Forgets one game. @param {string} id */
export function deleteGame(id) {
  return transact('readwrite', (store, done) => {
    store.delete(id).onsuccess = () => done(undefined);
  });
}

/** Forgets every game. */
export function deleteAll() {
  return transact('readwrite', (store, done) => {
    store.clear().onsuccess = () => done(undefined);
  });
}

// ---- the entries ---------------------------------------------------------------------

const COLORS = ['black', 'green'];
/** @type {readonly Level[]} the computer's levels, weakest first */
export const LEVELS = Object.freeze(/** @type {Level[]} */ (['beginner', 'easy', 'medium', 'hard']));

/** A kept entry as a game, or null when it is of the wrong shape. @param {unknown} data @returns {ArchivedGame | null} */
export function validGame(data) {
  if (typeof data !== 'object' || data === null) return null;
  const d = /** @type {Record<string, any>} */ (data);
  const kind = d.kind;
  const ok =
    d.v === 1
    && typeof d.id === 'string'
    && d.id !== ''
    && Number.isFinite(d.at)
    && (kind === 'computer' || kind === 'hotseat' || kind === 'friend')
    && (kind !== 'computer' || LEVELS.includes(d.level))
    && (kind === 'hotseat' ? d.you == null : COLORS.includes(d.you))
    && typeof d.names?.black === 'string'
    && typeof d.names?.green === 'string'
    && Number.isInteger(d.size)
    && d.size > 0
    && (d.edition === 'standard' || d.edition === 'sequenced')
    && COLORS.includes(d.winner)
    && typeof d.resigned === 'boolean'
    && Number.isInteger(d.turns)
    && d.turns >= 0
    && typeof d.record === 'string'
    && d.record !== '';
  if (!ok) return null;
  return {
    v: 1,
    id: d.id,
    at: d.at,
    kind,
    level: kind === 'computer' ? d.level : null,
    you: kind === 'hotseat' ? null : d.you,
    names: { black: d.names.black, green: d.names.green },
    size: d.size,
    edition: d.edition,
    winner: d.winner,
    resigned: d.resigned,
    ...(d.reason === 'time' || d.reason === 'abandoned' ? { reason: d.reason } : {}),
    turns: d.turns,
    record: d.record,
  };
}

/**
 * A 53-bit hash of text, as hex (cyrb53: two 32-bit lanes mixed), for ids.
 * @param {string} text
 */
export function hash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/**
 * A game finished on the game page (against the computer or at one screen)
 * as an entry: its id is a hash of its record and its players, so the same
 * game seen again (after a reload) is not kept twice.
 * @param {object} game
 * @param {string} game.record the engine's record text
 * @param {number} game.size
 * @param {string} game.edition
 * @param {Color} game.winner
 * @param {number} game.turns
 * @param {{ level: Level, human: Color } | null} game.computer the computer's level and the person's colour, or null at one screen
 * @param {number} [game.at]
 * @returns {ArchivedGame}
 */
export function localGame({ record, size, edition, winner, turns, computer, at = Date.now() }) {
  const who = computer ? `computer ${computer.level} ${computer.human}` : 'hotseat';
  return {
    v: 1,
    id: `g${hash(`${who}\n${record}`)}`,
    at,
    kind: computer ? 'computer' : 'hotseat',
    level: computer ? computer.level : null,
    you: computer ? computer.human : null,
    names: { black: '', green: '' },
    size,
    edition: edition === 'sequenced' ? 'sequenced' : 'standard',
    winner,
    resigned: false,
    turns,
    record,
  };
}

/**
 * A friend's game (web/friend), finished, as an entry with the game's own id.
 * @param {import('./types.js').CorrView} view
 * @param {number} [at]
 * @returns {ArchivedGame}
 */
export function friendGame(view, at = Date.now()) {
  return {
    v: 1,
    id: `f${view.id}`,
    at,
    kind: 'friend',
    level: null,
    you: view.you ?? 'black',
    names: { black: view.blackName, green: view.greenName },
    size: view.size,
    edition: view.edition,
    winner: view.color ?? 'black',
    resigned: view.resigned,
    turns: view.turns,
    record: view.record,
  };
}

// ---- the export ------------------------------------------------------------------------------

/** Text safe inside a comment line (no line breaks, no control characters). @param {string} text */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const oneLine = (text) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ');

/**
 * Every game as one records file: a comment line about the file, then each
 * game's record after a comment line that describes it (`describe`, in the
 * page's words). Each record begins at its `edition` line, so
 * `diablo check --record FILE` reads them all (crates/diablo-core's
 * `Record::parse_all`).
 * @param {ArchivedGame[]} games
 * @param {string} title the file's first comment
 * @param {(game: ArchivedGame) => string} describe
 */
export function exportText(games, title, describe) {
  const parts = [`# ${oneLine(title)}\n`];
  for (const g of games) {
    const record = g.record.endsWith('\n') ? g.record : `${g.record}\n`;
    parts.push(`\n# ${oneLine(describe(g))}\n${record}`);
  }
  return parts.join('');
}
