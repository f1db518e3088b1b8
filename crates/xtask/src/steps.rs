//! The build and test pipelines.

use crate::install::{self, CHROMEDRIVER, e2e_dir, path_with_tools, run};
use crate::root;
use std::path::PathBuf;
use std::process::Command;

/// The target folder of the builds and tests: `CARGO_TARGET_DIR`, else the
/// checkout's own ([`install::checkout_target`]).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(install::checkout_target, PathBuf::from)
}

/// `cargo` in the checkout, building into [`target_dir`].
fn cargo() -> Command {
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
pub fn build_web() -> Result<(), String> {
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
) -> Result<(), String> {
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
/// more nodes per second on 8x8 (docs/ai.md). Same code, so the same
/// bindings: they are checked to be identical to the plain build's, which
/// lets one `diablo_wasm_ai.js` load either module.
fn build_ai_simd(out: &std::path::Path) -> Result<(), String> {
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
        |p: PathBuf| std::fs::read(&p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    if read(bound.join("diablo_wasm_ai.js"))? != read(out.join("diablo_wasm_ai.js"))? {
        return Err(
            "the SIMD build of diablo-wasm-ai has other bindings than the plain build: the worker cannot load it with diablo_wasm_ai.js"
                .into(),
        );
    }
    let simd = out.join("diablo_wasm_ai_simd_bg.wasm");
    std::fs::copy(bound.join("diablo_wasm_ai_bg.wasm"), &simd)
        .map_err(|e| format!("cannot write {}: {e}", simd.display()))?;
    Ok(())
}

/// One named step of the test pipeline.
struct Step {
    name: &'static str,
    result: Result<(), String>,
    seconds: f64,
}

/// Runs one step, timing it.
fn step(name: &'static str, f: impl FnOnce() -> Result<(), String>) -> Step {
    let start = std::time::Instant::now();
    let result = f();
    Step {
        name,
        result,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Runs every test suite; fails if any fails, after running them all.
pub fn test_all(args: &[String]) -> Result<(), String> {
    let only = match args {
        [] => None,
        [flag, which] if flag == "--only" => Some(which.as_str()),
        _ => return Err("usage: cargo xtask test [--only native|wasm|types|e2e]".into()),
    };
    let wanted = |name: &str| only.is_none_or(|o| o == name);
    let mut steps = Vec::new();
    if wanted("native") {
        steps.push(step("native (cargo test --workspace)", || {
            run(cargo().args(["test", "--workspace"]))
        }));
    }
    if wanted("wasm") {
        steps.push(step(
            "wasm in headless Chromium (wasm-bindgen-test)",
            wasm_tests,
        ));
    }
    if wanted("types") {
        steps.push(step(
            "type check of the page's JavaScript (tsc --noEmit -p jsconfig.json)",
            type_check,
        ));
    }
    if wanted("e2e") {
        steps.push(step("end-to-end in Chromium (Playwright)", e2e_tests));
    }
    eprintln!();
    let mut failed = 0;
    for s in &steps {
        match &s.result {
            Ok(()) => eprintln!("xtask: PASS  {} ({:.0} s)", s.name, s.seconds),
            Err(e) => {
                failed += 1;
                eprintln!("xtask: FAIL  {} ({:.0} s): {e}", s.name, s.seconds);
            }
        }
    }
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} test step(s) failed"))
    }
}

fn wasm_tests() -> Result<(), String> {
    install::ensure_wasm_target()?;
    install::ensure_wasm_bindgen()?;
    install::ensure_chromium()?;
    run(cargo()
        .env("PATH", path_with_tools())
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .args([
            "test",
            "-p",
            "diablo-wasm",
            "-p",
            "diablo-wasm-ai",
            "--target",
            "wasm32-unknown-unknown",
        ]))
}

/// The TypeScript compiler over the page's JSDoc-typed modules, against
/// the `.d.ts` files wasm-bindgen writes into [`pkg_dir`].
fn type_check() -> Result<(), String> {
    build_web()?;
    install::ensure_npm_packages()?;
    let tsc = e2e_dir().join("node_modules").join(".bin").join("tsc");
    let outcome =
        run(Command::new(&tsc)
            .current_dir(root())
            .args(["--noEmit", "-p", "jsconfig.json"]));
    // A cargo-style summary line, which CI logs recognise.
    let verdict = if outcome.is_ok() { "ok" } else { "FAILED" };
    println!("test result: {verdict}. type check of web/**/*.js (tsc)");
    outcome
}

fn e2e_tests() -> Result<(), String> {
    let dir = e2e_dir();
    if !dir.join("playwright.config.mjs").exists() {
        return Err("tests/e2e/playwright.config.mjs is missing".into());
    }
    // The tests run against the built site, as a visitor gets it, served
    // by the server (built here, so the tests' web server starts at once).
    crate::dist::dist(&[])?;
    run(cargo().args(["build", "--release", "--package", "diablo-server"]))?;
    install::ensure_chromium()?;
    install::ensure_nginx()?;
    install::ensure_npm_packages()?;
    let results = dir.join("artifacts").join("results.json");
    let outcome = run(Command::new("npx")
        .current_dir(&dir)
        .env("PLAYWRIGHT_JSON_OUTPUT_NAME", &results)
        .args(["playwright", "test", "--reporter=list,json"]));
    // A cargo-style summary line, which CI logs recognise.
    let stats = std::fs::read_to_string(&results).unwrap_or_default();
    let count = |key: &str| -> u64 {
        stats
            .split(&format!("\"{key}\":"))
            .nth(1)
            .and_then(|rest| {
                rest.trim_start()
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|n| n.parse().ok())
            })
            .unwrap_or(0)
    };
    let (passed, failed, flaky, skipped) = (
        count("expected"),
        count("unexpected"),
        count("flaky"),
        count("skipped"),
    );
    let verdict = if outcome.is_ok() && failed == 0 && passed > 0 {
        "ok"
    } else {
        "FAILED"
    };
    println!(
        "test result: {verdict}. {passed} passed; {failed} failed; {skipped} ignored; {flaky} flaky (playwright e2e)"
    );
    outcome?;
    if passed == 0 {
        return Err("Playwright ran no tests".into());
    }
    if skipped > 0 {
        return Err(format!("{skipped} end-to-end test(s) were skipped"));
    }
    Ok(())
}
