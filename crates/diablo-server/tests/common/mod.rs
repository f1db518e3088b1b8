//! Two honest players, a server on a free port and a WebSocket client: what
//! the relay's tests and the load generator share.
#![allow(dead_code)]

pub mod postgres;

use diablo_core::{Color, Edition};
use diablo_corr::{Due, Game, Keys, Role};
use diablo_server::Time;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Both players of one game: their keys and the game so far.
pub struct Duel {
    pub game: Game,
    /// The invitation's link (message 0 alone).
    pub invitation: String,
    keys: [Keys; 2],
    /// The accepter's seed, to bind the acceptance to another taker.
    seed: [u8; 32],
    rng: StdRng,
}

impl Duel {
    /// An invitation and its acceptance (two messages).
    pub fn new(size: u32, edition: Edition, seed: u64) -> Duel {
        Duel::bound(size, edition, seed, "")
    }

    /// An invitation bound to `owner` (the lobby's words for its poster and
    /// terms; none when empty) and its acceptance.
    pub fn bound(size: u32, edition: Edition, seed: u64, owner: &str) -> Duel {
        let mut rng = StdRng::seed_from_u64(seed);
        let inviter = if seed.is_multiple_of(2) {
            Color::Black
        } else {
            Color::Green
        };
        let (invite, ikeys) = if owner.is_empty() {
            Game::invite(size, edition, inviter, "Ann", rng.random(), rng.random())
        } else {
            Game::invite_owned(size, edition, inviter, "Ann", owner, rng.random())
        }
        .expect("an invitation");
        let seed = rng.random();
        // Taken by Bo, `player(2)`, unless `taken_by` says another.
        let taker = diablo_server::relay::taker_text(&player(2).1);
        let (game, akeys) = invite
            .accept_owned("Bo", &taker, seed)
            .expect("an acceptance");
        Duel {
            game,
            invitation: invite.encode(),
            keys: [ikeys, akeys],
            seed,
            rng,
        }
    }

    /// The acceptance made again, bound to the taker with `key` (before
    /// any move).
    pub fn taken_by(mut self, key: &str) -> Duel {
        let invite = Game::decode(&self.invitation).expect("the invitation");
        let taker = diablo_server::relay::taker_text(key);
        let (game, akeys) = invite
            .accept_owned("Bo", &taker, self.seed)
            .expect("an acceptance");
        self.game = game;
        self.keys[1] = akeys;
        self
    }

    /// The accepter's salt: what shows who made the acceptance.
    pub fn taker_salt(&self) -> [u8; 16] {
        self.keys[1].owner_salt()
    }

    /// The game's link as the accepter's page sends it: with the salt that
    /// shows who made the acceptance.
    pub fn taking(&self) -> String {
        serde_json::json!({
            "link": self.link(),
            "salt": diablo_corr::value_hex(&self.taker_salt()),
        })
        .to_string()
    }

    /// Plays the due message (start, or a random legal turn); false when
    /// the game is over.
    pub fn step(&mut self) -> bool {
        let Some(role) = self.game.due_role() else {
            return false;
        };
        let keys = &self.keys[usize::from(role == Role::Accepter)];
        self.game = match self.game.due() {
            Due::Start => self.game.start(keys).expect("start"),
            Due::Turn { .. } => {
                let roll = self.game.roll(keys).expect("a roll");
                let turns = self
                    .game
                    .record()
                    .last()
                    .legal_turns(self.game.header().edition, roll)
                    .expect("legal turns");
                let turn = turns[self.rng.random_range(0..turns.len())];
                self.game.play(keys, &turn).expect("a legal turn")
            }
            _ => return false,
        };
        true
    }

    pub fn link(&self) -> String {
        self.game.encode()
    }

    /// The salt a lobby post of the invitation carries.
    pub fn salt(&self) -> String {
        diablo_corr::value_hex(&self.keys[0].owner_salt())
    }

    /// The player to move resigns: the game is over.
    pub fn resign(&mut self) {
        let role = self.game.due_role().expect("a game going on");
        let keys = &self.keys[usize::from(role == Role::Accepter)];
        self.game = self.game.resign(keys).expect("resign");
    }

    /// A rematch offer by a player (0 the inviter, 1 the accepter) of the
    /// finished game: a new invitation's link and the proof, as a frame.
    pub fn rematch_frame(&mut self, player: usize) -> (String, String) {
        let proof = self
            .game
            .rematch_proof(&self.keys[player])
            .expect("a proof");
        let (invite, _) = Game::invite(
            6,
            Edition::Standard,
            Color::Black,
            "Again",
            self.rng.random(),
            self.rng.random(),
        )
        .expect("an invitation");
        let frame = serde_json::json!({ "rematch": invite.encode(), "proof": diablo_corr::value_hex(&proof) });
        (invite.encode(), frame.to_string())
    }

    pub fn id(&self) -> String {
        self.game.id_hex()
    }

    /// Who sends the due message: 0 the inviter, 1 the accepter.
    pub fn due_player(&self) -> Option<usize> {
        self.game
            .due_role()
            .map(|r| usize::from(r == Role::Accepter))
    }

    /// The inviter's colour, as the wire spells it.
    pub fn inviter_side(&self) -> &'static str {
        if self.game.header().inviter == Color::Black {
            "black"
        } else {
            "green"
        }
    }
}

/// A folder with a tiny site in it.
pub fn site() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "diablo-server-test-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(dir.join("web")).expect("a temp folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Diablo</title><script>var offline = 1;</script>",
    )
    .expect("write");
    std::fs::write(dir.join("web/a.wasm"), b"\0asm\x01\0\0\0").expect("write");
    std::fs::write(dir.join("web/b.js"), "export {};").expect("write");
    std::fs::write(dir.join("secret.txt.bak"), "x").expect("write");
    dir
}

/// A fresh SQLite database's URL, in the system's temporary folder.
pub fn database() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let path =
        std::env::temp_dir().join(format!("diablo-test-{}-{n}-{nanos}.db", std::process::id()));
    format!("sqlite://{}", path.display())
}

/// Starts a server with `limits` and `archive` on a free port (the relay
/// built here, as the binary does) on a manual time of its own, which
/// stands still unless `relay.time()` is advanced; returns its address
/// and the relay.
pub async fn start_with(
    limits: diablo_server::Limits,
    archive: std::sync::Arc<dyn diablo_server::relay::Archive>,
) -> (SocketAddr, std::sync::Arc<diablo_server::Relay>) {
    start_on(limits, archive, Time::manual()).await
}

/// [`start_with`] on `time` (servers that share one clock).
pub async fn start_on(
    limits: diablo_server::Limits,
    archive: std::sync::Arc<dyn diablo_server::relay::Archive>,
    time: Time,
) -> (SocketAddr, std::sync::Arc<diablo_server::Relay>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    let relay = diablo_server::Relay::with_time(limits.clone(), archive, time.clone());
    let config = diablo_server::Config {
        root: site(),
        prefix: "/".into(),
        limits,
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        database: database(),
        lobby: diablo_server::LobbyLimits::default(),
        time: time.clone(),
    };
    let store = diablo_server::open_database(&config.database)
        .await
        .expect("a database");
    let lobby = diablo_server::Lobby::with_time(store, config.lobby.clone(), time);
    tokio::spawn(lobby.clone().run());
    let app = diablo_server::app(&config, relay.clone(), lobby);
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .expect("serving");
    });
    (addr, relay)
}

/// A player's signing key (from a seed) and its key as the wire spells it.
pub fn player(seed: u8) -> (ed25519_dalek::SigningKey, String) {
    use base64::Engine as _;
    let signing = ed25519_dalek::SigningKey::from_bytes(&[seed; 32]);
    let key =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
    (signing, key)
}

/// `text` signed with `signing`, as the wire spells a sig.
pub fn sign(signing: &ed25519_dalek::SigningKey, text: &str) -> String {
    use base64::Engine as _;
    use ed25519_dalek::Signer as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(signing.sign(text.as_bytes()).to_bytes())
}

/// A seat frame for game `game` on the connection with `nonce`.
pub fn seat_frame(
    signing: &ed25519_dalek::SigningKey,
    name: &str,
    game: &str,
    nonce: &str,
) -> String {
    let key = {
        use base64::Engine as _;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes())
    };
    let sig = sign(signing, &format!("diablo seat {game} {nonce}"));
    serde_json::json!({ "seat": { "key": key, "name": name, "sig": sig } }).to_string()
}

/// Connects to room `id` and reads its first frame, the nonce.
pub async fn connect_nonce(addr: SocketAddr, id: &str) -> (Ws, String) {
    let mut ws = connect(addr, id).await;
    let first = next_json(&mut ws, Duration::from_secs(10))
        .await
        .expect("a first frame");
    let nonce = first["nonce"]
        .as_str()
        .expect("the nonce first")
        .to_string();
    (ws, nonce)
}

/// Connects to room `id` seated as `signing`'s key.
pub async fn connect_seated(
    addr: SocketAddr,
    id: &str,
    signing: &ed25519_dalek::SigningKey,
    name: &str,
) -> Ws {
    let (mut ws, nonce) = connect_nonce(addr, id).await;
    ws.send(Message::text(seat_frame(signing, name, id, &nonce)))
        .await
        .expect("sent");
    ws
}

/// Starts a server with `limits` on a free port, on a manual time that
/// stands still; returns its address.
pub async fn start(limits: diablo_server::Limits, prefix: &str) -> SocketAddr {
    start_timed(limits, prefix, Time::manual()).await
}

/// [`start`] on `time`.
pub async fn start_timed(limits: diablo_server::Limits, prefix: &str, time: Time) -> SocketAddr {
    let mut c = config(time);
    c.prefix = diablo_server::normal_prefix(prefix);
    c.limits = limits;
    serve(c).await
}

/// The site (`site()`, a fresh database) as `config` says, on a free
/// port, served as the binary serves it.
pub fn config(time: Time) -> diablo_server::Config {
    diablo_server::Config {
        root: site(),
        prefix: "/".into(),
        limits: diablo_server::Limits::default(),
        trust_proxy: diablo_server::address::Proxies::default(),
        allow_origins: Vec::new(),
        push: diablo_server::push::PushConfig::default(),
        http: diablo_server::HttpLimits::default(),
        database: database(),
        lobby: diablo_server::LobbyLimits::default(),
        time,
    }
}

/// Serves `config` on a free port, as the binary does.
pub async fn serve(config: diablo_server::Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("an address");
    tokio::spawn(async move {
        diablo_server::serve(listener, config, std::future::pending())
            .await
            .expect("serving");
    });
    addr
}

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn connect(addr: SocketAddr, id: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/live/{id}"))
        .await
        .expect("a live connection");
    ws
}

pub async fn send_link(ws: &mut Ws, link: &str) {
    let frame = serde_json::json!({ "link": link }).to_string();
    ws.send(Message::text(frame)).await.expect("sent");
}

/// Sends `duel`'s link as its taker's page does (with the acceptance's salt).
pub async fn send_taking(ws: &mut Ws, duel: &Duel) {
    ws.send(Message::text(duel.taking())).await.expect("sent");
}

/// The next text frame as JSON, within `wait`; `None` if none came.
pub async fn next_json<S>(ws: &mut WebSocketStream<S>, wait: Duration) -> Option<serde_json::Value>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
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

/// The next text frame, which must come (within a bound for a hang only).
pub async fn next(ws: &mut Ws) -> serde_json::Value {
    next_json(ws, Duration::from_secs(10))
        .await
        .expect("a frame")
}

/// Every text frame that comes before the answer to a marker sent now: a
/// ping, which the server's WebSocket answers with a pong of its payload
/// even over the connection's rate (for a burst's worth of them). The
/// server reads a connection's messages in order and sends what the ones
/// before the marker brought before it reads the next, so this is
/// everything they brought: a proof that nothing else came, in order, not
/// a wait for quiet.
pub async fn before_marker(ws: &mut Ws) -> Vec<serde_json::Value> {
    let mark = rand::random::<u64>().to_be_bytes().to_vec();
    ws.send(Message::Ping(mark.clone().into()))
        .await
        .expect("sent");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let mut before = Vec::new();
    loop {
        let m = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("the marker's answer")
            .expect("open")
            .expect("read");
        match m {
            Message::Pong(p) if p.as_ref() == mark.as_slice() => return before,
            Message::Text(t) => before.push(serde_json::from_str(t.as_str()).expect("JSON")),
            Message::Close(c) => panic!("closed before the marker's answer: {c:?}"),
            _ => {}
        }
    }
}

/// Reads frames until the room's count is `n`.
pub async fn peers_until(ws: &mut Ws, n: u64) {
    while next_with(ws, "peers").await["peers"] != n {}
}

/// The next frame that has `key`, skipping others (peers counts).
pub async fn next_with(ws: &mut Ws, key: &str) -> serde_json::Value {
    loop {
        let v = next_json(ws, Duration::from_secs(10))
            .await
            .unwrap_or_else(|| panic!("no frame with {key}"));
        if v.get(key).is_some() {
            return v;
        }
    }
}

/// `link` with its last message's value changed and the checksum made
/// right again: what anyone without the seed can make.
pub fn forge_last_value(link: &str) -> String {
    let mut payload = diablo_corr::payload(link).expect("a link");
    // Walk the messages to the last one's start.
    let mut at = 18;
    let mut last = at;
    while at < payload.len() {
        last = at;
        let kind = payload[at];
        at += 17;
        match kind {
            0 => at += 1 + usize::from(payload[at]),
            2 => {
                while payload[at] & 0x80 != 0 {
                    at += 1;
                }
                at += 1;
            }
            _ => {}
        }
    }
    payload[last + 5] ^= 0x10;
    diablo_corr::seal(&payload)
}
