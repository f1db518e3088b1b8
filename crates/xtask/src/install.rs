//! Installs what the build and tests need on a bare machine, each only when
//! missing: the wasm32 target, a wasm-bindgen-cli matching the crate's exact
//! version (once per machine, under cargo's home, so every clone shares it),
//! Chromium with its driver, and the npm packages of `tests/e2e/`
//! (Playwright, TypeScript, binaryen's wasm-opt, esbuild, Biome; npm keeps its
//! own cache).

use crate::root;
use anyhow::{Context as _, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs a command, failing with its name when it fails.
pub fn run(cmd: &mut Command) -> anyhow::Result<()> {
    eprintln!("xtask: running {cmd:?}");
    run_quietly(cmd)
}

/// Runs a command without announcing it (for ones whose own output says
/// what they did), failing with its name when it fails.
pub fn run_quietly(cmd: &mut Command) -> anyhow::Result<()> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .with_context(|| format!("cannot start {shown}"))?;
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}

/// Cargo's home (`$CARGO_HOME`, else `~/.cargo`).
fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME").map_or_else(
        || {
            std::env::var_os("HOME").map_or_else(
                || root().join(".tools"),
                |h| PathBuf::from(h).join(".cargo"),
            )
        },
        PathBuf::from,
    )
}

/// The cargo target folder the test and build commands use unless
/// `CARGO_TARGET_DIR` says otherwise: `target/work` in the checkout, apart
/// from the `target` that `cargo xtask` itself is built in (so the two
/// cargo runs never wait on one lock).
///
/// One folder per checkout, not per machine: cargo gives a workspace
/// crate the same artifact names in every clone and judges them fresh by
/// file times, so a folder shared by two clones could hand one clone the
/// other's build (it did: a test binary built in another clone read that
/// clone's files through its `CARGO_MANIFEST_DIR`, and a served site kept
/// another clone's wasm).
pub fn checkout_target() -> PathBuf {
    root().join("target").join("work")
}

/// Where this machine keeps the wasm-bindgen-cli of one version, shared by
/// every clone: `$CARGO_HOME/diablo-tools/wasm-bindgen-<version>`.
fn tools_root() -> PathBuf {
    let version = wasm_bindgen_version().unwrap_or_else(|_| "unknown".into());
    cargo_home()
        .join("diablo-tools")
        .join(format!("wasm-bindgen-{version}"))
}

/// Folder of the machine's wasm-bindgen tools for this checkout's version.
pub fn tools_bin() -> PathBuf {
    tools_root().join("bin")
}

/// PATH with the project-local tools first.
pub fn path_with_tools() -> String {
    let old = std::env::var("PATH").unwrap_or_default();
    format!("{}:{old}", tools_bin().display())
}

pub fn ensure_all() -> anyhow::Result<()> {
    ensure_wasm_target()?;
    ensure_wasm_bindgen()?;
    ensure_chromium()?;
    ensure_nginx()?;
    ensure_npm_packages()
}

pub fn ensure_wasm_target() -> anyhow::Result<()> {
    let out = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .context("cannot run rustup")?;
    if String::from_utf8_lossy(&out.stdout)
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

/// The wasm-bindgen version pinned in Cargo.lock.
fn wasm_bindgen_version() -> anyhow::Result<String> {
    let lock =
        std::fs::read_to_string(root().join("Cargo.lock")).context("cannot read Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\""
            && let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
        {
            return Ok(v.trim_matches('"').to_string());
        }
    }
    bail!("wasm-bindgen is not in Cargo.lock")
}

pub fn ensure_wasm_bindgen() -> anyhow::Result<()> {
    let version = wasm_bindgen_version()?;
    let bin = tools_bin().join("wasm-bindgen");
    let have = Command::new(&bin)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_default();
    if have.split_whitespace().nth(1) == Some(version.as_str())
        && tools_bin().join("wasm-bindgen-test-runner").exists()
    {
        return Ok(());
    }
    eprintln!(
        "xtask: installing wasm-bindgen-cli {version} into {} (takes a few minutes, once per machine)",
        tools_root().display()
    );
    // `--locked` fails on this registry mirror (see TOOLCHAIN.md).
    run(Command::new("cargo").args([
        "install",
        "wasm-bindgen-cli",
        "--version",
        &version,
        "--root",
        &tools_root().display().to_string(),
    ]))
}

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

pub fn ensure_chromium() -> anyhow::Result<()> {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    eprintln!("xtask: installing Debian's chromium and chromium-driver");
    apt_install(&["chromium", "chromium-driver"])
}

/// nginx, for the test of several servers behind a proxy
/// (tests/e2e/deploy.spec.mjs, docs/deploy.md).
pub const NGINX: &str = "/usr/sbin/nginx";

pub fn ensure_nginx() -> anyhow::Result<()> {
    if Path::new(NGINX).exists() {
        return Ok(());
    }
    eprintln!("xtask: installing Debian's nginx-light");
    apt_install(&["nginx-light"])
}

/// Installs Debian packages with apt-get (through sudo unless root).
fn apt_install(packages: &[&str]) -> anyhow::Result<()> {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut c = if is_root {
            Command::new("apt-get")
        } else {
            let mut s = Command::new("sudo");
            s.arg("apt-get");
            s
        };
        c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run(&mut c)
    };
    apt(&["update"])?;
    let mut install = vec!["install", "-y"];
    install.extend_from_slice(packages);
    apt(&install)
}

pub fn e2e_dir() -> PathBuf {
    root().join("tests").join("e2e")
}

pub fn ensure_npm_packages() -> anyhow::Result<()> {
    let dir = e2e_dir();
    if !dir.join("package.json").exists() {
        return Ok(());
    }
    // npm writes node_modules/.package-lock.json when it installs: newer
    // than both manifests, the packages are in place, and a second build
    // running meanwhile (another checkout's tests) keeps its tools.
    let time = |p: PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let installed = time(dir.join("node_modules").join(".package-lock.json"));
    if installed.is_some()
        && installed >= time(dir.join("package-lock.json"))
        && installed >= time(dir.join("package.json"))
    {
        return Ok(());
    }
    // `npm ci` takes a second or two and always matches the lock file.
    let sub = if dir.join("package-lock.json").exists() {
        "ci"
    } else {
        "install"
    };
    run(Command::new("npm")
        .args([sub, "--no-audit", "--no-fund"])
        .current_dir(&dir))
}
