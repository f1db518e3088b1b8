//! Why a turn or an action cannot be played.

use crate::action::Action;
use crate::color::Color;
use crate::roll::RollError;
use crate::square::Square;
use std::fmt;

/// The rule an illegal action breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// A square of the action is not on this board.
    OffBoard(Square),
    /// There is no stack on the starting square.
    EmptySquare(Square),
    /// The stack belongs to the opponent.
    NotYourStack(Square),
    /// The two squares share no rank or file (or are the same square).
    NotStraight,
    /// No unused die shows the distance moved.
    WrongDistance {
        /// Squares moved.
        distance: u8,
        /// Values of the dice still unused.
        unused: Vec<u8>,
    },
    /// The destination holds a taller enemy stack.
    TallerEnemy {
        /// Height of the enemy stack.
        enemy: u16,
        /// Height of the moving stack.
        mover: u16,
    },
    /// Standard edition: after a step the second move must merge or capture.
    SecondStep,
    /// Sequenced edition: only a merge or capture may follow an individual move.
    StepAfterIndividual,
    /// Sequenced edition: no move with the other die could complete this step.
    StepWithoutCompletion,
    /// Sequenced edition: Black's first turn is one individual move.
    BalancingStep,
    /// Sequenced edition: the move does not complete the sequenced move that
    /// began with a step onto this square.
    NotCompleting(Square),
    /// A removal was played while a move is possible (one is named).
    RemovalWhileMoveExists(Action),
    /// A turn that began with a removal continues with a removal.
    MoveAfterRemoval,
    /// Sequenced edition: removals come from a tallest stack.
    NotTallest {
        /// Height of the chosen stack.
        height: u16,
        /// Height of the tallest stack.
        tallest: u16,
    },
    /// Black's first turn is a single action (the balancing rule).
    BalancingSingleAction,
    /// The first action ended the game.
    GameEnded,
    /// The turn has no action left (a sequenced move ends the turn; a turn
    /// has at most two actions).
    TurnOver,
    /// The turn stops before its second action; one legal choice is named.
    Incomplete(Action),
    /// The action is not legal here for a reason not listed above.
    NotLegalHere,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason as R;
        match self {
            R::OffBoard(sq) => write!(f, "{sq} is not on this board"),
            R::EmptySquare(sq) => write!(f, "there is no stack on {sq}"),
            R::NotYourStack(sq) => write!(f, "the stack on {sq} is not yours"),
            R::NotStraight => write!(f, "a move goes straight along a rank or a file"),
            R::WrongDistance { distance, unused } => match unused.as_slice() {
                [] => write!(f, "wrong distance {distance}: no die is left unused"),
                [d] => write!(f, "wrong distance {distance}: the unused die shows {d}"),
                [a, b] => write!(f, "wrong distance {distance}: the dice show {a} and {b}"),
                _ => write!(f, "wrong distance {distance}"),
            },
            R::TallerEnemy { enemy, mover } => write!(
                f,
                "the enemy stack there is taller ({enemy}) than the moving stack ({mover})"
            ),
            R::SecondStep => write!(
                f,
                "second step: a turn holds at most one step, so after a step the second move must merge or capture"
            ),
            R::StepAfterIndividual => write!(
                f,
                "after an individual move only a merge or a capture may follow, not a step"
            ),
            R::StepWithoutCompletion => write!(
                f,
                "a step is legal only as the first half of a sequenced move, and no move with the other die could complete this one"
            ),
            R::BalancingStep => write!(
                f,
                "Black's first turn is a single individual move (merge or capture), so no step"
            ),
            R::NotCompleting(sq) => write!(
                f,
                "after the step to {sq}, that stack must merge or capture, or another of your stacks must merge onto it"
            ),
            R::RemovalWhileMoveExists(m) => write!(
                f,
                "removal while a move exists: a removal is allowed only when no move is possible, but {m} is"
            ),
            R::MoveAfterRemoval => write!(
                f,
                "the turn began with a removal, so its second action is a removal too"
            ),
            R::NotTallest { height, tallest } => write!(
                f,
                "removal not from a tallest stack: this stack has {height}, your tallest has {tallest}"
            ),
            R::BalancingSingleAction => write!(
                f,
                "too many actions: Black's first turn is a single action (balancing rule)"
            ),
            R::GameEnded => write!(f, "too many actions: the first action ended the game"),
            R::TurnOver => write!(f, "too many actions: the turn is already over"),
            R::Incomplete(a) => write!(
                f,
                "the turn is incomplete: a second action is required (for example {a})"
            ),
            R::NotLegalHere => write!(f, "this action is not legal here"),
        }
    }
}

/// A turn or action that cannot be played. The position is left as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// A die does not fit the board.
    Roll(RollError),
    /// The game is already over.
    GameOver {
        /// Who won.
        winner: Color,
    },
    /// An action breaks a rule.
    Illegal {
        /// 0 for the first action of the turn, 1 for the second.
        index: usize,
        /// The action (none when the turn is incomplete).
        action: Option<Action>,
        /// Which rule it breaks.
        reason: IllegalReason,
    },
}

impl PlayError {
    /// The rule broken, if the error is about an action.
    #[must_use]
    pub fn reason(&self) -> Option<&IllegalReason> {
        match self {
            PlayError::Illegal { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Roll(e) => e.fmt(f),
            PlayError::GameOver { winner } => {
                write!(f, "the game is over: {} has won", winner.name())
            }
            PlayError::Illegal {
                index,
                action: Some(action),
                reason,
            } => {
                let nth = if *index == 0 { "first" } else { "second" };
                write!(f, "illegal {nth} action {action}: {reason}")
            }
            PlayError::Illegal { reason, .. } => reason.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<RollError> for PlayError {
    fn from(e: RollError) -> Self {
        PlayError::Roll(e)
    }
}
