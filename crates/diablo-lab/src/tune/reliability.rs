//! `diablo-lab reliability`: positions for calibrating the win chance.
//! Games between two players of one level (Hard by default), and for every
//! position before its roll the uncalibrated chance
//! ([`diablo_ai::raw_win_chance`]) and whether the player to move went on
//! to win. One tab-separated line per position, appended to stdout as each
//! game ends: `size edition game turn raw_chance mover_won`.
//!
//! The fit and the tables: [`super::reliability_fit`].

use diablo_ai::{Level, Player, Rng, raw_win_chance};
use diablo_core::{Edition, Outcome, Position};
use std::io::Write as _;

/// The options of `diablo-lab reliability`.
#[derive(clap::Args)]
pub struct Args {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 8, value_parser = super::size)]
    size: u32,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard)]
    edition: Edition,
    /// How many games.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = super::games)]
    games: u64,
    /// The seed of the dice and of the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
    /// The level of both players.
    #[arg(long, value_name = "LEVEL", default_value_t = Level::Hard)]
    level: Level,
}

/// Plays the games and prints their rows.
///
/// # Errors
/// None today (the arguments were checked when read).
pub fn run(args: &Args) -> Result<(), String> {
    let (size, edition, games, seed, level) =
        (args.size, args.edition, args.games, args.seed, args.level);
    let mut rng = Rng::new(seed);
    for g in 0..games {
        let first = seed.wrapping_mul(1000).wrapping_add(2 * g);
        let players = [
            Player::new(level, first),
            Player::new(level, first.wrapping_add(1)),
        ];
        let mut pos = Position::start(size).map_err(|e| e.to_string())?;
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
    Ok(())
}
