//! Perft against published counts (shared testdata, copied into tests/data)
//! and against figures this engine derived, cross-checked by an independent
//! slow generator (see `independent.rs`).

use diablo_core::{Edition, Position, perft};

fn check_file(text: &str) {
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let edition: Edition = f[0].parse().expect("edition in data file");
        let size: u32 = f[1].parse().expect("size in data file");
        let depth: u32 = f[2].parse().expect("depth in data file");
        let want: u64 = f[3].parse().expect("count in data file");
        let start = Position::start(size).expect("size in data file");
        assert_eq!(perft(&start, edition, depth), want, "{line}");
        checked += 1;
    }
    assert!(checked > 0, "data file had no rows");
}

#[test]
fn published_small_counts() {
    check_file(include_str!("../../../tests/data/perft-small.txt"));
}

#[test]
fn derived_counts() {
    check_file(include_str!("../../../tests/data/perft-derived.txt"));
}

#[test]
fn finished_position_counts_one_at_any_depth() {
    // Section 9: a finished position counts 1, whatever the depth.
    let over: Position = "b./.. g 2".parse().expect("valid code");
    for edition in [Edition::Standard, Edition::Sequenced] {
        for depth in 0..4 {
            assert_eq!(perft(&over, edition, depth), 1);
        }
    }
}

#[test]
fn depth_one_is_the_sum_of_legal_turns_over_unordered_rolls() {
    // Section 9: rolls are unordered pairs; a set-up position off turn 1.
    let p: Position = "gbgb/bgbg/gbgb/bgbg b 3".parse().expect("valid code");
    for edition in [Edition::Standard, Edition::Sequenced] {
        let mut sum = 0;
        for (roll, _) in diablo_core::Roll::all_unordered(4) {
            sum += p.legal_turns(edition, roll).expect("in progress").len() as u64;
        }
        assert_eq!(perft(&p, edition, 1), sum, "{edition}");
    }
}

#[test]
fn counting_without_listing_agrees_with_the_list_along_random_games() {
    // perft's last ply is counted without listing (the second action's
    // moves corrected locally around the first move, a game-ending capture
    // counted as one turn); it must match the list on every position of
    // random games, endgames with a last lone stack included.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |k: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % k as u64) as usize
    };
    for size in [2u32, 4, 6, 8, 10] {
        for edition in [Edition::Standard, Edition::Sequenced] {
            for _game in 0..6 {
                let mut p = Position::start(size).expect("even size");
                while !p.is_finished() {
                    let mut sum = 0;
                    let rolls = diablo_core::Roll::all_unordered(p.size());
                    for (roll, _) in &rolls {
                        sum += p.legal_turns(edition, *roll).expect("in progress").len() as u64;
                    }
                    assert_eq!(perft(&p, edition, 1), sum, "{edition} {p}");
                    let (roll, _) = rolls[next(rolls.len())];
                    let list = p.legal_turns(edition, roll).expect("in progress");
                    p = p
                        .play(edition, roll, &list[next(list.len())])
                        .expect("listed turn plays");
                }
            }
        }
    }
}
