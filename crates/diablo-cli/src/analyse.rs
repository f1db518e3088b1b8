//! `diablo analyse`: every turn of a game judged by a computer level, a
//! thin wrapper over [`diablo_ai::review`] (the page's review uses the same
//! functions, so both show the same numbers).
//!
//! One line per turn, tab-separated:
//! `turn_number roll played_turn mover_win_before_roll value_of_played
//! value_of_best best_turn`, chances from the mover's point of view with
//! three decimals (see [`diablo_ai::review`] for what they mean).

use crate::args::Args;
use diablo_ai::Level;
use diablo_ai::review::review_record;
use diablo_core::Record;
use std::fmt::Write as _;

pub fn run(rest: &[String]) -> Result<String, String> {
    let a = Args::parse(rest, &["record", "level"])?;
    let path = a.require("record")?;
    let level: Level = a.parse_or("level", Level::Hard)?;
    if !matches!(level, Level::Hard | Level::Analysis) {
        return Err(format!(
            "--level: '{}' is not hard or analysis",
            level.name()
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read record file {path}: {e}"))?;
    let record: Record = text.parse().map_err(|e| format!("{path}: {e}"))?;
    let lines = review_record(&record, level).map_err(|e| format!("{path}: {e}"))?;
    let mut out = String::new();
    for l in &lines {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{}",
            l.number, l.roll, l.played, l.before, l.played_value, l.best_value, l.best
        );
    }
    Ok(out.trim_end().to_string())
}
