// @ts-check
// The one move log: a list of turns, one line each, for the game being
// played (with the turn under way) and for a replay (the viewed turn
// marked, the turns after it dimmed). It draws; it knows no rules.

/** @typedef {import('../types.js').GameState} GameState */
/** @typedef {import('../types.js').LogLine} LogLine */

/**
 * The lines of a game being played: its finished turns, then the turn under way.
 * @param {GameState} state
 * @param {string} inProgress the words for a turn still being played
 * @returns {LogLine[]}
 */
export function liveLines(state, inProgress) {
  const lines = state.log.slice();
  if (state.roll && !state.winner) {
    const acts = state.actions.map((a) => a.text).join(' ');
    lines.push({
      number: state.turn,
      side: state.side,
      roll: state.roll.join(','),
      turn: `${acts}${acts ? ' ' : ''}${state.complete ? '' : inProgress}`.trim(),
      actions: state.actions,
    });
  }
  return lines;
}

/**
 * Draws the log into an <ol>, changing only what changed (logs grow one
 * line at a time).
 * @param {HTMLElement} el
 * @param {LogLine[]} lines
 * @param {{ current?: number, viewed?: number }} marks `current`: the index of
 *   the turn under way; `viewed`: in a replay, turns played at the position shown
 */
export function renderLog(el, lines, { current = -1, viewed } = {}) {
  const items = el.children;
  lines.forEach((line, i) => {
    let li = items[i];
    if (!(li instanceof HTMLElement)) {
      li = document.createElement('li');
      el.append(li);
    }
    const item = /** @type {HTMLElement} */ (li);
    const here = viewed != null && i === viewed - 1;
    const ahead = viewed != null && i >= viewed;
    const cls = `log-line ${line.side}${i === current ? ' current' : ''}${here ? ' viewed' : ''}${ahead ? ' ahead' : ''}`;
    if (item.className !== cls) item.className = cls;
    const text = `${line.number}. ${line.roll}: ${line.turn}`;
    if (item.textContent !== text) item.textContent = text;
    if (viewed != null) item.dataset.view = String(i + 1);
    else delete item.dataset.view;
    if (here) item.setAttribute('aria-current', 'step');
    else item.removeAttribute('aria-current');
  });
  while (items.length > lines.length) el.lastElementChild?.remove();
  if (viewed == null) {
    el.scrollTop = el.scrollHeight;
    return;
  }
  const shown = items[viewed - 1];
  if (shown instanceof HTMLElement) {
    // Keep the viewed line in sight without scrolling the page.
    const top = shown.offsetTop - el.offsetTop;
    if (top < el.scrollTop || top + shown.offsetHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
    }
  } else {
    el.scrollTop = 0;
  }
}
