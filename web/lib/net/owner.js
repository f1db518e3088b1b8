// @ts-check
// What an invitation posted to the lobby is bound to (docs/lobby.md): its
// maker's key and the terms it is offered on, in the server's words. The
// engine makes the invitation's nonce commit to this text
// (`corrInvite(…, owner)`), and the post carries the salt that shows it
// (`corrOwnerSalt(keys)`): nobody else can post the invitation, nor can
// anyone post it on other terms. tests/wire/frames.json holds examples.

/** @typedef {import('./lobby-wire.js').Clock} Clock */

/**
 * `"diablo owner " + key + " " + clock + " " + rated|casual + " " +
 * random|chosen + " " + listed|unlisted`, the clock `live I N`, `days D` or,
 * with a time bank, `days D bank B`.
 * @param {string} key this browser's player's key
 * @param {{ clock: Clock, rated: boolean, color?: string, unlisted?: boolean }} terms as posted
 */
export function ownerText(key, terms) {
  const c = terms.clock;
  const days = 'days' in c ? `days ${c.days}${c.bank ? ` bank ${c.bank}` : ''}` : '';
  const clock = 'days' in c ? days : `live ${c.initial} ${c.increment}`;
  const rated = terms.rated ? 'rated' : 'casual';
  const color = terms.color === 'random' ? 'random' : 'chosen';
  const listed = terms.unlisted ? 'unlisted' : 'listed';
  return `diablo owner ${key} ${clock} ${rated} ${color} ${listed}`;
}

/**
 * What a lobby challenge's acceptance is bound to (docs/live.md): the key
 * of the player who takes it, `"diablo taker " + key`. The engine makes the
 * accepting message commit to it (`corrAccept(…, owner)`), and the page
 * sends the salt that shows it with its links (`corrOwnerSalt(keys)`).
 * @param {string} key this browser's player's key
 */
export const takerText = (key) => `diablo taker ${key}`;
