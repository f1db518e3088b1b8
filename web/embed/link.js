// The hook for share links (`<diablo-board mode="replay" link="…">`). Links
// are written and read only by the engine (diablo_core::link, see
// docs/links.md); this file just finds the engine's decoder.
//
// Contract of a decoder: `decode(linkText)` returns `{ record, view }` -
// the game record as text (RULES.md section 7) and the number of turns
// played at the viewed position - or throws an Error whose message says what
// is wrong with the link.

import * as wasm from '../pkg/diablo_wasm.js';

let custom = null;

/**
 * Installs a decoder (for example a wasm binding with another name); pass
 * null to go back to the default lookup.
 * @param {((link: string) => {record: string, view: number}) | null} decode
 */
export function setLinkDecoder(decode) {
  custom = decode;
}

/**
 * The default decoder: the wasm module's `decodeLink(text)` (see
 * crates/diablo-wasm/src/link.rs), returning JSON `{ "record": "...", "view": n }`.
 */
function fromWasm(link) {
  const decode = wasm.decodeLink;
  if (typeof decode !== 'function') {
    throw new Error('share links cannot be read by this build yet (the engine has no link decoder)');
  }
  const out = decode(link);
  return typeof out === 'string' ? JSON.parse(out) : out;
}

/** Decodes a share link with the installed decoder. */
export function decodeLink(link) {
  const out = (custom ?? fromWasm)(link);
  const view = Number(out?.view);
  if (typeof out?.record !== 'string' || !Number.isInteger(view) || view < 0) {
    throw new Error('the link decoder returned no game');
  }
  return { record: out.record, view };
}
