//! Rooms of live games: each holds its game's latest verified link and the
//! connections watching it.
//!
//! A room is created by the first connection to a game id and holds no
//! game until a link of that game arrives. A link is kept and passed on
//! only if it is the room's game extended by valid messages
//! ([`Game::advance`]); otherwise its sender gets an error frame and
//! nothing changes. Rooms hold no secret and nothing a browser has not
//! also kept, so a room can be evicted when idle, or lost in a restart:
//! the next browser to connect sends its link and the room is rebuilt.

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use diablo_corr::{CorrError, Game, Progress};
use serde::Deserialize;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Bounds on everything a stranger can make the relay spend.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Longest link accepted, in bytes of its frame. A finished 26x26 game
    /// needs about 40 KB.
    pub link_bytes: usize,
    /// Longest frame read at all; a longer one closes the connection. A
    /// frame between this and `link_bytes` gets a `too-large` error.
    pub frame_bytes: usize,
    /// Frames per second a connection may send, on average…
    pub frames_per_second: f64,
    /// …and in a burst.
    pub frame_burst: f64,
    /// Open connections from one address (loopback too if
    /// `cap_loopback`).
    pub per_address: usize,
    /// Whether `per_address` applies to loopback addresses. Off by default:
    /// on one machine every browser and a local proxy come from there.
    pub cap_loopback: bool,
    /// Open connections in all.
    pub connections: usize,
    /// Rooms in all.
    pub rooms: usize,
    /// Estimated bytes of game state held in all rooms.
    pub memory: usize,
    /// A room with no connection is dropped after this long.
    pub idle_room: Duration,
    /// A connection that takes longer than this to accept one frame is
    /// closed (a reader that never reads).
    pub send_timeout: Duration,
    /// Bytes of the read and the write buffer of each WebSocket (a frame
    /// longer than this is read or written in more than one go).
    pub socket_buffer: usize,
    /// Bytes the kernel may hold for a connection's unread frames (Linux
    /// doubles it).
    pub send_buffer: usize,
    /// How often the server pings; a connection silent for three of these
    /// is closed.
    pub ping: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            link_bytes: 64 * 1024,
            frame_bytes: 2 * 1024 * 1024,
            frames_per_second: 10.0,
            frame_burst: 30.0,
            per_address: 64,
            cap_loopback: false,
            connections: 20_000,
            rooms: 20_000,
            memory: 512 * 1024 * 1024,
            idle_room: Duration::from_secs(30 * 60),
            send_timeout: Duration::from_secs(10),
            send_buffer: 128 * 1024,
            socket_buffer: 4 * 1024,
            ping: Duration::from_secs(20),
        }
    }
}

/// Why a frame was refused; the connection stays open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The link's game or history does not fit the room's.
    Link(CorrError),
    /// Not a JSON object with a string `link`.
    Malformed(String),
    /// A frame longer than [`Limits::link_bytes`].
    TooLarge(usize),
    /// Over [`Limits::frames_per_second`].
    Rate,
    /// Over the memory or room budget.
    Full,
    /// A rematch offer from a player who has made a different one: the
    /// first stands.
    Offered,
}

impl Refusal {
    /// The `error` kind of the frame: `other-game`, `stale`, `forged`,
    /// `malformed`, `too-large`, `rate` or `full`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Link(CorrError::OtherGame) => "other-game",
            Refusal::Link(CorrError::Stale { .. }) => "stale",
            Refusal::Link(
                CorrError::BadReveal { .. }
                | CorrError::BadRematch
                | CorrError::Unexpected { .. }
                | CorrError::TurnRefused { .. }
                | CorrError::Diverges { .. },
            ) => "forged",
            Refusal::Link(_) | Refusal::Malformed(_) => "malformed",
            Refusal::TooLarge(_) => "too-large",
            Refusal::Rate => "rate",
            Refusal::Full => "full",
            Refusal::Offered => "stale",
        }
    }

    /// The error frame (`kind` names the variants that take no link).
    #[must_use]
    pub fn frame(&self) -> String {
        let message = match self {
            Refusal::Link(e) => e.to_string(),
            Refusal::Malformed(why) => format!("not a link or rematch frame: {why}"),
            Refusal::TooLarge(n) => format!("a frame of {n} bytes is longer than any game's link"),
            Refusal::Rate => "too many frames: slow down".into(),
            Refusal::Full => "the server holds as many games as it can: try later".into(),
            Refusal::Offered => {
                "this player has offered a rematch already: the first offer stands".into()
            }
        };
        serde_json::json!({ "error": self.kind(), "message": message }).to_string()
    }
}

/// A room's latest link as a frame, and which connection sent it.
#[derive(Debug, Clone)]
struct Update {
    frame: Utf8Bytes,
    from: u64,
}

/// One game's room.
pub struct Room {
    id: String,
    /// The board size of the game held, 0 before one is.
    size: std::sync::atomic::AtomicU8,
    state: Mutex<RoomState>,
    links: watch::Sender<Option<Update>>,
    /// The latest rematch offer made after the game.
    offers: watch::Sender<Option<Update>>,
    peers: watch::Sender<usize>,
}

struct RoomState {
    game: Option<Game>,
    /// Rematch offers kept after the game, the first of each player
    /// (inviter, accepter): the invitation link and the offer's frame.
    offers: [Option<(String, Utf8Bytes)>; 2],
    /// Estimated bytes `game` holds.
    cost: usize,
    /// When the last connection left.
    idle_since: Option<Instant>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves data that is still whole (every
    // change is one assignment), so a poisoned lock is taken as it is.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Estimated bytes a game holds: every position of its record and its
/// messages.
fn cost_of(game: &Game) -> usize {
    let n = usize::from(game.header().size);
    let positions = game.record().positions().len() + 1;
    positions * (n * n * 2 + 64) + game.messages().len() * 96 + 512
}

/// The rooms and what they may spend.
pub struct Relay {
    limits: Limits,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    addresses: Mutex<HashMap<IpAddr, usize>>,
    connections: AtomicUsize,
    memory: AtomicUsize,
    next_id: AtomicU64,
    /// Checks of links of big boards (or of a whole game, for a room that
    /// holds none yet) run one at a time off the async threads, so rooms
    /// of small boards are answered at once whatever big ones cost.
    heavy: tokio::sync::Semaphore,
}

/// Boards up to this size are checked inline: one message costs well under
/// a millisecond there (crates/diablo-server/examples/advance_cost.rs).
const LIGHT_SIZE: u8 = 10;

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turnaway {
    /// Too many connections from this address.
    Address,
    /// Too many connections or rooms in all.
    Busy,
}

/// A connection's place in the relay; dropping it leaves the room.
pub struct Ticket {
    relay: Arc<Relay>,
    room: Arc<Room>,
    addr: Option<IpAddr>,
    id: u64,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.relay.connections.fetch_sub(1, Ordering::Relaxed);
        self.relay.release(self.addr);
        let mut left = 0;
        self.room.peers.send_modify(|n| {
            *n -= 1;
            left = *n;
        });
        if left == 0 {
            lock(&self.room.state).idle_since = Some(Instant::now());
        }
    }
}

impl Relay {
    /// An empty relay.
    #[must_use]
    pub fn new(limits: Limits) -> Arc<Relay> {
        Arc::new(Relay {
            limits,
            rooms: Mutex::new(HashMap::new()),
            addresses: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            memory: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
            heavy: tokio::sync::Semaphore::new(1),
        })
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Rooms held now.
    #[must_use]
    pub fn room_count(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// Open connections now.
    #[must_use]
    pub fn connection_count(&self) -> usize {
        self.connections.load(Ordering::Relaxed)
    }

    /// Estimated bytes of game state held now.
    #[must_use]
    pub fn memory_estimate(&self) -> usize {
        self.memory.load(Ordering::Relaxed)
    }

    /// Lets a connection from `addr` into the room of game `id` (32 hex
    /// digits, checked by the caller).
    ///
    /// # Errors
    /// [`Turnaway`] when a limit is reached.
    pub fn enter(self: &Arc<Relay>, id: &str, addr: IpAddr) -> Result<Ticket, Turnaway> {
        let counted = (self.limits.cap_loopback || !addr.is_loopback()).then_some(addr);
        if let Some(a) = counted {
            let mut m = lock(&self.addresses);
            let n = m.entry(a).or_insert(0);
            if *n >= self.limits.per_address {
                return Err(Turnaway::Address);
            }
            *n += 1;
        }
        let room = if self.connections.load(Ordering::Relaxed) < self.limits.connections {
            let mut rooms = lock(&self.rooms);
            match rooms.get(id) {
                Some(r) => Some(r.clone()),
                None if rooms.len() < self.limits.rooms => {
                    let r = Arc::new(Room {
                        id: id.to_string(),
                        size: std::sync::atomic::AtomicU8::new(0),
                        state: Mutex::new(RoomState {
                            game: None,
                            offers: [None, None],
                            cost: 0,
                            idle_since: None,
                        }),
                        links: watch::channel(None).0,
                        offers: watch::channel(None).0,
                        peers: watch::channel(0).0,
                    });
                    rooms.insert(id.to_string(), r.clone());
                    Some(r)
                }
                None => None,
            }
        } else {
            None
        };
        let Some(room) = room else {
            self.release(counted);
            return Err(Turnaway::Busy);
        };
        self.connections.fetch_add(1, Ordering::Relaxed);
        room.peers.send_modify(|n| *n += 1);
        lock(&room.state).idle_since = None;
        Ok(Ticket {
            relay: self.clone(),
            room,
            addr: counted,
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
        })
    }

    fn release(&self, addr: Option<IpAddr>) {
        if let Some(a) = addr {
            let mut m = lock(&self.addresses);
            if let Some(n) = m.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&a);
                }
            }
        }
    }

    /// Takes a link for `ticket`'s room: keeps and passes it on if it
    /// extends the room's game.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub fn offer(&self, ticket: &Ticket, link: &str) -> Result<Progress, Refusal> {
        self.offer_to(&ticket.room, ticket.id, link)
    }

    fn offer_to(&self, room: &Room, from: u64, link: &str) -> Result<Progress, Refusal> {
        let mut st = lock(&room.state);
        let progress = match st.game.as_mut() {
            Some(game) => game.advance(link).map_err(Refusal::Link)?,
            None => {
                if self.memory.load(Ordering::Relaxed) >= self.limits.memory {
                    return Err(Refusal::Full);
                }
                let game = Game::decode(link).map_err(Refusal::Link)?;
                if game.id_hex() != room.id {
                    return Err(Refusal::Link(CorrError::OtherGame));
                }
                let n = game.messages().len();
                room.size.store(game.header().size, Ordering::Relaxed);
                st.game = Some(game);
                Progress::Newer(n)
            }
        };
        let st = &mut *st;
        if let (Progress::Newer(_), Some(game)) = (progress, st.game.as_ref()) {
            let cost = cost_of(game);
            let before = std::mem::replace(&mut st.cost, cost);
            self.memory.fetch_add(cost, Ordering::Relaxed);
            self.memory.fetch_sub(before, Ordering::Relaxed);
            room.links.send_replace(Some(Update {
                frame: Utf8Bytes::from(link_frame(&game.encode())),
                from,
            }));
        }
        Ok(progress)
    }

    /// Takes a rematch offer for `ticket`'s room: kept and passed on when
    /// the room's game is over and `proof` shows the offer comes from one
    /// of its players ([`Game::check_rematch`]); the first offer of each
    /// player stands.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub fn offer_rematch(
        &self,
        ticket: &Ticket,
        invitation: &str,
        proof: &str,
    ) -> Result<(), Refusal> {
        let room = &ticket.room;
        let mut st = lock(&room.state);
        let game = st.game.as_ref().ok_or(Refusal::Malformed(
            "a rematch needs the room's game, and the room holds none".into(),
        ))?;
        let value = diablo_corr::value_from_hex(proof).map_err(Refusal::Link)?;
        let invite = Game::decode(invitation).map_err(Refusal::Link)?;
        let role = game.check_rematch(&value, &invite).map_err(Refusal::Link)?;
        let link = invite.encode();
        let slot = &mut st.offers[usize::from(role == diablo_corr::Role::Accepter)];
        if let Some((kept, _)) = slot {
            return if *kept == link {
                Ok(())
            } else {
                Err(Refusal::Offered)
            };
        }
        let frame = Utf8Bytes::from(rematch_frame(&link, proof.trim()));
        let cost = link.len() + frame.len();
        *slot = Some((link, frame.clone()));
        st.cost += cost;
        self.memory.fetch_add(cost, Ordering::Relaxed);
        room.offers.send_replace(Some(Update {
            frame,
            from: ticket.id,
        }));
        Ok(())
    }

    /// Drops rooms idle for longer than [`Limits::idle_room`]; returns how
    /// many.
    pub fn sweep(&self, now: Instant) -> usize {
        let mut rooms = lock(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, room| {
            let st = lock(&room.state);
            let idle = st
                .idle_since
                .is_some_and(|t| now.duration_since(t) >= self.limits.idle_room);
            if idle {
                self.memory.fetch_sub(st.cost, Ordering::Relaxed);
            }
            !idle
        });
        before - rooms.len()
    }

    /// Sweeps every tenth of [`Limits::idle_room`] (at least every second).
    pub async fn sweep_forever(self: Arc<Relay>) {
        let every = (self.limits.idle_room / 10).max(Duration::from_secs(1));
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            self.sweep(Instant::now());
        }
    }
}

#[derive(Deserialize)]
struct Frame {
    link: Option<String>,
    rematch: Option<String>,
    proof: Option<String>,
}

/// What a client's text frame asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientFrame {
    /// `{"link": …}`: the whole game as the client holds it.
    Link(String),
    /// `{"rematch": …, "proof": …}`: a new game's invitation offered after
    /// the room's game, with the sender's proof (docs/live.md).
    Rematch {
        /// The invitation link of the new game.
        invitation: String,
        /// The sender's next chain value of the finished game, 32 hex digits.
        proof: String,
    },
}

/// A token bucket: `burst` frames at once, `rate` a second after that.
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
    /// Whether the sender has been told since the bucket last ran dry.
    told: bool,
}

impl Bucket {
    fn take(&mut self, now: Instant) -> bool {
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.told = false;
            true
        } else {
            false
        }
    }
}

/// A text frame read: a link or a rematch offer, or why it is neither.
///
/// # Errors
/// [`Refusal::TooLarge`] or [`Refusal::Malformed`].
pub fn parse_frame(text: &str, limits: &Limits) -> Result<ClientFrame, Refusal> {
    if text.len() > limits.link_bytes {
        return Err(Refusal::TooLarge(text.len()));
    }
    let frame: Frame = serde_json::from_str(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
    match frame {
        Frame {
            link: Some(link),
            rematch: None,
            proof: None,
        } => Ok(ClientFrame::Link(link)),
        Frame {
            link: None,
            rematch: Some(invitation),
            proof: Some(proof),
        } => Ok(ClientFrame::Rematch { invitation, proof }),
        _ => Err(Refusal::Malformed(
            "an object with a string `link`, or strings `rematch` and `proof`".into(),
        )),
    }
}

/// What one text frame from a client comes to.
async fn check(relay: &Arc<Relay>, ticket: &Ticket, text: Utf8Bytes) -> Result<Progress, Refusal> {
    let link = match parse_frame(text.as_str(), &relay.limits)? {
        ClientFrame::Link(link) => link,
        ClientFrame::Rematch { invitation, proof } => {
            return relay
                .offer_rematch(ticket, &invitation, &proof)
                .map(|()| Progress::Same);
        }
    };
    let size = ticket.room.size.load(Ordering::Relaxed);
    if (1..=LIGHT_SIZE).contains(&size) {
        return relay.offer(ticket, &link);
    }
    let _turn = relay.heavy.acquire().await.map_err(|_| Refusal::Full)?;
    let (relay, room, from) = (relay.clone(), ticket.room.clone(), ticket.id);
    tokio::task::spawn_blocking(move || relay.offer_to(&room, from, &link))
        .await
        .unwrap_or(Err(Refusal::Full))
}

fn link_frame(link: &str) -> String {
    serde_json::json!({ "link": link }).to_string()
}

fn rematch_frame(invitation: &str, proof: &str) -> String {
    serde_json::json!({ "rematch": invitation, "proof": proof }).to_string()
}

fn peers_frame(n: usize) -> String {
    serde_json::json!({ "peers": n }).to_string()
}

/// Serves one connection until it closes, goes silent or stops reading.
pub async fn connection(mut socket: WebSocket, relay: Arc<Relay>, ticket: Ticket) {
    let limits = relay.limits.clone();
    let send = async |socket: &mut WebSocket, m: Message| -> bool {
        matches!(
            tokio::time::timeout(limits.send_timeout, socket.send(m)).await,
            Ok(Ok(()))
        )
    };
    let mut links = ticket.room.links.subscribe();
    let mut offers = ticket.room.offers.subscribe();
    let mut peers = ticket.room.peers.subscribe();
    let first = links.borrow_and_update().clone();
    offers.borrow_and_update();
    let kept: Vec<Utf8Bytes> = {
        let st = lock(&ticket.room.state);
        st.offers.iter().flatten().map(|(_, f)| f.clone()).collect()
    };
    for frame in first.map(|u| u.frame).into_iter().chain(kept) {
        if !send(&mut socket, Message::Text(frame)).await {
            return;
        }
    }
    let n = *peers.borrow_and_update();
    if !send(&mut socket, Message::Text(peers_frame(n).into())).await {
        return;
    }
    let mut bucket = Bucket {
        tokens: limits.frame_burst,
        at: Instant::now(),
        rate: limits.frames_per_second,
        burst: limits.frame_burst,
        told: false,
    };
    let mut ping = tokio::time::interval(limits.ping);
    ping.tick().await;
    let mut heard = Instant::now();
    loop {
        let out = tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if bucket.take(heard) {
                            check(&relay, &ticket, text).await.err()
                        } else if bucket.told {
                            None
                        } else {
                            bucket.told = true;
                            Some(Refusal::Rate)
                        }
                        .map(|r| Message::Text(r.frame().into()))
                    }
                    Message::Binary(_) => Some(Message::Text(
                        Refusal::Malformed("a binary frame".into()).frame().into(),
                    )),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => None,
                }
            }
            Ok(()) = links.changed() => {
                let u = links.borrow_and_update().clone();
                u.filter(|u| u.from != ticket.id)
                    .map(|u| Message::Text(u.frame))
            }
            Ok(()) = offers.changed() => {
                let u = offers.borrow_and_update().clone();
                u.filter(|u| u.from != ticket.id)
                    .map(|u| Message::Text(u.frame))
            }
            Ok(()) = peers.changed() => {
                let n = *peers.borrow_and_update();
                Some(Message::Text(peers_frame(n).into()))
            }
            _ = ping.tick() => {
                if heard.elapsed() > limits.ping * 3 {
                    break;
                }
                Some(Message::Ping(Default::default()))
            }
        };
        if let Some(m) = out {
            if !send(&mut socket, m).await {
                break;
            }
        }
    }
}

/// Whether `id` is a game id as links spell it: 32 lowercase hex digits.
#[must_use]
pub fn is_game_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
