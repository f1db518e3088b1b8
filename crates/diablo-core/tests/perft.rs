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
