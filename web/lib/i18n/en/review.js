// @ts-check
// The words of the game review and the analysis board in English: the
// reference shape of every language's review.js. They load with those
// parts (on demand), so the game page starts without them.

/** @param {import('../i18n.js').Kit<typeof import('./plural.js')>} kit */
const review = ({ count }) => ({
  // The tutor (a setting of the game page): a complete turn judged before
  // it is confirmed; `loss` and `keep` are whole percents.
  tutorTitle: 'Tutor',
  tutorLooking: 'The tutor is looking at your turn…',
  tutorWarn: (mark, loss, keep) =>
    `This turn looks like a ${mark}: it gives away about ${loss}% of your chance to win. A better turn keeps ${keep}%.`,
  tutorAnyway: 'Play it anyway',
  tutorShow: 'Show me',
  tutorBack: 'Take it back',
  review: 'Review',
  reviewTitle: 'Game review',
  reviewing: (k, n) => `Reviewing turn ${k} of ${n}…`,
  reviewDone: (n) => `Reviewed ${count(n, 'turn')} (Hard).`,
  reviewCancelled: (k, n) => `Review stopped after ${k} of ${n} turns; press Review to go on.`,
  reviewFailed: (msg) => `The review failed: ${msg}`,
  cancel: 'Cancel',
  graphLabel: (n, first, last) =>
    `Black’s chance of winning before each turn, over ${n} turns: ${first} at the start, ${last} at the end. The table below lists every turn.`,
  dotsTitle: 'Coloured points:',
  graphHint: 'Black’s chance of winning. Click a point to see that turn.',
  tableCaption: 'Every turn judged',
  colTurn: 'Turn',
  colSide: 'Side',
  colRoll: 'Roll',
  colPlayed: 'Played',
  colBlack: 'Black’s chance before',
  colLoss: 'Loss',
  colMark: 'Mark',
  colBest: 'Better',
  showTable: 'Turns as a table',
  mark: { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' },
  markPlural: { inaccuracy: 'Inaccuracies', mistake: 'Mistakes', blunder: 'Blunders' },
  summaryTitle: 'Summary',
  avgLoss: 'Average loss a turn',
  // Each player's luckiest and unluckiest roll: how far it moved the
  // player's chance of winning (the best turn it allowed, against the
  // chance before the roll).
  luckiest: 'Luckiest roll',
  unluckiest: 'Unluckiest roll',
  rollUp: (number, roll, size) => `rolled ${roll} on turn ${number}: chances up ${size}`,
  rollDown: (number, roll, size) => `rolled ${roll} on turn ${number}: chances down ${size}`,
  // The luck of each roll (docs/review.md): a roll's chance once dealt
  // against the average roll, in games (1.00 a whole game); `b`, `g`, `d`
  // are written with the language's decimal mark.
  luckTitle: 'Luck of each roll',
  luckUp: 'good for Black',
  luckDown: 'good for Green',
  luckLabel: (n, b, g) =>
    `The luck of each of ${n} rolls: up for a roll good for Black, down for one good for Green; in all Black ${b}, Green ${g}. The table below lists every roll’s luck.`,
  luckSum: (b, g) => `Luck: Black ${b}, Green ${g}.`,
  luckAbove: (c, d) => `${c} won by ${d} more than their dice gave.`,
  luckBelow: (c, d) => `${c} won on the dice: they gave ${d} more than the win needed.`,
  luckEven: (c) => `${c} won by what their dice gave.`,
  luckHint:
    'A roll’s luck is its player’s chance of winning once it was rolled, against the average of every roll the dice could have shown. It is counted in games: 1.00 is a whole game.',
  luckTotal: 'Luck in all',
  colLuck: 'Luck',
  decimal: '.',
  none: '—',
  at: (number, c, sign, name, played, pv, best, bv) =>
    `Turn ${number}, ${c}: ${played} (${pv}) — ${name}${sign ? ` ${sign}` : ''}. Better: ${best} (${bv}).`,
  atGood: (number, c, played, pv) => `Turn ${number}, ${c}: ${played} (${pv}), as good as the computer’s choice.`,
  // The key to the arrows on the board at a marked turn, next to its note.
  legendTitle: 'On the board:',
  legendPlayed: 'solid arrows, the turn played',
  legendBest: 'dashed arrows and rings, a better turn',
  color: { black: 'Black', green: 'Green' },
  // The analysis board.
  analysis: 'Analysis board',
  back: '← Diablo',
  setup: 'Set up the position',
  size: 'Board size',
  edition: 'Edition',
  standard: 'Standard',
  sequenced: 'Sequenced',
  side: 'Side to move',
  turn: 'Turn number',
  code: 'Position code',
  apply: 'Use this code',
  place: 'Clicking a square puts',
  height: 'Height',
  black: 'Black',
  green: 'Green',
  empty: 'Empty (clear)',
  clear: 'Clear the board',
  startPos: 'Start position',
  setupHelp:
    'Click squares to place stacks (the choice below), or paste a position code. Any position can be set up on an even board from 2×2 to 26×26: each colour has at most half as many checkers as the board has squares, there is at least one checker, and Black moves on odd turns, Green on even ones.',
  roll: 'Roll',
  rollRandom: 'Roll randomly',
  die: (i) => `Die ${i}`,
  rank: 'Rank the turns',
  ranking: 'Best turns for this roll',
  ranking2: (c, before) => `${c} to move; before the roll: ${before}.`,
  rollNote: (roll, best) =>
    `With ${roll} the best turn keeps ${best}. The chance before the roll is the average over every roll the dice can show, so one roll can be worth more or less than it.`,
  quickGroup: 'Quick estimates (≈), not valued like the turns above:',
  rankingWorking: 'Ranking every legal turn…',
  exactNote: 'The top turns are valued like the game review; the ones marked ≈ have a quick estimate.',
  showAll: (n) => `Show all ${n}`,
  showTop: 'Show the top ten',
  play: 'Play',
  stepBack: 'Step back',
  played: (turn) => `Played ${turn}.`,
  share: 'Link to this analysis',
  copy: 'Copy link',
  copied: 'Copied ✓',
  invalid: (msg) => `This position is not accepted: ${msg}`,
  // A die refused where it was typed.
  dieNotWhole: (i) => `Die ${i}: type a whole number, like 3.`,
  dieRefused: (i, msg) => `Die ${i} cannot be used: ${msg}.`,
  // Other turns that end in the same position as the one ranked.
  samePosition: (turns) => `Same position: ${turns}`,
  invalidRoll: (msg) => `These dice do not fit the board: ${msg}`,
  gameOver: 'The game is over in this position: there is no turn to rank.',
  noTurn: 'No legal turn',
});

export default review;
