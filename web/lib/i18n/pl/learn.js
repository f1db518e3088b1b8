// @ts-check
// The lessons page's words in Polish (see ../en/learn.js).

/** @type {import('../i18n.js').Maker<'learn', typeof import('./plural.js')>} */
const learn = () => ({
  title: 'Lekcje',
  intro:
    'Dziesięć krótkich lekcji na małych planszach: zagraj turę, o którą prosi każda z nich. Każdy ruch sprawdza silnik gry.',
  play: 'Graj',
  puzzles: 'Zadania',
  games: 'Twoje partie',
  rules: 'Zasady',
  list: 'Lekcje',
  progress: (done, total) => `Ukończone: ${done} z ${total}`,
  lessonOf: (k, n) => `Lekcja ${k} z ${n}`,
  done: 'ukończona',
  hint: 'Podpowiedź',
  again: 'Spróbuj jeszcze raz',
  next: 'Następna lekcja',
  reset: 'Zapomnij moje postępy',
  resetAsk: 'Zapomnieć, które lekcje już ukończono?',
  right: 'Brawo!',
  wrong: 'Jeszcze nie to.',
  allDone: 'Wszystkie lekcje ukończone. Pora na prawdziwą partię: z komputerem albo z przyjacielem.',
  yourTurn: 'Grasz Czarnymi. Kości są już rzucone.',
  storage: (kind) =>
    kind === 'full'
      ? 'Pamięć przeglądarki jest pełna: nie udało się zapisać postępów w lekcjach.'
      : 'Zapisane postępy w lekcjach były uszkodzone i zostały usunięte.',
  lessons: {
    move: {
      title: 'Ruch stosu',
      task: 'Ruch przenosi cały stos prosto wzdłuż wiersza lub kolumny, dokładnie o tyle pól, ile pokazuje jedna kość, a każda kość porusza raz. Twoje kości to 2 i 1: przenieś stos z a1 na zielony stos na a4.',
      hint: 'Żadna kość nie pokazuje 3, więc potrzeba dwóch ruchów: 2 pola w górę na a3, potem 1 na a4 — albo 1, potem 2.',
      wrong: 'Twój stos nie skończył na a4. Idź w górę kolumny a jedną kością i wyląduj na a4 drugą.',
      right: 'Właśnie tak: 2 pola i 1 pole, po jednej kości. Wejście na zielony stos nie wyższy od twojego zbija go.',
    },
    dice: {
      title: 'Kości o N/2 ściankach',
      task: 'Kość ma o połowę mniej ścianek, niż plansza ma wierszy: na tej planszy 6×6 pokazuje 1, 2 lub 3 (na 8×8 od 1 do 4). Na kościach dwie trójki, a każda kość i tak porusza raz. Zbij oba bliskie zielone stosy, na d1 i d4.',
      hint: 'Trzy pola w prawo na d1, potem trzy pola w górę na d4.',
      wrong: 'Zielony stos w twoim zasięgu wciąż stoi. Oba ruchy mają po 3 pola: z a1 na d1, potem z d1 na d4.',
      right: 'Dwa ruchy po 3, dwa bicia. Kość nigdy nie pokazuje więcej niż połowa boku planszy.',
    },
    merge: {
      title: 'Łączenie',
      task: 'Ruch na własny stos to łączenie: dwa stosy stają się jednym, a ich wysokości się sumują. Kości 2 i 1: zbuduj stos z trzech pionków.',
      hint: 'Pola a1 i c1 dzielą 2 pola; c1 i c2 — jedno.',
      wrong: 'Nie masz stosu z trzech. Połącz wszystkie trzy pionki: dwa jedną kością, trzeci drugą.',
      right: 'Trzy pionki w jednym stosie. Stos nigdy się już nie rozdzieli, więc łącz z rozmysłem.',
    },
    capture: {
      title: 'Bicie',
      task: 'Możesz zbić wrogi stos równy twojemu lub niższy: schodzi z gry w całości. Wyższy jest przed tobą bezpieczny. Twój stos ma wysokość 2: zbij zielony stos.',
      hint: 'Stos 3 na a2 jest za wysoki. Stos 2 na c1 jest 2 pola dalej.',
      wrong: 'Nic nie zostało zbite. Twój stos 2 może zbić stos 2 na c1.',
      right: 'Równe wysokości, więc jest twój: dwa zielone pionki zniknęły w jednym ruchu.',
    },
    step: {
      title: 'Krok potrzebuje pary',
      task: 'Ruch na puste pole to krok. Po kroku druga kość musi połączyć albo zbić, jeśli może; jeśli nie może, zdejmujesz zamiast tego jeden własny pionek. Zagraj krok, a po nim łączenie lub bicie.',
      hint: 'Przesuń jeden stos obok drugiego i połącz je drugą kością albo idź na c1 i zbij na d1.',
      wrong:
        'Po twoim kroku nie było łączenia ani bicia, więc kosztował cię pionek. Idź na pole, z którego druga kość sięgnie stosu.',
      right: 'Krok, potem łączenie lub bicie: tylko tak krok mieści się w turze. Tura nigdy nie ma dwóch kroków.',
    },
    first: {
      title: 'Pierwsza tura Czarnych',
      task: 'Czarne zaczynają, więc dla równowagi ich pierwsza tura to jeden ruch, kością wybraną przez Czarne. To właśnie ta tura: niech ten jeden ruch się opłaci — zbij zielony stos 2.',
      hint: 'a3 jest 2 pola nad a1.',
      wrong: 'Zbity został jeden pionek; stos na a3 ma dwa. Mając jeden ruch, bierz jak najwięcej.',
      right: 'Jeden ruch, dwa pionki zbite. Od pierwszej tury Zielonych każda tura ma dwie akcje.',
    },
    stuck: {
      title: 'Brak ruchu: zdejmij własne',
      task: 'Gdy żadna kość nie daje ci ruchu, zdejmujesz zamiast tego dwa własne pionki. Każde pole w zasięgu twoich stosów zajmuje wyższy zielony stos. Zdejmij dwa pionki i zachowaj oba stosy.',
      hint: 'Stos 1, który traci pionek, znika. Zdejmij oba z a1.',
      wrong: 'Twój stos na f6 zniknął. Zdejmij oba pionki ze stosu 3 na a1.',
      right:
        'Oba stosy wciąż stoją na następny rzut. Utracone pionki to cena zablokowania; utracone stosy kosztują więcej.',
    },
    win: {
      title: 'Wygrana',
      task: 'Wygrywasz, gdy przeciwnik nie ma już pionków: zbijasz ostatni zielony stos albo Zielone muszą zdjąć swój ostatni pionek. Wygraj teraz.',
      hint: 'Ruch idzie prosto, nigdy po skosie: z a1 na c1, potem w górę na c2.',
      wrong: 'Zielone wciąż mają swój stos. Obejdź go: 2 pola w prawo i 1 w górę albo 1 w górę i 2 w prawo.',
      right: 'Zielone nie mają już pionków: wygrywasz!',
    },
    sequenced: {
      title: 'Wersja sekwencyjna',
      task: 'We wcześniejszej, sekwencyjnej wersji krok wolno zrobić tylko jako pierwszą połowę pary: potem ten sam stos bije lub łączy albo inny twój stos łączy się z nim, a para kończy turę. Zagraj taką parę, która kończy się stosem 2.',
      hint: 'Krok z a1 na a3, potem połącz go z b3 (ruszyć może każdy z nich).',
      wrong: 'Nie masz stosu 2. Stań krokiem obok drugiego stosu, potem połącz oba.',
      right:
        'Ruch sekwencyjny: krok, łączenie i koniec tury. W wersji standardowej po kroku może przyjść dowolne łączenie lub bicie, a po łączeniu dowolny ruch.',
    },
    advice: {
      title: 'Rada autora',
      task: 'Rada Marka Steere’a: miej przynajmniej jeden stos tak wysoki jak najwyższy stos przeciwnika, żeby mógł mu odpowiedzieć, ale nie łącz tak dużo, żeby zabrakło stosów do wykorzystania kości. Najwyższy stos Zielonych ma 2: skończ ze stosem 2 i co najmniej dwoma stosami.',
      hint: 'Połącz dwa pionki jedną kością; drugą przesuń stos na puste pole.',
      wrong:
        'Sprawdź obie połowy: stos tak wysoki jak najwyższy zielony (2) i co najmniej dwa stosy. Przy zbyt małej liczbie stosów często żaden ruch nie pasuje do kości i wtedy zdejmujesz własne pionki.',
      right: 'Stos na miarę najwyższego zielonego i drugi na drugą kość. Oto cała rada; teraz zagraj partię!',
    },
  },
});

export default learn;
