//! Each colour's stacks counted, in floats or in exact integer tallies.

use super::changed::ChangedLines;
use super::facts::INCREMENTAL;
use super::{Facts, MAX_FACES, ROW, Side, distances};

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
    fn add(&mut self, h: i16, k: usize, hit: i64) {
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
    fn remove(&mut self, h: i16, k: usize, hit: i64) {
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
    fn rethreat(&mut self, h: i16, was: usize, now: usize, units: &[i64; MAX_FACES + 1]) {
        self.exposure += (units[now] - units[was]) * i64::from(h);
        if h == self.tallest {
            self.tall[was] -= 1;
            self.tall[now] += 1;
        }
    }

    /// Whether the tallest stacks are known (see [`Tally::tall`]).
    fn known(&self) -> bool {
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
