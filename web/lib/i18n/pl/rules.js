// @ts-check
// The rules of Diablo in Polish, in our own words from the project's
// specification (RULES.md); Diablo was designed by Mark Steere. The game's
// Rules dialog, and the illustrated rules page (web/rules/rules.html): its
// header, sections and footer, with the same boards (same positions, rolls
// and actions, read by the engine) in Polish (lang="pl").

/** @type {import('../i18n.js').Maker<'rules', typeof import('./plural.js')>} */
const rules = () => ({
  // The Rules dialog's text, its × first (at the top; a dialog form closes
  // the dialog without script) with its look.
  dialog: `
<form method="dialog" class="rules-x"><button aria-label="Zamknij" title="Zamknij">×</button></form>
<style>#rules-panel .rules-x{position:absolute;top:.35rem;right:.35rem;margin:0}#rules-panel .rules-x button{border:0;background:none;color:inherit;font-size:1.6rem;line-height:1;min-width:2.75rem;min-height:2.75rem;padding:0}#rules-title{margin-right:2.5rem}</style>
<p><strong>Diablo, gra Marka Steere’a</strong> (2022), dla dwojga graczy: Czarnych i Zielonych.
To streszczenie własnymi słowami; oryginałem jest opis zasad autorstwa Marka Steere’a.</p>
<p><a href="web/rules.html?lang=pl" target="_blank" rel="noopener">Zasady z ilustracjami i samouczek</a> (z przykładowymi planszami i planszą do wypróbowania).</p>

<h3>Plansza, stosy i kości</h3>
<ul>
  <li>Plansza ma N&nbsp;×&nbsp;N pól (N parzyste). Na początku na każdym polu stoi jeden pionek, kolory
      na przemian jak na szachownicy, czarny na a1 (lewy dolny róg). Zaczynają Czarne.</li>
  <li>Pionki jednego koloru na jednym polu tworzą <em>stos</em>; jego <em>wysokość</em> to liczba
      pionków (widoczna na stosie). Stosy nigdy się nie mieszają ani nie dzielą.</li>
  <li>Każda tura zaczyna się rzutem dwiema kośćmi. Każda kość ma wartości od 1 do N/2
      (na planszy 8&nbsp;×&nbsp;8: od 1 do 4).</li>
</ul>

<h3>Akcje</h3>
<ul>
  <li><strong>Ruch</strong>: cały stos przesuwa się prosto wzdłuż wiersza lub kolumny dokładnie o tyle pól,
      ile pokazuje niewykorzystana kość. To, co leży po drodze, nie ma znaczenia. Każda kość napędza jeden ruch.
    <ul>
      <li><em>Łączenie</em> (+): na własny stos; wysokości się sumują.</li>
      <li><em>Bicie</em> (×): na stos przeciwnika nie wyższy od twojego; zbity stos opuszcza grę.</li>
      <li><em>Krok</em> (•): na puste pole.</li>
    </ul>
    Ruch na wyższy stos przeciwnika jest zawsze zabroniony.</li>
  <li><strong>Zdjęcie</strong>: zdejmij jeden własny pionek z jednego ze swoich stosów. Nie zużywa kości.</li>
</ul>

<h3>Wersja standardowa (obecne zasady)</h3>
<ol>
  <li>Pierwsza akcja: jeśli możesz wykonać jakikolwiek ruch, musisz. Jeśli nie możesz, zdejmij dwa
      swoje pionki (z jednego lub dwóch stosów) i tura się kończy.</li>
  <li>Druga akcja, drugą kością: po kroku musisz połączyć lub bić, jeśli możesz; po łączeniu lub
      biciu musisz wykonać dowolny ruch, jeśli możesz. Jeśli nie możesz, zdejmij jeden pionek.
      W turze jest więc najwyżej jeden krok.</li>
</ol>

<h3>Wersja sekwencyjna (wcześniejsze zasady)</h3>
<ul>
  <li><em>Ruch pojedynczy</em> to łączenie lub bicie jedną kością.</li>
  <li><em>Ruch sekwencyjny</em> to krok, po którym drugą kością ten sam stos łączy lub bije, albo inny
      twój stos łączy się z nim. Krok wolno wykonać tylko jako pierwszą połowę ruchu sekwencyjnego,
      a ruch sekwencyjny kończy turę.</li>
  <li>Pierwsza akcja: musisz wykonać ruch pojedynczy lub sekwencyjny, jeśli taki istnieje; w przeciwnym
      razie dwa razy zdejmij pionek ze swojego najwyższego stosu i tura się kończy.</li>
  <li>Po ruchu pojedynczym musisz wykonać kolejny ruch pojedynczy, jeśli możesz; w przeciwnym razie
      zdejmij jeden pionek ze swojego najwyższego stosu.</li>
</ul>

<h3>W obu wersjach</h3>
<ul>
  <li>Pierwsza tura Czarnych to tylko jeden ruch, kością wybraną przez Czarne (to wyrównuje przewagę
      pierwszego ruchu).</li>
  <li>Gra kończy się, gdy któryś gracz nie ma już pionków, zbitych lub zdjętych przez niego samego.
      Wygrywa drugi gracz. Remisów nie ma.</li>
</ul>

<h3>Na tej stronie</h3>
<p>Stosy, które mogą działać, mają złotą obwódkę. Wybierz jeden, by zobaczyć cele: kropka to krok,
pierścień z + to łączenie, narożniki z × to bicie. Gdy trzeba zdjąć pionek, stosy, z których wolno go zdjąć,
mają czerwony znak −. Ostatnia tura jest podświetlona na żółto. Turę kończy przycisk Zatwierdź; do tego czasu
Cofnij odwołuje akcję.</p>
`,
  page: {
    title: 'Diablo — zasady z ilustracjami i samouczek',
    description:
      'Zasady Diablo, gry Marka Steere’a, zilustrowane żywymi planszami: obie wersje i plansza do wypróbowania.',
    header: `
  <h1>Diablo: zasady z ilustracjami i samouczek</h1>
  <p class="credit"><strong>Diablo, gra Marka Steere’a</strong> (2022), dla dwojga graczy.</p>
  <p>Ta strona opisuje zasady własnymi słowami, z planszami do obejrzenia i jedną do gry.
    Oryginałem jest opis zasad Marka Steere’a; tam, gdzie zostawia on pytanie otwarte, trzymamy się
    specyfikacji zasad tego projektu. <a href="../index.html">Zagraj w pełną grę</a>
    albo <a href="learn.html">ucz się, grając: dziesięć krótkich lekcji</a>.</p>
  <nav class="toc" aria-label="Spis treści">
    <a href="#board">Plansza i kości</a>
    <a href="#moves">Ruchy</a>
    <a href="#distance">Dokładna odległość</a>
    <a href="#standard">Wersja standardowa</a>
    <a href="#sequenced">Wersja sekwencyjna</a>
    <a href="#end">Koniec gry</a>
    <a href="#notation">Zapis</a>
    <a href="#try">Wypróbuj</a>
  </nav>
`,
    main: `
<section id="board" aria-labelledby="h-board">
  <h2 id="h-board">Plansza, pionki i kości</h2>
  <div class="rule">
    <div>
      <p>W Diablo gra się na kwadratowej planszy N&nbsp;×&nbsp;N pól, przy czym N jest parzyste. Ta strona oferuje każdy parzysty rozmiar od
        <span data-size="first">2&nbsp;×&nbsp;2</span> do <span data-size="last">26&nbsp;×&nbsp;26</span>; zwykle gra się na 8&nbsp;×&nbsp;8, a przykłady tutaj są na 6&nbsp;×&nbsp;6, żeby były małe.</p>
      <p>Na początku na każdym polu stoi jeden pionek. Kolory zmieniają się jak na szachownicy, a czarny pionek stoi na
        a1, w lewym dolnym rogu. Pola nazywa się jak w szachach: kolumny <code>a</code>, <code>b</code>, … od lewej do
        prawej, rzędy <code>1</code>, <code>2</code>, … od dołu do góry.</p>
      <p>Pionki jednego koloru na jednym polu tworzą <strong>stos</strong>. Jego <strong>wysokość</strong> to liczba
        pionków; gdy jest większa niż jeden, widać ją na stosie. Stos nigdy nie ma dwóch kolorów i nigdy się nie dzieli:
        zawsze rusza się w całości.</p>
      <p>Każda tura zaczyna się rzutem dwiema kośćmi. Każda kość pokazuje liczbę od 1 do N/2: od 1 do 3 na planszy
        6&nbsp;×&nbsp;6, od 1 do 4 na 8&nbsp;×&nbsp;8. Zaczynają Czarne, potem gracze grają na zmianę.</p>
    </div>
    <diablo-board lang="pl" mode="diagram" size="6" credit="off"
      caption="Początek gry na 6&nbsp;×&nbsp;6. Czarny pionek stoi na a1; kości na tej planszy pokazują od 1 do 3."></diablo-board>
  </div>
  <h3>Jak czytać diagramy</h3>
  <div class="legend">
    <span>Złota obwódka</span><span>stos, który może teraz działać</span>
    <span>Niebieskie tło i obwódka</span><span>wybrany stos; jego cele są oznaczone:</span>
    <span>• kropka</span><span>krok na puste pole</span>
    <span>+ pierścień</span><span>łączenie z jednym z twoich stosów</span>
    <span>× narożniki</span><span>bicie</span>
    <span>− czerwony znak</span><span>stos, który może stracić pionek (trzeba coś zdjąć)</span>
    <span>Niebieskie strzałki</span><span>akcje zagrane już w pokazanej turze</span>
    <span>Bursztynowe strzałki</span><span>ruchy, o których mówi tekst</span>
  </div>
  <p class="note">Na diagramach z kośćmi oznaczeń nikt nie rysował ręcznie: wylicza je silnik zasad gry z pozycji
    i rzutu.</p>
</section>

<section id="moves" aria-labelledby="h-moves">
  <h2 id="h-moves">Ruchy: łączenie, bicie, krok</h2>
  <div class="rule">
    <div>
      <p><strong>Ruch</strong> przenosi cały stos po linii prostej wzdłuż jego rzędu albo kolumny, dokładnie o tyle pól,
        ile pokazuje jedna z kości. Każda kość napędza w turze najwyżej jeden ruch. Nazwa ruchu zależy tylko od tego,
        gdzie się kończy:</p>
      <ul>
        <li><strong>Łączenie</strong>: na jeden z twoich stosów. Oba stają się jednym stosem, a ich wysokości się
          sumują.</li>
        <li><strong>Bicie</strong>: na stos przeciwnika, który <em>nie jest wyższy</em> od ruszającego się stosu.
          Zbity stos opuszcza grę, a ruszający zajmuje jego pole.</li>
        <li><strong>Krok</strong>: na puste pole.</li>
      </ul>
      <p>Ruch na wyższy stos przeciwnika nigdy nie jest dozwolony. Ruch nigdy nie wychodzi poza planszę.</p>
      <p>Na diagramie Czarne wyrzuciły dwie dwójki. Stos wysokości 2 na c3 może połączyć się z c5, zbić zielony stos
        wysokości 2 na e3 (równa wysokość wystarczy) albo zrobić krok na puste a3. Nie może pójść na c1: zielony stos
        ma tam wysokość 3. Gdyby najpierw c5 połączył się z c3, powstałby stos wysokości 3, który drugą dwójką mógłby
        bić na c1.</p>
    </div>
    <diablo-board lang="pl" mode="diagram" position="....../..b.../....../..b2.g2./....../..g3... b 5"
      roll="2,2" select="c3" credit="off"
      caption="Ruch Czarnych, na kościach 2 i 2: z c3 łączenie na c5 (+), bicie na e3 (×) albo krok na a3 (•)."></diablo-board>
  </div>
  <h3>Zdjęcia</h3>
  <p><strong>Zdjęcie</strong> usuwa jeden pionek z jednego z twoich stosów: jego wysokość spada o jeden, a stos
    z jednym pionkiem znika. Zdjęcie nie zużywa kości. Nigdy nie zdejmujesz z wyboru; kiedy musisz, mówią zasady
    poniżej.</p>
</section>

<section id="distance" aria-labelledby="h-distance">
  <h2 id="h-distance">Dokładna odległość i przeskakiwanie stosów</h2>
  <div class="rule">
    <div>
      <p>Ruch pokonuje dokładnie tyle pól, ile pokazuje kość, ani mniej, ani więcej. Pola po drodze nie mają znaczenia:
        stos przelatuje nad pustymi polami i nad stosami obu kolorów, dowolnej wysokości.</p>
      <p>Tutaj Czarne wyrzuciły 3 i 1. Trójką stos z a1 może przeskoczyć zieloną czwórkę na a2 i własny stos na a3,
        by zrobić krok na a4, albo zbić pojedynczy zielony pionek na d1. Jedynką może zrobić krok na b1. Nie może
        stanąć na a2 (zielona czwórka jest wyższa) i nic nie zaprowadzi go na a3, dwa pola dalej, bo żadna kość nie
        pokazuje dwójki.</p>
    </div>
    <diablo-board lang="pl" mode="diagram" position=".....g/....../....../b2...../g4...../b..g.. b 7"
      roll="3,1" select="a1" credit="off"
      caption="Na kościach 3 i 1 stos z a1 może iść na a4 lub d1 (3 pola) albo na b1 (1 pole)."></diablo-board>
  </div>
</section>

<section id="standard" aria-labelledby="h-standard">
  <h2 id="h-standard">Wersja standardowa: tura</h2>
  <p>Wersja standardowa to obecny tekst zasad i domyślna wersja na tej stronie. Tura składa się z dwóch akcji.</p>
  <ol>
    <li><strong>Pierwsza akcja.</strong> Jeśli którąkolwiek kością da się wykonać jakikolwiek ruch (łączenie, bicie
      lub krok), musisz go wykonać. Dopiero gdy żadnego ruchu nie ma, zdejmujesz zamiast tego <em>dwa</em> swoje
      pionki, z jednego stosu albo z dwóch, i tura się kończy.</li>
    <li><strong>Druga akcja</strong>, drugą kością:
      <ul>
        <li>po <strong>kroku</strong> musisz połączyć albo bić, dowolnym swoim stosem, jeśli się da;</li>
        <li>po <strong>łączeniu lub biciu</strong> musisz wykonać dowolny ruch (także krok), jeśli się da;</li>
        <li>jeśli winnego ruchu nie da się wykonać, zdejmujesz zamiast niego jeden pionek z dowolnego swojego stosu,
          także z tego, który właśnie się ruszył.</li>
      </ul>
      W turze nigdy więc nie ma dwóch kroków.</li>
  </ol>
  <div class="boards">
    <diablo-board lang="pl" mode="diagram" position="g...../.....g2/...g../.b..../....../.....b b 9"
      roll="1,2" actions="b3-b4" select="b4" credit="off"
      caption="Po kroku. Czarne zrobiły krok b3-b4 jedynką. Teraz dwójka musi połączyć lub bić: jedyny wybór to b4-d4. Ruch f1-f3 lub f1-d1 byłby drugim krokiem."></diablo-board>
    <diablo-board lang="pl" mode="diagram" position="g...../.....g2/...g../.b..../....../.....b b 9"
      roll="1,2" actions="b3-c3" options credit="off"
      caption="Ten sam rzut, inny pierwszy krok: po b3-c3 dwójka nie ma już łączenia ani bicia, więc Czarne zdejmują jeden pionek, z c3 albo z f1."></diablo-board>
    <diablo-board lang="pl" mode="diagram" position=".....g2/....../..g.../..b.../....g3./b..... b 9"
      roll="1,2" actions="c3-c4" options credit="off"
      caption="Po biciu. Czarne zbiły c3-c4 jedynką. Dwójką może nastąpić dowolny ruch, także krok: oba stosy z obwódką mogą się ruszyć (c4-c6, a1-a3, …)."></diablo-board>
    <diablo-board lang="pl" mode="diagram" position="..g3..b2/....../g4...../.....g3/....../b3..g4.. b 11"
      roll="3,3" options credit="off"
      caption="Żadnego ruchu. Przy dwóch trójkach na każdym polu, do którego Czarne mogłyby dojść, stoi wyższy zielony stos. Czarne zdejmują dwa pionki: oba z a1, oba z f6 albo po jednym z każdego."></diablo-board>
  </div>
  <h3>Zasada wyrównująca</h3>
  <div class="rule">
    <div>
      <p>Pierwszy ruch daje przewagę, więc pierwsza tura Czarnych w partii to jeden ruch, kością wybraną przez Czarne;
        druga kość przepada. (Jeśli w pozycji ustawionej ręcznie Czarne nie mają w tej pierwszej turze żadnego ruchu,
        tura polega na jednym zdjęciu.)</p>
      <p>Od tej chwili każda tura, dla obu graczy, przebiega według opisanego wyżej schematu dwóch akcji.</p>
    </div>
    <diablo-board lang="pl" mode="diagram" size="6" roll="2,1" actions="b2-b4" credit="off"
      caption="Pierwsza tura Czarnych: tylko jeden ruch. Tutaj b2-b4 łączy dwójką, a jedynka zostaje niewykorzystana."></diablo-board>
  </div>
</section>

<section id="sequenced" aria-labelledby="h-sequenced">
  <h2 id="h-sequenced">Wersja sekwencyjna</h2>
  <p>Wersja sekwencyjna to wcześniejszy tekst zasad. Plansza, kości, ruchy i koniec gry są takie same; inaczej
    buduje się turę.</p>
  <ul>
    <li><strong>Ruch pojedynczy</strong> to łączenie lub bicie jedną kością.</li>
    <li><strong>Ruch sekwencyjny</strong> to para ruchów wykonanych jako dwie pierwsze akcje tury: krok jedną kością,
      a potem drugą kością albo ten sam stos rusza się znowu i łączy lub bije, albo inny twój stos łączy się z nim.
      Krok wolno zrobić tylko jako pierwszą połowę ruchu sekwencyjnego, a ruch sekwencyjny kończy turę.</li>
    <li><strong>Pierwsza akcja:</strong> jeśli możliwy jest jakikolwiek ruch pojedynczy lub sekwencyjny, musisz go
      wykonać. Jeśli nie, zdejmujesz pionek ze swojego <em>najwyższego</em> stosu, potem jeszcze raz z najwyższego
      (już po pierwszym zdjęciu; przy remisie wybierasz) i tura się kończy.</li>
    <li><strong>Po ruchu pojedynczym:</strong> jeśli drugą kością możliwy jest kolejny ruch pojedynczy, musisz go
      wykonać (dowolnym stosem, także tym, który właśnie się ruszył). Jeśli nie, zdejmujesz jeden pionek ze swojego
      najwyższego stosu.</li>
    <li>Zasada wyrównująca jest ta sama: pierwsza tura Czarnych to jeden ruch pojedynczy.</li>
  </ul>
  <div class="boards">
    <diablo-board lang="pl" mode="diagram" edition="sequenced" position="..g.../....../b...../..b.../....../.....g2 b 9"
      roll="1,2" select="c3" credit="off"
      caption="Wersja sekwencyjna, 1 i 2. Stos z c3 może zrobić krok tylko tam, skąd da się dokończyć ruch: na c4, a3 lub c5. Samotny krok, na przykład c3-d3, jest niedozwolony."></diablo-board>
    <diablo-board lang="pl" mode="diagram" edition="sequenced" position="..g.../....../b...../..b.../....../.....g2 b 9"
      roll="1,2" actions="c3-c4" select="c4" options credit="off"
      caption="Po kroku c3-c4 dwójka kończy ruch sekwencyjny: c4 bije na c6 albo łączy się z a4, albo a4 łączy się z c4."></diablo-board>
    <diablo-board lang="pl" mode="diagram" edition="sequenced" position="g....g2/....../..g.../..b2.../....../....b3. b 9"
      roll="1,2" actions="c3-c4" options credit="off"
      caption="Ruch pojedynczy c3-c4 bije. Dwójką nie da się ani połączyć, ani bić, więc Czarne zdejmują pionek z najwyższego stosu: z e1."></diablo-board>
    <diablo-board lang="pl" mode="diagram" edition="sequenced" position="..g3..b2/....../g4...../.....g3/....../b3..g4.. b 11"
      roll="3,3" options credit="off"
      caption="Żadnego ruchu (pozycja z przykładu standardowego wyżej): pierwsze zdjęcie musi być z a1, najwyższego stosu. Potem a1 i f6 mają po 2 pionki, więc drugie może być z któregokolwiek."></diablo-board>
  </div>
</section>

<section id="end" aria-labelledby="h-end">
  <h2 id="h-end">Koniec gry</h2>
  <p>Gra kończy się w chwili, gdy któryś gracz nie ma już pionków; wygrywa drugi. Dzieje się tak, gdy zostanie zbity
    ostatni stos przeciwnika albo gdy gracz musi zdjąć swój ostatni pionek: wymuszone zdjęcie może przegrać partię
    od razu. Reszty tej tury się nie gra. Remisów nie ma: każda tura zmniejsza liczbę pionków plus stosów na
    planszy, więc każda partia się kończy.</p>
  <div class="boards">
    <diablo-board lang="pl" mode="diagram" position="b...../....../...g2../....../...b3../...... b 21"
      roll="2,1" actions="d2-d4" credit="off"
      caption="Czarne biją ostatni zielony stos ruchem d2-d4 i od razu wygrywają; jedynka nie zostaje już zagrana."></diablo-board>
    <diablo-board lang="pl" mode="diagram" position="....../....../g2...../....../....../b..g2.. b 21"
      roll="3,3" options credit="off"
      caption="Ostatni czarny pionek nie może się ruszyć dwiema trójkami (na obu polach docelowych stoi wyższy stos). Czarne muszą go zdjąć i przegrywają."></diablo-board>
  </div>
</section>

<section id="notation" aria-labelledby="h-notation">
  <h2 id="h-notation">Zapis</h2>
  <div class="rule">
    <div>
      <p>Pole zapisuje się jak <code>c3</code>. Ruch zapisuje się dwoma polami, <code>c3-c5</code> (czy to łączenie,
        bicie czy krok, wynika z planszy), a zdjęcie znakiem minus, <code>-c3</code>. Tura wymienia swoje akcje w
        kolejności zagrania, oddzielone spacją: <code>c3-c5 -d4</code>. Rzut zapisuje się <code>3,1</code>.</p>
      <p><strong>Kod pozycji</strong> opisuje planszę w jednym wierszu: rzędy od góry, oddzielone znakiem
        <code>/</code>, każdy z polami od kolumny a: <code>.</code> to puste pole, <code>b</code> (czarny) lub
        <code>g</code> (zielony) to stos, a po literze jego wysokość, gdy jest większa niż 1. Potem gracz, który ma ruch,
        i numer tury. Początek na 4&nbsp;×&nbsp;4 to <code>gbgb/bgbg/gbgb/bgbg b 1</code>.</p>
      <p><strong>Zapis partii</strong> podaje wersję i rozmiar (w pliku są to wiersze ze słowami kluczowymi
        <code>edition</code> i <code>size</code>), a potem po jednym wierszu na turę, <code>rzut: tura</code>. Plansza
        obok odtwarza z takiego zapisu całą partię na 4&nbsp;×&nbsp;4:</p>
      <pre>edition standard
size 4
1,1: c1-d1
2,1: a2-b2 b3-d3
…
2,2: a4-c4 c4-c2</pre>
    </div>
    <diablo-board lang="pl" mode="replay" credit="off" caption="Cała partia na 4&nbsp;×&nbsp;4, 13 tur. Przejdź przez nią przyciskami albo strzałkami na klawiaturze.">
edition standard
size 4
1,1: c1-d1
2,1: a2-b2 b3-d3
2,1: c3-c4 d2-d4
1,1: c2-c1 a4-a3
2,2: d4-b4 a1-c1
2,1: b1-d1 b2-a2
2,2: b4-b2 -c1
2,2: d3-d1 a3-c3
1,1: b2-a2 c4-c3
1,1: d1-c1 -c1
2,1: a2-a4 -a4
2,1: c1-c2 -c2
2,2: a4-c4 c4-c2
    </diablo-board>
  </div>
</section>

<section id="try" aria-labelledby="h-try">
  <h2 id="h-try">Wypróbuj</h2>
  <p>Dwoje graczy przy jednym ekranie, na 6&nbsp;×&nbsp;6. Naciśnij <strong>Rzuć</strong>, kliknij stos z obwódką, a potem jedno
    z jego oznaczonych pól docelowych. Gdy tura jest pełna, naciśnij <strong>Zatwierdź</strong>; do tego czasu
    <strong>Cofnij</strong> odwołuje akcję. Plansza proponuje tylko dozwolone akcje, więc zasad można się nauczyć,
    grając.</p>
  <div class="play-area">
    <diablo-board lang="pl" id="try-board" mode="play" size="6" players="two"></diablo-board>
  </div>
</section>
`,
    footer: `
  <p>Diablo to gra Marka Steere’a. Ta strona zachowuje jego nazwisko, jego zasady i informację o autorze. Plansze na tej
    stronie to elementy <code>&lt;diablo-board&gt;</code>; jak umieścić je na własnych stronach, opisuje plik README
    projektu (po angielsku).</p>
`,
  },
});

export default rules;
