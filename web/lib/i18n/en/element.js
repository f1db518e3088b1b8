// @ts-check
// The words of <diablo-board> in English that the page words do not have:
// its buttons and labels, the replay's lines and the position read aloud
// (the game's own words, the status line, dice and squares, are the page
// words in the element's language). The reference shape of every
// language's element.js.

/** @param {import('../i18n.js').Kit<typeof import('./plural.js')>} kit */
const element = ({ count }) => ({
  credit: 'Diablo, a game by Mark Steere',
  board: 'Board',
  dice: 'Dice',
  first: 'First position',
  back: 'Back one turn',
  forward: 'Forward one turn',
  end: 'Last position',
  play: 'Play',
  pause: 'Pause',
  roll: 'Roll',
  confirm: 'Confirm',
  undo: 'Undo',
  restart: 'Restart',
  start: 'Start position',
  replayAt: (step, last) => `Replay, position ${step} of ${last}`,
  boardOf: (n, edition, who) =>
    `Diablo board ${n}×${n}, ${edition === 'sequenced' ? 'sequenced' : 'standard'} edition, ${who}`,
  hasWon: (c) => `${c} has won`,
  toMove: (c, turn) => `${c} to move, turn ${turn}`,
  counts: (checkers, stacks) => `${count(checkers, 'checker')} in ${count(stacks, 'stack')}`,
  height: (sq, h) => `${sq} (height ${h})`,
  arrows: 'Arrows',
  diceAre: (a, b) => `Dice: ${a} and ${b}`,
  playedThisTurn: 'Played this turn',
  selectedSquare: (sq) => `${sq} selected`,
  destinations: 'destinations',
  noDestinations: 'no destinations',
  marked: 'Marked',
  ringed: 'Ringed',
  canLose: 'Can lose a checker',
  positionCode: 'Position code',
});

export default element;
