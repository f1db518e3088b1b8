// @ts-check
// The game page's help in German (see ../en/help.js).

/** @type {import('../i18n.js').Maker<'help', typeof import('./plural.js')>} */
const help = () => ({
  keys: [
    ['D', 'Würfeln'],
    ['Leertaste / Enter', 'Nächster Schritt: würfeln, bestätigen, Revanche oder Aktion auf dem Feld unter dem Cursor'],
    ['← ↑ → ↓', 'Feld-Cursor bewegen'],
    ['Enter', 'Feld unter dem Cursor auswählen (wie ein Klick darauf)'],
    ['U', 'Letzte Aktion dieser Runde rückgängig machen'],
    ['T', 'Letzte ganze Runde zurücknehmen'],
    ['N', 'Neues Spiel'],
    ['F', 'Brett drehen'],
    ['Esc', 'Auswahl aufheben'],
    ['← / →', 'In einer Wiedergabe: eine Runde zurück oder vor'],
    ['Pos1 / Ende', 'In einer Wiedergabe: Anfang oder Ende'],
    ['Leertaste', 'In einer Wiedergabe: abspielen oder anhalten'],
    ['?', 'Diese Liste'],
  ],
  // The first visit's welcome: how to start.
  welcome: {
    title: 'Willkommen bei Diablo',
    intro: 'Ein Spiel mit Würfeln und Stapeln für zwei, von Mark Steere. Wie möchtest du anfangen?',
    computer: 'Gegen den Computer spielen',
    computerNote: 'Du spielst Schwarz und ziehst zuerst.',
    friend: 'Gegen Freunde spielen',
    here: 'An diesem Bildschirm',
    hereNote: 'Abwechselnd an diesem Gerät.',
    remote: 'Live oder per Link',
    online: 'Online gegen jemanden spielen',
    onlineNote: 'Nimm in der Lobby eine offene Herausforderung an oder stell eine ein: live oder eine Runde am Tag.',
    remoteNote: 'Jede Person am eigenen Gerät: Link schicken, dann live spielen oder eine Runde am Tag.',
    rules: 'Regeln lernen',
    rulesNote: 'Zehn kurze Lektionen auf kleinen Brettern: Jede Regel spielst du selbst.',
    read: 'Regeln lesen',
    readNote: 'Die illustrierten Regeln, mit Brettern zum Ausprobieren.',
  },
});

export default help;
