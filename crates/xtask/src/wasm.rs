//! The wasm modules: built, bound by wasm-bindgen, written next to the
//! page's adapters (`web/lib/engine/pkg/`).

use crate::install::{self, run};
use crate::root;
use anyhow::{Context as _, bail};
use std::path::PathBuf;
use std::process::Command;

/// The target folder of the builds and tests: `CARGO_TARGET_DIR`, else the
/// checkout's own ([`install::checkout_target`]).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(install::checkout_target, PathBuf::from)
}

/// `cargo` in the checkout, building into [`target_dir`].
pub fn cargo() -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root())
        .env("CARGO_TARGET_DIR", target_dir());
    cmd
}

/// The two wasm modules of the page, each with the cargo profile it is
/// built with: the game (small; the page loads it at start) and the
/// computer player (fast; only the search worker loads it).
const MODULES: [(&str, &str); 3] = [
    ("diablo-wasm", "wasm-small"),
    ("diablo-wasm-ai", "release"),
    ("diablo-wasm-corr", "wasm-small"),
];

/// Where wasm-bindgen writes the modules and their bindings: next to the
/// page's adapters that import them (`web/lib/engine/`); the built site
/// serves them as `web/pkg/`.
pub fn pkg_dir() -> PathBuf {
    root().join("web").join("lib").join("engine").join("pkg")
}

/// Both wasm modules built and bound by wasm-bindgen into [`pkg_dir`].
pub fn build_web() -> anyhow::Result<()> {
    install::ensure_wasm_target()?;
    install::ensure_wasm_bindgen()?;
    let out = pkg_dir();
    for (krate, profile) in MODULES {
        build_module(krate, profile, &target_dir(), &[], &out)?;
    }
    build_ai_simd(&out)
}

/// Builds one wasm crate into the target folder `target` (with `env` set
/// for cargo) and binds it with wasm-bindgen into `out`; reports the size
/// of the `_bg.wasm` written.
fn build_module(
    krate: &str,
    profile: &str,
    target: &std::path::Path,
    env: &[(&str, &str)],
    out: &std::path::Path,
) -> anyhow::Result<()> {
    let mut build = cargo();
    build
        .env("CARGO_TARGET_DIR", target)
        .envs(env.iter().copied());
    run(build.args([
        "build",
        "--profile",
        profile,
        "--target",
        "wasm32-unknown-unknown",
        "-p",
        krate,
    ]))?;
    let file = krate.replace('-', "_");
    let wasm = target
        .join("wasm32-unknown-unknown")
        .join(profile)
        .join(format!("{file}.wasm"));
    run(Command::new(install::tools_bin().join("wasm-bindgen"))
        .args(["--target", "web", "--out-dir"])
        .arg(out)
        .arg(&wasm))?;
    let bg = out.join(format!("{file}_bg.wasm"));
    let raw = std::fs::metadata(&bg).map(|m| m.len()).unwrap_or(0);
    eprintln!("xtask: built {} ({raw} bytes)", bg.display());
    Ok(())
}

/// The computer player's module built again with wasm SIMD
/// (`diablo_wasm_ai_simd_bg.wasm` in [`pkg_dir`]), which the search worker loads
/// where the browser validates SIMD (every current one): about a fifth
/// more nodes per second on 8x8 (docs/results/ai.md). Same code, so the same
/// bindings: they are checked to be identical to the plain build's, which
/// lets one `diablo_wasm_ai.js` load either module.
fn build_ai_simd(out: &std::path::Path) -> anyhow::Result<()> {
    // A target folder of its own: other flags, so no rebuild ping-pong
    // with the plain build.
    let target = target_dir().join("simd");
    let bound = target.join("bindgen");
    build_module(
        "diablo-wasm-ai",
        "release",
        &target,
        &[("CARGO_ENCODED_RUSTFLAGS", "-Ctarget-feature=+simd128")],
        &bound,
    )?;
    let read =
        |p: PathBuf| std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()));
    if read(bound.join("diablo_wasm_ai.js"))? != read(out.join("diablo_wasm_ai.js"))? {
        bail!(
            "the SIMD build of diablo-wasm-ai has other bindings than the plain build: the worker cannot load it with diablo_wasm_ai.js"
        );
    }
    let simd = out.join("diablo_wasm_ai_simd_bg.wasm");
    std::fs::copy(bound.join("diablo_wasm_ai_bg.wasm"), &simd)
        .with_context(|| format!("cannot write {}", simd.display()))?;
    Ok(())
}
