// @ts-check
// This browser's player for the lobby's games (docs/live.md): a name and an
// Ed25519 key pair made here with WebCrypto. The public key, 32 bytes in
// base64url without padding (43 characters), is who the player is to the
// server; the private key never leaves the browser but in the file the
// person exports to carry it to another browser. No password, no e-mail.
//
// The pair is kept in localStorage (`diablo.player.v1`, through storage.js)
// as the public key, the name and the private key's PKCS #8 bytes. What
// goes wrong is a typed `IdentityError` whose `kind` the page words:
// `none` (no player yet), `name` (a name that is empty, too long or holds
// control characters), `unsupported` (no Ed25519 in this browser), `kept`
// (storage refused it), and for a file: `not-json`, `not-key` (another
// file), `mismatch` (a private key that is not the public key's).

import { isRecord, reject, stored } from './storage.js';

/** A player as the lobby and the rooms know it. @typedef {{ key: string, name: string }} Identity */
/** @typedef {Identity & { pkcs8: string }} Kept */
/** @typedef {'none' | 'name' | 'unsupported' | 'kept' | 'not-json' | 'not-key' | 'mismatch'} IdentityProblem */

/** The mark of an exported key file (its `format`). */
export const FILE_FORMAT = 'diablo-player-key';
/** The longest name, in characters. */
export const NAME_MAX = 24;

/** Why a player could not be made, loaded, used or imported. */
export class IdentityError extends Error {
  /** @param {IdentityProblem} kind @param {string} message plain words, in English */
  constructor(kind, message) {
    super(message);
    this.name = 'IdentityError';
    this.kind = kind;
  }
}

const ED = { name: 'Ed25519' };
const B64 = /^[A-Za-z0-9_-]*$/;

/** Bytes as base64url without padding. @param {ArrayBuffer | Uint8Array} data */
export function toBase64url(data) {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Base64url (no padding) as bytes, or null when it is not base64url.
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
export function fromBase64url(text) {
  if (!B64.test(text) || text.length % 4 === 1) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// Characters a name may not hold, as ranges of code points: control
// characters, line and paragraph separators, direction (bidi) marks, and
// invisible ones (zero width, joiners, fillers). The server refuses the
// same (crates/diablo-server/src/keys.rs).
const HIDDEN = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
];

/** Whether text holds a character of `HIDDEN`. @param {string} text */
const hides = (text) =>
  [...text].some((c) => {
    const p = /** @type {number} */ (c.codePointAt(0));
    return HIDDEN.some(([a, b]) => p >= a && p <= b);
  });

/**
 * A name as kept: trimmed and composed (NFC), then 1–24 characters with
 * none of `HIDDEN`; else an `IdentityError` of kind `name`.
 * @param {unknown} name
 */
export function checkName(name) {
  const n = typeof name === 'string' ? name.trim().normalize('NFC') : '';
  if (!n || [...n].length > NAME_MAX || hides(n))
    throw new IdentityError(
      'name',
      `a name is 1 to ${NAME_MAX} characters, with no control, direction or invisible characters`,
    );
  return n;
}

/** Whether a name is one `checkName` keeps. @param {unknown} name */
export function validName(name) {
  try {
    checkName(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether a kept player's name can be read at all (one kept under older rules too). @param {unknown} name */
const keptName = (name) => typeof name === 'string' && name.trim() !== '';

/** Whether text is a key as the wire spells it (43 base64url characters). @param {unknown} key @returns {key is string} */
const isKey = (key) => typeof key === 'string' && key.length === 43 && B64.test(key);

/** The stored player, or null. @type {import('./storage.js').Stored<Kept | null>} */
const kept = stored('player', {
  // A lost key is lost with the settings' kind of data: nothing of a game.
  what: 'settings',
  version: 1,
  fallback: () => null,
  validate: (data) =>
    data === null || (isRecord(data) && isKey(data.key) && keptName(data.name) && typeof data.pkcs8 === 'string')
      ? /** @type {Kept | null} */ (data)
      : reject('not a player'),
});

/** WebCrypto's subtle, or a typed error. */
function subtle() {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new IdentityError('unsupported', 'this browser has no WebCrypto (a page served over https has it)');
  return s;
}

/** The private key of a stored player. @param {Kept} k */
async function privateKey(k) {
  const bytes = fromBase64url(k.pkcs8);
  if (!bytes) throw new IdentityError('not-key', 'the private key is not base64url');
  try {
    return await subtle().importKey('pkcs8', bytes, ED, false, ['sign']);
  } catch (e) {
    if (e instanceof IdentityError) throw e;
    throw new IdentityError('not-key', 'the private key is not an Ed25519 key');
  }
}

/** This browser's player, or null when none was made here. @returns {Promise<Identity | null>} */
export async function loadIdentity() {
  const k = kept.get();
  return k ? { key: k.key, name: k.name } : null;
}

/** Keeps a player, or a typed error when storage refuses. @param {Kept} k */
function keep(k) {
  if (!kept.set(k)) throw new IdentityError('kept', 'this browser would not keep the key (storage is full or blocked)');
  return { key: k.key, name: k.name };
}

/**
 * Makes this browser's player: a new Ed25519 key pair and the name (any
 * player made before is replaced).
 * @param {string} name
 * @returns {Promise<Identity>}
 */
export async function createIdentity(name) {
  const n = checkName(name);
  const s = subtle();
  /** @type {CryptoKeyPair} */
  let pair;
  try {
    pair = /** @type {CryptoKeyPair} */ (await s.generateKey(ED, true, ['sign', 'verify']));
  } catch {
    throw new IdentityError('unsupported', 'this browser cannot make an Ed25519 key');
  }
  const key = toBase64url(await s.exportKey('raw', pair.publicKey));
  const pkcs8 = toBase64url(await s.exportKey('pkcs8', pair.privateKey));
  return keep({ key, name: n, pkcs8 });
}

/** Changes the player's name (the key stays). @param {string} name @returns {Promise<Identity>} */
export async function renameIdentity(name) {
  const n = checkName(name);
  const k = kept.get();
  if (!k) throw new IdentityError('none', 'there is no player on this browser yet');
  return keep({ ...k, name: n });
}

/**
 * The player's signature of a text's UTF-8 bytes: 64 bytes, base64url
 * without padding (86 characters).
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function sign(text) {
  const k = kept.get();
  if (!k) throw new IdentityError('none', 'there is no player on this browser yet');
  const sig = await subtle().sign(ED, await privateKey(k), new TextEncoder().encode(text));
  return toBase64url(sig);
}

/** The player as a file's text, to carry to another browser. @returns {Promise<string>} */
export async function exportIdentity() {
  const k = kept.get();
  if (!k) throw new IdentityError('none', 'there is no player on this browser yet');
  return `${JSON.stringify({ format: FILE_FORMAT, version: 1, key: k.key, name: k.name, private: k.pkcs8 }, null, 2)}\n`;
}

/**
 * Reads an exported file and makes it this browser's player (replacing
 * any other), after checking that its private key signs for its key.
 * @param {string} text
 * @returns {Promise<Identity>}
 */
export async function importIdentity(text) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new IdentityError('not-json', 'this file is not a key file (it is not JSON)');
  }
  if (!isRecord(data) || data.format !== FILE_FORMAT)
    throw new IdentityError('not-key', 'this file is not a Diablo key file');
  if (!isKey(data.key) || typeof data.private !== 'string' || !fromBase64url(data.private))
    throw new IdentityError('not-key', 'this key file is damaged');
  const name = checkName(data.name);
  const k = { key: data.key, name, pkcs8: data.private };
  const s = subtle();
  const probe = new TextEncoder().encode(`diablo key check ${k.key}`);
  let ok = false;
  try {
    const raw = /** @type {Uint8Array<ArrayBuffer>} */ (fromBase64url(k.key));
    const pub = await s.importKey('raw', raw, ED, false, ['verify']);
    ok = await s.verify(ED, pub, await s.sign(ED, await privateKey(k), probe), probe);
  } catch (e) {
    if (e instanceof IdentityError && e.kind === 'unsupported') throw e;
    throw new IdentityError('not-key', 'this key file is damaged');
  }
  if (!ok) throw new IdentityError('mismatch', 'the private key in this file does not belong to its public key');
  return keep(k);
}
