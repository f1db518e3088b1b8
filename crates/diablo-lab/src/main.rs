//! `diablo-lab`: development tools over the Diablo engine (not shipped to
//! the browser). `diablo-lab puzzles` makes the puzzles page's set
//! (docs/puzzles.md).

use clap::{Args, Parser, Subcommand};
use diablo_core::Edition;
use diablo_lab::puzzles::{self, Counts, Plan, PuzzleFile};
use std::process::ExitCode;
use std::time::Instant;

mod board_cli;
mod net_cli;

/// Diablo, a game by Mark Steere: development tools.
#[derive(Parser)]
#[command(name = "diablo-lab", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The AI's tuning tools: duel, reliability, reliability-fit,
    /// review-time, spsa, texel, think (listed after the others).
    #[command(flatten)]
    Tune(diablo_lab::tune::Tune),
    /// Make the puzzle set from seeded self-play (docs/puzzles.md).
    #[command(after_help = "\
Example:
  nice -n 10 cargo run --release -p diablo-lab -- puzzles \\
      --out web/puzzles/puzzles.json --sizes 6,8,10 --targets 82,56,12 --seed 1")]
    Puzzles(PuzzleArgs),
    /// Check a puzzle file's structure and legality (and, with --sample N,
    /// re-rank N puzzles at the judge level).
    Check(CheckArgs),
    /// Rate every puzzle of a file again (its difficulty, docs/puzzles.md),
    /// print how the difficulties spread, and write the file back.
    Rate(RateArgs),
    /// Merge puzzle files (runs with other seeds or sizes) into one: grouped
    /// by size and edition, numbered again within each group, a position
    /// and roll found twice kept once.
    Merge(MergeArgs),
    /// Self-play positions with their outcomes, for training a net.
    #[command(
        after_help = "Example:\n  diablo-lab net-data --out /tmp/six.bin --size 6 --games 2000 --threads 2"
    )]
    NetData(net_cli::DataArgs),
    /// Train a net on net-data's samples, stopping when the held-out loss
    /// stops falling.
    #[command(
        after_help = "Example:\n  diablo-lab net-train --data /tmp/six.bin --out /tmp/six.net --hidden 32"
    )]
    NetTrain(net_cli::TrainArgs),
    /// A paired-dice match between two players, each with or without a net.
    #[command(
        after_help = "Example:\n  diablo-lab net-match --size 6 --games 400 --a-net /tmp/six.net --b-net none"
    )]
    NetMatch(net_cli::MatchArgs),
    /// Make (or add to) a yardstick of positions valued by roll-outs.
    #[command(
        after_help = "Example:\n  diablo-lab rollouts --out crates/diablo-lab/data/rollouts-8.json --size 8 --positions 16 --threads 2"
    )]
    Rollouts(net_cli::RolloutArgs),
    /// Score the review's win chance on yardstick files.
    #[command(
        after_help = "Example:\n  diablo-lab rollouts-score crates/diablo-lab/data/rollouts-*.json"
    )]
    RolloutsScore(net_cli::ScoreArgs),
    /// Fit a 4x4 net's calibration against exact endgame values.
    #[command(
        after_help = "Example:\n  diablo-lab net-calibrate --net /tmp/four.net --edition standard --games 300"
    )]
    NetCalibrate(net_cli::CalibrateArgs),
    /// Label positions for a board net, in shards that a stopped run goes
    /// on from: noisy self-play, one-roll look-ahead values.
    #[command(
        after_help = "Example:\n  nice -n 19 diablo-lab board-labels --out /tmp/six-g1 --size 6 --shards 100 --threads 2"
    )]
    BoardLabels(board_cli::LabelArgs),
    /// Train a board net on board-labels' shards.
    #[command(
        after_help = "Example:\n  diablo-lab board-train --data /tmp/six-g1 --out /tmp/six-g1.net --hidden 64"
    )]
    BoardTrain(board_cli::BoardTrainArgs),
    /// Move-choice error of evaluators against a two-roll look-ahead.
    #[command(
        after_help = "Example:\n  diablo-lab board-choice --size 6 --pairs 2000 --nets /tmp/six-g1.net"
    )]
    BoardChoice(board_cli::ChoiceArgs),
}

#[derive(Args)]
struct MergeArgs {
    /// Where to write the merged file.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// The files to merge, in order.
    #[arg(required = true)]
    files: Vec<String>,
}

#[derive(Args)]
struct RateArgs {
    /// The puzzle file.
    #[arg(long, value_name = "FILE")]
    file: String,
}

#[derive(Args)]
struct PuzzleArgs {
    /// Where to write the JSON file.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Puzzles per board size and edition.
    #[arg(long, default_value_t = 55)]
    per_group: usize,
    /// Most self-play games per board size and edition.
    #[arg(long, default_value_t = 3000)]
    games: u32,
    /// Seed of the first game of each group.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Board sizes, comma-separated.
    #[arg(long, default_value = "6,8,10", value_delimiter = ',')]
    sizes: Vec<u8>,
    /// Puzzles per edition for each size, in the order of --sizes (instead
    /// of --per-group): larger boards cost much more to confirm.
    #[arg(long, value_delimiter = ',')]
    targets: Vec<usize>,
    /// Editions, comma-separated.
    #[arg(long, default_value = "standard,sequenced", value_delimiter = ',')]
    editions: Vec<Edition>,
    /// The pre-filter's gap (the cheap ranking's lead of the best turn).
    #[arg(long, default_value_t = 0.15)]
    prefilter_gap: f64,
    /// Most puzzles taken from one game.
    #[arg(long, default_value_t = 2)]
    per_game: usize,
}

#[derive(Args)]
struct CheckArgs {
    /// The puzzle file.
    #[arg(long, value_name = "FILE")]
    file: String,
    /// How many puzzles (spread over the file) to re-rank at the judge level.
    #[arg(long, default_value_t = 0)]
    sample: usize,
}

fn run_puzzles(a: &PuzzleArgs) -> Result<String, String> {
    let mut all = Vec::new();
    let mut lines = Vec::new();
    if !a.targets.is_empty() && a.targets.len() != a.sizes.len() {
        return Err("--targets needs one number for each of --sizes".into());
    }
    for (k, &size) in a.sizes.iter().enumerate() {
        for &edition in &a.editions {
            let plan = Plan {
                size,
                edition,
                target: a.targets.get(k).copied().unwrap_or(a.per_group),
                games: a.games,
                seed: a.seed + u64::from(size) * 1_000_000,
                prefilter_gap: a.prefilter_gap,
                per_game: a.per_game,
            };
            let start = Instant::now();
            let mut counts = Counts::default();
            let mut partial = all.clone();
            let mut kept = Ok(());
            let found = puzzles::generate(&plan, &mut counts, |p, c| {
                // Written after every puzzle, so a run stopped early keeps
                // what it found.
                partial.push(p.clone());
                if kept.is_ok() {
                    kept = write_file(&a.out, &partial);
                }
                eprintln!(
                    "{} {:>5.0}s  {} {} gap {:.3} d{}{}  (games {}, positions {}, candidates {}, confirmed {})",
                    p.id,
                    start.elapsed().as_secs_f64(),
                    p.roll,
                    p.best,
                    p.best_chance - p.second_chance,
                    p.difficulty,
                    if p.exact.is_some() { " exact" } else { "" },
                    c.games,
                    c.positions,
                    c.candidates,
                    c.confirmed
                );
            })?;
            kept?;
            let line = format!(
                "{size}x{size} {edition}: {} puzzles in {:.0}s; games {}, positions {}, candidates {}, confirmed {}, exact {} (refused {})",
                found.len(),
                start.elapsed().as_secs_f64(),
                counts.games,
                counts.positions,
                counts.candidates,
                counts.confirmed,
                counts.exact,
                counts.exact_refused
            );
            eprintln!("{line}");
            lines.push(line);
            all.extend(found);
            write_file(&a.out, &all)?;
        }
    }
    Ok(lines.join("\n"))
}

fn write_file(out: &str, puzzles: &[puzzles::Puzzle]) -> Result<(), String> {
    let file = PuzzleFile {
        version: puzzles::VERSION,
        gap: puzzles::GAP,
        judge: puzzles::JUDGE.name().to_string(),
        puzzles: puzzles.to_vec(),
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    std::fs::write(out, text + "\n").map_err(|e| format!("cannot write {out}: {e}"))
}

fn run_check(a: &CheckArgs) -> Result<String, String> {
    let text =
        std::fs::read_to_string(&a.file).map_err(|e| format!("cannot read {}: {e}", a.file))?;
    let file: PuzzleFile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", a.file))?;
    for p in &file.puzzles {
        puzzles::check_structure(p)?;
    }
    let n = file.puzzles.len();
    let step = if a.sample == 0 {
        0
    } else {
        n.div_ceil(a.sample).max(1)
    };
    let mut rechecked = 0;
    if step > 0 {
        for p in file.puzzles.iter().step_by(step) {
            puzzles::recheck(p)?;
            rechecked += 1;
        }
    }
    Ok(format!(
        "{n} puzzles well formed; {rechecked} re-ranked at {}",
        puzzles::JUDGE
    ))
}

fn run_rate(a: &RateArgs) -> Result<String, String> {
    let text =
        std::fs::read_to_string(&a.file).map_err(|e| format!("cannot read {}: {e}", a.file))?;
    let mut file: PuzzleFile =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", a.file))?;
    let mut spread = std::collections::BTreeMap::<(u8, String, u8), usize>::new();
    for p in &mut file.puzzles {
        let (pos, edition, roll, best, _) = puzzles::check_structure(p)?;
        let after = pos
            .play(edition, roll, &best)
            .map_err(|e| e.to_string())?
            .to_string();
        let r = puzzles::rate(&pos, edition, roll, &after, p.best_chance - p.second_chance)
            .map_err(|e| format!("{}: {e}", p.id))?;
        p.difficulty = r.difficulty();
        *spread
            .entry((p.size, p.edition.clone(), p.difficulty))
            .or_default() += 1;
    }
    write_file(&a.file, &file.puzzles)?;
    Ok(spread
        .iter()
        .map(|((size, edition, d), n)| format!("{size}x{size} {edition} difficulty {d}: {n}"))
        .collect::<Vec<_>>()
        .join("\n"))
}

fn run_merge(a: &MergeArgs) -> Result<String, String> {
    let mut all: Vec<puzzles::Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in &a.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let file: PuzzleFile = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
        for p in file.puzzles {
            if seen.insert((p.position.clone(), p.edition.clone(), p.roll.clone())) {
                all.push(p);
            }
        }
    }
    // Stable: each group keeps the order its runs found its puzzles in.
    all.sort_by_key(|p| (p.size, p.edition != "standard"));
    let mut counts = std::collections::BTreeMap::<(u8, String), usize>::new();
    for p in &mut all {
        let n = counts.entry((p.size, p.edition.clone())).or_default();
        *n += 1;
        let tag = if p.edition == "sequenced" { 's' } else { 't' };
        p.id = format!("{}{tag}-{:03}", p.size, *n);
    }
    write_file(&a.out, &all)?;
    Ok(counts
        .iter()
        .map(|((size, edition), n)| format!("{size}x{size} {edition}: {n}"))
        .chain(std::iter::once(format!("{} puzzles", all.len())))
        .collect::<Vec<_>>()
        .join("\n"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Tune(t) => match diablo_lab::tune::run(t) {
            // The tools print as they go.
            Ok(()) => return ExitCode::SUCCESS,
            Err(e) => Err(e),
        },
        Command::Puzzles(a) => run_puzzles(a),
        Command::Check(a) => run_check(a),
        Command::Rate(a) => run_rate(a),
        Command::Merge(a) => run_merge(a),
        Command::NetData(a) => net_cli::run_data(a),
        Command::NetTrain(a) => net_cli::run_train(a),
        Command::NetMatch(a) => net_cli::run_match(a),
        Command::Rollouts(a) => net_cli::run_rollouts(a),
        Command::RolloutsScore(a) => net_cli::run_score(a),
        Command::NetCalibrate(a) => net_cli::run_calibrate(a),
        Command::BoardLabels(a) => board_cli::run_labels(a),
        Command::BoardTrain(a) => board_cli::run_train(a),
        Command::BoardChoice(a) => board_cli::run_choice(a),
    };
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("diablo-lab: {e}");
            ExitCode::from(2)
        }
    }
}
