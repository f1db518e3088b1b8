//! The bounds a stranger can make the server spend, and the counters
//! that hold them: the memory budget and each connection's frame rate.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::time::Instant;

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
    /// Rooms in all. When the table is full, the room idle longest (no
    /// connection, no live clock running) is dropped for a new one.
    pub rooms: usize,
    /// Rooms one address may have created that are still held (loopback
    /// too if `cap_loopback`). At the cap, its own room idle longest is
    /// dropped for a new one; if none is idle, it is turned away. So no
    /// address can fill the table and keep others from starting games.
    pub rooms_per_address: usize,
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
    /// A live clock's opening: the side to move has this long to send its
    /// first message, else the game is aborted (30 s).
    pub first_move: Duration,
    /// A live game's side to move with no connection in the room for this
    /// long may be claimed against by the other player (60 s).
    pub away: Duration,
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
            rooms_per_address: 32,
            memory: 512 * 1024 * 1024,
            idle_room: Duration::from_secs(30 * 60),
            send_timeout: Duration::from_secs(10),
            send_buffer: 128 * 1024,
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

    /// Something held grew from `before` to `after` bytes (added first, so
    /// the count never goes below zero).
    pub(super) fn change(&self, before: usize, after: usize) {
        self.held.fetch_add(after, Ordering::Relaxed);
        self.held.fetch_sub(before, Ordering::Relaxed);
    }
}

/// A token bucket: `burst` frames at once, `rate` a second after that.
pub(super) struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
    /// Whether the sender has been told since the bucket last ran dry.
    pub(super) told: bool,
}

impl Bucket {
    /// A full bucket for [`Limits::frames_per_second`] and
    /// [`Limits::frame_burst`], at `now`.
    pub(super) fn new(limits: &Limits, now: Instant) -> Bucket {
        Bucket {
            tokens: limits.frame_burst,
            at: now,
            rate: limits.frames_per_second,
            burst: limits.frame_burst,
            told: false,
        }
    }

    /// Takes a token for a frame at `now`; false when none is left.
    pub(super) fn take(&mut self, now: Instant) -> bool {
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
