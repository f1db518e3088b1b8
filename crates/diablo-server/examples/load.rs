//! The relay under load: many simultaneous live games, every message a
//! real link the server verifies, against the floor of a bare relay that
//! forwards frames unchecked.
//!
//! ```sh
//! cargo build --release -p diablo-server --bins --examples
//! target/work/release/examples/load --games 500,1000,2000 --seconds 20
//! ```
//!
//! `--database URL` gives the server a database (default `fresh`: a new
//! SQLite file each run; `postgres`: a new schema each run on the server
//! at `DIABLO_TEST_POSTGRES`, as `cargo xtask postgres -- …` sets it; any
//! other URL is used as it is, runs sharing it), `--server PATH`
//! another build of the server (an older commit's, for before/after). The
//! generator's client threads run at nice 10 and the server at 0, so on
//! shared cores the server is served first.
//!
//! For each number of games it starts `diablo-server` (and then
//! `examples/bare_relay`) as a separate process on a free port, plays that
//! many 8x8 games at once — two connections a game, each player answering
//! the other's link after a think time — and reports the relay latency
//! (a link sent by one player until the other has it), the server's memory
//! and CPU, and links lost (sent but never received).

#[path = "../tests/common/mod.rs"]
mod common;
mod support;

use common::Duel;
use diablo_core::Edition;
use futures_util::{SinkExt, StreamExt};
use std::path::Path;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{free_port, usage};
use tokio_tungstenite::tungstenite::Message;

struct Options {
    games: Vec<usize>,
    /// The server's database (`fresh`: a new SQLite file each run).
    database: String,
    /// The server binary (default: this build's).
    server: Option<std::path::PathBuf>,
    seconds: u64,
    think_ms: u64,
    size: u32,
    links: usize,
}

fn options() -> Options {
    let mut o = Options {
        games: vec![500, 1000, 2000],
        database: "fresh".into(),
        server: None,
        seconds: 20,
        think_ms: 1000,
        size: 8,
        links: 40,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map_or("", String::as_str);
        match pair[0].as_str() {
            "--games" => o.games = value.split(',').filter_map(|g| g.parse().ok()).collect(),
            "--database" => o.database = value.to_string(),
            "--server" => o.server = Some(value.into()),
            "--seconds" => o.seconds = value.parse().unwrap_or(o.seconds),
            "--think-ms" => o.think_ms = value.parse().unwrap_or(o.think_ms),
            "--size" => o.size = value.parse().unwrap_or(o.size),
            other => {
                eprintln!("load: unknown option {other}");
                std::process::exit(2);
            }
        }
    }
    o
}

/// Every link of `n` games, in order, made before the clock starts.
fn make_games(n: usize, size: u32, links: usize) -> Vec<(String, Vec<String>)> {
    (0..n)
        .map(|k| {
            let mut duel = Duel::new(size, Edition::Standard, 10_000 + k as u64);
            let mut out = vec![duel.invitation.clone(), duel.link()];
            while out.len() < links && duel.step() {
                out.push(duel.link());
            }
            (duel.id(), out)
        })
        .collect()
}

fn spawn(binary: &Path, port: u16, verified: bool, database: &str) -> Child {
    let mut c = Command::new(binary);
    if verified {
        // The default memory budget (512 MB) reserves each connection's
        // read bound, so it holds about 3,200 live games' connections and
        // turns the rest away, by design; this run measures the relay
        // past it.
        c.args(["--port", &port.to_string(), "--root"])
            .arg(common::site())
            .args(["--database", database, "--max-memory-mb", "4096"]);
    } else {
        c.arg(port.to_string());
    }
    // DIABLO_LOAD_LOG=path keeps the server's log (appended).
    let out = std::env::var_os("DIABLO_LOAD_LOG")
        .and_then(|p| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .ok()
        })
        .map_or_else(std::process::Stdio::null, std::process::Stdio::from);
    c.stdout(out)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()))
}

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    sent: u64,
    received: u64,
    failed_games: u64,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next link frame on `ws`, skipping counts.
async fn next_link(ws: &mut Ws) -> Option<String> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let v: serde_json::Value = serde_json::from_str(t.as_str()).ok()?;
                if let Some(l) = v.get("link").and_then(|l| l.as_str()) {
                    return Some(l.to_string());
                }
                if v.get("error").is_some() {
                    eprintln!("load: refused: {v}");
                    return None;
                }
            }
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

async fn play(
    port: u16,
    id: String,
    links: Arc<Vec<String>>,
    until: Instant,
    think: Duration,
    tally: Arc<Mutex<Tally>>,
) {
    let url = format!("ws://127.0.0.1:{port}/live/{id}");
    let (Ok((a, _)), Ok((b, _))) = (
        tokio_tungstenite::connect_async(&url).await,
        tokio_tungstenite::connect_async(&url).await,
    ) else {
        tally.lock().expect("tally").failed_games += 1;
        return;
    };
    let mut players = [a, b];
    let mut mine = Vec::new();
    let (mut sent, mut received) = (0, 0);
    for (j, link) in links.iter().enumerate() {
        if Instant::now() >= until {
            break;
        }
        let (from, to) = players.split_at_mut(1);
        let (from, to) = if j % 2 == 0 {
            (&mut from[0], &mut to[0])
        } else {
            (&mut to[0], &mut from[0])
        };
        let frame = serde_json::json!({ "link": link }).to_string();
        let t0 = Instant::now();
        if from.send(Message::text(frame)).await.is_err() {
            break;
        }
        sent += 1;
        match next_link(to).await {
            Some(got) if got == *link => {
                received += 1;
                mine.push(t0.elapsed().as_micros() as u64);
            }
            _ => break,
        }
        // Think, a little differently each time.
        let jitter = think.as_millis() as u64 * (j as u64 * 7919 % 100) / 100;
        tokio::time::sleep(think / 2 + Duration::from_millis(jitter)).await;
    }
    let mut t = tally.lock().expect("tally");
    t.latencies_us.extend(mine);
    t.sent += sent;
    t.received += received;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

struct Run {
    p50: f64,
    p99: f64,
    max: f64,
    links_per_s: f64,
    cpu: f64,
    rss_mb: f64,
    lost: u64,
    failed: u64,
}

async fn run(binary: &Path, verified: bool, games: &[(String, Vec<String>)], o: &Options) -> Run {
    let port = free_port();
    // Each run its own database: a run reuses the games of the one before
    // (the first 500 of 2,000), which a kept database already holds.
    let database = match o.database.as_str() {
        "fresh" => common::database(),
        "postgres" => common::postgres::fresh().await.0,
        url => url.to_string(),
    };
    let mut child = spawn(binary, port, verified, &database);
    // Ready when it accepts connections.
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (cpu0, _) = usage(child.id());
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let until = start + Duration::from_secs(o.seconds);
    let think = Duration::from_millis(o.think_ms);
    let mut tasks = Vec::new();
    for (k, (id, links)) in games.iter().enumerate() {
        let tally = tally.clone();
        let links = Arc::new(links.clone());
        let id = id.clone();
        // Games start spread over the first two seconds.
        let delay = Duration::from_millis((k as u64 * 2000) / games.len() as u64);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            play(port, id, links, until, think, tally).await;
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let wall = start.elapsed().as_secs_f64();
    let (cpu1, hwm) = usage(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let mut t = std::mem::take(&mut *tally.lock().expect("tally"));
    t.latencies_us.sort_unstable();
    Run {
        p50: percentile(&t.latencies_us, 0.5),
        p99: percentile(&t.latencies_us, 0.99),
        max: percentile(&t.latencies_us, 1.0),
        links_per_s: t.received as f64 / wall,
        cpu: (cpu1 - cpu0) / wall,
        rss_mb: hwm as f64 / 1024.0,
        lost: t.sent - t.received,
        failed: t.failed_games,
    }
}

fn main() {
    let o = options();
    let exe = std::env::current_exe().expect("this program's path");
    let examples = exe.parent().expect("examples folder");
    let server = o.server.clone().unwrap_or_else(|| {
        examples
            .parent()
            .expect("profile folder")
            .join("diablo-server")
    });
    let bare = examples.join("bare_relay");
    for b in [&server, &bare] {
        if !b.exists() {
            eprintln!(
                "load: {} is missing: cargo build --release -p diablo-server --bins --examples",
                b.display()
            );
            std::process::exit(2);
        }
    }
    let most = o.games.iter().copied().max().unwrap_or(0);
    let made = Instant::now();
    let games = make_games(most, o.size, o.links);
    eprintln!(
        "load: {most} games of links made in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    let lowered = support::lower_generator_priority();
    eprintln!(
        "load: {lowered} generator threads at nice 10; database {}; load average {:.2}",
        o.database,
        support::load_average()
    );
    println!(
        "| games | relay | links/s | p50 ms | p99 ms | max ms | server CPU (cores) | server peak RSS MB | lost | games not connected | load avg after |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for &n in &o.games {
        let mut floor = f64::NAN;
        for (name, binary, verified) in [("bare", &bare, false), ("diablo-server", &server, true)] {
            let r = rt.block_on(run(binary, verified, &games[..n], &o));
            if !verified {
                floor = r.p99;
            }
            let ratio = if verified {
                format!(" ({:.2}x floor)", r.p99 / floor)
            } else {
                String::new()
            };
            println!(
                "| {n} | {name} | {:.0} | {:.2} | {:.2}{ratio} | {:.1} | {:.2} | {:.0} | {} | {} | {:.2} |",
                r.links_per_s,
                r.p50,
                r.p99,
                r.max,
                r.cpu,
                r.rss_mb,
                r.lost,
                r.failed,
                support::load_average()
            );
        }
    }
}
