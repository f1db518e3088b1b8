//! Ratings end to end: a rated lobby game played through the relay on a
//! real database changes both players' ratings, and the JSON API shows
//! it (tests/store_cases has the rules, on SQLite and PostgreSQL).

mod common;
mod store_cases;

use common::{
    Duel, before_marker, connect_seated, database, next_with, player, send_link, send_taking, site,
};
use diablo_core::Edition;
use diablo_server::clock::Clock;
use diablo_server::glicko::Rating;
use diablo_server::keys::{Key, Player};
use diablo_server::store::{Challenge, Hook, Store, now_ms};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;

/// The server as the binary builds it: relay, lobby and API on one store.
async fn serve(store: Arc<Store>) -> (SocketAddr, Arc<diablo_server::Relay>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let config = diablo_server::Config {
        root: site(),
        prefix: "/".into(),
        limits: diablo_server::Limits {
            frames_per_second: 1e6,
            frame_burst: 1e6,
            ..diablo_server::Limits::default()
        },
        lobby: diablo_server::LobbyLimits::default(),
        database: database(),
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        time: diablo_server::Time::manual(),
    };
    let relay =
        diablo_server::Relay::with_time(config.limits.clone(), store.clone(), config.time.clone());
    let lobby = diablo_server::Lobby::with_time(store, config.lobby.clone(), config.time.clone());
    let app = diablo_server::app(&config, relay.clone(), lobby);
    tokio::spawn(async move {
        let _ = axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await;
    });
    (addr, relay)
}

async fn get_json(addr: SocketAddr, path: &str) -> (u16, Value) {
    let (status, _, body) = store_cases::http_get(addr, path).await;
    (status, serde_json::from_str(&body).expect("JSON"))
}

#[tokio::test]
async fn a_rated_lobby_game_through_the_relay_changes_both_ratings() {
    let store = Store::open(&database()).await.expect("opens");
    let (addr, relay) = serve(store.clone()).await;
    let (ka, key_a) = player(61);
    let (kb, key_b) = player(62);
    let mut duel = Duel::new(6, Edition::Standard, 40).taken_by(&key_b);
    let id = duel.id();
    let ann = Player {
        key: Key::parse(&key_a).expect("a key"),
        name: "Ann".into(),
    };
    // What the lobby does with a post: the poster seen, the challenge kept.
    store
        .see_player_from(&ann, now_ms(), Some("10.0.0.1"))
        .await
        .expect("seen");
    let challenge = Challenge {
        game: id.clone(),
        link: duel.invitation.clone(),
        size: 6,
        edition: "standard".into(),
        color: duel.inviter_side().into(),
        clock: Clock::live(300, 3).expect("5+3"),
        rated: true,
        player: ann,
        listed: true,
        rematch: None,
    };
    let hook = Hook {
        challenge,
        posted_ms: now_ms(),
        expires_ms: now_ms() + 60_000,
        rating: None,
        bot: false,
    };
    assert!(
        store
            .post_hook(&hook, "10.0.0.1", None)
            .await
            .expect("kept")
    );
    // Ann's page sends the invitation; Bo takes it, seated.
    let mut a = connect_seated(addr, &id, &ka, "Ann").await;
    send_link(&mut a, &duel.invitation).await;
    let mut b = connect_seated(addr, &id, &kb, "Bo").await;
    assert_eq!(next_with(&mut b, "link").await["link"], duel.invitation);
    send_taking(&mut b, &duel).await;
    assert_eq!(next_with(&mut a, "link").await["link"], duel.link());
    let mut ws = [a, b];
    for _ in 0..4 {
        let p = duel.due_player().expect("going on");
        assert!(duel.step());
        send_link(&mut ws[p], &duel.link()).await;
        next_with(&mut ws[1 - p], "link").await;
    }
    // In progress, on both players' lists, as the database holds it once
    // the relay's writes behind are in: whose move it is, by when, the
    // whole link.
    relay.flushed().await;
    let due = match duel.game.due() {
        diablo_corr::Due::Turn { color, .. } => color.name().to_lowercase(),
        other => panic!("a turn is due: {other:?}"),
    };
    for key in [&key_a, &key_b] {
        let (status, list) = get_json(addr, &format!("/api/players/{key}/playing")).await;
        assert_eq!(status, 200);
        let games = list["games"].as_array().expect("a list");
        assert_eq!(games.len(), 1, "{list}");
        let g = &games[0];
        assert_eq!(g["game"], id);
        assert_eq!(g["link"], duel.link());
        assert_eq!(g["to_move"], due);
        assert_eq!(g["rated"], true);
        assert_eq!(
            g["clock"],
            serde_json::json!({"initial": 300, "increment": 3})
        );
        let deadline = g["deadline"].as_str().expect("a live clock runs");
        assert!(
            diablo_server::api::parse_time(deadline).is_some(),
            "{deadline}"
        );
        let seats = [g["black"]["key"].clone(), g["green"]["key"].clone()];
        assert!(seats.contains(&Value::from(key_a.as_str())), "{g}");
        assert!(seats.contains(&Value::from(key_b.as_str())), "{g}");
    }
    let (status, _) = get_json(addr, "/api/players/not-a-key/playing").await;
    assert_eq!(status, 404);
    // The player to move resigns.
    let loser = duel.due_player().expect("going on");
    duel.resign();
    send_link(&mut ws[loser], &duel.link()).await;
    let over = next_with(&mut ws[1 - loser], "over").await;
    assert_eq!(over["over"]["reason"], "resign");
    // The end is saved right after the frames go, and before the loser's
    // next frame is read.
    before_marker(&mut ws[loser]).await;
    let (status, ann_json) = get_json(addr, &format!("/api/players/{key_a}")).await;
    assert_eq!(status, 200);
    assert_eq!(ann_json["games"], 1, "the game was rated: {ann_json}");
    let (_, bo_json) = get_json(addr, &format!("/api/players/{key_b}")).await;
    let new = Rating::default();
    let (won, lost) = (new.update(new, 1.0, 0.0), new.update(new, 0.0, 0.0));
    let (ann_after, bo_after) = if loser == 0 { (lost, won) } else { (won, lost) };
    for (json, want) in [(&ann_json, ann_after), (&bo_json, bo_after)] {
        let rating = json["rating"].as_f64().expect("a number");
        assert!((rating - want.rating).abs() < 1e-9, "{json} vs {want:?}");
        assert_eq!(json["provisional"], true);
    }
    assert_eq!(ann_json["wins"], i32::from(loser != 0));
    assert_eq!(bo_json["name"], "Bo");
    // The game, with its whole link and a clock after each link.
    let (status, game) = get_json(addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(game["link"], duel.link());
    assert_eq!(game["rated"], true);
    assert_eq!(game["result"]["reason"], "resign");
    let clocks = game["clocks"].as_array().expect("clocked");
    assert!(clocks.len() >= 5, "{game}");
    let counts: Vec<i64> = clocks
        .iter()
        .map(|c| c["messages"].as_i64().expect("a count"))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{counts:?}");
    for c in clocks {
        assert!(
            c["black"]
                .as_i64()
                .is_some_and(|ms| ms > 0 && ms <= 303_000)
        );
    }
    // Listed for both players, and no longer in progress.
    let (_, list) = get_json(addr, &format!("/api/players/{key_b}/games")).await;
    assert_eq!(list["games"][0]["game"], id);
    let (_, playing) = get_json(addr, &format!("/api/players/{key_b}/playing")).await;
    assert_eq!(playing, serde_json::json!({"games": []}));
    // Its luck, not yet worked out, then worked out as the review does
    // and shown for the game and each player from their side.
    assert_eq!(game["luck"], Value::Null);
    assert_eq!(
        ann_json["luck"],
        serde_json::json!({"games": 0, "sum": 0.0})
    );
    let mut skip = std::collections::HashSet::new();
    let kept = diablo_server::luck::settle(&store, &mut skip).await;
    assert_eq!(kept.expect("settled"), 1);
    let black = diablo_ai::review::record_luck(duel.game.record());
    let (_, game) = get_json(addr, &format!("/api/games/{id}")).await;
    let luck = game["luck"].as_f64().expect("worked out");
    assert!((luck - black).abs() < 1e-9, "{luck} vs {black}");
    let ann_black = duel.inviter_side() == "black";
    for (key, black_side) in [(&key_a, ann_black), (&key_b, !ann_black)] {
        let (_, json) = get_json(addr, &format!("/api/players/{key}")).await;
        assert_eq!(json["luck"]["games"], 1, "{json}");
        let sum = json["luck"]["sum"].as_f64().expect("a number");
        let want = if black_side { black } else { -black };
        assert!((sum - want).abs() < 1e-9, "{sum} vs {want}");
        let (_, list) = get_json(addr, &format!("/api/players/{key}/games")).await;
        assert_eq!(list["games"][0]["luck"], game["luck"]);
    }
}
