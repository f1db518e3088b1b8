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
//!
//! Every resource a stranger can make it spend is bounded by [`Limits`].
//!
//! [`serve`] logs with `tracing` (the binary sets up the subscriber): a
//! line per HTTP request, per live connection opened and closed, and per
//! sweep of idle rooms. When its shutdown future completes it closes every
//! live connection with 1001 (Going Away) and returns within
//! [`SHUTDOWN_GRACE`].

pub mod clock;
pub mod glicko;
pub mod keys;
pub mod relay;
mod site;

pub use relay::{Limits, Relay};

use std::future::Future;
use std::net::SocketAddr;
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
    /// Take the client's address from `X-Forwarded-For` / `X-Real-IP`
    /// (only behind a proxy that sets them).
    pub trust_proxy: bool,
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

/// The whole service: site, `live.json` and relay.
pub fn app(config: &Config, relay: Arc<Relay>) -> axum::Router {
    site::router(config, relay)
}

/// Serves `config` on `listener` until `shutdown` completes; then stops
/// taking connections, closes every live one with 1001 (Going Away) and
/// returns once all are closed, or [`SHUTDOWN_GRACE`] after `shutdown`
/// completed, whichever is first. The relay keeps nothing on disk: the
/// browsers hold every game and rebuild the rooms on reconnecting.
///
/// # Errors
/// When the site's folder is missing or serving fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    use anyhow::Context as _;
    anyhow::ensure!(
        config.root.join("index.html").is_file(),
        "{} holds no site (no index.html): build it with `cargo xtask dist`",
        config.root.display()
    );
    let relay = Relay::new(config.limits.clone());
    let janitor = tokio::spawn(relay.clone().sweep_forever());
    let app = app(&config, relay.clone());
    let send_buffer = config.limits.send_buffer;
    let listener = axum::serve::ListenerExt::tap_io(listener, move |tcp| {
        // Frames go out as soon as they are written.
        let _ = tcp.set_nodelay(true);
        // The kernel's buffer for a client that does not read is bounded
        // too (by default it grows to megabytes per connection).
        let _ = socket2::SockRef::from(&*tcp).set_send_buffer_size(send_buffer);
    });
    let closer = relay.clone();
    let serving = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        tracing::info!(
            connections = closer.connection_count(),
            rooms = closer.room_count(),
            "shutting down: closing every live connection"
        );
        closer.close_all();
    });
    // axum stops taking connections and waits for the requests under way
    // (a WebSocket's ends at its upgrade); the relay's connections close
    // meanwhile. Both within the grace.
    let served = tokio::select! {
        served = serving.into_future() => served.context("serving"),
        () = relay.closed_for(SHUTDOWN_GRACE) => {
            tracing::warn!("requests still under way after the grace: dropped");
            Ok(())
        }
    };
    relay.close_all();
    tokio::select! {
        biased;
        () = relay.emptied() => {}
        () = relay.closed_for(SHUTDOWN_GRACE) => tracing::warn!(
            open = relay.connection_count(),
            "live connections still open after the grace: dropped"
        ),
    }
    janitor.abort();
    served?;
    tracing::info!("stopped");
    Ok(())
}
