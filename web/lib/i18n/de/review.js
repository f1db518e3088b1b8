// @ts-check
// The words of the game review and the analysis board in German (see
// ../en/review.js).

/** @type {import('../i18n.js').Maker<'review', typeof import('./plural.js')>} */
const review = ({ count }) => ({
  review: 'Auswertung',
  reviewTitle: 'Partieauswertung',
  reviewing: (k, n) => `Werte Runde ${k} von ${n} aus…`,
  reviewDone: (n) => `${count(n, 'Runde', 'Runden')} ausgewertet (Schwer).`,
  reviewCancelled: (k, n) => `Auswertung nach ${k} von ${n} Runden angehalten; drücke „Auswertung“, um fortzufahren.`,
  reviewFailed: (msg) => `Die Auswertung ist fehlgeschlagen: ${msg}`,
  cancel: 'Abbrechen',
  graphLabel: (n, first, last) => `Gewinnchance von Schwarz vor jeder Runde, über ${n} Runden: ${first} am Anfang, ${last} am Ende. Die Tabelle darunter listet jede Runde auf.`,
  graphHint: 'Gewinnchance von Schwarz. Klicke auf einen Punkt, um diese Runde zu sehen.',
  tableCaption: 'Jede Runde bewertet',
  colTurn: 'Runde', colSide: 'Seite', colRoll: 'Wurf', colPlayed: 'Gespielt', colBlack: 'Chance von Schwarz vorher',
  colLoss: 'Verlust', colMark: 'Wertung', colBest: 'Besser',
  showTable: 'Runden als Tabelle',
  mark: { inaccuracy: 'Ungenauigkeit', mistake: 'Fehler', blunder: 'grober Fehler' },
  markPlural: { inaccuracy: 'Ungenauigkeiten', mistake: 'Fehler', blunder: 'Grobe Fehler' },
  summaryTitle: 'Zusammenfassung',
  avgLoss: 'Durchschnittlicher Verlust pro Runde',
  luckiest: 'Glücklichster Wurf', unluckiest: 'Unglücklichster Wurf',
  rollUp: (number, roll, size) => `Wurf ${roll} in Runde ${number}: Chancen um ${size} gestiegen`,
  rollDown: (number, roll, size) => `Wurf ${roll} in Runde ${number}: Chancen um ${size} gesunken`,
  none: '—',
  at: (number, c, sign, name, played, pv, best, bv) =>
    `Runde ${number}, ${c}: ${played} (${pv}) — ${name}${sign ? ` ${sign}` : ''}. Besser: ${best} (${bv}).`,
  atGood: (number, c, played, pv) => `Runde ${number}, ${c}: ${played} (${pv}), so gut wie die Wahl des Computers.`,
  legendTitle: 'Auf dem Brett:', legendPlayed: 'durchgezogene Pfeile, die gespielte Runde', legendBest: 'gestrichelte Pfeile und Kreise, eine bessere Runde',
  color: { black: 'Schwarz', green: 'Grün' },
  // Das Analysebrett.
  analysis: 'Analysebrett',
  back: '← Diablo',
  setup: 'Stellung aufbauen',
  size: 'Brettgröße', edition: 'Regelfassung', standard: 'Standardfassung', sequenced: 'Sequenzfassung',
  side: 'Seite am Zug', turn: 'Rundennummer', code: 'Stellungscode', apply: 'Diesen Code verwenden',
  place: 'Ein Klick auf ein Feld setzt', height: 'Höhe', black: 'Schwarz', green: 'Grün', empty: 'Leer (löschen)',
  clear: 'Brett leeren', startPos: 'Anfangsstellung',
  setupHelp: 'Klicke auf Felder, um Stapel zu setzen (Auswahl unten), oder füge einen Stellungscode ein. Die Engine nimmt jede Stellung an, die ihr Code-Leser annimmt: ein gerades Brett von 2×2 bis 26×26, pro Farbe höchstens so viele Steine wie die Hälfte der Felder, mindestens ein Stein und eine Seite am Zug, die zur Rundennummer passt (Schwarz in ungeraden Runden).',
  roll: 'Wurf', rollRandom: 'Zufällig würfeln', die: (i) => `Würfel ${i}`, rank: 'Runden bewerten',
  ranking: 'Runden, geordnet nach der Gewinnchance, die sie der ziehenden Seite lassen',
  ranking2: (c, before) => `${c} am Zug; vor dem Wurf: ${before}.`,
  rollNote: (roll, best) => `Mit ${roll} behält die beste Runde ${best}. Die Chance vor dem Wurf ist der Durchschnitt über alle Würfe, die die Würfel zeigen können; ein einzelner Wurf kann mehr oder weniger wert sein.`,
  quickGroup: 'Schnelle Schätzungen (≈), nicht wie die Runden darüber bewertet:',
  rankingWorking: 'Bewerte jede erlaubte Runde…',
  exactNote: 'Die besten Runden sind wie in der Partieauswertung bewertet; die mit ≈ markierten sind schnell geschätzt.',
  showAll: (n) => `Alle ${n} zeigen`, showTop: 'Die besten zehn zeigen',
  play: 'Spielen', stepBack: 'Zurück', played: (turn) => `${turn} gespielt.`,
  share: 'Link zu dieser Analyse', copy: 'Link kopieren', copied: 'Kopiert ✓',
  invalid: (msg) => `Diese Stellung wird nicht angenommen: ${msg}`,
  invalidRoll: (msg) => `Diese Würfel passen nicht zum Brett: ${msg}`,
  gameOver: 'In dieser Stellung ist das Spiel vorbei: Es gibt keine Runde zu bewerten.',
  noTurn: 'Keine erlaubte Runde',
});

export default review;
