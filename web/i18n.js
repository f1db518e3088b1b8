// Every word the page shows, in English and Polish. Errors from the engine
// (why an action is illegal, why a link cannot be read) are worded from
// their kind and parameters by error-words.js, in the page's language.

import { act, colorIn, ERROR_WORDS, known, nested, num, OTHER, plural, v } from './error-words.js';

const en = {
  credit: 'Diablo, a game by Mark Steere',
  footer: 'Diablo is a game by Mark Steere. This page keeps his name, his rules and his credit.',
  newGame: 'New game', playFriend: 'Play a friend by link (at a distance, fair dice) →', rules: 'Rules', help: 'Keys', language: 'Language', flip: 'Flip board',
  reload: 'Reload', dismiss: 'Dismiss', board: 'Board', rematch: 'Rematch', review: 'Review', analysisBoard: 'Analysis',
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



/** @typedef {typeof en} Words */

/** @type {Record<string, Words>} the languages loaded so far (Polish on demand) */
const LANGS = { en };
/** The languages the page speaks. */
const KNOWN = ['en', 'pl'];

/**
 * Loads a language's words (Polish comes in its own module, so an English
 * page never downloads it). Call before `setLanguage` or `dictionary`.
 * @param {string | null | undefined} code
 */
export async function loadLanguage(code) {
  if (code === 'pl' && !LANGS.pl) {
    const m = await import('./lang-pl.js');
    const helpers = { act, colorIn, known, nested, num, OTHER, plural, v };
    LANGS.pl = m.pageWords(helpers);
    ERROR_WORDS.pl = m.errorWords(helpers);
  }
}
let current = en;
let currentCode = 'en';

/** The language to start with: a saved choice, else the browser's. */
export function detectLanguage(saved) {
  if (saved && KNOWN.includes(saved)) return saved;
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
