//! `diablo-server`: serves the built Diablo site, relays live games and
//! runs the lobby.

use anyhow::Context as _;
use clap::Parser;
use diablo_server::address::{Cidr, Proxies};
use diablo_server::{Config, DEFAULT_DATABASE, HttpLimits, Limits, LobbyLimits, normal_prefix};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Serves the built Diablo site (a game by Mark Steere) and relays live
/// games between browsers, checking every message with the fair-dice
/// protocol: it cannot forge, alter or invent a move. Its lobby shows open
/// challenges; games, players and turn-based challenges are kept in a
/// database (a SQLite file by default, or PostgreSQL shared by several
/// instances).
///
/// Example: diablo-server --root dist --port 8000 --prefix /games/diablo/
/// --database postgres://diablo:secret@localhost/diablo
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
    /// A proxy (an address or a network, 10.0.0.0/8, ::1) whose
    /// X-Forwarded-For is believed, read from the right; repeat for more.
    /// Without one no header is believed and loopback is exempt from the
    /// per-address bounds (unless --cap-loopback); with one, nothing is.
    #[arg(long = "trust-proxy", value_name = "CIDR")]
    trust_proxy: Vec<Cidr>,
    /// Leading bits of an IPv6 address that make one client for the
    /// per-address bounds (one host usually holds a whole /64).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(1..=128))]
    ipv6_prefix: u8,
    /// Another site (scheme://host[:port]) whose pages may open the lobby
    /// and live games here, as a static build made with `cargo xtask dist
    /// --live URL` does; repeat for more. Pages of this site always may;
    /// any other page gets 403.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,
    /// Who runs this server, told to the push services with each push
    /// (`mailto:you@example.org` or an https address).
    #[arg(long, default_value = "mailto:diablo@localhost")]
    push_contact: String,
    /// Take push subscriptions whose endpoint is plain http on a loopback
    /// address (a test's own push service); otherwise https only.
    #[arg(long)]
    push_loopback_http: bool,
    /// Seconds a request's head may take to arrive (and a keep-alive
    /// connection may stay idle) before its connection closes.
    #[arg(long, default_value_t = HttpLimits::default().header_timeout.as_secs_f64())]
    header_timeout_seconds: f64,
    /// Open TCP connections allowed from one address, WebSockets included
    /// (loopback exempt unless --cap-loopback).
    #[arg(long, default_value_t = HttpLimits::default().per_address)]
    http_per_address: usize,
    /// Open TCP connections in all (also bounded by the open-file limit,
    /// which the server raises to its hard limit at start).
    #[arg(long, default_value_t = HttpLimits::default().connections)]
    max_http_connections: usize,
    /// Where games, players and challenges are kept:
    /// sqlite:///absolute/path.db, sqlite://relative.db (from the working
    /// directory; the file is made if missing) or
    /// postgres://user:password@host:port/database.
    #[arg(long, default_value = DEFAULT_DATABASE)]
    database: String,
    /// Open live connections allowed from one address.
    #[arg(long, default_value_t = Limits::default().per_address)]
    per_address: usize,
    /// Apply --per-address, --lobby-per-address and
    /// --challenges-per-address to loopback addresses too.
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
    /// Games one address may begin in an hour (its accepting links).
    #[arg(long, default_value_t = Limits::default().games_per_address_per_hour)]
    games_per_address_per_hour: u64,
    /// Days an aborted game, or one nobody finished or touched, is kept
    /// before it is deleted.
    #[arg(long, default_value_t = Limits::default().retention.as_secs() / 86_400)]
    retention_days: u64,
    /// Seconds a game with nobody connected is kept.
    #[arg(long, default_value_t = Limits::default().idle_room.as_secs())]
    idle_seconds: u64,
    /// Open lobby connections allowed from one address.
    #[arg(long, default_value_t = LobbyLimits::default().per_address)]
    lobby_per_address: usize,
    /// Open lobby connections allowed in all.
    #[arg(long, default_value_t = LobbyLimits::default().connections)]
    lobby_connections: usize,
    /// Longest lobby frame taken, in bytes.
    #[arg(long, default_value_t = LobbyLimits::default().frame_bytes)]
    lobby_frame_bytes: usize,
    /// Frames a second one lobby connection may send, on average.
    #[arg(long, default_value_t = LobbyLimits::default().frames_per_second)]
    lobby_frames_per_second: f64,
    /// Open challenges in the lobby, in all (every instance on the
    /// database).
    #[arg(long, default_value_t = LobbyLimits::default().hooks)]
    max_challenges: usize,
    /// Open challenges posted from one address.
    #[arg(long, default_value_t = LobbyLimits::default().hooks_per_address)]
    challenges_per_address: usize,
    /// Open turn-based challenges of one player.
    #[arg(long, default_value_t = LobbyLimits::default().turn_based_per_key)]
    turn_based_per_player: usize,
    /// Open friends' invitations on a clock (unlisted challenges) of one
    /// player.
    #[arg(long, default_value_t = LobbyLimits::default().unlisted_per_key)]
    invitations_per_player: usize,
    /// Seconds a live game's first mover has for the first turn before the
    /// game is aborted.
    #[arg(long, default_value_t = Limits::default().first_move.as_secs_f64())]
    first_move_seconds: f64,
    /// Seconds the side to move of a live game may be away (no connection)
    /// before the other player may claim the win.
    #[arg(long, default_value_t = Limits::default().away.as_secs_f64())]
    away_seconds: f64,
    /// Computer players of these levels wait in the lobby (comma-separated:
    /// beginner, easy, medium, hard, expert, analysis; `none` for none):
    /// each keeps a rated 8x8 5+3 and a rated 8x8 one-day challenge posted
    /// and plays whoever takes them, through the lobby and rooms as a
    /// browser does (docs/bots.md).
    #[arg(long, value_name = "LEVELS", default_value = "none", value_parser = bot_levels)]
    bots: BotLevels,
    /// Where those bots keep their keys and games (one file a level; keep
    /// it to keep their names and ratings).
    #[arg(long, value_name = "DIR", default_value = "bots")]
    bot_dir: std::path::PathBuf,
}

/// The levels of `--bots`.
#[derive(Debug, Clone)]
struct BotLevels(Vec<diablo_bot::Level>);

fn bot_levels(text: &str) -> Result<BotLevels, String> {
    if text == "none" || text.is_empty() {
        return Ok(BotLevels(Vec::new()));
    }
    let mut levels = Vec::new();
    for word in text.split(',') {
        let level = diablo_bot::parse_level(word.trim()).map_err(|e| e.to_string())?;
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    Ok(BotLevels(levels))
}

/// The challenges each `--bots` bot keeps posted.
const BOT_POSTS: [&str; 2] = ["8 standard 5+3 rated", "8 standard 1d rated"];

/// A bot's lines in the server's log.
struct BotLog(&'static str);

impl diablo_bot::Log for BotLog {
    fn game(&self, line: &str) {
        tracing::info!(bot = self.0, "{line}");
    }
    fn note(&self, line: &str) {
        tracing::debug!(bot = self.0, "{line}");
    }
}

/// Starts the `--bots` next to the server listening at `at`.
fn start_bots(
    levels: &[diablo_bot::Level],
    dir: &std::path::Path,
    at: std::net::SocketAddr,
    prefix: &str,
) -> anyhow::Result<()> {
    if levels.is_empty() {
        return Ok(());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    let host = if at.ip().is_unspecified() {
        std::net::SocketAddr::from(([127, 0, 0, 1], at.port()))
    } else {
        at
    };
    for &level in levels {
        let name = match level {
            diablo_bot::Level::Beginner => "Beginner",
            diablo_bot::Level::Easy => "Easy",
            diablo_bot::Level::Medium => "Medium",
            diablo_bot::Level::Hard => "Hard",
            diablo_bot::Level::Analysis => "Expert",
        };
        let options = diablo_bot::Options {
            server: format!("http://{host}{prefix}"),
            keys: dir.join(format!("{}.json", level.name())),
            name: name.into(),
            level,
            post: BOT_POSTS
                .iter()
                .map(|s| s.parse())
                .collect::<Result<_, _>>()
                .map_err(|e: diablo_bot::OptionError| anyhow::anyhow!("{e}"))?,
            take: diablo_bot::Take::None,
            games: None,
            seconds: None,
        };
        tracing::info!(bot = name, "a bot waits in the lobby");
        tokio::spawn(async move {
            if let Err(e) = diablo_bot::run(options, std::sync::Arc::new(BotLog(name))).await {
                tracing::warn!(bot = name, "the bot stopped: {e}");
            }
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    logging();
    let result = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")
        .and_then(|runtime| {
            let result = runtime.block_on(run(args));
            // A link still being checked on the blocking pool is not waited
            // for: the server keeps nothing that the browsers do not keep.
            runtime.shutdown_timeout(Duration::from_millis(200));
            result
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            ExitCode::from(2)
        }
    }
}

/// Log lines: `RUST_LOG` chooses which (default `info`); warnings and
/// errors go to stderr, the rest to stdout.
fn logging() {
    use std::io::IsTerminal as _;
    use tracing_subscriber::EnvFilter;
    use tracing_subscriber::filter::LevelFilter;
    use tracing_subscriber::fmt::writer::MakeWriterExt as _;
    let filter = EnvFilter::builder()
        .with_default_directive(LevelFilter::INFO.into())
        .from_env_lossy();
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(
            std::io::stderr
                .with_max_level(tracing::Level::WARN)
                .or_else(std::io::stdout),
        )
        .with_ansi(std::io::stdout().is_terminal() && std::io::stderr().is_terminal())
        .init();
}

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
        games_per_address_per_hour: args.games_per_address_per_hour,
        retention: Duration::from_secs(args.retention_days.max(1) * 86_400),
        first_move: seconds(args.first_move_seconds, "--first-move-seconds")?,
        away: seconds(args.away_seconds, "--away-seconds")?,
        ..Limits::default()
    };
    let lobby = LobbyLimits {
        per_address: args.lobby_per_address,
        cap_loopback: args.cap_loopback,
        connections: args.lobby_connections,
        frame_bytes: args.lobby_frame_bytes,
        frames_per_second: args.lobby_frames_per_second,
        frame_burst: (args.lobby_frames_per_second * 5.0).max(1.0),
        hooks: args.max_challenges,
        hooks_per_address: args.challenges_per_address,
        turn_based_per_key: args.turn_based_per_player,
        unlisted_per_key: args.invitations_per_player,
        ..LobbyLimits::default()
    };
    let prefix = normal_prefix(&args.prefix);
    let config = Config {
        root: args.root,
        prefix: prefix.clone(),
        limits,
        lobby,
        database: args.database,
        trust_proxy: Proxies {
            trusted: args.trust_proxy,
            v6_prefix: args.ipv6_prefix,
        },
        allow_origins: args.allow_origins,
        push: diablo_server::push::PushConfig {
            contact: args.push_contact,
            loopback_http: args.push_loopback_http,
            ..diablo_server::push::PushConfig::default()
        },
        http: HttpLimits {
            header_timeout: seconds(args.header_timeout_seconds, "--header-timeout-seconds")?,
            per_address: args.http_per_address,
            cap_loopback: args.cap_loopback,
            connections: args.max_http_connections,
            ..HttpLimits::default()
        },
        time: diablo_server::Time::system(),
    };
    // Opened before the address is printed: a server that prints it
    // serves.
    let store = diablo_server::open_database(&config.database).await?;
    // Listened for before the address is printed, so a signal sent as soon
    // as it is read is not missed.
    let shutdown = shutdown()?;
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
    let at = listener.local_addr().context("the listening address")?;
    // `cargo xtask serve`'s callers wait for this line (tests/e2e): keep it
    // as it is, on stdout.
    println!("Diablo is being served at http://{at}{prefix}  (Ctrl+C to stop)");
    tracing::info!("live play relays at ws://{at}{prefix}live/<game id>");
    tracing::info!("the lobby is at ws://{at}{prefix}lobby");
    start_bots(&args.bots.0, &args.bot_dir, at, &prefix)?;
    diablo_server::serve_on(listener, config, store, shutdown).await
}

/// A duration of `value` seconds, or an error naming `flag` if `value` is
/// negative, not finite or too large.
fn seconds(value: f64, flag: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(value)
        .map_err(|e| anyhow::anyhow!("{flag} {value}: not a number of seconds ({e})"))
}

/// Completes on Ctrl+C (SIGINT) or SIGTERM.
#[cfg(unix)]
fn shutdown() -> anyhow::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate()).context("listening for SIGTERM")?;
    let mut interrupt = signal(SignalKind::interrupt()).context("listening for SIGINT")?;
    Ok(async move {
        let signal = tokio::select! {
            _ = terminate.recv() => "SIGTERM",
            _ = interrupt.recv() => "SIGINT",
        };
        tracing::info!(signal, "signal received");
    })
}

/// Completes on Ctrl+C.
#[cfg(not(unix))]
fn shutdown() -> anyhow::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!(signal = "Ctrl+C", "signal received");
    })
}
