//! Lines looked at before, kept by their squares.

use super::common::ROW;
use super::line::{LineFacts, LineKey};

/// The slots of a [`LineMemo`], as a power of two (2^14 slots of three
/// cache lines: 3 MB; the sizes tried are in docs/results/ai.md). Any size
/// gives the same facts; only speed depends on it.
const MEMO_BITS: u32 = 14;

/// A line's facts and threats, kept with the squares they were found for:
/// three cache lines.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Memo {
    /// The line's signed heights and the board's side (all 0: an empty
    /// slot).
    pub(super) key: LineKey,
    pub(super) facts: LineFacts,
    pub(super) threat: [u16; ROW],
}

/// Lines looked at before, by their squares: a search looks again and
/// again at the same few changes to the same lines (a turn's second action
/// after each of many first actions elsewhere on the board), and a line's
/// facts depend only on its squares. One memo slot per hash of the
/// squares, overwritten on a miss; a slot is used only when its squares
/// are the line's own, so what it returns is exact.
#[derive(Debug, Clone)]
pub(crate) struct LineMemo {
    /// Empty until first used (so that scratch made for one look costs no
    /// allocation), then `1 << bits` of them.
    pub(super) slots: Vec<Memo>,
    pub(super) bits: u32,
}

impl Default for LineMemo {
    /// [`MEMO_BITS`] of slots, allocated when first used.
    fn default() -> LineMemo {
        LineMemo {
            slots: Vec::new(),
            bits: MEMO_BITS,
        }
    }
}

impl LineMemo {
    /// The slot for a line of side `n` with these squares.
    #[inline(always)]
    pub(super) fn slot(&mut self, n: usize, key: &LineKey) -> &mut Memo {
        if self.slots.is_empty() {
            self.slots = vec![Memo::default(); 1 << self.bits];
        }
        let mut h = n as u64;
        for &w in &key[..n.div_ceil(4)] {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        // The hash's top bits: the slots are a power of two, so a mask (a
        // remainder by the length is a division in V8's code).
        let mask = self.slots.len() - 1;
        &mut self.slots[(h >> (64 - self.bits)) as usize & mask]
    }
}
