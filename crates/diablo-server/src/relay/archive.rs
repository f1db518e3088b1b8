//! What the relay keeps beyond the browsers, and where: the [`Archive`]
//! trait, which the database ([`crate::store`]) implements, and
//! [`MemoryArchive`] for tests.
//!
//! The relay writes a game's state after every accepted link (with the
//! server time it arrived) and when the game ends; a room built after a
//! restart, or on another instance, reads it back, clock included. A
//! lobby challenge's terms (clock, rated, poster) are read when its game's
//! room first sees a link, and [`Archive::taken`] is told when the
//! accepting link arrives, so the lobby drops the challenge.
//!
//! This file is the seam between the rooms and the database: add a method
//! (with a default body) rather than change one.

use crate::clock::Clock;
use crate::keys::Player;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;

/// A boxed future of what an archive answers.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// A side of the board, as the wire names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black.
    Black,
    /// Green.
    Green,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::Green,
            Side::Green => Side::Black,
        }
    }

    /// `"black"` or `"green"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::Green => "green",
        }
    }
}

/// How a game ended, as the wire names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// By the rules (a side's checkers).
    Checkers,
    /// A player resigned.
    Resign,
    /// A side's time ran out.
    Time,
    /// A player left and the other claimed the win.
    Abandoned,
    /// The first turn was not made in time: no result.
    Aborted,
}

/// A finished game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Over {
    /// The winner; `None` for an aborted game.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: Reason,
}

/// The terms a game is played on: set by a lobby challenge (or an
/// invitation's clock), fixed once the game has begun.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The clock; `None` for an unclocked game.
    pub clock: Option<Clock>,
    /// Whether the game counts in the ratings.
    pub rated: bool,
    /// Who posted the challenge (the inviter), if it came from the lobby.
    pub poster: Option<Player>,
}

/// A clock's state at an instant: milliseconds left to each side (for a
/// turn-based clock, to the running side's deadline), and which side's
/// time runs, since when (server time, Unix milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Black's milliseconds left at `since_ms`.
    pub black_ms: i64,
    /// Green's milliseconds left at `since_ms`.
    pub green_ms: i64,
    /// The side whose time runs, if any.
    pub running: Option<Side>,
    /// When these values held (Unix milliseconds, server time).
    pub since_ms: i64,
}

/// A game's state as the archive keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The game id, 32 hex digits.
    pub game: String,
    /// The latest accepted link (the whole game).
    pub link: String,
    /// How many messages `link` holds.
    pub messages: usize,
    /// When `link` arrived (Unix milliseconds, server time).
    pub at_ms: i64,
    /// The board size.
    pub size: u8,
    /// `"standard"` or `"sequenced"`.
    pub edition: String,
    /// The game's terms.
    pub terms: Terms,
    /// Who is seated as Black, if anyone.
    pub black: Option<Player>,
    /// Who is seated as Green, if anyone.
    pub green: Option<Player>,
    /// The clock, for a clocked game that has begun.
    pub clock: Option<ClockState>,
    /// The result, once over.
    pub over: Option<Over>,
    /// How many messages the archive held of this game when the room last
    /// read or wrote it (0: none). A save is written only over that state
    /// (compare-and-set): over anything else it is a [`Kept::Conflict`].
    #[serde(default)]
    pub stored: usize,
    /// The start (Unix ms) of the server that last gave the clock its
    /// restart bonus: given once per start, however often the room is
    /// built again.
    #[serde(default)]
    pub bonus_start_ms: Option<i64>,
    /// The (counted) address whose link began the game, kept for the bound
    /// on games begun per address per hour.
    #[serde(default)]
    pub address: Option<String>,
    /// The side that let the game abort: the one due to make the first
    /// move, which it did not make in time.
    #[serde(default)]
    pub aborted_by: Option<Side>,
}

/// What a save came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Written: the archive now holds this state.
    Written,
    /// Nothing to write: a game is kept once it has begun (two messages);
    /// an invitation nobody accepted is its inviter's browser's business.
    Unbegun,
    /// The archive holds another state than the one this save was made
    /// over (another instance moved the game on, or ended it): nothing was
    /// written, and the room reads the game again.
    Conflict,
}

/// What one link added to the text of the link before it: the first
/// `keep` bytes stay, `added` follows. A move adds about 25 characters
/// and changes the last few (the checksum's), so a game's steps together
/// are about its final link, where writing the whole link each move costs
/// its square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delta {
    /// Bytes of the link before that stay.
    pub keep: usize,
    /// What follows them.
    pub added: String,
}

impl Delta {
    /// What `next` adds to `prev`.
    #[must_use]
    pub fn between(prev: &str, next: &str) -> Delta {
        let keep = prev
            .char_indices()
            .zip(next.chars())
            .find(|((_, a), b)| a != b)
            .map_or_else(|| prev.len().min(next.len()), |((i, _), _)| i);
        // `keep` is a char boundary of `prev` and, the text before it being
        // the same, of `next`.
        Delta {
            keep,
            added: next.get(keep..).unwrap_or_default().to_string(),
        }
    }

    /// `prev` with this applied, or `None` if it keeps more than `prev`
    /// holds (a history that is not one).
    #[must_use]
    pub fn apply(&self, prev: &str) -> Option<String> {
        let kept = prev.get(..self.keep)?;
        Some(format!("{kept}{}", self.added))
    }
}

/// One link of a game written, with its arrival time and the clock after
/// it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// How many messages the link holds.
    pub messages: usize,
    /// When it arrived (Unix ms, server time).
    pub at_ms: i64,
    /// The clock after it, for a clocked game.
    pub clock: Option<ClockState>,
    /// What it added to the link before it (`None`: the whole link is
    /// written, as for the first write).
    pub delta: Option<Delta>,
}

/// A game's state to write and the links it adds to what the archive
/// holds (`saved.stored` messages), in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// The state.
    pub saved: Saved,
    /// The links since `saved.stored`, oldest first.
    pub steps: Vec<Step>,
}

/// How often an instance says it is running ([`Archive::stopped`]), ms.
pub const BEAT_MS: i64 = 1_000;
/// An instance silent for longer than this has stopped, ms.
pub const SILENT_MS: i64 = 3 * BEAT_MS;

/// The last word of the instance that last kept a game: its latest
/// heartbeat and whether it stopped in order (its last word then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holder {
    /// Its latest heartbeat (server time, Unix ms).
    pub beat_ms: i64,
    /// Whether it said it stopped.
    pub stopped: bool,
}

impl Holder {
    /// When it stopped, seen at `now_ms`: at its last heartbeat, if it
    /// said so or has been silent longer than [`SILENT_MS`]; `None` while
    /// it may be running.
    #[must_use]
    pub fn down_at(self, now_ms: i64) -> Option<i64> {
        (self.stopped || now_ms - self.beat_ms > SILENT_MS).then_some(self.beat_ms)
    }
}

/// Where the relay keeps games. Every method may fail (a database gone);
/// the relay then goes on from memory and logs it.
pub trait Archive: Send + Sync + 'static {
    /// The terms a lobby challenge set for game `game`, if one did.
    fn terms<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Terms>>;

    /// Game `game` as last saved.
    fn load<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Saved>>;

    /// Keeps `saved` once the game has begun, over the state it was made
    /// from (`saved.stored`): the first write keeps the terms and seats,
    /// and no later one changes them or a result recorded; when
    /// `new_link`, its link is also added to the game's history with its
    /// arrival time `saved.at_ms`.
    fn save<'a>(&'a self, saved: &'a Saved, new_link: bool) -> Answer<'a, Kept>;

    /// Keeps each of `batch` as [`Archive::save`] does, each game's links
    /// its `steps`; a database writes them in one transaction. A conflict
    /// is that write's answer; an error is the whole batch's.
    fn write<'a>(&'a self, batch: &'a [Write]) -> Answer<'a, Vec<Kept>> {
        Box::pin(async move {
            let mut kept = Vec::with_capacity(batch.len());
            for w in batch {
                kept.push(self.save(&w.saved, !w.steps.is_empty()).await?);
            }
            Ok(kept)
        })
    }

    /// Games begun from `address` since `since_ms`.
    fn begun_from<'a>(&'a self, address: &'a str, since_ms: i64) -> Answer<'a, u64> {
        let _ = (address, since_ms);
        Box::pin(async { Ok(0) })
    }

    /// How many games the player with `key` let abort (was due to move
    /// and did not) since `since_ms`, and when the latest ended.
    fn aborts_by<'a>(&'a self, key: &'a str, since_ms: i64) -> Answer<'a, (u64, Option<i64>)> {
        let _ = (key, since_ms);
        Box::pin(async { Ok((0, None)) })
    }

    /// The challenge for game `game` was taken (its accepting link
    /// arrived): the lobby drops it.
    fn taken<'a>(&'a self, game: &'a str) -> Answer<'a, ()>;

    /// `player` took a challenge from `address` (`None`: an address not
    /// counted, such as loopback): the database keeps the first address
    /// each key was seen from, for the ratings' farming limits.
    fn seen<'a>(&'a self, player: &'a Player, address: Option<&'a str>) -> Answer<'a, ()> {
        let _ = (player, address);
        Box::pin(async { Ok(()) })
    }

    /// The instance that last kept game `game`, if another than this
    /// one: when a room is rebuilt, the time it was down is nobody's
    /// (docs/live.md).
    fn holder<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Holder>> {
        let _ = game;
        Box::pin(async { Ok(None) })
    }

    /// Whether `player`'s name is an established player's other than
    /// theirs (names compared folded, [`crate::keys::fold`]): they may not
    /// take a challenge under it.
    fn name_held<'a>(&'a self, player: &'a Player) -> Answer<'a, bool> {
        let _ = player;
        Box::pin(async { Ok(false) })
    }
}

/// An archive in memory, for tests (and nothing else: it forgets all on
/// a restart).
#[derive(Default)]
pub struct MemoryArchive {
    /// Terms by game id, as a lobby would have set them.
    pub terms: Mutex<HashMap<String, Terms>>,
    /// Saved games by id.
    pub games: Mutex<HashMap<String, Saved>>,
    /// Every link saved, with its arrival time, in order.
    pub links: Mutex<Vec<(String, i64)>>,
    /// Games whose challenge was taken.
    pub taken: Mutex<Vec<String>>,
    /// The address and time of each game's first write.
    pub begun: Mutex<Vec<(String, i64)>>,
    /// While true, every save waits (a database that has not answered
    /// yet); set false, they go on.
    pub hold: tokio::sync::watch::Sender<bool>,
    /// How many games each [`Archive::write`] held (one transaction each
    /// on a database), in order.
    pub batches: Mutex<Vec<usize>>,
    /// The established players, whose names nobody else may take.
    pub established: Mutex<Vec<Player>>,
    /// The instance that last kept each game, as a test sets it (a
    /// database knows it from the writes and the heartbeats).
    pub holders: Mutex<HashMap<String, Holder>>,
}

impl Archive for MemoryArchive {
    fn holder<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Holder>> {
        let held = super::lock(&self.holders).get(game).copied();
        Box::pin(async move { Ok(held) })
    }

    fn terms<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Terms>> {
        Box::pin(async move { Ok(super::lock(&self.terms).get(game).cloned()) })
    }

    fn load<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Saved>> {
        Box::pin(async move { Ok(super::lock(&self.games).get(game).cloned()) })
    }

    fn save<'a>(&'a self, saved: &'a Saved, new_link: bool) -> Answer<'a, Kept> {
        Box::pin(async move {
            // The sender lives as long as `self`.
            let _ = self.hold.subscribe().wait_for(|held| !held).await;
            if saved.messages < 2 {
                return Ok(Kept::Unbegun);
            }
            let mut games = super::lock(&self.games);
            let mut next = saved.clone();
            next.stored = saved.messages;
            match games.get(&saved.game) {
                None if saved.stored == 0 => {
                    if let Some(a) = &saved.address {
                        super::lock(&self.begun).push((a.clone(), saved.at_ms));
                    }
                }
                None => return Ok(Kept::Conflict),
                Some(old) => {
                    if saved.stored == 0 || old.messages != saved.stored || old.over.is_some() {
                        return Ok(Kept::Conflict);
                    }
                    // Seats, terms and the address are the first write's.
                    next.terms = old.terms.clone();
                    next.black = old.black.clone();
                    next.green = old.green.clone();
                    next.address = old.address.clone();
                }
            }
            if new_link {
                super::lock(&self.links).push((saved.link.clone(), saved.at_ms));
            }
            games.insert(saved.game.clone(), next);
            Ok(Kept::Written)
        })
    }

    fn write<'a>(&'a self, batch: &'a [Write]) -> Answer<'a, Vec<Kept>> {
        Box::pin(async move {
            super::lock(&self.batches).push(batch.len());
            let mut kept = Vec::with_capacity(batch.len());
            for w in batch {
                kept.push(self.save(&w.saved, !w.steps.is_empty()).await?);
            }
            Ok(kept)
        })
    }

    fn begun_from<'a>(&'a self, address: &'a str, since_ms: i64) -> Answer<'a, u64> {
        Box::pin(async move {
            let begun = super::lock(&self.begun);
            let n = begun
                .iter()
                .filter(|(a, at)| a == address && *at >= since_ms)
                .count();
            Ok(u64::try_from(n).unwrap_or(u64::MAX))
        })
    }

    fn aborts_by<'a>(&'a self, key: &'a str, since_ms: i64) -> Answer<'a, (u64, Option<i64>)> {
        Box::pin(async move {
            let games = super::lock(&self.games);
            let ends: Vec<i64> = games
                .values()
                .filter(|g| g.over.is_some_and(|o| o.reason == Reason::Aborted))
                .filter(|g| {
                    let seat = match g.aborted_by {
                        Some(Side::Black) => &g.black,
                        Some(Side::Green) => &g.green,
                        None => &None,
                    };
                    seat.as_ref().is_some_and(|p| p.key.as_str() == key)
                })
                // The stopped clock holds when it ended.
                .map(|g| g.clock.map_or(g.at_ms, |c| c.since_ms))
                .filter(|&at| at > since_ms)
                .collect();
            Ok((
                u64::try_from(ends.len()).unwrap_or(u64::MAX),
                ends.into_iter().max(),
            ))
        })
    }

    fn taken<'a>(&'a self, game: &'a str) -> Answer<'a, ()> {
        Box::pin(async move {
            super::lock(&self.terms).remove(game);
            super::lock(&self.taken).push(game.to_string());
            Ok(())
        })
    }

    fn name_held<'a>(&'a self, player: &'a Player) -> Answer<'a, bool> {
        Box::pin(async move {
            let name = crate::keys::fold(&player.name);
            let holders: Vec<bool> = super::lock(&self.established)
                .iter()
                .filter(|p| crate::keys::fold(&p.name) == name)
                .map(|p| p.key == player.key)
                .collect();
            Ok(!holders.is_empty() && !holders.contains(&true))
        })
    }
}
