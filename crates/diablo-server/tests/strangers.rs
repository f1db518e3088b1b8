//! What a stranger can send the server, probed from outside through a
//! real server on a free port: half requests, many connections, pages of
//! other sites, unfinished messages, floods of binary frames and pings,
//! long rematch offers. Each test names what breaking it on purpose does.

mod common;

use common::{Duel, before_marker, config, connect, next_with, send_link, serve};
use diablo_core::Edition;
use diablo_server::{HttpLimits, Limits, Relay, Time};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::{Error, Message};

/// A bound for a hang only: every wait below is for an event.
const HANG: Duration = Duration::from_secs(10);

/// Reads `tcp` until the server closes it, with what it sent.
async fn until_closed(tcp: &mut TcpStream) -> String {
    let mut got = Vec::new();
    tokio::time::timeout(HANG, tcp.read_to_end(&mut got))
        .await
        .expect("the server closes the connection")
        .ok();
    String::from_utf8_lossy(&got).into_owned()
}

/// Reads one response's head and body of `GET /live.json` on `tcp`.
async fn live_json(tcp: &mut TcpStream) -> String {
    tcp.write_all(b"GET /live.json HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("written");
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !String::from_utf8_lossy(&got).contains("live/\"}") {
        let n = tokio::time::timeout(HANG, tcp.read(&mut buf))
            .await
            .expect("an answer")
            .expect("read");
        assert!(n > 0, "closed: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

// Broken on purpose (no `.timer` / `header_read_timeout` in src/http.rs,
// as with axum::serve): both connections stay open and the reads hang.
#[tokio::test]
async fn a_half_request_and_an_idle_connection_are_closed_after_the_header_timeout() {
    let mut c = config(Time::manual());
    c.http.header_timeout = Duration::from_millis(300);
    let addr = serve(c).await;
    let mut half = TcpStream::connect(addr).await.expect("connected");
    half.write_all(b"GET /live.json HTTP/1.1\r\nHo")
        .await
        .expect("written");
    let answer = until_closed(&mut half).await;
    assert!(!answer.contains("200 OK"), "{answer}");
    // A kept-alive connection, answered once, then idle.
    let mut idle = TcpStream::connect(addr).await.expect("connected");
    assert!(live_json(&mut idle).await.contains("200 OK"));
    until_closed(&mut idle).await;
}

// Broken on purpose (no `Counts::admit` in src/http.rs): the third
// connection is served.
#[tokio::test]
async fn connections_are_bounded_per_address_before_any_request() {
    let mut c = config(Time::manual());
    c.http = HttpLimits {
        per_address: 2,
        cap_loopback: true,
        ..HttpLimits::default()
    };
    let addr = serve(c).await;
    let mut first = TcpStream::connect(addr).await.expect("connected");
    let mut second = TcpStream::connect(addr).await.expect("connected");
    assert!(live_json(&mut first).await.contains("200 OK"));
    assert!(live_json(&mut second).await.contains("200 OK"));
    let mut third = TcpStream::connect(addr).await.expect("connected");
    let _ = third
        .write_all(b"GET /live.json HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    assert_eq!(until_closed(&mut third).await, "", "closed unanswered");
    // One closed, another may come.
    drop(first);
    loop {
        let mut next = TcpStream::connect(addr).await.expect("connected");
        let _ = next
            .write_all(b"GET /live.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await;
        if until_closed(&mut next).await.contains("200 OK") {
            break;
        }
    }
}

/// The status of a WebSocket upgrade to `path` with `origin`.
async fn upgrade(addr: SocketAddr, path: &str, origin: Option<&str>) -> u16 {
    let mut request = format!("ws://{addr}{path}")
        .into_client_request()
        .expect("a request");
    if let Some(o) = origin {
        request
            .headers_mut()
            .insert("origin", o.parse().expect("a header"));
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((_, response)) => response.status().as_u16(),
        Err(Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

// Broken on purpose (no `origins.check` in src/site.rs): 101 for the
// foreign page.
#[tokio::test]
async fn pages_of_other_sites_may_not_open_the_lobby_or_a_room() {
    let mut c = config(Time::manual());
    c.allow_origins = vec!["https://rules.example.org".into()];
    let addr = serve(c).await;
    let room = format!("/live/{}", "ab".repeat(16));
    for path in ["/lobby", room.as_str()] {
        assert_eq!(upgrade(addr, path, Some("http://evil.example")).await, 403);
        assert_eq!(upgrade(addr, path, None).await, 101, "a native client");
        let own = format!("http://{addr}");
        assert_eq!(upgrade(addr, path, Some(&own)).await, 101, "this site");
        let allowed = Some("https://rules.example.org");
        assert_eq!(upgrade(addr, path, allowed).await, 101, "allowed");
    }
}

/// A text message's fragment of `n` bytes: the first or a continuation.
fn fragment(n: usize, first: bool) -> Message {
    let op = if first { Data::Text } else { Data::Continue };
    Message::Frame(Frame::message("x".repeat(n), OpCode::Data(op), false))
}

// Broken on purpose (the room's `max_message_size` back at 2 MiB in
// src/site.rs): the connection holds 100 KiB and stays open, and the wait
// for its close fails.
#[tokio::test]
async fn an_unfinished_message_past_the_bound_closes_the_connection() {
    let bound = Limits::default().frame_bytes;
    let addr = serve(config(Time::manual())).await;
    let mut ws = connect(addr, &"cd".repeat(16)).await;
    next_with(&mut ws, "peers").await;
    // Within the bound the message is held (the connection still answers).
    ws.send(fragment(bound / 2, true)).await.expect("sent");
    assert!(before_marker(&mut ws).await.is_empty());
    ws.send(fragment(bound / 2 - 1024, false))
        .await
        .expect("sent");
    assert!(before_marker(&mut ws).await.is_empty());
    // Past it, the connection goes.
    let _ = ws.send(fragment(2048, false)).await;
    let closed = tokio::time::timeout(HANG, async {
        loop {
            match ws.next().await {
                None | Some(Err(_) | Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "still open past {bound} bytes");
}

// Broken on purpose (a connection's read bound not held in
// `Relay::reserve`): the estimate does not move and nothing is refused.
#[tokio::test]
async fn each_connection_holds_its_read_bound_in_the_memory_budget() {
    let limits = Limits {
        memory: 200 * 1024,
        ..Limits::default()
    };
    let relay = Relay::new(limits.clone());
    let one = relay.reserve(limits.frame_bytes).expect("room for one");
    let two = relay.reserve(limits.frame_bytes).expect("room for two");
    assert_eq!(relay.memory_estimate(), 2 * limits.frame_bytes);
    assert!(
        relay.reserve(limits.frame_bytes).is_err(),
        "a third is over"
    );
    drop(one);
    drop(two);
    assert_eq!(relay.memory_estimate(), 0);
}

// Broken on purpose (binary frames answered before the bucket is asked,
// or pings not taking a token, in src/session.rs): 100 `malformed`
// answers, or 100 pongs and no close.
#[tokio::test]
async fn binary_frames_and_pings_drain_the_bucket() {
    let burst = Limits::default().frame_burst;
    // The time stands still: nothing refills the bucket.
    let addr = serve(config(Time::manual())).await;
    let mut ws = connect(addr, &"ef".repeat(16)).await;
    next_with(&mut ws, "peers").await;
    for _ in 0..100 {
        ws.feed(Message::binary(vec![1u8, 2])).await.expect("fed");
    }
    ws.flush().await.expect("flushed");
    let answers = before_marker(&mut ws).await;
    assert_eq!(answers.len() as f64, burst, "{answers:?}");
    assert!(answers.iter().all(|v| v["error"] == "malformed"));
    for k in 0..100u8 {
        // The connection may be gone before the last few are written.
        if ws.feed(Message::Ping(vec![k].into())).await.is_err() {
            break;
        }
    }
    let _ = ws.flush().await;
    let mut pongs = 0;
    let code = tokio::time::timeout(HANG, async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Pong(_))) => pongs += 1,
                Some(Ok(Message::Close(c))) => return c.map(|c| u16::from(c.code)),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .expect("closed");
    assert_eq!(code, Some(1008), "Policy Violation");
    assert!(f64::from(pongs) <= burst, "{pongs} pongs");
}

// Broken on purpose (the size check after `Game::decode` in
// `Relay::offer_rematch`): the long offers are read as links and refused as
// `malformed`.
#[tokio::test]
async fn long_rematch_offers_are_refused_by_size_while_other_rooms_play() {
    let addr = serve(config(Time::manual())).await;
    let mut done = Duel::new(6, Edition::Standard, 3);
    let mut a = connect(addr, &done.id()).await;
    send_link(&mut a, &done.link()).await;
    done.step();
    done.resign();
    send_link(&mut a, &done.link()).await;
    next_with(&mut a, "over").await;
    let proof = "0".repeat(32);
    let long = "c".repeat(60 * 1024);
    let frame = serde_json::json!({ "rematch": long, "proof": proof }).to_string();
    let mut flooders = Vec::new();
    for _ in 0..8 {
        let mut f = connect(addr, &done.id()).await;
        next_with(&mut f, "over").await;
        for _ in 0..Limits::default().frame_burst as usize {
            f.feed(Message::text(frame.clone())).await.expect("fed");
        }
        f.flush().await.expect("flushed");
        flooders.push(f);
    }
    // Meanwhile another room plays.
    let mut other = Duel::new(6, Edition::Standard, 4);
    let mut x = connect(addr, &other.id()).await;
    let mut y = connect(addr, &other.id()).await;
    for k in 0..6 {
        let (from, to) = if k % 2 == 0 {
            (&mut x, &mut y)
        } else {
            (&mut y, &mut x)
        };
        send_link(from, &other.link()).await;
        assert_eq!(next_with(to, "link").await["link"], other.link());
        other.step();
    }
    for mut f in flooders {
        let answers = before_marker(&mut f).await;
        // Besides the counts of the room's connections.
        let kinds: Vec<_> = answers.iter().filter_map(|v| v.get("error")).collect();
        assert_eq!(kinds.len() as f64, Limits::default().frame_burst);
        assert!(kinds.iter().all(|k| *k == "too-large"), "{kinds:?}");
    }
}

/// An upgrade to a room from the local address `from` with
/// `X-Forwarded-For: xff`: its status, and the socket while it is open.
async fn room_from(
    from: &str,
    addr: SocketAddr,
    xff: &str,
) -> (u16, Option<tokio_tungstenite::WebSocketStream<TcpStream>>) {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(format!("{from}:0").parse().expect("an address"))
        .expect("bound on loopback");
    let tcp = socket.connect(addr).await.expect("connected");
    let mut request = format!("ws://{addr}/live/{}", "cd".repeat(16))
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("x-forwarded-for", xff.parse().expect("a header"));
    match tokio_tungstenite::client_async(request, tcp).await {
        Ok((ws, response)) => (response.status().as_u16(), Some(ws)),
        Err(Error::Http(response)) => (response.status().as_u16(), None),
        Err(e) => panic!("{e}"),
    }
}

/// A server allowing one room connection per address, behind the proxy
/// at 127.0.0.2 only.
async fn behind_a_proxy() -> SocketAddr {
    let mut c = config(Time::manual());
    c.limits = Limits {
        per_address: 1,
        ..Limits::default()
    };
    c.trust_proxy = diablo_server::Proxies::new(vec!["127.0.0.2".parse().expect("a proxy")]);
    serve(c).await
}

// Broken on purpose (src/address.rs believing any peer's header, as
// before): the second stranger's connection, under another made-up
// address, is let in.
#[tokio::test]
async fn a_forwarded_for_from_a_peer_that_is_not_a_listed_proxy_is_ignored() {
    let addr = behind_a_proxy().await;
    let (first, _a) = room_from("127.0.0.1", addr, "198.51.100.1").await;
    assert_eq!(first, 101);
    // Counted as 127.0.0.1 (not exempt: a proxy is listed), whatever it says.
    let (second, _b) = room_from("127.0.0.1", addr, "198.51.100.2").await;
    assert_eq!(second, 429);
}

// Broken on purpose (no prefix cut in `Proxies::counted`): the second
// address of the /64 is let in.
#[tokio::test]
async fn through_a_listed_proxy_ipv6_counts_by_its_64_and_reported_loopback_counts() {
    let addr = behind_a_proxy().await;
    let (a, _a) = room_from("127.0.0.2", addr, "2001:db8:1:2::a").await;
    assert_eq!(a, 101);
    let (b, _b) = room_from("127.0.0.2", addr, "2001:db8:1:2::b").await;
    assert_eq!(b, 429, "the same /64");
    let (c, _c) = room_from("127.0.0.2", addr, "2001:db8:1:3::a").await;
    assert_eq!(c, 101, "another /64");
    // What the client wrote before the proxy's own entry is not believed.
    let (d, _d) = room_from("127.0.0.2", addr, "198.51.100.7, 2001:db8:1:2::c").await;
    assert_eq!(d, 429);
    // A loopback address the proxy reports is counted like any other.
    let (e, _e) = room_from("127.0.0.2", addr, "127.0.0.1").await;
    assert_eq!(e, 101);
    let (f, _f) = room_from("127.0.0.2", addr, "127.0.0.1").await;
    assert_eq!(f, 429, "reported loopback is not exempt");
}
