// @ts-check
// The game page's help in Polish (see ../en/help.js).

/** @type {import('../i18n.js').Maker<'help', typeof import('./plural.js')>} */
const help = () => ({
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
  // The first visit's welcome: how to start.
  welcome: {
    title: 'Witaj w Diablo',
    intro: 'Gra w kości i stosy dla dwojga graczy, autorstwa Marka Steere’a. Jak chcesz zacząć?',
    computer: 'Zagraj z komputerem',
    computerNote: 'Grasz Czarnymi i zaczynasz.',
    friend: 'Zagraj z przyjacielem',
    here: 'Przy tym ekranie',
    hereNote: 'Na zmianę na tym urządzeniu.',
    remote: 'Na żywo lub przez link',
    online: 'Zagraj z kimś online',
    onlineNote: 'Przyjmij otwarte wyzwanie w poczekalni albo utwórz własne: na żywo lub po turze dziennie.',
    remoteNote: 'Każde na swoim urządzeniu: wyślij link i grajcie na żywo albo po jednej turze dziennie.',
    rules: 'Poznaj zasady',
    rulesNote: 'Dziesięć krótkich lekcji na małych planszach: każdą zasadę wypróbujesz w grze.',
    read: 'Przeczytaj zasady',
    readNote: 'Zasady z ilustracjami i planszami do wypróbowania.',
  },
});

export default help;
