//! `cargo xtask serve`: runs `diablo-server` (crates/diablo-server) on the
//! built site, so one command gives the pages and live play on one
//! machine.

use std::path::Path;
use std::process::Command;

/// Builds (release) and runs the server on `site`; returns when it stops.
pub fn serve(site: &Path, port: u16, prefix: &str) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(crate::root())
        // Where the other builds go (target/work/release/diablo-server).
        .env("CARGO_TARGET_DIR", crate::steps::target_dir())
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
            "--root",
        ])
        .arg(site)
        .status()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the server stopped: {status}"))
    }
}
