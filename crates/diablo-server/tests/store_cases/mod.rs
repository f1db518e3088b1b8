//! The database's cases, run on SQLite (tests/store.rs) and on PostgreSQL
//! (tests/store_postgres.rs): each takes the URL of an empty database.
#![allow(dead_code)]

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diablo_core::{Color, Edition};
use diablo_corr::Game;
use diablo_server::clock::Clock;
use diablo_server::glicko::Rating;
use diablo_server::keys::{Key, Player};
use diablo_server::relay::{
    Archive, ClockState, Delta, Kept, Over, Reason, Saved, Side, Step, Terms, Write,
};
use diablo_server::store::{Challenge, Hook, HookEntry, PosterRating, Store, now_ms};
use ed25519_dalek::SigningKey;
use std::time::Duration;

use crate::common;

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
        listed: true,
        rematch: None,
    }
}

pub fn hook(challenge: Challenge, ttl_ms: i64) -> Hook {
    let now = now_ms();
    Hook {
        challenge,
        posted_ms: now,
        expires_ms: now + ttl_ms,
        rating: None,
        bot: false,
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
        stored: 0,
        bonus_start_ms: None,
        address: None,
        aborted_by: None,
    }
}

/// `saved` as the archive keeps it after it was written: the base of the
/// next save is what it holds.
fn as_kept(saved: &Saved) -> Saved {
    Saved {
        stored: saved.messages,
        ..saved.clone()
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

/// A game saved is loaded as it was; seats are players; a save is made
/// over the state it read (compare-and-set on the count of messages) and
/// never takes a game back, rewrites a result, seats or terms.
pub async fn games_round_trip(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let id = game_id();
    assert_eq!(store.load(&id).await.expect("read"), None);
    let t0 = now_ms();
    let mut saved = full(&id, 5, t0);
    saved.bonus_start_ms = Some(t0 - 7);
    saved.address = Some("10.1.1.1".into());
    assert_eq!(
        store.save(&saved, true).await.expect("saved"),
        Kept::Written
    );
    assert_eq!(store.load(&id).await.expect("read"), Some(as_kept(&saved)));
    // A second first write of the same game (another instance) loses.
    assert_eq!(
        store.save(&full(&id, 5, t0), true).await.expect("saved"),
        Kept::Conflict
    );
    // Over, with a winner, made over what was read.
    let mut over = full(&id, 6, t0 + 10);
    over.stored = 5;
    over.bonus_start_ms = Some(t0 - 7);
    over.address = Some("10.1.1.1".into());
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
    assert_eq!(store.save(&over, true).await.expect("saved"), Kept::Written);
    assert_eq!(store.load(&id).await.expect("read"), Some(as_kept(&over)));
    // An older save arriving late changes nothing.
    let mut late = full(&id, 4, t0 - 5);
    late.stored = 3;
    assert_eq!(
        store.save(&late, true).await.expect("saved"),
        Kept::Conflict
    );
    // Nor does one made over the state before the end (an instance that
    // did not see it), nor anything after the end: the result stays.
    let mut stale = full(&id, 6, t0 + 12);
    stale.stored = 5;
    assert_eq!(
        store.save(&stale, true).await.expect("saved"),
        Kept::Conflict
    );
    let mut after = full(&id, 7, t0 + 20);
    after.stored = 6;
    after.over = Some(Over {
        winner: Some(Side::Green),
        reason: Reason::Resign,
    });
    after.green = Some(player(9, "Mallory"));
    assert_eq!(
        store.save(&after, true).await.expect("saved"),
        Kept::Conflict
    );
    assert_eq!(store.load(&id).await.expect("read"), Some(as_kept(&over)));
    // A later save never changes seats or terms, only what moved.
    let moving = game_id();
    store
        .save(&full(&moving, 2, t0), true)
        .await
        .expect("saved");
    let mut next = full(&moving, 3, t0 + 1);
    next.stored = 2;
    next.black = Some(player(9, "Mallory"));
    next.terms.rated = false;
    assert_eq!(store.save(&next, true).await.expect("saved"), Kept::Written);
    let kept = store.load(&moving).await.expect("read").expect("kept");
    assert_eq!(kept.black, Some(player(1, "Ann")));
    assert!(kept.terms.rated);
    assert_eq!((kept.messages, kept.link.as_str()), (3, "link-3"));
    // An invitation (one message) is not kept, however many.
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
        black: Some(player(8, "Nobody")),
        green: None,
        clock: None,
        over: None,
        stored: 0,
        bonus_start_ms: None,
        address: Some("10.9.9.9".into()),
        aborted_by: None,
    };
    assert_eq!(store.save(&bare, true).await.expect("saved"), Kept::Unbegun);
    assert_eq!(store.load(&bare_id).await.expect("read"), None);
    assert_eq!(store.links(&bare_id).await.expect("read"), vec![]);
    assert_eq!(
        store
            .player(player(8, "x").key.as_str())
            .await
            .expect("read"),
        None
    );
    // The seats are players, under their latest names.
    let ann = store
        .player(player(1, "x").key.as_str())
        .await
        .expect("read")
        .expect("Ann was seated");
    assert_eq!(ann.player.name, "Ann");
    let mut renamed = full(&moving, 4, t0 + 20);
    renamed.stored = 3;
    renamed.green = Some(player(2, "Bob"));
    store.save(&renamed, false).await.expect("saved");
    let bo = store
        .player(player(2, "x").key.as_str())
        .await
        .expect("read")
        .expect("Bo was seated");
    assert_eq!(bo.player.name, "Bob");
    assert!(bo.first_seen_ms <= bo.last_seen_ms);
    // Mallory, offered as a seat by later saves, never sat here.
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
    for (n, dt) in [(2, 0), (3, 1_500), (4, 4_000)] {
        let mut s = full(&id, n, t0 + dt);
        s.stored = if n == 2 { 0 } else { n - 1 };
        assert_eq!(store.save(&s, true).await.expect("saved"), Kept::Written);
    }
    // A save of the same link (a clock change) adds none.
    let mut again = full(&id, 4, t0 + 9_000);
    again.stored = 4;
    assert_eq!(
        store.save(&again, false).await.expect("saved"),
        Kept::Written
    );
    // Nor does the same link saved again after a restart.
    let mut restarted = full(&id, 4, t0 + 9_500);
    restarted.stored = 4;
    assert_eq!(
        store.save(&restarted, true).await.expect("saved"),
        Kept::Written
    );
    assert_eq!(
        store.links(&id).await.expect("read"),
        vec![(2, t0), (3, t0 + 1_500), (4, t0 + 4_000)]
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
    // The poster's page joins the room, which holds the invitation, before
    // it posts: that game has not begun, and nothing is written.
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
    assert_eq!(
        store.save(&invitation, true).await.expect("read"),
        Kept::Unbegun
    );
    assert!(!store.has_game(&game).await.expect("read"));
    assert!(
        store
            .post_hook(&hook(c.clone(), 60_000), "10.0.0.1", Some(("i1", 7)))
            .await
            .expect("kept")
    );
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    assert!(!store.has_game(&game).await.expect("read"));
    // Accepted: the room writes the game with the challenge's terms, then
    // the challenge is taken.
    let mut saved = full(&game, 2, now_ms());
    saved.terms = c.terms();
    assert_eq!(
        store.save(&saved, true).await.expect("saved"),
        Kept::Written
    );
    assert!(store.has_game(&game).await.expect("read"));
    store.taken(&game).await.expect("taken");
    // The lobby is told: its next wait for a change ends at once.
    futures_util::FutureExt::now_or_never(store.changes().notified()).expect("the lobby is told");
    assert_eq!(store.hook(&game).await.expect("read"), None);
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    // Later saves keep the terms the game was written with.
    let mut later = full(&game, 3, now_ms());
    later.stored = 2;
    later.terms = Terms {
        clock: None,
        rated: false,
        poster: None,
    };
    assert_eq!(
        store.save(&later, true).await.expect("saved"),
        Kept::Written
    );
    assert_eq!(store.terms(&game).await.expect("read"), Some(c.terms()));
    // Taken twice (or a game with no challenge) changes nothing.
    store.taken(&game).await.expect("taken again");
    store.taken(&game_id()).await.expect("no challenge");
    let kept = store.load(&game).await.expect("read").expect("the game");
    assert_eq!(kept.terms, c.terms());
    assert_eq!(kept.messages, 3);
    store.close().await;
}

/// Never-finished games and aborted ones go after the retention period;
/// results stay.
pub async fn old_games_are_pruned(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let t0 = now_ms();
    let (ann, bo) = (player(90, "Ann"), player(91, "Bo"));
    let mut aborted = full(&game_id(), 2, t0);
    (aborted.black, aborted.green) = (Some(ann.clone()), Some(bo.clone()));
    aborted.terms.rated = false;
    aborted.over = Some(Over {
        winner: None,
        reason: Reason::Aborted,
    });
    let mut stale = full(&game_id(), 3, t0 - 40 * 86_400_000);
    (stale.black, stale.green) = (Some(ann.clone()), Some(bo.clone()));
    let mut won = full(&game_id(), 3, t0);
    (won.black, won.green) = (Some(player(92, "Cy")), Some(player(93, "Di")));
    won.terms.rated = false;
    won.over = Some(won_by(Side::Black, Reason::Resign));
    let going = full(&game_id(), 2, t0);
    for g in [&aborted, &stale, &won, &going] {
        assert_eq!(store.save(g, true).await.expect("saved"), Kept::Written);
    }
    // Nothing is older than 30 days but the stale one.
    assert_eq!(store.prune(t0 - 30 * 86_400_000).await.expect("pruned"), 1);
    assert_eq!(store.load(&stale.game).await.expect("read"), None);
    assert_eq!(store.links(&stale.game).await.expect("read"), vec![]);
    assert!(store.load(&aborted.game).await.expect("read").is_some());
    // A month on: the aborted one too (and the unfinished one, untouched
    // since); the result stays, and so do its players. (An end is dated
    // by the store's clock, when it was saved.)
    assert_eq!(store.prune(now_ms() + 1).await.expect("pruned"), 2);
    assert!(store.load(&won.game).await.expect("read").is_some());
    assert!(store.load(&aborted.game).await.expect("read").is_none());
    assert!(
        store
            .player(player(92, "x").key.as_str())
            .await
            .expect("read")
            .is_some()
    );
    store.close().await;
}

/// An abort is counted against the key of the side that let it happen.
pub async fn aborts_are_counted_by_who_let_them(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo) = (player(94, "Ann"), player(95, "Bo"));
    let t0 = now_ms();
    let mut start = full(&game_id(), 2, t0);
    (start.black, start.green) = (Some(ann.clone()), Some(bo.clone()));
    assert_eq!(
        store.save(&start, true).await.expect("saved"),
        Kept::Written
    );
    let mut end = start.clone();
    end.stored = 2;
    end.over = Some(Over {
        winner: None,
        reason: Reason::Aborted,
    });
    end.aborted_by = Some(Side::Green);
    assert_eq!(store.save(&end, false).await.expect("saved"), Kept::Written);
    assert_eq!(
        store.load(&end.game).await.expect("read"),
        Some(as_kept(&end))
    );
    let (n, latest) = store
        .aborts_by(bo.key.as_str(), t0 - 1)
        .await
        .expect("read");
    assert_eq!(n, 1);
    assert!(latest.is_some_and(|at| at >= t0));
    assert_eq!(
        store
            .aborts_by(ann.key.as_str(), t0 - 1)
            .await
            .expect("read"),
        (0, None)
    );
    assert_eq!(
        store
            .aborts_by(bo.key.as_str(), now_ms() + 1)
            .await
            .expect("read"),
        (0, None)
    );
    store.close().await;
}

/// Games begun from an address are counted for the hour's bound.
pub async fn games_begun_per_address(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let t0 = now_ms();
    let address = format!("10.7.{}.{}", rand::random::<u8>(), rand::random::<u8>());
    for _ in 0..3 {
        let mut g = full(&game_id(), 2, t0);
        g.address = Some(address.clone());
        store.save(&g, true).await.expect("saved");
    }
    assert_eq!(
        store
            .begun_from(&address, t0 - 3_600_000)
            .await
            .expect("read"),
        3
    );
    assert_eq!(
        store
            .begun_from(&address, now_ms() + 1)
            .await
            .expect("read"),
        0
    );
    assert_eq!(store.begun_from("10.8.0.1", 0).await.expect("read"), 0);
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
    assert_eq!(games(&store).await, vec![h.challenge.game.clone()]);
    store.close().await;
}

/// The games of every open challenge ([`Store::hook_index`]), sorted.
async fn games(store: &Store) -> Vec<String> {
    let mut games: Vec<String> = store
        .hook_index()
        .await
        .expect("read")
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    games.sort();
    games
}

/// What the lobby asks of the hooks table: the index it counts bounds
/// by, a post replacing the poster's live one in one transaction,
/// withdrawing, expiring, heartbeats, holding and releasing.
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
    let mut index = store.hook_index().await.expect("read");
    index.sort_by(|a, b| a.0.cmp(&b.0));
    let entry = |p: &Player, address: &str, live: bool| HookEntry {
        key: p.key.as_str().to_string(),
        address: address.to_string(),
        listed: true,
        live,
    };
    let mut want = vec![
        (t1.challenge.game.clone(), entry(&ann, "10.0.0.1", false)),
        (t2.challenge.game.clone(), entry(&ann, "10.0.0.2", false)),
        (l1.challenge.game.clone(), entry(&ann, "10.0.0.1", true)),
        (b1.challenge.game.clone(), entry(&bo, "10.0.0.1", true)),
    ];
    want.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(index, want);
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
    // A new live challenge replaces Ann's, and she is seen, in one
    // transaction; one for a game open already changes nothing.
    let l1b = hook(challenge(&ann, live()), long);
    let posted = store
        .post_hook_as(&l1b, "10.0.0.1", Some(("a", 1)), Some("10.0.0.1"))
        .await
        .expect("written")
        .expect("kept");
    assert_eq!(posted.replaced, vec![l1.challenge.game.clone()]);
    let new = Rating::default();
    #[allow(clippy::cast_possible_truncation)]
    let shown = PosterRating {
        rating: new.rating.round() as i64,
        provisional: true,
    };
    assert_eq!(posted.rating, Some(shown));
    // (Bo's, for Ann's game: his own live one is not dropped either.)
    let l1c = hook(challenge(&bo, live()), long);
    let again = Hook {
        challenge: Challenge {
            game: l1b.challenge.game.clone(),
            ..l1c.challenge.clone()
        },
        ..l1c
    };
    assert_eq!(
        store
            .post_hook_as(&again, "10.0.0.1", Some(("a", 2)), None)
            .await
            .expect("written"),
        None
    );
    assert_eq!(
        store
            .hook(&l1b.challenge.game)
            .await
            .expect("read")
            .map(|h| h.challenge),
        Some(l1b.challenge.clone()),
        "the first one stays"
    );
    assert!(
        store
            .hook(&b1.challenge.game)
            .await
            .expect("read")
            .is_some()
    );
    assert!(
        store
            .withdraw_hook(&l1b.challenge.game, ann.key.as_str())
            .await
            .expect("read")
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
    assert!(games(&store).await.is_empty());
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
    assert_eq!(games(&store).await, vec![t3.challenge.game.clone()]);
    store.close().await;
}

/// A lobby game between `black` (its poster) and `green`, clocked 5+3,
/// rated if `rated`: its start and its end `over` saved as the relay
/// saves them. Returns its id.
pub async fn play(
    store: &Store,
    black: &Player,
    green: &Player,
    rated: bool,
    over: Over,
) -> String {
    let id = game_id();
    let t0 = now_ms();
    let mut start = full(&id, 2, t0);
    start.terms = Terms {
        clock: Some(live()),
        rated,
        poster: Some(black.clone()),
    };
    start.black = Some(black.clone());
    start.green = Some(green.clone());
    store.save(&start, true).await.expect("saved");
    let mut end = start.clone();
    end.stored = 2;
    end.messages = 3;
    end.link = "link-3".into();
    end.at_ms = t0 + 1;
    end.over = Some(over);
    end.clock = Some(ClockState {
        black_ms: 290_000,
        green_ms: 280_000,
        running: None,
        since_ms: t0 + 1,
    });
    store.save(&end, true).await.expect("saved");
    id
}

fn won_by(side: Side, reason: Reason) -> Over {
    Over {
        winner: Some(side),
        reason,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn assert_rating(got: Rating, want: Rating) {
    assert!(
        close(got.rating, want.rating) && close(got.rd, want.rd),
        "{got:?} != {want:?}"
    );
    assert!(
        close(got.volatility, want.volatility),
        "{got:?} != {want:?}"
    );
}

async fn rating(store: &Store, p: &Player) -> (Rating, i64, i64, i64) {
    let s = store
        .standing(p.key.as_str())
        .await
        .expect("read")
        .expect("a player");
    (s.rating, s.games, s.wins, s.losses)
}

/// A rated lobby game of `black` against each of `greens` in turn, each
/// ended `over`: whether each counted.
async fn rated_games(store: &Store, black: &Player, greens: &[Player], over: Over) -> Vec<bool> {
    let mut rated = Vec::new();
    for g in greens {
        let id = play(store, black, g, true, over).await;
        rated.push(
            store
                .finished(&id)
                .await
                .expect("read")
                .expect("over")
                .0
                .rated,
        );
    }
    rated
}

/// A rated game changes both ratings as Glicko-2 says, once: its end
/// saved again, or the store reopened, changes nothing; the next game
/// counts the days between.
pub async fn a_rated_game_changes_both_ratings(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo) = (player(21, "Ann"), player(22, "Bo"));
    store
        .see_player_from(&ann, now_ms(), Some("10.1.0.1"))
        .await
        .expect("seen");
    let id = play(&store, &ann, &bo, true, won_by(Side::Black, Reason::Resign)).await;
    let new = Rating::default();
    let (ann1, bo1) = (new.update(new, 1.0, 0.0), new.update(new, 0.0, 0.0));
    let (r, games, wins, losses) = rating(&store, &ann).await;
    assert_rating(r, ann1);
    assert_eq!((games, wins, losses), (1, 1, 0));
    let (r, games, wins, losses) = rating(&store, &bo).await;
    assert_rating(r, bo1);
    assert_eq!((games, wins, losses), (1, 0, 1));
    let (first, _) = store.finished(&id).await.expect("read").expect("over");
    assert!(first.rated);
    // The end recorded again (another instance, a restart) rates nothing.
    let mut again = store.load(&id).await.expect("read").expect("kept");
    assert_eq!(
        store.save(&again, false).await.expect("saved"),
        Kept::Conflict
    );
    again.messages = 4;
    assert_eq!(
        store.save(&again, true).await.expect("saved"),
        Kept::Conflict
    );
    store.close().await;
    let store = Store::open(url).await.expect("opens again");
    assert_rating(rating(&store, &ann).await.0, ann1);
    assert_rating(rating(&store, &bo).await.0, bo1);
    let history = store.history(ann.key.as_str()).await.expect("read");
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].game, id);
    assert!(close(history[0].rating, ann1.rating));
    // A second game, Bo winning by time: the days since the first count.
    let id2 = play(&store, &bo, &ann, true, won_by(Side::Black, Reason::Time)).await;
    let (second, _) = store.finished(&id2).await.expect("read").expect("over");
    #[allow(clippy::cast_precision_loss)]
    let days = (second.ended_ms - first.ended_ms) as f64 / 86_400_000.0;
    assert_rating(rating(&store, &bo).await.0, bo1.update(ann1, 1.0, days));
    assert_rating(rating(&store, &ann).await.0, ann1.update(bo1, 0.0, days));
    let history = store.history(bo.key.as_str()).await.expect("read");
    assert_eq!(
        history.iter().map(|p| p.game.clone()).collect::<Vec<_>>(),
        vec![id, id2],
        "oldest first"
    );
    store.close().await;
}

/// Casual, aborted, same-key and half-seated games change no rating, and
/// say `rated: false`.
pub async fn unrated_games_change_nothing(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo) = (player(23, "Ann"), player(24, "Bo"));
    let casual = play(
        &store,
        &ann,
        &bo,
        false,
        won_by(Side::Green, Reason::Checkers),
    )
    .await;
    let aborted = play(
        &store,
        &ann,
        &bo,
        true,
        Over {
            winner: None,
            reason: Reason::Aborted,
        },
    )
    .await;
    let same_key = play(
        &store,
        &ann,
        &ann,
        true,
        won_by(Side::Black, Reason::Resign),
    )
    .await;
    for id in [&casual, &aborted, &same_key] {
        let (g, _) = store.finished(id).await.expect("read").expect("over");
        assert!(!g.rated, "{id}");
    }
    for p in [&ann, &bo] {
        let (r, games, wins, losses) = rating(&store, p).await;
        assert_rating(r, Rating::default());
        assert_eq!((games, wins, losses), (0, 0, 0));
        assert!(
            store
                .history(p.key.as_str())
                .await
                .expect("read")
                .is_empty()
        );
    }
    // A game with one seat empty is not rated either.
    let id = game_id();
    let mut half = full(&id, 3, now_ms());
    half.green = None;
    half.over = Some(won_by(Side::Black, Reason::Checkers));
    assert_eq!(store.save(&half, true).await.expect("saved"), Kept::Written);
    assert!(
        !store
            .finished(&id)
            .await
            .expect("read")
            .expect("over")
            .0
            .rated
    );
    assert_eq!(rating(&store, &player(1, "Ann")).await.1, 0);
    // A game still under way is not finished.
    let open = game_id();
    store
        .save(&full(&open, 2, now_ms()), true)
        .await
        .expect("saved");
    assert_eq!(store.finished(&open).await.expect("read"), None);
    store.close().await;
}

/// A pair of keys counts 3 rated games a day; the 4th is played unrated,
/// and each player's games with others still count.
pub async fn the_pair_limit(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo, cy) = (player(25, "Ann"), player(26, "Bo"), player(27, "Cy"));
    let mut rated = Vec::new();
    for i in 0..4 {
        let (b, g) = if i % 2 == 0 { (&ann, &bo) } else { (&bo, &ann) };
        let id = play(&store, b, g, true, won_by(Side::Black, Reason::Checkers)).await;
        rated.push(
            store
                .finished(&id)
                .await
                .expect("read")
                .expect("over")
                .0
                .rated,
        );
    }
    assert_eq!(rated, vec![true, true, true, false]);
    let before = rating(&store, &ann).await;
    assert_eq!(before.1, 3);
    let id = play(
        &store,
        &ann,
        &cy,
        true,
        won_by(Side::Black, Reason::Checkers),
    )
    .await;
    assert!(
        store
            .finished(&id)
            .await
            .expect("read")
            .expect("over")
            .0
            .rated
    );
    assert_eq!(rating(&store, &ann).await.1, 4);
    assert_eq!(rating(&store, &bo).await.1, 3);
    store.close().await;
}

/// Of the keys first seen from one address in a day, 3 count; the games
/// of the 4th are unrated (for both players). Keys seen from no counted
/// address count, and a key's first address stays its first.
pub async fn the_new_keys_per_address_limit(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let t0 = now_ms() - 10_000;
    let keys: Vec<Player> = (30..34).map(|s| player(s, "Sybil")).collect();
    for (i, k) in keys.iter().enumerate() {
        store
            .see_player_from(k, t0 + i64::try_from(i).expect("small"), Some("10.9.9.9"))
            .await
            .expect("seen");
        // Seen later from elsewhere: the first address stays.
        store
            .see_player_from(k, t0 + 5_000, Some("10.8.8.8"))
            .await
            .expect("seen");
    }
    let dana = player(35, "Dana");
    store.see_player_from(&dana, t0, None).await.expect("seen");
    let rated = rated_games(&store, &dana, &keys, won_by(Side::Green, Reason::Resign)).await;
    assert_eq!(rated, vec![true, true, true, false]);
    assert_eq!(rating(&store, &dana).await.1, 3);
    assert_eq!(rating(&store, &keys[3]).await.1, 0);
    store.close().await;
}

/// Many keys one address made over many days: at most three of them play
/// counted games in a week, and those go on counting.
pub async fn keys_of_one_address_rate_three_a_week(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let now = now_ms();
    let address = format!("10.6.{}.{}", rand::random::<u8>(), rand::random::<u8>());
    // One key a day for five days: each passes the new-keys-a-day rule.
    let keys: Vec<Player> = (80..85).map(|s| player(s, "Sybil")).collect();
    for (i, k) in keys.iter().enumerate() {
        let day = i64::try_from(5 - i).expect("small") * 86_400_000;
        store
            .see_player_from(k, now - day, Some(&address))
            .await
            .expect("seen");
    }
    let farmer = player(86, "Farmer");
    store
        .see_player_from(&farmer, now, None)
        .await
        .expect("seen");
    let rated = rated_games(&store, &farmer, &keys, won_by(Side::Black, Reason::Resign)).await;
    assert_eq!(rated, vec![true, true, true, false, false]);
    // A key already playing this week goes on counting.
    let id = play(
        &store,
        &farmer,
        &keys[1],
        true,
        won_by(Side::Black, Reason::Resign),
    )
    .await;
    assert!(
        store
            .finished(&id)
            .await
            .expect("read")
            .expect("over")
            .0
            .rated
    );
    assert_eq!(rating(&store, &farmer).await.1, 4);
    store.close().await;
}

/// A challenge shows its poster's rating from the players table.
pub async fn hooks_carry_the_posters_rating(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo) = (player(36, "Ann"), player(37, "Bo"));
    play(
        &store,
        &ann,
        &bo,
        true,
        won_by(Side::Black, Reason::Checkers),
    )
    .await;
    let h = hook(challenge(&ann, live()), 60_000);
    store.post_hook(&h, "10.0.0.1", None).await.expect("kept");
    let shown = store
        .hook(&h.challenge.game)
        .await
        .expect("read")
        .expect("open");
    let new = Rating::default();
    #[allow(clippy::cast_possible_truncation)]
    let want = new.update(new, 1.0, 0.0).rating.round() as i64;
    assert_eq!(
        shown.rating,
        Some(PosterRating {
            rating: want,
            provisional: true
        })
    );
    let json = shown.json();
    assert_eq!(json["player"]["rating"], want);
    assert_eq!(json["player"]["provisional"], true);
    assert_eq!(json["player"]["key"], ann.key.as_str());
    store.close().await;
}

/// One HTTP GET on `addr`: status, headers (lowercase names) and body.
pub async fn http_get(
    addr: std::net::SocketAddr,
    path: &str,
) -> (u16, std::collections::HashMap<String, String>, String) {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    tcp.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .expect("sent");
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut raw))
        .await
        .expect("in time")
        .expect("read");
    let text = String::from_utf8(raw).expect("utf-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

/// Serves `url`'s database under `/diablo/` on a free port, as the binary
/// does; the task serving it.
async fn serve(
    url: &str,
) -> (
    std::net::SocketAddr,
    std::sync::Arc<Store>,
    tokio::task::JoinHandle<()>,
) {
    let store = Store::open(url).await.expect("opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let config = diablo_server::Config {
        root: std::env::temp_dir(),
        prefix: "/diablo/".into(),
        limits: diablo_server::Limits::default(),
        lobby: diablo_server::LobbyLimits::default(),
        database: url.into(),
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        time: diablo_server::Time::system(),
    };
    let relay = diablo_server::Relay::with_archive(config.limits.clone(), store.clone());
    let lobby = diablo_server::Lobby::new(store.clone(), config.lobby.clone());
    let app = diablo_server::app(&config, relay, lobby);
    let task = tokio::spawn(async move {
        let _ = axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await;
    });
    (addr, store, task)
}

/// Every endpoint's JSON through the real router: shapes, content type,
/// CORS, 404s and 400s; then the same answers after the server and the
/// store are closed and the database opened again.
pub async fn the_api_after_a_restart(url: &str) {
    let (ann, bo) = (player(40, "Ann"), player(41, "Bo"));
    let (addr, store, task) = serve(url).await;
    let rated = play(
        &store,
        &ann,
        &bo,
        true,
        won_by(Side::Green, Reason::Checkers),
    )
    .await;
    // The casual game ends at a later millisecond than the rated one (the
    // list is newest first; games ended in one millisecond come in the
    // order of their ids).
    let ended = now_ms();
    while now_ms() == ended {
        tokio::task::yield_now().await;
    }
    let casual = play(
        &store,
        &bo,
        &ann,
        false,
        won_by(Side::Black, Reason::Resign),
    )
    .await;
    // Ann renames herself: every game shows her latest name.
    store
        .see_player_from(&player(40, "Ann B"), now_ms(), None)
        .await
        .expect("seen");
    let k = ann.key.as_str();
    let paths = [
        format!("/diablo/api/players/{k}"),
        format!("/diablo/api/players/{k}/games"),
        format!("/diablo/api/players/{k}/games?limit=1"),
        format!("/diablo/api/players/{k}/history"),
        format!("/diablo/api/games/{rated}"),
        format!("/diablo/api/games/{casual}"),
        "/diablo/api/leaderboard".to_string(),
    ];
    let mut first = Vec::new();
    for p in &paths {
        let (status, headers, body) = http_get(addr, p).await;
        assert_eq!(status, 200, "{p}: {body}");
        assert_eq!(headers["content-type"], "application/json", "{p}");
        assert_eq!(headers["access-control-allow-origin"], "*", "{p}");
        first.push(serde_json::from_str::<serde_json::Value>(&body).expect("JSON"));
    }
    let new = Rating::default();
    let ann1 = new.update(new, 0.0, 0.0);
    let player_json = &first[0];
    assert_eq!(player_json["key"], k);
    assert_eq!(player_json["name"], "Ann B");
    assert!(close(
        player_json["rating"].as_f64().expect("a number"),
        ann1.rating
    ));
    assert!(close(
        player_json["rd"].as_f64().expect("a number"),
        ann1.rd
    ));
    assert_eq!(player_json["provisional"], true);
    assert_eq!(player_json["bot"], false, "a person");
    assert_eq!(
        (
            &player_json["games"],
            &player_json["wins"],
            &player_json["losses"]
        ),
        (&1.into(), &0.into(), &1.into())
    );
    let games = first[1]["games"].as_array().expect("a list");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["game"], casual, "newest first");
    assert_eq!(games[1]["game"], rated.as_str());
    let g = &games[1];
    assert_eq!(
        g["black"],
        serde_json::json!({"key": k, "name": "Ann B", "bot": false})
    );
    assert_eq!(
        g["green"],
        serde_json::json!({"key": bo.key.as_str(), "name": "Bo", "bot": false})
    );
    assert_eq!(
        (&g["size"], &g["edition"]),
        (&8.into(), &"sequenced".into())
    );
    assert_eq!(
        g["clock"],
        serde_json::json!({"initial": 300, "increment": 3})
    );
    assert_eq!(g["rated"], true);
    assert_eq!(games[0]["rated"], false);
    assert_eq!(
        g["result"],
        serde_json::json!({"winner": "green", "reason": "checkers"})
    );
    let ended = g["ended"].as_str().expect("a time");
    assert!(ended.ends_with('Z') && ended.len() == 24, "{ended}");
    assert_eq!(first[2]["games"].as_array().expect("a list").len(), 1);
    // The next page: before the newest's end.
    let before = games[0]["ended"].as_str().expect("a time");
    let (_, _, body) = http_get(
        addr,
        &format!("/diablo/api/players/{k}/games?before={before}"),
    )
    .await;
    let older: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(older["games"][0]["game"], rated.as_str());
    let points = first[3]["points"].as_array().expect("a list");
    assert_eq!(points.len(), 1);
    assert_eq!(points[0]["game"], rated.as_str());
    assert_eq!(points[0]["at"], ended);
    assert!(close(
        points[0]["rating"].as_f64().expect("a number"),
        ann1.rating
    ));
    let one = &first[4];
    assert_eq!(one["game"], rated.as_str());
    assert_eq!(one["link"], "link-3");
    assert_eq!(one["result"], g["result"]);
    let clocks = one["clocks"].as_array().expect("clocked");
    assert_eq!(clocks.len(), 2);
    assert_eq!(clocks[0]["messages"], 2);
    assert_eq!(
        (&clocks[1]["black"], &clocks[1]["green"]),
        (&290_000.into(), &280_000.into())
    );
    assert!(clocks[1]["at"].as_str().is_some_and(|t| t.ends_with('Z')));
    // Nobody is established after one game.
    assert_eq!(first[6], serde_json::json!({"players": []}));
    // Unknown or malformed keys and ids, and bad queries.
    let unknown = player(42, "Nobody");
    for p in [
        format!("/diablo/api/players/{}", unknown.key.as_str()),
        format!("/diablo/api/players/{}/games", unknown.key.as_str()),
        format!("/diablo/api/players/{}/history", unknown.key.as_str()),
        "/diablo/api/players/not-a-key".to_string(),
        "/diablo/api/players/not-a-key/games".to_string(),
        format!("/diablo/api/games/{}", game_id()),
        "/diablo/api/games/XYZ".to_string(),
    ] {
        let (status, headers, body) = http_get(addr, &p).await;
        assert_eq!(status, 404, "{p}");
        assert_eq!(headers["content-type"], "application/json", "{p}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&body).expect("JSON"),
            serde_json::json!({"error": "not-found"}),
            "{p}"
        );
    }
    for q in ["before=yesterday", "limit=0", "limit=101", "limit=x"] {
        let (status, _, body) = http_get(addr, &format!("/diablo/api/players/{k}/games?{q}")).await;
        assert_eq!(status, 400, "{q}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&body).expect("JSON")["error"],
            "bad-query"
        );
    }
    task.abort();
    let _ = task.await;
    store.close().await;
    // Opened again, on a new server: the same answers.
    let (addr, store, task) = serve(url).await;
    for (p, before) in paths.iter().zip(&first) {
        let (status, _, body) = http_get(addr, p).await;
        assert_eq!(status, 200, "{p}");
        assert_eq!(
            &serde_json::from_str::<serde_json::Value>(&body).expect("JSON"),
            before,
            "{p}"
        );
    }
    task.abort();
    let _ = task.await;
    store.close().await;
}

/// The leaderboard holds established players only (RD under 110), best
/// first.
/// Three rated round robins among `players` (each pair at most 3 times,
/// the pair limit): most of them end established (RD under 110).
async fn round_robins(store: &Store, players: &[Player]) {
    for round in 0..3 {
        for (i, a) in players.iter().enumerate() {
            for b in &players[i + 1..] {
                let winner = if (i + round) % 3 == 0 {
                    Side::Green
                } else {
                    Side::Black
                };
                play(store, a, b, true, won_by(winner, Reason::Checkers)).await;
            }
        }
    }
}

pub async fn the_leaderboard(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let seeds: Vec<u8> = (50..60).collect();
    let players: Vec<Player> = seeds.iter().map(|&s| player(s, "P")).collect();
    round_robins(&store, &players).await;
    let board = store.leaderboard().await.expect("read");
    assert!(!board.is_empty());
    for s in &board {
        assert!(s.rating.rd < 110.0 && s.games > 0, "{s:?}");
    }
    for w in board.windows(2) {
        assert!(w[0].rating.rating >= w[1].rating.rating);
    }
    let established = {
        let mut n = 0;
        for p in &players {
            if !rating(&store, p).await.0.provisional() {
                n += 1;
            }
        }
        n
    };
    assert_eq!(board.len(), established);
    store.close().await;
}

/// Two instances ending the same game at once (each over the state it
/// read): the database takes one end, both agree on it, and it is rated
/// once.
pub async fn an_end_saved_by_two_instances_at_once_rates_once(url: &str) {
    let (one, two) = (
        Store::open(url).await.expect("opens"),
        Store::open(url).await.expect("opens"),
    );
    let (ann, bo) = (player(70, "Ann"), player(71, "Bo"));
    let id = game_id();
    let t0 = now_ms();
    let mut start = full(&id, 2, t0);
    start.black = Some(ann.clone());
    start.green = Some(bo.clone());
    start.terms.poster = Some(ann.clone());
    assert_eq!(one.save(&start, true).await.expect("saved"), Kept::Written);
    // One instance flags Black; the other took Green's resignation.
    let mut flag = start.clone();
    flag.stored = 2;
    flag.messages = 3;
    flag.over = Some(won_by(Side::Green, Reason::Time));
    let mut resign = flag.clone();
    resign.over = Some(won_by(Side::Black, Reason::Resign));
    let (a, b) = tokio::join!(one.save(&flag, true), two.save(&resign, true));
    let (a, b) = (a.expect("saved"), b.expect("saved"));
    let mut kept = [a, b];
    kept.sort_by_key(|k| *k == Kept::Written);
    assert_eq!(kept, [Kept::Conflict, Kept::Written], "{a:?} {b:?}");
    let won = if a == Kept::Written { &flag } else { &resign };
    for store in [&one, &two] {
        let read = store.load(&id).await.expect("read").expect("kept");
        assert_eq!(read.over, won.over);
    }
    let green_won = won.over.and_then(|o| o.winner) == Some(Side::Green);
    let new = Rating::default();
    let (ann_score, bo_score) = if green_won { (0.0, 1.0) } else { (1.0, 0.0) };
    for (store, p, score) in [(&one, &ann, ann_score), (&two, &bo, bo_score)] {
        let (r, games, ..) = rating(store, p).await;
        assert_eq!(games, 1);
        assert_rating(r, new.update(new, score, 0.0));
        assert_eq!(store.history(p.key.as_str()).await.expect("read").len(), 1);
    }
    one.close().await;
    two.close().await;
}

/// A whole 8x8 game written as the relay's writer writes it (the first
/// link whole, each later one as what it added, some in twos) reads back
/// whole, its end's API included, and costs the database at most twice
/// its final link. A link kept whole between (a room that lost its chain)
/// and a batch of several games in one transaction read back too.
///
/// Broken on purpose (each delta keeping one byte less than the links
/// share, and dropping it): the mid-game read differs, and fails.
pub async fn links_are_kept_as_what_each_adds(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let mut duel = common::Duel::new(8, Edition::Standard, 91);
    let id = duel.id();
    let t0 = now_ms();
    let state = |duel: &common::Duel, stored: usize, at: i64| Saved {
        game: id.clone(),
        link: duel.link(),
        messages: duel.game.messages().len(),
        stored,
        ..full(&id, 0, at)
    };
    let first = state(&duel, 0, t0);
    let step = |s: &Saved, delta: Option<Delta>| Step {
        messages: s.messages,
        at_ms: s.at_ms,
        clock: s.clock,
        delta,
    };
    let kept = store
        .write(&[Write {
            steps: vec![step(&first, None)],
            saved: first.clone(),
        }])
        .await
        .expect("written");
    assert_eq!(kept, vec![Kept::Written]);
    let (mut stored, mut prev, mut n) = (first.messages, first.link.clone(), 0);
    let mut other = common::Duel::new(8, Edition::Sequenced, 92);
    let other_first = Saved {
        game: other.id(),
        link: other.link(),
        messages: 2,
        ..full(&other.id(), 0, t0)
    };
    store.save(&other_first, true).await.expect("saved");
    let mut other_stored = 2;
    loop {
        n += 1;
        // Two links in one write every third time, as a busy writer does.
        let mut steps = Vec::new();
        let mut last = None;
        for _ in 0..if n % 3 == 0 { 2 } else { 1 } {
            if !duel.step() {
                break;
            }
            let s = state(&duel, stored, t0 + i64::from(n) * 1_000);
            steps.push(step(&s, Some(Delta::between(&prev, &s.link))));
            prev = s.link.clone();
            last = Some(s);
        }
        let Some(mut s) = last else { break };
        let done = duel.game.due_role().is_none();
        if done {
            s.over = Some(Over {
                winner: Some(Side::Black),
                reason: Reason::Checkers,
            });
        }
        let mut batch = vec![Write {
            saved: s.clone(),
            steps,
        }];
        // The other game moves in the same transaction.
        if other.step() {
            let o = Saved {
                game: other.id(),
                link: other.link(),
                messages: other.game.messages().len(),
                stored: other_stored,
                ..full(&other.id(), 0, t0)
            };
            batch.push(Write {
                steps: vec![step(&o, None)],
                saved: o.clone(),
            });
            other_stored = o.messages;
        }
        let kept = store.write(&batch).await.expect("written");
        assert!(kept.iter().all(|k| *k == Kept::Written), "{kept:?}");
        stored = s.messages;
        if n == 7 {
            // Mid-game, the whole link read back.
            let read = store.load(&id).await.expect("read").expect("a game");
            assert_eq!(read.link, duel.link());
            assert_eq!(read.messages, stored);
        }
        if done {
            break;
        }
    }
    let read = store.load(&id).await.expect("read").expect("a game");
    assert_eq!(read.link, duel.link(), "the whole game read back");
    assert_eq!(read.messages, duel.game.messages().len());
    let (_, link) = store.finished(&id).await.expect("read").expect("over");
    assert_eq!(link, duel.link());
    let bytes = store.link_bytes(&id).await.expect("counted");
    let last = u64::try_from(duel.link().len()).expect("a length");
    assert!(
        bytes <= 2 * last,
        "{bytes} bytes kept for a {last}-byte link"
    );
    assert!(bytes >= last, "{bytes}");
    let o = store
        .load(&other.id())
        .await
        .expect("read")
        .expect("a game");
    assert_eq!(o.link, other.link(), "kept whole each time");
    // Every link's time is still there.
    assert_eq!(
        store.links(&id).await.expect("read").len(),
        duel.game.messages().len() - 1
    );
}

/// A name an established player goes by is theirs: another key may not
/// take it (in any case or width), a provisional player's name is free,
/// an established player who renames frees the old name, and names kept
/// before names were folded are folded when the store opens.
pub async fn established_names_are_theirs(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let players: Vec<Player> = (70..80u8).map(|s| player(s, &format!("Pl{s}"))).collect();
    round_robins(&store, &players).await;
    let mut established = Vec::new();
    for p in &players {
        if !rating(&store, p).await.0.provisional() {
            established.push(p.clone());
        }
    }
    assert!(established.len() >= 2, "{} established", established.len());
    let (ann, bo) = (&established[0], &established[1]);
    let mallory = player(90, "Mallory");
    let held = |name: &str, by: &Player| {
        let store = store.clone();
        let (name, key) = (name.to_string(), by.key.as_str().to_string());
        async move { store.name_held(&name, &key).await.expect("read") }
    };
    assert!(!held(&ann.name, ann).await, "the holder keeps it");
    assert!(held(&ann.name, &mallory).await);
    assert!(held(&ann.name.to_uppercase(), &mallory).await, "any case");
    assert!(held(&ann.name, bo).await, "another established player too");
    assert!(!held("Mallory", ann).await, "no established player's");
    // A provisional player's name is anybody's.
    store.see_player(&mallory, now_ms()).await.expect("seen");
    assert!(!held("Mallory", ann).await);
    // Renamed, the established player's old name is free.
    let renamed = Player {
        key: ann.key.clone(),
        name: "Renamed".into(),
    };
    store.see_player(&renamed, now_ms()).await.expect("seen");
    assert!(!held(&ann.name, &mallory).await, "the old name is free");
    assert!(held("renamed", &mallory).await, "the new one is held");
    store.close().await;
    // Kept before names were folded: folded when the store opens again.
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(url)
        .await
        .expect("connects");
    sqlx::query("UPDATE players SET folded = NULL")
        .execute(&mut conn)
        .await
        .expect("unfolded");
    let _ = sqlx::Connection::close(conn).await;
    let store = Store::open(url).await.expect("opens");
    assert!(
        store
            .name_held(&bo.name, mallory.key.as_str())
            .await
            .expect("read"),
        "folded again"
    );
    store.close().await;
}

/// A key's games in progress: begun and unfinished, at either side, the
/// latest moved first; not another pair's, not a finished one.
pub async fn games_in_progress_are_listed(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let t0 = now_ms();
    let ann = player(1, "Ann");
    let (older, newer, done, others) = (game_id(), game_id(), game_id(), game_id());
    for (id, at) in [(&older, t0), (&newer, t0 + 10), (&done, t0 + 5)] {
        let saved = full(id, 4, at);
        assert_eq!(
            store.save(&saved, true).await.expect("saved"),
            Kept::Written
        );
    }
    // Ann at Green in one more; another pair's game.
    let mut green = full(&others, 4, t0 + 20);
    green.black = Some(player(3, "Cy"));
    green.green = Some(player(4, "Di"));
    assert_eq!(
        store.save(&green, true).await.expect("saved"),
        Kept::Written
    );
    let mut over = full(&done, 5, t0 + 30);
    over.stored = 4;
    over.over = Some(Over {
        winner: Some(Side::Black),
        reason: Reason::Resign,
    });
    assert_eq!(store.save(&over, true).await.expect("saved"), Kept::Written);
    let listed: Vec<String> = store
        .playing(ann.key.as_str())
        .await
        .expect("read")
        .into_iter()
        .map(|s| s.game)
        .collect();
    assert_eq!(listed, vec![newer.clone(), older.clone()]);
    let di = store
        .playing(player(4, "Di").key.as_str())
        .await
        .expect("read");
    assert_eq!(di.len(), 1);
    assert_eq!(di[0].game, others);
    assert_eq!(di[0].link, "link-4", "the whole link, as the room reads it");
    assert!(
        store
            .playing(player(9, "Nobody").key.as_str())
            .await
            .expect("read")
            .is_empty()
    );
}

/// The VAPID secret is made once (two stores opening at once read the
/// same); push subscriptions: one row per endpoint (sent again by another
/// key, it is that key's), at most `PUSH_PER_KEY` a key (the oldest go),
/// forgotten only by their own key or by the push service's 410.
pub async fn push_subscriptions_are_kept_per_key(url: &str) {
    use diablo_server::store::{PUSH_PER_KEY, PushRow};
    let (a, b) = tokio::join!(Store::open(url), Store::open(url));
    let (a, b) = (a.expect("opens"), b.expect("opens"));
    let (x, y) = tokio::join!(
        a.secret("vapid", || "first".into()),
        b.secret("vapid", || "second".into())
    );
    let (x, y) = (x.expect("kept"), y.expect("kept"));
    assert_eq!(x, y, "one secret for both");
    assert_eq!(a.secret("vapid", || "third".into()).await.expect("read"), x);
    let row = |endpoint: &str, key: &str| PushRow {
        endpoint: endpoint.into(),
        key: key.into(),
        p256dh: "P".into(),
        auth: "A".into(),
        site: "https://example.org/".into(),
        lang: "de".into(),
    };
    let t = now_ms();
    a.add_push(&row("https://push.example/1", "ann"), t)
        .await
        .expect("kept");
    a.add_push(&row("https://push.example/2", "ann"), t + 1)
        .await
        .expect("kept");
    assert_eq!(
        b.pushes_of("ann").await.expect("read"),
        vec![
            row("https://push.example/2", "ann"),
            row("https://push.example/1", "ann")
        ]
    );
    // The browser now plays as Bo: its endpoint is his.
    a.add_push(&row("https://push.example/1", "bo"), t + 2)
        .await
        .expect("kept");
    assert_eq!(b.pushes_of("ann").await.expect("read").len(), 1);
    assert_eq!(
        b.pushes_of("bo").await.expect("read"),
        vec![row("https://push.example/1", "bo")]
    );
    // Only Bo forgets his; the push service's answer forgets anyone's.
    assert!(
        !a.remove_push("https://push.example/1", Some("ann"))
            .await
            .expect("ran")
    );
    assert!(
        a.remove_push("https://push.example/1", Some("bo"))
            .await
            .expect("ran")
    );
    assert!(
        a.remove_push("https://push.example/2", None)
            .await
            .expect("ran")
    );
    assert!(b.pushes_of("ann").await.expect("read").is_empty());
    // A key's newest PUSH_PER_KEY are kept.
    for n in 0..PUSH_PER_KEY + 3 {
        a.add_push(&row(&format!("https://push.example/c{n:02}"), "cy"), t + n)
            .await
            .expect("kept");
    }
    let total = usize::try_from(PUSH_PER_KEY).expect("small");
    assert_eq!(
        a.push_count("https://push.example/c12")
            .await
            .expect("counted"),
        (i64::try_from(total).expect("small"), true)
    );
    assert_eq!(
        a.push_count("https://push.example/new")
            .await
            .expect("counted"),
        (i64::try_from(total).expect("small"), false)
    );
    let kept = b.pushes_of("cy").await.expect("read");
    assert_eq!(kept.len(), usize::try_from(PUSH_PER_KEY).expect("small"));
    assert_eq!(
        kept[0].endpoint,
        format!("https://push.example/c{:02}", PUSH_PER_KEY + 2)
    );
    assert!(
        kept.iter()
            .all(|r| r.endpoint.as_str() >= "https://push.example/c03")
    );
    a.close().await;
    b.close().await;
}

/// Turn-based games whose mover's deadline (turn and bank) is near are
/// read once a move, whichever store asks first; live games and games
/// over never.
pub async fn deadlines_near_are_read_once_a_move(url: &str) {
    const DAY: i64 = 86_400_000;
    let (a, b) = tokio::join!(Store::open(url), Store::open(url));
    let (a, b) = (a.expect("opens"), b.expect("opens"));
    let t0 = now_ms();
    let days = |id: &str, total_ms: i64| {
        let mut s = full(id, 4, t0);
        s.terms.clock = Some(Clock::banked(1, 2).expect("a clock"));
        s.clock = Some(ClockState {
            black_ms: 3 * DAY,
            green_ms: total_ms,
            running: Some(Side::Green),
            since_ms: t0,
        });
        s
    };
    let (soon, later, live) = (game_id(), game_id(), game_id());
    for s in [
        days(&soon, DAY),
        days(&later, 3 * DAY),
        full(&live, 4, t0 - 290_000),
    ] {
        assert_eq!(a.save(&s, true).await.expect("saved"), Kept::Written);
    }
    let window = (t0 + DAY - 1_800_000, t0 + DAY + 1_800_000);
    let (x, y) = tokio::join!(
        a.deadlines_near(window.0, window.1),
        b.deadlines_near(window.0, window.1)
    );
    let mut read: Vec<String> = x
        .expect("read")
        .into_iter()
        .chain(y.expect("read"))
        .map(|s| s.game)
        .collect();
    read.sort();
    assert_eq!(read, vec![soon.clone()], "once, by one of the two");
    assert!(
        a.deadlines_near(window.0, window.1)
            .await
            .expect("read")
            .is_empty()
    );
    // A move later, its next deadline is read again.
    let mut moved = days(&soon, DAY);
    moved.messages = 5;
    moved.link = "link-5".into();
    moved.stored = 4;
    moved.clock = Some(ClockState {
        since_ms: t0 + DAY / 2,
        ..moved.clock.expect("a clock")
    });
    assert_eq!(a.save(&moved, true).await.expect("saved"), Kept::Written);
    let again = a
        .deadlines_near(t0 + DAY, t0 + 2 * DAY)
        .await
        .expect("read");
    assert_eq!(
        again.iter().map(|s| s.game.as_str()).collect::<Vec<_>>(),
        [soon.as_str()]
    );
    assert_eq!(again[0].messages, 5);
    let far = b
        .deadlines_near(t0 + 3 * DAY - 1, t0 + 3 * DAY + 1)
        .await
        .expect("read");
    assert_eq!(
        far.iter().map(|s| s.game.as_str()).collect::<Vec<_>>(),
        [later.as_str()]
    );
    a.close().await;
    b.close().await;
}

/// A bot is marked for good (again is no change; kept by a prune; seen
/// under the name given), its challenges say so and a person's do not,
/// and the API says `"bot"` of every player it names. A bot and a person
/// with the same record, established by rated games against the same
/// kind of opponents: the person is on the leaderboard, the bot is not,
/// and its page shows its rating.
pub async fn bots_are_marked_and_kept_off_the_leaderboard(url: &str) {
    let (addr, store, task) = serve(url).await;
    let (robo, ann) = (player(80, "Robo"), player(81, "Ann"));
    store.mark_bot(&robo, now_ms(), None).await.expect("marked");
    store
        .mark_bot(&robo, now_ms(), Some("10.0.0.9"))
        .await
        .expect("marked again");
    let row = store
        .player(robo.key.as_str())
        .await
        .expect("read")
        .expect("seen");
    assert_eq!(row.player.name, "Robo");
    // Each plays 3 rated games against each of 12 new players, all won
    // and lost alike, one after the other.
    for (me, seed) in [(&robo, 100u8), (&ann, 120u8)] {
        for k in 0..12u8 {
            let them = player(seed + k, "Opponent");
            for round in 0..3u8 {
                let over = if (k + round) % 3 == 0 {
                    won_by(Side::Green, Reason::Checkers)
                } else {
                    won_by(Side::Black, Reason::Resign)
                };
                play(&store, me, &them, true, over).await;
            }
        }
    }
    let (bot, person) = (
        store
            .standing(robo.key.as_str())
            .await
            .expect("read")
            .expect("rated"),
        store
            .standing(ann.key.as_str())
            .await
            .expect("read")
            .expect("rated"),
    );
    assert!(bot.bot && !person.bot);
    assert_eq!(
        (bot.games, bot.wins, bot.losses),
        (person.games, person.wins, person.losses)
    );
    assert_eq!(bot.games, 36);
    assert!(
        !bot.rating.provisional() && !person.rating.provisional(),
        "{bot:?} {person:?}"
    );
    let board = store.leaderboard().await.expect("read");
    assert!(board.iter().any(|s| s.player.key == ann.key), "{board:?}");
    assert!(board.iter().all(|s| s.player.key != robo.key && !s.bot));
    // The API: the bot's page shows its rating; the board leaves it out.
    let (status, _, body) = http_get(addr, "/diablo/api/leaderboard").await;
    assert_eq!(status, 200);
    let json: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let players = json["players"].as_array().expect("a list");
    assert!(players.iter().all(|p| p["key"] != robo.key.as_str()));
    let ann_line = players
        .iter()
        .find(|p| p["key"] == ann.key.as_str())
        .expect("Ann is on it");
    assert_eq!(ann_line["bot"], false);
    for (who, is_bot, standing) in [(&robo, true, &bot), (&ann, false, &person)] {
        let (status, _, body) =
            http_get(addr, &format!("/diablo/api/players/{}", who.key.as_str())).await;
        assert_eq!(status, 200);
        let p: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(p["bot"], is_bot, "{p}");
        assert_eq!(p["provisional"], false);
        assert!(close(
            p["rating"].as_f64().expect("a number"),
            standing.rating.rating
        ));
    }
    // A game's seats say which player is a bot.
    let (_, _, body) = http_get(
        addr,
        &format!("/diablo/api/players/{}/games?limit=1", robo.key.as_str()),
    )
    .await;
    let games: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(games["games"][0]["black"]["bot"], true, "{games}");
    assert_eq!(games["games"][0]["green"]["bot"], false, "{games}");
    // Challenges: the bot's says so, a person's does not carry it.
    let hr = hook(challenge(&robo, days()), 60_000);
    let posted = store
        .post_hook_as(&hr, "10.0.0.1", None, None)
        .await
        .expect("written")
        .expect("kept");
    assert!(posted.bot);
    let ha = hook(challenge(&ann, days()), 60_000);
    assert!(
        !store
            .post_hook_as(&ha, "10.0.0.1", None, None)
            .await
            .expect("written")
            .expect("kept")
            .bot
    );
    let shown = store
        .hook(&hr.challenge.game)
        .await
        .expect("read")
        .expect("open");
    assert!(shown.bot);
    assert_eq!(shown.json()["player"]["bot"], true);
    let listed = store.hooks().await.expect("read");
    let by_game = |g: &str| {
        listed
            .iter()
            .find(|h| h.challenge.game == g)
            .expect("listed")
            .json()
    };
    assert_eq!(by_game(&hr.challenge.game)["player"]["bot"], true);
    assert!(by_game(&ha.challenge.game)["player"].get("bot").is_none());
    // A bot that never played is kept by a prune; a person is not.
    let (idle_bot, idle) = (player(82, "Idle bot"), player(83, "Idle"));
    store.mark_bot(&idle_bot, 1, None).await.expect("marked");
    store.see_player(&idle, 1).await.expect("seen");
    store.prune(now_ms() - 1000).await.expect("pruned");
    assert!(
        store
            .standing(idle_bot.key.as_str())
            .await
            .expect("read")
            .is_some_and(|s| s.bot)
    );
    assert_eq!(store.player(idle.key.as_str()).await.expect("read"), None);
    task.abort();
    let _ = task.await;
    store.close().await;
    // Opened again: still a bot.
    let store = Store::open(url).await.expect("opens");
    assert!(
        store
            .standing(robo.key.as_str())
            .await
            .expect("read")
            .is_some_and(|s| s.bot)
    );
    store.close().await;
}

/// A real game between `black` and `green` (a 6x6 game played `turns`
/// turns by the links' own rules from `seed`, then resigned by the side
/// to move),
/// saved as the relay saves it, rated if `rated`: its id and the game.
async fn play_real(
    store: &Store,
    black: &Player,
    green: &Player,
    rated: bool,
    (seed, turns): (u64, usize),
) -> (String, Game) {
    let mut duel = common::Duel::new(6, Edition::Standard, seed).taken_by(green.key.as_str());
    for _ in 0..turns * 2 {
        if !duel.step() {
            break;
        }
    }
    duel.resign();
    let id = duel.id();
    let link = duel.link();
    let messages = diablo_corr::outline(&link).expect("a link").1;
    let saved = Saved {
        game: id.clone(),
        link,
        messages,
        at_ms: now_ms(),
        size: 6,
        edition: "standard".into(),
        terms: Terms {
            clock: Some(live()),
            rated,
            poster: Some(black.clone()),
        },
        black: Some(black.clone()),
        green: Some(green.clone()),
        clock: None,
        over: Some(won_by(Side::Black, Reason::Resign)),
        stored: 0,
        bonus_start_ms: None,
        address: None,
        aborted_by: None,
    };
    store.save(&saved, true).await.expect("saved");
    (id, duel.game)
}

/// Each counted game's luck is worked out behind its end, as the review
/// works it out, and summed for each player from their side; casual games
/// get none; a counted game whose link cannot be read is skipped, not
/// worked on for ever; done once.
pub async fn luck_is_kept_for_counted_games(url: &str) {
    let store = Store::open(url).await.expect("opens");
    let (ann, bo) = (player(90, "Ann"), player(91, "Bo"));
    for p in [&ann, &bo] {
        store
            .see_player_from(p, now_ms(), Some("10.9.0.1"))
            .await
            .expect("seen");
    }
    let unreadable = play(&store, &ann, &bo, true, won_by(Side::Black, Reason::Resign)).await;
    let (rated, game) = play_real(&store, &ann, &bo, true, (12, 8)).await;
    let (casual, _) = play_real(&store, &bo, &ann, false, (13, 3)).await;
    assert_ne!(rated, casual);
    let want = diablo_ai::review::record_luck(game.record());
    assert!(want.abs() > 1e-6, "a game of 8 turns has some luck: {want}");
    let mut wanted = store.luck_wanted(10).await.expect("read");
    wanted.sort();
    let mut counted = vec![unreadable.clone(), rated.clone()];
    counted.sort();
    assert_eq!(wanted, counted, "only counted games");
    let mut skip = std::collections::HashSet::new();
    let kept = diablo_server::luck::settle(&store, &mut skip)
        .await
        .expect("settled");
    assert_eq!(kept, 1);
    assert!(skip.contains(&unreadable), "{skip:?}");
    let (finished, _) = store.finished(&rated).await.expect("read").expect("over");
    let luck = finished.luck.expect("worked out");
    assert!((luck - want).abs() < 1e-9, "{luck} vs {want}");
    let (other, _) = store.finished(&casual).await.expect("read").expect("over");
    assert_eq!(other.luck, None);
    let ann_luck = store.luck_of(ann.key.as_str()).await.expect("read");
    assert_eq!(ann_luck.games, 1);
    assert!((ann_luck.sum - want).abs() < 1e-9, "Ann played Black");
    let bo_luck = store.luck_of(bo.key.as_str()).await.expect("read");
    assert!((bo_luck.sum + want).abs() < 1e-9, "Bo played Green");
    let nobody = store
        .luck_of(player(92, "Cy").key.as_str())
        .await
        .expect("read");
    assert_eq!((nobody.games, nobody.sum), (0, 0.0));
    assert_eq!(
        diablo_server::luck::settle(&store, &mut skip)
            .await
            .expect("settled"),
        0
    );
    // Reopened (a restart), the luck is there and nothing is left to do
    // but the unreadable one.
    store.close().await;
    let store = Store::open(url).await.expect("opens again");
    assert_eq!(store.luck_wanted(10).await.expect("read"), vec![unreadable]);
    let (finished, _) = store.finished(&rated).await.expect("read").expect("over");
    assert_eq!(finished.luck, Some(luck));
    store.close().await;
}

/// Each instance's heartbeat and the instance that kept a game last: an
/// instance rebuilding a game learns when the other one last spoke and
/// whether it stopped in order (docs/live.md); of its own games it learns
/// nothing; old heartbeats go with the prune.
pub async fn holders_and_heartbeats(url: &str) {
    use diablo_server::relay::Holder;
    let first = Store::open(url).await.expect("opens");
    let second = Store::open(url).await.expect("opens again");
    let id = game_id();
    let saved = full(&id, 2, 1_000);
    first.save(&saved, true).await.expect("saved");
    // No heartbeat yet: nothing known.
    assert_eq!(second.holder(&id).await.expect("read"), None);
    first.beat(5_000, false).await.expect("beat");
    first.beat(6_000, false).await.expect("beat");
    second.beat(6_500, false).await.expect("beat");
    assert_eq!(
        second.holder(&id).await.expect("read"),
        Some(Holder {
            beat_ms: 6_000,
            stopped: false
        })
    );
    assert_eq!(first.holder(&id).await.expect("read"), None, "its own");
    // The first stops in order: its last word.
    first.beat(7_000, true).await.expect("beat");
    let h = second.holder(&id).await.expect("read").expect("known");
    assert_eq!((h.beat_ms, h.stopped), (7_000, true));
    assert_eq!(h.down_at(7_001), Some(7_000));
    // Silent for longer than three beats is stopped too.
    let silent = Holder {
        beat_ms: 6_000,
        stopped: false,
    };
    assert_eq!(
        silent.down_at(6_000 + diablo_server::relay::SILENT_MS),
        None
    );
    assert_eq!(
        silent.down_at(6_001 + diablo_server::relay::SILENT_MS),
        Some(6_000)
    );
    // The second keeps the game next: the first now learns of the second.
    let mut next = as_kept(&saved);
    next.messages = 3;
    next.link = "link-3".into();
    second.save(&next, true).await.expect("saved");
    assert_eq!(second.holder(&id).await.expect("read"), None);
    assert_eq!(
        first.holder(&id).await.expect("read").map(|h| h.beat_ms),
        Some(6_500)
    );
    // Heartbeats older than the prune's limit go.
    second.prune(6_600).await.expect("pruned");
    assert_eq!(first.holder(&id).await.expect("read"), None);
    first.close().await;
    second.close().await;
}
