//! `cargo xtask`: the automation behind the README's two commands.
//!
//! - `cargo xtask serve [--port P] [--no-build] [--prefix /PATH/]` builds
//!   the site (`dist`) and runs `diablo-server` on it: the site, and only
//!   it, on 127.0.0.1 (under a sub-path with `--prefix`), with
//!   `Access-Control-Allow-Origin: *`, and the live relay at `live/`.
//! - `cargo xtask test` runs every test: native, wasm in headless Chromium,
//!   the type check of the page's JavaScript, and end-to-end with
//!   Playwright. It installs what is missing first.
//! - `cargo xtask build` only builds the wasm modules into `web/lib/engine/pkg/`.
//! - `cargo xtask dist [--out DIR]` builds the static site (default `dist/`).

mod dist;
mod install;
mod serve;
mod steps;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => steps::build_web(),
        Some("dist") => dist::dist(&args[1..]).map(|_| ()),
        Some("serve") => serve_command(&args[1..]),
        Some("test") => steps::test_all(&args[1..]),
        Some("install") => install::ensure_all(),
        _ => Err(
            "usage: cargo xtask <serve [--port P] [--no-build] [--prefix /PATH/] | test [--only native|wasm|types|e2e] | dist [--out DIR] [--live URL] | build | install>"
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
    let mut prefix = String::from("/");
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--no-build" => build = false,
            "--prefix" => {
                i += 1;
                let p = args
                    .get(i)
                    .ok_or("--prefix needs a path like /games/diablo/")?;
                prefix = format!("/{}/", p.trim_matches('/')).replace("//", "/");
            }
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
    let site = if build {
        dist::dist(&[])?
    } else {
        dist::default_out()
    };
    if !site.join("index.html").exists() {
        return Err(format!(
            "{} holds no site: run `cargo xtask dist` (or serve without --no-build)",
            site.display()
        ));
    }
    serve::serve(&site, port, &prefix)
}

/// The repository root (the workspace that holds this crate).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| manifest.clone(), PathBuf::from)
}
