//! Benchmarks over positions from real games, at 6x6 and 8x8: nodes per
//! second (one node = one turn played, evaluated and taken back), both for
//! a plain list-play-evaluate loop and inside Hard's search (which
//! evaluates incrementally), and the time per move of every level (the
//! throughput there is in moves per second).
//!
//! Also Hard's nodes per second by board size (8, 16, 26) on positions
//! from random games.
//!
//! Run: `cargo bench -p diablo-ai` (criterion; see docs/ai.md for figures).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use diablo_ai::{Level, Player, Rng, Weights, evaluate};
use diablo_core::{Edition, Position, Roll, TurnList};
use std::hint::black_box;
use std::time::Duration;

/// Positions (with a roll each) from Easy-vs-Easy games: openings,
/// middlegames and endings in their natural proportions.
fn positions(size: u32, games: u64) -> Vec<(Position, Roll)> {
    let mut rng = Rng::new(size.into());
    let mut out = Vec::new();
    for g in 0..games {
        let player = Player::new(Level::Easy, g);
        let mut pos = Position::start(size).expect("bench sizes are valid");
        while !pos.is_finished() {
            let roll = rng.roll(pos.size());
            out.push((pos.clone(), roll));
            let c = player
                .choose(&pos, Edition::Standard, roll)
                .expect("in play");
            pos = pos.play(Edition::Standard, roll, &c.turn).expect("legal");
        }
    }
    out
}

/// Benches Hard's decisions on `sample`, with its nodes as the throughput
/// (so criterion reports nodes per second).
fn bench_hard(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    size: u32,
    sample: &[(Position, Roll)],
) {
    let hard = Player::new(Level::Hard, 1);
    let nodes: u64 = sample
        .iter()
        .map(|(p, r)| {
            hard.choose(p, Edition::Standard, *r)
                .expect("in play")
                .nodes
        })
        .sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_with_input(BenchmarkId::new(name, size), sample, |b, sample| {
        b.iter(|| {
            for (p, r) in sample {
                black_box(hard.choose(p, Edition::Standard, *r).expect("in play"));
            }
        });
    });
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("nodes");
    let w = Weights::default();
    for size in [6u32, 8] {
        let sample = positions(size, 2);
        let mut list = TurnList::new();
        let mut total = 0u64;
        for (p, r) in &sample {
            let mut q = p.clone();
            q.list_turns(Edition::Standard, *r, &mut list)
                .expect("in play");
            total += list.len() as u64;
        }
        group.throughput(Throughput::Elements(total));
        group.bench_with_input(
            BenchmarkId::new("list_play_eval", size),
            &sample,
            |b, sample| {
                b.iter(|| {
                    let mut acc = 0.0f32;
                    for (p, r) in sample {
                        let mut q = p.clone();
                        q.list_turns(Edition::Standard, *r, &mut list)
                            .expect("in play");
                        for t in list.iter() {
                            let u = q.play_unchecked(t);
                            acc += evaluate(&q, &w);
                            q.undo_unchecked(u);
                        }
                    }
                    black_box(acc)
                });
            },
        );
    }
    // The search's own rate (incremental evaluation, tree upkeep): Hard's
    // nodes over its time, on every eighth position of two games.
    group.sample_size(10);
    for size in [6u32, 8] {
        let sample: Vec<(Position, Roll)> = positions(size, 2).into_iter().step_by(8).collect();
        bench_hard(&mut group, "hard_search", size, &sample);
    }
    group.finish();
}

/// Positions spread over one random game (random play reaches every
/// board size quickly, which Easy games on 26x26 do not).
fn random_positions(size: u32, count: usize) -> Vec<(Position, Roll)> {
    let mut rng = Rng::new(u64::from(size) + 100);
    let mut scratch = TurnList::new();
    let mut all = Vec::new();
    let mut pos = Position::start(size).expect("bench sizes are valid");
    while !pos.is_finished() {
        let roll = rng.roll(pos.size());
        all.push((pos.clone(), roll));
        pos.play_random_turn(Edition::Standard, roll, &mut scratch, |n| rng.index(n))
            .expect("in play");
    }
    let step = all.len() / (count + 1);
    (1..=count).map(|k| all[k * step].clone()).collect()
}

/// Hard's own rate by board size, with the level's budget for each size:
/// the cost of a node grows with the board (longer lines, more die values).
fn nodes_by_size(c: &mut Criterion) {
    let mut group = c.benchmark_group("nodes_by_size");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    for size in [8u32, 16, 26] {
        bench_hard(&mut group, "hard", size, &random_positions(size, 4));
    }
    group.finish();
}

fn time_per_move(c: &mut Criterion) {
    for size in [6u32, 8] {
        // Every fourth position of two games: a spread over the game.
        let sample: Vec<(Position, Roll)> = positions(size, 2).into_iter().step_by(4).collect();
        let mut group = c.benchmark_group(format!("move_{size}x{size}"));
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        for level in [Level::Beginner, Level::Easy, Level::Medium, Level::Hard] {
            let player = Player::new(level, 1);
            group.bench_with_input(BenchmarkId::from_parameter(level), &sample, |b, sample| {
                b.iter(|| {
                    for (p, r) in sample {
                        black_box(player.choose(p, Edition::Standard, *r).expect("in play"));
                    }
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, nodes_per_second, nodes_by_size, time_per_move);
criterion_main!(benches);
