// @ts-check
// The lobby page's words in Polish (see ../en/lobby.js).

/** @type {import('../i18n.js').Maker<'lobby', typeof import('./plural.js')>} */
const lobby = ({ count }) => ({
  credit: 'Diablo, gra Marka Steere’a',
  back: 'Diablo',
  playOnline: 'Graj online',
  title: 'Graj online',
  intro: 'Przyjmij otwarte wyzwanie, by zagrać z kimś od razu, albo utwórz własne i poczekaj, aż ktoś je przyjmie.',
  quickTitle: 'Szybka gra',
  quickHelp:
    '8 × 8 · Standardowa · Rankingowa. Dotknięcie przyjmuje pierwsze otwarte wyzwanie z tym zegarem albo tworzy nowe i czeka, aż ktoś je przyjmie.',
  /** @param {number} n */
  quickOpen: (n) => (n ? `czeka: ${n}` : ''),
  /** @param {string} clock @param {number} n */
  quickLabel: (clock, n) =>
    `Szybka gra ${clock}${n ? `: ${count(n, 'otwarte wyzwanie', 'otwarte wyzwania', 'otwartych wyzwań')}` : ''}`,
  openTitle: 'Otwarte wyzwania',
  size: 'Plansza',
  allSizes: 'Wszystkie plansze',
  edition: 'Wersja',
  allEditions: 'Wszystkie wersje',
  standard: 'Standardowa',
  sequenced: 'Sekwencyjna',
  clockKind: 'Zegar',
  allClocks: 'Wszystkie zegary',
  live: 'Na żywo',
  days: 'Korespondencyjnie',
  rated: 'Rankingowa',
  casual: 'Towarzyska',
  take: 'Graj',
  withdraw: 'Wycofaj',
  yours: 'Twoje wyzwanie',
  /** @param {string} name */
  takeLabel: (name) => `Graj z: ${name}`,
  /** @param {number} n */
  daysLabel: (n) => count(n, 'dzień', 'dni', 'dni'),
  empty: 'Nie ma teraz otwartych wyzwań. Utwórz własne, a ktoś je przyjmie.',
  noneMatch: 'Żadne otwarte wyzwanie nie pasuje do tych filtrów.',
  connecting: 'Łączenie z poczekalnią…',
  noServer:
    'Gra online wymaga serwera, a ta kopia strony go nie ma. Możesz nadal grać z komputerem albo z przyjacielem, wysyłając linki.',
  lost: 'Nie można teraz połączyć się z poczekalnią. Ponawiam próbę…',
  offline: 'Wygląda na to, że nie masz połączenia: poczekalnia pojawi się, gdy sieć wróci.',
  playFriend: 'Graj z przyjacielem przez link',
  playComputer: 'Graj z komputerem',
  createTitle: 'Utwórz wyzwanie',
  color: 'Grasz',
  black: 'Czarnymi',
  green: 'Zielonymi',
  random: 'Losowo',
  ratedGame: 'Partia rankingowa',
  clock: 'Tempo gry',
  custom: 'Własne',
  minutes: 'Minuty',
  increment: 'Sekundy dodawane co turę',
  pushAsk: 'Powiadom mnie, gdy nadejdzie moja tura',
  pushOn: 'To urządzenie dostaje powiadomienie, gdy nadchodzi twoja tura.',
  pushOff: 'Wyłącz',
  pushDenied: 'Powiadomienia z tej strony są zablokowane w ustawieniach przeglądarki.',
  pushFailed: 'Nie udało się włączyć powiadomień w tej przeglądarce.',
  perTurn: 'Dni na turę',
  bank: 'Bank czasu',
  noBank: 'Brak',
  bankHelp: 'Dodatkowe dni dla każdego gracza, zużywane po jednym, gdy skończą się dni tury.',
  /** @param {number} d @param {number} b */
  daysBankLabel: (d, b) => `${count(d, 'dzień', 'dni', 'dni')} + ${b} w banku`,
  badClock: 'Zegar na żywo to od 1 sekundy do 180 minut i od 0 do 180 sekund dodawanych co turę.',
  create: 'Utwórz wyzwanie',
  you: 'Grasz online jako',
  nameTitle: 'Twoja nazwa online',
  nameAsk: 'Wybierz nazwę, którą zobaczą inni gracze.',
  nameHelp:
    'Bez hasła i bez e-maila: kim jesteś, poświadcza klucz utworzony w tej przeglądarce i tylko w niej przechowywany.',
  name: 'Nazwa',
  continue: 'Dalej',
  cancel: 'Anuluj',
  badName: 'Nazwa ma od 1 do 24 znaków.',
  noCrypto: 'Ta przeglądarka nie potrafi utworzyć klucza potrzebnego do gry online; spróbuj aktualnej przeglądarki.',
  notKept: 'Ta przeglądarka nie chce przechować twojego klucza (pamięć jest pełna lub zablokowana).',
  /** @param {string} kind @param {string} message */
  refused: (kind, message) =>
    ({
      malformed: 'Poczekalnia nie zrozumiała tego wyzwania.',
      forged: 'Poczekalnia nie mogła sprawdzić podpisu twojego klucza.',
      rate: 'Za dużo prób naraz: odczekaj chwilę i spróbuj ponownie.',
      'too-many': 'Masz już tyle otwartych wyzwań, ile pozwala poczekalnia.',
      'name-taken': 'Tę nazwę nosi już gracz z ustalonym rankingiem: wybierz inną w „Twoja nazwa i klucz”.',
    })[kind] ?? `Poczekalnia odmówiła: ${message || kind}`,
  settingsTitle: 'Twoja nazwa i klucz',
  noPlayer: 'W tej przeglądarce nikt jeszcze nie grał online.',
  rename: 'Zmień nazwę',
  exportKey: 'Zapisz klucz do pliku',
  importKey: 'Wczytaj klucz z pliku',
  keyHelp:
    'Aby grać jako ten sam gracz w innej przeglądarce, zapisz tu klucz do pliku i wczytaj go tam. Nie udostępniaj pliku: kto go ma, może grać w twoim imieniu.',
  renamed: 'Nazwa zmieniona.',
  /** @param {string} name */
  imported: (name) => `Klucz wczytany: grasz teraz jako ${name}.`,
  badFile: 'To nie jest plik klucza Diablo.',
  damagedFile: 'Ten plik klucza jest uszkodzony.',
  mismatchFile: 'Klucz prywatny w tym pliku nie pasuje do jego klucza publicznego.',
  playingTitle: 'Trwające partie',
  playingRow: (size, opponent, yours) =>
    `${size}×${size} ${opponent ? `z: ${opponent}` : 'czeka na przeciwnika'} · ${yours ? 'twoja tura' : 'tura przeciwnika'}`,
  yourPage: 'Twoja strona',
  leaderboard: 'Ranking',
  leaderboardIntro:
    'Gracze tej strony z ustalonym rankingiem, od najwyższego (Glicko-2, z rankingowych partii z poczekalni). Ranking nowego gracza jest tymczasowy, oznaczony „?”, dopóki kilka rankingowych partii go nie ustali.',
  rank: 'Miejsce',
  player: 'Gracz',
  rating: 'Ranking',
  gamesCol: 'Partie',
  noLeaders:
    'Nie ma jeszcze graczy z ustalonym rankingiem. Gracz pojawia się tutaj, gdy jego ranking się ustali: odchylenie (RD) poniżej 110, zwykle po 12–17 rankingowych partiach.',
  /** @param {string} rating @param {number} games @param {number} rd */
  yourStanding: (rating, games, rd) =>
    `Ty: ${rating}, rankingowe partie: ${games}, RD ${rd}. Pojawisz się tutaj, gdy Twoje RD spadnie poniżej 110, zwykle po 12–17 rankingowych partiach.`,
  noPlayerKey: 'Nie ma gracza z tym kluczem.',
  noRatings: 'Gra online nie jest dostępna na tej stronie: wymaga serwera, a ta kopia strony go nie ma.',
  unreachable: 'Serwer jest teraz nieosiągalny. Spróbuj później.',
  loading: 'Wczytywanie…',
  provisionalHelp: '„?”: ranking jest tymczasowy, dopóki kolejne rankingowe partie go nie ustalą.',
  /** @param {number} n @param {number} won @param {number} lost */
  record: (n, won, lost) => `${count(n, 'partia', 'partie', 'partii')} · wygrane: ${won} · przegrane: ${lost}`,
  /** The decimal mark of a luck's number (the review's). */
  decimal: ',',
  /** @param {number} n @param {string} sum @param {string} each the luck summed and a game, signed */
  luckTotal: (n, sum, each) =>
    `Szczęście w ${count(n, 'rankingowej partii', 'rankingowych partiach', 'rankingowych partiach')}: ${sum} (${each} na partię)`,
  luckHelp:
    'Szczęście: ile kości dały ponad przeciętny rzut, w wygranych partiach, jak w analizie (+1: cała partia). 0 to przeciętne szczęście.',
  /** @param {string} x the player's luck in a game, signed */
  luckGame: (x) => `szczęście ${x}`,
  graphTitle: 'Ranking w czasie',
  /** @param {string} from @param {string} to @param {number} n */
  graphLabel: (from, to, n) =>
    `Ranking od ${from} do ${to} w ${count(n, 'rankingowej partii', 'rankingowych partiach', 'rankingowych partiach')}`,
  noGraph: 'Nie ma jeszcze rankingowych partii.',
  playingNowTitle: 'Gra teraz',
  playingTheirMove: 'Ruch tego gracza',
  playingOtherMove: 'Czeka na przeciwnika',
  playingBy: (when) => `do ${when}`,
  playingOpen: 'Oglądaj',
  gamesTitle: 'Partie',
  noGames: 'Nie ma jeszcze zakończonych partii.',
  resultWon: 'Wygrana',
  resultLost: 'Przegrana',
  resultAborted: 'Przerwana',
  /** @param {string} reason */
  /** @param {string} reason why it ended, as the server says (`checkers`: by the rules, said by no word) */
  reasonText: (reason) =>
    /** @type {Record<string, string>} */ ({
      resign: 'przez poddanie',
      time: 'na czas',
      abandoned: 'partia porzucona',
    })[reason] ?? '',
  against: 'z',
  /** @param {string} c */
  asColor: (c) => `jako ${c}`,
  replay: 'Odtwórz',
  review: 'Analiza partii',
  /** @param {string} text */
  badGame: (text) => `Nie można otworzyć tej partii: ${text}`,
  itsYou: '(ty)',
  bot: 'BOT',
  botTitle: 'Gracz komputerowy',
  onlineTag: 'Online',
  onlineGames: 'Są tu też twoje partie online, z serwera: wczytaj klucz na innym urządzeniu, a będą i tam.',
});

export default lobby;
