//! Each colour's stacks counted in exact integer tallies: the counts and
//! their arithmetic. The facts (`facts`) keep them up to date as turns
//! change the board.

use super::common::{MAX_FACES, Side};

/// One colour's stacks counted in integers, so that a turn's changes can
/// be taken out and put in again exactly (a float sum would depend on the
/// order of the additions).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Tally {
    pub(super) checkers: i32,
    pub(super) stacks: i32,
    pub(super) singles: i32,
    /// Sum of the squared heights.
    pub(super) squares: i32,
    /// [`Side::exposure`] in units of 2^-[`EXPOSURE_BITS`]: for each
    /// stack, its height times the chance it is captured, rounded to the
    /// unit.
    pub(super) exposure: i64,
    pub(super) tallest: i16,
    /// Stacks of the tallest height, by that number of distances. All zero
    /// with stacks left: the tallest stacks were taken out, and which
    /// height is now the tallest is not known.
    pub(super) tall: [i16; MAX_FACES + 1],
}

impl Tally {
    /// Counts a stack of height `h` threatened at `k` distances, where
    /// `hit` is the chance of a capture in units.
    #[inline]
    pub(super) fn add(&mut self, h: i16, k: usize, hit: i64) {
        self.checkers += i32::from(h);
        self.stacks += 1;
        self.singles += i32::from(h == 1);
        self.squares += i32::from(h) * i32::from(h);
        self.exposure += hit * i64::from(h);
        if h > self.tallest {
            self.tallest = h;
            self.tall = [0; MAX_FACES + 1];
        }
        if h == self.tallest {
            self.tall[k] += 1;
        }
    }

    /// Takes out a stack counted by [`Tally::add`].
    #[inline]
    pub(super) fn remove(&mut self, h: i16, k: usize, hit: i64) {
        self.checkers -= i32::from(h);
        self.stacks -= 1;
        self.singles -= i32::from(h == 1);
        self.squares -= i32::from(h) * i32::from(h);
        self.exposure -= hit * i64::from(h);
        if h == self.tallest {
            self.tall[k] -= 1;
        }
    }

    /// A stack counted by [`Tally::add`] at `was` distances, now threatened
    /// at `now`: the same as [`Tally::remove`] and [`Tally::add`] again,
    /// in one step (its height stays, so the tallest height does too).
    #[inline]
    pub(super) fn rethreat(
        &mut self,
        h: i16,
        was: usize,
        now: usize,
        units: &[i64; MAX_FACES + 1],
    ) {
        self.exposure += (units[now] - units[was]) * i64::from(h);
        if h == self.tallest {
            self.tall[was] -= 1;
            self.tall[now] += 1;
        }
    }

    /// Whether the tallest stacks are known (see [`Tally::tall`]).
    pub(super) fn known(&self) -> bool {
        self.stacks == 0 || self.tall.iter().any(|&c| c > 0)
    }

    /// The facts of the stacks, with `hit[k]` the chance that two dice
    /// show one of `k` given distances (moves, acts and prey come from the
    /// lines: left empty here).
    pub(super) fn side(&self, hit: &[f32; MAX_FACES + 1]) -> Side {
        let top = self.tall.iter().rposition(|&c| c > 0);
        Side {
            checkers: self.checkers as f32,
            stacks: self.stacks as f32,
            tallest: if self.stacks == 0 { 0 } else { self.tallest },
            exposure: (self.exposure as f64 / f64::from(1 << EXPOSURE_BITS)) as f32,
            singles: self.singles as f32,
            squares: self.squares as f32,
            top_exposure: top.map_or(0.0, |k| hit[k]),
            ..Side::default()
        }
    }
}

/// The precision of [`Tally::exposure`], in bits after the point.
pub(super) const EXPOSURE_BITS: u32 = 24;

/// The board facts were built from and its stacks' tallies, by colour
/// (index 0 Black, 1 Green).
#[derive(Debug, Clone)]
pub(super) struct TalliedBoard {
    /// Signed heights.
    pub(super) cells: Vec<i16>,
    pub(super) tally: [Tally; 2],
}
