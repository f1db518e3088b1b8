//! Checks of the facts against plain ways of finding them.

use super::common::{MAX_FACES, MAX_N, ROW};
use super::facts::INCREMENTAL_FROM;
use super::line::{LEVELS, LineFacts, enemy_levels, enemy_pairs};
use super::memo::{LineMemo, Memo};
use super::tally::Tally;
use super::*;
use crate::rng::Rng;

/// The same facts by the plain route: from every stack, look out in
/// four directions.
fn scan_slow(n: usize, cells: &[i16]) -> [Side; 2] {
    let faces = n / 2;
    let mut sides = [Side::default(); 2];
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let me = usize::from(v < 0);
        let h = v.abs();
        let (file, rank) = (i % n, i / n);
        let mut threats = 0u32;
        let s = &mut sides[me];
        for d in 1..=faces {
            let mut targets = Vec::new();
            if file + d < n {
                targets.push(i + d);
            }
            if file >= d {
                targets.push(i - d);
            }
            if rank + d < n {
                targets.push(i + d * n);
            }
            if rank >= d {
                targets.push(i - d * n);
            }
            for t in targets {
                let tv = cells[t];
                let bit = 1u32 << d;
                if tv == 0 {
                    s.moves |= bit;
                } else if (tv < 0) == (v < 0) {
                    s.moves |= bit;
                    s.acts |= bit;
                } else {
                    if tv.abs() <= h {
                        s.moves |= bit;
                        s.acts |= bit;
                        s.prey[d] = s.prey[d].max(tv.abs());
                    }
                    if tv.abs() >= h {
                        threats |= bit;
                    }
                }
            }
        }
        s.add_stack(h, hit_chance(faces as u32, threats.count_ones()));
    }
    sides
}

#[test]
fn hit_chance_of_two_dice() {
    assert!((hit_chance(4, 1) - 7.0 / 16.0).abs() < 1e-6);
    assert!((hit_chance(3, 2) - 8.0 / 9.0).abs() < 1e-6);
    assert_eq!(hit_chance(4, 4), 1.0);
    assert_eq!(hit_chance(4, 0), 0.0);
}

#[test]
fn pair_scan_agrees_with_looking_out_from_every_stack() {
    let mut rng = Rng::new(11);
    for n in [2usize, 4, 6, 8, 10, 16, 26] {
        for _ in 0..200 {
            // Sparse to full boards with stacks of mixed heights.
            let fill = rng.below(100);
            let cells: Vec<i16> = (0..n * n)
                .map(|_| {
                    if rng.below(100) >= fill {
                        0
                    } else {
                        let h = 1 + rng.below(5) as i16;
                        if rng.below(2) == 0 { h } else { -h }
                    }
                })
                .collect();
            let fast = scan(n, &cells);
            let slow = scan_slow(n, &cells);
            for c in 0..2 {
                let (f, s) = (fast[c], slow[c]);
                assert_eq!(
                    (f.moves, f.acts, f.prey, f.tallest),
                    (s.moves, s.acts, s.prey, s.tallest)
                );
                assert_eq!(
                    (f.checkers, f.stacks, f.singles, f.squares),
                    (s.checkers, s.stacks, s.singles, s.squares)
                );
                assert!((f.exposure - s.exposure).abs() < 1e-3, "{n}: {f:?} {s:?}");
                assert!((f.top_exposure - s.top_exposure).abs() < 1e-6);
                if n < INCREMENTAL_FROM {
                    // Small boards count the stacks in floats in the
                    // same order: the same numbers, bit for bit.
                    assert_eq!(f, s, "{n}");
                }
            }
        }
    }
}

#[test]
fn the_look_by_height_equals_the_look_pair_by_pair() {
    let mut rng = Rng::new(13);
    let mut by_height = 0;
    for n in 2..=MAX_N {
        let last = (n / 2).min(n - 1);
        for _ in 0..400 {
            // Sparse to full lines, with stacks of one to six heights
            // drawn from 1 to 40.
            let fill = rng.below(101);
            let pool: Vec<i16> = (0..1 + rng.below(6))
                .map(|_| 1 + rng.below(40) as i16)
                .collect();
            let mut heights = [0i16; ROW];
            let (mut black, mut green) = (0u32, 0u32);
            for (x, h) in heights.iter_mut().enumerate().take(n) {
                if rng.below(100) < fill {
                    *h = pool[rng.index(pool.len())];
                    if rng.below(2) == 0 {
                        black |= 1 << x;
                    } else {
                        green |= 1 << x;
                    }
                }
            }
            // Threat rows left over from another line: each pass
            // writes its whole row.
            let mut pairs = ([[0i16; MAX_FACES + 1]; 2], [u16::MAX; ROW]);
            enemy_pairs(&heights, black, green, last, &mut pairs.0, &mut pairs.1);
            let mut levels = ([[0i16; MAX_FACES + 1]; 2], [u16::MAX; ROW]);
            let mut distinct: Vec<i16> = heights[..n].iter().copied().filter(|&h| h > 0).collect();
            distinct.sort_unstable();
            distinct.dedup();
            let looked = enemy_levels(
                &heights,
                black,
                green,
                last,
                u32::MAX,
                &mut levels.0,
                &mut levels.1,
            );
            if looked {
                by_height += 1;
                assert_eq!(levels, pairs, "{n}: {heights:?} {black:b} {green:b}");
            } else {
                assert!(distinct.len() > LEVELS, "{distinct:?}");
            }
        }
    }
    assert!(by_height > 5000, "{by_height}");
}

#[test]
fn facts_after_a_turn_match_a_fresh_scan() {
    use diablo_core::{Edition, Position, TurnList};
    let mut rng = Rng::new(12);
    let mut list = TurnList::new();
    // One scratch for the whole test, as a search keeps one.
    let mut changed_lines = ChangedLines::default();
    // Small boards count every stack in floats, large ones
    // (INCREMENTAL_FROM up) keep integer tallies per side.
    for size in [4u32, 6, 8, 12, 16, 20, 26] {
        for edition in Edition::ALL {
            let mut pos = Position::start(size).expect("test size");
            // Long games on large boards: a sample of their positions.
            let every = if size >= 20 { 6 } else { 1 };
            let mut ply = 0;
            while !pos.is_finished() {
                let n = usize::from(pos.size());
                let facts = Facts::new(n, pos.cells());
                let roll = rng.roll(pos.size());
                pos.list_turns(edition, roll, &mut list).expect("in play");
                ply += 1;
                let step = if ply % every == 0 {
                    7 + list.len() / 200
                } else {
                    usize::MAX
                };
                for t in list.iter().step_by(step) {
                    let changed: Vec<usize> = std::iter::once(t.first())
                        .chain(t.second())
                        .flat_map(|a| [usize::from(a.from), usize::from(a.to)])
                        .collect();
                    // The route of turns sharing a first action: the
                    // facts after it, then the second action's squares.
                    let first = pos.play_action_unchecked(t.first());
                    let after = facts.updated(pos.cells(), &changed[..2], &mut changed_lines);
                    pos.undo_action_unchecked(first);
                    let undo = pos.play_unchecked(t);
                    let fast = facts.sides(pos.cells(), &changed, &mut changed_lines);
                    let slow = scan_slow(n, pos.cells());
                    // The update is exact: the same as a fresh pair pass.
                    assert_eq!(fast, scan(n, pos.cells()), "{pos}");
                    assert_eq!(
                        after.sides(pos.cells(), &changed[2..], &mut changed_lines),
                        fast,
                        "{pos}"
                    );
                    pos.undo_unchecked(undo);
                    for c in 0..2 {
                        let (f, s) = (fast[c], slow[c]);
                        assert_eq!(
                            (f.moves, f.acts, f.prey, f.tallest),
                            (s.moves, s.acts, s.prey, s.tallest)
                        );
                        assert_eq!(
                            (f.checkers, f.stacks, f.singles, f.squares),
                            (s.checkers, s.stacks, s.singles, s.squares)
                        );
                        assert!((f.exposure - s.exposure).abs() < 1e-3);
                        assert!((f.top_exposure - s.top_exposure).abs() < 1e-6);
                    }
                }
                let t = list.get(rng.index(list.len())).expect("a legal turn");
                let _ = pos.play_unchecked(t);
            }
        }
    }
}

#[test]
fn a_line_from_the_memo_equals_looking_at_it_again() {
    use diablo_core::{Edition, Position, TurnList};
    let mut rng = Rng::new(14);
    let mut list = TurnList::new();
    // Two slots: lines of every size keep evicting each other, and a
    // slot holding another line (or another side's) must not be used.
    let mut tiny = LineMemo {
        slots: Vec::new(),
        bits: 1,
    };
    let mut memo = LineMemo::default();
    let mut hits = 0;
    for size in [2u32, 4, 6, 8, 12, 16, 26, 8] {
        for edition in Edition::ALL {
            let mut pos = Position::start(size).expect("test size");
            while !pos.is_finished() {
                let n = usize::from(pos.size());
                let cells = pos.cells();
                let facts = Facts::new(n, cells);
                for line in 0..2 * n {
                    let mut plain = (LineFacts::default(), [0u16; ROW]);
                    facts.line(cells, line, None, &mut plain.0, &mut plain.1);
                    for memo in [&mut tiny, &mut memo] {
                        let mut key = [0u64; ROW / 4];
                        facts.key(cells, line, &mut key);
                        let slot = memo.slot(n, &key);
                        hits += usize::from(slot.key == key);
                        let mut got = (LineFacts::default(), [0u16; ROW]);
                        facts.line(cells, line, Some(memo), &mut got.0, &mut got.1);
                        assert_eq!(got, plain, "{pos} line {line}");
                    }
                }
                // Whole-board facts through the memo are the same too.
                let mut changed_lines = ChangedLines {
                    memo: std::mem::take(&mut memo),
                    ..ChangedLines::default()
                };
                let through = Facts::new_in(n, cells, &mut changed_lines);
                assert_eq!(through.lines, facts.lines);
                assert_eq!(through.threat_rank, facts.threat_rank);
                assert_eq!(through.threat_file, facts.threat_file);
                memo = std::mem::take(&mut changed_lines.memo);
                pos.list_turns(edition, rng.roll(pos.size()), &mut list)
                    .expect("in play");
                let t = list.get(rng.index(list.len())).expect("a legal turn");
                let _ = pos.play_unchecked(t);
            }
        }
    }
    // Most lines of a game do not change from one turn to the next.
    assert!(hits > 10_000, "{hits}");
    // The same squares on another side's board are another line (its
    // dice reach other distances): a slot kept for side 4 is not used
    // on 8x8.
    let mut cells = vec![0i16; 64];
    cells[..3].copy_from_slice(&[2, -1, 0]);
    let facts = Facts::new(8, &cells);
    let mut plain = (LineFacts::default(), [0u16; ROW]);
    facts.line(&cells, 0, None, &mut plain.0, &mut plain.1);
    let mut key = [0u64; ROW / 4];
    facts.key(&cells, 0, &mut key);
    let small = Facts::new(4, &cells[..16]);
    let mut four = (LineFacts::default(), [0u16; ROW]);
    small.line(&cells[..16], 0, None, &mut four.0, &mut four.1);
    assert_ne!(four, plain);
    let mut other = key;
    other[ROW / 4 - 1] = 4;
    *memo.slot(8, &key) = Memo {
        key: other,
        facts: four.0,
        threat: four.1,
    };
    let mut got = (LineFacts::default(), [0u16; ROW]);
    facts.line(&cells, 0, Some(&mut memo), &mut got.0, &mut got.1);
    assert_eq!(got, plain);
}

/// A 16x16 board (incremental tallies) with a few stacks, and the
/// board after changing some squares.
fn boards(stacks: &[(usize, i16)], changes: &[(usize, i16)]) -> (Vec<i16>, Vec<i16>) {
    let n = 16;
    let mut before = vec![0i16; n * n];
    for &(sq, v) in stacks {
        before[sq] = v;
    }
    let mut after = before.clone();
    for &(sq, v) in changes {
        after[sq] = v;
    }
    (before, after)
}

/// The tallies of `after` by taking out and putting in, if they can
/// tell, checked against counting every stack when they do.
fn by_difference(before: &[i16], after: &[i16], changed: &[usize]) -> Option<[Tally; 2]> {
    let n = 16;
    let facts = Facts::new(n, before);
    let mut changed_lines = ChangedLines::default();
    changed_lines.look(&facts, after, changed);
    let tallied = facts.tallied.as_ref().expect("16x16 keeps tallies");
    let found = facts.tallies_by_difference(tallied, after, &changed_lines);
    let fresh_facts = Facts::new(n, after);
    if let Some(t) = found {
        assert_eq!(Some(t), fresh_facts.tallied.map(|k| k.tally));
    }
    // Either way the facts equal a fresh scan's.
    assert_eq!(
        facts.sides(after, changed, &mut ChangedLines::default()),
        scan(n, after)
    );
    found
}

#[test]
fn tallies_follow_a_turn_and_know_when_the_tallest_stack_is_gone() {
    // Black: a 4-stack on square 0 and singles; Green: a 2-stack and a
    // single on other lines.
    let stacks = [(0, 4), (5, 1), (40, 1), (100, -2), (200, -1)];
    // The 4-stack steps along its rank: still the tallest.
    let (a, b) = boards(&stacks, &[(0, 0), (3, 4)]);
    assert!(by_difference(&a, &b, &[0, 3]).is_some());
    // It merges with the single on square 5: a new tallest, 5.
    let (a, b) = boards(&stacks, &[(0, 0), (5, 5)]);
    let t = by_difference(&a, &b, &[0, 5]).expect("a taller stack is known");
    assert_eq!((t[0].tallest, t[0].stacks, t[0].checkers), (5, 2, 6));
    // Green's 2-stack is removed: Green's tallest is now unknown
    // without looking at every stack.
    let (a, b) = boards(&stacks, &[(100, 0)]);
    assert_eq!(by_difference(&a, &b, &[100]), None);
    // Green's last stacks gone: known (no stacks, no height).
    let (a, b) = boards(&[(0, 4), (100, -2)], &[(100, 0)]);
    let t = by_difference(&a, &b, &[100]).expect("no stacks is known");
    assert_eq!(t[1], Tally::default());
    // Green's 2-stack captures Black's single on square 5 (same rank
    // as the 4-stack, which now threatens it at distance 5).
    let (a, b) = boards(&[(0, 4), (5, 1), (37, -2)], &[(37, 0), (5, -2)]);
    let t = by_difference(&a, &b, &[37, 5]).expect("Green's 2-stack moved");
    assert_eq!((t[0].stacks, t[1].tallest), (1, 2));
    assert!(t[1].exposure > 0);
}

#[test]
fn expected_prey_of_a_single_target() {
    let mut prey = [0i16; MAX_FACES + 1];
    // A stack of 3 capturable at distance 2 on a 4-faced board: the
    // roll shows a 2 with chance 7/16.
    prey[2] = 3;
    assert!((expected_prey(&prey, 4) - 3.0 * 7.0 / 16.0).abs() < 1e-6);
}

#[test]
fn expected_prey_equals_the_mean_over_every_pair_of_faces() {
    let mut rng = Rng::new(13);
    for faces in 1..=MAX_FACES {
        for _ in 0..200 {
            let mut prey = [0i16; MAX_FACES + 1];
            for p in &mut prey {
                // Few distinct heights, so that ties are common.
                *p = rng.below(4) as i16 * rng.below(3) as i16;
            }
            let mut total = 0i32;
            for a in 1..=faces {
                for b in 1..=faces {
                    total += i32::from(prey[a].max(prey[b]));
                }
            }
            let mean = total as f32 / (faces * faces) as f32;
            assert_eq!(
                expected_prey(&prey, faces).to_bits(),
                mean.to_bits(),
                "{faces} {prey:?}"
            );
        }
    }
}
