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

pub mod relay;
mod site;

pub use relay::{Limits, Relay};

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

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

/// Serves `config` on `listener` until `shutdown` completes.
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
    let janitor = relay.clone();
    tokio::spawn(async move { janitor.sweep_forever().await });
    let app = app(&config, relay);
    let send_buffer = config.limits.send_buffer;
    let listener = axum::serve::ListenerExt::tap_io(listener, move |tcp| {
        // Frames go out as soon as they are written.
        let _ = tcp.set_nodelay(true);
        // The kernel's buffer for a client that does not read is bounded
        // too (by default it grows to megabytes per connection).
        let _ = socket2::SockRef::from(&*tcp).set_send_buffer_size(send_buffer);
    });
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .context("serving")
}
