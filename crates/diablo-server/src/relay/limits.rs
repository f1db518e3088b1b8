//! The bounds a stranger can make the relay spend, and the memory budget
//! that holds them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Bounds on everything a stranger can make the relay spend.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Longest link accepted, in bytes of its frame. A finished 26x26 game
    /// needs about 40 KB.
    pub link_bytes: usize,
    /// Longest message read at all, an unfinished one too; a longer one
    /// closes the connection. One between `link_bytes` and this gets a
    /// `too-large` error. Each open connection holds this much of
    /// `memory` for the message it may be reading.
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
    /// Rooms in all. When the table is full, the room idle longest (no
    /// connection, no live clock running) is dropped for a new one.
    pub rooms: usize,
    /// Rooms one address may have created that are still held (loopback
    /// too if `cap_loopback`). At the cap, its own room idle longest is
    /// dropped for a new one; if none is idle, it is turned away. So no
    /// address can fill the table and keep others from starting games.
    pub rooms_per_address: usize,
    /// Estimated bytes of game state held in all rooms, and of messages
    /// being read (`frame_bytes` for each room connection, the lobby's
    /// bound for each of its own).
    pub memory: usize,
    /// A room with no connection is dropped after this long.
    pub idle_room: Duration,
    /// A connection that takes longer than this to accept one frame is
    /// closed (a reader that never reads).
    pub send_timeout: Duration,
    /// Bytes of the read and the write buffer of each WebSocket (a frame
    /// longer than this is read or written in more than one go).
    pub socket_buffer: usize,
    /// How often the server pings; a connection silent for three of these
    /// is closed.
    pub ping: Duration,
    /// A live clock's opening: the side to move has this long to send its
    /// first message, else the game is aborted (30 s).
    pub first_move: Duration,
    /// A live game's side to move with no connection in the room for this
    /// long may be claimed against by the other player (60 s).
    pub away: Duration,
    /// Games a stranger may begin from one address in an hour (the
    /// accepting link's sender; loopback too if `cap_loopback`): each
    /// begun game is a row kept until it ends or is pruned.
    pub games_per_address_per_hour: u64,
    /// A key that let this many games abort in 24 hours (due to make the
    /// first move, and did not) may not take a challenge until
    /// [`Limits::playban`] after the latest: lichess's "playban", against
    /// taking every challenge and letting it lapse.
    pub playban_aborts: u64,
    /// How long such a key may not take challenges (1 hour).
    pub playban: Duration,
    /// Aborted games, and games nobody finished with no link for this long,
    /// are deleted (with players seen last before it who have no game,
    /// rating or challenge). Longer than any turn's deadline (14 days).
    pub retention: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            link_bytes: 64 * 1024,
            frame_bytes: 80 * 1024,
            frames_per_second: 10.0,
            frame_burst: 30.0,
            per_address: 64,
            cap_loopback: false,
            games_per_address_per_hour: 120,
            playban_aborts: 3,
            playban: Duration::from_secs(3_600),
            retention: Duration::from_secs(30 * 24 * 3600),
            connections: 20_000,
            rooms: 20_000,
            rooms_per_address: 32,
            memory: 512 * 1024 * 1024,
            idle_room: Duration::from_secs(30 * 60),
            send_timeout: Duration::from_secs(10),
            socket_buffer: 4 * 1024,
            ping: Duration::from_secs(20),
            first_move: Duration::from_secs(30),
            away: Duration::from_secs(60),
        }
    }
}

/// Estimated bytes of game state held in all rooms, against
/// [`Limits::memory`].
pub(super) struct Budget {
    held: AtomicUsize,
    most: usize,
}

impl Budget {
    pub(super) fn new(most: usize) -> Budget {
        Budget {
            held: AtomicUsize::new(0),
            most,
        }
    }

    /// Estimated bytes held now.
    pub(super) fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }

    /// Whether no new game may be taken.
    pub(super) fn full(&self) -> bool {
        self.held() >= self.most
    }

    /// Holds `bytes` more if they fit under the bound; whether they did.
    pub(super) fn hold(&self, bytes: usize) -> bool {
        let mut held = self.held();
        loop {
            if held.saturating_add(bytes) > self.most {
                return false;
            }
            match self.held.compare_exchange_weak(
                held,
                held + bytes,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(now) => held = now,
            }
        }
    }

    /// Something held grew from `before` to `after` bytes (added first, so
    /// the count never goes below zero).
    pub(super) fn change(&self, before: usize, after: usize) {
        self.held.fetch_add(after, Ordering::Relaxed);
        self.held.fetch_sub(before, Ordering::Relaxed);
    }
}
