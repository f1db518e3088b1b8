// @ts-check
// "Twoje partie" po polsku (see ../en/games.js).

/** @type {import('../i18n.js').Maker<'games', typeof import('./plural.js')>} */
const games = ({ count }) => ({
  credit: 'Diablo, gra Marka Steere’a',
  title: 'Twoje partie',
  play: 'Graj',
  learn: 'Nauka',
  puzzles: 'Zadania',
  yourGames: 'Twoje partie',
  intro:
    'Każda partia ukończona na tym urządzeniu — z komputerem, przy jednym ekranie albo z przyjacielem — jest zapisana tutaj, tylko w tej przeglądarce.',
  filters: 'Filtry',
  opponent: 'Przeciwnik',
  any: 'Dowolny',
  computer: 'Komputer',
  computerAt: (level) => `Komputer: ${level.toLowerCase()}`,
  hotseat: 'Przy jednym ekranie',
  friend: 'Przyjaciel',
  size: 'Plansza',
  edition: 'Wersja zasad',
  standard: 'Standardowa',
  sequenced: 'Sekwencyjna',
  result: 'Wynik',
  youWon: 'Wygrana',
  youLost: 'Przegrana',
  colorWon: (c) => `${c === 'Czarne' ? 'Wygrały czarne' : c === 'Zielone' ? 'Wygrały zielone' : `Wygrał kolor: ${c}`}`,
  showing: (shown, all) =>
    shown === all ? count(all, 'partia', 'partie', 'partii') : `${shown} z ${count(all, 'partii', 'partii', 'partii')}`,
  none: 'Nie ma jeszcze zapisanych partii. Dokończ partię — z komputerem, przy jednym ekranie albo z przyjacielem — a pojawi się tutaj.',
  noneFit: 'Żadna partia nie pasuje do tych filtrów.',
  vsComputer: (c, level) =>
    `Ty ${c === 'Czarne' ? 'czarnymi' : 'zielonymi'} przeciw komputerowi (${level.toLowerCase()})`,
  atOneScreen: 'Dwoje graczy przy jednym ekranie',
  vsFriend: (c, name) => `Ty ${c === 'Czarne' ? 'czarnymi' : 'zielonymi'} przeciw: ${name || 'przyjaciel'}`,
  resigned: 'przez poddanie',
  onTime: 'na czas',
  abandoned: 'partia porzucona',
  turns: (n) => count(n, 'tura', 'tury', 'tur'),
  boardOf: (size, edition) => `${size}\u00a0×\u00a0${size}, ${edition.toLowerCase()}`,
  replay: 'Odtwórz',
  review: 'Analiza partii',
  remove: 'Usuń',
  exportAll: 'Eksportuj wszystkie (plik zapisów)',
  removeAll: 'Usuń wszystkie',
  cancel: 'Anuluj',
  removeConfirm: 'Usunąć tę partię z Twoich partii?',
  removeAllConfirm: (n) => `Usunąć wszystkie partie (${n}) z Twoich partii? Tego nie można cofnąć.`,
  exportTitle: (n, date) =>
    `Diablo, gra Marka Steere’a: ${count(n, 'partia', 'partie', 'partii')} z Twoich partii, eksport ${date}. Każda partia zaczyna się od wiersza "edition"; diablo check --record czyta je wszystkie.`,
  statsTitle: 'Przeciw komputerowi',
  level: 'Poziom',
  won: 'Wygrane',
  lost: 'Przegrane',
  levelRating: 'Jego ranking',
  ratingTitle: 'Twój ranking przeciw komputerowi',
  rating: (r, n) => `${r} po ${count(n, 'partii', 'partiach', 'partiach')}`,
  ratingNone: 'Dokończ partię z komputerem, aby dostać ranking.',
  ratingHowTitle: 'Jak liczony jest ranking',
  ratingHow:
    'Jak jest liczony: Elo, zmieniane po każdej partii z komputerem, od najstarszej, od 1500, ze współczynnikiem K = 32 (wygrana liczy się jako 1, przegrana jako 0). Każdy poziom ma stały ranking wzięty ze zmierzonej drabinki projektu (docs/results/ai.md: setki partii między sąsiednimi poziomami na planszach 6×6, 8×8 i 10×10 w obu wersjach zasad, różnice Elo uśrednione, poziom łatwy ustawiony na 1500). Te same rankingi obowiązują dla każdej planszy i wersji zasad; usunięta partia przestaje się liczyć.',
  notKept: (kind) =>
    `Ta partia nie została zapisana w Twoich partiach: ${
      {
        blocked: 'baza danych przeglądarki jest niedostępna (blokuje ją inna karta albo ustawienia przeglądarki).',
        full: 'pamięć przeglądarki jest pełna.',
        corrupt: 'baza danych przeglądarki jest uszkodzona.',
      }[kind]
    }`,
  unreadable: (kind) =>
    `Nie można pokazać Twoich partii: ${
      {
        blocked: 'baza danych przeglądarki jest niedostępna (blokuje ją inna karta albo ustawienia przeglądarki).',
        full: 'pamięć przeglądarki jest pełna.',
        corrupt: 'baza danych przeglądarki jest uszkodzona.',
      }[kind]
    }`,
  dropped: (n) => `Pominięto uszkodzone wpisy: ${n}.`,
  notDeleted: (kind) =>
    `Nie usunięto: ${kind === 'full' ? 'pamięć przeglądarki jest pełna.' : 'baza danych przeglądarki jest niedostępna.'}`,
  badRecord: (text) => `Nie można otworzyć zapisu tej partii: ${text}`,
  playingTitle: 'Partie w toku',
  yourMove: 'Twój ruch',
  theirMove: 'Ruch przeciwnika',
  dueBy: (when) => `do ${when}`,
  open: 'Otwórz',
});

export default games;
