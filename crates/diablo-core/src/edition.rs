//! The two rule texts the engine plays.

use std::fmt;
use std::str::FromStr;

/// Which rule text governs a game (RULES.md sections 3 and 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Edition {
    /// The current rule text: two actions, at most one step per turn.
    #[default]
    Standard,
    /// The earlier rule text: individual moves, sequenced moves, removals
    /// from the tallest stack.
    Sequenced,
}

impl Edition {
    /// Both editions.
    pub const ALL: [Edition; 2] = [Edition::Standard, Edition::Sequenced];

    /// The edition's name as written in records and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Standard => "standard",
            Edition::Sequenced => "sequenced",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An edition name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseEditionError(pub String);

impl fmt::Display for ParseEditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown edition '{}' (expected standard or sequenced)",
            self.0
        )
    }
}

impl std::error::Error for ParseEditionError {}

impl FromStr for Edition {
    type Err = ParseEditionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "standard" => Ok(Edition::Standard),
            "sequenced" => Ok(Edition::Sequenced),
            _ => Err(ParseEditionError(s.to_string())),
        }
    }
}
