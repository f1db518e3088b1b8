// @ts-check
// The engine's errors in English (a `DiabloError` with a `kind` and `params`,
// see crates/diablo-wasm/src/error.rs), worded by kind: the reference shape
// of every language's errors.js. Each is a short phrase without a final full
// stop: the page puts it after "Not allowed: " or "This link cannot be
// opened: " and adds punctuation. Nested errors (`params.cause`) are worded
// through `cause`, in the same language. Plain text only; a missing
// parameter shows as "?".

/** @typedef {import('../helpers.js').ErrorWording} ErrorWording */

/** @param {import('../i18n.js').Kit<typeof import('./plural.js')>} kit */
const errors = ({ act, colorIn, count, nested, num, OTHER, v }) => {
  /** @type {Record<string, string>} */
  const COLOR = { black: 'Black', green: 'Green' };
  /** @param {any} text */
  const q = (text) => `'${v(text)}'`;

  /** @type {Record<string, ErrorWording>} */
  const words = {
    // Rule refusals.
    'off-board': (p) => act(p, `${v(p.square)} is not on this board`),
    'empty-square': (p) => act(p, `there is no stack on ${v(p.square)}`),
    'not-your-stack': (p) => act(p, `the stack on ${v(p.square)} is not yours`),
    'not-straight': (p) => act(p, 'a move goes straight along a rank or a file'),
    'wrong-distance': (p) => {
      const dice = Array.isArray(p.unused) ? p.unused : null;
      const moved = `the stack would move ${count(p.distance, 'square')}`;
      if (!dice) return act(p, `${moved}, which no unused die shows`);
      if (dice.length === 0) return act(p, `${moved}, but no die is left unused`);
      if (dice.length === 1) return act(p, `${moved}, but the unused die shows ${v(dice[0])}`);
      return act(p, `${moved}, but the dice show ${v(dice[0])} and ${v(dice[1])}`);
    },
    'taller-enemy': (p) =>
      act(p, `the enemy stack there is taller (${v(p.enemy)}) than the moving stack (${v(p.mover)})`),
    'second-step': (p) =>
      act(p, 'a turn holds at most one step, so after a step the second move must merge or capture'),
    'step-after-individual': (p) => act(p, 'after an individual move only a merge or a capture may follow, not a step'),
    'step-without-completion': (p) =>
      act(
        p,
        'a step is allowed only as the first half of a sequenced move, and no move with the other die could complete this one',
      ),
    'balancing-step': (p) =>
      act(p, 'Black’s first turn is a single individual move (a merge or a capture), so no step'),
    'not-completing': (p) =>
      act(
        p,
        `after the step to ${v(p.square)}, that stack must merge or capture, or another of your stacks must merge onto it`,
      ),
    'removal-while-move-exists': (p) =>
      act(p, `a removal is allowed only when no move is possible, but ${v(p.move)} is`),
    'move-after-removal': (p) => act(p, 'the turn began with a removal, so its second action must be a removal too'),
    'not-tallest': (p) =>
      act(
        p,
        `a removal must come from your tallest stack: this one has ${v(p.height)}, your tallest has ${v(p.tallest)}`,
      ),
    'balancing-single-action': (p) =>
      act(p, 'too many actions: Black’s first turn is a single action (balancing rule)'),
    'game-ended': (p) => act(p, 'too many actions: the first action ended the game'),
    'turn-over': (p) => act(p, 'too many actions: the turn is already over'),
    incomplete: (p) => act(p, `the turn is incomplete: a second action is required (for example ${v(p.example)})`),
    'not-legal-here': (p) => act(p, 'this action cannot be played here'),
    'game-over': (p) => act(p, `the game is over: ${colorIn(COLOR, p.winner)} has won`),
    'die-too-big': (p) => act(p, `a die showing ${v(p.die)} does not fit this board (dice show 1 to ${v(p.faces)})`),
    // The turn under way.
    'not-rolled': () => 'roll the dice first',
    'already-rolled': () => 'the dice are already rolled for this turn',
    'roll-locked': () => 'the dice cannot change once an action of this turn is played',
    'die-zero': () => 'a die cannot show 0',
    'index-off-board': (p) => `square number ${v(p.index)} is off the ${v(p.size)} × ${v(p.size)} board`,
    // Text that cannot be read.
    'bad-edition': (p) => `unknown edition ${q(p.text)} (expected standard or sequenced)`,
    'bad-size': (p) => `board size ${v(p.size)} is not allowed (the side must be even, from 2 to 26)`,
    'bad-size-number': (p) => `size ${q(p.text)} is not a number`,
    'bad-level': (p) => `unknown computer level ${q(p.text)}`,
    'bad-roll': (p) => `bad roll ${q(p.text)} (expected two dice separated by a comma, like 3,1)`,
    'bad-square': (p) => `bad square ${q(p.text)} (expected a file a–z and a rank 1–26, like c3)`,
    'bad-action': (p) => `bad action ${q(p.text)} (expected a move like c3-c5 or a removal like -c3)`,
    'empty-turn': () => 'empty turn (expected one or two actions)',
    'too-many-actions': (p) => `a turn has at most two actions, but this one has ${v(p.count)}`,
    'position-fields': (p) =>
      `the position code has ${count(p.count, 'part')}; expected 3 separated by single spaces: board, side to move, turn number`,
    'position-size': (p) => `the board has ${count(p.ranks, 'rank')}; the side must be even, from 2 to 26`,
    'position-rank-length': (p) => `rank ${v(p.rank)} lists ${count(p.found, 'square')} instead of ${v(p.expected)}`,
    'position-token': (p) =>
      `rank ${v(p.rank)}: unknown token ${q(p.token)} (expected '.', or b or g with an optional height)`,
    'position-zero-height': (p) => `rank ${v(p.rank)}: stack ${q(p.token)} has height 0`,
    'position-too-many': (p) =>
      `${colorIn(COLOR, p.color)} has at least ${v(p.count)} checkers, but at most ${v(p.max)} fit this board`,
    'position-empty': () => 'the board has no checkers at all',
    'position-side': (p) => `the side to move ${q(p.text)} is not b or g`,
    'position-turn': (p) => `the turn number ${q(p.text)} is not a whole number from 1 to 999999999`,
    'position-side-turn': (p) =>
      `turn ${v(p.turn)} belongs to ${colorIn(COLOR, OTHER[p.side])}, but the side to move is ${colorIn(COLOR, p.side)}`,
    // A set-up (the analysis board's) of the wrong number of squares.
    'setup-cells': (p) => `the set-up has ${count(p.found, 'square')}; the board has ${v(p.expected)}`,
    'missing-header': (p) => `the ${q(p.header)} header is missing before the first turn`,
    'duplicate-header': (p) => `the ${q(p.header)} header appears twice`,
    'header-after-turns': () => 'header lines must come before the turns',
    'start-size': (p) => `the start position is ${v(p.start)} × ${v(p.start)}, but the size header says ${v(p.header)}`,
    'bad-line': (p) => `cannot read ${q(p.text)} (expected a header, a # comment, or '<roll>: <turn>')`,
    record: (p, cause) => {
      const kind = p.cause?.kind;
      const start = typeof kind === 'string' && kind.startsWith('position-') ? 'start position: ' : '';
      return `line ${v(p.line)}: ${start}${nested(p, cause)}`;
    },
    // Share links.
    'link-empty': () => 'the link is empty',
    'link-version': () =>
      'it is not a game link: perhaps it was changed when it was copied, or it comes from a newer version of this page',
    'link-character': (p) => `bad character ${q(p.found)} at position ${v(p.position)} of the link`,
    'link-truncated': (p) => `the link is cut short: it ends inside the ${v(p.field)}`,
    'link-checksum': () => 'the link is damaged: its checksum does not match (was it cut or changed?)',
    'link-malformed': (p) => `the link is malformed: ${v(p.what)}`,
    'link-size': (p) => `bad board size ${v(p.size)} in the link`,
    'link-edition': (p) => `bad edition number ${v(p.value)} in the link`,
    'link-start': (p, cause) => `bad start position: ${nested(p, cause)}`,
    'link-turn': (p, cause) => {
      const k = num(p.validTurns);
      const before = k === 1 ? ' (the turn before it is valid)' : k > 1 ? ` (the ${k} turns before it are valid)` : '';
      return `turn ${v(p.number)} cannot be played: ${nested(p, cause)}${before}`;
    },
    'link-trailing': () => 'the link has data left after its last turn',
    'link-view': (p) => `the link shows turn ${v(p.view)}, but the game has only ${count(p.turns, 'turn')}`,
    'link-parameter': (p) => `bad link parameter ${q(p.text)} (expected view=<number of turns>)`,
    'link-escape': (p) => `bad % escape at position ${v(p.position)} of the link (expected % and two hex digits)`,
    'link-utf8': () => 'the game record in the link is not valid UTF-8 text',
    'link-record': (p, cause) => `the game record in the link is wrong: ${nested(p, cause)}`,
    // Not the player's doing.
    // Correspondence games.
    'corr-not-link': () => 'it is not a link to a game with a friend: perhaps it was cut or changed when it was copied',
    'corr-damaged': () => 'this game link is damaged: it was changed or cut when it was copied',
    'corr-forged': (p) => `this link was altered: message ${v(p.message)} does not fit the game`,
    'corr-stale': (p) =>
      `this link is older than the game you have (it holds ${v(p.link)} messages, your game ${v(p.stored)}); your game is shown as it was`,
    'corr-other-game': () => 'this link belongs to another game',
    'corr-diverges': (p) => `this link does not continue your game: it differs from it at message ${v(p.message)}`,
    'corr-not-your-turn': () => 'it is not your move in this game',
    'corr-keys': () => 'your keys for this game are missing, damaged or belong to another game',
    'corr-rematch': () =>
      'this rematch offer is not valid: it is not a new game’s invitation from a player of this game',
    'corr-illegal': (p) => `${v(p.turn)} cannot be played with your roll ${v(p.roll)}`,
    'corr-name': () => 'a name may have at most 32 bytes and no control characters',
    'no-random': () => 'the browser gives no random numbers for the dice',
    internal: () => 'an internal error in the game engine',
  };
  return words;
};

export default errors;
