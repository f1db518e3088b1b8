//! The lines through the squares a turn changed, looked at again.

use super::facts::UNCHANGED;
use super::{Facts, LineFacts, LineMemo, MAX_N, ROW};

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

impl ChangedLines {
    /// Looks again at the lines of `cells` through the squares in
    /// `changed` (at most four), each line once: a move's two squares share
    /// a line, a removal touches both lines of its square.
    #[inline(always)]
    pub(super) fn look(&mut self, facts: &Facts, cells: &[i16], changed: &[usize]) {
        let n = facts.n;
        for &line in &self.lines[..self.count] {
            self.row_of[line] = UNCHANGED;
        }
        self.count = 0;
        for &sq in changed {
            for line in [sq / n, n + sq % n] {
                if self.row_of[line] == UNCHANGED {
                    let k = self.count;
                    let (row, threat) = &mut self.rows[k];
                    facts.line(cells, line, Some(&mut self.memo), row, threat);
                    self.row_of[line] = k as u8;
                    self.lines[k] = line;
                    self.count += 1;
                }
            }
        }
    }

    /// The threat bits of a square on the new board (see
    /// [`Facts::threat_bits`]).
    #[inline(always)]
    pub(super) fn threat_bits(&self, facts: &Facts, rank: usize, file: usize) -> u16 {
        let n = facts.n;
        let sq = rank * n + file;
        let from_rank = match self.row_of[rank] {
            UNCHANGED => facts.threat_rank[sq],
            k => self.rows[usize::from(k)].1[file],
        };
        let from_file = match self.row_of[n + file] {
            UNCHANGED => facts.threat_file[sq],
            k => self.rows[usize::from(k)].1[rank],
        };
        from_rank | from_file
    }

    /// The threat bits of a rank's squares on the new board, from the rank
    /// and the files together (by file, into `out`): [`ChangedLines::threat_bits`]
    /// for a whole rank, with each line's source looked up once.
    #[inline(always)]
    pub(super) fn rank_threats(&self, facts: &Facts, rank: usize, out: &mut [u16]) {
        let n = facts.n;
        let at = rank * n..rank * n + n;
        let from_rank = match self.row_of[rank] {
            UNCHANGED => &facts.threat_rank[at.clone()],
            k => &self.rows[usize::from(k)].1[..n],
        };
        for ((o, &r), &f) in out.iter_mut().zip(from_rank).zip(&facts.threat_file[at]) {
            *o = r | f;
        }
        // The files looked at again (a rank's own entry is in the rows).
        for (&line, (_, threat)) in self.lines.iter().zip(&self.rows).take(self.count) {
            if line >= n {
                let file = line - n;
                out[file] = from_rank[file] | threat[rank];
            }
        }
    }
}
