//! The test pipeline: every suite, then one verdict.

use crate::Suite;
use crate::install::{self, CHROMEDRIVER, e2e_dir, path_with_tools, run};
use crate::root;
use crate::wasm::{self, build_web, cargo};
use anyhow::{Context as _, bail};
use std::io::IsTerminal as _;
use std::process::Command;

/// One named step of the test pipeline.
struct Step {
    name: &'static str,
    result: anyhow::Result<()>,
    seconds: f64,
}

/// Runs one step, timing it.
fn step(name: &'static str, f: impl FnOnce() -> anyhow::Result<()>) -> Step {
    let start = std::time::Instant::now();
    let result = f();
    Step {
        name,
        result,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Runs every test suite; fails if any fails, after running them all.
pub fn test_all(only: Option<Suite>) -> anyhow::Result<()> {
    let wanted = |suite: Suite| only.is_none_or(|o| o == suite);
    let mut steps = Vec::new();
    // The server's PostgreSQL tests (crates/diablo-server/tests/
    // store_postgres.rs) and the end-to-end test of two servers on one
    // database (deploy.spec.mjs) share one throwaway cluster, stopped when
    // this function returns, however it returns.
    let mut postgres = None;
    if wanted(Suite::Native) || wanted(Suite::E2e) {
        steps.push(step("a throwaway PostgreSQL for the tests", || {
            let cluster = install::Postgres::start()?;
            eprintln!("xtask: PostgreSQL for the tests at {}", cluster.url());
            postgres = Some(cluster);
            Ok(())
        }));
    }
    let postgres_url = postgres.as_ref().map(install::Postgres::url);
    if wanted(Suite::Native) {
        steps.push(step("native (cargo nextest run --workspace)", || {
            native_tests(postgres_url)
        }));
    }
    if wanted(Suite::Wasm) {
        steps.push(step(
            "wasm in headless Chromium (wasm-bindgen-test)",
            wasm_tests,
        ));
    }
    if wanted(Suite::Types) {
        steps.push(step(
            "type check of the page's JavaScript (tsc --noEmit -p jsconfig.json)",
            type_check,
        ));
    }
    if wanted(Suite::Lint) {
        steps.push(step(
            "lint and format of web/ and tests/ (biome ci)",
            biome_ci,
        ));
        steps.push(step("imports between web/'s page folders", || {
            crate::imports::check(&root().join("web"))
        }));
        steps.push(step(
            "unit tests of web/'s DOM-free modules (node --test tests/unit)",
            unit_tests,
        ));
    }
    if wanted(Suite::E2e) {
        steps.push(step("end-to-end in Chromium (Playwright)", || {
            e2e_tests(postgres_url)
        }));
    }
    eprintln!();
    let mut failed = 0;
    for s in &steps {
        match &s.result {
            Ok(()) => eprintln!("xtask: PASS  {} ({:.0} s)", s.name, s.seconds),
            Err(e) => {
                failed += 1;
                eprintln!("xtask: FAIL  {} ({:.0} s): {e:#}", s.name, s.seconds);
            }
        }
    }
    if failed > 0 {
        bail!("{failed} test step(s) failed");
    }
    Ok(())
}

/// What the native suite builds and runs: the workspace's libraries',
/// binaries' and integration tests.
const TARGETS: [&str; 4] = ["--workspace", "--lib", "--bins", "--tests"];

/// The workspace's tests: its libraries', binaries' and integration
/// tests (not its examples, which clippy checks, nor its benchmarks),
/// their binaries run in parallel by cargo-nextest where the machine has
/// it, else by `cargo test`; then the documentation's examples. It also
/// builds the server and the CLI the end-to-end tests use
/// ([`built_binary`]), in the same profile, so nothing builds twice.
fn native_tests(postgres: Option<&str>) -> anyhow::Result<()> {
    let nextest = cargo()
        .args(["nextest", "--version"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let tests = if nextest {
        run(with_postgres(cargo(), postgres)
            .args(["nextest", "run", "--no-fail-fast"])
            .args(TARGETS))
    } else {
        eprintln!("xtask: cargo-nextest is not installed; the test binaries run one by one");
        run(with_postgres(cargo(), postgres)
            .args(["test", "--no-fail-fast"])
            .args(TARGETS))
    };
    let docs = run(cargo().args(["test", "--workspace", "--doc"]));
    tests.and(docs)
}

/// The path of a binary of the workspace as the native tests build it
/// (their integration tests run it), building what they build first if
/// anything is missing or stale: a no-op after the native suite. (A
/// `cargo build --package` of the binary alone would unify the
/// dependencies' features otherwise and build it again, for a minute.)
fn built_binary(name: &str) -> anyhow::Result<std::path::PathBuf> {
    run(cargo().args(["test", "--no-run", "--quiet"]).args(TARGETS))?;
    Ok(wasm::target_dir().join("debug").join(name))
}

/// `cmd` with the tests' PostgreSQL in [`install::TEST_POSTGRES_ENV`]; with
/// none (it did not start), without the variable, so the tests that need it
/// fail saying so.
fn with_postgres(mut cmd: Command, url: Option<&str>) -> Command {
    match url {
        Some(url) => cmd.env(install::TEST_POSTGRES_ENV, url),
        None => cmd.env_remove(install::TEST_POSTGRES_ENV),
    };
    cmd
}

fn wasm_tests() -> anyhow::Result<()> {
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
        ]))?;
    // The search worker prefers the SIMD build: the learned evaluation's
    // recorded values must hold there too (its own target folder, as in
    // the SIMD build of the module).
    run(cargo()
        .env("PATH", path_with_tools())
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .env("CARGO_TARGET_DIR", wasm::target_dir().join("simd"))
        .env("CARGO_ENCODED_RUSTFLAGS", "-Ctarget-feature=+simd128")
        .args([
            "test",
            "-p",
            "diablo-wasm-ai",
            "--target",
            "wasm32-unknown-unknown",
            "--test",
            "web",
            "the_shipped_nets_give_the_native_values",
        ]))
}

/// The TypeScript compiler over the page's JSDoc-typed modules, against
/// the `.d.ts` files wasm-bindgen writes into [`pkg_dir`].
fn type_check() -> anyhow::Result<()> {
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

/// Biome over `web/` and `tests/` as biome.json says: the linter's
/// findings and the formatter's differences, warnings included, all fail.
fn biome_ci() -> anyhow::Result<()> {
    install::ensure_npm_packages()?;
    let biome = e2e_dir().join("node_modules").join(".bin").join("biome");
    let mut cmd = Command::new(&biome);
    cmd.current_dir(root())
        .args(["ci", "--error-on-warnings", "--max-diagnostics=none"]);
    if !std::io::stderr().is_terminal() {
        cmd.arg("--colors=off");
    }
    let outcome = run(&mut cmd);
    // A cargo-style summary line, which CI logs recognise.
    let verdict = if outcome.is_ok() { "ok" } else { "FAILED" };
    println!("test result: {verdict}. lint and format of web/ and tests/ (biome ci)");
    if outcome.is_err() {
        eprintln!(
            "xtask: `tests/e2e/node_modules/.bin/biome check --write` formats the files and \
             applies the safe fixes; the other findings are fixed by hand"
        );
    }
    outcome
}

/// The unit tests of the pages' DOM-free modules: every
/// `tests/unit/*.test.mjs`, with Node's own test runner.
fn unit_tests() -> anyhow::Result<()> {
    let dir = root().join("tests").join("unit");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".test.mjs"))
        .map(|name| format!("tests/unit/{name}"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("tests/unit holds no *.test.mjs");
    }
    // The spec reporter for people, TAP into a file for the counts.
    let tap = wasm::target_dir().join("unit-tests.tap");
    if let Some(parent) = tap.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let _ = std::fs::remove_file(&tap);
    let outcome = run(Command::new("node")
        .current_dir(root())
        .arg("--test")
        .args(["--test-reporter=spec", "--test-reporter-destination=stdout"])
        .args(["--test-reporter=tap", "--test-reporter-destination"])
        .arg(&tap)
        .args(&files));
    let text = std::fs::read_to_string(&tap).unwrap_or_default();
    let count = |key: &str| {
        text.lines()
            .rev()
            .find_map(|line| {
                line.strip_prefix(&format!("# {key} "))?
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
            .unwrap_or(0)
    };
    let (passed, failed, skipped) = (
        count("pass"),
        count("fail") + count("cancelled"),
        count("skipped") + count("todo"),
    );
    let verdict = if outcome.is_ok() && failed == 0 && passed > 0 {
        "ok"
    } else {
        "FAILED"
    };
    println!(
        "test result: {verdict}. {passed} passed; {failed} failed; {skipped} ignored (node --test tests/unit)"
    );
    outcome?;
    if passed == 0 {
        bail!("node --test ran no tests");
    }
    if skipped > 0 {
        bail!("{skipped} unit test(s) were skipped");
    }
    Ok(())
}

fn e2e_tests(postgres: Option<&str>) -> anyhow::Result<()> {
    let dir = e2e_dir();
    if !dir.join("playwright.config.mjs").exists() {
        bail!("tests/e2e/playwright.config.mjs is missing");
    }
    // The tests run against the built site, as a visitor gets it (plus
    // the modules they import by URL), served by the server the native
    // suite built (the dev profile: no second, release build), whose path
    // the tests read, as they do the CLI's: no cargo runs while the
    // browsers do.
    crate::dist::dist(&crate::dist::default_out(), None, true)?;
    let server = built_binary("diablo-server")?;
    let cli = built_binary("diablo")?;
    install::ensure_chromium()?;
    install::ensure_nginx()?;
    install::ensure_sqlite3()?;
    install::ensure_npm_packages()?;
    let results = dir.join("artifacts").join("results.json");
    let outcome = run(with_postgres(Command::new("npx"), postgres)
        .current_dir(&dir)
        .env("PLAYWRIGHT_JSON_OUTPUT_NAME", &results)
        .env("DIABLO_SERVER_BIN", &server)
        .env("DIABLO_CLI_BIN", &cli)
        .env("DIABLO_DIST", crate::dist::default_out())
        .args(["playwright", "test", "--reporter=list,json"]));
    // A cargo-style summary line, which CI logs recognise.
    let stats: serde_json::Value = std::fs::read_to_string(&results)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let count = |key: &str| stats["stats"][key].as_u64().unwrap_or(0);
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
        bail!("Playwright ran no tests");
    }
    if skipped > 0 {
        bail!("{skipped} end-to-end test(s) were skipped");
    }
    Ok(())
}
