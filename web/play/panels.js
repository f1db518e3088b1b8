// The side panels: checker counts, the game-over banner, and the help
// text. Pure drawing from state (the log is log-view.js).

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

/**
 * Shows or hides the game-over screen: the winner (from the person's side
 * against the computer), how long the game was, and what each side did (a
 * table). Closed (`data-closed`, the final board in view), it stays closed
 * until it appears again. Returns true when it just appeared.
 * @param {HTMLElement} box @param {HTMLElement} title @param {HTMLElement} detail
 * @param {HTMLTableElement} table
 * @param {import('../lib/types.js').GameState} state
 * @param {(() => import('../lib/types.js').Stats)} stats asked only once the game is over
 * @param {any} words
 * @param {string | null} computer the computer's colour, against the computer
 */
export function renderGameOver(box, title, detail, table, state, stats, words, computer) {
  const over = state.winner != null;
  const was = !box.hidden;
  box.hidden = !over;
  if (!was) delete box.dataset.closed;
  if (!over || !state.winner) return false;
  const c = words.color[state.winner];
  title.textContent = !computer ? words.wins(c) : state.winner === computer ? words.youLost(c) : words.youWon(c);
  detail.textContent = words.gameOverDetail(state.log.length);
  box.dataset.winner = state.winner;
  if (!was) {
    const s = stats();
    /** @type {[string, [number, number]][]} */
    const rows = [
      [words.statTurns, s.turns],
      [words.statCaptured, s.captured],
      [words.statMerges, s.merges],
      [words.statTallest, s.tallest],
      [words.statRemoved, s.removed],
    ];
    const head = document.createElement('tr');
    for (const text of ['', words.color.black, words.color.green]) {
      const th = document.createElement('th');
      th.textContent = text;
      th.scope = 'col';
      head.append(th);
    }
    table.replaceChildren(head, ...rows.map(([label, [b, g]]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = label;
      tr.append(th);
      for (const v of [b, g]) {
        const td = document.createElement('td');
        td.textContent = String(v);
        tr.append(td);
      }
      return tr;
    }));
  }
  return !was;
}

/** Fills the shortcut list. */
export function renderHelp(dl, words) {
  dl.replaceChildren();
  for (const [keys, what] of words.keys) {
    const dt = document.createElement('dt');
    for (const k of keys.split(' / ')) {
      const kbd = document.createElement('kbd');
      kbd.textContent = k;
      if (dt.childNodes.length) dt.append(' / ');
      dt.append(kbd);
    }
    const dd = document.createElement('dd');
    dd.textContent = what;
    dl.append(dt, dd);
  }
}
