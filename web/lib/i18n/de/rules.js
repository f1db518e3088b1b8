// @ts-check
// The rules of Diablo in German, in our own words from the project's
// specification (RULES.md); Diablo was designed by Mark Steere. The game's
// Rules dialog, and the illustrated rules page (web/rules/rules.html): its
// header, sections and footer, with the same boards (same positions, rolls
// and actions, read by the engine) in German (lang="de").

/** @type {import('../i18n.js').Maker<'rules', typeof import('./plural.js')>} */
const rules = () => ({
  // The Rules dialog's text, its × first (at the top; a dialog form closes
  // the dialog without script) with its look.
  dialog: `
<form method="dialog" class="rules-x"><button aria-label="Schließen" title="Schließen">×</button></form>
<style>#rules-panel .rules-x{position:absolute;top:.35rem;right:.35rem;margin:0}#rules-panel .rules-x button{border:0;background:none;color:inherit;font-size:1.6rem;line-height:1;min-width:2.75rem;min-height:2.75rem;padding:0}#rules-title{margin-right:2.5rem}</style>
<p><strong>Diablo, ein Spiel von Mark Steere</strong> (2022), für zwei Personen: Schwarz und Grün.
Dies ist eine Zusammenfassung in eigenen Worten; das Original ist Mark Steeres Regelblatt.</p>
<p><a href="web/rules.html?lang=de" target="_blank" rel="noopener">Illustrierte Regeln und Einführung</a> (mit Beispielbrettern und einem Brett zum Ausprobieren).</p>

<h3>Brett, Stapel und Würfel</h3>
<ul>
  <li>Das Brett hat N&nbsp;×&nbsp;N Felder (N gerade). Zu Beginn steht auf jedem Feld ein Stein, die Farben
      abwechselnd wie auf einem Schachbrett, mit Schwarz auf a1 (links unten). Schwarz beginnt.</li>
  <li>Steine einer Farbe auf einem Feld bilden einen <em>Stapel</em>; seine <em>Höhe</em> ist die Zahl
      seiner Steine (sie steht auf dem Stapel). Stapel mischen sich nie und werden nie geteilt.</li>
  <li>Jede Runde beginnt mit einem Wurf zweier Würfel. Jeder Würfel zeigt 1 bis N/2
      (auf 8&nbsp;×&nbsp;8: 1 bis 4).</li>
</ul>

<h3>Aktionen</h3>
<ul>
  <li><strong>Zug</strong>: Ein ganzer Stapel zieht geradlinig entlang seiner Reihe oder Linie, genau so viele
      Felder weit, wie ein unverbrauchter Würfel zeigt. Was dazwischen liegt, spielt keine Rolle. Jeder Würfel
      gilt für genau einen Zug.
    <ul>
      <li><em>Zusammenführen</em> (+): auf einen eigenen Stapel; die Höhen addieren sich.</li>
      <li><em>Schlagen</em> (×): auf einen gegnerischen Stapel, der nicht höher ist als deiner; er scheidet aus dem Spiel aus.</li>
      <li><em>Schritt</em> (•): auf ein leeres Feld.</li>
    </ul>
    Ein Zug auf einen höheren gegnerischen Stapel ist nie erlaubt.</li>
  <li><strong>Entnahme</strong>: Nimm einen deiner Steine von einem deiner Stapel. Sie verbraucht keinen Würfel.</li>
</ul>

<h3>Standardfassung (die aktuellen Regeln)</h3>
<ol>
  <li>Erste Aktion: Wenn du überhaupt ziehen kannst, musst du ziehen. Wenn nicht, entnimm zwei deiner Steine
      (aus einem Stapel oder aus zweien), und deine Runde endet.</li>
  <li>Zweite Aktion, mit dem anderen Würfel: Nach einem Schritt musst du zusammenführen oder schlagen, wenn du kannst;
      nach einem Zusammenführen oder Schlagen musst du einen beliebigen Zug machen, wenn du kannst. Wenn nicht, entnimm einen Stein.
      Eine Runde enthält also höchstens einen Schritt.</li>
</ol>

<h3>Sequenzfassung (die früheren Regeln)</h3>
<ul>
  <li>Ein <em>Einzelzug</em> ist ein Zusammenführen oder ein Schlagen mit einem Würfel.</li>
  <li>Ein <em>Sequenzzug</em> ist ein Schritt, nach dem mit dem anderen Würfel derselbe Stapel zusammenführt oder
      schlägt oder ein anderer deiner Stapel auf ihn zusammengeführt wird. Ein Schritt ist nur als erste Hälfte
      eines Sequenzzugs erlaubt, und ein Sequenzzug beendet die Runde.</li>
  <li>Erste Aktion: Gibt es einen Einzel- oder Sequenzzug, musst du einen machen; sonst entnimm zweimal einen Stein
      aus deinem höchsten Stapel, und die Runde endet.</li>
  <li>Nach einem Einzelzug musst du einen weiteren Einzelzug machen, wenn du kannst; sonst entnimm einen Stein
      aus deinem höchsten Stapel.</li>
</ul>

<h3>In beiden Fassungen</h3>
<ul>
  <li>Die allererste Runde von Schwarz ist ein einziger Zug, mit dem Würfel, den Schwarz wählt (das gleicht den
      Vorteil der ersten Runde aus).</li>
  <li>Das Spiel endet, sobald eine Seite keine Steine mehr hat, ob geschlagen oder durch eigene erzwungene
      Entnahmen entfernt. Die andere Seite gewinnt. Unentschieden gibt es nicht.</li>
</ul>

<h3>Auf dieser Seite</h3>
<p>Stapel, mit denen eine Aktion möglich ist, haben einen goldenen Ring. Wähle einen aus, um seine Ziele zu sehen: ein Punkt für einen Schritt,
ein Ring mit + für ein Zusammenführen, Eckmarken mit × für ein Schlagen. Steht eine Entnahme an, zeigen die Stapel, die einen
Stein verlieren dürfen, ein rotes −. Die letzte Runde ist gelb getönt. Beende eine Runde mit Bestätigen; bis dahin nimmt
Rückgängig eine Aktion zurück.</p>
`,
  page: {
    title: 'Diablo — illustrierte Regeln und Einführung',
    description:
      'Die Regeln von Diablo, einem Spiel von Mark Steere, veranschaulicht mit interaktiven Brettern: beide Fassungen und ein Brett zum Ausprobieren.',
    header: `
  <h1>Diablo: illustrierte Regeln und Einführung</h1>
  <p class="credit"><strong>Diablo, ein Spiel von Mark Steere</strong> (2022), für zwei Personen.</p>
  <p>Diese Seite erklärt die Regeln in eigenen Worten, mit Brettern zum Ansehen und einem zum Spielen.
    Das Original ist Mark Steeres Regelblatt; wo es eine Frage offenlässt, folgen wir der Regelspezifikation
    dieses Projekts. <a href="../index.html">Zum vollständigen Spiel</a>
    oder <a href="learn.html">spielend lernen: zehn kurze Lektionen</a>.</p>
  <nav class="toc" aria-label="Inhalt">
    <a href="#board">Brett und Würfel</a>
    <a href="#moves">Züge</a>
    <a href="#distance">Genaue Entfernung</a>
    <a href="#standard">Standardfassung</a>
    <a href="#sequenced">Sequenzfassung</a>
    <a href="#end">Spielende</a>
    <a href="#notation">Notation</a>
    <a href="#try">Ausprobieren</a>
  </nav>
`,
    main: `
<section id="board" aria-labelledby="h-board">
  <h2 id="h-board">Brett, Steine und Würfel</h2>
  <div class="rule">
    <div>
      <p>Diablo wird auf einem quadratischen Brett mit N&nbsp;×&nbsp;N Feldern gespielt, wobei N gerade ist. Diese Seite bietet
        jede gerade Größe von <span data-size="first">2&nbsp;×&nbsp;2</span> bis <span data-size="last">26&nbsp;×&nbsp;26</span> an; üblich ist 8&nbsp;×&nbsp;8, und die Beispiele hier nutzen 6&nbsp;×&nbsp;6, damit sie klein
        bleiben.</p>
      <p>Zu Beginn steht auf jedem Feld ein Stein. Die Farben wechseln sich wie auf einem Schachbrett ab, und ein
        schwarzer Stein steht auf a1, in der linken unteren Ecke. Die Felder heißen wie beim Schach: Linien
        <code>a</code>, <code>b</code>, … von links nach rechts, Reihen <code>1</code>, <code>2</code>, … von unten
        nach oben.</p>
      <p>Steine einer Farbe auf einem Feld bilden einen <strong>Stapel</strong>. Seine <strong>Höhe</strong> ist die
        Zahl seiner Steine; ist sie größer als eins, steht sie auf dem Stapel. Ein Stapel enthält nie beide Farben und
        wird nie geteilt: Er zieht immer als Ganzes.</p>
      <p>Jede Runde beginnt mit einem Wurf zweier Würfel. Jeder Würfel zeigt eine Zahl von 1 bis N/2: von 1 bis 3 auf
        6&nbsp;×&nbsp;6, von 1 bis 4 auf 8&nbsp;×&nbsp;8. Schwarz beginnt, danach sind beide Seiten abwechselnd am Zug.</p>
    </div>
    <diablo-board lang="de" mode="diagram" size="6" credit="off"
      caption="Die Anfangsstellung auf 6&nbsp;×&nbsp;6. Schwarz steht auf a1; die Würfel zeigen auf diesem Brett 1 bis 3."></diablo-board>
  </div>
  <h3>So liest du die Diagramme</h3>
  <div class="legend">
    <span>Goldener Ring</span><span>ein Stapel, mit dem jetzt eine Aktion möglich ist</span>
    <span>Blaue Tönung<br>und Ring</span><span>der ausgewählte Stapel; seine Zielfelder sind markiert:</span>
    <span>• Punkt</span><span>ein Schritt auf ein leeres Feld</span>
    <span>+ Ring</span><span>ein Zusammenführen auf einen deiner Stapel</span>
    <span>× Ecken</span><span>ein Schlagen</span>
    <span>− rotes Zeichen</span><span>ein Stapel, der einen Stein verlieren kann (eine Entnahme steht an)</span>
    <span>Blaue Pfeile</span><span>Aktionen, die in der gezeigten Runde schon gespielt wurden</span>
    <span>Orange Pfeile</span><span>Züge, von denen der Text spricht</span>
  </div>
  <p class="note">In den Diagrammen mit Würfeln sind die Markierungen nicht von Hand gezeichnet: Das Programm des
    Spiels berechnet sie nach den Regeln aus der Stellung und dem Wurf.</p>
</section>

<section id="moves" aria-labelledby="h-moves">
  <h2 id="h-moves">Züge: Zusammenführen, Schlagen, Schritt</h2>
  <div class="rule">
    <div>
      <p>Ein <strong>Zug</strong> bewegt einen ganzen Stapel geradlinig entlang seiner Reihe oder seiner Linie, genau so
        viele Felder weit, wie einer der Würfel zeigt. Mit jedem Würfel wird in einer Runde höchstens ein Zug gemacht.
        Wie der Zug heißt, hängt nur davon ab, wo er endet:</p>
      <ul>
        <li><strong>Zusammenführen</strong>: auf einen deiner eigenen Stapel. Beide werden zu einem Stapel, und ihre
          Höhen addieren sich.</li>
        <li><strong>Schlagen</strong>: auf einen gegnerischen Stapel, der <em>nicht höher</em> ist als der ziehende
          Stapel. Der gegnerische Stapel scheidet aus dem Spiel aus, und der ziehende Stapel nimmt sein Feld ein.</li>
        <li><strong>Schritt</strong>: auf ein leeres Feld.</li>
      </ul>
      <p>Ein Zug auf einen höheren gegnerischen Stapel ist nie erlaubt. Ein Zug verlässt nie das Brett.</p>
      <p>Im Diagramm hat Schwarz zwei Zweien gewürfelt. Der Zweierstapel auf c3 kann auf c5 zusammengeführt werden,
        den grünen Zweierstapel auf e3 schlagen (gleiche Höhe genügt) oder einen Schritt auf das leere a3 machen. Nach
        c1 kann er nicht: Der grüne Stapel dort ist 3 hoch. Würde zuerst c5 auf c3 zusammengeführt, entstünde ein
        Dreierstapel, der dann mit der anderen 2 auf c1 schlagen könnte.</p>
    </div>
    <diablo-board lang="de" mode="diagram" position="....../..b.../....../..b2.g2./....../..g3... b 5"
      roll="2,2" select="c3" credit="off"
      caption="Schwarz am Zug mit 2 und 2: von c3 Zusammenführen auf c5 (+), Schlagen auf e3 (×) oder Schritt nach a3 (•)."></diablo-board>
  </div>
  <h3>Entnahmen</h3>
  <p>Eine <strong>Entnahme</strong> nimmt einen Stein von einem deiner eigenen Stapel: Seine Höhe sinkt um eins, und
    ein Stapel aus einem einzigen Stein verschwindet. Eine Entnahme verbraucht keinen Würfel. Du entnimmst nie
    freiwillig; wann du es musst, sagen die Regeln weiter unten.</p>
</section>

<section id="distance" aria-labelledby="h-distance">
  <h2 id="h-distance">Genaue Entfernung und Überspringen von Stapeln</h2>
  <div class="rule">
    <div>
      <p>Ein Zug führt genau so viele Felder weit, wie der Würfel zeigt, nicht weiter und nicht kürzer. Die Felder
        dazwischen spielen keine Rolle: Ein Stapel zieht über leere Felder und über Stapel beider Farben und jeder Höhe
        hinweg.</p>
      <p>Hier hat Schwarz 3 und 1 gewürfelt. Mit der 3 kann der Stapel auf a1 über den grünen Viererstapel auf a2 und
        den eigenen Stapel auf a3 hinweg einen Schritt nach a4 machen oder den einzelnen grünen Stein auf d1 schlagen.
        Mit der 1 kann er einen Schritt nach b1 machen. Auf a2 kann er nicht landen (der grüne Viererstapel ist höher),
        und nach a3, zwei Felder entfernt, bringt ihn nichts, weil keiner der Würfel eine 2 zeigt.</p>
    </div>
    <diablo-board lang="de" mode="diagram" position=".....g/....../....../b2...../g4...../b..g.. b 7"
      roll="3,1" select="a1" credit="off"
      caption="Mit 3 und 1 kann a1 nach a4 oder d1 ziehen (3 Felder) oder nach b1 (1 Feld)."></diablo-board>
  </div>
</section>

<section id="standard" aria-labelledby="h-standard">
  <h2 id="h-standard">Standardfassung: eine Runde</h2>
  <p>Die Standardfassung ist der aktuelle Regeltext und auf dieser Seite voreingestellt. Eine Runde besteht aus zwei
    Aktionen.</p>
  <ol>
    <li><strong>Erste Aktion.</strong> Ist mit einem der beiden Würfel überhaupt ein Zug möglich (Zusammenführen,
      Schlagen oder Schritt), musst du einen machen. Nur wenn es keinen Zug gibt, entnimmst du stattdessen
      <em>zwei</em> deiner Steine, aus einem Stapel oder aus zweien, und die Runde endet.</li>
    <li><strong>Zweite Aktion</strong>, mit dem anderen Würfel:
      <ul>
        <li>nach einem <strong>Schritt</strong> musst du zusammenführen oder schlagen, mit einem beliebigen deiner
          Stapel, falls das geht;</li>
        <li>nach einem <strong>Zusammenführen oder Schlagen</strong> musst du einen beliebigen Zug machen (auch einen
          Schritt), falls das geht;</li>
        <li>ist der verlangte Zug unmöglich, entnimmst du stattdessen einen Stein aus einem beliebigen deiner Stapel,
          auch aus dem, der gerade gezogen hat.</li>
      </ul>
      Eine Runde enthält also nie zwei Schritte.</li>
  </ol>
  <div class="boards">
    <diablo-board lang="de" mode="diagram" position="g...../.....g2/...g../.b..../....../.....b b 9"
      roll="1,2" actions="b3-b4" select="b4" credit="off"
      caption="Nach einem Schritt. Schwarz hat mit der 1 den Schritt b3-b4 gemacht. Jetzt muss die 2 zusammenführen oder schlagen: b4-d4 ist die einzige Wahl. f1-f3 oder f1-d1 wäre ein zweiter Schritt."></diablo-board>
    <diablo-board lang="de" mode="diagram" position="g...../.....g2/...g../.b..../....../.....b b 9"
      roll="1,2" actions="b3-c3" options credit="off"
      caption="Derselbe Wurf, ein anderer erster Schritt: Nach b3-c3 bleibt für die 2 kein Zusammenführen und kein Schlagen, also entnimmt Schwarz einen Stein, von c3 oder von f1."></diablo-board>
    <diablo-board lang="de" mode="diagram" position=".....g2/....../..g.../..b.../....g3./b..... b 9"
      roll="1,2" actions="c3-c4" options credit="off"
      caption="Nach einem Schlagen. Schwarz hat mit der 1 geschlagen: c3-c4. Mit der 2 darf jeder Zug folgen, auch ein Schritt: Beide Stapel mit Ring können ziehen (c4-c6, a1-a3, …)."></diablo-board>
    <diablo-board lang="de" mode="diagram" position="..g3..b2/....../g4...../.....g3/....../b3..g4.. b 11"
      roll="3,3" options credit="off"
      caption="Gar kein Zug. Mit zwei Dreien steht auf jedem Feld, das Schwarz erreichen könnte, ein höherer grüner Stapel. Schwarz entnimmt zwei Steine: beide von a1, beide von f6 oder je einen von beiden."></diablo-board>
  </div>
  <h3>Die Ausgleichsregel</h3>
  <div class="rule">
    <div>
      <p>Wer zuerst zieht, ist im Vorteil. Deshalb besteht die allererste Runde von Schwarz aus einem einzigen Zug, mit
        dem Würfel, den Schwarz wählt; der andere Würfel verfällt. (Lässt eine von Hand aufgebaute Stellung Schwarz in
        dieser ersten Runde keinen Zug, besteht die Runde aus einer einzigen Entnahme.)</p>
      <p>Danach folgt jede Runde, für beide Seiten, dem oben beschriebenen Ablauf mit zwei Aktionen.</p>
    </div>
    <diablo-board lang="de" mode="diagram" size="6" roll="2,1" actions="b2-b4" credit="off"
      caption="Die erste Runde von Schwarz: nur ein Zug. Hier ist b2-b4 mit der 2 ein Zusammenführen, und die 1 bleibt ungenutzt."></diablo-board>
  </div>
</section>

<section id="sequenced" aria-labelledby="h-sequenced">
  <h2 id="h-sequenced">Sequenzfassung</h2>
  <p>Die Sequenzfassung ist der frühere Regeltext. Brett, Würfel, Züge und Spielende sind gleich; nur die Runde ist
    anders aufgebaut.</p>
  <ul>
    <li>Ein <strong>Einzelzug</strong> ist ein Zusammenführen oder ein Schlagen mit einem Würfel.</li>
    <li>Ein <strong>Sequenzzug</strong> ist ein Paar von Zügen, gemacht als die ersten beiden Aktionen der Runde: zuerst
      ein Schritt mit dem einen Würfel; danach zieht mit dem anderen Würfel entweder derselbe Stapel noch einmal und
      führt zusammen oder schlägt, oder ein anderer deiner Stapel wird auf ihn zusammengeführt. Ein Schritt ist nur
      als erste Hälfte eines Sequenzzugs erlaubt, und ein Sequenzzug beendet die Runde.</li>
    <li><strong>Erste Aktion:</strong> Ist irgendein Einzel- oder Sequenzzug möglich, musst du einen machen. Wenn nicht,
      entnimmst du einen Stein aus deinem <em>höchsten</em> Stapel, dann noch einen aus deinem höchsten Stapel (nach
      der ersten Entnahme; bei Gleichstand wählst du), und die Runde endet.</li>
    <li><strong>Nach einem Einzelzug:</strong> Ist mit dem anderen Würfel ein weiterer Einzelzug möglich, musst du ihn
      machen (mit einem beliebigen Stapel, auch mit dem, der gerade gezogen hat). Wenn nicht, entnimmst du einen Stein
      aus deinem höchsten Stapel.</li>
    <li>Die Ausgleichsregel gilt genauso: Die erste Runde von Schwarz ist ein einziger Einzelzug.</li>
  </ul>
  <div class="boards">
    <diablo-board lang="de" mode="diagram" edition="sequenced" position="..g.../....../b...../..b.../....../.....g2 b 9"
      roll="1,2" select="c3" credit="off"
      caption="Sequenzfassung, 1 und 2. Der Stapel auf c3 darf nur dorthin einen Schritt machen, wo sich der Sequenzzug vollenden lässt: nach c4, a3 oder c5. Ein Schritt für sich allein, etwa c3-d3, ist nicht erlaubt."></diablo-board>
    <diablo-board lang="de" mode="diagram" edition="sequenced" position="..g.../....../b...../..b.../....../.....g2 b 9"
      roll="1,2" actions="c3-c4" select="c4" options credit="off"
      caption="Nach dem Schritt c3-c4 vollendet die 2 den Sequenzzug: c4 schlägt auf c6 oder wird auf a4 zusammengeführt, oder a4 wird auf c4 zusammengeführt."></diablo-board>
    <diablo-board lang="de" mode="diagram" edition="sequenced" position="g....g2/....../..g.../..b2.../....../....b3. b 9"
      roll="1,2" actions="c3-c4" options credit="off"
      caption="Ein Einzelzug, c3-c4, schlägt. Mit der 2 ist weder Zusammenführen noch Schlagen möglich, also entnimmt Schwarz einen Stein aus dem höchsten Stapel: e1."></diablo-board>
    <diablo-board lang="de" mode="diagram" edition="sequenced" position="..g3..b2/....../g4...../.....g3/....../b3..g4.. b 11"
      roll="3,3" options credit="off"
      caption="Kein Zug (die Stellung aus dem Beispiel zur Standardfassung oben): Die erste Entnahme muss von a1 kommen, dem höchsten Stapel. Danach sind a1 und f6 beide 2 hoch, also darf die zweite von einem der beiden kommen."></diablo-board>
  </div>
</section>

<section id="end" aria-labelledby="h-end">
  <h2 id="h-end">Spielende</h2>
  <p>Das Spiel endet in dem Moment, in dem eine Seite keine Steine mehr hat; die andere gewinnt. Das geschieht, wenn
    der letzte gegnerische Stapel geschlagen wird oder wenn jemand den eigenen letzten Stein entnehmen muss: Eine
    erzwungene Entnahme kann die Partie auf der Stelle kosten. Was von dieser Runde noch übrig ist, wird nicht mehr
    gespielt. Ein Unentschieden gibt es nicht: Jede Runde verringert die Zahl der Steine plus die Zahl der Stapel auf
    dem Brett, also endet jede Partie.</p>
  <div class="boards">
    <diablo-board lang="de" mode="diagram" position="b...../....../...g2../....../...b3../...... b 21"
      roll="2,1" actions="d2-d4" credit="off"
      caption="Schwarz schlägt mit d2-d4 den letzten grünen Stapel und gewinnt sofort; die 1 wird nicht mehr gespielt."></diablo-board>
    <diablo-board lang="de" mode="diagram" position="....../....../g2...../....../....../b..g2.. b 21"
      roll="3,3" options credit="off"
      caption="Der letzte schwarze Stein kann mit zwei Dreien nicht ziehen (auf beiden Zielfeldern steht ein höherer Stapel). Schwarz muss ihn entnehmen und verliert."></diablo-board>
  </div>
</section>

<section id="notation" aria-labelledby="h-notation">
  <h2 id="h-notation">Notation</h2>
  <div class="rule">
    <div>
      <p>Ein Feld schreibt man wie <code>c3</code>. Ein Zug wird mit seinen beiden Feldern geschrieben,
        <code>c3-c5</code> (ob er zusammenführt, schlägt oder ein Schritt ist, ergibt sich aus dem Brett), eine Entnahme
        mit einem Minuszeichen, <code>-c3</code>. Eine Runde nennt ihre Aktionen in der gespielten Reihenfolge, getrennt
        durch ein Leerzeichen: <code>c3-c5 -d4</code>. Ein Wurf wird <code>3,1</code> geschrieben.</p>
      <p>Ein <strong>Stellungscode</strong> beschreibt ein Brett in einer Zeile: die Reihen von oben nach unten,
        getrennt durch <code>/</code>, jede mit ihren Feldern ab Linie a: <code>.</code> für ein leeres Feld,
        <code>b</code> oder <code>g</code> für einen Stapel, gefolgt von seiner Höhe, wenn sie größer als 1 ist. Die
        Notation behält die Buchstaben aus dem englischen Original: <code>b</code> steht für Schwarz, <code>g</code> für
        Grün. Danach folgen die Seite am Zug und die Nummer der Runde. Die Anfangsstellung auf 4&nbsp;×&nbsp;4 ist
        <code>gbgb/bgbg/gbgb/bgbg b 1</code>.</p>
      <p>Ein <strong>Partieprotokoll</strong> nennt die Fassung und die Größe (in der Datei sind das Zeilen mit den
        Schlüsselwörtern <code>edition</code> und <code>size</code>), danach eine Zeile pro Runde,
        <code>Wurf: Runde</code>. Das Brett daneben spielt aus einem solchen Protokoll eine ganze Partie auf 4&nbsp;×&nbsp;4
        nach:</p>
      <pre>edition standard
size 4
1,1: c1-d1
2,1: a2-b2 b3-d3
…
2,2: a4-c4 c4-c2</pre>
    </div>
    <diablo-board lang="de" mode="replay" credit="off" caption="Eine ganze Partie auf 4&nbsp;×&nbsp;4, 13 Runden. Mit den Schaltflächen oder den Pfeiltasten gehst du sie Runde für Runde durch.">
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
  <h2 id="h-try">Ausprobieren</h2>
  <p>Zwei Personen an einem Bildschirm, auf 6&nbsp;×&nbsp;6. Drücke <strong>Würfeln</strong>, klicke einen Stapel mit Ring an
    und dann eines seiner markierten Zielfelder. Ist die Runde vollständig, drücke <strong>Bestätigen</strong>; bis
    dahin nimmt <strong>Rückgängig</strong> eine Aktion zurück. Das Brett bietet nur erlaubte Aktionen an, so lernst du
    die Regeln beim Spielen.</p>
  <div class="play-area">
    <diablo-board lang="de" id="try-board" mode="play" size="6" players="two"></diablo-board>
  </div>
</section>
`,
    footer: `
  <p>Diablo ist ein Spiel von Mark Steere. Diese Seite bewahrt seinen Namen, seine Regeln und den Hinweis auf ihn als
    Autor. Die Bretter auf dieser Seite sind <code>&lt;diablo-board&gt;</code>-Elemente; wie du sie in eigene Seiten
    einbindest, beschreibt die README-Datei des Projekts (auf Englisch).</p>
`,
  },
});

export default rules;
