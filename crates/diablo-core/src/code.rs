//! Position codes (RULES.md section 8): `<board> <side> <turn>`.
//!
//! Parse, then check (after shakmaty's FEN and `Setup`): the parser only
//! reads the text into a [`Setup`] and refuses what it cannot read; the
//! board it read is then checked as any set-up is, by
//! [`Position::try_from`], so a code and a set-up are judged alike.

use crate::color::Color;
use crate::position::{Position, Stack, check_size};
use crate::setup::{Setup, SetupError, too_many};
use std::fmt;
use std::str::FromStr;

/// Why a position code is invalid. Ranks are named as on the board
/// (rank N is the first one written). Each variant but `Setup` is a fault
/// in the text; a code that reads cleanly but describes no position is
/// [`Setup`](ParsePositionError::Setup), carrying the set-up's reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not three fields separated by single spaces.
    Fields(usize),
    /// The number of ranks is odd or outside 2..=26.
    Size(usize),
    /// A rank lists a wrong number of squares.
    RankLength {
        /// The rank (1-based, as on the board).
        rank: usize,
        /// How many squares it lists.
        found: usize,
        /// How many it should list.
        expected: usize,
    },
    /// A token in a rank is not `.`, `b`, `g` or a colour with a height.
    Token {
        /// The rank (1-based, as on the board).
        rank: usize,
        /// The token as written.
        token: String,
    },
    /// A stack of height 0.
    ZeroHeight {
        /// The rank (1-based, as on the board).
        rank: usize,
        /// The token as written.
        token: String,
    },
    /// The side field is not `b` or `g`.
    Side(String),
    /// The turn field is not a whole number written plainly (digits, no
    /// leading zero) that fits in a `u32`. A number out of range is
    /// [`SetupError::Turn`] inside [`Setup`](ParsePositionError::Setup).
    Turn(String),
    /// The text reads as a set-up that is no position:
    /// [`SetupError::TooManyCheckers`], [`SetupError::Turn`] (the number is
    /// 0 or above [`MAX_TURN`](crate::MAX_TURN)),
    /// [`SetupError::SideTurnMismatch`] or [`SetupError::EmptyBoard`],
    /// found in that order. A code that reads always has a good side and
    /// N * N squares, so never [`SetupError::Size`] or [`SetupError::Cells`].
    /// Its message is worded for the code (the side and turn *fields*,
    /// no square for too many checkers).
    Setup(SetupError),
}

impl From<SetupError> for ParsePositionError {
    fn from(e: SetupError) -> Self {
        ParsePositionError::Setup(e)
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError as E;
        match self {
            E::Fields(n) => write!(
                f,
                "position code has {n} field(s); expected 3 separated by single spaces: <board> <side> <turn>"
            ),
            E::Size(n) => write!(
                f,
                "board has {n} rank(s); the side must be even, from 2 to 26"
            ),
            E::RankLength {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} lists {found} square(s); expected {expected}"
            ),
            E::Token { rank, token } => write!(
                f,
                "rank {rank}: unknown token '{token}' (expected '.', or b/g with an optional height)"
            ),
            E::ZeroHeight { rank, token } => {
                write!(f, "rank {rank}: stack '{token}' has height 0")
            }
            E::Side(s) => write!(f, "side field '{s}' is not b or g"),
            E::Turn(s) => turn_field(f, s),
            E::Setup(e) => match e {
                SetupError::TooManyCheckers {
                    color, count, max, ..
                } => too_many(f, *color, *count, *max),
                // A number that parsed plainly is written as it reads.
                SetupError::Turn(t) => turn_field(f, &t.to_string()),
                SetupError::SideTurnMismatch { side, turn } => write!(
                    f,
                    "turn {turn} belongs to {}, but the side field says {}",
                    Color::of_turn(*turn).name(),
                    side.name()
                ),
                SetupError::EmptyBoard | SetupError::Size(_) | SetupError::Cells { .. } => e.fmt(f),
            },
        }
    }
}

/// A turn field that is no turn number, as written.
fn turn_field(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    write!(
        f,
        "turn field '{text}' is not a whole number from 1 to 999999999"
    )
}

impl std::error::Error for ParsePositionError {}

/// Splits one rank into its square tokens: `.` or a letter followed by digits.
fn rank_tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        // Step over one whole (possibly multi-byte) character.
        i += text[i..].chars().next().map_or(1, char::len_utf8);
        if bytes[start] != b'.' {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
        }
        out.push(&text[start..i]);
    }
    out
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the text into a [`Setup`], then checks it with
    /// [`Position::try_from`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use ParsePositionError as E;
        let fields: Vec<&str> = s.trim().split(' ').collect();
        let [board, side, turn] = fields[..] else {
            return Err(E::Fields(fields.len()));
        };
        let ranks: Vec<&str> = board.split('/').collect();
        let n = check_size(u32::try_from(ranks.len()).unwrap_or(u32::MAX))
            .map_err(|_| E::Size(ranks.len()))?;
        let nn = usize::from(n);
        let mut cells = vec![0i32; nn * nn];
        for (row, text) in ranks.iter().enumerate() {
            let rank = nn - row;
            let tokens = rank_tokens(text);
            if tokens.len() != nn {
                return Err(E::RankLength {
                    rank,
                    found: tokens.len(),
                    expected: nn,
                });
            }
            for (file, token) in tokens.iter().enumerate() {
                if *token == "." {
                    continue;
                }
                if token.len() > 1 && token.as_bytes()[1..].iter().all(|&b| b == b'0') {
                    return Err(E::ZeroHeight {
                        rank,
                        token: (*token).to_string(),
                    });
                }
                let stack: Stack = token.parse().map_err(|_| E::Token {
                    rank,
                    token: (*token).to_string(),
                })?;
                cells[(rank - 1) * nn + file] = i32::from(stack.cell());
            }
        }
        let side: Color = match side {
            "b" => Color::Black,
            "g" => Color::Green,
            _ => return Err(E::Side(side.to_string())),
        };
        // A whole number written plainly; its range is the set-up's check.
        let plain = !turn.is_empty()
            && turn.bytes().all(|b| b.is_ascii_digit())
            && (turn == "0" || !turn.starts_with('0'));
        let turn_n: u32 = match turn.parse() {
            Ok(t) if plain => t,
            _ => return Err(E::Turn(turn.to_string())),
        };
        let setup = Setup {
            size: u32::from(n),
            cells,
            side,
            turn: turn_n,
        };
        Ok(Position::try_from(setup)?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = usize::from(self.size);
        for row in 0..n {
            if row > 0 {
                f.write_str("/")?;
            }
            let rank = n - 1 - row;
            for file in 0..n {
                match Stack::from_cell(self.cells[rank * n + file]) {
                    Some(st) => write!(f, "{st}")?,
                    None => f.write_str(".")?,
                }
            }
        }
        write!(f, " {} {}", self.side.letter(), self.turn)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::MAX_TURN;
    use proptest::prelude::*;

    fn refusal(code: &str) -> ParsePositionError {
        code.parse::<Position>().unwrap_err()
    }

    #[test]
    fn set_up_refusals_are_worded_for_the_code() {
        let e = refusal("b9.../..../..../...g b 3");
        assert!(matches!(
            e,
            ParsePositionError::Setup(SetupError::TooManyCheckers {
                count: 9,
                max: 8,
                ..
            })
        ));
        assert_eq!(
            e.to_string(),
            "Black has at least 9 checkers; at most 8 fit this board"
        );
        let e = refusal("..../..../..../.... b 1");
        assert_eq!(e, ParsePositionError::Setup(SetupError::EmptyBoard));
        assert_eq!(e.to_string(), "the board has no checkers at all");
        let e = refusal("gbgb/bgbg/gbgb/bgbg b 0");
        assert_eq!(e, ParsePositionError::Setup(SetupError::Turn(0)));
        assert_eq!(
            e.to_string(),
            "turn field '0' is not a whole number from 1 to 999999999"
        );
        let e = refusal("gbgb/bgbg/gbgb/bgbg g 1");
        assert_eq!(
            e,
            ParsePositionError::Setup(SetupError::SideTurnMismatch {
                side: Color::Green,
                turn: 1
            })
        );
        assert_eq!(
            e.to_string(),
            "turn 1 belongs to Black, but the side field says Green"
        );
    }

    #[test]
    fn turn_refusals_name_the_last_turn() {
        // Written out in the messages rather than formatted from MAX_TURN.
        let last = MAX_TURN.to_string();
        assert!(
            ParsePositionError::Turn("x".into())
                .to_string()
                .ends_with(&last)
        );
        assert!(
            ParsePositionError::Setup(SetupError::Turn(0))
                .to_string()
                .ends_with(&last)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// A board of a legal size and cell count is accepted exactly when
        /// its position code is, as the same position, and refused for the
        /// reason its code is.
        #[test]
        fn a_setup_is_judged_as_its_code(
            half in 1..=5u32,
            heights in prop::collection::vec(
                prop_oneof![10 => Just(0), 9 => -4..=4i32, 1 => -999..=999i32], 100),
            green in any::<bool>(),
            turn in prop_oneof![
                8 => 0..=20u32,
                1 => MAX_TURN - 1..=MAX_TURN + 1,
                1 => any::<u32>()
            ],
        ) {
            let size = 2 * half;
            let side = if green { Color::Green } else { Color::Black };
            let cells = heights[..(size * size) as usize].to_vec();
            let s = Setup { size, cells, side, turn };
            let code = code_of(&s).unwrap();
            let parsed = code.parse::<Position>();
            match Position::try_from(s) {
                Ok(pos) => prop_assert_eq!(parsed, Ok(pos), "{}", code),
                Err(e @ (SetupError::Size(_) | SetupError::Cells { .. })) => {
                    return Err(TestCaseError::fail(format!("{e:?} for {code}")));
                }
                Err(e) => prop_assert_eq!(parsed, Err(ParsePositionError::Setup(e)), "{}", code),
            }
        }

    }

    /// The position code of a set-up with a legal size, N * N cells and
    /// heights a code can write (at most 3 digits), written here without
    /// the engine's printer.
    fn code_of(s: &Setup) -> Option<String> {
        let n = usize::from(check_size(s.size).ok()?);
        if s.cells.len() != n * n || s.cells.iter().any(|v| v.unsigned_abs() > 999) {
            return None;
        }
        let mut ranks = Vec::new();
        for rank in (0..n).rev() {
            let mut text = String::new();
            for &v in &s.cells[rank * n..(rank + 1) * n] {
                match v.unsigned_abs() {
                    0 => text.push('.'),
                    h => {
                        text.push(if v > 0 { 'b' } else { 'g' });
                        if h > 1 {
                            text.push_str(&h.to_string());
                        }
                    }
                }
            }
            ranks.push(text);
        }
        Some(format!(
            "{} {} {}",
            ranks.join("/"),
            s.side.letter(),
            s.turn
        ))
    }
}
