//! Installs what the build and tests need on a bare machine, each only when
//! missing: the wasm32 target, a wasm-bindgen-cli matching the crate's exact
//! version (once per machine, under cargo's home, so every clone shares it),
//! Chromium with its driver, nginx and PostgreSQL (with [`Postgres`], a
//! throwaway cluster for one test run), and the npm packages of `tests/e2e/`
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
    ensure_sqlite3()?;
    ensure_postgres()?;
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

/// The sqlite3 shell, with which the browser tests seed the server's
/// database with a player who has played many games (tests/e2e/ratings.spec.mjs).
pub const SQLITE3: &str = "/usr/bin/sqlite3";

pub fn ensure_sqlite3() -> anyhow::Result<()> {
    if Path::new(SQLITE3).exists() {
        return Ok(());
    }
    eprintln!("xtask: installing Debian's sqlite3");
    apt_install(&["sqlite3"])
}

/// Installs Debian packages with apt-get (through sudo unless root).
fn apt_install(packages: &[&str]) -> anyhow::Result<()> {
    let is_root = is_root();
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

/// Where Debian's `postgresql` puts the server's programs.
const POSTGRES_LIB: &str = "/usr/lib/postgresql";

/// The `bin` folder of the newest PostgreSQL installed under
/// `/usr/lib/postgresql/<version>/`, if any.
fn postgres_bin() -> Option<PathBuf> {
    std::fs::read_dir(POSTGRES_LIB)
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            let complete = ["postgres", "initdb", "pg_ctl", "createdb", "psql"]
                .iter()
                .all(|tool| bin.join(tool).exists());
            complete.then_some((version, bin))
        })
        .max_by_key(|(version, _)| *version)
        .map(|(_, bin)| bin)
}

/// PostgreSQL's server programs, for the tests that keep games in it
/// (crates/diablo-server/tests/store_postgres.rs, tests/e2e/deploy.spec.mjs):
/// installs Debian's `postgresql` when `/usr/lib/postgresql/*/bin/postgres`
/// is missing, and returns that `bin` folder.
pub fn ensure_postgres() -> anyhow::Result<PathBuf> {
    if let Some(bin) = postgres_bin() {
        return Ok(bin);
    }
    eprintln!("xtask: installing Debian's postgresql");
    apt_install(&["postgresql"])?;
    postgres_bin().with_context(|| {
        format!("postgresql is installed, but {POSTGRES_LIB}/*/bin has no postgres, initdb, pg_ctl, createdb and psql")
    })
}

/// The variable the PostgreSQL tests read their database's URL from.
pub const TEST_POSTGRES_ENV: &str = "DIABLO_TEST_POSTGRES";

/// Whether this process runs as root.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A throwaway PostgreSQL cluster for one test run: made fresh (initdb)
/// in its own folder under `$TMPDIR/diablo-test-postgres/`, listening on 127.0.0.1 only
/// (on a free port, its socket in that folder), with a superuser `diablo`
/// whose password is random and a database `diablo`. Dropping it stops the
/// server (`pg_ctl stop -m fast`) and deletes the folder, on failure too; a
/// cluster left by a run that was killed is stopped and deleted by the next
/// one. Durability is off (`fsync`, `synchronous_commit`): it holds test
/// data only. As root, its programs run as the `postgres` user (PostgreSQL
/// refuses to run as root).
pub struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    as_postgres: bool,
    url: String,
}

impl Postgres {
    /// Installs PostgreSQL if missing and starts a fresh cluster.
    pub fn start() -> anyhow::Result<Self> {
        let bin = ensure_postgres()?;
        let as_postgres = is_root();
        // In the system's temporary folder, which the `postgres` user can
        // reach and write wherever the checkout is (a private home folder
        // is not reachable by it).
        let parent = std::env::temp_dir().join("diablo-test-postgres");
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        remove_stale_clusters(&bin, &parent, as_postgres);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = parent.join(format!("{}-{nanos:x}", std::process::id()));
        std::fs::create_dir(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        // From here on, dropping `cluster` cleans up whatever was made.
        let mut cluster = Self {
            bin,
            dir,
            as_postgres,
            url: String::new(),
        };
        cluster.init()?;
        let mut tries = 0;
        let port = loop {
            // A free port, taken by the server a moment later; another
            // program may take it first, so try a few.
            let port = std::net::TcpListener::bind("127.0.0.1:0")?
                .local_addr()?
                .port();
            match cluster.run_server(port) {
                Ok(()) => break port,
                Err(e) if tries < 3 => {
                    tries += 1;
                    eprintln!(
                        "xtask: PostgreSQL did not start on port {port}, trying another: {e:#}"
                    );
                }
                Err(e) => return Err(e),
            }
        };
        let password = std::fs::read_to_string(cluster.dir.join("password"))?;
        let password = password.trim();
        cluster.tool_quietly(
            "createdb",
            &[
                "--host=127.0.0.1",
                &format!("--port={port}"),
                "--username=diablo",
                "diablo",
            ],
            Some(password),
        )?;
        cluster.url = format!("postgres://diablo:{password}@127.0.0.1:{port}/diablo");
        Ok(cluster)
    }

    /// The cluster's database, `postgres://diablo:<password>@127.0.0.1:<port>/diablo`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A fresh data folder (initdb) whose superuser `diablo` has a random
    /// password, owned by `postgres` when that is who runs the server.
    fn init(&self) -> anyhow::Result<()> {
        use std::io::Write as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        let password = random_hex(16)?;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(self.dir.join("password"))
            .and_then(|mut f| writeln!(f, "{password}"))
            .context("cannot write the cluster's password file")?;
        if self.as_postgres {
            run_quietly(
                Command::new("chown")
                    .args(["-R", "postgres:postgres"])
                    .arg(&self.dir),
            )?;
            // The folders above must let `postgres` through (a checkout
            // under a private home would not).
            let reachable = Command::new("runuser")
                .args(["-u", "postgres", "--", "test", "-w"])
                .arg(&self.dir)
                .status()
                .is_ok_and(|s| s.success());
            if !reachable {
                bail!(
                    "the postgres user cannot write to {} (a folder above it is private): \
                     run the tests from a checkout it can reach",
                    self.dir.display()
                );
            }
        }
        let data = self.dir.join("data");
        let password_file = self.dir.join("password");
        self.tool_quietly(
            "initdb",
            &[
                &format!("--pgdata={}", data.display()),
                "--username=diablo",
                &format!("--pwfile={}", password_file.display()),
                "--auth=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ],
            None,
        )
    }

    /// Starts the server on `port` and waits until it takes connections.
    fn run_server(&self, port: u16) -> anyhow::Result<()> {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {port} -k {} -c fsync=off \
             -c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
            self.dir.display()
        );
        let result = self.tool_quietly(
            "pg_ctl",
            &[
                "start",
                "--wait",
                "--timeout=60",
                &format!("--pgdata={}", self.dir.join("data").display()),
                &format!("--log={}", self.dir.join("server.log").display()),
                &format!("--options={options}"),
            ],
            None,
        );
        if result.is_err() {
            let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
            eprintln!("{log}");
        }
        result
    }

    /// Runs one of PostgreSQL's programs (as `postgres` when this is
    /// root), its output shown only when it fails.
    fn tool_quietly(
        &self,
        tool: &str,
        args: &[&str],
        password: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut cmd = postgres_tool(&self.bin, tool, self.as_postgres);
        cmd.args(args);
        if let Some(password) = password {
            cmd.env("PGPASSWORD", password);
        }
        let shown = format!("{tool} {}", args.join(" "));
        let out = cmd
            .stdin(std::process::Stdio::null())
            .output()
            .with_context(|| format!("cannot start {shown}"))?;
        if !out.status.success() {
            bail!(
                "{shown} failed ({}): {}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        if data.join("postmaster.pid").exists()
            && let Err(e) = self.tool_quietly(
                "pg_ctl",
                &[
                    "stop",
                    "--wait",
                    "--mode=fast",
                    &format!("--pgdata={}", data.display()),
                ],
                None,
            )
        {
            // Left for the next run to stop and delete.
            eprintln!("xtask: cannot stop the tests' PostgreSQL: {e:#}");
            return;
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `tool` from PostgreSQL's `bin`, run as `postgres` when `as_postgres`.
fn postgres_tool(bin: &Path, tool: &str, as_postgres: bool) -> Command {
    if as_postgres {
        let mut cmd = Command::new("runuser");
        cmd.args(["-u", "postgres", "--"]).arg(bin.join(tool));
        cmd
    } else {
        Command::new(bin.join(tool))
    }
}

/// Stops and deletes the clusters of earlier runs that were killed
/// (a folder `<pid>-…` whose process is gone).
fn remove_stale_clusters(bin: &Path, parent: &Path, as_postgres: bool) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.split('-').next()) else {
            continue;
        };
        if pid.parse::<u32>().is_err() || Path::new("/proc").join(pid).exists() {
            continue;
        }
        let data = entry.path().join("data");
        if data.join("postmaster.pid").exists() {
            eprintln!(
                "xtask: stopping the PostgreSQL of an earlier run ({})",
                entry.path().display()
            );
            let _ = postgres_tool(bin, "pg_ctl", as_postgres)
                .args(["stop", "--wait", "--mode=immediate"])
                .arg(format!("--pgdata={}", data.display()))
                .stdout(std::process::Stdio::null())
                .status();
        }
        let _ = std::fs::remove_dir_all(entry.path());
    }
}

/// `bytes` random bytes from the system, in hex.
fn random_hex(bytes: usize) -> anyhow::Result<String> {
    use std::io::Read as _;
    let mut buf = vec![0u8; bytes];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut buf))
        .context("cannot read /dev/urandom")?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}
