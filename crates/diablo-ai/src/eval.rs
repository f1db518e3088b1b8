//! The static evaluation: how good a position is for the player to move,
//! built from the things that decide Diablo games.
//!
//! - **Material**: checkers (a player with none has lost) and stacks (every
//!   turn costs a merge, a capture or a removal; more stacks means more ways
//!   to pay without losing checkers).
//! - **Tallest stacks**: a stack can only be captured by an enemy stack at
//!   least as tall, so the taller top stack is immune and threatens all.
//! - **Exposure**: for each stack, the distances at which an enemy stack at
//!   least as tall stands on its rank or file, and the chance that the two
//!   dice show one of them; weighted by the checkers at stake.
//! - **Mobility**: for each die value, whether any stack can move (no move
//!   with either die forces two removals) and whether any stack can merge or
//!   capture (else a step is followed by a forced removal).
//!
//! The weights are tuned by matches (see `docs/ai.md`), not by intuition.

use crate::board_net::MAX_HIDDEN;
use crate::feature::FEATURES;
use crate::net::{Net, net_inputs};
use crate::scan::{ChangedLines, Facts, Side, expected_prey, hit_chance, larger, scan};
use diablo_core::{Color, Edition, Outcome, Position};

/// The value given to a won position (the evaluation stays far below it).
pub const WIN: f32 = 100_000.0;

/// The weights of the evaluation, one per feature of
/// [`FEATURE_NAMES`](crate::FEATURE_NAMES), in
/// log-odds of winning per unit of the feature.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights(pub [f32; FEATURES]);

impl Weights {
    /// The weights tuned on game results and checked by matches
    /// (docs/ai.md): the default, used from Medium up and for win chances.
    pub const TUNED: Weights = Weights([
        0.7750596,
        0.18138278,
        -0.56416535,
        0.010437599,
        0.06728429,
        -0.112031914,
        0.07171543,
        0.0,
        0.0,
        -1.5649787,
        0.6745911,
        0.3795935,
        0.7267507,
        -0.08921625,
        0.12151177,
        -0.09947893,
        0.061374653,
        -0.08933979,
    ]);

    /// The weights of the sequenced edition. A fit of its own on sequenced
    /// games (where a player with no move loses two checkers from its
    /// tallest stack, and steps come only in pairs) did not beat the
    /// standard weights there in a match (docs/ai.md, tuning), so for now
    /// they are the same; `diablo-ai`'s tools tune and match by edition.
    pub const TUNED_SEQUENCED: Weights = Weights::TUNED;

    /// The tuned weights of an edition.
    #[must_use]
    pub const fn tuned(edition: Edition) -> Weights {
        match edition {
            Edition::Standard => Weights::TUNED,
            Edition::Sequenced => Weights::TUNED_SEQUENCED,
        }
    }

    /// The first weights, set by hand from reading the rules (material,
    /// tallest stacks, exposure, mobility) before any tuning: Easy plays
    /// with these.
    pub const HAND: Weights = Weights([
        0.5, 0.0, 0.15, 0.1, 0.5, 0.4, -0.2, -1.0, 0.5, -0.35, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        0.0,
    ]);

    /// The weights `t` of the way from `from` to `to` (0: `from`, 1: `to`),
    /// feature by feature.
    #[must_use]
    pub const fn between(from: Weights, to: Weights, t: f32) -> Weights {
        let mut w = [0.0; FEATURES];
        let mut i = 0;
        while i < FEATURES {
            w[i] = from.0[i] + t * (to.0[i] - from.0[i]);
            i += 1;
        }
        Weights(w)
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The features of a position in play, for the player to move (see
/// [`FEATURE_NAMES`](crate::FEATURE_NAMES)); `None` once the game is over.
#[must_use]
pub fn features(pos: &Position) -> Option<[f32; FEATURES]> {
    if pos.is_finished() {
        return None;
    }
    Some(features_of(pos, scan(usize::from(pos.size()), pos.cells())))
}

/// The features of `pos` from the facts of both colours.
fn features_of(pos: &Position, sides: [Side; 2]) -> [f32; FEATURES] {
    let faces = u32::from(pos.die_faces());
    let (m, o) = match pos.side_to_move() {
        Color::Black => (sides[0], sides[1]),
        Color::Green => (sides[1], sides[0]),
    };
    let total = m.checkers + o.checkers;
    let start = f32::from(pos.size()) * f32::from(pos.size());
    let stuck = |s: &Side| 1.0 - hit_chance(faces, s.moves.count_ones());
    let idle = |s: &Side| 1.0 - hit_chance(faces, s.acts.count_ones());
    let top = match m.tallest.cmp(&o.tallest) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
    };
    [
        m.checkers - o.checkers,
        (m.checkers - o.checkers) * start / larger(total, 1.0),
        m.stacks - o.stacks,
        f32::from((m.tallest - o.tallest).clamp(-8, 8)),
        top,
        o.exposure,
        m.exposure,
        stuck(&m),
        stuck(&o),
        idle(&m),
        idle(&o),
        // The mover rolls first: a constant, for calibrated chances.
        1.0,
        expected_prey(&m.prey, faces as usize),
        expected_prey(&o.prey, faces as usize),
        m.singles - o.singles,
        m.squares / larger(m.checkers, 1.0) - o.squares / larger(o.checkers, 1.0),
        m.top_exposure,
        o.top_exposure,
    ]
}

/// The evaluation of `pos` for the player to move, in log-odds of winning:
/// positive when the mover stands better. A finished game is worth `±WIN`.
#[must_use]
pub fn evaluate(pos: &Position, w: &Weights) -> f32 {
    if let Some(v) = finished_value(pos) {
        return v;
    }
    match features(pos) {
        Some(f) => dot(&f, w),
        None => 0.0,
    }
}

/// `±WIN` for the player to move once the game is over, else `None`.
fn finished_value(pos: &Position) -> Option<f32> {
    match pos.outcome() {
        Outcome::Won(winner) if winner == pos.side_to_move() => Some(WIN),
        Outcome::Won(_) => Some(-WIN),
        Outcome::InProgress => None,
    }
}

fn dot(f: &[f32; FEATURES], w: &Weights) -> f32 {
    f.iter().zip(w.0.iter()).map(|(a, b)| a * b).sum()
}

/// The value of a position in play with features `f`: the net's when
/// there is one (a board net's: the weighted sum and its correction, with
/// the board's first-layer `sums` when they are at hand), else the
/// weighted sum.
fn value_of(
    pos: &Position,
    edition: Edition,
    w: &Weights,
    net: Option<&Net>,
    f: &[f32; FEATURES],
    sums: Option<&[i32]>,
) -> f32 {
    let Some(net) = net else {
        return dot(f, w);
    };
    let Some(board) = &net.board else {
        return net.logit(&net_inputs(pos, edition, f));
    };
    if !board.fits(pos) {
        return dot(f, w);
    }
    let x = net_inputs(pos, edition, f);
    let c = match sums {
        Some(s) => net.correction(&x, s),
        None => {
            let s = board.sums(pos.cells(), pos.side_to_move(), net.hidden);
            net.correction(&x, &s.sums)
        }
    };
    dot(f, w) + c
}

/// [`evaluate`] with a learned net instead of the weights when `net` is
/// given.
#[must_use]
pub fn evaluate_with(pos: &Position, edition: Edition, w: &Weights, net: Option<&Net>) -> f32 {
    if let Some(v) = finished_value(pos) {
        return v;
    }
    match features(pos) {
        Some(f) => value_of(pos, edition, w, net, &f, None),
        None => 0.0,
    }
}

/// [`evaluate`] of `pos`, whose board equals the one `facts` were built
/// from except on the squares in `changed` (the squares a turn touched):
/// only the lines through those squares are looked at again
/// (`changed_lines` is scratch space for them).
pub(crate) fn evaluate_changed(
    pos: &Position,
    (edition, w, net): (Edition, &Weights, Option<&Net>),
    facts: &Facts,
    changed: &[usize],
    changed_lines: &mut ChangedLines,
) -> f32 {
    if let Some(v) = finished_value(pos) {
        return v;
    }
    let f = features_of(pos, facts.sides(pos.cells(), changed, changed_lines));
    // A board net's sums: the parent's, updated for the changed squares.
    let mut sums = [0i32; MAX_HIDDEN];
    let from = match (net, &facts.board_sums) {
        (Some(net), Some(from))
            if from.mover == pos.side_to_move() && from.sums.len() == net.hidden =>
        {
            net.board.as_ref().map(|board| {
                let out = &mut sums[..net.hidden];
                board.update_into(from, pos.cells(), changed, out);
                &*out
            })
        }
        _ => None,
    };
    value_of(pos, edition, w, net, &f, from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(code: &str) -> Position {
        code.parse().expect("test position code")
    }

    #[test]
    fn colour_symmetric() {
        // The same position with colours swapped and the other side to move
        // is worth the same to the mover.
        let a = pos("b3.../..g./.g2../b.b. b 5");
        let b = pos("g3.../..b./.b2../g.g. g 6");
        let w = Weights::default();
        assert!((evaluate(&a, &w) - evaluate(&b, &w)).abs() < 1e-4);
    }

    #[test]
    fn finished_games_are_wins_and_losses() {
        let w = Weights::default();
        // Green has no checkers: Black has won; Green is to move.
        assert_eq!(evaluate(&pos("b2.../..../..../.... g 6"), &w), -WIN);
        assert_eq!(evaluate(&pos("b2.../..../..../.... b 7"), &w), WIN);
    }
}
