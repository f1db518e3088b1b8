//! A round robin through the server as pages play it (docs/tournaments.md):
//! created and joined by signed lobby frames, started at its time (a
//! manual clock), every pairing told to both players, each game posted by
//! its Black player unlisted with the tournament's id and handed to Green,
//! taken and played in the room with links made here, and the standings
//! with their tie-break as worked out by hand; on SQLite and PostgreSQL.

mod common;
mod store_cases;

use common::{Duel, Ws, connect_seated, next_with, player, send_link, send_taking, sign};
use diablo_core::Edition;
use diablo_server::Time;
use diablo_server::clock::Clock;
use diablo_server::lobby::owner_text;
use ed25519_dalek::SigningKey;
use futures_util::SinkExt as _;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

struct Entrant {
    signing: SigningKey,
    key: String,
    name: String,
    lobby: Ws,
}

async fn lobby(addr: SocketAddr) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/lobby"))
        .await
        .expect("the lobby");
    next_with(&mut ws, "nonce").await;
    next_with(&mut ws, "hooks").await;
    ws
}

async fn send(ws: &mut Ws, frame: &Value) {
    ws.send(Message::text(frame.to_string()))
        .await
        .expect("sent");
}

/// The next `{"tournament": T}` whose T satisfies `want`.
async fn tournament_until(ws: &mut Ws, want: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next_with(ws, "tournament").await;
        if want(&v["tournament"]) {
            return v["tournament"].clone();
        }
    }
}

async fn get_json(addr: SocketAddr, path: &str) -> Value {
    let (status, _, body) = store_cases::http_get(addr, path).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

/// Who wins each game: the earlier of the two in this order (Ann beats
/// everyone, Bo beats Cy and Di, Cy beats Di), both times.
const ORDER: [&str; 4] = ["Ann", "Bo", "Cy", "Di"];

async fn a_double_round_robin_played_to_its_end(url: String) {
    let time = Time::manual();
    let config = diablo_server::Config {
        database: url,
        limits: diablo_server::Limits {
            frames_per_second: 1e6,
            frame_burst: 1e6,
            ..diablo_server::Limits::default()
        },
        lobby: diablo_server::LobbyLimits {
            frames_per_second: 1e6,
            frame_burst: 1e6,
            ..diablo_server::LobbyLimits::default()
        },
        ..common::config(time.clone())
    };
    let addr = common::serve(config).await;
    let mut people = Vec::new();
    for (i, name) in ORDER.iter().enumerate() {
        let (signing, key) = player(100 + u8::try_from(i).expect("few"));
        people.push(Entrant {
            signing,
            key,
            name: (*name).to_string(),
            lobby: lobby(addr).await,
        });
    }
    let clock = json!({"days": 2});
    let starts = diablo_server::api::rfc3339(time.now_ms() + 60_000);
    let terms = json!({"name": "Winter cup", "kind": "round-robin", "size": 6,
        "edition": "standard", "clock": clock, "rated": true, "duplicate": false,
        "double": true, "starts": starts, "minutes": null, "max_players": 4});
    // Signed over the canonical JSON (serde_json's map is sorted).
    let sig = sign(
        &people[0].signing,
        &format!(
            "diablo create {}",
            serde_json::to_string(&terms).expect("JSON")
        ),
    );
    let mut create = terms.clone();
    create["key"] = json!(people[0].key);
    create["sig"] = json!(sig);
    // Forged first: another key's signature.
    let mut forged = create.clone();
    forged["key"] = json!(people[1].key);
    send(&mut people[0].lobby, &json!({"create": forged})).await;
    assert_eq!(
        next_with(&mut people[0].lobby, "error").await["error"],
        "forged"
    );
    send(&mut people[0].lobby, &json!({"create": create})).await;
    let t = tournament_until(&mut people[1].lobby, |t| t["status"] == "open").await;
    let id = t["id"].as_str().expect("an id").to_string();
    assert_eq!(t["name"], "Winter cup");
    assert_eq!(t["players"], 0);
    assert_eq!(t["ends"], Value::Null);
    for p in &mut people {
        let join = json!({"join": {"tournament": id, "key": p.key, "name": p.name,
            "sig": sign(&p.signing, &format!("diablo join {id}"))}});
        send(&mut p.lobby, &join).await;
    }
    tournament_until(&mut people[0].lobby, |t| t["players"] == 4).await;
    let list = get_json(addr, "/api/tournaments").await;
    assert_eq!(list["tournaments"][0]["id"], id.as_str());
    assert_eq!(list["tournaments"][0]["status"], "open");
    // The start: every player is told six pairings (three each colour).
    time.advance(Duration::from_secs(60));
    let mut pairings: Vec<Vec<Value>> = Vec::new();
    for p in &mut people {
        let mut mine = Vec::new();
        for _ in 0..6 {
            mine.push(next_with(&mut p.lobby, "pairing").await["pairing"].clone());
        }
        let blacks = mine.iter().filter(|m| m["color"] == "black").count();
        assert_eq!(blacks, 3, "{mine:?}");
        assert!(
            mine.iter()
                .all(|m| m["game"].is_null() && m["tournament"] == id.as_str())
        );
        pairings.push(mine);
    }
    let keys: Vec<String> = people.iter().map(|p| p.key.clone()).collect();
    let index = |key: &str| keys.iter().position(|k| k == key).expect("a player");
    let clock_set: Clock = serde_json::from_value(clock.clone()).expect("a clock");
    let mut seed = 0u64;
    for b in 0..4 {
        let blacks: Vec<Value> = pairings[b]
            .iter()
            .filter(|m| m["color"] == "black")
            .cloned()
            .collect();
        for m in blacks {
            let g = index(m["opponent"]["key"].as_str().expect("a key"));
            // Black's page makes the invitation, bound to it and the terms,
            // and posts it unlisted for the tournament.
            seed += 2;
            let owner = owner_text(&people[b].key, &clock_set, true, false, false);
            let mut duel = Duel::bound(6, Edition::Standard, seed, &owner).taken_by(&people[g].key);
            let post = json!({"post": {"link": duel.invitation, "clock": clock, "rated": true,
                "key": people[b].key, "name": people[b].name, "unlisted": true,
                "sig": sign(&people[b].signing, &format!("diablo hook {}", duel.invitation)),
                "salt": duel.salt(), "tournament": id}});
            send(&mut people[b].lobby, &post).await;
            // Green is told the game and its invitation.
            let told = loop {
                let v = next_with(&mut people[g].lobby, "pairing").await;
                if v["pairing"]["game"] == duel.id().as_str() {
                    break v["pairing"].clone();
                }
            };
            assert_eq!(told["link"], duel.invitation.as_str());
            assert_eq!(told["color"], "green");
            assert_eq!(told["opponent"]["key"], people[b].key.as_str());
            // Both in the room, seated; Green takes it.
            let game = duel.id();
            let mut rb = connect_seated(addr, &game, &people[b].signing, &people[b].name).await;
            send_link(&mut rb, &duel.invitation).await;
            let mut rg = connect_seated(addr, &game, &people[g].signing, &people[g].name).await;
            assert_eq!(next_with(&mut rg, "link").await["link"], duel.invitation);
            send_taking(&mut rg, &duel).await;
            assert_eq!(next_with(&mut rb, "link").await["link"], duel.link());
            // The later of the two in ORDER resigns on their turn.
            let loser = usize::from(b < g);
            let mut ws = [rb, rg];
            while duel.due_player() != Some(loser) {
                let p = duel.due_player().expect("going on");
                assert!(duel.step());
                send_link(&mut ws[p], &duel.link()).await;
                next_with(&mut ws[1 - p], "link").await;
            }
            duel.resign();
            send_link(&mut ws[loser], &duel.link()).await;
            let over = next_with(&mut ws[1 - loser], "over").await;
            assert_eq!(over["over"]["reason"], "resign");
        }
    }
    // Over once the last result is kept: every connection is told.
    let t = tournament_until(&mut people[3].lobby, |t| t["status"] == "over").await;
    assert!(t["ends"].is_string(), "{t}");
    let got = get_json(addr, &format!("/api/tournaments/{id}")).await;
    assert_eq!(got["status"], "over");
    assert_eq!(got["games"].as_array().expect("games").len(), 12);
    assert!(got["games"].as_array().expect("games").iter().all(|g| {
        g["round"].as_i64().is_some_and(|r| (1..=6).contains(&r))
            && g["result"]["reason"] == "resign"
    }));
    // By hand: Ann 6 points, SB 2 × (4 + 2 + 0) = 12; Bo 4, SB 2 × (2 + 0)
    // = 4; Cy 2, SB 2 × 0 = 0; Di 0.
    let lines: Vec<(String, f64, i64, i64, f64)> = got["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|l| {
            (
                l["name"].as_str().expect("a name").to_string(),
                l["points"].as_f64().expect("points"),
                l["games"].as_i64().expect("games"),
                l["wins"].as_i64().expect("wins"),
                l["tiebreak"].as_f64().expect("a tiebreak"),
            )
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            ("Ann".into(), 6.0, 6, 6, 12.0),
            ("Bo".into(), 4.0, 6, 4, 4.0),
            ("Cy".into(), 2.0, 6, 2, 0.0),
            ("Di".into(), 0.0, 6, 0, 0.0),
        ]
    );
    assert!(
        got["pairings"]
            .as_array()
            .expect("pairings")
            .iter()
            .all(|p| p["state"] == "over")
    );
}

#[tokio::test]
async fn a_double_round_robin_on_sqlite() {
    a_double_round_robin_played_to_its_end(common::database()).await;
}

#[tokio::test]
async fn a_double_round_robin_on_postgres() {
    let (url, schema) = common::postgres::fresh().await;
    a_double_round_robin_played_to_its_end(url).await;
    common::postgres::drop_schema(&schema).await;
}
