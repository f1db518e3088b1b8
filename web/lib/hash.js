// @ts-check
// Short hashes of text: FNV-1a, 32 bits. Keys of stored reviews and of
// puzzles kept from them, and the seed of a computer's search. Not for
// anything an opponent could exploit (ids in the archive use cyrb53,
// archive.js; the correspondence chain uses SHA-256, in the engine).

/** FNV-1a of a text's UTF-16 code units, as an unsigned 32-bit number. @param {string} text */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** FNV-1a of a text as 8 hex digits. @param {string} text */
export const hashText = (text) => fnv1a(text).toString(16).padStart(8, '0');
