//! `Position::legal_turn_at` and `Position::legal_turn_index` against the
//! listing (`legal_turns`, sorted): on every even size from 2 to 26, both
//! editions, from random set-ups, from positions along random games, and
//! from positions where no move exists (turns of two removals), every
//! index maps to the turn the sorted listing puts there and back, the
//! count is the listing's length, an index at or past the count is refused
//! with that count, and a turn that is not legal has no index.
//!
//! Seeded, so a failure reproduces.

mod common;

use common::{EDITIONS, pos, random_code};
use diablo_core::{Action, Edition, Position, Roll, Turn, TurnIndexError};
use rand::{RngExt, SeedableRng, rngs::StdRng};

/// Lists longer than this are checked at this many random indices (and
/// both ends) rather than at every index.
const ALL_INDICES: usize = 400;

#[derive(Default)]
struct Tally {
    cases: usize,
    indices: usize,
    removal_pairs: usize,
}

fn check(p: &Position, edition: Edition, roll: Roll, rng: &mut StdRng, tally: &mut Tally) {
    let Ok(mut list) = p.legal_turns(edition, roll) else {
        let err = p.legal_turn_at(edition, roll, 0).expect_err("no turns");
        assert!(matches!(err, TurnIndexError::Play(_)), "{p} {roll}");
        return;
    };
    list.sort();
    let len = list.len();
    let ctx = || format!("{p} {edition} {roll}");
    assert_eq!(
        p.legal_turn_count(edition, roll),
        Ok(len as u64),
        "{}",
        ctx()
    );
    tally.cases += 1;
    if list
        .first()
        .is_some_and(|t| t.first().is_removal() && t.len() == 2)
    {
        tally.removal_pairs += 1;
    }
    let indices: Vec<usize> = if len <= ALL_INDICES {
        (0..len).collect()
    } else {
        let mut v: Vec<usize> = (0..ALL_INDICES).map(|_| rng.random_range(0..len)).collect();
        v.extend([0, 1, len - 2, len - 1]);
        v
    };
    for i in indices {
        let at = p.legal_turn_at(edition, roll, i as u64);
        assert_eq!(at.as_ref(), Ok(&list[i]), "index {i} in {}", ctx());
        assert_eq!(
            p.legal_turn_index(edition, roll, &list[i]),
            Ok(Some(i as u64)),
            "turn {} in {}",
            list[i],
            ctx()
        );
        tally.indices += 1;
    }
    for past in [len as u64, len as u64 + 1, u64::from(u32::MAX), u64::MAX] {
        assert_eq!(
            p.legal_turn_at(edition, roll, past),
            Err(TurnIndexError::OutOfRange {
                index: past,
                count: len as u64
            }),
            "{}",
            ctx()
        );
    }
    // Turns that are not legal: each listed turn with its actions swapped
    // or cut short, and a removal or move that may not be legal here.
    for t in list.iter().take(40) {
        let variants: Vec<Turn> = match t.second() {
            Some(s) => vec![
                Turn::single(t.first()),
                Turn::pair(s, t.first()),
                Turn::pair(t.first(), t.first()),
            ],
            None => vec![Turn::pair(t.first(), t.first())],
        };
        for v in variants {
            let expected = list.binary_search(&v).ok().map(|i| i as u64);
            assert_eq!(
                p.legal_turn_index(edition, roll, &v),
                Ok(expected),
                "{v} in {}",
                ctx()
            );
        }
    }
    let n = p.size();
    let sq = |rng: &mut StdRng| {
        diablo_core::Square::new(
            rng.random_range(0..n.min(26)),
            rng.random_range(0..n.min(26)),
        )
        .expect("on the board")
    };
    for _ in 0..8 {
        let a = Action::Remove(sq(rng));
        let b = Action::Move {
            from: sq(rng),
            to: sq(rng),
        };
        for v in [
            Turn::single(a),
            Turn::pair(a, sq_remove(rng, n)),
            Turn::single(b),
            Turn::pair(b, a),
        ] {
            let expected = list.binary_search(&v).ok().map(|i| i as u64);
            assert_eq!(
                p.legal_turn_index(edition, roll, &v),
                Ok(expected),
                "{v} in {}",
                ctx()
            );
        }
    }
}

fn sq_remove(rng: &mut StdRng, n: u8) -> Action {
    Action::Remove(
        diablo_core::Square::new(rng.random_range(0..n), rng.random_range(0..n)).expect("on board"),
    )
}

fn random_roll(rng: &mut StdRng, size: u8) -> Roll {
    let faces = size / 2;
    Roll::new(rng.random_range(1..=faces), rng.random_range(1..=faces)).expect("a roll")
}

/// A position where the side to move has no move with `roll`: a few own
/// stacks, every square a die away from them held by a taller enemy.
fn no_move_code(rng: &mut StdRng, size: usize, roll: Roll) -> Option<String> {
    let max = size * size / 2;
    let black = rng.random_bool(0.5);
    let mut own: Vec<usize> = (0..rng.random_range(1..=8))
        .map(|_| rng.random_range(0..size * size))
        .collect();
    own.sort_unstable();
    own.dedup();
    let near = |i: usize| {
        let (f, r) = (i % size, i / size);
        let mut v = Vec::new();
        for d in roll.dice() {
            let d = usize::from(d);
            if f + d < size {
                v.push(i + d);
            }
            if f >= d {
                v.push(i - d);
            }
            if r + d < size {
                v.push(i + d * size);
            }
            if r >= d {
                v.push(i - d * size);
            }
        }
        v
    };
    // Own stacks a die apart could merge: keep the first of each such pair.
    let mut kept: Vec<usize> = Vec::new();
    for &i in &own {
        if !kept.iter().any(|&k| near(k).contains(&i)) {
            kept.push(i);
        }
    }
    let mut cells = vec![0i32; size * size];
    let heights = [1, 1, 2, 2, 3, 3, 3];
    let mut own_total = 0;
    for &i in &kept {
        let h = heights[rng.random_range(0..heights.len())];
        cells[i] = h;
        own_total += h as usize;
    }
    if own_total > max {
        return None;
    }
    let mut enemy_total = 0;
    for &i in &kept {
        for t in near(i) {
            if cells[t] == 0 {
                cells[t] = -4;
                enemy_total += 4;
            }
        }
    }
    if enemy_total == 0 {
        // No square a die away: the enemy needs one checker somewhere.
        let empty: Vec<usize> = (0..size * size).filter(|&i| cells[i] == 0).collect();
        if empty.is_empty() {
            return None;
        }
        cells[empty[rng.random_range(0..empty.len())]] = -1;
        enemy_total = 1;
    }
    if enemy_total > max {
        return None;
    }
    if !black {
        for c in &mut cells {
            *c = -*c;
        }
    }
    let turn: u32 = if black {
        2 * rng.random_range(1..60) + 1
    } else {
        2 * rng.random_range(1..60)
    };
    Some(format!(
        "{} {} {turn}",
        common::board_text(size, &cells),
        if black { 'b' } else { 'g' }
    ))
}

#[test]
fn indices_match_the_sorted_listing_on_every_size() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut tally = Tally::default();
    for size in (2..=26u8).step_by(2) {
        let big = size > 16;
        for edition in EDITIONS {
            // Random set-ups.
            for _ in 0..if big { 8 } else { 30 } {
                let p = pos(&random_code(&mut rng, usize::from(size)));
                let roll = random_roll(&mut rng, size);
                check(&p, edition, roll, &mut rng, &mut tally);
            }
            // Along a random game from the start (its end is mostly
            // removals).
            let mut p = Position::start(u32::from(size)).expect("a size");
            let mut ply = 0;
            while !p.is_finished() && ply < if big { 300 } else { 2000 } {
                let roll = random_roll(&mut rng, size);
                if ply % if big { 25 } else { 5 } == 0 || p.stack_count(p.side_to_move()) < 4 {
                    check(&p, edition, roll, &mut rng, &mut tally);
                }
                let turns = p.legal_turns(edition, roll).expect("turns");
                let t = turns[rng.random_range(0..turns.len())];
                p = p.play(edition, roll, &t).expect("plays");
                ply += 1;
            }
            // No move at all: two removals.
            for _ in 0..30 {
                let roll = random_roll(&mut rng, size);
                if let Some(code) = no_move_code(&mut rng, usize::from(size), roll) {
                    check(&pos(&code), edition, roll, &mut rng, &mut tally);
                }
            }
        }
    }
    println!(
        "{} cases, {} indices, {} with two removals",
        tally.cases, tally.indices, tally.removal_pairs
    );
    assert!(tally.cases > 1000, "{}", tally.cases);
    assert!(tally.removal_pairs > 300, "{}", tally.removal_pairs);
}

#[test]
fn small_examples() {
    // The 4x4 start, 2,1: 40 turns; the first and last in Turn's order.
    let p = Position::start(4).expect("4x4");
    let roll: Roll = "2,1".parse().expect("roll");
    for edition in EDITIONS {
        let mut list = p.legal_turns(edition, roll).expect("turns");
        list.sort();
        for (i, t) in list.iter().enumerate() {
            assert_eq!(p.legal_turn_at(edition, roll, i as u64).as_ref(), Ok(t));
        }
    }
    let err = p
        .legal_turn_at(Edition::Standard, roll, 40)
        .expect_err("past the end");
    assert_eq!(
        err.to_string(),
        "turn number 41 of 40 legal turns does not exist"
    );
}
