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

/// One colour's stacks counted in integers, so that a turn's changes can
/// be taken out and put in again exactly (a float sum would depend on the
/// order of the additions).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Tally {
    checkers: i32,
    stacks: i32,
    singles: i32,
    /// Sum of the squared heights.
    squares: i32,
    /// [`Side::exposure`] in units of 2^-[`EXPOSURE_BITS`]: for each
    /// stack, its height times the chance it is captured, rounded to the
    /// unit.
    exposure: i64,
    tallest: i16,
    /// Stacks of the tallest height, by that number of distances. All zero
    /// with stacks left: the tallest stacks were taken out, and which
    /// height is now the tallest is not known.
    tall: [i16; MAX_FACES + 1],
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
    fn side(&self, hit: &[f32; MAX_FACES + 1]) -> Side {
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
const EXPOSURE_BITS: u32 = 24;

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
///
/// The sum over both dice of the larger prey, in whole numbers: with the
/// prey of the faces in ascending order, the i-th (from 0) is the larger
/// of 2i + 1 of the faces² ordered pairs, so sorting takes O(faces log
/// faces) instead of visiting every pair (169 on 26x26).
pub(crate) fn expected_prey(prey: &[i16; MAX_FACES + 1], faces: usize) -> f32 {
    // Every face copied (a fixed length: copying only `faces` of them was
    // a call, to `memcpy` natively and out of V8's code in wasm), the
    // first `faces` sorted.
    let mut sorted = [0i16; MAX_FACES];
    sorted.copy_from_slice(&prey[1..]);
    sorted[..faces].sort_unstable();
    let mut total = 0i32;
    for (i, &v) in sorted[..faces].iter().enumerate() {
        total += i32::from(v) * (2 * i as i32 + 1);
    }
    total as f32 / (faces * faces) as f32
}

/// What the pairs of squares on one line (a rank or a file) say.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct LineFacts {
    /// Colour c's "can move d" bits at `32c + d`, "can merge or capture d"
    /// bits at `32c + 16 + d`.
    mobility: u64,
    /// By colour and distance: the tallest enemy stack capturable.
    prey: [[i16; MAX_FACES + 1]; 2],
}

/// Largest board side.
const MAX_N: usize = 26;

/// The length of a line's per-square arrays: a power of two above
/// [`MAX_N`], so that an index masked to it needs no bounds check.
const ROW: usize = 32;

// A line's key keeps the board's side past the squares (see [`LineKey`]).
const _: () = assert!(MAX_N <= ROW - 4);

/// The stack tallies are updated square by square only on boards of this
/// side and up, and only while the lines looked at again, times
/// [`INCREMENTAL`], are at most the board's side. From 16x16 since round 5
/// of docs/ai.md, from 10x10 since round 18 (Hard's nodes per second,
/// native, whole games: 10x10 · 12x12 · 14x14 2.6 · 2.3 · 1.9 M →
/// 3.6 · 3.4 · 2.9 M). Smaller boards keep the float pass: the tallies
/// round exposure to 2^-24, which moves near-tied choices, and the
/// choices measured against exact endgame values (4x4) and in the 6x6
/// and 8x8 matches are the float pass's.
const INCREMENTAL_FROM: usize = 10;
const INCREMENTAL: usize = 3;

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
    /// On boards where the stacks are updated square by square (from
    /// [`INCREMENTAL_FROM`]), what that needs.
    kept: Option<Kept>,
    /// The chance that two dice show one of k given distances, by k.
    hit: [f32; MAX_FACES + 1],
    /// The same in units of [`Tally::exposure`].
    units: [i64; MAX_FACES + 1],
}

/// The board facts were built from and its stacks' tallies, by colour
/// (index 0 Black, 1 Green).
#[derive(Debug, Clone)]
struct Kept {
    /// Signed heights.
    cells: Vec<i16>,
    tally: [Tally; 2],
}

/// Looks at the pairs of one line of side `n`, whose signed heights `key`
/// holds (see [`LineKey`]). Returns the line's facts and fills `threat` by
/// square.
///
/// Works on the line's occupancy as bit masks: steps and merges come from
/// shifting them by each distance; only pairs of enemy stacks need their
/// heights compared.
#[inline(always)]
fn scan_line(n: usize, faces: usize, key: &LineKey, out: &mut LineFacts, threat: &mut [u16; ROW]) {
    // Kept in locals and written out once at the end: a struct zeroed in
    // place and read back at once stalled V8's code for wasm (a failed
    // store-to-load forwarding, 6% of a profile).
    let mut mobility = 0u64;
    let mut prey = [[0i16; MAX_FACES + 1]; 2];
    // Bit x: the x-th square holds a Black (Green) stack.
    let (mut black, mut green) = (0u32, 0u32);
    let mut heights = [0i16; ROW];
    // Four squares at a time, as the key holds them (a loop square by
    // square became vector code with a shift per lane, which wasm has not).
    let words = key
        .iter()
        .zip(heights.chunks_exact_mut(4))
        .take(n.div_ceil(4));
    for (k, (&w, four)) in words.enumerate() {
        // Bit 0 of each square's 16: the square holds a Green stack
        // (negative), or any stack (its low 15 bits not 0, or negative).
        let negative = (w >> 15) & LANES;
        let stack = ((((w & (0x7FFF * LANES)) + 0x7FFF * LANES) | w) >> 15) & LANES;
        black |= gather(stack & !negative) << (4 * k);
        green |= gather(negative) << (4 * k);
        // Heights: each negative square's 16 bits negated.
        let abs = (w ^ (negative * 0xFFFF)) + negative;
        for (i, h) in four.iter_mut().enumerate() {
            *h = (abs >> (16 * i)) as i16;
        }
    }
    let empty = !(black | green) & ((1u32 << n) - 1);
    let last = faces.min(n - 1).min(MAX_FACES);
    let pairs = black.count_ones() * green.count_ones();
    let by_height = pairs >= DENSE + DENSE_BY_HEIGHT
        && enemy_levels(&heights, black, green, last, pairs, &mut prey, threat);
    if !by_height {
        enemy_pairs(&heights, black, green, last, &mut prey, threat);
    }
    // By colour, bit d: a step either way, and bit 16 + d (and d): a merge
    // with an own stack d away or a capture (some prey at that distance).
    // Without branches: on a crowded line nearly all are there.
    let mut words = [0u32; 2];
    // Indexed by distance: the same loop over zipped prey rows was 8%
    // slower natively and in wasm.
    #[allow(clippy::needless_range_loop)]
    for d in 1..=last {
        for (c, mine) in [black, green].into_iter().enumerate() {
            let step = mine & ((empty >> d) | (empty << d)) != 0;
            let act = (mine & (mine >> d) != 0) | (prey[c][d] > 0);
            words[c] |= (u32::from(step | act) | u32::from(act) << 16) << d;
        }
    }
    for (c, word) in words.into_iter().enumerate() {
        mobility |= u64::from(word) << (32 * c);
    }
    *out = LineFacts { mobility, prey };
}

/// Bit 0 of each of a word's four 16-bit squares.
const LANES: u64 = 0x0001_0001_0001_0001;

/// Bits 0, 16, 32 and 48 of `w` (the rest 0) as bits 0 to 3: one product
/// puts each at 48 to 51 without carries (the other products land on bits
/// apart from those and from each other).
#[inline(always)]
fn gather(w: u64) -> u32 {
    let spread = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    (w.wrapping_mul(spread) >> 48) as u32 & 0xF
}

/// A line looks at its enemy stacks by height (see [`enemy_levels`])
/// instead of pair by pair when it has at least `DENSE + DENSE_BY_HEIGHT
/// x h` pairs of a Black and a Green stack (at any distance), with `h` the
/// number of heights its stacks have (at most [`LEVELS`]). Measured on
/// lines from random games on 16x16 to 26x26: pair by pair costs about
/// 1.5 ns a pair, by height about 60 ns plus 30 a height.
const DENSE: u32 = 30;
const DENSE_BY_HEIGHT: u32 = 20;

/// See [`DENSE`].
const LEVELS: usize = 4;

/// The captures between the enemy stacks of a line (bit x of `black`,
/// `green`: a stack of that colour on the line's x-th square, `heights` by
/// x) at distances 1 to `last`: fills `prey` (by colour and distance, the
/// tallest enemy stack capturable) and `threat` (by square, bit d: an enemy
/// stack at least as tall stands d squares away). Pair by pair, without
/// branches on the heights (which are as good as random).
#[inline(always)]
fn enemy_pairs(
    heights: &[i16; ROW],
    black: u32,
    green: u32,
    last: usize,
    prey: &mut [[i16; MAX_FACES + 1]; 2],
    threat: &mut [u16; ROW],
) {
    // The whole row: a fixed size is plain stores (a length of `n` is a
    // call into the wasm engine).
    *threat = [0; ROW];
    for d in 1..=last.min(MAX_FACES) {
        // By colour: the tallest enemy stack capturable d squares away,
        // kept in registers while the pairs are looked at.
        let mut best = [0i16; 2];
        for (c, (mine, theirs)) in [(black, green), (green, black)].into_iter().enumerate() {
            // Enemy pairs: this colour at x, the other at x + d.
            let mut pairs = mine & (theirs >> d);
            let (mut mine_best, mut their_best) = (best[c], best[1 - c]);
            while pairs != 0 {
                let x = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let y = (x + d) % ROW;
                let (ha, hb) = (heights[x % ROW], heights[y]);
                let (takes, taken) = (ha >= hb, hb >= ha);
                mine_best = mine_best.max(if takes { hb } else { 0 });
                their_best = their_best.max(if taken { ha } else { 0 });
                threat[y] |= u16::from(takes) << d;
                threat[x % ROW] |= u16::from(taken) << d;
            }
            (best[c], best[1 - c]) = (mine_best, their_best);
        }
        for (&b, row) in best.iter().zip(prey.iter_mut()) {
            row[d] = b;
        }
    }
}

/// [`enemy_pairs`] by height instead of by pair: the line's stacks are
/// grouped by height (a few heights on a crowded line of 26 squares, where
/// there are about a hundred enemy pairs), and at each distance a colour's
/// stacks of one height are threatened where the other colour's stacks at
/// least as tall, shifted by the distance, fall on them: a few mask
/// operations per height and distance instead of a look at every pair.
/// Returns whether it did: not, with nothing written, when the stacks have
/// more than [`LEVELS`] heights or the line's `pairs` of a Black and a
/// Green stack are too few to pay for its heights ([`DENSE`]).
#[inline(always)]
fn enemy_levels(
    heights: &[i16; ROW],
    black: u32,
    green: u32,
    last: usize,
    pairs: u32,
    prey: &mut [[i16; MAX_FACES + 1]; 2],
    threat: &mut [u16; ROW],
) -> bool {
    // The distinct heights (in the order met) and, by colour and height,
    // the squares of that height.
    let mut value = [0i16; LEVELS];
    let mut exactly = [[0u32; LEVELS]; 2];
    let mut m = 0;
    let mut left = black | green;
    while left != 0 {
        if m == LEVELS {
            return false;
        }
        let v = heights[left.trailing_zeros() as usize % ROW];
        // Every square of that height at once (empty squares are 0 high).
        let mut same = 0u32;
        for (x, &h) in heights.iter().enumerate() {
            same |= u32::from(h == v) << x;
        }
        value[m] = v;
        exactly[0][m] = same & black;
        exactly[1][m] = same & green;
        m += 1;
        left &= !same;
    }
    if pairs < DENSE + DENSE_BY_HEIGHT * m as u32 {
        return false;
    }
    // By colour and height: the squares of stacks at least that tall.
    let mut tall = [[0u32; LEVELS]; 2];
    for j in 0..m {
        for k in 0..m {
            if value[k] >= value[j] {
                tall[0][j] |= exactly[0][k];
                tall[1][j] |= exactly[1][k];
            }
        }
    }
    // The threats by distance, turned into threats by square eight
    // squares at a time: byte x of `planes[0][k]` holds the threats of
    // square 8k + x at distances 1 to 8 (bits 0 to 7), `planes[1][k]` those
    // at 9 to 13.
    let mut planes = [[0u64; ROW / 8]; 2];
    for d in 1..=last.min(MAX_FACES) {
        let mut threatened = 0u32;
        // By colour: the tallest enemy stack it can capture d squares away.
        let mut found = [0i16; 2];
        for (c, mine) in exactly.iter().enumerate() {
            // This colour's stacks threatened d squares away by the other's
            // at least as tall, and the tallest of them.
            let mut best = 0i16;
            for ((&v, &here), &taller) in value.iter().zip(mine).zip(&tall[1 - c]).take(m) {
                let t = here & ((taller >> d) | (taller << d));
                threatened |= t;
                best = best.max(if t != 0 { v } else { 0 });
            }
            found[1 - c] = best;
        }
        for (&b, row) in found.iter().zip(prey.iter_mut()) {
            row[d] = b;
        }
        let (plane, shift) = if d <= 8 { (0, d - 1) } else { (1, d - 9) };
        for (k, p) in planes[plane].iter_mut().enumerate() {
            *p |= SPREAD[(threatened >> (8 * k)) as usize & 0xFF] << shift;
        }
    }
    let [low, high] = planes.map(|p| {
        let mut bytes = [0u8; ROW];
        for (chunk, word) in bytes.chunks_exact_mut(8).zip(p) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        bytes
    });
    for ((t, &l), &h) in threat.iter_mut().zip(&low).zip(&high) {
        *t = u16::from(l) << 1 | u16::from(h) << 9;
    }
    true
}

/// By byte: bit i of the byte as byte i of a word (0 or 1).
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

impl Facts {
    /// The facts of a whole board of side `n` (signed heights).
    pub(crate) fn new(n: usize, cells: &[i16]) -> Facts {
        Facts::build(n, cells, None)
    }

    /// [`Facts::new`], with the lines looked at through `fresh`'s memo
    /// (the same facts).
    pub(crate) fn new_in(n: usize, cells: &[i16], fresh: &mut Fresh) -> Facts {
        Facts::build(n, cells, Some(&mut fresh.memo))
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
            kept: None,
            hit,
            units,
        };
        for line in 0..2 * n {
            let mut row = LineFacts::default();
            let mut threat = [0u16; ROW];
            facts.line(cells, line, memo.as_deref_mut(), &mut row, &mut threat);
            facts.keep(line, &row, &threat);
        }
        if n >= INCREMENTAL_FROM {
            let tally = facts.tally_all(cells, &Fresh::default());
            let cells = cells[..n * n].to_vec();
            facts.kept = Some(Kept { cells, tally });
        }
        facts
    }

    /// The distances (bits) at which an enemy stack at least as tall
    /// stands on the rank or file of square `sq`.
    #[inline]
    fn threat_bits(&self, sq: usize) -> u16 {
        self.threat_rank[sq] | self.threat_file[sq]
    }

    /// The tallies of `cells`, which equal the board these facts were built
    /// from except on the squares that `fresh` was made for: only the
    /// squares of its lines can differ (in stack or in threats), so only
    /// they are taken out and put in again.
    ///
    /// On a small board, or with lines covering much of it, every stack is
    /// counted instead (quicker than taking out and putting in); also when
    /// [`Facts::incremental`] cannot tell.
    #[inline(always)]
    fn retally(&self, cells: &[i16], fresh: &Fresh) -> [Tally; 2] {
        let n = self.n;
        self.kept
            .as_ref()
            .filter(|_| fresh.count * INCREMENTAL <= n)
            .and_then(|kept| self.incremental(kept, cells, fresh))
            .unwrap_or_else(|| self.tally_all(cells, fresh))
    }

    /// Calls `visit(v, k)` for every stack of `cells` in square order, with
    /// `v` its signed height and `k` the number of distances at which it is
    /// threatened. `cells` equals the board these facts were built from
    /// except on the squares that `fresh` was made for. The threats are
    /// found a rank at a time (a closure asked square by square was a call
    /// per stack in wasm).
    #[inline(always)]
    fn each_stack(&self, cells: &[i16], fresh: &Fresh, mut visit: impl FnMut(i16, usize)) {
        let n = self.n;
        let mut threat = [0u16; ROW];
        for (rank, row) in cells[..n * n].chunks_exact(n).enumerate() {
            fresh.rank_threats(self, rank, &mut threat[..n]);
            for (&v, &t) in row.iter().zip(&threat[..n]) {
                if v != 0 {
                    visit(v, distances(t));
                }
            }
        }
    }

    /// The tallies of every stack of `cells` (see [`Facts::each_stack`]).
    #[inline(always)]
    fn tally_all(&self, cells: &[i16], fresh: &Fresh) -> [Tally; 2] {
        let mut tally = [Tally::default(); 2];
        self.each_stack(cells, fresh, |v, k| {
            tally[usize::from(v < 0)].add(v.abs(), k, self.units[k]);
        });
        tally
    }

    /// [`Facts::retally`] by taking out and putting in the squares of the
    /// fresh lines, starting from `kept` (these facts' own); `None` when a
    /// side's tallest stacks are all gone, since which height is then its
    /// tallest takes a look at every stack.
    #[inline(always)]
    fn incremental(&self, kept: &Kept, cells: &[i16], fresh: &Fresh) -> Option<[Tally; 2]> {
        let n = self.n;
        // Copied a colour at a time: the whole array (112 bytes) was a
        // `memory.copy` in wasm, a call out of V8's code on every look.
        let mut tally = [kept.tally[0], kept.tally[1]];
        // Every stack is taken out before any is put in, so that the
        // tallest stacks are known to be gone only when they are: by line
        // looked at again (at most eight, each once), the squares whose
        // stacks are put in afterwards.
        let mut added = [0u32; 8];
        // The ranks and files looked at again, as bits.
        let (mut ranks, mut files) = (0u32, 0u32);
        for &line in &fresh.lines[..fresh.count] {
            if line < n {
                ranks |= 1 << line;
            } else {
                files |= 1 << (line - n);
            }
        }
        for ((&line, (_, row)), add) in fresh
            .lines
            .iter()
            .zip(&fresh.rows)
            .zip(&mut added)
            .take(fresh.count)
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
                let (old, new) = (kept.cells[sq], cells[sq]);
                if old == 0 && new == 0 {
                    continue;
                }
                // Threats counted only where they changed.
                let (was, now) = (self.threat_bits(sq), fresh.threat_bits(self, rank, file));
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
        for (&line, &add) in fresh.lines.iter().zip(&added).take(fresh.count) {
            let mut add = add;
            while add != 0 {
                let x = add.trailing_zeros() as usize;
                add &= add - 1;
                let (rank, file) = self.rank_file(line, x);
                let v = cells[rank * n + file];
                let k = distances(fresh.threat_bits(self, rank, file));
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

    /// Keeps a line's facts and its threats by square.
    fn keep(&mut self, line: usize, row: &LineFacts, threat: &[u16; ROW]) {
        self.lines[line] = *row;
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
    /// them are looked at again (`fresh` is scratch space for them).
    pub(crate) fn updated(&self, cells: &[i16], changed: &[usize], fresh: &mut Fresh) -> Facts {
        fresh.look(self, cells, changed);
        let fresh = &*fresh;
        let mut facts = self.clone();
        if let Some(kept) = &mut facts.kept {
            kept.tally = self.retally(cells, fresh);
            for &sq in changed {
                kept.cells[sq] = cells[sq];
            }
        }
        for (&line, (row, threat)) in fresh.lines.iter().zip(&fresh.rows).take(fresh.count) {
            facts.keep(line, row, threat);
        }
        facts
    }

    /// Line `line` of `cells` as a [`LineKey`], into `key` (all 0 before).
    /// Filled in place: a key returned by value was copied with 16-byte
    /// loads right after its 8-byte stores, which stalled V8's code (the
    /// stores cannot be forwarded to such loads).
    #[inline(always)]
    fn key(&self, cells: &[i16], line: usize, key: &mut LineKey) {
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
    fn line(
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
    fn square_of(&self, line: usize, x: usize) -> (usize, Store) {
        let (rank, file) = self.rank_file(line, x);
        let store = if line < self.n {
            Store::Rank
        } else {
            Store::File
        };
        (rank * self.n + file, store)
    }

    /// The rank and file of the x-th square of a line.
    #[inline(always)]
    fn rank_file(&self, line: usize, x: usize) -> (usize, usize) {
        if line < self.n {
            (line, x)
        } else {
            (x, line - self.n)
        }
    }

    /// The lines' mobility bits and prey rows joined over the board, with
    /// the lines in `fresh` looked at again.
    ///
    /// A function of its own: inlined into [`Facts::sides`], this loop of
    /// vector maxima made V8's code for the whole of `sides` slower. Apart,
    /// Hard's nodes per second in Chromium (whole games, standard) went
    /// from 1.23–1.24 · 0.81 · 0.54–0.55 M to 1.32–1.34 · 0.90–0.92 · 0.62 M
    /// on 8x8 · 16x16 · 26x26; native is the same either way. The site's
    /// module has no `joined` of its own all the same: `wasm-opt -O3`
    /// (`cargo xtask dist`, since before that measurement) inlines a
    /// function with one caller again, so the gain came from how LLVM
    /// compiles `sides` without the loop. Kept apart in the module too,
    /// Chromium was 2–4% faster on some boards and 2–4% slower on others
    /// (docs/ai.md, round 19).
    #[inline(never)]
    fn joined(&self, fresh: &Fresh) -> (u64, [[i16; MAX_FACES + 1]; 2]) {
        let mut mobility = 0u64;
        let mut prey = [[0i16; MAX_FACES + 1]; 2];
        for (line, base) in self.lines.iter().enumerate() {
            let f = match fresh.dirty[line] {
                CLEAN => base,
                k => &fresh.rows[usize::from(k)].0,
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
    /// squares in `changed`. `fresh` is scratch space, reused from call to
    /// call.
    pub(crate) fn sides(&self, cells: &[i16], changed: &[usize], fresh: &mut Fresh) -> [Side; 2] {
        let n = self.n;
        if changed.len() > 4 {
            // More than a turn changes: start afresh.
            return Facts::new(n, cells).sides(cells, &[], fresh);
        }
        fresh.look(self, cells, changed);
        let fresh = &*fresh;
        let (mobility, prey) = self.joined(fresh);
        let mut sides = if self.kept.is_none() {
            // A small board: every stack, counted in floats.
            let mut sides = [Side::default(); 2];
            self.each_stack(cells, fresh, |v, k| {
                sides[usize::from(v < 0)].add_stack(v.abs(), self.hit[k]);
            });
            sides
        } else {
            self.retally(cells, fresh).map(|t| t.side(&self.hit))
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

/// The lines through the squares a turn changed, looked at again: scratch
/// space kept by the caller and reused, since building it afresh for every
/// position evaluated (a kilobyte) cost a copy each time in wasm. It also
/// keeps the memo of lines looked at before (3 MB once used, so a search
/// keeps one `Fresh` for all its positions).
#[derive(Debug, Clone)]
pub(crate) struct Fresh {
    /// By line: its index in `rows`, or [`CLEAN`] if not looked at again.
    dirty: [u8; 2 * MAX_N],
    /// The lines looked at again, in order (`count` of them).
    lines: [usize; 8],
    /// Their facts and threats by square.
    rows: [(LineFacts, [u16; ROW]); 8],
    count: usize,
    /// The lines looked at before.
    memo: LineMemo,
}

/// The slots of a [`LineMemo`], as a power of two. Measured when the memo
/// came in, on the `think` positions (Hard, whole games, native): 2^11
/// slots found 82% of the lines looked at again, 2^13 93%, 2^14 95%;
/// nodes per second on 8x8 · 16x16 · 26x26 rose from 1.87 · 1.32 · 0.85 M
/// without a memo to 2.02 · 1.50 · 0.93 M with 2^11, 2.12 · 1.68 · 1.14 M
/// with 2^14, and fell again with 2^15 (1.82 · 1.39 · 1.03 M: 6.5 MB, past
/// the caches).
const MEMO_BITS: u32 = 14;

/// A line's signed heights, four to a word (square x in bits 16 (x % 4)
/// of word x / 4), 0 past the board's side, and the side in the last word
/// (squares 28 to 31, past the largest board).
type LineKey = [u64; ROW / 4];

/// Four signed heights as one word of a [`LineKey`].
#[inline(always)]
fn pack(four: [i16; 4]) -> u64 {
    four.iter()
        .enumerate()
        .fold(0, |w, (i, &v)| w | u64::from(v as u16) << (16 * i))
}

/// A line's facts and threats, kept with the squares they were found for:
/// three cache lines.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
struct Memo {
    /// The line's signed heights and the board's side (all 0: an empty
    /// slot).
    key: LineKey,
    facts: LineFacts,
    threat: [u16; ROW],
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
    slots: Vec<Memo>,
    bits: u32,
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
    fn slot(&mut self, n: usize, key: &LineKey) -> &mut Memo {
        if self.slots.is_empty() {
            self.slots = vec![Memo::default(); 1 << self.bits];
        }
        let mut h = n as u64;
        for &w in &key[..n.div_ceil(4)] {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        // The hash's top bits: the slots are a power of two, so a mask (a
        // remainder by the length was a division in V8's code, 7% of
        // `Facts::line` in wasm).
        let mask = self.slots.len() - 1;
        &mut self.slots[(h >> (64 - self.bits)) as usize & mask]
    }
}

impl Default for Fresh {
    /// No line looked at again.
    fn default() -> Fresh {
        Fresh {
            dirty: [CLEAN; 2 * MAX_N],
            lines: [0; 8],
            rows: [(LineFacts::default(), [0; ROW]); 8],
            count: 0,
            memo: LineMemo::default(),
        }
    }
}

impl Fresh {
    /// Looks again at the lines of `cells` through the squares in
    /// `changed` (at most four), each line once: a move's two squares share
    /// a line, a removal touches both lines of its square.
    #[inline(always)]
    fn look(&mut self, facts: &Facts, cells: &[i16], changed: &[usize]) {
        let n = facts.n;
        for &line in &self.lines[..self.count] {
            self.dirty[line] = CLEAN;
        }
        self.count = 0;
        for &sq in changed {
            for line in [sq / n, n + sq % n] {
                if self.dirty[line] == CLEAN {
                    let k = self.count;
                    let (row, threat) = &mut self.rows[k];
                    facts.line(cells, line, Some(&mut self.memo), row, threat);
                    self.dirty[line] = k as u8;
                    self.lines[k] = line;
                    self.count += 1;
                }
            }
        }
    }

    /// The threat bits of a square on the new board (see
    /// [`Facts::threat_bits`]).
    #[inline(always)]
    fn threat_bits(&self, facts: &Facts, rank: usize, file: usize) -> u16 {
        let n = facts.n;
        let sq = rank * n + file;
        let from_rank = match self.dirty[rank] {
            CLEAN => facts.threat_rank[sq],
            k => self.rows[usize::from(k)].1[file],
        };
        let from_file = match self.dirty[n + file] {
            CLEAN => facts.threat_file[sq],
            k => self.rows[usize::from(k)].1[rank],
        };
        from_rank | from_file
    }

    /// The threat bits of a rank's squares on the new board, from the rank
    /// and the files together (by file, into `out`): [`Fresh::threats`]
    /// for a whole rank, with each line's source looked up once.
    #[inline(always)]
    fn rank_threats(&self, facts: &Facts, rank: usize, out: &mut [u16]) {
        let n = facts.n;
        let at = rank * n..rank * n + n;
        let from_rank = match self.dirty[rank] {
            CLEAN => &facts.threat_rank[at.clone()],
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

/// The number of distances (bits) in a square's threats from its rank and
/// its file, joined.
#[inline]
fn distances(bits: u16) -> usize {
    (bits.count_ones() as usize).min(MAX_FACES)
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
    Facts::new(n, cells).sides(cells, &[], &mut Fresh::default())
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
                    if n < INCREMENTAL_FROM {
                        // Small boards count the stacks in floats in the
                        // same order: the same numbers, bit for bit.
                        assert_eq!(f, s, "{n}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_look_by_height_equals_the_look_pair_by_pair() {
        let mut rng = Rng::new(13);
        let mut by_height = 0;
        for n in 2..=MAX_N {
            let last = (n / 2).min(n - 1);
            for _ in 0..400 {
                // Sparse to full lines, with stacks of one to six heights
                // drawn from 1 to 40.
                let fill = rng.below(101);
                let pool: Vec<i16> = (0..1 + rng.below(6))
                    .map(|_| 1 + rng.below(40) as i16)
                    .collect();
                let mut heights = [0i16; ROW];
                let (mut black, mut green) = (0u32, 0u32);
                for (x, h) in heights.iter_mut().enumerate().take(n) {
                    if rng.below(100) < fill {
                        *h = pool[rng.index(pool.len())];
                        if rng.below(2) == 0 {
                            black |= 1 << x;
                        } else {
                            green |= 1 << x;
                        }
                    }
                }
                // Threat rows left over from another line: each pass
                // writes its whole row.
                let mut pairs = ([[0i16; MAX_FACES + 1]; 2], [u16::MAX; ROW]);
                enemy_pairs(&heights, black, green, last, &mut pairs.0, &mut pairs.1);
                let mut levels = ([[0i16; MAX_FACES + 1]; 2], [u16::MAX; ROW]);
                let mut distinct: Vec<i16> =
                    heights[..n].iter().copied().filter(|&h| h > 0).collect();
                distinct.sort_unstable();
                distinct.dedup();
                let looked = enemy_levels(
                    &heights,
                    black,
                    green,
                    last,
                    u32::MAX,
                    &mut levels.0,
                    &mut levels.1,
                );
                if looked {
                    by_height += 1;
                    assert_eq!(levels, pairs, "{n}: {heights:?} {black:b} {green:b}");
                } else {
                    assert!(distinct.len() > LEVELS, "{distinct:?}");
                }
            }
        }
        assert!(by_height > 5000, "{by_height}");
    }

    #[test]
    fn facts_after_a_turn_match_a_fresh_scan() {
        use diablo_core::{Edition, Position, TurnList};
        let mut rng = Rng::new(12);
        let mut list = TurnList::new();
        // One scratch for the whole test, as a search keeps one.
        let mut fresh = Fresh::default();
        // Small boards count every stack in floats, large ones
        // (INCREMENTAL_FROM up) keep integer tallies per side.
        for size in [4u32, 6, 8, 12, 16, 20, 26] {
            for edition in Edition::ALL {
                let mut pos = Position::start(size).expect("test size");
                // Long games on large boards: a sample of their positions.
                let every = if size >= 20 { 6 } else { 1 };
                let mut ply = 0;
                while !pos.is_finished() {
                    let n = usize::from(pos.size());
                    let facts = Facts::new(n, pos.cells());
                    let roll = rng.roll(pos.size());
                    pos.list_turns(edition, roll, &mut list).expect("in play");
                    ply += 1;
                    let step = if ply % every == 0 {
                        7 + list.len() / 200
                    } else {
                        usize::MAX
                    };
                    for t in list.iter().step_by(step) {
                        let changed: Vec<usize> = std::iter::once(t.first())
                            .chain(t.second())
                            .flat_map(|a| [usize::from(a.from), usize::from(a.to)])
                            .collect();
                        // The route of turns sharing a first action: the
                        // facts after it, then the second action's squares.
                        let first = pos.play_action_unchecked(t.first());
                        let after = facts.updated(pos.cells(), &changed[..2], &mut fresh);
                        pos.undo_action_unchecked(first);
                        let undo = pos.play_unchecked(t);
                        let fast = facts.sides(pos.cells(), &changed, &mut fresh);
                        let slow = scan_slow(n, pos.cells());
                        // The update is exact: the same as a fresh pair pass.
                        assert_eq!(fast, scan(n, pos.cells()), "{pos}");
                        assert_eq!(
                            after.sides(pos.cells(), &changed[2..], &mut fresh),
                            fast,
                            "{pos}"
                        );
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
    fn a_line_from_the_memo_equals_looking_at_it_again() {
        use diablo_core::{Edition, Position, TurnList};
        let mut rng = Rng::new(14);
        let mut list = TurnList::new();
        // Two slots: lines of every size keep evicting each other, and a
        // slot holding another line (or another side's) must not be used.
        let mut tiny = LineMemo {
            slots: Vec::new(),
            bits: 1,
        };
        let mut memo = LineMemo::default();
        let mut hits = 0;
        for size in [2u32, 4, 6, 8, 12, 16, 26, 8] {
            for edition in Edition::ALL {
                let mut pos = Position::start(size).expect("test size");
                while !pos.is_finished() {
                    let n = usize::from(pos.size());
                    let cells = pos.cells();
                    let facts = Facts::new(n, cells);
                    for line in 0..2 * n {
                        let mut plain = (LineFacts::default(), [0u16; ROW]);
                        facts.line(cells, line, None, &mut plain.0, &mut plain.1);
                        for memo in [&mut tiny, &mut memo] {
                            let mut key = [0u64; ROW / 4];
                            facts.key(cells, line, &mut key);
                            let slot = memo.slot(n, &key);
                            hits += usize::from(slot.key == key);
                            let mut got = (LineFacts::default(), [0u16; ROW]);
                            facts.line(cells, line, Some(memo), &mut got.0, &mut got.1);
                            assert_eq!(got, plain, "{pos} line {line}");
                        }
                    }
                    // Whole-board facts through the memo are the same too.
                    let mut fresh = Fresh {
                        memo: std::mem::take(&mut memo),
                        ..Fresh::default()
                    };
                    let through = Facts::new_in(n, cells, &mut fresh);
                    assert_eq!(through.lines, facts.lines);
                    assert_eq!(through.threat_rank, facts.threat_rank);
                    assert_eq!(through.threat_file, facts.threat_file);
                    memo = std::mem::take(&mut fresh.memo);
                    pos.list_turns(edition, rng.roll(pos.size()), &mut list)
                        .expect("in play");
                    let t = list.get(rng.index(list.len())).expect("a legal turn");
                    let _ = pos.play_unchecked(t);
                }
            }
        }
        // Most lines of a game do not change from one turn to the next.
        assert!(hits > 10_000, "{hits}");
        // The same squares on another side's board are another line (its
        // dice reach other distances): a slot kept for side 4 is not used
        // on 8x8.
        let mut cells = vec![0i16; 64];
        cells[..3].copy_from_slice(&[2, -1, 0]);
        let facts = Facts::new(8, &cells);
        let mut plain = (LineFacts::default(), [0u16; ROW]);
        facts.line(&cells, 0, None, &mut plain.0, &mut plain.1);
        let mut key = [0u64; ROW / 4];
        facts.key(&cells, 0, &mut key);
        let small = Facts::new(4, &cells[..16]);
        let mut four = (LineFacts::default(), [0u16; ROW]);
        small.line(&cells[..16], 0, None, &mut four.0, &mut four.1);
        assert_ne!(four, plain);
        let mut other = key;
        other[ROW / 4 - 1] = 4;
        *memo.slot(8, &key) = Memo {
            key: other,
            facts: four.0,
            threat: four.1,
        };
        let mut got = (LineFacts::default(), [0u16; ROW]);
        facts.line(&cells, 0, Some(&mut memo), &mut got.0, &mut got.1);
        assert_eq!(got, plain);
    }

    /// A 16x16 board (incremental tallies) with a few stacks, and the
    /// board after changing some squares.
    fn boards(stacks: &[(usize, i16)], changes: &[(usize, i16)]) -> (Vec<i16>, Vec<i16>) {
        let n = 16;
        let mut before = vec![0i16; n * n];
        for &(sq, v) in stacks {
            before[sq] = v;
        }
        let mut after = before.clone();
        for &(sq, v) in changes {
            after[sq] = v;
        }
        (before, after)
    }

    /// The tallies of `after` by taking out and putting in, if they can
    /// tell, checked against counting every stack when they do.
    fn incremental(before: &[i16], after: &[i16], changed: &[usize]) -> Option<[Tally; 2]> {
        let n = 16;
        let facts = Facts::new(n, before);
        let mut fresh = Fresh::default();
        fresh.look(&facts, after, changed);
        let kept = facts.kept.as_ref().expect("16x16 keeps tallies");
        let found = facts.incremental(kept, after, &fresh);
        let fresh_facts = Facts::new(n, after);
        if let Some(t) = found {
            assert_eq!(Some(t), fresh_facts.kept.map(|k| k.tally));
        }
        // Either way the facts equal a fresh scan's.
        assert_eq!(
            facts.sides(after, changed, &mut Fresh::default()),
            scan(n, after)
        );
        found
    }

    #[test]
    fn tallies_follow_a_turn_and_know_when_the_tallest_stack_is_gone() {
        // Black: a 4-stack on square 0 and singles; Green: a 2-stack and a
        // single on other lines.
        let stacks = [(0, 4), (5, 1), (40, 1), (100, -2), (200, -1)];
        // The 4-stack steps along its rank: still the tallest.
        let (a, b) = boards(&stacks, &[(0, 0), (3, 4)]);
        assert!(incremental(&a, &b, &[0, 3]).is_some());
        // It merges with the single on square 5: a new tallest, 5.
        let (a, b) = boards(&stacks, &[(0, 0), (5, 5)]);
        let t = incremental(&a, &b, &[0, 5]).expect("a taller stack is known");
        assert_eq!((t[0].tallest, t[0].stacks, t[0].checkers), (5, 2, 6));
        // Green's 2-stack is removed: Green's tallest is now unknown
        // without looking at every stack.
        let (a, b) = boards(&stacks, &[(100, 0)]);
        assert_eq!(incremental(&a, &b, &[100]), None);
        // Green's last stacks gone: known (no stacks, no height).
        let (a, b) = boards(&[(0, 4), (100, -2)], &[(100, 0)]);
        let t = incremental(&a, &b, &[100]).expect("no stacks is known");
        assert_eq!(t[1], Tally::default());
        // Green's 2-stack captures Black's single on square 5 (same rank
        // as the 4-stack, which now threatens it at distance 5).
        let (a, b) = boards(&[(0, 4), (5, 1), (37, -2)], &[(37, 0), (5, -2)]);
        let t = incremental(&a, &b, &[37, 5]).expect("Green's 2-stack moved");
        assert_eq!((t[0].stacks, t[1].tallest), (1, 2));
        assert!(t[1].exposure > 0);
    }

    #[test]
    fn expected_prey_of_a_single_target() {
        let mut prey = [0i16; MAX_FACES + 1];
        // A stack of 3 capturable at distance 2 on a 4-faced board: the
        // roll shows a 2 with chance 7/16.
        prey[2] = 3;
        assert!((expected_prey(&prey, 4) - 3.0 * 7.0 / 16.0).abs() < 1e-6);
    }

    #[test]
    fn expected_prey_equals_the_mean_over_every_pair_of_faces() {
        let mut rng = Rng::new(13);
        for faces in 1..=MAX_FACES {
            for _ in 0..200 {
                let mut prey = [0i16; MAX_FACES + 1];
                for p in &mut prey {
                    // Few distinct heights, so that ties are common.
                    *p = rng.below(4) as i16 * rng.below(3) as i16;
                }
                let mut total = 0i32;
                for a in 1..=faces {
                    for b in 1..=faces {
                        total += i32::from(prey[a].max(prey[b]));
                    }
                }
                let mean = total as f32 / (faces * faces) as f32;
                assert_eq!(
                    expected_prey(&prey, faces).to_bits(),
                    mean.to_bits(),
                    "{faces} {prey:?}"
                );
            }
        }
    }
}
