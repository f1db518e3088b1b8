// Every word the page shows, in English and Polish. Errors from the engine
// (why an action is illegal, why a link cannot be read) are worded from
// their kind and parameters by error-words.js, in the page's language.

import { ERROR_WORDS, plural } from './error-words.js';

const en = {
  credit: 'Diablo, a game by Mark Steere',
  footer: 'Diablo is a game by Mark Steere. This page keeps his name, his rules and his credit.',
  newGame: 'New game', playFriend: 'Play a friend by link (at a distance, fair dice) →', rules: 'Rules', help: 'Keys', language: 'Language', flip: 'Flip board',
  reload: 'Reload', dismiss: 'Dismiss', board: 'Board', rematch: 'Rematch',
  roll: 'Roll', confirm: 'Confirm', undo: 'Undo', takeBack: 'Take back turn',
  positionCode: 'Position code', settings: 'Settings',
  autoRoll: 'Roll automatically', autoConfirm: 'Confirm turns automatically',
  showCoords: 'Show coordinates', log: 'Turns', boardSize: 'Board size',
  edition: 'Edition', editionStandard: 'Standard', editionSequenced: 'Sequenced',
  players: 'Players', playersTwo: 'Two players (one screen)',
  playersComputer: 'Against the computer',
  // The computer opponent, hints and win chances.
  level: 'Level', yourColor: 'You play',
  levelBeginner: 'Beginner', levelEasy: 'Easy', levelMedium: 'Medium', levelHard: 'Hard',
  humanBlack: 'Black (moves first)', humanGreen: 'Green', humanRandom: 'Random colour',
  gameInfoComputer: (level) => `against the computer (${level})`,
  computerToMove: (c) => `${c} (the computer) to move.`,
  thinking: (c) => `${c} (the computer) is thinking…`, thinkingShort: 'Thinking…',
  computerPlaying: (c) => `${c} (the computer) is playing its turn.`,
  computerTurn: (c) => `It is the computer’s turn (${c}): wait until it has played.`,
  takenBackComputer: (text) => `Took back your turn ${text} and the computer’s reply; play your turn again with the same dice.`,
  nothingToTakeBackComputer: 'None of your turns to take back yet.',
  hint: 'Hint', showWinChance: 'Show the estimated chance of winning',
  hintWorking: 'Looking for a good turn…',
  hintNotNow: 'A hint is for the turn being played: roll the dice first.',
  hintText: (turn) => `Hint: ${turn}`,
  hintStale: (turn) => `Hint for this whole turn: ${turn}. Undo your action to follow it.`,
  winChance: (c, pct) => `${c} to move: about ${pct}% to win (estimate).`,
  winChanceWorking: (c) => `${c} to move: estimating the chance of winning…`,
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
  youPlay: (c, level) => `You play ${c} against the computer (${level}).`,
  mute: 'Mute sounds', theme: 'Colours', themeSystem: 'As the device', themeLight: 'Light', themeDark: 'Dark',
  statTurns: 'Turns played', statCaptured: 'Checkers captured', statMerges: 'Stacks built (merges)',
  statTallest: 'Tallest stack', statRemoved: 'Checkers removed (no move)', copyLinkShort: 'Copy link',
  confirmNewTitle: 'Leave this game?',
  confirmNewText: (turn) => `A game is in progress (turn ${turn}). Starting a new one ends it; its link still opens it as a replay.`,
  keepPlaying: 'Keep playing', startNew: 'Start the new game',
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
  savedDiscarded: (reason) => `The saved game was damaged and could not be restored (${reason}), so a new game has started.`,
  crash: (msg) => `Something went wrong: ${msg}`,
  engineFailed: (msg) => `The game engine (WebAssembly) could not load (${msg}). Serve the page over HTTP: run “cargo xtask serve”, or upload the built site (the dist/ folder from “cargo xtask dist”) to a web server, then reload.`,
  updated: 'A new version of the game is ready.', updateReload: 'Updated — reload',
  copied: 'Position code copied.',
  // Sharing, records and replays.
  copyCode: 'Copy position code', shareLink: 'Link to this game', copyLink: 'Copy link',
  gameRecord: 'Game record', downloadRecord: 'Download .txt', copyRecord: 'Copy record',
  importRecord: 'Import…', importTitle: 'Open a game record',
  importHint: 'Paste a game record or a share link, or choose a .txt file.',
  importTextLabel: 'Game record or link', importFile: 'Choose a file', open: 'Open',
  continueHere: 'Continue from here', continuePlay: 'Play on', leaveReplay: 'Leave replay',
  copyTitle: 'Copy by hand',
  copyHelp: 'The browser did not let the page copy. The text is selected: press Ctrl+C (⌘C on a Mac).',
  copiedShort: 'Copied ✓',
  copyByHand: 'Could not copy automatically: copy the selected text by hand.',
  linkCopied: 'Link copied.', recordCopied: 'Game record copied.',
  linkLength: (n) => `${n} character${n === 1 ? '' : 's'}`,
  replayWhere: (k, n) => (k === 0 ? `Start (of ${n} turn${n === 1 ? '' : 's'})` : `Turn ${k} of ${n}`),
  replayAtStart: (n) => `Replay of a game of ${n} turn${n === 1 ? '' : 's'}: the start position. Step with ← and →.`,
  replayTurn: (k, n, c, text) => `Replay, turn ${k} of ${n}: ${c} played ${text}.`,
  replaySlider: 'Position in the game',
  replayStart: 'Go to the start (Home)', replayBack: 'Back one turn (←)',
  replayForward: 'Forward one turn (→)', replayEnd: 'Go to the end (End)',
  replayAutoplay: 'Autoplay (Space)',
  replayNoPlay: 'This is a replay: choose “Continue from here” to play from this position.',
  continueNote: (k, n) => `${k === 0 ? 'Play starts again from this game’s start position.' : `The game is cut after turn ${k} of ${n} and play goes on from there.`} It replaces the game saved in this browser.`,
  linkBroken: (msg) => `This link cannot be opened: ${msg}.`,
  linkShowsPrefix: (n) => (n === 0 ? 'The start position is shown.' : `Showing the ${n} valid turn${n === 1 ? '' : 's'} as a replay.`),
  linkShowsOwn: 'Nothing from it is shown; your own game is still here.',
  importFailed: (msg) => `This cannot be opened: ${msg}`,
  importEmpty: 'Paste a game record or a link first, or choose a file.',
  importTooBig: 'This file is too large to be a game record.',
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
    ['F', 'Flip the board'],
    ['Esc', 'Cancel the selection'],
    ['← / →', 'In a replay: one turn back or forward'],
    ['Home / End', 'In a replay: the start or the end'],
    ['Space', 'In a replay: play or pause'],
    ['?', 'This list'],
  ],
};


const pl = {
  credit: 'Diablo, gra Marka Steere’a',
  footer: 'Diablo to gra Marka Steere’a. Ta strona zachowuje jej nazwę, zasady i informację o autorze.',
  newGame: 'Nowa gra', playFriend: 'Graj z przyjacielem przez linki (na odległość, uczciwe kości) →', rules: 'Zasady', help: 'Klawisze', language: 'Język', flip: 'Obróć planszę',
  reload: 'Odśwież', dismiss: 'Zamknij', board: 'Plansza', rematch: 'Rewanż',
  roll: 'Rzuć', confirm: 'Zatwierdź', undo: 'Cofnij', takeBack: 'Cofnij turę',
  positionCode: 'Kod pozycji', settings: 'Ustawienia',
  autoRoll: 'Rzucaj automatycznie', autoConfirm: 'Zatwierdzaj tury automatycznie',
  showCoords: 'Pokaż współrzędne', log: 'Tury', boardSize: 'Rozmiar planszy',
  edition: 'Wersja zasad', editionStandard: 'Standardowa', editionSequenced: 'Sekwencyjna',
  players: 'Gracze', playersTwo: 'Dwoje graczy (jeden ekran)',
  playersComputer: 'Przeciw komputerowi',
  level: 'Poziom', yourColor: 'Grasz',
  levelBeginner: 'Początkujący', levelEasy: 'Łatwy', levelMedium: 'Średni', levelHard: 'Trudny',
  humanBlack: 'Czarnymi (zaczynają)', humanGreen: 'Zielonymi', humanRandom: 'Losowy kolor',
  gameInfoComputer: (level) => `przeciw komputerowi (${level.toLowerCase()})`,
  computerToMove: (c) => `Ruch: ${c} (komputer).`,
  thinking: (c) => `${c} (komputer) myślą…`, thinkingShort: 'Komputer myśli…',
  computerPlaying: (c) => `${c} (komputer) rozgrywają swoją turę.`,
  computerTurn: (c) => `Teraz tura komputera (${c}): poczekaj, aż ją rozegra.`,
  takenBackComputer: (text) => `Cofnięto twoją turę ${text} i odpowiedź komputera; zagraj swoją turę ponownie tymi samymi kośćmi.`,
  nothingToTakeBackComputer: 'Nie ma jeszcze twojej tury do cofnięcia.',
  hint: 'Podpowiedź', showWinChance: 'Pokazuj szacowaną szansę na wygraną',
  hintWorking: 'Szukam dobrej tury…',
  hintNotNow: 'Podpowiedź dotyczy rozgrywanej tury: najpierw rzuć kośćmi.',
  hintText: (turn) => `Podpowiedź: ${turn}`,
  hintStale: (turn) => `Podpowiedź dla całej tury: ${turn}. Cofnij swoją akcję, aby z niej skorzystać.`,
  winChance: (c, pct) => `Ruch: ${c}; szansa na wygraną ok. ${pct}% (szacunek).`,
  winChanceWorking: (c) => `Ruch: ${c}; szacuję szansę na wygraną…`,
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
  mute: 'Wycisz dźwięki', theme: 'Kolory', themeSystem: 'Jak w urządzeniu', themeLight: 'Jasne', themeDark: 'Ciemne',
  youPlay: (c, level) => `Grasz ${c === 'Czarne' ? 'czarnymi' : 'zielonymi'} przeciw komputerowi (${level.toLowerCase()}).`,
  statTurns: 'Rozegrane tury', statCaptured: 'Zbite pionki', statMerges: 'Zbudowane stosy (łączenia)',
  statTallest: 'Najwyższy stos', statRemoved: 'Zdjęte pionki (brak ruchu)', copyLinkShort: 'Kopiuj link',
  confirmNewTitle: 'Zakończyć tę grę?',
  confirmNewText: (turn) => `Trwa gra (tura ${turn}). Nowa gra ją zakończy; jej link nadal otworzy ją jako powtórkę.`,
  keepPlaying: 'Graj dalej', startNew: 'Zacznij nową grę',
  rollFirst: 'Najpierw rzuć kośćmi (D).',
  gameIsOver: 'Gra skończona: zagraj rewanż albo zacznij nową grę.',
  waitConfirm: 'Tura jest zakończona: zatwierdź ją albo cofnij.',
  emptySquare: (sq) => `Pole ${sq} jest puste.`,
  notYours: (sq) => `Stos na ${sq} nie jest twój.`,
  noMovesFrom: (sq) => `Stos na ${sq} nie ma dozwolonego ruchu przy tych kościach.`,
  illegal: (msg) => `Niedozwolone: ${msg}.`,
  nothingToUndo: 'W tej turze nie ma czego cofnąć (T cofa całą turę).',
  undone: (text) => `Cofnięto ${text}.`,
  takenBack: (text) => `Cofnięto turę ${text}; zagraj ją ponownie tymi samymi kośćmi.`,
  nothingToTakeBack: 'Nie ma tury do cofnięcia.',
  deselected: 'Anulowano wybór.',
  counts: (checkers, stacks) => `pionki: ${checkers}, stosy: ${stacks}`,
  toMove: 'na ruchu',
  savedDiscarded: (reason) => `Zapisana gra była uszkodzona i nie dało się jej wczytać (${reason}), więc zaczęła się nowa gra.`,
  crash: (msg) => `Coś poszło nie tak: ${msg}`,
  engineFailed: (msg) => `Nie udało się wczytać silnika gry (WebAssembly) (${msg}). Udostępnij stronę przez HTTP: uruchom „cargo xtask serve” albo wyślij zbudowaną stronę (katalog dist/ z „cargo xtask dist”) na serwer WWW, a potem odśwież.`,
  updated: 'Nowa wersja gry jest gotowa.', updateReload: 'Zaktualizowano — odśwież',
  copied: 'Skopiowano kod pozycji.',
  copyCode: 'Kopiuj kod pozycji', shareLink: 'Link do tej partii', copyLink: 'Kopiuj link',
  gameRecord: 'Zapis partii', downloadRecord: 'Pobierz .txt', copyRecord: 'Kopiuj zapis',
  importRecord: 'Importuj…', importTitle: 'Otwórz zapis partii',
  importHint: 'Wklej zapis partii albo link do partii, lub wybierz plik .txt.',
  importTextLabel: 'Zapis partii lub link', importFile: 'Wybierz plik', open: 'Otwórz',
  continueHere: 'Graj dalej od tego miejsca', continuePlay: 'Graj dalej', leaveReplay: 'Zamknij powtórkę',
  copyTitle: 'Skopiuj ręcznie',
  copyHelp: 'Przeglądarka nie pozwoliła stronie skopiować. Tekst jest zaznaczony: naciśnij Ctrl+C (⌘C na Macu).',
  copiedShort: 'Skopiowano ✓',
  copyByHand: 'Nie udało się skopiować automatycznie: skopiuj zaznaczony tekst ręcznie.',
  linkCopied: 'Skopiowano link.', recordCopied: 'Skopiowano zapis partii.',
  linkLength: (n) => `${n} ${plural(n, 'znak', 'znaki', 'znaków')}`,
  replayWhere: (k, n) => (k === 0 ? `Początek (z ${n} ${plural(n, 'tury', 'tur', 'tur')})` : `Tura ${k} z ${n}`),
  replayAtStart: (n) => `Powtórka partii (${n} ${plural(n, 'tura', 'tury', 'tur')}): pozycja początkowa. Przechodź klawiszami ← i →.`,
  replayTurn: (k, n, c, text) => `Powtórka, tura ${k} z ${n}: ${c} zagrały ${text}.`,
  replaySlider: 'Miejsce w partii',
  replayStart: 'Na początek (Home)', replayBack: 'Turę wstecz (←)',
  replayForward: 'Turę dalej (→)', replayEnd: 'Na koniec (End)',
  replayAutoplay: 'Odtwarzanie automatyczne (spacja)',
  replayNoPlay: 'To jest powtórka: wybierz „Graj dalej od tego miejsca”, aby grać od tej pozycji.',
  continueNote: (k, n) => `${k === 0 ? 'Gra zacznie się od pozycji początkowej tej partii.' : `Partia zostanie ucięta po turze ${k} z ${n} i gra potoczy się dalej od tego miejsca.`} Zastąpi to grę zapisaną w tej przeglądarce.`,
  linkBroken: (msg) => `Nie można otworzyć tego linku: ${msg}.`,
  linkShowsPrefix: (n) => (n === 0 ? 'Pokazana jest pozycja początkowa.' : `Poprawne tury (${n}) są pokazane jako powtórka.`),
  linkShowsOwn: 'Nic z niego nie jest pokazane; twoja gra jest nadal tutaj.',
  importFailed: (msg) => `Nie można tego otworzyć: ${msg}`,
  importEmpty: 'Najpierw wklej zapis partii albo link, lub wybierz plik.',
  importTooBig: 'Ten plik jest za duży, by był zapisem partii.',
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
    ['F', 'Obrót planszy'],
    ['Esc', 'Anulowanie wyboru'],
    ['← / →', 'W powtórce: tura wstecz lub dalej'],
    ['Home / End', 'W powtórce: początek lub koniec'],
    ['Spacja', 'W powtórce: odtwarzanie lub pauza'],
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
    if (!(el instanceof HTMLElement)) continue;
    const text = /** @type {Record<string, unknown>} */ (current)[el.dataset.i18n ?? ''];
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

/** The dictionary of a language (English for one not known), whatever the page shows. */
export function dictionary(code) {
  return LANGS[code] ?? en;
}

/**
 * An engine error in the current language, from its kind and parameters
 * (the engine's English message only for a kind no table knows).
 * @param {import('./types.js').ErrorInfo} info
 * @param {string} [code] another language than the page's
 * @returns {string}
 */
export function errorText(info, code = currentCode) {
  const table = ERROR_WORDS[/** @type {'en' | 'pl'} */ (code)] ?? ERROR_WORDS.en;
  /** @param {import('./types.js').ErrorInfo} e */
  const word = (e) => {
    const wording = table[e.kind] ?? ERROR_WORDS.en[e.kind];
    return wording ? wording(e.params ?? {}, word) : e.message;
  };
  return word(info);
}

/**
 * The rules text (HTML) in the current language; loaded when first asked
 * for, so the page starts without it.
 * @returns {Promise<string>}
 */
export async function rulesHtml() {
  const code = currentCode;
  const { RULES } = await import('./rules-text.js');
  return /** @type {Record<string, string>} */ (RULES)[code] ?? RULES.en;
}
