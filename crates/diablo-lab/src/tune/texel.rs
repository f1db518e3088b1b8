//! `diablo-lab texel`: fits the evaluation weights to game outcomes by
//! logistic regression ("Texel tuning"), from games between copies of a
//! level with some random turns mixed in for variety. Development aid: its
//! output is a candidate weight set, accepted only if it wins matches
//! (docs/ai.md).
//!
//! With `--target search` each position's target is not the game's outcome
//! but the level's own search value for the roll drawn (before
//! calibration): the evaluation is fitted to what a deeper look says of the
//! position. `--mix m` (0 to 1) blends in the outcome with weight m.

use diablo_ai::{FEATURE_NAMES, FEATURES, Level, Player, Rng, Weights, calibrated, features};
use diablo_core::{Color, Edition, Outcome, Position};

/// What each position is fitted to.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// Whether the player to move went on to win the game.
    Outcome,
    /// The level's own search value for the roll drawn, before
    /// calibration (blended with the outcome by --mix).
    Search,
}

/// The options of `diablo-lab texel`.
#[derive(clap::Args)]
pub struct Args {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 6, value_parser = super::size)]
    size: u32,
    /// How many games.
    #[arg(long, value_name = "N", default_value_t = 500, value_parser = super::games)]
    games: u64,
    /// The share of turns played at random instead (0 to 1), for variety.
    #[arg(long, value_name = "P", default_value_t = 0.1, value_parser = super::fraction)]
    epsilon: f64,
    /// The seed of the dice, the random turns and the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
    /// The level that plays the games.
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Easy)]
    level: Level,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard)]
    edition: Edition,
    /// The weights the level plays with, "[a, b, ...]" (default: the tuned
    /// ones of the edition).
    #[arg(long, value_name = "LIST", value_parser = super::weights)]
    weights: Option<Weights>,
    /// The level's node budget per decision (default: the level's).
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// What each position is fitted to.
    #[arg(long, value_enum, default_value_t = Target::Outcome)]
    target: Target,
    /// With --target search: the weight of the outcome in the target (0 to
    /// 1).
    #[arg(long, value_name = "M", default_value_t = 0.0, value_parser = super::fraction)]
    mix: f64,
    /// Where to write this run's positions (one line each: the target,
    /// then the features), for a later run's --data-in.
    #[arg(long, value_name = "FILE")]
    data_out: Option<String>,
    /// Earlier runs' --data-out files (comma-separated or repeated), fitted
    /// together with this run's positions.
    #[arg(long, value_name = "FILE", value_delimiter = ',')]
    data_in: Vec<String>,
}

/// The raw search chance behind a calibrated one (bisection: calibration
/// is increasing and keeps 0 and 1).
fn uncalibrated(chance: f64, size: u8, edition: Edition) -> f64 {
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..60 {
        let mid = f64::midpoint(lo, hi);
        if calibrated(mid, size, edition) < chance {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    f64::midpoint(lo, hi)
}

/// Plays the games, fits and prints the weights (the fit on stderr).
///
/// # Errors
/// When a data file cannot be written or read.
pub fn run(args: &Args) -> Result<(), String> {
    let (size, games, eps, seed, level, edition) = (
        args.size,
        args.games,
        args.epsilon,
        args.seed,
        args.level,
        args.edition,
    );
    let weights = args.weights.unwrap_or(Weights::tuned(edition));
    let mut rng = Rng::new(seed);
    let by_search = args.target == Target::Search;
    let mix = args.mix as f32;
    let mut data: Vec<([f32; FEATURES], f32)> = Vec::new();
    for g in 0..games {
        let mut player =
            Player::new(level, seed.wrapping_mul(1000).wrapping_add(g)).with_weights(weights);
        if let Some(b) = args.budget {
            player = player.with_budget(b);
        }
        let random = Player::new(Level::Beginner, g);
        let mut pos = Position::start(size).map_err(|e| e.to_string())?;
        let mut seen: Vec<([f32; FEATURES], Color, f32)> = Vec::new();
        while !pos.is_finished() {
            let f = features(&pos);
            let roll = rng.roll(pos.size());
            let searched = by_search.then(|| player.choose(&pos, edition, roll).expect("in play"));
            if let Some(f) = f {
                let value = searched
                    .as_ref()
                    .map_or(0.5, |c| uncalibrated(c.win_chance, pos.size(), edition));
                seen.push((f, pos.side_to_move(), value as f32));
            }
            let c = if (rng.below(1_000_000) as f64) < eps * 1e6 {
                random.choose(&pos, edition, roll).expect("in play")
            } else if let Some(c) = searched {
                c
            } else {
                player.choose(&pos, edition, roll).expect("in play")
            };
            pos = pos.play(edition, roll, &c.turn).expect("legal");
        }
        let Outcome::Won(winner) = pos.outcome() else {
            unreachable!()
        };
        for (f, mover, value) in seen {
            let outcome = if mover == winner { 1.0 } else { 0.0 };
            let y = if by_search {
                (1.0 - mix) * value + mix * outcome
            } else {
                outcome
            };
            data.push((f, y));
        }
    }
    if let Some(out) = &args.data_out {
        let text: String = data
            .iter()
            .map(|(f, y)| format!("{y} {}\n", f.map(|x| x.to_string()).join(" ")))
            .collect();
        std::fs::write(out, text).map_err(|e| format!("cannot write {out}: {e}"))?;
    }
    for file in &args.data_in {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let v = line
                .split(' ')
                .map(str::parse)
                .collect::<Result<Vec<f32>, _>>()
                .map_err(|e| format!("{file} line {}: {e}", n + 1))?;
            if v.len() != FEATURES + 1 {
                return Err(format!(
                    "{file} line {}: {} numbers, not {} (a target and the features)",
                    n + 1,
                    v.len(),
                    FEATURES + 1
                ));
            }
            let mut f = [0f32; FEATURES];
            f.copy_from_slice(&v[1..=FEATURES]);
            data.push((f, v[0]));
        }
    }
    eprintln!("{} positions from {games} games", data.len());
    // Standardise features for a well-conditioned descent.
    let mut mean = [0f64; FEATURES];
    let mut sd = [0f64; FEATURES];
    for (f, _) in &data {
        for k in 0..FEATURES {
            mean[k] += f64::from(f[k]);
        }
    }
    for m in &mut mean {
        *m /= data.len() as f64;
    }
    for (f, _) in &data {
        for k in 0..FEATURES {
            sd[k] += (f64::from(f[k]) - mean[k]).powi(2);
        }
    }
    for k in 0..FEATURES {
        sd[k] = (sd[k] / data.len() as f64).sqrt();
        if sd[k] < 1e-9 || FEATURE_NAMES[k] == "tempo" {
            sd[k] = 1.0;
            mean[k] = 0.0;
        }
    }
    let x: Vec<[f64; FEATURES]> = data
        .iter()
        .map(|(f, _)| std::array::from_fn(|k| (f64::from(f[k]) - mean[k]) / sd[k]))
        .collect();
    let mut w = [0f64; FEATURES];
    let (mut m1, mut m2) = ([0f64; FEATURES], [0f64; FEATURES]);
    let lr = 0.05;
    let mut loss = 0.0;
    for step in 1..=3000 {
        let mut grad = [0f64; FEATURES];
        loss = 0.0;
        for (xi, (_, y)) in x.iter().zip(&data) {
            let z: f64 = (0..FEATURES).map(|k| w[k] * xi[k]).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let y = f64::from(*y);
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            for k in 0..FEATURES {
                grad[k] += (p - y) * xi[k];
            }
        }
        let n = data.len() as f64;
        loss /= n;
        for k in 0..FEATURES {
            let g = grad[k] / n + 1e-4 * w[k];
            m1[k] = 0.9 * m1[k] + 0.1 * g;
            m2[k] = 0.999 * m2[k] + 0.001 * g * g;
            let mh = m1[k] / (1.0 - 0.9f64.powi(step));
            let vh = m2[k] / (1.0 - 0.999f64.powi(step));
            w[k] -= lr * mh / (vh.sqrt() + 1e-8);
        }
    }
    // Back to raw feature units (the mean shift folds into the constant).
    let mut raw = [0f32; FEATURES];
    let mut shift = 0.0;
    for k in 0..FEATURES {
        raw[k] = (w[k] / sd[k]) as f32;
        shift += w[k] * mean[k] / sd[k];
    }
    if let Some(t) = FEATURE_NAMES.iter().position(|n| *n == "tempo") {
        raw[t] -= shift as f32;
    }
    eprintln!("log-loss {loss:.4}");
    for k in 0..FEATURES {
        eprintln!(
            "  {:16} {:8.4}   (standardised {:7.3})",
            FEATURE_NAMES[k], raw[k], w[k]
        );
    }
    println!("{:?}", Weights(raw).0);
    Ok(())
}
