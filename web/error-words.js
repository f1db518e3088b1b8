// @ts-check
// Words for every error the engine sends (a `DiabloError` with a `kind` and
// `params`, see crates/diablo-wasm/src/error.rs), in English and Polish. Each
// entry is a short phrase without a final full stop: the page puts it after
// "Not allowed: " or "This link cannot be opened: " and adds punctuation.
// Nested errors (`params.cause`) are worded through `cause`, in the same
// language. Plain text only; a missing parameter shows as "?".

/**
 * @typedef {object} ErrorInfo an error as the engine describes it
 * @property {string} kind
 * @property {Record<string, any>} params
 * @property {string} message the engine's English message
 */
/**
 * Words for one kind: `params` are the error's, `cause(info)` words a nested error in the same language.
 * @typedef {(params: Record<string, any>, cause: (info: ErrorInfo) => string) => string} ErrorWording
 */

/**
 * Polish plural: 1 tura, 2–4 tury, 5 tur (and 12–14 tur, 22 tury).
 * @param {number} n
 * @param {string} one
 * @param {string} few
 * @param {string} many
 */
export function plural(n, one, few, many) {
  if (n === 1) return one;
  const ten = n % 10;
  const hundred = n % 100;
  return ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? few : many;
}

/**
 * A parameter as text, `?` when it is missing.
 * @param {any} value
 * @returns {string}
 */
const v = (value) => (value === undefined || value === null ? '?' : String(value));

/**
 * A number parameter, or NaN when it is not a number.
 * @param {any} value
 * @returns {number}
 */
const num = (value) => (typeof value === 'number' ? value : Number.NaN);

/**
 * English: "1 square", "3 squares" (an unknown count reads "? squares").
 * @param {any} n
 * @param {string} word
 */
const enCount = (n, word) => `${v(n)} ${n === 1 ? word : `${word}s`}`;

/**
 * Polish: "1 pole", "3 pola", "5 pól" (an unknown count reads "? pól").
 * @param {any} n
 * @param {string} one
 * @param {string} few
 * @param {string} many
 */
const plCount = (n, one, few, many) => `${v(n)} ${plural(num(n), one, few, many)}`;

/** @param {any} text */
const enQ = (text) => `'${v(text)}'`;
/** @param {any} text */
const plQ = (text) => `„${v(text)}”`;

/**
 * A rule refusal, led by the action it refuses when there is one.
 * @param {Record<string, any>} p
 * @param {string} text
 */
const act = (p, text) => (typeof p.action === 'string' && p.action ? `${p.action}: ${text}` : text);

/**
 * The nested error, worded in the caller's language, or `?` if there is none.
 * @param {Record<string, any>} p
 * @param {(info: ErrorInfo) => string} cause
 */
const nested = (p, cause) => {
  const c = p.cause;
  if (!c || typeof c !== 'object' || typeof c.kind !== 'string') return '?';
  return cause({ kind: c.kind, params: c.params ?? {}, message: v(c.message) });
};

/** @type {Record<string, string>} */
const EN_COLOR = { black: 'Black', green: 'Green' };
/** @type {Record<string, string>} */
const PL_COLOR = { black: 'Czarne', green: 'Zielone' };
/**
 * Polish genitive: "należy do Czarnych".
 * @type {Record<string, string>}
 */
const PL_COLOR_OF = { black: 'Czarnych', green: 'Zielonych' };
/** @type {Record<string, string>} */
const OTHER = { black: 'green', green: 'black' };

/**
 * @param {Record<string, string>} names
 * @param {any} color
 */
const colorIn = (names, color) => (typeof color === 'string' && names[color]) || '?';

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

/**
 * @param {Record<string, string>} table
 * @param {any} key
 */
const known = (table, key) => (typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined);

/** @type {Record<string, ErrorWording>} */
const en = {
  // Rule refusals.
  'off-board': (p) => act(p, `${v(p.square)} is not on this board`),
  'empty-square': (p) => act(p, `there is no stack on ${v(p.square)}`),
  'not-your-stack': (p) => act(p, `the stack on ${v(p.square)} is not yours`),
  'not-straight': (p) => act(p, 'a move goes straight along a rank or a file'),
  'wrong-distance': (p) => {
    const dice = Array.isArray(p.unused) ? p.unused : null;
    const moved = `the stack would move ${enCount(p.distance, 'square')}`;
    if (!dice) return act(p, `${moved}, which no unused die shows`);
    if (dice.length === 0) return act(p, `${moved}, but no die is left unused`);
    if (dice.length === 1) return act(p, `${moved}, but the unused die shows ${v(dice[0])}`);
    return act(p, `${moved}, but the dice show ${v(dice[0])} and ${v(dice[1])}`);
  },
  'taller-enemy': (p) =>
    act(p, `the enemy stack there is taller (${v(p.enemy)}) than the moving stack (${v(p.mover)})`),
  'second-step': (p) =>
    act(p, 'a turn holds at most one step, so after a step the second move must merge or capture'),
  'step-after-individual': (p) =>
    act(p, 'after an individual move only a merge or a capture may follow, not a step'),
  'step-without-completion': (p) =>
    act(p, 'a step is allowed only as the first half of a sequenced move, and no move with the other die could complete this one'),
  'balancing-step': (p) =>
    act(p, 'Black’s first turn is a single individual move (a merge or a capture), so no step'),
  'not-completing': (p) =>
    act(p, `after the step to ${v(p.square)}, that stack must merge or capture, or another of your stacks must merge onto it`),
  'removal-while-move-exists': (p) =>
    act(p, `a removal is allowed only when no move is possible, but ${v(p.move)} is`),
  'move-after-removal': (p) =>
    act(p, 'the turn began with a removal, so its second action must be a removal too'),
  'not-tallest': (p) =>
    act(p, `a removal must come from your tallest stack: this one has ${v(p.height)}, your tallest has ${v(p.tallest)}`),
  'balancing-single-action': (p) =>
    act(p, 'too many actions: Black’s first turn is a single action (balancing rule)'),
  'game-ended': (p) => act(p, 'too many actions: the first action ended the game'),
  'turn-over': (p) => act(p, 'too many actions: the turn is already over'),
  incomplete: (p) =>
    act(p, `the turn is incomplete: a second action is required (for example ${v(p.example)})`),
  'not-legal-here': (p) => act(p, 'this action cannot be played here'),
  'game-over': (p) => act(p, `the game is over: ${colorIn(EN_COLOR, p.winner)} has won`),
  'die-too-big': (p) =>
    act(p, `a die showing ${v(p.die)} does not fit this board (dice show 1 to ${v(p.faces)})`),
  // The turn under way.
  'not-rolled': () => 'roll the dice first',
  'already-rolled': () => 'the dice are already rolled for this turn',
  'roll-locked': () => 'the dice cannot change once an action of this turn is played',
  'die-zero': () => 'a die cannot show 0',
  'index-off-board': (p) =>
    `square number ${v(p.index)} is off the ${v(p.size)} × ${v(p.size)} board`,
  // Text that cannot be read.
  'bad-edition': (p) => `unknown edition ${enQ(p.text)} (expected standard or sequenced)`,
  'bad-size': (p) => `board size ${v(p.size)} is not allowed (the side must be even, from 2 to 26)`,
  'bad-size-number': (p) => `size ${enQ(p.text)} is not a number`,
  'bad-level': (p) => `unknown computer level ${enQ(p.text)}`,
  'bad-roll': (p) =>
    `bad roll ${enQ(p.text)} (expected two dice separated by a comma, like 3,1)`,
  'bad-square': (p) =>
    `bad square ${enQ(p.text)} (expected a file a–z and a rank 1–26, like c3)`,
  'bad-action': (p) =>
    `bad action ${enQ(p.text)} (expected a move like c3-c5 or a removal like -c3)`,
  'empty-turn': () => 'empty turn (expected one or two actions)',
  'too-many-actions': (p) => `a turn has at most two actions, but this one has ${v(p.count)}`,
  'position-fields': (p) =>
    `the position code has ${enCount(p.count, 'part')}; expected 3 separated by single spaces: board, side to move, turn number`,
  'position-size': (p) =>
    `the board has ${enCount(p.ranks, 'rank')}; the side must be even, from 2 to 26`,
  'position-rank-length': (p) =>
    `rank ${v(p.rank)} lists ${enCount(p.found, 'square')} instead of ${v(p.expected)}`,
  'position-token': (p) =>
    `rank ${v(p.rank)}: unknown token ${enQ(p.token)} (expected '.', or b or g with an optional height)`,
  'position-zero-height': (p) => `rank ${v(p.rank)}: stack ${enQ(p.token)} has height 0`,
  'position-too-many': (p) =>
    `${colorIn(EN_COLOR, p.color)} has at least ${v(p.count)} checkers, but at most ${v(p.max)} fit this board`,
  'position-empty': () => 'the board has no checkers at all',
  'position-side': (p) => `the side to move ${enQ(p.text)} is not b or g`,
  'position-turn': (p) => `the turn number ${enQ(p.text)} is not a whole number from 1 to 999999999`,
  'position-side-turn': (p) =>
    `turn ${v(p.turn)} belongs to ${colorIn(EN_COLOR, OTHER[p.side])}, but the side to move is ${colorIn(EN_COLOR, p.side)}`,
  'missing-header': (p) => `the ${enQ(p.header)} header is missing before the first turn`,
  'duplicate-header': (p) => `the ${enQ(p.header)} header appears twice`,
  'header-after-turns': () => 'header lines must come before the turns',
  'start-size': (p) =>
    `the start position is ${v(p.start)} × ${v(p.start)}, but the size header says ${v(p.header)}`,
  'bad-line': (p) =>
    `cannot read ${enQ(p.text)} (expected a header, a # comment, or '<roll>: <turn>')`,
  record: (p, cause) => {
    const kind = p.cause?.kind;
    const start = typeof kind === 'string' && kind.startsWith('position-') ? 'start position: ' : '';
    return `line ${v(p.line)}: ${start}${nested(p, cause)}`;
  },
  // Share links.
  'link-empty': () => 'the link is empty',
  'link-version': (p) =>
    `unknown link version ${enQ(p.found)} (perhaps it comes from a newer version of this page)`,
  'link-character': (p) =>
    `bad character ${enQ(p.found)} at position ${v(p.position)} of the link`,
  'link-truncated': (p) => `the link is cut short: it ends inside the ${v(p.field)}`,
  'link-checksum': () => 'the link is damaged: its checksum does not match (was it cut or changed?)',
  'link-malformed': (p) => `the link is malformed: ${v(p.what)}`,
  'link-size': (p) => `bad board size ${v(p.size)} in the link`,
  'link-edition': (p) => `bad edition number ${v(p.value)} in the link`,
  'link-start': (p, cause) => `bad start position: ${nested(p, cause)}`,
  'link-turn': (p, cause) => {
    const k = num(p.validTurns);
    const before =
      k === 1 ? ' (the turn before it is valid)'
        : k > 1 ? ` (the ${k} turns before it are valid)`
          : '';
    return `turn ${v(p.number)} cannot be played: ${nested(p, cause)}${before}`;
  },
  'link-trailing': () => 'the link has data left after its last turn',
  'link-view': (p) =>
    `the link shows turn ${v(p.view)}, but the game has only ${enCount(p.turns, 'turn')}`,
  'link-parameter': (p) =>
    `bad link parameter ${enQ(p.text)} (expected view=<number of turns>)`,
  'link-escape': (p) =>
    `bad % escape at position ${v(p.position)} of the link (expected % and two hex digits)`,
  'link-utf8': () => 'the game record in the link is not valid UTF-8 text',
  'link-record': (p, cause) => `the game record in the link is wrong: ${nested(p, cause)}`,
  // Not the player's doing.
  // Correspondence games.
  'corr-not-link': () => 'this is not a game-by-link link',
  'corr-damaged': () => 'this game link is damaged: it was changed or cut when it was copied',
  'corr-forged': (p) => `this link was altered: message ${v(p.message)} does not fit the game`,
  'corr-stale': (p) =>
    `this link is older than the game you have (it holds ${v(p.link)} messages, your game ${v(p.stored)}); your game is shown as it was`,
  'corr-other-game': () => 'this link belongs to another game',
  'corr-diverges': (p) => `this link does not continue your game: it differs from it at message ${v(p.message)}`,
  'corr-not-your-turn': () => 'it is not your move in this game',
  'corr-keys': () => 'your keys for this game are missing, damaged or belong to another game',
  'corr-illegal': (p) => `${v(p.turn)} cannot be played with your roll ${v(p.roll)}`,
  'corr-name': () => 'a name may have at most 32 bytes and no control characters',
  'no-random': () => 'the browser gives no random numbers for the dice',
  internal: () => 'an internal error in the game engine',
};

/** @type {Record<string, ErrorWording>} */
const pl = {
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

/** @type {{ en: Record<string, ErrorWording>, pl: Record<string, ErrorWording> }} */
export const ERROR_WORDS = { en, pl };
