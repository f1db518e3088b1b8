//! Routes: the built site under the prefix, `live.json`, the relay, the
//! lobby and the JSON API (`api/…`).

use crate::Config;
use crate::address::Proxies;
use crate::admit::{Origins, Turnaway};
use crate::lobby::{self, Lobby};
use crate::relay::{self, Relay};
use axum::Router;
use axum::body::Body;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, Request, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

#[derive(Clone)]
struct Shared {
    relay: Arc<Relay>,
    lobby: Arc<Lobby>,
    trust_proxy: Arc<Proxies>,
    origins: Arc<Origins>,
}

pub(crate) fn router(
    config: &Config,
    relay: Arc<Relay>,
    lobby: Arc<Lobby>,
    pusher: Option<Arc<crate::push::Pusher>>,
) -> Router {
    let first_move_ms = i64::try_from(relay.limits().first_move.as_millis()).unwrap_or(i64::MAX);
    let mut api = crate::api::router(lobby.store().clone(), first_move_ms);
    if let Some(p) = pusher {
        api = api.merge(crate::push::router(p, config.prefix.clone()));
    }
    let shared = Shared {
        relay,
        lobby,
        trust_proxy: Arc::new(config.trust_proxy.clone()),
        origins: Arc::new(Origins::new(&config.allow_origins)),
    };
    let site = Router::new()
        .merge(api)
        .route("/live.json", get(live_json))
        .route("/live/{id}", get(live))
        .route("/lobby", get(lobby_socket))
        .fallback_service(ServeDir::new(&config.root).append_index_html_on_directories(true))
        .with_state(shared)
        // The built site changes under a running server while developing.
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        // A type is what it says it is; a link out names the site, not the
        // page (a game's link is in its page's address).
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(Policy::of_site(&config.root)),
            policy,
        ))
        // As static hosts commonly do, so other sites can embed the boards.
        // A plain header, not tower-http's CorsLayer: its `Vary: origin`
        // made the service worker's cache miss module scripts (requested
        // with an Origin header) when offline.
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ));
    let app = if config.prefix == "/" {
        site
    } else {
        Router::new().nest_service(config.prefix.trim_end_matches('/'), site)
    };
    // One line per request, when its response starts (a WebSocket's is its
    // 101; the connection logs its own opening and closing). The status is
    // in that line, so a 5xx gets no second one.
    app.layer(
        TraceLayer::new_for_http()
            .make_span_with(request_span)
            .on_request(())
            .on_response(DefaultOnResponse::new().level(Level::INFO))
            .on_failure(()),
    )
}

/// The element's frame route, the one page other sites may frame.
const FRAME_ROUTE: &str = "web/embed/frame.html";

/// The Content-Security-Policy of every response: scripts only from the
/// site itself (and its pages' own inline scripts, by hash), wasm, no
/// plugins, no `<base>` elsewhere; styles may be inline (the pages set
/// them). `framed` for the element's frame route, which any site may
/// frame; `unframed` for every other page (clickjacking).
struct Policy {
    framed: HeaderValue,
    unframed: HeaderValue,
}

impl Policy {
    /// The policy for the site in `root`: the hashes of the inline
    /// `<script>` elements of its pages (read once, at start).
    fn of_site(root: &std::path::Path) -> Policy {
        let mut hashes = Vec::new();
        inline_scripts(root, 0, &mut hashes);
        hashes.sort();
        hashes.dedup();
        let scripts: String = hashes.iter().map(|h| format!(" 'sha256-{h}'")).collect();
        let base = format!(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{scripts}; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             media-src 'self' data: blob:; connect-src 'self' ws: wss:; worker-src 'self' blob:; \
             object-src 'none'; base-uri 'self'; form-action 'self'"
        );
        let value = |text: String| {
            HeaderValue::from_str(&text)
                .unwrap_or(HeaderValue::from_static("frame-ancestors 'none'"))
        };
        Policy {
            framed: value(base.clone()),
            unframed: value(format!("{base}; frame-ancestors 'none'")),
        }
    }
}

/// Adds the SHA-256 (base64) of each inline `<script>` of the HTML files
/// under `dir` (a few levels down) to `hashes`.
fn inline_scripts(dir: &std::path::Path, depth: usize, hashes: &mut Vec<String>) {
    use base64::Engine as _;
    use sha2::Digest as _;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if depth < 4 {
                inline_scripts(&path, depth + 1, hashes);
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut rest = text.as_str();
        while let Some(start) = rest.find("<script>") {
            let body = &rest[start + "<script>".len()..];
            let Some(end) = body.find("</script>") else {
                break;
            };
            let digest = sha2::Sha256::digest(&body.as_bytes()[..end]);
            hashes.push(base64::engine::general_purpose::STANDARD.encode(digest));
            rest = &body[end..];
        }
    }
}

async fn policy(
    State(p): State<Arc<Policy>>,
    request: Request<Body>,
    next: axum::middleware::Next,
) -> Response {
    let framable = request.uri().path().ends_with(FRAME_ROUTE);
    let mut response = next.run(request).await;
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        if framable {
            p.framed.clone()
        } else {
            p.unframed.clone()
        },
    );
    response
}

/// The span a request's line is logged in: method, path and the peer's
/// address (the proxy's, behind one).
fn request_span(request: &Request<Body>) -> tracing::Span {
    let span = tracing::info_span!(
        "request",
        method = %request.method(),
        uri = %request.uri(),
        peer = tracing::field::Empty,
    );
    if let Some(ConnectInfo(peer)) = request.extensions().get::<ConnectInfo<SocketAddr>>() {
        span.record("peer", tracing::field::display(peer.ip()));
    }
    span
}

/// Where the pages find the relay: next to them.
async fn live_json() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"url":"live/"}"#,
    )
}

async fn live(
    State(shared): State<Shared>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Turnaway> {
    if !relay::is_game_id(&id) {
        return Err(Turnaway::NotAGame);
    }
    let proxied = shared.trust_proxy.trusts(peer.ip());
    shared.origins.check(&headers, proxied)?;
    let limits = shared.relay.limits();
    let reserved = shared.relay.reserve(limits.frame_bytes)?;
    let ticket = shared
        .relay
        .enter(&id, shared.trust_proxy.client(peer.ip(), &headers))?;
    let relay = shared.relay.clone();
    Ok(upgrade
        // Small buffers: a room's frames are a few KB, and tungstenite's
        // 128 KiB defaults for each made thousands of idle connections
        // cost hundreds of megabytes.
        .read_buffer_size(limits.socket_buffer)
        .write_buffer_size(limits.socket_buffer)
        // An unfinished message counts as it grows: past the bound the
        // connection closes.
        .max_message_size(limits.frame_bytes)
        .max_frame_size(limits.frame_bytes)
        .on_upgrade(move |socket| async move {
            relay::connection(socket, relay, ticket).await;
            drop(reserved);
        }))
}

async fn lobby_socket(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Turnaway> {
    shared
        .origins
        .check(&headers, shared.trust_proxy.trusts(peer.ip()))?;
    let limits = shared.lobby.limits();
    // A frame up to four times the bound is read and refused with
    // `too-large`; a longer one closes the connection.
    let read = limits.frame_bytes * 4;
    let reserved = shared.relay.reserve(read)?;
    let pass = shared
        .lobby
        .enter(shared.trust_proxy.client(peer.ip(), &headers))?;
    let lobby = shared.lobby.clone();
    Ok(upgrade
        .read_buffer_size(limits.socket_buffer)
        .write_buffer_size(limits.socket_buffer)
        .max_message_size(read)
        .max_frame_size(read)
        .on_upgrade(move |socket| async move {
            lobby::connection(socket, lobby, pass).await;
            drop(reserved);
        }))
}
