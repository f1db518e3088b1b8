// @ts-check
// The words of <diablo-board> in German (lang="de") that the page words do
// not have (see ../en/element.js).

/** @type {import('../i18n.js').Maker<'element', typeof import('./plural.js')>} */
const element = ({ count }) => ({
  credit: 'Diablo, ein Spiel von Mark Steere',
  board: 'Brett',
  dice: 'Würfel',
  first: 'Erste Stellung',
  back: 'Eine Runde zurück',
  forward: 'Eine Runde vor',
  end: 'Letzte Stellung',
  play: 'Abspielen',
  pause: 'Anhalten',
  roll: 'Würfeln',
  confirm: 'Bestätigen',
  undo: 'Rückgängig',
  restart: 'Neu beginnen',
  start: 'Anfangsstellung',
  replayAt: (step, last) => `Wiedergabe, Stellung ${step} von ${last}`,
  boardOf: (n, edition, who) =>
    `Diablo-Brett ${n}×${n}, ${edition === 'sequenced' ? 'Sequenzfassung' : 'Standardfassung'}, ${who}`,
  hasWon: (c) => `${c} hat gewonnen`,
  toMove: (c, turn) => `${c} am Zug, Runde ${turn}`,
  counts: (checkers, stacks) => `${count(checkers, 'Stein', 'Steine')} in ${count(stacks, 'Stapel', 'Stapeln')}`,
  height: (sq, h) => `${sq} (Höhe ${h})`,
  arrows: 'Pfeile',
  diceAre: (a, b) => `Würfel: ${a} und ${b}`,
  playedThisTurn: 'In dieser Runde gespielt',
  selectedSquare: (sq) => `${sq} ausgewählt`,
  destinations: 'Ziele',
  noDestinations: 'keine Ziele',
  marked: 'Markiert',
  ringed: 'Mit Ring',
  canLose: 'Können einen Stein verlieren',
  positionCode: 'Stellungscode',
});

export default element;
