//! The playing levels and what each one spends.

use crate::eval::Weights;
use crate::net::Net;
use crate::search::{Algorithm, Shape};
use diablo_core::Edition;
use std::fmt;
use std::str::FromStr;

/// How strongly the computer plays. Each level beats the one below it in
/// matches (docs/results/ai.md has the figures).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Level {
    /// A random legal turn.
    Beginner,
    /// The turn with the best evaluation (one ply, greedy), with the
    /// evaluation's first, hand-set weights.
    Easy,
    /// A small Monte-Carlo tree search over the dice (about 4 nodes
    /// expanded), with weights part of the way from Easy's to the tuned
    /// ones ([`MEDIUM_BLEND`]).
    Medium,
    /// A larger Monte-Carlo tree search (about 150 nodes expanded).
    #[default]
    Hard,
    /// The tree search with a much larger budget (about 2000 nodes
    /// expanded): for analysis, not for quick replies.
    Analysis,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Analysis,
    ];

    /// The level's name as written on the command line: `beginner`, `easy`,
    /// `medium`, `hard`, `analysis`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Analysis => "analysis",
        }
    }

    /// The default node budget of a level: the most positions it evaluates
    /// for one decision (0 for Beginner, which evaluates none).
    #[must_use]
    pub const fn default_budget(self) -> u64 {
        match self {
            Level::Beginner => 0,
            Level::Easy => 40_000,
            Level::Medium => 60_000,
            Level::Hard => 300_000,
            Level::Analysis => 5_000_000,
        }
    }

    /// The node budget of a level on a board of side `size`: the default
    /// budget on boards up to 12x12, then shrinking with the square of the
    /// side for the searching levels (Medium, Hard, Analysis). A node costs
    /// about that much more on larger boards (the evaluation looks along
    /// longer lines, with more die values), so think time stays within the
    /// same bounds at every size (docs/results/ai.md) and choices stay a function
    /// of position, roll and seed.
    #[must_use]
    pub fn budget_for(self, size: u8) -> u64 {
        let base = self.default_budget();
        if !matches!(self, Level::Medium | Level::Hard | Level::Analysis) || size <= SIZED_FROM {
            return base;
        }
        let (n, from) = (u64::from(size), u64::from(SIZED_FROM));
        (base * from * from / (n * n)).max(1)
    }

    /// The evaluation weights a level plays an edition with: Easy keeps
    /// the first, hand-set weights; Medium plays with weights
    /// [`MEDIUM_BLEND`] of the way from those to the ones tuned for the
    /// edition; Hard and Analysis with the tuned ones.
    #[must_use]
    pub const fn default_weights(self, edition: Edition) -> Weights {
        match self {
            Level::Easy => Weights::HAND,
            Level::Medium => Weights::between(Weights::HAND, Weights::tuned(edition), MEDIUM_BLEND),
            _ => Weights::tuned(edition),
        }
    }

    /// The learned evaluation a level plays a board size and edition with:
    /// the shipped net ([`crate::shipped_net`]) for Hard and Analysis where
    /// there is one, else none (the weights alone).
    #[must_use]
    pub fn default_net(self, size: u8, edition: Edition) -> Option<&'static Net> {
        match self {
            Level::Hard | Level::Analysis => crate::shipped_net(size, edition),
            _ => None,
        }
    }

    /// How the level searches by default.
    #[must_use]
    pub const fn default_shape(self) -> Shape {
        let (algorithm, root_cap, reply_cap) = match self {
            Level::Beginner => (Algorithm::Random, 0, 0),
            Level::Easy => (Algorithm::Greedy, 40_000, 0),
            // Medium keeps no floor: with one it plays too close to Hard on
            // small boards for the ladder (docs/ai.md, the levels).
            Level::Medium => (mcts(4, 0), 8_000, 8_000),
            // Hard may always spend a fifth of its budget (the floor), so
            // that it searches where the root lists few turns (small
            // boards, endgames; docs/ai.md, the levels).
            Level::Hard => (mcts(150, 5), 8_000, 8_000),
            Level::Analysis => (mcts(2_000, 20), 30_000, 30_000),
        };
        Shape {
            algorithm,
            root_cap,
            reply_cap,
        }
    }
}

/// How far Medium's weights lie from Easy's hand-set ones (0) towards the
/// tuned ones (1): what places Medium between Easy and Hard on every size
/// of the ladder (docs/ai.md, the levels; docs/results/ai.md, the ladder).
pub const MEDIUM_BLEND: f32 = 0.6;
const _: () = assert!(MEDIUM_BLEND > 0.0 && MEDIUM_BLEND < 1.0);

/// Boards up to this side get a level's whole budget.
const SIZED_FROM: u8 = 12;

/// Monte-Carlo tree search expanding about `expansions` nodes, and at
/// least 1/`floor` of the budget when `floor` is not 0.
const fn mcts(expansions: u32, floor: u32) -> Algorithm {
    Algorithm::Mcts {
        exploration: 0.3,
        expansions,
        floor,
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}' (expected beginner, easy, medium, hard or analysis)",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::Level;

    #[test]
    fn names_round_trip_and_budgets_grow() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert!("expert".parse::<Level>().is_err());
        for w in Level::ALL.windows(2) {
            assert!(w[0].default_budget() < w[1].default_budget());
        }
        // Among the searching levels, a stronger one never spends less.
        for w in Level::ALL[2..].windows(2) {
            for size in (2..=26).step_by(2) {
                assert!(w[0].budget_for(size) < w[1].budget_for(size), "{size}");
            }
        }
        for l in Level::ALL {
            assert_eq!(l.budget_for(8), l.default_budget());
            assert_eq!(l.budget_for(12), l.default_budget());
        }
        // Shrinking with the square of the side beyond 12x12.
        assert_eq!(Level::Hard.budget_for(24), Level::Hard.default_budget() / 4);
        assert!(Level::Hard.budget_for(26) < Level::Hard.budget_for(16));
        assert_eq!(Level::Easy.budget_for(26), Level::Easy.default_budget());
    }

    #[test]
    fn weights_follow_the_edition_for_the_searching_levels() {
        use super::MEDIUM_BLEND;
        use crate::eval::Weights;
        use diablo_core::Edition;
        for edition in Edition::ALL {
            assert_eq!(Level::Easy.default_weights(edition), Weights::HAND);
            for l in [Level::Hard, Level::Analysis] {
                assert_eq!(l.default_weights(edition), Weights::tuned(edition));
            }
            // Medium's weights lie between, feature by feature.
            let (hand, tuned) = (Weights::HAND.0, Weights::tuned(edition).0);
            let medium = Level::Medium.default_weights(edition).0;
            for i in 0..hand.len() {
                let want = (1.0 - MEDIUM_BLEND) * hand[i] + MEDIUM_BLEND * tuned[i];
                assert!(
                    (medium[i] - want).abs() < 1e-6,
                    "{i}: {} vs {want}",
                    medium[i]
                );
            }
            assert_ne!(Weights(medium), Weights::HAND);
            assert_ne!(Weights(medium), Weights::tuned(edition));
        }
        assert_eq!(Weights::tuned(Edition::Standard), Weights::TUNED);
        assert_eq!(Weights::tuned(Edition::Sequenced), Weights::TUNED_SEQUENCED);
    }
}
