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

use crate::feature::FEATURES;
use diablo_core::{Color, Edition, Position};

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
        let mut values = Vec::with_capacity(count);
        for i in 0..count {
            let v = f32::from_le_bytes(word(2 + i)?);
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
        })
    }

    /// The net as the bytes [`Net::from_bytes`] reads.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 * (3 + self.w1.len() + 2 * self.hidden));
        for n in [self.inputs, self.hidden] {
            out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }
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
