//! How well `win_chance` predicts results: positions from games between two
//! players of one level, the chance predicted for the player to move, and
//! how often that player went on to win, by tenths of predicted chance.
//! Also scores the plain static estimate (the evaluation of the position
//! as a chance) for comparison. Development aid; figures in docs/ai.md.
//!
//! usage: calibrate SIZE GAMES LEVEL SEED
use diablo_ai::{CHANCE_SCALE, Level, Player, Rng, Weights, evaluate, win_chance};
use diablo_core::{Edition, Outcome, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args[1].parse().expect("size");
    let games: u64 = args[2].parse().expect("games");
    let level: Level = args[3].parse().expect("level");
    let seed: u64 = args[4].parse().expect("seed");
    let edition = Edition::Standard;
    let mut rng = Rng::new(seed);
    // (predicted by win_chance, predicted statically, mover won)
    let mut rows: Vec<(f64, f64, bool)> = Vec::new();
    for g in 0..games {
        let players = [
            Player::new(level, seed + 2 * g),
            Player::new(level, seed + 2 * g + 1),
        ];
        let mut pos = Position::start(size).expect("size");
        let mut seen = Vec::new();
        while !pos.is_finished() {
            let v = evaluate(&pos, &Weights::TUNED);
            let stat = 1.0 / (1.0 + (-f64::from(v) / f64::from(CHANCE_SCALE)).exp());
            seen.push((win_chance(&pos, edition), stat, pos.side_to_move()));
            let roll = rng.roll(pos.size());
            let p = &players[pos.side_to_move().index()];
            let c = p.choose(&pos, edition, roll).expect("in play");
            pos = pos.play(edition, roll, &c.turn).expect("legal");
        }
        let Outcome::Won(winner) = pos.outcome() else {
            unreachable!("the game is over")
        };
        rows.extend(
            seen.into_iter()
                .map(|(a, b, mover)| (a, b, mover == winner)),
        );
    }
    for (name, pick) in [("win_chance", 0usize), ("static", 1)] {
        let pred = |r: &(f64, f64, bool)| if pick == 0 { r.0 } else { r.1 };
        let brier: f64 = rows
            .iter()
            .map(|r| (pred(r) - f64::from(u8::from(r.2))).powi(2))
            .sum::<f64>()
            / rows.len() as f64;
        let loss: f64 = rows
            .iter()
            .map(|r| {
                let p = pred(r).clamp(1e-6, 1.0 - 1e-6);
                if r.2 { -p.ln() } else { -(1.0 - p).ln() }
            })
            .sum::<f64>()
            / rows.len() as f64;
        // The temperature that would fit best: chances of logit(p) / t.
        let loss_at = |t: f64| -> f64 {
            rows.iter()
                .map(|r| {
                    let p = pred(r).clamp(1e-6, 1.0 - 1e-6);
                    let q = 1.0 / (1.0 + (-(p / (1.0 - p)).ln() / t).exp());
                    if r.2 { -q.ln() } else { -(1.0 - q).ln() }
                })
                .sum::<f64>()
                / rows.len() as f64
        };
        let best_t = (5..=40)
            .map(|k| f64::from(k) / 10.0)
            .min_by(|a, b| loss_at(*a).total_cmp(&loss_at(*b)))
            .unwrap_or(1.0);
        println!(
            "{name}: {} positions, Brier {brier:.4}, log-loss {loss:.4}; best temperature {best_t:.1} (log-loss {:.4})",
            rows.len(),
            loss_at(best_t)
        );
        for tenth in 0..10 {
            let lo = f64::from(tenth) / 10.0;
            let bin: Vec<&(f64, f64, bool)> = rows
                .iter()
                .filter(|r| pred(r) >= lo && (pred(r) < lo + 0.1 || tenth == 9))
                .collect();
            if bin.is_empty() {
                continue;
            }
            let mean = bin.iter().map(|r| pred(r)).sum::<f64>() / bin.len() as f64;
            let won = bin.iter().filter(|r| r.2).count() as f64 / bin.len() as f64;
            println!(
                "  predicted {:.2}  won {:.2}  ({} positions)",
                mean,
                won,
                bin.len()
            );
        }
    }
}
