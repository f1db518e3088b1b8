//! Rooms of live games: each holds its game's latest verified link and the
//! connections watching it.
//!
//! A room is created by the first connection to a game id and holds no
//! game until a link of that game arrives. A link is kept and passed on
//! only if it is the room's game extended by valid messages
//! ([`Game::advance`](diablo_corr::Game::advance)); otherwise its sender
//! gets an error frame and nothing changes. Rooms hold no secret and
//! nothing a browser has not also kept, so a room can be evicted when
//! idle, or lost in a restart: the next browser to connect sends its link
//! and the room is rebuilt. Nothing is written to disk.
//!
//! - `limits`: the bounds a stranger can make the server spend ([`Limits`]);
//! - `room`: one game's room ([`Room`]);
//! - `frame`: what goes over the socket, read and written;
//! - `connection`: one socket's task ([`connection()`]);
//! - here, the [`Relay`]: every room, and the counts the limits check.

mod archive;
mod connection;
mod frame;
mod limits;
mod room;

pub use archive::{Answer, Archive, ClockState, MemoryArchive, Over, Reason, Saved, Side, Terms};
pub use connection::connection;
pub use frame::{ClientFrame, Refusal, is_game_id, parse_frame};
pub use limits::Limits;
pub use room::Room;

use diablo_corr::Progress;
use limits::Budget;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a lock leaves data that is still whole (every
    // change is one assignment), so a poisoned lock is taken as it is.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The rooms and what they may spend.
pub struct Relay {
    limits: Limits,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    addresses: Mutex<HashMap<IpAddr, usize>>,
    connections: AtomicUsize,
    memory: Budget,
    next_id: AtomicU64,
    /// Checks of links of big boards (or of a whole game, for a room that
    /// holds none yet) run one at a time off the async threads, so rooms
    /// of small boards are answered at once whatever big ones cost.
    heavy: tokio::sync::Semaphore,
    /// When the server began to shut down: from then every connection
    /// closes with 1001 (Going Away) and none is let in.
    closing: watch::Sender<Option<tokio::time::Instant>>,
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
    /// The server is shutting down.
    Closing,
}

/// A connection's place in the relay; dropping it leaves the room.
pub struct Ticket {
    relay: Arc<Relay>,
    room: Arc<Room>,
    /// The address counted against [`Limits::per_address`], if it is.
    addr: Option<IpAddr>,
    /// The client's address.
    client: IpAddr,
    id: u64,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.relay.connections.fetch_sub(1, Ordering::Relaxed);
        self.relay.release(self.addr);
        self.room.leave(Instant::now());
    }
}

impl Relay {
    /// An empty relay.
    #[must_use]
    pub fn new(limits: Limits) -> Arc<Relay> {
        Arc::new(Relay {
            memory: Budget::new(limits.memory),
            limits,
            rooms: Mutex::new(HashMap::new()),
            addresses: Mutex::new(HashMap::new()),
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

    /// Lets a connection from `addr` into the room of game `id` (32 hex
    /// digits, checked by the caller).
    ///
    /// # Errors
    /// [`Turnaway`] when a limit is reached or the server is closing.
    pub fn enter(self: &Arc<Relay>, id: &str, addr: IpAddr) -> Result<Ticket, Turnaway> {
        if self.closing.borrow().is_some() {
            return Err(Turnaway::Closing);
        }
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
                    let r = Arc::new(Room::new(id));
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
        room.enter();
        Ok(Ticket {
            relay: self.clone(),
            room,
            addr: counted,
            client: addr,
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
        ticket.room.take_link(ticket.id, link, &self.memory)
    }

    /// Takes a rematch offer for `ticket`'s room: kept and passed on when
    /// the room's game is over and `proof` shows the offer comes from one
    /// of its players ([`Game::check_rematch`](diablo_corr::Game::check_rematch));
    /// the first offer of each player stands.
    ///
    /// # Errors
    /// [`Refusal`] saying why it was not taken.
    pub fn offer_rematch(
        &self,
        ticket: &Ticket,
        invitation: &str,
        proof: &str,
    ) -> Result<(), Refusal> {
        ticket
            .room
            .take_rematch(ticket.id, invitation, proof, &self.memory)
    }

    /// Drops rooms idle for longer than [`Limits::idle_room`]; returns how
    /// many.
    pub fn sweep(&self, now: Instant) -> usize {
        let mut rooms = lock(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, room| match room.expired(now, self.limits.idle_room) {
            Some(cost) => {
                self.memory.change(cost, 0);
                false
            }
            None => true,
        });
        before - rooms.len()
    }

    /// Sweeps every tenth of [`Limits::idle_room`] (at least every second),
    /// and logs what is held after each sweep.
    pub async fn sweep_forever(self: Arc<Relay>) {
        let every = (self.limits.idle_room / 10).max(Duration::from_secs(1));
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            let evicted = self.sweep(Instant::now());
            tracing::info!(
                rooms = self.room_count(),
                memory_bytes = self.memory_estimate(),
                connections = self.connection_count(),
                evicted,
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
