// @ts-check
// The words of <diablo-board> in Polish (lang="pl") that the page words do
// not have (see ../en/element.js).

/** @type {import('../i18n.js').Maker<'element', typeof import('./plural.js')>} */
const element = ({ count }) => ({
  credit: 'Diablo, gra Marka Steere’a',
  board: 'Plansza',
  dice: 'Kości',
  first: 'Pierwsza pozycja',
  back: 'Tura wstecz',
  forward: 'Tura dalej',
  end: 'Ostatnia pozycja',
  play: 'Odtwarzaj',
  pause: 'Pauza',
  roll: 'Rzuć',
  confirm: 'Zatwierdź',
  undo: 'Cofnij',
  restart: 'Od nowa',
  start: 'Pozycja początkowa',
  replayAt: (step, last) => `Powtórka, pozycja ${step} z ${last}`,
  boardOf: (n, edition, who) =>
    `Plansza Diablo ${n}×${n}, wersja ${edition === 'sequenced' ? 'sekwencyjna' : 'standardowa'}, ${who}`,
  hasWon: (c) => `wygrały ${c}`,
  toMove: (c, turn) => `ruch mają ${c}, tura ${turn}`,
  counts: (checkers, stacks) =>
    `${count(checkers, 'pionek', 'pionki', 'pionków')} w ${count(stacks, 'stosie', 'stosach', 'stosach')}`,
  height: (sq, h) => `${sq} (wysokość ${h})`,
  arrows: 'Strzałki',
  diceAre: (a, b) => `Kości: ${a} i ${b}`,
  playedThisTurn: 'Zagrane w tej turze',
  selectedSquare: (sq) => `wybrane pole ${sq}`,
  destinations: 'cele',
  noDestinations: 'brak celów',
  marked: 'Oznaczone',
  ringed: 'Z obwódką',
  canLose: 'Mogą stracić pionek',
  positionCode: 'Kod pozycji',
});

export default element;
