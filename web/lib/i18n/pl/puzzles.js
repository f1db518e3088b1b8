// @ts-check
// The puzzles page's words in Polish (see ../en/puzzles.js).

/** @type {import('../i18n.js').Maker<'puzzles', typeof import('./plural.js')>} */
const puzzles = () => ({
  title: 'Zadania',
  intro: 'Znajdź najlepszą turę dla tego rzutu. W każdym zadaniu jedna tura jest wyraźnie najlepsza.',
  play: 'Graj',
  learn: 'Nauka',
  games: 'Twoje partie',
  source: 'Zadania',
  fromSet: 'Zestaw zadań',
  fromGames: 'Z twoich partii',
  size: 'Plansza',
  anySize: 'Wszystkie rozmiary',
  edition: 'Wersja',
  anyEdition: 'Obie wersje',
  standard: 'Standardowa',
  sequenced: 'Sekwencyjna',
  difficulty: 'Trudność',
  anyDifficulty: 'Dowolna',
  levels: ['Łatwe', 'Średnie', 'Trudne'],
  puzzleOf: (k, n) => `Zadanie ${k} z ${n}`,
  about: (size, edition, level) => `${size}×${size}, wersja ${edition.toLowerCase()}, ${level.toLowerCase()}`,
  task: (side) =>
    `Ruch ${side === 'black' ? 'czarnych' : 'zielonych'}. Znajdź najlepszą turę dla tego rzutu i zatwierdź ją.`,
  fromGame: (turn, mark) =>
    `Z twojej partii: tura ${turn}, w której zagrano ${mark === 'blunder' ? 'poważny błąd' : 'błąd'}.`,
  hint: 'Podpowiedź',
  hintText: (square) => `Zacznij od stosu na ${square}.`,
  show: 'Pokaż rozwiązanie',
  next: 'Następne zadanie',
  again: 'Spróbuj ponownie',
  right: 'Rozwiązane!',
  rightText: (chance) => `To najlepsza tura: po niej wygrywasz w ${chance} przypadków.`,
  yoursBest: (turn) => `Twoja tura: ${turn} (strzałki na planszy).`,
  hinted: 'Rozwiązane z podpowiedzią: nie wydłuża serii.',
  wrong: 'To nie najlepsza tura.',
  shown: 'Rozwiązanie.',
  valuing: 'Oceniam twoją turę…',
  best: (turn, chance) => `Najlepsza tura: ${turn}, szansa wygranej ${chance} (strzałki przerywane).`,
  yours: (turn, chance) => `Twoja tura: ${turn}, ${chance} (strzałki ciągłe).`,
  second: (turn, chance) => `Druga najlepsza: ${turn}, ${chance}.`,
  inGame: (turn, chance) => `Zagrana w partii: ${turn}, ${chance}.`,
  exact: 'Te szanse sprawdzono dokładnymi wartościami.',
  streak: (n) => `Seria: ${n}`,
  solved: (n) => `Rozwiązane: ${n}`,
  none: 'Żadne zadanie nie pasuje do tych wyborów.',
  noneMine:
    'Nie ma jeszcze zadań z twoich partii. Przeanalizuj zakończoną partię (na planszy analizy lub w powtórce po partii): każdy błąd i poważny błąd stanie się tu zadaniem.',
  yourTurn: 'Zagraj turę na planszy.',
  storage: (kind) =>
    kind === 'full'
      ? 'Pamięć przeglądarki jest pełna: nie udało się zapisać zadań ani wyniku.'
      : 'Zapisane zadania lub wynik były uszkodzone i zostały usunięte.',
});

export default puzzles;
