//! How a usage error is reported: clap finds it, and it is printed as one
//! line in the words `diablo` has always used (`diablo: unknown option
//! --colour ...`, `diablo: missing option --roll`, which scripts and tests
//! match), then clap's own message with the usage and the pointer to
//! `--help`. Status 2, nothing on stdout. `--help` and `--version` are not
//! errors: they print on stdout and succeed.

use crate::Cli;
use clap::CommandFactory as _;
use clap::error::{ContextKind, ContextValue, Error, ErrorKind};
use std::ffi::OsString;
use std::process::ExitCode;

/// Prints what clap stopped at and returns the exit status.
pub fn report(err: &Error, args: &[OsString]) -> ExitCode {
    if !err.use_stderr() {
        // --help, --version, `help`: the requested text, on stdout.
        let _ = err.print();
        return ExitCode::SUCCESS;
    }
    eprintln!("diablo: {}", summary(err, args));
    let _ = err.print();
    ExitCode::from(2)
}

/// The error's first line, after `diablo: `.
pub fn summary(err: &Error, args: &[OsString]) -> String {
    let (path, cmd) = command_of(args);
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => s.as_str(),
        Some(ContextValue::Strings(v)) => v.first().map_or("", String::as_str),
        _ => "",
    };
    // clap names an option with its value, as in "--roll <A,B>".
    let option = |kind| longs(text(kind)).into_iter().next().unwrap_or_default();
    match err.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            if path.is_empty() {
                "no command given; see the usage below".to_string()
            } else {
                format!("{} needs a command; see the usage below", path.join(" "))
            }
        }
        ErrorKind::InvalidSubcommand => {
            unknown_command(&path, text(ContextKind::InvalidSubcommand))
        }
        ErrorKind::UnknownArgument => {
            let arg = text(ContextKind::InvalidArg);
            if cmd.has_subcommands() {
                unknown_command(&path, arg)
            } else if arg.starts_with("--") {
                let takes: Vec<String> = cmd
                    .get_arguments()
                    .filter_map(clap::Arg::get_long)
                    .filter(|l| !matches!(*l, "help" | "version"))
                    .map(|l| format!("--{l}"))
                    .collect();
                format!(
                    "unknown option {arg} (this command takes: {})",
                    takes.join(", ")
                )
            } else {
                format!("unexpected argument '{arg}' (options look like --name value)")
            }
        }
        // A group of which one is needed reads "--size or --position".
        ErrorKind::MissingRequiredArgument => format!(
            "missing option {}",
            longs(text(ContextKind::InvalidArg)).join(" or ")
        ),
        ErrorKind::InvalidValue => {
            let (name, value) = (
                option(ContextKind::InvalidArg),
                text(ContextKind::InvalidValue),
            );
            if value.is_empty() {
                format!("option {name} needs a value")
            } else {
                let valid = match err.get(ContextKind::ValidValue) {
                    Some(ContextValue::Strings(v)) => v.clone(),
                    _ => Vec::new(),
                };
                format!("{name}: '{value}' is not {}", one_of(&valid))
            }
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(err).map_or_else(String::new, ToString::to_string);
            format!("{}: {why}", option(ContextKind::InvalidArg))
        }
        ErrorKind::ArgumentConflict => {
            let mut pair = [
                option(ContextKind::InvalidArg),
                option(ContextKind::PriorArg),
            ];
            if pair[0] == pair[1] {
                return format!("option {} is given twice", pair[0]);
            }
            // In the order the command declares them, whatever the order given.
            let rank = |name: &String| {
                cmd.get_arguments()
                    .position(|a| a.get_long() == name.strip_prefix("--"))
            };
            pair.sort_by_key(rank);
            format!("give {} or {}, not both", pair[0], pair[1])
        }
        other => other.to_string(),
    }
}

/// The names of the commands the arguments lead to (none for `diablo`
/// itself, `["corr"]` for `diablo corr`, ...) and the innermost command.
fn command_of(args: &[OsString]) -> (Vec<String>, clap::Command) {
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    for arg in args.iter().skip(1) {
        let Some(sub) = arg.to_str().and_then(|a| cmd.find_subcommand(a)).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    // The leaf command's words are not needed, only its options.
    if !cmd.has_subcommands() {
        path.pop();
    }
    (path, cmd)
}

fn unknown_command(path: &[String], word: &str) -> String {
    if path.is_empty() {
        format!("unknown command '{word}'")
    } else {
        format!("unknown {} command '{word}'", path.join(" "))
    }
}

/// The `--long` names in clap's rendering of options or groups, such as
/// `--roll <A,B>` or `<--size <N>|--position <CODE>>`.
fn longs(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '|' | '[' | ']'))
        .filter(|w| w.starts_with("--"))
        .map(str::to_string)
        .collect()
}

/// "a, b or c".
fn one_of(values: &[String]) -> String {
    match values.split_last() {
        None => "valid".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longs_are_read_from_options_and_groups() {
        assert_eq!(longs("--roll <A,B>"), ["--roll"]);
        assert_eq!(
            longs("<--size <N>|--position <CODE>>"),
            ["--size", "--position"]
        );
        assert_eq!(longs("--edition <E>"), ["--edition"]);
    }

    #[test]
    fn choices_read_as_a_sentence() {
        let v = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            one_of(&v(&["black", "green", "random"])),
            "black, green or random"
        );
        assert_eq!(one_of(&v(&["hard", "analysis"])), "hard or analysis");
        assert_eq!(one_of(&v(&["hard"])), "hard");
    }
}
