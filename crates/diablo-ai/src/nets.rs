//! The nets shipped with the AI module, by board size and edition, read
//! once from their bytes (`nets/*.bin`, written by `diablo-lab
//! net-train`). Sizes and editions without a net keep the weighted sum.

use crate::net::Net;
use diablo_core::Edition;
use std::sync::OnceLock;

/// One shipped net.
struct Shipped {
    size: u8,
    edition: Edition,
    /// The net's bytes ([`Net::from_bytes`]).
    bytes: &'static [u8],
    /// The calibration of its chances, `(shift, below, above)` as in the
    /// fits of `lib.rs`, fitted on held-out data.
    calibration: (f64, f64, f64),
}

/// The 4x4 net: 35 inputs, 64 hidden units, trained on both editions
/// (docs/results/ai.md, the learned evaluation).
const FOUR: &[u8] = include_bytes!("../nets/four.bin");

/// The shipped nets.
const SHIPPED: &[Shipped] = &[
    Shipped {
        size: 4,
        edition: Edition::Standard,
        bytes: FOUR,
        calibration: (-0.014, 1.018, 1.147),
    },
    Shipped {
        size: 4,
        edition: Edition::Sequenced,
        bytes: FOUR,
        calibration: (0.0, 1.0, 1.117),
    },
];

/// The learned evaluation shipped for a board size and edition, if any.
#[must_use]
pub fn shipped_net(size: u8, edition: Edition) -> Option<&'static Net> {
    static NETS: OnceLock<Vec<(u8, Edition, Net)>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|s| {
                Net::from_bytes(s.bytes)
                    .ok()
                    .map(|n| (s.size, s.edition, n))
            })
            .collect()
    });
    nets.iter()
        .find(|(s, e, _)| *s == size && *e == edition)
        .map(|(_, _, n)| n)
}

/// The calibration of the net shipped for a size and edition, if any.
pub(crate) fn shipped_calibration(size: u8, edition: Edition) -> Option<(f64, f64, f64)> {
    SHIPPED
        .iter()
        .find(|s| s.size == size && s.edition == edition)
        .map(|s| s.calibration)
}

#[cfg(test)]
mod tests {
    use super::SHIPPED;
    use crate::net::Net;

    #[test]
    fn every_shipped_net_reads() {
        for s in SHIPPED {
            assert!(Net::from_bytes(s.bytes).is_ok(), "{} {}", s.size, s.edition);
            let (_, below, above) = s.calibration;
            assert!(below > 0.0 && above > 0.0, "{} {}", s.size, s.edition);
        }
    }
}

/// Checking recorded values of the shipped nets: lines of `edition`,
/// position code and the `f32` bits of [`crate::evaluate_with`] in hex,
/// tab-separated (`tests/net_values.txt`; the native and the wasm tests
/// both check that file). An edition written `board-<edition>` names the
/// test board net of the position's size ([`test_board_net`]) instead of
/// the shipped one, so board nets are checked whether or not one ships.
pub mod net_values {
    use crate::{Net, Weights, evaluate_with, shipped_net};
    use diablo_core::{Edition, Position};

    /// The board net the recorded `board-` values come from: random
    /// weights, 32 hidden units, for a `size` board.
    #[must_use]
    pub fn test_board_net(size: u8) -> Net {
        Net::random_board(size, 32, 49)
    }

    /// Checks every line; the number of values checked.
    ///
    /// # Errors
    /// The first line that does not parse or whose value differs.
    pub fn check(text: &str) -> Result<usize, String> {
        let mut n = 0;
        for (i, line) in text.lines().enumerate() {
            let at = |what: String| format!("line {}: {what}", i + 1);
            let parts: Vec<&str> = line.split('\t').collect();
            let [edition, code, bits] = parts[..] else {
                return Err(at(format!("{} fields, not 3", parts.len())));
            };
            let (board, edition) = match edition.strip_prefix("board-") {
                Some(e) => (true, e),
                None => (false, edition),
            };
            let edition: Edition = edition.parse().map_err(|e| at(format!("{e:?}")))?;
            let pos: Position = code.parse().map_err(|e| at(format!("{e}")))?;
            let bits = u32::from_str_radix(bits, 16).map_err(|e| at(e.to_string()))?;
            let test_net;
            let net = if board {
                test_net = test_board_net(pos.size());
                &test_net
            } else {
                shipped_net(pos.size(), edition).ok_or_else(|| at("no net".into()))?
            };
            let v = evaluate_with(&pos, edition, &Weights::tuned(edition), Some(net));
            if v.to_bits() != bits {
                return Err(at(format!(
                    "{v} is not the recorded {}",
                    f32::from_bits(bits)
                )));
            }
            n += 1;
        }
        Ok(n)
    }
}
