//! What every part of the pass shares: the board's limits, the facts
//! about one colour ([`Side`]) and the chances of the dice.

/// Largest die face on the largest board (26 / 2).
pub(super) const MAX_FACES: usize = 13;

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
    pub(super) fn add_stack(&mut self, h: i16, hit: f32) {
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

/// Largest board side.
pub(super) const MAX_N: usize = 26;

/// The length of a line's per-square arrays: a power of two above
/// [`MAX_N`], so that an index masked to it needs no bounds check.
pub(super) const ROW: usize = 32;

// A line's key keeps the board's side past the squares (see
// `LineKey` in `line`).
const _: () = assert!(MAX_N <= ROW - 4);

/// The number of distances (bits) in a square's threats from its rank and
/// its file, joined.
#[inline]
pub(super) fn distances(bits: u16) -> usize {
    (bits.count_ones() as usize).min(MAX_FACES)
}
