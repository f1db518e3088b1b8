// @ts-check
// The lessons page's words in German (see ../en/learn.js).

/** @type {import('../i18n.js').Maker<'learn', typeof import('./plural.js')>} */
const learn = () => ({
  title: 'Lektionen',
  intro: 'Zehn kurze Lektionen auf kleinen Brettern: Spiel die Runde, die jede verlangt. Die Engine prüft jeden Zug.',
  play: 'Spielen',
  puzzles: 'Aufgaben',
  games: 'Deine Partien',
  rules: 'Regeln',
  list: 'Lektionen',
  progress: (done, total) => `${done} von ${total} geschafft`,
  lessonOf: (k, n) => `Lektion ${k} von ${n}`,
  done: 'geschafft',
  hint: 'Tipp',
  again: 'Noch einmal',
  next: 'Nächste Lektion',
  reset: 'Fortschritt vergessen',
  resetAsk: 'Vergessen, welche Lektionen du geschafft hast?',
  right: 'Gut gemacht!',
  wrong: 'Noch nicht ganz.',
  allDone: 'Du hast alle Lektionen geschafft. Zeit für eine echte Partie: gegen den Computer oder mit Freunden.',
  yourTurn: 'Du spielst Schwarz. Die Würfel sind geworfen.',
  storage: (kind) =>
    kind === 'full'
      ? 'Der Speicher dieses Browsers ist voll: Dein Fortschritt in den Lektionen konnte nicht gespeichert werden.'
      : 'Dein gespeicherter Fortschritt in den Lektionen war beschädigt und wurde verworfen.',
  lessons: {
    move: {
      title: 'Einen Stapel ziehen',
      task: 'Ein Zug bewegt einen ganzen Stapel gerade entlang einer Reihe oder Linie, genau so viele Felder, wie ein Würfel zeigt, und jeder Würfel zieht einmal. Deine Würfel zeigen 2 und 1: Bring deinen Stapel von a1 auf den grünen Stapel auf a4.',
      hint: 'Kein Würfel zeigt 3, also braucht es zwei Züge: 2 Felder hoch nach a3, dann 1 nach a4 – oder 1, dann 2.',
      wrong:
        'Dein Stapel ist nicht auf a4 gelandet. Zieh mit einem Würfel die a-Linie hinauf und lande mit dem anderen auf a4.',
      right:
        'Genau: 2 Felder und 1 Feld, je ein Würfel. Wer auf einem grünen Stapel landet, der nicht höher ist als der eigene, schlägt ihn.',
    },
    dice: {
      title: 'Würfel mit N/2 Seiten',
      task: 'Ein Würfel hat halb so viele Seiten, wie das Brett Reihen hat: auf diesem 6×6-Brett zeigt er 1, 2 oder 3 (auf 8×8 1 bis 4). Du hast einen Pasch 3 geworfen, und jeder Würfel zieht trotzdem einmal. Schlag beide nahen grünen Stapel, auf d1 und d4.',
      hint: 'Drei Felder nach rechts nach d1, dann drei Felder hoch nach d4.',
      wrong:
        'Ein grüner Stapel in deiner Reichweite steht noch. Beide Züge sind 3 Felder lang: a1 nach d1, dann d1 nach d4.',
      right: 'Zwei Züge zu 3, zwei Schläge. Ein Würfel zeigt nie mehr als die halbe Brettseite.',
    },
    merge: {
      title: 'Zusammenführen',
      task: 'Ein Zug auf einen eigenen Stapel führt zusammen: Aus zwei Stapeln wird einer, und ihre Höhen addieren sich. Würfel 2 und 1: Bau einen Stapel aus drei Steinen.',
      hint: 'a1 und c1 liegen 2 Felder auseinander, c1 und c2 eines.',
      wrong:
        'Du hast keinen Dreierstapel. Führe alle drei Steine zusammen: zwei mit einem Würfel, den dritten mit dem anderen.',
      right: 'Drei Steine in einem Stapel. Ein Stapel teilt sich nie wieder, also führe mit Absicht zusammen.',
    },
    capture: {
      title: 'Schlagen',
      task: 'Du darfst einen gegnerischen Stapel schlagen, der so hoch ist wie deiner oder niedriger: Er verlässt das Spiel, ganz. Ein höherer ist vor dir sicher. Dein Stapel ist 2 hoch: Schlag einen grünen Stapel.',
      hint: 'Der Dreierstapel auf a2 ist zu hoch. Der Zweierstapel auf c1 ist 2 Felder entfernt.',
      wrong: 'Du hast nichts geschlagen. Dein Zweierstapel kann den Zweierstapel auf c1 schlagen.',
      right: 'Gleich hoch, also gehört er dir: zwei grüne Steine mit einem Zug weg.',
    },
    step: {
      title: 'Ein Schritt braucht einen Partner',
      task: 'Ein Zug auf ein leeres Feld ist ein Schritt. Nach einem Schritt muss der andere Würfel zusammenführen oder schlagen, wenn er kann; kann er nicht, entnimmst du stattdessen einen eigenen Stein. Spiel einen Schritt und danach ein Zusammenführen oder Schlagen.',
      hint: 'Stell einen Stapel neben den anderen und führe sie mit dem anderen Würfel zusammen, oder zieh nach c1 und schlag auf d1.',
      wrong:
        'Nach deinem Schritt konnte nichts zusammenführen oder schlagen, also hat er dich einen Stein gekostet. Zieh auf ein Feld, von dem aus der andere Würfel einen Stapel erreicht.',
      right:
        'Schritt, dann Zusammenführen oder Schlagen: Nur so passt ein Schritt in eine Runde. Eine Runde hat nie zwei Schritte.',
    },
    first: {
      title: 'Die erste Runde von Schwarz',
      task: 'Schwarz beginnt, darum ist die erste Runde von Schwarz zum Ausgleich ein einziger Zug, mit dem Würfel nach Wahl von Schwarz. Das ist diese Runde: Mach deinen einen Zug wertvoll und schlag den grünen Zweierstapel.',
      hint: 'a3 liegt 2 Felder über a1.',
      wrong:
        'Du hast einen Stein geschlagen; der Stapel auf a3 hat zwei. Mit nur einem Zug schlag so viel, wie du kannst.',
      right: 'Ein Zug, zwei Steine geschlagen. Ab der ersten Runde von Grün hat jede Runde zwei Aktionen.',
    },
    stuck: {
      title: 'Kein Zug: eigene abnehmen',
      task: 'Gibt dir keiner der Würfel einen Zug, entnimmst du stattdessen zwei eigene Steine. Jedes Feld, das deine Stapel erreichen könnten, hält einen höheren grünen Stapel. Nimm zwei Steine ab und behalte beide Stapel.',
      hint: 'Ein Einerstapel, der seinen Stein verliert, ist weg. Nimm beide von a1.',
      wrong: 'Dein Stapel auf f6 ist weg. Nimm beide Steine vom Dreierstapel auf a1.',
      right:
        'Beide Stapel stehen noch für den nächsten Wurf. Verlorene Steine sind der Preis fürs Feststecken; verlorene Stapel kosten mehr.',
    },
    win: {
      title: 'Gewinnen',
      task: 'Du gewinnst, wenn dein Gegner keine Steine mehr hat: Du schlägst den letzten grünen Stapel, oder Grün muss seinen letzten Stein selbst abnehmen. Gewinne jetzt.',
      hint: 'Ein Zug geht gerade, nie schräg: a1 nach c1, dann hoch nach c2.',
      wrong:
        'Grün hat seinen Stapel noch. Geh außen herum: 2 Felder nach rechts und 1 hoch, oder 1 hoch und 2 nach rechts.',
      right: 'Grün hat keine Steine mehr: Du hast gewonnen!',
    },
    sequenced: {
      title: 'Die Sequenzfassung',
      task: 'In der früheren Sequenzfassung ist ein Schritt nur als erste Hälfte eines Paares erlaubt: Danach schlägt derselbe Stapel oder wird zusammengeführt, oder ein anderer deiner Stapel wird auf ihn zusammengeführt, und das Paar beendet die Runde. Spiel ein solches Paar, das mit einem Zweierstapel endet.',
      hint: 'Schritt von a1 nach a3, dann führe ihn mit b3 zusammen (jeder der beiden darf ziehen).',
      wrong:
        'Du hast keinen Zweierstapel. Stell dich mit einem Schritt neben deinen anderen Stapel und führe die beiden zusammen.',
      right:
        'Ein Sequenzzug: Schritt, Zusammenführen, Runde vorbei. In der Standardfassung darf auf einen Schritt jedes Zusammenführen oder Schlagen folgen und auf ein Zusammenführen jeder Zug.',
    },
    advice: {
      title: 'Der Rat des Autors',
      task: 'Mark Steeres Rat: Halte mindestens einen Stapel so hoch wie den höchsten des Gegners, damit er ihm antworten kann, aber führe nicht so viel zusammen, dass dir Stapel fehlen, um die Würfel zu nutzen. Der höchste grüne Stapel ist 2: Ende mit einem Zweierstapel und mindestens zwei Stapeln.',
      hint: 'Führe zwei Steine mit einem Würfel zusammen; zieh mit dem anderen einen Stapel auf ein leeres Feld.',
      wrong:
        'Prüf beide Hälften: ein Stapel so hoch wie der höchste grüne (2) und mindestens zwei Stapel. Mit zu wenigen Stapeln passt oft kein Zug zu den Würfeln, und dann entnimmst du eigene Steine.',
      right:
        'Ein Stapel, der dem höchsten grünen gewachsen ist, und ein zweiter für den anderen Würfel. Das ist der ganze Rat; jetzt spiel eine Partie!',
    },
  },
});

export default learn;
