// The game-over card: who won (from the person's side against the
// computer), how long the game was, and what each side did. Pure drawing
// from state; the page loads this module when a game first ends, so that
// its start does not carry it.

// The card's look comes with it (style.css is part of the page's start, the
// card is not), added once, when the module loads: before the card shows.
const sheet = document.createElement('style');
sheet.textContent = `
/* The card fits the board: the stats scroll inside it (the card too, on a tiny board). */
.gameover {
  position: absolute; inset: 0; padding: .5rem;
  display: flex; align-items: center; justify-content: center;
  background: rgba(20, 16, 8, .38);
}
.gameover[data-closed] { display: none; }
.gameover-card {
  background: var(--card); border-radius: 14px; padding: 1rem 1.25rem; border-top: 6px solid var(--line);
  box-shadow: 0 10px 30px rgba(0, 0, 0, .35); text-align: center;
  position: relative; display: flex; flex-direction: column; max-height: 100%; overflow: auto;
}
/* Never squeezed to nothing (German and Polish on a 320 px phone once left the stats no height at all). */
.gameover-scroll { min-height: 3.5rem; overflow: auto; }
.gameover-close { position: absolute; top: 0; right: 0; border: 0; background: none; font-size: 1.4rem; }
.gameover-title { font-size: 1.6rem; font-weight: 800; margin: 0 1.5rem .25rem; }
.gameover[data-winner=black] .gameover-title { color: var(--black); }
.gameover[data-winner=green] .gameover-title { color: var(--green); }
.gameover-detail { margin: 0 0 1rem; color: var(--muted); }
.gameover .row { justify-content: center; }
/* The link to "Your games", put in once the game is kept (keepGame). */
.gameover .gameover-games { padding: .45rem .4rem; color: var(--accent); }
.gameover[data-winner=black] .gameover-card { border-top-color: var(--black); }
.gameover[data-winner=green] .gameover-card { border-top-color: var(--green); }
.gameover-stats { margin: 0 auto 1rem; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.gameover-stats th, .gameover-stats td { padding: .15rem .6rem; text-align: right; }
.gameover-stats th[scope=row] { text-align: left; font-weight: 500; color: var(--muted); }
.gameover-stats th[scope=col] { font-weight: 700; }
/* A phone's board is small: a tighter card keeps the title on one line and two buttons a row. */
@media (max-width: 420px) {
  .gameover { padding: .35rem; }
  .gameover-card { padding: .75rem .5rem; }
  .gameover-title { font-size: 1.35rem; }
  .gameover-detail { margin-bottom: .6rem; }
  .gameover-stats { font-size: .9rem; }
  .gameover-stats th, .gameover-stats td { padding: .1rem .25rem; }
}
`;
document.head.append(sheet);

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
    table.replaceChildren(
      head,
      ...rows.map(([label, [b, g]]) => {
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
      }),
    );
  }
  return !was;
}

/**
 * Keeps the game just finished in "Your games" (lib/archive.js, loaded
 * now, on the game-over path, so the page's start does not carry it) and
 * puts the card's link to the list; a game that cannot be kept (a full,
 * blocked or corrupt database) is said in a notice, and the game goes on.
 * Seen again (after a reload), the same game is not kept twice. When both
 * it and `graph` (the review's graph drawn on the card) are done, whatever
 * came of them, the card's `data-loaded` is `true`.
 * @param {HTMLElement} box the card
 * @param {import('../lib/game/controller.js').GameController} ctl the game, over
 * @param {object} page what the page lends (passed in: see review.js's imports)
 * @param {(text: string) => void} page.notice
 * @param {typeof import('../lib/i18n/i18n.js').loadLanguage} page.loadLanguage
 * @param {typeof import('../lib/i18n/i18n.js').language} page.language
 * @param {typeof import('../lib/i18n/i18n.js').t} page.t
 * @param {Promise<unknown>} graph
 */
export function keepGame(box, ctl, page, graph) {
  // Once both are in, `data-loaded` says so (for tools and tests, which
  // cannot see a graph that is not drawn).
  delete box.dataset.loaded;
  // Never a failure of the page: without its module or words, nothing is shown.
  void Promise.all([keep(box, ctl, page), graph].map((p) => p.catch(() => {}))).then(() => {
    box.dataset.loaded = 'true';
  });
}

/** @param {HTMLElement} box @param {import('../lib/game/controller.js').GameController} ctl @param {Parameters<typeof keepGame>[2]} page */
async function keep(box, ctl, { notice, loadLanguage, language, t }) {
  const archive = await import('../lib/archive.js');
  const { state } = ctl;
  const cpu = ctl.computerSide;
  // The page offers these levels only (players.js).
  const level = archive.LEVELS.find((l) => l === ctl.players.level);
  const entry = archive.localGame({
    record: ctl.session.recordText(),
    size: state.size,
    edition: state.edition,
    winner: /** @type {'black' | 'green'} */ (state.winner),
    turns: state.log.length,
    computer: cpu && level ? { level, human: cpu === 'black' ? 'green' : 'black' } : null,
  });
  /** @type {import('../lib/archive.js').ArchiveError | null} */
  let problem = null;
  await archive.keepGame(entry).catch((e) => {
    problem = e instanceof archive.ArchiveError ? e : new archive.ArchiveError('blocked', String(e));
  });
  await loadLanguage(language(), ['games']);
  const w = t('games');
  const row = box.querySelector('.row');
  if (row && !row.querySelector('.gameover-games')) {
    const a = document.createElement('a');
    a.className = 'gameover-games';
    a.href = 'web/games.html';
    a.textContent = w.yourGames;
    row.append(a);
  }
  if (problem) notice(w.notKept(/** @type {import('../lib/archive.js').ArchiveError} */ (problem).kind));
}
