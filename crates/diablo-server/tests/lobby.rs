//! The lobby through real WebSockets on a free port: the list, posts seen
//! by others, withdrawals, every refusal, the bounds, live challenges
//! that go with their poster, turn-based ones that survive a restart, a
//! challenge taken, and two instances on one database.

mod common;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{Ws, before_marker};
use diablo_core::{Color, Edition};
use diablo_corr::Game;
use diablo_server::clock::Clock;
use diablo_server::lobby::owner_text;
use diablo_server::relay::Archive;
use diablo_server::{Config, Limits, Lobby, LobbyLimits, Relay, Store, Time};
use ed25519_dalek::{Signer as _, SigningKey};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sqlx::Connection as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long a frame that must come may take: a bound for a hang only.
const HANG: Duration = Duration::from_secs(10);

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
/// its store and lobby, the task looking at the database, and its clock
/// (manual: it stands still until the test moves it).
struct Instance {
    addr: SocketAddr,
    store: Arc<Store>,
    lobby: Arc<Lobby>,
    looker: tokio::task::JoinHandle<()>,
    time: Time,
}

async fn instance(limits: LobbyLimits, database: &str) -> Instance {
    instance_on(limits, database, Time::manual()).await
}

/// [`instance`] on `time` (instances that share one clock).
async fn instance_on(limits: LobbyLimits, database: &str, time: Time) -> Instance {
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
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        time: time.clone(),
    };
    let store = Store::open(database).await.expect("the database");
    store.listen();
    let relay = Relay::with_time(Limits::default(), store.clone(), time.clone());
    let lobby = Lobby::with_time(store.clone(), limits, time.clone());
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
        time,
    }
}

/// Moves `time` on by `by` once each of `lobbies` waits for its next look
/// (with no await in between, on this one thread), so that each one's
/// next look is at the time advanced to.
async fn pass(time: &Time, lobbies: &[&Arc<Lobby>], by: Duration) {
    loop {
        for lobby in lobbies {
            lobby.settled().await;
        }
        if lobbies.iter().all(|l| l.is_settled()) {
            break;
        }
    }
    time.advance(by);
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
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        time: Time::system(),
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

/// The nonce each test connection was given (its first frame), by the
/// connection's local address.
static NONCES: std::sync::Mutex<Vec<(SocketAddr, String)>> = std::sync::Mutex::new(Vec::new());

fn local(ws: &Ws) -> SocketAddr {
    match ws.get_ref() {
        tokio_tungstenite::MaybeTlsStream::Plain(s) => s.local_addr().expect("an address"),
        _ => panic!("a plain connection"),
    }
}

/// The fresh value the lobby gave `ws`.
fn nonce_of(ws: &Ws) -> String {
    let at = local(ws);
    let nonces = NONCES.lock().expect("nonces");
    nonces
        .iter()
        .rev()
        .find(|(a, _)| *a == at)
        .map(|(_, n)| n.clone())
        .expect("a nonce for this connection")
}

/// A lobby connection, its first frame (the nonce) read.
async fn connect_at(addr: SocketAddr, path: &str) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("a lobby connection");
    let first = common::next(&mut ws).await;
    let nonce = first["nonce"].as_str().expect("a nonce first").to_string();
    assert_eq!(nonce.len(), 32, "{first}");
    NONCES.lock().expect("nonces").push((local(&ws), nonce));
    ws
}

async fn connect(addr: SocketAddr) -> Ws {
    connect_at(addr, "/lobby").await
}

/// The next frame, which must come.
async fn expect(ws: &mut Ws) -> Value {
    common::next(ws).await
}

/// Posts from `ws` a live challenge by a player of `seed`, returns its
/// game: every connection's next change must be its `{"hook"}` when no
/// other change came before it (changes go out in order).
async fn marker_post(ws: &mut Ws, seed: u8) -> String {
    let p = poster(seed, "Marker");
    let (link, game) = p.invitation(6, Edition::Standard, Color::Black, &live());
    send(ws, p.post(&link, live())).await;
    game
}

/// Closes `ws` and waits until the server closed it too: by then the
/// lobby has counted the connection out (its live challenges' grace has
/// begun).
async fn leave(mut ws: Ws) {
    ws.close(None).await.expect("closed");
    tokio::time::timeout(HANG, async { while let Some(Ok(_)) = ws.next().await {} })
        .await
        .expect("closed by the server");
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

/// A player: the signing key and the key as the wire spells it, and the
/// salt of each invitation they made.
struct Poster {
    signing: SigningKey,
    key: String,
    name: String,
    salts: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

fn poster(seed: u8, name: &str) -> Poster {
    let signing = SigningKey::from_bytes(&[seed; 32]);
    let key = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
    Poster {
        signing,
        key,
        name: name.into(),
        salts: std::sync::Mutex::default(),
    }
}

impl Poster {
    fn sign(&self, text: &str) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.sign(text.as_bytes()).to_bytes())
    }

    /// An invitation made by this player for a rated, listed challenge
    /// on `clock`: its link and game id.
    fn invitation(
        &self,
        size: u32,
        edition: Edition,
        color: Color,
        clock: &Value,
    ) -> (String, String) {
        self.invitation_on(size, edition, color, clock, true, true)
    }

    /// An invitation made by this player for a challenge on these terms.
    fn invitation_on(
        &self,
        size: u32,
        edition: Edition,
        color: Color,
        clock: &Value,
        rated: bool,
        listed: bool,
    ) -> (String, String) {
        let clock: Clock = serde_json::from_value(clock.clone()).expect("a clock");
        let text = owner_text(&self.key, &clock, rated, false, listed);
        let (game, keys) =
            Game::invite_owned(size, edition, color, &self.name, &text, rand::random())
                .expect("an invitation");
        let link = game.encode();
        let salt = diablo_corr::value_hex(&keys.owner_salt());
        self.salts.lock().expect("salts").insert(link.clone(), salt);
        (link, game.id_hex())
    }

    /// The salt of an invitation this player made (zeros for another's).
    fn salt(&self, link: &str) -> String {
        self.salts
            .lock()
            .expect("salts")
            .get(link)
            .cloned()
            .unwrap_or_else(|| "0".repeat(32))
    }

    /// A post of `link` with `clock`, signed.
    fn post(&self, link: &str, clock: Value) -> String {
        self.post_signed(link, clock, &self.sign(&format!("diablo hook {link}")))
    }

    fn post_signed(&self, link: &str, clock: Value, sig: &str) -> String {
        json!({"post": {"link": link, "clock": clock, "rated": true, "key": self.key,
            "name": self.name, "sig": sig, "salt": self.salt(link)}})
        .to_string()
    }

    /// A withdrawal of `game` to send on `ws` (signing its nonce).
    fn withdraw(&self, game: &str, ws: &Ws) -> String {
        let nonce = nonce_of(ws);
        json!({"withdraw": game, "sig": self.sign(&format!("diablo withdraw {game} {nonce}"))})
            .to_string()
    }
}

/// A fresh invitation bound to nobody (as made before invitations were
/// bound): its link and game id.
fn invitation(size: u32, edition: Edition, color: Color) -> (String, String) {
    let (game, _) = Game::invite(size, edition, color, "Ann", rand::random(), rand::random())
        .expect("an invitation");
    (game.encode(), game.id_hex())
}

/// What a room keeps when the accepting link of game `game` arrives: the
/// game begun on its challenge's terms (the lobby's record of them).
async fn begun(store: &Store, game: &str) {
    let terms = store.terms(game).await.expect("read").expect("open");
    let saved = diablo_server::relay::Saved {
        game: game.into(),
        link: "the accepting link".into(),
        messages: 2,
        at_ms: diablo_server::store::now_ms(),
        size: 8,
        edition: "standard".into(),
        terms,
        black: None,
        green: None,
        clock: None,
        over: None,
        stored: 0,
        bonus_start_ms: None,
        address: None,
        aborted_by: None,
    };
    store.save(&saved, true).await.expect("kept");
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
    let (link, game) = ann.invitation(10, Edition::Sequenced, Color::Green, &live());
    send(&mut a, ann.post(&link, live())).await;
    let want = json!({"game": game, "link": link, "size": 10, "edition": "sequenced",
        "color": "green", "clock": {"initial": 300, "increment": 3}, "rated": true,
        "player": {"key": ann.key, "name": "Ann", "rating": 1500, "provisional": true}});
    // A new player's rating, provisional ("1500?"), from the players table.
    assert_eq!(expect(&mut a).await, json!({ "hook": want }));
    assert_eq!(expect(&mut b).await, json!({ "hook": want }));
    // A newcomer gets it in the list; a post may show its colour as random.
    // Listed in the order posted: a millisecond later.
    i.time.advance(Duration::from_millis(1));
    let bo = poster(2, "Bo");
    let clock = diablo_server::clock::Clock::days(3).expect("3 days");
    let text = owner_text(&bo.key, &clock, false, true, true);
    let (made, keys) = Game::invite_owned(6, Edition::Standard, Color::Black, "Bo", &text, [9; 32])
        .expect("an invitation");
    let (link2, game2) = (made.encode(), made.id_hex());
    let frame = json!({"post": {"link": link2, "clock": days(), "rated": false, "key": bo.key,
        "name": "Bo", "sig": bo.sign(&format!("diablo hook {link2}")), "color": "random",
        "salt": diablo_corr::value_hex(&keys.owner_salt())}});
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
    let (link, game) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link, days())).await;
    expect(&mut a).await;
    expect(&mut b).await;
    // Bo signs a withdrawal of Ann's challenge with his own key.
    let w = bo.withdraw(&game, &b);
    send(&mut b, w).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Ann's withdrawal for her own connection does not work on another
    // (a withdrawal is good only where it was made, never replayed).
    let hers = ann.withdraw(&game, &a);
    send(&mut b, hers).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Nor the old text, with no fresh value.
    let stale = json!({"withdraw": game, "sig": ann.sign(&format!("diablo withdraw {game}"))});
    send(&mut b, stale.to_string()).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Ann's sig for another game does not withdraw this one.
    let other = format!("{:032x}", 7);
    let replayed = json!({"withdraw": game, "sig": ann.sign(&format!("diablo withdraw {other} {}", nonce_of(&b)))});
    send(&mut b, replayed.to_string()).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Nor a hook sig.
    let wrong_text = json!({"withdraw": game, "sig": ann.sign(&format!("diablo hook {link}"))});
    send(&mut b, wrong_text.to_string()).await;
    assert_eq!(refused(&mut b).await, "forged");
    // Nothing went: it is open, and the next change is a later post.
    assert!(i.store.hook(&game).await.expect("read").is_some());
    let marker = marker_post(&mut b, 40).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], marker, "nothing went");
    assert_eq!(expect(&mut b).await["hook"]["game"], marker);
    // Ann's own, signed for the connection it is sent on, does.
    let w = ann.withdraw(&game, &b);
    send(&mut b, w).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": game }));
    assert_eq!(expect(&mut b).await, json!({ "gone": game }));
    let w = ann.withdraw(&game, &a);
    send(&mut a, w).await;
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
    let (link, game) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    let (other, _) = ann.invitation(8, Edition::Standard, Color::Black, &live());
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
    // Nothing was posted (a look shows only what the database holds).
    assert_eq!(i.store.hook(&game).await.expect("read"), None);
    assert_eq!(i.lobby.hook_count(), 0);
    // The connection is still usable: the next change is its post.
    send(&mut a, ann.post(&link, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], game);
}

#[tokio::test]
async fn malformed_frames_are_refused_and_the_connection_stays() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(7, "Ann");
    let (link, game) = ann.invitation(8, Edition::Standard, Color::Green, &live());
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
        // One at a time, inside the allowance (2 a second).
        i.time.advance(Duration::from_millis(500));
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
    // Three answered, the fourth told, the rest dropped (the time stood
    // still: nothing refilled the bucket).
    let kinds: Vec<Value> = before_marker(&mut a)
        .await
        .iter()
        .map(|v| v["error"].clone())
        .collect();
    assert_eq!(kinds, ["malformed", "malformed", "malformed", "rate"]);
    // Half refilled half a second later (dropped, told already); refilled
    // a second later, answered again.
    i.time.advance(Duration::from_millis(500));
    send(&mut a, "{}").await;
    assert!(before_marker(&mut a).await.is_empty(), "still dry");
    i.time.advance(Duration::from_millis(500));
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
        let (link, _) = ann.invitation(6, Edition::Standard, Color::Black, &days());
        send(&mut a, ann.post(&link, days())).await;
        assert!(expect(&mut a).await["hook"].is_object());
    }
    let (link, _) = ann.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link, days())).await;
    assert_eq!(refused(&mut a).await, "too-many");
    // Her live one is not turn-based.
    let (link, _) = ann.invitation(6, Edition::Standard, Color::Black, &live());
    send(&mut a, ann.post(&link, live())).await;
    assert!(expect(&mut a).await["hook"].is_object());
    // Another player's turn-based ones are not hers.
    let bo = poster(9, "Bo");
    let (link, _) = bo.invitation(6, Edition::Standard, Color::Black, &days());
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
        let p = poster(seed, "P");
        let (link, _) = p.invitation(6, Edition::Standard, Color::Black, &days());
        send(&mut a, p.post(&link, days())).await;
        assert!(expect(&mut a).await["hook"].is_object());
    }
    let p = poster(12, "P");
    let (link, _) = p.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, p.post(&link, days())).await;
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
    let (l1, g1) = p.invitation(6, Edition::Standard, Color::Black, &live());
    send(&mut b, p.post(&l1, live())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], g1);
    let q = poster(14, "Q");
    let (lq, _) = q.invitation(6, Edition::Standard, Color::Black, &live());
    send(&mut b, q.post(&lq, live())).await;
    assert_eq!(refused(&mut b).await, "too-many");
    let (l2, g2) = p.invitation(6, Edition::Standard, Color::Black, &live());
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
    leave(open.pop().expect("two")).await;
    assert_eq!(i.lobby.connection_count(), 1);
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
    let blitz = json!({"initial": 60, "increment": 0});
    let (l1, g1) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    let (l2, g2) = ann.invitation(8, Edition::Standard, Color::Black, &blitz);
    let (t, gt) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    // Each a millisecond after the last: listed in the order posted.
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], gt);
    i.time.advance(Duration::from_millis(1));
    send(&mut a, ann.post(&l1, live())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], g1);
    i.time.advance(Duration::from_millis(1));
    send(&mut a, ann.post(&l2, blitz.clone())).await;
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
    // Ann saw the same changes.
    assert_eq!(expect(&mut a).await["hook"]["game"], gt);
    assert_eq!(expect(&mut a).await["hook"]["game"], g1);
    assert_eq!(expect(&mut a).await, json!({ "gone": g1 }));
    assert_eq!(expect(&mut a).await["hook"]["game"], g2);
    // Posting the same game again answers with it and changes nothing:
    // the next change anyone sees is a later post.
    send(&mut a, ann.post(&l2, blitz.clone())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g2);
    let marker = marker_post(&mut w, 41).await;
    assert_eq!(
        expect(&mut w).await["hook"]["game"],
        marker,
        "no change for others"
    );
    assert_eq!(expect(&mut a).await["hook"]["game"], marker);
    // Nobody else can post a challenge of her game, with her salt or
    // without it; nor can she on other terms (a casual 5+3 made rated
    // 1+0 after a taker looked).
    let bo = poster(16, "Bo");
    let mut stolen: Value = serde_json::from_str(&bo.post(&l2, blitz.clone())).expect("JSON");
    stolen["post"]["salt"] = json!(ann.salt(&l2));
    send(&mut w, stolen.to_string()).await;
    assert_eq!(refused(&mut w).await, "not-maker");
    send(&mut w, bo.post(&l2, blitz.clone())).await;
    assert_eq!(refused(&mut w).await, "not-maker");
    send(&mut a, ann.post(&l2, live())).await;
    assert_eq!(refused(&mut a).await, "not-maker");
    // An invitation made before invitations were bound is no challenge.
    let (old, _) = invitation(8, Edition::Standard, Color::Black);
    send(&mut a, ann.post(&old, live())).await;
    assert_eq!(refused(&mut a).await, "not-maker");
    // The lobby holds her two, on the terms she made them for.
    let terms = i.store.terms(&g2).await.expect("read").expect("open");
    assert_eq!(terms.clock, Some(Clock::live(60, 0).expect("1+0")));
    assert_eq!(terms.poster.expect("hers").key.as_str(), ann.key);
}

#[tokio::test]
async fn a_live_challenge_goes_soon_after_its_poster_leaves() {
    let limits = quick();
    let (grace, poll) = (limits.live_grace, limits.poll);
    let i = instance(limits, &database()).await;
    let mut w = connect(i.addr).await;
    list(&mut w).await;
    let ann = poster(17, "Ann");
    let (l1, g1) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    let (t, gt) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    send(&mut a, ann.post(&l1, live())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], g1);
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], gt);
    // Back within the grace (a reload), the challenge stays hers: past
    // the grace, the next change is a later post.
    leave(a).await;
    let mut a = connect(i.addr).await;
    assert_eq!(list(&mut a).await.len(), 2);
    send(&mut a, ann.post(&l1, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g1);
    pass(&i.time, &[&i.lobby], grace + poll).await;
    let marker = marker_post(&mut w, 42).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], marker, "g1 stayed");
    // Gone for good: still there 1 ms before the grace ends…
    leave(a).await;
    pass(&i.time, &[&i.lobby], grace - Duration::from_millis(1)).await;
    let marker = marker_post(&mut w, 43).await;
    assert_eq!(expect(&mut w).await["hook"]["game"], marker, "g1 stayed");
    // …gone at the first look after it; the turn-based one stays.
    pass(&i.time, &[&i.lobby], poll).await;
    assert_eq!(expect(&mut w).await, json!({ "gone": g1 }));
    assert!(i.store.hook(&gt).await.expect("read").is_some());
}

#[tokio::test]
async fn a_live_challenge_goes_after_its_time() {
    // Longer than the lobby's second between expiries.
    let ttl = Duration::from_secs(5);
    let limits = LobbyLimits {
        live_ttl: ttl,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(18, "Ann");
    let (l, g) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    // Still there 1 ms before its time (a look then drops what expired)…
    pass(&i.time, &[&i.lobby], ttl - Duration::from_millis(1)).await;
    let marker = marker_post(&mut a, 44).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], marker, "g stayed");
    // …gone within the second after it.
    pass(&i.time, &[&i.lobby], Duration::from_secs(1)).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": g }));
}

#[tokio::test]
async fn a_taken_challenge_goes_at_once() {
    // The time stands still: no look comes by the clock, only by the
    // take's own signal.
    let limits = LobbyLimits {
        poll: Duration::from_secs(10),
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(19, "Ann");
    let (l, g) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    let terms = i.store.terms(&g).await.expect("read").expect("its terms");
    assert!(terms.rated);
    assert_eq!(terms.poster.expect("the poster").key.as_str(), ann.key);
    begun(&i.store, &g).await;
    i.store.taken(&g).await.expect("taken");
    assert_eq!(expect(&mut a).await, json!({ "gone": g }));
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
    let (grace, poll) = (limits.live_grace, limits.poll);
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    let mut b = connect(i.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(23, "Ann");
    let unlisted = |p: &Poster, link: &str, rated: bool| {
        json!({"post": {"link": link, "clock": live(), "rated": rated, "key": p.key,
            "name": p.name, "sig": p.sign(&format!("diablo hook {link}")), "unlisted": true,
            "salt": p.salt(link)}})
        .to_string()
    };
    let (l, g) = ann.invitation_on(8, Edition::Standard, Color::Black, &live(), false, false);
    // A friend's invitation is casual.
    send(&mut a, unlisted(&ann, &l, true)).await;
    assert_eq!(refused(&mut a).await, "malformed");
    send(&mut a, unlisted(&ann, &l, false)).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    // Nobody else hears of it (b's next change is g4's, below), nor does
    // a newcomer's list hold it.
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
    assert_eq!(refused(&mut b).await, "not-maker");
    // Two a player at a time here.
    let (l2, _) = ann.invitation_on(6, Edition::Standard, Color::Green, &live(), false, false);
    send(&mut a, unlisted(&ann, &l2, false)).await;
    assert!(expect(&mut a).await.get("kept").is_some());
    let (l3, _) = ann.invitation_on(6, Edition::Standard, Color::Green, &live(), false, false);
    send(&mut a, unlisted(&ann, &l3, false)).await;
    assert_eq!(refused(&mut a).await, "too-many");
    // Ann's live challenge in the lobby neither replaces it nor is bounded by it.
    let (l4, g4) = ann.invitation(6, Edition::Standard, Color::Black, &live());
    send(&mut a, ann.post(&l4, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g4);
    assert_eq!(expect(&mut b).await["hook"]["game"], g4, "only g4 came");
    // It outlives its poster's connection (the friend may come later).
    leave(a).await;
    pass(&i.time, &[&i.lobby], grace.max(poll)).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": g4 }));
    assert!(i.store.terms(&g).await.expect("read").is_some());
    // Taken: the game keeps the terms, and still nothing is said in the
    // lobby: the next change is a later post.
    begun(&i.store, &g).await;
    i.store.taken(&g).await.expect("taken");
    let marker = marker_post(&mut b, 45).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], marker);
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
    let (t, gt) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    let (l, gl) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    // One at a time: two in one look would come in the order of their
    // posting times, which may be one millisecond.
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], gt);
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], gl);
    stop.send(()).expect("stopping");
    // Closed with 1001 (Going Away).
    let closed = tokio::time::timeout(HANG, async {
        while let Some(Ok(m)) = a.next().await {
            if let Message::Close(frame) = m {
                return frame.map(|f| u16::from(f.code));
            }
        }
        None
    })
    .await
    .expect("closed");
    assert_eq!(closed, Some(1001));
    // Then it returns (without waiting past its grace: tests/shutdown.rs).
    served.await.expect("stopped");
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
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        time: Time::system(),
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
    let poll = limits.poll;
    // One clock for both, as the machines' wall clocks would be.
    let time = Time::manual();
    let one = instance_on(limits.clone(), &db, time.clone()).await;
    let two = instance_on(limits, &db, time.clone()).await;
    let both = [&one.lobby, &two.lobby];
    let mut a = connect(one.addr).await;
    let mut b = connect(two.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(21, "Ann");
    let (l, g) = ann.invitation(8, Edition::Standard, Color::Black, &live());
    let (t, gt) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    // Seen here at once (the post's own look), there at its next look.
    send(&mut a, ann.post(&l, live())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], g);
    send(&mut a, ann.post(&t, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], gt);
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], gt);
    // Withdrawn from the other instance.
    let w = ann.withdraw(&gt, &b);
    send(&mut b, w).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": gt }));
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": gt }));
    // Taken on the other instance.
    let bo = poster(22, "Bo");
    let (l2, g2) = bo.invitation(8, Edition::Standard, Color::Black, &live());
    send(&mut b, bo.post(&l2, live())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], g2);
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g2);
    two.store.taken(&g2).await.expect("taken");
    assert_eq!(expect(&mut b).await, json!({ "gone": g2 }));
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut a).await, json!({ "gone": g2 }));
    // Instance one stops refreshing (as if killed, its poster still
    // connected): once its last refresh is older than `stale`, the other
    // drops its live challenge.
    one.looker.abort();
    pass(&time, &[&two.lobby], Duration::from_millis(1100)).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": g }));
    drop(one.lobby);
}

/// Waits until `store`'s listener has begun to listen `n` times.
async fn listened(store: &Store, n: u64) {
    let mut listens = store.listens();
    tokio::time::timeout(HANG, listens.wait_for(|&k| k >= n))
        .await
        .expect("listening")
        .expect("the store lives");
}

// Broken on purpose (no trigger, or no listener): with no look of its own
// (its clock stands still), the second instance never hears of the post.
#[tokio::test]
async fn instances_on_postgres_are_told_each_change_by_postgres() {
    let (db, schema) = common::postgres::fresh().await;
    let limits = LobbyLimits {
        // A manual clock never advanced: no instance looks by itself.
        poll: Duration::from_secs(3600),
        ..quick()
    };
    let time = Time::manual();
    let one = instance_on(limits.clone(), &db, time.clone()).await;
    let two = instance_on(limits, &db, time.clone()).await;
    listened(&one.store, 1).await;
    listened(&two.store, 1).await;
    let mut a = connect(one.addr).await;
    let mut b = connect(two.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let ann = poster(41, "Ann");
    let (l, g) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&l, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g);
    assert_eq!(expect(&mut b).await["hook"]["game"], g);
    // Withdrawn on the other instance: gone on both.
    let w = ann.withdraw(&g, &b);
    send(&mut b, w).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": g }));
    assert_eq!(expect(&mut a).await, json!({ "gone": g }));
    // Taken (its game began) on the first: gone on both.
    let (l2, g2) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&l2, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g2);
    assert_eq!(expect(&mut b).await["hook"]["game"], g2);
    one.store.taken(&g2).await.expect("taken");
    assert_eq!(expect(&mut a).await, json!({ "gone": g2 }));
    assert_eq!(expect(&mut b).await, json!({ "gone": g2 }));
    // Every listener's connection is cut, and a challenge posted at
    // once: whether its notification came before the cut or was lost
    // with it, the second instance shows it (it reads the table again
    // when it listens again).
    let mut admin = sqlx::PgConnection::connect(&common::postgres::server())
        .await
        .expect("the server");
    let cut: Vec<i32> = sqlx::query_scalar(
        "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' \
         AND pid <> pg_backend_pid()",
    )
    .fetch_all(&mut admin)
    .await
    .expect("listeners");
    assert!(cut.len() >= 2, "{cut:?}");
    for pid in &cut {
        sqlx::query("SELECT pg_terminate_backend($1)")
            .bind(pid)
            .execute(&mut admin)
            .await
            .expect("cut");
    }
    let (l3, g3) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&l3, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["game"], g3);
    assert_eq!(expect(&mut b).await["hook"]["game"], g3);
    listened(&two.store, 2).await;
    // And told again after it.
    let w = ann.withdraw(&g3, &b);
    send(&mut b, w).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": g3 }));
    assert_eq!(expect(&mut a).await, json!({ "gone": g3 }));
    drop((one, two));
    common::postgres::drop_schema(&schema).await;
}

#[tokio::test]
async fn nobody_posts_under_an_established_players_name() {
    let database = database();
    let i = instance(quick(), &database).await;
    let ann = poster(40, "Ann");
    // Ann is established (as many rated games would leave her).
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&database)
        .await
        .expect("connects");
    sqlx::query(
        "INSERT INTO players (key, name, folded, first_seen_ms, last_seen_ms, rd, games) \
         VALUES ($1, 'Ann', 'ann', 0, 0, 60, 30)",
    )
    .bind(&ann.key)
    .execute(&mut conn)
    .await
    .expect("an established player");
    let _ = sqlx::Connection::close(conn).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    // Mallory, under Ann's name in another case, is refused and not shown.
    let mallory = poster(41, "ANN");
    let (link, _) = mallory.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, mallory.post(&link, days())).await;
    assert_eq!(refused(&mut a).await, "name-taken");
    assert_eq!(i.lobby.hook_count(), 0);
    // Under her own name she posts, and Ann under hers.
    let mallory = poster(41, "Mallory");
    let (link, _) = mallory.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, mallory.post(&link, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["player"]["name"], "Mallory");
    let (link, _) = ann.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link, days())).await;
    assert_eq!(expect(&mut a).await["hook"]["player"]["name"], "Ann");
}

#[tokio::test]
async fn posts_and_withdrawals_are_told_without_a_look_at_the_database() {
    let limits = LobbyLimits {
        turn_based_per_key: 2,
        ..quick()
    };
    let i = instance(limits, &database()).await;
    let mut a = connect(i.addr).await;
    let mut b = connect(i.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    // No look from here on: what the watchers are told comes from the
    // post and the withdrawal themselves, and the bounds from memory.
    i.looker.abort();
    let ann = poster(50, "Ann");
    let (link, game) = ann.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link, days())).await;
    assert_eq!(expect(&mut b).await["hook"]["game"], game);
    assert_eq!(expect(&mut a).await["hook"]["game"], game);
    let (link2, _) = ann.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link2, days())).await;
    assert!(expect(&mut b).await["hook"].is_object());
    assert!(expect(&mut a).await["hook"].is_object());
    // Her third turn-based one is over her bound, counted in memory.
    let (link3, _) = ann.invitation(6, Edition::Standard, Color::Black, &days());
    send(&mut a, ann.post(&link3, days())).await;
    assert_eq!(refused(&mut a).await, "too-many");
    let withdrawal = ann.withdraw(&game, &a);
    send(&mut a, withdrawal).await;
    assert_eq!(expect(&mut b).await, json!({ "gone": game }));
    // Withdrawn, it no longer counts.
    send(&mut a, ann.post(&link3, days())).await;
    assert!(expect(&mut b).await["hook"].is_object());
}

/// A game between `black` and `green` kept as the rooms keep one: begun,
/// rated or not, and over (`Some` reason) or going on.
async fn kept_game(
    store: &Store,
    black: &Poster,
    green: &Poster,
    rated: bool,
    over: bool,
) -> String {
    use diablo_server::relay::{Over, Reason, Saved, Side, Terms};
    let seat = |p: &Poster| diablo_server::keys::Player {
        key: diablo_server::keys::Key::parse(&p.key).expect("a key"),
        name: p.name.clone(),
    };
    let (_, game) = invitation(8, Edition::Standard, Color::Black);
    let saved = Saved {
        game: game.clone(),
        link: "the last link".into(),
        messages: 9,
        at_ms: diablo_server::store::now_ms(),
        size: 8,
        edition: "standard".into(),
        terms: Terms {
            clock: Some(Clock::live(300, 3).expect("5+3")),
            rated,
            poster: Some(seat(black)),
        },
        black: Some(seat(black)),
        green: Some(seat(green)),
        clock: None,
        over: over.then_some(Over {
            winner: Some(Side::Green),
            reason: Reason::Time,
        }),
        stored: 0,
        bonus_start_ms: None,
        address: None,
        aborted_by: None,
    };
    store.save(&saved, true).await.expect("kept");
    game
}

#[tokio::test]
async fn the_rematch_of_a_rated_game_is_unlisted_and_may_be_rated() {
    let i = instance(quick(), &database()).await;
    let mut a = connect(i.addr).await;
    list(&mut a).await;
    let ann = poster(31, "Ann");
    let bo = poster(32, "Bo");
    let cy = poster(33, "Cy");
    let rated_over = kept_game(&i.store, &ann, &bo, true, true).await;
    let casual_over = kept_game(&i.store, &ann, &bo, false, true).await;
    let going_on = kept_game(&i.store, &ann, &bo, true, false).await;
    let rematch = |p: &Poster, rated: bool, listed: bool, of: &str| {
        let (link, game) =
            p.invitation_on(8, Edition::Standard, Color::Green, &live(), rated, listed);
        let frame = json!({"post": {"link": link, "clock": live(), "rated": rated, "key": p.key,
            "name": p.name, "sig": p.sign(&format!("diablo hook {link}")), "unlisted": !listed,
            "salt": p.salt(&link), "rematch": of}})
        .to_string();
        (frame, game)
    };
    // Rated, after a rated game Ann played: kept, unlisted, rated.
    let (frame, g) = rematch(&ann, true, false, &rated_over);
    send(&mut a, frame).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    let terms = i.store.terms(&g).await.expect("read").expect("its terms");
    assert!(terms.rated);
    assert_eq!(terms.clock, Some(Clock::live(300, 3).expect("5+3")));
    assert_eq!(i.lobby.hook_count(), 0, "never listed");
    // Bo may offer his own.
    let (frame, g) = rematch(&bo, true, false, &rated_over);
    send(&mut a, frame).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    // After a casual game only a casual one.
    let (frame, _) = rematch(&ann, true, false, &casual_over);
    send(&mut a, frame).await;
    assert_eq!(refused(&mut a).await, "malformed");
    let (frame, g) = rematch(&ann, false, false, &casual_over);
    send(&mut a, frame).await;
    assert_eq!(expect(&mut a).await, json!({ "kept": g }));
    // Not by someone who did not play it, not before it is over, not of
    // a game this server never kept, and never listed.
    for (frame, _) in [
        rematch(&cy, true, false, &rated_over),
        rematch(&ann, true, false, &going_on),
        rematch(&ann, true, false, &"0".repeat(32)),
        rematch(&ann, true, true, &rated_over),
        rematch(&ann, false, false, "not a game id"),
    ] {
        send(&mut a, frame).await;
        assert_eq!(refused(&mut a).await, "malformed");
    }
    // And an unlisted rated challenge that names no game stays refused.
    let (link, _) = ann.invitation_on(8, Edition::Standard, Color::Green, &live(), true, false);
    send(
        &mut a,
        json!({"post": {"link": link, "clock": live(), "rated": true, "key": ann.key,
            "name": ann.name, "sig": ann.sign(&format!("diablo hook {link}")), "unlisted": true,
            "salt": ann.salt(&link)}})
        .to_string(),
    )
    .await;
    assert_eq!(refused(&mut a).await, "malformed");
}

/// One HTTP GET of `path` on `addr`: the status and the body as JSON.
async fn get_json(addr: SocketAddr, path: &str) -> (u16, Value) {
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
    tokio::time::timeout(HANG, tcp.read_to_end(&mut raw))
        .await
        .expect("in time")
        .expect("read");
    let text = String::from_utf8(raw).expect("utf-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(body).expect("JSON"))
}

impl Poster {
    /// The frame saying this player is a bot, signed.
    fn bot(&self) -> String {
        self.bot_signed(&self.sign(&format!("diablo bot {}", self.key)))
    }

    fn bot_signed(&self, sig: &str) -> String {
        json!({"bot": {"key": self.key, "name": self.name, "sig": sig}}).to_string()
    }
}

/// Bots on `database`, through two instances on it: a key that signs
/// `"diablo bot " + K` is told `{"bot": K}` (alone) and marked for good;
/// its challenges carry `"bot": true` on both instances, live and in
/// the list, and a person's none; a forged or malformed word marks
/// nothing; the API says `"bot"` of each player, and a bot established
/// by its games is not on the leaderboard while a person with the same
/// record is.
async fn bots_are_marked_and_shown(database: &str) {
    let limits = LobbyLimits {
        frame_burst: 100.0,
        frames_per_second: 100.0,
        ..quick()
    };
    let poll = limits.poll;
    let time = Time::manual();
    let one = instance_on(limits.clone(), database, time.clone()).await;
    let two = instance_on(limits, database, time.clone()).await;
    let both = [&one.lobby, &two.lobby];
    let mut a = connect(one.addr).await;
    let mut b = connect(two.addr).await;
    list(&mut a).await;
    list(&mut b).await;
    let robo = poster(70, "Robo");
    let ann = poster(71, "Ann");
    // The bot's word: answered to its connection alone.
    send(&mut a, robo.bot()).await;
    assert_eq!(before_marker(&mut a).await, [json!({ "bot": robo.key })]);
    assert!(before_marker(&mut b).await.is_empty(), "to its sender only");
    // Its challenge says so, here at once and there after a look.
    let (link, game) = robo.invitation(8, Edition::Standard, Color::Black, &live());
    send(&mut a, robo.post(&link, live())).await;
    let h = expect(&mut a).await;
    assert_eq!(h["hook"]["game"], game);
    assert_eq!(h["hook"]["player"]["bot"], true, "{h}");
    assert_eq!(h["hook"]["player"]["name"], "Robo");
    pass(&time, &both, poll).await;
    let h = expect(&mut b).await;
    assert_eq!(h["hook"]["game"], game);
    assert_eq!(h["hook"]["player"]["bot"], true, "{h}");
    // A person's does not carry `bot` at all.
    let (link2, game2) = ann.invitation(8, Edition::Standard, Color::Black, &days());
    send(&mut b, ann.post(&link2, days())).await;
    let h = expect(&mut b).await;
    assert_eq!(h["hook"]["game"], game2);
    assert!(h["hook"]["player"].get("bot").is_none(), "{h}");
    pass(&time, &both, poll).await;
    assert_eq!(expect(&mut a).await, h);
    // In the list too, on either instance.
    for addr in [one.addr, two.addr] {
        let mut c = connect(addr).await;
        let all = list(&mut c).await;
        assert_eq!(all.len(), 2, "{all:?}");
        assert_eq!(all[0]["game"], game);
        assert_eq!(all[0]["player"]["bot"], true);
        assert!(all[1]["player"].get("bot").is_none());
    }
    // Saying it again is no change, on any instance.
    send(&mut b, robo.bot()).await;
    assert_eq!(expect(&mut b).await, json!({ "bot": robo.key }));
    // Refused, and nothing marked: another key's sig, another text, an
    // altered sig, a bad key, sig or name, or more than one thing.
    let mut altered = ann.sign(&format!("diablo bot {}", ann.key)).into_bytes();
    altered[20] = if altered[20] == b'A' { b'B' } else { b'A' };
    let altered = String::from_utf8(altered).expect("ascii");
    for (frame, kind) in [
        (ann.bot_signed(&robo.sign(&format!("diablo bot {}", ann.key))), "forged"),
        (ann.bot_signed(&ann.sign(&format!("diablo bot {}", robo.key))), "forged"),
        (ann.bot_signed(&ann.sign(&format!("diablo hook {link2}"))), "forged"),
        (ann.bot_signed(&ann.sign(&ann.key)), "forged"),
        (ann.bot_signed(&altered), "forged"),
        (
            json!({"bot": {"key": "short", "name": "Ann", "sig": ann.sign("diablo bot short")}})
                .to_string(),
            "malformed",
        ),
        (ann.bot_signed("short"), "malformed"),
        (
            json!({"bot": {"key": ann.key, "name": "", "sig": ann.sign(&format!("diablo bot {}", ann.key))}})
                .to_string(),
            "malformed",
        ),
        (json!({"bot": {"key": ann.key, "name": "Ann"}}).to_string(), "malformed"),
        (json!({"bot": ann.key}).to_string(), "malformed"),
        (
            json!({"bot": {"key": ann.key, "name": "Ann", "sig": ann.sign(&format!("diablo bot {}", ann.key))},
                "withdraw": game2, "sig": ann.sign("x")})
            .to_string(),
            "malformed",
        ),
    ] {
        send(&mut a, frame.clone()).await;
        assert_eq!(refused(&mut a).await, kind, "{frame}");
    }
    // The API: the bot is one, the person is not.
    let (status, p) = get_json(one.addr, &format!("/api/players/{}", robo.key)).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(
        (&p["bot"], &p["name"], &p["rating"]),
        (&json!(true), &json!("Robo"), &json!(1500.0))
    );
    let (_, p) = get_json(two.addr, &format!("/api/players/{}", ann.key)).await;
    assert_eq!(p["bot"], false, "{p}");
    // Both established with one record (as many rated games leave them):
    // the person is on the leaderboard, the bot is not; its own page
    // still shows its rating.
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(database)
        .await
        .expect("connects");
    let done = sqlx::query(
        "UPDATE players SET rating = 1720, rd = 60, games = 30, wins = 20, losses = 10 \
         WHERE key = $1 OR key = $2",
    )
    .bind(&robo.key)
    .bind(&ann.key)
    .execute(&mut conn)
    .await
    .expect("established");
    assert_eq!(done.rows_affected(), 2);
    let _ = sqlx::Connection::close(conn).await;
    let (status, board) = get_json(one.addr, "/api/leaderboard").await;
    assert_eq!(status, 200);
    assert_eq!(
        board,
        json!({"players": [{"key": ann.key, "name": "Ann", "rating": 1720.0, "rd": 60.0,
            "games": 30, "bot": false}]})
    );
    let (_, p) = get_json(two.addr, &format!("/api/players/{}", robo.key)).await;
    assert_eq!(
        (&p["bot"], &p["rating"], &p["provisional"], &p["games"]),
        (&json!(true), &json!(1720.0), &json!(false), &json!(30))
    );
    // Nobody says they are a bot under an established player's name.
    let mallory = poster(72, "ANN");
    send(&mut a, mallory.bot()).await;
    assert_eq!(refused(&mut a).await, "name-taken");
    let (status, _) = get_json(one.addr, &format!("/api/players/{}", mallory.key)).await;
    assert_eq!(status, 404, "nothing marked, nobody seen");
    drop((one, two));
}

#[tokio::test]
async fn bots_are_marked_and_shown_as_bots() {
    bots_are_marked_and_shown(&database()).await;
}

#[tokio::test]
async fn bots_are_marked_and_shown_as_bots_on_postgres() {
    let (db, schema) = common::postgres::fresh().await;
    bots_are_marked_and_shown(&db).await;
    common::postgres::drop_schema(&schema).await;
}
