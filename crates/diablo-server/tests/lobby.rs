//! The lobby through real WebSockets on a free port: the list, posts seen
//! by others, withdrawals, every refusal, the bounds, live challenges
//! that go with their poster, turn-based ones that survive a restart, a
//! challenge taken, and two instances on one database.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diablo_core::{Color, Edition};
use diablo_corr::Game;
use diablo_server::clock::Clock;
use diablo_server::relay::Archive;
use diablo_server::{Config, Limits, Lobby, LobbyLimits, Relay, Store};
use ed25519_dalek::{Signer as _, SigningKey};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const QUIET: Duration = Duration::from_millis(300);

/// A fresh folder.
fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "diablo-lobby-test-{}-{:016x}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Diablo</title>",
    )
    .expect("write");
    dir
}

/// A new SQLite file's URL.
fn database() -> String {
    format!("sqlite://{}", folder().join("diablo.db").display())
}

/// Bounds for tests: quick looks and a short grace.
fn quick() -> LobbyLimits {
    LobbyLimits {
        poll: Duration::from_millis(100),
        live_grace: Duration::from_millis(300),
        ..LobbyLimits::default()
    }
}

/// One instance built as `serve` builds it, on `database`: its address,
/// its store and lobby, and the task looking at the database.
struct Instance {
    addr: SocketAddr,
    store: Arc<Store>,
    lobby: Arc<Lobby>,
    looker: tokio::task::JoinHandle<()>,
}

async fn instance(limits: LobbyLimits, database: &str) -> Instance {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let config = Config {
        root: folder(),
        prefix: "/".into(),
        limits: Limits::default(),
        lobby: limits.clone(),
        database: database.into(),
        trust_proxy: false,
    };
    let store = Store::open(database).await.expect("the database");
    let relay = Relay::with_archive(Limits::default(), store.clone());
    let lobby = Lobby::new(store.clone(), limits);
    let looker = tokio::spawn(lobby.clone().run());
    let app = diablo_server::app(&config, relay, lobby.clone());
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .expect("serving");
    });
    Instance {
        addr,
        store,
        lobby,
        looker,
    }
}

/// `diablo_server::serve` itself on `database`, until `stop` is sent.
async fn serve(
    database: &str,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let config = Config {
        root: folder(),
        prefix: "/games/".into(),
        limits: Limits::default(),
        lobby: quick(),
        database: database.into(),
        trust_proxy: false,
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        diablo_server::serve(listener, config, async {
            let _ = stopped.await;
        })
        .await
        .expect("serving");
    });
    (addr, stop, served)
}

async fn connect_at(addr: SocketAddr, path: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("a lobby connection");
    ws
}

async fn connect(addr: SocketAddr) -> Ws {
    connect_at(addr, "/lobby").await
}

/// The next text frame as JSON within `wait`; `None` if none came.
async fn next(ws: &mut Ws, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let m = tokio::time::timeout_at(deadline, ws.next()).await.ok()??;
        match m.ok()? {
            Message::Text(t) => return serde_json::from_str(t.as_str()).ok(),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// The next frame, which must come within a few seconds.
async fn expect(ws: &mut Ws) -> Value {
    next(ws, Duration::from_secs(5)).await.expect("a frame")
}

/// The connecting frame's list.
async fn list(ws: &mut Ws) -> Vec<Value> {
    let v = expect(ws).await;
    v["hooks"].as_array().expect("a list first").clone()
}

async fn send(ws: &mut Ws, text: impl Into<String>) {
    ws.send(Message::text(text.into())).await.expect("sent");
}

/// The error kind of the next frame.
async fn refused(ws: &mut Ws) -> String {
    let v = expect(ws).await;
    assert!(v["message"].is_string(), "{v}");
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not an error: {v}"))
        .to_string()
}

/// A player: the signing key and the key as the wire spells it.
struct Poster {
    signing: SigningKey,
    key: String,
    name: String,
}

fn poster(seed: u8, name: &str) -> Poster {
    let signing = SigningKey::from_bytes(&[seed; 32]);
    let key = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
    Poster {
        signing,
        key,
        name: name.into(),
    }
}

impl Poster {
    fn sign(&self, text: &str) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.sign(text.as_bytes()).to_bytes())
    }

    /// A post of `link` with `clock`, signed.
    fn post(&self, link: &str, clock: Value) -> String {
        self.post_signed(link, clock, &self.sign(&format!("diablo hook {link}")))
    }

    fn post_signed(&self, link: &str, clock: Value, sig: &str) -> String {
        json!({"post": {"link": link, "clock": clock, "rated": true, "key": self.key,
            "name": self.name, "sig": sig}})
        .to_string()
    }

    fn withdraw(&self, game: &str) -> String {
        json!({"withdraw": game, "sig": self.sign(&format!("diablo withdraw {game}"))}).to_string()
    }
}

/// A fresh invitation: its link and game id.
fn invitation(size: u32, edition: Edition, color: Color) -> (String, String) {
    let (game, _) = Game::invite(size, edition, color, "Ann", rand::random(), rand::random())
        .expect("an invitation");
    (game.encode(), game.id_hex())
}

fn live() -> Value {
    json!({"initial": 300, "increment": 3})
}

fn days() -> Value {
    json!({"days": 3})
}

#[tokio::test]
async fn a_post_is_seen_by_everyone_and_listed_to_newcomers() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    let mut b = connect(i.addr).await;
    assert!(list(&mut a).await.is_empty());
    assert!(list(&mut b).await.is_empty());
    let ann = poster(1, "  Ann ");
    let (link, game) = invitation(10, Edition::Sequenced, Color::Green);
    send(&mut a, ann.post(&link, live())).await;
    let want = json!({"game": game, "link": link, "size": 10, "edition": "sequenced",
        "color": "green", "clock": {"initial": 300, "increment": 3}, "rated": true,
        "player": {"key": ann.key, "name": "Ann", "rating": 1500, "provisional": true}});
    // A new player's rating, provisional ("1500?"), from the players table.
    assert_eq!(expect(&mut a).await, json!({ "hook": want }));
    assert_eq!(expect(&mut b).await, json!({ "hook": want }));
    // A newcomer gets it in the list; a post may show its colour as random.
    let bo = poster(2, "Bo");
    let (link2, game2) = invitation(6, Edition::Standard, Color::Black);
    let frame = json!({"post": {"link": link2, "clock": days(), "rated": false, "key": bo.key,
        "name": "Bo", "sig": bo.sign(&format!("diablo hook {link2}")), "color": "random"}});
    send(&mut b, frame.to_string()).await;
    let h = expect(&mut a).await;
    assert_eq!(h["hook"]["game"], game2);
    assert_eq!(h["hook"]["color"], "random");
    assert_eq!(h["hook"]["clock"], days());
    let mut c = connect(i.addr).await;
    let all = list(&mut c).await;
    assert_eq!(all.len(), 2);
    assert_eq!(all[0], want);
    assert_eq!(all[1]["game"], game2);
    assert_eq!(i.lobby.hook_count(), 2);
    // The poster is a player now.
    let row = i.store.player(&ann.key).await.expect("read").expect("Ann");
    assert_eq!(row.player.name, "Ann");
}

#[tokio::test]
async fn only_the_poster_withdraws() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    let mut b = connect(i.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(3, "Ann");
    let bo = poster(4, "Bo");
    let (link, game) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&link, days())).await;
    expect(&mut a).await;
    expect(&mut b).await;
    // Bo signs a withdrawal of Ann's challenge with his own key.
    send(&mut b, bo.withdraw(&game)).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Ann's sig for another game does not withdraw this one.
    let other = format!("{:032x}", 7);
    let replayed = json!({"withdraw": game, "sig": ann.sign(&format!("diablo withdraw {other}"))});
    send(&mut b, replayed.to_string()).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Nor a hook sig.
    let wrong_text = json!({"withdraw": game, "sig": ann.sign(&format!("diablo hook {link}"))});
    send(&mut b, wrong_text.to_string()).await;
    assert_eq!(refused(&mut b).await, "forged");
    assert!(next(&mut a, QUIET).await.is_none(), "nothing went");
    // Ann's own, sent by anyone, does.
    send(&mut b, ann.withdraw(&game)).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": game }));
    assert_eq!(expect(&mut b).await, json!({ "gone": game }));
    send(&mut a, ann.withdraw(&game)).await;
    assert_eq!(refused(&mut a).await, "unknown");
    assert_eq!(i.store.hook(&game).await.expect("read"), None);
}

#[tokio::test]
async fn forged_and_replayed_posts_are_refused() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(5, "Ann");
    let bo = poster(6, "Bo");
    let (link, _) = invitation(8, Edition::Standard, Color::Black);
    let (other, _) = invitation(8, Edition::Standard, Color::Black);
    // Bo's signature under Ann's key.
    let bos = bo.sign(&format!("diablo hook {link}"));
    send(&mut a, ann.post_signed(&link, live(), &bos)).await;
    assert_eq!(refused(&mut a).await, "forged");
    // Ann's signature of another link, replayed.
    let replayed = ann.sign(&format!("diablo hook {other}"));
    send(&mut a, ann.post_signed(&link, live(), &replayed)).await;
    assert_eq!(refused(&mut a).await, "forged");
    // Ann's signature of the link, without the text's prefix.
    let bare = ann.sign(&link);
    send(&mut a, ann.post_signed(&link, live(), &bare)).await;
    assert_eq!(refused(&mut a).await, "forged");
    // Altered.
    let mut altered = ann.sign(&format!("diablo hook {link}")).into_bytes();
    altered[20] = if altered[20] == b'A' { b'B' } else { b'A' };
    let altered = String::from_utf8(altered).expect("ascii");
    send(&mut a, ann.post_signed(&link, live(), &altered)).await;
    assert_eq!(refused(&mut a).await, "forged");
    assert!(next(&mut a, QUIET).await.is_none(), "nothing was posted");
    // The connection is still usable.
    send(&mut a, ann.post(&link, live())).await;
    assert!(expect(&mut a).await["hook"].is_object());
}

#[tokio::test]
async fn malformed_frames_are_refused_and_the_connection_stays() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(7, "Ann");
    let (link, game) = invitation(8, Edition::Standard, Color::Green);
    // A game begun is not an invitation.
    let (invite, _) =
        Game::invite(8, Edition::Standard, Color::Green, "A", [1; 16], [2; 32]).expect("invite");
    let (accepted, _) = invite.accept("B", [3; 32]).expect("accept");
    let begun = accepted.encode();
    let sig = ann.sign(&format!("diablo hook {link}"));
    let mut bad_name = ann.post(&link, live());
    bad_name = bad_name.replace("\"Ann\"", "\"\"");
    for frame in [
        "not json".to_string(),
        "[]".into(),
        "{}".into(),
        json!({"post": {"link": link}}).to_string(),
        ann.post("not a link", live()),
        ann.post(&begun, live()),
        ann.post(&link, json!({"initial": 0, "increment": 0})),
        ann.post(&link, json!({"days": 15})),
        ann.post(&link, json!({"days": 1, "initial": 60, "increment": 0})),
        json!({"post": {"link": link, "clock": live(), "rated": true, "key": "short",
            "name": "Ann", "sig": sig}})
        .to_string(),
        json!({"post": {"link": link, "clock": live(), "rated": true, "key": ann.key,
            "name": "Ann", "sig": "short"}})
        .to_string(),
        json!({"post": {"link": link, "clock": live(), "rated": true, "key": ann.key,
            "name": "Ann", "sig": sig, "color": "black"}})
        .to_string(),
        bad_name,
        json!({"withdraw": "XYZ", "sig": sig}).to_string(),
        json!({"withdraw": game}).to_string(),
        json!({"withdraw": game, "sig": sig, "post": {}}).to_string(),
    ] {
        send(&mut a, frame.clone()).await;
        assert_eq!(refused(&mut a).await, "malformed", "{frame}");
        // One at a time, inside the allowance.
        tokio::time::sleep(Duration::from_millis(510)).await;
    }
    a.send(Message::binary(vec![1, 2, 3])).await.expect("sent");
    assert_eq!(refused(&mut a).await, "malformed");
    send(&mut a, "x".repeat(9 * 1024)).await;
    assert_eq!(refused(&mut a).await, "too-large");
    send(&mut a, ann.post(&link, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], game);
}

#[tokio::test]
async fn a_connection_over_its_rate_is_told_once() {
    let limits = LobbyLimits {
        frames_per_second: 1.0,
        frame_burst: 3.0,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    for _ in 0..8 {
        send(&mut a, "{}").await;
    }
    let mut kinds = Vec::new();
    while let Some(v) = next(&mut a, QUIET).await {
        kinds.push(v["error"].as_str().unwrap_or("").to_string());
    }
    assert_eq!(kinds, ["malformed", "malformed", "malformed", "rate"]);
    // Refilled, it is answered again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    send(&mut a, "{}").await;
    assert_eq!(refused(&mut a).await, "malformed");
}

#[tokio::test]
async fn turn_based_challenges_are_five_a_player_and_addresses_are_bounded() {
    let limits = LobbyLimits {
        frame_burst: 100.0,
        frames_per_second: 100.0,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(8, "Ann");
    for _ in 0..5 {
        let (link, _) = invitation(6, Edition::Standard, Color::Black);
        send(&mut a, ann.post(&link, days())).await;
        assert!(expect(&mut a).await["hook"].is_object());
    }
    let (link, _) = invitation(6, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&link, days())).await;
    assert_eq!(refused(&mut a).await, "too-many");
    // Her live one is not turn-based.
    send(&mut a, ann.post(&link, live())).await;
    assert!(expect(&mut a).await["hook"].is_object());
    // Another player's turn-based ones are not hers.
    let bo = poster(9, "Bo");
    let (link, _) = invitation(6, Edition::Standard, Color::Black);
    send(&mut a, bo.post(&link, days())).await;
    assert!(expect(&mut a).await["hook"].is_object());

    // From one address (loopback counted here), at most 2 in all; and
    // the lobby at most 3.
    let limits = LobbyLimits {
        cap_loopback: true,
        hooks_per_address: 2,
        frame_burst: 100.0,
        frames_per_second: 100.0,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    for seed in 10..12 {
        let (link, _) = invitation(6, Edition::Standard, Color::Black);
        send(&mut a, poster(seed, "P").post(&link, days())).await;
        assert!(expect(&mut a).await["hook"].is_object());
    }
    let (link, _) = invitation(6, Edition::Standard, Color::Black);
    send(&mut a, poster(12, "P").post(&link, days())).await;
    assert_eq!(refused(&mut a).await, "too-many");
    // A live challenge that replaces one's own is not one more.
    let p = poster(13, "P");
    let limits = LobbyLimits {
        hooks: 1,
        ..quick()
    };
    let j = instance(limits, &database()).await;
    let mut b = connect(j.addr).await;
    list(&mut b).await;
    let (l1, g1) = invitation(6, Edition::Standard, Color::Black);
    send(&mut b, p.post(&l1, live())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], g1);
    let (l2, g2) = invitation(6, Edition::Standard, Color::Black);
    send(&mut b, poster(14, "Q").post(&l2, live())).await;
    assert_eq!(refused(&mut b).await, "too-many");
    send(&mut b, p.post(&l2, live())).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": g1 }));
    assert_eq!(expect(&mut b).await["hook"]["game"], g2);
}

#[tokio::test]
async fn lobby_connections_are_bounded_per_address() {
    let limits = LobbyLimits {
        cap_loopback: true,
        per_address: 2,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut open = vec![connect(i.addr).await, connect(i.addr).await];
    let err = tokio_tungstenite::connect_async(format!("ws://{}/lobby", i.addr))
        .await
        .expect_err("a third from one address");
    assert!(err.to_string().contains("429"), "{err}");
    drop(open.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    open.push(connect(i.addr).await);
    assert_eq!(i.lobby.connection_count(), 2);
}

#[tokio::test]
async fn a_new_live_challenge_replaces_the_players_last() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    let mut w = connect(i.addr).await;
    list(&mut a).await;
    list(&mut w).await;
    let ann = poster(15, "Ann");
    let (l1, g1) = invitation(8, Edition::Standard, Color::Black);
    let (l2, g2) = invitation(8, Edition::Standard, Color::Black);
    let (t, gt) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], gt);
    send(&mut a, ann.post(&l1, live())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], g1);
    send(
        &mut a,
        ann.post(&l2, json!({"initial": 60, "increment": 0})),
    )
    .await;
    assert_eq!(expect(&mut w).await, json!({ "gone": g1 }));
    assert_eq!(expect(&mut w).await["hook"]["game"], g2);
    // Her turn-based one stays.
    let mut c = connect(i.addr).await;
    let games: Vec<Value> = list(&mut c)
        .await
        .iter()
        .map(|h| h["game"].clone())
        .collect();
    assert_eq!(games, [json!(gt), json!(g2)]);
    // Posting the same game again answers with it and changes nothing.
    send(&mut a, ann.post(&l2, live())).await;
    let mut mine = None;
    while let Some(v) = next(&mut a, QUIET).await {
        if v["hook"]["game"] == g2 {
            mine = Some(v);
        }
    }
    assert!(mine.is_some());
    assert!(next(&mut w, QUIET).await.is_none(), "no change for others");
    // Another player cannot post a challenge of the same game.
    send(&mut w, poster(16, "Bo").post(&l2, live())).await;
    assert_eq!(refused(&mut w).await, "exists");
}

#[tokio::test]
async fn a_live_challenge_goes_soon_after_its_poster_leaves() {
    let i = instance(quick(), &database()).await;
    let mut w = connect(i.addr).await;
    list(&mut w).await;
    let ann = poster(17, "Ann");
    let (l1, g1) = invitation(8, Edition::Standard, Color::Black);
    let (t, gt) = invitation(8, Edition::Standard, Color::Black);
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    send(&mut a, ann.post(&l1, live())).await;
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], g1);
    assert_eq!(expect(&mut w).await["hook"]["game"], gt);
    // Back within the grace (a reload), the challenge stays hers.
    drop(a);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut a = connect(i.addr).await;
    assert_eq!(list(&mut a).await.len(), 2);
    send(&mut a, ann.post(&l1, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g1);
    assert!(next(&mut w, Duration::from_millis(800)).await.is_none());
    // Gone for good: it goes within a second; the turn-based one stays.
    let left = std::time::Instant::now();
    drop(a);
    assert_eq!(expect(&mut w).await, json!({ "gone": g1 }));
    assert!(
        left.elapsed() < Duration::from_secs(2),
        "{:?}",
        left.elapsed()
    );
    assert!(next(&mut w, QUIET).await.is_none());
    assert!(i.store.hook(&gt).await.expect("read").is_some());
}

#[tokio::test]
async fn a_live_challenge_goes_after_its_time() {
    let limits = LobbyLimits {
        live_ttl: Duration::from_millis(500),
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let (l, g) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, poster(18, "Ann").post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    assert_eq!(expect(&mut a).await, json!({ "gone": g }));
}

#[tokio::test]
async fn a_taken_challenge_goes_at_once() {
    // Looks every 10 s: only the take's own signal can be this quick.
    let limits = LobbyLimits {
        poll: Duration::from_secs(10),
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(19, "Ann");
    let (l, g) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    let terms = i.store.terms(&g).await.expect("read").expect("its terms");
    assert!(terms.rated);
    assert_eq!(terms.poster.expect("the poster").key.as_str(), ann.key);
    i.store.taken(&g).await.expect("taken");
    assert_eq!(
        next(&mut a, Duration::from_secs(1)).await,
        Some(json!({ "gone": g }))
    );
    // Its invitation cannot be posted again: the game has begun.
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(refused(&mut a).await, "exists");
}

#[tokio::test]
async fn an_unlisted_invitation_gives_its_game_a_clock_and_is_never_shown() {
    let limits = LobbyLimits {
        unlisted_per_key: 2,
        live_grace: Duration::from_millis(100),
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    let mut b = connect(i.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(23, "Ann");
    let unlisted = |p: &Poster, link: &str, rated: bool| {
        json!({"post": {"link": link, "clock": live(), "rated": rated, "key": p.key,
            "name": p.name, "sig": p.sign(&format!("diablo hook {link}")), "unlisted": true}})
        .to_string()
    };
    let (l, g) = invitation(8, Edition::Standard, Color::Black);
    // A friend's invitation is casual.
    send(&mut a, unlisted(&ann, &l, true)).await;
    assert_eq!(refused(&mut a).await, "malformed");
    send(&mut a, unlisted(&ann, &l, false)).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    // Nobody else hears of it, nor does a newcomer's list hold it.
    assert!(next(&mut b, QUIET).await.is_none());
    let mut c = connect(i.addr).await;
    assert!(list(&mut c).await.is_empty());
    assert_eq!(i.lobby.hook_count(), 0);
    // Its game has its clock, unrated, with Ann as its poster.
    let terms = i.store.terms(&g).await.expect("read").expect("its terms");
    assert_eq!(terms.clock, Some(Clock::live(300, 3).expect("5+3")));
    assert!(!terms.rated);
    assert_eq!(terms.poster.expect("the poster").key.as_str(), ann.key);
    // Posted again (a reload): kept once. Another player cannot take it over.
    send(&mut a, unlisted(&ann, &l, false)).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    let bo = poster(24, "Bo");
    send(&mut b, unlisted(&bo, &l, false)).await;
    assert_eq!(refused(&mut b).await, "exists");
    // Two a player at a time here.
    let (l2, _) = invitation(6, Edition::Standard, Color::Green);
    send(&mut a, unlisted(&ann, &l2, false)).await;
    assert!(expect(&mut a).await.get("kept").is_some());
    let (l3, _) = invitation(6, Edition::Standard, Color::Green);
    send(&mut a, unlisted(&ann, &l3, false)).await;
    assert_eq!(refused(&mut a).await, "too-many");
    // Ann's live challenge in the lobby neither replaces it nor is bounded by it.
    let (l4, g4) = invitation(6, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&l4, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g4);
    assert_eq!(expect(&mut b).await["hook"]["game"], g4);
    // It outlives its poster's connection (the friend may come later).
    drop(a);
    assert_eq!(
        next(&mut b, Duration::from_secs(3)).await,
        Some(json!({ "gone": g4 }))
    );
    assert!(i.store.terms(&g).await.expect("read").is_some());
    // Taken: the game keeps the terms, and still nothing is said in the lobby.
    i.store.taken(&g).await.expect("taken");
    assert!(next(&mut b, QUIET).await.is_none());
    let kept = i.store.terms(&g).await.expect("read").expect("kept");
    assert_eq!(kept.clock, Some(Clock::live(300, 3).expect("5+3")));
    assert!(i.store.hook(&g).await.expect("read").is_none());
}

#[tokio::test]
async fn turn_based_challenges_survive_a_restart_and_live_ones_do_not() {
    let db = database();
    let (addr, stop, served) = serve(&db).await;
    let mut a = connect_at(addr, "/games/lobby").await;
    assert!(list(&mut a).await.is_empty());
    let ann = poster(20, "Ann");
    let (t, gt) = invitation(8, Edition::Standard, Color::Black);
    let (l, gl) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&t, days())).await;
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], gt);
    assert_eq!(expect(&mut a).await["hook"]["game"], gl);
    stop.send(()).expect("stopping");
    // Closed with 1001 (Going Away).
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(m)) = a.next().await {
            if let Message::Close(frame) = m {
                return frame.map(|f| u16::from(f.code));
            }
        }
        None
    })
    .await
    .expect("closed in time");
    assert_eq!(closed, Some(1001));
    let stopping = std::time::Instant::now();
    served.await.expect("stopped");
    assert!(stopping.elapsed() < Duration::from_secs(4));
    let (addr, _stop, _served) = serve(&db).await;
    let mut b = connect_at(addr, "/games/lobby").await;
    let games: Vec<Value> = list(&mut b)
        .await
        .iter()
        .map(|h| h["game"].clone())
        .collect();
    assert_eq!(games, [json!(gt)]);
}

#[tokio::test]
async fn a_bad_database_stops_the_server_with_a_reason() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let config = Config {
        root: folder(),
        prefix: "/".into(),
        limits: Limits::default(),
        lobby: LobbyLimits::default(),
        database: "postgres://diablo:hush@127.0.0.1:1/none".into(),
        trust_proxy: false,
    };
    let e = diablo_server::serve(listener, config, std::future::pending())
        .await
        .expect_err("no database");
    let e = format!("{e:#}");
    assert!(
        e.contains("cannot open the database postgres://diablo:***@127.0.0.1:1/none"),
        "{e}"
    );
    assert!(!e.contains("hush"), "{e}");
}

#[tokio::test]
async fn instances_on_one_database_share_the_lobby() {
    let db = database();
    let limits = LobbyLimits {
        heartbeat: Duration::from_millis(200),
        stale: Duration::from_secs(1),
        ..quick()
    };
    let one = instance(limits.clone(), &db).await;
    let two = instance(limits, &db).await;
    let mut a = connect(one.addr).await;
    let mut b = connect(two.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(21, "Ann");
    let (l, g) = invitation(8, Edition::Standard, Color::Black);
    let (t, gt) = invitation(8, Edition::Standard, Color::Black);
    let posted = std::time::Instant::now();
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], g);
    assert!(posted.elapsed() < Duration::from_secs(1));
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], gt);
    assert_eq!(expect(&mut a).await["hook"]["game"], gt);
    // Withdrawn from the other instance.
    send(&mut b, ann.withdraw(&gt)).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": gt }));
    assert_eq!(expect(&mut b).await, json!({ "gone": gt }));
    // Taken on the other instance.
    let (l2, g2) = invitation(8, Edition::Standard, Color::Black);
    send(&mut b, poster(22, "Bo").post(&l2, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g2);
    assert_eq!(expect(&mut b).await["hook"]["game"], g2);
    two.store.taken(&g2).await.expect("taken");
    assert_eq!(expect(&mut a).await, json!({ "gone": g2 }));
    assert_eq!(expect(&mut b).await, json!({ "gone": g2 }));
    // Instance one stops refreshing (as if killed, its poster still
    // connected): within seconds the other drops its live challenge.
    one.looker.abort();
    assert_eq!(
        next(&mut b, Duration::from_secs(4)).await,
        Some(json!({ "gone": g }))
    );
    drop(one.lobby);
}
