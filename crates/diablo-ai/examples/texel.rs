//! Fits the evaluation weights to game outcomes by logistic regression
//! ("Texel tuning"), from games between copies of a level with some random
//! turns mixed in for variety. Development aid: its output is a candidate
//! weight set, accepted only if it wins matches (docs/ai.md).
//!
//! usage: texel SIZE GAMES EPSILON SEED [LEVEL] [EDITION]
//!
//! With TARGET=search each position's target is not the game's outcome but
//! the level's own search value for the roll drawn (before calibration):
//! the evaluation is fitted to what a deeper look says of the position.
//! MIX=m (0..1) blends in the outcome with weight m.
use diablo_ai::{FEATURE_NAMES, FEATURES, Level, Player, Rng, Weights, calibrated, features};
use diablo_core::{Color, Edition, Outcome, Position};

/// Weights from the environment variable W ("[a, b, ...]"), else the
/// tuned ones of the edition.
fn env_weights(edition: Edition) -> Weights {
    let Ok(s) = std::env::var("W") else {
        return Weights::tuned(edition);
    };
    let v: Vec<f32> = s
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().parse().expect("weight"))
        .collect();
    let mut w = [0f32; FEATURES];
    w[..v.len()].copy_from_slice(&v);
    Weights(w)
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let size: u32 = arg(1, "6").parse().expect("size");
    let games: u64 = arg(2, "500").parse().expect("games");
    let eps: f64 = arg(3, "0.1").parse().expect("epsilon");
    let seed: u64 = arg(4, "1").parse().expect("seed");
    let level: Level = arg(5, "easy").parse().expect("level");
    let edition: Edition = arg(6, "standard").parse().expect("edition");
    let weights = env_weights(edition);
    let mut rng = Rng::new(seed);
    let by_search = std::env::var("TARGET").is_ok_and(|t| t == "search");
    let mix: f32 = std::env::var("MIX")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0.0);
    let mut data: Vec<([f32; FEATURES], f32)> = Vec::new();
    for g in 0..games {
        let mut player = Player::new(level, seed.wrapping_mul(1000) + g).with_weights(weights);
        if let Some(b) = std::env::var("BUDGET").ok().and_then(|b| b.parse().ok()) {
            player = player.with_budget(b);
        }
        let random = Player::new(Level::Beginner, g);
        let mut pos = Position::start(size).expect("size");
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
    if let Ok(out) = std::env::var("DATA_OUT") {
        let text: String = data
            .iter()
            .map(|(f, y)| format!("{y} {}\n", f.map(|x| x.to_string()).join(" ")))
            .collect();
        std::fs::write(out, text).expect("DATA_OUT");
    }
    // DATA_IN: earlier runs' DATA_OUT files (comma-separated), fitted with these.
    for file in std::env::var("DATA_IN").iter().flat_map(|s| s.split(',')) {
        for line in std::fs::read_to_string(file).expect("DATA_IN").lines() {
            let v: Vec<f32> = line
                .split(' ')
                .map(|x| x.parse().expect("number"))
                .collect();
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
}
