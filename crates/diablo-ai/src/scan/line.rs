//! The pass over one line: steps, merges, captures and threats.

use super::common::{MAX_FACES, ROW};

/// A line's signed heights, four to a word (square x in bits 16 (x % 4)
/// of word x / 4), 0 past the board's side, and the side in the last word
/// (squares 28 to 31, past the largest board).
pub(super) type LineKey = [u64; ROW / 4];

/// Four signed heights as one word of a [`LineKey`].
#[inline(always)]
pub(super) fn pack(four: [i16; 4]) -> u64 {
    four.iter()
        .enumerate()
        .fold(0, |w, (i, &v)| w | u64::from(v as u16) << (16 * i))
}

/// What the pairs of squares on one line (a rank or a file) say.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct LineFacts {
    /// Colour c's "can move d" bits at `32c + d`, "can merge or capture d"
    /// bits at `32c + 16 + d`.
    pub(super) mobility: u64,
    /// By colour and distance: the tallest enemy stack capturable.
    pub(super) prey: [[i16; MAX_FACES + 1]; 2],
}

/// Looks at the pairs of one line of side `n`, whose signed heights `key`
/// holds (see [`LineKey`]). Returns the line's facts and fills `threat` by
/// square.
///
/// Works on the line's occupancy as bit masks: steps and merges come from
/// shifting them by each distance; only pairs of enemy stacks need their
/// heights compared.
#[inline(always)]
pub(super) fn scan_line(
    n: usize,
    faces: usize,
    key: &LineKey,
    out: &mut LineFacts,
    threat: &mut [u16; ROW],
) {
    // Kept in locals and written out once at the end: a struct zeroed in
    // place and read back at once stalls V8's code for wasm (a failed
    // store-to-load forwarding).
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
    // Indexed by distance: a loop over zipped prey rows was slower
    // natively and in wasm.
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
/// number of heights its stacks have (at most [`LEVELS`]): the point where
/// looking by height costs less than pair by pair (the costs measured are
/// in docs/results/ai.md). Either way the facts are the same.
const DENSE: u32 = 30;
const DENSE_BY_HEIGHT: u32 = 20;

/// See [`DENSE`].
pub(super) const LEVELS: usize = 4;

/// The captures between the enemy stacks of a line (bit x of `black`,
/// `green`: a stack of that colour on the line's x-th square, `heights` by
/// x) at distances 1 to `last`: fills `prey` (by colour and distance, the
/// tallest enemy stack capturable) and `threat` (by square, bit d: an enemy
/// stack at least as tall stands d squares away). Pair by pair, without
/// branches on the heights (which are as good as random).
#[inline(always)]
pub(super) fn enemy_pairs(
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
pub(super) fn enemy_levels(
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
