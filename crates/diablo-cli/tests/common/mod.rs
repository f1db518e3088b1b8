//! Helpers shared by the CLI's end-to-end tests.

use std::process::{Command, Output};

/// Runs the `diablo` binary.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_diablo"))
        .args(args)
        .output()
        .expect("the diablo binary runs")
}

/// Runs a command that must succeed, writing nothing on stderr; returns its stdout.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}
