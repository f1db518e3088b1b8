// @ts-check
// The lobby's wire as the page speaks it (docs/lobby.md,
// tests/wire/frames.json): one JSON object a text frame. The server sends
// the connection's fresh value first (`{"nonce": N}`, which a withdrawal
// signs), every open challenge (`{"hooks": [H, …]}`), then each one
// posted (`{"hook": H}`) and each one gone (`{"gone": id}`: taken,
// withdrawn, replaced or expired), an unlisted one kept (`{"kept": id}`),
// a key marked a bot (`{"bot": key}`, the answer to a bot's word) and its
// refusals (`{"error", "message"}`). What arrives is read here
// (`readFrame`), into the same envelope as a room's frames (`kind`): a
// frame of another shape is dropped, never trusted. What the page sends is
// written here only (`send`).

/**
 * A clock as the wire spells it: live, or days a turn with a time bank of
 * `bank` days (1..30; none is written as no `bank` at all).
 * @typedef {{ initial: number, increment: number } | { days: number, bank?: number }} Clock
 */
/**
 * An open challenge as the lobby sends it (`H`).
 * @typedef {object} Hook
 * @property {string} game the game id, 32 hex digits
 * @property {string} link the invitation
 * @property {number} size
 * @property {'standard' | 'sequenced'} edition
 * @property {'black' | 'green' | 'random'} color the poster's
 * @property {Clock} clock
 * @property {boolean} rated
 * @property {{ key: string, name: string, rating?: number, provisional?: boolean, bot?: boolean }} player the
 *   poster (with a rating when the server sends one; `bot: true` for a computer player, absent for a person)
 */
/** A refusal. @typedef {{ error: string, message: string }} LobbyError */
/**
 * What the page hears from the lobby.
 * @typedef {object} LobbyHandlers
 * @property {(list: Hook[]) => void} [onHooks] every open challenge (on each connecting)
 * @property {(hook: Hook) => void} [onHook] one posted
 * @property {(game: string) => void} [onGone] one taken, withdrawn, replaced or expired
 * @property {(game: string) => void} [onKept] an unlisted one of this page's kept
 * @property {(e: LobbyError) => void} [onError] a refusal (or a post that could not be signed: kind `none`, …)
 * @property {(state: 'open' | 'closed') => void} [onState] the connection opened, or dropped (it reconnects)
 */
/**
 * A challenge to post; `unlisted`: a friend's invitation on a clock, kept by
 * the server for its game's terms and never shown in the lobby (answered
 * `{"kept": id}`).
 * `salt` shows the invitation is bound to its poster and these terms
 * (web/lib/net/owner.js).
 * `rematch`: the finished game an unlisted challenge is the rematch of
 * (a rated game's rematch may be rated).
 * @typedef {{ link: string, clock: Clock, rated: boolean, salt: string, color?: 'black' | 'green' | 'random',
 *   unlisted?: boolean, rematch?: string }} Post
 */
/**
 * A frame from the lobby, checked.
 * @typedef {{ kind: 'nonce', nonce: string } | { kind: 'hooks', hooks: Hook[] } | { kind: 'hook', hook: Hook }
 *   | { kind: 'gone', game: string }
 *   | { kind: 'kept', game: string } | { kind: 'bot', key: string }
 *   | { kind: 'error', error: string, message: string }} LobbyFrame
 */

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** @param {unknown} v @param {number} lo @param {number} hi */
const intIn = (v, lo, hi) => Number.isInteger(v) && /** @type {number} */ (v) >= lo && /** @type {number} */ (v) <= hi;

/** A clock as the wire spells it, or null. @param {unknown} c @returns {Clock | null} */
export function readClock(c) {
  if (!isObject(c)) return null;
  if ('days' in c) {
    if (!intIn(c.days, 1, 14) || (c.bank !== undefined && !intIn(c.bank, 0, 30))) return null;
    const days = /** @type {number} */ (c.days);
    const bank = /** @type {number | undefined} */ (c.bank);
    return bank ? { days, bank } : { days };
  }
  if (intIn(c.initial, 1, 10800) && intIn(c.increment, 0, 180))
    return { initial: /** @type {number} */ (c.initial), increment: /** @type {number} */ (c.increment) };
  return null;
}

/** A challenge from the lobby, checked, or null. @param {unknown} h @returns {Hook | null} */
export function readHook(h) {
  if (!isObject(h) || !isObject(h.player)) return null;
  const { game, link, size, edition, color, rated } = h;
  const clock = readClock(h.clock);
  const { key, name } = h.player;
  if (typeof game !== 'string' || !/^[0-9a-f]{32}$/.test(game)) return null;
  if (typeof link !== 'string' || !link || !intIn(size, 1, 64)) return null;
  if (edition !== 'standard' && edition !== 'sequenced') return null;
  if (color !== 'black' && color !== 'green' && color !== 'random') return null;
  if (!clock || typeof rated !== 'boolean' || typeof key !== 'string' || typeof name !== 'string') return null;
  /** @type {Hook['player']} */
  const player = { key, name };
  if (typeof h.player.rating === 'number' && Number.isFinite(h.player.rating)) player.rating = h.player.rating;
  if (typeof h.player.provisional === 'boolean') player.provisional = h.player.provisional;
  if (h.player.bot === true) player.bot = true;
  return { game, link, size: /** @type {number} */ (size), edition, color, clock, rated, player };
}

/**
 * A text frame from the lobby, checked: null for anything else (bad JSON,
 * an unknown frame). Challenges of a bad shape in a list are left out.
 * @param {unknown} text
 * @returns {LobbyFrame | null}
 */
export function readFrame(text) {
  if (typeof text !== 'string') return null;
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  if (typeof data.nonce === 'string' && /^[0-9a-f]{32}$/.test(data.nonce)) return { kind: 'nonce', nonce: data.nonce };
  if (Array.isArray(data.hooks))
    return {
      kind: 'hooks',
      hooks: data.hooks.map(readHook).filter(/** @returns {h is Hook} */ (h) => h !== null),
    };
  if ('hook' in data) {
    const hook = readHook(data.hook);
    return hook ? { kind: 'hook', hook } : null;
  }
  if (typeof data.gone === 'string') return { kind: 'gone', game: data.gone };
  if (typeof data.kept === 'string') return { kind: 'kept', game: data.kept };
  if (typeof data.bot === 'string') return { kind: 'bot', key: data.bot };
  if (typeof data.error === 'string')
    return { kind: 'error', error: data.error, message: typeof data.message === 'string' ? data.message : '' };
  return null;
}

/**
 * The page's messages to the lobby, as the wire spells them.
 */
export const send = {
  /**
   * A challenge, signed by `key` ("diablo hook " + link), with the salt
   * that binds its invitation to `key` and its terms.
   * @param {{ link: string, clock: Clock, rated: boolean, salt: string, unlisted?: boolean, rematch?: string }} p
   * @param {string} key @param {string} name @param {string} sig
   */
  post: (p, key, name, sig) => {
    const post = { link: p.link, clock: p.clock, rated: p.rated, key, name, sig, salt: p.salt };
    if (!p.unlisted) return JSON.stringify({ post });
    return JSON.stringify({
      post: p.rematch ? { ...post, unlisted: true, rematch: p.rematch } : { ...post, unlisted: true },
    });
  },
  /** A withdrawal, signed ("diablo withdraw " + game + " " + the connection's nonce). @param {string} game @param {string} sig */
  withdraw: (game, sig) => JSON.stringify({ withdraw: game, sig }),
  /**
   * A bot's word: the player of `key` is a computer player, for good
   * (signed "diablo bot " + key); answered `{"bot": key}`.
   * @param {string} key @param {string} name @param {string} sig
   */
  bot: (key, name, sig) => JSON.stringify({ bot: { key, name, sig } }),
};
