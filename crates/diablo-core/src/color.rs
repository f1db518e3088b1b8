//! The two players.

use std::fmt;
use std::str::FromStr;

/// One of the two players. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// The first player; holds `a1` at the start.
    Black,
    /// The second player.
    Green,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::Green];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::Green,
            Color::Green => Color::Black,
        }
    }

    /// `0` for Black, `1` for Green (for indexing small tables).
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::Green => 1,
        }
    }

    /// The letter used in position codes: `b` or `g`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::Green => 'g',
        }
    }

    /// The player's name: `Black` or `Green`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::Green => "Green",
        }
    }

    /// The name in data (serde's spelling, the page's): `black` or `green`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::Green => "green",
        }
    }

    /// The colour that plays a given turn number (odd turns are Black's).
    #[must_use]
    pub const fn of_turn(turn: u32) -> Color {
        if turn % 2 == 1 {
            Color::Black
        } else {
            Color::Green
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A colour could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError(pub String);

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown colour '{}' (expected b, g, black or green)",
            self.0
        )
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "b" | "black" | "Black" => Ok(Color::Black),
            "g" | "green" | "Green" => Ok(Color::Green),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}
