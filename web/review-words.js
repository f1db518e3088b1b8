// @ts-check
// The words of the game review and the analysis board, in English and
// Polish. They load with those parts (on demand), so the game page starts
// without them; the page's own words stay in i18n.js / lang-pl.js.

/** @param {number} x a chance, 0..1 */
export const pct = (x) => `${Math.round(x * 100)}%`;
/** @param {number} x a difference of chances */
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x * 100))}%`;

const en = {
  review: 'Review',
  reviewTitle: 'Game review',
  reviewing: (k, n) => `Reviewing turn ${k} of ${n}…`,
  reviewDone: (n) => `Reviewed ${n} turn${n === 1 ? '' : 's'} (Hard).`,
  reviewCancelled: (k, n) => `Review stopped after ${k} of ${n} turns; press Review to go on.`,
  reviewFailed: (msg) => `The review failed: ${msg}`,
  cancel: 'Cancel',
  graphLabel: (n, first, last) => `Black’s chance of winning before each turn, over ${n} turns: ${first} at the start, ${last} at the end. The table below lists every turn.`,
  graphHint: 'Black’s chance of winning. Click a point to see that turn.',
  tableCaption: 'Every turn judged',
  colTurn: 'Turn', colSide: 'Side', colRoll: 'Roll', colPlayed: 'Played', colBlack: 'Black’s chance before',
  colLoss: 'Loss', colMark: 'Mark', colBest: 'Better',
  showTable: 'Turns as a table',
  mark: { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' },
  markPlural: { inaccuracy: 'Inaccuracies', mistake: 'Mistakes', blunder: 'Blunders' },
  summaryTitle: 'Summary',
  avgLoss: 'Average loss a turn',
  diceDecided: 'Where the dice decided most',
  swing: (number, roll, x) => `turn ${number} (${roll}): ${signed(x)}`,
  none: '—',
  at: (number, c, sign, name, played, pv, best, bv) =>
    `Turn ${number}, ${c}: ${played} (${pv}) — ${name}${sign ? ` ${sign}` : ''}. Better: ${best} (${bv}).`,
  atGood: (number, c, played, pv) => `Turn ${number}, ${c}: ${played} (${pv}), as good as the computer’s choice.`,
  legendPlayed: 'played (solid)', legendBest: 'better (dashed)',
  color: { black: 'Black', green: 'Green' },
  // The analysis board.
  analysis: 'Analysis board',
  back: '← Diablo',
  setup: 'Set up the position',
  size: 'Board size', edition: 'Edition', standard: 'Standard', sequenced: 'Sequenced',
  side: 'Side to move', turn: 'Turn number', code: 'Position code', apply: 'Use this code',
  place: 'Clicking a square puts', height: 'Height', black: 'Black', green: 'Green', empty: 'Empty (clear)',
  clear: 'Clear the board', startPos: 'Start position',
  setupHelp: 'Click squares to place stacks (the choice below), or paste a position code. The engine accepts any position its code reader accepts: an even board from 2×2 to 26×26, at most half the squares’ worth of checkers per colour, at least one checker, and a side to move that matches the turn number (Black on odd turns).',
  roll: 'Roll', rollRandom: 'Roll randomly', die: (i) => `Die ${i}`, rank: 'Rank the turns',
  ranking: 'Turns ranked by the mover’s chance of winning after them',
  ranking2: (c, before) => `${c} to move; before the roll: ${before}.`,
  rankingWorking: 'Ranking every legal turn…',
  exactNote: 'The top turns are valued like the game review; the ones marked ≈ have a quick estimate.',
  showAll: (n) => `Show all ${n}`, showTop: 'Show the top ten',
  play: 'Play', stepBack: 'Step back', played: (turn) => `Played ${turn}.`,
  share: 'Link to this analysis', copy: 'Copy link', copied: 'Copied ✓',
  invalid: (msg) => `This position is not accepted: ${msg}`,
  gameOver: 'The game is over in this position: there is no turn to rank.',
  noTurn: 'No legal turn',
};

/** @typedef {typeof en} ReviewWords */

/** @type {ReviewWords} */
const pl = {
  review: 'Analiza partii',
  reviewTitle: 'Analiza partii',
  reviewing: (k, n) => `Analizuję turę ${k} z ${n}…`,
  reviewDone: (n) => `Przeanalizowano tury: ${n} (poziom Trudny).`,
  reviewCancelled: (k, n) => `Analiza przerwana po ${k} z ${n} tur; naciśnij „Analiza partii”, aby kontynuować.`,
  reviewFailed: (msg) => `Analiza się nie powiodła: ${msg}`,
  cancel: 'Anuluj',
  graphLabel: (n, first, last) => `Szansa Czarnych na wygraną przed każdą turą, ${n} tur: ${first} na początku, ${last} na końcu. Tabela poniżej wymienia każdą turę.`,
  graphHint: 'Szansa Czarnych na wygraną. Kliknij punkt, aby zobaczyć tę turę.',
  tableCaption: 'Ocena każdej tury',
  colTurn: 'Tura', colSide: 'Strona', colRoll: 'Rzut', colPlayed: 'Zagrano', colBlack: 'Szansa Czarnych przed',
  colLoss: 'Strata', colMark: 'Ocena', colBest: 'Lepiej',
  showTable: 'Tury w tabeli',
  mark: { inaccuracy: 'niedokładność', mistake: 'błąd', blunder: 'poważny błąd' },
  markPlural: { inaccuracy: 'Niedokładności', mistake: 'Błędy', blunder: 'Poważne błędy' },
  summaryTitle: 'Podsumowanie',
  avgLoss: 'Średnia strata na turę',
  diceDecided: 'Gdzie najwięcej zdecydowały kości',
  swing: (number, roll, x) => `tura ${number} (${roll}): ${signed(x)}`,
  none: '—',
  at: (number, c, sign, name, played, pv, best, bv) =>
    `Tura ${number}, ${c}: ${played} (${pv}) — ${name}${sign ? ` ${sign}` : ''}. Lepiej: ${best} (${bv}).`,
  atGood: (number, c, played, pv) => `Tura ${number}, ${c}: ${played} (${pv}), tak dobrze jak wybór komputera.`,
  legendPlayed: 'zagrane (ciągłe)', legendBest: 'lepsze (przerywane)',
  color: { black: 'Czarne', green: 'Zielone' },
  analysis: 'Plansza analizy',
  back: '← Diablo',
  setup: 'Ustaw pozycję',
  size: 'Rozmiar planszy', edition: 'Wersja', standard: 'Standardowa', sequenced: 'Sekwencyjna',
  side: 'Ruch mają', turn: 'Numer tury', code: 'Kod pozycji', apply: 'Użyj tego kodu',
  place: 'Kliknięcie pola stawia', height: 'Wysokość', black: 'Czarne', green: 'Zielone', empty: 'Puste (usuń)',
  clear: 'Wyczyść planszę', startPos: 'Pozycja początkowa',
  setupHelp: 'Klikaj pola, aby stawiać stosy (wybór poniżej), albo wklej kod pozycji. Silnik przyjmuje każdą pozycję, którą przyjmuje jego czytnik kodów: parzysta plansza od 2×2 do 26×26, najwyżej tyle pionków danego koloru, ile połowa pól, co najmniej jeden pionek, a strona na ruchu zgodna z numerem tury (Czarne w turach nieparzystych).',
  roll: 'Rzut', rollRandom: 'Losuj rzut', die: (i) => `Kość ${i}`, rank: 'Oceń tury',
  ranking: 'Tury według szansy na wygraną po nich',
  ranking2: (c, before) => `Ruch: ${c}; przed rzutem: ${before}.`,
  rankingWorking: 'Oceniam każdą dozwoloną turę…',
  exactNote: 'Najlepsze tury są ocenione jak w analizie partii; oznaczone ≈ mają szybki szacunek.',
  showAll: (n) => `Pokaż wszystkie (${n})`, showTop: 'Pokaż pierwszą dziesiątkę',
  play: 'Zagraj', stepBack: 'Cofnij', played: (turn) => `Zagrano ${turn}.`,
  share: 'Link do tej analizy', copy: 'Kopiuj link', copied: 'Skopiowano ✓',
  invalid: (msg) => `Ta pozycja nie jest przyjęta: ${msg}`,
  gameOver: 'W tej pozycji gra jest skończona: nie ma tur do oceny.',
  noTurn: 'Brak dozwolonej tury',
};

/** The words in a language (English for one not known). @param {string} code @returns {ReviewWords} */
export function reviewWords(code) {
  return code === 'pl' ? pl : en;
}

/** The sign written after a marked turn. */
export const SIGNS = /** @type {const} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });
