//! The facts the evaluation is built from, gathered in one pass over the
//! board's lines.
//!
//! Every relation that matters joins two squares on one rank or file at a
//! distance a die can show, so the pass visits each such pair of squares
//! once instead of looking out from every stack in four directions.
//!
//! The parts, each using only those listed before it:
//!
//! - [`common`]: the board's limits, a colour's [`Side`] and the dice's
//!   chances.
//! - [`line`](mod@line): the pass over one line (a rank or a file): its
//!   [`LineFacts`](line::LineFacts) and the threats on its squares.
//! - [`memo`]: [`LineMemo`](memo::LineMemo), lines looked at before, by
//!   their squares.
//! - [`tally`]: each colour's stacks counted in integers, taken out and
//!   put in again square by square on large boards.
//! - [`changed`]: [`ChangedLines`], the lines through the changed squares
//!   looked at again (scratch space a search reuses).
//! - [`facts`]: [`Facts`], a board's facts kept line by line, and how a
//!   turn's changed squares update them, its tallies and its changed
//!   lines.
//!
//! Invariants: the facts after any turn equal those of a fresh look at the
//! whole board, bit for bit; a line read from the memo equals looking at
//! it again; on boards below [`facts::INCREMENTAL_FROM`] the stacks are summed in
//! floats in square order, on larger ones from integer tallies (exposure
//! rounded to 2^-[`tally::EXPOSURE_BITS`]).

mod changed;
mod common;
mod facts;
mod line;
mod memo;
mod tally;
#[cfg(test)]
mod tests;

pub(crate) use changed::ChangedLines;
pub(crate) use common::{Side, expected_prey, hit_chance, larger};
pub(crate) use facts::Facts;

/// Gathers the facts of both colours (index 0 Black, 1 Green) from a board
/// of side `n` given as signed heights.
pub(crate) fn scan(n: usize, cells: &[i16]) -> [Side; 2] {
    Facts::new(n, cells).sides(cells, &[], &mut ChangedLines::default())
}
