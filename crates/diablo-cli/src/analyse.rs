//! `diablo analyse`: every turn of a game judged by a computer level, a
//! thin wrapper over [`diablo_ai::review`] (the page's review uses the same
//! functions, so both show the same numbers).
//!
//! One line per turn, tab-separated:
//! `turn_number roll played_turn mover_win_before_roll value_of_played
//! value_of_best best_turn luck`, chances from the mover's point of view
//! with three decimals (see [`diablo_ai::review`] for what they mean); the
//! chance before the roll is the average over every roll of the chance
//! once dealt, and the luck is the chance once this roll was dealt minus
//! it.

use diablo_ai::Level;
use diablo_ai::review::review_record;
use diablo_core::Record;
use std::fmt::Write as _;

/// The options of `diablo analyse`.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The record file of the game (as `diablo check` reads it).
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    record: String,
    /// The judge: hard (the page's review) or analysis (slower, stronger).
    #[arg(
        long,
        value_name = "hard|analysis",
        default_value_t = Level::Hard,
        value_parser = judge,
        allow_hyphen_values = true
    )]
    level: Level,
}

/// A level that can judge a game.
fn judge(text: &str) -> Result<Level, String> {
    let level: Level = text
        .parse()
        .map_err(|e: diablo_ai::ParseLevelError| e.to_string())?;
    if matches!(level, Level::Hard | Level::Analysis) {
        Ok(level)
    } else {
        Err(format!("'{}' is not hard or analysis", level.name()))
    }
}

pub fn run(a: &AnalyseArgs) -> Result<String, String> {
    let path = &a.record;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read record file {path}: {e}"))?;
    let record: Record = text.parse().map_err(|e| format!("{path}: {e}"))?;
    let lines = review_record(&record, a.level).map_err(|e| format!("{path}: {e}"))?;
    let mut out = String::new();
    for l in &lines {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{}\t{:.3}",
            l.number, l.roll, l.played, l.before, l.played_value, l.best_value, l.best, l.luck
        );
    }
    Ok(out.trim_end().to_string())
}
