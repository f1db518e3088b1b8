// @ts-check
// "Your games" in English (web/games/, the game-over card's link and the
// notices of a game not kept, lib/archive.js): the reference shape of every
// language's games.js.

/** @param {import('../i18n.js').Kit<typeof import('./plural.js')>} kit */
const games = ({ count }) => ({
  credit: 'Diablo, a game by Mark Steere',
  title: 'Your games',
  play: 'Play',
  learn: 'Learn',
  puzzles: 'Puzzles',
  yourGames: 'Your games',
  intro:
    'Every game finished on this device — against the computer, at one screen or with a friend — is kept here, in this browser only.',
  filters: 'Filters',
  opponent: 'Opponent',
  any: 'Any',
  computer: 'The computer',
  /** @param {string} level */
  computerAt: (level) => `The computer: ${level}`,
  hotseat: 'At one screen',
  friend: 'A friend',
  size: 'Board',
  edition: 'Edition',
  standard: 'Standard',
  sequenced: 'Sequenced',
  result: 'Result',
  youWon: 'You won',
  youLost: 'You lost',
  /** @param {string} c */
  colorWon: (c) => `${c} won`,
  /** @param {number} shown @param {number} all */
  showing: (shown, all) => (shown === all ? count(all, 'game') : `${shown} of ${count(all, 'game')}`),
  none: 'No games kept yet. Finish a game — against the computer, at one screen or with a friend — and it appears here.',
  noneFit: 'No game fits these filters.',
  /** @param {string} c @param {string} level */
  vsComputer: (c, level) => `You (${c}) against the computer (${level})`,
  atOneScreen: 'Two players at one screen',
  /** @param {string} c @param {string} name */
  vsFriend: (c, name) => `You (${c}) against ${name || 'a friend'}`,
  resigned: 'by resignation',
  onTime: 'on time',
  abandoned: 'game abandoned',
  /** @param {number} n */
  turns: (n) => count(n, 'turn'),
  /** @param {number} size @param {string} edition */
  boardOf: (size, edition) => `${size}\u00a0×\u00a0${size}, ${edition.toLowerCase()}`,
  replay: 'Replay',
  review: 'Review',
  remove: 'Delete',
  exportAll: 'Export all (records file)',
  removeAll: 'Delete all',
  cancel: 'Cancel',
  removeConfirm: 'Delete this game from Your games?',
  /** @param {number} n */
  removeAllConfirm: (n) => `Delete all ${count(n, 'game')} from Your games? This cannot be undone.`,
  /** @param {number} n @param {string} date */
  exportTitle: (n, date) =>
    `Diablo, a game by Mark Steere: ${count(n, 'game')} from Your games, exported ${date}. Each game begins at its "edition" line; diablo check --record reads them all.`,
  statsTitle: 'Against the computer',
  level: 'Level',
  won: 'Won',
  lost: 'Lost',
  levelRating: 'Its rating',
  ratingTitle: 'Your rating against the computer',
  /** @param {number} r @param {number} n */
  rating: (r, n) => `${r} after ${count(n, 'game')}`,
  ratingNone: 'Finish a game against the computer to get a rating.',
  ratingHowTitle: 'How the rating is worked out',
  ratingHow:
    "How it is worked out: Elo, updated after each game against the computer, oldest first, from 1500, with K = 32 (a win counts 1, a loss 0). Each level has a fixed rating taken from the project's measured ladder (docs/results/ai.md: hundreds of games between neighbouring levels on 6×6, 8×8 and 10×10 in both editions, their Elo differences averaged, Easy set at 1500). The same ratings serve every board size and edition; delete a game and it no longer counts.",
  /** @param {'blocked' | 'full' | 'corrupt'} kind */
  notKept: (kind) =>
    `This game was not kept in Your games: ${
      {
        blocked: "the browser's database is unavailable (blocked by another tab or by the browser's settings).",
        full: "the browser's storage is full.",
        corrupt: "the browser's database is damaged.",
      }[kind]
    }`,
  /** @param {'blocked' | 'full' | 'corrupt'} kind */
  unreadable: (kind) =>
    `Your games cannot be shown: ${
      {
        blocked: "the browser's database is unavailable (blocked by another tab or by the browser's settings).",
        full: "the browser's storage is full.",
        corrupt: "the browser's database is damaged.",
      }[kind]
    }`,
  /** @param {number} n */
  dropped: (n) => `${count(n, 'damaged entry', 'damaged entries')} left out.`,
  /** @param {'blocked' | 'full' | 'corrupt'} kind */
  notDeleted: (kind) =>
    `Not deleted: ${kind === 'full' ? "the browser's storage is full." : "the browser's database is unavailable."}`,
  /** @param {string} text */
  badRecord: (text) => `This game's record cannot be opened: ${text}`,
  playingTitle: 'Games in progress',
  yourMove: 'Your move',
  theirMove: 'Their move',
  /** @param {string} when */
  dueBy: (when) => `by ${when}`,
  open: 'Open',
});

export default games;
