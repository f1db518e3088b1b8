//! Rooms of live games: each holds its game's latest verified link, its
//! terms, seats, clock and result, and the connections watching it.
//!
//! A room is created by the first connection to a game id; it first asks
//! the [`Archive`] for the game (a restart, another instance) and
//! otherwise holds none until a link of that game arrives. A link is kept
//! and passed on only if it is the room's game extended by valid messages
//! ([`Game::advance`](diablo_corr::Game::advance)); otherwise its sender
//! gets an error frame and nothing changes. The server keeps time: a live
//! clock's flag ends the game from the room's timer. Every accepted link
//! and every result is saved to the archive.
//!
//! - `limits`: the bounds a stranger can make the server spend ([`Limits`]);
//! - `clock`: the clock's arithmetic, pure;
//! - `room`: one game's room ([`Room`]);
//! - `connection`: a room's side of a socket ([`connection()`]); its
//!   wire is [`crate::wire::room`];
//! - `archive`: where games are kept ([`Archive`]);
//! - here, the [`Relay`]: every room, and the counts the limits check.

mod archive;
pub mod clock;
mod connection;
mod limits;
mod room;
mod writer;

pub use crate::admit::Turnaway;
pub use crate::wire::room::{ClientMsg, Refusal, SeatMsg, ServerMsg, is_game_id, read};
pub use archive::{
    Answer, Archive, BEAT_MS, ClockState, Delta, Holder, Kept, MemoryArchive, Over, Reason,
    SILENT_MS, Saved, Side, Step, Terms, Write,
};
pub use connection::connection;
pub use limits::Limits;
pub use room::Room;

/// What a player is told by Web Push (docs/push.md): it is their turn,
/// their challenge was taken, a game of theirs is over, or its time is
/// running out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushKind {
    /// Their move is due.
    Turn,
    /// Their posted challenge was taken: the game began.
    Taken,
    /// The game ended.
    Over,
    /// Their deadline or clock is near its end.
    Time,
}

impl PushKind {
    /// As the push's payload names it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PushKind::Turn => "turn",
            PushKind::Taken => "taken",
            PushKind::Over => "over",
            PushKind::Time => "time",
        }
    }
}

/// One push for one player: about which game, its latest link, and the
/// other player's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Push {
    /// What happened.
    pub kind: PushKind,
    /// The game's id.
    pub game: String,
    /// The game's latest link (the page it opens).
    pub link: Arc<str>,
    /// The other player's name ('' when unknown).
    pub opponent: String,
}

/// Where the relay hands the pushes its games call for, once each state
/// is kept ([`Relay::set_pushes`]). Handing one over must not wait.
pub trait Pushes: Send + Sync {
    /// Sends `push` to every device of the player with key `to`.
    fn push(&self, to: &Key, push: Push);
}
pub(crate) use room::side_named;

use crate::address::Client;
use crate::keys::{Key, Player, check_name};
use crate::time::Time;
use diablo_corr::Progress;
use limits::Budget;
use room::{Arrival, Timing};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{oneshot, watch};
use tokio::time::Instant;
use writer::{Job, Writer};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves data that is still whole (every
    // change is one assignment), so a poisoned lock is taken as it is.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The rooms and what they may spend.
pub struct Relay {
    limits: Limits,
    archive: Arc<dyn Archive>,
    /// The clock every room's timer, seat and rate reads.
    time: Time,
    /// When this relay started (Unix ms): a turn-based deadline read back
    /// from the archive moves by the time from its last message to this.
    started_ms: i64,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    addresses: Mutex<HashMap<IpAddr, usize>>,
    /// The rooms each counted address created that are still held, by id.
    created: Mutex<HashMap<IpAddr, Vec<String>>>,
    connections: AtomicUsize,
    memory: Arc<Budget>,
    next_id: AtomicU64,
    /// Checks of links of big boards (or of a whole game, for a room that
    /// holds none yet) run one at a time off the async threads, so rooms
    /// of small boards are answered at once whatever big ones cost.
    heavy: tokio::sync::Semaphore,
    /// When the server began to shut down: from then every connection
    /// closes with 1001 (Going Away) and none is let in.
    closing: watch::Sender<Option<tokio::time::Instant>>,
    /// Keeps what the rooms relayed, behind them.
    writer: Arc<Writer>,
}

/// Boards up to this size are checked inline: one message costs well under
/// a millisecond there (crates/diablo-server/examples/advance_cost.rs).
const LIGHT_SIZE: u8 = 10;

/// A connection's place in the relay; dropping it leaves the room.
pub struct Ticket {
    relay: Arc<Relay>,
    room: Arc<Room>,
    /// The address counted against [`Limits::per_address`], if it is.
    addr: Option<IpAddr>,
    /// The client's address.
    client: IpAddr,
    id: u64,
    /// This connection's nonce, 32 hex digits: a seat signs it.
    nonce: String,
    /// Who this connection speaks for, once seated.
    seat: Mutex<Option<Player>>,
}

impl Ticket {
    /// The nonce a seat on this connection signs.
    #[must_use]
    pub fn nonce(&self) -> &str {
        &self.nonce
    }

    /// Who this connection speaks for, if it is seated.
    #[must_use]
    pub fn seat(&self) -> Option<Player> {
        lock(&self.seat).clone()
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.relay.connections.fetch_sub(1, Ordering::Relaxed);
        self.relay.release(self.addr);
        let time = &self.relay.time;
        if let Some(p) = lock(&self.seat).take() {
            self.room.unseat(&p.key, time.now_ms());
        }
        self.room.leave(time.now());
    }
}

/// Bytes of the server's memory budget held for one connection: the
/// longest message it may be reading, unfinished too. Given back when
/// dropped.
pub struct Reserved {
    relay: Arc<Relay>,
    bytes: usize,
}

impl Drop for Reserved {
    fn drop(&mut self) {
        self.relay.memory.change(self.bytes, 0);
    }
}

/// The text a seat's sig signs: `"diablo seat " + game id + " " + nonce`.
#[must_use]
pub fn seat_text(game: &str, nonce: &str) -> String {
    format!("diablo seat {game} {nonce}")
}

/// What the acceptance of a posted challenge is bound to
/// ([`diablo_corr::Game::accept_owned`]): `"diablo taker " + key`, the key
/// of the player who takes it.
#[must_use]
pub fn taker_text(key: &str) -> String {
    format!("diablo taker {key}")
}

/// Hands `saved`, a state of `room`'s game, to the writer (the caller
/// holds the room's `turn`, so the states of one game go in order); `done`
/// is told once it is kept. A failure is logged and play goes on from
/// memory: the room is held and the writer tries again at each sweep. A
/// conflict (the archive holds another state: another instance moved the
/// game on or ended it) makes the room read the game again, so the
/// database decides once. An invitation (one message) is not kept.
fn keep(writer: &Writer, room: &Arc<Room>, saved: Saved, done: Option<oneshot::Sender<Kept>>) {
    if saved.messages < 2 {
        if let Some(d) = done {
            let _ = d.send(Kept::Unbegun);
        }
        return;
    }
    let prev = room.queued(&saved);
    writer.push(Job {
        room: Arc::downgrade(room),
        saved,
        prev,
        done,
    });
}

/// The room's timer: ends the game at its clock's deadline (a live flag
/// or first-move limit), whether or not a frame arrives, and tells an
/// absent mover by push when a fifth of the time is left. One per room; it
/// ends with the game, or when the room is dropped.
async fn timer(
    room: std::sync::Weak<Room>,
    rearm: Arc<tokio::sync::Notify>,
    writer: Arc<Writer>,
    time: Time,
) {
    loop {
        let next = match room.upgrade() {
            Some(r) if r.is_over() => return,
            Some(r) => r.next_deadline(),
            None => return,
        };
        let Some(at) = next else {
            rearm.notified().await;
            continue;
        };
        tokio::select! {
            () = time.sleep_until_ms(at) => {}
            () = rearm.notified() => continue,
        }
        let Some(r) = room.upgrade() else { return };
        let _turn = r.turn.lock().await;
        if let Some((key, push)) = r.warning(time.now_ms()) {
            writer.push_now(&key, push);
        }
        if let Some(saved) = r.expire(time.now_ms()) {
            tracing::info!(game = r.id(), over = ?saved.over, "the clock ended the game");
            keep(&writer, &r, saved, None);
        }
    }
}

impl Relay {
    /// An empty relay that keeps games in memory only ([`MemoryArchive`]).
    #[must_use]
    pub fn new(limits: Limits) -> Arc<Relay> {
        Relay::with_archive(limits, Arc::new(MemoryArchive::default()))
    }

    /// Sends the pushes the games call for (docs/push.md) to `pushes`,
    /// each once its state is kept.
    pub fn set_pushes(&self, pushes: Arc<dyn Pushes>) {
        self.writer.set_pushes(pushes);
    }

    /// An empty relay that keeps games in `archive`.
    #[must_use]
    pub fn with_archive(limits: Limits, archive: Arc<dyn Archive>) -> Arc<Relay> {
        Relay::with_time(limits, archive, Time::system())
    }

    /// An empty relay that keeps games in `archive` and reads `time`.
    #[must_use]
    pub fn with_time(limits: Limits, archive: Arc<dyn Archive>, time: Time) -> Arc<Relay> {
        let memory = Arc::new(Budget::new(limits.memory));
        let writer = Arc::new(Writer::new());
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(Writer::run(
                Arc::downgrade(&writer),
                writer.waker(),
                archive.clone(),
                memory.clone(),
            ));
        }
        Arc::new(Relay {
            memory,
            writer,
            limits,
            archive,
            started_ms: time.now_ms(),
            time,
            rooms: Mutex::new(HashMap::new()),
            addresses: Mutex::new(HashMap::new()),
            created: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
            heavy: tokio::sync::Semaphore::new(1),
            closing: watch::channel(None).0,
        })
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The clock it reads.
    #[must_use]
    pub fn time(&self) -> &Time {
        &self.time
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
        self.memory.held()
    }

    /// Holds `bytes` of the memory budget ([`Limits::memory`]) for a
    /// connection, a room's or the lobby's: the longest message it may
    /// be reading.
    ///
    /// # Errors
    /// [`Turnaway::Busy`] when the budget cannot hold them.
    pub fn reserve(self: &Arc<Relay>, bytes: usize) -> Result<Reserved, Turnaway> {
        if !self.memory.hold(bytes) {
            return Err(Turnaway::Busy);
        }
        Ok(Reserved {
            relay: self.clone(),
            bytes,
        })
    }

    /// Lets a connection from `client` (an address: a direct connection)
    /// into the room of game `id` (32 hex digits, checked by the caller).
    ///
    /// # Errors
    /// [`Turnaway`] when a limit is reached or the server is closing.
    pub fn enter(
        self: &Arc<Relay>,
        id: &str,
        client: impl Into<Client>,
    ) -> Result<Ticket, Turnaway> {
        if self.closing.borrow().is_some() {
            return Err(Turnaway::Closing);
        }
        let client: Client = client.into();
        let addr = client.ip;
        let counted = (self.limits.cap_loopback || !client.exempt).then_some(addr);
        if let Some(a) = counted {
            let mut m = lock(&self.addresses);
            let n = m.entry(a).or_insert(0);
            if *n >= self.limits.per_address {
                return Err(Turnaway::Address);
            }
            *n += 1;
        }
        let room = if self.connections.load(Ordering::Relaxed) < self.limits.connections {
            self.room_for(id, counted)
        } else {
            Err(Turnaway::Busy)
        };
        let room = match room {
            Ok(r) => r,
            Err(t) => {
                self.release(counted);
                return Err(t);
            }
        };
        self.connections.fetch_add(1, Ordering::Relaxed);
        Ok(Ticket {
            relay: self.clone(),
            room,
            addr: counted,
            client: addr,
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            nonce: format!("{:032x}", rand::random::<u128>()),
            seat: Mutex::new(None),
        })
    }

    /// The room of game `id`, made for `creator` if there is none: within
    /// [`Limits::rooms_per_address`] (dropping the creator's own room idle
    /// longest at its cap) and [`Limits::rooms`] (dropping the room idle
    /// longest when full), and entered (under the rooms' lock, so it is
    /// not dropped meanwhile).
    fn room_for(&self, id: &str, creator: Option<IpAddr>) -> Result<Arc<Room>, Turnaway> {
        let mut rooms = lock(&self.rooms);
        if let Some(r) = rooms.get(id) {
            r.enter();
            return Ok(r.clone());
        }
        if let Some(a) = creator {
            let own: Vec<String> = lock(&self.created).get(&a).cloned().unwrap_or_default();
            if own.len() >= self.limits.rooms_per_address {
                let idlest = own
                    .iter()
                    .filter_map(|k| Some((rooms.get(k)?.idle_since()?, k)))
                    .min()
                    .map(|(_, k)| k.clone());
                match idlest {
                    Some(k) => self.drop_room(&mut rooms, &k),
                    None => return Err(Turnaway::Address),
                }
            }
        }
        if rooms.len() >= self.limits.rooms {
            let idlest = rooms
                .iter()
                .filter_map(|(k, r)| Some((r.idle_since()?, k)))
                .min()
                .map(|(_, k)| k.clone());
            match idlest {
                Some(k) => self.drop_room(&mut rooms, &k),
                None => return Err(Turnaway::Busy),
            }
        }
        let r = Arc::new(Room::new(
            id,
            creator,
            Timing::of(&self.limits),
            self.time.clone(),
        ));
        rooms.insert(id.to_string(), r.clone());
        if let Some(a) = creator {
            lock(&self.created)
                .entry(a)
                .or_default()
                .push(id.to_string());
        }
        r.enter();
        Ok(r)
    }

    /// Drops room `id`: its memory, its creator's count and its timer.
    fn drop_room(&self, rooms: &mut HashMap<String, Arc<Room>>, id: &str) {
        let Some(room) = rooms.remove(id) else { return };
        self.memory.change(room.cost(), 0);
        room.stop();
        if let Some(a) = room.creator {
            let mut created = lock(&self.created);
            if let Some(list) = created.get_mut(&a) {
                list.retain(|k| k != id);
                if list.is_empty() {
                    created.remove(&a);
                }
            }
        }
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

    /// What one text message from `ticket`'s connection comes to: the
    /// one entry point of a client's message to a room (the session calls
    /// it, and so do the fuzz targets). `Ok` when it was taken (a link
    /// equal to the room's game too), else why not.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub async fn answer(self: &Arc<Relay>, ticket: &Ticket, text: &str) -> Result<(), Refusal> {
        match read(text, &self.limits)? {
            ClientMsg::Link { link, salt } => self.take_with(ticket, link, salt).await.map(|_| ()),
            ClientMsg::Rematch { invitation, proof } => {
                self.offer_rematch(ticket, &invitation, proof.as_deref())
                    .await
            }
            ClientMsg::Seat(seat) => self.seat(ticket, &seat.key, &seat.name, &seat.sig),
            ClientMsg::Claim => self.claim(ticket).await,
            ClientMsg::Resign => self.resign(ticket).await,
        }
    }

    /// Reads `ticket`'s game from the archive unless its room has read it
    /// already: once per room, when the read succeeds. A read that fails
    /// (the database down, a stored link that is not one) leaves the room
    /// unread, to be tried again by the next message: the room takes no
    /// link meanwhile, so a failed read never makes a game new.
    ///
    /// # Errors
    /// [`Refusal::Unavailable`] when the read failed.
    pub async fn ready(&self, ticket: &Ticket) -> Result<(), Refusal> {
        let room = &ticket.room;
        if room.loaded.load(Ordering::Acquire) {
            return Ok(());
        }
        let _turn = room.turn.lock().await;
        self.load(room).await
    }

    /// [`Relay::ready`] for `room`, whose `turn` the caller holds.
    async fn load(&self, room: &Arc<Room>) -> Result<(), Refusal> {
        if room.loaded.load(Ordering::Acquire) {
            return Ok(());
        }
        let saved = match self.archive.load(room.id()).await {
            Ok(Some(saved)) => saved,
            Ok(None) => {
                room.loaded.store(true, Ordering::Release);
                return Ok(());
            }
            Err(e) => {
                tracing::warn!(game = room.id(), "the archive did not load the game: {e:#}");
                return Err(Refusal::Unavailable);
            }
        };
        let link = saved.link.clone();
        let read = if (1..=LIGHT_SIZE).contains(&saved.size) {
            diablo_corr::Game::decode(&link).ok()
        } else {
            let _heavy = self
                .heavy
                .acquire()
                .await
                .map_err(|_| Refusal::Unavailable)?;
            tokio::task::spawn_blocking(move || diablo_corr::Game::decode(&link).ok())
                .await
                .ok()
                .flatten()
        };
        let messages = saved.messages;
        let Some(game) = read.filter(|g| g.id_hex() == room.id() && g.messages().len() == messages)
        else {
            tracing::warn!(
                game = room.id(),
                "the archive's link of the game is not one: the room takes nothing"
            );
            return Err(Refusal::Unavailable);
        };
        // When the instance that held it stopped (a crash, a restart):
        // the time since is nobody's. Unknown when the database cannot
        // say.
        let holder = self.archive.holder(room.id()).await.unwrap_or_else(|e| {
            tracing::warn!(
                game = room.id(),
                "the archive did not say who held the game: {e:#}"
            );
            None
        });
        let now_ms = self.time.now_ms();
        let down = holder.and_then(|h| h.down_at(now_ms));
        let again = room.rebuild(saved, game, &self.memory, (now_ms, self.started_ms), down);
        room.loaded.store(true, Ordering::Release);
        tracing::info!(game = room.id(), "room rebuilt from the archive");
        if let Some(saved) = again {
            self.keep(room, saved);
        }
        self.arm(room);
        Ok(())
    }

    /// [`keep`] `saved`, a state of `room`'s game (the caller holds its
    /// `turn`).
    fn keep(&self, room: &Arc<Room>, saved: Saved) {
        keep(&self.writer, room, saved, None);
    }

    /// [`keep`] `saved` and wait until it is kept (or its write failed).
    async fn keep_now(&self, room: &Arc<Room>, saved: Saved) -> Kept {
        let (tx, rx) = oneshot::channel();
        keep(&self.writer, room, saved, Some(tx));
        rx.await.unwrap_or(Kept::Unbegun)
    }

    /// `Err` when the player with `key` may not take a challenge now: they
    /// let [`Limits::playban_aborts`] games abort in the last 24 hours
    /// and the latest ended less than [`Limits::playban`] ago.
    async fn playban(&self, game: &str, key: &Key) -> Result<(), Refusal> {
        let now = self.time.now_ms();
        match self.archive.aborts_by(key.as_str(), now - 86_400_000).await {
            Ok((n, Some(latest))) if n >= self.limits.playban_aborts => {
                let ban = i64::try_from(self.limits.playban.as_millis()).unwrap_or(i64::MAX);
                let until = latest.saturating_add(ban);
                if until > now {
                    return Err(Refusal::Playban(until));
                }
                Ok(())
            }
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(game, "the archive did not count aborts: {e:#}");
                Err(Refusal::Unavailable)
            }
        }
    }

    /// `Err` when `player` goes by a name an established player holds
    /// ([`Archive::name_held`]): they take no challenge under it.
    async fn name_free(&self, game: &str, player: &Player) -> Result<(), Refusal> {
        match self.archive.name_held(player).await {
            Ok(false) => Ok(()),
            Ok(true) => Err(Refusal::NameTaken(player.name.clone())),
            Err(e) => {
                tracing::warn!(game, "the archive did not look at the name: {e:#}");
                Err(Refusal::Unavailable)
            }
        }
    }

    /// Writes again what failed to be written; returns how many games are
    /// still unsaved.
    pub async fn save_unsaved(&self) -> usize {
        self.writer.retry();
        self.writer.flushed().await;
        self.writer.parked()
    }

    /// Completes once every state handed to the writer so far is written
    /// (or its write failed): what tests and a shutdown wait for.
    pub async fn flushed(&self) {
        self.writer.flushed().await;
    }

    /// Starts `room`'s timer if a live clock runs there and none does.
    fn arm(&self, room: &Arc<Room>) {
        if !room.live_clock() {
            return;
        }
        let mut slot = lock(&room.timer);
        if slot.is_some() {
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            let task = rt.spawn(timer(
                Arc::downgrade(room),
                room.rearm.clone(),
                self.writer.clone(),
                self.time.clone(),
            ));
            *slot = Some(task.abort_handle());
        }
    }

    /// Takes a link for `ticket`'s room: keeps and passes it on if it
    /// extends the room's game; reads the game's terms from the archive
    /// when the link begins it (and tells the archive the challenge was
    /// taken), runs the clock, and saves the game.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub async fn take(
        self: &Arc<Relay>,
        ticket: &Ticket,
        link: String,
    ) -> Result<Progress, Refusal> {
        self.take_with(ticket, link, None).await
    }

    /// [`Relay::take`] with the `salt` that shows who made the link's
    /// acceptance: a link that begins a posted challenge from a seated
    /// connection must carry an acceptance bound to the seat's key
    /// ([`taker_text`]).
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub async fn take_with(
        self: &Arc<Relay>,
        ticket: &Ticket,
        link: String,
        salt: Option<[u8; 16]>,
    ) -> Result<Progress, Refusal> {
        // The clock charges the time until the link arrived here, not
        // until its turn came: the room's lock is held through the last
        // link's save, and a slow database is nobody's thinking time.
        let arrived_ms = self.time.now_ms();
        self.ready(ticket).await?;
        let room = ticket.room.clone();
        let _turn = room.turn.lock().await;
        if let Some(saved) = room.expire(arrived_ms) {
            self.keep(&room, saved);
        }
        let size = room.size.load(Ordering::Relaxed);
        let light = (1..=LIGHT_SIZE).contains(&size);
        let heavy = if light {
            None
        } else {
            Some(self.heavy.acquire().await.map_err(|_| Refusal::Full)?)
        };
        let link = Arc::new(link);
        let ready = if light {
            room.prepare(&link, &self.memory)?
        } else {
            let (relay, r, l) = (self.clone(), room.clone(), link.clone());
            tokio::task::spawn_blocking(move || r.prepare(&l, &relay.memory))
                .await
                .unwrap_or(Err(Refusal::Full))?
        };
        let begins = ready.as_ref().is_some_and(|g| g.messages().len() >= 2);
        let address = ticket.addr.map(|a| a.to_string());
        if begins && let Some(a) = &address {
            // A begun game is a row kept until it ends or is pruned: so
            // many an hour from one address. Unknown (the database down):
            // nothing begins.
            let hour = self.time.now_ms() - 3_600_000;
            match self.archive.begun_from(a, hour).await {
                Ok(n) if n >= self.limits.games_per_address_per_hour => {
                    return Err(Refusal::TooMany);
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(game = room.id(), "the archive did not count games: {e:#}");
                    return Err(Refusal::Unavailable);
                }
            }
        }
        let terms = if begins {
            match self.archive.terms(room.id()).await {
                Ok(t) => t,
                Err(e) => {
                    // Not taken as casual because a read failed.
                    tracing::warn!(
                        game = room.id(),
                        "the archive did not give the terms: {e:#}"
                    );
                    return Err(Refusal::Unavailable);
                }
            }
        } else {
            None
        };
        if let (Some(t), Some(taker)) = (&terms, ticket.seat())
            && let Some(poster) = &t.poster
        {
            // The accepter's seat goes to the key the acceptance names,
            // not to whoever delivers it: a watcher handed the accepting
            // link cannot take the seat under their own key.
            let statement = taker_text(taker.key.as_str());
            let bound = salt.is_some_and(|s| {
                ready
                    .as_ref()
                    .is_some_and(|g| g.accepted_by(&s, &statement))
            });
            if !bound {
                return Err(Refusal::NotTaker);
            }
            // A taker who let games abort lately takes no challenge for a while.
            if poster.key != taker.key {
                self.playban(room.id(), &taker.key).await?;
                self.name_free(room.id(), &taker).await?;
            }
        }
        let arrived = Arrival {
            seat: ticket.seat(),
            ready,
            terms,
            now_ms: arrived_ms,
            address,
        };
        let taken = if light {
            room.take_link(ticket.id, &link, &self.memory, arrived)?
        } else {
            let (relay, r, from) = (self.clone(), room.clone(), ticket.id);
            tokio::task::spawn_blocking(move || r.take_link(from, &link, &relay.memory, arrived))
                .await
                .unwrap_or(Err(Refusal::Full))?
        };
        drop(heavy);
        // A game's first write (its seats and terms) is awaited before
        // the challenge goes; every later link is written behind the relay.
        if let Some(saved) = taken.saved {
            if saved.stored == 0 && saved.messages >= 2 {
                self.keep_now(&room, saved).await;
            } else {
                self.keep(&room, saved);
            }
        }
        if taken.challenge_taken
            && let Some(taker) = ticket.seat()
        {
            let address = ticket.addr.map(|a| a.to_string());
            if let Err(e) = self.archive.seen(&taker, address.as_deref()).await {
                tracing::warn!(
                    game = room.id(),
                    "the archive did not note the taker's address: {e:#}"
                );
            }
        }
        if taken.challenge_taken
            && let Err(e) = self.archive.taken(room.id()).await
        {
            tracing::warn!(
                game = room.id(),
                "the archive was not told the challenge was taken: {e:#}"
            );
        }
        self.arm(&room);
        Ok(taken.progress.unwrap_or(Progress::Same))
    }

    /// Seats `ticket`'s connection for `key` named `name`, if `sig` signs
    /// [`seat_text`] of its game and nonce; a seat made before is
    /// replaced.
    ///
    /// # Errors
    /// [`Refusal::Key`]: `forged` for a signature that does not sign
    /// this seat, `malformed` for a bad key, name or sig.
    pub fn seat(&self, ticket: &Ticket, key: &str, name: &str, sig: &str) -> Result<(), Refusal> {
        let key = Key::parse(key).map_err(Refusal::Key)?;
        let name = check_name(name).map_err(Refusal::Key)?;
        key.verify(&seat_text(ticket.room.id(), &ticket.nonce), sig)
            .map_err(Refusal::Key)?;
        let mut seat = lock(&ticket.seat);
        ticket
            .room
            .seat(seat.as_ref().map(|p| &p.key), &key, self.time.now_ms());
        *seat = Some(Player { key, name });
        Ok(())
    }

    /// A claim from `ticket`'s seated player: the game ends, won by them,
    /// when the other player is to move and away past the limit (live) or
    /// past their deadline (turn-based).
    ///
    /// # Errors
    /// [`Refusal::NotSeated`], [`Refusal::TooEarly`], [`Refusal::Over`].
    pub async fn claim(&self, ticket: &Ticket) -> Result<(), Refusal> {
        self.seat_ends(ticket, "a claim", Room::claim).await
    }

    /// A resignation from `ticket`'s seated player, on their turn or not:
    /// the game ends, won by the other player.
    ///
    /// # Errors
    /// [`Refusal::NotSeated`], [`Refusal::TooEarly`] (not begun),
    /// [`Refusal::Over`].
    pub async fn resign(&self, ticket: &Ticket) -> Result<(), Refusal> {
        self.seat_ends(ticket, "a resignation", Room::resign).await
    }

    /// An end `ticket`'s seated player asks for (`end`: a claim or a
    /// resignation, given the seat's key and the time), in the room's turn
    /// once it is read and a clock that ran out meanwhile has ended it
    /// first; what it ends is kept.
    async fn seat_ends(
        &self,
        ticket: &Ticket,
        what: &str,
        end: impl FnOnce(&Room, Option<&Key>, i64) -> Result<Option<Saved>, Refusal>,
    ) -> Result<(), Refusal> {
        self.ready(ticket).await?;
        let room = &ticket.room;
        let _turn = room.turn.lock().await;
        let now = self.time.now_ms();
        if let Some(saved) = room.expire(now) {
            self.keep(room, saved);
        }
        let seat = ticket.seat();
        if let Some(saved) = end(room, seat.as_ref().map(|p| &p.key), now)? {
            tracing::info!(game = room.id(), over = ?saved.over, "{what} ended the game");
            self.keep(room, saved);
        }
        Ok(())
    }

    /// Takes a rematch offer for `ticket`'s room: kept and passed on when
    /// the room's game is over and the offer comes from one of its
    /// players, by `proof` ([`Game::check_rematch`](diablo_corr::Game::check_rematch))
    /// or, without one, by the connection's seat; the first offer of each
    /// player stands. The terms its challenge was posted on (an unlisted
    /// challenge the offering page posted first: its clock, and whether
    /// it is rated) are read from the archive and go with it, so that the
    /// other player sees them before taking it.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub async fn offer_rematch(
        &self,
        ticket: &Ticket,
        invitation: &str,
        proof: Option<&str>,
    ) -> Result<(), Refusal> {
        if !ticket.room.loaded.load(Ordering::Acquire) {
            return Err(Refusal::Unavailable);
        }
        if invitation.len() > crate::lobby::INVITATION_BYTES {
            return Err(Refusal::LongInvitation(invitation.len()));
        }
        // Before the archive is read: an offer only after the game.
        if !ticket.room.is_over() {
            return Err(Refusal::Malformed(
                "a rematch is offered once the game is over".into(),
            ));
        }
        let invite = diablo_corr::Game::decode(invitation).map_err(Refusal::Link)?;
        let terms = self
            .archive
            .terms(&invite.id_hex())
            .await
            .map_err(|_| Refusal::Unavailable)?
            .map(|t| serde_json::json!({ "clock": t.clock, "rated": t.rated }));
        let seat = ticket.seat();
        let offer = room::Offer {
            invite,
            proof,
            key: seat.as_ref().map(|p| &p.key),
            terms,
        };
        ticket.room.take_rematch(ticket.id, offer, &self.memory)
    }

    /// Drops rooms idle for longer than [`Limits::idle_room`]; returns how
    /// many.
    pub fn sweep(&self, now: Instant) -> usize {
        let mut rooms = lock(&self.rooms);
        let gone: Vec<String> = rooms
            .iter()
            .filter(|(_, room)| room.expired(now, self.limits.idle_room).is_some())
            .map(|(id, _)| id.clone())
            .collect();
        for id in &gone {
            self.drop_room(&mut rooms, id);
        }
        gone.len()
    }

    /// Sweeps every tenth of [`Limits::idle_room`] (at least every second),
    /// from now on, and logs what is held after each sweep.
    pub async fn sweep_forever(self: Arc<Relay>) {
        let every = (self.limits.idle_room / 10).max(Duration::from_secs(1));
        // As `tokio::time::interval` ticks (at once, then every `every`,
        // catching up on ticks missed), on the relay's time.
        let mut next = self.time.now();
        loop {
            self.time.sleep_until(next).await;
            next += every;
            let unsaved = self.save_unsaved().await;
            let evicted = self.sweep(self.time.now());
            tracing::info!(
                rooms = self.room_count(),
                memory_bytes = self.memory_estimate(),
                connections = self.connection_count(),
                evicted,
                unsaved,
                "swept idle rooms"
            );
        }
    }

    /// Starts shutting down: every connection closes with 1001 (Going
    /// Away), and new ones are turned away. Later calls change nothing.
    pub fn close_all(&self) {
        self.closing.send_if_modified(|at| {
            let first = at.is_none();
            if first {
                *at = Some(tokio::time::Instant::now());
            }
            first
        });
    }

    /// Completes `grace` after [`Relay::close_all`] was first called (never
    /// before it is).
    pub async fn closed_for(&self, grace: Duration) {
        let mut closing = self.closing.subscribe();
        let since = match closing.wait_for(Option::is_some).await {
            Ok(at) => *at,
            // The relay holds the sender as long as `self` lives.
            Err(_) => None,
        };
        match since {
            Some(at) => tokio::time::sleep_until(at + grace).await,
            None => std::future::pending().await,
        }
    }

    /// Completes when no connection is open.
    pub async fn emptied(&self) {
        while self.connection_count() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
