//! Position codes (RULES.md section 8): `<board> <side> <turn>`.

use crate::color::Color;
use crate::position::{Position, Stack, check_size};
use crate::setup::{SetupError, judge, too_many};
use std::fmt;
use std::str::FromStr;

/// Why a position code is invalid. Ranks are named as on the board
/// (rank N is the first one written). Once the text is read, the board is
/// judged as a [`Setup`](crate::Setup) is: `TooManyCheckers`, `Turn` (a
/// number out of range), `SideTurnMismatch` and `EmptyBoard` are a
/// [`SetupError`]'s reasons, found in that order.
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
    /// A colour has more than N*N/2 checkers.
    TooManyCheckers {
        /// The colour.
        color: Color,
        /// How many it has.
        count: u32,
        /// The most allowed.
        max: u32,
    },
    /// Neither colour has a checker: no game can reach this.
    EmptyBoard,
    /// The side field is not `b` or `g`.
    Side(String),
    /// The turn field is not a number from 1 to [`MAX_TURN`](crate::MAX_TURN).
    Turn(String),
    /// The side does not match the turn's parity.
    SideTurnMismatch {
        /// The side written.
        side: Color,
        /// The turn written.
        turn: u32,
    },
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
            E::TooManyCheckers { color, count, max } => too_many(f, *color, *count, *max),
            E::EmptyBoard => SetupError::EmptyBoard.fmt(f),
            E::Side(s) => write!(f, "side field '{s}' is not b or g"),
            E::Turn(s) => write!(
                f,
                "turn field '{s}' is not a whole number from 1 to 999999999"
            ),
            E::SideTurnMismatch { side, turn } => write!(
                f,
                "turn {turn} belongs to {}, but the side field says {}",
                Color::of_turn(*turn).name(),
                side.name()
            ),
        }
    }
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

    /// Reads the text into a board, a side and a turn number, then judges
    /// them as [`Position::try_from`] judges a [`Setup`](crate::Setup).
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
        judge(n, &cells, side, turn_n).map_err(|e| e.into_code(turn))
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
