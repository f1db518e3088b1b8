//! One game's room: its latest verified link, the rematch offers made
//! after it, and the channels its connections watch.

use super::frame::{link_frame, rematch_frame};
use super::limits::Budget;
use super::{Refusal, lock};
use axum::extract::ws::Utf8Bytes;
use diablo_corr::{CorrError, Game, Progress};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A room's latest link (or offer) as a frame, and which connection sent
/// it (so it does not go back there).
#[derive(Debug, Clone)]
pub(super) struct Update {
    pub(super) frame: Utf8Bytes,
    pub(super) from: u64,
}

/// One game's room.
pub struct Room {
    id: String,
    /// The board size of the game held, 0 before one is.
    pub(super) size: AtomicU8,
    state: Mutex<RoomState>,
    pub(super) links: watch::Sender<Option<Update>>,
    /// The latest rematch offer made after the game.
    pub(super) offers: watch::Sender<Option<Update>>,
    pub(super) peers: watch::Sender<usize>,
}

struct RoomState {
    game: Option<Game>,
    /// Rematch offers kept after the game, the first of each player
    /// (inviter, accepter): the invitation link and the offer's frame.
    offers: [Option<(String, Utf8Bytes)>; 2],
    /// Estimated bytes `game` and `offers` hold.
    cost: usize,
    /// When the last connection left.
    idle_since: Option<Instant>,
}

/// Estimated bytes a game holds: every position of its record and its
/// messages.
fn cost_of(game: &Game) -> usize {
    let n = usize::from(game.header().size);
    let positions = game.record().positions().len() + 1;
    positions * (n * n * 2 + 64) + game.messages().len() * 96 + 512
}

impl Room {
    /// An empty room for game `id`.
    pub(super) fn new(id: &str) -> Room {
        Room {
            id: id.to_string(),
            size: AtomicU8::new(0),
            state: Mutex::new(RoomState {
                game: None,
                offers: [None, None],
                cost: 0,
                idle_since: None,
            }),
            links: watch::channel(None).0,
            offers: watch::channel(None).0,
            peers: watch::channel(0).0,
        }
    }

    /// The game id.
    pub(super) fn id(&self) -> &str {
        &self.id
    }

    /// A connection came in.
    pub(super) fn enter(&self) {
        self.peers.send_modify(|n| *n += 1);
        lock(&self.state).idle_since = None;
    }

    /// A connection left; the room is idle from `now` if it was the last.
    pub(super) fn leave(&self, now: Instant) {
        let mut left = 0;
        self.peers.send_modify(|n| {
            *n -= 1;
            left = *n;
        });
        if left == 0 {
            lock(&self.state).idle_since = Some(now);
        }
    }

    /// The estimated bytes the room holds if it has had no connection for
    /// `idle` at `now` (and may go), else `None`.
    pub(super) fn expired(&self, now: Instant, idle: Duration) -> Option<usize> {
        let st = lock(&self.state);
        st.idle_since
            .is_some_and(|t| now.duration_since(t) >= idle)
            .then_some(st.cost)
    }

    /// The rematch offers kept, as frames.
    pub(super) fn kept_offers(&self) -> Vec<Utf8Bytes> {
        let st = lock(&self.state);
        st.offers.iter().flatten().map(|(_, f)| f.clone()).collect()
    }

    /// Takes a link from connection `from`: kept and passed on if it
    /// extends the room's game (or, in a room holding none, is a game of
    /// the room's id and `memory` has room for it).
    pub(super) fn take_link(
        &self,
        from: u64,
        link: &str,
        memory: &Budget,
    ) -> Result<Progress, Refusal> {
        let mut st = lock(&self.state);
        let progress = match st.game.as_mut() {
            Some(game) => game.advance(link).map_err(Refusal::Link)?,
            None => {
                if memory.full() {
                    return Err(Refusal::Full);
                }
                let game = Game::decode(link).map_err(Refusal::Link)?;
                if game.id_hex() != self.id {
                    return Err(Refusal::Link(CorrError::OtherGame));
                }
                let n = game.messages().len();
                self.size.store(game.header().size, Ordering::Relaxed);
                st.game = Some(game);
                Progress::Newer(n)
            }
        };
        let st = &mut *st;
        if let (Progress::Newer(_), Some(game)) = (progress, st.game.as_ref()) {
            let cost = cost_of(game);
            let before = std::mem::replace(&mut st.cost, cost);
            memory.change(before, cost);
            self.links.send_replace(Some(Update {
                frame: Utf8Bytes::from(link_frame(&game.encode())),
                from,
            }));
        }
        Ok(progress)
    }

    /// Takes a rematch offer from connection `from`: kept and passed on
    /// when the room's game is over and `proof` shows the offer comes from
    /// one of its players ([`Game::check_rematch`]); the first offer of
    /// each player stands.
    pub(super) fn take_rematch(
        &self,
        from: u64,
        invitation: &str,
        proof: &str,
        memory: &Budget,
    ) -> Result<(), Refusal> {
        let mut st = lock(&self.state);
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
        memory.change(0, cost);
        self.offers.send_replace(Some(Update { frame, from }));
        Ok(())
    }
}
