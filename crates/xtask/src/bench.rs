//! `cargo xtask bench`: the measurements that are not tests. Functional
//! tests prove what happens and in what order; how fast it happens on
//! this machine, today, is printed here and asserted nowhere.

use crate::install::{self, e2e_dir, run};
use crate::wasm::{cargo, target_dir};
use anyhow::bail;
use clap::ValueEnum;
use std::process::Command;

/// One group of benchmarks.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Group {
    /// The pages in Chromium: boot, clicks, the computer, live play, the lobby.
    Browser,
    /// The relay under load (examples/load).
    Server,
    /// The criterion benchmarks of diablo-core and diablo-ai.
    Engine,
}

/// Runs the chosen groups (all by default), each after the other, and
/// fails only if one could not run.
pub fn bench(only: Option<Group>) -> anyhow::Result<()> {
    let wanted = |group: Group| only.is_none_or(|o| o == group);
    let mut failed = Vec::new();
    if wanted(Group::Browser)
        && let Err(e) = browser()
    {
        eprintln!("xtask: the browser benchmarks did not run: {e:#}");
        failed.push("browser");
    }
    if wanted(Group::Server)
        && let Err(e) = server()
    {
        eprintln!("xtask: the server benchmark did not run: {e:#}");
        failed.push("server");
    }
    if wanted(Group::Engine)
        && let Err(e) = run(cargo().args(["bench", "-p", "diablo-core", "-p", "diablo-ai"]))
    {
        eprintln!("xtask: the engine benchmarks did not run: {e:#}");
        failed.push("engine");
    }
    if !failed.is_empty() {
        bail!("benchmarks that did not run: {}", failed.join(", "));
    }
    Ok(())
}

/// The release server, as a visitor meets it.
fn release_binary(package: &str, name: &str) -> anyhow::Result<std::path::PathBuf> {
    run(cargo().args(["build", "--release", "--package", package, "--bin", name]))?;
    Ok(target_dir().join("release").join(name))
}

/// tests/e2e/bench/*.bench.mjs (tests/e2e/bench.config.mjs) against the
/// built site and the release server, with a PostgreSQL for the lobby's
/// two instances; the numbers land in tests/e2e/artifacts/bench.json.
fn browser() -> anyhow::Result<()> {
    let site = crate::dist::default_out();
    crate::dist::dist(&site, None, true)?;
    let server = release_binary("diablo-server", "diablo-server")?;
    let cli = release_binary("diablo-cli", "diablo")?;
    install::ensure_chromium()?;
    install::ensure_nginx()?;
    install::ensure_npm_packages()?;
    let postgres = install::Postgres::start()?;
    let dir = e2e_dir();
    let results = dir.join("artifacts").join("bench.json");
    let _ = std::fs::remove_file(&results);
    run(Command::new("npx")
        .current_dir(&dir)
        .env(install::TEST_POSTGRES_ENV, postgres.url())
        .env("DIABLO_SERVER_BIN", &server)
        .env("DIABLO_CLI_BIN", &cli)
        .env("DIABLO_DIST", &site)
        .args([
            "playwright",
            "test",
            "-c",
            "bench.config.mjs",
            "--reporter=list",
        ]))?;
    match std::fs::read_to_string(&results) {
        Ok(text) => {
            eprintln!("xtask: the browser's numbers ({}):", results.display());
            println!("{text}");
            Ok(())
        }
        Err(e) => bail!("the benchmarks wrote no {}: {e}", results.display()),
    }
}

/// A short run of examples/load: live 8x8 games through the release
/// server against the bare relay's floor.
fn server() -> anyhow::Result<()> {
    run(cargo().args([
        "build",
        "--release",
        "--package",
        "diablo-server",
        "--bins",
        "--examples",
    ]))?;
    let load = target_dir().join("release").join("examples").join("load");
    run(Command::new(load).args(["--games", "200,1000", "--seconds", "10"]))
}
