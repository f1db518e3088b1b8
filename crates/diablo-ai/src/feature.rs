//! The evaluation's features as a list: how many there are and their
//! names, in order. The weighted sum (`eval`) and a net's inputs (`net`)
//! both read features in this order.

/// Number of features the evaluation weighs.
pub const FEATURES: usize = 18;

/// The features, in order, for printing weights. "Mover" is the player to
/// move in the evaluated position, "waiter" the other one; differences are
/// mover minus waiter. Terms about the next roll are split by player, since
/// the mover rolls first.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "checkers",
    "checkers_rel",
    "stacks",
    "tallest_gap",
    "top",
    "exposure_waiter",
    "exposure_mover",
    "stuck_mover",
    "stuck_waiter",
    "idle_mover",
    "idle_waiter",
    "tempo",
    "prey_mover",
    "prey_waiter",
    "singles",
    "concentration",
    "top_exposure_mover",
    "top_exposure_waiter",
];
