//! What checking one new message costs the relay: `Game::advance` by one
//! message, over the links of whole games, at several sizes.
//!
//! `cargo run --release -p diablo-server --example advance_cost`
//!
//! Beside it, in the same run, the part of that check that reads the turn
//! index, both ways: the listing (every legal turn, then
//! `select_nth_unstable`, as the message path did before) and the count
//! (`Position::legal_turn_at`, as it does now), on the same positions and
//! rolls; and what a whole game's decode would cost with the listing
//! (the measured decode, less the counted reads, plus the listed ones).

#[path = "../tests/common/mod.rs"]
mod common;

use diablo_core::{Edition, Position, Roll, Turn};
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
            let (mut whole_listed_ns, mut whole_counted_ns) = (0u128, 0u128);
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
                let last = Game::decode(links.last().expect("a link")).expect("decodes");
                decode_ns += t.elapsed().as_nanos();
                let record = last.record();
                for (p, &(roll, turn)) in record.positions().iter().zip(record.turns()) {
                    let (l, c) = lookups(p, edition, roll, &turn);
                    whole_listed_ns += l;
                    whole_counted_ns += c;
                }
            }
            let turns: usize = all
                .iter()
                .map(|l| {
                    Game::decode(l.last().expect("a link"))
                        .expect("decodes")
                        .record()
                        .turns()
                        .len()
                })
                .sum();
            println!(
                "{size}x{size} {edition:?}: advance by one {:.0} µs, encode {:.0} µs; whole decode of a final link {:.1} ms ({n} links)",
                advance_ns as f64 / n as f64 / 1000.0,
                encode_ns as f64 / n as f64 / 1000.0,
                decode_ns as f64 / all.len() as f64 / 1e6,
            );
            let games = all.len() as f64;
            println!(
                "    read one index: listed {:.1} µs, counted {:.1} µs ({turns} turns); with the listing: advance by one {:.0} µs, whole decode {:.1} ms",
                whole_listed_ns as f64 / turns as f64 / 1000.0,
                whole_counted_ns as f64 / turns as f64 / 1000.0,
                (advance_ns as f64 - whole_counted_ns as f64 + whole_listed_ns as f64)
                    / n as f64
                    / 1000.0,
                (decode_ns as f64 - whole_counted_ns as f64 + whole_listed_ns as f64) / games / 1e6,
            );
        }
    }
}

/// Reads the index of `turn` back into a turn both ways, checking they
/// agree; returns the time of each (listing, counting), in nanoseconds.
fn lookups(p: &Position, edition: Edition, roll: Roll, turn: &Turn) -> (u128, u128) {
    let index = p
        .legal_turn_index(edition, roll, turn)
        .expect("a roll")
        .expect("a legal turn");
    let t = Instant::now();
    let mut list = p.legal_turns(edition, roll).expect("a roll");
    let i = usize::try_from(index).expect("an index");
    let listed = *list.select_nth_unstable(i).1;
    let l = t.elapsed().as_nanos();
    let t = Instant::now();
    let counted = p.legal_turn_at(edition, roll, index).expect("an index");
    let c = t.elapsed().as_nanos();
    assert_eq!(listed, counted);
    assert_eq!(&counted, turn);
    (l, c)
}
