// @ts-check
// The words of <diablo-board> that the page's dictionary (../i18n.js) does
// not have: its buttons and labels, the replay's lines and the position read
// aloud. English by default; Polish with lang="pl". The game's own words
// (status line, dice, squares of the grid) are the page's dictionary in the
// element's language (`dictionary`).

import { dictionary } from '../i18n.js';

/** @param {number} k @param {string} one @param {string} many */
const enCount = (k, one, many) => `${k} ${k === 1 ? one : many}`;

/**
 * A Polish count with its noun in the right form: 1 pionek, 2–4 pionki,
 * 5 pionków (12–14 too).
 * @param {number} k @param {[string, string, string]} forms
 */
function plCount(k, [one, few, many]) {
  const last = k % 10;
  const lastTwo = k % 100;
  if (k === 1) return `${k} ${one}`;
  if (last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return `${k} ${few}`;
  return `${k} ${many}`;
}

const en = {
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
  boardOf: (n, edition, who) => `Diablo board ${n}×${n}, ${edition === 'sequenced' ? 'sequenced' : 'standard'} edition, ${who}`,
  hasWon: (c) => `${c} has won`,
  toMove: (c, turn) => `${c} to move, turn ${turn}`,
  counts: (checkers, stacks) => `${enCount(checkers, 'checker', 'checkers')} in ${enCount(stacks, 'stack', 'stacks')}`,
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
};

/** @type {typeof en} */
const pl = {
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
  boardOf: (n, edition, who) => `Plansza Diablo ${n}×${n}, wersja ${edition === 'sequenced' ? 'sekwencyjna' : 'standardowa'}, ${who}`,
  hasWon: (c) => `wygrały ${c}`,
  toMove: (c, turn) => `ruch mają ${c}, tura ${turn}`,
  counts: (checkers, stacks) => `${plCount(checkers, ['pionek', 'pionki', 'pionków'])} w ${stacks} ${stacks === 1 ? 'stosie' : 'stosach'}`,
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
};

const WORDS = { en, pl };

/** The languages the element speaks. */
export const LANGUAGES = Object.freeze(Object.keys(WORDS));

/**
 * The language an element speaks for its `lang` attribute: `pl` (or
 * `pl-PL`) is Polish, anything else English.
 * @param {string} lang
 */
export function elementLanguage(lang) {
  const code = lang.trim().toLowerCase().split('-')[0];
  return LANGUAGES.includes(code) ? code : 'en';
}

/**
 * The element's words and the game's (the page's dictionary) in a language.
 * @param {string} code one of LANGUAGES
 */
export function elementWords(code) {
  const known = code in WORDS ? code : 'en';
  return { ...WORDS[/** @type {'en' | 'pl'} */ (known)], lang: known, game: dictionary(known) };
}

/** @typedef {ReturnType<typeof elementWords>} ElementWords */
