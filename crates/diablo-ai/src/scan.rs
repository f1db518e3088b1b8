//! The facts the evaluation is built from, gathered in one pass over the
//! board's lines.
//!
//! Every relation that matters joins two squares on one rank or file at a
//! distance a die can show, so the pass visits each such pair of squares
//! once (about a third of the work of looking out from every stack in four
//! directions).

/// Largest die face on the largest board (26 / 2).
const MAX_FACES: usize = 13;

/// Facts about one colour.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Side {
    pub checkers: f32,
    pub stacks: f32,
    pub tallest: i16,
    /// Expected checkers lost if the other side rolled now: for each stack,
    /// its height times the chance that a die shows a distance at which an
    /// enemy stack at least as tall stands on its rank or file.
    pub exposure: f32,
    /// Bit d set: some stack can move d squares.
    pub moves: u32,
    /// Bit d set: some stack can merge or capture d squares away.
    pub acts: u32,
    /// By distance d: the tallest enemy stack some stack can capture d
    /// squares away (0: none).
    pub prey: [i16; MAX_FACES + 1],
    /// Stacks of height 1.
    pub singles: f32,
    /// Sum of the squared heights.
    pub squares: f32,
    /// The chance that a tallest stack is capturable if the other side
    /// rolled now (the highest among tallest stacks).
    pub top_exposure: f32,
}

/// The chance that at least one of two fair `faces`-sided dice shows one of
/// `k` given values.
pub(crate) fn hit_chance(faces: u32, k: u32) -> f32 {
    if k >= faces {
        return 1.0;
    }
    let miss = (faces - k) as f32 / faces as f32;
    1.0 - miss * miss
}

/// The expected height of the tallest stack captured with one die of a
/// roll: the best capture of a turn, before the roll is known.
pub(crate) fn expected_prey(prey: &[i16; MAX_FACES + 1], faces: usize) -> f32 {
    let mut total = 0i32;
    for a in 1..=faces {
        for b in 1..=faces {
            total += i32::from(prey[a].max(prey[b]));
        }
    }
    total as f32 / (faces * faces) as f32
}

/// What the pairs of squares on one line (a rank or a file) say.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LineFacts {
    /// Colour c's "can move d" bits at `32c + d`, "can merge or capture d"
    /// bits at `32c + 16 + d`.
    mobility: u64,
    /// By colour and distance: the tallest enemy stack capturable.
    prey: [[i16; MAX_FACES + 1]; 2],
}

/// Largest board side.
const MAX_N: usize = 26;

/// A line not looked at again.
const CLEAN: u8 = u8::MAX;

/// The facts of a board kept line by line, so that after a turn (which
/// changes at most four squares) only the lines through the changed squares
/// are looked at again.
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    n: usize,
    faces: usize,
    /// Ranks 0..n, then files n..2n.
    lines: Vec<LineFacts>,
    /// Per square: threat bits from the pairs on its rank, then its file.
    threat_rank: Vec<u16>,
    threat_file: Vec<u16>,
    /// The chance that two dice show one of k given distances, by k, as a
    /// whole number of 1/faces² (sums stay exact in any order).
    hit: [u32; MAX_FACES + 1],
    /// The board the facts were built from.
    cells: Vec<i16>,
    /// Its facts per colour, with the sums kept exact.
    base: [Sums; 2],
    /// By mobility bit: how many lines have it.
    mobility_lines: [u16; 64],
    /// By colour and distance: the tallest prey over all lines and how many
    /// lines have it.
    prey_top: [[(i16, u16); MAX_FACES + 1]; 2],
}

/// A colour's facts from its stacks, as exact sums, with what is needed to
/// update the tallest stack's figures when some stacks change.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Sums {
    checkers: i32,
    stacks: i32,
    singles: i32,
    squares: i64,
    /// Sum of height x hit (in 1/faces²).
    exposure: i64,
    tallest: i16,
    /// Stacks as tall as `tallest`.
    tallest_count: u32,
    /// The highest hit among them, and how many of them have it.
    top_hit: u32,
    top_hit_count: u32,
}

impl Sums {
    /// Adds (`sign` 1) or takes away (-1) one stack's sums (not the tallest).
    fn add(&mut self, h: i16, hit: u32, sign: i32) {
        self.checkers += sign * i32::from(h);
        self.stacks += sign;
        self.singles += sign * i32::from(h == 1);
        self.squares += i64::from(sign) * i64::from(h) * i64::from(h);
        self.exposure += i64::from(sign) * i64::from(h) * i64::from(hit);
    }

    /// Counts one stack towards the tallest.
    fn tall(&mut self, h: i16, hit: u32) {
        if h > self.tallest {
            self.tallest = h;
            self.tallest_count = 1;
            self.top_hit = hit;
            self.top_hit_count = 1;
        } else if h == self.tallest {
            self.tallest_count += 1;
            if hit > self.top_hit {
                self.top_hit = hit;
                self.top_hit_count = 1;
            } else if hit == self.top_hit {
                self.top_hit_count += 1;
            }
        }
    }
}

/// Looks at the pairs of one line: `at(x)` is the square index of the
/// line's x-th square. Returns the line's facts and fills `threat` by x.
#[inline(always)]
fn scan_line(
    cells: &[i16],
    n: usize,
    faces: usize,
    at: impl Fn(usize) -> usize,
    threat: &mut [u16],
) -> LineFacts {
    let mut f = LineFacts::default();
    threat[..n].fill(0);
    for x in 0..n {
        let va = cells[at(x)];
        for d in 1..=faces.min(n - 1 - x) {
            let vb = cells[at(x + d)];
            let (ca, cb) = (u32::from(va < 0), u32::from(vb < 0));
            if va == 0 {
                if vb != 0 {
                    f.mobility |= 1u64 << (32 * cb + d as u32);
                }
            } else if vb == 0 {
                f.mobility |= 1u64 << (32 * ca + d as u32);
            } else if ca == cb {
                f.mobility |= 0x1_0001u64 << (32 * ca + d as u32);
            } else {
                let (ha, hb) = (va.abs(), vb.abs());
                if ha >= hb {
                    f.mobility |= 0x1_0001u64 << (32 * ca + d as u32);
                    let p = &mut f.prey[ca as usize][d];
                    *p = (*p).max(hb);
                    threat[x + d] |= 1 << d;
                }
                if hb >= ha {
                    f.mobility |= 0x1_0001u64 << (32 * cb + d as u32);
                    let p = &mut f.prey[cb as usize][d];
                    *p = (*p).max(ha);
                    threat[x] |= 1 << d;
                }
            }
        }
    }
    f
}

impl Facts {
    /// The facts of a whole board of side `n` (signed heights).
    pub(crate) fn new(n: usize, cells: &[i16]) -> Facts {
        let faces = (n / 2).min(MAX_FACES);
        let mut hit = [0u32; MAX_FACES + 1];
        let f = faces as u32;
        for (k, h) in hit.iter_mut().enumerate() {
            let miss = f - (k as u32).min(f);
            *h = f * f - miss * miss;
        }
        let mut facts = Facts {
            n,
            faces,
            lines: vec![LineFacts::default(); 2 * n],
            threat_rank: vec![0; n * n],
            threat_file: vec![0; n * n],
            hit,
            cells: cells[..n * n].to_vec(),
            base: [Sums::default(); 2],
            mobility_lines: [0; 64],
            prey_top: [[(0, 0); MAX_FACES + 1]; 2],
        };
        let mut threat = [0u16; MAX_N];
        for line in 0..2 * n {
            facts.lines[line] = facts.line(cells, line, &mut threat);
            for (x, &t) in threat[..n].iter().enumerate() {
                let (sq, store) = facts.square_of(line, x);
                match store {
                    Store::Rank => facts.threat_rank[sq] = t,
                    Store::File => facts.threat_file[sq] = t,
                }
            }
        }
        for line in &facts.lines {
            for (bit, count) in facts.mobility_lines.iter_mut().enumerate() {
                *count += u16::from(line.mobility >> bit & 1 == 1);
            }
            for (tops, prey) in facts.prey_top.iter_mut().zip(&line.prey) {
                for (top, &p) in tops.iter_mut().zip(prey) {
                    if p > top.0 {
                        *top = (p, 1);
                    } else if p == top.0 {
                        top.1 += 1;
                    }
                }
            }
        }
        for (i, &v) in cells[..n * n].iter().enumerate() {
            if v != 0 {
                let hit = facts.hit_at(facts.threat_rank[i] | facts.threat_file[i]);
                let s = &mut facts.base[usize::from(v < 0)];
                s.add(v.abs(), hit, 1);
                s.tall(v.abs(), hit);
            }
        }
        facts
    }

    /// The hit (in 1/faces²) of a square with these threat bits.
    fn hit_at(&self, threats: u16) -> u32 {
        self.hit[(threats.count_ones() as usize).min(MAX_FACES)]
    }

    /// The facts of the board these facts were built from.
    fn base_sides(&self) -> [Side; 2] {
        let mobility = (0..64).fold(0u64, |m, bit| {
            m | u64::from(self.mobility_lines[bit] > 0) << bit
        });
        let prey = self.prey_top.map(|tops| tops.map(|t| t.0));
        self.finish(self.base, mobility, prey)
    }

    /// Sides from exact sums, mobility bits and prey.
    fn finish(&self, sums: [Sums; 2], mobility: u64, prey: [[i16; MAX_FACES + 1]; 2]) -> [Side; 2] {
        let scale = (self.faces * self.faces).max(1) as f32;
        let mut sides = [Side::default(); 2];
        for (c, (side, s)) in sides.iter_mut().zip(sums).enumerate() {
            let word = (mobility >> (32 * c)) as u32;
            *side = Side {
                checkers: s.checkers as f32,
                stacks: s.stacks as f32,
                tallest: s.tallest,
                exposure: s.exposure as f32 / scale,
                moves: word & 0xFFFF,
                acts: word >> 16,
                prey: prey[c],
                singles: s.singles as f32,
                squares: s.squares as f32,
                top_exposure: if s.tallest > 0 {
                    s.top_hit as f32 / scale
                } else {
                    0.0
                },
            };
        }
        sides
    }

    fn line(&self, cells: &[i16], line: usize, threat: &mut [u16]) -> LineFacts {
        let n = self.n;
        if line < n {
            scan_line(cells, n, self.faces, |x| line * n + x, threat)
        } else {
            let file = line - n;
            scan_line(cells, n, self.faces, |x| x * n + file, threat)
        }
    }

    /// The square index of the x-th square of a line, and which threat
    /// table the line feeds.
    fn square_of(&self, line: usize, x: usize) -> (usize, Store) {
        if line < self.n {
            (line * self.n + x, Store::Rank)
        } else {
            (x * self.n + (line - self.n), Store::File)
        }
    }

    /// The facts of both colours (index 0 Black, 1 Green) for `cells`,
    /// which equal the board these facts were built from except on the
    /// squares in `changed`.
    ///
    /// Only the lines through changed squares are looked at again, and only
    /// the stacks on those lines (the only ones whose threats can change)
    /// are counted again: their old share is taken from the exact sums and
    /// their new share added. The tallest stack's figures are updated the
    /// same way unless every stack that held them changed; then the board
    /// is counted afresh.
    pub(crate) fn sides(&self, cells: &[i16], changed: &[usize]) -> [Side; 2] {
        let n = self.n;
        if changed.len() > 4 {
            // More than a turn changes: start afresh.
            return Facts::new(n, cells).sides(cells, &[]);
        }
        // The lines through changed squares, looked at again.
        let mut dirty = [CLEAN; 2 * MAX_N];
        let mut fresh: [(LineFacts, [u16; MAX_N]); 8] = [(LineFacts::default(), [0; MAX_N]); 8];
        let mut dirty_lines = [0usize; 8];
        let mut count = 0;
        for &sq in changed {
            for line in [sq / n, n + sq % n] {
                if dirty[line] == CLEAN {
                    let (facts, threat) = &mut fresh[count];
                    *facts = self.line(cells, line, threat);
                    dirty[line] = count as u8;
                    dirty_lines[count] = line;
                    count += 1;
                }
            }
        }
        let dirty_lines = &dirty_lines[..count];

        // Mobility: lines counted per bit, the dirty ones swapped.
        let mut bits = self.mobility_lines;
        for (k, &line) in dirty_lines.iter().enumerate() {
            let (old, new) = (self.lines[line].mobility, fresh[k].0.mobility);
            for (bit, count) in bits.iter_mut().enumerate() {
                *count = *count + u16::from(new >> bit & 1 == 1) - u16::from(old >> bit & 1 == 1);
            }
        }
        let mobility = (0..64).fold(0u64, |m, bit| m | u64::from(bits[bit] > 0) << bit);

        // Prey: the top over all lines, unless every line that had it is
        // dirty (then the clean lines are looked over for that distance).
        let mut prey = [[0i16; MAX_FACES + 1]; 2];
        for (c, (prey, tops)) in prey.iter_mut().zip(&self.prey_top).enumerate() {
            for (d, (p, &(top, lines_with))) in prey
                .iter_mut()
                .zip(tops)
                .enumerate()
                .take(self.faces + 1)
                .skip(1)
            {
                let lost = dirty_lines
                    .iter()
                    .filter(|&&line| self.lines[line].prey[c][d] == top)
                    .count();
                let mut best = if usize::from(lines_with) > lost {
                    top
                } else {
                    self.lines
                        .iter()
                        .enumerate()
                        .filter(|(line, _)| dirty[*line] == CLEAN)
                        .map(|(_, f)| f.prey[c][d])
                        .max()
                        .unwrap_or(0)
                };
                for (line, _) in &fresh[..count] {
                    best = best.max(line.prey[c][d]);
                }
                *p = best;
            }
        }

        // Stacks on dirty lines: take their old share, add the new one.
        let mut sums = self.base;
        let mut old_tall = [(0u32, 0u32); 2];
        let mut new = [Sums::default(); 2];
        let threats_now = |i: usize| -> u16 {
            let (rank, file) = (i / n, i % n);
            let from_rank = match dirty[rank] {
                CLEAN => self.threat_rank[i],
                k => fresh[usize::from(k)].1[file],
            };
            let from_file = match dirty[n + file] {
                CLEAN => self.threat_file[i],
                k => fresh[usize::from(k)].1[rank],
            };
            from_rank | from_file
        };
        let mut visit = |i: usize| {
            let old = self.cells[i];
            if old != 0 {
                let c = usize::from(old < 0);
                let hit = self.hit_at(self.threat_rank[i] | self.threat_file[i]);
                sums[c].add(old.abs(), hit, -1);
                if old.abs() == self.base[c].tallest {
                    old_tall[c].0 += 1;
                    old_tall[c].1 += u32::from(hit == self.base[c].top_hit);
                }
            }
            let v = cells[i];
            if v != 0 {
                let c = usize::from(v < 0);
                let hit = self.hit_at(threats_now(i));
                sums[c].add(v.abs(), hit, 1);
                new[c].tall(v.abs(), hit);
            }
        };
        for &line in dirty_lines {
            if line < n {
                (line * n..line * n + n).for_each(&mut visit);
            }
        }
        for &line in dirty_lines {
            if line >= n {
                let file = line - n;
                for (rank, _) in dirty[..n].iter().enumerate().filter(|(_, d)| **d == CLEAN) {
                    visit(rank * n + file);
                }
            }
        }
        for c in 0..2 {
            let base = self.base[c];
            let s = &mut sums[c];
            // The tallest among the stacks not looked at again.
            if base.tallest_count > old_tall[c].0 {
                s.tallest = base.tallest;
                if base.top_hit_count > old_tall[c].1 {
                    s.top_hit = base.top_hit;
                } else {
                    // Only the threats of the other tallest stacks are known
                    // to be lower: count the board afresh.
                    return self.fresh_sides(cells, mobility, prey);
                }
            } else if base.tallest > 0 {
                // Every tallest stack changed: the next one is not known.
                return self.fresh_sides(cells, mobility, prey);
            } else {
                s.tallest = 0;
                s.top_hit = 0;
            }
            if new[c].tallest > s.tallest {
                s.tallest = new[c].tallest;
                s.top_hit = new[c].top_hit;
            } else if new[c].tallest == s.tallest && s.tallest > 0 {
                s.top_hit = s.top_hit.max(new[c].top_hit);
            }
        }
        self.finish(sums, mobility, prey)
    }

    /// The stacks' sums counted over the whole board (threats from `fresh`
    /// lines where dirty): the rare case the tallest stack's figures
    /// cannot be updated.
    #[cold]
    fn fresh_sides(
        &self,
        cells: &[i16],
        mobility: u64,
        prey: [[i16; MAX_FACES + 1]; 2],
    ) -> [Side; 2] {
        let fresh = Facts::new(self.n, cells);
        fresh.finish(fresh.base, mobility, prey)
    }
}

/// Which per-square threat table a line feeds.
#[derive(Debug, Clone, Copy)]
enum Store {
    Rank,
    File,
}

/// Gathers the facts of both colours (index 0 Black, 1 Green) from a board
/// of side `n` given as signed heights.
pub(crate) fn scan(n: usize, cells: &[i16]) -> [Side; 2] {
    Facts::new(n, cells).base_sides()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The same facts by the plain route: from every stack, look out in
    /// four directions.
    fn scan_slow(n: usize, cells: &[i16]) -> [Side; 2] {
        let faces = n / 2;
        let mut sides = [Side::default(); 2];
        for (i, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let me = usize::from(v < 0);
            let h = v.abs();
            let (file, rank) = (i % n, i / n);
            let mut threats = 0u32;
            let s = &mut sides[me];
            for d in 1..=faces {
                let mut targets = Vec::new();
                if file + d < n {
                    targets.push(i + d);
                }
                if file >= d {
                    targets.push(i - d);
                }
                if rank + d < n {
                    targets.push(i + d * n);
                }
                if rank >= d {
                    targets.push(i - d * n);
                }
                for t in targets {
                    let tv = cells[t];
                    let bit = 1u32 << d;
                    if tv == 0 {
                        s.moves |= bit;
                    } else if (tv < 0) == (v < 0) {
                        s.moves |= bit;
                        s.acts |= bit;
                    } else {
                        if tv.abs() <= h {
                            s.moves |= bit;
                            s.acts |= bit;
                            s.prey[d] = s.prey[d].max(tv.abs());
                        }
                        if tv.abs() >= h {
                            threats |= bit;
                        }
                    }
                }
            }
            s.checkers += f32::from(h);
            s.stacks += 1.0;
            s.squares += f32::from(h * h);
            s.singles += f32::from(u8::from(h == 1));
            let hit = hit_chance(faces as u32, threats.count_ones());
            s.exposure += hit * f32::from(h);
            if h > s.tallest {
                s.tallest = h;
                s.top_exposure = hit;
            } else if h == s.tallest {
                s.top_exposure = s.top_exposure.max(hit);
            }
        }
        sides
    }

    #[test]
    fn hit_chance_of_two_dice() {
        assert!((hit_chance(4, 1) - 7.0 / 16.0).abs() < 1e-6);
        assert!((hit_chance(3, 2) - 8.0 / 9.0).abs() < 1e-6);
        assert_eq!(hit_chance(4, 4), 1.0);
        assert_eq!(hit_chance(4, 0), 0.0);
    }

    #[test]
    fn pair_scan_agrees_with_looking_out_from_every_stack() {
        let mut rng = Rng::new(11);
        for n in [2usize, 4, 6, 8, 10, 16, 26] {
            for _ in 0..200 {
                // Sparse to full boards with stacks of mixed heights.
                let fill = rng.below(100);
                let cells: Vec<i16> = (0..n * n)
                    .map(|_| {
                        if rng.below(100) >= fill {
                            0
                        } else {
                            let h = 1 + rng.below(5) as i16;
                            if rng.below(2) == 0 { h } else { -h }
                        }
                    })
                    .collect();
                let fast = scan(n, &cells);
                let slow = scan_slow(n, &cells);
                for c in 0..2 {
                    let (f, s) = (fast[c], slow[c]);
                    assert_eq!(
                        (f.moves, f.acts, f.prey, f.tallest),
                        (s.moves, s.acts, s.prey, s.tallest)
                    );
                    assert_eq!(
                        (f.checkers, f.stacks, f.singles, f.squares),
                        (s.checkers, s.stacks, s.singles, s.squares)
                    );
                    assert!((f.exposure - s.exposure).abs() < 1e-3, "{n}: {f:?} {s:?}");
                    assert!((f.top_exposure - s.top_exposure).abs() < 1e-6);
                }
            }
        }
    }

    #[test]
    fn facts_after_a_turn_match_a_fresh_scan() {
        use diablo_core::{Edition, Position, TurnList};
        let mut rng = Rng::new(12);
        let mut list = TurnList::new();
        for size in [4u32, 6, 8, 12, 16] {
            for edition in Edition::ALL {
                let mut pos = Position::start(size).expect("test size");
                while !pos.is_finished() {
                    let n = usize::from(pos.size());
                    let facts = Facts::new(n, pos.cells());
                    let roll = rng.roll(pos.size());
                    pos.list_turns(edition, roll, &mut list).expect("in play");
                    for t in list.iter().step_by(7 + list.len() / 200) {
                        let changed: Vec<usize> = std::iter::once(t.first())
                            .chain(t.second())
                            .flat_map(|a| [usize::from(a.from), usize::from(a.to)])
                            .collect();
                        let undo = pos.play_unchecked(t);
                        let fast = facts.sides(pos.cells(), &changed);
                        let slow = scan_slow(n, pos.cells());
                        // The update is exact: the same as a fresh pair pass.
                        assert_eq!(fast, scan(n, pos.cells()), "{pos}");
                        pos.undo_unchecked(undo);
                        for c in 0..2 {
                            let (f, s) = (fast[c], slow[c]);
                            assert_eq!(
                                (f.moves, f.acts, f.prey, f.tallest),
                                (s.moves, s.acts, s.prey, s.tallest)
                            );
                            assert_eq!(
                                (f.checkers, f.stacks, f.singles, f.squares),
                                (s.checkers, s.stacks, s.singles, s.squares)
                            );
                            assert!((f.exposure - s.exposure).abs() < 1e-3);
                            assert!((f.top_exposure - s.top_exposure).abs() < 1e-6);
                        }
                    }
                    let t = list.get(rng.index(list.len())).expect("a legal turn");
                    let _ = pos.play_unchecked(t);
                }
            }
        }
    }

    #[test]
    fn expected_prey_of_a_single_target() {
        let mut prey = [0i16; MAX_FACES + 1];
        // A stack of 3 capturable at distance 2 on a 4-faced board: the
        // roll shows a 2 with chance 7/16.
        prey[2] = 3;
        assert!((expected_prey(&prey, 4) - 3.0 * 7.0 / 16.0).abs() < 1e-6);
    }
}
