// @ts-check
// The shapes the friend page's state (state.js) works with: what it takes
// (the engine's corr functions, a relay connection, the page as its host)
// and what it holds for the views to word.

/** @typedef {import('../lib/types.js').CorrView} CorrView */
/** @typedef {import('../lib/types.js').ErrorInfo} ErrorInfo */
/** @typedef {import('../lib/net/room.js').LiveState} LiveState */

/**
 * The engine's corr functions the state uses (lib/engine/corr.js; a fake in tests).
 * @typedef {Pick<typeof import('../lib/engine/corr.js'), 'corrInvite' | 'corrOpen' | 'corrReceive' | 'corrAccept'
 *   | 'corrAnswer' | 'corrKeysGame' | 'corrRematchProof' | 'corrCheckRematch' | 'corrOwnerSalt'>} Corr
 */

/**
 * A game's connection to the relay, as the state uses it (lib/net/room.js's RoomClient).
 * @typedef {object} LiveConn
 * @property {string} id the game id
 * @property {LiveState} state
 * @property {number} others connections in the room other than this one
 * @property {number | null} othersLeftAt when the last other one left
 * @property {{ kind: string, message: string } | null} refused the relay's last refusal
 * @property {() => void} send sends the latest link
 * @property {(invitation: string, proof: string | null) => void} offerAndClose
 * @property {() => void} close
 * @property {number | null} [openedAt] when the connection last opened
 * @property {() => void} [claim] claims the win (a server with clocks)
 * @property {() => void} [resign] resigns through the server, on either turn (a seated connection)
 * @property {boolean} [seated] whether its seat was sent (a player with a key)
 */

/** This browser's player in the lobby's games: its public key and name (lib/identity.js). @typedef {{ key: string, name: string }} Identity */

/**
 * What the state tells the page. `changed` redraws; the others are news to
 * show beyond a redraw, each after it.
 * @typedef {object} FriendHost
 * @property {() => void} changed
 * @property {(link: string) => void} publish the address bar is to show this link (no new history entry)
 * @property {(v: CorrView, news: { moved: boolean, relayed: boolean }) => void} [arrived] a link moved the
 *   game on show: `moved` when the friend's turn is new here (to show moving), `relayed` when the relay brought it
 * @property {() => void} [offered] the friend's rematch offer arrived
 * @property {(v: CorrView, end?: import('../lib/net/room-wire.js').Over) => void} [finished] a game of this browser's seen
 *   over (once a game): to keep; `end` when the server ended it (on time, by a claim) and the link does not show it
 */

/**
 * What the page says at the top: a refusal (the engine's kind and
 * parameters), that keys were imported, or the server's refusal of a claim
 * (`too-early`, `not-seated`) or of an acceptance without a seat (`unseated`:
 * a rated game needs a player's key, made in the lobby; `too-many`: this
 * address began as many games this hour as the server keeps; `name-taken`:
 * an established player goes by this player's name; `playban`: this
 * player let games abort lately and may not take one yet); that this page's
 * lobby challenge left the lobby untaken, or was refused there; that an
 * invitation on a clock needs a player's name, or that its clock was refused.
 * @typedef {{ kind: 'refused', info: ErrorInfo } | { kind: 'imported' }
 *   | { kind: 'too-early' | 'not-seated' | 'unseated' | 'too-many' | 'playban' | 'name-taken' | 'lobbyGone' | 'clockNeedsName' }
 *   | { kind: 'lobbyRefused' | 'clockRefused', text: string }} Message
 */

/**
 * Why the link to send is offered: a new invitation, an acceptance, the
 * start message, a played turn, the last link, or a game that waits.
 * @typedef {'invitation' | 'accepted' | 'start' | 'sent' | 'over' | 'waiting'} SendWhy
 */

/**
 * A new game's choices; `owner`: the words its invitation is bound to when it
 * is to be posted (web/lib/net/owner.js).
 * @typedef {{ size: number, edition: string, color: 'black' | 'green' | 'random', name: string, links: boolean,
 *   owner?: string }} NewGame
 */

/**
 * The other player's rematch offer after the finished game `id`: checked
 * by the engine (a proof), or vouched for by the server (their seat); with
 * the terms its challenge was posted on, as the server read them.
 * @typedef {{ id: string, invitation: string, from: 'black' | 'green',
 *   terms: import('../lib/net/room-wire.js').RematchTerms }} Offer
 */

export {};
