//! `cargo xtask`: the automation behind the README's two commands
//! (`cargo xtask serve`, `cargo xtask test`); `cargo xtask --help` and
//! `cargo xtask <command> --help` say what each does and installs.
//!
//! Modules: `install` (what a bare machine lacks), `wasm` (the wasm
//! modules), `dist` (the site, on `wasm`), `serve` (the server on the
//! site), `test` (every suite, on `dist`), `imports` (the rule between the
//! pages' folders, part of the `lint` suite).

mod bench;
mod dist;
mod imports;
mod install;
mod serve;
mod test;
mod wasm;

use anyhow::{Context as _, bail};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Builds, serves and tests Diablo in the browser. Every command installs
/// what it needs and is missing, once: the wasm32 target (rustup), the
/// wasm-bindgen CLI of the pinned version (cargo install, under cargo's
/// home), the npm packages of tests/e2e (esbuild, wasm-opt, TypeScript,
/// Playwright, Biome) and, for tests, Debian's chromium, chromium-driver,
/// nginx-light and postgresql (apt-get).
#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    version,
    about,
    long_about
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site and serve it, with live play, on 127.0.0.1.
    ///
    /// Builds the site (as `dist` does) and runs `diablo-server` on it
    /// (a release build, about 90 s the first time): the pages, and only
    /// them, with `Access-Control-Allow-Origin: *`, and the live relay at
    /// `live/` (ws://127.0.0.1:PORT/live/<game id>), the lobby at `lobby`
    /// with computer players waiting in it (--bots), games kept in a SQLite
    /// file under target/ unless --database names another. Prints the URL to open. Installs: the wasm32 target,
    /// wasm-bindgen, the npm packages.
    #[command(
        after_help = "Examples:\n  cargo xtask serve --port 8000 --prefix /games/diablo/\n  cargo xtask serve --database postgres://diablo:secret@127.0.0.1:5432/diablo"
    )]
    Serve {
        /// The port on 127.0.0.1.
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// Serve the site already built (DIABLO_DIST or dist/) as it is.
        #[arg(long)]
        no_build: bool,
        /// Serve under this path (the site and the relay), e.g. /games/diablo/.
        #[arg(long, default_value = "/", value_name = "/PATH/")]
        prefix: String,
        /// Where the server keeps games, players and challenges:
        /// sqlite:///absolute/path.db, sqlite://relative.db (to the
        /// repository) or postgres://user:password@host:port/database.
        /// Default: sqlite://<repository>/target/diablo-serve.db.
        #[arg(long, value_name = "URL")]
        database: Option<String>,
        /// Computer players waiting in the lobby, by level (comma-separated,
        /// or `none`), their keys kept in target/diablo-serve-bots/.
        #[arg(long, value_name = "LEVELS", default_value = "easy,hard")]
        bots: String,
    },
    /// Run every test: native, wasm in headless Chromium, types, lint, end-to-end.
    ///
    /// Runs the workspace's tests with cargo-nextest (`cargo test` where it
    /// is missing; the server's tests included, on a
    /// throwaway PostgreSQL cluster for those that need one), the
    /// wasm tests in headless Chromium (wasm-bindgen-test), the type check
    /// of the pages' JavaScript (tsc), the lint suite (Biome's lint and
    /// format check over web/ and tests/, the rule that a page imports no
    /// other page's folder, and the unit tests of web/'s DOM-free modules,
    /// tests/unit, with `node --test`) and the end-to-end tests in Chromium
    /// (Playwright, against the built site served by diablo-server, plus
    /// nginx in front of two servers on one PostgreSQL). Runs them all,
    /// then fails if any failed. Installs: the wasm32 target, wasm-bindgen,
    /// chromium and chromium-driver, nginx-light, postgresql, the npm
    /// packages.
    #[command(
        after_help = "Examples:\n  cargo xtask test --only e2e\n  cargo xtask test --only lint"
    )]
    Test {
        /// Run only one suite.
        #[arg(long, value_enum)]
        only: Option<Suite>,
    },
    /// Build the static site (every page, offline-ready) into a folder.
    ///
    /// The wasm modules (wasm-bindgen, wasm-opt), the pages' scripts
    /// bundled and minified (esbuild), the service worker's file list, and
    /// `live.json`, which names the live relay (`null`: links only).
    /// Prints each file's size. Installs: the wasm32 target, wasm-bindgen,
    /// the npm packages.
    #[command(
        after_help = "Examples:\n  cargo xtask dist\n  cargo xtask dist --out site/ --live wss://play.example.org/live/"
    )]
    Dist {
        /// The folder to write (emptied first, if it holds an earlier build).
        #[arg(long, value_name = "DIR", default_value_os_t = dist::default_out())]
        out: PathBuf,
        /// The live relay the pages use, written to live.json.
        #[arg(long, value_name = "URL")]
        live: Option<String>,
        /// Also build the modules only the browser tests import by URL
        /// (engine.js, computer.js, i18n.js, embed/config.js): not shipped.
        #[arg(long)]
        for_tests: bool,
    },
    /// Measure and print what the tests no longer time: the pages, the
    /// computer, live play, the lobby, the relay under load.
    ///
    /// `browser`: page boot, selection on 16x16, the computer's speed and
    /// nodes a second, Confirm to the other screen, click delays during a
    /// search and a review, a lobby post to another instance
    /// (tests/e2e/bench/*.bench.mjs in Chromium, against the release
    /// server, two of them on a throwaway PostgreSQL). `server`: the
    /// relay under load (examples/load, a short run). `engine`: the
    /// criterion benchmarks of diablo-core and diablo-ai. Numbers are
    /// printed (and the browser's kept in tests/e2e/artifacts/bench.json);
    /// nothing passes or fails on a time. Installs what `test` does.
    #[command(after_help = "Examples:
  cargo xtask bench
  cargo xtask bench --only browser")]
    Bench {
        /// Run only one group.
        #[arg(long, value_enum)]
        only: Option<bench::Group>,
    },
    /// Only build the wasm modules into web/lib/engine/pkg/.
    ///
    /// Installs: the wasm32 target, wasm-bindgen.
    Build,
    /// Install everything the commands above need, now.
    Install,
    /// Start a throwaway PostgreSQL cluster (as the tests do), run COMMAND
    /// with DIABLO_TEST_POSTGRES set to its URL, then stop and delete it.
    ///
    /// Without COMMAND: prints the URL and keeps the cluster until Enter.
    /// Installs: postgresql.
    #[command(
        after_help = "Example:\n  cargo xtask postgres -- cargo test -p diablo-server --test store_postgres"
    )]
    Postgres {
        /// The command to run, and its arguments.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "COMMAND"
        )]
        command: Vec<String>,
    },
}

/// One of the test suites.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// cargo nextest run --workspace (or cargo test), and the doc tests
    Native,
    /// wasm-bindgen-test in headless Chromium
    Wasm,
    /// tsc --noEmit over the pages' JavaScript
    Types,
    /// biome ci (lint and format), the imports between page folders, node --test tests/unit
    Lint,
    /// Playwright in Chromium
    E2e,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Build => wasm::build_web(),
        Command::Dist {
            out,
            live,
            for_tests,
        } => dist::dist(&out, live.as_deref(), for_tests).map(|_| ()),
        Command::Serve {
            port,
            no_build,
            prefix,
            database,
            bots,
        } => serve_command(port, no_build, &prefix, database, &bots),
        Command::Test { only } => test::test_all(only),
        Command::Bench { only } => bench::bench(only),
        Command::Install => install::ensure_all(),
        Command::Postgres { command } => postgres_command(&command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn serve_command(
    port: u16,
    no_build: bool,
    prefix: &str,
    database: Option<String>,
    bots: &str,
) -> anyhow::Result<()> {
    let prefix = format!("/{}/", prefix.trim_matches('/')).replace("//", "/");
    let site = if no_build {
        dist::default_out()
    } else {
        dist::dist(&dist::default_out(), None, false)?
    };
    if !site.join("index.html").exists() {
        bail!(
            "{} holds no site: run `cargo xtask dist` (or serve without --no-build)",
            site.display()
        );
    }
    let database = match database {
        Some(url) => url,
        None => {
            let file = root().join("target").join("diablo-serve.db");
            std::fs::create_dir_all(root().join("target"))?;
            eprintln!(
                "xtask: games are kept in {} (--database URL for another)",
                file.display()
            );
            format!("sqlite://{}", file.display())
        }
    };
    let bot_dir = root().join("target").join("diablo-serve-bots");
    serve::serve(&site, port, &prefix, &database, bots, &bot_dir).context("cannot serve the site")
}

/// `cargo xtask postgres [-- COMMAND…]`: a throwaway cluster for a command
/// (or until Enter), as the test command makes one.
fn postgres_command(command: &[String]) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let cluster = install::Postgres::start()?;
    eprintln!(
        "xtask: PostgreSQL started in {:.1} s: {}={}",
        started.elapsed().as_secs_f64(),
        install::TEST_POSTGRES_ENV,
        cluster.url()
    );
    let Some((program, args)) = command.split_first() else {
        eprintln!("xtask: press Enter to stop it");
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        return Ok(());
    };
    let status = std::process::Command::new(program)
        .args(args)
        .env(install::TEST_POSTGRES_ENV, cluster.url())
        .status()
        .with_context(|| format!("cannot start {program}"))?;
    if !status.success() {
        bail!("{program} failed ({status})");
    }
    Ok(())
}

/// The repository root (the workspace that holds this crate).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map_or_else(|| manifest.clone(), PathBuf::from)
}
