//! Bots through the same door as people (crates/diablo-bot, docs/bots.md):
//! a bot started here takes a person's rated live challenge and plays it
//! to its end; a person takes a bot's rated turn-based challenge and the
//! game goes on across a restart of the server, bot and person both
//! connecting again; the bot says it is one, and the ratings API says so.
//! Every move on both sides is a link the relay checks.

mod common;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{next_json, seat_frame};
use diablo_bot::{Log, Options, Take};
use diablo_core::{Color, Edition};
use diablo_corr::{CorrError, Due, Game, Keys, Progress, Role};
use diablo_server::clock::Clock;
use diablo_server::lobby::owner_text;
use diablo_server::{Config, Limits, LobbyLimits, Time};
use ed25519_dalek::{Signer as _, SigningKey};
use futures_util::SinkExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Long enough for anything here; a hang fails instead of waiting forever.
const HANG: Duration = Duration::from_secs(60);

type Ws = common::Ws;

/// The bot's lines, kept for the test to read.
#[derive(Default)]
struct Lines {
    games: Mutex<Vec<String>>,
    notes: Mutex<Vec<String>>,
    told: tokio::sync::Notify,
}

impl Log for Lines {
    fn game(&self, line: &str) {
        self.games.lock().expect("lines").push(line.into());
        self.told.notify_waiters();
    }
    fn note(&self, line: &str) {
        self.notes.lock().expect("lines").push(line.into());
    }
}

impl Lines {
    /// Waits for a game line that starts with `start`.
    async fn line(&self, start: &str) -> String {
        tokio::time::timeout(HANG, async {
            loop {
                let told = self.told.notified();
                if let Some(l) = self
                    .games
                    .lock()
                    .expect("lines")
                    .iter()
                    .find(|l| l.starts_with(start))
                {
                    return l.clone();
                }
                told.await;
            }
        })
        .await
        .unwrap_or_else(|_| {
            panic!(
                "no line '{start}…'; notes: {:?}",
                self.notes.lock().expect("lines")
            )
        })
    }
}

/// `diablo_server::serve` on `listener` until `stop` is sent.
fn serve(
    listener: tokio::net::TcpListener,
    database: &str,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let mut config: Config = common::config(Time::system());
    config.database = database.into();
    config.limits = Limits::default();
    config.lobby = LobbyLimits::default();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        diablo_server::serve(listener, config, async {
            let _ = stopped.await;
        })
        .await
        .expect("serving");
    });
    (stop, served)
}

async fn listen(addr: &str) -> tokio::net::TcpListener {
    tokio::net::TcpListener::bind(addr).await.expect("a port")
}

/// A person's side: their key and one game's keys, played with random
/// legal turns.
struct Person {
    signing: SigningKey,
    key: String,
    name: String,
    keys: Option<Keys>,
    game: Option<Game>,
}

impl Person {
    fn new(seed: u8, name: &str) -> Person {
        let signing = SigningKey::from_bytes(&[seed; 32]);
        let key = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
        Person {
            signing,
            key,
            name: name.into(),
            keys: None,
            game: None,
        }
    }

    fn sign(&self, text: &str) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.sign(text.as_bytes()).to_bytes())
    }

    /// A rated live challenge of theirs: the post and the game id.
    fn challenge(&mut self, size: u32, clock: &Value) -> (String, String) {
        let terms: Clock = serde_json::from_value(clock.clone()).expect("a clock");
        let words = owner_text(&self.key, &terms, true, false, true);
        let (game, keys) = Game::invite_owned(
            size,
            Edition::Standard,
            Color::Black,
            &self.name,
            &words,
            rand::random(),
        )
        .expect("an invitation");
        let link = game.encode();
        let post = json!({"post": {"link": link, "clock": clock, "rated": true,
            "key": self.key, "name": self.name, "sig": self.sign(&format!("diablo hook {link}")),
            "salt": diablo_corr::value_hex(&keys.owner_salt())}});
        let id = game.id_hex();
        self.keys = Some(keys);
        self.game = Some(game);
        (post.to_string(), id)
    }

    /// Takes a challenge (its hook's link), bound to this key.
    fn take(&mut self, link: &str) -> String {
        let invite = Game::decode(link).expect("an invitation");
        let (game, keys) = invite
            .accept_owned(
                &self.name,
                &diablo_server::relay::taker_text(&self.key),
                rand::random(),
            )
            .expect("an acceptance");
        let id = game.id_hex();
        self.keys = Some(keys);
        self.game = Some(game);
        id
    }

    /// The frame of their link, with the salt when they accepted.
    fn link_frame(&self) -> String {
        let (Some(game), Some(keys)) = (&self.game, &self.keys) else {
            panic!("no game");
        };
        let mut f = json!({"link": game.encode()});
        if keys.role == Role::Accepter {
            f["salt"] = diablo_corr::value_hex(&keys.owner_salt()).into();
        }
        f.to_string()
    }

    /// Plays every message that is theirs to send; true when one was.
    fn play_due(&mut self) -> bool {
        let (Some(game), Some(keys)) = (&mut self.game, &self.keys) else {
            return false;
        };
        let mut played = false;
        while game.due_role() == Some(keys.role) {
            *game = match game.due() {
                Due::Start => game.start(keys).expect("start"),
                Due::Turn { .. } => {
                    let roll = game.roll(keys).expect("a roll");
                    let turns = game
                        .record()
                        .last()
                        .legal_turns(game.header().edition, roll)
                        .expect("turns");
                    let turn = turns[rand::random_range(0..turns.len())];
                    game.play(keys, &turn).expect("a legal turn")
                }
                _ => break,
            };
            played = true;
        }
        played
    }

    fn turns(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.record().turns().len())
    }
}

/// Connects `person` seated to room `id` and sends their link.
async fn enter(addr: SocketAddr, id: &str, person: &Person) -> Ws {
    let (mut ws, nonce) = common::connect_nonce(addr, id).await;
    let seat = seat_frame(&person.signing, &person.name, id, &nonce);
    ws.send(Message::text(seat)).await.expect("sent");
    ws.send(Message::text(person.link_frame()))
        .await
        .expect("sent");
    ws
}

/// Plays `person`'s side in the room until the game is over (the room's
/// `over`), or, with `until`, until that many turns are played; returns
/// the `over` frame (null when stopped at `until`).
async fn play_out(ws: &mut Ws, person: &mut Person, until: Option<usize>) -> Value {
    tokio::time::timeout(HANG, async {
        loop {
            if person.play_due() {
                ws.send(Message::text(person.link_frame()))
                    .await
                    .expect("sent");
            }
            if until.is_some_and(|n| person.turns() >= n) {
                return Value::Null;
            }
            let Some(v) = next_json(ws, HANG).await else {
                panic!("the room closed");
            };
            if let Some(link) = v.get("link").and_then(Value::as_str) {
                let game = person.game.as_mut().expect("a game");
                match game.advance(link) {
                    // The room's game on connecting may be older than
                    // theirs (the invitation, before their acceptance).
                    Ok(Progress::Newer(_) | Progress::Same) | Err(CorrError::Stale { .. }) => {}
                    Err(e) => panic!("a link that does not follow: {e}"),
                }
            } else if v.get("over").is_some() {
                return v["over"].clone();
            } else if let Some(kind) = v.get("error") {
                panic!("refused {kind}: {v}");
            }
        }
    })
    .await
    .expect("the game went on")
}

fn options(addr: SocketAddr, keys: &std::path::Path, name: &str) -> Options {
    Options {
        server: format!("http://{addr}/"),
        keys: keys.into(),
        name: name.into(),
        level: diablo_ai::Level::Easy,
        post: Vec::new(),
        take: Take::None,
        games: None,
        seconds: None,
    }
}

fn bot_file(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "diablo-bots-{}-{tag}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&dir).expect("a folder");
    dir.join("bot.json")
}

/// The ratings API's player (docs/ratings.md).
async fn player(addr: SocketAddr, key: &str) -> Value {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let ask = format!("GET /api/players/{key} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    tcp.write_all(ask.as_bytes()).await.expect("sent");
    let mut raw = String::new();
    tokio::time::timeout(HANG, tcp.read_to_string(&mut raw))
        .await
        .expect("in time")
        .expect("read");
    let (head, body) = raw.split_once("\r\n\r\n").expect("a head");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{body}");
    serde_json::from_str(body).expect("json")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_takes_a_rated_live_challenge_and_plays_it_to_its_end() {
    let listener = listen("127.0.0.1:0").await;
    let addr = listener.local_addr().expect("an address");
    let (_stop, _served) = serve(listener, &common::database());
    let lines = Arc::new(Lines::default());
    let file = bot_file("live");
    let mut o = options(addr, &file, "Hal");
    o.take = Take::Rated;
    o.games = Some(1);
    let bot = tokio::spawn(diablo_bot::run(o, lines.clone()));

    let mut ann = Person::new(31, "Ann");
    let (mut lobby, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/lobby"))
        .await
        .expect("the lobby");
    let (post, id) = ann.challenge(6, &json!({"initial": 300, "increment": 3}));
    lobby.send(Message::text(post)).await.expect("sent");
    let mut room = enter(addr, &id, &ann).await;
    let begun = lines.line(&format!("game {id} begun: ")).await;
    assert_eq!(begun, format!("game {id} begun: black Ann green Hal"));
    let over = play_out(&mut room, &mut ann, None).await;
    let winner = over["winner"].as_str().expect("a winner");
    assert_eq!(over["reason"], "checkers", "{over}");
    let ended = lines.line(&format!("game {id} ended: ")).await;
    assert_eq!(ended, format!("game {id} ended: {winner} checkers"));
    // --games 1: the bot stops once its game is over.
    let summary = tokio::time::timeout(HANG, bot)
        .await
        .expect("stopped")
        .expect("ran")
        .expect("no error");
    assert_eq!((summary.begun, summary.ended), (1, 1));
    // The bot said, signed, that it is one; the person is not.
    let bot_key = diablo_bot::Identity::of_file(&file).expect("its key").key;
    let p = player(addr, &bot_key).await;
    assert_eq!(p["bot"], true, "{p}");
    assert_eq!(player(addr, &ann.key).await["bot"], false);
    // The rated game counts for both.
    assert_eq!(p["games"], 1, "{p}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_turn_based_challenge_is_played_across_a_restart() {
    let listener = listen("127.0.0.1:0").await;
    let addr = listener.local_addr().expect("an address");
    let database = common::database();
    let (stop, served) = serve(listener, &database);
    let lines = Arc::new(Lines::default());
    let file = bot_file("days");
    let mut o = options(addr, &file, "Ivy");
    o.post = vec!["6 sequenced 1d rated".parse().expect("a spec")];
    let bot = tokio::spawn(diablo_bot::run(o, lines.clone()));

    // Bo finds the bot's challenge in the lobby, marked a bot's.
    let (mut lobby, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/lobby"))
        .await
        .expect("the lobby");
    let hook = tokio::time::timeout(HANG, async {
        loop {
            let v = next_json(&mut lobby, HANG).await.expect("a frame");
            let hooks = match (v.get("hooks"), v.get("hook")) {
                (Some(list), _) => list.as_array().cloned().unwrap_or_default(),
                (_, Some(h)) => vec![h.clone()],
                _ => continue,
            };
            if let Some(h) = hooks.into_iter().find(|h| h["player"]["name"] == "Ivy") {
                return h;
            }
        }
    })
    .await
    .expect("the bot's challenge");
    assert_eq!(hook["player"]["bot"], true, "{hook}");
    assert_eq!(hook["clock"], json!({"days": 1}), "{hook}");
    assert_eq!(hook["rated"], true);
    let mut bo = Person::new(32, "Bo");
    let id = bo.take(hook["link"].as_str().expect("a link"));
    let mut room = enter(addr, &id, &bo).await;
    lines.line(&format!("game {id} begun: ")).await;
    // A few turns, then the server goes away and comes back.
    play_out(&mut room, &mut bo, Some(4)).await;
    drop(room);
    drop(lobby);
    stop.send(()).expect("stopping");
    served.await.expect("stopped");
    let (_stop, _served) = serve(listen(&addr.to_string()).await, &database);
    let mut room = tokio::time::timeout(HANG, async {
        loop {
            if tokio_tungstenite::connect_async(format!("ws://{addr}/live/{id}"))
                .await
                .is_ok()
            {
                return enter(addr, &id, &bo).await;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await
    .expect("back");
    let over = play_out(&mut room, &mut bo, None).await;
    let winner = over["winner"].as_str().expect("a winner");
    assert_eq!(
        lines.line(&format!("game {id} ended: ")).await,
        format!("game {id} ended: {winner} checkers")
    );
    // The bot went on from the link it kept: the game is whole, in one piece.
    assert!(bo.turns() > 4);
    bot.abort();
}
