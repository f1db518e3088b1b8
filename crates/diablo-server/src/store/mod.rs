//! The database: players, games (with the time each link arrived) and the
//! lobby's open challenges, in SQLite (the default: a file, nothing to
//! install) or PostgreSQL (several instances sharing one). One set of
//! queries serves both, through sqlx's Any driver: every column is text
//! or a 64-bit integer, and the SQL is what both understand.
//!
//! The tables are made by the migrations in `migrations/<backend>/`, run
//! when the store opens (PostgreSQL takes an advisory lock, so servers
//! opening one database at once migrate it once). docs/lobby.md describes
//! them.
//!
//! - here: [`Store`], opening, players, and the games the relay keeps
//!   ([`Archive`]);
//! - `hooks`: the lobby's challenges ([`Challenge`], [`Hook`]);
//! - `ratings`: rating a finished game once, in the transaction that
//!   records its end, and what the JSON API reads ([`Standing`],
//!   [`Finished`]).

mod hooks;
mod push;
mod ratings;
pub mod tournaments;
pub use push::{PUSH_PER_KEY, PushRow};
pub use tournaments::{Joined, PairingRow, Tournament};

pub use hooks::{Challenge, Hook, HookCounts, HookEntry, Posted, PosterRating};
pub use ratings::{
    ClockPoint, Finished, GAMES_PER_PAGE, HISTORY_POINTS, KEYS_PER_ADDRESS_PER_DAY, LEADERBOARD,
    Luck, PAIR_GAMES_PER_DAY, Point, Standing,
};

use crate::clock::Clock;
use crate::keys::{Key, Player};
use crate::relay::{
    Answer, Archive, ClockState, Delta, Holder, Kept, Over, Reason, Saved, Side, Step, Terms, Write,
};
use anyhow::Context as _;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{Any, AnyConnection, AnyPool, Connection as _, Row as _, SqlSafeStr as _};
use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Which database a store is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

impl Backend {
    /// The backend a URL names.
    ///
    /// # Errors
    /// A URL that starts with neither `sqlite:` nor `postgres:` /
    /// `postgresql:`.
    pub fn of(url: &str) -> anyhow::Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Backend::Postgres)
        } else {
            anyhow::bail!(
                "a database URL is sqlite:///absolute/path.db, sqlite://relative.db or postgres://…"
            )
        }
    }
}

/// The migrations of each backend, in order: version, what it does, SQL.
const SQLITE: &[(i64, &str, &str)] = &[
    (
        1,
        "players, games, links and hooks",
        include_str!("../../migrations/sqlite/0001_tables.sql"),
    ),
    (
        2,
        "ratings, their history, clocks after each link, first addresses",
        include_str!("../../migrations/sqlite/0002_ratings.sql"),
    ),
    (
        3,
        "unlisted challenges: friends' invitations on a clock",
        include_str!("../../migrations/sqlite/0003_unlisted.sql"),
    ),
    (
        4,
        "restart bonus once per start, the address that began a game",
        include_str!("../../migrations/sqlite/0004_bounded.sql"),
    ),
    (
        5,
        "who let a game abort",
        include_str!("../../migrations/sqlite/0005_aborts.sql"),
    ),
    (
        6,
        "links kept as what each adds",
        include_str!("../../migrations/sqlite/0006_deltas.sql"),
    ),
    (
        7,
        "the lobby's changes notified between instances",
        include_str!("../../migrations/sqlite/0007_notify.sql"),
    ),
    (
        8,
        "names compared folded",
        include_str!("../../migrations/sqlite/0008_names.sql"),
    ),
    (
        9,
        "push subscriptions and the VAPID key",
        include_str!("../../migrations/sqlite/0009_push.sql"),
    ),
    (
        10,
        "turn-based deadlines told once a move",
        include_str!("../../migrations/sqlite/0010_time_warned.sql"),
    ),
    (
        11,
        "bots: keys that said they are computer players",
        include_str!("../../migrations/sqlite/0011_bots.sql"),
    ),
    (
        12,
        "each counted game's luck",
        include_str!("../../migrations/sqlite/0012_luck.sql"),
    ),
    (
        13,
        "which instance kept a game, and instances' heartbeats",
        include_str!("../../migrations/sqlite/0013_holders.sql"),
    ),
    (
        14,
        "tournaments: round robins, their players and pairings",
        include_str!("../../migrations/sqlite/0014_tournaments.sql"),
    ),
];
const POSTGRES: &[(i64, &str, &str)] = &[
    (
        1,
        "players, games, links and hooks",
        include_str!("../../migrations/postgres/0001_tables.sql"),
    ),
    (
        2,
        "ratings, their history, clocks after each link, first addresses",
        include_str!("../../migrations/postgres/0002_ratings.sql"),
    ),
    (
        3,
        "unlisted challenges: friends' invitations on a clock",
        include_str!("../../migrations/postgres/0003_unlisted.sql"),
    ),
    (
        4,
        "restart bonus once per start, the address that began a game",
        include_str!("../../migrations/postgres/0004_bounded.sql"),
    ),
    (
        5,
        "who let a game abort",
        include_str!("../../migrations/postgres/0005_aborts.sql"),
    ),
    (
        6,
        "links kept as what each adds",
        include_str!("../../migrations/postgres/0006_deltas.sql"),
    ),
    (
        7,
        "the lobby's changes notified between instances",
        include_str!("../../migrations/postgres/0007_notify.sql"),
    ),
    (
        8,
        "names compared folded",
        include_str!("../../migrations/postgres/0008_names.sql"),
    ),
    (
        9,
        "push subscriptions and the VAPID key",
        include_str!("../../migrations/postgres/0009_push.sql"),
    ),
    (
        10,
        "turn-based deadlines told once a move",
        include_str!("../../migrations/postgres/0010_time_warned.sql"),
    ),
    (
        11,
        "bots: keys that said they are computer players",
        include_str!("../../migrations/postgres/0011_bots.sql"),
    ),
    (
        12,
        "each counted game's luck",
        include_str!("../../migrations/postgres/0012_luck.sql"),
    ),
    (
        13,
        "which instance kept a game, and instances' heartbeats",
        include_str!("../../migrations/postgres/0013_holders.sql"),
    ),
    (
        14,
        "tournaments: round robins, their players and pairings",
        include_str!("../../migrations/postgres/0014_tournaments.sql"),
    ),
];

/// The database.
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// Woken when a challenge is taken here, so the lobby tells its
    /// clients at once rather than at its next look; on PostgreSQL also
    /// by every change any instance makes ([`Store::listen`]).
    changes: Notify,
    /// Counts the games' ends kept here: the luck of a counted game is
    /// worked out behind it (crate::luck), a tournament settled.
    ended: tokio::sync::watch::Sender<u64>,
    /// This instance's name in the games it keeps and its heartbeats
    /// (random per open).
    instance: String,
    /// The URL opened (the listener's connection opens it too).
    url: String,
    /// How many times the listener has begun to listen.
    listens: tokio::sync::watch::Sender<u64>,
    /// SQLite's one writer at a time, in turn: its own lock is taken by
    /// polling (a writer that finds it held sleeps up to 100 ms and tries
    /// again), so a busy writer, such as the relay's, could keep a post
    /// waiting for seconds. Writers queue here first, first come first
    /// served ([`Store::write_turn`]).
    writing: tokio::sync::Mutex<()>,
}

/// The channel PostgreSQL tells the lobby's changes on (migration 7).
const HOOKS_CHANNEL: &str = "diablo_hooks";

/// A player as the players table keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// The player's key and the name they last gave.
    pub player: Player,
    /// When they were first seen (Unix milliseconds).
    pub first_seen_ms: i64,
    /// When they were last seen.
    pub last_seen_ms: i64,
}

/// Now, in Unix milliseconds (server time).
#[must_use]
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// `url` without its password, to be shown in logs and errors.
#[must_use]
pub fn redacted(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    match (authority.rfind('@'), authority.find(':')) {
        (Some(at), Some(colon)) if colon < at => format!(
            "{}{}:***{}",
            &url[..scheme_end],
            &authority[..colon],
            &rest[at..]
        ),
        _ => url.to_string(),
    }
}

/// A SQLite URL with the file created if missing (`mode=rwc`), unless it
/// names a mode itself.
fn sqlite_url(url: &str) -> anyhow::Result<String> {
    let path = url
        .trim_start_matches("sqlite:")
        .trim_start_matches("//")
        .split('?')
        .next()
        .unwrap_or("");
    anyhow::ensure!(
        !path.is_empty(),
        "a SQLite URL names a file: sqlite:///absolute/path.db or sqlite://relative.db"
    );
    anyhow::ensure!(
        !path.contains(":memory:"),
        "an in-memory SQLite database keeps nothing: name a file"
    );
    Ok(if url.contains("mode=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    })
}

fn migrator(backend: Backend) -> Migrator {
    let files = match backend {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    };
    Migrator::with_migrations(
        files
            .iter()
            .map(|&(version, what, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(what),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}

/// Whether SQLite answered that the file is held by another connection
/// (SQLITE_BUSY or SQLITE_LOCKED, with their extended codes).
fn is_busy(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(db) => {
            let code = db.code();
            let code = code.as_deref().and_then(|c| c.parse::<i64>().ok());
            matches!(code, Some(c) if c & 0xff == 5 || c & 0xff == 6)
                || db.message().contains("database is locked")
        }
        _ => false,
    }
}

/// A column of `row`, with its name in the error.
fn get<T>(row: &AnyRow, column: &str) -> anyhow::Result<T>
where
    T: for<'r> sqlx::Decode<'r, Any> + sqlx::Type<Any>,
{
    row.try_get(column)
        .with_context(|| format!("reading column {column}"))
}

/// A player from a stored key and name.
fn player(key: String, name: String) -> anyhow::Result<Player> {
    Ok(Player {
        key: Key::parse(&key).with_context(|| format!("a stored key {key:?}"))?,
        name,
    })
}

/// A seat's key and name columns.
fn seat(row: &AnyRow, side: &str) -> anyhow::Result<Option<Player>> {
    let key: Option<String> = get(row, &format!("{side}_key"))?;
    let name: Option<String> = get(row, &format!("{side}_name"))?;
    key.map(|k| player(k, name.unwrap_or_default())).transpose()
}

fn clock_text(clock: &Clock) -> String {
    // A clock is two small integers: it always writes.
    serde_json::to_string(clock).unwrap_or_default()
}

fn read_clock(text: &str) -> anyhow::Result<Clock> {
    serde_json::from_str(text).with_context(|| format!("a stored clock {text:?}"))
}

fn side_from(text: &str) -> anyhow::Result<Side> {
    match text {
        "black" => Ok(Side::Black),
        "green" => Ok(Side::Green),
        _ => anyhow::bail!("a stored side {text:?}"),
    }
}

fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkers => "checkers",
        Reason::Resign => "resign",
        Reason::Time => "time",
        Reason::Abandoned => "abandoned",
        Reason::Aborted => "aborted",
    }
}

fn reason_from(text: &str) -> anyhow::Result<Reason> {
    Ok(match text {
        "checkers" => Reason::Checkers,
        "resign" => Reason::Resign,
        "time" => Reason::Time,
        "abandoned" => Reason::Abandoned,
        "aborted" => Reason::Aborted,
        _ => anyhow::bail!("a stored reason {text:?}"),
    })
}

/// The terms in a row of `games` or `hooks` (columns clock, rated,
/// poster_key, poster_name).
fn terms_of(row: &AnyRow) -> anyhow::Result<Terms> {
    let clock: Option<String> = get(row, "clock")?;
    let poster_key: Option<String> = get(row, "poster_key")?;
    let poster_name: Option<String> = get(row, "poster_name")?;
    Ok(Terms {
        clock: clock.as_deref().map(read_clock).transpose()?,
        rated: get::<i64>(row, "rated")? != 0,
        poster: poster_key
            .map(|k| player(k, poster_name.unwrap_or_default()))
            .transpose()?,
    })
}

fn saved_of(row: &AnyRow) -> anyhow::Result<Saved> {
    let black_ms: Option<i64> = get(row, "clock_black_ms")?;
    let green_ms: Option<i64> = get(row, "clock_green_ms")?;
    let running: Option<String> = get(row, "clock_running")?;
    let since_ms: Option<i64> = get(row, "clock_since_ms")?;
    let clock = match (black_ms, green_ms, since_ms) {
        (Some(black_ms), Some(green_ms), Some(since_ms)) => Some(ClockState {
            black_ms,
            green_ms,
            running: running.as_deref().map(side_from).transpose()?,
            since_ms,
        }),
        _ => None,
    };
    let reason: Option<String> = get(row, "reason")?;
    let winner: Option<String> = get(row, "winner")?;
    let over = reason
        .as_deref()
        .map(|r| -> anyhow::Result<Over> {
            Ok(Over {
                winner: winner.as_deref().map(side_from).transpose()?,
                reason: reason_from(r)?,
            })
        })
        .transpose()?;
    Ok(Saved {
        game: get(row, "id")?,
        link: get(row, "link")?,
        messages: usize::try_from(get::<i64>(row, "messages")?).context("a stored count")?,
        at_ms: get(row, "link_ms")?,
        size: u8::try_from(get::<i64>(row, "size")?).context("a stored size")?,
        edition: get(row, "edition")?,
        terms: terms_of(row)?,
        black: seat(row, "black")?,
        green: seat(row, "green")?,
        clock,
        over,
        stored: usize::try_from(get::<i64>(row, "messages")?).context("a stored count")?,
        bonus_start_ms: get(row, "bonus_start_ms")?,
        address: get(row, "address")?,
        aborted_by: get::<Option<String>>(row, "aborted_by")?
            .map(|s| side_from(&s))
            .transpose()?,
    })
}

/// The most games in progress [`Store::playing`] lists for one key.
pub const PLAYING: i64 = 100;

impl Store {
    /// Opens the database at `url` (`sqlite:///absolute/path.db`,
    /// `sqlite://relative.db` from the working directory, the file made if
    /// missing, or `postgres://user:password@host/database`) and brings
    /// its tables up to date.
    ///
    /// # Errors
    /// A URL of neither kind, a database that cannot be reached or
    /// created, or a migration that fails.
    pub async fn open(url: &str) -> anyhow::Result<Arc<Store>> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let url = match backend {
            Backend::Sqlite => sqlite_url(url)?,
            Backend::Postgres => url.to_string(),
        };
        // One connection first: its error says why (the pool's would only
        // say that it timed out).
        let probe = sqlx::AnyConnection::connect(&url)
            .await
            .context("connecting")?;
        let _ = probe.close().await;
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                // One writer at a time anyway; a few readers beside it.
                Backend::Sqlite => 4,
                Backend::Postgres => 16,
            })
            .acquire_timeout(Duration::from_secs(5))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Durable across a crash of the process; a power
                        // cut may lose the last moments (with WAL).
                        sqlx::query("PRAGMA synchronous = NORMAL")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .context("connecting")?;
        if backend == Backend::Sqlite {
            // Readers do not wait for the writer. Kept in the file. The
            // switch needs the file to itself and SQLite answers "database
            // is locked" at once (no busy wait) while another process, or
            // another store opening beside this one, holds it: asked again
            // until it is free, for up to the pool's own timeout.
            let mut tries = 0u32;
            loop {
                match sqlx::query("PRAGMA journal_mode = WAL")
                    .fetch_optional(&pool)
                    .await
                {
                    Ok(_) => break,
                    Err(e) if tries < 100 && is_busy(&e) => {
                        tries += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    Err(e) => return Err(e).context("setting the journal mode"),
                }
            }
        }
        let store = Store {
            pool,
            backend,
            changes: Notify::new(),
            ended: tokio::sync::watch::channel(0).0,
            instance: format!("{:016x}", rand::random::<u64>()),
            url,
            listens: tokio::sync::watch::channel(0).0,
            writing: tokio::sync::Mutex::new(()),
        };
        store.migrate().await?;
        store.fold_names().await?;
        Ok(Arc::new(store))
    }

    /// Folds the names of players kept before names were folded
    /// (migration 0008), so that an established player's name is theirs
    /// from the first start on.
    async fn fold_names(&self) -> anyhow::Result<()> {
        let rows = sqlx::query("SELECT key, name FROM players WHERE folded IS NULL")
            .fetch_all(&self.pool)
            .await
            .context("reading names to fold")?;
        for row in rows {
            let (key, name): (String, String) = (get(&row, "key")?, get(&row, "name")?);
            sqlx::query("UPDATE players SET folded = $2 WHERE key = $1")
                .bind(key)
                .bind(crate::keys::fold(&name))
                .execute(&self.pool)
                .await
                .context("folding a name")?;
        }
        Ok(())
    }

    /// Whether `name` is an established player's (RD under 110, rated
    /// games played) other than the one with key `key`, who may then not
    /// go by it: names compare folded ([`crate::keys::fold`]). A key that
    /// is itself established under the name keeps it.
    ///
    /// # Errors
    /// The database's.
    pub async fn name_held(&self, name: &str, key: &str) -> anyhow::Result<bool> {
        let row = sqlx::query(
            "SELECT COUNT(CASE WHEN key <> $2 THEN 1 END) AS others, \
                COUNT(CASE WHEN key = $2 THEN 1 END) AS mine \
             FROM players WHERE folded = $1 AND rd < $3 AND games > 0",
        )
        .bind(crate::keys::fold(name))
        .bind(key)
        .bind(crate::glicko::PROVISIONAL_RD)
        .fetch_one(&self.pool)
        .await?;
        Ok(get::<i64>(&row, "others")? > 0 && get::<i64>(&row, "mine")? == 0)
    }

    /// Runs the migrations not yet run. Two SQLite servers starting on one
    /// new file at once may collide (SQLite has no lock to wait on): the
    /// loser tries again, every quarter second for up to 15 s (the other
    /// may be slow to finish on a busy machine), and finds the work done.
    async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = migrator(self.backend);
        let mut tries = 0;
        loop {
            match migrator.run(&self.pool).await {
                Ok(()) => return Ok(()),
                Err(e) if tries < 60 => {
                    tries += 1;
                    tracing::warn!("migrating the database, try {tries}: {e}");
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(e) => return Err(e).context("migrating the database"),
            }
        }
    }

    /// Which database this is.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Woken when the lobby's challenges changed here other than through
    /// the lobby (a challenge taken by its accepting link).
    #[must_use]
    pub fn changes(&self) -> &Notify {
        &self.changes
    }

    /// On PostgreSQL, listens for the lobby's changes made by any instance
    /// (a trigger on the hooks table notifies them) and wakes
    /// [`Store::changes`] at each, until the store is dropped. Each time it
    /// begins to listen (and again after a lost connection) it wakes it
    /// once more, so the table is read again: a change made while it was
    /// not listening is seen then. On SQLite (one instance) it does nothing.
    pub fn listen(self: &Arc<Store>) {
        if self.backend != Backend::Postgres {
            return;
        }
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(listen_forever(Arc::downgrade(self), self.url.clone()));
        }
    }

    /// Counts the times the listener began to listen ([`Store::listen`]).
    #[must_use]
    pub fn listens(&self) -> tokio::sync::watch::Receiver<u64> {
        self.listens.subscribe()
    }

    /// The turn to write, on SQLite (held until dropped; see
    /// `Store::writing`); on PostgreSQL, which has a lock per row and
    /// queues its waiters, none is needed.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.writing.lock().await),
            Backend::Postgres => None,
        }
    }

    /// Closes every connection to the database.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Notes that `player` was seen at `at_ms`, under the name they gave.
    ///
    /// # Errors
    /// The database's.
    pub async fn see_player(&self, player: &Player, at_ms: i64) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        see_player(&self.pool, player, at_ms).await
    }

    /// The player with key `key`, if seen.
    ///
    /// # Errors
    /// The database's.
    pub async fn player(&self, key: &str) -> anyhow::Result<Option<PlayerRow>> {
        let row = sqlx::query(
            "SELECT key, name, first_seen_ms, last_seen_ms FROM players WHERE key = $1",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(PlayerRow {
                player: player(get(&row, "key")?, get(&row, "name")?)?,
                first_seen_ms: get(&row, "first_seen_ms")?,
                last_seen_ms: get(&row, "last_seen_ms")?,
            })
        })
        .transpose()
    }

    /// Whether game `game` has begun (its accepting link arrived): only
    /// begun games are kept.
    ///
    /// # Errors
    /// The database's.
    pub async fn has_game(&self, game: &str) -> anyhow::Result<bool> {
        let row = sqlx::query("SELECT 1 AS one FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// When each link of game `game` arrived: its number of messages and
    /// the server time (Unix milliseconds), in order. The link with `n`
    /// messages is the game's latest link cut to its first `n`.
    ///
    /// # Errors
    /// The database's.
    pub async fn links(&self, game: &str) -> anyhow::Result<Vec<(usize, i64)>> {
        let rows =
            sqlx::query("SELECT messages, at_ms FROM links WHERE game = $1 ORDER BY messages")
                .bind(game)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    usize::try_from(get::<i64>(row, "messages")?).context("a stored count")?,
                    get(row, "at_ms")?,
                ))
            })
            .collect()
    }

    /// The unfinished, begun games key `key` sits at (at most
    /// [`PLAYING`], the latest moved first), each whole as the room would
    /// rebuild it.
    ///
    /// # Errors
    /// The database's.
    pub async fn playing(&self, key: &str) -> anyhow::Result<Vec<Saved>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE (black_key = $1 OR green_key = $1) \
                AND reason IS NULL AND messages >= 2 \
             ORDER BY link_ms DESC, id LIMIT $2",
        )
        .bind(key)
        .bind(PLAYING)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let id: String = get(row, "id")?;
            if let Some(saved) = self.load_game(&id).await? {
                out.push(saved);
            }
        }
        Ok(out)
    }

    async fn load_game(&self, game: &str) -> anyhow::Result<Option<Saved>> {
        let row = sqlx::query(
            "SELECT id, size, edition, clock, rated, poster_key, poster_name, \
                black_key, black_name, green_key, green_name, link, messages, link_ms, \
                clock_black_ms, clock_green_ms, clock_running, clock_since_ms, winner, reason, \
                bonus_start_ms, address, aborted_by, link_messages \
             FROM games WHERE id = $1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let mut saved = saved_of(&row)?;
        saved.link = self
            .whole_link(
                game,
                saved.link,
                get(&row, "link_messages")?,
                saved.messages,
            )
            .await?;
        Ok(Some(saved))
    }

    /// Game `game`'s whole link: `link`, of `link_messages` messages
    /// (`None`: of all `messages`), with the links after it applied.
    ///
    /// # Errors
    /// The database's, or a history that is not one (a step missing or
    /// keeping more than the link before it holds).
    pub(crate) async fn whole_link(
        &self,
        game: &str,
        link: String,
        link_messages: Option<i64>,
        messages: usize,
    ) -> anyhow::Result<String> {
        let messages = i64::try_from(messages).context("a count of messages")?;
        let Some(from) = link_messages.filter(|&n| n < messages) else {
            return Ok(link);
        };
        // Up to the row's count only: a write that committed since the
        // row was read may have added links after it (the link as of the
        // row, not an error).
        let rows = sqlx::query(
            "SELECT messages, keep, added FROM links \
             WHERE game = $1 AND messages > $2 AND messages <= $3 ORDER BY messages",
        )
        .bind(game)
        .bind(from)
        .bind(messages)
        .fetch_all(&self.pool)
        .await?;
        let mut whole = link;
        let mut at = from;
        for row in &rows {
            let n: i64 = get(row, "messages")?;
            let keep: Option<i64> = get(row, "keep")?;
            let added: Option<String> = get(row, "added")?;
            let (Some(keep), Some(added)) = (keep, added) else {
                anyhow::bail!("game {game}: the link of {n} messages was kept whole nowhere");
            };
            let delta = Delta {
                keep: usize::try_from(keep).context("a stored length")?,
                added,
            };
            whole = delta.apply(&whole).with_context(|| {
                format!("game {game}: the link of {n} messages keeps more than the one before")
            })?;
            at = n;
        }
        anyhow::ensure!(
            at == messages,
            "game {game}: links kept up to {at} messages of {messages}"
        );
        Ok(whole)
    }

    /// The bytes of links the database holds of game `game`: its row's
    /// link and what each later link added (what docs/results measures).
    ///
    /// # Errors
    /// The database's.
    pub async fn link_bytes(&self, game: &str) -> anyhow::Result<u64> {
        let row = sqlx::query(
            "SELECT (SELECT LENGTH(link) FROM games WHERE id = $1) AS whole, \
                (SELECT COALESCE(SUM(LENGTH(added)), 0) FROM links WHERE game = $1) AS added",
        )
        .bind(game)
        .fetch_one(&self.pool)
        .await?;
        let whole: Option<i64> = get(&row, "whole")?;
        let added: i64 = get(&row, "added")?;
        Ok(u64::try_from(whole.unwrap_or(0) + added).unwrap_or(0))
    }

    /// Keeps `saved` (see [`Archive::save`]) in a transaction of its own.
    async fn save_game(&self, saved: &Saved, new_link: bool) -> anyhow::Result<Kept> {
        let write = Write {
            saved: saved.clone(),
            steps: if new_link {
                vec![Step {
                    messages: saved.messages,
                    at_ms: saved.at_ms,
                    clock: saved.clock,
                    delta: None,
                }]
            } else {
                Vec::new()
            },
        };
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let kept = write_game(&mut tx, &write, now_ms(), &self.instance).await?;
        tx.commit().await?;
        if saved.over.is_some() {
            self.ended.send_modify(|n| *n += 1);
        }
        Ok(kept)
    }

    /// Keeps every write of `batch` in one transaction ([`Archive::write`]).
    async fn write_all(&self, batch: &[Write]) -> anyhow::Result<Vec<Kept>> {
        let now = now_ms();
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut kept = Vec::with_capacity(batch.len());
        for w in batch {
            kept.push(write_game(&mut tx, w, now, &self.instance).await?);
        }
        tx.commit().await?;
        if batch.iter().any(|w| w.saved.over.is_some()) {
            self.ended.send_modify(|n| *n += 1);
        }
        Ok(kept)
    }

    /// This instance's heartbeat at `at_ms` (`stopped`: its last, as it
    /// stops in order), which tells a room rebuilt elsewhere or after a
    /// restart when this instance stopped ([`Archive::holder`]).
    ///
    /// # Errors
    /// The database's.
    pub async fn beat(&self, at_ms: i64, stopped: bool) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO instances (id, beat_ms, stopped) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET beat_ms = excluded.beat_ms, \
                stopped = excluded.stopped",
        )
        .bind(&self.instance)
        .bind(at_ms)
        .bind(i64::from(stopped))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The instance that last kept game `game`, if another than this one
    /// and it has a heartbeat.
    async fn holder_of(&self, game: &str) -> anyhow::Result<Option<Holder>> {
        let row = sqlx::query(
            "SELECT i.beat_ms, i.stopped FROM games g JOIN instances i ON i.id = g.holder \
             WHERE g.id = $1 AND g.holder <> $2",
        )
        .bind(game)
        .bind(&self.instance)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(Holder {
                beat_ms: get(&row, "beat_ms")?,
                stopped: get::<i64>(&row, "stopped")? != 0,
            })
        })
        .transpose()
    }

    /// Games begun from `address` since `since_ms`.
    async fn aborts_of(&self, key: &str, since_ms: i64) -> anyhow::Result<(u64, Option<i64>)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, MAX(ended_ms) AS latest FROM games \
             WHERE reason = 'aborted' AND ended_ms > $2 \
               AND ((aborted_by = 'black' AND black_key = $1) \
                 OR (aborted_by = 'green' AND green_key = $1))",
        )
        .bind(key)
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok((
            u64::try_from(get::<i64>(&row, "n")?).unwrap_or(0),
            get(&row, "latest")?,
        ))
    }

    async fn games_begun_from(&self, address: &str, since_ms: i64) -> anyhow::Result<u64> {
        let row =
            sqlx::query("SELECT COUNT(*) AS n FROM games WHERE address = $1 AND created_ms >= $2")
                .bind(address)
                .bind(since_ms)
                .fetch_one(&self.pool)
                .await?;
        Ok(u64::try_from(get::<i64>(&row, "n")?).unwrap_or(0))
    }

    /// Deletes what nobody will look at again, older than `before_ms`:
    /// aborted games (no result), and games nobody finished whose last
    /// link is older (longer than any turn's deadline), with their links;
    /// then players seen last before it with no game, no rating and no
    /// open challenge (a bot is kept: it is one for good). Returns the
    /// games deleted.
    ///
    /// # Errors
    /// The database's.
    pub async fn prune(&self, before_ms: i64) -> anyhow::Result<u64> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "DELETE FROM links WHERE game IN (SELECT id FROM games \
                WHERE (reason = 'aborted' AND ended_ms < $1) OR (reason IS NULL AND link_ms < $1))",
        )
        .bind(before_ms)
        .execute(&mut *tx)
        .await?;
        let games = sqlx::query(
            "DELETE FROM games WHERE (reason = 'aborted' AND ended_ms < $1) \
                OR (reason IS NULL AND link_ms < $1)",
        )
        .bind(before_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "DELETE FROM players WHERE last_seen_ms < $1 AND games = 0 AND rated_ms IS NULL \
                AND bot = 0 AND NOT EXISTS (SELECT 1 FROM games g WHERE g.black_key = players.key \
                    OR g.green_key = players.key OR g.poster_key = players.key) \
                AND NOT EXISTS (SELECT 1 FROM hooks h WHERE h.poster_key = players.key)",
        )
        .bind(before_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM instances WHERE beat_ms < $1")
            .bind(before_ms)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(games)
    }

    async fn game_terms(&self, game: &str) -> anyhow::Result<Option<Terms>> {
        // Once a game is kept its terms are fixed; before, its challenge's.
        let kept =
            sqlx::query("SELECT clock, rated, poster_key, poster_name FROM games WHERE id = $1")
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        if let Some(row) = kept {
            let terms = terms_of(&row)?;
            if terms.poster.is_some() || terms.clock.is_some() || terms.rated {
                return Ok(Some(terms));
            }
        }
        let open =
            sqlx::query("SELECT clock, rated, poster_key, poster_name FROM hooks WHERE game = $1")
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        open.as_ref().map(terms_of).transpose()
    }

    async fn take(&self, game: &str) -> anyhow::Result<()> {
        // The game's row, written when it began (before this), keeps the
        // challenge's terms; the challenge goes.
        let _turn = self.write_turn().await;
        let gone = sqlx::query("DELETE FROM hooks WHERE game = $1")
            .bind(game)
            .execute(&self.pool)
            .await?;
        if gone.rows_affected() > 0 {
            self.changes.notify_one();
        }
        Ok(())
    }
}

/// Keeps `w` in the transaction `conn`: the first write of a begun game
/// inserts its row, terms, seats and whole link; each later one updates
/// what a move, a clock or an end changes, only over the state it was
/// made from (`messages = stored`, no result yet), so no write changes
/// seats, terms or a result, and of two instances the database decides
/// once. Each link after the first is a row of what it added; the
/// players and (for an end) the ratings go in the same transaction.
async fn write_game(
    conn: &mut AnyConnection,
    w: &Write,
    now: i64,
    holder: &str,
) -> anyhow::Result<Kept> {
    let saved = &w.saved;
    if saved.messages < 2 {
        return Ok(Kept::Unbegun);
    }
    let messages = i64::try_from(saved.messages).context("a count of messages")?;
    let stored = i64::try_from(saved.stored).context("a count of messages")?;
    let steps: Vec<&Step> = w
        .steps
        .iter()
        .filter(|s| s.messages > saved.stored)
        .collect();
    // The whole link again only when a link since the stored one comes
    // without what it added (the first write, a chain the room lost).
    let whole = saved.messages > saved.stored
        && (steps.last().is_none_or(|s| s.messages != saved.messages)
            || steps.iter().any(|s| s.delta.is_none()));
    let clock = saved.clock;
    let winner = saved
        .over
        .and_then(|o| o.winner)
        .map(|s| s.name().to_string());
    let reason = saved.over.map(|o| reason_name(o.reason).to_string());
    let ended = saved.over.map(|_| now);
    let aborted_by = saved.aborted_by.map(|s| s.name().to_string());
    let written = if saved.stored == 0 {
        sqlx::query(
            "INSERT INTO games (id, size, edition, clock, rated, poster_key, poster_name, \
                black_key, black_name, green_key, green_name, link, messages, link_ms, \
                clock_black_ms, clock_green_ms, clock_running, clock_since_ms, winner, \
                reason, created_ms, ended_ms, bonus_start_ms, address, aborted_by, \
                link_messages, holder) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
                $17, $18, $19, $20, $21, $22, $23, $24, $25, $13, $26) \
             ON CONFLICT (id) DO NOTHING RETURNING black_key, green_key",
        )
        .bind(&saved.game)
        .bind(i64::from(saved.size))
        .bind(&saved.edition)
        .bind(saved.terms.clock.as_ref().map(clock_text))
        .bind(i64::from(saved.terms.rated))
        .bind(
            saved
                .terms
                .poster
                .as_ref()
                .map(|p| p.key.as_str().to_string()),
        )
        .bind(saved.terms.poster.as_ref().map(|p| p.name.clone()))
        .bind(saved.black.as_ref().map(|p| p.key.as_str().to_string()))
        .bind(saved.black.as_ref().map(|p| p.name.clone()))
        .bind(saved.green.as_ref().map(|p| p.key.as_str().to_string()))
        .bind(saved.green.as_ref().map(|p| p.name.clone()))
        .bind(&saved.link)
        .bind(messages)
        .bind(saved.at_ms)
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.green_ms))
        .bind(clock.and_then(|c| c.running).map(|s| s.name().to_string()))
        .bind(clock.map(|c| c.since_ms))
        .bind(winner)
        .bind(reason)
        .bind(now)
        .bind(ended)
        .bind(saved.bonus_start_ms)
        .bind(saved.address.clone())
        .bind(aborted_by)
        .bind(holder)
        .fetch_optional(&mut *conn)
        .await?
    } else {
        // The link is written whole only with `whole` ($15); otherwise the
        // row keeps the link it has (of link_messages, which a row written
        // before links were kept as deltas learns here: its old count).
        sqlx::query(
            "UPDATE games SET \
                link = CASE WHEN $15 = 1 THEN $2 ELSE link END, \
                link_messages = CASE WHEN $15 = 1 THEN $3 \
                    ELSE COALESCE(link_messages, messages) END, \
                messages = $3, link_ms = $4, \
                clock_black_ms = $5, clock_green_ms = $6, clock_running = $7, \
                clock_since_ms = $8, winner = $9, reason = $10, ended_ms = $11, \
                bonus_start_ms = $12, aborted_by = $14, holder = $16 \
             WHERE id = $1 AND messages = $13 AND reason IS NULL \
             RETURNING black_key, green_key",
        )
        .bind(&saved.game)
        .bind(if whole {
            Some(saved.link.as_str())
        } else {
            None
        })
        .bind(messages)
        .bind(saved.at_ms)
        .bind(clock.map(|c| c.black_ms))
        .bind(clock.map(|c| c.green_ms))
        .bind(clock.and_then(|c| c.running).map(|s| s.name().to_string()))
        .bind(clock.map(|c| c.since_ms))
        .bind(winner)
        .bind(reason)
        .bind(ended)
        .bind(saved.bonus_start_ms)
        .bind(stored)
        .bind(aborted_by)
        .bind(i64::from(whole))
        .bind(holder)
        .fetch_optional(&mut *conn)
        .await?
    };
    // No row: another write came first (compare-and-set). The row
    // written gives the game's own seats.
    let Some(written) = written else {
        return Ok(Kept::Conflict);
    };
    for step in steps {
        let delta = step.delta.as_ref().filter(|_| !whole);
        sqlx::query(
            "INSERT INTO links (game, messages, at_ms, black_ms, green_ms, keep, added) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (game, messages) DO NOTHING",
        )
        .bind(&saved.game)
        .bind(i64::try_from(step.messages).context("a count of messages")?)
        .bind(step.at_ms)
        .bind(step.clock.map(|c| c.black_ms))
        .bind(step.clock.map(|c| c.green_ms))
        .bind(
            delta
                .map(|d| i64::try_from(d.keep))
                .transpose()
                .context("a length")?,
        )
        .bind(delta.map(|d| d.added.as_str()))
        .execute(&mut *conn)
        .await?;
    }
    // In the order of their keys, as rating locks them: two games of
    // the same players saved at once do not wait on each other.
    // Only the game's own seats are seen (under the names they give now):
    // a later save cannot make a player of a key that never sat here.
    let own: [Option<String>; 2] = [get(&written, "black_key")?, get(&written, "green_key")?];
    let mut seated: Vec<&Player> = [&saved.black, &saved.green]
        .into_iter()
        .flatten()
        .filter(|p| own.iter().flatten().any(|k| k == p.key.as_str()))
        .collect();
    seated.sort_by(|a, b| a.key.as_str().cmp(b.key.as_str()));
    for p in seated {
        see_player(&mut *conn, p, now).await?;
    }
    if saved.over.is_some() {
        ratings::record_end(conn, &saved.game).await?;
    }
    Ok(Kept::Written)
}

/// Upserts a player seen at `at_ms`.
/// [`Store::listen`]'s task.
async fn listen_forever(store: std::sync::Weak<Store>, url: String) {
    let mut failing = false;
    loop {
        if store.upgrade().is_none() {
            return;
        }
        let listener = async {
            let mut l = sqlx::postgres::PgListener::connect(&url).await?;
            l.listen(HOOKS_CHANNEL).await?;
            anyhow::Ok(l)
        }
        .await;
        let mut listener = match listener {
            Ok(l) => l,
            Err(e) => {
                if !std::mem::replace(&mut failing, true) {
                    tracing::warn!("the lobby cannot listen to the database: {e:#}");
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
                continue;
            }
        };
        if std::mem::replace(&mut failing, false) {
            tracing::info!("the lobby listens to the database again");
        }
        {
            let Some(s) = store.upgrade() else { return };
            s.listens.send_modify(|n| *n += 1);
            // What changed before this listen, read from the table.
            s.changes.notify_one();
        }
        loop {
            // `None`: the connection was lost. A new listener, then a read.
            match listener.try_recv().await {
                Ok(Some(_)) => match store.upgrade() {
                    Some(s) => s.changes.notify_one(),
                    None => return,
                },
                Ok(None) => break,
                Err(e) => {
                    tracing::warn!("the lobby's listener: {e:#}");
                    break;
                }
            }
        }
    }
}

async fn see_player<'e, E>(executor: E, player: &Player, at_ms: i64) -> anyhow::Result<()>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    sqlx::query(
        "INSERT INTO players (key, name, first_seen_ms, last_seen_ms, folded) \
         VALUES ($1, $2, $3, $3, $4) \
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, \
            last_seen_ms = excluded.last_seen_ms, folded = excluded.folded",
    )
    .bind(player.key.as_str())
    .bind(&player.name)
    .bind(at_ms)
    .bind(crate::keys::fold(&player.name))
    .execute(executor)
    .await?;
    Ok(())
}

impl Archive for Store {
    fn terms<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Terms>> {
        Box::pin(self.game_terms(game))
    }

    fn load<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Saved>> {
        Box::pin(self.load_game(game))
    }

    fn save<'a>(&'a self, saved: &'a Saved, new_link: bool) -> Answer<'a, Kept> {
        Box::pin(self.save_game(saved, new_link))
    }

    fn write<'a>(&'a self, batch: &'a [Write]) -> Answer<'a, Vec<Kept>> {
        Box::pin(self.write_all(batch))
    }

    fn begun_from<'a>(&'a self, address: &'a str, since_ms: i64) -> Answer<'a, u64> {
        Box::pin(self.games_begun_from(address, since_ms))
    }

    fn aborts_by<'a>(&'a self, key: &'a str, since_ms: i64) -> Answer<'a, (u64, Option<i64>)> {
        Box::pin(self.aborts_of(key, since_ms))
    }

    fn taken<'a>(&'a self, game: &'a str) -> Answer<'a, ()> {
        Box::pin(self.take(game))
    }

    fn seen<'a>(&'a self, player: &'a Player, address: Option<&'a str>) -> Answer<'a, ()> {
        Box::pin(self.see_player_from(player, now_ms(), address))
    }

    fn name_held<'a>(&'a self, player: &'a Player) -> Answer<'a, bool> {
        Box::pin(self.name_held(&player.name, player.key.as_str()))
    }

    fn holder<'a>(&'a self, game: &'a str) -> Answer<'a, Option<Holder>> {
        Box::pin(self.holder_of(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_not_shown() {
        assert_eq!(
            redacted("postgres://diablo:secret@127.0.0.1:5432/diablo"),
            "postgres://diablo:***@127.0.0.1:5432/diablo"
        );
        assert_eq!(
            redacted("postgres://diablo@host/db"),
            "postgres://diablo@host/db"
        );
        assert_eq!(redacted("sqlite://diablo.db"), "sqlite://diablo.db");
    }

    #[test]
    fn sqlite_urls_create_their_file() {
        assert_eq!(
            sqlite_url("sqlite://diablo.db").expect("a file"),
            "sqlite://diablo.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite:///tmp/d.db?cache=shared").expect("a file"),
            "sqlite:///tmp/d.db?cache=shared&mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite://d.db?mode=ro").expect("a file"),
            "sqlite://d.db?mode=ro"
        );
        assert!(sqlite_url("sqlite://").is_err());
        assert!(sqlite_url("sqlite::memory:").is_err());
        assert!(Backend::of("mysql://x").is_err());
        assert_eq!(
            Backend::of("postgresql://x/y").expect("pg"),
            Backend::Postgres
        );
    }

    /// A game's row read, then more links kept before its links are read
    /// (the API reads the two apart, the writer goes on meanwhile): the
    /// link as of the row, not an error (CI saw "links kept up to 4
    /// messages of 3" as a 503 at 0eb61f4).
    #[tokio::test]
    async fn a_link_is_read_as_of_its_row_when_more_came_since() {
        let dir = std::env::temp_dir().join(format!(
            "diablo-asof-{}-{:016x}",
            std::process::id(),
            rand::random::<u64>()
        ));
        std::fs::create_dir_all(&dir).expect("a temp folder");
        let url = format!("sqlite://{}", dir.join("d.db").display());
        let store = Store::open(&url).await.expect("opens");
        for (n, keep, added) in [(3, 2, "c"), (4, 3, "d")] {
            sqlx::query(
                "INSERT INTO links (game, messages, at_ms, keep, added) VALUES ($1, $2, 0, $3, $4)",
            )
            .bind("g")
            .bind(n)
            .bind(keep)
            .bind(added)
            .execute(&store.pool)
            .await
            .expect("kept");
        }
        // The row said 3 messages, its link whole at 2 ("ab").
        let link = store.whole_link("g", "ab".into(), Some(2), 3).await;
        assert_eq!(link.expect("read"), "abc");
        assert_eq!(
            store
                .whole_link("g", "ab".into(), Some(2), 4)
                .await
                .expect("read"),
            "abcd"
        );
        // Fewer kept than the row says is still an error.
        assert!(
            store
                .whole_link("g", "ab".into(), Some(2), 5)
                .await
                .is_err()
        );
        store.close().await;
    }

    /// The journal switch is asked again only when the file is held: what
    /// SQLite answers then is told apart from other faults.
    #[tokio::test]
    async fn a_held_file_reads_as_busy() {
        sqlx::any::install_default_drivers();
        let dir = std::env::temp_dir().join(format!(
            "diablo-busy-{}-{:016x}",
            std::process::id(),
            rand::random::<u64>()
        ));
        std::fs::create_dir_all(&dir).expect("a temp folder");
        let url = format!("sqlite://{}?mode=rwc", dir.join("d.db").display());
        let mut holder = sqlx::AnyConnection::connect(&url).await.expect("opens");
        sqlx::query("CREATE TABLE t (x INTEGER)")
            .execute(&mut holder)
            .await
            .expect("made");
        sqlx::query("BEGIN EXCLUSIVE")
            .execute(&mut holder)
            .await
            .expect("held");
        let mut other = sqlx::AnyConnection::connect(&url).await.expect("opens");
        sqlx::query("PRAGMA busy_timeout = 0")
            .execute(&mut other)
            .await
            .expect("set");
        let busy = sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&mut other)
            .await
            .expect_err("the file is held");
        assert!(is_busy(&busy), "{busy}");
        sqlx::query("COMMIT")
            .execute(&mut holder)
            .await
            .expect("let go");
        sqlx::query("PRAGMA journal_mode = WAL")
            .fetch_optional(&mut other)
            .await
            .expect("free again");
        let bad = sqlx::query("SELECT * FROM missing")
            .execute(&mut other)
            .await
            .expect_err("no such table");
        assert!(!is_busy(&bad), "{bad}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
