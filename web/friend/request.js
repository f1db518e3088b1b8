// @ts-check
// What the lobby asks of the friend page, read from its address, free of
// the DOM: `?lobby=take#<invitation>` (the person tapped Take: accept at
// once) or `?lobby=post&size=8&edition=standard&color=random&rated=1&clock=300+5`
// (or `&days=3`: make the challenge, post it, wait). Anything else is no
// request, and the page opens as it always has.

import { readSetting } from './clock.js';

/** @typedef {import('./clock.js').ClockSetting} ClockSetting */

/**
 * @typedef {{ kind: 'take', clock: ClockSetting | null, rated: boolean, bot: boolean }
 *   | { kind: 'post', size: number, edition: 'standard' | 'sequenced', color: 'black' | 'green' | 'random',
 *       rated: boolean, clock: ClockSetting }} LobbyRequest
 */

/**
 * The clock an invitation's address names (`?clock=180+2` or `?days=3`,
 * added by the inviter's page), or null; the lobby's requests have their
 * own. Shown to the friend before accepting, and the clocks' kind after;
 * the server keeps the time whatever the address says.
 * @param {string} search `location.search`
 * @returns {ClockSetting | null}
 */
export function readLinkClock(search) {
  const q = new URLSearchParams(search);
  return q.has('lobby') ? null : readSetting(q.get('clock'), q.get('days'), q.get('bank'));
}

/**
 * Reads the lobby's request from the page's query string.
 * @param {string} search `location.search`
 * @returns {LobbyRequest | null}
 */
export function readRequest(search) {
  const q = new URLSearchParams(search);
  const kind = q.get('lobby');
  const clock = readSetting(q.get('clock'), q.get('days'), q.get('bank'));
  if (kind === 'take') return { kind, clock, rated: q.get('rated') === '1', bot: q.get('bot') === '1' };
  if (kind !== 'post' || !clock) return null;
  const size = Number(q.get('size') ?? 8);
  const edition = q.get('edition') ?? 'standard';
  const color = q.get('color') ?? 'random';
  // The engine says which sizes exist (a size it does not know is refused as the form's would be).
  if (!Number.isInteger(size) || size < 1) return null;
  if (edition !== 'standard' && edition !== 'sequenced') return null;
  if (color !== 'black' && color !== 'green' && color !== 'random') return null;
  return { kind, size, edition, color, rated: q.get('rated') === '1', clock };
}
