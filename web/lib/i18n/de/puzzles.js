// @ts-check
// The puzzles page's words in German (see ../en/puzzles.js).

/** @type {import('../i18n.js').Maker<'puzzles', typeof import('./plural.js')>} */
const puzzles = () => ({
  title: 'Aufgaben',
  intro: 'Finde die beste Runde für diesen Wurf. In jeder Aufgabe ist eine Runde klar die beste.',
  play: 'Spielen',
  learn: 'Lernen',
  games: 'Deine Partien',
  source: 'Aufgaben',
  fromSet: 'Die Aufgabensammlung',
  fromGames: 'Aus deinen Partien',
  size: 'Brett',
  anySize: 'Alle Größen',
  edition: 'Regelfassung',
  anyEdition: 'Beide Regelfassungen',
  standard: 'Standardfassung',
  sequenced: 'Sequenzfassung',
  difficulty: 'Schwierigkeit',
  anyDifficulty: 'Alle',
  levels: ['Leicht', 'Mittel', 'Schwer'],
  puzzleOf: (k, n) => `Aufgabe ${k} von ${n}`,
  about: (size, edition, level) => `${size}×${size}, ${edition}, ${level.toLowerCase()}`,
  task: (side) =>
    `${side === 'black' ? 'Schwarz' : 'Grün'} ist am Zug. Finde die beste Runde für diesen Wurf und bestätige sie.`,
  fromGame: (turn, mark) =>
    `Aus deiner Partie: Runde ${turn}, in der ${mark === 'blunder' ? 'ein grober Fehler' : 'ein Fehler'} gespielt wurde.`,
  hint: 'Tipp',
  hintText: (square) => `Beginne mit dem Stapel auf ${square}.`,
  show: 'Lösung zeigen',
  next: 'Nächste Aufgabe',
  again: 'Noch einmal',
  right: 'Gelöst!',
  rightText: (chance) => `Das ist die beste Runde: Danach gewinnst du in ${chance} der Fälle.`,
  yoursBest: (turn) => `Deine Runde: ${turn} (die Pfeile auf dem Brett).`,
  hinted: 'Mit Tipp gelöst: das zählt nicht für deine Serie.',
  wrong: 'Nicht die beste Runde.',
  shown: 'Die Lösung.',
  valuing: 'Deine Runde wird bewertet …',
  best: (turn, chance) => `Beste Runde: ${turn}, Gewinnchance ${chance} (gestrichelte Pfeile).`,
  yours: (turn, chance) => `Deine Runde: ${turn}, ${chance} (durchgezogene Pfeile).`,
  second: (turn, chance) => `Zweitbeste Runde: ${turn}, ${chance}.`,
  inGame: (turn, chance) => `In der Partie gespielt: ${turn}, ${chance}.`,
  exact: 'Diese Chancen wurden mit exakten Werten geprüft.',
  streak: (n) => `Serie: ${n}`,
  solved: (n) => `Gelöst: ${n}`,
  none: 'Keine Aufgabe passt zu dieser Auswahl.',
  noneMine:
    'Noch keine Aufgaben aus deinen Partien. Lass eine beendete Partie analysieren (auf dem Analysebrett oder in der Wiederholung nach einer Partie): jeder Fehler und grobe Fehler wird hier zur Aufgabe.',
  yourTurn: 'Spiele die Runde auf dem Brett.',
  storage: (kind) =>
    kind === 'full'
      ? 'Der Speicher dieses Browsers ist voll: deine Aufgaben und dein Stand konnten nicht gespeichert werden.'
      : 'Deine gespeicherten Aufgaben oder dein Stand waren beschädigt und wurden verworfen.',
});

export default puzzles;
