//! `diablo-lab think`: think time per board size, a level's decisions on
//! positions from random games (every 4th position), with the nodes spent,
//! the time per decision (median, p90, max) and nodes per second. Native;
//! the page's figures come from tests/e2e (Chromium).
//!
//! The positions are every fourth of two random games, at most 24: on
//! large boards (a 26x26 game lasts about 370 turns) that is the first
//! part of one game. With `--spread` they are twelve spread evenly over
//! each of the two games instead.
//!
//! With `--codes` it prints the positions instead, one
//! `size<TAB>code<TAB>a<TAB>b` line each, for
//! `tests/e2e/measure/think-time.mjs` (the same decisions timed in
//! Chromium).

use diablo_ai::{Level, Player, Rng};
use diablo_core::{Edition, Position, TurnList};
use std::time::Instant;

/// The options of `diablo-lab think`.
#[derive(clap::Args)]
pub struct Args {
    /// The level that decides.
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Hard)]
    level: Level,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard)]
    edition: Edition,
    /// Board sizes, comma-separated.
    #[arg(
        long,
        value_name = "S,...",
        default_value = "6,8,10,12,16,20,26",
        value_delimiter = ',',
        value_parser = super::size
    )]
    sizes: Vec<u32>,
    /// Twelve positions spread evenly over each game, instead of every
    /// fourth from the start.
    #[arg(long)]
    spread: bool,
    /// Print the positions (`size<TAB>code<TAB>a<TAB>b`) instead of timing
    /// the decisions.
    #[arg(long)]
    codes: bool,
}

/// Times the decisions (or prints the positions), one line per size.
///
/// # Errors
/// None today (the arguments were checked when read).
pub fn run(args: &Args) -> Result<(), String> {
    let (level, edition, spread) = (args.level, args.edition, args.spread);
    for &size in &args.sizes {
        let mut rng = Rng::new(u64::from(size));
        let mut scratch = TurnList::new();
        let mut samples = Vec::new();
        for g in 0..2u64 {
            let mut pos = Position::start(size).map_err(|e| e.to_string())?;
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
        if args.codes {
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
    Ok(())
}
