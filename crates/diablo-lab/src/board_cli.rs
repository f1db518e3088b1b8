//! The board net's subcommands: `board-labels`, `board-train` (docs/ai.md,
//! the board net).

use crate::net_cli::load_net;
use clap::Args;
use diablo_ai::Net;
use diablo_lab::board::{self, BoardTrainPlan, LabelPlan};
use std::path::Path;
use std::time::Instant;

#[derive(Args)]
pub struct LabelArgs {
    /// The directory of the shards (made if missing; shards already in it
    /// are kept, so a stopped run goes on).
    #[arg(long)]
    out: String,
    /// Board size.
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// The first shard's number.
    #[arg(long, default_value_t = 0)]
    from: u32,
    /// Shards to make.
    #[arg(long, default_value_t = 10)]
    shards: u32,
    /// Games a shard plays.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// The chance of a random turn in self-play.
    #[arg(long, default_value_t = 0.1)]
    epsilon: f64,
    /// Siblings of each played turn to label.
    #[arg(long, default_value_t = 2)]
    siblings: usize,
    /// The outcome's share in a played position's label.
    #[arg(long, default_value_t = 0.25)]
    blend: f32,
    /// The run's seed (a shard's seed comes from it and its number).
    #[arg(long, default_value_t = 49)]
    seed: u64,
    /// The current evaluator's net ("none" or absent: the weights alone).
    #[arg(long, value_name = "FILE")]
    net: Option<String>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

#[derive(Args)]
pub struct BoardTrainArgs {
    /// Shard directories (every `shard-*.bin` in each).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Where to write the net.
    #[arg(long)]
    out: String,
    /// Hidden units.
    #[arg(long, default_value_t = 64)]
    hidden: usize,
    /// Held out: games whose number is 0 modulo this.
    #[arg(long, default_value_t = 10)]
    hold_out_every: u32,
    /// Most passes over the data.
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Passes without a better held-out loss before stopping.
    #[arg(long, default_value_t = 3)]
    patience: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 1e-3)]
    learning_rate: f32,
    /// Examples per step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Seed of the first weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run_labels(a: &LabelArgs) -> Result<String, String> {
    if !(2..=26).contains(&a.size) || a.size % 2 != 0 {
        return Err(format!("--size {}: not even in 2..=26", a.size));
    }
    let net = match a.net.as_deref() {
        None | Some("none") => None,
        Some(path) => Some(load_net(path)?),
    };
    let plan = LabelPlan {
        size: a.size,
        games: a.games.max(1),
        epsilon: a.epsilon,
        siblings: a.siblings,
        blend: a.blend.clamp(0.0, 1.0),
        seed: a.seed,
        net,
    };
    let t0 = Instant::now();
    let log = |line: &str| eprintln!("{:.0} s: {line}", t0.elapsed().as_secs_f64());
    let (shards, samples) =
        board::label_shards(&plan, Path::new(&a.out), a.from, a.shards, a.threads, &log)?;
    Ok(format!(
        "{shards} shards made, {samples} samples, in {:.0} s",
        t0.elapsed().as_secs_f64()
    ))
}

pub fn run_train(a: &BoardTrainArgs) -> Result<String, String> {
    let mut samples = Vec::new();
    let mut size = None;
    for dir in &a.data {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("{dir}: {e}"))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "bin"))
            .collect();
        paths.sort();
        for p in paths {
            let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let (n, part) =
                board::read_shard(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
            if *size.get_or_insert(n) != n {
                return Err(format!("{}: a {n}x{n} shard among others", p.display()));
            }
            samples.extend(part);
        }
    }
    let size = size.ok_or("no shards in the data directories")?;
    let t0 = Instant::now();
    let plan = BoardTrainPlan {
        hidden: a.hidden,
        hold_out_every: a.hold_out_every,
        max_epochs: a.epochs,
        patience: a.patience,
        learning_rate: a.learning_rate,
        batch: a.batch,
        seed: a.seed,
    };
    let trained = board::train_board(size, &samples, &plan, &mut |l| eprintln!("{l}"));
    let bytes = trained.net.to_bytes();
    std::fs::write(&a.out, &bytes).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    let best = trained
        .history
        .get(trained.best_epoch.max(1) - 1)
        .map_or(f64::NAN, |h| h.1);
    Ok(format!(
        "{}x{size} board net, {} hidden, {} bytes: {} training / {} held out; held-out loss {best:.5} (the weighted sum alone {:.5}), best pass {} of {}; {:.0} s",
        size,
        a.hidden,
        bytes.len(),
        trained.counts.0,
        trained.counts.1,
        trained.base_loss,
        trained.best_epoch,
        trained.history.len(),
        t0.elapsed().as_secs_f64()
    ))
}

#[derive(Args)]
pub struct ChoiceArgs {
    /// Board size.
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// (position, roll) pairs.
    #[arg(long, default_value_t = 2000)]
    pairs: usize,
    /// Pairs with more turns than this are passed over.
    #[arg(long, default_value_t = 400)]
    most_turns: usize,
    /// Seed of the games (not a labelling seed: held out).
    #[arg(long, default_value_t = 4949)]
    seed: u64,
    /// Net files to measure beside the weighted sum alone.
    #[arg(long, num_args = 0..)]
    nets: Vec<String>,
}

pub fn run_choice(a: &ChoiceArgs) -> Result<String, String> {
    let mut nets: Vec<Option<&Net>> = vec![None];
    for path in &a.nets {
        nets.push(Some(load_net(path)?));
    }
    let t0 = Instant::now();
    let (errors, used) = board::choice_error(a.size, a.pairs, a.most_turns, a.seed, &nets);
    let mut out = format!(
        "{}x{} move-choice error against a two-roll look-ahead, {used} pairs:\n  the weighted sum alone: {:.4}",
        a.size, a.size, errors[0]
    );
    for (path, e) in a.nets.iter().zip(&errors[1..]) {
        out.push_str(&format!("\n  {path}: {e:.4}"));
    }
    out.push_str(&format!("\n{:.0} s", t0.elapsed().as_secs_f64()));
    Ok(out)
}
