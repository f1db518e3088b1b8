//! The server binary stopped by SIGTERM: every live connection gets a
//! close frame with 1001 (Going Away), and the process exits with status 0
//! even with a client that never finishes its request (it waits for it at
//! most `diablo_server::SHUTDOWN_GRACE`; how soon it is gone on a given
//! machine is a number for a benchmark, not a bound of this test).
#![cfg(unix)]

mod common;
mod process;

use futures_util::StreamExt;
use std::process::Command;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// How long what must come may take: a bound for a hang only.
const HANG: Duration = Duration::from_secs(30);

#[tokio::test]
async fn sigterm_closes_live_connections_with_going_away_and_exits_0() {
    let (mut server, addr, stdout, stderr) =
        process::spawn_server(&common::site(), &common::database());
    let id = format!("{:032x}", 7);
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/live/{id}"))
        .await
        .expect("a live connection");
    // The connection's task runs: it has sent the connection's nonce.
    let first = tokio::time::timeout(HANG, ws.next())
        .await
        .expect("a first frame")
        .expect("a first frame")
        .expect("a readable frame");
    assert!(
        first.to_text().is_ok_and(|t| t.contains("nonce")),
        "{first:?}"
    );
    // A client that starts a request and never finishes it: shutdown does
    // not wait for it past its bound.
    let mut stuck = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("a connection");
    stuck
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("half a request");

    let pid = server.0.id().to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -TERM {pid}: {status}");

    let frame = loop {
        let next = tokio::time::timeout(HANG, ws.next())
            .await
            .expect("a close frame");
        match next {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => {}
            other => panic!("the connection ended without a close frame: {other:?}"),
        }
    };
    let frame = frame.expect("a close frame with a code");
    assert_eq!(frame.code, CloseCode::Away, "{frame:?}");
    assert_eq!(u16::from(frame.code), 1001);

    // The process exits though a request never ends: its output ends
    // (every line read), then its status.
    let mut log = Vec::new();
    loop {
        match stdout.recv_timeout(HANG) {
            Ok(line) => log.push(line),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => panic!("the server still runs: {log:#?}"),
        }
    }
    let exited = server.0.wait().expect("the process's status");
    let err: Vec<String> = stderr.iter().collect();
    assert_eq!(exited.code(), Some(0), "{exited}; stderr: {err:#?}");

    // The log has the request, the connection's opening and closing, and
    // the shutdown.
    let has = |words: &[&str]| log.iter().any(|l| words.iter().all(|w| l.contains(w)));
    assert!(has(&[&format!("/live/{id}"), "status=101"]), "{log:#?}");
    assert!(has(&["live connection opened", &id]), "{log:#?}");
    assert!(
        has(&["live connection closed", "the server is shutting down"]),
        "{log:#?}"
    );
    assert!(has(&["signal received", "SIGTERM"]), "{log:#?}");
    assert!(has(&["swept idle rooms", "rooms="]), "{log:#?}");
    drop(stuck);
}
