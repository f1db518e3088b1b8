//! `cargo xtask serve`: runs `diablo-server` (crates/diablo-server) on the
//! built site, so one command gives the pages and live play on one
//! machine.

use anyhow::Context as _;
use std::path::Path;
use std::process::Command;

/// Builds (release) and runs the server on `site`, keeping games in
/// `database` (a `sqlite://` or `postgres://` URL), with bots of the
/// levels `bots` (`--bots`, their keys in `bot_dir`). On Unix this process
/// becomes `cargo run`, which becomes the server, so whoever started
/// `cargo xtask serve` can stop the server by its process id.
pub fn serve(
    site: &Path,
    port: u16,
    prefix: &str,
    database: &str,
    bots: &str,
    bot_dir: &Path,
) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(crate::root())
        // Where the other builds go (target/work/release/diablo-server).
        .env("CARGO_TARGET_DIR", crate::wasm::target_dir())
        .args([
            "run",
            "--quiet",
            "--release",
            "--package",
            "diablo-server",
            "--",
            "--port",
            &port.to_string(),
            "--prefix",
            prefix,
            "--database",
            database,
            "--bots",
            bots,
            "--bot-dir",
        ])
        .arg(bot_dir)
        .arg("--root")
        .arg(site);
    run(command)
}

#[cfg(unix)]
fn run(mut command: Command) -> anyhow::Result<()> {
    use std::os::unix::process::CommandExt as _;
    // Returns only if the program could not be started.
    let e = command.exec();
    Err(e).context("cannot start the server")
}

#[cfg(not(unix))]
fn run(mut command: Command) -> anyhow::Result<()> {
    let status = command.status().context("cannot start the server")?;
    if !status.success() {
        anyhow::bail!("the server stopped: {status}");
    }
    Ok(())
}
