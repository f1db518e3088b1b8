// @ts-check
// The board of a position on show that nobody plays: a replay's frame, a
// diagram. Imports nothing, so every board (the page's, the element's
// modes, the lazily loaded replay) can share it without pulling in more.

/**
 * The board for a replay frame: the position and the arrows of the turn
 * that led to it, nothing to choose.
 * @param {import('../types.js').GameState} state
 * @param {{ coords: boolean, cursor?: number | null }} view
 * @returns {import('../board/board.js').BoardModel}
 */
export function frameModel(state, { coords, cursor = null }) {
  return {
    n: state.size,
    cells: state.cells,
    coords,
    sources: new Set(),
    selected: null,
    targets: new Map(),
    removals: new Set(),
    last: state.lastTurn,
    current: [],
    cursor,
  };
}
