// @ts-check
// A game room's wire as the page speaks it (docs/live.md,
// tests/wire/frames.json), free of the DOM: one JSON object a text frame.
// What the server sends is read field by field (`readFrame`): a frame of a
// shape the page does not know is dropped (null), never thrown, since the
// server may add frames and fields and a bad one must not stop the page.
// What the page sends is written here only (`send`).

import { readClock as readLobbyClock } from './lobby-wire.js';

/** @typedef {'black' | 'green'} Side */

/**
 * The server's clock: the ms each side has left (turn-based: until the
 * running side's deadline) and the side whose time runs, as the frame
 * gave them; `first`, while a live game's first turns are due (the
 * clocks standing), the ms the running side has left to make its first
 * turn before the game is aborted.
 * @typedef {{ black: number, green: number, running: Side | null, first?: number,
 *   bank_ms?: { black: number, green: number } }} ClockFrame
 */

/** Why a game ended, as the server says. @typedef {'checkers' | 'resign' | 'time' | 'abandoned' | 'aborted'} EndReason */

/** The end of a game, from the server. @typedef {{ winner: Side | null, reason: EndReason }} Over */

/**
 * The terms a rematch's challenge was posted on, as the server read them
 * (null: none posted: no clock, casual).
 * @typedef {{ clock: import('./lobby-wire.js').Clock | null, rated: boolean } | null} RematchTerms
 */

/**
 * One frame from the room. A rematch offer's `proof` is the offering
 * player's (checked by the engine); an offer with none is vouched for by
 * the server, by the seat that sent it (a game the server ended). `from`
 * is the side that offered it, as the server says.
 * @typedef {{ kind: 'link', link: string }
 *   | { kind: 'peers', peers: number }
 *   | { kind: 'rematch', invitation: string, proof: string | null, from: Side | null, terms: RematchTerms }
 *   | { kind: 'error', error: string, message: string }
 *   | { kind: 'nonce', nonce: string }
 *   | { kind: 'clock', clock: ClockFrame }
 *   | { kind: 'over', over: Over }} RoomFrame
 */

/** @type {readonly EndReason[]} */
export const REASONS = ['checkers', 'resign', 'time', 'abandoned', 'aborted'];

/** @param {unknown} v @returns {v is Side} */
const isSide = (v) => v === 'black' || v === 'green';

/** ms left as the page keeps them: a finite number, at least 0 (a bad one is no frame). @param {unknown} v */
const ms = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : null);

/** @param {unknown} v @returns {ClockFrame | null} */
function readClock(v) {
  if (!v || typeof v !== 'object') return null;
  const c = /** @type {Record<string, unknown>} */ (v);
  const black = ms(c.black);
  const green = ms(c.green);
  if (black === null || green === null) return null;
  if (c.running !== null && c.running !== undefined && !isSide(c.running)) return null;
  /** @type {ClockFrame} */
  const clock = { black, green, running: isSide(c.running) ? c.running : null };
  const first = c.first === undefined ? null : ms(c.first);
  if (c.first !== undefined && first === null) return null;
  if (first !== null) clock.first = first;
  if (c.bank_ms !== undefined) {
    const b = /** @type {Record<string, unknown> | null} */ (typeof c.bank_ms === 'object' ? c.bank_ms : null);
    const bank = { black: ms(b?.black), green: ms(b?.green) };
    if (bank.black === null || bank.green === null) return null;
    clock.bank_ms = /** @type {{ black: number, green: number }} */ (bank);
  }
  return clock;
}

/** A rematch's terms, or null (none, or not of their shape). @param {unknown} v @returns {RematchTerms} */
function readTerms(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const t = /** @type {Record<string, unknown>} */ (v);
  if (typeof t.rated !== 'boolean') return null;
  return { clock: t.clock == null ? null : readLobbyClock(t.clock), rated: t.rated };
}

/** @param {unknown} v @returns {Over | null} */
function readOver(v) {
  if (!v || typeof v !== 'object') return null;
  const o = /** @type {Record<string, unknown>} */ (v);
  const reason = REASONS.find((r) => r === o.reason);
  if (!reason) return null;
  if (o.winner !== null && o.winner !== undefined && !isSide(o.winner)) return null;
  return { winner: isSide(o.winner) ? o.winner : null, reason };
}

/**
 * Reads one text frame from the room.
 * @param {string} text
 * @returns {RoomFrame | null}
 */
export function readFrame(text) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const f = /** @type {Record<string, unknown>} */ (data);
  if (typeof f.link === 'string') return { kind: 'link', link: f.link };
  if (typeof f.peers === 'number' && Number.isFinite(f.peers)) return { kind: 'peers', peers: Math.max(0, f.peers) };
  if (typeof f.rematch === 'string' && (typeof f.proof === 'string' || isSide(f.from)))
    return {
      kind: 'rematch',
      invitation: f.rematch,
      proof: typeof f.proof === 'string' ? f.proof : null,
      from: isSide(f.from) ? f.from : null,
      terms: readTerms(f.terms),
    };
  if (typeof f.error === 'string')
    return { kind: 'error', error: f.error, message: typeof f.message === 'string' ? f.message : '' };
  if (typeof f.nonce === 'string' && /^[0-9a-f]{32}$/.test(f.nonce)) return { kind: 'nonce', nonce: f.nonce };
  if ('clock' in f) {
    const clock = readClock(f.clock);
    return clock && { kind: 'clock', clock };
  }
  if ('over' in f) {
    const over = readOver(f.over);
    return over && { kind: 'over', over };
  }
  return null;
}

/** The text a seat is signed over (docs/live.md). @param {string} id the game id @param {string} nonce */
export const seatText = (id, nonce) => `diablo seat ${id} ${nonce}`;

/**
 * The page's messages to a room, as the wire spells them.
 */
export const send = {
  /**
   * The whole game as the page holds it, with the salt that shows who made
   * its acceptance when the page accepted it (web/lib/net/owner.js).
   * @param {string} link @param {string} [salt]
   */
  link: (link, salt) => JSON.stringify(salt ? { link, salt } : { link }),
  /**
   * A rematch offer after the game: with the player's proof, or (null)
   * vouched for by this connection's seat.
   * @param {string} invitation @param {string | null} [proof]
   */
  rematch: (invitation, proof) => JSON.stringify(proof ? { rematch: invitation, proof } : { rematch: invitation }),
  /** This connection speaks for `key`. @param {string} key @param {string} name @param {string} sig */
  seat: (key, name, sig) => JSON.stringify({ seat: { key, name, sig } }),
  /** The other player is away past the limit. */
  claim: () => JSON.stringify({ claim: true }),
  /** This connection's seated player resigns, on their turn or not. */
  resign: () => JSON.stringify({ resign: true }),
};
