//! `diablo-server`: serves the built Diablo site and relays live games.

use anyhow::Context as _;
use clap::Parser;
use diablo_server::{Config, Limits, normal_prefix};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Serves the built Diablo site (a game by Mark Steere) and relays live
/// games between browsers, checking every message with the fair-dice
/// protocol: it cannot forge, alter or invent a move.
///
/// Example: diablo-server --root dist --port 8000 --prefix /games/diablo/
#[derive(Parser, Debug)]
#[command(version, about, long_about)]
struct Args {
    /// The built site's folder (`cargo xtask dist` makes it).
    #[arg(long, default_value = "dist")]
    root: PathBuf,
    /// The port to listen on.
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The path the site lives under, like /games/diablo/.
    #[arg(long, default_value = "/")]
    prefix: String,
    /// Take clients' addresses from X-Forwarded-For (behind a proxy only).
    #[arg(long)]
    trust_proxy: bool,
    /// Open live connections allowed from one address.
    #[arg(long, default_value_t = Limits::default().per_address)]
    per_address: usize,
    /// Apply --per-address to loopback addresses too.
    #[arg(long)]
    cap_loopback: bool,
    /// Open live connections allowed in all.
    #[arg(long, default_value_t = Limits::default().connections)]
    max_connections: usize,
    /// Live games held at once.
    #[arg(long, default_value_t = Limits::default().rooms)]
    max_rooms: usize,
    /// Megabytes of game state held at most (estimated).
    #[arg(long, default_value_t = Limits::default().memory >> 20)]
    max_memory_mb: usize,
    /// Frames a second one connection may send, on average.
    #[arg(long, default_value_t = Limits::default().frames_per_second)]
    frames_per_second: f64,
    /// Seconds a game with nobody connected is kept.
    #[arg(long, default_value_t = Limits::default().idle_room.as_secs())]
    idle_seconds: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("diablo-server: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[tokio::main]
async fn run(args: Args) -> anyhow::Result<()> {
    let limits = Limits {
        per_address: args.per_address,
        cap_loopback: args.cap_loopback,
        connections: args.max_connections,
        rooms: args.max_rooms,
        memory: args.max_memory_mb << 20,
        frames_per_second: args.frames_per_second,
        frame_burst: (args.frames_per_second * 3.0).max(1.0),
        idle_room: Duration::from_secs(args.idle_seconds),
        ..Limits::default()
    };
    let prefix = normal_prefix(&args.prefix);
    let config = Config {
        root: args.root,
        prefix: prefix.clone(),
        limits,
        trust_proxy: args.trust_proxy,
    };
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
    let at = listener.local_addr().context("the listening address")?;
    println!("Diablo is being served at http://{at}{prefix}  (Ctrl+C to stop)");
    println!("Live play relays at ws://{at}{prefix}live/<game id>");
    diablo_server::serve(listener, config, shutdown()).await
}

/// Ctrl+C or SIGTERM.
async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
