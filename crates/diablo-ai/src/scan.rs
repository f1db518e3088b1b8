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

impl Side {
    /// Counts a stack of height `h` that the other side's coming roll
    /// captures with chance `hit`.
    #[inline]
    fn add_stack(&mut self, h: i16, hit: f32) {
        self.checkers += f32::from(h);
        self.stacks += 1.0;
        self.squares += f32::from(h) * f32::from(h);
        if h == 1 {
            self.singles += 1.0;
        }
        self.exposure += hit * f32::from(h);
        if h > self.tallest {
            self.tallest = h;
            self.top_exposure = hit;
        } else if h == self.tallest {
            self.top_exposure = larger(self.top_exposure, hit);
        }
    }
}

/// The larger of two numbers that are not NaN. `f32::max` also orders NaN,
/// which wasm has no instruction for: there it is a call to `fmaxf`.
#[inline(always)]
pub(crate) fn larger(a: f32, b: f32) -> f32 {
    if b > a { b } else { a }
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
    /// The chance that two dice show one of k given distances, by k.
    hit: [f32; MAX_FACES + 1],
}

/// Looks at the pairs of one line: `at(x)` is the square index of the
/// line's x-th square. Returns the line's facts and fills `threat` by x.
///
/// Works on the line's occupancy as bit masks: steps and merges come from
/// shifting them by each distance; only pairs of enemy stacks need their
/// heights compared.
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
    // Bit x: the x-th square holds a Black (Green) stack.
    let (mut black, mut green) = (0u32, 0u32);
    let mut heights = [0i16; MAX_N];
    for (x, h) in heights.iter_mut().enumerate().take(n) {
        let v = cells[at(x)];
        *h = v.abs();
        black |= u32::from(v > 0) << x;
        green |= u32::from(v < 0) << x;
    }
    let empty = !(black | green) & ((1u32 << n) - 1);
    for d in 1..=faces.min(n - 1) {
        let bit = d as u32;
        for (c, (mine, theirs)) in [(black, green), (green, black)].into_iter().enumerate() {
            let shift = 32 * c as u32;
            // A step either way, or a merge with an own stack d away.
            if mine & ((empty >> d) | (empty << d)) != 0 {
                f.mobility |= 1u64 << (shift + bit);
            }
            if mine & (mine >> d) != 0 {
                f.mobility |= 0x1_0001u64 << (shift + bit);
            }
            // Enemy pairs: this colour at x, the other at x + d.
            let mut pairs = mine & (theirs >> d);
            while pairs != 0 {
                let x = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let (ha, hb) = (heights[x], heights[x + d]);
                if ha >= hb {
                    f.mobility |= 0x1_0001u64 << (shift + bit);
                    let p = &mut f.prey[c][d];
                    *p = (*p).max(hb);
                    threat[x + d] |= 1 << d;
                }
                if hb >= ha {
                    f.mobility |= 0x1_0001u64 << (32 * (1 - c as u32) + bit);
                    let p = &mut f.prey[1 - c][d];
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
        let mut hit = [0.0; MAX_FACES + 1];
        for (k, h) in hit.iter_mut().enumerate() {
            *h = hit_chance(faces as u32, k as u32);
        }
        let mut facts = Facts {
            n,
            faces,
            lines: vec![LineFacts::default(); 2 * n],
            threat_rank: vec![0; n * n],
            threat_file: vec![0; n * n],
            hit,
        };
        for line in 0..2 * n {
            facts.rescan(cells, line);
        }
        facts
    }

    /// Looks at one line of `cells` again and keeps what it says.
    fn rescan(&mut self, cells: &[i16], line: usize) {
        let mut threat = [0u16; MAX_N];
        self.lines[line] = self.line(cells, line, &mut threat);
        for (x, &t) in threat[..self.n].iter().enumerate() {
            let (sq, store) = self.square_of(line, x);
            match store {
                Store::Rank => self.threat_rank[sq] = t,
                Store::File => self.threat_file[sq] = t,
            }
        }
    }

    /// The facts of `cells`, which equal the board these facts were built
    /// from except on the squares in `changed`: only the lines through
    /// them are looked at again.
    pub(crate) fn updated(&self, cells: &[i16], changed: &[usize]) -> Facts {
        let mut facts = self.clone();
        let n = self.n;
        // A move's two squares share a line, a removal's both lines: each
        // line once.
        let mut seen = [false; 2 * MAX_N];
        for &sq in changed {
            for line in [sq / n, n + sq % n] {
                if !std::mem::replace(&mut seen[line], true) {
                    facts.rescan(cells, line);
                }
            }
        }
        facts
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
    pub(crate) fn sides(&self, cells: &[i16], changed: &[usize]) -> [Side; 2] {
        let n = self.n;
        if changed.len() > 4 {
            // More than a turn changes: start afresh.
            return Facts::new(n, cells).sides(cells, &[]);
        }
        // The lines through changed squares, looked at again.
        let mut dirty = [CLEAN; 2 * MAX_N];
        let mut fresh: [(LineFacts, [u16; MAX_N]); 8] = [(LineFacts::default(), [0; MAX_N]); 8];
        let mut count = 0;
        for &sq in changed {
            for line in [sq / n, n + sq % n] {
                if dirty[line] == CLEAN {
                    let (facts, threat) = &mut fresh[count];
                    *facts = self.line(cells, line, threat);
                    dirty[line] = count as u8;
                    count += 1;
                }
            }
        }
        let mut mobility = 0u64;
        let mut prey = [[0i16; MAX_FACES + 1]; 2];
        for (line, base) in self.lines.iter().enumerate() {
            let f = match dirty[line] {
                CLEAN => base,
                k => &fresh[usize::from(k)].0,
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
        let mut sides = [Side::default(); 2];
        for (c, s) in sides.iter_mut().enumerate() {
            let word = (mobility >> (32 * c)) as u32;
            s.moves = word & 0xFFFF;
            s.acts = word >> 16;
            s.prey = prey[c];
        }
        for (rank, row) in cells[..n * n].chunks_exact(n).enumerate() {
            let rank_line = dirty[rank];
            for (file, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let i = rank * n + file;
                let from_rank = match rank_line {
                    CLEAN => self.threat_rank[i],
                    k => fresh[usize::from(k)].1[file],
                };
                let from_file = match dirty[n + file] {
                    CLEAN => self.threat_file[i],
                    k => fresh[usize::from(k)].1[rank],
                };
                let h = v.abs();
                let hit = self.hit[((from_rank | from_file).count_ones() as usize).min(MAX_FACES)];
                sides[usize::from(v < 0)].add_stack(h, hit);
            }
        }
        sides
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
    Facts::new(n, cells).sides(cells, &[])
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
            s.add_stack(h, hit_chance(faces as u32, threats.count_ones()));
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
