//! The learned evaluation: a small network over the evaluation's features
//! and a few counts of the board, trained in `diablo-lab` (docs/ai.md,
//! training) and shipped as data.
//!
//! A [`Net`] maps the inputs of [`net_inputs`] (the first [`Net::inputs`] of
//! them) through one hidden layer of rectified units to the log-odds that
//! the player to move wins, the unit of [`crate::evaluate`], so it can stand
//! in for the weighted sum wherever the search evaluates a position. The
//! inputs' scaling is folded into the first layer when the net is written.
//!
//! Invariants: inference is plain `f32` arithmetic in a fixed order, so it
//! gives the same value natively and in wasm; a net never sees a finished
//! position (those are `±WIN` before it is asked).

use crate::board_net::{BoardLayer, MAX_HIDDEN, SQUARE_UNITS, clipped};
use crate::feature::FEATURES;
use diablo_core::{Color, Edition, Position};

/// The first bytes of a board net's file ([`Net::board`]).
const BOARD_MAGIC: &[u8; 4] = b"DBN2";

/// Stack heights counted one by one in [`net_inputs`]; taller stacks are
/// counted with the tallest of these.
pub const HEIGHT_BINS: usize = 8;

/// The most inputs a net can read: the features, the edition, and for each
/// player the number of its stacks of each height (1 ..= [`HEIGHT_BINS`],
/// the last one "or taller").
pub const NET_INPUTS: usize = FEATURES + 1 + 2 * HEIGHT_BINS;

/// A trained network: `inputs` inputs, `hidden` rectified units, one
/// output in log-odds.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    /// How many of [`net_inputs`]' values the net reads (a prefix).
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// First layer, `hidden` rows of `inputs` weights.
    pub w1: Vec<f32>,
    /// First layer's biases, one per hidden unit.
    pub b1: Vec<f32>,
    /// Output weights, one per hidden unit.
    pub w2: Vec<f32>,
    /// Output bias.
    pub b2: f32,
    /// A board net's board layer: then the net's output, over clipped
    /// units, is a correction added to the weighted sum
    /// ([`Net::correction`]), not the value itself.
    pub board: Option<BoardLayer>,
}

/// Why a net's data was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad net: {}", self.0)
    }
}

impl std::error::Error for NetError {}

impl Net {
    /// The net's value of `inputs` (from [`net_inputs`]): the log-odds that
    /// the player to move wins.
    #[must_use]
    pub fn logit(&self, inputs: &[f32; NET_INPUTS]) -> f32 {
        let x = &inputs[..self.inputs];
        let mut out = self.b2;
        for (h, row) in self.w1.chunks_exact(self.inputs).enumerate() {
            let mut acc = self.b1[h];
            for (w, v) in row.iter().zip(x) {
                acc += w * v;
            }
            if acc > 0.0 {
                out += self.w2[h] * acc;
            }
        }
        out
    }

    /// Reads a net from its little-endian bytes: `inputs`, `hidden` (u32),
    /// then `w1`, `b1`, `w2`, `b2` as f32 (the form [`Net::to_bytes`]
    /// writes and the AI module ships).
    ///
    /// # Errors
    /// When the sizes do not fit [`NET_INPUTS`] or the bytes, or a weight is
    /// not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.starts_with(BOARD_MAGIC) {
            return Net::board_from_bytes(bytes);
        }
        let word = |i: usize| -> Result<[u8; 4], NetError> {
            bytes
                .get(i * 4..i * 4 + 4)
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| NetError(format!("{} bytes end before word {i}", bytes.len())))
        };
        let inputs = u32::from_le_bytes(word(0)?) as usize;
        let hidden = u32::from_le_bytes(word(1)?) as usize;
        if inputs == 0 || inputs > NET_INPUTS {
            return Err(NetError(format!("{inputs} inputs, not 1..={NET_INPUTS}")));
        }
        if hidden == 0 || hidden > 4096 {
            return Err(NetError(format!("{hidden} hidden units, not 1..=4096")));
        }
        let count = hidden * inputs + 2 * hidden + 1;
        if bytes.len() != 4 * (2 + count) {
            return Err(NetError(format!(
                "{} bytes, not {} for {inputs} inputs and {hidden} hidden units",
                bytes.len(),
                4 * (2 + count)
            )));
        }
        Net::read_layers(&bytes[8..], inputs, hidden)
    }

    /// The `f32` layers `w1`, `b1`, `w2`, `b2` from `bytes` (exactly
    /// theirs), as a net without a board layer.
    fn read_layers(bytes: &[u8], inputs: usize, hidden: usize) -> Result<Net, NetError> {
        let mut values = Vec::with_capacity(bytes.len() / 4);
        for (i, b) in bytes.chunks_exact(4).enumerate() {
            let v = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            if !v.is_finite() {
                return Err(NetError(format!("weight {i} is not finite")));
            }
            values.push(v);
        }
        let b2 = values.pop().unwrap_or(0.0);
        let w2 = values.split_off(hidden * inputs + hidden);
        let b1 = values.split_off(hidden * inputs);
        Ok(Net {
            inputs,
            hidden,
            w1: values,
            b1,
            w2,
            b2,
            board: None,
        })
    }

    /// Appends the `f32` layers as [`Net::read_layers`] reads them.
    fn write_layers(&self, out: &mut Vec<u8>) {
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
    }

    /// The net as the bytes [`Net::from_bytes`] reads.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        if let Some(board) = &self.board {
            return self.board_to_bytes(board);
        }
        let mut out = Vec::with_capacity(4 * (3 + self.w1.len() + 2 * self.hidden));
        for n in [self.inputs, self.hidden] {
            out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        }
        self.write_layers(&mut out);
        out
    }
}

impl Net {
    /// A board net's correction to the weighted sum's log-odds, from its
    /// dense inputs (a prefix of [`net_inputs`]) and the board's first-layer
    /// sums ([`BoardLayer::sums`], seen from the mover). 0 for a net
    /// without a board layer.
    #[must_use]
    pub fn correction(&self, dense: &[f32; NET_INPUTS], sums: &[i32]) -> f32 {
        let Some(board) = &self.board else {
            return 0.0;
        };
        let inv = 1.0 / (4.0 * board.scale);
        let x = &dense[..self.inputs];
        let mut out = self.b2;
        for (h, row) in self.w1.chunks_exact(self.inputs).enumerate() {
            let mut acc = self.b1[h];
            for (w, v) in row.iter().zip(x) {
                acc += w * v;
            }
            acc += sums.get(h).copied().unwrap_or(0) as f32 * inv;
            out += self.w2[h] * clipped(acc);
        }
        out
    }

    /// A board net from its bytes: `DBN2`, then size, inputs, hidden (u32),
    /// the board scale, `w1`, `b1`, `w2`, `b2` (f32), the board weights
    /// (i16), and an FNV-1a checksum (u32) of all that came before, all
    /// little-endian.
    fn board_from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let (body, sum) = bytes
            .split_last_chunk::<4>()
            .ok_or_else(|| NetError(format!("{} bytes: no checksum", bytes.len())))?;
        if fnv1a(body) != u32::from_le_bytes(*sum) {
            return Err(NetError(
                "the checksum does not match: the file is torn or changed".into(),
            ));
        }
        let word = |i: usize| -> Result<[u8; 4], NetError> {
            body.get(4 + i * 4..8 + i * 4)
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| NetError(format!("{} bytes end before word {i}", bytes.len())))
        };
        let size = u32::from_le_bytes(word(0)?) as usize;
        let inputs = u32::from_le_bytes(word(1)?) as usize;
        let hidden = u32::from_le_bytes(word(2)?) as usize;
        if !(2..=26).contains(&size) || size % 2 != 0 {
            return Err(NetError(format!("board size {size}, not even in 2..=26")));
        }
        if inputs == 0 || inputs > NET_INPUTS {
            return Err(NetError(format!("{inputs} inputs, not 1..={NET_INPUTS}")));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetError(format!(
                "{hidden} hidden units, not 1..={MAX_HIDDEN}"
            )));
        }
        let scale = f32::from_le_bytes(word(3)?);
        if !scale.is_finite() || scale <= 0.0 {
            return Err(NetError(format!("board scale {scale} is not positive")));
        }
        let count = hidden * inputs + 2 * hidden + 1;
        let board = size * size * SQUARE_UNITS * hidden;
        let want = 4 * (5 + count) + 2 * board;
        if body.len() != want {
            return Err(NetError(format!(
                "{} bytes, not {} for a {size}x{size} board net of {inputs} inputs and {hidden} hidden units",
                bytes.len(),
                want + 4
            )));
        }
        let at = 4 * (5 + count);
        let mut net = Net::read_layers(&body[20..at], inputs, hidden)?;
        let w = body[at..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        net.board = Some(BoardLayer {
            size: size as u8,
            scale,
            w,
        });
        Ok(net)
    }

    fn board_to_bytes(&self, board: &BoardLayer) -> Vec<u8> {
        let mut out = BOARD_MAGIC.to_vec();
        for n in [usize::from(board.size), self.inputs, self.hidden] {
            out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        }
        out.extend_from_slice(&board.scale.to_le_bytes());
        self.write_layers(&mut out);
        for w in &board.w {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}

impl Net {
    /// A board net of random weights for a `size` board, for tests and as
    /// a training start (the inputs are the features and the edition).
    #[doc(hidden)]
    #[must_use]
    pub fn random_board(size: u8, hidden: usize, seed: u64) -> Net {
        let mut rng = crate::Rng::new(seed);
        let mut uniform = |scale: f32| (rng.below(2_000_001) as f32 / 1e6 - 1.0) * scale;
        let inputs = FEATURES + 1;
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let squares = usize::from(size) * usize::from(size);
        Net {
            inputs,
            hidden,
            w1: (0..hidden * inputs).map(|_| uniform(0.3)).collect(),
            b1: (0..hidden).map(|_| uniform(0.5) + 0.5).collect(),
            w2: (0..hidden).map(|_| uniform(0.5)).collect(),
            b2: uniform(0.1),
            board: Some(BoardLayer {
                size,
                scale: 256.0,
                w: (0..squares * SQUARE_UNITS * hidden)
                    .map(|_| uniform(60.0) as i16)
                    .collect(),
            }),
        }
    }
}

/// FNV-1a, 32 bits: the board net file's checksum.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The inputs of a net for `pos` (in play) with its evaluation `features`
/// (from the mover's side): the features, 1 for the sequenced edition (else
/// 0), then the mover's and the waiter's stacks by height.
#[must_use]
pub fn net_inputs(
    pos: &Position,
    edition: Edition,
    features: &[f32; FEATURES],
) -> [f32; NET_INPUTS] {
    let mut x = [0.0; NET_INPUTS];
    x[..FEATURES].copy_from_slice(features);
    x[FEATURES] = f32::from(u8::from(edition == Edition::Sequenced));
    let black_moves = pos.side_to_move() == Color::Black;
    let base = FEATURES + 1;
    for &c in pos.cells() {
        if c == 0 {
            continue;
        }
        let mine = (c > 0) == black_moves;
        let bin = usize::from(c.unsigned_abs()).min(HEIGHT_BINS) - 1;
        x[base + usize::from(!mine) * HEIGHT_BINS + bin] += 1.0;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Net {
        Net {
            inputs: 2,
            hidden: 2,
            w1: vec![1.0, -1.0, 0.5, 0.5],
            b1: vec![0.0, -1.0],
            w2: vec![2.0, 3.0],
            b2: 0.25,
            board: None,
        }
    }

    #[test]
    fn bytes_round_trip_and_bad_bytes_are_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Net::from_bytes(&[]).is_err());
        let mut nan = bytes.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Net::from_bytes(&nan).is_err());
        let mut wide = bytes;
        wide[..4].copy_from_slice(&999u32.to_le_bytes());
        assert!(Net::from_bytes(&wide).is_err());
    }

    #[test]
    fn a_board_net_round_trips_and_a_torn_or_changed_file_is_refused() {
        let net = Net::random_board(6, 16, 5);
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        for cut in [1, 2, 100, bytes.len() - 8] {
            let e = Net::from_bytes(&bytes[..bytes.len() - cut]).expect_err("torn");
            assert!(e.0.contains("checksum"), "{e}");
        }
        let mut changed = bytes.clone();
        changed[40] ^= 1;
        assert!(Net::from_bytes(&changed).is_err());
        // A wrong size with a right checksum: refused by its length.
        let mut body = bytes[..bytes.len() - 4].to_vec();
        body[4..8].copy_from_slice(&8u32.to_le_bytes());
        let sum = fnv1a(&body);
        body.extend_from_slice(&sum.to_le_bytes());
        let e = Net::from_bytes(&body).expect_err("wrong size");
        assert!(e.0.contains("8x8"), "{e}");
    }

    #[test]
    fn a_board_net_corrects_the_weighted_sum_and_zero_output_is_no_change() {
        let pos: Position = "b3.../..g./.g2../b.b. b 5".parse().expect("code");
        let w = crate::Weights::default();
        let plain = crate::evaluate(&pos, &w);
        let mut net = Net::random_board(4, 8, 9);
        let with = crate::evaluate_with(&pos, Edition::Standard, &w, Some(&net));
        assert_ne!(with, plain);
        net.w2.iter_mut().for_each(|v| *v = 0.0);
        net.b2 = 0.0;
        let zero = crate::evaluate_with(&pos, Edition::Standard, &w, Some(&net));
        assert_eq!(zero.to_bits(), plain.to_bits());
        // Another size: no correction.
        let other = Net::random_board(6, 8, 9);
        let v = crate::evaluate_with(&pos, Edition::Standard, &w, Some(&other));
        assert_eq!(v.to_bits(), plain.to_bits());
    }

    #[test]
    fn logit_is_a_rectified_layer() {
        let mut x = [0.0; NET_INPUTS];
        x[0] = 3.0;
        x[1] = 1.0;
        // Unit 0: 3 - 1 = 2 (x2); unit 1: 1.5 + 0.5 - 1 = 1 (x3).
        assert!((tiny().logit(&x) - (0.25 + 4.0 + 3.0)).abs() < 1e-6);
        x[0] = -3.0;
        // Both units off.
        assert!((tiny().logit(&x) - 0.25).abs() < 1e-6);
    }

    #[test]
    fn inputs_count_stacks_by_height_from_the_mover_side() {
        let pos: Position = "b3.../..g./.g2../b.b. b 5".parse().expect("code");
        // Any features: they are copied first, whatever they are.
        let f: [f32; FEATURES] = std::array::from_fn(|i| i as f32 + 0.5);
        let x = net_inputs(&pos, Edition::Sequenced, &f);
        assert_eq!(x[..FEATURES], f);
        assert_eq!(x[FEATURES], 1.0);
        let mine = &x[FEATURES + 1..FEATURES + 1 + HEIGHT_BINS];
        let theirs = &x[FEATURES + 1 + HEIGHT_BINS..];
        assert_eq!(mine, &[2.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(theirs, &[1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    }
}
