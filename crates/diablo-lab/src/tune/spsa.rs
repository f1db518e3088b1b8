//! `diablo-lab spsa`: tunes the evaluation weights by matches with SPSA
//! (simultaneous perturbation stochastic approximation): every iteration
//! plays a small paired-dice match between the weights pushed a step one
//! way and the other along a random ±1 direction, and moves the weights
//! towards the winner. Development aid: its output is accepted only if it
//! wins a separate match against the current weights (docs/ai.md).

use diablo_ai::{FEATURE_NAMES, FEATURES, Level, Player, Rng, Weights};
use diablo_core::{Edition, Outcome, Position};

/// The options of `diablo-lab spsa`.
#[derive(clap::Args)]
pub struct Args {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 6, value_parser = super::size)]
    size: u32,
    /// The level both sides play at (with the weights tried).
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Easy)]
    level: Level,
    /// The node budget per decision (default: the level's).
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// How many iterations (one small match each).
    #[arg(long, value_name = "N", default_value_t = 100)]
    iterations: u64,
    /// Games per iteration (an even number gives whole pairs).
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = super::games)]
    games: u64,
    /// The seed of the directions, the dice and the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard)]
    edition: Edition,
    /// The starting weights, "[a, b, ...]" (default: the tuned ones of the
    /// edition).
    #[arg(long, value_name = "LIST", value_parser = super::weights)]
    weights: Option<Weights>,
}

/// The players' settings in every game of a run.
struct Setup {
    size: u32,
    level: Level,
    budget: Option<u64>,
    edition: Edition,
}

/// Wins of `a` over `b` in `games` paired games.
fn play(setup: &Setup, a: Weights, b: Weights, games: u64, seed: u64) -> u64 {
    let player = |weights: Weights, seed: u64| {
        let p = Player::new(setup.level, seed).with_weights(weights);
        match setup.budget {
            Some(budget) => p.with_budget(budget),
            None => p,
        }
    };
    let edition = setup.edition;
    let mut wins = 0;
    for g in 0..games {
        let (mut dice, a_colour) = crate::net::paired_dice(seed, g);
        let pa = player(a, seed.wrapping_add(g));
        let pb = player(b, seed.wrapping_add(g + 1));
        let start = Position::start(setup.size).expect("a checked size");
        let by = |side| if side == a_colour { &pa } else { &pb };
        let outcome = crate::net::play_out(start, edition, &mut dice, by).expect("in play");
        if outcome == Outcome::Won(a_colour) {
            wins += 1;
        }
    }
    wins
}

/// Runs the iterations (reported on stderr) and prints the weights.
///
/// # Errors
/// None today (the arguments were checked when read).
pub fn run(args: &Args) -> Result<(), String> {
    let (iterations, games, seed) = (args.iterations, args.games, args.seed);
    let setup = Setup {
        size: args.size,
        level: args.level,
        budget: args.budget,
        edition: args.edition,
    };
    let start = args.weights.unwrap_or(Weights::tuned(args.edition));
    let mut theta = start.0;
    // Perturbation per weight: a fifth of its size, at least 0.05; the
    // tempo constant changes no decision and is left alone.
    let c: Vec<f32> = theta
        .iter()
        .zip(FEATURE_NAMES)
        .map(|(w, name)| {
            if name == "tempo" {
                0.0
            } else {
                (0.2 * w.abs()).max(0.05)
            }
        })
        .collect();
    let mut rng = Rng::new(seed);
    for k in 0..iterations {
        let delta: Vec<f32> = (0..FEATURES)
            .map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 })
            .collect();
        let plus = Weights(std::array::from_fn(|i| theta[i] + c[i] * delta[i]));
        let minus = Weights(std::array::from_fn(|i| theta[i] - c[i] * delta[i]));
        let wins = play(
            &setup,
            plus,
            minus,
            games,
            seed.wrapping_mul(7919)
                .wrapping_add(k.wrapping_mul(1_000_003)),
        );
        let score = (2.0 * wins as f32 - games as f32) / games as f32;
        // Step: half the perturbation per unit of score, decaying.
        let step = 0.5 / (1.0 + k as f32 / 20.0);
        for i in 0..FEATURES {
            theta[i] += step * score * c[i] * delta[i];
        }
        eprintln!("iteration {k}: plus won {wins}/{games}");
    }
    println!("{theta:?}");
    Ok(())
}
