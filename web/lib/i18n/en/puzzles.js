// @ts-check
// The puzzles page's words in English (web/puzzles/): "find the
// best turn for this roll", from the shipped set (docs/puzzles.md) and from
// the mistakes and blunders of the games reviewed on this device. The
// reference shape of every language's puzzles.js. Chances come in already
// written as percentages ("54%").

const puzzles = () => ({
  title: 'Puzzles',
  intro: 'Find the best turn for the roll. Each puzzle has one turn that is clearly best.',
  play: 'Play',
  learn: 'Learn',
  games: 'Your games',
  source: 'Puzzles',
  fromSet: 'The puzzle set',
  fromGames: 'From your games',
  size: 'Board',
  anySize: 'All sizes',
  edition: 'Edition',
  anyEdition: 'Both editions',
  standard: 'Standard',
  sequenced: 'Sequenced',
  difficulty: 'Difficulty',
  anyDifficulty: 'Any',
  /** The difficulties 1, 2 and 3. */
  levels: ['Easy', 'Medium', 'Hard'],
  /** @param {number} k @param {number} n */
  puzzleOf: (k, n) => `Puzzle ${k} of ${n}`,
  /** @param {number} size @param {string} edition @param {string} level */
  about: (size, edition, level) => `${size}×${size}, ${edition.toLowerCase()} edition, ${level.toLowerCase()}`,
  /** @param {'black' | 'green'} side */
  task: (side) => `${side === 'black' ? 'Black' : 'Green'} to play. Find the best turn for this roll, then confirm it.`,
  /** @param {number} turn @param {'mistake' | 'blunder'} mark */
  fromGame: (turn, mark) => `From your game: turn ${turn}, where a ${mark} was played.`,
  hint: 'Hint',
  /** @param {string} square */
  hintText: (square) => `Start with the stack on ${square}.`,
  show: 'Show the answer',
  next: 'Next puzzle',
  again: 'Try again',
  right: 'Solved!',
  /** @param {string} chance */
  rightText: (chance) => `That is the best turn: after it you win ${chance} of the time.`,
  /** @param {string} turn */
  yoursBest: (turn) => `Your turn: ${turn} (the arrows on the board).`,
  hinted: 'Solved with a hint: it does not add to your streak.',
  wrong: 'Not the best turn.',
  shown: 'The answer.',
  valuing: 'Valuing your turn…',
  /** @param {string} turn @param {string} chance */
  best: (turn, chance) => `Best turn: ${turn}, ${chance} chance of winning (dashed arrows).`,
  /** @param {string} turn @param {string} chance */
  yours: (turn, chance) => `Your turn: ${turn}, ${chance} (solid arrows).`,
  /** @param {string} turn @param {string} chance */
  second: (turn, chance) => `Next best: ${turn}, ${chance}.`,
  /** @param {string} turn @param {string} chance */
  inGame: (turn, chance) => `Played in the game: ${turn}, ${chance}.`,
  exact: 'These chances were checked with exact values.',
  /** @param {number} n */
  streak: (n) => `Streak: ${n}`,
  /** @param {number} n */
  solved: (n) => `Solved: ${n}`,
  none: 'No puzzle matches these choices.',
  noneMine:
    'No puzzles from your games yet. Review a finished game (on the analysis board or in the replay after a game): each mistake and blunder becomes a puzzle here.',
  yourTurn: 'Play the turn on the board.',
  /** @param {import('../../storage.js').ProblemKind} kind @returns {string} */
  storage: (kind) =>
    kind === 'full'
      ? 'This browser’s storage is full: your puzzles and your score could not be saved.'
      : 'Your saved puzzles or score were damaged and have been discarded.',
});

export default puzzles;
