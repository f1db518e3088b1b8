//! A net that sees the board: per square, the mover's and the waiter's
//! stack heights as truncated unary units, beside the evaluation's
//! features and the edition. It adds a correction to the weighted sum's
//! log-odds (docs/ai.md, the board net), so a net whose output weights are
//! zero plays exactly as the weights alone.
//!
//! The board part of the first layer is quantised (`i16` weights summed in
//! `i32`), so it can be kept per parent position and updated for the
//! squares a turn changed, bit for bit equal to summing it afresh
//! ([`BoardSums`]). The rest is `f32` in a fixed order, the same natively
//! and in wasm.

use diablo_core::{Color, Position};

/// Units per square: for the mover's stack, then the waiter's, height
/// h ≥ 1, h ≥ 2, h ≥ 3 and min(h − 3, 8) / 4.
pub const SQUARE_UNITS: usize = 8;

/// The most hidden units a board net may have.
pub const MAX_HIDDEN: usize = 256;

/// The board part of a net's first layer.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardLayer {
    /// The board size it was trained for; other sizes get no correction.
    pub size: u8,
    /// A weight is `w / scale`.
    pub scale: f32,
    /// `size² × SQUARE_UNITS` rows of `hidden` weights: square by square
    /// (rank-major, as [`Position::cells`]), the units in the order of
    /// [`SQUARE_UNITS`].
    pub w: Vec<i16>,
}

/// The board sums of a position's first layer, seen from one side (the
/// side that will move in the positions they are updated to), with the
/// board they were summed from.
#[derive(Debug, Clone)]
pub struct BoardSums {
    /// Per hidden unit, in quarters of a weight unit.
    pub sums: Vec<i32>,
    /// The board summed.
    pub cells: Vec<i16>,
    /// Whose units are "mine".
    pub mover: Color,
}

impl BoardLayer {
    /// Adds (`sign` 1) or removes (−1) one square's stack to `sums`, seen
    /// from `mover`.
    #[inline]
    fn add_cell(&self, sums: &mut [i32], sq: usize, cell: i16, mover: Color, sign: i32) {
        if cell == 0 {
            return;
        }
        let hidden = sums.len();
        let black = cell > 0;
        let mine = black == (mover == Color::Black);
        let h = i32::from(cell.unsigned_abs());
        let base = (sq * SQUARE_UNITS + usize::from(!mine) * 4) * hidden;
        let row = |k: usize| &self.w[base + k * hidden..base + (k + 1) * hidden];
        let steps = [
            (0, 4),
            (1, 4 * i32::from(h >= 2)),
            (2, 4 * i32::from(h >= 3)),
        ];
        for (k, times) in steps {
            if times == 0 {
                continue;
            }
            for (s, &w) in sums.iter_mut().zip(row(k)) {
                *s += sign * times * i32::from(w);
            }
        }
        let tall = (h - 3).clamp(0, 8);
        if tall > 0 {
            for (s, &w) in sums.iter_mut().zip(row(3)) {
                *s += sign * tall * i32::from(w);
            }
        }
    }

    /// The sums of a whole board seen from `mover` (`hidden` of them).
    #[must_use]
    pub fn sums(&self, cells: &[i16], mover: Color, hidden: usize) -> BoardSums {
        let mut sums = vec![0; hidden];
        let squares = usize::from(self.size) * usize::from(self.size);
        for (sq, &c) in cells.iter().enumerate().take(squares) {
            self.add_cell(&mut sums, sq, c, mover, 1);
        }
        BoardSums {
            sums,
            cells: cells[..squares.min(cells.len())].to_vec(),
            mover,
        }
    }

    /// `from`'s sums updated to `cells`, which differ from `from.cells`
    /// only on the squares in `changed`, into `out`.
    pub fn update_into(&self, from: &BoardSums, cells: &[i16], changed: &[usize], out: &mut [i32]) {
        out.copy_from_slice(&from.sums);
        for &sq in changed {
            let (Some(&old), Some(&new)) = (from.cells.get(sq), cells.get(sq)) else {
                continue;
            };
            if old != new {
                self.add_cell(out, sq, old, from.mover, -1);
                self.add_cell(out, sq, new, from.mover, 1);
            }
        }
    }

    /// `from` updated to `cells` as [`BoardLayer::update_into`], kept.
    #[must_use]
    pub fn updated(&self, from: &BoardSums, cells: &[i16], changed: &[usize]) -> BoardSums {
        let mut sums = vec![0; from.sums.len()];
        self.update_into(from, cells, changed, &mut sums);
        let mut kept = from.cells.clone();
        for &sq in changed {
            if let (Some(k), Some(&c)) = (kept.get_mut(sq), cells.get(sq)) {
                *k = c;
            }
        }
        BoardSums {
            sums,
            cells: kept,
            mover: from.mover,
        }
    }

    /// Whether this layer can read `pos`.
    #[must_use]
    pub fn fits(&self, pos: &Position) -> bool {
        pos.size() == self.size
    }
}

/// Clipped rectifier: the hidden units' activation.
#[inline]
#[must_use]
pub fn clipped(a: f32) -> f32 {
    a.clamp(0.0, 1.0)
}
