//! The database's cases, run on SQLite (tests/store.rs) and on PostgreSQL
//! (tests/store_postgres.rs): each takes the URL of an empty database.
#![allow(dead_code)]

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diablo_core::{Color, Edition};
use diablo_corr::Game;
use diablo_server::clock::Clock;
use diablo_server::keys::{Key, Player};
use diablo_server::relay::{Archive, ClockState, Over, Reason, Saved, Side, Terms};
use diablo_server::store::{Challenge, Hook, HookCounts, Store, now_ms};
use ed25519_dalek::SigningKey;
use std::time::Duration;

/// A player with a key made from `seed`.
pub fn player(seed: u8, name: &str) -> Player {
    let signing = SigningKey::from_bytes(&[seed; 32]);
    let text = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
    Player {
        key: Key::parse(&text).expect("a key just made"),
        name: name.into(),
    }
}

/// A fresh invitation's link and game id.
pub fn invitation(color: Color) -> (String, String) {
    let (game, _) = Game::invite(
        8,
        Edition::Standard,
        color,
        "Ann",
        rand::random(),
        rand::random(),
    )
    .expect("an invitation");
    (game.encode(), game.id_hex())
}

/// A challenge of a fresh invitation by `by`.
pub fn challenge(by: &Player, clock: Clock) -> Challenge {
    let (link, game) = invitation(Color::Green);
    Challenge {
        game,
        link,
        size: 8,
        edition: "standard".into(),
        color: "green".into(),
        clock,
        rated: true,
        player: by.clone(),
    }
}

pub fn hook(challenge: Challenge, ttl_ms: i64) -> Hook {
    let now = now_ms();
    Hook {
        challenge,
        posted_ms: now,
        expires_ms: now + ttl_ms,
    }
}

fn live() -> Clock {
    Clock::live(300, 3).expect("5+3")
}

fn days() -> Clock {
    Clock::days(3).expect("3 days")
}

/// A game saved whole: every field set.
fn full(game: &str, messages: usize, at_ms: i64) -> Saved {
    Saved {
        game: game.into(),
        link: format!("link-{messages}"),
        messages,
        at_ms,
        size: 8,
        edition: "sequenced".into(),
        terms: Terms {
            clock: Some(live()),
            rated: true,
            poster: Some(player(1, "Ann")),
        },
        black: Some(player(1, "Ann")),
        green: Some(player(2, "Bo")),
        clock: Some(ClockState {
            black_ms: 295_000,
            green_ms: 301_500,
            running: Some(Side::Green),
            since_ms: at_ms,
        }),
        over: None,
    }
}

fn game_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Opening twice (and two at once) migrates once; a later open finds
/// what an earlier one kept.
pub async fn migrations_run_once(url: &str) {
    let (a, b) = tokio::join!(Store::open(url), Store::open(url));
    let a = a.expect("opens");
    let b = b.expect("opens at the same time");
    let c = Store::open(url).await.expect("opens again");
    let ann = player(1, "Ann");
    let h = hook(challenge(&ann, days()), 60_000);
    assert!(a.post_hook(&h, "10.0.0.1", None).await.expect("kept"));
    assert_eq!(
        b.hook(&h.challenge.game).await.expect("read"),
        Some(h.clone())
    );
    assert_eq!(c.hooks().await.expect("read"), vec![h]);
    for s in [a, b, c] {
        s.close().await;
    }
}

/// A game saved is loaded as it was; seats are players; a save never
/// takes a game back.
pub async fn games_round_trip(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let id = game_id();
    assert_eq!(store.load(&id).await.expect("read"), None);
    let t0 = now_ms();
    let saved = full(&id, 5, t0);
    store.save(&saved, true).await.expect("saved");
    assert_eq!(store.load(&id).await.expect("read"), Some(saved.clone()));
    // Over, with a winner; then an aborted one with none.
    let mut over = full(&id, 6, t0 + 10);
    over.over = Some(Over {
        winner: Some(Side::Black),
        reason: Reason::Time,
    });
    over.clock = Some(ClockState {
        black_ms: 1,
        green_ms: 0,
        running: None,
        since_ms: t0 + 10,
    });
    store.save(&over, true).await.expect("saved");
    assert_eq!(store.load(&id).await.expect("read"), Some(over.clone()));
    // An older save arriving late changes nothing.
    store
        .save(&full(&id, 4, t0 - 5), true)
        .await
        .expect("saved");
    assert_eq!(store.load(&id).await.expect("read"), Some(over));
    // Nothing optional set.
    let bare_id = game_id();
    let bare = Saved {
        game: bare_id.clone(),
        link: "l".into(),
        messages: 1,
        at_ms: t0,
        size: 26,
        edition: "standard".into(),
        terms: Terms {
            clock: None,
            rated: false,
            poster: None,
        },
        black: None,
        green: None,
        clock: None,
        over: Some(Over {
            winner: None,
            reason: Reason::Aborted,
        }),
    };
    store.save(&bare, false).await.expect("saved");
    assert_eq!(store.load(&bare_id).await.expect("read"), Some(bare));
    assert_eq!(store.links(&bare_id).await.expect("read"), vec![]);
    // The seats are players, under their latest names.
    let ann = store
        .player(player(1, "x").key.as_str())
        .await
        .expect("read")
        .expect("Ann was seated");
    assert_eq!(ann.player.name, "Ann");
    let mut renamed = full(&id, 7, t0 + 20);
    renamed.green = Some(player(2, "Bob"));
    store.save(&renamed, false).await.expect("saved");
    let bo = store
        .player(player(2, "x").key.as_str())
        .await
        .expect("read")
        .expect("Bo was seated");
    assert_eq!(bo.player.name, "Bob");
    assert!(bo.first_seen_ms <= bo.last_seen_ms);
    assert_eq!(
        store
            .player(player(9, "x").key.as_str())
            .await
            .expect("read"),
        None
    );
    store.close().await;
}

/// Every new link is kept with the time it arrived.
pub async fn links_keep_their_times(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let id = game_id();
    let t0 = now_ms();
    for (n, dt) in [(1, 0), (2, 1_500), (3, 4_000)] {
        store
            .save(&full(&id, n, t0 + dt), true)
            .await
            .expect("saved");
    }
    // A save of the same link (a clock or seat change) adds none.
    store
        .save(&full(&id, 3, t0 + 9_000), false)
        .await
        .expect("saved");
    // Nor does the same link saved again after a restart.
    store
        .save(&full(&id, 3, t0 + 9_500), true)
        .await
        .expect("saved");
    assert_eq!(
        store.links(&id).await.expect("read"),
        vec![(1, t0), (2, t0 + 1_500), (3, t0 + 4_000)]
    );
    store.close().await;
}

/// A challenge's terms are its game's; taken, it leaves the lobby, tells
/// it, and its game keeps the terms.
pub async fn terms_and_taken(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let ann = player(3, "Ann");
    let c = challenge(&ann, live());
    let game = c.game.clone();
    assert_eq!(store.terms(&game).await.expect("read"), None);
    // The poster's page joins the room, which keeps the invitation, before
    // it posts: that game has not begun.
    let invitation = Saved {
        link: c.link.clone(),
        terms: Terms {
            clock: None,
            rated: false,
            poster: None,
        },
        black: None,
        green: None,
        clock: None,
        ..full(&game, 1, now_ms())
    };
    store.save(&invitation, true).await.expect("kept");
    assert!(!store.has_game(&game).await.expect("read"));
    assert!(
        store
            .post_hook(&hook(c.clone(), 60_000), "10.0.0.1", Some(("i1", 7)))
            .await
            .expect("kept")
    );
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    assert!(!store.has_game(&game).await.expect("read"));
    store.taken(&game).await.expect("taken");
    tokio::time::timeout(Duration::from_secs(1), store.changes().notified())
        .await
        .expect("the lobby is told");
    assert_eq!(store.hook(&game).await.expect("read"), None);
    assert!(store.has_game(&game).await.expect("read"));
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    let kept = store.load(&game).await.expect("read").expect("the game");
    assert_eq!(kept.link, c.link);
    assert_eq!(kept.messages, 1);
    assert_eq!(kept.terms, c.terms());
    // The room's later saves keep the terms it read.
    let mut saved = full(&game, 2, now_ms());
    saved.terms = c.terms();
    store.save(&saved, true).await.expect("saved");
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    // Taken twice (or a game with no challenge) changes nothing.
    store.taken(&game).await.expect("taken again");
    store.taken(&game_id()).await.expect("no challenge");
    assert_eq!(store.load(&game).await.expect("read"), Some(saved));
    store.close().await;
}

/// Turn-based challenges are there after the store is opened again.
pub async fn hooks_survive_reopening(url: &str) {
    let ann = player(4, "Ann");
    let h = hook(challenge(&ann, days()), 86_400_000);
    {
        let store = Store::open(url).await.expect("opens");
        assert!(store.post_hook(&h, "10.0.0.2", None).await.expect("kept"));
        // The same game twice is not kept twice.
        let again = hook(h.challenge.clone(), 1);
        assert!(
            !store
                .post_hook(&again, "10.0.0.3", None)
                .await
                .expect("read")
        );
        store.close().await;
    }
    let store = Store::open(url).await.expect("opens again");
    assert_eq!(
        store.hook(&h.challenge.game).await.expect("read"),
        Some(h.clone())
    );
    assert!(
        store
            .hook_games()
            .await
            .expect("read")
            .contains(&h.challenge.game)
    );
    store.close().await;
}

/// What the lobby asks of the hooks table: counts, replacing, withdrawing,
/// expiring, heartbeats, holding and releasing.
pub async fn hooks_bookkeeping(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let ann = player(5, "Ann");
    let bo = player(6, "Bo");
    let long = 3_600_000;
    let t1 = hook(challenge(&ann, days()), long);
    let t2 = hook(challenge(&ann, days()), long);
    let l1 = hook(challenge(&ann, live()), long);
    let b1 = hook(challenge(&bo, live()), long);
    store.post_hook(&t1, "10.0.0.1", None).await.expect("kept");
    store.post_hook(&t2, "10.0.0.2", None).await.expect("kept");
    store
        .post_hook(&l1, "10.0.0.1", Some(("a", 1)))
        .await
        .expect("kept");
    store
        .post_hook(&b1, "10.0.0.1", Some(("b", 2)))
        .await
        .expect("kept");
    assert_eq!(
        store
            .hook_counts("10.0.0.1", ann.key.as_str())
            .await
            .expect("read"),
        HookCounts {
            all: 4,
            address: 3,
            turn_based: 2
        }
    );
    assert_eq!(
        store.live_hooks_of(ann.key.as_str()).await.expect("read"),
        vec![(l1.challenge.game.clone(), "10.0.0.1".to_string())]
    );
    // Oldest first.
    let all: Vec<String> = store
        .hooks()
        .await
        .expect("read")
        .into_iter()
        .map(|h| h.challenge.game)
        .collect();
    assert_eq!(all.len(), 4);
    // Only the poster withdraws.
    assert!(
        !store
            .withdraw_hook(&t1.challenge.game, bo.key.as_str())
            .await
            .expect("read")
    );
    assert!(
        store
            .withdraw_hook(&t1.challenge.game, ann.key.as_str())
            .await
            .expect("read")
    );
    // A new live challenge replaces Ann's.
    assert_eq!(
        store.drop_live_of(ann.key.as_str()).await.expect("read"),
        vec![l1.challenge.game.clone()]
    );
    // Holding and releasing: only the holder's connection lets it go.
    assert!(
        !store
            .release_hook(&b1.challenge.game, ("b", 3))
            .await
            .expect("read")
    );
    assert!(
        store
            .hold_hook(&b1.challenge.game, bo.key.as_str(), ("c", 3), now_ms())
            .await
            .expect("read")
    );
    assert!(
        !store
            .release_hook(&b1.challenge.game, ("b", 2))
            .await
            .expect("read")
    );
    assert!(
        store
            .hook(&b1.challenge.game)
            .await
            .expect("read")
            .is_some()
    );
    // Heartbeats keep a live challenge; a stale one goes (its instance
    // is gone), and so does any past its time.
    let now = now_ms();
    assert_eq!(store.heartbeat("c", now + 1_000).await.expect("beat"), 1);
    assert_eq!(
        store.expire_hooks(now, now + 500).await.expect("read"),
        Vec::<String>::new()
    );
    assert_eq!(
        store.expire_hooks(now, now + 2_000).await.expect("read"),
        vec![b1.challenge.game.clone()]
    );
    assert_eq!(
        store.expire_hooks(now + long, 0).await.expect("read"),
        vec![t2.challenge.game.clone()]
    );
    assert!(store.hook_games().await.expect("read").is_empty());
    // Stopping drops what an instance holds and nothing else.
    let l2 = hook(challenge(&ann, live()), long);
    let t3 = hook(challenge(&ann, days()), long);
    store
        .post_hook(&l2, "10.0.0.1", Some(("d", 1)))
        .await
        .expect("kept");
    store.post_hook(&t3, "10.0.0.1", None).await.expect("kept");
    assert_eq!(
        store.release_instance("d").await.expect("read"),
        vec![l2.challenge.game.clone()]
    );
    assert_eq!(
        store.hook_games().await.expect("read"),
        vec![t3.challenge.game.clone()]
    );
    store.close().await;
}
