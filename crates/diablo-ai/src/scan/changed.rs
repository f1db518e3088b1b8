//! The lines through the squares a turn changed, looked at again.

use super::common::{MAX_N, ROW};
use super::line::LineFacts;
use super::memo::LineMemo;

/// A line not looked at again.
pub(super) const UNCHANGED: u8 = u8::MAX;

/// The lines through the squares a turn changed, looked at again: scratch
/// space kept by the caller and reused, since building it afresh for every
/// position evaluated (a kilobyte) cost a copy each time in wasm. It also
/// keeps the memo of lines looked at before (3 MB once used, so a search
/// keeps one `ChangedLines` for all its positions).
#[derive(Debug, Clone)]
pub(crate) struct ChangedLines {
    /// By line: its index in `rows`, or [`UNCHANGED`] if not looked at again.
    pub(super) row_of: [u8; 2 * MAX_N],
    /// The lines looked at again, in order (`count` of them).
    pub(super) lines: [usize; 8],
    /// Their facts and threats by square.
    pub(super) rows: [(LineFacts, [u16; ROW]); 8],
    pub(super) count: usize,
    /// The lines looked at before.
    pub(super) memo: LineMemo,
}

impl Default for ChangedLines {
    /// No line looked at again.
    fn default() -> ChangedLines {
        ChangedLines {
            row_of: [UNCHANGED; 2 * MAX_N],
            lines: [0; 8],
            rows: [(LineFacts::default(), [0; ROW]); 8],
            count: 0,
            memo: LineMemo::default(),
        }
    }
}
