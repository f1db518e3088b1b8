// @ts-check
// The lobby page's words in German (see ../en/lobby.js).

/** @type {import('../i18n.js').Maker<'lobby', typeof import('./plural.js')>} */
const lobby = ({ count }) => ({
  credit: 'Diablo, ein Spiel von Mark Steere',
  back: 'Diablo',
  playOnline: 'Online spielen',
  title: 'Online spielen',
  intro:
    'Nimm eine offene Herausforderung an und spiel sofort gegen jemanden, oder stell selbst eine ein und warte, bis jemand sie annimmt.',
  quickTitle: 'Schnell spielen',
  quickHelp:
    '8 × 8 · Standardfassung · Gewertet. Ein Tippen nimmt die erste offene Herausforderung mit dieser Bedenkzeit an oder stellt eine ein und wartet, bis jemand sie annimmt.',
  /** @param {number} n */
  quickOpen: (n) => (n ? `${n} ${n === 1 ? 'wartet' : 'warten'}` : ''),
  /** @param {string} clock @param {number} n */
  quickLabel: (clock, n) =>
    `Schnell spielen ${clock}${n ? `: ${count(n, 'offene Herausforderung', 'offene Herausforderungen')}` : ''}`,
  openTitle: 'Offene Herausforderungen',
  size: 'Brett',
  allSizes: 'Alle Bretter',
  edition: 'Regelfassung',
  allEditions: 'Alle Regelfassungen',
  standard: 'Standardfassung',
  sequenced: 'Sequenzfassung',
  clockKind: 'Uhr',
  allClocks: 'Alle Uhren',
  live: 'Live',
  days: 'Fernpartie',
  rated: 'Gewertet',
  casual: 'Ungewertet',
  take: 'Spielen',
  withdraw: 'Zurückziehen',
  yours: 'Deine Herausforderung',
  /** @param {string} name */
  takeLabel: (name) => `Gegen ${name} spielen`,
  /** @param {number} n */
  daysLabel: (n) => count(n, 'Tag', 'Tage'),
  empty: 'Gerade gibt es keine offenen Herausforderungen. Stell eine ein, dann kann jemand sie annehmen.',
  noneMatch: 'Keine offene Herausforderung passt zu diesen Filtern.',
  connecting: 'Verbindung zur Lobby wird hergestellt…',
  noServer:
    'Online spielen braucht einen Server, und diese Kopie der Seite hat keinen. Du kannst weiter gegen den Computer spielen oder mit Freunden per Link.',
  lost: 'Die Lobby ist gerade nicht erreichbar. Neuer Versuch läuft…',
  offline: 'Du scheinst offline zu sein: Die Lobby erscheint, sobald das Netz wieder da ist.',
  playFriend: 'Mit Freunden per Link spielen',
  playComputer: 'Gegen den Computer spielen',
  createTitle: 'Herausforderung einstellen',
  color: 'Du spielst',
  black: 'Schwarz',
  green: 'Grün',
  random: 'Zufällig',
  ratedGame: 'Gewertete Partie',
  clock: 'Bedenkzeit',
  custom: 'Eigene',
  minutes: 'Minuten',
  increment: 'Sekunden dazu je Runde',
  pushAsk: 'Sag mir, wenn ich am Zug bin',
  pushOn: 'Dieses Gerät erfährt, wenn du am Zug bist.',
  pushOff: 'Aus',
  pushDenied: 'Benachrichtigungen dieser Seite sind in den Browser-Einstellungen gesperrt.',
  pushFailed: 'In diesem Browser ließ sich das nicht einrichten.',
  perTurn: 'Tage je Runde',
  bank: 'Zeitbank',
  noBank: 'Keine',
  bankHelp: 'Zusätzliche Tage für jeden, einer nach dem anderen verbraucht, wenn die Tage einer Runde um sind.',
  /** @param {number} d @param {number} b */
  daysBankLabel: (d, b) => `${count(d, 'Tag', 'Tage')} + ${b} in der Zeitbank`,
  badClock: 'Eine Live-Uhr hat 1 Sekunde bis 180 Minuten, dazu 0 bis 180 Sekunden je Runde.',
  create: 'Herausforderung einstellen',
  you: 'Du spielst online als',
  nameTitle: 'Dein Name online',
  nameAsk: 'Wähle den Namen, den andere Spieler sehen.',
  nameHelp:
    'Kein Passwort, keine E-Mail: Ein in diesem Browser erzeugter Schlüssel weist dich aus, und er bleibt in diesem Browser.',
  name: 'Name',
  continue: 'Weiter',
  cancel: 'Abbrechen',
  badName: 'Ein Name hat 1 bis 24 Zeichen.',
  noCrypto:
    'Dieser Browser kann den Schlüssel für das Online-Spiel nicht erzeugen; versuch es mit einem aktuellen Browser.',
  notKept: 'Dieser Browser will deinen Schlüssel nicht speichern (der Speicher ist voll oder gesperrt).',
  /** @param {string} kind @param {string} message */
  refused: (kind, message) =>
    ({
      malformed: 'Die Lobby hat diese Herausforderung nicht verstanden.',
      forged: 'Die Lobby konnte die Signatur deines Schlüssels nicht prüfen.',
      rate: 'Zu viele Anfragen: Warte kurz und versuch es noch einmal.',
      'too-many': 'Du hast schon so viele offene Herausforderungen, wie die Lobby erlaubt.',
      'name-taken': 'Ein etablierter Spieler trägt diesen Namen: Wähle unter „Dein Name und Schlüssel“ einen anderen.',
    })[kind] ?? `Die Lobby hat abgelehnt: ${message || kind}`,
  settingsTitle: 'Dein Name und Schlüssel',
  noPlayer: 'Du hast in diesem Browser noch nicht online gespielt.',
  rename: 'Namen ändern',
  exportKey: 'Schlüssel in Datei sichern',
  importKey: 'Schlüssel aus Datei laden',
  keyHelp:
    'Um in einem anderen Browser als derselbe Spieler zu spielen, sichere hier deinen Schlüssel und lade die Datei dort. Gib die Datei nicht weiter: Wer sie hat, kann in deinem Namen spielen.',
  renamed: 'Name geändert.',
  /** @param {string} name */
  imported: (name) => `Schlüssel geladen: Du spielst jetzt als ${name}.`,
  badFile: 'Das ist keine Diablo-Schlüsseldatei.',
  damagedFile: 'Diese Schlüsseldatei ist beschädigt.',
  mismatchFile: 'Der private Schlüssel in dieser Datei gehört nicht zu ihrem öffentlichen Schlüssel.',
  playingTitle: 'Laufende Partien',
  playingRow: (size, opponent, yours) =>
    `${size}×${size} ${opponent ? `gegen ${opponent}` : 'wartet auf dein Gegenüber'} · ${yours ? 'du bist dran' : 'dein Gegenüber ist dran'}`,
  yourPage: 'Deine Seite',
  leaderboard: 'Bestenliste',
  leaderboardIntro:
    'Die etablierten Spieler dieser Seite, nach Wertung (Glicko-2, aus gewerteten Partien der Lobby). Die Wertung eines neuen Spielers ist vorläufig, mit „?“ gezeigt, bis einige gewertete Partien sie gefestigt haben.',
  rank: 'Platz',
  player: 'Spieler',
  rating: 'Wertung',
  gamesCol: 'Partien',
  noLeaders:
    'Noch keine etablierten Spieler. Ein Spieler erscheint hier, sobald seine Wertung gefestigt ist: ihre Abweichung (RD) unter 110, meist nach 12 bis 17 gewerteten Partien.',
  /** @param {string} rating @param {number} games @param {number} rd */
  yourStanding: (rating, games, rd) =>
    `Du: ${rating} nach ${count(games, 'gewerteten Partie', 'gewerteten Partien')}, RD ${rd}. Du erscheinst hier, sobald deine RD unter 110 liegt, meist nach 12 bis 17 gewerteten Partien.`,
  noPlayerKey: 'Kein Spieler mit diesem Schlüssel.',
  noRatings:
    'Online-Spiel gibt es auf dieser Seite nicht: Es braucht einen Server, und diese Kopie der Seite hat keinen.',
  unreachable: 'Der Server ist gerade nicht erreichbar. Versuch es später noch einmal.',
  loading: 'Wird geladen …',
  provisionalHelp: '„?“: Die Wertung ist vorläufig, bis weitere gewertete Partien sie gefestigt haben.',
  /** @param {number} n @param {number} won @param {number} lost */
  record: (n, won, lost) => `${count(n, 'Partie', 'Partien')} · ${won} gewonnen · ${lost} verloren`,
  /** The decimal mark of a luck's number (the review's). */
  decimal: ',',
  /** @param {number} n @param {string} sum @param {string} each the luck summed and a game, signed */
  luckTotal: (n, sum, each) =>
    `Glück in ${count(n, 'gewerteten Partie', 'gewerteten Partien')}: ${sum} (${each} je Partie)`,
  luckHelp:
    'Glück: was die Würfel über einen durchschnittlichen Wurf hinaus gaben, in gewonnenen Partien, wie in der Analyse (+1: eine ganze Partie). 0 ist durchschnittliches Glück.',
  /** @param {string} x the player's luck in a game, signed */
  luckGame: (x) => `Glück ${x}`,
  graphTitle: 'Wertung im Verlauf',
  /** @param {string} from @param {string} to @param {number} n */
  graphLabel: (from, to, n) =>
    `Wertung von ${from} auf ${to} in ${count(n, 'gewerteten Partie', 'gewerteten Partien')}`,
  noGraph: 'Noch keine gewerteten Partien.',
  playingNowTitle: 'Spielt gerade',
  playingTheirMove: 'Am Zug',
  playingOtherMove: 'Wartet auf das Gegenüber',
  playingBy: (when) => `bis ${when}`,
  playingOpen: 'Zuschauen',
  gamesTitle: 'Partien',
  noGames: 'Noch keine beendeten Partien.',
  resultWon: 'Gewonnen',
  resultLost: 'Verloren',
  resultAborted: 'Abgebrochen',
  /** @param {string} reason */
  /** @param {string} reason why it ended, as the server says (`checkers`: by the rules, said by no word) */
  reasonText: (reason) =>
    /** @type {Record<string, string>} */ ({
      resign: 'durch Aufgabe',
      time: 'durch Zeitüberschreitung',
      abandoned: 'Partie verlassen',
    })[reason] ?? '',
  against: 'gegen',
  /** @param {string} c */
  asColor: (c) => `als ${c}`,
  replay: 'Nachspielen',
  review: 'Auswertung',
  /** @param {string} text */
  badGame: (text) => `Diese Partie lässt sich nicht öffnen: ${text}`,
  itsYou: '(du)',
  bot: 'BOT',
  botTitle: 'Ein Computerspieler',
  onlineTag: 'Online',
  onlineGames:
    'Auch deine Online-Partien stehen hier, vom Server: Lade deinen Schlüssel auf einem anderen Gerät, und sie sind auch dort.',
});

export default lobby;
