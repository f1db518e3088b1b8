//! The live relay through a real server on a free port: games passed
//! between connections, every refusal, and the bounds a stranger meets.

mod common;

use common::{
    Duel, before_marker, connect, next, next_with, peers_until, send_link, start, start_timed,
};
use diablo_core::Edition;
use diablo_server::{Limits, Time};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn a_whole_game_passes_between_two_players_and_a_watcher() {
    // Players here move as fast as the machine can: no rate limit.
    let limits = Limits {
        frames_per_second: 1e6,
        frame_burst: 1e6,
        ..Limits::default()
    };
    let addr = start(limits, "/").await;
    let mut duel = Duel::new(6, Edition::Standard, 1);
    let id = duel.id();
    let mut a = connect(addr, &id).await;
    assert_eq!(next_with(&mut a, "peers").await["peers"], 1);
    send_link(&mut a, &duel.invitation).await;
    let mut b = connect(addr, &id).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.invitation);
    assert_eq!(next_with(&mut a, "peers").await["peers"], 2);
    // A room that holds a game gives the connection's nonce first, then
    // the game, then the count.
    let mut watcher = connect(addr, &id).await;
    assert!(next(&mut watcher).await["nonce"].is_string());
    assert_eq!(next(&mut watcher).await["link"], duel.invitation);
    assert_eq!(next(&mut watcher).await["peers"], 3);
    let mut turns = 0;
    let mut sender = 1;
    loop {
        let link = duel.link();
        let (from, to) = if sender == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        send_link(from, &link).await;
        assert_eq!(next_with(to, "link").await["link"], link);
        assert_eq!(next_with(&mut watcher, "link").await["link"], link);
        if !duel.step() {
            break;
        }
        turns += 1;
        sender = 1 - sender;
    }
    assert!(turns > 10, "{turns}");
    // The same link again is taken silently.
    send_link(&mut a, &duel.link()).await;
    send_link(&mut b, &duel.link()).await;
    // Nothing was echoed to a sender: every frame left before a marker is
    // a count or the result, which goes to everyone.
    for ws in [&mut a, &mut b] {
        let mut over = 0;
        for v in before_marker(ws).await {
            if v.get("over").is_some() {
                over += 1;
                assert_eq!(v["over"]["reason"], "checkers", "{v}");
            } else {
                assert!(v.get("peers").is_some(), "{v}");
            }
        }
        assert_eq!(over, 1);
    }
}

async fn refused(ws: &mut common::Ws, frame: Message) -> serde_json::Value {
    ws.send(frame).await.expect("sent");
    next_with(ws, "error").await
}

#[tokio::test]
async fn every_refusal_has_its_kind_and_the_connection_stays_usable() {
    let addr = start(Limits::default(), "/").await;
    let mut duel = Duel::new(6, Edition::Sequenced, 2);
    for _ in 0..4 {
        duel.step();
    }
    let held = duel.link();
    let older = Duel::new(6, Edition::Sequenced, 2).link();
    let other = Duel::new(6, Edition::Sequenced, 3).link();
    let mut a = connect(addr, &duel.id()).await;
    send_link(&mut a, &held).await;
    let text = |s: String| Message::text(serde_json::json!({ "link": s }).to_string());
    let v = refused(&mut a, text(other)).await;
    assert_eq!(v["error"], "other-game", "{v}");
    let v = refused(&mut a, text(older)).await;
    assert_eq!(v["error"], "stale", "{v}");
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()));
    // A next message with a made-up value, sealed with a right checksum.
    duel.step();
    let forged = common::forge_last_value(&duel.link());
    let v = refused(&mut a, text(forged)).await;
    assert_eq!(v["error"], "forged", "{v}");
    for garbage in [
        Message::text("not json"),
        Message::text("{\"lunk\": \"c\"}"),
        Message::text("{\"link\": 5}"),
        text("cAAAA".into()),
        text("https://example.org/#corr=c%%%".into()),
        Message::binary(vec![0u8, 1, 2]),
    ] {
        let v = refused(&mut a, garbage).await;
        assert_eq!(v["error"], "malformed", "{v}");
    }
    let v = refused(&mut a, Message::text("x".repeat(70 * 1024))).await;
    assert_eq!(v["error"], "too-large", "{v}");
    // Still usable: the honest next link is taken and passed on.
    let mut b = connect(addr, &duel.id()).await;
    assert_eq!(next_with(&mut b, "link").await["link"], held);
    send_link(&mut a, &duel.link()).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
}

#[tokio::test]
async fn a_rematch_offer_from_a_player_goes_to_the_room_and_is_kept() {
    let addr = start(Limits::default(), "/").await;
    let mut duel = Duel::new(6, Edition::Standard, 4);
    duel.step();
    let id = duel.id();
    let mut a = connect(addr, &id).await;
    send_link(&mut a, &duel.link()).await;
    let mut b = connect(addr, &id).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
    let offer = |invitation: &str, proof: &str| {
        Message::text(serde_json::json!({ "rematch": invitation, "proof": proof }).to_string())
    };
    // Not while the game goes on.
    let (_, early) = {
        let mut done = Duel::new(6, Edition::Standard, 4);
        done.step();
        done.resign();
        done.rematch_frame(0)
    };
    let v = refused(&mut a, Message::text(early.clone())).await;
    assert_eq!(v["error"], "malformed", "{v}");
    duel.resign();
    send_link(&mut a, &duel.link()).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
    // A watcher holding the game cannot offer: a revealed value is no proof.
    let (invitation, frame) = duel.rematch_frame(0);
    let revealed = diablo_corr::value_hex(&duel.game.messages()[0].value);
    let v = refused(&mut b, offer(&invitation, &revealed)).await;
    assert_eq!(v["error"], "forged", "{v}");
    let v = refused(&mut b, offer(&invitation, "xyz")).await;
    assert_eq!(v["error"], "malformed", "{v}");
    let v = refused(&mut b, offer(&duel.link(), &revealed)).await;
    assert_eq!(v["error"], "malformed", "{v}");
    let v = refused(&mut b, Message::text(r#"{"rematch": "c"}"#)).await;
    assert_eq!(v["error"], "malformed", "{v}");
    // The inviter's offer reaches the other player as it was sent, with
    // its side and no terms (no challenge was posted for it).
    a.send(Message::text(frame.clone())).await.expect("sent");
    let got = next_with(&mut b, "rematch").await;
    assert_eq!(got["rematch"], invitation);
    let sent: serde_json::Value = serde_json::from_str(&frame).expect("json");
    assert_eq!(got["proof"], sent["proof"]);
    assert_eq!(got["from"], duel.inviter_side());
    assert_eq!(got["terms"], serde_json::Value::Null);
    // The same again is taken silently; another from the same player is not.
    a.send(Message::text(frame.clone())).await.expect("sent");
    let (_, second) = duel.rematch_frame(0);
    let v = refused(&mut a, Message::text(second)).await;
    assert_eq!(v["error"], "stale", "{v}");
    // One who comes later gets the game, then the offer kept.
    let mut late = connect(addr, &id).await;
    assert_eq!(next_with(&mut late, "link").await["link"], duel.link());
    assert_eq!(next_with(&mut late, "rematch").await["rematch"], invitation);
    // The accepter may offer too.
    let (theirs, frame) = duel.rematch_frame(1);
    b.send(Message::text(frame)).await.expect("sent");
    assert_eq!(next_with(&mut a, "rematch").await["rematch"], theirs);
}

#[tokio::test]
async fn a_flood_is_refused_without_stopping_other_rooms() {
    // 10 frames a second, 30 at once, on a time that moves when told.
    let time = Time::manual();
    let addr = start_timed(Limits::default(), "/", time.clone()).await;
    let duel = Duel::new(4, Edition::Standard, 4);
    let mut flood = connect(addr, &duel.id()).await;
    let frame = serde_json::json!({ "link": duel.link() }).to_string();
    for _ in 0..10_000 {
        flood.feed(Message::text(frame.clone())).await.expect("fed");
    }
    flood.flush().await.expect("flushed");
    // Meanwhile another room works.
    let mut other = Duel::new(4, Edition::Standard, 5);
    let mut x = connect(addr, &other.id()).await;
    let mut y = connect(addr, &other.id()).await;
    send_link(&mut x, &other.link()).await;
    assert_eq!(next_with(&mut y, "link").await["link"], other.link());
    other.step();
    send_link(&mut y, &other.link()).await;
    assert_eq!(next_with(&mut x, "link").await["link"], other.link());
    // The flood got one rate error: the bucket ran dry once (the time
    // stood still, nothing refilled it) and the 9,969 frames after were
    // dropped unanswered.
    let errors: Vec<_> = before_marker(&mut flood)
        .await
        .into_iter()
        .filter(|v| v.get("error").is_some())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["error"], "rate");
    // A second later the bucket holds 10: the connection is usable again,
    // and a second flood is told once more, after 10 frames.
    time.advance(Duration::from_secs(1));
    let stale = Duel::new(4, Edition::Standard, 4).invitation;
    send_link(&mut flood, &stale).await;
    assert_eq!(next_with(&mut flood, "error").await["error"], "stale");
    for _ in 0..100 {
        let frame = serde_json::json!({ "link": stale }).to_string();
        flood.feed(Message::text(frame)).await.expect("fed");
    }
    flood.flush().await.expect("flushed");
    let kinds: Vec<_> = before_marker(&mut flood)
        .await
        .into_iter()
        .map(|v| v["error"].clone())
        .collect();
    let mut want = vec![serde_json::json!("stale"); 9];
    want.push(serde_json::json!("rate"));
    assert_eq!(kinds, want);
}

#[tokio::test]
async fn garbage_bytes_and_bad_paths_do_not_stop_the_server() {
    let addr = start(Limits::default(), "/").await;
    for junk in [
        &b"\x00\x01\x02garbage\r\n\r\n"[..],
        b"GET /live/0123 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n",
        b"GET /live/00000000000000000000000000000000 HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    ] {
        let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let _ = s.write_all(junk).await;
        let mut buf = vec![0u8; 4096];
        let _ = tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf)).await;
    }
    // A path that is not a game id is not a room.
    let bad = tokio_tungstenite::connect_async(format!("ws://{addr}/live/NOT-AN-ID")).await;
    assert!(bad.is_err());
    let mut duel = Duel::new(4, Edition::Standard, 6);
    let mut a = connect(addr, &duel.id()).await;
    let mut b = connect(addr, &duel.id()).await;
    send_link(&mut a, &duel.link()).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
    duel.step();
    send_link(&mut b, &duel.link()).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_thousand_idle_connections_are_held_while_a_game_goes_on() {
    let addr = start(Limits::default(), "/").await;
    let mut idle = Vec::new();
    for k in 0..5_000u32 {
        let id = format!("{k:032x}");
        idle.push(connect(addr, &id).await);
    }
    let mut duel = Duel::new(6, Edition::Standard, 7);
    let mut a = connect(addr, &duel.id()).await;
    let mut b = connect(addr, &duel.id()).await;
    for k in 0..12 {
        let (from, to) = if k % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        send_link(from, &duel.link()).await;
        assert_eq!(next_with(to, "link").await["link"], duel.link());
        if !duel.step() {
            break;
        }
    }
    // The idle ones are still open: one answers a link.
    let last = idle.last_mut().expect("an idle connection");
    send_link(last, &duel.link()).await;
    assert_eq!(next_with(last, "error").await["error"], "other-game");
}

/// The first 16x16 game (of seeds 8, 9, …) whose links (one per message,
/// up to 600) add up to more than `bytes`: the game is chosen for its
/// length, not assumed long by its seed.
fn long_duel(bytes: usize) -> Duel {
    (8..)
        .find(|&seed| {
            let mut d = Duel::new(16, Edition::Standard, seed);
            let mut total = d.link().len();
            for _ in 0..600 {
                if !d.step() {
                    break;
                }
                total += d.link().len();
            }
            total > bytes
        })
        .map(|seed| Duel::new(16, Edition::Standard, seed))
        .expect("a long game")
}

/// Connects to room `id` with a small receive buffer, to read later.
async fn sleeper(addr: std::net::SocketAddr, id: &str) -> common::Ws {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(4096).expect("a small buffer");
    let stream = socket.connect(addr).await.expect("connected");
    let (ws, _) = tokio_tungstenite::client_async(
        format!("ws://{addr}/live/{id}"),
        tokio_tungstenite::MaybeTlsStream::Plain(stream),
    )
    .await
    .expect("a live connection");
    ws
}

#[tokio::test]
async fn a_reader_that_never_reads_is_dropped_and_others_go_on() {
    let limits = Limits {
        send_timeout: Duration::from_millis(500),
        frames_per_second: 1e6,
        frame_burst: 1e6,
        ..Limits::default()
    };
    // The send timeout is the relay's time: it passes when told.
    let time = Time::manual();
    let addr = start_timed(limits.clone(), "/", time.clone()).await;
    let mut duel = long_duel(8 * diablo_server::HttpLimits::default().send_buffer);
    let id = duel.id();
    // Two that do not read during the game: one reads after it, the
    // other never does.
    let mut slow = sleeper(addr, &id).await;
    let mut never = sleeper(addr, &id).await;
    let mut a = connect(addr, &id).await;
    let mut b = connect(addr, &id).await;
    let mut k = 0;
    let mut total = 0;
    let mut final_link;
    // Long links (a 16x16 game) pile up in the sleepers' buffers.
    loop {
        let (from, to) = if k % 2 == 0 {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        send_link(from, &duel.link()).await;
        total += duel.link().len();
        final_link = duel.link();
        assert_eq!(next_with(to, "link").await["link"], duel.link());
        if !duel.step() || k > 600 {
            break;
        }
        k += 1;
    }
    assert!(k > 100, "{k}");
    // Far more than the buffers between the server and a sleeper hold
    // (the server's send buffer, doubled by Linux, and 4 KiB): the
    // server's send to each has been waiting since they filled.
    assert!(
        total > 8 * diablo_server::HttpLimits::default().send_buffer,
        "{total} bytes"
    );
    // The server never queued for the slow reader: while it did not read,
    // the room's newer links replaced the one waiting to go out, so it
    // gets far fewer frames than there were links, the latest last.
    let mut links = 0;
    loop {
        let v = next(&mut slow).await;
        if let Some(l) = v.get("link") {
            links += 1;
            if *l == final_link {
                break;
            }
        }
    }
    assert!(
        links < k / 2,
        "{links} of {k} links reached the slow reader ({total} bytes sent)"
    );
    // Once the relay's time passes the send timeout, the send waiting for
    // the one that never reads gives up and the server closes it: it finds
    // what its buffers held, never the latest link, and the end.
    time.advance(limits.send_timeout);
    let mut links = 0;
    let mut last = serde_json::Value::Null;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), never.next())
            .await
            .expect("closed, not left waiting");
        match m {
            Some(Ok(Message::Text(t))) => {
                let v: serde_json::Value = serde_json::from_str(t.as_str()).expect("JSON");
                if let Some(l) = v.get("link") {
                    links += 1;
                    last = l.clone();
                }
            }
            Some(Ok(_)) => {}
            None | Some(Err(_)) => break,
        }
    }
    assert!(links < k / 2, "{links} of {k} links");
    assert_ne!(last, final_link);
    // The others go on: the slow reader still answers.
    send_link(&mut slow, &Duel::new(16, Edition::Standard, 9).link()).await;
    assert_eq!(next_with(&mut slow, "error").await["error"], "other-game");
}

#[tokio::test]
async fn a_restarted_server_is_rebuilt_from_the_players_links() {
    let mut duel = Duel::new(6, Edition::Standard, 9);
    for _ in 0..6 {
        duel.step();
    }
    let first = start(Limits::default(), "/").await;
    let mut a = connect(first, &duel.id()).await;
    send_link(&mut a, &duel.link()).await;
    // Another server knows nothing; the first player to come back sends
    // the latest link, and the other gets it.
    let second = start(Limits::default(), "/").await;
    let mut b = connect(second, &duel.id()).await;
    let mut a2 = connect(second, &duel.id()).await;
    send_link(&mut a2, &duel.link()).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
    duel.step();
    send_link(&mut b, &duel.link()).await;
    assert_eq!(next_with(&mut a2, "link").await["link"], duel.link());
    drop(a);
}

#[tokio::test]
async fn limits_per_address_and_rooms_turn_connections_away() {
    let limits = Limits {
        per_address: 3,
        cap_loopback: true,
        rooms: 5,
        ..Limits::default()
    };
    let addr = start(limits, "/").await;
    // Two in one room, one in another.
    let mut open = Vec::new();
    for k in [0u32, 0, 1] {
        open.push(connect(addr, &format!("{k:032x}")).await);
    }
    let over = tokio_tungstenite::connect_async(format!("ws://{addr}/live/{:032x}", 9)).await;
    let err = over.expect_err("a fourth connection from one address");
    assert!(err.to_string().contains("429"), "{err}");
    // One leaves: the other in its room sees the count fall once the
    // server let it go, its address's count with it.
    peers_until(&mut open[0], 2).await;
    let mut gone = open.remove(1);
    gone.close(None).await.expect("closed");
    drop(gone);
    peers_until(&mut open[0], 1).await;
    open.push(connect(addr, &format!("{:032x}", 9)).await);
}

#[tokio::test]
async fn idle_rooms_are_evicted_and_memory_returns() {
    let limits = Limits::default();
    // Its time stands still: the room is idle from exactly `now` below.
    let relay = diablo_server::Relay::with_time(
        limits.clone(),
        std::sync::Arc::new(diablo_server::relay::MemoryArchive::default()),
        Time::manual(),
    );
    let mut duel = Duel::new(8, Edition::Standard, 10);
    for _ in 0..10 {
        duel.step();
    }
    {
        let ticket = relay
            .enter(
                &duel.id(),
                "10.0.0.1".parse::<std::net::IpAddr>().expect("ip"),
            )
            .expect("in");
        let frame = serde_json::json!({ "link": duel.link() }).to_string();
        relay.answer(&ticket, &frame).await.expect("taken");
        assert!(relay.memory_estimate() > 10 * 128);
        assert_eq!(relay.sweep(relay.time().now() + limits.idle_room * 2), 0);
    }
    assert_eq!(relay.room_count(), 1);
    let now = relay.time().now();
    assert_eq!(relay.sweep(now), 0);
    assert_eq!(
        relay.sweep(now + limits.idle_room - Duration::from_millis(1)),
        0
    );
    assert_eq!(relay.sweep(now + limits.idle_room), 1);
    assert_eq!(relay.room_count(), 0);
    assert_eq!(relay.memory_estimate(), 0);
    assert_eq!(relay.connection_count(), 0);
}
