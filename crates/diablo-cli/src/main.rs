//! `diablo`: the command-line tool over the Diablo rules engine.
//!
//! Every command prints its result on stdout; bad input of any kind prints a
//! message on stderr, nothing on stdout, and exits with status 2. Options are
//! read by clap ([`Cli`]); [`usage`] words its errors.

mod analyse;
mod bot;
mod corr;
mod matches;
mod usage;

use clap::{Args, Parser, Subcommand};
use diablo_core::{Edition, Position, Record, Roll, Turn, perft};
use std::ffi::OsString;
use std::process::ExitCode;

/// What `diablo --help` adds below the list of commands.
const EXAMPLES: &str = "\
Examples:
  diablo legal --edition standard --position \"gbgb/bgbg/gbgb/bgbg b 3\" --roll 1,2
  diablo play --position \"gbgb/bgbg/gbgb/bgbg b 1\" --roll 2,1 --turn \"a1-a2\"
  diablo perft --edition standard --size 4 --depth 3
  diablo check --record game.txt
  diablo match --a hard --b medium --games 200 --size 8 --seed 7
  diablo corr new --size 8 --color random --keys me.json
  diablo analyse --record game.txt --level analysis
  diablo bot --server http://127.0.0.1:8000/ --keys bot.json --name Hal --level hard --post \"8 standard 5+3 rated\" --take any

Options take `--name value` or `--name=value`, so a value may start with a
dash: --turn \"-c3 -d4\". --edition defaults to standard. Bad input prints a
message on stderr, nothing on stdout, and exits with status 2.";

/// Diablo, a game by Mark Steere: rules engine tools.
#[derive(Parser)]
#[command(name = "diablo", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the legal turns for a position and roll, as one JSON object.
    #[command(after_help = "\
Example:
  diablo legal --edition standard --position \"g.../..../..../b... b 3\" --roll 1,2
  {\"turns\":[\"a1-b1 -b1\",\"a1-a2 a2-a4\",\"a1-c1 -c1\",\"a1-a3 a3-a4\"]}")]
    Legal(Setup),
    /// Play one turn and print the new position code.
    #[command(after_help = "\
Examples:
  diablo play --position \"gbgb/bgbg/gbgb/bgbg b 1\" --roll 2,1 --turn \"a1-a2\"
  gbgb/bgbg/bbgb/.gbg g 2
  diablo play --position \"g.../..../..../b... b 3\" --roll 1,2 --turn=\"a1-b1 -b1\"")]
    Play(PlayArgs),
    /// Count the leaves of the game tree to a depth (a move-generator check).
    ///
    /// Every roll of every turn counts, so the count grows fast.
    #[command(after_help = "\
Examples:
  diablo perft --edition standard --size 4 --depth 2
  96528
  diablo perft --position \"gbgb/bgbg/gbgb/bgbg b 1\" --depth 1")]
    Perft(PerftArgs),
    /// Check a game record (or several) and print its result and final position code.
    #[command(after_help = "\
Example, with game.txt holding the three lines
  edition standard
  size 4
  2,1: b2-b4

  diablo check --record game.txt
  1 turns, standard, in progress
  gb2gb/bgbg/g.gb/bgbg g 2

A file of several games (each from its \"edition\" line, as the page's
\"Your games\" exports them) prints \"N games\", then each game's
\"game K (line L): \" result and position code.")]
    Check(CheckArgs),
    /// Play a match between two computer levels and print the score.
    #[command(after_help = "\
Example:
  diablo match --a hard --b medium --games 200 --size 8 --seed 7

Games come in pairs with the same dice and colours swapped.")]
    Match(matches::MatchArgs),
    /// Correspondence play: a game by links with fair dice.
    ///
    /// Each player keeps one key file per game (docs/correspondence.md).
    #[command(after_help = "\
Example (each player keeps one key file per game):
  diablo corr new --size 8 --edition standard --color random --keys me.json
  diablo corr accept --link L --keys you.json
  diablo corr roll --link L --keys me.json
  diablo corr play --link L --keys me.json --turn \"a1-a2\"
  diablo corr verify --link L")]
    Corr {
        #[command(subcommand)]
        command: corr::CorrCommand,
    },
    /// Judge every turn of a game, one tab-separated line per turn.
    ///
    /// The fields: the turn's number, the roll, the played turn, the mover's
    /// chance before the roll, the value of the played turn, the value of the
    /// best turn, the best turn (the judge's choice, or the played turn if
    /// it is worth more) and the roll's luck (the mover's chance once it was
    /// dealt minus the chance before the roll); chances from the mover's
    /// point of view, three decimals (docs/review.md).
    #[command(after_help = "\
Example:
  diablo analyse --record game.txt --level analysis")]
    Analyse(analyse::AnalyseArgs),
    /// Play on a server as a bot: post challenges, take them, play them.
    ///
    /// It plays through the lobby and rooms as a browser does (docs/bots.md),
    /// says once, signed, that its key is a bot, and keeps its key and games
    /// in --keys, so a restarted bot goes on with its games. One line per
    /// game begun and ended on stdout ("game ID begun: black NAME green
    /// NAME", "game ID ended: WINNER REASON"), notes on stderr; it plays
    /// until stopped (Ctrl-C), after --games games or --seconds seconds,
    /// and exits 0.
    #[command(after_help = "\
Example:
  diablo bot --server http://127.0.0.1:8000/ --keys hal.json --name Hal --level hard \\
      --post \"8 standard 5+3 rated\" --post \"8 standard 1d rated\" --take any")]
    Bot(bot::BotArgs),
}

/// The options shared by `legal` and `play`: a position and a roll.
#[derive(Args)]
struct Setup {
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard, allow_hyphen_values = true)]
    edition: Edition,
    /// The position code: ranks from the top separated by '/', the side to
    /// move (b or g), the turn number.
    #[arg(long, value_name = "CODE", allow_hyphen_values = true)]
    position: Position,
    /// The two dice, as A,B.
    #[arg(long, value_name = "A,B", allow_hyphen_values = true)]
    roll: Roll,
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    setup: Setup,
    /// The turn to play: its actions separated by a space, a move as
    /// "a1-a2", a removal as "-c3" (so "a1-a2 a2-a4" or "-c3 -d4").
    #[arg(long, value_name = "TURN", allow_hyphen_values = true)]
    turn: Turn,
}

#[derive(Args)]
#[command(group = clap::ArgGroup::new("start").required(true).args(["size", "position"]))]
struct PerftArgs {
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard, allow_hyphen_values = true)]
    edition: Edition,
    /// Start from the opening position of an N x N board (N even, 2 to 26).
    #[arg(long, value_name = "N", value_parser = str::parse::<u32>, allow_hyphen_values = true)]
    size: Option<u32>,
    /// Start from this position code instead.
    #[arg(long, value_name = "CODE", allow_hyphen_values = true)]
    position: Option<Position>,
    /// How many turns deep to count.
    #[arg(long, value_name = "D", value_parser = str::parse::<u32>, allow_hyphen_values = true)]
    depth: u32,
}

#[derive(Args)]
struct CheckArgs {
    /// The record file: "edition E", "size N", an optional "start CODE",
    /// then one "A,B: TURN" line per turn; '#' starts a comment. Several
    /// games may follow one another, each from its "edition" line.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    record: String,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => return usage::report(&err, &args),
    };
    match cli.command.run() {
        Ok(out) => {
            // `bot` prints as it goes and leaves nothing for the end.
            if !out.is_empty() {
                println!("{out}");
            }
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("diablo: {msg}");
            ExitCode::from(2)
        }
    }
}

impl Command {
    /// Runs the command and returns what it prints.
    fn run(self) -> Result<String, String> {
        match self {
            Command::Legal(setup) => {
                let pos = setup.checked()?;
                let turns = pos
                    .legal_turns(setup.edition, setup.roll)
                    .map_err(|e| e.to_string())?;
                let list: Vec<String> = turns.iter().map(Turn::to_string).collect();
                Ok(serde_json::json!({ "turns": list }).to_string())
            }
            Command::Play(PlayArgs { setup, turn }) => {
                let pos = setup.checked()?;
                let next = pos
                    .play(setup.edition, setup.roll, &turn)
                    .map_err(|e| e.to_string())?;
                Ok(next.to_string())
            }
            Command::Perft(a) => {
                // The argument group lets exactly one of the two through.
                let pos = match (a.size, a.position) {
                    (Some(n), _) => Position::start(n).map_err(|e| format!("--size: {e}"))?,
                    (None, Some(pos)) => pos,
                    (None, None) => return Err("missing option --size or --position".into()),
                };
                Ok(perft(&pos, a.edition, a.depth).to_string())
            }
            Command::Check(CheckArgs { record: path }) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read record file {path}: {e}"))?;
                // One game, or several one after another (a records file,
                // as the page's "Your games" exports): each one checked.
                let games = Record::parse_all(&text).map_err(|e| format!("{path}: {e}"))?;
                let summary = |record: &Record| {
                    let last = record.last();
                    let status = match last.outcome() {
                        diablo_core::Outcome::InProgress => "in progress".to_string(),
                        diablo_core::Outcome::Won(c) => format!("{} won", c.name()),
                    };
                    format!(
                        "{} turns, {}, {status}\n{last}",
                        record.turns().len(),
                        record.edition()
                    )
                };
                if let [(_, record)] = games.as_slice() {
                    return Ok(summary(record));
                }
                let mut out = format!("{} games", games.len());
                for (k, (line, record)) in games.iter().enumerate() {
                    out.push_str(&format!(
                        "\ngame {} (line {line}): {}",
                        k + 1,
                        summary(record)
                    ));
                }
                Ok(out)
            }
            Command::Match(a) => matches::run(&a),
            Command::Corr { command } => corr::run(command),
            Command::Analyse(a) => analyse::run(&a),
            Command::Bot(a) => bot::run(a),
        }
    }
}

impl Setup {
    /// The position, once the roll is known to fit its board.
    fn checked(&self) -> Result<&Position, String> {
        self.roll
            .check_size(self.position.size())
            .map_err(|e| format!("--roll: {e}"))?;
        Ok(&self.position)
    }
}
