//! What checking one new message costs the relay: `Game::advance` by one
//! message, over the links of whole games, at several sizes.
//!
//! `cargo run --release -p diablo-server --example advance_cost`

#[path = "../tests/common/mod.rs"]
mod common;

use diablo_core::Edition;
use diablo_corr::Game;
use std::time::Instant;

fn main() {
    for (size, games) in [(6, 40), (8, 40), (16, 4), (26, 1)] {
        for edition in [Edition::Standard, Edition::Sequenced] {
            let mut all = Vec::new();
            for k in 0..games {
                let mut duel = common::Duel::new(size, edition, 500 + k);
                let mut links = vec![duel.invitation.clone(), duel.link()];
                while duel.step() && links.len() < 400 {
                    links.push(duel.link());
                }
                all.push(links);
            }
            let (mut n, mut decode_ns, mut advance_ns, mut encode_ns) = (0u64, 0u128, 0u128, 0u128);
            for links in &all {
                let mut held = Game::decode(&links[0]).expect("decodes");
                for l in &links[1..] {
                    let t = Instant::now();
                    let p = held.advance(l);
                    advance_ns += t.elapsed().as_nanos();
                    assert!(p.is_ok());
                    let t = Instant::now();
                    let _ = held.encode();
                    encode_ns += t.elapsed().as_nanos();
                    n += 1;
                }
                let t = Instant::now();
                let _ = Game::decode(links.last().expect("a link"));
                decode_ns += t.elapsed().as_nanos();
            }
            println!(
                "{size}x{size} {edition:?}: advance by one {:.0} µs, encode {:.0} µs; whole decode of a final link {:.1} ms ({n} links)",
                advance_ns as f64 / n as f64 / 1000.0,
                encode_ns as f64 / n as f64 / 1000.0,
                decode_ns as f64 / all.len() as f64 / 1e6,
            );
        }
    }
}
