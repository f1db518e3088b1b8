// @ts-check
// The typed contract between the page and the engine: every shape that
// crosses the wasm boundary (crates/diablo-wasm/src/view.rs, error.rs and
// ai.rs write them), and the shapes the page's own parts hand each other.
// Types only; the TypeScript compiler checks every module against them
// (jsconfig.json, run by `cargo xtask test`).

/** @typedef {'black' | 'green'} Color */
/** @typedef {'standard' | 'sequenced'} Edition */
/** @typedef {'merge' | 'capture' | 'step'} MoveKind */
/** @typedef {MoveKind | 'removal'} ActionKind */
/** @typedef {'beginner' | 'easy' | 'medium' | 'hard' | 'analysis'} Level */

/**
 * One action by square index (rank * N + file), with its notation.
 * @typedef {object} ActionView
 * @property {string} text `c3-c5` or `-c3`
 * @property {number} from the moving stack's square, or the square losing a checker
 * @property {number | null} to where a move lands; null for a removal
 */

/**
 * An action to draw (an arrow or a removal mark); notation optional.
 * @typedef {{ from: number, to: number | null, text?: string }} Arrow
 */

/**
 * One finished turn of the log.
 * @typedef {object} LogLine
 * @property {number} number turn number (1 = Black's first turn)
 * @property {Color} side who played it
 * @property {string} roll e.g. `2,1`
 * @property {string} turn the turn in notation, e.g. `b2-b4 -a1`
 * @property {ActionView[]} actions its actions
 */

/**
 * Everything the page draws about a game (the engine's `Game.state()`).
 * @typedef {object} GameState
 * @property {number} size board side N
 * @property {number} faces faces on each die (N/2)
 * @property {Edition} edition
 * @property {number[]} cells signed heights by square index: Black > 0, Green < 0, 0 empty;
 *   the board after the actions played so far this turn
 * @property {Color} side player to move
 * @property {number} turn number of the turn being played
 * @property {boolean} balancing Black's first turn (a single action)
 * @property {[number, number]} checkers checkers on the board, Black then Green
 * @property {[number, number]} stacks stacks on the board, Black then Green
 * @property {Color | null} winner the winner once the game is over
 * @property {string} code position code before the current turn
 * @property {[number, number] | null} roll the dice in the order rolled, once rolled
 * @property {[boolean, boolean]} diceUsed which dice have driven a move this turn
 * @property {ActionView[]} actions actions played so far this turn
 * @property {boolean} complete the turn needs no further action
 * @property {ActionView[]} lastTurn actions of the last finished turn
 * @property {[number, number] | null} lastRoll the roll of the last finished turn
 * @property {LogLine[]} log every finished turn
 */

/**
 * What each player did over a game (the engine's `Game.stats()`), each
 * pair Black then Green.
 * @typedef {object} Stats
 * @property {[number, number]} turns turns played
 * @property {[number, number]} captured enemy checkers taken by capturing
 * @property {[number, number]} captures captures made
 * @property {[number, number]} merges merges made (stacks built)
 * @property {[number, number]} removed own checkers taken off for want of a move
 * @property {[number, number]} tallest the tallest stack built
 */

/**
 * One legal destination of a stack.
 * @typedef {object} Target
 * @property {number} to destination square
 * @property {MoveKind} kind
 * @property {number} die index (0 or 1) of the die the move uses
 */

/**
 * The legal next actions (the engine's `Game.options()`).
 * @typedef {object} Options
 * @property {{ from: number, targets: Target[] }[]} moves legal moves by moving stack
 * @property {number[]} removals squares a removal may be taken from now
 */

/**
 * The computer's choice (the worker's `choose` and `hint` answers).
 * @typedef {object} Choice
 * @property {string} turn the turn in notation
 * @property {ActionView[]} actions in an order the engine accepts one at a time
 * @property {number} winChance chance (0..1) that the player who plays it wins
 * @property {number} nodes positions evaluated
 * @property {number} budget the search's node budget
 * @property {Level} level the level that chose it
 */

/**
 * An error as the engine describes it: a stable kind, its parameters
 * (squares and actions in notation, colours as `black`/`green`) and the
 * English message. A nested reason is `params.cause`.
 * @typedef {object} ErrorInfo
 * @property {string} kind one of the engine's `errorKinds()`
 * @property {Record<string, any>} params
 * @property {string} message
 */

/**
 * What a save holds to rebuild a game exactly: the record text, and the
 * roll and actions of the turn under way.
 * @typedef {{ record: string, roll: [number, number] | null, actions: string[] }} Snapshot
 */

/**
 * Who plays: people at one screen, or a person against the computer.
 * @typedef {'hotseat' | { kind: 'computer', level: Level, human: Color }} PlayersChoice
 */

/**
 * One judged turn of a game review (the worker's `review` answer,
 * crates/diablo-wasm-ai/src/review.rs); chances are the mover's, 0..1.
 * @typedef {object} TurnReview
 * @property {number} number turn number
 * @property {Color} side who played it
 * @property {string} roll e.g. `2,1`
 * @property {string} played the turn played
 * @property {ActionView[]} playedActions its actions in play order
 * @property {number} before the mover's chance before the roll (the average over every roll)
 * @property {number} playedValue the mover's chance after the turn played
 * @property {number} bestValue the mover's chance after the best turn
 * @property {string} best the best turn (the played one when it is worth the most)
 * @property {ActionView[]} bestActions its actions in play order
 * @property {number} loss bestValue - playedValue
 * @property {'inaccuracy' | 'mistake' | 'blunder' | null} mark by the thresholds of docs/review.md
 * @property {number} luck the roll's luck for the mover: their chance once it was dealt minus `before`
 */

/**
 * One ranked turn of the analysis board.
 * @typedef {object} RankedTurn
 * @property {string} turn
 * @property {ActionView[]} actions in play order
 * @property {number} value the mover's chance after it
 * @property {boolean} exact valued as the review values turns (else a quick estimate)
 */

/**
 * The analysis board's ranking (the worker's `rank` answer).
 * @typedef {{ before: number, turns: RankedTurn[] }} Ranking
 */

export {};

/**
 * A correspondence game as the engine shows it (crates/diablo-wasm/src/corr.rs).
 * @typedef {object} CorrView
 * @property {string} id the game id (hex)
 * @property {number} size
 * @property {Edition} edition
 * @property {Color} inviter the inviter's colour
 * @property {string} blackName
 * @property {string} greenName
 * @property {'accept' | 'start' | 'turn' | 'over'} due what the game waits for
 * @property {Color | null} color the colour to move (turn) or the winner (over)
 * @property {boolean} resigned
 * @property {Color | null} you the colour of the keys given
 * @property {boolean} yourMove whether the due message is this player's
 * @property {[number, number] | null} roll this player's roll, when it is their turn
 * @property {string} record the game so far (text record)
 * @property {number} turns
 * @property {number} messages
 * @property {string} link the link of this game
 * @property {string | null} keys the keys with this link stored (to save)
 */

/**
 * The words the dice are labelled with, in the page's language.
 * @typedef {object} DiceWords
 * @property {(faces: number) => string} diceNotRolled
 * @property {(i: number, value: number, faces: number, used: boolean) => string} dieLabel
 * @property {string} used
 */

/**
 * The words of the accessible grid's cells, in the page's language.
 * @typedef {object} CellWords
 * @property {string} empty
 * @property {(color: 'black' | 'green', height: number) => string} stack
 * @property {string} selected
 * @property {string} canMove
 * @property {string} removable
 * @property {string} last
 * @property {string} step
 * @property {string} merge
 * @property {string} capture
 */
