//! Tunes the evaluation weights by matches with SPSA (simultaneous
//! perturbation stochastic approximation): every iteration plays a small
//! paired-dice match between the weights pushed a step one way and the
//! other along a random ±1 direction, and moves the weights towards the
//! winner. Development aid: its output is accepted only if it wins a
//! separate match against the current weights (docs/ai.md).
//!
//! usage: spsa SIZE LEVEL BUDGET ITERATIONS GAMES_PER_ITERATION SEED
//! Environment: W = starting weights "[a, b, ...]" (default: the current ones).
use diablo_ai::{FEATURE_NAMES, FEATURES, Level, Player, Rng, Weights};
use diablo_core::{Color, Edition, Outcome, Position};

fn env_weights() -> Weights {
    let Ok(s) = std::env::var("W") else {
        return Weights::default();
    };
    let v: Vec<f32> = s
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().parse().expect("weight"))
        .collect();
    let mut w = [0f32; FEATURES];
    w[..v.len()].copy_from_slice(&v);
    Weights(w)
}

/// Wins of `a` over `b` in `games` paired games.
fn play(
    size: u32,
    level: Level,
    budget: u64,
    a: Weights,
    b: Weights,
    games: u64,
    seed: u64,
) -> u64 {
    let mut wins = 0;
    for g in 0..games {
        let mut dice = Rng::new(seed ^ (g / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let a_colour = if g % 2 == 0 {
            Color::Black
        } else {
            Color::Green
        };
        let pa = Player::new(level, seed + g)
            .with_weights(a)
            .with_budget(budget);
        let pb = Player::new(level, seed + g + 1)
            .with_weights(b)
            .with_budget(budget);
        let mut pos = Position::start(size).expect("size");
        while !pos.is_finished() {
            let roll = dice.roll(pos.size());
            let p = if pos.side_to_move() == a_colour {
                &pa
            } else {
                &pb
            };
            let c = p.choose(&pos, Edition::Standard, roll).expect("in play");
            pos = pos.play(Edition::Standard, roll, &c.turn).expect("legal");
        }
        if pos.outcome() == Outcome::Won(a_colour) {
            wins += 1;
        }
    }
    wins
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args[1].parse().expect("size");
    let level: Level = args[2].parse().expect("level");
    let budget: u64 = args[3].parse().expect("budget");
    let iterations: u64 = args[4].parse().expect("iterations");
    let games: u64 = args[5].parse().expect("games");
    let seed: u64 = args[6].parse().expect("seed");
    let start = env_weights();
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
            size,
            level,
            budget,
            plus,
            minus,
            games,
            seed.wrapping_mul(7919) + k * 1_000_003,
        );
        let score = (2.0 * wins as f32 - games as f32) / games as f32;
        // Step: half the perturbation per unit of score, decaying.
        let step = 0.5 / (1.0 + k as f32 / 20.0);
        for i in 0..FEATURES {
            theta[i] += step * score * c[i] * delta[i];
        }
        eprintln!("iteration {k}: plus won {wins}/{games}");
    }
    println!("{:?}", theta);
}
