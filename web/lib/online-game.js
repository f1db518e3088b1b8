// @ts-check
// A finished server game opened on the game page, as "Your games" opens a
// game kept in the browser (index.html#LINK to replay it from the start,
// index.html?review#LINK to review it at its end): the server gives the
// whole game's correspondence link (api/games/<id>), the correspondence
// module (engine/corr.js, loaded on demand) reads its record, and the
// engine writes the game page's link from the record. The engine must be
// loaded (startPage).

import { RecordedGame } from './engine/engine.js';

/**
 * The game page's address (relative to `index.html`) of a game's
 * correspondence link: `#LINK` to replay it, `?review#LINK` to review it.
 * Throws the engine's refusal for a link it cannot read.
 * @param {string} corrLink @param {boolean} review
 */
export async function gamePageAddress(corrLink, review) {
  const corr = await import('./engine/corr.js');
  await corr.loadCorr();
  const { record } = corr.corrOpen(corrLink);
  const game = RecordedGame.fromRecord(record);
  try {
    // The replay from the start; the review at the end, as the game-over card opens it.
    return `${review ? '?review' : ''}#${game.link(review ? game.turns : 0)}`;
  } finally {
    game.dispose();
  }
}
