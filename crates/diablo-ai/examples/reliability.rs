//! Positions for calibrating the win chance: games between two players of
//! one level (Hard by default), and for every position before its roll the
//! uncalibrated chance ([`diablo_ai::raw_win_chance`]) and whether the
//! player to move went on to win. One tab-separated line per position,
//! appended to stdout as each game ends:
//! `size edition game turn raw_chance mover_won`.
//!
//! `cargo run --release -p diablo-ai --example reliability -- SIZE EDITION GAMES SEED [LEVEL]`
//!
//! The fit and the tables: `examples/reliability_fit.rs`.

use diablo_ai::{Level, Player, Rng, raw_win_chance};
use diablo_core::{Edition, Outcome, Position};
use std::io::Write as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size: u32 = args[0].parse().expect("size");
    let edition: Edition = args[1].parse().expect("edition");
    let games: u64 = args[2].parse().expect("games");
    let seed: u64 = args[3].parse().expect("seed");
    let level: Level = args
        .get(4)
        .map_or(Ok(Level::Hard), |s| s.parse())
        .expect("level");
    let mut rng = Rng::new(seed);
    for g in 0..games {
        let players = [
            Player::new(level, seed * 1000 + 2 * g),
            Player::new(level, seed * 1000 + 2 * g + 1),
        ];
        let mut pos = Position::start(size).expect("size");
        let mut seen = Vec::new();
        while !pos.is_finished() {
            seen.push((
                pos.turn_number(),
                raw_win_chance(&pos, edition),
                pos.side_to_move(),
            ));
            let roll = rng.roll(pos.size());
            let p = &players[pos.side_to_move().index()];
            let c = p.choose(&pos, edition, roll).expect("in play");
            pos = pos.play(edition, roll, &c.turn).expect("legal");
        }
        let Outcome::Won(winner) = pos.outcome() else {
            unreachable!("the game is over")
        };
        let mut out = String::new();
        for (turn, raw, mover) in seen {
            out.push_str(&format!(
                "{size}\t{edition}\t{g}\t{turn}\t{raw:.5}\t{}\n",
                u8::from(mover == winner)
            ));
        }
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(out.as_bytes());
        let _ = stdout.flush();
    }
}
