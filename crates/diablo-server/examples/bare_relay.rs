//! The floor for the load benchmark: a relay on the same crates that
//! forwards every text frame to the other connections of its room and
//! checks nothing. Not for use; see `examples/load.rs`.
//!
//! `bare_relay PORT`

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::routing::get;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

type Rooms = Arc<Mutex<HashMap<String, broadcast::Sender<(u64, axum::extract::ws::Utf8Bytes)>>>>;

#[tokio::main]
async fn main() {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(8600);
    let rooms: Rooms = Arc::default();
    let app = axum::Router::new()
        .route("/live/{id}", get(live))
        .with_state(rooms);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .expect("port");
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    println!("bare relay on {port}");
    axum::serve(listener, app).await.expect("serve");
}

async fn live(
    State(rooms): State<Rooms>,
    Path(id): Path<String>,
    up: WebSocketUpgrade,
) -> axum::response::Response {
    let tx = rooms
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry(id)
        .or_insert_with(|| broadcast::channel(64).0)
        .clone();
    // Subscribed before the handshake ends, so nothing sent after it is
    // missed.
    let rx = tx.subscribe();
    // The same buffers as diablo-server's, so memory compares.
    up.read_buffer_size(4096)
        .write_buffer_size(4096)
        .on_upgrade(move |ws| relay(ws, tx, rx))
}

async fn relay(
    mut ws: WebSocket,
    tx: broadcast::Sender<(u64, axum::extract::ws::Utf8Bytes)>,
    mut rx: broadcast::Receiver<(u64, axum::extract::ws::Utf8Bytes)>,
) {
    let me: u64 = rand::random();
    loop {
        tokio::select! {
            m = ws.recv() => match m {
                Some(Ok(Message::Text(t))) => { let _ = tx.send((me, t)); }
                Some(Ok(_)) => {}
                _ => break,
            },
            Ok((from, t)) = rx.recv() => {
                if from != me && ws.send(Message::Text(t)).await.is_err() {
                    break;
                }
            }
        }
    }
}
