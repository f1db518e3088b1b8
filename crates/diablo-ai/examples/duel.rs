//! Paired-dice match between two configurable players (development aid for
//! tuning; `diablo match` is the user-facing command).
//!
//! usage: duel SIZE GAMES LEVEL_A LEVEL_B WEIGHTS_A WEIGHTS_B SEED [BUDGET_A] [BUDGET_B]
//! A weight list "[a, b, ...]", or "-" for the level's own (by edition). Environment:
//! SHAPE_A / SHAPE_B (see `env_shape`); EDITION.
use diablo_ai::{Algorithm, FEATURES, Level, Player, Rng, Shape, Weights};
use diablo_core::{Color, Edition, Outcome, Position};
use std::time::Instant;

fn weights(s: &str) -> Option<Weights> {
    if s == "-" {
        return None;
    }
    let v: Vec<f32> = s
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().parse().expect("weight"))
        .collect();
    let mut w = [0f32; FEATURES];
    w[..v.len()].copy_from_slice(&v);
    Some(Weights(w))
}

/// A search shape from an environment variable: "greedy:ROOT_CAP",
/// "exp:CANDIDATES:PLIES:ROOT_CAP:REPLY_CAP" or
/// "mcts:C:EXPANSIONS:ROOT_CAP:REPLY_CAP[:FLOOR]" (FLOOR: 1/FLOOR of the
/// budget is always spent; 0 or absent: none).
fn env_shape(name: &str) -> Option<Shape> {
    let s = std::env::var(name).ok()?;
    let v: Vec<&str> = s.split(':').collect();
    let num = |i: usize| -> usize { v[i].parse().expect("shape number") };
    Some(match v[0] {
        "greedy" => Shape {
            algorithm: Algorithm::Greedy,
            root_cap: num(1),
            reply_cap: 0,
        },
        "exp" => Shape {
            algorithm: Algorithm::Expectimax {
                candidates: num(1),
                plies: num(2) as u8,
            },
            root_cap: num(3),
            reply_cap: num(4),
        },
        "mcts" => Shape {
            algorithm: Algorithm::Mcts {
                exploration: v[1].parse().expect("exploration"),
                expansions: num(2) as u32,
                floor: v.get(5).map_or(0, |f| f.parse().expect("floor")),
            },
            root_cap: num(3),
            reply_cap: num(4),
        },
        other => panic!("unknown shape {other}"),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args[1].parse().expect("size");
    let games: u64 = args[2].parse().expect("games");
    let levels: [Level; 2] = [
        args[3].parse().expect("level a"),
        args[4].parse().expect("level b"),
    ];
    let ws = [weights(&args[5]), weights(&args[6])];
    let seed: u64 = args[7].parse().expect("seed");
    let budgets: [Option<u64>; 2] = [
        args.get(8).and_then(|s| s.parse().ok()),
        args.get(9).and_then(|s| s.parse().ok()),
    ];
    let shapes = [env_shape("SHAPE_A"), env_shape("SHAPE_B")];
    let edition: Edition = std::env::var("EDITION")
        .ok()
        .and_then(|e| e.parse().ok())
        .unwrap_or_default();
    let mut a_wins = 0;
    let (mut nodes, mut moves, mut secs) = ([0u64; 2], [0u64; 2], [0f64; 2]);
    let t0 = Instant::now();
    for g in 0..games {
        let mut dice = Rng::new(seed ^ (g / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let a_colour = if g % 2 == 0 {
            Color::Black
        } else {
            Color::Green
        };
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
        let mut pos = Position::start(size).expect("size");
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
}
