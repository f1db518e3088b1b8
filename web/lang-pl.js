// @ts-check
// The Polish words of the page and of the engine's errors, loaded only when
// a page speaks Polish (i18n.js `loadLanguage`).

/** @typedef {import('./error-words.js').ErrorWording} ErrorWording */
/** @typedef {Pick<typeof import('./error-words.js'), 'act' | 'colorIn' | 'known' | 'nested' | 'num' | 'OTHER' | 'plural' | 'v'>} Helpers */

/**
 * The Polish error words, built over the English module's helpers (passed in,
 * so this module has no static import to share with the page's start code).
 * @param {Helpers} h
 */
export function errorWords(h) {
  const { act, colorIn, known, nested, num, OTHER, plural, v } = h;

  /**
   * Polish: "1 pole", "3 pola", "5 pól" (an unknown count reads "? pól").
   * @param {any} n
   * @param {string} one
   * @param {string} few
   * @param {string} many
   */
  const plCount = (n, one, few, many) => `${v(n)} ${plural(num(n), one, few, many)}`;

  /** @param {any} text */
  const plQ = (text) => `„${v(text)}”`;

  /** @type {Record<string, string>} */
  const PL_COLOR = { black: 'Czarne', green: 'Zielone' };

  /**
   * Polish genitive: "należy do Czarnych".
   * @type {Record<string, string>}
   */
  const PL_COLOR_OF = { black: 'Czarnych', green: 'Zielonych' };

  /**
   * Headers of a game record, in Polish.
   * @type {Record<string, string>}
   */
  const PL_HEADER = { edition: 'wersja zasad', size: 'rozmiar planszy', start: 'pozycja początkowa' };

  /**
   * A record header in Polish: its keyword as written and what it means.
   * @param {any} header
   */
  const plHeader = (header) => {
    const meaning = typeof header === 'string' ? PL_HEADER[header] : undefined;
    return meaning ? `${plQ(header)} (${meaning})` : plQ(header);
  };

  /**
   * Where a compact link can end too soon (`Truncated` in link.rs, link/bytes.rs), in Polish (genitive).
   * @type {Record<string, string>}
   */
  const PL_TRUNCATED = {
    'header and checksum': 'nagłówka i sumy kontrolnej',
    'last byte (one character too many or too few)': 'ostatniego bajtu (o jeden znak za dużo lub za mało)',
    'turn count': 'liczby tur',
    'start turn number': 'numeru tury początkowej',
  };

  /**
   * How a compact link can be written wrongly (`Malformed` in link.rs, link/bytes.rs), in Polish.
   * @type {Record<string, string>}
   */
  const PL_MALFORMED = {
    'a number written with extra zero bytes': 'liczba zapisana z nadmiarowymi bajtami zerowymi',
    'a number too large': 'za duża liczba',
    'the last character has stray bits': 'ostatni znak ma zbędne bity',
    'a reserved header bit is set': 'ustawiony jest zarezerwowany bit nagłówka',
    'more turns than any game on this board can have': 'więcej tur, niż może mieć jakakolwiek partia na tej planszy',
    'the game data starts with a zero byte': 'dane partii zaczynają się od bajtu zerowego',
    'a set-up start equal to the standard start': 'ustawiona pozycja początkowa jest taka sama jak standardowa',
    'a die showing 0': 'kość z wartością 0',
  };

  /** @type {Record<string, ErrorWording>} */
  const errors = {
    // Odmowy według zasad.
    'off-board': (p) => act(p, `pola ${v(p.square)} nie ma na tej planszy`),
    'empty-square': (p) => act(p, `na polu ${v(p.square)} nie ma stosu`),
    'not-your-stack': (p) => act(p, `stos na ${v(p.square)} nie jest twój`),
    'not-straight': (p) => act(p, 'ruch odbywa się prosto wzdłuż rzędu lub kolumny'),
    'wrong-distance': (p) => {
      const dice = Array.isArray(p.unused) ? p.unused : null;
      const moved = `stos przesunąłby się o ${plCount(p.distance, 'pole', 'pola', 'pól')}`;
      if (!dice) return act(p, `${moved}, a żadna niewykorzystana kość tego nie pokazuje`);
      if (dice.length === 0) return act(p, `${moved}, a nie została żadna niewykorzystana kość`);
      if (dice.length === 1) return act(p, `${moved}, a niewykorzystana kość pokazuje ${v(dice[0])}`);
      return act(p, `${moved}, a kości pokazują ${v(dice[0])} i ${v(dice[1])}`);
    },
    'taller-enemy': (p) =>
      act(p, `stos przeciwnika na tym polu jest wyższy (${v(p.enemy)}) niż przesuwany stos (${v(p.mover)})`),
    'second-step': (p) =>
      act(p, 'w turze może być najwyżej jeden krok, więc po kroku drugi ruch musi być łączeniem lub biciem'),
    'step-after-individual': (p) =>
      act(p, 'po ruchu pojedynczym może nastąpić tylko łączenie lub bicie, a nie krok'),
    'step-without-completion': (p) =>
      act(p, 'krok jest dozwolony tylko jako pierwsza część ruchu sekwencyjnego, a żaden ruch drugą kością nie dokończyłby tego ruchu'),
    'balancing-step': (p) =>
      act(p, 'pierwsza tura Czarnych to jeden ruch pojedynczy (łączenie lub bicie), więc bez kroku'),
    'not-completing': (p) =>
      act(p, `po kroku na ${v(p.square)} ten stos musi łączyć lub bić albo inny twój stos musi się z nim połączyć`),
    'removal-while-move-exists': (p) =>
      act(p, `zdjęcie jest dozwolone tylko wtedy, gdy żaden ruch nie jest możliwy, a możliwy jest na przykład ${v(p.move)}`),
    'move-after-removal': (p) =>
      act(p, 'tura zaczęła się od zdjęcia, więc jej druga akcja też musi być zdjęciem'),
    'not-tallest': (p) =>
      act(p, `zdjąć można tylko z najwyższego stosu: ten ma wysokość ${v(p.height)}, a twój najwyższy ${v(p.tallest)}`),
    'balancing-single-action': (p) =>
      act(p, 'za dużo akcji: pierwsza tura Czarnych to tylko jedna akcja (zasada wyrównania)'),
    'game-ended': (p) => act(p, 'za dużo akcji: pierwsza akcja zakończyła grę'),
    'turn-over': (p) => act(p, 'za dużo akcji: tura już się skończyła'),
    incomplete: (p) =>
      act(p, `tura jest niepełna: potrzebna jest druga akcja (na przykład ${v(p.example)})`),
    'not-legal-here': (p) => act(p, 'tej akcji nie można tu wykonać'),
    'game-over': (p) => act(p, `gra jest skończona: wygrały ${colorIn(PL_COLOR, p.winner)}`),
    'die-too-big': (p) =>
      act(p, `kość z wartością ${v(p.die)} nie pasuje do tej planszy (kości mają wartości od 1 do ${v(p.faces)})`),
    // Rozgrywana tura.
    'not-rolled': () => 'najpierw rzuć kośćmi',
    'already-rolled': () => 'w tej turze już rzucono kośćmi',
    'roll-locked': () => 'kości nie mogą się zmienić, gdy w tej turze zagrano już akcję',
    'die-zero': () => 'kość nie może pokazywać 0',
    'index-off-board': (p) =>
      `pole o numerze ${v(p.index)} leży poza planszą ${v(p.size)} × ${v(p.size)}`,
    // Tekst, którego nie da się odczytać.
    'bad-edition': (p) => `nieznana wersja zasad ${plQ(p.text)} (oczekiwano „standard” lub „sequenced”)`,
    'bad-size': (p) =>
      `rozmiar planszy ${v(p.size)} jest niedozwolony (bok musi być parzysty, od 2 do 26)`,
    'bad-size-number': (p) => `rozmiar ${plQ(p.text)} nie jest liczbą`,
    'bad-level': (p) => `nieznany poziom komputera ${plQ(p.text)}`,
    'bad-roll': (p) =>
      `błędny rzut ${plQ(p.text)} (oczekiwano dwóch kości rozdzielonych przecinkiem, np. 3,1)`,
    'bad-square': (p) =>
      `błędne pole ${plQ(p.text)} (oczekiwano kolumny a–z i rzędu 1–26, np. c3)`,
    'bad-action': (p) =>
      `błędna akcja ${plQ(p.text)} (oczekiwano ruchu, np. c3-c5, albo zdjęcia, np. -c3)`,
    'empty-turn': () => 'pusta tura (oczekiwano jednej lub dwóch akcji)',
    'too-many-actions': (p) => `tura ma najwyżej dwie akcje, a ta ma ${v(p.count)}`,
    'position-fields': (p) =>
      `kod pozycji ma ${plCount(p.count, 'część', 'części', 'części')}; oczekiwano 3 rozdzielonych pojedynczymi spacjami: plansza, strona na ruchu, numer tury`,
    'position-size': (p) =>
      `plansza ma ${plCount(p.ranks, 'rząd', 'rzędy', 'rzędów')}; bok musi być parzysty, od 2 do 26`,
    'position-rank-length': (p) =>
      `rząd ${v(p.rank)} ma ${plCount(p.found, 'pole', 'pola', 'pól')} zamiast ${v(p.expected)}`,
    'position-token': (p) =>
      `rząd ${v(p.rank)}: nieznany znacznik ${plQ(p.token)} (oczekiwano „.” albo b lub g z opcjonalną wysokością)`,
    'position-zero-height': (p) => `rząd ${v(p.rank)}: stos ${plQ(p.token)} ma wysokość 0`,
    'position-too-many': (p) =>
      `${colorIn(PL_COLOR, p.color)} mają co najmniej ${plCount(p.count, 'pionek', 'pionki', 'pionków')}, a na tej planszy mieści się najwyżej ${v(p.max)}`,
    'position-empty': () => 'na planszy nie ma ani jednego pionka',
    'position-side': (p) => `oznaczenie strony na ruchu ${plQ(p.text)} nie jest literą b ani g`,
    'position-turn': (p) => `numer tury ${plQ(p.text)} nie jest liczbą całkowitą od 1 do 999999999`,
    'position-side-turn': (p) =>
      `tura ${v(p.turn)} należy do ${colorIn(PL_COLOR_OF, OTHER[p.side])}, a jako stronę na ruchu podano ${colorIn(PL_COLOR, p.side)}`,
    'missing-header': (p) => `przed pierwszą turą brakuje nagłówka ${plHeader(p.header)}`,
    'duplicate-header': (p) => `nagłówek ${plHeader(p.header)} występuje dwa razy`,
    'header-after-turns': () => 'wiersze nagłówka muszą być przed turami',
    'start-size': (p) =>
      `pozycja początkowa ma rozmiar ${v(p.start)} × ${v(p.start)}, a nagłówek „size” podaje ${v(p.header)}`,
    'bad-line': (p) =>
      `nie można odczytać ${plQ(p.text)} (oczekiwano nagłówka, komentarza # albo „<rzut>: <tura>”)`,
    record: (p, cause) => {
      const kind = p.cause?.kind;
      const start = typeof kind === 'string' && kind.startsWith('position-') ? 'pozycja początkowa: ' : '';
      return `wiersz ${v(p.line)}: ${start}${nested(p, cause)}`;
    },
    // Linki do partii.
    'link-empty': () => 'link jest pusty',
    'link-version': (p) =>
      `nieznana wersja linku ${plQ(p.found)} (może pochodzi z nowszej wersji tej strony)`,
    'link-character': (p) => `niedozwolony znak ${plQ(p.found)} na pozycji ${v(p.position)} linku`,
    'link-truncated': (p) => {
      const where = known(PL_TRUNCATED, p.field);
      return `link jest ucięty: ${where ? `urywa się w środku ${where}` : `urywa się w polu ${plQ(p.field)}`}`;
    },
    'link-checksum': () =>
      'link jest uszkodzony: suma kontrolna się nie zgadza (czy został ucięty lub zmieniony?)',
    'link-malformed': (p) =>
      `link jest nieprawidłowo zapisany: ${known(PL_MALFORMED, p.what) ?? plQ(p.what)}`,
    'link-size': (p) => `błędny rozmiar planszy w linku: ${v(p.size)}`,
    'link-edition': (p) => `błędny numer wersji zasad w linku: ${v(p.value)}`,
    'link-start': (p, cause) => `błędna pozycja początkowa: ${nested(p, cause)}`,
    'link-turn': (p, cause) => {
      const k = num(p.validTurns);
      const before =
        k === 1 ? ' (tura przed nią jest poprawna)'
          : k > 1 ? ` (${plural(k, '', 'poprawne są', 'poprawnych jest')} ${k} ${plural(k, '', 'wcześniejsze tury', 'wcześniejszych tur')})`
            : '';
      return `tury ${v(p.number)} nie można zagrać: ${nested(p, cause)}${before}`;
    },
    'link-trailing': () => 'w linku zostały dane po ostatniej turze',
    'link-view': (p) =>
      `link wskazuje turę ${v(p.view)}, a partia ma tylko ${plCount(p.turns, 'turę', 'tury', 'tur')}`,
    'link-parameter': (p) =>
      `błędny parametr linku ${plQ(p.text)} (oczekiwano view=<liczba tur>)`,
    'link-escape': (p) =>
      `błędna sekwencja % na pozycji ${v(p.position)} linku (oczekiwano % i dwóch cyfr szesnastkowych)`,
    'link-utf8': () => 'zapis partii w linku nie jest poprawnym tekstem UTF-8',
    'link-record': (p, cause) => `zapis partii w linku jest błędny: ${nested(p, cause)}`,
    // Nie z winy gracza.
    // Partie przez linki.
    'corr-not-link': () => 'to nie jest link partii przez linki',
    'corr-damaged': () => 'link partii jest uszkodzony: zmieniono go albo ucięto przy kopiowaniu',
    'corr-forged': (p) => `link został zmieniony: wiadomość ${v(p.message)} nie pasuje do partii`,
    'corr-stale': (p) =>
      `ten link jest starszy niż twoja partia (ma ${v(p.link)} wiadomości, twoja partia ${v(p.stored)}); pokazano twoją partię bez zmian`,
    'corr-other-game': () => 'ten link należy do innej partii',
    'corr-diverges': (p) => `ten link nie jest dalszym ciągiem twojej partii: różni się od niej od wiadomości ${v(p.message)}`,
    'corr-not-your-turn': () => 'w tej partii nie jest teraz twój ruch',
    'corr-keys': () => 'twoich kluczy do tej partii brakuje, są uszkodzone albo należą do innej partii',
    'corr-illegal': (p) => `${v(p.turn)} nie można zagrać przy twoim rzucie ${v(p.roll)}`,
    'corr-name': () => 'imię może mieć najwyżej 32 bajty i nie może zawierać znaków sterujących',
    'no-random': () => 'przeglądarka nie udostępnia liczb losowych do rzutu kośćmi',
    internal: () => 'wewnętrzny błąd silnika gry',
  };
  return errors;
}

/**
 * The page's Polish words.
 * @param {Helpers} h
 * @returns {import('./i18n.js').Words}
 */
export function pageWords(h) {
  const { plural } = h;
  return {
    credit: 'Diablo, gra Marka Steere’a',
    footer: 'Diablo to gra Marka Steere’a. Ta strona zachowuje jej nazwę, zasady i informację o autorze.',
    newGame: 'Nowa gra', playFriend: 'Graj z przyjacielem przez linki (na odległość, uczciwe kości) →', rules: 'Zasady', help: 'Klawisze', language: 'Język', flip: 'Obróć planszę',
    reload: 'Odśwież', dismiss: 'Zamknij', board: 'Plansza', rematch: 'Rewanż', review: 'Analiza partii', analysisBoard: 'Analiza',
    roll: 'Rzuć', confirm: 'Zatwierdź', undo: 'Cofnij', takeBack: 'Cofnij turę',
    positionCode: 'Kod pozycji', settings: 'Ustawienia',
    autoRoll: 'Rzucaj automatycznie', autoConfirm: 'Zatwierdzaj tury automatycznie',
    showCoords: 'Pokaż współrzędne', log: 'Tury', boardSize: 'Rozmiar planszy',
    edition: 'Wersja zasad', editionStandard: 'Standardowa', editionSequenced: 'Sekwencyjna',
    players: 'Gracze', playersTwo: 'Dwoje graczy (jeden ekran)',
    playersComputer: 'Przeciw komputerowi',
    level: 'Poziom', yourColor: 'Grasz',
    levelBeginner: 'Początkujący', levelEasy: 'Łatwy', levelMedium: 'Średni', levelHard: 'Trudny',
    humanBlack: 'Czarnymi (zaczynają)', humanGreen: 'Zielonymi', humanRandom: 'Losowy kolor',
    gameInfoComputer: (level) => `przeciw komputerowi (${level.toLowerCase()})`,
    computerToMove: (c) => `Ruch: ${c} (komputer).`,
    thinking: (c) => `${c} (komputer) myślą…`, thinkingShort: 'Komputer myśli…',
    computerPlaying: (c) => `${c} (komputer) rozgrywają swoją turę.`,
    computerTurn: (c) => `Teraz tura komputera (${c}): poczekaj, aż ją rozegra.`,
    takenBackComputer: (text) => `Cofnięto twoją turę ${text} i odpowiedź komputera; zagraj swoją turę ponownie tymi samymi kośćmi.`,
    nothingToTakeBackComputer: 'Nie ma jeszcze twojej tury do cofnięcia.',
    hint: 'Podpowiedź', showWinChance: 'Pokazuj szacowaną szansę na wygraną',
    hintWorking: 'Szukam dobrej tury…',
    hintNotNow: 'Podpowiedź dotyczy rozgrywanej tury: najpierw rzuć kośćmi.',
    hintText: (turn) => `Podpowiedź: ${turn}`,
    hintStale: (turn) => `Podpowiedź dla całej tury: ${turn}. Cofnij swoją akcję, aby z niej skorzystać.`,
    winChance: (c, pct) => `Ruch: ${c}; szansa na wygraną ok. ${pct}% (szacunek).`,
    winChanceWorking: (c) => `Ruch: ${c}; szacuję szansę na wygraną…`,
    cancel: 'Anuluj', start: 'Start', rulesTitle: 'Jak grać w Diablo', close: 'Zamknij',
    helpTitle: 'Skróty klawiszowe', dice: 'Kości',
    color: { black: 'Czarne', green: 'Zielone' },
    kind: { merge: 'łączenie', capture: 'bicie', step: 'krok', removal: 'zdjęcie' },
    gameInfo: (edition, n) => `Wersja ${edition === 'sequenced' ? 'sekwencyjna' : 'standardowa'}, ${n} × ${n}`,
    toRoll: (c) => `Ruch: ${c}. Rzuć kośćmi (D).`,
    rolled: (c, a, b) => `${c} wyrzuciły ${a} i ${b}.`,
    balancing: 'Pierwsza tura: tylko jeden ruch.',
    chooseStack: 'Wybierz zaznaczony stos.',
    chooseRemoval: 'Żaden ruch nie jest możliwy: zdejmij pionek z zaznaczonego stosu.',
    selected: (sq) => `Wybrano ${sq}: wskaż cel (• krok, + łączenie, × bicie).`,
    played: (c, text, kind) => `${c}: ${text} (${kind}).`,
    turnComplete: 'Tura zakończona: Zatwierdź (Enter) lub Cofnij (U).',
    confirmed: (c, text) => `${c} zagrały ${text}.`,
    wins: (c) => `Wygrywają ${c}!`,
    gameOverDetail: (turns) => `Gra skończyła się po ${turns} turach.`,
    mute: 'Wycisz dźwięki', theme: 'Kolory', themeSystem: 'Jak w urządzeniu', themeLight: 'Jasne', themeDark: 'Ciemne',
    youPlay: (c, level) => `Grasz ${c === 'Czarne' ? 'czarnymi' : 'zielonymi'} przeciw komputerowi (${level.toLowerCase()}).`,
    statTurns: 'Rozegrane tury', statCaptured: 'Zbite pionki', statMerges: 'Zbudowane stosy (łączenia)',
    statTallest: 'Najwyższy stos', statRemoved: 'Zdjęte pionki (brak ruchu)', copyLinkShort: 'Kopiuj link',
    confirmNewTitle: 'Zakończyć tę grę?',
    confirmNewText: (turn) => `Trwa gra (tura ${turn}). Nowa gra ją zakończy; jej link nadal otworzy ją jako powtórkę.`,
    keepPlaying: 'Graj dalej', startNew: 'Zacznij nową grę',
    rollFirst: 'Najpierw rzuć kośćmi (D).',
    gameIsOver: 'Gra skończona: zagraj rewanż albo zacznij nową grę.',
    waitConfirm: 'Tura jest zakończona: zatwierdź ją albo cofnij.',
    emptySquare: (sq) => `Pole ${sq} jest puste.`,
    notYours: (sq) => `Stos na ${sq} nie jest twój.`,
    noMovesFrom: (sq) => `Stos na ${sq} nie ma dozwolonego ruchu przy tych kościach.`,
    illegal: (msg) => `Niedozwolone: ${msg}.`,
    nothingToUndo: 'W tej turze nie ma czego cofnąć (T cofa całą turę).',
    undone: (text) => `Cofnięto ${text}.`,
    takenBack: (text) => `Cofnięto turę ${text}; zagraj ją ponownie tymi samymi kośćmi.`,
    nothingToTakeBack: 'Nie ma tury do cofnięcia.',
    deselected: 'Anulowano wybór.',
    counts: (checkers, stacks) => `pionki: ${checkers}, stosy: ${stacks}`,
    toMove: 'na ruchu',
    savedDiscarded: (reason) => `Zapisana gra była uszkodzona i nie dało się jej wczytać (${reason}), więc zaczęła się nowa gra.`,
    crash: (msg) => `Coś poszło nie tak: ${msg}`,
    engineFailed: (msg) => `Nie udało się wczytać silnika gry (WebAssembly) (${msg}). Udostępnij stronę przez HTTP: uruchom „cargo xtask serve” albo wyślij zbudowaną stronę (katalog dist/ z „cargo xtask dist”) na serwer WWW, a potem odśwież.`,
    updated: 'Nowa wersja gry jest gotowa.', updateReload: 'Zaktualizowano — odśwież',
    copied: 'Skopiowano kod pozycji.',
    copyCode: 'Kopiuj kod pozycji', shareLink: 'Link do tej partii', copyLink: 'Kopiuj link',
    gameRecord: 'Zapis partii', downloadRecord: 'Pobierz .txt', copyRecord: 'Kopiuj zapis',
    importRecord: 'Importuj…', importTitle: 'Otwórz zapis partii',
    importHint: 'Wklej zapis partii albo link do partii, lub wybierz plik .txt.',
    importTextLabel: 'Zapis partii lub link', importFile: 'Wybierz plik', open: 'Otwórz',
    continueHere: 'Graj dalej od tego miejsca', continuePlay: 'Graj dalej', leaveReplay: 'Zamknij powtórkę',
    copyTitle: 'Skopiuj ręcznie',
    copyHelp: 'Przeglądarka nie pozwoliła stronie skopiować. Tekst jest zaznaczony: naciśnij Ctrl+C (⌘C na Macu).',
    copiedShort: 'Skopiowano ✓',
    copyByHand: 'Nie udało się skopiować automatycznie: skopiuj zaznaczony tekst ręcznie.',
    linkCopied: 'Skopiowano link.', recordCopied: 'Skopiowano zapis partii.',
    linkLength: (n) => `${n} ${plural(n, 'znak', 'znaki', 'znaków')}`,
    replayWhere: (k, n) => (k === 0 ? `Początek (z ${n} ${plural(n, 'tury', 'tur', 'tur')})` : `Tura ${k} z ${n}`),
    replayAtStart: (n) => `Powtórka partii (${n} ${plural(n, 'tura', 'tury', 'tur')}): pozycja początkowa. Przechodź klawiszami ← i →.`,
    replayTurn: (k, n, c, text) => `Powtórka, tura ${k} z ${n}: ${c} zagrały ${text}.`,
    replaySlider: 'Miejsce w partii',
    replayStart: 'Na początek (Home)', replayBack: 'Turę wstecz (←)',
    replayForward: 'Turę dalej (→)', replayEnd: 'Na koniec (End)',
    replayAutoplay: 'Odtwarzanie automatyczne (spacja)',
    replayNoPlay: 'To jest powtórka: wybierz „Graj dalej od tego miejsca”, aby grać od tej pozycji.',
    continueNote: (k, n) => `${k === 0 ? 'Gra zacznie się od pozycji początkowej tej partii.' : `Partia zostanie ucięta po turze ${k} z ${n} i gra potoczy się dalej od tego miejsca.`} Zastąpi to grę zapisaną w tej przeglądarce.`,
    linkBroken: (msg) => `Nie można otworzyć tego linku: ${msg}.`,
    linkShowsPrefix: (n) => (n === 0 ? 'Pokazana jest pozycja początkowa.' : `Poprawne tury (${n}) są pokazane jako powtórka.`),
    linkShowsOwn: 'Nic z niego nie jest pokazane; twoja gra jest nadal tutaj.',
    importFailed: (msg) => `Nie można tego otworzyć: ${msg}`,
    importEmpty: 'Najpierw wklej zapis partii albo link, lub wybierz plik.',
    importTooBig: 'Ten plik jest za duży, by był zapisem partii.',
    dieLabel: (i, v, faces, used) => `Kość ${i}: ${v} (z 1–${faces})${used ? ', użyta' : ''}`,
    diceNotRolled: (faces) => `Kości (1–${faces}) jeszcze nie rzucone`,
    diceFaces: (faces) => `dwie kości, 1–${faces}`,
    used: 'użyta',
    inProgress: 'w toku…',
    cell: {
      empty: 'puste',
      stack: (color, h) => `${color === 'black' ? 'czarny' : 'zielony'} stos, wysokość ${h}`,
      canMove: 'może się ruszyć', selected: 'wybrany', cursor: '',
      step: 'cel kroku', merge: 'cel łączenia', capture: 'cel bicia',
      removable: 'można zdjąć pionek', last: 'zmienione w ostatniej turze',
    },
    keys: [
      ['D', 'Rzut kośćmi'],
      ['Spacja / Enter', 'Następny krok: rzut, zatwierdzenie, rewanż lub akcja na polu pod kursorem'],
      ['← ↑ → ↓', 'Ruch kursora po planszy'],
      ['Enter', 'Wybór pola pod kursorem (jak kliknięcie)'],
      ['U', 'Cofnięcie ostatniej akcji w tej turze'],
      ['T', 'Cofnięcie całej poprzedniej tury'],
      ['N', 'Nowa gra'],
      ['F', 'Obrót planszy'],
      ['Esc', 'Anulowanie wyboru'],
      ['← / →', 'W powtórce: tura wstecz lub dalej'],
      ['Home / End', 'W powtórce: początek lub koniec'],
      ['Spacja', 'W powtórce: odtwarzanie lub pauza'],
      ['?', 'Ta lista'],
    ],
  };
}
