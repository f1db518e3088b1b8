//! A board's facts, kept line by line and updated after a turn.

use super::changed::ChangedLines;
use super::line::{LineFacts, scan_line};
use super::memo::{LineKey, LineMemo, Memo, pack};
use super::tally::{EXPOSURE_BITS, TalliedBoard};
use super::{MAX_FACES, ROW, Side, hit_chance};

/// The stack tallies are updated square by square only on boards of this
/// side and up, and only while the lines looked at again, times
/// [`INCREMENTAL`], are at most the board's side. Smaller boards sum every
/// stack in floats: the tallies round exposure to 2^-[`EXPOSURE_BITS`],
/// which moves near-tied choices, so changing this value changes the
/// choices on the boards between the old and the new value (the exact 4x4
/// yardstick and the 6x6 and 8x8 matches measure the float pass).
pub(super) const INCREMENTAL_FROM: usize = 10;
pub(super) const INCREMENTAL: usize = 3;

/// A line not looked at again.
pub(super) const UNCHANGED: u8 = u8::MAX;

/// The facts of a board kept line by line, so that after a turn (which
/// changes at most four squares) only the lines through the changed squares
/// are looked at again.
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    pub(super) n: usize,
    pub(super) faces: usize,
    /// Ranks 0..n, then files n..2n.
    pub(super) lines: Vec<LineFacts>,
    /// Per square: threat bits from the pairs on its rank, then its file.
    pub(super) threat_rank: Vec<u16>,
    pub(super) threat_file: Vec<u16>,
    /// On boards where the stacks are updated square by square (from
    /// [`INCREMENTAL_FROM`]), what that needs.
    pub(super) tallied: Option<TalliedBoard>,
    /// The chance that two dice show one of k given distances, by k.
    pub(super) hit: [f32; MAX_FACES + 1],
    /// The same in units of [`Tally::exposure`](super::tally::Tally::exposure).
    pub(super) units: [i64; MAX_FACES + 1],
}

impl Facts {
    /// The facts of a whole board of side `n` (signed heights).
    pub(crate) fn new(n: usize, cells: &[i16]) -> Facts {
        Facts::build(n, cells, None)
    }

    /// [`Facts::new`], with the lines looked at through `changed_lines`'s memo
    /// (the same facts).
    pub(crate) fn new_in(n: usize, cells: &[i16], changed_lines: &mut ChangedLines) -> Facts {
        Facts::build(n, cells, Some(&mut changed_lines.memo))
    }

    fn build(n: usize, cells: &[i16], mut memo: Option<&mut LineMemo>) -> Facts {
        let faces = (n / 2).min(MAX_FACES);
        let mut hit = [0.0; MAX_FACES + 1];
        for (k, h) in hit.iter_mut().enumerate() {
            *h = hit_chance(faces as u32, k as u32);
        }
        let units = hit.map(|h| (f64::from(h) * f64::from(1 << EXPOSURE_BITS)).round() as i64);
        let mut facts = Facts {
            n,
            faces,
            lines: vec![LineFacts::default(); 2 * n],
            threat_rank: vec![0; n * n],
            threat_file: vec![0; n * n],
            tallied: None,
            hit,
            units,
        };
        for line in 0..2 * n {
            let mut row = LineFacts::default();
            let mut threat = [0u16; ROW];
            facts.line(cells, line, memo.as_deref_mut(), &mut row, &mut threat);
            facts.store_line(line, &row, &threat);
        }
        if n >= INCREMENTAL_FROM {
            let tally = facts.tally_all(cells, &ChangedLines::default());
            let cells = cells[..n * n].to_vec();
            facts.tallied = Some(TalliedBoard { cells, tally });
        }
        facts
    }

    /// The distances (bits) at which an enemy stack at least as tall
    /// stands on the rank or file of square `sq`.
    #[inline]
    pub(super) fn threat_bits(&self, sq: usize) -> u16 {
        self.threat_rank[sq] | self.threat_file[sq]
    }

    /// Keeps a line's facts and its threats by square.
    fn store_line(&mut self, line: usize, row: &LineFacts, threat: &[u16; ROW]) {
        self.lines[line] = *row;
        for (x, &t) in threat[..self.n].iter().enumerate() {
            let (sq, store) = self.square_of(line, x);
            match store {
                ThreatTable::Rank => self.threat_rank[sq] = t,
                ThreatTable::File => self.threat_file[sq] = t,
            }
        }
    }

    /// The facts of `cells`, which equal the board these facts were built
    /// from except on the squares in `changed`: only the lines through
    /// them are looked at again (`changed_lines` is scratch space for them).
    pub(crate) fn updated(
        &self,
        cells: &[i16],
        changed: &[usize],
        changed_lines: &mut ChangedLines,
    ) -> Facts {
        changed_lines.look(self, cells, changed);
        let changed_lines = &*changed_lines;
        let mut facts = self.clone();
        if let Some(tallied) = &mut facts.tallied {
            tallied.tally = self.tallies_now(cells, changed_lines);
            for &sq in changed {
                tallied.cells[sq] = cells[sq];
            }
        }
        for (&line, (row, threat)) in changed_lines
            .lines
            .iter()
            .zip(&changed_lines.rows)
            .take(changed_lines.count)
        {
            facts.store_line(line, row, threat);
        }
        facts
    }

    /// Line `line` of `cells` as a [`LineKey`], into `key` (all 0 before).
    /// Filled in place: a key returned by value was copied with 16-byte
    /// loads right after its 8-byte stores, which stalled V8's code (the
    /// stores cannot be forwarded to such loads).
    #[inline(always)]
    pub(super) fn key(&self, cells: &[i16], line: usize, key: &mut LineKey) {
        let n = self.n;
        // Four squares to a word, each word built in a register from four
        // fixed squares (a rank's four are one 8-byte load).
        if line < n {
            let rank = &cells[line * n..line * n + n];
            let mut fours = rank.chunks_exact(4);
            for (w, four) in key.iter_mut().zip(fours.by_ref()) {
                *w = pack([four[0], four[1], four[2], four[3]]);
            }
            // The last two squares (sides 2, 6, 10, ..., 26), square by
            // square: copied into a word of four, they were a copy of a
            // length known only when run (`memory.copy`, a call in V8's
            // code; `memcpy` natively).
            let rest = fours.remainder();
            if !rest.is_empty() {
                let at = |x: usize| rest.get(x).copied().unwrap_or(0);
                key[n / 4] = pack([at(0), at(1), at(2), at(3)]);
            }
        } else {
            // Squares past the side (x >= n) fall past the slice: 0.
            let file = &cells[line - n..n * n];
            let at = |x: usize| file.get(x * n).copied().unwrap_or(0);
            for (k, w) in key.iter_mut().enumerate().take(n.div_ceil(4)) {
                let x = 4 * k;
                *w = pack([at(x), at(x + 1), at(x + 2), at(x + 3)]);
            }
        }
        // The board's side in the last word, which no square reaches.
        key[ROW / 4 - 1] = n as u64;
    }

    /// Looks at line `line` of `cells` (ranks 0..n, then files): its facts
    /// into `out`, its threats by square into `threat`. With a `memo`, a
    /// line whose squares were looked at before gets the facts found then,
    /// the same bit for bit.
    ///
    /// Not inlined: one copy of the pass for every caller (the AI module's
    /// size).
    #[inline(never)]
    pub(super) fn line(
        &self,
        cells: &[i16],
        line: usize,
        memo: Option<&mut LineMemo>,
        out: &mut LineFacts,
        threat: &mut [u16; ROW],
    ) {
        let n = self.n;
        let mut key = [0u64; ROW / 4];
        self.key(cells, line, &mut key);
        let slot = memo.map(|memo| memo.slot(n, &key));
        if let Some(slot) = &slot {
            // Every word, a fixed eight (vector code, no loop): past the
            // squares both keys hold 0, and the last holds the side.
            let differ = slot.key.iter().zip(&key).fold(0, |d, (a, b)| d | (a ^ b));
            if differ == 0 {
                *out = slot.facts;
                *threat = slot.threat;
                return;
            }
        }
        scan_line(n, self.faces, &key, out, threat);
        if let Some(slot) = slot {
            *slot = Memo {
                key,
                facts: *out,
                threat: *threat,
            };
        }
    }

    /// The square index of the x-th square of a line, and which threat
    /// table the line feeds.
    fn square_of(&self, line: usize, x: usize) -> (usize, ThreatTable) {
        let (rank, file) = self.rank_file(line, x);
        let store = if line < self.n {
            ThreatTable::Rank
        } else {
            ThreatTable::File
        };
        (rank * self.n + file, store)
    }

    /// The rank and file of the x-th square of a line.
    #[inline(always)]
    pub(super) fn rank_file(&self, line: usize, x: usize) -> (usize, usize) {
        if line < self.n {
            (line, x)
        } else {
            (x, line - self.n)
        }
    }

    /// The lines' mobility bits and prey rows joined over the board (bitwise
    /// or, maxima), with the lines in `changed_lines` looked at again.
    ///
    /// Kept out of [`Facts::sides`] (`inline(never)`) because LLVM compiles
    /// `sides` better for V8 without this loop of vector maxima
    /// (docs/results/ai.md); `wasm-opt -O3` may inline it again in the
    /// built module, which does not undo that.
    #[inline(never)]
    fn mobility_and_prey(&self, changed_lines: &ChangedLines) -> (u64, [[i16; MAX_FACES + 1]; 2]) {
        let mut mobility = 0u64;
        let mut prey = [[0i16; MAX_FACES + 1]; 2];
        for (line, base) in self.lines.iter().enumerate() {
            let f = match changed_lines.row_of[line] {
                UNCHANGED => base,
                k => &changed_lines.rows[usize::from(k)].0,
            };
            mobility |= f.mobility;
            // Whole rows (distances beyond the dice stay 0): a fixed
            // length the compiler turns into vector maxima.
            for (acc, line) in prey.iter_mut().zip(&f.prey) {
                for (a, b) in acc.iter_mut().zip(line) {
                    *a = (*a).max(*b);
                }
            }
        }
        (mobility, prey)
    }

    /// The facts of both colours (index 0 Black, 1 Green) for `cells`,
    /// which equal the board these facts were built from except on the
    /// squares in `changed`. `changed_lines` is scratch space, reused from call to
    /// call.
    pub(crate) fn sides(
        &self,
        cells: &[i16],
        changed: &[usize],
        changed_lines: &mut ChangedLines,
    ) -> [Side; 2] {
        let n = self.n;
        if changed.len() > 4 {
            // More than a turn changes: start afresh.
            return Facts::new(n, cells).sides(cells, &[], changed_lines);
        }
        changed_lines.look(self, cells, changed);
        let changed_lines = &*changed_lines;
        let (mobility, prey) = self.mobility_and_prey(changed_lines);
        let mut sides = if self.tallied.is_none() {
            // A small board: every stack, counted in floats.
            let mut sides = [Side::default(); 2];
            self.each_stack(cells, changed_lines, |v, k| {
                sides[usize::from(v < 0)].add_stack(v.abs(), self.hit[k]);
            });
            sides
        } else {
            self.tallies_now(cells, changed_lines)
                .map(|t| t.side(&self.hit))
        };
        for (c, s) in sides.iter_mut().enumerate() {
            let word = (mobility >> (32 * c)) as u32;
            s.moves = word & 0xFFFF;
            s.acts = word >> 16;
            s.prey = prey[c];
        }
        sides
    }
}

/// Which per-square threat table a line feeds.
#[derive(Debug, Clone, Copy)]
enum ThreatTable {
    Rank,
    File,
}
