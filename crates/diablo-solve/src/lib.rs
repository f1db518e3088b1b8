//! # diablo-solve
//!
//! Exact values of small endgames of **Diablo, a game by Mark Steere**, as
//! a yardstick for the computer players, so their strength is measured
//! against best play rather than against each other: the chance that the
//! side to move wins, with best play by both sides and fair dice.
//!
//! Every turn lowers (checkers + stacks on the board), so the game graph
//! has no cycles and the value is a plain expectimax over it:
//!
//! ```text
//! V(p) = sum over rolls r of P(r) · max over legal turns t of W(p, r, t)
//! W(p, r, t) = 1 or 0 if t ends the game (the mover won or lost),
//!              else 1 − V(p after t)
//! ```
//!
//! Values are memoised by position code with the turn number normalised
//! (only turn 1 has a rule of its own, the balancing turn), which keeps the
//! table small enough for 4x4 boards with a few checkers a side.

#![deny(missing_docs)]

use diablo_core::{Edition, Outcome, Position, Roll, Turn};
use std::collections::HashMap;

/// Exact values, memoised, for one edition.
#[derive(Debug)]
pub struct Solver {
    edition: Edition,
    memo: HashMap<String, f64>,
}

/// The position code with the turn number replaced by 2 or 3 (same side to
/// move), unless it is turn 1: positions that differ only in a later turn
/// number have the same value.
fn key(pos: &Position) -> String {
    let code = pos.to_string();
    if pos.turn_number() <= 1 {
        return code;
    }
    let normal = if pos.turn_number() % 2 == 0 { 2 } else { 3 };
    match code.rsplit_once(' ') {
        Some((head, _)) => format!("{head} {normal}"),
        None => code,
    }
}

impl Solver {
    /// A solver for an edition.
    #[must_use]
    pub fn new(edition: Edition) -> Solver {
        Solver {
            edition,
            memo: HashMap::new(),
        }
    }

    /// Positions solved so far.
    #[must_use]
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The chance that the side to move in `pos` wins, before rolling
    /// (0 or 1 in a finished game: the side to move there has lost).
    pub fn value(&mut self, pos: &Position) -> f64 {
        if let Outcome::Won(winner) = pos.outcome() {
            return if winner == pos.side_to_move() {
                1.0
            } else {
                0.0
            };
        }
        let k = key(pos);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        let faces = f64::from(pos.die_faces());
        let mut total = 0.0;
        for (roll, weight) in Roll::all_unordered(pos.size()) {
            let best = self.best(pos, roll).map_or(0.0, |(v, _)| v);
            total += f64::from(weight) / (faces * faces) * best;
        }
        self.memo.insert(k, total);
        total
    }

    /// The mover's chance of winning after playing `turn` with `roll`, or
    /// `None` when the turn is not legal.
    pub fn turn_value(&mut self, pos: &Position, roll: Roll, turn: &Turn) -> Option<f64> {
        let mover = pos.side_to_move();
        let after = pos.play(self.edition, roll, turn).ok()?;
        Some(match after.outcome() {
            Outcome::Won(c) => {
                if c == mover {
                    1.0
                } else {
                    0.0
                }
            }
            Outcome::InProgress => 1.0 - self.value(&after),
        })
    }

    /// Every legal turn for the roll with its exact value, best first.
    pub fn rank(&mut self, pos: &Position, roll: Roll) -> Vec<(f64, Turn)> {
        let turns = pos.legal_turns(self.edition, roll).unwrap_or_default();
        let mut out: Vec<(f64, Turn)> = turns
            .into_iter()
            .filter_map(|t| self.turn_value(pos, roll, &t).map(|v| (v, t)))
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        out
    }

    /// The best turn for the roll and its value (`None` in a finished game).
    pub fn best(&mut self, pos: &Position, roll: Roll) -> Option<(f64, Turn)> {
        self.rank(pos, roll).into_iter().next()
    }
}

/// A random 4x4 endgame: each side has 1..=`max` checkers in random
/// stacks on random squares, Black or Green to move on turn 5 or 6 (the
/// positions `diablo-solve loss` and the luck's test measure on).
#[must_use]
pub fn random_endgame(rng: &mut diablo_ai::Rng, max: u64) -> Option<Position> {
    let mut cells: Vec<String> = vec![".".into(); 16];
    let mut free: Vec<usize> = (0..16).collect();
    for side in ["b", "g"] {
        let mut left = 1 + rng.below(max);
        while left > 0 {
            let h = 1 + rng.below(left);
            left -= h;
            let i = rng.index(free.len());
            let sq = free.swap_remove(i);
            cells[sq] = if h == 1 {
                side.to_string()
            } else {
                format!("{side}{h}")
            };
        }
    }
    // Ranks from 4 down to 1, files a..d (square index = rank * 4 + file).
    let ranks: Vec<String> = (0..4)
        .rev()
        .map(|r| {
            let row = &cells[r * 4..r * 4 + 4];
            let mut text = String::new();
            for c in row {
                text.push_str(c);
            }
            text
        })
        .collect();
    let turn = 5 + rng.below(2);
    let side = if turn % 2 == 1 { "b" } else { "g" };
    format!("{} {side} {turn}", ranks.join("/")).parse().ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn pos(code: &str) -> Position {
        code.parse().unwrap()
    }

    #[test]
    fn a_finished_game_is_lost_for_the_side_to_move() {
        let mut s = Solver::new(Edition::Standard);
        assert_eq!(s.value(&pos("b.../..../..../.... g 8")), 0.0);
    }

    #[test]
    fn a_capture_of_the_last_stack_with_every_roll_wins_for_sure() {
        // 4x4: dice 1..2. Black's 2-stack on a1, Green's single on a2 and
        // b1 is empty... Green's only stack sits 1 away (a2) and 2 away
        // (a3 is empty): every roll has a die that reaches a2 or a
        // doubled 2 that still captures via a3? Keep it certain: Green's
        // single checker is on a2 and on nothing else, and every roll of
        // two dice 1..2 contains a 1 or is 2,2; with 2,2 the first move
        // a1-a3 steps, the second a3-a1 comes back... so test only the
        // rolls with a 1 (the capture ends the game at once).
        let p = pos("..../..../g.../b2... b 9");
        let mut s = Solver::new(Edition::Standard);
        for roll in ["1,1", "1,2", "2,1"] {
            let (v, t) = s.best(&p, roll.parse().unwrap()).unwrap();
            assert_eq!(v, 1.0, "{roll}: {t}");
        }
    }

    #[test]
    fn values_are_chances_and_the_best_turn_is_ranked_first() {
        let p = pos("b.g./.b../..g./g..b b 9");
        for edition in [Edition::Standard, Edition::Sequenced] {
            let mut s = Solver::new(edition);
            let v = s.value(&p);
            assert!((0.0..=1.0).contains(&v), "{v}");
            for (roll, _) in Roll::all_unordered(4) {
                let ranked = s.rank(&p, roll);
                assert!(!ranked.is_empty());
                assert!(ranked.windows(2).all(|w| w[0].0 >= w[1].0));
            }
            assert!(s.known() > 0);
        }
    }

    #[test]
    fn the_value_is_the_roll_weighted_mean_of_the_best_turns() {
        let p = pos(".b../g.b./..g./.g.b g 10");
        let mut s = Solver::new(Edition::Standard);
        let v = s.value(&p);
        let mut expect = 0.0;
        for (roll, w) in Roll::all_unordered(4) {
            expect += f64::from(w) / 4.0 * s.best(&p, roll).unwrap().0;
        }
        assert!((v - expect).abs() < 1e-12);
    }

    #[test]
    fn later_turn_numbers_share_one_entry() {
        assert_eq!(
            key(&pos("b.../..../..../...g b 9")),
            key(&pos("b.../..../..../...g b 21"))
        );
        assert_ne!(
            key(&pos("b.../..../..../...g b 9")),
            key(&pos("b.../..../..../...g g 10"))
        );
    }
}
