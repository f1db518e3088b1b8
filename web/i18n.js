// Every word the page shows, in English and Polish. Messages from the engine
// (why an action is illegal) come from Rust in English and are shown as they
// are, introduced by a translated phrase.

import { RULES } from './rules-text.js';

const en = {
  credit: 'Diablo, a game by Mark Steere',
  footer: 'Diablo is a game by Mark Steere. This page keeps his name, his rules and his credit.',
  newGame: 'New game', rules: 'Rules', help: 'Keys', language: 'Language',
  reload: 'Reload', dismiss: 'Dismiss', board: 'Board', rematch: 'Rematch',
  roll: 'Roll', confirm: 'Confirm', undo: 'Undo', takeBack: 'Take back turn',
  positionCode: 'Position code', copy: 'Copy', settings: 'Settings',
  autoRoll: 'Roll automatically', autoConfirm: 'Confirm turns automatically',
  showCoords: 'Show coordinates', log: 'Turns', boardSize: 'Board size',
  edition: 'Edition', editionStandard: 'Standard', editionSequenced: 'Sequenced',
  players: 'Players', playersTwo: 'Two players (one screen)',
  playersComputer: 'Against the computer (coming soon)',
  cancel: 'Cancel', start: 'Start', rulesTitle: 'How to play Diablo', close: 'Close',
  helpTitle: 'Keyboard shortcuts', dice: 'Dice',
  color: { black: 'Black', green: 'Green' },
  kind: { merge: 'merge', capture: 'capture', step: 'step', removal: 'removal' },
  gameInfo: (edition, n) => `${edition === 'sequenced' ? 'Sequenced' : 'Standard'} edition, ${n} × ${n}`,
  toRoll: (c) => `${c} to move: roll the dice (D).`,
  rolled: (c, a, b) => `${c} rolled ${a} and ${b}.`,
  balancing: 'First turn: a single move.',
  chooseStack: 'Choose a marked stack to move.',
  chooseRemoval: 'No move is possible: remove a checker from a marked stack.',
  selected: (sq) => `${sq} selected: choose a destination (• step, + merge, × capture).`,
  played: (c, text, kind) => `${c}: ${text} (${kind}).`,
  turnComplete: 'Turn complete: Confirm (Enter) or Undo (U).',
  confirmed: (c, text) => `${c} played ${text}.`,
  wins: (c) => `${c} wins!`,
  gameOverDetail: (turns) => `The game ended after ${turns} turns.`,
  rollFirst: 'Roll the dice first (D).',
  gameIsOver: 'The game is over: play a rematch or start a new game.',
  waitConfirm: 'The turn is complete: Confirm it or Undo.',
  emptySquare: (sq) => `${sq} is empty.`,
  notYours: (sq) => `The stack on ${sq} is not yours.`,
  noMovesFrom: (sq) => `The stack on ${sq} has no legal move with these dice.`,
  illegal: (msg) => `Not allowed: ${msg}.`,
  nothingToUndo: 'Nothing to undo in this turn (T takes back a whole turn).',
  undone: (text) => `Undid ${text}.`,
  takenBack: (text) => `Took back ${text}; play that turn again with the same dice.`,
  nothingToTakeBack: 'No turn to take back.',
  deselected: 'Selection cancelled.',
  counts: (checkers, stacks) =>
    `${checkers} checker${checkers === 1 ? '' : 's'}, ${stacks} stack${stacks === 1 ? '' : 's'}`,
  toMove: 'to move',
  savedDiscarded: (reason) => `The saved game could not be restored and was discarded (${reason}). A new game has started.`,
  crash: (msg) => `Something went wrong: ${msg}`,
  copied: 'Position code copied.',
  copyFailed: 'Could not copy; select the code and copy it by hand.',
  dieLabel: (i, v, faces, used) => `Die ${i}: ${v} (of 1–${faces})${used ? ', used' : ''}`,
  diceNotRolled: (faces) => `Dice (1–${faces}) not rolled yet`,
  diceFaces: (faces) => `two dice, 1–${faces}`,
  used: 'used',
  inProgress: 'playing…',
  cell: {
    empty: 'empty',
    stack: (color, h) => `${color === 'black' ? 'Black' : 'Green'} stack of ${h}`,
    canMove: 'can move', selected: 'selected', cursor: '',
    step: 'step destination', merge: 'merge destination', capture: 'capture destination',
    removable: 'can lose a checker', last: 'changed last turn',
  },
  keys: [
    ['D', 'Roll the dice'],
    ['Space / Enter', 'Next step: roll, confirm, rematch, or act on the square under the cursor'],
    ['← ↑ → ↓', 'Move the square cursor'],
    ['Enter', 'Select the square under the cursor (same as clicking it)'],
    ['U', 'Undo the last action of this turn'],
    ['T', 'Take back the last whole turn'],
    ['N', 'New game'],
    ['Esc', 'Cancel the selection'],
    ['?', 'This list'],
  ],
};

const pl = {
  credit: 'Diablo, gra Marka Steere’a',
  footer: 'Diablo to gra Marka Steere’a. Ta strona zachowuje jej nazwę, zasady i informację o autorze.',
  newGame: 'Nowa gra', rules: 'Zasady', help: 'Klawisze', language: 'Język',
  reload: 'Odśwież', dismiss: 'Zamknij', board: 'Plansza', rematch: 'Rewanż',
  roll: 'Rzuć', confirm: 'Zatwierdź', undo: 'Cofnij', takeBack: 'Cofnij turę',
  positionCode: 'Kod pozycji', copy: 'Kopiuj', settings: 'Ustawienia',
  autoRoll: 'Rzucaj automatycznie', autoConfirm: 'Zatwierdzaj tury automatycznie',
  showCoords: 'Pokaż współrzędne', log: 'Tury', boardSize: 'Rozmiar planszy',
  edition: 'Wersja zasad', editionStandard: 'Standardowa', editionSequenced: 'Sekwencyjna',
  players: 'Gracze', playersTwo: 'Dwoje graczy (jeden ekran)',
  playersComputer: 'Przeciw komputerowi (wkrótce)',
  cancel: 'Anuluj', start: 'Start', rulesTitle: 'Jak grać w Diablo', close: 'Zamknij',
  helpTitle: 'Skróty klawiszowe', dice: 'Kości',
  color: { black: 'Czarne', green: 'Zielone' },
  kind: { merge: 'łączenie', capture: 'bicie', step: 'krok', removal: 'zdjęcie' },
  gameInfo: (edition, n) => `Wersja ${edition === 'sequenced' ? 'sekwencyjna' : 'standardowa'}, ${n} × ${n}`,
  toRoll: (c) => `Ruch: ${c}. Rzuć kośćmi (D).`,
  rolled: (c, a, b) => `${c} wyrzuciły ${a} i ${b}.`,
  balancing: 'Pierwsza tura: tylko jeden ruch.',
  chooseStack: 'Wybierz zaznaczony stos.',
  chooseRemoval: 'Żaden ruch nie jest możliwy: zdejmij pionek z zaznaczonego stosu.',
  selected: (sq) => `Wybrano ${sq}: wskaż cel (• krok, + łączenie, × bicie).`,
  played: (c, text, kind) => `${c}: ${text} (${kind}).`,
  turnComplete: 'Tura zakończona: Zatwierdź (Enter) lub Cofnij (U).',
  confirmed: (c, text) => `${c} zagrały ${text}.`,
  wins: (c) => `Wygrywają ${c}!`,
  gameOverDetail: (turns) => `Gra skończyła się po ${turns} turach.`,
  rollFirst: 'Najpierw rzuć kośćmi (D).',
  gameIsOver: 'Gra skończona: zagraj rewanż albo zacznij nową grę.',
  waitConfirm: 'Tura jest zakończona: zatwierdź ją albo cofnij.',
  emptySquare: (sq) => `Pole ${sq} jest puste.`,
  notYours: (sq) => `Stos na ${sq} nie jest twój.`,
  noMovesFrom: (sq) => `Stos na ${sq} nie ma dozwolonego ruchu przy tych kościach.`,
  illegal: (msg) => `Niedozwolone (${msg}).`,
  nothingToUndo: 'W tej turze nie ma czego cofnąć (T cofa całą turę).',
  undone: (text) => `Cofnięto ${text}.`,
  takenBack: (text) => `Cofnięto turę ${text}; zagraj ją ponownie tymi samymi kośćmi.`,
  nothingToTakeBack: 'Nie ma tury do cofnięcia.',
  deselected: 'Anulowano wybór.',
  counts: (checkers, stacks) => `pionki: ${checkers}, stosy: ${stacks}`,
  toMove: 'na ruchu',
  savedDiscarded: (reason) => `Zapisanej gry nie udało się wczytać i została usunięta (${reason}). Zaczęła się nowa gra.`,
  crash: (msg) => `Coś poszło nie tak: ${msg}`,
  copied: 'Skopiowano kod pozycji.',
  copyFailed: 'Nie udało się skopiować; zaznacz kod i skopiuj go ręcznie.',
  dieLabel: (i, v, faces, used) => `Kość ${i}: ${v} (z 1–${faces})${used ? ', użyta' : ''}`,
  diceNotRolled: (faces) => `Kości (1–${faces}) jeszcze nie rzucone`,
  diceFaces: (faces) => `dwie kości, 1–${faces}`,
  used: 'użyta',
  inProgress: 'w toku…',
  cell: {
    empty: 'puste',
    stack: (color, h) => `${color === 'black' ? 'czarny' : 'zielony'} stos, wysokość ${h}`,
    canMove: 'może się ruszyć', selected: 'wybrany', cursor: '',
    step: 'cel kroku', merge: 'cel łączenia', capture: 'cel bicia',
    removable: 'można zdjąć pionek', last: 'zmienione w ostatniej turze',
  },
  keys: [
    ['D', 'Rzut kośćmi'],
    ['Spacja / Enter', 'Następny krok: rzut, zatwierdzenie, rewanż lub akcja na polu pod kursorem'],
    ['← ↑ → ↓', 'Ruch kursora po planszy'],
    ['Enter', 'Wybór pola pod kursorem (jak kliknięcie)'],
    ['U', 'Cofnięcie ostatniej akcji w tej turze'],
    ['T', 'Cofnięcie całej poprzedniej tury'],
    ['N', 'Nowa gra'],
    ['Esc', 'Anulowanie wyboru'],
    ['?', 'Ta lista'],
  ],
};

const LANGS = { en, pl };
let current = en;
let currentCode = 'en';

/** The language to start with: a saved choice, else the browser's. */
export function detectLanguage(saved) {
  if (saved && LANGS[saved]) return saved;
  const nav = (globalThis.navigator?.language || 'en').toLowerCase();
  return nav.startsWith('pl') ? 'pl' : 'en';
}

/** Switches the language and relabels every `data-i18n` element. */
export function setLanguage(code) {
  currentCode = LANGS[code] ? code : 'en';
  current = LANGS[currentCode];
  document.documentElement.lang = currentCode;
  for (const el of document.querySelectorAll('[data-i18n]')) {
    const text = current[el.dataset.i18n];
    if (typeof text === 'string') el.textContent = text;
  }
  document.title = `Diablo — ${current.credit.replace(/^Diablo, /, '')}`;
}

/** The current language code. */
export function language() {
  return currentCode;
}

/** The current dictionary: `t().rolled('Black', 3, 1)`. */
export function t() {
  return current;
}

/** The rules text (HTML) in the current language. */
export function rulesHtml() {
  return RULES[currentCode] ?? RULES.en;
}
