//! `diablo-solve loss`: how far a computer level's decisions fall short of
//! exact play, on random 4x4 endgames (a development tool; the page never
//! uses it).
//!
//! ```text
//! cargo run --release -p diablo-solve -- --level hard --edition standard \
//!     [--positions 300] [--checkers 4] [--seed 1]
//! ```
//! prints the mean loss per decision (in win probability), the share of
//! optimal decisions and the worst decisions with their exact values.
//!
//! With `--from-play`, the positions are not random: they are every
//! decision of the level's own games from the 4x4 start (the level plays
//! both sides, a new seed each game) once both sides are down to at most
//! `--checkers` checkers, which is where real endgames come from.

use diablo_ai::{Level, Player, Rng};
use diablo_core::{Edition, Position};
use diablo_solve::Solver;
use std::io::Write as _;
use std::process::ExitCode;

/// Endgame decisions from the level's own games: every position of a 4x4
/// self-play game (from the start) where both sides have at most `max`
/// checkers, with the roll that was played there.
struct FromPlay {
    pending: Vec<(Position, diablo_core::Roll)>,
}

impl FromPlay {
    fn next(
        &mut self,
        rng: &mut Rng,
        level: Level,
        edition: Edition,
        max: u32,
    ) -> Result<(Position, diablo_core::Roll), String> {
        use diablo_core::Color;
        while self.pending.is_empty() {
            let mut pos = Position::start(4).map_err(|e| e.to_string())?;
            let seed = rng.next_u64();
            let players = [Player::new(level, seed), Player::new(level, seed ^ 0x9e37)];
            while !pos.is_finished() {
                let roll = rng.roll(pos.size());
                if pos.checkers(Color::Black) <= max && pos.checkers(Color::Green) <= max {
                    self.pending.push((pos.clone(), roll));
                }
                let side = pos.side_to_move().index();
                let c = players[side]
                    .choose(&pos, edition, roll)
                    .map_err(|e| format!("{pos} {roll}: {e}"))?;
                pos = pos
                    .play(edition, roll, &c.turn)
                    .map_err(|e| format!("{pos} {roll}: {e}"))?;
            }
            self.pending.reverse();
        }
        self.pending
            .pop()
            .ok_or_else(|| "no endgame position".to_string())
    }
}

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn run(args: &[String]) -> Result<String, String> {
    let level: Level = arg(args, "--level")
        .unwrap_or("hard")
        .parse()
        .map_err(|e| format!("--level: {e}"))?;
    let edition: Edition = arg(args, "--edition")
        .unwrap_or("standard")
        .parse()
        .map_err(|e| format!("--edition: {e}"))?;
    let count: usize = arg(args, "--positions")
        .unwrap_or("300")
        .parse()
        .map_err(|e| format!("--positions: {e}"))?;
    let max: u64 = arg(args, "--checkers")
        .unwrap_or("4")
        .parse()
        .map_err(|e| format!("--checkers: {e}"))?;
    if !(1..=6).contains(&max) {
        return Err("--checkers: 1 to 6".into());
    }
    let seed: u64 = arg(args, "--seed")
        .unwrap_or("1")
        .parse()
        .map_err(|e| format!("--seed: {e}"))?;
    let from_play = args.iter().any(|a| a == "--from-play");
    let mut games = FromPlay {
        pending: Vec::new(),
    };
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new(edition);
    let mut losses = Vec::new();
    while losses.len() < count {
        let (pos, roll) = if from_play {
            games.next(&mut rng, level, edition, max as u32)?
        } else {
            let Some(pos) = diablo_solve::random_endgame(&mut rng, max) else {
                continue;
            };
            let roll = rng.roll(pos.size());
            (pos, roll)
        };
        let ranked = solver.rank(&pos, roll);
        let Some(&(best, best_turn)) = ranked.first() else {
            continue;
        };
        let choice = Player::new(level, rng.next_u64())
            .choose(&pos, edition, roll)
            .map_err(|e| format!("{pos} {roll}: {e}"))?;
        let chosen = solver
            .turn_value(&pos, roll, &choice.turn)
            .ok_or_else(|| format!("{pos} {roll}: the level chose an illegal turn"))?;
        losses.push((
            best - chosen,
            pos,
            roll,
            choice.turn,
            chosen,
            best_turn,
            best,
        ));
    }
    let n = losses.len() as f64;
    let mean = losses.iter().map(|l| l.0).sum::<f64>() / n;
    let optimal = losses.iter().filter(|l| l.0 < 1e-9).count() as f64 / n;
    losses.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut out = format!(
        "{} {edition}, {count} {} 4x4 endgames (at most {max} checkers a side), seed {seed}\n\
         mean loss per decision {mean:.4}, optimal {:.1}%, positions solved {}\nworst:\n",
        level.name(),
        if from_play { "self-play" } else { "random" },
        optimal * 100.0,
        solver.known()
    );
    for (loss, pos, roll, chose, chosen, best_turn, best) in losses.iter().take(5) {
        out.push_str(&format!(
            "  {pos}  roll {roll}: played {chose} ({chosen:.3}), best {best_turn} ({best:.3}), loss {loss:.3}\n"
        ));
    }
    Ok(out.trim_end().to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("diablo-solve: {e}");
            ExitCode::from(2)
        }
    }
}
