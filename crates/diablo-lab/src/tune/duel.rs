//! `diablo-lab duel`: a paired-dice match between two configurable players
//! (development aid for tuning; `diablo match` is the user-facing command).

use diablo_ai::{Level, Player, Shape, Weights};
use diablo_core::{Edition, Outcome, Position};
use std::time::Instant;

/// The options of `diablo-lab duel`.
#[derive(clap::Args)]
pub struct Args {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 8, value_parser = super::size)]
    size: u32,
    /// How many games (an even number gives whole pairs).
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = super::games)]
    games: u64,
    /// Player A's level: beginner, easy, medium, hard or analysis.
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Hard)]
    a: Level,
    /// Player B's level.
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Hard)]
    b: Level,
    /// Player A's weights, "[a, b, ...]" (default: its level's own for the
    /// edition).
    #[arg(long, value_name = "LIST", value_parser = super::weights)]
    weights_a: Option<Weights>,
    /// Player B's weights.
    #[arg(long, value_name = "LIST", value_parser = super::weights)]
    weights_b: Option<Weights>,
    /// Player A's node budget per decision (default: its level's).
    #[arg(long, value_name = "NODES")]
    budget_a: Option<u64>,
    /// Player B's node budget per decision.
    #[arg(long, value_name = "NODES")]
    budget_b: Option<u64>,
    /// Player A's search shape (default: its level's): greedy:ROOT_CAP,
    /// exp:CANDIDATES:PLIES:ROOT_CAP:REPLY_CAP or
    /// mcts:C:EXPANSIONS:ROOT_CAP:REPLY_CAP, optionally followed by :FLOOR
    /// (1/FLOOR of the budget is always spent; 0 or absent: none).
    #[arg(long, value_name = "SHAPE", value_parser = super::shape)]
    shape_a: Option<Shape>,
    /// Player B's search shape.
    #[arg(long, value_name = "SHAPE", value_parser = super::shape)]
    shape_b: Option<Shape>,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard)]
    edition: Edition,
    /// The seed of the dice and of the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
}

/// Plays the match and prints its line.
///
/// # Errors
/// None today (the arguments were checked when read).
pub fn run(args: &Args) -> Result<(), String> {
    let (size, games, seed, edition) = (args.size, args.games, args.seed, args.edition);
    let levels = [args.a, args.b];
    let ws = [args.weights_a, args.weights_b];
    let budgets = [args.budget_a, args.budget_b];
    let shapes = [args.shape_a, args.shape_b];
    let mut a_wins = 0;
    let (mut nodes, mut moves, mut secs) = ([0u64; 2], [0u64; 2], [0f64; 2]);
    let t0 = Instant::now();
    for g in 0..games {
        let (mut dice, a_colour) = crate::net::paired_dice(seed, g);
        let players: Vec<Player> = (0..2)
            .map(|k| {
                let mut p = Player::new(levels[k], g * 2 + k as u64);
                if let Some(w) = ws[k] {
                    p = p.with_weights(w);
                }
                if let Some(b) = budgets[k] {
                    p = p.with_budget(b);
                }
                if let Some(s) = shapes[k] {
                    p = p.with_shape(s);
                }
                p
            })
            .collect();
        let mut pos = Position::start(size).map_err(|e| e.to_string())?;
        while !pos.is_finished() {
            let roll = dice.roll(pos.size());
            let k = usize::from(pos.side_to_move() != a_colour);
            let t = Instant::now();
            let c = players[k].choose(&pos, edition, roll).expect("in play");
            secs[k] += t.elapsed().as_secs_f64();
            nodes[k] += c.nodes;
            moves[k] += 1;
            pos = pos.play(edition, roll, &c.turn).expect("legal");
        }
        if pos.outcome() == Outcome::Won(a_colour) {
            a_wins += 1;
        }
    }
    let p = a_wins as f64 / games as f64;
    let se = (p * (1.0 - p) / games as f64).sqrt();
    println!(
        "A {a_wins}/{games} = {:.1}% ± {:.1}  nodes/move A {} B {}  ms/move A {:.1} B {:.1}  ({:.0}s)",
        p * 100.0,
        196.0 * se,
        nodes[0] / moves[0].max(1),
        nodes[1] / moves[1].max(1),
        secs[0] * 1e3 / moves[0].max(1) as f64,
        secs[1] * 1e3 / moves[1].max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
