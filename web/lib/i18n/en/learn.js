// @ts-check
// The lessons page's words in English (web/learn/): the page's
// labels and, for each lesson of web/learn/lessons.json (by its id), its
// title, its task, a hint, why a legal turn that misses the task misses it,
// and why the right turn is right. The reference shape of every language's
// learn.js. (A turn the engine refuses is explained in the engine's words:
// the errors section.)

const learn = () => ({
  title: 'Lessons',
  intro: 'Ten short lessons on small boards: play the turn each one asks for. The engine checks every move.',
  play: 'Play',
  puzzles: 'Puzzles',
  games: 'Your games',
  rules: 'Rules',
  list: 'Lessons',
  /** @param {number} done @param {number} total */
  progress: (done, total) => `${done} of ${total} done`,
  /** @param {number} k @param {number} n */
  lessonOf: (k, n) => `Lesson ${k} of ${n}`,
  done: 'done',
  hint: 'Hint',
  again: 'Try again',
  next: 'Next lesson',
  reset: 'Forget my progress',
  resetAsk: 'Forget which lessons you have done?',
  right: 'Well done!',
  wrong: 'Not quite.',
  allDone: 'You have done every lesson. Time for a real game: play the computer or a friend.',
  yourTurn: 'You play Black. The dice are rolled.',
  /** @param {import('../../storage.js').ProblemKind} kind @returns {string} */
  storage: (kind) =>
    kind === 'full'
      ? 'This browser’s storage is full: your progress in the lessons could not be saved.'
      : 'Your saved progress in the lessons was damaged and has been discarded.',
  lessons: {
    move: {
      title: 'Moving a stack',
      task: 'A move takes a whole stack straight along a row or a column, exactly as many squares as one die shows, and each die moves once. Your dice show 2 and 1: take your stack from a1 to the green stack on a4.',
      hint: 'No die shows 3, so it takes two moves: 2 squares up to a3, then 1 to a4 — or 1, then 2.',
      wrong: 'Your stack did not end on a4. Go up the a-file with one die and land on a4 with the other.',
      right:
        'Exactly: 2 squares and 1 square, one die each. Landing on a green stack no taller than yours captures it.',
    },
    dice: {
      title: 'Dice with N/2 faces',
      task: 'Each die has half as many faces as the board has rows: on this 6×6 board it shows 1, 2 or 3 (on 8×8, 1 to 4). You rolled a double 3, and each die still moves once. Capture both green stacks near you, on d1 and d4.',
      hint: 'Three squares right to d1, then three squares up to d4.',
      wrong: 'A green stack you could reach is still there. Both moves are 3 squares long: a1 to d1, then d1 to d4.',
      right: 'Two moves of 3, two captures. A die never shows more than half the side of the board.',
    },
    merge: {
      title: 'Merging',
      task: 'A move onto one of your own stacks is a merge: the two stacks become one and their heights add up. Dice 2 and 1: build a stack of three.',
      hint: 'a1 and c1 are 2 squares apart; c1 and c2 are 1 apart.',
      wrong: 'You have no stack of three. Merge all three checkers: two with one die, the third with the other.',
      right: 'Three checkers in one stack. A stack never splits again, so merge on purpose.',
    },
    capture: {
      title: 'Capturing',
      task: 'You may capture an enemy stack as tall as yours or shorter: it leaves the game, all of it. A taller one is safe from you. Your stack is 2 tall: capture a green stack.',
      hint: 'The stack of 3 on a2 is too tall. The stack of 2 on c1 is 2 squares away.',
      wrong: 'You captured nothing. Your stack of 2 can take the stack of 2 on c1.',
      right: 'Equal heights, so it is yours: two green checkers gone in one move.',
    },
    step: {
      title: 'A step needs a partner',
      task: 'A move onto an empty square is a step. After a step the other die must merge or capture if it can; if it cannot, you take one of your own checkers off instead. Play a step followed by a merge or a capture.',
      hint: 'Step one stack next to the other and merge them with the other die, or step to c1 and capture on d1.',
      wrong:
        'No merge or capture could follow your step, so it cost you a checker. Step to a square from which the other die reaches a stack.',
      right: 'Step, then merge or capture: the only way a step fits in a turn. A turn never holds two steps.',
    },
    first: {
      title: 'Black’s first turn',
      task: 'Black moves first, so to keep the game fair Black’s first turn is a single move, with the die Black chooses. This is that turn: make your one move count and capture the green stack of 2.',
      hint: 'a3 is 2 squares above a1.',
      wrong: 'You took one checker; the stack on a3 has two. With a single move, take the most you can.',
      right: 'One move, two checkers taken. From Green’s first turn on, every turn has two actions.',
    },
    stuck: {
      title: 'No move: remove your own',
      task: 'When neither die gives you any move, you take two of your own checkers off the board instead. Every square your stacks could reach holds a taller green stack. Take two checkers off and keep both your stacks.',
      hint: 'A stack of 1 that loses its checker is gone. Take both from a1.',
      wrong: 'Your stack on f6 is gone. Take both checkers from the stack of 3 on a1.',
      right:
        'Both stacks are still there for the next roll. Lost checkers are the price of being stuck; lost stacks cost more.',
    },
    win: {
      title: 'Winning',
      task: 'You win when your opponent has no checkers left: you capture the last green stack, or Green has to remove its own last checker. Win now.',
      hint: 'A move goes straight, never diagonally: a1 to c1, then up to c2.',
      wrong: 'Green still has its stack. Go around: 2 squares right and 1 up, or 1 up and 2 right.',
      right: 'Green has no checkers left: you have won!',
    },
    sequenced: {
      title: 'The sequenced edition',
      task: 'In the earlier, sequenced edition a step is allowed only as the first half of a pair: then the same stack captures or merges, or another of your stacks merges onto it, and the pair ends the turn. Play such a pair ending in a stack of two.',
      hint: 'Step from a1 to a3, then merge it with b3 (either one may move).',
      wrong: 'You have no stack of two. Step next to your other stack, then merge the two.',
      right:
        'A sequenced move: step, merge, and the turn is over. In the standard edition a step may be followed by any merge or capture, and a merge by any move.',
    },
    advice: {
      title: 'The designer’s advice',
      task: 'Mark Steere’s advice: keep at least one stack as tall as your opponent’s tallest, so that it can answer it, but do not merge so much that you have too few stacks to use the dice. Green’s tallest is 2: end with a stack of 2 and at least two stacks.',
      hint: 'Merge two checkers with one die; with the other, move a stack onto an empty square.',
      wrong:
        'Check both halves: a stack as tall as Green’s tallest (2), and at least two stacks. With too few stacks, often no move fits the dice, and then you take off your own checkers.',
      right: 'A stack to match Green’s tallest, and another for the other die. That is the advice; now play a game!',
    },
  },
});

export default learn;
