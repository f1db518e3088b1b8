// @ts-check
// The friend page's door to the correspondence protocol
// (crates/diablo-wasm-corr, docs/correspondence.md): its own wasm module,
// loaded by web/friend.html only, so the game page stays small. It checks
// links, derives rolls and writes answers; results are JSON views.

import init, * as wasm from './pkg/diablo_wasm_corr.js';

/** @typedef {import('../types.js').CorrView} CorrView */

/** @type {Promise<unknown> | null} */
let loading = null;

/** Loads the module once. */
export function loadCorr() {
  loading ??= init();
  return loading;
}

/**
 * A new invitation; its `keys` are to be stored, its `link` sent. Throws a refusal.
 * A non-empty `owner` (web/lib/net/owner.js) binds it to its poster and terms.
 * @param {number} size @param {string} edition @param {'black'|'green'|'random'} color @param {string} name
 * @param {string} [owner]
 * @returns {CorrView}
 */
export function corrInvite(size, edition, color, name, owner = '') {
  return JSON.parse(wasm.corrInvite(size, edition, color, name, owner));
}

/** The salt a lobby post of an invitation made with `keys` carries (32 hex digits). @param {string} keys */
export function corrOwnerSalt(keys) {
  return wasm.corrOwnerSalt(keys);
}

/** A link read without keys (its id, who is invited, the record). @param {string} link @returns {CorrView} */
export function corrOpen(link) {
  return JSON.parse(wasm.corrOpen(link));
}

/**
 * A received link opened with this player's stored keys; throws a refusal
 * (stale, another game, altered…) and then the stored keys stay as they were.
 * @param {string} keys @param {string} link @returns {CorrView}
 */
export function corrReceive(keys, link) {
  return JSON.parse(wasm.corrReceive(keys, link));
}

/**
 * Accepts an invitation. A non-empty `owner` (web/lib/net/owner.js
 * `takerText`) binds the acceptance to the player who takes it.
 * @param {string} link @param {string} name @param {string} [owner] @returns {CorrView}
 */
export function corrAccept(link, name, owner = '') {
  return JSON.parse(wasm.corrAccept(link, name, owner));
}

/**
 * This player's answer on their stored game: 'start', 'resign' or a turn.
 * @param {string} keys @param {string} answer @returns {CorrView}
 */
export function corrAnswer(keys, answer) {
  return JSON.parse(wasm.corrAnswer(keys, answer));
}

/** The game id of a key file's text; throws `corr-keys`. @param {string} keys */
export function corrKeysGame(keys) {
  return wasm.corrKeysGame(keys);
}

/**
 * The proof that goes with a rematch offered after this player's finished
 * game (32 hex digits). Throws a refusal while the game is not over.
 * @param {string} keys
 */
export function corrRematchProof(keys) {
  return wasm.corrRematchProof(keys);
}

/**
 * Checks a rematch offer received after the finished game `finished` (its
 * link): returns the colour the offering player had in it. Throws a
 * refusal (`corr-rematch` when no player of the game made it).
 * @param {string} finished @param {string} invitation @param {string} proof
 * @returns {'black' | 'green'}
 */
export function corrCheckRematch(finished, invitation, proof) {
  return /** @type {'black' | 'green'} */ (wasm.corrCheckRematch(finished, invitation, proof));
}
