// @ts-check
// The friend page's words in Polish (see ../en/friend.js).

/** @type {import('../i18n.js').Maker<'friend', typeof import('./plural.js')>} */
const friend = () => ({
  credit: 'Diablo, gra Marka Steere’a',
  back: 'Diablo',
  title: 'Graj z przyjacielem',
  titleOnline: 'Graj online',
  invited: 'Zaproszenie',
  yourName: 'Twoje imię (opcjonalnie)',
  accept: 'Przyjmij',
  confirm: 'Zatwierdź',
  undo: 'Cofnij',
  resign: 'Poddaj się',
  rematch: 'Rewanż przez link',
  sendTitle: 'Wyślij ten link przyjacielowi',
  copy: 'Kopiuj',
  copied: 'Skopiowano',
  share: 'Udostępnij',
  newTitle: 'Zaproś przyjaciela',
  size: 'Plansza',
  edition: 'Wersja zasad',
  standard: 'Standardowa',
  sequenced: 'Sekwencyjna',
  color: 'Grasz',
  black: 'czarnymi',
  green: 'zielonymi',
  random: 'losowo',
  invite: 'Utwórz zaproszenie',
  yourGames: 'Twoje partie',
  elsewhereHelp:
    'Twoje partie w toku na innej przeglądarce: oglądaj je tutaj albo przenieś je tu z kluczami (tam Eksportuj, tu niżej Importuj).',
  elsewhereRow: (opponent, yours) => `przeciw ${opponent || 'znajomemu'} · ${yours ? 'twój ruch' : 'ruch przeciwnika'}`,
  watchYours:
    'To twoja partia, ale jej klucze są w innej przeglądarce: aby grać tutaj, wyeksportuj tam jej klucze i zaimportuj je poniżej.',
  noGames: 'Na tej przeglądarce nie ma jeszcze partii przez linki.',
  keysTitle: 'Przenieś partię na inne urządzenie',
  keysHelp:
    'Tajne klucze do partii są tylko w tej przeglądarce. Aby grać dalej na innym urządzeniu, skopiuj klucze partii (Eksportuj) i wklej je tam (Importuj). Bez nich nie możesz rzucać ani grać w tej partii.',
  import: 'Importuj klucze',
  how: 'Kości są uczciwe: każdy rzut łączy sekret, do którego zobowiązałeś się wcześniej, z sekretem ujawnionym przez przyjaciela, więc nikt z was nie może go wybrać ani przewidzieć.',
  howOnline:
    'Kości są uczciwe: każdy rzut łączy sekret, do którego zobowiązałeś się wcześniej, z sekretem ujawnionym przez przeciwnika, więc nikt z was nie może go wybrać ani przewidzieć.',
  open: 'Otwórz',
  exportKeys: 'Eksportuj klucze',
  imported: 'Klucze zaimportowane: partia jest na twojej liście.',
  /** @param {string} c */
  colorName: (c) => (c === 'black' ? 'czarne' : 'zielone'),
  /** @param {string} who @param {number} n @param {string} ed @param {string} c */
  inviteText: (who, n, ed, c) => `${who || 'Przyjaciel'} zaprasza cię do partii ${n}×${n} (wersja ${ed}). Grasz: ${c}.`,
  /** @param {string} clock */
  invitedClock: (clock) => `Z zegarem: ${clock}, prowadzonym przez serwer; rusza, gdy przyjmiesz zaproszenie.`,
  /** @param {string} b @param {string} g */
  players: (b, g) => `Czarne: ${b || '?'} · Zielone: ${g || '?'}`,
  /** @param {string} c */
  invitationMade: (c) => `Zaproszenie gotowe. Grasz: ${c}. Wyślij link; przyjaciel go przyjmie i odeśle link.`,
  acceptedSend: 'Przyjąłeś zaproszenie. Odeślij ten link przyjacielowi.',
  startSend: 'Przyjaciel gra czarnymi i zaczyna. Wyślij ten link: ustala jego pierwszy rzut.',
  waiting: 'Czekasz na link od przyjaciela. Jeśli jeszcze go nie wysłałeś, wyślij ten:',
  yourTurn: 'Twoja tura: widzisz swój rzut. Zagraj i zatwierdź.',
  sentSend: 'Tura zagrana. Wyślij ten link przyjacielowi:',
  /** @param {string} c @param {boolean} resigned */
  over: (c, resigned) => `Wygrywają ${c}${resigned ? ' (przeciwnik się poddał)' : ''}.`,
  overSend: 'Partia skończona. Wyślij przyjacielowi ostatni link; każdy może nim sprawdzić całą partię.',
  viewer:
    'Na tej przeglądarce nie grasz w tej partii: oto jej zapis. Jeśli to twoja partia, zaimportuj poniżej jej klucze (wyeksportuj je na urządzeniu, na którym grałeś).',
  /** @param {string} text */
  refused: (text) => `Tego linku nie można użyć: ${text}.`,
  resignConfirm: 'Poddać tę partię?',
  /** @param {string} opp @param {string} you @param {string} state */
  row: (opp, you, state) => `z ${opp || '?'} — grasz: ${you} — ${state}`,
  rowYourTurn: 'twoja tura',
  rowTheirTurn: 'tura przeciwnika',
  rowAccept: 'czeka na przyjęcie',
  rowStart: 'wyślij link startowy',
  /** @param {string} c */
  rowOver: (c) => `wygrały ${c}`,
  /** @param {string} when */
  arrived: (when) => `ostatni link ${when}`,
  /** @param {string} roll @param {string} turn */
  lastMove: (roll, turn) => `ostatnia tura ${roll}: ${turn}`,
  rematchOffered: (who, terms) => `${who} proponuje rewanż${terms ? ` (${terms})` : ''}.`,
  rematchWaiting: (who, terms) => `Rewanż zaproponowany (${who})${terms ? `, ${terms}` : ''}: czekasz, aż go przyjmie.`,
  ratedGame: 'rankingowa',
  casualGame: 'towarzyska',
  playRematch: 'Zagraj rewanż',
  rematchSent: (c) =>
    `Rewanż zaproponowany: jest już na stronie przyjaciela. Grasz: ${c}. Jeśli go tu nie ma, wyślij mu ten link.`,
  yourFriend: 'Druga osoba',
  rematchLive: 'Rewanż',
  modeTitle: 'Jak gracie',
  modeLive: 'Graj na żywo',
  modeLinks: 'Graj przez linki',
  modeHelp:
    'Na żywo: wysyłasz link raz, a potem każda tura od razu pojawia się na obu ekranach. Przez linki: po każdej turze wysyłasz link.',
  goLive: 'Graj na żywo',
  notify: 'Powiadom mnie, gdy nadejdzie moja tura',
  pushOn: 'To urządzenie dostaje powiadomienie, gdy nadchodzi twoja tura.',
  pushOff: 'Wyłącz',
  pushDenied: 'Powiadomienia z tej strony są zablokowane w ustawieniach przeglądarki.',
  pushFailed:
    'Nie udało się włączyć powiadomień w tej przeglądarce. Dopóki ta karta jest otwarta, jej tytuł mówi, kiedy nadchodzi twoja tura.',
  /** @param {string} c */
  invitationLive: (c) =>
    `Zaproszenie gotowe. Grasz: ${c}. Wyślij ten link raz, dowolnym komunikatorem: gdy przyjaciel przyjmie zaproszenie, partia potoczy się tutaj na żywo.`,
  liveSend:
    'Drugiej osoby nie ma teraz na stronie: twoja tura dotrze do niej, gdy wróci. Możesz też wysłać jej ten link:',
  liveWaitAccept: 'Czekasz, aż przyjaciel przyjmie zaproszenie.',
  lobbyWaitAccept: 'Czekasz, aż ktoś przyjmie twoje wyzwanie.',
  /** @param {string} who */
  liveTheirTurn: (who) => `Czekasz na turę przeciwnika${who ? ` (${who})` : ''}.`,
  linksOnly: 'Gra przez linki: tury przechodzą tylko w linkach, które wysyłacie.',
  liveFull: 'Serwer gry na żywo jest teraz pełny: zamiast tego wyślij link.',
  liveDiffers: 'Serwer gry na żywo ma inną wersję tej partii: zamiast tego wyślij link.',
  watching: 'Oglądasz na żywo: każda tura pojawia się, gdy tylko zostanie zagrana.',
  watchLost: 'Utracono połączenie na żywo — łączę ponownie.',
  /** @param {string} who @param {boolean} [live] a live clock (a turn-based game is not called live) */
  liveHere: (who, live = true) => `${live ? 'Na żywo · ' : ''}${who || 'Druga osoba'} jest tutaj`,
  /** @param {string} who @param {boolean} [live] */
  liveOfferWaits: (who, live = true) => `${live ? 'Na żywo · ' : ''}${who || 'Druga osoba'} czeka na twoją odpowiedź`,
  /** @param {string} who @param {string} when @param {boolean} [live] */
  liveLeft: (who, when, live = true) =>
    `${live ? 'Na żywo · ' : ''}${who || 'Druga osoba'}: ostatnio na stronie ${when}`,
  /** @param {string} who @param {boolean} [live] */
  liveAway: (who, live = true) => `${live ? 'Na żywo · ' : ''}${who || 'Druga osoba'}: teraz poza stroną`,
  justNow: 'przed chwilą',
  liveConnecting: 'Łączenie na żywo…',
  liveLost: 'Utracono połączenie na żywo — łączę ponownie; możesz też wysłać link.',
  turnTitle: 'Twoja tura',
  overTitle: 'Koniec partii',
  /** @param {string} who */
  turnBody: (who) => `Tura przeciwnika${who ? ` (${who})` : ''} zagrana: twój rzut czeka.`,
  /** @param {number} d @param {number} h @param {number} m */
  daysLeft: (d, h, m) =>
    d > 0
      ? `Pozostało: ${d} ${d === 1 ? 'dzień' : 'dni'}${h ? ` ${h} godz.` : ''}`
      : h > 0
        ? `Pozostało: ${h} godz.${m ? ` ${m} min` : ''}`
        : `Pozostało: ${m} min`,
  /** @param {number} n */
  bankLeft: (n) => `+ ${n} w banku`,
  /** @param {number} d @param {number} b */
  daysATurnBanked: (d, b) => `${d} ${d === 1 ? 'dzień' : 'dni'} na turę + ${b} w banku`,
  /** @param {string} who */
  clockOf: (who) => `Zegar: ${who}`,
  firstMove: 'pierwszy ruch, przy 0 partia zostaje przerwana',
  /** Beside a clock that stands while the server is out of reach. */
  clockPaused: 'wstrzymany',
  firstMoveShort: 'pierwszy ruch',
  lowTime: 'mało czasu',
  /** @param {string} loser @param {string} winner */
  endTime: (loser, winner) => `${loser}: koniec czasu. Wygrywa ${winner}.`,
  /** @param {string} other @param {boolean} resigned */
  playedElsewhere:
    'Twoja tura została rozegrana w innej karcie lub na innym urządzeniu: ta strona pokazuje teraz partię w obecnym stanie.',
  youWon: (other, resigned) => `Wygrywasz${resigned ? `: ${other || 'przeciwnik'} się poddaje` : ''}.`,
  /** @param {boolean} resigned */
  youLost: (resigned) => `Przegrywasz${resigned ? ' przez poddanie' : ''}.`,
  /** @param {string} other */
  youWonTime: (other) => `Wygrywasz: ${other || 'przeciwnik'} — koniec czasu.`,
  youLostTime: 'Przegrywasz: skończył ci się czas.',
  /** @param {string} other */
  youWonAbandoned: (other) => `Wygrywasz: ${other || 'przeciwnik'} opuszcza partię.`,
  youLostAbandoned: 'Przegrywasz: opuszczasz partię, a przeciwnik odbiera zwycięstwo.',
  /** @param {string} winner @param {boolean} resigned */
  watchedOver: (winner, resigned) =>
    `Partia skończona. Zwycięzca: ${winner}${resigned ? ' (przeciwnik się poddał)' : ''}.`,
  endAborted: 'Partia przerwana: pierwsza tura nie została rozegrana na czas.',
  /** @param {string} loser @param {string} winner */
  endResigned: (loser, winner) => `${loser} poddaje partię: wygrywa ${winner}.`,
  endAbandoned: (loser, winner) => `${loser} opuszcza partię: ${winner} odbiera zwycięstwo.`,
  rowAborted: 'przerwana',
  claim: 'Odbierz zwycięstwo',
  claimHelp: 'Przeciwnik opuścił partię, a tura należy do niego.',
  'too-early': 'Jeszcze nie: zwycięstwo można odebrać, gdy przeciwnika nie ma dość długo.',
  'not-seated': 'Zwycięstwo może odebrać tylko gracz tej partii.',
  unseated: 'To partia rankingowa: najpierw ustal swoją nazwę gracza w poczekalni, potem otwórz partię ponownie.',
  'too-many': 'Serwer nie zacznie w tej godzinie więcej partii z twojego połączenia: spróbuj później.',
  'name-taken':
    'Twoją nazwę nosi już gracz z ustalonym rankingiem: wybierz inną w ustawieniach poczekalni i otwórz partię ponownie.',
  playban: 'Dziś trzy partie przerwały się, bo nie wykonano ruchu: wyzwania przyjmiesz znów godzinę po ostatniej.',
  toLobby: 'Do poczekalni',
  lobbyWaiting: 'Twoje wyzwanie jest w poczekalni — czeka, aż ktoś je przyjmie.',
  lobbyCancel: 'Anuluj',
  lobbyBot: 'Zagraj w tym czasie z botem',
  lobbyGone: 'Twojego wyzwania nie ma już w poczekalni.',
  /** @param {string} text */
  lobbyRefused: (text) => `Poczekalnia nie przyjęła wyzwania: ${text}`,
  clockChoice: 'Zegar',
  noClock: 'Bez zegara',
  /** @param {number} n */
  daysATurn: (n) => `${n} ${n === 1 ? 'dzień' : 'dni'} na turę`,
  clockNeedsName: 'Partia z zegarem wymaga nazwy gracza: wpisz ją powyżej.',
  /** @param {string} clock */
  clockStarts: (clock) => `Zegar ${clock}: rusza, gdy przyjaciel przyjmie zaproszenie.`,
  clockNoAnswer: 'serwer nie odpowiedział',
  /** @param {string} text */
  clockRefused: (text) => `Serwer nie przyjął zegara, więc ta partia go nie ma: ${text}`,
});

export default friend;
