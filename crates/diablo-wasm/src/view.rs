//! What crosses to JavaScript, as JSON: plain numbers and short strings, with
//! squares given by index (rank * N + file, as in RULES.md section 1),
//! colours as `black`/`green`, editions as `standard`/`sequenced` and action
//! kinds as `merge`/`capture`/`step`/`removal` (core's serde names). The
//! page's JSDoc typedefs in `web/types.js` declare the same shapes.

use diablo_core::{Action, ActionKind, Color, Edition};
use serde::Serialize;

/// The board and everything the page shows about the game.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    /// Board side N.
    pub size: u8,
    /// Faces on each die (N/2).
    pub faces: u8,
    /// The edition.
    pub edition: Edition,
    /// Signed stack heights by square index, Black positive, Green negative,
    /// 0 for empty; the board after the actions played so far this turn.
    pub cells: Vec<i16>,
    /// Player to move.
    pub side: Color,
    /// Number of the turn being played.
    pub turn: u32,
    /// Whether the balancing rule applies (Black's first turn).
    pub balancing: bool,
    /// Checkers on the board, Black then Green.
    pub checkers: [u32; 2],
    /// Stacks on the board, Black then Green.
    pub stacks: [u32; 2],
    /// The winner once the game is over.
    pub winner: Option<Color>,
    /// Position code of the position before the current turn.
    pub code: String,
    /// The dice, in the order rolled, once rolled.
    pub roll: Option<[u8; 2]>,
    /// Which dice have driven a move this turn.
    pub dice_used: [bool; 2],
    /// Actions played so far this turn.
    pub actions: Vec<ActionView>,
    /// Whether the turn needs no further action (awaits confirmation).
    pub complete: bool,
    /// The actions of the last finished turn.
    pub last_turn: Vec<ActionView>,
    /// The roll of the last finished turn (shown again once the game is
    /// over).
    pub last_roll: Option<[u8; 2]>,
    /// Every finished turn.
    pub log: Vec<LogLine>,
}

/// One action, by square index, with its notation.
#[derive(Debug, Clone, Serialize)]
pub struct ActionView {
    /// Notation: `c3-c5` or `-c3`.
    pub text: String,
    /// The moving stack's square, or the square losing a checker.
    pub from: usize,
    /// Where a move lands; `None` for a removal.
    pub to: Option<usize>,
}

impl ActionView {
    /// Converts an action on a board of side `n`.
    #[must_use]
    pub fn new(a: Action, n: u8) -> ActionView {
        let idx = |sq: diablo_core::Square| sq.index(n).unwrap_or(usize::MAX);
        let (from, to) = match a {
            Action::Move { from, to } => (idx(from), Some(idx(to))),
            Action::Remove(sq) => (idx(sq), None),
        };
        ActionView {
            text: a.to_string(),
            from,
            to,
        }
    }
}

/// What each player did over the game, for the game-over screen: indexed
/// Black then Green.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Turns each played.
    pub turns: [u32; 2],
    /// Enemy checkers each took by capturing.
    pub captured: [u32; 2],
    /// Captures each made.
    pub captures: [u32; 2],
    /// Merges each made (stacks built onto their own).
    pub merges: [u32; 2],
    /// Checkers each had to take off the board.
    pub removed: [u32; 2],
    /// The tallest stack each built.
    pub tallest: [u32; 2],
}

/// One finished turn of the log.
#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    /// Turn number (1 = Black's first turn).
    pub number: u32,
    /// Who played it.
    pub side: Color,
    /// The roll, e.g. `2,1`.
    pub roll: String,
    /// The turn in notation, e.g. `b2-b4 -a1`.
    pub turn: String,
    /// Its actions, by square index.
    pub actions: Vec<ActionView>,
}

/// The legal next actions.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Options {
    /// Legal moves, grouped by the square of the moving stack.
    pub moves: Vec<SourceView>,
    /// Squares a removal may be taken from (non-empty only when a removal
    /// is due).
    pub removals: Vec<usize>,
}

/// The legal moves of one stack.
#[derive(Debug, Clone, Serialize)]
pub struct SourceView {
    /// The stack's square index.
    pub from: usize,
    /// Its legal destinations.
    pub targets: Vec<TargetView>,
}

/// One legal destination.
#[derive(Debug, Clone, Serialize)]
pub struct TargetView {
    /// Destination square index.
    pub to: usize,
    /// What the move does.
    pub kind: ActionKind,
    /// Index (0 or 1) of the die the move uses.
    pub die: u8,
}
