//! Actions and turns, in the notation of RULES.md section 7.

use crate::square::{ParseSquareError, Square};
use std::fmt;
use std::str::FromStr;

/// One action: a move of a whole stack, or the removal of one checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// `c3-c5`: the stack on `from` moves to `to`.
    Move {
        /// Where the stack stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// `-c3`: one checker leaves the stack on this square.
    Remove(Square),
}

impl Action {
    /// Whether this is a removal.
    #[must_use]
    pub const fn is_removal(self) -> bool {
        matches!(self, Action::Remove(_))
    }

    /// The square the action starts from (the moving stack, or the stack
    /// losing a checker).
    #[must_use]
    pub const fn from(self) -> Square {
        match self {
            Action::Move { from, .. } | Action::Remove(from) => from,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Remove(sq) => write!(f, "-{sq}"),
        }
    }
}

/// What an action does, judged on the board it is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ActionKind {
    /// A move onto one of the mover's own stacks.
    Merge,
    /// A move onto an enemy stack no taller than the mover.
    Capture,
    /// A move onto an empty square.
    Step,
    /// One checker taken off one of the mover's stacks.
    Removal,
}

impl ActionKind {
    /// Lower-case name: `merge`, `capture`, `step`, `removal`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Merge => "merge",
            ActionKind::Capture => "capture",
            ActionKind::Step => "step",
            ActionKind::Removal => "removal",
        }
    }
}

/// An action or turn could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseActionError {
    /// A square inside the action is malformed.
    Square(ParseSquareError),
    /// The text is neither `from-to` nor `-square`.
    Shape(String),
    /// A turn with no actions.
    EmptyTurn,
    /// A turn with more than two actions.
    TooManyActions(usize),
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseActionError::Square(e) => e.fmt(f),
            ParseActionError::Shape(s) => write!(
                f,
                "bad action '{s}' (expected a move like c3-c5 or a removal like -c3)"
            ),
            ParseActionError::EmptyTurn => write!(f, "empty turn (expected one or two actions)"),
            ParseActionError::TooManyActions(n) => {
                write!(f, "a turn has at most two actions, found {n}")
            }
        }
    }
}

impl std::error::Error for ParseActionError {}

impl From<ParseSquareError> for ParseActionError {
    fn from(e: ParseSquareError) -> Self {
        ParseActionError::Square(e)
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(rest) = s.strip_prefix('-') {
            if rest.contains('-') {
                return Err(ParseActionError::Shape(s.to_string()));
            }
            return Ok(Action::Remove(rest.parse()?));
        }
        match s.split_once('-') {
            Some((a, b)) if !b.contains('-') => Ok(Action::Move {
                from: a.parse()?,
                to: b.parse()?,
            }),
            _ => Err(ParseActionError::Shape(s.to_string())),
        }
    }
}

/// A turn: one or two actions in play order.
///
/// A turn of two removals is kept in canonical form, the lower square first
/// (RULES.md section 7), so two such turns that differ only in order compare
/// equal and print the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn {
    first: Action,
    second: Option<Action>,
}

impl Turn {
    /// A turn of a single action.
    #[must_use]
    pub const fn single(action: Action) -> Turn {
        Turn {
            first: action,
            second: None,
        }
    }

    /// A turn of two actions (two removals are put in canonical order).
    #[must_use]
    pub fn pair(first: Action, second: Action) -> Turn {
        match (first, second) {
            (Action::Remove(a), Action::Remove(b)) if b < a => Turn {
                first: second,
                second: Some(first),
            },
            _ => Turn {
                first,
                second: Some(second),
            },
        }
    }

    /// A turn from a list of one or two actions.
    ///
    /// # Errors
    /// [`ParseActionError::EmptyTurn`] or [`ParseActionError::TooManyActions`].
    pub fn from_actions(actions: &[Action]) -> Result<Turn, ParseActionError> {
        match *actions {
            [] => Err(ParseActionError::EmptyTurn),
            [a] => Ok(Turn::single(a)),
            [a, b] => Ok(Turn::pair(a, b)),
            _ => Err(ParseActionError::TooManyActions(actions.len())),
        }
    }

    /// The actions in play order (for two removals: canonical order).
    #[must_use]
    pub fn actions(&self) -> Vec<Action> {
        self.iter().collect()
    }

    /// Iterates over the actions.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        std::iter::once(self.first).chain(self.second)
    }

    /// The first action.
    #[must_use]
    pub const fn first(&self) -> Action {
        self.first
    }

    /// The second action, if any.
    #[must_use]
    pub const fn second(&self) -> Option<Action> {
        self.second
    }

    /// Number of actions (1 or 2).
    #[must_use]
    pub const fn len(&self) -> usize {
        if self.second.is_some() { 2 } else { 1 }
    }

    /// Always false: a turn has at least one action.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        if let Some(second) = self.second {
            write!(f, " {second}")?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let actions = s
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Action>, _>>()?;
        Turn::from_actions(&actions)
    }
}
