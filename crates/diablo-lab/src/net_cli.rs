//! The learned evaluation's subcommands: `net-data`, `net-train`,
//! `net-match` (docs/ai.md, training).

use clap::Args;
use diablo_ai::{Level, Net, Player};
use diablo_core::Edition;
use diablo_lab::net::{self, DataPlan, TrainPlan};
use diablo_lab::rollouts::{self, Yardstick};
use std::time::Instant;

#[derive(Args)]
pub struct DataArgs {
    /// Where to write the samples (appended to when it exists).
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Board size.
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// Edition.
    #[arg(long, default_value = "standard")]
    edition: Edition,
    /// Self-play games.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// The level both sides play.
    #[arg(long, default_value = "medium")]
    level: Level,
    /// The chance of a random turn instead of the level's.
    #[arg(long, default_value_t = 0.1)]
    epsilon: f64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of the first game (keep runs appended to one file apart).
    #[arg(long, default_value_t = 0)]
    first_game: u32,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A net file the players evaluate with (default: the level's own).
    #[arg(long, value_name = "FILE")]
    net: Option<String>,
    /// Give positions where both sides have at most this many checkers
    /// their exact value as target (4x4 boards; 0: never).
    #[arg(long, default_value_t = 0)]
    exact_up_to: u32,
}

#[derive(Args)]
pub struct TrainArgs {
    /// Sample files written by net-data, comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    data: Vec<String>,
    /// Where to write the net's bytes.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Inputs read: 19 (the features and the edition) up to 35 (and the
    /// stacks by height).
    #[arg(long, default_value_t = diablo_ai::NET_INPUTS)]
    inputs: usize,
    /// Hidden units.
    #[arg(long, default_value_t = 32)]
    hidden: usize,
    /// Hold out games whose number is 0 modulo this.
    #[arg(long, default_value_t = 10)]
    hold_out_every: u32,
    /// Most passes over the data.
    #[arg(long, default_value_t = 200)]
    max_epochs: usize,
    /// Stop after this many passes without a better held-out loss.
    #[arg(long, default_value_t = 8)]
    patience: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// Examples per step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
pub struct MatchArgs {
    /// Board size.
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// Edition.
    #[arg(long, default_value = "standard")]
    edition: Edition,
    /// Games (even: pairs of games on the same dice).
    #[arg(long, default_value_t = 400)]
    games: u32,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A's level.
    #[arg(long, default_value = "hard")]
    a: Level,
    /// B's level.
    #[arg(long, default_value = "hard")]
    b: Level,
    /// A net file A evaluates with ("none": the weights alone; default:
    /// the level's own).
    #[arg(long, value_name = "FILE")]
    a_net: Option<String>,
    /// A net file B evaluates with ("none": the weights alone; default:
    /// the level's own).
    #[arg(long, value_name = "FILE")]
    b_net: Option<String>,
    /// Both players' node budget a move on every board (default: each
    /// level's own), for matches at a reduced budget.
    #[arg(long)]
    budget: Option<u64>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Reads a net file into a net that lives as long as the program.
pub fn load_net(path: &str) -> Result<&'static Net, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let net = Net::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(net)))
}

pub fn run_data(a: &DataArgs) -> Result<String, String> {
    let net = a.net.as_deref().map(load_net).transpose()?;
    let plan = DataPlan {
        size: a.size,
        edition: a.edition,
        games: a.games,
        level: a.level,
        epsilon: a.epsilon,
        seed: a.seed,
        threads: a.threads,
        net,
        exact_up_to: a.exact_up_to,
    };
    let t0 = Instant::now();
    let samples = net::self_play(&plan, a.first_game);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
        .map_err(|e| format!("cannot open {}: {e}", a.out))?;
    net::write_samples(&mut file, &samples).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    Ok(format!(
        "{} positions from {} games in {:.0} s",
        samples.len(),
        a.games,
        t0.elapsed().as_secs_f64()
    ))
}

pub fn run_train(a: &TrainArgs) -> Result<String, String> {
    let mut samples = Vec::new();
    for path in &a.data {
        let mut f = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        samples.extend(net::read_samples(&mut f).map_err(|e| format!("{path}: {e}"))?);
    }
    if a.inputs == 0 || a.inputs > diablo_ai::NET_INPUTS {
        return Err(format!(
            "--inputs {} is not 1..={}",
            a.inputs,
            diablo_ai::NET_INPUTS
        ));
    }
    let plan = TrainPlan {
        inputs: a.inputs,
        hidden: a.hidden,
        hold_out_every: a.hold_out_every,
        max_epochs: a.max_epochs,
        patience: a.patience,
        learning_rate: a.learning_rate,
        batch: a.batch,
        seed: a.seed,
    };
    let t0 = Instant::now();
    let trained = net::train(&samples, &plan, &mut |line| eprintln!("{line}"));
    std::fs::write(&a.out, trained.net.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", a.out))?;
    let (fit, held) = trained.history[trained.best_epoch.max(1) - 1];
    let held_set = net::held_out(&samples, a.hold_out_every);
    let linear: Vec<String> = Edition::ALL
        .iter()
        .map(|&e| {
            let some: Vec<_> = held_set
                .iter()
                .copied()
                .filter(|s| (s.inputs[diablo_ai::FEATURES] > 0.5) == (e == Edition::Sequenced))
                .collect();
            format!(
                "{e} {:.5} (net {:.5}, its chance off by {:.4} on average)",
                net::weights_loss(&diablo_ai::Weights::tuned(e), &some),
                net::mean_loss(&trained.net, &some),
                net::mean_abs_error(&trained.net, &some)
            )
        })
        .collect();
    Ok(format!(
        "{} training and {} held-out positions; best pass {} of {}: training {fit:.5}, held out {held:.5}; \
         the tuned weights held out: {}; {:.0} s",
        trained.counts.0,
        trained.counts.1,
        trained.best_epoch,
        trained.history.len(),
        linear.join(", "),
        t0.elapsed().as_secs_f64()
    ))
}

pub fn run_match(a: &MatchArgs) -> Result<String, String> {
    let player = |level: Level, net: &Option<String>, seed: u64| -> Result<Player, String> {
        let p = Player::new(level, seed);
        let p = match a.budget {
            Some(nodes) => p.with_budget(nodes),
            None => p,
        };
        Ok(match net.as_deref() {
            None => p,
            Some("none") => p.with_net(None),
            Some(path) => p.with_net(Some(load_net(path)?)),
        })
    };
    let pa = player(a.a, &a.a_net, 1)?;
    let pb = player(a.b, &a.b_net, 2)?;
    let t0 = Instant::now();
    let r = net::paired_match(a.size, a.edition, a.games, a.seed, [&pa, &pb], a.threads);
    let (p, lo, hi) = r.wilson();
    Ok(format!(
        "{}x{} {}: A {} of {} = {:.1}% (95% {:.1}-{:.1}) in {:.0} s",
        a.size,
        a.size,
        a.edition,
        r.a_wins,
        r.games,
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
        t0.elapsed().as_secs_f64()
    ))
}

#[derive(Args)]
pub struct RolloutArgs {
    /// Where to write the yardstick (JSON; positions are added to an
    /// existing file of the same level).
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Board size.
    #[arg(long, default_value_t = 8)]
    size: u8,
    /// Edition.
    #[arg(long, default_value = "standard")]
    edition: Edition,
    /// Positions, one from each self-play game.
    #[arg(long, default_value_t = 16)]
    positions: u32,
    /// The level of the self-play and of the roll-outs.
    #[arg(long, default_value = "medium")]
    level: Level,
    /// Roll out until the standard error is at most this.
    #[arg(long, default_value_t = 0.02)]
    target_error: f64,
    /// Fewest roll-outs a position.
    #[arg(long, default_value_t = 100)]
    min_games: u32,
    /// Most roll-outs a position.
    #[arg(long, default_value_t = 700)]
    max_games: u32,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

#[derive(Args)]
pub struct ScoreArgs {
    /// Yardstick files (JSON, from `rollouts`).
    #[arg(required = true)]
    files: Vec<String>,
}

fn read_yardstick(path: &str) -> Result<Yardstick, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
}

pub fn run_rollouts(a: &RolloutArgs) -> Result<String, String> {
    let plan = rollouts::Plan {
        size: a.size,
        edition: a.edition,
        positions: a.positions,
        level: a.level,
        target_error: a.target_error,
        min_games: a.min_games,
        max_games: a.max_games,
        seed: a.seed,
        threads: a.threads,
    };
    let mut file = if std::path::Path::new(&a.out).exists() {
        read_yardstick(&a.out)?
    } else {
        Yardstick {
            about: "Positions from seeded self-play, each valued by roll-outs: the share of \
                    games the player to move wins before its roll (diablo-lab rollouts, \
                    docs/ai.md)"
                .to_string(),
            level: a.level.to_string(),
            positions: Vec::new(),
        }
    };
    if file.level != a.level.to_string() {
        return Err(format!(
            "{} was rolled out at {}, not {}",
            a.out, file.level, a.level
        ));
    }
    let t0 = Instant::now();
    let made = rollouts::make(&plan, &mut |v| {
        eprintln!(
            "{} {}: {:.3} ± {:.3} ({} games)",
            v.position, v.edition, v.value, v.error, v.games
        );
    });
    let n = made.len();
    file.positions.extend(made);
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    std::fs::write(&a.out, text + "\n").map_err(|e| format!("cannot write {}: {e}", a.out))?;
    Ok(format!(
        "{n} positions valued in {:.0} s",
        t0.elapsed().as_secs_f64()
    ))
}

pub fn run_score(a: &ScoreArgs) -> Result<String, String> {
    let mut lines = Vec::new();
    for path in &a.files {
        let file = read_yardstick(path)?;
        for edition in Edition::ALL {
            let some: Vec<_> = file
                .positions
                .iter()
                .filter(|v| v.edition == edition.to_string())
                .cloned()
                .collect();
            if some.is_empty() {
                continue;
            }
            let e = rollouts::score_review(&some)?;
            lines.push(format!(
                "{path} {edition}: {} positions, review's chance off by {:.3} on average, {:.3} at most",
                e.count, e.mean, e.max
            ));
        }
    }
    Ok(lines.join("\n"))
}

#[derive(Args)]
pub struct CalibrateArgs {
    /// The net to calibrate (4x4: valued against exact endgame values).
    #[arg(long, value_name = "FILE")]
    net: String,
    /// Edition.
    #[arg(long, default_value = "standard")]
    edition: Edition,
    /// Self-play games of the level whose endgames are valued.
    #[arg(long, default_value_t = 300)]
    games: u32,
    /// Both sides at most this many checkers.
    #[arg(long, default_value_t = 4)]
    checkers: u32,
    /// The level of the self-play games.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Seed.
    #[arg(long, default_value_t = 7)]
    seed: u64,
}

/// A 4x4 endgame position: its game, the raw chance with the net and
/// without, and its exact value.
type Row = (u32, f64, f64, f64);

/// Positions of 4x4 endgames from self-play with their exact values and
/// the raw chances with and without the net; the calibration fitted on the
/// even games and scored on the odd ones.
pub fn run_calibrate(a: &CalibrateArgs) -> Result<String, String> {
    use diablo_ai::{Rng, calibrated, raw_win_chance_with};
    use diablo_core::{Color, Position};
    let net = load_net(&a.net)?;
    let mut solver = diablo_solve::Solver::new(a.edition);
    let mut rows: Vec<Row> = Vec::new();
    let mut rng = Rng::new(a.seed);
    for g in 0..a.games {
        let players = [
            Player::new(a.level, rng.next_u64()),
            Player::new(a.level, rng.next_u64()),
        ];
        let mut pos = Position::start(4).map_err(|e| e.to_string())?;
        while !pos.is_finished() {
            if pos.checkers(Color::Black) <= a.checkers && pos.checkers(Color::Green) <= a.checkers
            {
                let exact = solver.value(&pos);
                rows.push((
                    g,
                    raw_win_chance_with(&pos, a.edition, Some(net)),
                    raw_win_chance_with(&pos, a.edition, None),
                    exact,
                ));
            }
            let roll = rng.roll(pos.size());
            let c = players[pos.side_to_move().index()]
                .choose(&pos, a.edition, roll)
                .map_err(|e| e.to_string())?;
            pos = pos
                .play(a.edition, roll, &c.turn)
                .map_err(|e| e.to_string())?;
        }
    }
    let fit: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.0 % 2 == 0)
        .map(|r| (r.1, r.3))
        .collect();
    let held: Vec<&Row> = rows.iter().filter(|r| r.0 % 2 == 1).collect();
    let c = net::fit_calibration(&fit);
    let mean = |f: &dyn Fn(&Row) -> f64| {
        held.iter().map(|r| (f(r) - r.3).abs()).sum::<f64>() / held.len().max(1) as f64
    };
    Ok(format!(
        "{} positions ({} held out); calibration ({:.3}, {:.3}, {:.3}); held-out mean abs error: \
         net calibrated {:.4}, net raw {:.4}, weights as shipped {:.4}",
        rows.len(),
        held.len(),
        c.0,
        c.1,
        c.2,
        mean(&|r| diablo_ai::calibrate(r.1, c)),
        mean(&|r| r.1),
        mean(&|r| calibrated(r.2, 4, a.edition)),
    ))
}
