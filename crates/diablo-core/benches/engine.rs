//! Speed of the rules engine: perft, random playouts, turn listing.

use criterion::{Criterion, criterion_group, criterion_main};
use diablo_core::{Edition, Position, Roll, TurnBuilder, TurnGroups, TurnList, perft};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

fn roll(rng: &mut SmallRng, size: u8) -> Roll {
    let faces = size / 2;
    Roll::new(rng.random_range(1..=faces), rng.random_range(1..=faces)).expect("dice from 1")
}

/// Plays one random game, choosing each action step by step with the fast
/// entry point (no whole-turn lists, no allocation per turn).
fn random_playout(rng: &mut SmallRng, size: u32, edition: Edition, scratch: &mut TurnList) -> u32 {
    let mut pos = Position::start(size).expect("even size");
    let mut turns = 0;
    while !pos.is_finished() {
        let r = roll(rng, pos.size());
        pos.play_random_turn(edition, r, scratch, |n| rng.random_range(0..n))
            .expect("game in progress");
        turns += 1;
    }
    turns
}

/// The same random game through the step-by-step builder a page uses.
fn random_game(rng: &mut SmallRng, size: u32, edition: Edition) -> u32 {
    let mut pos = Position::start(size).expect("even size");
    let mut turns = 0;
    while !pos.is_finished() {
        let r = roll(rng, pos.size());
        let mut b = TurnBuilder::new(&pos, edition, r).expect("game in progress");
        while !b.is_complete() {
            let options = b.options();
            let pick = options[rng.random_range(0..options.len())];
            b.play(pick.action).expect("listed option plays");
        }
        pos = b.finish().expect("complete turn").1;
        turns += 1;
    }
    turns
}

/// A mid-game position: `turns` random turns from the start.
fn mid_game(size: u32, turns: u32, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::start(size).expect("even size");
    for _ in 0..turns {
        let r = roll(&mut rng, pos.size());
        let list = pos.legal_turns(Edition::Standard, r).expect("in progress");
        let t = list[rng.random_range(0..list.len())];
        let next = pos
            .play(Edition::Standard, r, &t)
            .expect("listed turn plays");
        if next.is_finished() {
            break;
        }
        pos = next;
    }
    pos
}

fn benches(c: &mut Criterion) {
    let start4 = Position::start(4).expect("4x4");
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for edition in Edition::ALL {
        g.bench_function(format!("4x4 depth 3 {edition}"), |b| {
            b.iter(|| perft(black_box(&start4), edition, 3));
        });
    }
    g.finish();

    let mut g = c.benchmark_group("random playout");
    for size in [8u32, 26] {
        for edition in Edition::ALL {
            let mut rng = SmallRng::seed_from_u64(7);
            let mut scratch = TurnList::new();
            g.bench_function(format!("{size}x{size} {edition}"), |b| {
                b.iter(|| random_playout(&mut rng, size, edition, &mut scratch));
            });
        }
    }
    for edition in Edition::ALL {
        let mut rng = SmallRng::seed_from_u64(7);
        g.bench_function(format!("8x8 {edition}, through TurnBuilder"), |b| {
            b.iter(|| random_game(&mut rng, 8, edition));
        });
    }
    g.finish();

    let mut g = c.benchmark_group("legal_turns mid-game");
    for size in [6u32, 8, 12] {
        let positions: Vec<Position> = (0..8).map(|s| mid_game(size, size, s)).collect();
        let faces = (size / 2) as u8;
        for edition in Edition::ALL {
            g.bench_function(
                format!("{size}x{size} {edition} (8 positions, all rolls)"),
                |b| {
                    b.iter(|| {
                        let mut n = 0;
                        for p in &positions {
                            for a in 1..=faces {
                                for d in a..=faces {
                                    let r = Roll::new(a, d).expect("dice from 1");
                                    n += p.legal_turns(edition, r).map_or(0, |v| v.len());
                                }
                            }
                        }
                        n
                    });
                },
            );
        }
    }
    g.finish();

    // What a search pays to list a roll's turns before it samples them:
    // the whole list, or the groups by first action (group_turns) with one
    // turn of each group found on demand.
    let mut g = c.benchmark_group("listing for a search");
    g.sample_size(10);
    for size in [8u32, 16, 26] {
        let mut pos = mid_game(size, size, 3);
        let r = Roll::new(2, 3).expect("dice from 1");
        for edition in Edition::ALL {
            let mut list = TurnList::new();
            g.bench_function(format!("{size}x{size} {edition}, list_turns"), |b| {
                b.iter(|| {
                    pos.list_turns(edition, r, &mut list).expect("in progress");
                    list.len()
                });
            });
            let mut groups = TurnGroups::new();
            g.bench_function(
                format!("{size}x{size} {edition}, group_turns and a turn a group"),
                |b| {
                    b.iter(|| {
                        pos.group_turns(edition, r, &mut groups)
                            .expect("in progress");
                        let mut found = 0;
                        for k in 0..groups.group_count() {
                            let at = groups.group(k).map_or(0, |x| x.start + x.len / 2);
                            found += usize::from(groups.get(at).is_some());
                        }
                        found
                    });
                },
            );
        }
    }
    g.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
