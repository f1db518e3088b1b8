//! The nets shipped with the AI module, by board size and edition, read
//! once from their bytes (`nets/*.bin`, written by `diablo-lab
//! net-train`). Sizes and editions without a net keep the weighted sum.

use crate::net::Net;
use diablo_core::Edition;
use std::sync::OnceLock;

/// The shipped nets: board size, edition, bytes.
const SHIPPED: &[(u8, Edition, &[u8])] = &[];

/// The learned evaluation shipped for a board size and edition, if any.
#[must_use]
pub fn shipped_net(size: u8, edition: Edition) -> Option<&'static Net> {
    static NETS: OnceLock<Vec<(u8, Edition, Net)>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|&(s, e, bytes)| Net::from_bytes(bytes).ok().map(|n| (s, e, n)))
            .collect()
    });
    nets.iter()
        .find(|(s, e, _)| *s == size && *e == edition)
        .map(|(_, _, n)| n)
}

#[cfg(test)]
mod tests {
    use super::SHIPPED;
    use crate::net::Net;

    #[test]
    fn every_shipped_net_reads() {
        for (size, edition, bytes) in SHIPPED {
            assert!(Net::from_bytes(bytes).is_ok(), "{size} {edition}");
        }
    }
}
