//! `Position::play_random_turn` draws each stage's action uniformly among
//! the legal actions there, as a player picking at random in a
//! `TurnBuilder` would. The exact distribution of the positions a turn
//! reaches is worked out by walking the builder; seeded samples must fit
//! it (a chi-square bound far above chance at the fixed seed, far below
//! what a skew toward some stacks, dice or directions gives).

mod common;

use common::{EDITIONS, random_code};
use diablo_core::{Edition, Position, Roll, TurnBuilder, TurnList};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use std::collections::HashMap;

/// The probability of each position the turn can reach when every stage's
/// action is drawn uniformly.
fn exact(b: &TurnBuilder, p: f64, out: &mut HashMap<String, f64>) {
    if let Some((_, after)) = b.finish() {
        *out.entry(after.to_string()).or_default() += p;
        return;
    }
    let options = b.options();
    let share = p / options.len() as f64;
    for o in options {
        let mut next = b.clone();
        next.play(o.action).expect("listed option plays");
        exact(&next, share, out);
    }
}

/// Chi-square of `samples` draws against `expected`, with outcomes of
/// fewer than 5 expected draws pooled; returns (statistic, degrees of
/// freedom).
fn chi_square(p: &Position, edition: Edition, roll: Roll, samples: u32, seed: u64) -> (f64, usize) {
    let mut expected = HashMap::new();
    exact(
        &TurnBuilder::new(p, edition, roll).expect("in progress"),
        1.0,
        &mut expected,
    );
    let mut rng = StdRng::seed_from_u64(seed);
    let mut scratch = TurnList::new();
    let mut seen: HashMap<String, u32> = HashMap::new();
    for _ in 0..samples {
        let mut q = p.clone();
        q.play_random_turn(edition, roll, &mut scratch, |n| rng.random_range(0..n))
            .expect("in progress");
        let key = q.to_string();
        assert!(
            expected.contains_key(&key),
            "play_random_turn reached {key}, which no turn reaches, from {p} ({edition} {roll})"
        );
        *seen.entry(key).or_default() += 1;
    }
    let n = f64::from(samples);
    let (mut stat, mut bins) = (0.0, 0usize);
    let (mut pooled_e, mut pooled_o) = (0.0, 0.0);
    for (key, prob) in &expected {
        let e = prob * n;
        let o = f64::from(seen.get(key).copied().unwrap_or(0));
        if e < 5.0 {
            pooled_e += e;
            pooled_o += o;
        } else {
            stat += (o - e) * (o - e) / e;
            bins += 1;
        }
    }
    if pooled_e > 0.0 {
        stat += (pooled_o - pooled_e) * (pooled_o - pooled_e) / pooled_e;
        bins += 1;
    }
    (stat, bins.saturating_sub(1))
}

/// Asserts that the sampled positions fit the exact distribution: a
/// chi-square below its mean (the degrees of freedom) plus six standard
/// deviations (sqrt(2 df)), beyond any chance at a fixed seed.
fn assert_uniform(p: &Position, edition: Edition, roll: Roll, seed: u64) {
    let (stat, df) = chi_square(p, edition, roll, 20_000, seed);
    let bound = df as f64 + 6.0 * (2.0 * df as f64).sqrt() + 10.0;
    assert!(
        stat < bound,
        "chi-square {stat:.1} on {df} degrees of freedom (bound {bound:.1}) from {p} ({edition} {roll})"
    );
}

/// Random set-ups on small boards, both editions, every roll: the sampled
/// positions fit the exact distribution.
#[test]
fn random_turns_are_uniform_stage_by_stage() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut checked = 0;
    for size in [4usize, 6] {
        for edition in EDITIONS {
            for _ in 0..6 {
                let p: Position = random_code(&mut rng, size).parse().expect("valid set-up");
                if p.is_finished() {
                    continue;
                }
                let faces = (size / 2) as u8;
                let roll = Roll::new(rng.random_range(1..=faces), rng.random_range(1..=faces))
                    .expect("non-zero dice");
                assert_uniform(&p, edition, roll, checked);
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} positions checked");
}

/// The start of a game: the first turn (one action) and a full second
/// turn on 6x6, non-doubles and doubles.
#[test]
fn opening_turns_are_uniform() {
    for edition in EDITIONS {
        let start = Position::start(6).expect("6x6");
        for (a, b) in [(1, 2), (3, 3)] {
            let roll = Roll::new(a, b).expect("dice");
            assert_uniform(&start, edition, roll, 9);
            let first = &start.legal_turns(edition, roll).expect("legal")[0];
            let after = start.play(edition, roll, first).expect("plays");
            assert_uniform(&after, edition, roll, 10);
        }
    }
}
