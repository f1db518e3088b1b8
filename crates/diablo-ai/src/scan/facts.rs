//! A board's facts, kept line by line and updated after a turn.

use super::changed::{ChangedLines, UNCHANGED};
use super::common::{MAX_FACES, ROW, Side, distances, hit_chance};
use super::line::{LineFacts, LineKey, pack, scan_line};
use super::memo::{LineMemo, Memo};
use super::tally::{EXPOSURE_BITS, TalliedBoard, Tally};

/// The stack tallies are updated square by square only on boards of this
/// side and up, and only while the lines looked at again, times
/// [`INCREMENTAL`], are at most the board's side. Smaller boards sum every
/// stack in floats: the tallies round exposure to 2^-[`EXPOSURE_BITS`],
/// which moves near-tied choices, so changing this value changes the
/// choices on the boards between the old and the new value (the exact 4x4
/// yardstick and the 6x6 and 8x8 matches measure the float pass).
pub(super) const INCREMENTAL_FROM: usize = 10;
const INCREMENTAL: usize = 3;

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
    /// The same in units of [`Tally::exposure`].
    pub(super) units: [i64; MAX_FACES + 1],
    /// A board net's first-layer sums of this board, seen from the side
    /// that moves after it (set by the search when it has a board net).
    pub(crate) board_sums: Option<crate::board_net::BoardSums>,
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
            board_sums: None,
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
        // A board net's sums are stale now: the search sets them again
        // when it needs them (so they are not copied).
        let mut facts = Facts {
            n: self.n,
            faces: self.faces,
            lines: self.lines.clone(),
            threat_rank: self.threat_rank.clone(),
            threat_file: self.threat_file.clone(),
            tallied: self.tallied.clone(),
            hit: self.hit,
            units: self.units,
            board_sums: None,
        };
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

// The stack tallies of boards from [`INCREMENTAL_FROM`], kept with the
// facts they are part of; `tally` holds only the counting.
impl Facts {
    /// The tallies of `cells`, which equal the board these facts were built
    /// from except on the squares that `changed_lines` was made for: only the
    /// squares of its lines can differ (in stack or in threats), so only
    /// they are taken out and put in again.
    ///
    /// On a small board, or with lines covering much of it, every stack is
    /// counted instead (quicker than taking out and putting in); also when
    /// [`Facts::tallies_by_difference`] cannot tell.
    #[inline(always)]
    pub(super) fn tallies_now(&self, cells: &[i16], changed_lines: &ChangedLines) -> [Tally; 2] {
        let n = self.n;
        self.tallied
            .as_ref()
            .filter(|_| changed_lines.count * INCREMENTAL <= n)
            .and_then(|tallied| self.tallies_by_difference(tallied, cells, changed_lines))
            .unwrap_or_else(|| self.tally_all(cells, changed_lines))
    }

    /// Calls `visit(v, k)` for every stack of `cells` in square order, with
    /// `v` its signed height and `k` the number of distances at which it is
    /// threatened. `cells` equals the board these facts were built from
    /// except on the squares that `changed_lines` was made for. The threats are
    /// found a rank at a time (a closure asked square by square was a call
    /// per stack in wasm).
    #[inline(always)]
    pub(super) fn each_stack(
        &self,
        cells: &[i16],
        changed_lines: &ChangedLines,
        mut visit: impl FnMut(i16, usize),
    ) {
        let n = self.n;
        let mut threat = [0u16; ROW];
        for (rank, row) in cells[..n * n].chunks_exact(n).enumerate() {
            changed_lines.rank_threats(self, rank, &mut threat[..n]);
            for (&v, &t) in row.iter().zip(&threat[..n]) {
                if v != 0 {
                    visit(v, distances(t));
                }
            }
        }
    }

    /// The tallies of every stack of `cells` (see [`Facts::each_stack`]).
    #[inline(always)]
    pub(super) fn tally_all(&self, cells: &[i16], changed_lines: &ChangedLines) -> [Tally; 2] {
        let mut tally = [Tally::default(); 2];
        self.each_stack(cells, changed_lines, |v, k| {
            tally[usize::from(v < 0)].add(v.abs(), k, self.units[k]);
        });
        tally
    }

    /// [`Facts::tallies_now`] by taking out and putting in the squares of the
    /// changed lines, starting from `tallied` (these facts' own); `None` when a
    /// side's tallest stacks are all gone, since which height is then its
    /// tallest takes a look at every stack.
    #[inline(always)]
    pub(super) fn tallies_by_difference(
        &self,
        tallied: &TalliedBoard,
        cells: &[i16],
        changed_lines: &ChangedLines,
    ) -> Option<[Tally; 2]> {
        let n = self.n;
        // Copied a colour at a time: the whole array (112 bytes) was a
        // `memory.copy` in wasm, a call out of V8's code on every look.
        let mut tally = [tallied.tally[0], tallied.tally[1]];
        // Every stack is taken out before any is put in, so that the
        // tallest stacks are known to be gone only when they are: by line
        // looked at again (at most eight, each once), the squares whose
        // stacks are put in afterwards.
        let mut added = [0u32; 8];
        // The ranks and files looked at again, as bits.
        let (mut ranks, mut files) = (0u32, 0u32);
        for &line in &changed_lines.lines[..changed_lines.count] {
            if line < n {
                ranks |= 1 << line;
            } else {
                files |= 1 << (line - n);
            }
        }
        for ((&line, (_, row)), add) in changed_lines
            .lines
            .iter()
            .zip(&changed_lines.rows)
            .zip(&mut added)
            .take(changed_lines.count)
        {
            // The squares where something may have changed: the line's
            // own threats, and on a rank the squares of the files looked
            // at again (the changed squares among them). A file's squares
            // on those ranks are seen with the ranks.
            let mut look = 0u32;
            if line < n {
                let before = &self.threat_rank[line * n..line * n + n];
                for (x, (a, b)) in before.iter().zip(row).enumerate() {
                    look |= u32::from(a != b) << x;
                }
                look |= files;
            } else {
                let file = line - n;
                for (x, b) in row[..n].iter().enumerate() {
                    look |= u32::from(self.threat_file[x * n + file] != *b) << x;
                }
                look &= !ranks;
            }
            while look != 0 {
                let x = look.trailing_zeros() as usize;
                look &= look - 1;
                let (rank, file) = self.rank_file(line, x);
                let sq = rank * n + file;
                let (old, new) = (tallied.cells[sq], cells[sq]);
                if old == 0 && new == 0 {
                    continue;
                }
                // Threats counted only where they changed.
                let (was, now) = (
                    self.threat_bits(sq),
                    changed_lines.threat_bits(self, rank, file),
                );
                if old == new && was == now {
                    continue;
                }
                if old == new {
                    // The same stack, threatened anew: only what depends
                    // on the distances changes (most squares of a line
                    // looked at again are such).
                    let (was, now) = (distances(was), distances(now));
                    if was != now {
                        tally[usize::from(old < 0)].rethreat(old.abs(), was, now, &self.units);
                    }
                    continue;
                }
                if old != 0 {
                    let was = distances(was);
                    tally[usize::from(old < 0)].remove(old.abs(), was, self.units[was]);
                }
                if new != 0 {
                    *add |= 1 << x;
                }
            }
        }
        for (&line, &add) in changed_lines
            .lines
            .iter()
            .zip(&added)
            .take(changed_lines.count)
        {
            let mut add = add;
            while add != 0 {
                let x = add.trailing_zeros() as usize;
                add &= add - 1;
                let (rank, file) = self.rank_file(line, x);
                let v = cells[rank * n + file];
                let k = distances(changed_lines.threat_bits(self, rank, file));
                tally[usize::from(v < 0)].add(v.abs(), k, self.units[k]);
            }
        }
        for t in &mut tally {
            if t.stacks == 0 {
                // No stacks: nothing to remember, not even a height.
                *t = Tally::default();
            }
        }
        tally.iter().all(Tally::known).then_some(tally)
    }
}

// The changed lines are looked at through the facts (their squares,
// threats and memo), so that part of them is kept here, with the facts;
// `changed` holds only the scratch space.
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
