//! # diablo-ai
//!
//! Computer players for **Diablo, a game by Mark Steere**, over
//! `diablo-core`: given a position, the edition and the roll, they return a
//! legal turn. Every search is bounded by a node budget (one node = one
//! position evaluated), never by a clock, and every choice is a function of
//! the position, the roll, the level and a seed: the same inputs give the
//! same turn on every machine, wasm included.
//!
//! ```
//! use diablo_ai::{Level, choose_turn, hint, win_chance};
//! use diablo_core::{Edition, Position, Roll};
//!
//! let pos = Position::start(6).unwrap();
//! let roll = Roll::new(1, 3).unwrap();
//! let turn = choose_turn(&pos, Edition::Standard, roll, Level::Easy, 42).unwrap();
//! assert!(pos.play(Edition::Standard, roll, &turn).is_ok());
//!
//! let h = hint(&pos, Edition::Standard, roll).unwrap();
//! assert!((0.0..=1.0).contains(&h.win_chance));
//! let p = win_chance(&pos, Edition::Standard);
//! assert!((0.0..=1.0).contains(&p));
//! ```
#![deny(missing_docs)]

mod board_net;
mod eval;
mod feature;
mod level;
mod mcts;
mod net;
mod nets;
pub mod review;
mod rng;
mod scan;
mod search;

pub use board_net::{BoardLayer, BoardSums, MAX_HIDDEN, SQUARE_UNITS};
pub use eval::{WIN, Weights, evaluate, evaluate_with, features};
pub use feature::{FEATURE_NAMES, FEATURES};
pub use level::{Level, MEDIUM_BLEND, ParseLevelError};
pub use net::{HEIGHT_BINS, NET_INPUTS, Net, NetError, net_inputs};
pub use nets::{net_values, shipped_net};
pub use rng::Rng;

use diablo_core::{Color, Edition, Outcome, PlayError, Position, Roll, Turn, TurnList};
pub use search::{Algorithm, Shape};
use search::{Search, to_chance};

/// The evaluation units (checkers) per unit of log-odds when turning an
/// evaluation into a chance of winning; fitted on self-play games.
pub const CHANCE_SCALE: f32 = 1.0;

/// The level used by [`hint`].
pub const HINT_LEVEL: Level = Level::Hard;

/// A chosen turn, with what the search thinks of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The turn, legal for the position, edition and roll given.
    pub turn: Turn,
    /// The estimated chance that the player who plays it wins (0..=1).
    pub win_chance: f64,
    /// Positions evaluated to choose it (at most the budget).
    pub nodes: u64,
}

/// A computer player: a level, a seed, a node budget, a way of searching
/// and evaluation weights (the last three default to the level's).
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    level: Level,
    seed: u64,
    budget: u64,
    /// Whether the level's budget shrinks on large boards
    /// ([`Level::budget_for`]); an exact budget ([`Player::with_budget`])
    /// does not.
    sized: bool,
    shape: Shape,
    /// `None`: the level's weights for the edition played.
    weights: Option<Weights>,
    /// `None`: the level's own evaluation ([`Level::default_net`]);
    /// `Some(None)`: the weights only.
    net: Option<Option<&'static Net>>,
}

impl Player {
    /// A player of the given level with its default budget.
    #[must_use]
    pub fn new(level: Level, seed: u64) -> Player {
        Player {
            level,
            seed,
            budget: level.default_budget(),
            sized: true,
            shape: level.default_shape(),
            weights: None,
            net: None,
        }
    }

    /// The same player with another node budget (at least one node is
    /// always spent when a level evaluates at all).
    #[must_use]
    pub fn with_budget(mut self, nodes: u64) -> Player {
        self.budget = nodes;
        self.sized = false;
        self
    }

    /// Caps the nodes at `nodes` on every board, keeping the level's
    /// smaller budgets on large boards (the page caps its levels so).
    #[must_use]
    pub fn with_cap(mut self, nodes: u64) -> Player {
        self.budget = self.budget.min(nodes);
        self
    }

    /// The node budget on a board of side `size`.
    #[must_use]
    pub fn budget_on(&self, size: u8) -> u64 {
        if self.sized {
            self.budget.min(self.level.budget_for(size))
        } else {
            self.budget
        }
    }

    /// The same player searching another way (for tuning and for
    /// comparing searches; the level then only names the player).
    #[must_use]
    pub fn with_shape(mut self, shape: Shape) -> Player {
        self.shape = shape;
        self
    }

    /// The same player with other evaluation weights (for tuning).
    #[must_use]
    pub fn with_weights(mut self, weights: Weights) -> Player {
        self.weights = Some(weights);
        self
    }

    /// The same player evaluating with `net`, or with the weights alone
    /// when `None` (for training and comparing evaluations).
    #[must_use]
    pub fn with_net(mut self, net: Option<&'static Net>) -> Player {
        self.net = Some(net);
        self
    }

    /// The player's level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The player's node budget.
    #[must_use]
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Chooses a turn for the player to move in `pos`.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the game is over, [`PlayError::Roll`]
    /// when a die does not fit the board.
    pub fn choose(
        &self,
        pos: &Position,
        edition: Edition,
        roll: Roll,
    ) -> Result<Choice, PlayError> {
        let mut scratch = pos.clone();
        let size = pos.size();
        let shape = self.shape;
        let weights = self.weights.unwrap_or(self.level.default_weights(edition));
        let net = self
            .net
            .unwrap_or_else(|| self.level.default_net(size, edition));
        let mut search = Search::new(
            edition,
            &weights,
            CHANCE_SCALE,
            self.budget_on(size).max(1),
            self.seed,
        )
        .with_net(net);
        let found = match shape.algorithm {
            Algorithm::Random => {
                let mut list = TurnList::new();
                scratch.list_turns(edition, roll, &mut list)?;
                let mut rng = Rng::new(self.seed);
                let turn = list.get(rng.index(list.len()));
                turn.map(|t| (t, 0.5, 0))
            }
            Algorithm::Greedy => search
                .greedy(&mut scratch, roll, shape.root_cap)
                .map(|f| (f.turn, f.chance, f.nodes)),
            Algorithm::Expectimax { candidates, plies } => search
                .expectimax(&mut scratch, roll, shape, candidates, plies)
                .map(|f| (f.turn, f.chance, f.nodes)),
            Algorithm::Mcts {
                exploration,
                expansions,
                floor,
            } => search
                .mcts(
                    &mut scratch,
                    roll,
                    exploration,
                    (expansions, floor),
                    shape.root_cap,
                    shape.reply_cap,
                )
                .map(|f| (f.turn, f.chance, f.nodes)),
        };
        match found {
            Some((t, chance, nodes)) => Ok(Choice {
                turn: t.to_turn(size),
                win_chance: calibrated(chance, size, edition),
                nodes,
            }),
            // Listing succeeded above or inside the search unless the game
            // is over or the roll does not fit: report which.
            None => Err(pos
                .legal_turns(edition, roll)
                .err()
                .unwrap_or(PlayError::GameOver {
                    winner: pos.side_to_move().other(),
                })),
        }
    }
}

/// Chooses a turn at a level with its default budget.
///
/// # Errors
/// As [`Player::choose`].
pub fn choose_turn(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    level: Level,
    seed: u64,
) -> Result<Turn, PlayError> {
    Player::new(level, seed)
        .choose(pos, edition, roll)
        .map(|c| c.turn)
}

/// The suggested turn for the current roll (the choice of [`HINT_LEVEL`])
/// and the chance of winning after it, by the same estimator as
/// [`win_chance`] and the game review ([`review::value_after`]).
///
/// # Errors
/// As [`Player::choose`].
pub fn hint(pos: &Position, edition: Edition, roll: Roll) -> Result<Choice, PlayError> {
    hint_with(&Player::new(HINT_LEVEL, 0), pos, edition, roll)
}

/// [`hint`] by a given player (the page caps its budget).
///
/// # Errors
/// As [`Player::choose`].
pub fn hint_with(
    player: &Player,
    pos: &Position,
    edition: Edition,
    roll: Roll,
) -> Result<Choice, PlayError> {
    let mut choice = player.choose(pos, edition, roll)?;
    choice.win_chance = review::value_after(pos, edition, roll, &choice.turn)?;
    Ok(choice)
}

/// A calibration fitted on one board size: a raw chance `p` with
/// `x = logit(p)` becomes `σ(shift + x / t)`, with one temperature `t` for
/// raw chances below even and one above (a logistic regression on
/// `min(x, 0)` and `max(x, 0)`).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fit {
    size: u8,
    shift: f64,
    below: f64,
    above: f64,
}

impl Fit {
    /// The straight line from `self` to `other` at `x` in 0..=1.
    fn towards(self, other: Fit, x: f64) -> Fit {
        let at = |a: f64, b: f64| a + x * (b - a);
        Fit {
            size: self.size,
            shift: at(self.shift, other.shift),
            below: at(self.below, other.below),
            above: at(self.above, other.above),
        }
    }
}

/// Fitted on positions from Hard-vs-Hard games by log-loss
/// (`diablo-lab reliability` and `diablo-lab reliability-fit`; the
/// reliability tables are in docs/results/ai.md), by edition, at 6x6,
/// 8x8, 10x10.
const FITS: [[Fit; 3]; 2] = [
    // Standard.
    [
        Fit {
            size: 6,
            shift: -0.118,
            below: 0.843,
            above: 0.850,
        },
        Fit {
            size: 8,
            shift: -0.242,
            below: 1.131,
            above: 1.019,
        },
        Fit {
            size: 10,
            shift: -0.425,
            below: 1.810,
            above: 1.353,
        },
    ],
    // Sequenced.
    [
        Fit {
            size: 6,
            shift: -0.072,
            below: 1.235,
            above: 1.184,
        },
        Fit {
            size: 8,
            shift: -0.091,
            below: 2.765,
            above: 2.486,
        },
        Fit {
            size: 10,
            shift: -0.396,
            below: 3.062,
            above: 1.569,
        },
    ],
];

/// The calibration of a board size and edition: the shipped net's where
/// there is one (fitted with it), else the fitted one, straight
/// lines between fitted sizes, and the nearest fit outside them (nothing
/// measured says how the fits would go on beyond).
fn calibration(size: u8, edition: Edition) -> Fit {
    if let Some((shift, below, above)) = nets::shipped_calibration(size, edition) {
        return Fit {
            size,
            shift,
            below,
            above,
        };
    }
    let fits = &FITS[usize::from(edition == Edition::Sequenced)];
    let (first, last) = (fits[0], fits[fits.len() - 1]);
    if size <= first.size {
        return first;
    }
    if size >= last.size {
        return last;
    }
    let pair = fits
        .windows(2)
        .find(|w| size <= w[1].size)
        .unwrap_or(&fits[fits.len() - 2..]);
    let (lo, hi) = (pair[0], pair[1]);
    lo.towards(hi, f64::from(size - lo.size) / f64::from(hi.size - lo.size))
}

/// A chance from the evaluation, calibrated for the board size and
/// edition. Certainties (0 and 1) stay as they are.
#[must_use]
pub fn calibrated(chance: f64, size: u8, edition: Edition) -> f64 {
    if chance <= 0.0 || chance >= 1.0 {
        return chance;
    }
    let fit = calibration(size, edition);
    calibrate(chance, (fit.shift, fit.below, fit.above))
}

/// A chance calibrated by `(shift, below, above)`: with `x = logit(p)`,
/// `σ(shift + x / t)`, `t` = `below` for `x < 0` and `above` otherwise
/// (the form of every fit, for tools fitting a new one). Certainties (0
/// and 1) stay as they are.
#[must_use]
pub fn calibrate(chance: f64, (shift, below, above): (f64, f64, f64)) -> f64 {
    if chance <= 0.0 || chance >= 1.0 {
        return chance;
    }
    let x = (chance / (1.0 - chance)).ln();
    let t = if x < 0.0 { below } else { above };
    1.0 / (1.0 + (-(shift + x / t)).exp())
}

/// Node budget of [`win_chance`].
pub const WIN_CHANCE_BUDGET: u64 = 100_000;

/// The estimated chance that the player to move wins, before rolling: the
/// average over all rolls of the best one-ply turn's value, within
/// [`WIN_CHANCE_BUDGET`] nodes, calibrated for the board size. A finished
/// game gives 0 (the player to move is the one who lost).
#[must_use]
pub fn win_chance(pos: &Position, edition: Edition) -> f64 {
    let raw = raw_win_chance(pos, edition);
    if pos.is_finished() {
        return raw;
    }
    calibrated(raw, pos.size(), edition)
}

/// [`win_chance`] before calibration: the average over all rolls of the
/// best one-ply turn's value as the evaluation states it. For fitting the
/// calibration (`diablo-lab reliability`); the page shows [`win_chance`].
#[must_use]
pub fn raw_win_chance(pos: &Position, edition: Edition) -> f64 {
    raw_win_chance_with(pos, edition, shipped_net(pos.size(), edition))
}

/// [`raw_win_chance`] evaluating with `net` (none: the weights alone), for
/// fitting a net's calibration.
#[must_use]
pub fn raw_win_chance_with(pos: &Position, edition: Edition, net: Option<&Net>) -> f64 {
    raw_roll_chances(pos, edition, net)
        .iter()
        .map(|r| r.probability * r.chance)
        .sum()
}

/// One roll's part of [`win_chance`]: the roll, its probability and the
/// mover's chance once it is dealt (the best one-ply turn's value).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RollChance {
    /// The roll (dice as an unordered pair, `a <= b`).
    pub roll: Roll,
    /// Its probability: 1/faces² for a double, 2/faces² for the others.
    pub probability: f64,
    /// The mover's chance after it is dealt, before moving.
    pub chance: f64,
}

/// The mover's chance after each roll the dice can give, each calibrated
/// as [`win_chance`] is (the same search, the same budget per roll): what
/// the review's luck compares (`review::TurnReview::luck`). Their average
/// weighted by probability is the chance before the roll at these
/// settings, within the calibration's curvature of [`win_chance`]. In a
/// finished game every roll gives the mover 0 (they have lost).
#[must_use]
pub fn roll_chances(pos: &Position, edition: Edition) -> Vec<RollChance> {
    let (size, finished) = (pos.size(), pos.is_finished());
    let mut rolls = raw_roll_chances(pos, edition, shipped_net(size, edition));
    if !finished {
        for r in &mut rolls {
            r.chance = calibrated(r.chance, size, edition);
        }
    }
    rolls
}

/// [`roll_chances`] before calibration.
fn raw_roll_chances(pos: &Position, edition: Edition, net: Option<&Net>) -> Vec<RollChance> {
    let mover: Color = pos.side_to_move();
    let rolls = Roll::all_unordered(pos.size());
    let faces = f64::from(pos.die_faces());
    let won = match pos.outcome() {
        Outcome::Won(c) => Some(if c == mover { 1.0 } else { 0.0 }),
        Outcome::InProgress => None,
    };
    let weights = Weights::tuned(edition);
    let per_roll = (WIN_CHANCE_BUDGET / rolls.len() as u64).max(1);
    let mut scratch = pos.clone();
    rolls
        .into_iter()
        .map(|(roll, weight)| {
            let chance = won.unwrap_or_else(|| {
                let mut search =
                    Search::new(edition, &weights, CHANCE_SCALE, per_roll, 0).with_net(net);
                match search.greedy(&mut scratch, roll, per_roll as usize) {
                    Some(f) => f.chance,
                    // Unreachable for a game in play with a fitting roll.
                    None => to_chance(evaluate_with(pos, edition, &weights, net), CHANCE_SCALE),
                }
            });
            RollChance {
                roll,
                probability: f64::from(weight) / (faces * faces),
                chance,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Edition, calibrated};

    #[test]
    fn calibration_keeps_order_and_certainty_and_follows_the_fits() {
        for edition in Edition::ALL {
            for size in [2, 4, 6, 8, 10, 16, 26] {
                assert_eq!(calibrated(0.0, size, edition), 0.0);
                assert_eq!(calibrated(1.0, size, edition), 1.0);
                let mut last = 0.0;
                for k in 1..100 {
                    let c = calibrated(f64::from(k) / 100.0, size, edition);
                    assert!(c > last, "{edition} {size}: not increasing at {k}");
                    last = c;
                }
            }
            // Outside the fitted sizes, the nearest fit.
            for p in [0.1, 0.5, 0.8] {
                assert_eq!(calibrated(p, 26, edition), calibrated(p, 10, edition));
                assert_eq!(calibrated(p, 2, edition), calibrated(p, 6, edition));
            }
            // Between two fits, between their values.
            let (six, eight, seven) = (
                calibrated(0.8, 6, edition),
                calibrated(0.8, 8, edition),
                calibrated(0.8, 7, edition),
            );
            assert!(six.min(eight) <= seven && seven <= six.max(eight));
        }
    }
}
