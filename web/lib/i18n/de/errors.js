// @ts-check
// The engine's errors in German, worded by kind (see ../en/errors.js).

/** @typedef {import('../helpers.js').ErrorWording} ErrorWording */

/** @type {import('../i18n.js').Maker<'errors', typeof import('./plural.js')>} */
const errors = ({ act, colorIn, count, known, nested, num, OTHER, v }) => {
  /** @param {any} text */
  const q = (text) => `„${v(text)}“`;

  /** @type {Record<string, string>} */
  const COLOR = { black: 'Schwarz', green: 'Grün' };

  /**
   * Headers of a game record, in German.
   * @type {Record<string, string>}
   */
  const HEADER = { edition: 'Regelfassung', size: 'Brettgröße', start: 'Anfangsstellung' };

  /**
   * A record header in German: its keyword as written and what it means.
   * @param {any} header
   */
  const header = (header) => {
    const meaning = typeof header === 'string' ? HEADER[header] : undefined;
    return meaning ? `${q(header)} (${meaning})` : q(header);
  };

  /**
   * Where a compact link can end too soon (`Truncated` in link.rs, link/bytes.rs), in German (genitive, with its article).
   * @type {Record<string, string>}
   */
  const TRUNCATED = {
    'header and checksum': 'der Kopfdaten und der Prüfsumme',
    'last byte (one character too many or too few)': 'des letzten Bytes (ein Zeichen zu viel oder zu wenig)',
    'turn count': 'der Rundenzahl',
    'start turn number': 'der Nummer der Anfangsrunde',
  };

  /**
   * How a compact link can be written wrongly (`Malformed` in link.rs, link/bytes.rs), in German.
   * @type {Record<string, string>}
   */
  const MALFORMED = {
    'a number written with extra zero bytes': 'eine Zahl mit überzähligen Nullbytes',
    'a number too large': 'eine zu große Zahl',
    'the last character has stray bits': 'das letzte Zeichen hat überzählige Bits',
    'a reserved header bit is set': 'ein reserviertes Bit der Kopfdaten ist gesetzt',
    'more turns than any game on this board can have': 'mehr Runden, als eine Partie auf diesem Brett haben kann',
    'the game data starts with a zero byte': 'die Partiedaten beginnen mit einem Nullbyte',
    'a set-up start equal to the standard start': 'eine aufgebaute Anfangsstellung, die der normalen gleicht',
    'a die showing 0': 'ein Würfel, der 0 zeigt',
  };

  /** @type {Record<string, ErrorWording>} */
  const words = {
    // Regelverstöße.
    'off-board': (p) => act(p, `${v(p.square)} liegt nicht auf diesem Brett`),
    'empty-square': (p) => act(p, `auf ${v(p.square)} steht kein Stapel`),
    'not-your-stack': (p) => act(p, `der Stapel auf ${v(p.square)} gehört nicht dir`),
    'not-straight': (p) => act(p, 'ein Zug geht geradlinig entlang einer Reihe oder Linie'),
    'wrong-distance': (p) => {
      const dice = Array.isArray(p.unused) ? p.unused : null;
      const moved = `der Stapel würde ${count(p.distance, 'Feld', 'Felder')} weit ziehen`;
      if (!dice) return act(p, `${moved}, was kein unverbrauchter Würfel zeigt`);
      if (dice.length === 0) return act(p, `${moved}, aber kein Würfel ist mehr unverbraucht`);
      if (dice.length === 1) return act(p, `${moved}, aber der unverbrauchte Würfel zeigt ${v(dice[0])}`);
      return act(p, `${moved}, aber die Würfel zeigen ${v(dice[0])} und ${v(dice[1])}`);
    },
    'taller-enemy': (p) =>
      act(p, `der gegnerische Stapel dort ist höher (${v(p.enemy)}) als der ziehende Stapel (${v(p.mover)})`),
    'second-step': (p) =>
      act(
        p,
        'eine Runde enthält höchstens einen Schritt, also muss der zweite Zug nach einem Schritt zusammenführen oder schlagen',
      ),
    'step-after-individual': (p) =>
      act(p, 'nach einem Einzelzug darf nur ein Zusammenführen oder Schlagen folgen, kein Schritt'),
    'step-without-completion': (p) =>
      act(
        p,
        'ein Schritt ist nur als erste Hälfte eines Sequenzzugs erlaubt, und kein Zug mit dem anderen Würfel könnte diesen vollenden',
      ),
    'balancing-step': (p) =>
      act(
        p,
        'die erste Runde von Schwarz ist ein einziger Einzelzug (Zusammenführen oder Schlagen), also kein Schritt',
      ),
    'not-completing': (p) =>
      act(
        p,
        `nach dem Schritt auf ${v(p.square)} muss dieser Stapel zusammenführen oder schlagen, oder ein anderer deiner Stapel muss auf ihn zusammengeführt werden`,
      ),
    'removal-while-move-exists': (p) =>
      act(p, `eine Entnahme ist nur erlaubt, wenn kein Zug möglich ist, aber ${v(p.move)} ist möglich`),
    'move-after-removal': (p) =>
      act(p, 'die Runde begann mit einer Entnahme, also muss auch ihre zweite Aktion eine Entnahme sein'),
    'not-tallest': (p) =>
      act(
        p,
        `eine Entnahme muss aus deinem höchsten Stapel kommen: Dieser ist ${v(p.height)} hoch, dein höchster ${v(p.tallest)}`,
      ),
    'balancing-single-action': (p) =>
      act(p, 'zu viele Aktionen: Die erste Runde von Schwarz ist eine einzige Aktion (Ausgleichsregel)'),
    'game-ended': (p) => act(p, 'zu viele Aktionen: Die erste Aktion hat das Spiel beendet'),
    'turn-over': (p) => act(p, 'zu viele Aktionen: Die Runde ist schon vorbei'),
    incomplete: (p) =>
      act(p, `die Runde ist unvollständig: Eine zweite Aktion ist nötig (zum Beispiel ${v(p.example)})`),
    'not-legal-here': (p) => act(p, 'diese Aktion ist hier nicht möglich'),
    'game-over': (p) => act(p, `das Spiel ist vorbei: ${colorIn(COLOR, p.winner)} hat gewonnen`),
    'die-too-big': (p) =>
      act(p, `ein Würfel mit ${v(p.die)} passt nicht zu diesem Brett (die Würfel zeigen 1 bis ${v(p.faces)})`),
    // Die laufende Runde.
    'not-rolled': () => 'würfle zuerst',
    'already-rolled': () => 'in dieser Runde wurde schon gewürfelt',
    'roll-locked': () => 'die Würfel lassen sich nicht mehr ändern, sobald eine Aktion dieser Runde gespielt ist',
    'die-zero': () => 'ein Würfel kann keine 0 zeigen',
    'index-off-board': (p) => `Feld Nummer ${v(p.index)} liegt außerhalb des Bretts ${v(p.size)} × ${v(p.size)}`,
    // Text, der sich nicht lesen lässt.
    'bad-edition': (p) => `unbekannte Regelfassung ${q(p.text)} (erwartet: „standard“ oder „sequenced“)`,
    'bad-size': (p) => `die Brettgröße ${v(p.size)} ist nicht erlaubt (die Seitenlänge muss gerade sein, von 2 bis 26)`,
    'bad-size-number': (p) => `die Größe ${q(p.text)} ist keine Zahl`,
    'bad-level': (p) => `unbekannte Spielstärke des Computers ${q(p.text)}`,
    'bad-roll': (p) => `ungültiger Wurf ${q(p.text)} (erwartet: zwei Würfel, durch ein Komma getrennt, etwa 3,1)`,
    'bad-square': (p) => `ungültiges Feld ${q(p.text)} (erwartet: eine Linie a–z und eine Reihe 1–26, etwa c3)`,
    'bad-action': (p) => `ungültige Aktion ${q(p.text)} (erwartet: ein Zug wie c3-c5 oder eine Entnahme wie -c3)`,
    'empty-turn': () => 'leere Runde (erwartet: eine oder zwei Aktionen)',
    'too-many-actions': (p) => `eine Runde hat höchstens zwei Aktionen, diese hat aber ${v(p.count)}`,
    'position-fields': (p) =>
      `der Stellungscode hat ${count(p.count, 'Teil', 'Teile')}; erwartet: 3, getrennt durch einzelne Leerzeichen: Brett, Seite am Zug, Rundennummer`,
    'position-size': (p) =>
      `das Brett hat ${count(p.ranks, 'Reihe', 'Reihen')}; die Seitenlänge muss gerade sein, von 2 bis 26`,
    'position-rank-length': (p) =>
      `Reihe ${v(p.rank)} nennt ${count(p.found, 'Feld', 'Felder')} statt ${v(p.expected)}`,
    'position-token': (p) =>
      `Reihe ${v(p.rank)}: unbekanntes Zeichen ${q(p.token)} (erwartet: „.“ oder b bzw. g mit optionaler Höhe)`,
    'position-zero-height': (p) => `Reihe ${v(p.rank)}: Der Stapel ${q(p.token)} hat die Höhe 0`,
    'position-too-many': (p) =>
      `${colorIn(COLOR, p.color)} hat mindestens ${count(p.count, 'Stein', 'Steine')}, aber höchstens ${v(p.max)} passen auf dieses Brett`,
    'position-empty': () => 'auf dem Brett steht überhaupt kein Stein',
    'position-side': (p) => `die Seite am Zug ${q(p.text)} ist weder b noch g`,
    'position-turn': (p) => `die Rundennummer ${q(p.text)} ist keine ganze Zahl von 1 bis 999999999`,
    'position-side-turn': (p) =>
      `Runde ${v(p.turn)} gehört ${colorIn(COLOR, OTHER[p.side])}, aber als Seite am Zug ist ${colorIn(COLOR, p.side)} angegeben`,
    'setup-cells': (p) => `der Aufbau hat ${count(p.found, 'Feld', 'Felder')}; das Brett hat ${v(p.expected)}`,
    'missing-header': (p) => `die Kopfzeile ${header(p.header)} fehlt vor der ersten Runde`,
    'duplicate-header': (p) => `die Kopfzeile ${header(p.header)} kommt zweimal vor`,
    'header-after-turns': () => 'Kopfzeilen müssen vor den Runden stehen',
    'start-size': (p) =>
      `die Anfangsstellung ist ${v(p.start)} × ${v(p.start)}, aber die Kopfzeile „size“ nennt ${v(p.header)}`,
    'bad-line': (p) =>
      `${q(p.text)} lässt sich nicht lesen (erwartet: eine Kopfzeile, einen #-Kommentar oder „<Wurf>: <Runde>“)`,
    record: (p, cause) => {
      const kind = p.cause?.kind;
      const start = typeof kind === 'string' && kind.startsWith('position-') ? 'Anfangsstellung: ' : '';
      return `Zeile ${v(p.line)}: ${start}${nested(p, cause)}`;
    },
    // Links zu Partien.
    'link-empty': () => 'der Link ist leer',
    'link-version': () =>
      'es ist kein Spiel-Link: vielleicht wurde er beim Kopieren verändert, oder er stammt von einer neueren Version dieser Seite',
    'link-character': (p) => `ungültiges Zeichen ${q(p.found)} an Position ${v(p.position)} des Links`,
    'link-truncated': (p) => {
      const where = known(TRUNCATED, p.field);
      return `der Link ist abgeschnitten: ${where ? `Er endet innerhalb ${where}` : `Er endet im Feld ${q(p.field)}`}`;
    },
    'link-checksum': () =>
      'der Link ist beschädigt: Seine Prüfsumme stimmt nicht (wurde er abgeschnitten oder verändert?)',
    'link-malformed': (p) => `der Link ist fehlerhaft: ${known(MALFORMED, p.what) ?? q(p.what)}`,
    'link-size': (p) => `ungültige Brettgröße ${v(p.size)} im Link`,
    'link-edition': (p) => `ungültige Nummer der Regelfassung ${v(p.value)} im Link`,
    'link-start': (p, cause) => `ungültige Anfangsstellung: ${nested(p, cause)}`,
    'link-turn': (p, cause) => {
      const k = num(p.validTurns);
      const before = k === 1 ? ' (die Runde davor ist gültig)' : k > 1 ? ` (die ${k} Runden davor sind gültig)` : '';
      return `Runde ${v(p.number)} kann nicht gespielt werden: ${nested(p, cause)}${before}`;
    },
    'link-trailing': () => 'der Link enthält nach seiner letzten Runde noch Daten',
    'link-view': (p) =>
      `der Link zeigt Runde ${v(p.view)}, aber die Partie hat nur ${count(p.turns, 'Runde', 'Runden')}`,
    'link-parameter': (p) => `ungültiger Link-Parameter ${q(p.text)} (erwartet: view=<Zahl der Runden>)`,
    'link-escape': (p) =>
      `ungültige %-Folge an Position ${v(p.position)} des Links (erwartet: % und zwei Hexadezimalziffern)`,
    'link-utf8': () => 'das Partieprotokoll im Link ist kein gültiger UTF-8-Text',
    'link-record': (p, cause) => `das Partieprotokoll im Link ist fehlerhaft: ${nested(p, cause)}`,
    // Partien per Link.
    'corr-not-link': () =>
      'das ist kein Link zu einer Partie mit Freunden: vielleicht wurde er beim Kopieren gekürzt oder verändert',
    'corr-damaged': () => 'dieser Partie-Link ist beschädigt: Er wurde beim Kopieren verändert oder abgeschnitten',
    'corr-forged': (p) => `dieser Link wurde verändert: Nachricht ${v(p.message)} passt nicht zur Partie`,
    'corr-stale': (p) =>
      `dieser Link ist älter als deine Partie (er enthält ${v(p.link)} Nachrichten, deine Partie ${v(p.stored)}); deine Partie wird unverändert gezeigt`,
    'corr-other-game': () => 'dieser Link gehört zu einer anderen Partie',
    'corr-diverges': (p) =>
      `dieser Link setzt deine Partie nicht fort: Er weicht ab Nachricht ${v(p.message)} von ihr ab`,
    'corr-not-your-turn': () => 'in dieser Partie bist du nicht am Zug',
    'corr-keys': () => 'deine Schlüssel für diese Partie fehlen, sind beschädigt oder gehören zu einer anderen Partie',
    'corr-rematch': () =>
      'dieses Revanche-Angebot ist ungültig: Es ist keine Einladung zu einer neuen Partie von einem Spieler dieser Partie',
    'corr-illegal': (p) => `${v(p.turn)} lässt sich mit deinem Wurf ${v(p.roll)} nicht spielen`,
    'corr-name': () => 'ein Name darf höchstens 32 Bytes lang sein und keine Steuerzeichen enthalten',
    // Nicht die Schuld der Spieler.
    'no-random': () => 'der Browser liefert keine Zufallszahlen für die Würfel',
    internal: () => 'ein interner Fehler der Spiel-Engine',
  };
  return words;
};

export default errors;
