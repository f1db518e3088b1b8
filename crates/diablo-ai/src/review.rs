//! Judging turns after the game: the review of a record, turn by turn, and
//! the ranking of every legal turn for the analysis board. Shared by the
//! command line (`diablo analyse`) and the page (through `diablo-wasm-ai`),
//! so both show the same numbers for the same game and level.
//!
//! The value of a turn is the mover's chance of winning after it: one minus
//! the opponent's [`win_chance`](crate::win_chance) before their roll; a
//! turn that ends the game is worth 1 or 0. A turn's loss is the value of
//! the best turn for its roll minus the value of the turn played, where the
//! best turn is the level's choice, or the played turn when that is worth
//! more (so a turn the level itself would play loses nothing).

use crate::search::to_chance;
use crate::{Level, Player, Weights, evaluate_with, win_chance};
use diablo_core::{Color, Edition, Outcome, PlayError, Position, Record, Roll, Turn};
use std::fmt;

/// Loss from which a turn is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// Loss from which a turn is a mistake.
pub const MISTAKE: f64 = 0.10;
/// Loss from which a turn is a blunder.
pub const BLUNDER: f64 = 0.20;

/// How bad a turn was, by its loss ([`INACCURACY`], [`MISTAKE`],
/// [`BLUNDER`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Loss of at least [`INACCURACY`] (written `?!`).
    Inaccuracy,
    /// Loss of at least [`MISTAKE`] (written `?`).
    Mistake,
    /// Loss of at least [`BLUNDER`] (written `??`).
    Blunder,
}

impl Mark {
    /// The mark for a loss, or `None` below [`INACCURACY`].
    #[must_use]
    pub fn of_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The name: `inaccuracy`, `mistake` or `blunder`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The sign written after the turn: `?!`, `?` or `??`.
    #[must_use]
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A turn that could not be judged: its number and the engine's refusal
/// (the game was over, the roll does not fit, or the turn is illegal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewError {
    /// The turn's number.
    pub number: u32,
    /// Why.
    pub error: PlayError,
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}: {}", self.number, self.error)
    }
}

impl std::error::Error for ReviewError {}

/// One judged turn; every chance is the mover's, in 0..=1.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnReview {
    /// The turn's number (1 = Black's first).
    pub number: u32,
    /// Who played it.
    pub side: Color,
    /// Its roll.
    pub roll: Roll,
    /// The turn played.
    pub played: Turn,
    /// The mover's chance before the roll.
    pub before: f64,
    /// The mover's chance after the turn played.
    pub played_value: f64,
    /// The mover's chance after the best turn.
    pub best_value: f64,
    /// The best turn: the level's choice, or the played turn if worth more.
    pub best: Turn,
}

impl TurnReview {
    /// Value of the best turn minus value of the turn played (never
    /// negative).
    #[must_use]
    pub fn loss(&self) -> f64 {
        (self.best_value - self.played_value).max(0.0)
    }

    /// The turn's mark, by its [`loss`](TurnReview::loss).
    #[must_use]
    pub fn mark(&self) -> Option<Mark> {
        Mark::of_loss(self.loss())
    }

    /// How much the roll alone moved the mover's chance: the best turn's
    /// value after this roll minus the chance before rolling.
    #[must_use]
    pub fn dice_swing(&self) -> f64 {
        self.best_value - self.before
    }
}

/// The mover's chance of winning after playing `turn`.
///
/// # Errors
/// The engine's refusal of the turn.
pub fn value_after(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    turn: &Turn,
) -> Result<f64, PlayError> {
    let mover = pos.side_to_move();
    let after = pos.play(edition, roll, turn)?;
    Ok(value_of(&after, edition, mover))
}

/// The chance of `mover` (who just played) in the position after a turn.
fn value_of(after: &Position, edition: Edition, mover: Color) -> f64 {
    match after.outcome() {
        Outcome::Won(c) => f64::from(u8::from(c == mover)),
        Outcome::InProgress => 1.0 - win_chance(after, edition),
    }
}

/// The reviewer for a turn: the level with its seed the turn's number, so
/// a review is the same every time and everywhere.
#[must_use]
pub fn reviewer(level: Level, number: u32) -> Player {
    Player::new(level, u64::from(number))
}

/// Judges the turn `played` with `roll` in `pos`, against the choice of
/// `player` (usually [`reviewer`]).
///
/// # Errors
/// The game is over, the roll does not fit, or `played` is illegal.
pub fn judge_turn(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    played: &Turn,
    player: &Player,
) -> Result<TurnReview, ReviewError> {
    let number = pos.turn_number();
    let err = |error| ReviewError { number, error };
    let played_value = value_after(pos, edition, roll, played).map_err(err)?;
    let choice = player.choose(pos, edition, roll).map_err(err)?;
    let choice_value = if choice.turn == *played {
        played_value
    } else {
        value_after(pos, edition, roll, &choice.turn).map_err(err)?
    };
    let (best, best_value) = if choice_value >= played_value {
        (choice.turn, choice_value)
    } else {
        (*played, played_value)
    };
    Ok(TurnReview {
        number,
        side: pos.side_to_move(),
        roll,
        played: *played,
        before: win_chance(pos, edition),
        played_value,
        best_value,
        best,
    })
}

/// Judges every turn of a record at a level (its default budget).
///
/// # Errors
/// The first turn that cannot be judged (a record read by the engine is
/// always legal, so only for records built by hand).
pub fn review_record(record: &Record, level: Level) -> Result<Vec<TurnReview>, ReviewError> {
    let edition = record.edition();
    record
        .positions()
        .iter()
        .zip(record.turns())
        .map(|(pos, (roll, played))| {
            judge_turn(
                pos,
                edition,
                *roll,
                played,
                &reviewer(level, pos.turn_number()),
            )
        })
        .collect()
}

/// One legal turn with the mover's chance after it.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedTurn {
    /// The turn.
    pub turn: Turn,
    /// The mover's chance after it.
    pub value: f64,
    /// Whether `value` is the review's estimate ([`value_after`]); the
    /// others have the quick one (the evaluation of the position after).
    pub exact: bool,
}

/// Every legal turn for `roll`, the mover's chance after each, best first.
///
/// All turns get a quick value (the evaluation of the position after it);
/// the best `exact` of them by that value, and the choice of `level` when
/// given, are then valued as the review values turns ([`value_after`]) and
/// come first, best first; the rest follow by their quick value.
///
/// # Errors
/// The game is over or the roll does not fit.
pub fn rank_turns(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    exact: usize,
    level: Option<Level>,
) -> Result<Vec<RankedTurn>, PlayError> {
    let mover = pos.side_to_move();
    let weights = Weights::tuned(edition);
    let net = crate::shipped_net(pos.size(), edition);
    let mut ranked = Vec::new();
    for turn in pos.legal_turns(edition, roll)? {
        let after = pos.play(edition, roll, &turn)?;
        let value = match after.outcome() {
            Outcome::Won(c) => f64::from(u8::from(c == mover)),
            Outcome::InProgress => {
                1.0 - to_chance(
                    evaluate_with(&after, edition, &weights, net),
                    crate::CHANCE_SCALE,
                )
            }
        };
        ranked.push(RankedTurn {
            turn,
            value,
            exact: false,
        });
    }
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    let choice = match level {
        Some(l) => Some(
            reviewer(l, pos.turn_number())
                .choose(pos, edition, roll)?
                .turn,
        ),
        None => None,
    };
    for (i, r) in ranked.iter_mut().enumerate() {
        if i < exact || choice == Some(r.turn) {
            r.value = value_after(pos, edition, roll, &r.turn)?;
            r.exact = true;
        }
    }
    ranked.sort_by(|a, b| b.exact.cmp(&a.exact).then(b.value.total_cmp(&a.value)));
    Ok(ranked)
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
            let turn = reviewer(Level::Hard, pos.turn_number())
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
        let lines = review_record(&record, Level::Hard).unwrap();
        assert_eq!(lines.len(), record.turns().len());
        for l in &lines {
            assert_eq!(l.best, l.played, "turn {}", l.number);
            assert_eq!(l.loss(), 0.0);
            assert_eq!(l.mark(), None);
            assert!((0.0..=1.0).contains(&l.before));
        }
    }

    #[test]
    fn skipping_the_winning_capture_is_a_blunder() {
        // Black to move with 1,1: b1-b2 captures Green's last stack (as
        // tall as Black's) and wins at once; stepping away leaves a single
        // checker that Green's stack takes with most rolls.
        let pos: Position = "..../..../.g2../.b2.. b 9".parse().unwrap();
        let roll = Roll::new(1, 1).unwrap();
        let turns = pos.legal_turns(Edition::Standard, roll).unwrap();
        let values: Vec<(f64, Turn)> = turns
            .iter()
            .map(|t| (value_after(&pos, Edition::Standard, roll, t).unwrap(), *t))
            .collect();
        let (win, _) = values.iter().find(|(v, _)| *v == 1.0).unwrap();
        assert_eq!(*win, 1.0);
        let (worst_value, worst) = *values.iter().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap();
        assert!(worst_value < 0.8, "{values:?}");
        let r = judge_turn(
            &pos,
            Edition::Standard,
            roll,
            &worst,
            &reviewer(Level::Hard, 9),
        )
        .unwrap();
        assert_eq!(r.best_value, 1.0);
        assert_ne!(r.best, r.played);
        assert_eq!(r.mark(), Some(Mark::Blunder), "{r:?}");
        // The winning turn itself loses nothing.
        let best = r.best;
        let r = judge_turn(
            &pos,
            Edition::Standard,
            roll,
            &best,
            &reviewer(Level::Hard, 9),
        )
        .unwrap();
        assert_eq!(r.mark(), None);
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_loss(0.0), None);
        assert_eq!(Mark::of_loss(0.049), None);
        assert_eq!(Mark::of_loss(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(0.1), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(0.2), Some(Mark::Blunder));
        assert_eq!(Mark::Blunder.sign(), "??");
    }

    #[test]
    fn the_ranking_lists_every_turn_best_first_with_exact_values_on_top() {
        let pos = Position::start(6).unwrap();
        let roll = Roll::new(1, 2).unwrap();
        let all = pos.legal_turns(Edition::Standard, roll).unwrap();
        let ranked = rank_turns(&pos, Edition::Standard, roll, 5, Some(Level::Hard)).unwrap();
        assert_eq!(ranked.len(), all.len());
        let exact: Vec<&RankedTurn> = ranked.iter().filter(|r| r.exact).collect();
        assert!(exact.len() >= 5 && exact.len() <= 6, "{}", exact.len());
        for w in exact.windows(2) {
            assert!(w[0].value >= w[1].value);
        }
        for r in &exact {
            let v = value_after(&pos, Edition::Standard, roll, &r.turn).unwrap();
            assert_eq!(r.value, v);
        }
        // The review's best turn is in the exact part.
        let choice = reviewer(Level::Hard, 1)
            .choose(&pos, Edition::Standard, roll)
            .unwrap()
            .turn;
        assert!(exact.iter().any(|r| r.turn == choice));
    }
}
