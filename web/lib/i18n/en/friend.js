// @ts-check
// The friend page's words in English (web/friend/, its `data-w` labels and
// messages): the reference shape of every language's friend.js.

const friend = () => ({
  credit: 'Diablo, a game by Mark Steere',
  back: 'Diablo',
  title: 'Play a friend',
  /** The page's heading over a game met in the lobby. */
  titleOnline: 'Play online',
  invited: 'An invitation',
  yourName: 'Your name (optional)',
  accept: 'Accept',
  confirm: 'Confirm',
  undo: 'Undo',
  resign: 'Resign',
  rematch: 'Rematch by link',
  sendTitle: 'Send this link to your friend',
  copy: 'Copy',
  copied: 'Copied',
  share: 'Share',
  newTitle: 'Invite a friend',
  size: 'Board',
  edition: 'Edition',
  standard: 'Standard',
  sequenced: 'Sequenced',
  color: 'You play',
  black: 'Black',
  green: 'Green',
  random: 'Random',
  invite: 'Create the invitation',
  yourGames: 'Your games',
  elsewhereHelp:
    'Your games in progress on another browser: watch them here, or bring them here with their keys (Export there, Import below).',
  /** @param {string} opponent @param {boolean} yours */
  elsewhereRow: (opponent, yours) => `against ${opponent || 'a friend'} · ${yours ? 'your move' : 'their move'}`,
  watchYours:
    'This is your game, but its keys are in another browser: to play it here, export its keys there and import them below.',
  noGames: 'No games by link on this browser yet.',
  keysTitle: 'Move a game to another device',
  keysHelp:
    "Your secret keys for a game live only in this browser. To go on on another device, copy a game's keys (Export) and paste them there (Import). Without them you cannot roll or play in that game.",
  import: 'Import keys',
  how: 'The dice are fair: each roll mixes a secret you committed to earlier with one your friend reveals, so neither of you can choose or foresee it.',
  howOnline:
    'The dice are fair: each roll mixes a secret you committed to earlier with one your opponent reveals, so neither of you can choose or foresee it.',
  open: 'Open',
  exportKeys: 'Export keys',
  imported: 'Keys imported: the game is in your list.',
  /** @param {string} c @returns {string} */
  colorName: (c) => (c === 'black' ? 'Black' : 'Green'),
  /** @param {string} who @param {number} n @param {string} ed @param {string} c */
  inviteText: (who, n, ed, c) => `${who || 'A friend'} invites you to a ${n}×${n} game (${ed} edition). You play ${c}.`,
  /** @param {string} clock */
  invitedClock: (clock) => `On a clock: ${clock}, kept by the server; it starts when you accept.`,
  /** @param {string} b @param {string} g */
  players: (b, g) => `Black: ${b || '?'} · Green: ${g || '?'}`,
  /** @param {string} c */
  invitationMade: (c) => `Invitation made. You play ${c}. Send the link; your friend accepts it and sends a link back.`,
  acceptedSend: 'You accepted. Send this link back to your friend.',
  startSend: 'Your friend plays Black and moves first. Send this link: it fixes their first roll.',
  waiting: 'Waiting for your friend’s link. If you have not sent it yet, send this one:',
  yourTurn: 'Your turn: your roll is shown. Play it and confirm.',
  sentSend: 'Turn played. Send this link to your friend:',
  /** @param {string} c @param {boolean} resigned */
  over: (c, resigned) => `${c} wins${resigned ? ' (the other player resigned)' : ''}.`,
  overSend: 'The game is over. Send your friend this last link; anyone can check the whole game with it.',
  viewer:
    'You are not a player in this game on this browser: here is its replay. If it is your game, import your keys for it below (Export them on the device where you played).',
  /** @param {string} text */
  refused: (text) => `This link cannot be used: ${text}.`,
  resignConfirm: 'Resign this game?',
  /** @param {string} opp @param {string} you @param {string} state */
  row: (opp, you, state) => `vs ${opp || '?'} — you play ${you} — ${state}`,
  rowYourTurn: 'your turn',
  rowTheirTurn: 'their turn',
  rowAccept: 'waiting for acceptance',
  rowStart: 'send the start link',
  /** @param {string} c */
  rowOver: (c) => `${c} won`,
  /** @param {string} when */
  arrived: (when) => `last link ${when}`,
  /** @param {string} roll @param {string} turn */
  lastMove: (roll, turn) => `last turn ${roll}: ${turn}`,
  /** @param {string} who @param {string} [terms] */
  rematchOffered: (who, terms) => `${who} offers a rematch${terms ? ` (${terms})` : ''}.`,
  /** @param {string} who @param {string} terms */
  rematchWaiting: (who, terms) => `Rematch offered to ${who}${terms ? ` (${terms})` : ''}: waiting for them to accept.`,
  ratedGame: 'rated',
  casualGame: 'casual',
  playRematch: 'Play the rematch',
  rematchSent: (c) =>
    `Rematch offered: it is on your friend’s page now. You play ${c}. If they are not here, send them this link.`,
  yourFriend: 'Your friend',
  rematchLive: 'Rematch',
  modeTitle: 'How you play',
  modeLive: 'Play live',
  modeLinks: 'Play by links',
  modeHelp:
    'Live: send the link once; each turn then appears on both screens at once. By links: send a link after every turn.',
  goLive: 'Play live',
  notify: 'Tell me when it is my turn',
  pushOn: 'This device is told when it is your turn.',
  pushOff: 'Stop',
  pushDenied: 'Notifications are blocked for this site in the browser’s settings.',
  pushFailed:
    'This browser could not be set up to be told. While this tab is open, its title says when it is your turn.',
  /** @param {string} c */
  invitationLive: (c) =>
    `Invitation made. You play ${c}. Send this link once, by any chat: when your friend accepts, the game plays live here.`,
  liveSend: 'Your friend is not connected: your turn reaches them when they come back. Or send them this link:',
  liveWaitAccept: 'Waiting for your friend to accept the invitation.',
  lobbyWaitAccept: 'Waiting for someone to take your challenge.',
  /** @param {string} who */
  liveTheirTurn: (who) => `Waiting for ${who || 'your friend'} to play.`,
  linksOnly: 'Played by links: turns travel only in the links you send.',
  liveFull: 'The live server is full right now: send the link instead.',
  liveDiffers: 'The live server holds another version of this game: send the link instead.',
  watching: 'Watching live: each turn appears as it is played.',
  watchLost: 'Live connection lost — reconnecting.',
  /** @param {string} who @param {boolean} [live] a live clock (a turn-based game is not called live) */
  liveHere: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Your friend'} is here`,
  /** @param {string} who @param {boolean} [live] */
  liveOfferWaits: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Your friend'} is waiting for your answer`,
  /** @param {string} who @param {string} when @param {boolean} [live] */
  liveLeft: (who, when, live = true) => `${live ? 'Live · ' : ''}${who || 'Your friend'} left ${when}`,
  /** @param {string} who @param {boolean} [live] */
  liveAway: (who, live = true) => `${live ? 'Live · ' : ''}${who || 'Your friend'} is not here right now`,
  justNow: 'just now',
  liveConnecting: 'Connecting live…',
  liveLost: 'Live connection lost — reconnecting; you can also send the link.',
  turnTitle: 'Your turn',
  overTitle: 'Game over',
  /** @param {string} who */
  turnBody: (who) => `${who || 'Your friend'} has played: your roll is waiting.`,
  /** A turn-based clock: what is left until the deadline. @param {number} d @param {number} h @param {number} m */
  daysLeft: (d, h, m) =>
    d > 0
      ? `${d} ${d === 1 ? 'day' : 'days'}${h ? ` ${h} h` : ''} left`
      : h > 0
        ? `${h} h${m ? ` ${m} min` : ''} left`
        : `${m} min left`,
  /** A turn-based clock's time bank left, after the time to the deadline. @param {number} n days */
  bankLeft: (n) => `+ ${n} in the bank`,
  /** @param {number} d @param {number} b */
  daysATurnBanked: (d, b) => `${d} ${d === 1 ? 'day' : 'days'} a turn + ${b} in the bank`,
  /** @param {string} who */
  clockOf: (who) => `Clock: ${who}`,
  firstMove: 'first move, or the game is aborted at 0',
  /** Beside a clock that stands while the server is out of reach. */
  clockPaused: 'paused',
  firstMoveShort: 'first move',
  lowTime: 'low on time',
  /** @param {string} loser @param {string} winner */
  endTime: (loser, winner) => `${loser} ran out of time: ${winner} wins.`,
  /** @param {string} other @param {boolean} resigned */
  playedElsewhere: 'Your turn was played in another tab or on another device: this page now shows the game as it is.',
  youWon: (other, resigned) => `You won${resigned ? `: ${other || 'your friend'} resigned` : ''}.`,
  /** @param {boolean} resigned */
  youLost: (resigned) => `You lost${resigned ? ': you resigned' : ''}.`,
  /** @param {string} other */
  youWonTime: (other) => `You won: ${other || 'your friend'} ran out of time.`,
  youLostTime: 'You lost: you ran out of time.',
  /** @param {string} other */
  youWonAbandoned: (other) => `You won: ${other || 'your friend'} left the game.`,
  youLostAbandoned: 'You lost: you left the game and the win was claimed.',
  /** @param {string} winner @param {boolean} resigned */
  watchedOver: (winner, resigned) =>
    `The game is over. Winner: ${winner}${resigned ? ' (the other player resigned)' : ''}.`,
  endAborted: 'Game aborted: the first turn was not made in time.',
  /** @param {string} loser @param {string} winner */
  endResigned: (loser, winner) => `${loser} resigned: ${winner} wins.`,
  /** @param {string} loser @param {string} winner */
  endAbandoned: (loser, winner) => `${loser} left the game: ${winner} claimed the win.`,
  rowAborted: 'aborted',
  claim: 'Claim the win',
  claimHelp: 'Your opponent has left the game and it is their turn.',
  'too-early': 'Not yet: you can claim the win once your opponent has been away long enough.',
  'not-seated': 'Only a player of this game can claim the win.',
  unseated: 'This is a rated game: make your player name in the lobby first, then open the game again.',
  'too-many': 'The server is not starting more games from your connection this hour: try again later.',
  'name-taken':
    'An established player goes by your name: choose another name in the lobby’s settings, then open the game again.',
  playban: 'You let three games abort without moving today: you can take challenges again an hour after the last one.',
  toLobby: 'Go to the lobby',
  lobbyWaiting: 'Your challenge is in the lobby — waiting for someone to take it.',
  lobbyCancel: 'Cancel',
  lobbyBot: 'Play a bot meanwhile',
  lobbyGone: 'Your challenge is no longer in the lobby.',
  /** @param {string} text */
  lobbyRefused: (text) => `The lobby did not take your challenge: ${text}`,
  clockChoice: 'Clock',
  noClock: 'No clock',
  /** @param {number} n */
  daysATurn: (n) => `${n} ${n === 1 ? 'day' : 'days'} a turn`,
  clockNeedsName: 'A game on a clock needs your player name: type it above.',
  /** @param {string} clock */
  clockStarts: (clock) => `Clock ${clock}: it starts when your friend accepts.`,
  clockNoAnswer: 'the server did not answer',
  /** @param {string} text */
  clockRefused: (text) => `The server did not take the clock, so this game has none: ${text}`,
});

export default friend;
