// @ts-check
// The server's players, ratings and finished games (docs/live.md), read
// over HTTP as JSON under the site's prefix: `api/players/<key>`, its
// `games`, `playing` and `history`, `api/games/<id>`, `api/leaderboard`. The API sits
// beside the lobby (the site's server, found through live.json: lib/net/
// server.js), so its address is made from the lobby's. What arrives is
// checked here (`read…`): an entry of another shape is left out, never
// trusted; a failure is an `ApiError` of a kind the page words. Also here,
// DOM-free: a rating as players write it ("1540?"), a clock's label, and a
// server game as an entry of "Your games" (merged with the games kept in
// the browser, one entry a game).

import { readClock } from './net/lobby-wire.js';

export { clockText } from './clocks.js';

/** @typedef {import('./net/lobby-wire.js').Clock} Clock */
/** @typedef {import('./archive.js').ArchivedGame} ArchivedGame */
/** @typedef {'black' | 'green'} Side */
/**
 * A player as the API names one (key and name '' for a side nobody sat at
 * with a key); `bot`: a computer player (false when the server does not say).
 * @typedef {{ key: string, name: string, bot: boolean }} Who
 */
/**
 * A player's page data (`api/players/<key>`); `bot`: a computer player
 * (false from a server that does not say); `luck`: their luck summed over
 * the rated games whose luck the server has worked out, and how many
 * (none from a server that does not say).
 * @typedef {{ key: string, name: string, rating: number, rd: number, provisional: boolean,
 *   games: number, wins: number, losses: number, bot: boolean, luck: Luck }} Player
 */
/** Luck over rated games: how many, and the sum. @typedef {{ games: number, sum: number }} Luck */
/**
 * A finished game (`G`): `ended` in ms since the epoch; `clock` null when the game had none.
 * @typedef {object} OnlineGame
 * @property {string} game the game id, 32 hex digits
 * @property {Who} black
 * @property {Who} green
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {Clock | null} clock
 * @property {boolean} rated
 * @property {{ winner: Side | null, reason: string }} result
 * @property {number} ended
 * @property {number | null} luck Black's net luck over the game (Green's
 *   is its negation), for a rated game once the server worked it out
 */
/**
 * A game in progress (`P`, `api/players/<key>/playing`): `deadline` in ms
 * since the epoch, or null with no clock; `link` the game's latest link.
 * @typedef {object} PlayingGame
 * @property {string} game
 * @property {Who} black
 * @property {Who} green
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {Clock | null} clock
 * @property {boolean} rated
 * @property {Side} toMove
 * @property {number | null} deadline
 * @property {string} link
 */
/** A point of a rating's history, oldest first. @typedef {{ at: number, rating: number, rd: number, game: string }} Point */
/** A line of the leaderboard. @typedef {{ key: string, name: string, rating: number, rd: number, games: number }} Leader */
/** What went wrong: no such player or game, the server not reached, an answer of another shape. */
/** @typedef {'not-found' | 'unreachable' | 'bad'} ApiProblem */

/** A rating is provisional while its deviation is at least this (lichess's). */
export const PROVISIONAL_RD = 110;

/** Why the API gave nothing. */
export class ApiError extends Error {
  /** @param {ApiProblem} kind @param {string} message */
  constructor(kind, message) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
  }
}

/**
 * The API's base address (`…/api/`) from the lobby's WebSocket URL
 * (`ws(s)://host/prefix/lobby`, lobbyUrl): the same server, over http(s).
 * Null for none.
 * @param {string | null} lobby
 */
export function apiBase(lobby) {
  if (!lobby) return null;
  let u;
  try {
    u = new URL('api/', lobby);
  } catch {
    return null;
  }
  const scheme = { 'ws:': 'http:', 'wss:': 'https:', 'http:': 'http:', 'https:': 'https:' }[u.protocol];
  if (!scheme) return null;
  u.protocol = scheme;
  return u.href;
}

/** Whether text is a key as the server spells it (43 base64url characters). @param {unknown} key @returns {key is string} */
export const isKey = (key) => typeof key === 'string' && /^[A-Za-z0-9_-]{43}$/.test(key);
/** Whether text is a game id (32 lowercase hex digits). @param {unknown} id @returns {id is string} */
export const isGameId = (id) => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @param {unknown} v @returns {v is number} */
const finite = (v) => typeof v === 'number' && Number.isFinite(v);
/** @param {unknown} v @returns {v is number} */
const count = (v) => Number.isInteger(v) && /** @type {number} */ (v) >= 0;
/** A time as RFC 3339 text, in ms, or null. @param {unknown} v */
const time = (v) => {
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
};
/** @param {unknown} v @returns {Who | null} */
const who = (v) =>
  isObject(v) && isKey(v.key) && typeof v.name === 'string' ? { key: v.key, name: v.name, bot: v.bot === true } : null;
/** A side of a game: a player, or (null) nobody seated with a key there. @param {unknown} v @returns {Who | null} */
const seat = (v) => (v === null ? { key: '', name: '', bot: false } : who(v));

/** A player, checked, or null. @param {unknown} d @returns {Player | null} */
export function readPlayer(d) {
  if (!isObject(d) || !who(d) || !finite(d.rating) || !finite(d.rd) || typeof d.provisional !== 'boolean') return null;
  if (!count(d.games) || !count(d.wins) || !count(d.losses)) return null;
  const { key, name, rating, rd, provisional, games, wins, losses } = d;
  const l = d.luck;
  const luck = isObject(l) && count(l.games) && finite(l.sum) ? { games: l.games, sum: l.sum } : { games: 0, sum: 0 };
  return /** @type {Player} */ ({ key, name, rating, rd, provisional, games, wins, losses, bot: d.bot === true, luck });
}

/**
 * What a finished game (`G`) and a game in progress (`P`) both hold,
 * checked: the id, the sides, the board, the clock and whether it is
 * rated; null when one is not of its shape.
 * @param {unknown} d
 */
function readCommon(d) {
  if (!isObject(d) || !isGameId(d.game)) return null;
  const black = seat(d.black);
  const green = seat(d.green);
  const { size, edition, rated } = d;
  if (!black || !green || !Number.isInteger(size) || /** @type {number} */ (size) < 1) return null;
  if ((edition !== 'standard' && edition !== 'sequenced') || typeof rated !== 'boolean') return null;
  return {
    game: d.game,
    black,
    green,
    size: /** @type {number} */ (size),
    edition: /** @type {'standard' | 'sequenced'} */ (edition),
    clock: readClock(d.clock),
    rated,
  };
}

/** A finished game (`G`), checked, or null. @param {unknown} d @returns {OnlineGame | null} */
export function readGame(d) {
  const common = readCommon(d);
  if (!common || !isObject(d) || !isObject(d.result)) return null;
  const ended = time(d.ended);
  const { winner, reason } = d.result;
  if (ended === null) return null;
  if ((winner !== null && winner !== 'black' && winner !== 'green') || typeof reason !== 'string') return null;
  return { ...common, result: { winner, reason }, ended, luck: finite(d.luck) ? d.luck : null };
}

/** A player's games (`{"games": [G, …]}`), those of a bad shape left out. @param {unknown} d */
export function readGames(d) {
  if (!isObject(d) || !Array.isArray(d.games)) return null;
  return d.games.map(readGame).filter(/** @returns {g is OnlineGame} */ (g) => g !== null);
}

/** A game in progress (`P`), checked, or null. @param {unknown} d @returns {PlayingGame | null} */
export function readPlayingGame(d) {
  const common = readCommon(d);
  if (!common || !isObject(d)) return null;
  const { link } = d;
  const toMove = d.to_move;
  const deadline = d.deadline === null ? null : time(d.deadline);
  if ((toMove !== 'black' && toMove !== 'green') || typeof link !== 'string' || !link) return null;
  if (deadline === null && d.deadline !== null) return null;
  return { ...common, toMove, deadline, link };
}

/** A player's games in progress (`{"games": [P, …]}`), in the server's order, bad ones left out. @param {unknown} d */
export function readPlaying(d) {
  if (!isObject(d) || !Array.isArray(d.games)) return null;
  return d.games.map(readPlayingGame).filter(/** @returns {g is PlayingGame} */ (g) => g !== null);
}

/** One game with its correspondence link (`api/games/<id>`), or null. @param {unknown} d */
export function readGameLink(d) {
  const g = readGame(d);
  return g && isObject(d) && typeof d.link === 'string' && d.link ? { ...g, link: d.link } : null;
}

/** A rating's history (`{"points": […]}`), oldest first, bad points left out. @param {unknown} d */
export function readHistory(d) {
  if (!isObject(d) || !Array.isArray(d.points)) return null;
  /** @type {Point[]} */
  const points = [];
  for (const p of d.points) {
    const at = isObject(p) ? time(p.at) : null;
    if (!isObject(p) || at === null || !finite(p.rating) || !finite(p.rd)) continue;
    points.push({ at, rating: p.rating, rd: p.rd, game: typeof p.game === 'string' ? p.game : '' });
  }
  return points.sort((a, b) => a.at - b.at);
}

/**
 * The leaderboard (`{"players": […]}`), by rating, bad lines left out, and
 * bots (the server lists none: a computer player is never on it).
 * @param {unknown} d
 */
export function readLeaderboard(d) {
  if (!isObject(d) || !Array.isArray(d.players)) return null;
  /** @type {Leader[]} */
  const list = [];
  for (const p of d.players) {
    const w = who(p);
    if (!w || !isObject(p) || !finite(p.rating) || !finite(p.rd) || !count(p.games)) continue;
    if (p.bot === true) continue;
    list.push({ ...w, rating: p.rating, rd: p.rd, games: p.games });
  }
  return list.sort((a, b) => b.rating - a.rating);
}

/**
 * Reads `path` under the API's `base` as JSON and checks it with `read`.
 * Rejects with an ApiError: `not-found` (404), `unreachable` (no answer, or
 * a server error), `bad` (an answer `read` refuses).
 * @template T
 * @param {string} base @param {string} path @param {(d: unknown) => T | null} read
 * @param {typeof fetch} [get] the fetch to use (a fake in tests)
 * @returns {Promise<T>}
 */
export async function getJson(base, path, read, get = globalThis.fetch) {
  /** @type {Response} */
  let response;
  try {
    response = await get(new URL(path, base), { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new ApiError('unreachable', String(/** @type {{ message?: unknown }} */ (e)?.message ?? e));
  }
  if (response.status === 404) throw new ApiError('not-found', `${path}: not found`);
  if (!response.ok) throw new ApiError('unreachable', `${path}: HTTP ${response.status}`);
  /** @type {unknown} */
  let data;
  try {
    data = await response.json();
  } catch {
    throw new ApiError('bad', `${path}: not JSON`);
  }
  const value = read(data);
  if (value === null) throw new ApiError('bad', `${path}: an answer of another shape`);
  return value;
}

/** @param {string} key */
const player = (key) => `players/${encodeURIComponent(key)}`;

/** The API's reads, each a promise of checked data or an ApiError. @param {string} base @param {typeof fetch} [get] */
export function api(base, get) {
  return {
    /** @param {string} key */
    player: (key) => getJson(base, player(key), readPlayer, get),
    /** @param {string} key */
    games: (key) => getJson(base, `${player(key)}/games`, readGames, get),
    /** @param {string} key */
    playing: (key) => getJson(base, `${player(key)}/playing`, readPlaying, get),
    /** @param {string} key */
    history: (key) => getJson(base, `${player(key)}/history`, readHistory, get),
    leaderboard: () => getJson(base, 'leaderboard', readLeaderboard, get),
    /** @param {string} id */
    game: (id) => getJson(base, `games/${encodeURIComponent(id)}`, readGameLink, get),
  };
}

/** A rating as players write it: rounded, with "?" while provisional (`1540?`). @param {number} rating @param {boolean} provisional */
export const ratingText = (rating, provisional) => `${Math.round(rating)}${provisional ? '?' : ''}`;

/** Whether a deviation leaves a rating provisional. @param {number} rd */
export const isProvisional = (rd) => rd >= PROVISIONAL_RD;

/** The page of a player (relative to the site's `web/`). @param {string} key */
export const playerUrl = (key) => `players.html?key=${encodeURIComponent(key)}`;

/** The side `key` played in a game, or null (Black when it played both). @param {{ black: Who, green: Who }} g @param {string} key */
export const sideOf = (g, key) => (g.black.key === key ? 'black' : g.green.key === key ? 'green' : null);

/**
 * `key`'s seat in a game in progress: its side, its opponent and whether
 * the move is its own; null when `key` sits at neither side.
 * @param {PlayingGame} g @param {string} key
 * @returns {{ you: Side, opponent: Who, yourMove: boolean } | null}
 */
export function seatIn(g, key) {
  const you = sideOf(g, key);
  return you && { you, opponent: you === 'black' ? g.green : g.black, yourMove: g.toMove === you };
}

/** How many of `key`'s games in progress wait for its move. @param {PlayingGame[]} list @param {string} key */
export const waitingFor = (list, key) => list.filter((g) => g[g.toMove].key === key).length;

/** A page title with the count of games waiting for this player's move in front: "(2) Diablo". @param {string} title @param {number} n */
export const countedTitle = (title, n) => `${n > 0 ? `(${n}) ` : ''}${title.replace(/^\(\d+\) /, '')}`;

/** The id "Your games" keeps a friend's or a lobby game under (lib/archive.js friendGame). @param {string} game */
export const keptId = (game) => `f${game}`;

/**
 * A server game as an entry of "Your games", with what only the server
 * knows beside it (`online`). Null for a game with no winner (aborted: no
 * result to list) or one `key` did not play.
 * @param {OnlineGame} g @param {string} key
 * @returns {(ArchivedGame & { online: OnlineGame }) | null}
 */
export function onlineEntry(g, key) {
  const you = sideOf(g, key);
  const winner = g.result.winner;
  if (!you || !winner) return null;
  const reason = g.result.reason;
  /** @type {ArchivedGame & { online: OnlineGame }} */
  const entry = {
    v: 1,
    id: keptId(g.game),
    at: g.ended,
    kind: 'friend',
    level: null,
    you,
    names: { black: g.black.name, green: g.green.name },
    size: g.size,
    edition: g.edition,
    winner,
    resigned: reason === 'resign',
    turns: 0,
    record: '',
    online: g,
  };
  if (reason === 'time') entry.reason = 'time';
  else if (reason === 'abandoned') entry.reason = 'abandoned';
  return entry;
}

/**
 * The games kept in this browser and the server's games of `key`, one
 * entry a game (a game kept here is shown as kept: it has its record),
 * newest first.
 * @param {ArchivedGame[]} kept @param {OnlineGame[]} online @param {string} key
 * @returns {(ArchivedGame & { online?: OnlineGame })[]}
 */
export function mergeGames(kept, online, key) {
  const seen = new Set(kept.map((g) => g.id));
  /** @type {(ArchivedGame & { online?: OnlineGame })[]} */
  const all = [...kept];
  for (const g of online) {
    const e = onlineEntry(g, key);
    if (e && !seen.has(e.id)) {
      seen.add(e.id);
      all.push(e);
    }
  }
  return all.sort((a, b) => b.at - a.at);
}
