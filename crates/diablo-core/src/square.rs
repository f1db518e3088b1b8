//! Squares, named like chess squares.

use std::fmt;
use std::str::FromStr;

/// The largest board side the engine accepts.
pub const MAX_SIZE: u8 = 26;

/// A square, by 0-based file (column, `a` = 0) and rank (row, `1` = 0).
///
/// A square exists independently of any board; whether it lies on a given
/// board is checked where it is used ([`Square::index`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// A square from 0-based file and rank; `None` beyond the largest board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIZE && rank < MAX_SIZE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// The square with a given index on a board of side `size`
    /// (index = rank * size + file).
    #[must_use]
    pub const fn from_index(index: usize, size: u8) -> Square {
        let n = size as usize;
        Square {
            file: (index % n) as u8,
            rank: (index / n) as u8,
        }
    }

    /// 0-based file (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank (`1` = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The square's index on a board of side `size`, or `None` if it is off
    /// that board.
    #[must_use]
    pub const fn index(self, size: u8) -> Option<usize> {
        if self.file < size && self.rank < size {
            Some(self.rank as usize * size as usize + self.file as usize)
        } else {
            None
        }
    }

    /// Distance along a shared rank or file, or `None` when the two squares
    /// share neither (or are the same square).
    #[must_use]
    pub fn straight_distance(self, to: Square) -> Option<u8> {
        if self == to {
            None
        } else if self.file == to.file {
            Some(self.rank.abs_diff(to.rank))
        } else if self.rank == to.rank {
            Some(self.file.abs_diff(to.file))
        } else {
            None
        }
    }
}

/// Squares order by index (rank first, then file), which is the same order on
/// every board size.
impl Ord for Square {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.rank, self.file).cmp(&(other.rank, other.file))
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad square '{}' (expected a file a-z and a rank 1-26, like c3)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSquareError(s.to_string());
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(err)?;
        if !file.is_ascii_lowercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(err());
        }
        let rank: u8 = digits.parse().map_err(|_| err())?;
        Square::new(file as u8 - b'a', rank - 1).ok_or_else(err)
    }
}
