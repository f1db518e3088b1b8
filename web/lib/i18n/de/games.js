// @ts-check
// „Deine Partien“ auf Deutsch (see ../en/games.js).

/** @type {import('../i18n.js').Maker<'games', typeof import('./plural.js')>} */
const games = ({ count }) => ({
  credit: 'Diablo, ein Spiel von Mark Steere',
  title: 'Deine Partien',
  play: 'Spielen',
  learn: 'Lernen',
  puzzles: 'Aufgaben',
  yourGames: 'Deine Partien',
  intro:
    'Jede auf diesem Gerät beendete Partie — gegen den Computer, an einem Bildschirm oder mit einem Freund — wird hier aufbewahrt, nur in diesem Browser.',
  filters: 'Filter',
  opponent: 'Gegner',
  any: 'Alle',
  computer: 'Der Computer',
  computerAt: (level) => `Der Computer: ${level}`,
  hotseat: 'An einem Bildschirm',
  friend: 'Ein Freund',
  size: 'Brett',
  edition: 'Regelfassung',
  standard: 'Standardfassung',
  sequenced: 'Sequenzfassung',
  result: 'Ergebnis',
  youWon: 'Gewonnen',
  youLost: 'Verloren',
  colorWon: (c) => `${c} hat gewonnen`,
  showing: (shown, all) =>
    shown === all ? count(all, 'Partie', 'Partien') : `${shown} von ${count(all, 'Partie', 'Partien')}`,
  none: 'Noch keine Partien aufbewahrt. Beende eine Partie — gegen den Computer, an einem Bildschirm oder mit einem Freund — und sie erscheint hier.',
  noneFit: 'Keine Partie passt zu diesen Filtern.',
  vsComputer: (c, level) => `Du (${c}) gegen den Computer (${level})`,
  atOneScreen: 'Zwei Spieler an einem Bildschirm',
  vsFriend: (c, name) => `Du (${c}) gegen ${name || 'einen Freund'}`,
  resigned: 'durch Aufgabe',
  onTime: 'durch Zeitüberschreitung',
  abandoned: 'Partie verlassen',
  turns: (n) => count(n, 'Runde', 'Runden'),
  boardOf: (size, edition) => `${size}\u00a0×\u00a0${size}, ${edition}`,
  replay: 'Nachspielen',
  review: 'Auswertung',
  remove: 'Löschen',
  exportAll: 'Alle exportieren (Partiedatei)',
  removeAll: 'Alle löschen',
  cancel: 'Abbrechen',
  removeConfirm: 'Diese Partie aus „Deine Partien“ löschen?',
  removeAllConfirm: (n) =>
    `Alle ${count(n, 'Partie', 'Partien')} aus „Deine Partien“ löschen? Das lässt sich nicht rückgängig machen.`,
  exportTitle: (n, date) =>
    `Diablo, ein Spiel von Mark Steere: ${count(n, 'Partie', 'Partien')} aus „Deine Partien“, exportiert am ${date}. Jede Partie beginnt mit ihrer Zeile "edition"; diablo check --record liest sie alle.`,
  statsTitle: 'Gegen den Computer',
  level: 'Spielstärke',
  won: 'Gewonnen',
  lost: 'Verloren',
  levelRating: 'Wertung der Stufe',
  ratingTitle: 'Deine Wertung gegen den Computer',
  rating: (r, n) => `${r} nach ${count(n, 'Partie', 'Partien')}`,
  ratingNone: 'Beende eine Partie gegen den Computer, um eine Wertung zu bekommen.',
  ratingHowTitle: 'Wie die Wertung berechnet wird',
  ratingHow:
    'So wird sie berechnet: Elo, nach jeder Partie gegen den Computer angepasst, die älteste zuerst, ab 1500, mit K = 32 (ein Sieg zählt 1, eine Niederlage 0). Jede Spielstärke hat eine feste Wertung aus der gemessenen Leiter des Projekts (docs/results/ai.md: Hunderte Partien zwischen benachbarten Stufen auf 6×6, 8×8 und 10×10 in beiden Regelfassungen, ihre Elo-Unterschiede gemittelt, Leicht auf 1500 gesetzt). Dieselben Wertungen gelten für jede Brettgröße und Regelfassung; eine gelöschte Partie zählt nicht mehr.',
  notKept: (kind) =>
    `Diese Partie wurde nicht in „Deine Partien“ aufbewahrt: ${
      {
        blocked:
          'die Datenbank des Browsers ist nicht verfügbar (von einem anderen Tab oder den Browsereinstellungen blockiert).',
        full: 'der Speicher des Browsers ist voll.',
        corrupt: 'die Datenbank des Browsers ist beschädigt.',
      }[kind]
    }`,
  unreadable: (kind) =>
    `„Deine Partien“ können nicht gezeigt werden: ${
      {
        blocked:
          'die Datenbank des Browsers ist nicht verfügbar (von einem anderen Tab oder den Browsereinstellungen blockiert).',
        full: 'der Speicher des Browsers ist voll.',
        corrupt: 'die Datenbank des Browsers ist beschädigt.',
      }[kind]
    }`,
  dropped: (n) => `${count(n, 'beschädigter Eintrag', 'beschädigte Einträge')} ausgelassen.`,
  notDeleted: (kind) =>
    `Nicht gelöscht: ${kind === 'full' ? 'der Speicher des Browsers ist voll.' : 'die Datenbank des Browsers ist nicht verfügbar.'}`,
  badRecord: (text) => `Die Aufzeichnung dieser Partie lässt sich nicht öffnen: ${text}`,
  playingTitle: 'Laufende Partien',
  yourMove: 'Du bist am Zug',
  theirMove: 'Dein Gegenüber ist am Zug',
  dueBy: (when) => `bis ${when}`,
  open: 'Öffnen',
});

export default games;
