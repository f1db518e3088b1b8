//! The lobby: open challenges, live, at `<prefix>lobby` (docs/lobby.md).
//!
//! Challenges are kept in the database ([`Store`]), so every instance on
//! one PostgreSQL shows the same ones and turn-based ones survive a
//! restart, and each instance holds all of them in memory too: a post's
//! bounds are counted there, with no query, posts are written side by
//! side (each in one transaction), and a post or withdrawal made here is
//! told to this instance's clients as soon as it is written. Each
//! instance looks at the table for the changes made elsewhere: a
//! challenge taken here, and on PostgreSQL another instance's changes (a
//! trigger notifies each, [`Store::listen`]), and every
//! [`LobbyLimits::poll`] for expiry. Clients are told
//! `{"hook": H}` for a new challenge, `{"gone": id}` for one that went,
//! each change once and in order (no post is written between a look's
//! read of the table and its telling), through a broadcast channel that
//! never waits for a slow reader (one that falls behind gets the whole
//! list again).
//!
//! - here: [`Lobby`] (the challenges shown, the connections, the look),
//!   [`LobbyLimits`];
//! - `connection`: the lobby's side of a socket ([`connection()`]);
//! - its wire is [`crate::wire::lobby`].

mod connection;
mod tournaments;

pub use crate::admit::Turnaway;
pub use crate::wire::lobby::{
    ClientMsg, INVITATION_BYTES, LobbyRefusal, ServerMsg, bot_text, hook_text, owner_text, read,
    withdraw_text,
};
pub use connection::connection;
pub use tournaments::{decided, played, tournament_json};

use crate::address::Client;
use crate::keys::Player;
use crate::relay::{Archive as _, Saved};
use crate::store::{Challenge, Hook, HookCounts, HookEntry, Store};
use crate::time::Time;
use crate::wire::{Message as _, Out};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every change under these locks is whole: a poisoned one is taken.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Bounds on what a stranger can make the lobby spend, and its timings.
#[derive(Debug, Clone)]
pub struct LobbyLimits {
    /// Longest frame taken, in bytes; up to four times this is read and
    /// refused (`too-large`), longer closes the connection.
    pub frame_bytes: usize,
    /// Frames per second a connection may send, on average…
    pub frames_per_second: f64,
    /// …and in a burst.
    pub frame_burst: f64,
    /// Open lobby connections from one address (loopback too if
    /// `cap_loopback`).
    pub per_address: usize,
    /// Whether `per_address` and `hooks_per_address` apply to loopback
    /// addresses.
    pub cap_loopback: bool,
    /// Open lobby connections in all.
    pub connections: usize,
    /// Open challenges in all (every instance on the database).
    pub hooks: usize,
    /// Open challenges posted from one address, so that no address can
    /// keep others from posting.
    pub hooks_per_address: usize,
    /// Open turn-based challenges of one player (key).
    pub turn_based_per_key: usize,
    /// Open unlisted challenges (friends' invitations on a clock) of one
    /// player.
    pub unlisted_per_key: usize,
    /// A live challenge goes after this long at most…
    pub live_ttl: Duration,
    /// …and this long after its poster's connection closed.
    pub live_grace: Duration,
    /// A turn-based challenge goes after this long.
    pub turn_based_ttl: Duration,
    /// How often the lobby looks at the database by itself (for
    /// challenges expired, and refreshes); every change is told at once,
    /// in process or by PostgreSQL ([`Store::listen`]).
    pub poll: Duration,
    /// How often an instance refreshes the live challenges it holds…
    pub heartbeat: Duration,
    /// …and after how long without a refresh any instance drops one.
    pub stale: Duration,
    /// Changes a client may fall behind by before it is sent the whole
    /// list again.
    pub backlog: usize,
    /// A connection that takes longer than this to accept one frame is
    /// closed.
    pub send_timeout: Duration,
    /// How often the server pings; a connection silent for three of these
    /// is closed.
    pub ping: Duration,
    /// Bytes of each socket's read and write buffer.
    pub socket_buffer: usize,
}

impl Default for LobbyLimits {
    fn default() -> LobbyLimits {
        LobbyLimits {
            frame_bytes: 8 * 1024,
            frames_per_second: 2.0,
            frame_burst: 10.0,
            per_address: 16,
            cap_loopback: false,
            connections: 10_000,
            hooks: 5_000,
            hooks_per_address: 10,
            turn_based_per_key: 5,
            unlisted_per_key: 10,
            live_ttl: Duration::from_secs(15 * 60),
            live_grace: Duration::from_secs(3),
            turn_based_ttl: Duration::from_secs(24 * 60 * 60),
            // Changes are told (in process; by PostgreSQL between
            // instances): the look on its own is for expiry and refreshes.
            poll: Duration::from_secs(2),
            heartbeat: Duration::from_secs(2),
            stale: Duration::from_secs(10),
            backlog: 256,
            send_timeout: Duration::from_secs(10),
            ping: Duration::from_secs(20),
            socket_buffer: 4 * 1024,
        }
    }
}

/// The challenges this instance's clients have been shown.
#[derive(Default)]
struct Shown {
    /// By game: when posted (for the order of the list) and `H`.
    hooks: HashMap<String, (i64, String, serde_json::Value)>,
    /// `{"hooks": […]}`, made when first asked for after a change.
    list: Option<Out>,
}

impl Shown {
    fn list(&mut self) -> Out {
        if let Some(list) = &self.list {
            return list.clone();
        }
        let mut all: Vec<_> = self.hooks.values().collect();
        all.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let hooks = all.into_iter().map(|h| h.2.clone()).collect();
        let list = ServerMsg::Hooks { hooks }.out();
        self.list = Some(list.clone());
        list
    }
}

/// Every open challenge, listed or not, on every instance, as the last
/// look read the table, and those being posted here: what a post's
/// bounds are counted by, with no query.
#[derive(Default)]
struct Open {
    /// By game, as kept.
    rows: HashMap<String, HookEntry>,
    /// By game, checked and being written.
    reserved: HashMap<String, HookEntry>,
}

impl Open {
    fn get(&self, game: &str) -> Option<&HookEntry> {
        self.rows.get(game).or_else(|| self.reserved.get(game))
    }

    /// What counts against a new challenge from `address` by `key`; a
    /// live one replaces the poster's live ones, which do not count.
    fn counts(&self, address: &str, key: &str, live: bool) -> HookCounts {
        let mut c = HookCounts {
            all: 0,
            address: 0,
            turn_based: 0,
            unlisted: 0,
        };
        for e in self.rows.values().chain(self.reserved.values()) {
            if live && e.live && e.key == key {
                continue;
            }
            c.all += 1;
            c.address += usize::from(e.address == address);
            c.turn_based += usize::from(e.key == key && !e.live && e.listed);
            c.unlisted += usize::from(e.key == key && !e.listed);
        }
        c
    }
}

/// A live challenge held here: its poster's connection, and when it goes
/// once that connection has closed.
struct Held {
    conn: u64,
    release_at: Option<Instant>,
}

/// The lobby of one instance.
pub struct Lobby {
    store: Arc<Store>,
    limits: LobbyLimits,
    /// The clock its looks, grace, expiry and rates read.
    time: Time,
    /// This instance's name in the hooks table (random per process).
    instance: String,
    shown: Mutex<Shown>,
    events: broadcast::Sender<Out>,
    held: Mutex<HashMap<String, Held>>,
    open: Mutex<Open>,
    /// One look at the database (write), or posts side by side (read): no
    /// post is written between a look's read of the table and its change
    /// of what is shown.
    looking: tokio::sync::RwLock<LookState>,
    addresses: Mutex<HashMap<IpAddr, usize>>,
    connections: AtomicUsize,
    next_id: AtomicU64,
    closing: watch::Sender<bool>,
    /// Whether the last look failed (logged once per failure spell).
    failing: AtomicBool,
    /// Whether the looking task ([`Lobby::run`]) waits for its next look.
    waiting: watch::Sender<bool>,
    /// Each connection's own frames (a tournament's pairings), by id.
    direct: Mutex<HashMap<u64, tokio::sync::mpsc::Sender<Out>>>,
    /// The connection each tournament player last joined from, by key.
    routes: Mutex<HashMap<String, u64>>,
    /// Woken when a tournament is created (its start may be the next).
    tournaments_changed: tokio::sync::Notify,
}

struct LookState {
    last_beat: Option<Instant>,
    last_expiry: Option<Instant>,
}

/// How often a look drops expired challenges (a write: under load, the
/// looks that other instances' changes ask for do without it).
const EXPIRY_EVERY: Duration = Duration::from_secs(1);

/// A connection's place in the lobby; dropping it lets its live
/// challenges go after [`LobbyLimits::live_grace`].
pub struct Pass {
    lobby: Arc<Lobby>,
    addr: Option<IpAddr>,
    client: IpAddr,
    id: u64,
    nonce: String,
}

impl Pass {
    /// The connection's number.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The client's address.
    #[must_use]
    pub fn client(&self) -> IpAddr {
        self.client
    }

    /// The connection's fresh value, which its withdrawals sign.
    #[must_use]
    pub fn nonce(&self) -> &str {
        &self.nonce
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let lobby = &self.lobby;
        lobby.connections.fetch_sub(1, Ordering::Relaxed);
        if let Some(a) = self.addr {
            let mut m = lock(&lobby.addresses);
            if let Some(n) = m.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&a);
                }
            }
        }
        lock(&lobby.direct).remove(&self.id);
        let at = lobby.time.now() + lobby.limits.live_grace;
        for held in lock(&lobby.held).values_mut() {
            if held.conn == self.id && held.release_at.is_none() {
                held.release_at = Some(at);
            }
        }
    }
}

impl Lobby {
    /// A lobby on `store`; [`Lobby::run`] keeps it in step with the
    /// database.
    #[must_use]
    pub fn new(store: Arc<Store>, limits: LobbyLimits) -> Arc<Lobby> {
        Lobby::with_time(store, limits, Time::system())
    }

    /// A lobby on `store` that reads `time`.
    #[must_use]
    pub fn with_time(store: Arc<Store>, limits: LobbyLimits, time: Time) -> Arc<Lobby> {
        let instance = format!("{:016x}", rand::random::<u64>());
        Arc::new(Lobby {
            store,
            events: broadcast::channel(limits.backlog.max(1)).0,
            limits,
            time,
            instance,
            shown: Mutex::new(Shown::default()),
            held: Mutex::new(HashMap::new()),
            open: Mutex::new(Open::default()),
            looking: tokio::sync::RwLock::new(LookState {
                last_beat: None,
                last_expiry: None,
            }),
            addresses: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
            closing: watch::channel(false).0,
            failing: AtomicBool::new(false),
            waiting: watch::channel(false).0,
            direct: Mutex::new(HashMap::new()),
            routes: Mutex::new(HashMap::new()),
            tournaments_changed: tokio::sync::Notify::new(),
        })
    }

    /// The database it keeps its challenges in (the games and ratings
    /// too).
    #[must_use]
    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> &LobbyLimits {
        &self.limits
    }

    /// The clock it reads.
    #[must_use]
    pub fn time(&self) -> &Time {
        &self.time
    }

    /// Whether the looking task ([`Lobby::run`]) is waiting for its next
    /// look (not looking, and not about to).
    #[must_use]
    pub fn is_settled(&self) -> bool {
        *self.waiting.borrow()
    }

    /// Completes once the looking task is waiting for its next look. A
    /// test on a [`Time::manual`] waits for this before it advances the
    /// time (on a current-thread runtime, with no await in between), so
    /// that the next look is at the time advanced to, not before it.
    pub async fn settled(&self) {
        let mut waiting = self.waiting.subscribe();
        // The lobby holds the sender.
        let _ = waiting.wait_for(|w| *w).await;
    }

    /// This instance's name in the database.
    #[must_use]
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Open lobby connections now.
    #[must_use]
    pub fn connection_count(&self) -> usize {
        self.connections.load(Ordering::Relaxed)
    }

    /// Challenges shown now.
    #[must_use]
    pub fn hook_count(&self) -> usize {
        lock(&self.shown).hooks.len()
    }

    /// Lets a connection from `client` (an address: a direct connection) in.
    ///
    /// # Errors
    /// [`Turnaway`] when a bound is reached or the server is closing.
    pub fn enter(self: &Arc<Lobby>, client: impl Into<Client>) -> Result<Pass, Turnaway> {
        if *self.closing.borrow() {
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
        // From here the pass undoes the counts when dropped.
        self.connections.fetch_add(1, Ordering::Relaxed);
        let pass = Pass {
            lobby: self.clone(),
            addr: counted,
            client: addr,
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            nonce: format!("{:032x}", rand::random::<u128>()),
        };
        if self.connections.load(Ordering::Relaxed) > self.limits.connections {
            return Err(Turnaway::Busy);
        }
        Ok(pass)
    }

    /// A new subscriber to the changes, and the whole list to send first
    /// (`{"hooks": […]}`), taken at the same instant.
    fn watch(&self) -> (broadcast::Receiver<Out>, Out) {
        let mut shown = lock(&self.shown);
        (self.events.subscribe(), shown.list())
    }

    /// Looks at the database: lets go of the live challenges whose poster
    /// left here, refreshes the ones held here, drops those expired
    /// anywhere, and tells the clients every challenge that came or went
    /// since the last look.
    ///
    /// # Errors
    /// The database's (the next look tries again).
    pub async fn look(&self) -> anyhow::Result<()> {
        let mut state = self.looking.write().await;
        let now = self.time.now();
        let due: Vec<(String, u64)> = {
            let mut held = lock(&self.held);
            let due = held
                .iter()
                .filter(|(_, h)| h.release_at.is_some_and(|at| at <= now))
                .map(|(g, h)| (g.clone(), h.conn))
                .collect::<Vec<_>>();
            for (g, _) in &due {
                held.remove(g);
            }
            due
        };
        for (i, (game, conn)) in due.iter().enumerate() {
            if let Err(e) = self.store.release_hook(game, (&self.instance, *conn)).await {
                // Tried again at the next look.
                let mut held = lock(&self.held);
                for (game, conn) in &due[i..] {
                    held.insert(
                        game.clone(),
                        Held {
                            conn: *conn,
                            release_at: Some(now),
                        },
                    );
                }
                return Err(e);
            }
        }
        let ms = self.time.now_ms();
        if state
            .last_beat
            .is_none_or(|at| now.duration_since(at) >= self.limits.heartbeat)
        {
            self.store.heartbeat(&self.instance, ms).await?;
            state.last_beat = Some(now);
        }
        if state
            .last_expiry
            .is_none_or(|at| now.duration_since(at) >= EXPIRY_EVERY)
        {
            let stale = i64::try_from(self.limits.stale.as_millis()).unwrap_or(i64::MAX);
            self.store
                .expire_hooks(ms, ms.saturating_sub(stale))
                .await?;
            state.last_expiry = Some(now);
        }
        let index = self.store.hook_index().await?;
        let open: HashSet<String> = index
            .iter()
            .filter(|(_, e)| e.listed)
            .map(|(g, _)| g.clone())
            .collect();
        lock(&self.open).rows = index.into_iter().collect();
        let new: Vec<String> = {
            let shown = lock(&self.shown);
            open.iter()
                .filter(|g| !shown.hooks.contains_key(*g))
                .cloned()
                .collect()
        };
        let mut came = Vec::new();
        if new.len() > 16 {
            came = self.store.hooks().await?;
            came.retain(|h| new.contains(&h.challenge.game));
        } else {
            for game in &new {
                if let Some(h) = self.store.hook(game).await? {
                    came.push(h);
                }
            }
        }
        lock(&self.held).retain(|g, _| open.contains(g));
        let mut shown = lock(&self.shown);
        let went: Vec<String> = shown
            .hooks
            .keys()
            .filter(|g| !open.contains(*g))
            .cloned()
            .collect();
        came.sort_by(|a, b| {
            (a.posted_ms, &a.challenge.game).cmp(&(b.posted_ms, &b.challenge.game))
        });
        self.tell(&mut shown, &went, &came);
        Ok(())
    }

    /// [`Lobby::look`], logging a failure once per spell of them.
    async fn look_logged(&self) {
        match self.look().await {
            Ok(()) => {
                if self.failing.swap(false, Ordering::Relaxed) {
                    tracing::info!("the lobby reaches its database again");
                }
            }
            Err(e) => {
                if !self.failing.swap(true, Ordering::Relaxed) {
                    tracing::warn!("the lobby cannot look at its database: {e:#}");
                }
            }
        }
    }

    /// Looks every [`LobbyLimits::poll`], and at once when a challenge was
    /// taken here, until the server closes.
    pub async fn run(self: Arc<Lobby>) {
        let mut closing = self.closing.subscribe();
        loop {
            self.look_logged().await;
            self.waiting.send_replace(true);
            tokio::select! {
                () = self.time.sleep(self.limits.poll) => {}
                () = self.store.changes().notified() => {}
                () = closing_begun(&mut closing) => return,
            }
            self.waiting.send_replace(false);
        }
    }

    /// Takes a challenge posted on connection `pass`: checks its bounds,
    /// replaces the poster's earlier live one, keeps it and shows it. A
    /// challenge its poster posted already (back after a reload) is held
    /// by this connection again, and its `{"hook": H}` is the answer. An
    /// unlisted one (a friend's invitation on a clock) is kept for its
    /// game's terms, never shown, never held, and `{"kept": game}` is the
    /// answer.
    ///
    /// # Errors
    /// [`LobbyRefusal`] saying why it was not taken.
    pub async fn post(
        &self,
        pass: &Pass,
        challenge: Challenge,
    ) -> Result<Option<Out>, LobbyRefusal> {
        // Posts go side by side; a look waits for those being written.
        let _posting = self.looking.read().await;
        let store = &self.store;
        let game = challenge.game.clone();
        let key = challenge.player.key.as_str();
        let listed = challenge.listed;
        // Held by this connection, and replacing the poster's earlier one.
        let live = challenge.held();
        let holder = (self.instance.as_str(), pass.id);
        let now = self.time.now_ms();
        let known = lock(&self.open).get(&game).is_some();
        if known {
            return self.open_already(pass, &challenge).await;
        }
        let (begun, held) = tokio::join!(
            store.has_game(&game),
            store.name_held(&challenge.player.name, key)
        );
        if begun.map_err(unavailable)? {
            return Err(LobbyRefusal::Exists(
                "this invitation's game has begun".into(),
            ));
        }
        // Nobody posts under an established player's name but they.
        if held.map_err(unavailable)? {
            return Err(LobbyRefusal::NameTaken(challenge.player.name.clone()));
        }
        if let Some(of) = &challenge.rematch {
            self.check_rematch(of, &challenge).await?;
        }
        let address = pass.client.to_string();
        let entry = HookEntry {
            key: key.to_string(),
            address: address.clone(),
            listed,
            live,
        };
        // The bounds, counted in memory; the challenge counts from here
        // until it is written (or not).
        {
            let mut open = lock(&self.open);
            if open.get(&game).is_some() {
                return Err(LobbyRefusal::Exists(
                    "a challenge for this game is open".into(),
                ));
            }
            self.within_bounds(&open.counts(&address, key, live), pass, listed, live)?;
            open.reserved.insert(game.clone(), entry.clone());
        }
        // An unlisted one waits for the friend as long as a turn-based one.
        let ttl = if live {
            self.limits.live_ttl
        } else {
            self.limits.turn_based_ttl
        };
        let mut hook = Hook {
            posted_ms: now,
            expires_ms: now.saturating_add(i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX)),
            challenge,
            rating: None,
            bot: false,
        };
        let counted_address = pass.addr.map(|a| a.to_string());
        let posted = store
            .post_hook_as(
                &hook,
                &address,
                live.then_some(holder),
                counted_address.as_deref(),
            )
            .await;
        lock(&self.open).reserved.remove(&game);
        let Some(posted) = posted.map_err(unavailable)? else {
            // Posted on another instance, not yet looked at here.
            return self.open_already(pass, &hook.challenge).await;
        };
        {
            let mut open = lock(&self.open);
            for g in &posted.replaced {
                open.rows.remove(g);
            }
            open.rows.insert(game.clone(), entry);
        }
        {
            let mut held = lock(&self.held);
            for g in &posted.replaced {
                held.remove(g);
            }
        }
        if live {
            self.hold(&game, pass.id);
        }
        hook.rating = posted.rating;
        hook.bot = posted.bot;
        self.show(&posted.replaced, listed.then_some(&hook));
        Ok((!listed).then(|| kept_msg(&game)))
    }

    /// `Err` when a new challenge with `counts` against it is over a
    /// bound.
    /// Checks a rematch posted after game `of` ([`rematch_refusal`]).
    async fn check_rematch(&self, of: &str, challenge: &Challenge) -> Result<(), LobbyRefusal> {
        let saved = self.store.load(of).await.map_err(unavailable)?;
        rematch_refusal(saved.as_ref(), challenge).map_or(Ok(()), Err)
    }

    fn within_bounds(
        &self,
        counts: &HookCounts,
        pass: &Pass,
        listed: bool,
        live: bool,
    ) -> Result<(), LobbyRefusal> {
        if counts.all >= self.limits.hooks {
            return Err(LobbyRefusal::TooMany(format!(
                "the lobby holds {} challenges, as many as it can: try later",
                self.limits.hooks
            )));
        }
        if pass.addr.is_some() && counts.address >= self.limits.hooks_per_address {
            return Err(LobbyRefusal::TooMany(format!(
                "{} challenges are open from your address already",
                self.limits.hooks_per_address
            )));
        }
        if !listed && counts.unlisted >= self.limits.unlisted_per_key {
            return Err(LobbyRefusal::TooMany(format!(
                "you have {} invitations on a clock open already",
                self.limits.unlisted_per_key
            )));
        }
        if listed && !live && counts.turn_based >= self.limits.turn_based_per_key {
            return Err(LobbyRefusal::TooMany(format!(
                "you have {} turn-based challenges open already",
                self.limits.turn_based_per_key
            )));
        }
        Ok(())
    }

    /// The answer to a post of a challenge whose game has one open
    /// already, as the database has it: another player's is refused; the
    /// poster's own (back after a reload) is held by this connection
    /// again, and its `{"hook": H}` is the answer (`{"kept": game}` for an
    /// unlisted one).
    async fn open_already(
        &self,
        pass: &Pass,
        challenge: &Challenge,
    ) -> Result<Option<Out>, LobbyRefusal> {
        let store = &self.store;
        let game = &challenge.game;
        let Some(open) = store.hook(game).await.map_err(unavailable)? else {
            // Gone in between (taken, withdrawn or expired).
            return Err(LobbyRefusal::Exists(
                "a challenge for this game was open a moment ago".into(),
            ));
        };
        if open.challenge.player.key != challenge.player.key {
            return Err(LobbyRefusal::Exists(
                "another player's challenge for this game is open".into(),
            ));
        }
        if !open.challenge.listed {
            return Ok(Some(kept_msg(game)));
        }
        if challenge.held() {
            let holder = (self.instance.as_str(), pass.id);
            store
                .hold_hook(
                    game,
                    challenge.player.key.as_str(),
                    holder,
                    self.time.now_ms(),
                )
                .await
                .map_err(unavailable)?;
            self.hold(game, pass.id);
        }
        Ok(Some(ServerMsg::Hook { hook: open.json() }.out()))
    }

    /// Tells every client here that the challenges of `went` went and
    /// that `came` came (a post's or a withdrawal's change, as a look
    /// tells its own).
    fn show(&self, went: &[String], came: Option<&Hook>) {
        self.tell(
            &mut lock(&self.shown),
            went,
            came.map_or(&[], std::slice::from_ref),
        );
    }

    /// Tells every client the change from `shown` to it without `went`
    /// and with `came`, in that order: each that is a change, once.
    fn tell(&self, shown: &mut Shown, went: &[String], came: &[Hook]) {
        for game in went {
            if shown.hooks.remove(game).is_some() {
                shown.list = None;
                let _ = self
                    .events
                    .send(ServerMsg::Gone { gone: game.clone() }.out());
            }
        }
        for hook in came {
            let game = &hook.challenge.game;
            if !shown.hooks.contains_key(game) {
                shown.list = None;
                let h = hook.json();
                let _ = self.events.send(ServerMsg::Hook { hook: h.clone() }.out());
                shown
                    .hooks
                    .insert(game.clone(), (hook.posted_ms, game.clone(), h));
            }
        }
    }

    fn hold(&self, game: &str, conn: u64) {
        lock(&self.held).insert(
            game.to_string(),
            Held {
                conn,
                release_at: None,
            },
        );
    }

    /// Withdraws the challenge for `game` if `sig` is its poster's
    /// signature of [`withdraw_text`] of `game` and `nonce` (the
    /// connection's).
    ///
    /// # Errors
    /// [`LobbyRefusal::Unknown`] (none open), [`LobbyRefusal::Forged`] or
    /// [`LobbyRefusal::Malformed`] (a sig that is not one).
    pub async fn withdraw(&self, game: &str, sig: &str, nonce: &str) -> Result<(), LobbyRefusal> {
        // Not between a look's read and what it shows.
        let _posting = self.looking.read().await;
        let open = self
            .store
            .hook(game)
            .await
            .map_err(unavailable)?
            .ok_or(LobbyRefusal::Unknown)?;
        let key = &open.challenge.player.key;
        key.verify(&withdraw_text(game, nonce), sig)?;
        if !self
            .store
            .withdraw_hook(game, key.as_str())
            .await
            .map_err(unavailable)?
        {
            return Err(LobbyRefusal::Unknown);
        }
        lock(&self.held).remove(game);
        lock(&self.open).rows.remove(game);
        self.show(&[game.to_string()], None);
        Ok(())
    }

    /// Marks `player`'s key a bot, for good (its sig of [`bot_text`]
    /// checked already): its challenges posted from then on show it
    /// (`"bot": true` in `H.player`), and it is never on the leaderboard.
    /// The player is seen as a post's poster is, under the name given,
    /// which must not be another established player's. Marking a bot
    /// again is no change. The answer, to this connection alone, is
    /// `{"bot": key}`, once the mark is written.
    ///
    /// # Errors
    /// [`LobbyRefusal::NameTaken`] or [`LobbyRefusal::Unavailable`]
    /// (nothing marked).
    pub async fn bot(&self, pass: &Pass, player: Player) -> Result<Out, LobbyRefusal> {
        let store = &self.store;
        let key = player.key.as_str();
        if store
            .name_held(&player.name, key)
            .await
            .map_err(unavailable)?
        {
            return Err(LobbyRefusal::NameTaken(player.name));
        }
        let counted_address = pass.addr.map(|a| a.to_string());
        store
            .mark_bot(&player, self.time.now_ms(), counted_address.as_deref())
            .await
            .map_err(unavailable)?;
        Ok(ServerMsg::Bot {
            bot: key.to_string(),
        }
        .out())
    }

    /// What one text message from `pass`'s connection comes to: the one
    /// entry point of a client's message to the lobby (the session calls
    /// it, and so does the fuzz target). `Ok` with the answer to its sender
    /// alone, if any (a change reaches every client, this one too).
    ///
    /// # Errors
    /// [`LobbyRefusal`] saying why it was not taken.
    pub async fn answer(&self, pass: &Pass, text: &str) -> Result<Option<Out>, LobbyRefusal> {
        match read(text, &self.limits)? {
            ClientMsg::Post(challenge) => self.post(pass, *challenge).await,
            ClientMsg::Withdraw { game, sig } => {
                self.withdraw(&game, &sig, &pass.nonce).await.map(|()| None)
            }
            ClientMsg::Bot(player) => self.bot(pass, player).await.map(Some),
            ClientMsg::TournamentPost {
                challenge,
                tournament,
            } => self.tournament_post(pass, *challenge, &tournament).await,
            ClientMsg::Create(spec) => self.create(*spec).await.map(|()| None),
            ClientMsg::Join { tournament, player } => {
                self.join(pass, &tournament, player).await.map(|()| None)
            }
            ClientMsg::Leave { tournament, player } => {
                self.leave(&tournament, &player).await.map(|()| None)
            }
        }
    }

    /// Starts shutting down: every lobby connection closes with 1001
    /// (Going Away) and none is let in.
    pub fn close_all(&self) {
        self.closing.send_replace(true);
    }

    /// Completes when no lobby connection is open.
    pub async fn emptied(&self) {
        while self.connection_count() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Drops the live challenges held here (their posters' connections are
    /// closed); the turn-based ones stay for the next start.
    pub async fn release_all(&self) {
        match self.store.release_instance(&self.instance).await {
            Ok(games) if !games.is_empty() => {
                tracing::info!(challenges = games.len(), "live challenges dropped");
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(
                "cannot drop this instance's live challenges (the others drop them soon): {e:#}"
            ),
        }
    }
}

/// Completes once the server has begun to close ([`Lobby::close_all`]).
async fn closing_begun(closing: &mut watch::Receiver<bool>) {
    if closing.wait_for(|c| *c).await.is_err() {
        // The lobby, which holds the sender, outlives its connections.
        std::future::pending::<()>().await;
    }
}

/// `{"kept": game}`.
fn kept_msg(game: &str) -> Out {
    ServerMsg::Kept {
        kept: game.to_string(),
    }
    .out()
}

/// Why a rematch posted after game `of` is refused, if it is: that game
/// must be over and the poster one of its two players, and a rated
/// rematch must follow a rated game.
fn rematch_refusal(saved: Option<&Saved>, challenge: &Challenge) -> Option<LobbyRefusal> {
    let Some(saved) = saved else {
        return Some(LobbyRefusal::Malformed(
            "a rematch follows a game this server kept, and it has none of that id".into(),
        ));
    };
    let key = &challenge.player.key;
    let seated = [&saved.black, &saved.green]
        .into_iter()
        .any(|p| p.as_ref().is_some_and(|p| p.key == *key));
    if saved.over.is_none() {
        Some(LobbyRefusal::Malformed(
            "a rematch is offered once the game is over".into(),
        ))
    } else if !seated {
        Some(LobbyRefusal::Malformed(
            "a rematch is posted by one of the game's two players".into(),
        ))
    } else if challenge.rated && !saved.terms.rated {
        Some(LobbyRefusal::Malformed(
            "the rematch of a casual game is casual".into(),
        ))
    } else {
        None
    }
}

fn unavailable(e: anyhow::Error) -> LobbyRefusal {
    tracing::warn!("the lobby's database: {e:#}");
    LobbyRefusal::Unavailable
}
