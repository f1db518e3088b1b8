//! Ratings in the database (docs/ratings.md): a finished game rated in
//! the transaction that records its end, once, and what the JSON API
//! reads back (players, their games and rating history, a game with its
//! link and clocks, the leaderboard).
//!
//! A game changes the ratings when it came from a rated lobby challenge,
//! both seats were taken by different keys, it ended with a winner (by
//! the rules, resignation, time or a claim; never an abort), the pair has
//! had fewer than [`PAIR_GAMES_PER_DAY`] counted games in the 24 hours
//! before, each key is among the first [`KEYS_PER_ADDRESS_PER_DAY`]
//! first seen from its address in 24 hours, and among the
//! [`RATED_KEYS_PER_ADDRESS`] keys of its address playing counted games in
//! a rolling week. Otherwise it is played and
//! kept, but `counted` is 0 and its JSON says `"rated": false`.

use super::{Store, get, player, read_clock, reason_from, side_from};
use crate::clock::Clock;
use crate::glicko::Rating;
use crate::keys::Player;
use crate::relay::{Over, Reason};
use anyhow::Context as _;
use sqlx::AnyConnection;
use sqlx::any::AnyRow;
use std::collections::HashSet;

/// Counted games a pair of keys may play in 24 hours; later ones are
/// played unrated.
pub const PAIR_GAMES_PER_DAY: i64 = 3;
/// Keys first seen from one address in 24 hours whose games count; the
/// games of later ones are unrated.
pub const KEYS_PER_ADDRESS_PER_DAY: i64 = 3;
/// Keys of one address (the one each was first seen from) that may play
/// counted games within [`RATED_WINDOW_MS`]: a key of that address with
/// none in the window counts again only while fewer others have.
pub const RATED_KEYS_PER_ADDRESS: i64 = 3;
/// The rolling window of [`RATED_KEYS_PER_ADDRESS`]: 7 days.
pub const RATED_WINDOW_MS: i64 = 7 * DAY_MS;
/// Most games one page of a player's games holds.
pub const GAMES_PER_PAGE: i64 = 100;
/// Most points of a player's rating history given (the latest).
pub const HISTORY_POINTS: i64 = 1000;
/// Players on the leaderboard.
pub const LEADERBOARD: i64 = 100;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// A player's rating and record.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Key and the name last given.
    pub player: Player,
    /// Rating, RD and volatility as of their last rated game.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
    /// Rated games lost.
    pub losses: i64,
    /// Whether the player is a bot (never on the leaderboard).
    pub bot: bool,
}

/// A finished game as the API shows it (`G` in docs/ratings.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    /// The game id, 32 hex digits.
    pub game: String,
    /// Who sat as Black (name: the last they gave), if anyone.
    pub black: Option<Player>,
    /// Who sat as Green, if anyone.
    pub green: Option<Player>,
    /// Whether Black's and Green's players are bots.
    pub bots: [bool; 2],
    /// The board size.
    pub size: u8,
    /// `"standard"` or `"sequenced"`.
    pub edition: String,
    /// The clock setting; `None` unclocked.
    pub clock: Option<Clock>,
    /// Whether it changed the ratings.
    pub rated: bool,
    /// The result.
    pub over: Over,
    /// When it ended (Unix milliseconds, server time).
    pub ended_ms: i64,
    /// Black's net luck over the game (Green's is its negation), once
    /// worked out for a counted game (crate::luck); `None` before and for
    /// the others.
    pub luck: Option<f64>,
}

/// A player's luck over their rated games: the sum of their net luck in
/// each counted game whose luck is known, and how many those are.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Luck {
    /// Counted games with their luck worked out.
    pub games: i64,
    /// The player's net luck summed over them.
    pub sum: f64,
}

/// A point of a player's rating history.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    /// When the game ended (Unix milliseconds).
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The RD after it.
    pub rd: f64,
    /// The game.
    pub game: String,
}

/// The clock left after a link of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockPoint {
    /// The link's number of messages.
    pub messages: i64,
    /// Black's milliseconds left.
    pub black_ms: i64,
    /// Green's milliseconds left.
    pub green_ms: i64,
    /// When the link arrived (Unix milliseconds).
    pub at_ms: i64,
}

const STANDING_SQL: &str =
    "SELECT key, name, rating, rd, volatility, games, wins, losses, bot FROM players";

fn standing_of(row: &AnyRow) -> anyhow::Result<Standing> {
    Ok(Standing {
        player: player(get(row, "key")?, get(row, "name")?)?,
        rating: Rating {
            rating: get(row, "rating")?,
            rd: get(row, "rd")?,
            volatility: get(row, "volatility")?,
        },
        games: get(row, "games")?,
        wins: get(row, "wins")?,
        losses: get(row, "losses")?,
        bot: get::<i64>(row, "bot")? != 0,
    })
}

const FINISHED_SQL: &str = "SELECT g.id, g.size, g.edition, g.clock, g.counted, g.winner, \
        g.reason, g.ended_ms, g.black_key, COALESCE(pb.name, g.black_name) AS black_name, \
        g.green_key, COALESCE(pg.name, g.green_name) AS green_name, \
        COALESCE(pb.bot, 0) AS black_bot, COALESCE(pg.bot, 0) AS green_bot, g.luck \
    FROM games g LEFT JOIN players pb ON pb.key = g.black_key \
        LEFT JOIN players pg ON pg.key = g.green_key \
    WHERE g.ended_ms IS NOT NULL AND g.reason IS NOT NULL";

fn finished_of(row: &AnyRow) -> anyhow::Result<Finished> {
    let clock: Option<String> = get(row, "clock")?;
    let winner: Option<String> = get(row, "winner")?;
    let reason: String = get(row, "reason")?;
    Ok(Finished {
        game: get(row, "id")?,
        black: super::seat(row, "black")?,
        green: super::seat(row, "green")?,
        bots: [
            get::<i64>(row, "black_bot")? != 0,
            get::<i64>(row, "green_bot")? != 0,
        ],
        size: u8::try_from(get::<i64>(row, "size")?).context("a stored size")?,
        edition: get(row, "edition")?,
        clock: clock.as_deref().map(read_clock).transpose()?,
        rated: get::<Option<i64>>(row, "counted")? == Some(1),
        over: Over {
            winner: winner.as_deref().map(side_from).transpose()?,
            reason: reason_from(&reason)?,
        },
        ended_ms: get(row, "ended_ms")?,
        luck: get(row, "luck")?,
    })
}

/// Rates game `game` if its end is recorded and it has not been decided
/// yet: decides once (the first transaction to mark it), so an end
/// recorded twice (two instances, a restart) never rates twice. Runs in
/// the transaction that records the end.
pub(super) async fn record_end(conn: &mut AnyConnection, game: &str) -> anyhow::Result<()> {
    let claimed = sqlx::query(
        "UPDATE games SET counted = 0 \
         WHERE id = $1 AND counted IS NULL AND ended_ms IS NOT NULL AND reason IS NOT NULL",
    )
    .bind(game)
    .execute(&mut *conn)
    .await?;
    if claimed.rows_affected() == 0 {
        return Ok(());
    }
    let row = sqlx::query(
        "SELECT rated, poster_key, black_key, green_key, winner, reason, ended_ms \
         FROM games WHERE id = $1",
    )
    .bind(game)
    .fetch_one(&mut *conn)
    .await?;
    let rated = get::<i64>(&row, "rated")? != 0;
    let poster: Option<String> = get(&row, "poster_key")?;
    let black: Option<String> = get(&row, "black_key")?;
    let green: Option<String> = get(&row, "green_key")?;
    let winner: Option<String> = get(&row, "winner")?;
    let reason = reason_from(&get::<String>(&row, "reason")?)?;
    let ended_ms: i64 = get(&row, "ended_ms")?;
    let (Some(black), Some(green), Some(winner)) = (black, green, winner) else {
        return Ok(());
    };
    if !rated || poster.is_none() || black == green || reason == Reason::Aborted {
        return Ok(());
    }
    let winner = side_from(&winner)?;
    // Both players' rows, locked in one order (PostgreSQL; SQLite has one
    // writer): games of one player ending at once rate one after another.
    let (first, second) = if black < green {
        (&black, &green)
    } else {
        (&green, &black)
    };
    for key in [first, second] {
        let locked = sqlx::query("UPDATE players SET rd = rd WHERE key = $1")
            .bind(key)
            .execute(&mut *conn)
            .await?;
        if locked.rows_affected() == 0 {
            return Ok(());
        }
    }
    let pair = sqlx::query(
        "SELECT COUNT(*) AS n FROM games \
         WHERE counted = 1 AND id <> $1 AND ended_ms > $2 \
           AND ((black_key = $3 AND green_key = $4) OR (black_key = $4 AND green_key = $3))",
    )
    .bind(game)
    .bind(ended_ms - DAY_MS)
    .bind(&black)
    .bind(&green)
    .fetch_one(&mut *conn)
    .await?;
    if get::<i64>(&pair, "n")? >= PAIR_GAMES_PER_DAY {
        return Ok(());
    }
    for key in [&black, &green] {
        if !key_counts(conn, key).await? || !key_active(conn, key, game, ended_ms).await? {
            return Ok(());
        }
    }
    let before_black = rating_state(conn, &black).await?;
    let before_green = rating_state(conn, &green).await?;
    let black_score = if winner == crate::relay::Side::Black {
        1.0
    } else {
        0.0
    };
    for (key, (mine, since), theirs, score) in [
        (&black, before_black, before_green.0, black_score),
        (&green, before_green, before_black.0, 1.0 - black_score),
    ] {
        #[allow(clippy::cast_precision_loss)]
        let days = since.map_or(0.0, |ms| (ended_ms - ms).max(0) as f64 / DAY_MS as f64);
        let next = mine.update(theirs, score, days);
        let won = i64::from(score > 0.5);
        sqlx::query(
            "UPDATE players SET rating = $2, rd = $3, volatility = $4, rated_ms = $5, \
                games = games + 1, wins = wins + $6, losses = losses + $7 \
             WHERE key = $1",
        )
        .bind(key)
        .bind(next.rating)
        .bind(next.rd)
        .bind(next.volatility)
        .bind(ended_ms)
        .bind(won)
        .bind(1 - won)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO ratings (key, game, at_ms, rating, rd) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (key, game) DO NOTHING",
        )
        .bind(key)
        .bind(game)
        .bind(ended_ms)
        .bind(next.rating)
        .bind(next.rd)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("UPDATE games SET counted = 1 WHERE id = $1")
        .bind(game)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A player's rating and when they last played a rated game.
async fn rating_state(
    conn: &mut AnyConnection,
    key: &str,
) -> anyhow::Result<(Rating, Option<i64>)> {
    let row = sqlx::query("SELECT rating, rd, volatility, rated_ms FROM players WHERE key = $1")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
    Ok((
        Rating {
            rating: get(&row, "rating")?,
            rd: get(&row, "rd")?,
            volatility: get(&row, "volatility")?,
        },
        get(&row, "rated_ms")?,
    ))
}

/// Whether key `key`'s games may count: it was first seen from no
/// counted address, or fewer than [`KEYS_PER_ADDRESS_PER_DAY`] other keys
/// were first seen from its address in the 24 hours before it.
async fn key_counts(conn: &mut AnyConnection, key: &str) -> anyhow::Result<bool> {
    let row = sqlx::query("SELECT address, address_ms FROM players WHERE key = $1")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
    let address: Option<String> = get(&row, "address")?;
    let address_ms: Option<i64> = get(&row, "address_ms")?;
    let (Some(address), Some(at)) = (address, address_ms) else {
        return Ok(true);
    };
    let before = sqlx::query(
        "SELECT COUNT(*) AS n FROM players WHERE address = $1 AND address_ms > $2 \
           AND (address_ms < $3 OR (address_ms = $3 AND key < $4))",
    )
    .bind(&address)
    .bind(at - DAY_MS)
    .bind(at)
    .bind(key)
    .fetch_one(&mut *conn)
    .await?;
    Ok(get::<i64>(&before, "n")? < KEYS_PER_ADDRESS_PER_DAY)
}

/// Whether key `key` may play a counted game ending at `ended_ms`: it has
/// no counted address, it played a counted game in the
/// [`RATED_WINDOW_MS`] before, or fewer than [`RATED_KEYS_PER_ADDRESS`]
/// other keys of its address did. So many keys an address made over many
/// days do not all feed one key's rating: at most that many of them play
/// rated games in any week.
async fn key_active(
    conn: &mut AnyConnection,
    key: &str,
    game: &str,
    ended_ms: i64,
) -> anyhow::Result<bool> {
    let row = sqlx::query("SELECT address FROM players WHERE key = $1")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
    let Some(address) = get::<Option<String>>(&row, "address")? else {
        return Ok(true);
    };
    let since = ended_ms - RATED_WINDOW_MS;
    let mine = sqlx::query(
        "SELECT COUNT(*) AS n FROM ratings WHERE key = $1 AND at_ms > $2 AND game <> $3",
    )
    .bind(key)
    .bind(since)
    .bind(game)
    .fetch_one(&mut *conn)
    .await?;
    if get::<i64>(&mine, "n")? > 0 {
        return Ok(true);
    }
    let others = sqlx::query(
        "SELECT COUNT(DISTINCT r.key) AS n FROM ratings r JOIN players p ON p.key = r.key \
         WHERE p.address = $1 AND r.key <> $2 AND r.at_ms > $3 AND r.game <> $4",
    )
    .bind(&address)
    .bind(key)
    .bind(since)
    .bind(game)
    .fetch_one(&mut *conn)
    .await?;
    Ok(get::<i64>(&others, "n")? < RATED_KEYS_PER_ADDRESS)
}

impl Store {
    /// Notes that `player` was seen at `at_ms` from `address` (posting a
    /// challenge or taking one); the first address a key is seen from is
    /// kept. `None`: an address that is not counted (loopback).
    ///
    /// # Errors
    /// The database's.
    pub async fn see_player_from(
        &self,
        player: &Player,
        at_ms: i64,
        address: Option<&str>,
    ) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        see_player_from(&self.pool, player, at_ms, address).await
    }
}

/// [`Store::see_player_from`] on `executor` (a transaction's too).
pub(super) async fn see_player_from<'e, E>(
    executor: E,
    player: &Player,
    at_ms: i64,
    address: Option<&str>,
) -> anyhow::Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO players (key, name, first_seen_ms, last_seen_ms, address, address_ms, \
            folded) \
         VALUES ($1, $2, $3, $3, $4, $5, $6) \
         ON CONFLICT (key) DO UPDATE SET name = excluded.name, \
            last_seen_ms = excluded.last_seen_ms, folded = excluded.folded, \
            address = COALESCE(players.address, excluded.address), \
            address_ms = COALESCE(players.address_ms, excluded.address_ms)",
    )
    .bind(player.key.as_str())
    .bind(&player.name)
    .bind(at_ms)
    .bind(address)
    .bind(address.map(|_| at_ms))
    .bind(crate::keys::fold(&player.name))
    .execute(executor)
    .await?;
    Ok(())
}

impl Store {
    /// Records for good that `player`'s key is a bot (the lobby's `bot`
    /// frame), the player seen at `at_ms` from `address` under the name
    /// given, as [`Store::see_player_from`] notes them; marking a bot
    /// again changes nothing more. One transaction: when it fails, nothing
    /// is marked.
    ///
    /// # Errors
    /// The database's.
    pub async fn mark_bot(
        &self,
        player: &Player,
        at_ms: i64,
        address: Option<&str>,
    ) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        see_player_from(&mut *tx, player, at_ms, address).await?;
        sqlx::query("UPDATE players SET bot = 1 WHERE key = $1")
            .bind(player.key.as_str())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Which of `keys` are bots' (the others are people's, or unknown).
    ///
    /// # Errors
    /// The database's.
    pub async fn bots_among(&self, keys: &[&str]) -> anyhow::Result<HashSet<String>> {
        if keys.is_empty() {
            return Ok(HashSet::new());
        }
        let marks: Vec<String> = (1..=keys.len()).map(|i| format!("${i}")).collect();
        let sql = sqlx::AssertSqlSafe(format!(
            "SELECT key FROM players WHERE bot = 1 AND key IN ({})",
            marks.join(", ")
        ));
        let mut query = sqlx::query(sql);
        for key in keys {
            query = query.bind(*key);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(|row| get(row, "key")).collect()
    }

    /// The rating and record of the player with key `key`, if seen.
    ///
    /// # Errors
    /// The database's.
    pub async fn standing(&self, key: &str) -> anyhow::Result<Option<Standing>> {
        let sql = sqlx::AssertSqlSafe(format!("{STANDING_SQL} WHERE key = $1"));
        let row = sqlx::query(sql)
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(standing_of).transpose()
    }

    /// The established players (RD under 110, at least one rated game)
    /// who are not bots, best first, at most [`LEADERBOARD`].
    ///
    /// # Errors
    /// The database's.
    pub async fn leaderboard(&self) -> anyhow::Result<Vec<Standing>> {
        let sql = sqlx::AssertSqlSafe(format!(
            "{STANDING_SQL} WHERE rd < $1 AND games > 0 AND bot = 0 \
             ORDER BY rating DESC, key LIMIT $2"
        ));
        let rows = sqlx::query(sql)
            .bind(crate::glicko::PROVISIONAL_RD)
            .bind(LEADERBOARD)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(standing_of).collect()
    }

    /// The finished games the player with key `key` sat in, newest first,
    /// ended before `before_ms` if given, at most `limit` (up to
    /// [`GAMES_PER_PAGE`]).
    ///
    /// # Errors
    /// The database's.
    pub async fn games_of(
        &self,
        key: &str,
        before_ms: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<Vec<Finished>> {
        let sql = sqlx::AssertSqlSafe(format!(
            "{FINISHED_SQL} AND (g.black_key = $1 OR g.green_key = $1) AND g.ended_ms < $2 \
             ORDER BY g.ended_ms DESC, g.id DESC LIMIT $3"
        ));
        let rows = sqlx::query(sql)
            .bind(key)
            .bind(before_ms.unwrap_or(i64::MAX))
            .bind(limit.clamp(1, GAMES_PER_PAGE))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(finished_of).collect()
    }

    /// Finished game `game` and its latest link (the whole game).
    ///
    /// # Errors
    /// The database's.
    pub async fn finished(&self, game: &str) -> anyhow::Result<Option<(Finished, String)>> {
        let sql = sqlx::AssertSqlSafe(format!(
            "{} AND g.id = $1",
            FINISHED_SQL.replacen(
                "SELECT g.id,",
                "SELECT g.id, g.link, g.link_messages, g.messages,",
                1
            )
        ));
        let row = sqlx::query(sql)
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let messages = usize::try_from(get::<i64>(&row, "messages")?)?;
        let link = self
            .whole_link(
                game,
                get(&row, "link")?,
                get(&row, "link_messages")?,
                messages,
            )
            .await?;
        Ok(Some((finished_of(&row)?, link)))
    }

    /// The clock left after each link of game `game` that had one, in
    /// order.
    ///
    /// # Errors
    /// The database's.
    pub async fn clocks(&self, game: &str) -> anyhow::Result<Vec<ClockPoint>> {
        let rows = sqlx::query(
            "SELECT messages, black_ms, green_ms, at_ms FROM links \
             WHERE game = $1 AND black_ms IS NOT NULL AND green_ms IS NOT NULL \
             ORDER BY messages",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ClockPoint {
                    messages: get(row, "messages")?,
                    black_ms: get(row, "black_ms")?,
                    green_ms: get(row, "green_ms")?,
                    at_ms: get(row, "at_ms")?,
                })
            })
            .collect()
    }

    /// Counted games whose luck is not worked out yet, newest first, at
    /// most `limit`.
    ///
    /// # Errors
    /// The database's.
    pub async fn luck_wanted(&self, limit: i64) -> anyhow::Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE counted = 1 AND luck IS NULL \
             ORDER BY ended_ms DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| get(row, "id")).collect()
    }

    /// Keeps Black's net luck over counted game `game` (once: a second
    /// value, from another instance, is the same and changes nothing).
    ///
    /// # Errors
    /// The database's.
    pub async fn set_luck(&self, game: &str, luck: f64) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE games SET luck = $2 WHERE id = $1 AND counted = 1 AND luck IS NULL")
            .bind(game)
            .bind(luck)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The luck of the player with key `key` over their counted games.
    ///
    /// # Errors
    /// The database's.
    pub async fn luck_of(&self, key: &str) -> anyhow::Result<Luck> {
        let row = sqlx::query(
            "SELECT COUNT(luck) AS n, \
                CAST(COALESCE(SUM(CASE WHEN black_key = $1 THEN luck ELSE -luck END), 0) \
                    AS DOUBLE PRECISION) AS total \
             FROM games WHERE counted = 1 AND luck IS NOT NULL \
                AND (black_key = $1 OR green_key = $1)",
        )
        .bind(key)
        .fetch_one(&self.pool)
        .await?;
        Ok(Luck {
            games: get(&row, "n")?,
            sum: get(&row, "total")?,
        })
    }

    /// Told each time a game's end is kept by this instance: `changed`
    /// on the receiver wakes once for any number of ends since its last
    /// look.
    #[must_use]
    pub fn ends(&self) -> tokio::sync::watch::Receiver<u64> {
        self.ended.subscribe()
    }

    /// The rating after each rated game of the player with key `key`,
    /// oldest first: the latest [`HISTORY_POINTS`].
    ///
    /// # Errors
    /// The database's.
    pub async fn history(&self, key: &str) -> anyhow::Result<Vec<Point>> {
        let rows = sqlx::query(
            "SELECT game, at_ms, rating, rd FROM ratings WHERE key = $1 \
             ORDER BY at_ms DESC, game DESC LIMIT $2",
        )
        .bind(key)
        .bind(HISTORY_POINTS)
        .fetch_all(&self.pool)
        .await?;
        let mut points = rows
            .iter()
            .map(|row| {
                Ok(Point {
                    at_ms: get(row, "at_ms")?,
                    rating: get(row, "rating")?,
                    rd: get(row, "rd")?,
                    game: get(row, "game")?,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        points.reverse();
        Ok(points)
    }
}
