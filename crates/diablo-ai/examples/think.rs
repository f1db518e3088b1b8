//! Think time per board size: a level's decisions on positions from
//! random games (every 4th position), with the nodes spent, the time per
//! decision (median, p90, max) and nodes per second. Native; the page's
//! figures come from tests/e2e (Chromium).
//!
//! `cargo run --release -p diablo-ai --example think -- [level] [edition] [sizes...]`
//!
//! The positions are every fourth of two random games, at most 24: on
//! large boards (a 26x26 game lasts about 370 turns) that is the first
//! part of one game. With `DIABLO_THINK_SPREAD=1` they are twelve spread
//! evenly over each of the two games instead.
//!
//! With `DIABLO_THINK_CODES=1` it prints the positions instead, one
//! `size<TAB>code<TAB>a<TAB>b` line each, for `tests/e2e/measure/think-time.mjs`
//! (the same decisions timed in Chromium).

use diablo_ai::{Level, Player, Rng};
use diablo_core::{Edition, Position, TurnList};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args
        .first()
        .map_or(Ok(Level::Hard), |s| s.parse())
        .expect("level");
    let edition: Edition = args
        .get(1)
        .map_or(Ok(Edition::Standard), |s| s.parse())
        .expect("edition");
    let sizes: Vec<u32> = if args.len() > 2 {
        args[2..].iter().map(|s| s.parse().expect("size")).collect()
    } else {
        vec![6, 8, 10, 12, 16, 20, 26]
    };
    let spread = std::env::var_os("DIABLO_THINK_SPREAD").is_some();
    for size in sizes {
        let mut rng = Rng::new(u64::from(size));
        let mut scratch = TurnList::new();
        let mut samples = Vec::new();
        for g in 0..2u64 {
            let mut pos = Position::start(size).expect("size");
            let mut game = Vec::new();
            while !pos.is_finished() {
                let roll = rng.roll(pos.size());
                game.push((pos.clone(), roll));
                pos.play_random_turn(edition, roll, &mut scratch, |n| rng.index(n))
                    .expect("in play");
            }
            if spread {
                // Twelve positions spread evenly over the whole game (every
                // position of a game shorter than that, each once).
                let step = (game.len() / 12).max(1);
                let spread = (0..12).map(|k| k * step + step / 2);
                samples.extend(spread.filter_map(|i| game.get(i).cloned()));
            } else {
                for (k, sample) in game.into_iter().enumerate() {
                    if k % 4 == g as usize * 2 && samples.len() < 24 {
                        samples.push(sample);
                    }
                }
            }
        }
        if std::env::var_os("DIABLO_THINK_CODES").is_some() {
            for (p, r) in &samples {
                let [a, b] = r.dice();
                println!("{size}\t{p}\t{a}\t{b}");
            }
            continue;
        }
        let player = Player::new(level, 1);
        let mut times = Vec::new();
        let mut nodes = 0u64;
        let start = Instant::now();
        for (p, r) in &samples {
            let t = Instant::now();
            let c = player.choose(p, edition, *r).expect("in play");
            times.push(t.elapsed().as_secs_f64());
            nodes += c.nodes;
        }
        let total = start.elapsed().as_secs_f64();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{size}x{size} {edition} {level}: {} decisions, nodes/decision {:.0}, ms median {:.0} p90 {:.0} max {:.0}, {:.2} M nodes/s",
            times.len(),
            nodes as f64 / times.len() as f64,
            at(0.5) * 1e3,
            at(0.9) * 1e3,
            at(1.0) * 1e3,
            nodes as f64 / total / 1e6
        );
    }
}
