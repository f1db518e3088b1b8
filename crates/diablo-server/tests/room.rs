//! Game rooms through a real server: seats and their signatures, the
//! server's clock (increment, flag, first-move abort), results, claims,
//! rooms rebuilt from the archive, and the rooms one address may hold.

mod common;

use common::{
    Duel, Ws, before_marker, connect_nonce, connect_seated, next, next_with, peers_until, player,
    seat_frame, send_link, send_taking, sign, start_on, start_with,
};
use diablo_core::Edition;
use diablo_server::clock::Clock;
use diablo_server::keys::{Key, Player};
use diablo_server::relay::{
    Answer, Archive, Holder, Kept, MemoryArchive, Reason, Saved, Side, Terms, Turnaway, seat_text,
};
use diablo_server::{Limits, Time};
use futures_util::SinkExt;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const CLAIM: &str = r#"{"claim": true}"#;

fn fast() -> Limits {
    Limits {
        frames_per_second: 1e6,
        frame_burst: 1e6,
        ..Limits::default()
    }
}

fn ann() -> (ed25519_dalek::SigningKey, Player) {
    let (signing, key) = player(1);
    let key = Key::parse(&key).expect("a key");
    (
        signing,
        Player {
            key,
            name: "Ann".into(),
        },
    )
}

fn bo() -> (ed25519_dalek::SigningKey, Player) {
    let (signing, key) = player(2);
    let key = Key::parse(&key).expect("a key");
    (
        signing,
        Player {
            key,
            name: "Bo".into(),
        },
    )
}

async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::text(text.to_string()))
        .await
        .expect("sent");
}

/// The error `text` brings (the game's end is no error: it fails here).
async fn refused(ws: &mut Ws, text: &str) -> serde_json::Value {
    send(ws, text).await;
    loop {
        let v = next(ws).await;
        assert!(v.get("over").is_none(), "{text} brought the end: {v}");
        if v.get("error").is_some() {
            return v;
        }
    }
}

/// The frames sent so far brought no error (nothing before a marker).
async fn no_error(ws: &mut Ws) {
    for v in before_marker(ws).await {
        assert!(v.get("error").is_none(), "{v}");
    }
}

/// The lobby's record that `poster` posted the rated game `id` on `clock`.
fn rated_post(archive: &MemoryArchive, id: &str, clock: Option<Clock>, poster: &Player) {
    archive.terms.lock().expect("terms").insert(
        id.to_string(),
        Terms {
            clock,
            rated: true,
            poster: Some(poster.clone()),
        },
    );
}

/// A lobby game of `duel` on `clock`: Ann posted it (the inviter), Bo
/// takes it; both seated. Returns their connections (inviter first) once
/// both have the accepting link's clock frame.
async fn begin(
    addr: std::net::SocketAddr,
    archive: &MemoryArchive,
    duel: &Duel,
    clock: Option<Clock>,
) -> [Ws; 2] {
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, _) = bo();
    rated_post(archive, &id, clock, &pa);
    let mut a = connect_seated(addr, &id, &ka, "Ann").await;
    send_link(&mut a, &duel.invitation).await;
    let mut b = connect_seated(addr, &id, &kb, "Bo").await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.invitation);
    send_taking(&mut b, duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
    [a, b]
}

/// Ann posts `duel` on `clock` and sends its invitation, Bo (seated)
/// sends the accepting link, and the room refuses it: their connections
/// (poster first) and the refusal's kind.
async fn refused_take(
    addr: std::net::SocketAddr,
    archive: &MemoryArchive,
    duel: &Duel,
    clock: Option<Clock>,
) -> ([Ws; 2], String) {
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, _) = bo();
    rated_post(archive, &id, clock, &pa);
    let mut a = connect_seated(addr, &id, &ka, "Ann").await;
    send_link(&mut a, &duel.invitation).await;
    let mut b = connect_seated(addr, &id, &kb, "Bo").await;
    send_taking(&mut b, duel).await;
    let v = next_with(&mut b, "error").await;
    let kind = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{v}"))
        .to_string();
    ([a, b], kind)
}

/// The due player plays and sends the link; returns who did.
async fn step(duel: &mut Duel, ws: &mut [Ws; 2]) -> usize {
    let p = duel.due_player().expect("a game going on");
    assert!(duel.step());
    send_link(&mut ws[p], &duel.link()).await;
    p
}

/// The next clock frame, the same on both connections.
async fn both_clocks(ws: &mut [Ws; 2]) -> serde_json::Value {
    let v = next_with(&mut ws[0], "clock").await;
    assert_eq!(next_with(&mut ws[1], "clock").await, v);
    v
}

fn ms(v: &serde_json::Value, side: &str) -> i64 {
    v["clock"][side].as_i64().unwrap_or_else(|| panic!("{v}"))
}

#[tokio::test]
async fn a_seat_needs_a_signature_of_this_game_and_this_connections_nonce() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _) = start_with(fast(), archive).await;
    let duel = Duel::new(6, Edition::Standard, 20);
    let other = Duel::new(6, Edition::Standard, 21);
    let id = duel.id();
    let (signing, key) = player(7);
    let (mut a, nonce) = connect_nonce(addr, &id).await;
    assert_eq!(nonce.len(), 32);
    assert!(nonce.bytes().all(|b| b.is_ascii_hexdigit()));
    let (mut b, nonce_b) = connect_nonce(addr, &id).await;
    assert_ne!(nonce, nonce_b, "a fresh nonce per connection");
    // A good seat is taken silently.
    send(&mut a, &seat_frame(&signing, "Ann", &id, &nonce)).await;
    no_error(&mut a).await;
    let seat = |sig: &str, name: &str, key: &str| {
        serde_json::json!({ "seat": { "key": key, "name": name, "sig": sig } }).to_string()
    };
    // Replayed: signed for the other connection's nonce.
    let replayed = sign(&signing, &format!("diablo seat {id} {nonce_b}"));
    let v = refused(&mut a, &seat(&replayed, "Ann", &key)).await;
    assert_eq!(v["error"], "forged", "{v}");
    // Foreign: signed for another game with this nonce.
    let foreign = sign(&signing, &format!("diablo seat {} {nonce}", other.id()));
    let v = refused(&mut a, &seat(&foreign, "Ann", &key)).await;
    assert_eq!(v["error"], "forged", "{v}");
    // Altered: one character of a good signature changed.
    let good = sign(&signing, &format!("diablo seat {id} {nonce}"));
    let mut altered = good.clone().into_bytes();
    altered[20] = if altered[20] == b'A' { b'B' } else { b'A' };
    let altered = String::from_utf8(altered).expect("ascii");
    let v = refused(&mut a, &seat(&altered, "Ann", &key)).await;
    assert_eq!(v["error"], "forged", "{v}");
    // Another key's good signature is not this key's.
    let (_, key2) = player(8);
    let v = refused(&mut a, &seat(&good, "Ann", &key2)).await;
    assert_eq!(v["error"], "forged", "{v}");
    // Bad key, name or shape: malformed.
    for bad in [
        seat(&good, "Ann", "not-a-key"),
        seat(&good, "", &key),
        seat(&good, &"x".repeat(25), &key),
        seat("short", "Ann", &key),
        r#"{"seat": {"key": 1}}"#.to_string(),
        r#"{"seat": true}"#.to_string(),
        r#"{"claim": false}"#.to_string(),
    ] {
        let v = refused(&mut a, &bad).await;
        assert_eq!(v["error"], "malformed", "{bad}: {v}");
    }
    // Still usable.
    send(&mut a, &seat(&good, "Ann", &key)).await;
    no_error(&mut a).await;
    send_link(&mut a, &duel.invitation).await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.invitation);
}

#[tokio::test]
async fn a_rated_game_is_accepted_only_from_a_seated_connection() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _) = start_with(fast(), archive.clone()).await;
    let duel = Duel::new(6, Edition::Standard, 22);
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, pb) = bo();
    rated_post(&archive, &id, None, &pa);
    let mut a = connect_seated(addr, &id, &ka, "Ann").await;
    send_link(&mut a, &duel.invitation).await;
    let (mut b, nonce) = connect_nonce(addr, &id).await;
    send_link(&mut b, &duel.link()).await;
    let v = next_with(&mut b, "error").await;
    assert_eq!(v["error"], "unseated", "{v}");
    assert!(archive.taken.lock().expect("taken").is_empty());
    // Seated, the same link is taken: the challenge is gone from the lobby.
    send(&mut b, &seat_frame(&kb, "Bo", &id, &nonce)).await;
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
    // Its take told the archive before b's next frame was read.
    before_marker(&mut b).await;
    assert_eq!(*archive.taken.lock().expect("taken"), vec![id.clone()]);
    let saved = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(saved.messages, 2);
    assert!(saved.terms.rated);
    // The poster holds the inviter's colour, the accepter the other.
    let (inviter, accepter) = if duel.inviter_side() == "black" {
        (saved.black, saved.green)
    } else {
        (saved.green, saved.black)
    };
    assert_eq!(inviter, Some(pa));
    assert_eq!(accepter, Some(pb));
    // The invitation alone was never written; the accepted game is, with
    // its arrival time.
    let links = archive.links.lock().expect("links").clone();
    assert_eq!(links.len(), 1, "{links:?}");
    assert_eq!(links[0].0, duel.link());
    assert!(links[0].1 > 1_600_000_000_000);
}

#[tokio::test]
async fn a_challenge_is_taken_only_by_the_player_its_acceptance_names() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _) = start_with(fast(), archive.clone()).await;
    // Bo's acceptance (bound to his key), which a watcher could hold
    // before Bo's page delivers it.
    let duel = Duel::new(6, Edition::Standard, 23);
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, pb) = bo();
    let (km, _) = player(9);
    rated_post(&archive, &id, None, &pa);
    let mut a = connect_seated(addr, &id, &ka, "Ann").await;
    send_link(&mut a, &duel.invitation).await;
    // Mallory, seated as herself, cannot pass it off as hers: with Bo's
    // salt, with none, or with another.
    let mut m = connect_seated(addr, &id, &km, "Mallory").await;
    let no_salt = serde_json::json!({ "link": duel.link() }).to_string();
    let zeros = serde_json::json!({ "link": duel.link(), "salt": "0".repeat(32) }).to_string();
    for frame in [duel.taking(), no_salt, zeros] {
        assert_eq!(
            refused(&mut m, &frame).await["error"],
            "not-taker",
            "{frame}"
        );
    }
    let bad = serde_json::json!({ "link": duel.link(), "salt": "salt" }).to_string();
    assert_eq!(refused(&mut m, &bad).await["error"], "malformed");
    // Nor does Bo take it with an acceptance bound to nobody (as made
    // before acceptances were bound).
    let mut b = connect_seated(addr, &id, &kb, "Bo").await;
    let invite = diablo_corr::Game::decode(&duel.invitation).expect("the invitation");
    let (unbound, keys) = invite.accept("Bo", [5; 32]).expect("an acceptance");
    let frame = serde_json::json!({
        "link": unbound.encode(),
        "salt": diablo_corr::value_hex(&keys.owner_salt()),
    });
    assert_eq!(
        refused(&mut b, &frame.to_string()).await["error"],
        "not-taker"
    );
    assert!(!archive.games.lock().expect("games").contains_key(&id));
    assert!(archive.taken.lock().expect("taken").is_empty());
    // Bo's own page delivers it: taken, and the accepter's seat is Bo's.
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
    before_marker(&mut b).await;
    let saved = archive.games.lock().expect("games")[&id].clone();
    let accepter = if duel.inviter_side() == "black" {
        saved.green
    } else {
        saved.black
    };
    assert_eq!(accepter, Some(pb));
    assert_eq!(*archive.taken.lock().expect("taken"), vec![id]);
}

#[tokio::test]
async fn the_clock_comes_after_every_link_with_the_increment() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, relay) = start_with(fast(), archive.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 24);
    assert_eq!(duel.inviter_side(), "black");
    let clock = Clock::live(60, 5).expect("a clock");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    let v = both_clocks(&mut ws).await;
    // The opening: the clocks stand, and the mover is told the first
    // move's 30 s (the server's time stands still here).
    assert_eq!(
        v,
        serde_json::json!({"clock": {"black": 60_000, "green": 60_000, "running": "black",
            "first": 30_000}})
    );
    // First turns do not change the clocks.
    step(&mut duel, &mut ws).await;
    let v = both_clocks(&mut ws).await;
    assert_eq!(
        v,
        serde_json::json!({"clock": {"black": 60_000, "green": 60_000, "running": "green",
            "first": 30_000}})
    );
    step(&mut duel, &mut ws).await;
    let v = both_clocks(&mut ws).await;
    assert_eq!(v["clock"]["running"], "black", "{v}");
    assert_eq!((ms(&v, "black"), ms(&v, "green")), (60_000, 60_000));
    assert!(
        v["clock"].get("first").is_none(),
        "the opening is over: {v}"
    );
    // Now Black's time runs: 300 ms of thought (of the server's time),
    // 5 s back; the sender gets the clock too.
    relay.time().advance(Duration::from_millis(300));
    step(&mut duel, &mut ws).await;
    let v = both_clocks(&mut ws).await;
    let black = ms(&v, "black");
    assert_eq!(black, 64_700, "{v}");
    assert_eq!(ms(&v, "green"), 60_000);
    assert_eq!(v["clock"]["running"], "green");
    // A newcomer gets it after the link and the count.
    let (mut w, _) = connect_nonce(addr, &duel.id()).await;
    assert!(next(&mut w).await.get("link").is_some());
    assert!(next(&mut w).await.get("peers").is_some());
    let v = next(&mut w).await;
    assert_eq!(ms(&v, "black"), black, "{v}");
    // Green's time has not moved since it began to run.
    assert_eq!(ms(&v, "green"), 60_000, "{v}");
    // The archive holds the clock with each link.
    relay.flushed().await;
    let saved = archive.games.lock().expect("games")[&duel.id()].clone();
    let state = saved.clock.expect("a clock saved");
    assert_eq!(state.black_ms, black);
    assert_eq!(state.running, Some(Side::Green));
}

#[tokio::test]
async fn links_are_relayed_without_waiting_for_the_database() {
    // The relay itself, each step in the test's order, on a manual time.
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let relay = diablo_server::Relay::with_time(fast(), archive.clone(), time.clone());
    let mut duel = Duel::new(6, Edition::Standard, 24);
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, pb) = bo();
    rated_post(
        &archive,
        &id,
        Some(Clock::live(60, 0).expect("a clock")),
        &pa,
    );
    let seated = |signing: &ed25519_dalek::SigningKey, p: &Player| {
        let t = relay
            .enter(&id, "10.0.0.1".parse::<std::net::IpAddr>().expect("ip"))
            .expect("in");
        let sig = sign(signing, &seat_text(&id, t.nonce()));
        relay
            .seat(&t, p.key.as_str(), &p.name, &sig)
            .expect("seated");
        t
    };
    let players = [seated(&ka, &pa), seated(&kb, &pb)];
    relay
        .take(&players[0], duel.invitation.clone())
        .await
        .expect("the invitation");
    relay
        .take_with(&players[1], duel.link(), Some(duel.taker_salt()))
        .await
        .expect("the acceptance");
    // Past the opening, where the clocks start.
    for _ in 0..2 {
        let p = duel.due_player().expect("a game going on");
        assert!(duel.step());
        relay.take(&players[p], duel.link()).await.expect("a turn");
    }
    // The database now holds every write: a link is taken and relayed
    // at once, its write waiting behind it…
    archive.hold.send_replace(true);
    let mover = duel.due_player().expect("a game going on");
    assert!(duel.step());
    let mut moved = Box::pin(relay.take(&players[mover], duel.link()));
    assert!(
        matches!(
            futures_util::poll!(&mut moved),
            std::task::Poll::Ready(Ok(_))
        ),
        "taken without waiting for the database"
    );
    // …and the next player's answer too, while 700 ms of the server's
    // time pass with the database still silent.
    let answerer = duel.due_player().expect("a game going on");
    assert_eq!(answerer, 1 - mover);
    assert!(duel.step());
    let mut answered = Box::pin(relay.take(&players[answerer], duel.link()));
    assert!(
        matches!(
            futures_util::poll!(&mut answered),
            std::task::Poll::Ready(Ok(_))
        ),
        "taken without waiting for the database"
    );
    time.advance(Duration::from_millis(700));
    let before = archive.games.lock().expect("games")[&id].messages;
    assert!(before < duel.game.messages().len(), "nothing written yet");
    // The database answers: both links are written, in one state.
    archive.hold.send_replace(false);
    relay.flushed().await;
    // The answer is charged from its link's relay to its arrival (no
    // time at all here), not the 700 ms of the save before it.
    let saved = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(saved.messages, duel.game.messages().len());
    let clock = saved.clock.expect("a clock");
    assert_eq!(
        (clock.black_ms, clock.green_ms),
        (60_000, 60_000),
        "{clock:?}"
    );
}

// Broken on purpose (one write per link, as before the writer): the
// batches after the hold are nine, not two.
#[tokio::test]
async fn links_that_come_while_the_database_writes_go_in_one_batch() {
    let archive = Arc::new(MemoryArchive::default());
    let relay = diablo_server::Relay::with_archive(fast(), archive.clone());
    let mut duels: Vec<Duel> = (0..3)
        .map(|k| Duel::new(6, Edition::Standard, 60 + k))
        .collect();
    let ip = "10.0.0.7".parse::<std::net::IpAddr>().expect("ip");
    let mut tickets = Vec::new();
    for d in &duels {
        let t = relay.enter(&d.id(), ip).expect("in");
        relay
            .take(&t, d.invitation.clone())
            .await
            .expect("the invitation");
        relay.take(&t, d.link()).await.expect("the acceptance");
        tickets.push(t);
    }
    relay.flushed().await;
    let before = archive.batches.lock().expect("batches").len();
    // The database stops answering: the first link's write waits, and
    // every link after it, three a game, is relayed meanwhile.
    archive.hold.send_replace(true);
    for round in 0..3 {
        for (k, (d, t)) in duels.iter_mut().zip(&tickets).enumerate() {
            assert!(d.step());
            relay.take(t, d.link()).await.expect("a link");
            if round == 0 && k == 0 {
                // The writer has taken it and waits for the database.
                while archive.batches.lock().expect("batches").len() == before {
                    tokio::task::yield_now().await;
                }
            }
        }
    }
    archive.hold.send_replace(false);
    relay.flushed().await;
    // The first write, then one for the three games, each at its latest.
    let batches = archive.batches.lock().expect("batches")[before..].to_vec();
    assert_eq!(batches, vec![1, 3]);
    for d in &duels {
        let kept = archive.games.lock().expect("games")[&d.id()].clone();
        assert_eq!(kept.messages, d.game.messages().len());
        assert_eq!(kept.link, d.link());
    }
}

/// A fresh invitation (its link and game id), for a rematch offer.
fn fresh_invitation(seed: u8) -> (String, String) {
    let (invite, _) = diablo_corr::Game::invite(
        6,
        Edition::Standard,
        diablo_core::Color::Black,
        "Again",
        [seed; 16],
        [seed.wrapping_add(1); 32],
    )
    .expect("an invitation");
    (invite.encode(), invite.id_hex())
}

#[tokio::test]
async fn a_game_lost_on_time_takes_a_rematch_offer_its_seat_vouches_for() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, relay) = start_with(fast(), archive.clone()).await;
    let time = relay.time();
    let mut duel = Duel::new(6, Edition::Standard, 26);
    assert_eq!(duel.inviter_side(), "black");
    let clock = Clock::live(1, 0).expect("a clock");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    both_clocks(&mut ws).await;
    let (inv, _) = fresh_invitation(3);
    let offer = serde_json::json!({ "rematch": inv }).to_string();
    // Not while the game goes on, seat or no seat.
    assert_eq!(refused(&mut ws[0], &offer).await["error"], "malformed");
    step(&mut duel, &mut ws).await;
    both_clocks(&mut ws).await;
    step(&mut duel, &mut ws).await;
    assert_eq!(both_clocks(&mut ws).await["clock"]["running"], "black");
    // Black's flag: over by the server, which the links cannot show, so no
    // player can make a proof; their seat vouches instead.
    time.advance(Duration::from_millis(1_000));
    for w in &mut ws {
        assert_eq!(next_with(w, "over").await["over"]["reason"], "time");
    }
    assert!(!matches!(duel.game.due(), diablo_corr::Due::Over { .. }));
    // A watcher, unseated or seated as a third key, cannot offer one.
    let (mut watcher, _) = connect_nonce(addr, &duel.id()).await;
    next_with(&mut watcher, "over").await;
    assert_eq!(refused(&mut watcher, &offer).await["error"], "not-seated");
    let (kc, _) = player(3);
    let mut cy = connect_seated(addr, &duel.id(), &kc, "Cy").await;
    next_with(&mut cy, "over").await;
    assert_eq!(refused(&mut cy, &offer).await["error"], "not-seated");
    // Nor an offer that is no new invitation.
    let own = serde_json::json!({ "rematch": duel.invitation }).to_string();
    assert_eq!(refused(&mut ws[0], &own).await["error"], "other-game");
    let whole = serde_json::json!({ "rematch": duel.link() }).to_string();
    assert_eq!(refused(&mut ws[0], &whole).await["error"], "malformed");
    // Ann's (Black's) reaches Bo as hers, with no terms (none posted).
    send(&mut ws[0], &offer).await;
    let got = next_with(&mut ws[1], "rematch").await;
    assert_eq!(
        got,
        serde_json::json!({ "rematch": inv, "from": "black", "terms": null })
    );
    // Bo's, posted first on a clock: its terms go with it, to Ann and to
    // whoever comes later.
    let (theirs, theirs_id) = fresh_invitation(5);
    rated_post(&archive, &theirs_id, Some(clock), &bo().1);
    send(
        &mut ws[1],
        &serde_json::json!({ "rematch": theirs }).to_string(),
    )
    .await;
    let got = next_with(&mut ws[0], "rematch").await;
    assert_eq!(got["from"], "green", "{got}");
    assert_eq!(
        got["terms"],
        serde_json::json!({ "clock": { "initial": 1, "increment": 0 }, "rated": true })
    );
    let (mut late, _) = connect_nonce(addr, &duel.id()).await;
    let mut offers = vec![
        next_with(&mut late, "rematch").await["from"].clone(),
        next_with(&mut late, "rematch").await["from"].clone(),
    ];
    offers.sort_by_key(ToString::to_string);
    assert_eq!(offers, ["black", "green"]);
}

#[tokio::test]
async fn a_seated_player_resigns_while_the_other_is_to_move() {
    const RESIGN: &str = r#"{"resign": true}"#;
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _relay) = start_with(fast(), archive.clone()).await;
    // Not before the game has begun: an invitation only.
    let early = Duel::new(6, Edition::Standard, 29);
    let (ka, pa) = ann();
    rated_post(&archive, &early.id(), None, &pa);
    let mut lone = connect_seated(addr, &early.id(), &ka, "Ann").await;
    send_link(&mut lone, &early.invitation).await;
    assert_eq!(refused(&mut lone, RESIGN).await["error"], "too-early");
    let mut duel = Duel::new(6, Edition::Standard, 26);
    assert_eq!(duel.inviter_side(), "black");
    let clock = Clock::live(60, 0).expect("a clock");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    both_clocks(&mut ws).await;
    step(&mut duel, &mut ws).await;
    both_clocks(&mut ws).await;
    step(&mut duel, &mut ws).await;
    assert_eq!(both_clocks(&mut ws).await["clock"]["running"], "black");
    // A watcher cannot resign for anyone.
    let (mut watcher, _) = connect_nonce(addr, &duel.id()).await;
    next_with(&mut watcher, "clock").await;
    assert_eq!(refused(&mut watcher, RESIGN).await["error"], "not-seated");
    // Bo (Green) resigns while Black is to move: Ann has won, told to
    // everyone, the clock stopped, the result kept.
    send(&mut ws[1], RESIGN).await;
    for w in ws.iter_mut().chain([&mut watcher]) {
        assert_eq!(
            next_with(w, "over").await,
            serde_json::json!({"over": {"winner": "black", "reason": "resign"}})
        );
    }
    let kept = archive.games.lock().expect("games")[&duel.id()].clone();
    assert_eq!(
        kept.over.map(|o| (o.winner, o.reason)),
        Some((Some(Side::Black), Reason::Resign))
    );
    assert_eq!(kept.clock.and_then(|c| c.running), None);
    // Once over, nothing more to resign.
    assert_eq!(refused(&mut ws[0], RESIGN).await["error"], "over");
}

#[tokio::test]
async fn the_server_ends_a_game_on_time_and_refuses_links_after() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, relay) = start_with(fast(), archive.clone()).await;
    let time = relay.time();
    let mut duel = Duel::new(6, Edition::Standard, 26);
    assert_eq!(duel.inviter_side(), "black");
    let clock = Clock::live(1, 0).expect("a clock");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    both_clocks(&mut ws).await;
    // Both first turns (no ticking), then Black's second is never sent.
    step(&mut duel, &mut ws).await;
    both_clocks(&mut ws).await;
    step(&mut duel, &mut ws).await;
    assert_eq!(both_clocks(&mut ws).await["clock"]["running"], "black");
    // 1 ms before Black's flag the game goes on: Green's claim finds Black
    // to move and here (a claim ends a game past its deadline first).
    time.advance(Duration::from_millis(999));
    assert_eq!(refused(&mut ws[1], CLAIM).await["error"], "too-early");
    // At the flag the server ends it by itself, with no frame from anyone.
    time.advance(Duration::from_millis(1));
    for w in &mut ws {
        let v = next_with(w, "over").await;
        assert_eq!(
            v,
            serde_json::json!({"over": {"winner": "green", "reason": "time"}})
        );
    }
    // The clock stopped at 0.
    let (mut w, _) = connect_nonce(addr, &duel.id()).await;
    let v = next_with(&mut w, "clock").await;
    assert_eq!((ms(&v, "black"), ms(&v, "green")), (0, 1_000), "{v}");
    assert_eq!(v["clock"]["running"], serde_json::Value::Null);
    assert_eq!(next_with(&mut w, "over").await["over"]["reason"], "time");
    // Black's late turn is refused; the game as it was is taken silently.
    let held = duel.link();
    let p = duel.due_player().expect("black to move");
    duel.step();
    send_link(&mut ws[p], &duel.link()).await;
    assert_eq!(next_with(&mut ws[p], "error").await["error"], "over");
    send_link(&mut ws[p], &held).await;
    no_error(&mut ws[p]).await;
    let saved = archive.games.lock().expect("games")[&duel.id()].clone();
    let over = saved.over.expect("saved over");
    assert_eq!(
        (over.winner, over.reason),
        (Some(Side::Green), Reason::Time)
    );
}

#[tokio::test]
async fn a_first_move_not_made_in_time_aborts_the_game() {
    let archive = Arc::new(MemoryArchive::default());
    let limits = Limits {
        first_move: Duration::from_millis(400),
        ..fast()
    };
    let (addr, relay) = start_with(limits, archive.clone()).await;
    let time = relay.time();
    let mut duel = Duel::new(6, Edition::Standard, 28);
    assert_eq!(duel.inviter_side(), "black");
    let clock = Clock::live(60, 0).expect("a clock");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    both_clocks(&mut ws).await;
    // Black's first turn comes in time; Green's does not.
    step(&mut duel, &mut ws).await;
    assert_eq!(both_clocks(&mut ws).await["clock"]["running"], "green");
    // 1 ms before the limit the game goes on: Ann's claim finds Green to
    // move and here; a newcomer is told the 1 ms left.
    time.advance(Duration::from_millis(399));
    assert_eq!(refused(&mut ws[0], CLAIM).await["error"], "too-early");
    let mut late = common::connect(addr, &duel.id()).await;
    assert_eq!(next_with(&mut late, "clock").await["clock"]["first"], 1);
    // At the limit the server aborts it by itself.
    time.advance(Duration::from_millis(1));
    for w in &mut ws {
        let v = next_with(w, "over").await;
        assert_eq!(
            v,
            serde_json::json!({"over": {"winner": null, "reason": "aborted"}})
        );
    }
    let p = duel.due_player().expect("green to move");
    duel.step();
    send_link(&mut ws[p], &duel.link()).await;
    assert_eq!(next_with(&mut ws[p], "error").await["error"], "over");
}

#[tokio::test]
async fn a_claim_is_refused_until_the_other_player_has_been_away_long_enough() {
    let archive = Arc::new(MemoryArchive::default());
    let limits = Limits {
        away: Duration::from_millis(400),
        ..fast()
    };
    let (addr, relay) = start_with(limits, archive.clone()).await;
    let time = relay.time();
    let mut duel = Duel::new(6, Edition::Standard, 30);
    let clock = Clock::live(60, 0).expect("a clock");
    let [mut a, mut b] = begin(addr, &archive, &duel, Some(clock)).await;
    let mut ws = [a, b];
    step(&mut duel, &mut ws).await;
    step(&mut duel, &mut ws).await;
    [a, b] = ws;
    // Black (Ann) to move and here: nothing to claim.
    assert_eq!(refused(&mut b, CLAIM).await["error"], "too-early");
    assert_eq!(refused(&mut a, CLAIM).await["error"], "too-early");
    let (mut watcher, nonce) = connect_nonce(addr, &duel.id()).await;
    assert_eq!(refused(&mut watcher, CLAIM).await["error"], "not-seated");
    // Seated for a key that plays no part: not a player.
    let (stranger, _) = player(9);
    send(
        &mut watcher,
        &seat_frame(&stranger, "Cy", &duel.id(), &nonce),
    )
    .await;
    assert_eq!(refused(&mut watcher, CLAIM).await["error"], "not-seated");
    // Ann leaves; Bo sees the count fall once the server let her seat go.
    a.close(None).await.expect("closed");
    drop(a);
    peers_until(&mut b, 2).await;
    // Too early at once, and 1 ms before the limit; won at the limit.
    assert_eq!(refused(&mut b, CLAIM).await["error"], "too-early");
    time.advance(Duration::from_millis(399));
    assert_eq!(refused(&mut b, CLAIM).await["error"], "too-early");
    time.advance(Duration::from_millis(1));
    send(&mut b, CLAIM).await;
    let won = serde_json::json!({"over": {"winner": "green", "reason": "abandoned"}});
    assert_eq!(next_with(&mut b, "over").await, won);
    assert_eq!(next_with(&mut watcher, "over").await, won);
    assert_eq!(refused(&mut b, CLAIM).await["error"], "over");
    let saved = archive.games.lock().expect("games")[&duel.id()].clone();
    assert_eq!(saved.over.map(|o| o.reason), Some(Reason::Abandoned));
}

#[tokio::test]
async fn a_room_rebuilt_from_the_archive_keeps_clock_seats_and_charges_nothing_for_the_time_down() {
    let archive = Arc::new(MemoryArchive::default());
    let limits = Limits {
        away: Duration::from_millis(300),
        ..fast()
    };
    // The servers share one clock, as a restart's two would.
    let time = Time::manual();
    let (first, first_relay) = start_on(limits.clone(), archive.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 32);
    let clock = Clock::live(60, 0).expect("a clock");
    let mut ws = begin(first, &archive, &duel, Some(clock)).await;
    step(&mut duel, &mut ws).await;
    let last = step(&mut duel, &mut ws).await;
    let v = next_with(&mut ws[1], "clock").await;
    assert_eq!(v["clock"]["running"], "black");
    // Taken, then written.
    before_marker(&mut ws[last]).await;
    first_relay.flushed().await;
    // The first server runs 200 ms more, its last heartbeat then, and
    // dies; nothing is heard of it for 10 s.
    time.advance(Duration::from_millis(200));
    archive.holders.lock().expect("holders").insert(
        duel.id(),
        Holder {
            beat_ms: time.now_ms(),
            stopped: false,
        },
    );
    time.advance(Duration::from_secs(10));
    // Another server on the same archive (a restart): Bo comes back there.
    let (second, second_relay) = start_on(limits, archive.clone(), time.clone()).await;
    let (kb, _) = bo();
    let mut b = connect_seated(second, &duel.id(), &kb, "Bo").await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.link());
    let v = next_with(&mut b, "clock").await;
    // Black was charged its 200 ms from the last link to the stop, and
    // nothing for the 10 s down; Green's time is as it was.
    assert_eq!(ms(&v, "black"), 59_800, "{v}");
    assert_eq!(ms(&v, "green"), 60_000, "{v}");
    assert_eq!(v["clock"]["running"], "black");
    // The clock goes on from now: kept so.
    second_relay.flushed().await;
    let saved = archive.games.lock().expect("games")[&duel.id()].clone();
    let kept = saved.clock.expect("a clock");
    assert_eq!((kept.black_ms, kept.since_ms), (59_800, time.now_ms()));
    // The seats came back: Bo may claim once Ann has been away (from the
    // rebuilt room, which she never entered) for the limit.
    time.advance(Duration::from_millis(299));
    assert_eq!(refused(&mut b, CLAIM).await["error"], "too-early");
    time.advance(Duration::from_millis(1));
    send(&mut b, CLAIM).await;
    assert_eq!(
        next_with(&mut b, "over").await["over"],
        serde_json::json!({"winner": "green", "reason": "abandoned"})
    );
    // A third server shows the finished game.
    let (third, _) = start_with(fast(), archive.clone()).await;
    let (mut w, _) = connect_nonce(third, &duel.id()).await;
    assert_eq!(
        next_with(&mut w, "over").await["over"]["reason"],
        "abandoned"
    );
}

// Broken on purpose (the increments of a link's turns dropped whenever
// the room's clock stood in the opening when it came, as they were): the
// rebuilt room reads 60 s for both, as CI saw across instances at 123f08a.
#[tokio::test]
async fn turns_resent_past_the_opening_to_a_rebuilt_room_keep_their_increments() {
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let (first, first_relay) = start_on(fast(), archive.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 33);
    let id = duel.id();
    let clock = Clock::live(60, 10).expect("a clock");
    let mut ws = begin(first, &archive, &duel, Some(clock)).await;
    before_marker(&mut ws[1]).await;
    first_relay.flushed().await;
    let at_take = archive.games.lock().expect("games")[&id].clone();
    // Four messages: the opening and turns after it, each with its
    // increment on this server.
    let mut last = 0;
    for _ in 0..4 {
        last = step(&mut duel, &mut ws).await;
    }
    before_marker(&mut ws[last]).await;
    let (mut w, _) = connect_nonce(first, &id).await;
    let played = next_with(&mut w, "clock").await;
    assert!(
        ms(&played, "black") + ms(&played, "green") > 120_000,
        "{played}"
    );
    // The instance dies before any of the four is written.
    first_relay.flushed().await;
    archive
        .games
        .lock()
        .expect("games")
        .insert(id.clone(), at_take);
    drop((ws, w));
    let (second, _) = start_on(fast(), archive.clone(), time.clone()).await;
    let (ka, _) = ann();
    let mut a = connect_seated(second, &id, &ka, "Ann").await;
    let v = next_with(&mut a, "clock").await;
    assert_eq!((ms(&v, "black"), ms(&v, "green")), (60_000, 60_000), "{v}");
    // Ann sends the game as she holds it: the clock is as it was (no
    // time passed).
    send_link(&mut a, &duel.link()).await;
    assert_eq!(next_with(&mut a, "clock").await, played);
}

#[tokio::test]
async fn a_friend_game_ends_by_the_rules_for_everyone_and_has_no_claim() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _) = start_with(fast(), archive.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 34);
    let id = duel.id();
    let (ka, pa) = ann();
    let (kb, pb) = bo();
    let a = connect_seated(addr, &id, &ka, "Ann").await;
    let mut ws = [a, connect_seated(addr, &id, &kb, "Bo").await];
    send_link(&mut ws[0], &duel.invitation).await;
    assert_eq!(next_with(&mut ws[1], "link").await["link"], duel.invitation);
    send_link(&mut ws[1], &duel.link()).await;
    assert_eq!(next_with(&mut ws[0], "link").await["link"], duel.link());
    step(&mut duel, &mut ws).await;
    assert_eq!(
        refused(&mut ws[0], r#"{"claim": true}"#).await["error"],
        "too-early"
    );
    let p = duel.due_player().expect("a player to move");
    duel.resign();
    send_link(&mut ws[p], &duel.link()).await;
    // The winner is the other player: the accepter holds the other colour.
    let inviter = duel.inviter_side();
    let accepter = if inviter == "black" { "green" } else { "black" };
    let winner = if p == 0 { accepter } else { inviter };
    for w in &mut ws {
        let v = next_with(w, "over").await;
        assert_eq!(
            v,
            serde_json::json!({"over": {"winner": winner, "reason": "resign"}})
        );
    }
    // No clock frame for an unclocked game; seats as they came.
    let saved = archive.games.lock().expect("games")[&id].clone();
    assert!(saved.clock.is_none() && saved.terms.clock.is_none() && !saved.terms.rated);
    let (inviter, accepter) = if duel.inviter_side() == "black" {
        (saved.black, saved.green)
    } else {
        (saved.green, saved.black)
    };
    assert_eq!((inviter, accepter), (Some(pa), Some(pb)));
}

#[tokio::test]
async fn one_address_cannot_fill_the_room_table() {
    let limits = Limits {
        rooms: 6,
        rooms_per_address: 3,
        ..Limits::default()
    };
    let relay = diablo_server::Relay::new(limits);
    let greedy: std::net::IpAddr = "10.0.0.1".parse().expect("ip");
    let other: std::net::IpAddr = "10.0.0.2".parse().expect("ip");
    // Open a room, leave, again, again: the issue's way to fill the table.
    for k in 0..50u32 {
        let t = relay
            .enter(&format!("{k:032x}"), greedy)
            .expect("its own idle rooms make way");
        drop(t);
        assert!(relay.room_count() <= 3, "{k}: {}", relay.room_count());
    }
    // Others still start games.
    let mut kept = Vec::new();
    for k in 100..103u32 {
        kept.push(
            relay
                .enter(&format!("{k:032x}"), other)
                .expect("another address"),
        );
    }
    // Held open, the greedy address's rooms stop at its cap…
    let mut held = Vec::new();
    for k in 200..203u32 {
        held.push(
            relay
                .enter(&format!("{k:032x}"), greedy)
                .expect("under the cap"),
        );
    }
    assert_eq!(
        relay.enter(&format!("{:032x}", 300), greedy).err(),
        Some(Turnaway::Address)
    );
    // …and joining a room that exists is not making one.
    assert!(relay.enter(&format!("{:032x}", 100), greedy).is_ok());
    // A full table drops the room idle longest for a new one.
    drop(kept.pop());
    assert_eq!(relay.room_count(), 6);
    let third: std::net::IpAddr = "10.0.0.3".parse().expect("ip");
    let _t = relay
        .enter(&format!("{:032x}", 400), third)
        .expect("an idle room made way");
    assert_eq!(relay.room_count(), 6);
    // With every room in use, a new one is refused.
    assert_eq!(
        relay.enter(&format!("{:032x}", 401), third).err(),
        Some(Turnaway::Busy)
    );
}

/// An archive over `inner` whose reads fail while `down` is set, and
/// whose saves fail while `saves_down` is, as a database that refuses
/// connections.
struct Flaky {
    inner: Arc<MemoryArchive>,
    down: std::sync::atomic::AtomicBool,
    saves_down: std::sync::atomic::AtomicBool,
}

impl Archive for Flaky {
    fn terms<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Terms>> {
        self.inner.terms(game)
    }

    fn load<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Saved>> {
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async { Err(anyhow::anyhow!("the database refuses connections")) });
        }
        self.inner.load(game)
    }

    fn save<'a>(&'a self, saved: &'a Saved, new_link: bool) -> Answer<'a, Kept> {
        if self.saves_down.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async { Err(anyhow::anyhow!("the database refuses connections")) });
        }
        self.inner.save(saved, new_link)
    }

    fn taken<'a>(&'a self, game: &'a str) -> Answer<'a, ()> {
        self.inner.taken(game)
    }
}

// Broken on purpose (`Relay::ready` marking the room read before the read,
// as it did): Mallory's link is taken as a new casual game with her seated
// as Green, and the first assertion fails.
#[tokio::test]
async fn a_room_that_cannot_read_its_game_takes_nothing_until_it_can() {
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let (first, first_relay) = start_on(fast(), archive.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 33);
    let id = duel.id();
    let clock = Clock::live(60, 0).expect("a clock");
    let mut ws = begin(first, &archive, &duel, Some(clock)).await;
    step(&mut duel, &mut ws).await;
    let last = step(&mut duel, &mut ws).await;
    // Taken, then written.
    before_marker(&mut ws[last]).await;
    first_relay.flushed().await;
    let kept = archive.games.lock().expect("games")[&id].clone();
    // A restart while the database refuses connections: anyone who has
    // the game's link (a watcher) sends it, seated with their own key.
    let flaky = Arc::new(Flaky {
        inner: archive.clone(),
        down: true.into(),
        saves_down: false.into(),
    });
    let (second, _) = start_on(fast(), flaky.clone(), time.clone()).await;
    let (km, _) = player(66);
    let mut mallory = connect_seated(second, &id, &km, "Mallory").await;
    let link = serde_json::json!({ "link": duel.link() }).to_string();
    assert_eq!(refused(&mut mallory, &link).await["error"], "unavailable");
    let (kb, _) = bo();
    let mut b = connect_seated(second, &id, &kb, "Bo").await;
    assert_eq!(refused(&mut b, &link).await["error"], "unavailable");
    assert_eq!(refused(&mut mallory, CLAIM).await["error"], "unavailable");
    // The database is back: the next message reads the game, the same one.
    flaky.down.store(false, std::sync::atomic::Ordering::SeqCst);
    send(&mut b, &link).await;
    no_error(&mut b).await;
    let mut watcher = connect_seated(second, &id, &km, "Mallory").await;
    assert_eq!(next_with(&mut watcher, "link").await["link"], duel.link());
    let running = kept.clock.and_then(|c| c.running);
    assert!(running.is_some());
    assert_eq!(
        next_with(&mut watcher, "clock").await["clock"]["running"],
        serde_json::to_value(running).expect("a side")
    );
    assert_eq!(refused(&mut mallory, CLAIM).await["error"], "not-seated");
    let now = archive.games.lock().expect("games")[&id].clone();
    assert_eq!((now.black, now.green), (kept.black, kept.green));
    assert_eq!(now.terms, kept.terms);
    assert_eq!(now.messages, kept.messages);
    assert_eq!(now.over, None);
}

// Broken on purpose (an end whose save failed only logged, as it was):
// the archive keeps the game before the resignation, and after a restart
// the clock flags the side to move, Bo: the result inverted. Here the room
// saves the end again once the database is back, and the restart reads it.
#[tokio::test]
async fn an_end_whose_save_failed_is_kept_once_the_database_is_back() {
    let archive = Arc::new(MemoryArchive::default());
    let flaky = Arc::new(Flaky {
        inner: archive.clone(),
        down: false.into(),
        saves_down: false.into(),
    });
    let time = Time::manual();
    let (addr, relay) = start_on(fast(), flaky.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 34);
    let id = duel.id();
    let mut ws = begin(
        addr,
        &archive,
        &duel,
        Some(Clock::live(60, 0).expect("1+0")),
    )
    .await;
    step(&mut duel, &mut ws).await;
    let last = step(&mut duel, &mut ws).await;
    before_marker(&mut ws[last]).await;
    // The database goes away; the player to move resigns.
    flaky
        .saves_down
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let p = duel.due_player().expect("a game going on");
    let loser = duel.game.due();
    duel.resign();
    send_link(&mut ws[p], &duel.link()).await;
    // The resignation is relayed (its link says it all), but the result
    // is not announced before it is kept.
    assert_eq!(next_with(&mut ws[1 - p], "link").await["link"], duel.link());
    relay.flushed().await;
    let kept = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(kept.over, None, "not kept yet: {loser:?}");
    let told = before_marker(&mut ws[1 - p]).await;
    assert!(told.iter().all(|v| v.get("over").is_none()), "{told:?}");
    // Still down at the next sweep: still held, still unsaved.
    assert_eq!(relay.save_unsaved().await, 1);
    assert_eq!(relay.sweep(time.now() + Duration::from_secs(3600)), 0);
    // Back: the next sweep keeps the end, and then it is announced.
    flaky
        .saves_down
        .store(false, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(relay.save_unsaved().await, 0);
    let over = next_with(&mut ws[1 - p], "over").await["over"].clone();
    let kept = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(serde_json::to_value(kept.over).expect("JSON"), over);
    assert_eq!(over["reason"], "resign");
    assert_eq!(kept.messages, duel.game.messages().len());
    // A restart much later reads that result, and no clock flags anyone.
    time.advance(Duration::from_secs(600));
    let (again, _) = start_on(fast(), archive.clone(), time.clone()).await;
    let (kb, _) = bo();
    let mut b = connect_seated(again, &id, &kb, "Bo").await;
    assert_eq!(next_with(&mut b, "over").await["over"], over);
}

// Broken on purpose (the time down given back at every rebuild): the
// second rebuild moves the deadline a second day.
// Broken on purpose (the bank given back whole at every turn, or a claim
// taken at the turn's end): Ann's bank reads 5 days after her late turn,
// or Bo's first claim is taken.
#[tokio::test]
async fn a_time_bank_is_spent_before_a_claim_and_what_is_left_carries_on() {
    const DAY: i64 = 86_400_000;
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let (addr, _) = start_on(fast(), archive.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 37);
    let clock = Clock::banked(1, 5).expect("a day and 5 in the bank");
    let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
    let v = both_clocks(&mut ws).await;
    let first = v["clock"]["running"].as_str().expect("a side").to_string();
    assert_eq!(v["clock"]["bank_ms"][&first], 5 * DAY, "{v}");
    assert_eq!(ms(&v, &first), DAY, "{v}");
    // The side to move lets 2 days and an hour pass: its turn's day and
    // two of the bank are gone, the claim is refused, the deadline is 23 h
    // on; a watcher reads it so.
    time.advance(Duration::from_millis((2 * DAY + 3_600_000) as u64));
    let mover = duel.due_player().expect("a mover");
    assert_eq!(
        refused(&mut ws[1 - mover], CLAIM).await["error"],
        "too-early"
    );
    let (mut w, _) = connect_nonce(addr, &duel.id()).await;
    let v = next_with(&mut w, "clock").await;
    assert_eq!(v["clock"]["bank_ms"][&first], 3 * DAY, "{v}");
    assert_eq!(ms(&v, &first), 23 * 3_600_000, "{v}");
    // It moves then: three days of its bank carry on to its next turns.
    step(&mut duel, &mut ws).await;
    let v = both_clocks(&mut ws).await;
    assert_ne!(v["clock"]["running"], first.as_str(), "{v}");
    assert_eq!(v["clock"]["bank_ms"][&first], 3 * DAY, "{v}");
    assert_eq!(ms(&v, &first), DAY, "{v}");
    let other = v["clock"]["running"].as_str().expect("a side").to_string();
    assert_eq!(v["clock"]["bank_ms"][&other], 5 * DAY, "{v}");
    // The other side never moves: claimable once its day and all five of
    // its bank have passed, not a millisecond before.
    let claimer = duel.due_player().map(|p| 1 - p).expect("a mover");
    time.advance(Duration::from_millis((6 * DAY - 1) as u64));
    assert_eq!(refused(&mut ws[claimer], CLAIM).await["error"], "too-early");
    time.advance(Duration::from_millis(1));
    send(&mut ws[claimer], CLAIM).await;
    let over = next_with(&mut ws[claimer], "over").await;
    assert_eq!(over["over"]["reason"], "time", "{over}");
    assert_eq!(over["over"]["winner"], first.as_str(), "{over}");
}

#[tokio::test]
async fn a_turn_based_deadline_moves_once_per_server_start() {
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let limits = Limits {
        idle_room: Duration::from_secs(60),
        ..fast()
    };
    let (first, first_relay) = start_on(limits.clone(), archive.clone(), time.clone()).await;
    let mut duel = Duel::new(6, Edition::Standard, 36);
    let id = duel.id();
    let mut ws = begin(
        first,
        &archive,
        &duel,
        Some(Clock::days(3).expect("3 days")),
    )
    .await;
    let last = step(&mut duel, &mut ws).await;
    before_marker(&mut ws[last]).await;
    first_relay.flushed().await;
    let before = archive.games.lock().expect("games")[&id].clone();
    let since = before.clock.expect("a clock").since_ms;
    drop(ws);
    // The server stops in order an hour later (its last word); two days
    // after that a new one starts: the deadline moves the time down, at
    // most a day.
    time.advance(Duration::from_secs(3_600));
    archive.holders.lock().expect("holders").insert(
        id.clone(),
        Holder {
            beat_ms: time.now_ms(),
            stopped: true,
        },
    );
    time.advance(Duration::from_secs(2 * 86_400));
    let (second, relay) = start_on(limits, archive.clone(), time.clone()).await;
    let (kb, _) = bo();
    let b = connect_seated(second, &id, &kb, "Bo").await;
    let mut b = b;
    next_with(&mut b, "clock").await;
    relay.flushed().await;
    let moved = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(moved.clock.expect("a clock").since_ms, since + 86_400_000);
    // The room is dropped while idle and built again on the same start:
    // the deadline stays where it is.
    drop(b);
    // Idle from when the server saw Bo leave (on its time), then dropped.
    while relay.connection_count() > 0 {
        tokio::task::yield_now().await;
    }
    time.advance(Duration::from_secs(120));
    assert_eq!(relay.sweep(time.now()), 1);
    assert_eq!(relay.room_count(), 0);
    let mut b = connect_seated(second, &id, &kb, "Bo").await;
    next_with(&mut b, "clock").await;
    relay.flushed().await;
    let again = archive.games.lock().expect("games")[&id].clone();
    assert_eq!(again.clock.expect("a clock").since_ms, since + 86_400_000);
}

#[tokio::test]
async fn one_address_begins_so_many_games_an_hour() {
    let archive = Arc::new(MemoryArchive::default());
    let time = Time::manual();
    let limits = Limits {
        games_per_address_per_hour: 2,
        cap_loopback: true,
        ..fast()
    };
    let (addr, _) = start_on(limits, archive.clone(), time.clone()).await;
    // Two games begin; invitations alone are not games, however many.
    let mut open = Vec::new();
    for seed in 40..42 {
        open.push(begin(addr, &archive, &Duel::new(6, Edition::Standard, seed), None).await);
    }
    for seed in 42..60 {
        let duel = Duel::new(6, Edition::Standard, seed);
        let (mut w, _) = connect_nonce(addr, &duel.id()).await;
        send_link(&mut w, &duel.invitation).await;
        before_marker(&mut w).await;
    }
    assert_eq!(archive.games.lock().expect("games").len(), 2);
    // The third acceptance within the hour is refused, and nothing kept.
    let duel = Duel::new(6, Edition::Standard, 60);
    let id = duel.id();
    let ([mut a, mut b], kind) = refused_take(addr, &archive, &duel, None).await;
    assert_eq!(kind, "too-many");
    assert!(!archive.games.lock().expect("games").contains_key(&id));
    assert!(!archive.taken.lock().expect("taken").contains(&id));
    // An hour later it begins.
    time.advance(Duration::from_secs(3_601));
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
    before_marker(&mut b).await;
    assert_eq!(archive.games.lock().expect("games")[&id].messages, 2);
}

#[tokio::test]
async fn a_taker_who_lets_games_abort_takes_no_challenge_for_an_hour() {
    let archive = Arc::new(MemoryArchive::default());
    let limits = Limits {
        first_move: Duration::from_millis(400),
        ..fast()
    };
    let (addr, relay) = start_with(limits, archive.clone()).await;
    let time = relay.time();
    let clock = Clock::live(60, 0).expect("a clock");
    // Ann (Black, the poster) moves first; Bo takes and never moves.
    let mut duels = (100..200)
        .map(|seed| Duel::new(6, Edition::Standard, seed))
        .filter(|d| d.inviter_side() == "black");
    for _ in 0..3 {
        let mut duel = duels.next().expect("a duel");
        let mut ws = begin(addr, &archive, &duel, Some(clock)).await;
        both_clocks(&mut ws).await;
        step(&mut duel, &mut ws).await;
        assert_eq!(both_clocks(&mut ws).await["clock"]["running"], "green");
        time.advance(Duration::from_millis(400));
        for w in &mut ws {
            assert_eq!(next_with(w, "over").await["over"]["reason"], "aborted");
        }
        let kept = archive.games.lock().expect("games")[&duel.id()].clone();
        assert_eq!(kept.aborted_by, Some(Side::Green), "Bo let it abort");
    }
    // The fourth take is refused, and nothing begins.
    let duel = duels.next().expect("a duel");
    let id = duel.id();
    let ([mut a, mut b], kind) = refused_take(addr, &archive, &duel, Some(clock)).await;
    assert_eq!(kind, "playban");
    let (ka, _) = ann();
    let (kb, _) = bo();
    assert!(!archive.games.lock().expect("games").contains_key(&id));
    // Ann, who moved, is not banned: she takes Bo's challenge.
    let other = duels.next().expect("a duel").taken_by(&player(1).1);
    let oid = other.id();
    let (_, pb) = bo();
    // (With no clock: a live one would abort too while the hour passes.)
    rated_post(&archive, &oid, None, &pb);
    let mut b2 = connect_seated(addr, &oid, &kb, "Bo").await;
    send_link(&mut b2, &other.invitation).await;
    let mut a2 = connect_seated(addr, &oid, &ka, "Ann").await;
    send_taking(&mut a2, &other).await;
    assert_eq!(next_with(&mut b2, "link").await["link"], other.link());
    // An hour after the latest abort Bo takes again.
    time.advance(Duration::from_secs(3_600));
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
}

#[tokio::test]
async fn nobody_takes_a_challenge_under_an_established_players_name() {
    let archive = Arc::new(MemoryArchive::default());
    let (addr, _) = start_with(fast(), archive.clone()).await;
    // Another key is established as "BO": Bo, whose name folds alike, may
    // not take under it, and nothing begins.
    let someone = Key::parse(&player(77).1).expect("a key");
    archive
        .established
        .lock()
        .expect("established")
        .push(Player {
            key: someone,
            name: "BO".into(),
        });
    let duel = Duel::new(6, Edition::Standard, 31);
    let id = duel.id();
    let ([mut a, mut b], kind) = refused_take(addr, &archive, &duel, None).await;
    assert_eq!(kind, "name-taken");
    assert!(!archive.games.lock().expect("games").contains_key(&id));
    assert!(!archive.taken.lock().expect("taken").contains(&id));
    // Once the established player is Bo himself, he takes it.
    archive.established.lock().expect("established")[0] = bo().1;
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
}
