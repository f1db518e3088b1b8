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
//!
//! A roll's luck is the mover's chance once it is dealt minus the average
//! of that chance over every roll the dice could have given, each with its
//! probability, all valued by the same search ([`crate::roll_chances`]):
//! weighted over all rolls of a position it sums to zero.

use crate::search::to_chance;
use crate::{Level, Player, RollChance, Weights, evaluate_with, roll_chances, win_chance};
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
    /// The mover's chance before the roll: the average over every roll of
    /// the chance once it is dealt ([`crate::roll_chances`]).
    pub before: f64,
    /// The roll's luck, from the mover's side (−1..=1): their chance once
    /// this roll was dealt minus [`before`](TurnReview::before).
    pub luck: f64,
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
}

/// The average of the rolls' chances, weighted by probability: the chance
/// before the roll at the settings the chances were valued with.
#[must_use]
pub fn average_chance(rolls: &[RollChance]) -> f64 {
    rolls.iter().map(|r| r.probability * r.chance).sum()
}

/// The luck of `roll` among `rolls` (all of a position's, as
/// [`crate::roll_chances`] gives them): its chance minus their average.
/// `None` when the roll is not among them (it does not fit the board).
#[must_use]
pub fn luck_of(rolls: &[RollChance], roll: Roll) -> Option<f64> {
    let [a, b] = roll.dice();
    let key = [a.min(b), a.max(b)];
    let dealt = rolls.iter().find(|r| r.roll.dice() == key)?;
    Some(dealt.chance - average_chance(rolls))
}

/// Each side's luck over a game: the sum of its rolls' luck minus the sum
/// of the other side's (a good roll for one is a bad one for the other),
/// so the two are opposite.
#[must_use]
pub fn net_luck(lines: &[TurnReview]) -> [f64; 2] {
    let mut black = 0.0;
    for l in lines {
        black += if l.side == Color::Black {
            l.luck
        } else {
            -l.luck
        };
    }
    [black, -black]
}

/// Black's net luck over a whole record, as [`net_luck`] of its review
/// gives it, without judging the play: each turn's roll valued among all
/// the rolls of its position ([`crate::roll_chances`]), Black's rolls
/// counted for Black and Green's against. Green's is its negation. What
/// the server keeps for a player's luck over their rated games.
#[must_use]
pub fn record_luck(record: &Record) -> f64 {
    let edition = record.edition();
    record
        .positions()
        .iter()
        .zip(record.turns())
        .map(|(pos, (roll, _))| {
            let luck = luck_of(&roll_chances(pos, edition), *roll).unwrap_or_default();
            if pos.side_to_move() == Color::Black {
                luck
            } else {
                -luck
            }
        })
        .sum()
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
    let rolls = roll_chances(pos, edition);
    let before = average_chance(&rolls);
    // The roll fits (the turn was played with it), so it is among them.
    let luck = luck_of(&rolls, roll).unwrap_or_default();
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
        before,
        luck,
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
    fn a_records_luck_is_its_reviews_net_luck() {
        let record = engine_game(12);
        let lines = review_record(&record, Level::Easy).unwrap();
        let [black, green] = net_luck(&lines);
        let luck = record_luck(&record);
        assert!((luck - black).abs() < 1e-12, "{luck} vs {black}");
        assert!((luck + green).abs() < 1e-12);
        // Twelve rolls of a 6x6 game: not all of them average.
        assert!(lines.iter().any(|l| l.luck.abs() > 0.01), "{lines:?}");
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
    fn luck_is_a_rolls_chance_against_the_average_and_sums_to_zero() {
        // The arithmetic, on chances set by hand (a 4x4 board: two faces).
        let r = |a, b, probability, chance| RollChance {
            roll: Roll::new(a, b).unwrap(),
            probability,
            chance,
        };
        let rolls = [r(1, 1, 0.25, 0.8), r(1, 2, 0.5, 0.4), r(2, 2, 0.25, 0.0)];
        assert!((average_chance(&rolls) - 0.4).abs() < 1e-12);
        let luck = |a, b| luck_of(&rolls, Roll::new(a, b).unwrap()).unwrap();
        assert!((luck(1, 1) - 0.4).abs() < 1e-12);
        // Dice in either order are the same roll.
        assert!(luck(2, 1).abs() < 1e-12 && luck(1, 2).abs() < 1e-12);
        assert!((luck(2, 2) + 0.4).abs() < 1e-12);
        assert_eq!(luck_of(&rolls, Roll::new(3, 1).unwrap()), None);

        // The engine's chances: every roll once, probabilities summing to
        // one, luck weighted over them zero; the review's line agrees.
        for edition in Edition::ALL {
            for size in [4, 6, 8] {
                let pos = Position::start(size).unwrap();
                let rolls = roll_chances(&pos, edition);
                let faces = usize::from(pos.size() / 2);
                assert_eq!(rolls.len(), faces * (faces + 1) / 2);
                let total: f64 = rolls.iter().map(|r| r.probability).sum();
                assert!((total - 1.0).abs() < 1e-12, "{edition} {size}: {total}");
                let weighted: f64 = rolls
                    .iter()
                    .map(|r| r.probability * luck_of(&rolls, r.roll).unwrap())
                    .sum();
                assert!(weighted.abs() < 1e-12, "{edition} {size}: {weighted}");
                assert!(rolls.iter().all(|r| (0.0..=1.0).contains(&r.chance)));
                // The average is win_chance's, up to the calibration's curve.
                let average = average_chance(&rolls);
                assert!((average - win_chance(&pos, edition)).abs() < 0.05);
                let roll = rolls[rolls.len() - 1].roll;
                let turn = pos.legal_turns(edition, roll).unwrap()[0];
                let line =
                    judge_turn(&pos, edition, roll, &turn, &reviewer(Level::Hard, 1)).unwrap();
                assert_eq!(line.before, average);
                assert_eq!(line.luck, luck_of(&rolls, roll).unwrap());
            }
        }
    }

    #[test]
    fn net_luck_counts_the_other_sides_rolls_against_a_side() {
        let record = engine_game(6);
        let lines = review_record(&record, Level::Hard).unwrap();
        let [black, green] = net_luck(&lines);
        let own = |c: Color| -> f64 { lines.iter().filter(|l| l.side == c).map(|l| l.luck).sum() };
        assert!((black - (own(Color::Black) - own(Color::Green))).abs() < 1e-12);
        assert_eq!(green, -black);
        assert!(lines.iter().all(|l| (-1.0..=1.0).contains(&l.luck)));
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
