//! A position: the board, the player to move and the turn number.

use crate::color::Color;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// The largest turn number a position may carry. Far beyond any real game
/// (every turn lowers checkers + stacks), it keeps turn arithmetic exact.
pub const MAX_TURN: u32 = 999_999_999;

/// A stack: one or more checkers of one colour on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stack {
    /// Whose checkers these are.
    pub color: Color,
    /// How many checkers (at least 1).
    pub height: u16,
}

impl Stack {
    /// The signed cell value used inside positions (Black positive).
    pub(crate) const fn cell(self) -> i16 {
        match self.color {
            Color::Black => self.height as i16,
            Color::Green => -(self.height as i16),
        }
    }

    pub(crate) const fn from_cell(v: i16) -> Option<Stack> {
        if v > 0 {
            Some(Stack {
                color: Color::Black,
                height: v as u16,
            })
        } else if v < 0 {
            Some(Stack {
                color: Color::Green,
                height: v.unsigned_abs(),
            })
        } else {
            None
        }
    }
}

/// A stack token as in position codes: `b`, `g12`.
impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.color.letter())?;
        if self.height > 1 {
            write!(f, "{}", self.height)?;
        }
        Ok(())
    }
}

/// A stack token could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseStackError(pub String);

impl fmt::Display for ParseStackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad stack '{}' (expected b or g, then a height above 1 if any, like g12)",
            self.0
        )
    }
}

impl std::error::Error for ParseStackError {}

impl FromStr for Stack {
    type Err = ParseStackError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseStackError(s.to_string());
        let mut chars = s.chars();
        let color = match chars.next() {
            Some('b') => Color::Black,
            Some('g') => Color::Green,
            _ => return Err(err()),
        };
        let digits = chars.as_str();
        let height = if digits.is_empty() {
            1
        } else {
            if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
                return Err(err());
            }
            // A stack is at most 338 high (26 * 26 / 2); anything longer
            // cannot be a height.
            match digits.parse::<u16>() {
                Ok(h) if digits.len() <= 3 => h,
                _ => return Err(err()),
            }
        };
        Ok(Stack { color, height })
    }
}

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// Both players still have checkers.
    InProgress,
    /// The other player has no checkers left.
    Won(Color),
}

/// A position: board, player to move and turn number.
///
/// Every `Position` is valid: built from the start ([`Position::start`]), a
/// checked position code ([`str::parse`]) or a checked play.
#[derive(PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) size: u8,
    /// Signed heights by square index: Black positive, Green negative.
    pub(crate) cells: Vec<i16>,
    pub(crate) side: Color,
    pub(crate) turn: u32,
    /// Checkers on the board, by colour index.
    pub(crate) checkers: [u16; 2],
    /// Stacks on the board, by colour index.
    pub(crate) stacks: [u16; 2],
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            size: self.size,
            cells: self.cells.clone(),
            side: self.side,
            turn: self.turn,
            checkers: self.checkers,
            stacks: self.stacks,
        }
    }

    /// Reuses the board's memory.
    fn clone_from(&mut self, source: &Position) {
        self.size = source.size;
        self.cells.clone_from(&source.cells);
        self.side = source.side;
        self.turn = source.turn;
        self.checkers = source.checkers;
        self.stacks = source.stacks;
    }
}

/// The board size is not an even number in 2..=26.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not allowed (the side must be even, from 2 to 26)",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

/// Checks a board side: even and in 2..=26.
///
/// # Errors
/// [`SizeError`] when it is odd or out of range.
pub fn check_size(size: u32) -> Result<u8, SizeError> {
    if (2..=u32::from(crate::square::MAX_SIZE)).contains(&size) && size % 2 == 0 {
        Ok(size as u8)
    } else {
        Err(SizeError(size))
    }
}

impl Position {
    /// The start position on an N x N board: every square holds one checker,
    /// colours alternating, Black on `a1`, Black to move on turn 1.
    ///
    /// # Errors
    /// [`SizeError`] when `size` is odd or outside 2..=26.
    pub fn start(size: u32) -> Result<Position, SizeError> {
        let n = check_size(size)?;
        let cells = (0..usize::from(n) * usize::from(n))
            .map(|i| {
                let sq = Square::from_index(i, n);
                if (sq.file() + sq.rank()) % 2 == 0 {
                    1
                } else {
                    -1
                }
            })
            .collect();
        Ok(Position::from_parts(n, cells, Color::Black, 1))
    }

    /// Builds a position from checked parts, computing the counters.
    pub(crate) fn from_parts(size: u8, cells: Vec<i16>, side: Color, turn: u32) -> Position {
        let mut checkers = [0u16; 2];
        let mut stacks = [0u16; 2];
        for &v in &cells {
            if let Some(st) = Stack::from_cell(v) {
                checkers[st.color.index()] += st.height;
                stacks[st.color.index()] += 1;
            }
        }
        Position {
            size,
            cells,
            side,
            turn,
            checkers,
            stacks,
        }
    }

    /// The board side N.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Number of faces on each die (N/2).
    #[must_use]
    pub const fn die_faces(&self) -> u8 {
        self.size / 2
    }

    /// The player to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The number of the turn about to be played (1 = Black's first turn).
    #[must_use]
    pub const fn turn_number(&self) -> u32 {
        self.turn
    }

    /// Whether the balancing rule applies: Black to move on turn 1.
    #[must_use]
    pub const fn is_balancing_turn(&self) -> bool {
        self.turn == 1 && matches!(self.side, Color::Black)
    }

    /// The stack on a square (`None` when empty or off the board).
    #[must_use]
    pub fn stack(&self, sq: Square) -> Option<Stack> {
        sq.index(self.size)
            .and_then(|i| Stack::from_cell(self.cells[i]))
    }

    /// Every stack on the board, in square-index order.
    pub fn stacks(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, &v)| {
            Stack::from_cell(v).map(|st| (Square::from_index(i, self.size), st))
        })
    }

    /// Checkers of a colour on the board.
    #[must_use]
    pub const fn checkers(&self, color: Color) -> u32 {
        self.checkers[color.index()] as u32
    }

    /// Stacks of a colour on the board.
    #[must_use]
    pub const fn stack_count(&self, color: Color) -> u32 {
        self.stacks[color.index()] as u32
    }

    /// The height of a colour's tallest stack (0 when it has none).
    #[must_use]
    pub fn tallest(&self, color: Color) -> u16 {
        self.stacks()
            .filter(|(_, st)| st.color == color)
            .map(|(_, st)| st.height)
            .max()
            .unwrap_or(0)
    }

    /// Whether the game is over, and who won.
    #[must_use]
    pub const fn outcome(&self) -> Outcome {
        if self.checkers[0] == 0 {
            Outcome::Won(Color::Green)
        } else if self.checkers[1] == 0 {
            Outcome::Won(Color::Black)
        } else {
            Outcome::InProgress
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_finished(&self) -> bool {
        self.checkers[0] == 0 || self.checkers[1] == 0
    }

    /// The signed cell at an index (internal fast path).
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> i16 {
        self.cells[i]
    }

    /// Replaces the cell at an index, keeping the counters exact.
    #[inline]
    pub(crate) fn set_cell(&mut self, i: usize, v: i16) {
        let old = self.cells[i];
        if let Some(st) = Stack::from_cell(old) {
            self.checkers[st.color.index()] -= st.height;
            self.stacks[st.color.index()] -= 1;
        }
        if let Some(st) = Stack::from_cell(v) {
            self.checkers[st.color.index()] += st.height;
            self.stacks[st.color.index()] += 1;
        }
        self.cells[i] = v;
    }

    /// Passes the turn to the other player.
    pub(crate) fn end_turn(&mut self) {
        self.side = self.side.other();
        // Parsing caps the turn number far below u32::MAX and a game has at
        // most 2 * 26 * 26 turns, so this cannot overflow.
        self.turn += 1;
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
