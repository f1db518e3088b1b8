//! `diablo`: the command-line tool over the Diablo rules engine.
//!
//! Every command prints its result on stdout; bad input of any kind prints a
//! message on stderr, nothing on stdout, and exits with status 2.

mod analyse;
mod args;
mod corr;
mod matches;

use args::Args;
use diablo_core::{Edition, Position, Record, Roll, Turn, perft};
use std::process::ExitCode;

const USAGE: &str = "\
diablo — Diablo, a game by Mark Steere: rules engine tools

usage:
  diablo legal --edition standard|sequenced --position CODE --roll A,B
  diablo play  --edition E --position CODE --roll A,B --turn \"TURN\"
  diablo perft --edition E (--size N | --position CODE) --depth D
  diablo check --record FILE
  diablo match --a LEVEL --b LEVEL --games N --size S --edition E --seed X
  diablo corr new|accept|roll|play|resign|verify ...   (diablo corr help)
  diablo analyse --record FILE [--level hard|analysis]

Options take `--name value` or `--name=value`. --edition defaults to standard.";

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    match run(&raw) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("diablo: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command and returns what it prints.
fn run(raw: &[String]) -> Result<String, String> {
    let Some((command, rest)) = raw.split_first() else {
        return Err(format!("no command given\n\n{USAGE}"));
    };
    match command.as_str() {
        "legal" => {
            let a = Args::parse(rest, &["edition", "position", "roll"])?;
            let (edition, pos, roll) = common(&a)?;
            let turns = pos.legal_turns(edition, roll).map_err(|e| e.to_string())?;
            let list: Vec<String> = turns.iter().map(Turn::to_string).collect();
            Ok(serde_json::json!({ "turns": list }).to_string())
        }
        "play" => {
            let a = Args::parse(rest, &["edition", "position", "roll", "turn"])?;
            let (edition, pos, roll) = common(&a)?;
            let turn: Turn = a.parse_required("turn")?;
            let next = pos.play(edition, roll, &turn).map_err(|e| e.to_string())?;
            Ok(next.to_string())
        }
        "perft" => {
            let a = Args::parse(rest, &["edition", "size", "position", "depth"])?;
            let edition: Edition = a.parse_or("edition", Edition::Standard)?;
            let depth: u32 = a.parse_required("depth")?;
            let pos = match (a.get("size"), a.get("position")) {
                (Some(_), Some(_)) => return Err("give --size or --position, not both".into()),
                (Some(_), None) => {
                    let n: u32 = a.parse_required("size")?;
                    Position::start(n).map_err(|e| format!("--size: {e}"))?
                }
                (None, Some(_)) => a.parse_required("position")?,
                (None, None) => return Err("missing option --size or --position".into()),
            };
            Ok(perft(&pos, edition, depth).to_string())
        }
        "check" => {
            let a = Args::parse(rest, &["record"])?;
            let path = a.require("record")?;
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read record file {path}: {e}"))?;
            let record: Record = text.parse().map_err(|e| format!("{path}: {e}"))?;
            let last = record.last();
            let status = match last.outcome() {
                diablo_core::Outcome::InProgress => "in progress".to_string(),
                diablo_core::Outcome::Won(c) => format!("{} won", c.name()),
            };
            Ok(format!(
                "{} turns, {}, {status}\n{last}",
                record.turns().len(),
                record.edition()
            ))
        }
        "match" => matches::run(rest),
        "corr" => corr::run(rest),
        "analyse" => analyse::run(rest),
        "help" | "--help" | "-h" => Ok(USAGE.to_string()),
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    }
}

/// The options shared by `legal` and `play`.
fn common(a: &Args) -> Result<(Edition, Position, Roll), String> {
    let edition = a.parse_or("edition", Edition::Standard)?;
    let pos: Position = a.parse_required("position")?;
    let roll: Roll = a.parse_required("roll")?;
    roll.check_size(pos.size())
        .map_err(|e| format!("--roll: {e}"))?;
    Ok((edition, pos, roll))
}
