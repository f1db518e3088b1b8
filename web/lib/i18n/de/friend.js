// @ts-check
// The friend page's words in German (see ../en/friend.js).

/** @type {import('../i18n.js').Maker<'friend', typeof import('./plural.js')>} */
const friend = () => ({
  credit: 'Diablo, ein Spiel von Mark Steere',
  back: 'Diablo',
  title: 'Gegen Freunde spielen',
  titleOnline: 'Online spielen',
  invited: 'Eine Einladung',
  yourName: 'Dein Name (optional)',
  accept: 'Annehmen',
  confirm: 'Bestätigen',
  undo: 'Rückgängig',
  resign: 'Aufgeben',
  rematch: 'Revanche per Link',
  sendTitle: 'Schicke diesen Link deinem Gegenüber',
  copy: 'Kopieren',
  copied: 'Kopiert',
  share: 'Teilen',
  newTitle: 'Jemanden einladen',
  size: 'Brett',
  edition: 'Regelfassung',
  standard: 'Standardfassung',
  sequenced: 'Sequenzfassung',
  color: 'Du spielst',
  black: 'Schwarz',
  green: 'Grün',
  random: 'Zufällig',
  invite: 'Einladung erstellen',
  yourGames: 'Deine Partien',
  elsewhereHelp:
    'Deine laufenden Partien in einem anderen Browser: Schau sie hier an oder hol sie mit ihren Schlüsseln her (dort Exportieren, hier unten Importieren).',
  elsewhereRow: (opponent, yours) =>
    `gegen ${opponent || 'einen Freund'} · ${yours ? 'du bist am Zug' : 'dein Gegenüber ist am Zug'}`,
  watchYours:
    'Das ist deine Partie, aber ihre Schlüssel sind in einem anderen Browser: Um hier zu spielen, exportiere dort ihre Schlüssel und importiere sie unten.',
  noGames: 'In diesem Browser gibt es noch keine Partien per Link.',
  keysTitle: 'Eine Partie auf ein anderes Gerät mitnehmen',
  keysHelp:
    'Deine geheimen Schlüssel für eine Partie liegen nur in diesem Browser. Um auf einem anderen Gerät weiterzuspielen, kopiere die Schlüssel einer Partie (Exportieren) und füge sie dort ein (Importieren). Ohne sie kannst du in dieser Partie weder würfeln noch ziehen.',
  import: 'Schlüssel importieren',
  how: 'Die Würfel sind fair: Jeder Wurf mischt ein Geheimnis, auf das du dich vorher festgelegt hast, mit einem, das dein Gegenüber offenlegt. So kann keiner von euch ihn wählen oder vorhersehen.',
  howOnline:
    'Die Würfel sind fair: Jeder Wurf mischt ein Geheimnis, auf das du dich vorher festgelegt hast, mit einem, das dein Gegenüber offenlegt. So kann keiner von euch ihn wählen oder vorhersehen.',
  open: 'Öffnen',
  exportKeys: 'Schlüssel exportieren',
  imported: 'Schlüssel importiert: Die Partie steht in deiner Liste.',
  /** @param {string} c @returns {string} */
  colorName: (c) => (c === 'black' ? 'Schwarz' : 'Grün'),
  /** @param {string} who @param {number} n @param {string} ed @param {string} c */
  inviteText: (who, n, ed, c) => `${who || 'Jemand'} lädt dich zu einer Partie ${n}×${n} ein (${ed}). Du spielst ${c}.`,
  /** @param {string} clock */
  invitedClock: (clock) => `Mit Uhr: ${clock}, geführt vom Server; sie läuft, sobald du annimmst.`,
  /** @param {string} b @param {string} g */
  players: (b, g) => `Schwarz: ${b || '?'} · Grün: ${g || '?'}`,
  /** @param {string} c */
  invitationMade: (c) =>
    `Einladung erstellt. Du spielst ${c}. Schicke den Link; dein Gegenüber nimmt ihn an und schickt einen Link zurück.`,
  acceptedSend: 'Du hast angenommen. Schicke diesen Link an dein Gegenüber zurück.',
  startSend: 'Dein Gegenüber spielt Schwarz und beginnt. Schicke diesen Link: Er legt den ersten Wurf fest.',
  waiting: 'Warte auf den Link deines Gegenübers. Falls du ihn noch nicht geschickt hast, schicke diesen:',
  yourTurn: 'Du bist am Zug: Dein Wurf wird angezeigt. Spiele ihn und bestätige.',
  sentSend: 'Runde gespielt. Schicke diesen Link an dein Gegenüber:',
  /** @param {string} c @param {boolean} resigned */
  over: (c, resigned) => `${c} gewinnt${resigned ? ' (die andere Seite hat aufgegeben)' : ''}.`,
  overSend:
    'Die Partie ist vorbei. Schicke deinem Gegenüber diesen letzten Link; damit kann jeder die ganze Partie überprüfen.',
  viewer:
    'In diesem Browser spielst du in dieser Partie nicht mit: Hier ist ihre Wiedergabe. Ist es deine Partie, importiere unten deine Schlüssel dafür (exportiere sie auf dem Gerät, auf dem du gespielt hast).',
  /** @param {string} text */
  refused: (text) => `Dieser Link lässt sich nicht verwenden: ${text}.`,
  resignConfirm: 'Diese Partie aufgeben?',
  /** @param {string} opp @param {string} you @param {string} state */
  row: (opp, you, state) => `gegen ${opp || '?'} — du spielst ${you} — ${state}`,
  rowYourTurn: 'du bist am Zug',
  rowTheirTurn: 'Gegenüber am Zug',
  rowAccept: 'wartet auf Annahme',
  rowStart: 'Startlink schicken',
  /** @param {string} c */
  rowOver: (c) => `${c} hat gewonnen`,
  /** @param {string} when */
  arrived: (when) => `letzter Link ${when}`,
  /** @param {string} roll @param {string} turn */
  lastMove: (roll, turn) => `letzte Runde ${roll}: ${turn}`,
  rematchOffered: (who, terms) => `${who} bietet eine Revanche an${terms ? ` (${terms})` : ''}.`,
  rematchWaiting: (who, terms) =>
    `Revanche an ${who} angeboten${terms ? ` (${terms})` : ''}: Warte darauf, dass sie angenommen wird.`,
  ratedGame: 'gewertet',
  casualGame: 'ungewertet',
  playRematch: 'Revanche spielen',
  rematchSent: (c) =>
    `Revanche angeboten: Sie steht jetzt auf der Seite deines Gegenübers. Du spielst ${c}. Ist es nicht da, schicke ihm diesen Link.`,
  yourFriend: 'Dein Gegenüber',
  rematchLive: 'Revanche',
  modeTitle: 'Wie ihr spielt',
  modeLive: 'Live spielen',
  modeLinks: 'Per Link spielen',
  modeHelp:
    'Live: Du schickst den Link einmal, danach erscheint jede Runde sofort auf beiden Bildschirmen. Per Link: Nach jeder Runde schickst du einen Link.',
  goLive: 'Live spielen',
  notify: 'Sag mir, wenn ich am Zug bin',
  pushOn: 'Dieses Gerät erfährt, wenn du am Zug bist.',
  pushOff: 'Aus',
  pushDenied: 'Benachrichtigungen dieser Seite sind in den Browser-Einstellungen gesperrt.',
  pushFailed:
    'In diesem Browser ließ sich das nicht einrichten. Solange dieser Tab offen ist, sagt sein Titel, wenn du am Zug bist.',
  /** @param {string} c */
  invitationLive: (c) =>
    `Einladung erstellt. Du spielst ${c}. Schicke diesen Link einmal, über einen beliebigen Chat: Sobald dein Gegenüber annimmt, läuft die Partie hier live.`,
  liveSend:
    'Dein Gegenüber ist gerade nicht verbunden: Deine Runde erreicht es, sobald es zurück ist. Oder schicke ihm diesen Link:',
  liveWaitAccept: 'Warte darauf, dass dein Gegenüber die Einladung annimmt.',
  lobbyWaitAccept: 'Warte darauf, dass jemand deine Herausforderung annimmt.',
  /** @param {string} who */
  liveTheirTurn: (who) => `${who || 'Dein Gegenüber'} ist am Zug.`,
  linksOnly: 'Per Link gespielt: Runden reisen nur in den Links, die ihr schickt.',
  liveFull: 'Der Live-Server ist gerade voll: Schicke stattdessen den Link.',
  liveDiffers: 'Der Live-Server hat eine andere Fassung dieser Partie: Schicke stattdessen den Link.',
  watching: 'Du schaust live zu: Jede Runde erscheint, sobald sie gespielt ist.',
  watchLost: 'Live-Verbindung unterbrochen — verbinde neu.',
  /** @param {string} who @param {boolean} [live] a live clock (a turn-based game is not called live) */
  liveHere: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Dein Gegenüber'} ist da`,
  /** @param {string} who @param {boolean} [live] */
  liveOfferWaits: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Dein Gegenüber'} wartet auf deine Antwort`,
  /** @param {string} who @param {string} when @param {boolean} [live] */
  liveLeft: (who, when, live = true) => `${live ? 'Live · ' : ''}${who || 'Dein Gegenüber'} ist ${when} gegangen`,
  /** @param {string} who @param {boolean} [live] */
  liveAway: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Dein Gegenüber'} ist gerade nicht da`,
  justNow: 'gerade eben',
  liveConnecting: 'Live-Verbindung wird aufgebaut…',
  liveLost: 'Live-Verbindung unterbrochen — verbinde neu; du kannst auch den Link schicken.',
  turnTitle: 'Du bist am Zug',
  overTitle: 'Partie beendet',
  /** @param {string} who */
  turnBody: (who) => `${who || 'Dein Gegenüber'} hat gespielt: Dein Wurf wartet.`,
  /** @param {number} d @param {number} h @param {number} m */
  daysLeft: (d, h, m) =>
    d > 0
      ? `noch ${d} ${d === 1 ? 'Tag' : 'Tage'}${h ? ` ${h} Std.` : ''}`
      : h > 0
        ? `noch ${h} Std.${m ? ` ${m} Min.` : ''}`
        : `noch ${m} Min.`,
  /** @param {number} n */
  bankLeft: (n) => `+ ${n} in der Zeitbank`,
  /** @param {number} d @param {number} b */
  daysATurnBanked: (d, b) => `${d} ${d === 1 ? 'Tag' : 'Tage'} pro Runde + ${b} in der Zeitbank`,
  /** @param {string} who */
  clockOf: (who) => `Uhr: ${who}`,
  firstMove: 'erster Zug, bei 0 wird die Partie abgebrochen',
  /** Beside a clock that stands while the server is out of reach. */
  clockPaused: 'angehalten',
  firstMoveShort: 'erster Zug',
  lowTime: 'wenig Zeit',
  /** @param {string} loser @param {string} winner */
  endTime: (loser, winner) => `${loser} hat die Zeit überschritten: ${winner} gewinnt.`,
  /** @param {string} other @param {boolean} resigned */
  playedElsewhere:
    'Deine Runde wurde in einem anderen Tab oder auf einem anderen Gerät gespielt: diese Seite zeigt jetzt die Partie, wie sie steht.',
  youWon: (other, resigned) => `Du hast gewonnen${resigned ? `: ${other || 'dein Gegenüber'} hat aufgegeben` : ''}.`,
  /** @param {boolean} resigned */
  youLost: (resigned) => `Du hast verloren${resigned ? ': Du hast aufgegeben' : ''}.`,
  /** @param {string} other */
  youWonTime: (other) => `Du hast gewonnen: ${other || 'dein Gegenüber'} hat die Zeit überschritten.`,
  youLostTime: 'Du hast verloren: Deine Zeit ist abgelaufen.',
  /** @param {string} other */
  youWonAbandoned: (other) => `Du hast gewonnen: ${other || 'dein Gegenüber'} hat die Partie verlassen.`,
  youLostAbandoned: 'Du hast verloren: Du hast die Partie verlassen, und der Sieg wurde beansprucht.',
  /** @param {string} winner @param {boolean} resigned */
  watchedOver: (winner, resigned) =>
    `Die Partie ist vorbei. Sieger: ${winner}${resigned ? ' (die andere Seite hat aufgegeben)' : ''}.`,
  endAborted: 'Partie abgebrochen: Die erste Runde kam nicht rechtzeitig.',
  /** @param {string} loser @param {string} winner */
  endResigned: (loser, winner) => `${loser} hat aufgegeben: ${winner} gewinnt.`,
  endAbandoned: (loser, winner) => `${loser} hat die Partie verlassen: ${winner} hat den Sieg beansprucht.`,
  rowAborted: 'abgebrochen',
  claim: 'Sieg beanspruchen',
  claimHelp: 'Dein Gegenüber hat die Partie verlassen und ist am Zug.',
  'too-early': 'Noch nicht: Den Sieg kannst du beanspruchen, wenn dein Gegenüber lange genug weg ist.',
  'not-seated': 'Nur wer diese Partie spielt, kann den Sieg beanspruchen.',
  unseated:
    'Das ist eine gewertete Partie: Lege zuerst in der Lobby deinen Spielernamen an und öffne die Partie dann erneut.',
  'too-many':
    'Der Server beginnt in dieser Stunde keine weiteren Partien von deiner Verbindung: Versuche es später noch einmal.',
  'name-taken':
    'Ein etablierter Spieler trägt deinen Namen: Wähle in den Einstellungen der Lobby einen anderen und öffne die Partie dann erneut.',
  playban:
    'Du hast heute drei Partien ohne Zug abbrechen lassen: Herausforderungen kannst du eine Stunde nach der letzten wieder annehmen.',
  toLobby: 'Zur Lobby',
  lobbyWaiting: 'Deine Herausforderung steht in der Lobby — es wird gewartet, bis jemand sie annimmt.',
  lobbyCancel: 'Abbrechen',
  lobbyBot: 'Inzwischen gegen einen Bot spielen',
  lobbyGone: 'Deine Herausforderung ist nicht mehr in der Lobby.',
  /** @param {string} text */
  lobbyRefused: (text) => `Die Lobby hat deine Herausforderung nicht angenommen: ${text}`,
  clockChoice: 'Uhr',
  noClock: 'Ohne Uhr',
  /** @param {number} n */
  daysATurn: (n) => `${n} ${n === 1 ? 'Tag' : 'Tage'} pro Runde`,
  clockNeedsName: 'Eine Partie mit Uhr braucht deinen Spielernamen: trage ihn oben ein.',
  /** @param {string} clock */
  clockStarts: (clock) => `Uhr ${clock}: Sie läuft, sobald dein Gegenüber annimmt.`,
  clockNoAnswer: 'der Server hat nicht geantwortet',
  /** @param {string} text */
  clockRefused: (text) => `Der Server hat die Uhr nicht angenommen, diese Partie hat also keine: ${text}`,
});

export default friend;
