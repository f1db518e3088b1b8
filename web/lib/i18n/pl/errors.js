// @ts-check
// The engine's errors in Polish, worded by kind (see ../en/errors.js).

/** @typedef {import('../helpers.js').ErrorWording} ErrorWording */

/** @type {import('../i18n.js').Maker<'errors', typeof import('./plural.js')>} */
const errors = ({ act, colorIn, count, known, nested, num, OTHER, plural, v }) => {
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
  const words = {
    // Odmowy według zasad.
    'off-board': (p) => act(p, `pola ${v(p.square)} nie ma na tej planszy`),
    'empty-square': (p) => act(p, `na polu ${v(p.square)} nie ma stosu`),
    'not-your-stack': (p) => act(p, `stos na ${v(p.square)} nie jest twój`),
    'not-straight': (p) => act(p, 'ruch odbywa się prosto wzdłuż rzędu lub kolumny'),
    'wrong-distance': (p) => {
      const dice = Array.isArray(p.unused) ? p.unused : null;
      const moved = `stos przesunąłby się o ${count(p.distance, 'pole', 'pola', 'pól')}`;
      if (!dice) return act(p, `${moved}, a żadna niewykorzystana kość tego nie pokazuje`);
      if (dice.length === 0) return act(p, `${moved}, a nie została żadna niewykorzystana kość`);
      if (dice.length === 1) return act(p, `${moved}, a niewykorzystana kość pokazuje ${v(dice[0])}`);
      return act(p, `${moved}, a kości pokazują ${v(dice[0])} i ${v(dice[1])}`);
    },
    'taller-enemy': (p) =>
      act(p, `stos przeciwnika na tym polu jest wyższy (${v(p.enemy)}) niż przesuwany stos (${v(p.mover)})`),
    'second-step': (p) =>
      act(p, 'w turze może być najwyżej jeden krok, więc po kroku drugi ruch musi być łączeniem lub biciem'),
    'step-after-individual': (p) => act(p, 'po ruchu pojedynczym może nastąpić tylko łączenie lub bicie, a nie krok'),
    'step-without-completion': (p) =>
      act(
        p,
        'krok jest dozwolony tylko jako pierwsza część ruchu sekwencyjnego, a żaden ruch drugą kością nie dokończyłby tego ruchu',
      ),
    'balancing-step': (p) =>
      act(p, 'pierwsza tura Czarnych to jeden ruch pojedynczy (łączenie lub bicie), więc bez kroku'),
    'not-completing': (p) =>
      act(p, `po kroku na ${v(p.square)} ten stos musi łączyć lub bić albo inny twój stos musi się z nim połączyć`),
    'removal-while-move-exists': (p) =>
      act(
        p,
        `zdjęcie jest dozwolone tylko wtedy, gdy żaden ruch nie jest możliwy, a możliwy jest na przykład ${v(p.move)}`,
      ),
    'move-after-removal': (p) => act(p, 'tura zaczęła się od zdjęcia, więc jej druga akcja też musi być zdjęciem'),
    'not-tallest': (p) =>
      act(p, `zdjąć można tylko z najwyższego stosu: ten ma wysokość ${v(p.height)}, a twój najwyższy ${v(p.tallest)}`),
    'balancing-single-action': (p) =>
      act(p, 'za dużo akcji: pierwsza tura Czarnych to tylko jedna akcja (zasada wyrównania)'),
    'game-ended': (p) => act(p, 'za dużo akcji: pierwsza akcja zakończyła grę'),
    'turn-over': (p) => act(p, 'za dużo akcji: tura już się skończyła'),
    incomplete: (p) => act(p, `tura jest niepełna: potrzebna jest druga akcja (na przykład ${v(p.example)})`),
    'not-legal-here': (p) => act(p, 'tej akcji nie można tu wykonać'),
    'game-over': (p) => act(p, `gra jest skończona: wygrały ${colorIn(PL_COLOR, p.winner)}`),
    'die-too-big': (p) =>
      act(p, `kość z wartością ${v(p.die)} nie pasuje do tej planszy (kości mają wartości od 1 do ${v(p.faces)})`),
    // Rozgrywana tura.
    'not-rolled': () => 'najpierw rzuć kośćmi',
    'already-rolled': () => 'w tej turze już rzucono kośćmi',
    'roll-locked': () => 'kości nie mogą się zmienić, gdy w tej turze zagrano już akcję',
    'die-zero': () => 'kość nie może pokazywać 0',
    'index-off-board': (p) => `pole o numerze ${v(p.index)} leży poza planszą ${v(p.size)} × ${v(p.size)}`,
    // Tekst, którego nie da się odczytać.
    'bad-edition': (p) => `nieznana wersja zasad ${plQ(p.text)} (oczekiwano „standard” lub „sequenced”)`,
    'bad-size': (p) => `rozmiar planszy ${v(p.size)} jest niedozwolony (bok musi być parzysty, od 2 do 26)`,
    'bad-size-number': (p) => `rozmiar ${plQ(p.text)} nie jest liczbą`,
    'bad-level': (p) => `nieznany poziom komputera ${plQ(p.text)}`,
    'bad-roll': (p) => `błędny rzut ${plQ(p.text)} (oczekiwano dwóch kości rozdzielonych przecinkiem, np. 3,1)`,
    'bad-square': (p) => `błędne pole ${plQ(p.text)} (oczekiwano kolumny a–z i rzędu 1–26, np. c3)`,
    'bad-action': (p) => `błędna akcja ${plQ(p.text)} (oczekiwano ruchu, np. c3-c5, albo zdjęcia, np. -c3)`,
    'empty-turn': () => 'pusta tura (oczekiwano jednej lub dwóch akcji)',
    'too-many-actions': (p) => `tura ma najwyżej dwie akcje, a ta ma ${v(p.count)}`,
    'position-fields': (p) =>
      `kod pozycji ma ${count(p.count, 'część', 'części', 'części')}; oczekiwano 3 rozdzielonych pojedynczymi spacjami: plansza, strona na ruchu, numer tury`,
    'position-size': (p) =>
      `plansza ma ${count(p.ranks, 'rząd', 'rzędy', 'rzędów')}; bok musi być parzysty, od 2 do 26`,
    'position-rank-length': (p) =>
      `rząd ${v(p.rank)} ma ${count(p.found, 'pole', 'pola', 'pól')} zamiast ${v(p.expected)}`,
    'position-token': (p) =>
      `rząd ${v(p.rank)}: nieznany znacznik ${plQ(p.token)} (oczekiwano „.” albo b lub g z opcjonalną wysokością)`,
    'position-zero-height': (p) => `rząd ${v(p.rank)}: stos ${plQ(p.token)} ma wysokość 0`,
    'position-too-many': (p) =>
      `${colorIn(PL_COLOR, p.color)} mają co najmniej ${count(p.count, 'pionek', 'pionki', 'pionków')}, a na tej planszy mieści się najwyżej ${v(p.max)}`,
    'position-empty': () => 'na planszy nie ma ani jednego pionka',
    'position-side': (p) => `oznaczenie strony na ruchu ${plQ(p.text)} nie jest literą b ani g`,
    'position-turn': (p) => `numer tury ${plQ(p.text)} nie jest liczbą całkowitą od 1 do 999999999`,
    'position-side-turn': (p) =>
      `tura ${v(p.turn)} należy do ${colorIn(PL_COLOR_OF, OTHER[p.side])}, a jako stronę na ruchu podano ${colorIn(PL_COLOR, p.side)}`,
    'setup-cells': (p) => `ustawienie ma ${count(p.found, 'pole', 'pola', 'pól')}, a plansza ma ich ${v(p.expected)}`,
    'missing-header': (p) => `przed pierwszą turą brakuje nagłówka ${plHeader(p.header)}`,
    'duplicate-header': (p) => `nagłówek ${plHeader(p.header)} występuje dwa razy`,
    'header-after-turns': () => 'wiersze nagłówka muszą być przed turami',
    'start-size': (p) =>
      `pozycja początkowa ma rozmiar ${v(p.start)} × ${v(p.start)}, a nagłówek „size” podaje ${v(p.header)}`,
    'bad-line': (p) => `nie można odczytać ${plQ(p.text)} (oczekiwano nagłówka, komentarza # albo „<rzut>: <tura>”)`,
    record: (p, cause) => {
      const kind = p.cause?.kind;
      const start = typeof kind === 'string' && kind.startsWith('position-') ? 'pozycja początkowa: ' : '';
      return `wiersz ${v(p.line)}: ${start}${nested(p, cause)}`;
    },
    // Linki do partii.
    'link-empty': () => 'link jest pusty',
    'link-version': () =>
      'to nie jest link do gry: może został zmieniony przy kopiowaniu albo pochodzi z nowszej wersji tej strony',
    'link-character': (p) => `niedozwolony znak ${plQ(p.found)} na pozycji ${v(p.position)} linku`,
    'link-truncated': (p) => {
      const where = known(PL_TRUNCATED, p.field);
      return `link jest ucięty: ${where ? `urywa się w środku ${where}` : `urywa się w polu ${plQ(p.field)}`}`;
    },
    'link-checksum': () => 'link jest uszkodzony: suma kontrolna się nie zgadza (czy został ucięty lub zmieniony?)',
    'link-malformed': (p) => `link jest nieprawidłowo zapisany: ${known(PL_MALFORMED, p.what) ?? plQ(p.what)}`,
    'link-size': (p) => `błędny rozmiar planszy w linku: ${v(p.size)}`,
    'link-edition': (p) => `błędny numer wersji zasad w linku: ${v(p.value)}`,
    'link-start': (p, cause) => `błędna pozycja początkowa: ${nested(p, cause)}`,
    'link-turn': (p, cause) => {
      const k = num(p.validTurns);
      const before =
        k === 1
          ? ' (tura przed nią jest poprawna)'
          : k > 1
            ? ` (${plural(k, '', 'poprawne są', 'poprawnych jest')} ${k} ${plural(k, '', 'wcześniejsze tury', 'wcześniejszych tur')})`
            : '';
      return `tury ${v(p.number)} nie można zagrać: ${nested(p, cause)}${before}`;
    },
    'link-trailing': () => 'w linku zostały dane po ostatniej turze',
    'link-view': (p) => `link wskazuje turę ${v(p.view)}, a partia ma tylko ${count(p.turns, 'turę', 'tury', 'tur')}`,
    'link-parameter': (p) => `błędny parametr linku ${plQ(p.text)} (oczekiwano view=<liczba tur>)`,
    'link-escape': (p) =>
      `błędna sekwencja % na pozycji ${v(p.position)} linku (oczekiwano % i dwóch cyfr szesnastkowych)`,
    'link-utf8': () => 'zapis partii w linku nie jest poprawnym tekstem UTF-8',
    'link-record': (p, cause) => `zapis partii w linku jest błędny: ${nested(p, cause)}`,
    // Nie z winy gracza.
    // Partie przez linki.
    'corr-not-link': () => 'to nie jest link do gry ze znajomym: może został ucięty lub zmieniony przy kopiowaniu',
    'corr-damaged': () => 'link partii jest uszkodzony: zmieniono go albo ucięto przy kopiowaniu',
    'corr-forged': (p) => `link został zmieniony: wiadomość ${v(p.message)} nie pasuje do partii`,
    'corr-stale': (p) =>
      `ten link jest starszy niż twoja partia (ma ${v(p.link)} wiadomości, twoja partia ${v(p.stored)}); pokazano twoją partię bez zmian`,
    'corr-other-game': () => 'ten link należy do innej partii',
    'corr-diverges': (p) =>
      `ten link nie jest dalszym ciągiem twojej partii: różni się od niej od wiadomości ${v(p.message)}`,
    'corr-not-your-turn': () => 'w tej partii nie jest teraz twój ruch',
    'corr-keys': () => 'twoich kluczy do tej partii brakuje, są uszkodzone albo należą do innej partii',
    'corr-rematch': () =>
      'ta propozycja rewanżu jest nieważna: to nie jest zaproszenie do nowej partii od gracza tej partii',
    'corr-illegal': (p) => `${v(p.turn)} nie można zagrać przy twoim rzucie ${v(p.roll)}`,
    'corr-name': () => 'imię może mieć najwyżej 32 bajty i nie może zawierać znaków sterujących',
    'no-random': () => 'przeglądarka nie udostępnia liczb losowych do rzutu kośćmi',
    internal: () => 'wewnętrzny błąd silnika gry',
  };
  return words;
};

export default errors;
