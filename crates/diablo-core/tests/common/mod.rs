//! Helpers shared by the integration tests: reading test literals, comparing
//! legal-turn lists as sets, and building random set-up positions.
//!
//! Test literals are written by hand, so a bad one is a bug in the test and
//! panics with the literal named.
#![allow(dead_code)]

use diablo_core::{Edition, Position, Roll, Turn};
use rand::RngExt;
use std::collections::BTreeSet;

/// Both editions, for tests that hold in each.
pub const EDITIONS: [Edition; 2] = [Edition::Standard, Edition::Sequenced];

/// A position from a code written in a test.
pub fn pos(code: &str) -> Position {
    code.parse()
        .unwrap_or_else(|e| panic!("test position code '{code}' is invalid: {e}"))
}

/// A roll written in a test.
pub fn roll(text: &str) -> Roll {
    text.parse()
        .unwrap_or_else(|e| panic!("test roll '{text}' is invalid: {e}"))
}

/// A turn written in a test.
pub fn turn(text: &str) -> Turn {
    text.parse()
        .unwrap_or_else(|e| panic!("test turn '{text}' is invalid: {e}"))
}

/// The legal turns as a set of strings; fails if the engine lists a turn twice.
pub fn legal_set(p: &Position, edition: Edition, r: Roll) -> BTreeSet<String> {
    let list = p
        .legal_turns(edition, r)
        .unwrap_or_else(|e| panic!("legal_turns({p}, {edition}, {r}) failed: {e}"));
    let set: BTreeSet<String> = list.iter().map(Turn::to_string).collect();
    assert_eq!(
        set.len(),
        list.len(),
        "duplicate turns listed for {p} {edition} {r}: {list:?}"
    );
    set
}

/// Checks the full set of legal turns against a hand-worked list, for the
/// roll as given and reversed (either die may be used first), and that every
/// listed turn plays.
pub fn assert_turns(code: &str, edition: Edition, roll_text: &str, expected: &[&str]) {
    let p = pos(code);
    let r = roll(roll_text);
    let want: BTreeSet<String> = expected.iter().map(|s| (*s).to_string()).collect();
    assert_eq!(want.len(), expected.len(), "expected list repeats a turn");
    for s in expected {
        assert_eq!(
            turn(s).to_string(),
            *s,
            "expected turn '{s}' is not in canonical form"
        );
    }
    let [a, b] = r.dice();
    let reversed = Roll::new(b, a).expect("dice of a valid roll are non-zero");
    for rr in [r, reversed] {
        let got = legal_set(&p, edition, rr);
        assert_eq!(got, want, "legal turns of {code} ({edition}, roll {rr})");
        for t in &got {
            if let Err(e) = p.play(edition, rr, &turn(t)) {
                panic!("listed turn '{t}' does not play on {code} ({edition}, {rr}): {e}");
            }
        }
    }
}

/// The position code after playing a turn that must be legal.
pub fn after(code: &str, edition: Edition, roll_text: &str, turn_text: &str) -> String {
    pos(code)
        .play(edition, roll(roll_text), &turn(turn_text))
        .unwrap_or_else(|e| panic!("'{turn_text}' on {code} ({edition}, {roll_text}): {e}"))
        .to_string()
}

/// The position code of a random set-up: an even size, random stacks (each
/// colour within N*N/2 checkers, both colours present), a random side with a
/// turn number of the right parity (turn 1 fairly often, to exercise the
/// balancing rule).
pub fn random_code(rng: &mut impl rand::Rng, size: usize) -> String {
    let max = size * size / 2;
    let fill: f64 = rng.random_range(0.1..0.9);
    let tall: f64 = rng.random_range(0.0..0.6);
    let mut cells = vec![0i32; size * size];
    let mut totals = [0usize; 2];
    for cell in cells.iter_mut() {
        if !rng.random_bool(fill) {
            continue;
        }
        let colour = rng.random_range(0..2usize);
        let height = if rng.random_bool(tall) {
            rng.random_range(2..=6)
        } else {
            1
        };
        let height = height.min(max - totals[colour]);
        if height == 0 {
            continue;
        }
        totals[colour] += height;
        let signed = height as i32;
        *cell = if colour == 0 { signed } else { -signed };
    }
    // Both colours must be on the board, or the game is already over.
    for (colour, sign) in [(0usize, 1i32), (1, -1)] {
        if totals[colour] == 0 {
            let empty: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
            let i = if empty.is_empty() {
                rng.random_range(0..cells.len())
            } else {
                empty[rng.random_range(0..empty.len())]
            };
            if cells[i] != 0 {
                let other = usize::from(colour == 0);
                totals[other] -= cells[i].unsigned_abs() as usize;
            }
            cells[i] = sign;
            totals[colour] = 1;
        }
    }
    let black = rng.random_bool(0.5);
    let turn: u32 = if black {
        if rng.random_bool(0.3) {
            1
        } else {
            2 * rng.random_range(1..60) + 1
        }
    } else {
        2 * rng.random_range(1..60)
    };
    format!(
        "{} {} {turn}",
        board_text(size, &cells),
        if black { 'b' } else { 'g' }
    )
}

/// The board field of a position code from signed heights by square index
/// (Black positive), written here without the engine.
pub fn board_text(size: usize, cells: &[i32]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..size).rev() {
        let mut text = String::new();
        for file in 0..size {
            let v = cells[rank * size + file];
            if v == 0 {
                text.push('.');
            } else {
                text.push(if v > 0 { 'b' } else { 'g' });
                if v.abs() > 1 {
                    text.push_str(&v.abs().to_string());
                }
            }
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// Every ordered roll for a board size.
pub fn ordered_rolls(size: u8) -> Vec<Roll> {
    let faces = size / 2;
    let mut out = Vec::new();
    for a in 1..=faces {
        for b in 1..=faces {
            out.push(Roll::new(a, b).expect("faces start at 1"));
        }
    }
    out
}
