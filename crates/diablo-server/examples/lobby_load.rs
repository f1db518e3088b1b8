//! The lobby and the clocked rooms under load: lobby clients
//! watching while challenges are posted and taken and clocked games play,
//! every frame real (signed posts and seats, links the server verifies),
//! on SQLite and on PostgreSQL.
//!
//! ```sh
//! cargo build --release -p diablo-server --bins --examples
//! target/release/examples/lobby_load --watchers 2000 --challenges 500 \
//!     --games 1000 --seconds 60 --size 10 --database sqlite,postgres
//! ```
//!
//! `--server PATH` runs another build of the server (an older commit's,
//! for before/after). `--instances N` (PostgreSQL) starts N servers on one
//! database: the posts, takes and games go to the first, the watchers
//! are spread over all, so the fan-out to the others' watchers is a post
//! on one instance seen on another (told by LISTEN/NOTIFY). The generator's client threads run at nice 10 and
//! the server at 0. (Results: docs/results/lobby-load.md. 10x10 by default: a random 8x8
//! game ends after about 66 messages, before the window is over.)
//!
//! For each database it starts `diablo-server` as a separate process on a
//! free port (SQLite: a new file in a temporary folder; PostgreSQL: a new
//! schema on the server at `--postgres URL`, dropped afterwards), then:
//!
//! 1. starts `--games` clocked games over `--ramp` seconds, each the way
//!    the lobby starts one: its poster connects to the lobby and posts a
//!    signed challenge (the invitation, `--clock`, rated), opens the room
//!    seated and sends the invitation; `--take-ms` after the poster sees
//!    its challenge, the taker (another key) opens the room seated and
//!    sends the accepting link (a game whose poster does not see its
//!    challenge within 10 s is counted as not begun, with the step);
//! 2. connects `--watchers` lobby clients that only read, within
//!    [`WATCHERS_IN`] seconds;
//! 3. for `--seconds` (the measured window) the games play, each player
//!    answering the other's link after 0.5 to 1.5 × `--think-ms`, while
//!    `--challenges` more challenges are posted and taken in the same way,
//!    evenly spread; those two players leave at once (the room aborts that
//!    game 30 s later).
//!
//! It prints a markdown table, a column per database: hook fan-out (a
//! post sent until each watcher has its `{"hook"}`), gone fan-out (the
//! accepting link sent until each watcher has its `{"gone"}`), link relay
//! latency (a link sent by one player until the other has it), the clock's
//! error (below), the server's CPU and peak memory, frames lost and
//! connections refused.
//!
//! The clock's error: the load generator keeps its own clock for each
//! game from its own timestamps (monotonic, microseconds): after the
//! opening, the side that moved is charged the time from the previous link
//! being sent (by the other player) to its own link being sent, and gets
//! the increment for its turn. The server charges the time between the two
//! links' arrivals, in whole milliseconds of its wall clock. "Per move" is
//! the `{"clock"}` frame's milliseconds for the side that moved minus what
//! the frame before it, less the generator's interval, plus the increment
//! predicts; "drift" is the frame minus the generator's own clock kept from
//! the start of the game. Both differ from the truth only by the two
//! links' one-way latencies and the server's millisecond rounding.

#[path = "../tests/common/mod.rs"]
mod common;
mod support;

use common::Duel;
use diablo_core::{Color, Edition};
use diablo_corr::{Body, Due, Role};
use diablo_server::clock::Clock;
use diablo_server::lobby::owner_text;
use ed25519_dalek::SigningKey;
use futures_util::{SinkExt, StreamExt};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use support::{free_port, stat_cpu, usage};
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The PostgreSQL server used when `--postgres` is not given.
const POSTGRES: &str = "postgres://diablo:diablo@127.0.0.1:55432/diablo";

/// Seconds between the ramp's end and the window's start, for the
/// watchers to connect.
const WATCHERS_IN: u64 = 10;

/// How long any awaited frame may take before it counts as lost.
const WAIT: Duration = Duration::from_secs(10);

struct Options {
    watchers: usize,
    challenges: usize,
    games: usize,
    seconds: u64,
    ramp: u64,
    think_ms: u64,
    take_ms: u64,
    size: u32,
    initial: u32,
    increment: u32,
    databases: Vec<String>,
    postgres: String,
    /// The server binary (default: this build's).
    server: Option<std::path::PathBuf>,
    /// Servers on one PostgreSQL database (SQLite: always one).
    instances: usize,
}

fn options() -> Options {
    let mut o = Options {
        watchers: 2000,
        challenges: 500,
        games: 1000,
        seconds: 60,
        ramp: 30,
        think_ms: 1000,
        take_ms: 500,
        size: 10,
        initial: 300,
        increment: 5,
        databases: vec!["sqlite".into(), "postgres".into()],
        postgres: POSTGRES.into(),
        server: None,
        instances: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bad = |what: &str| -> ! {
        eprintln!("lobby_load: {what}");
        std::process::exit(2);
    };
    for pair in args.chunks(2) {
        let value = pair.get(1).map_or("", String::as_str);
        let number = || -> u64 {
            value
                .parse()
                .unwrap_or_else(|_| bad(&format!("{} needs a number, not {value:?}", pair[0])))
        };
        match pair[0].as_str() {
            "--watchers" => o.watchers = number() as usize,
            "--challenges" => o.challenges = number() as usize,
            "--games" => o.games = number() as usize,
            "--seconds" => o.seconds = number(),
            "--ramp" => o.ramp = number(),
            "--think-ms" => o.think_ms = number().max(1),
            "--take-ms" => o.take_ms = number(),
            "--size" => o.size = number() as u32,
            "--clock" => {
                let parsed = value
                    .split_once('+')
                    .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)));
                let Some((initial, increment)) = parsed else {
                    bad("--clock is initial+increment in seconds, like 300+5")
                };
                (o.initial, o.increment) = (initial, increment);
            }
            "--database" => {
                o.databases = value.split(',').map(str::to_string).collect();
                if o.databases.iter().any(|d| d != "sqlite" && d != "postgres") {
                    bad("--database is sqlite, postgres or sqlite,postgres");
                }
            }
            "--postgres" => o.postgres = value.into(),
            "--server" => o.server = Some(value.into()),
            "--instances" => o.instances = (number() as usize).clamp(1, 8),
            other => bad(&format!(
                "unknown option {other} (--watchers --challenges --games --seconds --ramp \
                 --think-ms --take-ms --size --clock --database --postgres --server \
                 --instances)"
            )),
        }
    }
    o
}

/// Black 0, Green 1.
fn side_index(c: Color) -> usize {
    usize::from(c == Color::Green)
}

const SIDES: [&str; 2] = ["black", "green"];

/// One message after the acceptance, and what the server's clock does
/// with it.
struct Move {
    link: String,
    /// Who sends it: 0 the inviter (the poster), 1 the accepter.
    player: usize,
    /// The colour it moves for.
    side: usize,
    /// Whether the clock is charged for it (not in the opening).
    charged: bool,
    /// Whether it is a turn (which earns the increment when charged).
    turn: bool,
    /// The side due after it.
    running_after: Option<usize>,
    /// Whether it ends the game.
    over: bool,
}

/// A game made before the clock starts: the invitation, its acceptance
/// and up to `moves` messages after them.
struct Plan {
    id: String,
    invitation: String,
    /// What binds the invitation to its poster: sent with the post.
    salt: String,
    accepted: String,
    /// The accepting link's frame, with the salt that shows its taker.
    taking: String,
    /// The side due when the game begins.
    running: usize,
    moves: Vec<Move>,
}

fn plan(size: u32, seed: u64, moves: usize, owner: &str, taker: &str) -> Plan {
    let mut duel = Duel::bound(size, Edition::Standard, seed, owner).taken_by(taker);
    let header = *duel.game.header();
    let running = match duel.game.due() {
        Due::Turn { color, .. } => side_index(color),
        _ => side_index(header.inviter),
    };
    let mut p = Plan {
        id: duel.id(),
        invitation: duel.invitation.clone(),
        salt: duel.salt(),
        accepted: duel.link(),
        taking: duel.taking(),
        running,
        moves: Vec::new(),
    };
    // Which sides have made a turn: the opening lasts until both have.
    let mut seen = [false; 2];
    while p.moves.len() < moves {
        let k = duel.game.messages().len();
        let role = Role::of_message(k);
        let side = side_index(header.color_of(role));
        let charged = seen == [true, true];
        if !duel.step() {
            break;
        }
        let turn = matches!(duel.game.messages()[k].body, Body::Turn(_));
        if turn {
            seen[side] = true;
        }
        let (running_after, over) = match duel.game.due() {
            Due::Turn { color, .. } => (Some(side_index(color)), false),
            Due::Start => (Some(side_index(header.inviter)), false),
            Due::Accept => (None, false),
            Due::Over { .. } => (None, true),
        };
        p.moves.push(Move {
            link: duel.link(),
            player: usize::from(role == Role::Accepter),
            side,
            charged,
            turn,
            running_after,
            over,
        });
    }
    p
}

/// Every game's plan, made on two threads: the first `games` with
/// `moves` messages each, the rest only begun.
fn plans(o: &Options, moves: usize) -> Vec<Plan> {
    let n = o.games + o.challenges;
    let made: Vec<Mutex<Option<Plan>>> = (0..n).map(|_| Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for t in 0..2 {
            let made = &made;
            s.spawn(move || {
                for k in (t..n).step_by(2) {
                    let m = if k < o.games { moves } else { 0 };
                    // Posted by player 2k, rated, on the run's clock;
                    // taken by player 2k + 1.
                    let clock = Clock::live(o.initial, o.increment).expect("a clock");
                    let owner = owner_text(&player(2 * k).1, &clock, true, false, true);
                    let taker = player(2 * k + 1).1;
                    *made[k].lock().expect("a plan") =
                        Some(plan(o.size, 50_000 + k as u64, m, &owner, &taker));
                }
            });
        }
    });
    made.into_iter()
        .map(|m| m.into_inner().expect("a plan").expect("made"))
        .collect()
}

/// Player `n`'s signing key (any 32 bytes are one) and key as the wire
/// spells it.
fn player(n: usize) -> (SigningKey, String) {
    use base64::Engine as _;
    let mut seed = [7u8; 32];
    seed[..8].copy_from_slice(&(n as u64).to_le_bytes());
    let signing = SigningKey::from_bytes(&seed);
    let key =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
    (signing, key)
}

/// CPU seconds of every process named `postgres` (the database server's
/// backends, whoever they serve).
fn postgres_cpu() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    dir.filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|s| s.contains("(postgres)"))
        .map(|s| stat_cpu(&s))
        .sum()
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket to `url`: small buffers (as the server's), no Nagle delay.
async fn open(url: &str) -> Result<Ws, String> {
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0);
    match tokio::time::timeout(
        WAIT,
        tokio_tungstenite::connect_async_with_config(url, Some(config), true),
    )
    .await
    {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("timed out".into()),
    }
}

/// The moments each game's challenge was posted and taken, in
/// microseconds from the run's start plus one (0: not yet).
struct Times {
    epoch: Instant,
    posted: Vec<AtomicU64>,
    taken: Vec<AtomicU64>,
}

impl Times {
    fn now(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64 + 1
    }
}

/// What one run counted, merged from every task.
#[derive(Default)]
struct Tally {
    /// Hook and gone fan-out in µs, [ramp, window].
    hook: [Vec<u32>; 2],
    /// The window's hook fan-out to watchers of another instance than the
    /// poster's, µs.
    hook_far: Vec<u32>,
    gone: [Vec<u32>; 2],
    /// Post sent until the poster has its own hook, µs, [ramp, window].
    answered: [Vec<u32>; 2],
    /// Accepting link sent until the poster has it, µs.
    accepted: Vec<u32>,
    /// Challenges posted (hook seen by the poster), taken (gone seen by
    /// the poster), [ramp, window].
    posted: [u64; 2],
    taken: [u64; 2],
    /// Games whose accepting link and first clock came.
    started: u64,
    relists: u64,
    watchers_connected: u64,
    watchers_dropped: u64,
    lobby_refused: u64,
    room_refused: u64,
    refusals: BTreeMap<String, u64>,
    /// Games not begun, by the step where a frame did not come in time.
    stuck: BTreeMap<&'static str, u64>,
    /// Link relay in the window, µs.
    relay: Vec<u32>,
    sent: u64,
    received: u64,
    clock_frames: u64,
    clocks_missing: u64,
    /// The clock frame's value disagreed beyond its charged side (the
    /// other side changed, or the wrong side runs).
    clock_wrong: u64,
    /// Clock errors, µs, signed.
    per_move: Vec<i64>,
    drift: Vec<i64>,
    ended: u64,
    /// Clocked games that stopped before the window's end: a frame lost
    /// or refused, or every planned move played.
    failed: u64,
    out_of_moves: u64,
}

impl Tally {
    /// A game that did not begin, and the step it stopped at.
    fn stuck<T>(&mut self, step: &'static str) -> Option<T> {
        *self.stuck.entry(step).or_default() += 1;
        None
    }

    fn refused(&mut self, kind: &str) {
        *self.refusals.entry(kind.to_string()).or_default() += 1;
    }

    fn merge(&mut self, o: Tally) {
        for i in 0..2 {
            self.hook[i].extend(&o.hook[i]);
            self.gone[i].extend(&o.gone[i]);
            self.answered[i].extend(&o.answered[i]);
            self.posted[i] += o.posted[i];
            self.taken[i] += o.taken[i];
        }
        self.hook_far.extend(o.hook_far);
        self.accepted.extend(o.accepted);
        self.started += o.started;
        self.relists += o.relists;
        self.watchers_connected += o.watchers_connected;
        self.watchers_dropped += o.watchers_dropped;
        self.lobby_refused += o.lobby_refused;
        self.room_refused += o.room_refused;
        for (k, n) in o.stuck {
            *self.stuck.entry(k).or_default() += n;
        }
        for (k, n) in o.refusals {
            *self.refusals.entry(k).or_default() += n;
        }
        self.relay.extend(o.relay);
        self.sent += o.sent;
        self.received += o.received;
        self.clock_frames += o.clock_frames;
        self.clocks_missing += o.clocks_missing;
        self.clock_wrong += o.clock_wrong;
        self.per_move.extend(o.per_move);
        self.drift.extend(o.drift);
        self.ended += o.ended;
        self.failed += o.failed;
        self.out_of_moves += o.out_of_moves;
    }
}

/// What every task of a run shares.
struct Run {
    /// Each instance's port; posts, takes and games go to the first.
    ports: Vec<u16>,
    times: Times,
    ids: HashMap<String, usize>,
    plans: Arc<Vec<Plan>>,
    games: usize,
    /// When the measured window begins and ends, fixed once the watchers
    /// are in.
    schedule: OnceLock<(Instant, Instant)>,
    /// Watchers connected or refused so far.
    watchers_done: AtomicU64,
    think: Duration,
    take: Duration,
    clock: (u32, u32),
    tally: Mutex<Tally>,
    /// Connections being opened at once, so the listen queue never
    /// overflows.
    connecting: Semaphore,
}

impl Run {
    /// The lobby of instance `i`.
    fn lobby_url(&self, i: usize) -> String {
        format!("ws://127.0.0.1:{}/lobby", self.ports[i % self.ports.len()])
    }

    fn room_url(&self, id: &str) -> String {
        format!("ws://127.0.0.1:{}/live/{id}", self.ports[0])
    }

    async fn connect(&self, url: &str) -> Result<Ws, String> {
        let _one = self.connecting.acquire().await.expect("open");
        open(url).await
    }

    fn window(&self) -> Instant {
        self.schedule.get().expect("scheduled").0
    }

    fn until(&self) -> Instant {
        self.schedule.get().expect("scheduled").1
    }

    fn phase(&self, game: usize) -> usize {
        usize::from(game >= self.games)
    }

    fn merge(&self, t: Tally) {
        self.tally.lock().expect("tally").merge(t);
    }
}

/// The game id after `prefix` in `text`.
fn game_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let at = text.find(prefix)? + prefix.len();
    text.get(at..at + 32)
}

/// A lobby client of instance `instance` that only reads, until `stop`.
async fn watcher(run: Arc<Run>, instance: usize, mut stop: watch::Receiver<bool>) {
    let mut t = Tally::default();
    let Ok(mut ws) = run.connect(&run.lobby_url(instance)).await else {
        t.lobby_refused += 1;
        run.merge(t);
        run.watchers_done.fetch_add(1, Ordering::SeqCst);
        return;
    };
    t.watchers_connected += 1;
    run.watchers_done.fetch_add(1, Ordering::SeqCst);
    let mut lists = 0;
    loop {
        let m = tokio::select! {
            _ = stop.changed() => break,
            m = ws.next() => m,
        };
        let at = run.times.now();
        let text = match m {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                t.watchers_dropped += 1;
                break;
            }
            Some(Ok(_)) => continue,
        };
        let text = text.as_str();
        let (kind, from) = if text.starts_with("{\"hooks\"") {
            lists += 1;
            continue;
        } else if text.starts_with("{\"hook\"") {
            (0, game_after(text, "\"game\":\""))
        } else if text.starts_with("{\"gone\"") {
            (1, game_after(text, "{\"gone\":\""))
        } else {
            continue;
        };
        let Some(&game) = from.and_then(|g| run.ids.get(g)) else {
            continue;
        };
        let since = if kind == 0 {
            &run.times.posted[game]
        } else {
            &run.times.taken[game]
        };
        let since = since.load(Ordering::SeqCst);
        if since == 0 || at < since {
            continue;
        }
        let us = u32::try_from(at - since).unwrap_or(u32::MAX);
        let phase = run.phase(game);
        if kind == 0 {
            t.hook[phase].push(us);
            if phase == 1 && !instance.is_multiple_of(run.ports.len()) {
                t.hook_far.push(us);
            }
        } else {
            t.gone[phase].push(us);
        }
    }
    // The first list is the greeting; any other came because this client
    // fell behind and changes were dropped.
    t.relists += (lists as u64).saturating_sub(1);
    let _ = ws.close(None).await;
    run.merge(t);
}

/// The next frame on `ws` that has `key`, within [`WAIT`]; an error
/// frame is counted and ends the wait.
async fn next_with(ws: &mut Ws, key: &str, t: &mut Tally) -> Option<serde_json::Value> {
    next_past(ws, key, "", t).await
}

/// [`next_with`], counting an error frame of kind `past` and waiting on.
async fn next_past(ws: &mut Ws, key: &str, past: &str, t: &mut Tally) -> Option<serde_json::Value> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let m = tokio::time::timeout_at(deadline, ws.next()).await.ok()??;
        let Ok(Message::Text(text)) = m else {
            if matches!(m, Ok(Message::Close(_)) | Err(_)) {
                return None;
            }
            continue;
        };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text.as_str()) else {
            continue;
        };
        if v.get(key).is_some() {
            return Some(v);
        }
        if let Some(kind) = v.get("error").and_then(|e| e.as_str()) {
            t.refused(kind);
            if kind != past {
                return None;
            }
        }
    }
}

/// Opens the room of `id` seated as player `n`.
async fn seated(run: &Run, id: &str, n: usize, t: &mut Tally) -> Option<Ws> {
    let Ok(mut ws) = run.connect(&run.room_url(id)).await else {
        t.room_refused += 1;
        return None;
    };
    let nonce = next_with(&mut ws, "nonce", t).await?;
    let nonce = nonce["nonce"].as_str()?.to_string();
    let (signing, _) = player(n);
    let frame = common::seat_frame(&signing, &format!("P{n}"), id, &nonce);
    ws.send(Message::text(frame)).await.ok()?;
    Some(ws)
}

async fn send_link(ws: &mut Ws, link: &str) -> bool {
    let frame = serde_json::json!({ "link": link }).to_string();
    ws.send(Message::text(frame)).await.is_ok()
}

/// Game `g` as the lobby starts one: posted, seen, its room opened by both
/// players, taken. Returns both players' room connections (the poster's
/// first) once the poster has the accepting link, and the moment it was
/// sent.
async fn begin(run: &Arc<Run>, g: usize, t: &mut Tally) -> Option<([Ws; 2], Instant)> {
    let p = &run.plans[g];
    let phase = run.phase(g);
    let Ok(mut lobby) = run.connect(&run.lobby_url(0)).await else {
        t.lobby_refused += 1;
        return None;
    };
    let Some(_) = next_with(&mut lobby, "hooks", t).await else {
        return t.stuck("the lobby's list");
    };
    let (signing, key) = player(2 * g);
    let (initial, increment) = run.clock;
    let post = serde_json::json!({"post": {"link": p.invitation,
        "clock": {"initial": initial, "increment": increment}, "rated": true,
        "key": key, "name": format!("P{}", 2 * g),
        "sig": common::sign(&signing, &format!("diablo hook {}", p.invitation)),
        "salt": p.salt}});
    let posted = run.times.now();
    run.times.posted[g].store(posted, Ordering::SeqCst);
    if lobby.send(Message::text(post.to_string())).await.is_err() {
        return t.stuck("sending the post");
    }
    // The poster's own hook: the post was taken.
    loop {
        let Some(v) = next_with(&mut lobby, "hook", t).await else {
            return t.stuck("the poster's own hook");
        };
        if v["hook"]["game"] == p.id.as_str() {
            break;
        }
    }
    let us = u32::try_from(run.times.now() - posted).unwrap_or(u32::MAX);
    t.answered[phase].push(us);
    t.posted[phase] += 1;
    // The poster's page opens the room with the invitation and waits; the
    // lobby connection stays open until the challenge is gone.
    let Some(mut a) = seated(run, &p.id, 2 * g, t).await else {
        return t.stuck("the poster's seat");
    };
    if !send_link(&mut a, &p.invitation).await {
        return None;
    }
    tokio::time::sleep(run.take).await;
    let Some(mut b) = seated(run, &p.id, 2 * g + 1, t).await else {
        return t.stuck("the taker's seat");
    };
    let took = Instant::now();
    run.times.taken[g].store(run.times.now(), Ordering::SeqCst);
    if b.send(Message::text(p.taking.clone())).await.is_err() {
        return None;
    }
    let id = p.id.clone();
    let run2 = run.clone();
    tokio::spawn(async move {
        let mut t = Tally::default();
        while let Some(v) = next_with(&mut lobby, "gone", &mut t).await {
            if v["gone"] == id.as_str() {
                t.taken[phase] += 1;
                break;
            }
        }
        let _ = lobby.close(None).await;
        run2.merge(t);
    });
    loop {
        // The poster's invitation may reach the room after the acceptance
        // (the server says `stale`): the poster is in the game all the same.
        let Some(v) = next_past(&mut a, "link", "stale", t).await else {
            return t.stuck("the accepting link at the poster");
        };
        if v["link"] == p.accepted.as_str() {
            break;
        }
    }
    t.accepted
        .push(u32::try_from(took.elapsed().as_micros()).unwrap_or(u32::MAX));
    Some(([a, b], took))
}

/// The server's clock as the generator predicts it, and the frame before.
struct ClockCheck {
    predicted: [f64; 2],
    last: [i64; 2],
    increment_ms: f64,
}

impl ClockCheck {
    /// Compares the frame after move `mv`, sent `interval_ms` after the
    /// link before it; counts the samples if `counted`.
    fn check(
        &mut self,
        v: &serde_json::Value,
        mv: &Move,
        interval_ms: f64,
        counted: bool,
        t: &mut Tally,
    ) {
        let c = &v["clock"];
        let got = [c["black"].as_i64(), c["green"].as_i64()];
        let [Some(black), Some(green)] = got else {
            t.clock_wrong += 1;
            return;
        };
        let got = [black, green];
        let running = c["running"].as_str();
        let mut wrong = running != mv.running_after.map(|s| SIDES[s]);
        let s = mv.side;
        let earned = if mv.charged && mv.turn {
            self.increment_ms
        } else {
            0.0
        };
        if mv.charged {
            self.predicted[s] += earned - interval_ms;
            let per_move = got[s] as f64 - (self.last[s] as f64 - interval_ms + earned);
            let drift = got[s] as f64 - self.predicted[s];
            if counted {
                t.clock_frames += 1;
                t.per_move.push((per_move * 1000.0) as i64);
                t.drift.push((drift * 1000.0) as i64);
            }
        } else {
            wrong |= got[s] != self.last[s];
        }
        wrong |= got[1 - s] != self.last[1 - s];
        if wrong && counted {
            t.clock_wrong += 1;
        }
        self.last = got;
    }
}

/// Game `g`: begun through the lobby, then played until the window ends.
async fn game(run: Arc<Run>, g: usize, at: Instant) {
    tokio::time::sleep_until(at.into()).await;
    let mut t = Tally::default();
    let Some((mut players, took)) = begin(&run, g, &mut t).await else {
        run.merge(t);
        return;
    };
    let p = &run.plans[g];
    let initial = i64::from(run.clock.0) * 1000;
    let mut check = ClockCheck {
        predicted: [initial as f64; 2],
        last: [initial; 2],
        increment_ms: f64::from(run.clock.1) * 1000.0,
    };
    // The clock as the game begins, on the poster's connection.
    match next_with(&mut players[0], "clock", &mut t).await {
        Some(v) => {
            let c = &v["clock"];
            if c["black"].as_i64() != Some(initial)
                || c["green"].as_i64() != Some(initial)
                || c["running"] != SIDES[p.running]
            {
                t.clock_wrong += 1;
            }
            if g < run.games {
                t.started += 1;
            }
        }
        None => t.clocks_missing += 1,
    }
    if g >= run.games {
        // A challenge of the window: taken, and left.
        for mut ws in players {
            let _ = ws.close(None).await;
        }
        run.merge(t);
        return;
    }
    let mut last_sent = took;
    // Whether the game stopped short: a frame lost, or out of moves.
    let mut short = true;
    let mut failed = false;
    for (j, mv) in p.moves.iter().enumerate() {
        if Instant::now() >= run.until() {
            short = false;
            break;
        }
        let [a, b] = &mut players;
        let (from, to) = if mv.player == 0 { (a, b) } else { (b, a) };
        let t0 = Instant::now();
        let counted = t0 >= run.window();
        if !send_link(from, &mv.link).await {
            failed = true;
            break;
        }
        if counted {
            t.sent += 1;
        }
        let got = loop {
            match next_with(to, "link", &mut t).await {
                Some(v) if v["link"] == mv.link.as_str() => break true,
                Some(_) => {}
                None => break false,
            }
        };
        if !got {
            failed = true;
            break;
        }
        if counted {
            t.received += 1;
            t.relay
                .push(u32::try_from(t0.elapsed().as_micros()).unwrap_or(u32::MAX));
        }
        let interval_ms = t0.duration_since(last_sent).as_secs_f64() * 1000.0;
        last_sent = t0;
        match next_with(to, "clock", &mut t).await {
            Some(v) => check.check(&v, mv, interval_ms, counted, &mut t),
            None => {
                t.clocks_missing += 1;
                failed = true;
                break;
            }
        }
        if mv.over {
            if counted {
                t.ended += 1;
            }
            short = false;
            break;
        }
        // Think, a little differently each time and in each game.
        let think = run.think.as_millis() as u64;
        let jitter = think * ((j as u64 * 7919 + g as u64 * 104_729) % 100) / 100;
        tokio::time::sleep(run.think / 2 + Duration::from_millis(jitter)).await;
    }
    if failed {
        t.failed += 1;
    } else if short {
        t.out_of_moves += 1;
    }
    for mut ws in players {
        let _ = ws.close(None).await;
    }
    run.merge(t);
}

fn percentile_us<T: Copy + Into<i64>>(sorted: &[T], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].into() as f64 / 1000.0
}

/// "p50 / p99 / max" in ms of samples in µs.
fn spread<T: Copy + Ord + Into<i64>>(mut v: Vec<T>) -> String {
    v.sort_unstable();
    if v.is_empty() {
        return "–".into();
    }
    format!(
        "{:.1} / {:.1} / {:.1}",
        percentile_us(&v, 0.5),
        percentile_us(&v, 0.99),
        percentile_us(&v, 1.0)
    )
}

/// The database of a run: its URL, and what to drop after.
enum Database {
    Sqlite(PathBuf),
    Postgres { base: String, schema: String },
}

impl Database {
    async fn make(kind: &str, o: &Options) -> (Database, String) {
        if kind == "sqlite" {
            let dir = std::env::temp_dir().join(format!(
                "diablo-lobby-load-{}-{:016x}",
                std::process::id(),
                rand::random::<u64>()
            ));
            std::fs::create_dir_all(&dir).expect("a temp folder");
            let url = format!("sqlite://{}", dir.join("diablo.db").display());
            return (Database::Sqlite(dir), url);
        }
        use sqlx::Connection as _;
        let schema = format!("diablo_load_{:016x}", rand::random::<u64>());
        let mut conn = sqlx::PgConnection::connect(&o.postgres)
            .await
            .unwrap_or_else(|e| {
                eprintln!("lobby_load: cannot reach PostgreSQL at --postgres: {e}");
                std::process::exit(2);
            });
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
            .execute(&mut conn)
            .await
            .expect("a schema");
        let _ = conn.close().await;
        let sep = if o.postgres.contains('?') { '&' } else { '?' };
        let url = format!("{}{sep}options=-c%20search_path%3D{schema}", o.postgres);
        (
            Database::Postgres {
                base: o.postgres.clone(),
                schema,
            },
            url,
        )
    }

    async fn drop_it(self) {
        match self {
            Database::Sqlite(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Database::Postgres { base, schema } => {
                use sqlx::Connection as _;
                if let Ok(mut conn) = sqlx::PgConnection::connect(&base).await {
                    let _ =
                        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
                            .execute(&mut conn)
                            .await;
                    let _ = conn.close().await;
                }
            }
        }
    }
}

/// The server's flags: the bounds this load needs, at least their
/// defaults.
fn bounds(o: &Options) -> Vec<(&'static str, usize)> {
    let games = o.games + o.challenges;
    vec![
        ("--max-rooms", (games + 100).max(20_000)),
        ("--max-connections", (2 * games + 100).max(20_000)),
        (
            "--lobby-connections",
            (o.watchers + games + 100).max(10_000),
        ),
        ("--max-challenges", (games + 100).max(5_000)),
    ]
}

fn spawn(binary: &Path, port: u16, root: &Path, database: &str, o: &Options, log: &Path) -> Child {
    let mut c = Command::new(binary);
    c.args([
        "--port",
        &port.to_string(),
        "--database",
        database,
        "--root",
    ])
    .arg(root);
    for (flag, n) in bounds(o) {
        c.args([flag, &n.to_string()]);
    }
    let log = std::fs::File::create(log).expect("a log file");
    c.stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()))
}

/// One run on `kind`: the table's column.
async fn one(server: &Path, kind: &str, o: &Options, plans: Arc<Vec<Plan>>) -> Vec<String> {
    let (database, url) = Database::make(kind, o).await;
    let root = common::site();
    let instances = if kind == "postgres" { o.instances } else { 1 };
    let mut ports = Vec::new();
    let mut children: Vec<Child> = Vec::new();
    let mut logs = Vec::new();
    // One after the other, so each finds the migrations run.
    for i in 0..instances {
        let port = free_port();
        let log = root.join(format!("server{i}.log"));
        children.push(spawn(server, port, &root, &url, o, &log));
        let mut ready = false;
        for _ in 0..600 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                ready = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if !ready {
            eprintln!(
                "lobby_load: the server did not start: {}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
            for c in &mut children {
                let _ = c.kill();
            }
            std::process::exit(1);
        }
        ports.push(port);
        logs.push(log);
    }
    let cpu = |children: &[Child]| children.iter().map(|c| usage(c.id()).0).sum::<f64>();
    let epoch = Instant::now();
    let n = plans.len();
    let ids = plans
        .iter()
        .enumerate()
        .map(|(k, p)| (p.id.clone(), k))
        .collect();
    let run = Arc::new(Run {
        ports,
        times: Times {
            epoch,
            posted: (0..n).map(|_| AtomicU64::new(0)).collect(),
            taken: (0..n).map(|_| AtomicU64::new(0)).collect(),
        },
        ids,
        plans,
        games: o.games,
        schedule: OnceLock::new(),
        watchers_done: AtomicU64::new(0),
        think: Duration::from_millis(o.think_ms),
        take: Duration::from_millis(o.take_ms),
        clock: (o.initial, o.increment),
        tally: Mutex::new(Tally::default()),
        connecting: Semaphore::new(64),
    });
    let load0 = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    // The clocked games first, begun through the lobby before anyone
    // watches it; then the watchers, all in (or refused) before the
    // window, in which the challenges are posted and taken.
    let ramp_start = Instant::now();
    let window = ramp_start + Duration::from_secs(o.ramp + WATCHERS_IN);
    let until = window + Duration::from_secs(o.seconds);
    run.schedule.set((window, until)).expect("scheduled once");
    let mut tasks = Vec::new();
    for g in 0..o.games {
        let at =
            ramp_start + Duration::from_millis(o.ramp * 1000 * g as u64 / o.games.max(1) as u64);
        tasks.push(tokio::spawn(game(run.clone(), g, at)));
    }
    for c in 0..o.challenges {
        let at = window
            + Duration::from_millis(o.seconds * 1000 * c as u64 / o.challenges.max(1) as u64);
        tasks.push(tokio::spawn(game(run.clone(), o.games + c, at)));
    }
    tokio::time::sleep_until((ramp_start + Duration::from_secs(o.ramp)).into()).await;
    let (stop, stopped) = watch::channel(false);
    let connecting = Instant::now();
    let mut watchers = Vec::new();
    for w in 0..o.watchers {
        watchers.push(tokio::spawn(watcher(run.clone(), w, stopped.clone())));
    }
    while run.watchers_done.load(Ordering::SeqCst) < o.watchers as u64 && Instant::now() < window {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let watchers_in = connecting.elapsed();
    let me = std::process::id();
    tokio::time::sleep_until(window.into()).await;
    let cpu0 = cpu(&children);
    let (gen0, _) = usage(me);
    let pg0 = postgres_cpu();
    tokio::time::sleep_until(until.into()).await;
    let cpu1 = cpu(&children);
    let (gen1, _) = usage(me);
    let pg1 = postgres_cpu();
    let wall = until.duration_since(window).as_secs_f64();
    for t in tasks {
        let _ = t.await;
    }
    // The last challenges' gone frames.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _ = stop.send(true);
    for w in watchers {
        let _ = w.await;
    }
    let hwm = children.iter().map(|c| usage(c.id()).1).max().unwrap_or(0);
    for c in &mut children {
        let _ = c.kill();
        let _ = c.wait();
    }
    let log_text: String = logs
        .iter()
        .map(|l| std::fs::read_to_string(l).unwrap_or_default())
        .collect();
    let warnings: Vec<&str> = log_text
        .lines()
        .filter(|l| l.contains("WARN") || l.contains("ERROR"))
        .collect();
    for w in warnings.iter().take(5) {
        eprintln!("lobby_load: server ({kind}): {w}");
    }
    let kept = std::env::temp_dir().join(format!("lobby_load-{kind}.log"));
    let _ = std::fs::write(&kept, &log_text);
    eprintln!(
        "lobby_load: {} server warnings ({kind}), the log kept in {}",
        warnings.len(),
        kept.display()
    );
    let _ = std::fs::remove_dir_all(&root);
    database.drop_it().await;
    let t = std::mem::take(&mut *run.tally.lock().expect("tally"));
    column(
        &t,
        o,
        Summary {
            watchers_in,
            load0,
            wall,
            server_cpu: (cpu1 - cpu0) / wall,
            generator_cpu: (gen1 - gen0) / wall,
            postgres_cpu: (kind == "postgres").then(|| (pg1 - pg0) / wall),
            rss_mb: hwm as f64 / 1024.0,
            warnings: warnings.len(),
        },
    )
}

struct Summary {
    watchers_in: Duration,
    load0: String,
    wall: f64,
    server_cpu: f64,
    generator_cpu: f64,
    postgres_cpu: Option<f64>,
    rss_mb: f64,
    warnings: usize,
}

/// The rows of the table, in order.
const ROWS: [&str; 26] = [
    "load average before (1, 5, 15 min)",
    "lobby watchers connected (of asked); dropped by the server",
    "clocked games started in the ramp (of asked)",
    "games not begun (ramp and window), by the step that timed out",
    "ramp: hook fan-out p50 / p99 / max ms",
    "ramp: gone fan-out p50 / p99 / max ms",
    "window: challenges posted / taken (of asked)",
    "window: hook fan-out p50 / p99 / max ms",
    "window: gone fan-out p50 / p99 / max ms",
    "window: post → poster's own hook p50 / p99 / max ms",
    "window: hook fan-out to another instance's watchers p50 / p99 / max ms",
    "window: hook + gone receipts lost (of expected); lists resent",
    "accepting link → poster p50 / p99 / max ms",
    "link relay p50 / p99 / max ms",
    "links relayed / s; lost",
    "clock frames compared; wrong (side, running)",
    "clock error per move p50 / p99 / max ms (|error|)",
    "clock error per move, mean ms (signed)",
    "clock drift over the game p50 / p99 / max ms (|error|)",
    "games ended by the rules in the window",
    "games stopped short: a frame lost; out of moves",
    "clock frames missing (a link came, its clock did not)",
    "server CPU (cores, every instance), window",
    "PostgreSQL CPU (cores), window; load generator CPU (cores)",
    "server peak RSS MB (the largest instance)",
    "connections refused (lobby, room); error frames; server warnings",
];

fn column(t: &Tally, o: &Options, s: Summary) -> Vec<String> {
    let load: Vec<&str> = s.load0.split_whitespace().take(3).collect();
    let expected = |phase: usize| (t.posted[phase] + t.taken[phase]) * t.watchers_connected;
    let got = (t.hook[1].len() + t.gone[1].len()) as u64;
    let lost = expected(1).saturating_sub(got);
    let abs = |v: &[i64]| v.iter().map(|e| e.abs()).collect::<Vec<i64>>();
    let mean = if t.per_move.is_empty() {
        f64::NAN
    } else {
        t.per_move.iter().sum::<i64>() as f64 / t.per_move.len() as f64 / 1000.0
    };
    let refusals = if t.refusals.is_empty() {
        "none".to_string()
    } else {
        t.refusals
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    vec![
        load.join(" "),
        format!(
            "{} of {} in {:.1} s; {}",
            t.watchers_connected,
            o.watchers,
            s.watchers_in.as_secs_f64(),
            t.watchers_dropped
        ),
        format!("{} of {} in {} s", t.started, o.games, o.ramp),
        if t.stuck.is_empty() {
            "none".to_string()
        } else {
            t.stuck
                .iter()
                .map(|(k, n)| format!("{k}: {n}"))
                .collect::<Vec<_>>()
                .join("; ")
        },
        spread(t.hook[0].clone()),
        spread(t.gone[0].clone()),
        format!("{} / {} of {}", t.posted[1], t.taken[1], o.challenges),
        spread(t.hook[1].clone()),
        spread(t.gone[1].clone()),
        spread(t.answered[1].clone()),
        if t.hook_far.is_empty() {
            "–".to_string()
        } else {
            spread(t.hook_far.clone())
        },
        format!("{lost} of {}; {}", expected(1), t.relists),
        spread(t.accepted.clone()),
        spread(t.relay.clone()),
        format!("{:.0}; {}", t.received as f64 / s.wall, t.sent - t.received),
        format!("{}; {}", t.clock_frames, t.clock_wrong),
        spread(abs(&t.per_move)),
        format!("{mean:+.2}"),
        spread(abs(&t.drift)),
        t.ended.to_string(),
        format!("{}; {}", t.failed, t.out_of_moves),
        t.clocks_missing.to_string(),
        format!("{:.2}", s.server_cpu),
        format!(
            "{}; {:.2}",
            s.postgres_cpu.map_or("–".into(), |c| format!("{c:.2}")),
            s.generator_cpu
        ),
        format!("{:.0}", s.rss_mb),
        format!(
            "{}, {}; {refusals}; {}",
            t.lobby_refused, t.room_refused, s.warnings
        ),
    ]
}

fn main() {
    let o = options();
    let exe = std::env::current_exe().expect("this program's path");
    let server = o.server.clone().unwrap_or_else(|| {
        exe.parent()
            .and_then(Path::parent)
            .expect("the profile folder")
            .join("diablo-server")
    });
    if !server.exists() {
        eprintln!(
            "lobby_load: {} is missing: cargo build --release -p diablo-server --bins --examples",
            server.display()
        );
        std::process::exit(2);
    }
    // Enough moves for a game that plays from the ramp's start to the
    // window's end with every think at its average, and some to spare.
    let span_ms = (o.ramp + WATCHERS_IN + o.seconds + 5) * 1000;
    let moves = (span_ms * 5 / 4 / o.think_ms + 4) as usize;
    let made = Instant::now();
    let all = plans(&o, moves);
    let ending: Vec<usize> = all[..o.games]
        .iter()
        .filter(|p| p.moves.last().is_some_and(|m| m.over))
        .map(|p| p.moves.len())
        .collect();
    eprintln!(
        "lobby_load: {} games planned ({} moves each at most; {} of the clocked ones end \
         by the rules, after {:.0} moves on average) in {:.1} s",
        all.len(),
        moves,
        ending.len(),
        ending.iter().sum::<usize>() as f64 / ending.len().max(1) as f64,
        made.elapsed().as_secs_f64()
    );
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    let lowered = support::lower_generator_priority();
    eprintln!(
        "lobby_load: {lowered} generator threads at nice 10, the server at 0; load average {:.2}",
        support::load_average()
    );
    let all = Arc::new(all);
    let mut columns = Vec::new();
    for kind in &o.databases {
        eprintln!("lobby_load: running on {kind}");
        columns.push((
            kind.clone(),
            rt.block_on(one(&server, kind, &o, all.clone())),
        ));
    }
    let flags: Vec<String> = bounds(&o).iter().map(|(f, n)| format!("{f} {n}")).collect();
    println!(
        "{} watchers, {} clocked games ({}+{}, {}x{}) begun over {} s, then {} s with {} challenges \
         posted and taken; think {} ms; PostgreSQL instances {}; server flags: {}",
        o.watchers,
        o.games,
        o.initial,
        o.increment,
        o.size,
        o.size,
        o.ramp,
        o.seconds,
        o.challenges,
        o.think_ms,
        o.instances,
        flags.join(" ")
    );
    println!(
        "load average (1 min) after the run: {:.2}; the generator's threads at nice 10",
        support::load_average()
    );
    println!();
    let names: Vec<&str> = columns
        .iter()
        .map(|(k, _)| {
            if k == "sqlite" {
                "SQLite"
            } else {
                "PostgreSQL"
            }
        })
        .collect();
    println!("| measure | {} |", names.join(" | "));
    println!("|---|{}", "---|".repeat(names.len()));
    for (r, row) in ROWS.iter().enumerate() {
        let cells: Vec<&str> = columns.iter().map(|(_, c)| c[r].as_str()).collect();
        println!("| {row} | {} |", cells.join(" | "));
    }
}
