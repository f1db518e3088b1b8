//! `diablo analyse`: every turn of a game judged by a computer level.
//!
//! One line per turn, tab-separated:
//! `turn_number roll played_turn mover_win_before_roll value_of_played
//! value_of_best best_turn`, chances from the mover's point of view with
//! three decimals. The value of a turn is the mover's chance of winning
//! after it (one minus the opponent's chance before their roll, from
//! [`diablo_ai::win_chance`]); a turn that ends the game is worth 1 or 0.
//! The best turn is the level's choice for the roll, or the played turn
//! when that is worth more, so a turn the level itself would play loses
//! nothing.

use crate::args::Args;
use diablo_ai::{Level, Player, win_chance};
use diablo_core::{Color, Edition, Outcome, Position, Record, Roll, Turn};
use std::fmt::Write as _;

/// One analysed turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub number: u32,
    pub roll: Roll,
    pub played: Turn,
    pub before: f64,
    pub played_value: f64,
    pub best_value: f64,
    pub best: Turn,
}

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
    let lines = analyse(&record, level).map_err(|e| format!("{path}: {e}"))?;
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

/// The mover's chance of winning after playing `turn`.
fn value_after(pos: &Position, edition: Edition, roll: Roll, turn: &Turn) -> Result<f64, String> {
    let mover: Color = pos.side_to_move();
    let after = pos
        .play(edition, roll, turn)
        .map_err(|e| format!("turn {}: {e}", pos.turn_number()))?;
    Ok(match after.outcome() {
        Outcome::Won(c) => {
            if c == mover {
                1.0
            } else {
                0.0
            }
        }
        Outcome::InProgress => 1.0 - win_chance(&after, edition),
    })
}

/// Judges every turn of a record at a level (deterministic: the search's
/// seed is the turn number).
pub fn analyse(record: &Record, level: Level) -> Result<Vec<Line>, String> {
    let edition = record.edition();
    let mut out = Vec::with_capacity(record.turns().len());
    for (pos, (roll, played)) in record.positions().iter().zip(record.turns()) {
        let number = pos.turn_number();
        let before = win_chance(pos, edition);
        let choice = Player::new(level, u64::from(number))
            .choose(pos, edition, *roll)
            .map_err(|e| format!("turn {number}: {e}"))?;
        let played_value = value_after(pos, edition, *roll, played)?;
        let choice_value = if choice.turn == *played {
            played_value
        } else {
            value_after(pos, edition, *roll, &choice.turn)?
        };
        let (best, best_value) = if choice_value >= played_value {
            (choice.turn, choice_value)
        } else {
            (*played, played_value)
        };
        out.push(Line {
            number,
            roll: *roll,
            played: *played,
            before,
            played_value,
            best_value,
            best,
        });
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A 6x6 game where each side plays the level's own choice.
    fn engine_game(turns: usize) -> Record {
        let mut record = Record::new(Edition::Standard, Position::start(6).unwrap());
        let mut seed = 7u32;
        for _ in 0..turns {
            let pos = record.last().clone();
            if pos.is_finished() {
                break;
            }
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let a = 1 + ((seed >> 16) % 3) as u8;
            let b = 1 + ((seed >> 20) % 3) as u8;
            let roll = Roll::new(a, b).unwrap();
            let turn = Player::new(Level::Hard, u64::from(pos.turn_number()))
                .choose(&pos, Edition::Standard, roll)
                .unwrap()
                .turn;
            record.push(roll, turn).unwrap();
        }
        record
    }

    #[test]
    fn the_levels_own_turns_lose_nothing() {
        let record = engine_game(6);
        let lines = analyse(&record, Level::Hard).unwrap();
        assert_eq!(lines.len(), record.turns().len());
        for l in &lines {
            assert_eq!(l.best, l.played, "turn {}", l.number);
            assert!((l.best_value - l.played_value).abs() < 1e-12);
            assert!((0.0..=1.0).contains(&l.before));
        }
    }

    #[test]
    fn a_deliberately_bad_turn_is_marked() {
        // Black's worst turn for the first roll (by the same measure).
        let pos = Position::start(6).unwrap();
        let roll = Roll::new(1, 2).unwrap();
        let turns = pos.legal_turns(Edition::Standard, roll).unwrap();
        let worst = turns
            .iter()
            .map(|t| (value_after(&pos, Edition::Standard, roll, t).unwrap(), *t))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap();
        let mut record = Record::new(Edition::Standard, pos);
        record.push(roll, worst.1).unwrap();
        let lines = analyse(&record, Level::Hard).unwrap();
        assert_eq!(lines[0].played_value, worst.0);
        assert!(
            lines[0].best_value - lines[0].played_value > 0.02,
            "{:?}",
            lines[0]
        );
        assert_ne!(lines[0].best, lines[0].played);
    }
}
