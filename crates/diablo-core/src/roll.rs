//! The two dice of a turn.

use std::fmt;
use std::str::FromStr;

/// Two dice, in the order rolled. Each die shows at least 1; whether a value
/// fits a board (at most N/2) is checked against the board
/// ([`Roll::check_size`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Roll {
    dice: [u8; 2],
}

impl Roll {
    /// A roll of two dice; `None` when a die shows 0.
    #[must_use]
    pub const fn new(a: u8, b: u8) -> Option<Roll> {
        if a == 0 || b == 0 {
            None
        } else {
            Some(Roll { dice: [a, b] })
        }
    }

    /// The dice in the order rolled.
    #[must_use]
    pub const fn dice(self) -> [u8; 2] {
        self.dice
    }

    /// Whether both dice show the same value.
    #[must_use]
    pub const fn is_double(self) -> bool {
        self.dice[0] == self.dice[1]
    }

    /// Every distinct roll for a board of side `size`, as unordered pairs
    /// `a <= b` (the rolls perft sums over), with how many of the
    /// `(size/2)^2` ordered outcomes each stands for (1 for doubles, else 2).
    #[must_use]
    pub fn all_unordered(size: u8) -> Vec<(Roll, u32)> {
        let faces = size / 2;
        let mut out = Vec::new();
        for a in 1..=faces {
            for b in a..=faces {
                out.push((Roll { dice: [a, b] }, if a == b { 1 } else { 2 }));
            }
        }
        out
    }

    /// Checks that both dice fit a board of side `size` (faces 1..=size/2).
    ///
    /// # Errors
    /// [`RollError`] naming the die that does not fit.
    pub fn check_size(self, size: u8) -> Result<(), RollError> {
        let faces = size / 2;
        match self.dice.iter().find(|&&d| d > faces) {
            Some(&die) => Err(RollError { die, size }),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.dice[0], self.dice[1])
    }
}

/// A die shows a value that a board of this size cannot roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollError {
    /// The offending die value.
    pub die: u8,
    /// The board side.
    pub size: u8,
}

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "die value {} does not fit a {n}x{n} board (dice show 1 to {})",
            self.die,
            self.size / 2,
            n = self.size
        )
    }
}

impl std::error::Error for RollError {}

/// A roll could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRollError(pub String);

impl fmt::Display for ParseRollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad roll '{}' (expected two dice from 1 to 13 separated by a comma, like 3,1)",
            self.0
        )
    }
}

impl std::error::Error for ParseRollError {}

impl FromStr for Roll {
    type Err = ParseRollError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseRollError(s.to_string());
        let (a, b) = s.split_once(',').ok_or_else(err)?;
        let die = |t: &str| -> Result<u8, ParseRollError> {
            if t.is_empty() || t.len() > 2 || !t.bytes().all(|c| c.is_ascii_digit()) {
                return Err(err());
            }
            match t.parse::<u8>() {
                Ok(v) if (1..=super::square::MAX_SIZE / 2).contains(&v) => Ok(v),
                _ => Err(err()),
            }
        };
        Ok(Roll {
            dice: [die(a)?, die(b)?],
        })
    }
}
