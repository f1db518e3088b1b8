// @ts-check
// The lobby page's words in English (web/lobby/, its `data-w` labels and
// messages), the "Play online" entry of every page's header (lib/online.js)
// and the game page's Settings for the online name and key: the reference
// shape of every language's lobby.js.

/** @param {typeof import('../helpers.js') & typeof import('./plural.js')} kit */
const lobby = ({ count }) => ({
  credit: 'Diablo, a game by Mark Steere',
  back: 'Diablo',
  playOnline: 'Play online',
  title: 'Play online',
  intro: 'Take an open challenge to play someone now, or create one and wait for someone to take it.',
  quickTitle: 'Quick pairing',
  quickHelp:
    '8 × 8 · Standard · Rated. A tap plays the first open challenge on that clock, or posts one and waits for someone to take it.',
  /** @param {number} n */
  quickOpen: (n) => (n ? `${n} waiting` : ''),
  /** @param {string} clock @param {number} n */
  quickLabel: (clock, n) => `Quick pairing ${clock}${n ? `: ${count(n, 'open challenge', 'open challenges')}` : ''}`,
  openTitle: 'Open challenges',
  size: 'Board',
  allSizes: 'All boards',
  edition: 'Edition',
  allEditions: 'All editions',
  standard: 'Standard',
  sequenced: 'Sequenced',
  clockKind: 'Clock',
  allClocks: 'All clocks',
  live: 'Live',
  days: 'Turn-based',
  rated: 'Rated',
  casual: 'Casual',
  take: 'Play',
  withdraw: 'Withdraw',
  yours: 'Your challenge',
  /** @param {string} name */
  takeLabel: (name) => `Play ${name}`,
  /** @param {number} n */
  daysLabel: (n) => count(n, 'day'),
  empty: 'No open challenges right now. Create one, and someone can take it.',
  noneMatch: 'No open challenges match these filters.',
  connecting: 'Connecting to the lobby…',
  noServer:
    'Playing online needs a server, and this copy of the site has none. You can still play the computer, or a friend by sending links.',
  lost: 'The lobby cannot be reached right now. Trying again…',
  offline: 'You seem to be offline: the lobby will appear when the network is back.',
  playFriend: 'Play a friend by link',
  playComputer: 'Play the computer',
  createTitle: 'Create a challenge',
  color: 'You play',
  black: 'Black',
  green: 'Green',
  random: 'Random',
  ratedGame: 'Rated game',
  clock: 'Time control',
  custom: 'Custom',
  minutes: 'Minutes',
  increment: 'Seconds added a turn',
  pushAsk: 'Tell me when it is my turn',
  pushOn: 'This device is told when it is your turn.',
  pushOff: 'Stop',
  pushDenied: 'Notifications are blocked for this site in the browser’s settings.',
  pushFailed: 'This browser could not be set up to be told.',
  perTurn: 'Days a turn',
  bank: 'Time bank',
  noBank: 'None',
  bankHelp: 'Extra days each player may use, a day at a time, once a turn’s days have run out.',
  /** @param {number} d @param {number} b */
  daysBankLabel: (d, b) => `${count(d, 'day')} + ${b} in the bank`,
  badClock: 'A live clock is 1 second to 180 minutes, with 0 to 180 seconds added a turn.',
  create: 'Create the challenge',
  you: 'You play online as',
  nameTitle: 'Your name online',
  nameAsk: 'Choose the name other players will see.',
  nameHelp:
    'No password or e-mail is needed: a key made in this browser says who you are, and it stays in this browser.',
  name: 'Name',
  continue: 'Continue',
  cancel: 'Cancel',
  badName: 'A name is 1 to 24 characters.',
  noCrypto: 'This browser cannot make the key that online play needs; try a current browser.',
  notKept: 'This browser would not keep your key (its storage is full or blocked).',
  /** @param {string} kind @param {string} message */
  refused: (kind, message) =>
    ({
      malformed: 'The lobby did not understand that challenge.',
      forged: 'The lobby could not check your key’s signature.',
      rate: 'Too many requests: wait a moment and try again.',
      'too-many': 'You have as many open challenges as the lobby allows.',
      'name-taken': 'An established player goes by this name: choose another one under “Your name and key”.',
    })[kind] ?? `The lobby refused: ${message || kind}`,
  settingsTitle: 'Your name and key',
  noPlayer: 'You have not played online on this browser yet.',
  rename: 'Change the name',
  exportKey: 'Export key to a file',
  importKey: 'Import key from a file',
  keyHelp:
    'To play as the same player on another browser, export your key here and import the file there. Keep the file private: whoever has it can play in your name.',
  renamed: 'Name changed.',
  /** @param {string} name */
  imported: (name) => `Key imported: you now play as ${name}.`,
  badFile: 'This is not a Diablo key file.',
  damagedFile: 'This key file is damaged.',
  mismatchFile: 'This key file’s private key does not belong to its public key.',
  // Ratings and players (web/players/), the header's "Your page", online games in "Your games".
  playingTitle: 'Games in progress',
  /** @param {number} size @param {string} opponent ('' before a friend has joined) @param {boolean} yours */
  playingRow: (size, opponent, yours) =>
    `${size}×${size} ${opponent ? `against ${opponent}` : 'waiting for your friend'} · ${yours ? 'your turn' : 'their turn'}`,
  yourPage: 'Your page',
  leaderboard: 'Leaderboard',
  leaderboardIntro:
    'The established players of this site, by rating (Glicko-2, from rated games in the lobby). A new player’s rating is provisional, shown with “?”, until some rated games have settled it.',
  rank: 'Rank',
  player: 'Player',
  rating: 'Rating',
  gamesCol: 'Games',
  noLeaders:
    'No established players yet. A player appears here once their rating has settled: its deviation (RD) under 110, usually after 12 to 17 rated games.',
  /** @param {string} rating @param {number} games @param {number} rd */
  yourStanding: (rating, games, rd) =>
    `You: ${rating} after ${count(games, 'rated game')}, RD ${rd}. You appear here once your RD is under 110, usually after 12 to 17 rated games.`,
  noPlayerKey: 'No player with this key.',
  noRatings: 'Online play is not available on this site: it needs a server, and this copy of the site has none.',
  unreachable: 'The server cannot be reached right now. Try again later.',
  loading: 'Loading…',
  provisionalHelp: '“?”: the rating is provisional until more rated games have settled it.',
  /** @param {number} n @param {number} won @param {number} lost */
  record: (n, won, lost) => `${count(n, 'game')} · ${won} won · ${lost} lost`,
  /** The decimal mark of a luck's number (the review's). */
  decimal: '.',
  /** @param {number} n @param {string} sum @param {string} each the luck summed and a game, signed */
  luckTotal: (n, sum, each) => `Luck over ${count(n, 'rated game')}: ${sum} (${each} a game)`,
  luckHelp:
    'Luck: what the dice gave beyond an average roll, in games won, as in the review (+1: a whole game). 0 is average luck.',
  /** @param {string} x the player's luck in a game, signed */
  luckGame: (x) => `luck ${x}`,
  graphTitle: 'Rating over time',
  /** @param {string} from @param {string} to @param {number} n */
  graphLabel: (from, to, n) => `Rating from ${from} to ${to} over ${count(n, 'rated game')}`,
  noGraph: 'No rated games yet.',
  playingNowTitle: 'Playing now',
  playingTheirMove: 'Their move',
  playingOtherMove: 'Waiting for the opponent',
  /** @param {string} when */
  playingBy: (when) => `by ${when}`,
  playingOpen: 'Watch',
  gamesTitle: 'Games',
  noGames: 'No finished games yet.',
  resultWon: 'Won',
  resultLost: 'Lost',
  resultAborted: 'Aborted',
  /** @param {string} reason */
  /** @param {string} reason why it ended, as the server says (`checkers`: by the rules, said by no word) */
  reasonText: (reason) =>
    /** @type {Record<string, string>} */ ({ resign: 'by resignation', time: 'on time', abandoned: 'game abandoned' })[
      reason
    ] ?? '',
  against: 'against',
  /** @param {string} c */
  asColor: (c) => `as ${c}`,
  replay: 'Replay',
  review: 'Review',
  /** @param {string} text */
  badGame: (text) => `This game cannot be opened: ${text}`,
  itsYou: '(you)',
  /** The badge beside a bot's name (a computer player: lichess's BOT title), the same in every language. */
  bot: 'BOT',
  botTitle: 'A computer player',
  onlineTag: 'Online',
  onlineGames:
    'Your online games are listed too, from the server: import your key on another device and they are there as well.',
});

export default lobby;
