//! The server binary killed (SIGKILL) between relaying links and writing
//! them: the database holds an older state of the game, both players
//! still hold the newer one, and after a restart the game goes on from
//! what they send and ends as it would have, recorded whole.
#![cfg(unix)]

mod common;
mod process;

use common::{Duel, before_marker, connect, next_with, send_link};
use diablo_core::Edition;
use diablo_server::relay::Archive as _;
use process::spawn_server;
use sqlx::Connection as _;
use std::net::SocketAddr;

/// Plays the due message from its player's socket; the other receives it.
async fn step(duel: &mut Duel, ws: &mut [common::Ws; 2]) {
    let p = duel.due_player().expect("a game going on");
    assert!(duel.step());
    send_link(&mut ws[p], &duel.link()).await;
    link_until(&mut ws[1 - p], &duel.link()).await;
}

/// Reads links until `link` (older ones may come first).
async fn link_until(ws: &mut common::Ws, link: &str) {
    while next_with(ws, "link").await["link"] != link {}
}

async fn both(addr: &str, id: &str) -> [common::Ws; 2] {
    let addr: SocketAddr = addr.parse().expect("an address");
    [connect(addr, id).await, connect(addr, id).await]
}

/// How many messages of game `id` the database holds, read on `conn`.
async fn stored(conn: &mut sqlx::SqliteConnection, id: &str) -> i64 {
    sqlx::query_scalar("SELECT messages FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await
        .expect("the game's row")
}

// Broken on purpose (a room rebuilt from the older state refusing the
// players' newer link, or the end announced before it is written): the
// resent link is refused, or the last read finds no result.
#[tokio::test]
async fn a_server_killed_between_relay_and_write_loses_nothing_players_hold() {
    let site = common::site();
    let db = common::database();
    let (mut server, addr, _out, _err) = spawn_server(&site, &db);
    let mut duel = Duel::new(6, Edition::Standard, 41);
    let id = duel.id();
    let mut ws = both(&addr, &id).await;
    send_link(&mut ws[0], &duel.invitation).await;
    send_link(&mut ws[1], &duel.link()).await;
    // A game's first write is made before its sender's next frame is read.
    before_marker(&mut ws[1]).await;
    // Then the database stops taking writes (another writer holds it) and
    // six more messages are played: each reaches the other player at once.
    let mut lock = sqlx::SqliteConnection::connect(&db)
        .await
        .expect("the database");
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut lock)
        .await
        .expect("locked");
    for _ in 0..6 {
        step(&mut duel, &mut ws).await;
    }
    let played = duel.game.messages().len();
    // Killed with all of them relayed and none written.
    server.0.kill().expect("killed");
    server.0.wait().expect("gone");
    drop(ws);
    assert_eq!(stored(&mut lock, &id).await, 2);
    sqlx::query("ROLLBACK")
        .execute(&mut lock)
        .await
        .expect("unlocked");
    // Restarted: the room holds the older game; the players' browsers send
    // the link they hold, and it is taken as it was the first time.
    let (_server, addr, _out, _err) = spawn_server(&site, &db);
    let mut ws = both(&addr, &id).await;
    let link = next_with(&mut ws[0], "link").await["link"].clone();
    assert_ne!(link, duel.link(), "the database had the older state");
    send_link(&mut ws[0], &duel.link()).await;
    link_until(&mut ws[1], &duel.link()).await;
    // The game goes on and ends: the player to move resigns.
    for _ in 0..4 {
        step(&mut duel, &mut ws).await;
    }
    let p = duel.due_player().expect("a game going on");
    duel.resign();
    send_link(&mut ws[p], &duel.link()).await;
    let over = next_with(&mut ws[1 - p], "over").await["over"].clone();
    assert_eq!(over["reason"], "resign");
    // Announced once written: the database holds the whole game and its
    // result, the messages played before the crash among them.
    let store = diablo_server::store::Store::open(&db)
        .await
        .expect("the database");
    let kept = store.load(&id).await.expect("read").expect("the game");
    assert!(kept.messages > played);
    assert_eq!(kept.link, duel.link());
    assert_eq!(
        serde_json::to_value(kept.over).expect("JSON"),
        over,
        "the result as announced"
    );
}
