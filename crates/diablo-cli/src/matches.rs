//! `diablo match`: two computer levels play a series of games.
//!
//! Games come in pairs that replay the same dice with colours swapped
//! (game 2k: A is Black; game 2k+1: A is Green; the roll of turn t is the
//! same in both), so luck of the dice weighs on both players alike.

use diablo_ai::{Level, Player, Rng};
use diablo_core::{Color, Edition, Outcome, Position, Roll};
use std::time::{Duration, Instant};

/// Most games one command may play (a typo guard, not a rule).
const MAX_GAMES: u32 = 1_000_000;

/// The options of `diablo match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// Player A's level: beginner, easy, medium, hard or analysis.
    #[arg(long, value_name = "LEVEL", allow_hyphen_values = true)]
    a: Level,
    /// Player B's level.
    #[arg(long, value_name = "LEVEL", allow_hyphen_values = true)]
    b: Level,
    /// How many games (1 to 1000000; an even number gives whole pairs).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = games, allow_hyphen_values = true)]
    games: u32,
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 8, value_parser = str::parse::<u32>, allow_hyphen_values = true)]
    size: u32,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard, allow_hyphen_values = true)]
    edition: Edition,
    /// The seed of the dice and of the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1, value_parser = str::parse::<u64>, allow_hyphen_values = true)]
    seed: u64,
}

/// A number of games within the typo guard.
fn games(text: &str) -> Result<u32, String> {
    let games: u32 = text
        .parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())?;
    if (1..=MAX_GAMES).contains(&games) {
        Ok(games)
    } else {
        Err(format!("{games} is out of range (1 to {MAX_GAMES})"))
    }
}

/// What one game produced.
struct GameResult {
    a_won: bool,
    /// Time spent and decisions taken by A, then B.
    time: [Duration; 2],
    moves: [u32; 2],
    /// The rolls, in turn order.
    rolls: Vec<Roll>,
}

/// Plays the match and returns the report.
pub fn run(args: &MatchArgs) -> Result<String, String> {
    let MatchArgs {
        a: level_a,
        b: level_b,
        games,
        size,
        edition,
        seed,
    } = *args;
    let start = Position::start(size).map_err(|e| format!("--size: {e}"))?;

    let mut wins = [0u32; 2];
    let mut a_wins_as = [0u32; 2];
    let mut time = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    let mut turns = 0usize;
    for game in 0..games {
        let a_colour = if game % 2 == 0 {
            Color::Black
        } else {
            Color::Green
        };
        let r = play_game(&start, edition, level_a, level_b, a_colour, seed, game)?;
        if r.a_won {
            wins[0] += 1;
            a_wins_as[a_colour.index()] += 1;
        } else {
            wins[1] += 1;
        }
        for k in 0..2 {
            time[k] += r.time[k];
            moves[k] += r.moves[k];
        }
        turns += r.rolls.len();
    }
    Ok(report(
        [level_a, level_b],
        games,
        size,
        edition,
        seed,
        wins,
        a_wins_as,
        time,
        moves,
        turns,
    ))
}

/// A seed for one purpose of one game, spread by a round of SplitMix64.
fn derive(seed: u64, game: u64, purpose: u64) -> u64 {
    Rng::new(seed ^ game.wrapping_mul(0x9E37_79B9) ^ purpose.wrapping_mul(0xC2B2_AE35)).next_u64()
}

/// Plays one game; A has `a_colour`. The dice depend on the pair only.
fn play_game(
    start: &Position,
    edition: Edition,
    level_a: Level,
    level_b: Level,
    a_colour: Color,
    seed: u64,
    game: u32,
) -> Result<GameResult, String> {
    let pair = u64::from(game / 2);
    let mut dice = Rng::new(derive(seed, pair, 0));
    let players = [
        Player::new(level_a, derive(seed, u64::from(game), 1)),
        Player::new(level_b, derive(seed, u64::from(game), 2)),
    ];
    let mut pos = start.clone();
    let mut time = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    let mut rolls = Vec::new();
    loop {
        if let Outcome::Won(winner) = pos.outcome() {
            return Ok(GameResult {
                a_won: winner == a_colour,
                time,
                moves,
                rolls,
            });
        }
        let roll = dice.roll(pos.size());
        rolls.push(roll);
        let who = usize::from(pos.side_to_move() != a_colour);
        let clock = Instant::now();
        let choice = players[who].choose(&pos, edition, roll).map_err(|e| {
            format!(
                "game {game}: the {} player failed: {e}",
                players[who].level()
            )
        })?;
        time[who] += clock.elapsed();
        moves[who] += 1;
        pos = pos
            .play(edition, roll, &choice.turn)
            .map_err(|e| format!("game {game}: illegal turn {} chosen: {e}", choice.turn))?;
    }
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
fn wilson(k: u32, n: u32) -> (f64, f64) {
    let n = f64::from(n);
    let p = f64::from(k) / n;
    let z = 1.959_964;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference for a score rate `p`, as text: `+inf` / `-inf` when
/// one side won every game (the difference then has no finite estimate).
fn elo(p: f64) -> String {
    if p >= 1.0 {
        "+inf".to_string()
    } else if p <= 0.0 {
        "-inf".to_string()
    } else {
        // `+ 0.0` turns -0 into 0 for an even score.
        format!("{:+.0}", -400.0 * (1.0 / p - 1.0).log10() + 0.0)
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    levels: [Level; 2],
    games: u32,
    size: u32,
    edition: Edition,
    seed: u64,
    wins: [u32; 2],
    a_wins_as: [u32; 2],
    time: [Duration; 2],
    moves: [u32; 2],
    turns: usize,
) -> String {
    let rate = f64::from(wins[0]) / f64::from(games);
    let (lo, hi) = wilson(wins[0], games);
    let ms = |k: usize| time[k].as_secs_f64() * 1000.0 / f64::from(moves[k].max(1));
    format!(
        "A = {a}, B = {b}: {games} games, {size}x{size}, {edition} edition, seed {seed}\n\
         A wins {wa} (as Black {ab}, as Green {ag}), B wins {wb}\n\
         win rate of A: {r:.1}% (95% CI {lo:.1}% to {hi:.1}%)\n\
         Elo difference A - B: {e} (95% CI {elo_lo} to {elo_hi})\n\
         time per move: A {ta:.2} ms, B {tb:.2} ms; {len:.1} turns per game",
        a = levels[0],
        b = levels[1],
        wa = wins[0],
        ab = a_wins_as[0],
        ag = a_wins_as[1],
        wb = wins[1],
        r = rate * 100.0,
        lo = lo * 100.0,
        hi = hi * 100.0,
        e = elo(rate),
        elo_lo = elo(lo),
        elo_hi = elo(hi),
        ta = ms(0),
        tb = ms(1),
        len = turns as f64 / f64::from(games),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser as _;
    use std::ffi::OsString;

    /// Reads `diablo match` options as the command line does, then plays;
    /// a usage error comes back as its one-line summary.
    fn run_args(v: &[&str]) -> Result<String, String> {
        let args: Vec<OsString> = ["diablo", "match"]
            .iter()
            .chain(v)
            .map(OsString::from)
            .collect();
        match crate::Cli::try_parse_from(&args) {
            Ok(crate::Cli {
                command: crate::Command::Match(a),
            }) => run(&a),
            Ok(_) => Err("not the match command".into()),
            Err(e) => Err(crate::usage::summary(&e, &args)),
        }
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(240, 400);
        assert!(lo < 0.6 && 0.6 < hi);
        assert!((lo - 0.551).abs() < 0.002, "{lo}");
        assert!((hi - 0.647).abs() < 0.002, "{hi}");
        assert_eq!(wilson(0, 10).0, 0.0);
    }

    #[test]
    fn elo_of_even_and_strong_scores() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(0.25), "-191");
        assert_eq!(elo(1.0), "+inf");
        assert_eq!(elo(0.0), "-inf");
    }

    #[test]
    fn a_pair_replays_the_same_dice_with_colours_swapped() {
        let start = Position::start(6).expect("6x6 board");
        let play = |game, colour| {
            play_game(
                &start,
                Edition::Standard,
                Level::Easy,
                Level::Beginner,
                colour,
                9,
                game,
            )
            .expect("a game between two levels")
        };
        let first = play(0, Color::Black);
        let second = play(1, Color::Green);
        let common = first.rolls.len().min(second.rolls.len());
        assert!(common > 5);
        assert_eq!(first.rolls[..common], second.rolls[..common]);
        // Each side decided on its own turns: A on Black's in game 0.
        assert_eq!(first.moves[0] as usize, first.rolls.len().div_ceil(2));
        // The next pair rolls other dice.
        let third = play(2, Color::Black);
        assert_ne!(first.rolls[..5], third.rolls[..5]);
    }

    #[test]
    fn the_report_counts_every_game() {
        let out = run_args(&[
            "--a", "easy", "--b", "beginner", "--games", "6", "--size", "4",
        ])
        .expect("a valid match");
        assert!(
            out.contains("6 games, 4x4, standard edition, seed 1"),
            "{out}"
        );
        let line = out.lines().nth(1).expect("a wins line");
        let nums: Vec<u32> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        // A wins, as Black, as Green, B wins.
        assert_eq!(nums.len(), 4, "{line}");
        assert_eq!(nums[0], nums[1] + nums[2]);
        assert_eq!(nums[0] + nums[3], 6);
    }

    #[test]
    fn bad_arguments_are_reported() {
        let bad = |v: &[&str]| run_args(v).expect_err("bad arguments");
        assert!(bad(&["--a", "grandmaster", "--b", "easy"]).contains("unknown level"));
        assert!(bad(&["--a", "easy"]).contains("missing option --b"));
        assert!(bad(&["--a", "easy", "--b", "easy", "--games", "0"]).contains("--games"));
        assert!(bad(&["--a", "easy", "--b", "easy", "--size", "7"]).contains("--size"));
        assert!(bad(&["--a", "easy", "--b", "easy", "--edition", "x"]).contains("--edition"));
    }
}
