//! The Diablo server: the built site and the live relay on one port.
//!
//! - The site (`dist/`, made by `cargo xtask dist`) under a path prefix,
//!   with `Access-Control-Allow-Origin: *` and nothing outside its folder.
//! - `<prefix>live.json`: where the pages find the relay (`{"url":"live/"}`);
//!   the static build holds the same file with `null` (links only) or the
//!   address given to `cargo xtask dist --live URL`.
//! - `<prefix>live/<game id>`: the relay, a WebSocket per player or
//!   watcher. It holds each game's latest link in memory and passes on only
//!   links that [`diablo_corr::Game::advance`] accepts as a valid extension,
//!   so it can neither forge nor lose a move that a browser has not also
//!   kept. See `docs/live.md` for the wire interface.
//! - `<prefix>lobby`: the lobby, a WebSocket per visitor: open challenges
//!   live, posted and withdrawn by their players' keys (`docs/lobby.md`).
//! - `<prefix>api/…`: the JSON API ([`api`], docs/ratings.md): players
//!   with their ratings, games and rating history, a finished game with
//!   its link and clocks, the leaderboard.
//! - The database ([`store::Store`], SQLite by default, or PostgreSQL
//!   shared by several instances): players, games with every link's
//!   arrival time, and the lobby's challenges.
//!
//! Every resource a stranger can make it spend is bounded by [`Limits`]
//! and [`LobbyLimits`].
//!
//! [`serve`] logs with `tracing` (the binary sets up the subscriber): a
//! line per HTTP request, per live connection opened and closed, and per
//! sweep of idle rooms. When its shutdown future completes it closes every
//! live connection with 1001 (Going Away) and returns within
//! [`SHUTDOWN_GRACE`].

pub mod address;
pub mod admit;
pub mod api;
pub mod clock;
pub mod glicko;
pub mod http;
pub mod keys;
pub mod lobby;
pub mod luck;
pub mod push;
pub mod relay;
pub mod session;
mod site;
pub mod store;
pub mod time;
pub mod tournament;
pub mod wire;

pub use address::Proxies;
pub use http::HttpLimits;
pub use lobby::{Lobby, LobbyLimits};
pub use relay::{Limits, Relay};
pub use store::Store;
pub use time::Time;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How long [`serve`] waits, once told to stop, for the requests under way
/// to finish and the live connections to close (each gets 1001, Going
/// Away) before it returns anyway. Well under 5 s, so the process is gone
/// within 5 s of SIGTERM even on a busy machine; a live connection's
/// closing handshake needs at most 2 s of it.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// What to serve and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// The built site's folder.
    pub root: PathBuf,
    /// The path the site lives under, starting and ending with `/`.
    pub prefix: String,
    /// Bounds on what a stranger can make the relay spend.
    pub limits: Limits,
    /// Bounds on what a stranger can make the lobby spend.
    pub lobby: LobbyLimits,
    /// Bounds on the TCP connections and their requests' heads.
    pub http: HttpLimits,
    /// The database: `sqlite:///absolute/path.db`, `sqlite://relative.db`
    /// (from the working directory, made if missing) or `postgres://…`.
    pub database: String,
    /// The proxies whose `X-Forwarded-For` / `X-Real-IP` are believed
    /// (none by default), and the IPv6 prefix a client is counted by.
    pub trust_proxy: Proxies,
    /// Sites (`scheme://host[:port]`) besides this one whose pages may
    /// open the lobby and rooms; a socket opened from any other page gets
    /// 403. A client that sends no `Origin` (not a page) is let in.
    pub allow_origins: Vec<String>,
    /// How pushes are sent (docs/push.md).
    pub push: push::PushConfig,
    /// The clock the relay's and the lobby's timers read:
    /// [`Time::system`], or a [`Time::manual`] a test moves.
    pub time: Time,
}

/// A prefix as given (`games/diablo`, `/games/diablo/`) in its one
/// spelling: a leading and a trailing `/`.
#[must_use]
pub fn normal_prefix(given: &str) -> String {
    let inner = given.trim_matches('/');
    if inner.is_empty() {
        "/".into()
    } else {
        format!("/{inner}/")
    }
}

/// The database a bare `diablo-server` keeps its games in: a SQLite file
/// in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://diablo.db";

/// The whole service: site, `live.json`, relay and lobby, and
/// `api/push` when pushes are sent ([`push::Pusher`]).
pub fn app(config: &Config, relay: Arc<Relay>, lobby: Arc<Lobby>) -> axum::Router {
    site::router(config, relay, lobby, None)
}

/// [`app`] with pushes: `api/push` served, and the relay's games pushed.
pub fn app_with_pushes(
    config: &Config,
    relay: Arc<Relay>,
    lobby: Arc<Lobby>,
    pusher: Arc<push::Pusher>,
) -> axum::Router {
    relay.set_pushes(pusher.clone());
    site::router(config, relay, lobby, Some(pusher))
}

/// Serves `config` on `listener` until `shutdown` completes; then stops
/// taking connections, closes every live and lobby connection with 1001
/// (Going Away) and returns once all are closed, or [`SHUTDOWN_GRACE`]
/// after `shutdown` completed, whichever is first. Games and turn-based
/// challenges are in the database; the live challenges held here are
/// dropped (their posters are gone).
///
/// # Errors
/// When the site's folder is missing, the database cannot be opened, or
/// serving fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    check_site(&config)?;
    let store = open_database(&config.database).await?;
    serve_on(listener, config, store, shutdown).await
}

/// Whether the site's folder holds a site.
fn check_site(config: &Config) -> anyhow::Result<()> {
    anyhow::ensure!(
        config.root.join("index.html").is_file(),
        "{} holds no site (no index.html): build it with `cargo xtask dist`",
        config.root.display()
    );
    Ok(())
}

/// Opens the database at `url` ([`Store::open`]), with the URL (without
/// its password) in the error.
///
/// # Errors
/// When it cannot be opened.
pub async fn open_database(url: &str) -> anyhow::Result<Arc<Store>> {
    use anyhow::Context as _;
    Store::open(url)
        .await
        .with_context(|| format!("cannot open the database {}", store::redacted(url)))
}

/// Deletes what [`Store::prune`] deletes, older than `retention`, at once
/// and then every hour.
async fn prune_forever(store: Arc<Store>, time: Time, retention: Duration) {
    let keep = i64::try_from(retention.as_millis()).unwrap_or(i64::MAX);
    let mut next = time.now();
    loop {
        time.sleep_until(next).await;
        next += Duration::from_secs(3600);
        match store.prune(time.now_ms().saturating_sub(keep)).await {
            Ok(0) => {}
            Ok(games) => tracing::info!(games, "pruned games nobody will play on"),
            Err(e) => tracing::warn!("pruning the database: {e:#}"),
        }
    }
}

/// The instance's heartbeat, at once and every [`relay::BEAT_MS`] (a
/// beat that fails is tried at the next).
async fn beat_forever(store: Arc<Store>, time: Time) {
    let every = Duration::from_millis(relay::BEAT_MS.unsigned_abs());
    let mut next = time.now();
    let mut failing = false;
    loop {
        time.sleep_until(next).await;
        next += every;
        match store.beat(time.now_ms(), false).await {
            Ok(()) => failing = false,
            Err(e) if !std::mem::replace(&mut failing, true) => {
                tracing::warn!("the instance's heartbeat: {e:#}");
            }
            Err(_) => {}
        }
    }
}

/// [`serve`] on a database already open (`config.database` is only
/// logged).
///
/// # Errors
/// When the site's folder is missing or serving fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    config: Config,
    store: Arc<Store>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    check_site(&config)?;
    tracing::info!(
        database = %store::redacted(&config.database),
        "games and challenges are kept in the database"
    );
    let relay = Relay::with_time(config.limits.clone(), store.clone(), config.time.clone());
    // Before the first room: this instance's heartbeat, so a room it
    // keeps names a running instance.
    if let Err(e) = store.beat(config.time.now_ms(), false).await {
        tracing::warn!("the instance's heartbeat: {e:#}");
    }
    let beater = tokio::spawn(beat_forever(store.clone(), config.time.clone()));
    let janitor = tokio::spawn(relay.clone().sweep_forever());
    let pruner = tokio::spawn(prune_forever(
        store.clone(),
        config.time.clone(),
        config.limits.retention,
    ));
    // Other instances' changes to the lobby, told by PostgreSQL.
    store.listen();
    let lobby = Lobby::with_time(store.clone(), config.lobby.clone(), config.time.clone());
    // The first look before the first visitor, who gets the whole list.
    lobby
        .look()
        .await
        .context("reading the lobby's challenges")?;
    let looker = tokio::spawn(lobby.clone().run());
    let luck = tokio::spawn(luck::settle_forever(store.clone()));
    let tournaments = tokio::spawn(lobby.clone().run_tournaments());
    let pusher = push::Pusher::start(store.clone(), config.push.clone())
        .await
        .context("starting pushes")?;
    let warner = tokio::spawn(push::warn_deadlines_forever(
        store.clone(),
        pusher.clone(),
        config.time.clone(),
    ));
    let app = app_with_pushes(&config, relay.clone(), lobby.clone(), pusher);
    let mut http = config.http.clone();
    let files = http::raise_open_files();
    if files < http.connections {
        tracing::info!(
            connections = files,
            "the open-file limit bounds the connections in all"
        );
        http.connections = files;
    }
    let closer = relay.clone();
    let lobby_closer = lobby.clone();
    let serving = http::serve(
        listener,
        app,
        http,
        config.trust_proxy.clone(),
        async move {
            shutdown.await;
            tracing::info!(
                connections = closer.connection_count(),
                rooms = closer.room_count(),
                lobby = lobby_closer.connection_count(),
                "shutting down: closing every live and lobby connection"
            );
            closer.close_all();
            lobby_closer.close_all();
        },
    );
    // The listener stops taking connections and waits for the requests
    // under way (a WebSocket's ends at its upgrade); the relay's
    // connections close meanwhile. Both within the grace.
    let served: anyhow::Result<()> = tokio::select! {
        () = serving => Ok(()),
        () = relay.closed_for(SHUTDOWN_GRACE) => {
            tracing::warn!("requests still under way after the grace: dropped");
            Ok(())
        }
    };
    relay.close_all();
    lobby.close_all();
    tokio::select! {
        biased;
        () = async { tokio::join!(relay.emptied(), lobby.emptied()); } => {}
        () = relay.closed_for(SHUTDOWN_GRACE) => tracing::warn!(
            open = relay.connection_count(),
            lobby = lobby.connection_count(),
            "live connections still open after the grace: dropped"
        ),
    }
    janitor.abort();
    pruner.abort();
    looker.abort();
    warner.abort();
    luck.abort();
    tournaments.abort();
    // Within what is left of the grace: the database may be gone. What
    // the rooms relayed is written first.
    beater.abort();
    let stopped_ms = config.time.now_ms();
    let _ = tokio::time::timeout(Duration::from_millis(500), async {
        relay.flushed().await;
        lobby.release_all().await;
        // The last word: stopped now, so the time until the next start
        // is nobody's (docs/live.md).
        if let Err(e) = store.beat(stopped_ms, true).await {
            tracing::warn!("the instance's last heartbeat: {e:#}");
        }
        store.close().await;
    })
    .await;
    served?;
    tracing::info!("stopped");
    Ok(())
}
