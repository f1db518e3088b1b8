//! The `diablo` command line as clap reads it: `--help` for every command
//! and `corr` subcommand (on stdout, status 0, naming the options, their
//! defaults and an example), `--version`, and every class of bad usage:
//! status 2, nothing on stdout, and on stderr the one-line summary
//! `diablo` has always printed followed by clap's own message.

mod common;

use common::{ok, run};

/// 4x4, Black a1, Green a4, Black to play turn 3.
const LINE: &str = "g.../..../..../b... b 3";

/// Each command, the options its help must name, and the defaults it
/// must show.
const COMMANDS: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["legal"],
        &["--edition", "--position", "--roll"],
        &["standard"],
    ),
    (
        &["play"],
        &["--edition", "--position", "--roll", "--turn"],
        &["standard"],
    ),
    (
        &["perft"],
        &["--edition", "--size", "--position", "--depth"],
        &["standard"],
    ),
    (&["check"], &["--record"], &[]),
    (
        &["match"],
        &["--a", "--b", "--games", "--size", "--edition", "--seed"],
        &["100", "8", "standard", "1"],
    ),
    (&["analyse"], &["--record", "--level"], &["hard"]),
    (
        &["corr", "new"],
        &["--size", "--edition", "--color", "--keys", "--name"],
        &["standard"],
    ),
    (&["corr", "accept"], &["--link", "--keys", "--name"], &[]),
    (&["corr", "roll"], &["--link", "--keys"], &[]),
    (&["corr", "play"], &["--link", "--keys", "--turn"], &[]),
    (&["corr", "resign"], &["--link", "--keys"], &[]),
    (&["corr", "verify"], &["--link"], &[]),
];

fn with(path: &[&str], tail: &[&str]) -> Vec<String> {
    path.iter().chain(tail).map(|s| s.to_string()).collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn every_command_has_help_with_its_options_defaults_and_an_example() {
    for (path, options, defaults) in COMMANDS {
        let args = with(path, &["--help"]);
        let help = ok(&strs(&args));
        for option in *options {
            // Every option takes a value, shown after its name.
            assert!(help.contains(&format!("{option} <")), "{args:?}: {help}");
        }
        for default in *defaults {
            assert!(
                help.contains(&format!("[default: {default}]")),
                "{args:?} should show the default {default}: {help}"
            );
        }
        let example = help
            .split_once("Example")
            .map(|(_, rest)| rest)
            .unwrap_or_default();
        assert!(
            example.contains(&format!("diablo {}", path.join(" "))),
            "{args:?} should end with an example: {help}"
        );
        // The short flag and the help command print help too.
        assert!(ok(&strs(&with(path, &["-h"]))).contains("Usage: diablo"));
        let mut by_command = vec!["help".to_string()];
        by_command.extend(with(path, &[]));
        assert_eq!(ok(&strs(&by_command)), help, "{by_command:?}");
    }
}

#[test]
fn the_command_lists_name_every_command() {
    let help = ok(&["--help"]);
    for command in [
        "legal", "play", "perft", "check", "match", "corr", "analyse",
    ] {
        assert!(help.contains(&format!("  {command} ")), "{command}: {help}");
        assert!(
            help.contains(&format!("diablo {command} ")),
            "{command}: {help}"
        );
    }
    assert_eq!(ok(&["-h"]), ok(&["help"]));
    let corr = ok(&["corr", "--help"]);
    for command in ["new", "accept", "roll", "play", "resign", "verify"] {
        assert!(corr.contains(&format!("  {command} ")), "{command}: {corr}");
    }
    assert!(corr.contains("Example"), "{corr}");
    assert_eq!(ok(&["corr", "help"]), corr);
}

#[test]
fn version_goes_to_stdout() {
    let want = format!("diablo {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&["--version"]), want);
    assert_eq!(ok(&["-V"]), want);
}

/// Runs a command that must be refused as bad usage: status 2, nothing on
/// stdout, `first` as the first line of stderr; returns stderr.
fn refused(args: &[&str], first: &str) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8 errors");
    assert_eq!(stderr.lines().next(), Some(first), "{args:?}: {stderr}");
    stderr
}

/// A refusal with clap's message under the summary: `words`, and the
/// pointer to `--help`.
fn refused_by_clap(args: &[&str], first: &str, words: &[&str]) {
    let stderr = refused(args, first);
    for w in words {
        assert!(stderr.contains(w), "{args:?}: '{stderr}' should say '{w}'");
    }
    assert!(
        stderr
            .trim_end()
            .ends_with("For more information, try '--help'."),
        "{args:?}: {stderr}"
    );
}

#[test]
fn unknown_options_and_commands() {
    refused_by_clap(
        &["legal", "--position", LINE, "--roll", "1,2", "--colour=b"],
        "diablo: unknown option --colour (this command takes: --edition, --position, --roll)",
        &[
            "error: unexpected argument '--colour' found",
            "Usage: diablo legal",
        ],
    );
    refused_by_clap(
        &["corr", "verify", "--link", "c", "--keys", "k.json"],
        "diablo: unknown option --keys (this command takes: --link)",
        &["unexpected argument '--keys'"],
    );
    refused_by_clap(
        &["legal", "position", LINE],
        "diablo: unexpected argument 'position' (options look like --name value)",
        &["unexpected argument 'position' found"],
    );
    refused_by_clap(
        &["dance"],
        "diablo: unknown command 'dance'",
        &["unrecognized subcommand 'dance'"],
    );
    refused_by_clap(
        &["corr", "dance"],
        "diablo: unknown corr command 'dance'",
        &["unrecognized subcommand 'dance'"],
    );
    refused_by_clap(&["--colour"], "diablo: unknown command '--colour'", &[]);
}

#[test]
fn no_command_prints_the_usage_on_stderr() {
    let stderr = refused(&[], "diablo: no command given; see the usage below");
    assert!(stderr.contains("Usage: diablo <COMMAND>"), "{stderr}");
    assert!(stderr.contains("analyse"), "{stderr}");
    let stderr = refused(
        &["corr"],
        "diablo: corr needs a command; see the usage below",
    );
    assert!(stderr.contains("Usage: diablo corr <COMMAND>"), "{stderr}");
    assert!(stderr.contains("verify"), "{stderr}");
}

#[test]
fn missing_values() {
    refused_by_clap(
        &["legal", "--position", LINE, "--roll"],
        "diablo: option --roll needs a value",
        &["a value is required for '--roll <A,B>' but none was supplied"],
    );
    refused_by_clap(
        &["play", "--position", LINE, "--roll", "1,2", "--turn"],
        "diablo: option --turn needs a value",
        &["a value is required for '--turn <TURN>'"],
    );
    refused_by_clap(
        &["corr", "new", "--size", "4", "--color", "black", "--keys"],
        "diablo: option --keys needs a value",
        &["a value is required for '--keys <FILE>'"],
    );
}

#[test]
fn missing_options() {
    refused_by_clap(
        &["check"],
        "diablo: missing option --record",
        &[
            "the following required arguments were not provided",
            "--record <FILE>",
        ],
    );
    refused_by_clap(
        &["corr", "roll", "--link", "c"],
        "diablo: missing option --keys",
        &["--keys <FILE>"],
    );
    refused_by_clap(
        &["match", "--b", "easy"],
        "diablo: missing option --a",
        &["--a <LEVEL>"],
    );
    refused_by_clap(
        &["perft", "--depth", "1"],
        "diablo: missing option --size or --position",
        &["<--size <N>|--position <CODE>>"],
    );
}

#[test]
fn bad_values() {
    refused_by_clap(
        &["perft", "--size", "4", "--depth", "x"],
        "diablo: --depth: invalid digit found in string",
        &["invalid value 'x' for '--depth <D>'"],
    );
    refused_by_clap(
        &[
            "corr", "new", "--size", "4", "--color", "blue", "--keys", "k.json",
        ],
        "diablo: --color: 'blue' is not black, green or random",
        &["[possible values: black, green, random]"],
    );
    refused_by_clap(
        &["match", "--a", "easy", "--b", "easy", "--games", "0"],
        "diablo: --games: 0 is out of range (1 to 1000000)",
        &["invalid value '0' for '--games <N>'"],
    );
    refused_by_clap(
        &["analyse", "--record", "game.txt", "--level", "easy"],
        "diablo: --level: 'easy' is not hard or analysis",
        &["invalid value 'easy'"],
    );
    // Every option takes a value that starts with a dash as its value.
    let stderr = refused(
        &["legal", "--position", "-c3", "--roll", "1,2"],
        "diablo: --position: position code has 1 field(s); expected 3 separated by single spaces: <board> <side> <turn>",
    );
    assert!(stderr.contains("invalid value '-c3'"), "{stderr}");
}

#[test]
fn options_given_twice_or_together() {
    refused_by_clap(
        &["corr", "verify", "--link", "c1", "--link=c2"],
        "diablo: option --link is given twice",
        &["the argument '--link <L>' cannot be used multiple times"],
    );
    for args in [
        ["perft", "--size", "4", "--position", LINE, "--depth", "1"],
        ["perft", "--position", LINE, "--size", "4", "--depth", "1"],
    ] {
        refused_by_clap(
            &args,
            "diablo: give --size or --position, not both",
            &["cannot be used with"],
        );
    }
}

#[test]
fn errors_after_reading_keep_their_one_line() {
    // The options read well; the roll does not fit the board.
    let stderr = refused(
        &["legal", "--position", LINE, "--roll", "3,1"],
        "diablo: --roll: die value 3 does not fit a 4x4 board (dice show 1 to 2)",
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
