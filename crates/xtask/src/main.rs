//! `cargo xtask`: the automation behind the README's two commands.
//!
//! - `cargo xtask serve [--port P] [--no-build]` builds the page (release
//!   wasm + wasm-bindgen) and serves the repository on 127.0.0.1.
//! - `cargo xtask test` runs every test: native, wasm in headless Chromium,
//!   the type check of the page's JavaScript, and end-to-end with
//!   Playwright. It installs what is missing first.
//! - `cargo xtask build` only builds the page into `web/pkg/`.

mod install;
mod serve;
mod steps;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => steps::build_web(),
        Some("serve") => serve_command(&args[1..]),
        Some("test") => steps::test_all(&args[1..]),
        Some("install") => install::ensure_all(),
        _ => Err(
            "usage: cargo xtask <serve [--port P] [--no-build] | test [--only native|wasm|types|e2e] | build | install>"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("xtask: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn serve_command(args: &[String]) -> Result<(), String> {
    let mut port: u16 = 8000;
    let mut build = true;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--no-build" => build = false,
            "--port" => {
                i += 1;
                port = args
                    .get(i)
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port needs a number")?;
            }
            other => return Err(format!("unknown serve option '{other}'")),
        }
        i += 1;
    }
    if build {
        steps::build_web()?;
    }
    serve::serve(&root(), port)
}

/// The repository root (the workspace that holds this crate).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| manifest.clone(), PathBuf::from)
}
