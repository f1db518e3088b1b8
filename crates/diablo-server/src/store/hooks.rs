//! The lobby's open challenges ("hooks") in the database, shared by every
//! instance on it.
//!
//! A turn-based challenge is kept until it expires (24 hours by default).
//! A live one is held by the instance where its poster is connected
//! (columns `instance` and `conn`), which refreshes its `heartbeat_ms`;
//! any instance drops one whose heartbeat stopped (its instance was
//! killed), and the holder drops it a few seconds after its poster left.

use super::{Store, get, player, read_clock};
use crate::clock::Clock;
use crate::keys::Player;
use crate::relay::Terms;
use anyhow::Context as _;
use sqlx::any::AnyRow;

/// A challenge as posted: an invitation and the terms it is offered on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// The game id, 32 hex digits.
    pub game: String,
    /// The invitation's link.
    pub link: String,
    /// The board size, from the invitation.
    pub size: u8,
    /// `"standard"` or `"sequenced"`, from the invitation.
    pub edition: String,
    /// The poster's colour, `"black"` or `"green"` (from the invitation),
    /// or `"random"` when the poster chose to show it so.
    pub color: String,
    /// The clock.
    pub clock: Clock,
    /// Whether the game would count in the ratings.
    pub rated: bool,
    /// Who posted it.
    pub player: Player,
    /// Whether the lobby shows it; an unlisted one (a friend's invitation
    /// on a clock) only gives its game its terms.
    pub listed: bool,
    /// The finished game this challenge is a rematch of, as posted: an
    /// unlisted rematch of a rated game may be rated (checked when it is
    /// posted, not kept).
    pub rematch: Option<String>,
}

impl Challenge {
    /// The challenge as the lobby shows it (`H` in docs/lobby.md).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "game": self.game,
            "link": self.link,
            "size": self.size,
            "edition": self.edition,
            "color": self.color,
            "clock": self.clock,
            "rated": self.rated,
            "player": self.player,
        })
    }

    /// Whether it is held by its poster's lobby connection (and goes soon
    /// after it): a live clock's listed challenge. An unlisted one waits
    /// for the friend whoever is connected.
    #[must_use]
    pub fn held(&self) -> bool {
        self.clock.is_live() && self.listed
    }

    /// The terms its game is played on.
    #[must_use]
    pub fn terms(&self) -> Terms {
        Terms {
            clock: Some(self.clock),
            rated: self.rated,
            poster: Some(self.player.clone()),
        }
    }
}

/// A challenge open in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hook {
    /// What was posted.
    pub challenge: Challenge,
    /// When (Unix milliseconds).
    pub posted_ms: i64,
    /// When it goes at the latest.
    pub expires_ms: i64,
    /// The poster's rating, read with the challenge (`None` for a poster
    /// the players table does not hold).
    pub rating: Option<PosterRating>,
    /// Whether the poster is a bot (a key that said it is a computer
    /// player: the lobby's `bot` frame), read with the challenge.
    pub bot: bool,
}

/// A poster's rating as the lobby shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PosterRating {
    /// The rating, rounded.
    pub rating: i64,
    /// Whether it is provisional (RD ≥ 110; shown with "?").
    pub provisional: bool,
}

impl Hook {
    /// The challenge as the lobby shows it (`H` in docs/lobby.md), with
    /// the poster's `rating` and `provisional` in `player` when known, and
    /// `"bot": true` there when the poster is a bot (no `bot` otherwise).
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let mut json = self.challenge.json();
        if let Some(player) = json.get_mut("player").and_then(|p| p.as_object_mut()) {
            if let Some(r) = self.rating {
                player.insert("rating".into(), r.rating.into());
                player.insert("provisional".into(), r.provisional.into());
            }
            if self.bot {
                player.insert("bot".into(), true.into());
            }
        }
        json
    }
}

/// How many open challenges count against a new one's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HookCounts {
    /// In all.
    pub all: usize,
    /// Posted from the new one's address.
    pub address: usize,
    /// Turn-based ones of the new one's poster (listed).
    pub turn_based: usize,
    /// Unlisted ones of the new one's poster.
    pub unlisted: usize,
}

/// What the lobby counts a challenge's bounds by, one row of the hooks
/// table: the lobby holds every open challenge so, on every instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookEntry {
    /// Its poster's key.
    pub key: String,
    /// The address it was posted from.
    pub address: String,
    /// Whether the lobby shows it.
    pub listed: bool,
    /// Whether it is held by its poster's connection (a live clock,
    /// listed).
    pub live: bool,
}

/// A challenge kept by [`Store::post_hook_as`]: the poster's live ones it
/// replaced, and the poster's rating (and whether a bot) to show with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posted {
    /// The games of the poster's live challenges that went.
    pub replaced: Vec<String>,
    /// The poster's rating, if rated before.
    pub rating: Option<PosterRating>,
    /// Whether the poster is a bot.
    pub bot: bool,
}

const HOOK_COLUMNS_SQL: &str = "SELECT game, link, size, edition, color, clock, hooks.rated, listed, \
    poster_key, poster_name, posted_ms, expires_ms, players.rating AS poster_rating, \
    players.rd AS poster_rd, COALESCE(players.bot, 0) AS poster_bot \
    FROM hooks LEFT JOIN players ON players.key = hooks.poster_key";

fn hook_of(row: &AnyRow) -> anyhow::Result<Hook> {
    let clock: String = get(row, "clock")?;
    Ok(Hook {
        challenge: Challenge {
            game: get(row, "game")?,
            link: get(row, "link")?,
            size: u8::try_from(get::<i64>(row, "size")?).context("a stored size")?,
            edition: get(row, "edition")?,
            color: get(row, "color")?,
            clock: read_clock(&clock)?,
            rated: get::<i64>(row, "rated")? != 0,
            player: player(get(row, "poster_key")?, get(row, "poster_name")?)?,
            listed: get::<i64>(row, "listed")? != 0,
            rematch: None,
        },
        posted_ms: get(row, "posted_ms")?,
        expires_ms: get(row, "expires_ms")?,
        rating: poster_rating(row)?,
        bot: get::<i64>(row, "poster_bot")? != 0,
    })
}

fn poster_rating(row: &AnyRow) -> anyhow::Result<Option<PosterRating>> {
    Ok(
        match (
            get::<Option<f64>>(row, "poster_rating")?,
            get::<Option<f64>>(row, "poster_rd")?,
        ) {
            (Some(rating), Some(rd)) => Some(PosterRating {
                #[allow(clippy::cast_possible_truncation)]
                rating: rating.round() as i64,
                provisional: rd >= crate::glicko::PROVISIONAL_RD,
            }),
            _ => None,
        },
    )
}

fn conn_id(conn: u64) -> anyhow::Result<i64> {
    i64::try_from(conn).context("a connection number")
}

impl Store {
    /// Keeps `hook`, posted from `address`; a live one is held by
    /// connection `conn` of `instance`. False (and nothing kept) if a
    /// challenge for its game is open already.
    ///
    /// # Errors
    /// The database's.
    pub async fn post_hook(
        &self,
        hook: &Hook,
        address: &str,
        holder: Option<(&str, u64)>,
    ) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let mut conn = self.pool.acquire().await?;
        insert_hook(&mut conn, hook, address, holder).await
    }

    /// Keeps `hook` as [`Store::post_hook`] does, in one transaction with
    /// what comes with a post: a live one replaces the poster's live ones
    /// (dropped), and the poster is seen ([`Store::see_player_from`],
    /// `seen_from` the address counted). `None`, and nothing changed, if
    /// a challenge for its game is open already.
    ///
    /// # Errors
    /// The database's.
    pub async fn post_hook_as(
        &self,
        hook: &Hook,
        address: &str,
        holder: Option<(&str, u64)>,
        seen_from: Option<&str>,
    ) -> anyhow::Result<Option<Posted>> {
        let c = &hook.challenge;
        let key = c.player.key.as_str();
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let replaced = if c.held() {
            let rows =
                sqlx::query("DELETE FROM hooks WHERE poster_key = $1 AND live = 1 RETURNING game")
                    .bind(key)
                    .fetch_all(&mut *tx)
                    .await?;
            rows.iter()
                .map(|row| get(row, "game"))
                .collect::<anyhow::Result<Vec<String>>>()?
        } else {
            Vec::new()
        };
        super::ratings::see_player_from(&mut *tx, &c.player, hook.posted_ms, seen_from).await?;
        if !insert_hook(&mut tx, hook, address, holder).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let row = sqlx::query(
            "SELECT rating AS poster_rating, rd AS poster_rd, bot AS poster_bot \
             FROM players WHERE key = $1",
        )
        .bind(key)
        .fetch_one(&mut *tx)
        .await?;
        let rating = poster_rating(&row)?;
        let bot = get::<i64>(&row, "poster_bot")? != 0;
        tx.commit().await?;
        Ok(Some(Posted {
            replaced,
            rating,
            bot,
        }))
    }

    /// Every open challenge, listed or not, by game: what the lobby counts
    /// a new one's bounds by.
    ///
    /// # Errors
    /// The database's.
    pub async fn hook_index(&self) -> anyhow::Result<Vec<(String, HookEntry)>> {
        let rows = sqlx::query("SELECT game, poster_key, address, listed, live FROM hooks")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    get(row, "game")?,
                    HookEntry {
                        key: get(row, "poster_key")?,
                        address: get(row, "address")?,
                        listed: get::<i64>(row, "listed")? != 0,
                        live: get::<i64>(row, "live")? != 0,
                    },
                ))
            })
            .collect()
    }

    /// The open challenge for game `game`, listed or not.
    ///
    /// # Errors
    /// The database's.
    pub async fn hook(&self, game: &str) -> anyhow::Result<Option<Hook>> {
        let sql = sqlx::AssertSqlSafe(format!("{HOOK_COLUMNS_SQL} WHERE game = $1"));
        let row = sqlx::query(sql)
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(hook_of).transpose()
    }

    /// Every open challenge the lobby shows, oldest first.
    ///
    /// # Errors
    /// The database's.
    pub async fn hooks(&self) -> anyhow::Result<Vec<Hook>> {
        let sql = sqlx::AssertSqlSafe(format!(
            "{HOOK_COLUMNS_SQL} WHERE listed = 1 ORDER BY posted_ms, game"
        ));
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        rows.iter().map(hook_of).collect()
    }

    /// Drops the challenge for game `game` if the player with key `key`
    /// posted it; whether one was dropped.
    ///
    /// # Errors
    /// The database's.
    pub async fn withdraw_hook(&self, game: &str, key: &str) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM hooks WHERE game = $1 AND poster_key = $2")
            .bind(game)
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Drops the challenges past their time at `now_ms`, and the live
    /// ones not refreshed since `stale_ms` (their instance is gone);
    /// returns their games.
    ///
    /// # Errors
    /// The database's.
    pub async fn expire_hooks(&self, now_ms: i64, stale_ms: i64) -> anyhow::Result<Vec<String>> {
        let _turn = self.write_turn().await;
        let rows = sqlx::query(
            "DELETE FROM hooks WHERE expires_ms <= $1 OR (live = 1 AND heartbeat_ms < $2) \
             RETURNING game",
        )
        .bind(now_ms)
        .bind(stale_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| get(row, "game")).collect()
    }

    /// Refreshes the live challenges `instance` holds: it is alive.
    ///
    /// # Errors
    /// The database's.
    pub async fn heartbeat(&self, instance: &str, now_ms: i64) -> anyhow::Result<u64> {
        let _turn = self.write_turn().await;
        let done =
            sqlx::query("UPDATE hooks SET heartbeat_ms = $2 WHERE instance = $1 AND live = 1")
                .bind(instance)
                .bind(now_ms)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected())
    }

    /// Moves the live challenge for game `game` by the player with key
    /// `key` to connection `conn` of `instance` (its poster is back);
    /// whether there was one.
    ///
    /// # Errors
    /// The database's.
    pub async fn hold_hook(
        &self,
        game: &str,
        key: &str,
        (instance, conn): (&str, u64),
        now_ms: i64,
    ) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE hooks SET instance = $3, conn = $4, heartbeat_ms = $5 \
             WHERE game = $1 AND poster_key = $2 AND live = 1",
        )
        .bind(game)
        .bind(key)
        .bind(instance)
        .bind(conn_id(conn)?)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Drops the challenge for game `game` if connection `conn` of
    /// `instance` still holds it (its poster left); whether it did.
    ///
    /// # Errors
    /// The database's.
    pub async fn release_hook(
        &self,
        game: &str,
        (instance, conn): (&str, u64),
    ) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM hooks WHERE game = $1 AND instance = $2 AND conn = $3")
            .bind(game)
            .bind(instance)
            .bind(conn_id(conn)?)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Drops every challenge `instance` holds (it is stopping); returns
    /// their games.
    ///
    /// # Errors
    /// The database's.
    pub async fn release_instance(&self, instance: &str) -> anyhow::Result<Vec<String>> {
        let _turn = self.write_turn().await;
        let rows = sqlx::query("DELETE FROM hooks WHERE instance = $1 RETURNING game")
            .bind(instance)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| get(row, "game")).collect()
    }
}

/// Inserts `hook` on `db`; false if a challenge for its game is open.
async fn insert_hook(
    db: &mut sqlx::AnyConnection,
    hook: &Hook,
    address: &str,
    holder: Option<(&str, u64)>,
) -> anyhow::Result<bool> {
    let c = &hook.challenge;
    let (instance, conn) = match holder {
        Some((instance, conn)) => (Some(instance.to_string()), Some(conn_id(conn)?)),
        None => (None, None),
    };
    let done = sqlx::query(
        "INSERT INTO hooks (game, link, size, edition, color, clock, live, rated, \
            poster_key, poster_name, address, instance, conn, posted_ms, expires_ms, \
            heartbeat_ms, listed) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $14, $16) \
         ON CONFLICT (game) DO NOTHING",
    )
    .bind(&c.game)
    .bind(&c.link)
    .bind(i64::from(c.size))
    .bind(&c.edition)
    .bind(&c.color)
    .bind(super::clock_text(&c.clock))
    .bind(i64::from(c.held()))
    .bind(i64::from(c.rated))
    .bind(c.player.key.as_str())
    .bind(&c.player.name)
    .bind(address)
    .bind(instance)
    .bind(conn)
    .bind(hook.posted_ms)
    .bind(hook.expires_ms)
    .bind(i64::from(c.listed))
    .execute(&mut *db)
    .await?;
    Ok(done.rows_affected() == 1)
}
