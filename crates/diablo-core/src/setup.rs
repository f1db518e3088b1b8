//! Set-ups: positions that may be illegal, as a board editor holds them
//! (after shakmaty's `Setup`/`Position` split). [`Position::try_from`] is
//! the one check of a board: the position-code parser reads its text into
//! a set-up and asks the same question of it.

use crate::color::Color;
use crate::position::{MAX_TURN, Position, SizeError, Stack, check_size};
use crate::square::Square;
use std::fmt;

/// A position that may be illegal: a board of any side, any heights, any
/// side to move and turn number. [`Position::try_from`] checks it; a
/// [`Position`] gives its own with [`Position::to_setup`].
///
/// ```
/// use diablo_core::{Color, Position, Setup, SetupError};
///
/// // A Black stack of 2 on b1 and a Green checker on b2 (rank 1 first).
/// let mut cells = vec![0; 16];
/// cells[1] = 2;
/// cells[5] = -1;
/// let setup = Setup { size: 4, cells, side: Color::Black, turn: 9 };
/// let pos = Position::try_from(setup.clone()).unwrap();
/// assert_eq!(pos.to_string(), "..../..../.g../.b2.. b 9");
/// assert_eq!(pos.to_setup(), setup);
///
/// let green = Setup { side: Color::Green, ..setup };
/// assert_eq!(
///     Position::try_from(green),
///     Err(SetupError::SideTurnMismatch { side: Color::Green, turn: 9 })
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board side N (a position's is even, from 2 to 26).
    pub size: u32,
    /// Signed heights by square index, rank * N + file: `a1`, `b1`, ...,
    /// then rank 2, and so on (as [`Square::index`]). Black positive, Green
    /// negative, 0 for an empty square. A position's has N * N of them.
    pub cells: Vec<i32>,
    /// The player to move.
    pub side: Color,
    /// The number of the turn about to be played (a position's is from 1
    /// to [`MAX_TURN`], odd for Black).
    pub turn: u32,
}

/// Why a [`Setup`] is not a position. Each reason a position code can be
/// refused for beyond its text is one of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The board side is odd or outside 2..=26.
    Size(SizeError),
    /// The cells do not fill the board.
    Cells {
        /// How many cells the set-up has.
        found: usize,
        /// How many squares the board has (N * N).
        expected: usize,
    },
    /// A colour has more than N*N/2 checkers. The board is counted as a
    /// position code lists it (rank N first, `a` first within a rank); the
    /// count passes the limit at `square`.
    TooManyCheckers {
        /// The colour.
        color: Color,
        /// Its checkers counted up to `square`.
        count: u32,
        /// The most allowed.
        max: u32,
        /// Where the count passed `max`.
        square: Square,
    },
    /// Neither colour has a checker: no game can reach this.
    EmptyBoard,
    /// The turn number is 0 or above [`MAX_TURN`].
    Turn(u32),
    /// The side to move is not the one the turn belongs to (odd turns are
    /// Black's).
    SideTurnMismatch {
        /// The side to move.
        side: Color,
        /// The turn number.
        turn: u32,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SetupError as E;
        match self {
            E::Size(e) => e.fmt(f),
            E::Cells { found, expected } => write!(
                f,
                "the set-up has {found} cell(s); the board has {expected} squares"
            ),
            E::TooManyCheckers {
                color,
                count,
                max,
                square,
            } => {
                too_many(f, *color, *count, *max)?;
                write!(f, " (counted up to {square})")
            }
            E::EmptyBoard => f.write_str("the board has no checkers at all"),
            E::Turn(t) => write!(f, "turn {t} is not from 1 to 999999999"),
            E::SideTurnMismatch { side, turn } => write!(
                f,
                "turn {turn} belongs to {}, but the side to move is {}",
                side.other().name(),
                side.name()
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// Too many checkers, in the words a set-up and a position code share (a
/// set-up's message adds the square).
pub(crate) fn too_many(
    f: &mut fmt::Formatter<'_>,
    color: Color,
    count: u32,
    max: u32,
) -> fmt::Result {
    write!(
        f,
        "{} has at least {count} checkers; at most {max} fit this board",
        color.name()
    )
}

impl From<SizeError> for SetupError {
    fn from(e: SizeError) -> Self {
        SetupError::Size(e)
    }
}

/// The position on a board of side `n` (checked by [`check_size`]) with
/// the signed heights `cells` (N * N of them, rank 1 first), or why it is
/// none.
fn judge(n: u8, cells: &[i32], side: Color, turn: u32) -> Result<Position, SetupError> {
    let nn = usize::from(n).max(1);
    let max = u32::from(n) * u32::from(n) / 2;
    let mut totals = [0u32; 2];
    let mut board = vec![0i16; cells.len()];
    // Counted in a code's order (rank N first), so a set-up and its code
    // name the same count.
    for (rank, row) in cells.chunks_exact(nn).enumerate().rev() {
        for (file, &v) in row.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let color = if v > 0 { Color::Black } else { Color::Green };
            let total = &mut totals[color.index()];
            // At most max <= 338 so far, so this cannot overflow.
            *total += v.unsigned_abs();
            let i = rank * nn + file;
            if *total > max {
                return Err(SetupError::TooManyCheckers {
                    color,
                    count: *total,
                    max,
                    square: Square::from_index(i, n),
                });
            }
            // |v| <= max <= 338 here, so it fits.
            board[i] = v as i16;
        }
    }
    if !(1..=MAX_TURN).contains(&turn) {
        return Err(SetupError::Turn(turn));
    }
    if Color::of_turn(turn) != side {
        return Err(SetupError::SideTurnMismatch { side, turn });
    }
    if totals == [0, 0] {
        return Err(SetupError::EmptyBoard);
    }
    Ok(Position::from_parts(n, board, side, turn))
}

/// Checks a set-up: the position it describes, judged as its position code
/// would be, so `Position::try_from(setup)` and parsing the code written
/// from the set-up accept the same boards and give the same position.
impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// # Errors
    /// [`SetupError::Size`] for a side that is odd or outside 2..=26,
    /// [`SetupError::Cells`] unless there are N * N cells, then
    /// [`SetupError::TooManyCheckers`], [`SetupError::Turn`],
    /// [`SetupError::SideTurnMismatch`] and [`SetupError::EmptyBoard`], in
    /// that order.
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let n = check_size(setup.size)?;
        let expected = usize::from(n) * usize::from(n);
        if setup.cells.len() != expected {
            return Err(SetupError::Cells {
                found: setup.cells.len(),
                expected,
            });
        }
        judge(n, &setup.cells, setup.side, setup.turn)
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            size: u32::from(pos.size),
            cells: pos.cells.iter().map(|&v| i32::from(v)).collect(),
            side: pos.side,
            turn: pos.turn,
        }
    }
}

impl Position {
    /// The position as a [`Setup`], which [`Position::try_from`] turns back
    /// into this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup::from(self)
    }
}

impl Setup {
    /// The stack on a square (`None` when it is empty, off the board, or
    /// holds a height no stack has).
    #[must_use]
    pub fn stack(&self, sq: Square) -> Option<Stack> {
        let n = u8::try_from(self.size).ok()?;
        let v = i16::try_from(*self.cells.get(sq.index(n)?)?).ok()?;
        Stack::from_cell(v)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{Edition, Roll};
    use proptest::prelude::*;

    fn setup(size: u32, cells: Vec<i32>, side: Color, turn: u32) -> Setup {
        Setup {
            size,
            cells,
            side,
            turn,
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn cells_are_by_square_index_rank_one_first() {
        let mut cells = vec![0; 16];
        cells[1] = 2; // b1
        cells[5] = -1; // b2
        cells[15] = -3; // d4
        let pos = Position::try_from(setup(4, cells, Color::Black, 9)).unwrap();
        assert_eq!(pos.to_string(), "...g3/..../.g../.b2.. b 9");
        assert_eq!(pos.stack(sq("b1")).unwrap().height, 2);
        assert_eq!(pos.stack(sq("d4")).unwrap().color, Color::Green);
        let back = pos.to_setup();
        assert_eq!(back.stack(sq("b1")), pos.stack(sq("b1")));
        assert_eq!(back.stack(sq("e1")), None);
        assert_eq!(Setup::from(&pos), back);
    }

    #[test]
    fn the_start_and_its_setup_round_trip_on_every_size() {
        for size in (2..=26).step_by(2) {
            let start = Position::start(size).unwrap();
            let s = start.to_setup();
            assert_eq!(s.size, size);
            assert_eq!(s.cells.len(), (size * size) as usize);
            assert_eq!(s.cells[0], 1, "Black holds a1");
            assert_eq!(Position::try_from(s), Ok(start));
        }
    }

    #[test]
    fn a_bad_size_is_refused_before_anything_else() {
        for size in [0, 1, 3, 7, 25, 27, 28, 100, u32::MAX] {
            assert_eq!(
                Position::try_from(setup(size, Vec::new(), Color::Green, 0)),
                Err(SetupError::Size(SizeError(size))),
                "{size}"
            );
        }
    }

    #[test]
    fn cells_that_do_not_fill_the_board_are_refused() {
        for found in [0, 3, 15, 17, 1000] {
            let e = Position::try_from(setup(4, vec![1; found], Color::Black, 1)).unwrap_err();
            assert_eq!(
                e,
                SetupError::Cells {
                    found,
                    expected: 16
                }
            );
            assert!(e.to_string().contains(&format!("{found} cell")), "{e}");
        }
    }

    #[test]
    fn too_many_checkers_names_the_square_where_the_count_passes() {
        // 4x4: at most 8 checkers a colour. Counted from rank 4 down.
        let mut cells = vec![0; 16];
        cells[0] = 5; // a1
        cells[12] = 4; // a4
        let e = Position::try_from(setup(4, cells, Color::Black, 1)).unwrap_err();
        assert_eq!(
            e,
            SetupError::TooManyCheckers {
                color: Color::Black,
                count: 9,
                max: 8,
                square: sq("a1"),
            }
        );
        assert!(e.to_string().contains("a1"), "{e}");
        // Heights no stack can have are too many checkers too, never a
        // panic, for either colour.
        for v in [i32::MAX, i32::MIN, 70_000, -40_000, 339, -9] {
            let mut cells = vec![0; 16];
            cells[7] = v;
            let e = Position::try_from(setup(4, cells, Color::Black, 1)).unwrap_err();
            assert!(
                matches!(e, SetupError::TooManyCheckers { count, max: 8, square, .. }
                    if count == v.unsigned_abs() && square == sq("d2")),
                "{v}: {e:?}"
            );
        }
        // Exactly N*N/2 is fine.
        let mut cells = vec![0; 16];
        cells[0] = 8;
        cells[1] = -8;
        assert!(Position::try_from(setup(4, cells, Color::Black, 1)).is_ok());
    }

    #[test]
    fn turn_side_and_an_empty_board_are_refused() {
        let mut cells = vec![0; 4];
        cells[0] = 1;
        cells[3] = -1;
        for turn in [0, MAX_TURN + 1, u32::MAX] {
            assert_eq!(
                Position::try_from(setup(2, cells.clone(), Color::Black, turn)),
                Err(SetupError::Turn(turn))
            );
        }
        assert!(Position::try_from(setup(2, cells.clone(), Color::Black, MAX_TURN)).is_ok());
        assert_eq!(
            Position::try_from(setup(2, cells.clone(), Color::Green, 1)),
            Err(SetupError::SideTurnMismatch {
                side: Color::Green,
                turn: 1
            })
        );
        let e = Position::try_from(setup(2, cells, Color::Black, 4)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "turn 4 belongs to Green, but the side to move is Black"
        );
        assert_eq!(
            Position::try_from(setup(2, vec![0; 4], Color::Black, 1)),
            Err(SetupError::EmptyBoard)
        );
        // One colour alone is a finished game, which is a position.
        let won = Position::try_from(setup(2, vec![0, 0, 0, -2], Color::Black, 3)).unwrap();
        assert!(won.is_finished());
    }

    #[test]
    fn turn_refusals_name_the_last_turn() {
        // Written out in the messages rather than formatted from MAX_TURN.
        let last = MAX_TURN.to_string();
        assert!(SetupError::Turn(0).to_string().ends_with(&last));
    }

    #[test]
    fn every_refusal_says_something() {
        let refusals = [
            SetupError::Size(SizeError(3)),
            SetupError::Cells {
                found: 1,
                expected: 4,
            },
            SetupError::TooManyCheckers {
                color: Color::Green,
                count: 3,
                max: 2,
                square: sq("b2"),
            },
            SetupError::EmptyBoard,
            SetupError::Turn(0),
            SetupError::SideTurnMismatch {
                side: Color::Green,
                turn: 1,
            },
        ];
        for e in refusals {
            assert!(!e.to_string().is_empty(), "{e:?}");
        }
    }

    /// A board of side `n` within the checker limits and with both
    /// colours, as signed heights.
    fn legal_cells(n: u32) -> impl Strategy<Value = Vec<i32>> {
        let nn = (n * n) as usize;
        prop::collection::vec(
            prop_oneof![4 => Just(0), 3 => 1..=3i32, 3 => -3..=-1i32],
            nn,
        )
        .prop_map(move |mut cells| {
            let max = n * n / 2;
            for sign in [1, -1] {
                let mut total = 0;
                for v in cells.iter_mut().filter(|v| v.signum() == sign) {
                    let h = v.unsigned_abs().min(max - total);
                    total += h;
                    *v = sign * h as i32;
                }
            }
            cells
        })
    }

    fn legal_setup() -> impl Strategy<Value = Setup> {
        (1..=8u32)
            .prop_flat_map(|half| (Just(2 * half), legal_cells(2 * half), 1..=MAX_TURN))
            .prop_filter("a checker on the board", |(_, cells, _)| {
                cells.iter().any(|&v| v != 0)
            })
            .prop_map(|(size, cells, turn)| setup(size, cells, Color::of_turn(turn), turn))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Legal set-ups become positions that give them back, whose code
        /// parses to the same position.
        #[test]
        fn legal_setups_round_trip(s in legal_setup()) {
            let pos = Position::try_from(s.clone()).unwrap();
            prop_assert_eq!(pos.to_setup(), s);
            let code = pos.to_string();
            prop_assert_eq!(code.parse::<Position>(), Ok(pos.clone()));
            prop_assert_eq!(Position::try_from(pos.to_setup()), Ok(pos));
        }

        /// Positions reached in play come back from their set-ups.
        #[test]
        fn played_positions_round_trip(half in 1..=4u32, seed in any::<u64>()) {
            let mut pos = Position::start(2 * half).unwrap();
            let mut state = seed | 1;
            for _ in 0..12 {
                if pos.is_finished() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let faces = pos.die_faces();
                let a = (state % u64::from(faces)) as u8 + 1;
                let b = ((state >> 8) % u64::from(faces)) as u8 + 1;
                let roll = Roll::new(a, b).unwrap();
                let turns = pos.legal_turns(Edition::Standard, roll).unwrap();
                let turn = &turns[(state >> 16) as usize % turns.len()];
                pos = pos.play(Edition::Standard, roll, turn).unwrap();
                prop_assert_eq!(Position::try_from(pos.to_setup()), Ok(pos.clone()));
            }
        }

        /// Any set-up at all: an answer, never a panic.
        #[test]
        fn any_setup_gets_an_answer(
            size in prop_oneof![0..=30u32, any::<u32>()],
            extra in -1..=1i64,
            heights in prop::collection::vec(
                prop_oneof![6 => Just(0), 3 => -4..=4i32, 1 => any::<i32>()], 0..=40),
            green in any::<bool>(),
            turn in prop_oneof![0..=20u32, any::<u32>()],
        ) {
            let side = if green { Color::Green } else { Color::Black };
            let nn = if size <= 26 { i64::from(size * size) } else { 0 };
            let len = usize::try_from(nn + extra).unwrap_or(0);
            let cells: Vec<i32> = heights.iter().copied().cycle().take(len).collect();
            let s = setup(size, cells, side, turn);
            match Position::try_from(s.clone()) {
                Ok(pos) => prop_assert_eq!(pos.to_setup(), s),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }

    }
}
