//! The tuning tools as subcommands of the `diablo-lab` binary: their help,
//! their usage errors and tiny real runs (4x4 boards, two games).

use std::process::{Command, Output};

const TOOLS: [&str; 7] = [
    "duel",
    "reliability",
    "reliability-fit",
    "review-time",
    "spsa",
    "texel",
    "think",
];

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diablo-lab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let out = lab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("text")
}

/// A printed weight list, "[a, b, ...]".
fn weight_list(line: &str) -> Vec<f32> {
    line.trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .unwrap_or_else(|| panic!("not a list: {line}"))
        .split(", ")
        .map(|x| x.parse().expect("a weight"))
        .collect()
}

#[test]
fn every_tool_is_listed_and_its_help_shows_an_example() {
    let top = stdout_of(&["--help"]);
    for tool in TOOLS {
        assert!(top.contains(&format!("  {tool} ")), "{tool} listed");
        let help = stdout_of(&[tool, "--help"]);
        assert!(help.contains("Example"), "{tool}: {help}");
        assert!(
            help.contains(&format!("cargo run --release -p diablo-lab -- {tool}")),
            "{tool}: {help}"
        );
    }
}

#[test]
fn bad_arguments_are_usage_errors() {
    for (args, flag) in [
        (&["duel", "--size", "x"][..], "--size"),
        (&["duel", "--size", "7"], "--size"),
        (&["duel", "--games", "0"], "--games"),
        (&["duel", "--a", "expert"], "--a"),
        (&["duel", "--weights-a", "[1, x]"], "--weights-a"),
        (&["duel", "--shape-b", "mcts:0.3:300"], "--shape-b"),
        (&["texel", "--epsilon", "2"], "--epsilon"),
        (&["texel", "--target", "nothing"], "--target"),
        (
            &[
                "spsa",
                "--weights",
                "[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
            ],
            "--weights",
        ),
        (&["think", "--sizes", "8,28"], "--sizes"),
        (&["reliability", "--edition", "deluxe"], "--edition"),
        (&["review-time", "--seed", "x"], "--seed"),
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("error") && err.contains(flag),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn duel_prints_its_result_line() {
    let out = stdout_of(&[
        "duel", "--size", "4", "--games", "2", "--a", "easy", "--b", "beginner", "--seed", "3",
    ]);
    let line = out.trim();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(line.starts_with("A ") && line.contains("/2 = "), "{line}");
    assert!(
        line.contains("nodes/move A ") && line.contains("ms/move A "),
        "{line}"
    );
}

#[test]
fn texel_and_spsa_print_a_weight_per_feature() {
    let texel = stdout_of(&["texel", "--size", "4", "--games", "2", "--seed", "1"]);
    assert_eq!(weight_list(&texel).len(), 18, "{texel}");
    let spsa = stdout_of(&[
        "spsa",
        "--size",
        "4",
        "--iterations",
        "1",
        "--games",
        "2",
        "--budget",
        "200",
    ]);
    assert_eq!(weight_list(&spsa).len(), 18, "{spsa}");
}

#[test]
fn think_times_decisions_or_prints_their_positions() {
    let out = stdout_of(&["think", "--level", "easy", "--sizes", "4"]);
    assert!(out.starts_with("4x4 standard easy: "), "{out}");
    assert!(out.contains(" decisions, nodes/decision "), "{out}");
    let codes = stdout_of(&["think", "--codes", "--spread", "--sizes", "4"]);
    assert!(!codes.is_empty());
    for line in codes.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!((f.len(), f[0]), (4, "4"), "{line}");
    }
}

#[test]
fn reliability_rows_feed_the_fit() {
    let rows = stdout_of(&[
        "reliability",
        "--size",
        "4",
        "--games",
        "2",
        "--level",
        "easy",
    ]);
    assert!(rows.lines().all(|l| l.split('\t').count() == 6), "{rows}");
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune-rows.tsv");
    std::fs::write(&file, &rows).expect("written");
    let fit = stdout_of(&["reliability-fit", file.to_str().expect("a path")]);
    assert!(fit.starts_with("4x4 standard: "), "{fit}");
    assert!(fit.contains("| predicted | positions |"), "{fit}");
}

#[test]
fn review_time_times_the_review_and_writes_the_record() {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tune-review.txt");
    let path = file.to_str().expect("a path");
    let out = stdout_of(&["review-time", "--size", "4", "--record-out", path]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("4x4: ") && lines[0].contains("review at hard"));
    assert!(
        lines[1].starts_with("of which every roll's chance"),
        "{out}"
    );
    assert!(lines[2].starts_with("ranking: "), "{out}");
    let record = std::fs::read_to_string(&file).expect("the record");
    assert!(record.contains("size 4"), "{record}");
}
