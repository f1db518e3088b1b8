// The side panel's checker counts. Pure drawing from state (the log is
// log-view.js, the game-over card gameover.js, the help text help.js).

/** Checker and stack counts for both players; the side to move is marked. */
export function renderCounts(el, state, words) {
  el.replaceChildren();
  ['black', 'green'].forEach((color, i) => {
    const row = document.createElement('div');
    row.className = `count ${color}${state.side === color && !state.winner ? ' to-move' : ''}`;
    row.dataset.color = color;
    row.dataset.checkers = String(state.checkers[i]);
    const chip = document.createElement('span');
    chip.className = `chip ${color}`;
    chip.setAttribute('aria-hidden', 'true');
    const name = document.createElement('strong');
    name.textContent = words.color[color];
    const nums = document.createElement('span');
    nums.className = 'nums';
    nums.textContent = words.counts(state.checkers[i], state.stacks[i]);
    row.append(chip, name, nums);
    if (state.side === color && !state.winner) {
      const tag = document.createElement('span');
      tag.className = 'visually-hidden';
      tag.textContent = `, ${words.toMove}`;
      name.append(tag);
    }
    el.append(row);
  });
}
