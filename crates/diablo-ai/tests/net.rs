//! The shipped nets give the values written in `net_values.txt` (made
//! natively; the wasm tests of `diablo-wasm-ai` check the same file in
//! Chromium, so wasm and native agree bit for bit), and every size and
//! edition without a net keeps the weighted sum.
//!
//! After a new net is shipped, write the file again with
//! `DIABLO_BLESS_NET=1 cargo test -p diablo-ai --test net`.

mod common;

use common::random_position;
use diablo_ai::{Rng, Weights, evaluate, evaluate_with, net_values, shipped_net};
use diablo_core::{Edition, Position};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/net_values.txt");

#[test]
fn shipped_nets_give_the_recorded_values() {
    if std::env::var_os("DIABLO_BLESS_NET").is_some() {
        let mut rng = Rng::new(37);
        let mut text = String::new();
        for size in 2..=26u32 {
            if size % 2 != 0 {
                continue;
            }
            for edition in Edition::ALL {
                if shipped_net(size as u8, edition).is_none() {
                    continue;
                }
                for k in 0..12 {
                    let pos = random_position(size, edition, 2 + 3 * k, &mut rng);
                    let v = evaluate_with(
                        &pos,
                        edition,
                        &Weights::tuned(edition),
                        shipped_net(size as u8, edition),
                    );
                    text.push_str(&format!("{edition}\t{pos}\t{:08x}\n", v.to_bits()));
                }
            }
        }
        // Board nets, shipped or not: the test nets of 6x6 and 8x8.
        for size in [6u32, 8] {
            let net = net_values::test_board_net(size as u8);
            for edition in Edition::ALL {
                for k in 0..8 {
                    let pos = random_position(size, edition, 2 + 3 * k, &mut rng);
                    let v = evaluate_with(&pos, edition, &Weights::tuned(edition), Some(&net));
                    text.push_str(&format!("board-{edition}\t{pos}\t{:08x}\n", v.to_bits()));
                }
            }
        }
        std::fs::write(FILE, text).expect("write net_values.txt");
    }
    let text = std::fs::read_to_string(FILE).expect("net_values.txt");
    let checked = net_values::check(&text).expect("every recorded value agrees");
    // Every shipped net is covered.
    let shipped = (2..=26u8)
        .step_by(2)
        .flat_map(|s| Edition::ALL.map(|e| (s, e)))
        .filter(|&(s, e)| shipped_net(s, e).is_some())
        .count();
    assert!(
        checked >= 12 * shipped + 32,
        "{checked} values for {shipped} nets and the test board nets"
    );
}

#[test]
fn a_wrong_recorded_value_is_found() {
    let text = std::fs::read_to_string(FILE).expect("net_values.txt");
    let Some(line) = text.lines().next() else {
        return assert!(shipped_net(6, Edition::Standard).is_none());
    };
    let mut parts: Vec<&str> = line.split('\t').collect();
    let flipped = format!(
        "{:08x}",
        u32::from_str_radix(parts[2], 16).expect("hex") ^ 1
    );
    parts[2] = &flipped;
    assert!(net_values::check(&parts.join("\t")).is_err());
}

#[test]
fn sizes_without_a_net_keep_the_weighted_sum() {
    let mut rng = Rng::new(5);
    for size in [4u32, 12, 26] {
        for edition in Edition::ALL {
            if shipped_net(size as u8, edition).is_some() {
                continue;
            }
            let pos: Position = random_position(size, edition, 5, &mut rng);
            let w = Weights::tuned(edition);
            assert_eq!(
                evaluate_with(&pos, edition, &w, shipped_net(size as u8, edition)),
                evaluate(&pos, &w)
            );
        }
    }
}
