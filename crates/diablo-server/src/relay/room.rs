//! One game's room: its latest verified link, the rematch offers made
//! after it, the game's terms, seats, clock and result, and the channels
//! its connections watch.

use super::archive::{ClockState, Over, Reason, Saved, Side, Terms};
use super::clock;
use super::limits::Budget;
use super::{Push, PushKind, Refusal, lock};
use crate::keys::{Key, Player};
use crate::time::Time;
use crate::wire::room::{BankMs, ClockMsg, ServerMsg};
use crate::wire::{Message as _, Out};
use diablo_corr::{Body, CorrError, Due, Game, Progress, Role};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, watch};
use tokio::time::Instant;

/// A room's latest link (or offer), and which connection sent it (so it
/// does not go back there).
#[derive(Debug, Clone)]
pub(super) struct Update {
    pub(super) msg: Out,
    pub(super) from: u64,
}

/// `{"link": …}`.
fn link_out(link: &Arc<str>) -> Out {
    ServerMsg::Link { link: link.clone() }.out()
}

/// `{"clock": …}`.
fn clock_out(state: &ClockState) -> Out {
    ServerMsg::Clock {
        clock: state.into(),
    }
    .out()
}

/// `{"over": …}`.
fn over_out(over: &Over) -> Out {
    ServerMsg::Over { over: *over }.out()
}

/// The limits a room's clock keeps, in milliseconds.
#[derive(Debug, Clone, Copy)]
pub(super) struct Timing {
    /// [`super::Limits::first_move`].
    pub(super) first_move_ms: i64,
    /// [`super::Limits::away`].
    pub(super) away_ms: i64,
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Timing {
    pub(super) fn of(limits: &super::Limits) -> Timing {
        Timing {
            first_move_ms: millis(limits.first_move),
            away_ms: millis(limits.away),
        }
    }
}

/// One game's room.
pub struct Room {
    id: String,
    /// The address that created the room, if it is counted against
    /// [`super::Limits::rooms_per_address`].
    pub(super) creator: Option<IpAddr>,
    timing: Timing,
    /// The relay's clock.
    time: Time,
    /// The board size of the game held, 0 before one is.
    pub(super) size: AtomicU8,
    state: Mutex<RoomState>,
    pub(super) links: watch::Sender<Option<Update>>,
    /// The latest rematch offer made after the game.
    pub(super) offers: watch::Sender<Option<Update>>,
    pub(super) peers: watch::Sender<usize>,
    /// The latest clock, for every connection.
    pub(super) clocks: watch::Sender<Option<Out>>,
    /// The result once the game is over, for every connection.
    pub(super) ends: watch::Sender<Option<Out>>,
    /// Taken while a link, a claim, a load or the clock's deadline is
    /// dealt with, across the archive's answers: one at a time, in order.
    pub(super) turn: tokio::sync::Mutex<()>,
    /// Whether the archive has been asked for this game.
    pub(super) loaded: AtomicBool,
    /// Wakes the room's timer when the clock changed.
    pub(super) rearm: Arc<Notify>,
    /// The room's one timer task, once a live clock runs.
    pub(super) timer: Mutex<Option<tokio::task::AbortHandle>>,
}

/// A game held, with its link as encoded once (shared with the message
/// that passes it on).
pub(super) struct Held {
    game: Game,
    link: Arc<str>,
}

impl Held {
    fn new(game: Game) -> Held {
        let link = game.encode().into();
        Held { game, link }
    }
}

/// Connections seated with one key, and when the last one left.
#[derive(Debug, Clone, Copy)]
struct Presence {
    here: usize,
    left_ms: i64,
}

/// Keys of watchers (not players) remembered after they left, at most.
const GONE_KEYS: usize = 16;

struct RoomState {
    /// The game held and its link. Read and replaced under the lock,
    /// never decoded, advanced or encoded there: that work, which a
    /// stranger can size, is done on a copy outside it (under the room's
    /// `turn`, so nothing else replaces the game meanwhile).
    game: Option<Arc<Held>>,
    /// Rematch offers kept after the game, the first of each player
    /// (inviter, accepter): the invitation link and the offer.
    offers: [Option<(String, Out)>; 2],
    /// Estimated bytes `game` and `offers` hold.
    cost: usize,
    /// When the last connection left.
    idle_since: Option<Instant>,
    /// The terms, fixed once the game has begun (two messages).
    terms: Option<Terms>,
    /// Who plays Black and Green, when known.
    seats: [Option<Player>; 2],
    /// The clock, for a clocked game that has begun.
    clock: Option<ClockState>,
    /// The result, once over.
    over: Option<Over>,
    /// When the latest link arrived (Unix ms).
    link_ms: i64,
    /// When the room was built (Unix ms): a player never seen here is away
    /// since then.
    built_ms: i64,
    /// Connections seated per key.
    presence: HashMap<Key, Presence>,
    /// Messages the archive holds of the game, as last read or written
    /// (0: none): a save is written over that state only.
    stored: usize,
    /// The link the archive holds (at `stored` messages) as far as this
    /// room knows: what it read, or the last link it handed to the writer.
    stored_link: Option<Arc<str>>,
    /// States handed to the writer and not yet kept: the room is held
    /// until they are.
    writes: usize,
    /// Whether the archive has yet to keep the latest state (a save
    /// failed): tried again, and the room is held until it is kept.
    unsaved: bool,
    /// Whether the result has been told (once kept).
    announced: bool,
    /// The messages of the game when its mover was last told their live
    /// clock is down to a fifth: once a move.
    warned: usize,
    /// [`Saved::bonus_start_ms`].
    bonus_start_ms: Option<i64>,
    /// [`Saved::address`].
    address: Option<String>,
    /// [`Saved::aborted_by`].
    aborted_by: Option<Side>,
}

/// What taking a link came to, for the caller to tell the archive.
#[derive(Debug, Default)]
pub(super) struct Taken {
    pub(super) progress: Option<Progress>,
    /// The game to save, with its new link.
    pub(super) saved: Option<Saved>,
    /// The game began on a lobby challenge's terms: tell the lobby.
    pub(super) challenge_taken: bool,
}

/// A link's circumstances: who sent it, what was learnt before taking it,
/// and when it arrived.
#[derive(Debug, Default)]
pub(super) struct Arrival {
    /// The sender's seat.
    pub(super) seat: Option<Player>,
    /// [`Room::prepare`]'s game for this link, if it was asked.
    pub(super) ready: Option<Game>,
    /// What the archive said of the game's terms when this link begins it
    /// (`None`: not asked, or none).
    pub(super) terms: Option<Terms>,
    /// When it arrived (Unix ms).
    pub(super) now_ms: i64,
    /// The sender's counted address, kept with a game this link begins.
    pub(super) address: Option<String>,
}

/// Estimated bytes a game holds: every position of its record and its
/// messages.
fn cost_of(game: &Game) -> usize {
    let n = usize::from(game.header().size);
    let positions = game.record().positions().len() + 1;
    positions * (n * n * 2 + 64) + game.messages().len() * 96 + 512
}

/// The wire's side for a colour (`Color::name` is "Black" or "Green").
pub(crate) fn side_named(name: &str) -> Side {
    if name.eq_ignore_ascii_case("black") {
        Side::Black
    } else {
        Side::Green
    }
}

fn index(side: Side) -> usize {
    usize::from(side == Side::Green)
}

/// A rematch offer as a room takes it ([`Room::take_rematch`]).
pub(super) struct Offer<'a> {
    /// The new game's invitation, read (at most [`INVITATION_BYTES`](crate::lobby::INVITATION_BYTES)).
    pub invite: Game,
    /// The sender's next chain value of the finished game, if sent.
    pub proof: Option<&'a str>,
    /// The key the sending connection is seated as, if any.
    pub key: Option<&'a Key>,
    /// The clock and rating its challenge was posted on, if one was.
    pub terms: Option<serde_json::Value>,
}

/// The side that sends `role`'s messages.
fn side_of(game: &Game, role: Role) -> Side {
    side_named(game.header().color_of(role).name())
}

/// The side whose message is due (the inviter's for the start message);
/// `None` before the game begins and once it is over.
fn running(game: &Game) -> Option<Side> {
    match game.due() {
        Due::Turn { color, .. } => Some(side_named(color.name())),
        Due::Start => Some(side_of(game, Role::Inviter)),
        Due::Accept | Due::Over { .. } => None,
    }
}

/// The result by the rules, if the game is over.
fn over_by_rules(game: &Game) -> Option<Over> {
    match game.due() {
        Due::Over { winner, resigned } => Some(Over {
            winner: Some(side_named(winner.name())),
            reason: if resigned {
                Reason::Resign
            } else {
                Reason::Checkers
            },
        }),
        _ => None,
    }
}

/// Turns among messages `from..` made after the opening (once both
/// sides had made a turn), by Black and by Green: the turns that add a
/// live clock's increment.
fn turns_since(game: &Game, from: usize) -> [u32; 2] {
    let mut n = [0; 2];
    let mut seen = [false; 2];
    for (j, m) in game.messages().iter().enumerate() {
        if matches!(m.body, Body::Turn(_)) {
            let side = index(side_of(game, Role::of_message(j)));
            if j >= from && seen == [true, true] {
                n[side] += 1;
            }
            seen[side] = true;
        }
    }
    n
}

/// Whether a side has yet to make its first turn (a live clock's opening).
fn opening(game: &Game) -> bool {
    let mut seen = [false; 2];
    for (j, m) in game.messages().iter().enumerate() {
        if matches!(m.body, Body::Turn(_)) {
            seen[index(side_of(game, Role::of_message(j)))] = true;
            if seen == [true, true] {
                return false;
            }
        }
    }
    true
}

/// No terms: an unclocked, casual game.
fn casual() -> Terms {
    Terms {
        clock: None,
        rated: false,
        poster: None,
    }
}

impl RoomState {
    /// The side the player with `key` is seated on in this game:
    /// [`Refusal::NotSeated`] for no key, or a key of neither seat.
    fn seat_of(&self, key: Option<&Key>) -> Result<Side, Refusal> {
        let key = key.ok_or(Refusal::NotSeated)?;
        [Side::Black, Side::Green]
            .into_iter()
            .find(|&s| self.seats[index(s)].as_ref().is_some_and(|p| p.key == *key))
            .ok_or(Refusal::NotSeated)
    }

    /// The game as the archive keeps it.
    fn saved(&self, id: &str) -> Option<Saved> {
        let held = self.game.as_ref()?;
        let game = &held.game;
        let [black, green] = self.seats.clone();
        Some(Saved {
            game: id.to_string(),
            link: held.link.to_string(),
            messages: game.messages().len(),
            at_ms: self.link_ms,
            size: game.header().size,
            edition: game.header().edition.name().to_string(),
            terms: self.terms.clone().unwrap_or_else(casual),
            black,
            green,
            clock: self.clock,
            over: self.over,
            stored: self.stored,
            bonus_start_ms: self.bonus_start_ms,
            address: self.address.clone(),
            aborted_by: self.aborted_by,
        })
    }

    /// The clock setting and state, when the game has both.
    fn clocked(&self) -> Option<(crate::clock::Clock, ClockState, bool)> {
        let c = self.terms.as_ref()?.clock?;
        let s = self.clock?;
        let opening = self.game.as_ref().is_none_or(|h| opening(&h.game));
        Some((c, s, opening))
    }

    /// The clock as it reads at `now_ms`, with the first move's time left
    /// while a live opening runs (of `first_move_ms`).
    fn clock_msg(&self, now_ms: i64, first_move_ms: i64) -> Option<Out> {
        let (c, s, opening) = self.clocked()?;
        let mut msg = ClockMsg::from(&clock::shown(c, &s, opening, now_ms));
        if c.is_live() && opening && s.running.is_some() {
            msg.first = Some((s.since_ms + first_move_ms - now_ms).clamp(0, first_move_ms));
        }
        if let crate::clock::Clock::Days { days, bank } = c {
            let black = clock::split(days, &s, Side::Black, now_ms);
            let green = clock::split(days, &s, Side::Green, now_ms);
            msg.black = black.turn_ms;
            msg.green = green.turn_ms;
            if bank > 0 {
                msg.bank_ms = Some(BankMs {
                    black: black.bank_ms,
                    green: green.bank_ms,
                });
            }
        }
        Some(ServerMsg::Clock { clock: msg }.out())
    }

    /// Since when the player with `key` has had no connection here
    /// (`None`: one is here now).
    fn away_since(&self, key: Option<&Key>) -> Option<i64> {
        match key.and_then(|k| self.presence.get(k)) {
            Some(p) if p.here > 0 => None,
            Some(p) => Some(p.left_ms),
            None => Some(self.built_ms),
        }
    }
}

impl Room {
    /// An empty room for game `id`, created by `creator`, on `time`.
    pub(super) fn new(id: &str, creator: Option<IpAddr>, timing: Timing, time: Time) -> Room {
        let built_ms = time.now_ms();
        Room {
            id: id.to_string(),
            creator,
            timing,
            time,
            size: AtomicU8::new(0),
            state: Mutex::new(RoomState {
                game: None,
                offers: [None, None],
                cost: 0,
                idle_since: None,
                terms: None,
                seats: [None, None],
                clock: None,
                over: None,
                link_ms: 0,
                built_ms,
                presence: HashMap::new(),
                stored: 0,
                stored_link: None,
                writes: 0,
                unsaved: false,
                announced: false,
                warned: 0,
                bonus_start_ms: None,
                address: None,
                aborted_by: None,
            }),
            links: watch::channel(None).0,
            offers: watch::channel(None).0,
            peers: watch::channel(0).0,
            clocks: watch::channel(None).0,
            ends: watch::channel(None).0,
            turn: tokio::sync::Mutex::new(()),
            loaded: AtomicBool::new(false),
            rearm: Arc::new(Notify::new()),
            timer: Mutex::new(None),
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

    /// A connection is seated for `key` (instead of `old`, if it was).
    pub(super) fn seat(&self, old: Option<&Key>, key: &Key, now_ms: i64) {
        let mut st = lock(&self.state);
        if let Some(old) = old {
            Self::unseat_in(&mut st, old, now_ms);
        }
        let p = st.presence.entry(key.clone()).or_insert(Presence {
            here: 0,
            left_ms: now_ms,
        });
        p.here += 1;
    }

    /// A connection seated for `key` left or was seated again.
    pub(super) fn unseat(&self, key: &Key, now_ms: i64) {
        Self::unseat_in(&mut lock(&self.state), key, now_ms);
    }

    fn unseat_in(st: &mut RoomState, key: &Key, now_ms: i64) {
        if let Some(p) = st.presence.get_mut(key) {
            p.here = p.here.saturating_sub(1);
            if p.here == 0 {
                p.left_ms = now_ms;
            }
        }
        if st.presence.len() > GONE_KEYS {
            let seats = st.seats.clone();
            st.presence
                .retain(|k, p| p.here > 0 || seats.iter().flatten().any(|s| s.key == *k));
        }
    }

    /// Whether a live clock runs: the room ends the game by itself, so it
    /// is not dropped while idle.
    fn clock_runs(st: &RoomState) -> bool {
        st.unsaved
            || st.writes > 0
            || st.over.is_none()
                && st
                    .clocked()
                    .is_some_and(|(c, s, _)| c.is_live() && s.running.is_some())
    }

    /// `saved`, a state of this room's game, goes to the writer: later
    /// saves are made over it. Returns the link the archive held before
    /// it, for what `saved` adds to it.
    pub(super) fn queued(&self, saved: &Saved) -> Option<Arc<str>> {
        let mut st = lock(&self.state);
        let prev = st.stored_link.clone();
        if saved.messages >= 2 {
            st.stored = saved.messages;
            if let Some(h) = st
                .game
                .as_ref()
                .filter(|h| h.game.messages().len() == saved.messages)
            {
                st.stored_link = Some(h.link.clone());
            }
        }
        st.writes += 1;
        prev
    }

    /// The archive kept `saved` (a state of this room's game), the last of
    /// `jobs` handed over: a result in it is told now, and not before.
    pub(super) fn kept(&self, saved: &Saved, jobs: usize) {
        let mut st = lock(&self.state);
        st.writes = st.writes.saturating_sub(jobs);
        if st
            .game
            .as_ref()
            .is_some_and(|h| h.game.messages().len() == saved.messages)
        {
            st.unsaved = false;
        }
        if let Some(over) = saved.over
            && st.over == Some(over)
            && !st.announced
        {
            st.announced = true;
            self.ends.send_replace(Some(over_out(&over)));
        }
    }

    /// The pushes `saved` calls for, now kept (docs/push.md), when the room
    /// still holds that state: the end to both players; the challenge
    /// taken to its poster (a game's first write); else the turn to the
    /// player due. Nobody with a connection here is told of a live game's
    /// turn, or of anything but a turn-based turn.
    pub(super) fn pushes_after(&self, saved: &Saved, first: bool) -> Vec<(Key, Push)> {
        let st = lock(&self.state);
        let Some(held) = st
            .game
            .as_ref()
            .filter(|h| h.game.messages().len() == saved.messages)
        else {
            return Vec::new();
        };
        let here = |key: &Key| st.presence.get(key).is_some_and(|p| p.here > 0);
        let seat = |side: Side| st.seats[index(side)].as_ref();
        let opponent = |side: Side| {
            seat(side.other())
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        let push = |kind, side: Side| Push {
            kind,
            game: self.id.clone(),
            link: held.link.clone(),
            opponent: opponent(side),
        };
        let mut out = Vec::new();
        if saved.over.is_some() {
            for side in [Side::Black, Side::Green] {
                if let Some(p) = seat(side).filter(|p| !here(&p.key)) {
                    out.push((p.key.clone(), push(PushKind::Over, side)));
                }
            }
            return out;
        }
        let terms = st.terms.as_ref();
        if first {
            if let Some(poster) = terms
                .and_then(|t| t.poster.as_ref())
                .filter(|p| !here(&p.key))
                && let Some(side) = [Side::Black, Side::Green]
                    .into_iter()
                    .find(|&s| seat(s).is_some_and(|p| p.key == poster.key))
            {
                out.push((poster.key.clone(), push(PushKind::Taken, side)));
            }
            return out;
        }
        let live = terms.and_then(|t| t.clock).is_some_and(|c| c.is_live());
        if let Some(due) = running(&held.game)
            && let Some(p) = seat(due).filter(|p| !(live && here(&p.key)))
        {
            out.push((p.key.clone(), push(PushKind::Turn, due)));
        }
        out
    }

    /// A save failed: the room is held, and its state saved again later.
    pub(super) fn unsaved(&self) {
        lock(&self.state).unsaved = true;
    }

    /// The archive holds another state of the game than this room's (another
    /// instance moved it on or ended it): the room forgets its game, to read
    /// it again before it takes anything.
    pub(super) fn forget(&self, memory: &Budget) {
        let mut st = lock(&self.state);
        memory.change(st.cost, 0);
        st.cost = 0;
        st.game = None;
        st.terms = None;
        st.seats = [None, None];
        st.clock = None;
        st.over = None;
        st.stored = 0;
        st.stored_link = None;
        st.writes = 0;
        st.unsaved = false;
        st.announced = false;
        st.bonus_start_ms = None;
        st.address = None;
        st.aborted_by = None;
        self.loaded.store(false, Ordering::Release);
    }

    /// The estimated bytes the room holds if it has had no connection for
    /// `idle` at `now` and runs no live clock (and may go), else `None`.
    pub(super) fn expired(&self, now: Instant, idle: Duration) -> Option<usize> {
        let st = lock(&self.state);
        (!Self::clock_runs(&st) && st.idle_since.is_some_and(|t| now.duration_since(t) >= idle))
            .then_some(st.cost)
    }

    /// Since when the room has had no connection, if it may be dropped for
    /// a new one (no live clock running).
    pub(super) fn idle_since(&self) -> Option<Instant> {
        let st = lock(&self.state);
        if Self::clock_runs(&st) {
            return None;
        }
        st.idle_since
    }

    /// The estimated bytes the room holds.
    pub(super) fn cost(&self) -> usize {
        lock(&self.state).cost
    }

    /// The room is dropped: its timer stops.
    pub(super) fn stop(&self) {
        if let Some(t) = lock(&self.timer).take() {
            t.abort();
        }
    }

    /// The rematch offers kept.
    pub(super) fn kept_offers(&self) -> Vec<Out> {
        let st = lock(&self.state);
        st.offers.iter().flatten().map(|(_, f)| f.clone()).collect()
    }

    /// What a connection gets after the link, offers and count: the clock
    /// as it reads at `now_ms` and the result, when the room has them.
    pub(super) fn greeting(&self, now_ms: i64) -> Vec<Out> {
        let st = lock(&self.state);
        let clock = st.clock_msg(now_ms, self.timing.first_move_ms);
        let over = st.over.as_ref().filter(|_| st.announced).map(over_out);
        clock.into_iter().chain(over).collect()
    }

    /// When the room's timer must look next, Unix ms: when the game ends
    /// by itself if nothing comes first (a live clock's flag or
    /// first-move limit), or before that when its mover is down to a
    /// fifth of the time ([`Room::warning`]).
    pub(super) fn next_deadline(&self) -> Option<i64> {
        let st = lock(&self.state);
        if st.over.is_some() {
            return None;
        }
        let (c, s, opening) = st.clocked()?;
        let end = clock::deadline(c, &s, opening, self.timing.first_move_ms).map(|(at, _)| at);
        [end, Self::warn_at(&st)].into_iter().flatten().min()
    }

    /// When the mover of a live game is down to a fifth of its time, if
    /// not yet told this move.
    fn warn_at(st: &RoomState) -> Option<i64> {
        let messages = st.game.as_ref()?.game.messages().len();
        let (c, s, opening) = st.clocked()?;
        (st.warned != messages)
            .then(|| clock::warning(c, &s, opening))
            .flatten()
    }

    /// At `now_ms`, the "time" push its live clock calls for (docs/push.md):
    /// once a move, when the mover is down to a fifth of the initial time,
    /// to the mover if no connection of theirs is here.
    pub(super) fn warning(&self, now_ms: i64) -> Option<(Key, Push)> {
        let mut st = lock(&self.state);
        if st.over.is_some() || Self::warn_at(&st).is_none_or(|at| now_ms < at) {
            return None;
        }
        let held = st.game.clone()?;
        st.warned = held.game.messages().len();
        let due = st.clock?.running?;
        let mover = st.seats[index(due)].as_ref()?;
        if st.presence.get(&mover.key).is_some_and(|p| p.here > 0) {
            return None;
        }
        let opponent = st.seats[index(due.other())]
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_default();
        Some((
            mover.key.clone(),
            Push {
                kind: PushKind::Time,
                game: self.id.clone(),
                link: held.link.clone(),
                opponent,
            },
        ))
    }

    /// Whether the game is over.
    pub(super) fn is_over(&self) -> bool {
        lock(&self.state).over.is_some()
    }

    /// Whether a live clock runs.
    pub(super) fn live_clock(&self) -> bool {
        Self::clock_runs(&lock(&self.state))
    }

    /// Ends the game if its clock's deadline has passed at `now_ms`;
    /// returns what to save then.
    pub(super) fn expire(&self, now_ms: i64) -> Option<Saved> {
        let mut st = lock(&self.state);
        if st.over.is_some() {
            return None;
        }
        let (c, s, opening) = st.clocked()?;
        let (at, over) = clock::deadline(c, &s, opening, self.timing.first_move_ms)?;
        if now_ms < at {
            return None;
        }
        let stopped = clock::stop(c, &s, opening, at);
        self.end(&mut st, over, stopped)
    }

    /// Ends the game with `over`, the clock stopped as `stopped`: tells
    /// every connection and returns what to save.
    fn end(&self, st: &mut RoomState, over: Over, stopped: ClockState) -> Option<Saved> {
        if over.reason == Reason::Aborted {
            // The side whose first move did not come.
            st.aborted_by = st.clock.and_then(|c| c.running);
        }
        st.over = Some(over);
        if st.clock.is_some() {
            st.clock = Some(stopped);
            self.clocks.send_replace(Some(clock_out(&stopped)));
        }
        // Told once kept (Room::kept).
        self.rearm.notify_one();
        st.saved(&self.id)
    }

    /// A resignation at `now_ms` by the player with `key`, whoever is to
    /// move (the links let a player resign on their own turn only; lichess
    /// and Board Game Arena let a player resign at any time): the game
    /// ends, won by the other side. Returns what to save.
    pub(super) fn resign(&self, key: Option<&Key>, now_ms: i64) -> Result<Option<Saved>, Refusal> {
        let mut st = lock(&self.state);
        if st.over.is_some() {
            return Err(Refusal::Over);
        }
        let mine = st.seat_of(key)?;
        if st.game.as_ref().is_none_or(|h| h.game.messages().len() < 2) {
            return Err(Refusal::TooEarly("the game has not begun"));
        }
        let over = Over {
            winner: Some(mine.other()),
            reason: Reason::Resign,
        };
        let stopped = match st.clocked() {
            Some((c, s, opening)) => clock::stop(c, &s, opening, now_ms),
            None => ClockState {
                black_ms: 0,
                green_ms: 0,
                running: None,
                since_ms: now_ms,
            },
        };
        Ok(self.end(&mut st, over, stopped))
    }

    /// A claim at `now_ms` by the player with `key`: the game ends if the
    /// other player is to move and away past the limit (live) or past
    /// their deadline (turn-based). Returns what to save.
    pub(super) fn claim(&self, key: Option<&Key>, now_ms: i64) -> Result<Option<Saved>, Refusal> {
        let mut st = lock(&self.state);
        if st.over.is_some() {
            return Err(Refusal::Over);
        }
        let mine = st.seat_of(key)?;
        let (c, s, opening) = st.clocked().ok_or(Refusal::TooEarly(
            "a game without a clock has no time limit",
        ))?;
        let other = mine.other();
        let away = st.away_since(st.seats[index(other)].as_ref().map(|p| &p.key));
        let over = clock::claim(c, &s, other, away, self.timing.away_ms, now_ms).map_err(|_| {
            Refusal::TooEarly(if c.is_live() {
                "the other player is not to move, or has not been away for the limit"
            } else {
                "the other player is not to move, or their deadline has not passed"
            })
        })?;
        let stopped = clock::stop(c, &s, opening, now_ms);
        Ok(self.end(&mut st, over, stopped))
    }

    /// Rebuilds the room from the archive's `saved` (its link already read
    /// as `game`) at `now_ms` on a server started at `started_ms`, the
    /// instance that held it having stopped at `down_ms` if known
    /// ([`clock::rebuilt`]), unless it holds a game already. Returns what
    /// to save again when the restart changed the clock.
    pub(super) fn rebuild(
        &self,
        saved: Saved,
        game: Game,
        memory: &Budget,
        (now_ms, started_ms): (i64, i64),
        down_ms: Option<i64>,
    ) -> Option<Saved> {
        let begun = game.messages().len() >= 2;
        let op = opening(&game);
        let size = game.header().size;
        let cost = cost_of(&game);
        let held = Arc::new(Held::new(game));
        let frame = link_out(&held.link);
        let mut st = lock(&self.state);
        if st.game.is_some() {
            return None;
        }
        self.size.store(size, Ordering::Relaxed);
        memory.change(st.cost, cost);
        st.cost = cost;
        st.link_ms = saved.at_ms;
        self.links.send_replace(Some(Update {
            msg: frame,
            from: 0,
        }));
        st.game = Some(held);
        st.seats = [saved.black, saved.green];
        if begun {
            st.terms = Some(saved.terms);
        }
        st.over = saved.over;
        st.clock = saved.clock;
        st.stored = saved.stored;
        st.stored_link = st.game.as_ref().map(|h| h.link.clone());
        st.address = saved.address;
        st.bonus_start_ms = saved.bonus_start_ms;
        st.aborted_by = saved.aborted_by;
        if let Some(over) = st.over {
            // Read from the archive: kept already.
            st.announced = true;
            self.ends.send_replace(Some(over_out(&over)));
            return None;
        }
        let c = st.terms.as_ref().and_then(|t| t.clock)?;
        let s = st.clock?;
        // Once per server start: a room built again on this start (after
        // it was dropped while idle) is as it was kept.
        let first_on_start = st.bonus_start_ms != Some(started_ms);
        match clock::rebuilt(c, &s, op, now_ms, down_ms, first_on_start) {
            Ok(again) if again == s => None,
            Ok(again) => {
                st.clock = Some(again);
                st.bonus_start_ms = Some(started_ms);
                st.saved(&self.id)
            }
            Err((over, stopped)) => self.end(&mut st, over, stopped),
        }
    }

    /// What the room holds: whether it is over, and its game.
    fn snapshot(&self) -> (bool, Option<Arc<Held>>) {
        let st = lock(&self.state);
        (st.over.is_some(), st.game.clone())
    }

    /// The game a link would make of a room holding fewer than two
    /// messages, checked but not kept (to learn whether it begins the
    /// game); `None` when the room holds more, is over, or the link adds
    /// nothing.
    pub(super) fn prepare(&self, link: &str, memory: &Budget) -> Result<Option<Game>, Refusal> {
        let (over, current) = self.snapshot();
        if over
            || current
                .as_ref()
                .is_some_and(|h| h.game.messages().len() >= 2)
        {
            return Ok(None);
        }
        self.extend(current.map(|h| h.game.clone()), link, memory)
    }

    /// `current` (a game of at most one message, or none) extended by
    /// `link`: `None` when it adds nothing.
    fn extend(
        &self,
        current: Option<Game>,
        link: &str,
        memory: &Budget,
    ) -> Result<Option<Game>, Refusal> {
        match current {
            Some(mut game) => match game.advance(link).map_err(Refusal::Link)? {
                Progress::Same => Ok(None),
                Progress::Newer(_) => Ok(Some(game)),
            },
            None => {
                if memory.full() {
                    return Err(Refusal::Full);
                }
                let game = Game::decode(link).map_err(Refusal::Link)?;
                if game.id_hex() != self.id {
                    return Err(Refusal::Link(CorrError::OtherGame));
                }
                Ok(Some(game))
            }
        }
    }

    /// Takes a link from connection `from` as it `arrived`: kept and
    /// passed on if it extends the room's game (or, in a room holding none,
    /// is a game of the room's id and `memory` has room for it).
    ///
    /// The caller holds the room's `turn`, so the game read at the start
    /// is still the room's at the end; the link is read and checked on a
    /// copy with no lock held, and the lock is taken only to install it.
    pub(super) fn take_link(
        &self,
        from: u64,
        link: &str,
        memory: &Budget,
        arrived: Arrival,
    ) -> Result<Taken, Refusal> {
        let Arrival {
            seat,
            ready,
            terms,
            now_ms: arrived_ms,
            address,
        } = arrived;
        let seat = seat.as_ref();
        let same = || Taken {
            progress: Some(Progress::Same),
            ..Taken::default()
        };
        let (over, current) = self.snapshot();
        let held = current.as_ref().map_or(0, |h| h.game.messages().len());
        if over {
            let Some(h) = current else {
                return Err(Refusal::Over);
            };
            let mut copy = h.game.clone();
            return match copy.advance(link) {
                Ok(Progress::Same) => Ok(same()),
                Ok(Progress::Newer(_)) | Err(CorrError::Unexpected { .. }) => Err(Refusal::Over),
                Err(e) => Err(Refusal::Link(e)),
            };
        }
        let next = match (&current, ready) {
            (Some(h), _) if held >= 2 => {
                let mut game = h.game.clone();
                match game.advance(link).map_err(Refusal::Link)? {
                    Progress::Same => return Ok(same()),
                    Progress::Newer(_) => game,
                }
            }
            (_, Some(g)) if g.messages().len() > held => g,
            _ => match self.extend(current.as_ref().map(|h| h.game.clone()), link, memory)? {
                Some(g) => g,
                None => return Ok(same()),
            },
        };
        // Everything about the new game that costs more than a glance,
        // before the lock.
        let added = next.messages().len() - held;
        let turns = turns_since(&next, held);
        let due = running(&next);
        let ended = over_by_rules(&next);
        let inviter = side_of(&next, Role::Inviter);
        let was_opening = current.as_ref().is_none_or(|h| opening(&h.game));
        let still_opening = opening(&next);
        let begun = next.messages().len() >= 2;
        let size = next.header().size;
        let cost = cost_of(&next);
        let next = Arc::new(Held::new(next));
        let frame = link_out(&next.link);
        // The mover is charged until the link arrived; the side due next
        // runs from now, when the link is relayed to it (a wait for the
        // room between the two is nobody's thinking time).
        let relayed_ms = self.time.now_ms().max(arrived_ms);
        let mut st = lock(&self.state);
        let unchanged = match (&st.game, &current) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !unchanged || st.over.is_some() {
            // Not while the caller holds `turn`; refused rather than
            // installed over a game it was not checked against.
            return Err(Refusal::Link(CorrError::Stale {
                link: held + added,
                stored: st.game.as_ref().map_or(0, |h| h.game.messages().len()),
            }));
        }
        let mut taken = Taken {
            progress: Some(Progress::Newer(added)),
            ..Taken::default()
        };
        if held >= 2 {
            if let Some(c) = st.terms.as_ref().and_then(|t| t.clock)
                && let Some(s) = st.clock
            {
                let mut after = clock::after_link(c, &s, was_opening, turns, due, arrived_ms);
                after.since_ms = relayed_ms;
                st.clock = Some(after);
            }
        } else if begun {
            taken.challenge_taken = terms.is_some();
            let terms = terms.unwrap_or_else(casual);
            if terms.rated && seat.is_none() {
                return Err(Refusal::Unseated);
            }
            if let Some(p) = &terms.poster {
                st.seats[index(inviter)] = Some(p.clone());
            }
            if let Some(p) = seat {
                st.seats[index(inviter.other())] = Some(p.clone());
            }
            st.clock = terms.clock.map(|c| {
                let s = clock::begin(c, due, relayed_ms);
                // A whole game arriving at once: its clock runs from now.
                if still_opening {
                    s
                } else {
                    clock::after_link(c, &s, true, [0, 0], due, relayed_ms)
                }
            });
            st.terms = Some(terms);
            st.address = address;
        } else if let Some(p) = seat
            && st.seats[index(inviter)].is_none()
        {
            // The invitation from a seated connection: its inviter.
            st.seats[index(inviter)] = Some(p.clone());
        }
        let st = &mut *st;
        st.over = ended;
        self.size.store(size, Ordering::Relaxed);
        st.game = Some(next);
        st.link_ms = arrived_ms;
        if st.over.is_some()
            && let Some(s) = st.clock.as_mut()
        {
            // Told once kept (Room::kept).
            s.running = None;
        }
        let before = std::mem::replace(&mut st.cost, cost);
        memory.change(before, cost);
        self.links.send_replace(Some(Update { msg: frame, from }));
        if let Some(clock) = st.clock_msg(relayed_ms, self.timing.first_move_ms) {
            self.clocks.send_replace(Some(clock));
        }
        self.rearm.notify_one();
        taken.saved = st.saved(&self.id);
        Ok(taken)
    }

    /// Takes a rematch offer from connection `from`: kept and passed on
    /// when the room's game is over and the offer comes from one of its
    /// players: shown by `proof` ([`Game::check_rematch`]), or, with no
    /// proof (a game the server ended: time, an abort, a claim, which the
    /// links do not show), by the connection's seat `key` being one of
    /// the game's two seats. The first offer of each player stands;
    /// `terms` (its challenge's clock and rating, if one was posted) go
    /// with it.
    ///
    /// The invitation comes read by the relay (at most
    /// [`INVITATION_BYTES`](crate::lobby::INVITATION_BYTES)), and is checked with no lock held.
    pub(super) fn take_rematch(
        &self,
        from: u64,
        offer: Offer<'_>,
        memory: &Budget,
    ) -> Result<(), Refusal> {
        let Offer {
            invite,
            proof,
            key,
            terms,
        } = offer;
        let (over, current) = self.snapshot();
        let Some(held) = current else {
            return Err(Refusal::Malformed(
                "a rematch needs the room's game, and the room holds none".into(),
            ));
        };
        if !over {
            return Err(Refusal::Malformed(
                "a rematch is offered once the game is over".into(),
            ));
        }
        let role = if let Some(proof) = proof {
            let value = diablo_corr::value_from_hex(proof).map_err(Refusal::Link)?;
            held.game
                .check_rematch(&value, &invite)
                .map_err(Refusal::Link)?
        } else {
            if invite.messages().len() != 1 {
                return Err(Refusal::Link(CorrError::NotInvitation {
                    messages: invite.messages().len(),
                }));
            }
            if invite.id_hex() == self.id {
                return Err(Refusal::Link(CorrError::OtherGame));
            }
            let side = lock(&self.state).seat_of(key)?;
            [Role::Inviter, Role::Accepter]
                .into_iter()
                .find(|&r| side_of(&held.game, r) == side)
                .unwrap_or(Role::Inviter)
        };
        let side = side_of(&held.game, role);
        let link = invite.encode();
        let proof = proof.map(|p| p.trim().to_string());
        let cost = 2 * link.len() + proof.as_ref().map_or(0, String::len) + 128;
        let frame = ServerMsg::Rematch {
            rematch: link.clone(),
            proof,
            from: side.name(),
            terms,
        }
        .out();
        let mut st = lock(&self.state);
        let slot = &mut st.offers[usize::from(role == Role::Accepter)];
        if let Some((kept, _)) = slot {
            return if *kept == link {
                Ok(())
            } else {
                Err(Refusal::Offered)
            };
        }
        *slot = Some((link, frame.clone()));
        st.cost += cost;
        memory.change(0, cost);
        self.offers.send_replace(Some(Update { msg: frame, from }));
        Ok(())
    }
}
