// The side panels: checker counts, the turn log, the position code, the
// game-over banner, and the help and rules texts. Pure drawing from state.

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

/** The log: one line per finished turn, then the turn under way. */
export function renderLog(el, state, words) {
  const lines = state.log.map((l) => ({
    side: l.side,
    text: `${l.number}. ${l.roll}: ${l.turn}`,
  }));
  if (state.roll && !state.winner) {
    const acts = state.actions.map((a) => a.text).join(' ');
    lines.push({
      side: state.side,
      text: `${state.turn}. ${state.roll.join(',')}: ${acts}${acts ? ' ' : ''}${state.complete ? '' : words.inProgress}`,
      current: true,
    });
  }
  // Rebuild only what changed: logs grow one line at a time.
  const items = el.children;
  lines.forEach((line, i) => {
    let li = items[i];
    if (!li) {
      li = document.createElement('li');
      el.append(li);
    }
    const cls = `log-line ${line.side}${line.current ? ' current' : ''}`;
    if (li.className !== cls) li.className = cls;
    if (li.textContent !== line.text) li.textContent = line.text;
  });
  while (items.length > lines.length) el.lastElementChild?.remove();
  el.scrollTop = el.scrollHeight;
}

/** Shows or hides the game-over banner. Returns true when it just appeared. */
export function renderGameOver(box, title, detail, state, words) {
  const over = state.winner != null;
  const was = !box.hidden;
  box.hidden = !over;
  if (over) {
    const winner = words.color[state.winner];
    title.textContent = words.wins(winner);
    detail.textContent = words.gameOverDetail(state.log.length);
    box.dataset.winner = state.winner;
  }
  return over && !was;
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
