//! `diablo bot`: a computer player on a server, through its lobby and
//! rooms as a browser plays (crates/diablo-bot, docs/bots.md).

use diablo_ai::Level;
use diablo_bot::{Options, Spec, Take};
use std::path::PathBuf;

/// The options of `diablo bot`.
#[derive(clap::Args)]
pub struct BotArgs {
    /// The server, e.g. http://127.0.0.1:8000/ (the address the README's
    /// serve command prints).
    #[arg(long, value_name = "URL", allow_hyphen_values = true)]
    server: String,
    /// The bot's file: its key and the games it is playing (made if
    /// missing; keep it to keep the bot's name and rating).
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    keys: PathBuf,
    /// The name it plays under (shown with "BOT").
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    name: String,
    /// Its level: beginner, easy, medium, hard, expert (the strongest) or
    /// analysis.
    #[arg(long, value_name = "LEVEL", value_parser = level, allow_hyphen_values = true)]
    level: Level,
    /// A challenge to keep posted, "SIZE EDITION CLOCK RATED", e.g.
    /// "8 standard 5+3 rated" or "6 sequenced 2d casual" (repeatable).
    #[arg(long, value_name = "SPEC", value_parser = spec, allow_hyphen_values = true)]
    post: Vec<Spec>,
    /// Which challenges of people it takes: any, rated, casual or none.
    #[arg(long, value_name = "WHICH", default_value = "any", value_parser = take, allow_hyphen_values = true)]
    take: Take,
    /// Stop after this many games.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    games: Option<u32>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(1..))]
    seconds: Option<u64>,
}

fn level(text: &str) -> Result<Level, String> {
    diablo_bot::parse_level(text).map_err(|e| e.to_string())
}

fn spec(text: &str) -> Result<Spec, String> {
    text.parse()
        .map_err(|e: diablo_bot::OptionError| e.to_string())
}

fn take(text: &str) -> Result<Take, String> {
    text.parse()
        .map_err(|e: diablo_bot::OptionError| e.to_string())
}

/// Runs the bot; its lines are printed as it plays, so nothing is left to
/// print at the end.
pub fn run(a: BotArgs) -> Result<String, String> {
    let options = Options {
        server: a.server,
        keys: a.keys,
        name: a.name,
        level: a.level,
        post: a.post,
        take: a.take,
        games: a.games,
        seconds: a.seconds,
    };
    options.check().map_err(|e| e.to_string())?;
    diablo_bot::run_blocking(options).map_err(|e| e.to_string())?;
    Ok(String::new())
}
