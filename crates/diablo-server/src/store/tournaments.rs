//! Tournaments in the database (migration 14, docs/tournaments.md): a
//! round robin's terms, its players until it starts, its pairings after.
//! A pairing's result is its game's (the games table); the standings are
//! worked out from them on each read ([`crate::tournament`]).

use super::{Store, get, player, read_clock, side_from};
use crate::clock::Clock;
use crate::keys::Player;
use crate::relay::Side;
use sqlx::any::AnyRow;

/// A tournament's terms and state (`T` in docs/tournaments.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// 32 lowercase hex digits.
    pub id: String,
    /// Its name, checked as a player's.
    pub name: String,
    /// `"round-robin"` (arenas are to come).
    pub kind: String,
    /// The board size.
    pub size: u8,
    /// `"standard"` or `"sequenced"`.
    pub edition: String,
    /// Every game's clock (turn-based for a round robin).
    pub clock: Clock,
    /// Whether its games are rated.
    pub rated: bool,
    /// Duplicate pairs (to come: refused for now).
    pub duplicate: bool,
    /// A double round robin: each pair twice, colours swapped.
    pub double: bool,
    /// When it starts (Unix ms).
    pub starts_ms: i64,
    /// An arena's length; `None` for a round robin.
    pub minutes: Option<i64>,
    /// The most players it takes.
    pub max_players: i64,
    /// Who created it (a key).
    pub creator: String,
    /// When it was created (Unix ms).
    pub created_ms: i64,
    /// `"open"`, `"running"` or `"over"`.
    pub status: String,
    /// When it ended.
    pub ended_ms: Option<i64>,
    /// Players joined.
    pub players: i64,
}

/// A pairing of a running tournament, with its game's result once over.
#[derive(Debug, Clone, PartialEq)]
pub struct PairingRow {
    /// The round, from 1.
    pub round: i64,
    /// Black's player (the name they joined under).
    pub black: Player,
    /// Green's player.
    pub green: Player,
    /// The game, once Black's page posted it.
    pub game: Option<String>,
    /// Its invitation (to Green only).
    pub link: Option<String>,
    /// The game's end, if it ended: the winner's side (none: aborted) and
    /// the reason as the games table spells it.
    pub result: Option<(Option<Side>, String)>,
    /// When the game ended.
    pub ended_ms: Option<i64>,
    /// Whether its game changed the ratings.
    pub counted: bool,
    /// Black's luck over its game, once worked out.
    pub luck: Option<f64>,
}

/// What a join came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    /// In (again: the name given now).
    Joined,
    /// No such tournament.
    Unknown,
    /// It has begun or is over.
    Closed,
    /// It has all the players it takes.
    Full,
    /// The player is in [`PER_PLAYER`] open or running ones already.
    TooMany,
}

/// The open tournaments one key may have at once.
pub const OPEN_PER_KEY: i64 = 3;
/// Open tournaments in all.
pub const OPEN_IN_ALL: i64 = 200;
/// Tournaments listed at most.
pub const LISTED: i64 = 100;
/// Open or running tournaments one key may be in at once.
pub const PER_PLAYER: i64 = 10;

const TOURNAMENT_SQL: &str = "SELECT t.id, t.name, t.kind, t.size, t.edition, t.clock, t.rated, \
        t.duplicate, t.double_round, t.starts_ms, t.minutes, t.max_players, t.creator_key, \
        t.created_ms, t.status, t.ended_ms, \
        (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament = t.id) AS players \
    FROM tournaments t";

fn tournament_of(row: &AnyRow) -> anyhow::Result<Tournament> {
    use anyhow::Context as _;
    Ok(Tournament {
        id: get(row, "id")?,
        name: get(row, "name")?,
        kind: get(row, "kind")?,
        size: u8::try_from(get::<i64>(row, "size")?).context("a stored size")?,
        edition: get(row, "edition")?,
        clock: read_clock(&get::<String>(row, "clock")?)?,
        rated: get::<i64>(row, "rated")? != 0,
        duplicate: get::<i64>(row, "duplicate")? != 0,
        double: get::<i64>(row, "double_round")? != 0,
        starts_ms: get(row, "starts_ms")?,
        minutes: get(row, "minutes")?,
        max_players: get(row, "max_players")?,
        creator: get(row, "creator_key")?,
        created_ms: get(row, "created_ms")?,
        status: get(row, "status")?,
        ended_ms: get(row, "ended_ms")?,
        players: get(row, "players")?,
    })
}

impl Store {
    /// Keeps a new tournament, unless its creator has [`OPEN_PER_KEY`]
    /// open ones or [`OPEN_IN_ALL`] are open: `false` then.
    ///
    /// # Errors
    /// The database's.
    pub async fn create_tournament(&self, t: &Tournament) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, \
                COALESCE(SUM(CASE WHEN creator_key = $1 THEN 1 ELSE 0 END), 0) AS mine \
             FROM tournaments WHERE status = 'open'",
        )
        .bind(&t.creator)
        .fetch_one(&mut *tx)
        .await?;
        if get::<i64>(&row, "n")? >= OPEN_IN_ALL || get::<i64>(&row, "mine")? >= OPEN_PER_KEY {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO tournaments (id, name, kind, size, edition, clock, rated, duplicate, \
                double_round, starts_ms, minutes, max_players, creator_key, created_ms, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'open')",
        )
        .bind(&t.id)
        .bind(&t.name)
        .bind(&t.kind)
        .bind(i64::from(t.size))
        .bind(&t.edition)
        .bind(super::clock_text(&t.clock))
        .bind(i64::from(t.rated))
        .bind(i64::from(t.duplicate))
        .bind(i64::from(t.double))
        .bind(t.starts_ms)
        .bind(t.minutes)
        .bind(t.max_players)
        .bind(&t.creator)
        .bind(t.created_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Tournament `id`, if there is one.
    ///
    /// # Errors
    /// The database's.
    pub async fn tournament(&self, id: &str) -> anyhow::Result<Option<Tournament>> {
        let sql = sqlx::AssertSqlSafe(format!("{TOURNAMENT_SQL} WHERE t.id = $1"));
        let row = sqlx::query(sql).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(tournament_of).transpose()
    }

    /// The latest [`LISTED`] tournaments, newest first.
    ///
    /// # Errors
    /// The database's.
    pub async fn tournaments(&self) -> anyhow::Result<Vec<Tournament>> {
        let sql = sqlx::AssertSqlSafe(format!(
            "{TOURNAMENT_SQL} ORDER BY t.created_ms DESC, t.id LIMIT $1"
        ));
        let rows = sqlx::query(sql).bind(LISTED).fetch_all(&self.pool).await?;
        rows.iter().map(tournament_of).collect()
    }

    /// `player` joins tournament `id` at `at_ms` (again: under the name
    /// given now), while it is open and not full.
    ///
    /// # Errors
    /// The database's.
    pub async fn join_tournament(
        &self,
        id: &str,
        player: &Player,
        at_ms: i64,
    ) -> anyhow::Result<Joined> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT status, max_players, \
                (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament = t.id) AS n, \
                (SELECT COUNT(*) FROM tournament_players p \
                    WHERE p.tournament = t.id AND p.key = $2) AS mine \
             FROM tournaments t WHERE id = $1",
        )
        .bind(id)
        .bind(player.key.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(Joined::Unknown);
        };
        if get::<String>(&row, "status")? != "open" {
            return Ok(Joined::Closed);
        }
        let mine = get::<i64>(&row, "mine")? > 0;
        if !mine && get::<i64>(&row, "n")? >= get::<i64>(&row, "max_players")? {
            return Ok(Joined::Full);
        }
        let theirs = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournament_players p \
                JOIN tournaments t ON t.id = p.tournament AND t.status <> 'over' \
             WHERE p.key = $1",
        )
        .bind(player.key.as_str())
        .fetch_one(&mut *tx)
        .await?;
        if !mine && get::<i64>(&theirs, "n")? >= PER_PLAYER {
            return Ok(Joined::TooMany);
        }
        sqlx::query(
            "INSERT INTO tournament_players (tournament, key, name, joined_ms) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (tournament, key) DO UPDATE SET name = excluded.name",
        )
        .bind(id)
        .bind(player.key.as_str())
        .bind(&player.name)
        .bind(at_ms)
        .execute(&mut *tx)
        .await?;
        super::ratings::see_player_from(&mut *tx, player, at_ms, None).await?;
        tx.commit().await?;
        Ok(Joined::Joined)
    }

    /// The player with `key` leaves tournament `id` before it starts:
    /// whether they were in it.
    ///
    /// # Errors
    /// The database's.
    pub async fn leave_tournament(&self, id: &str, key: &str) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let gone = sqlx::query(
            "DELETE FROM tournament_players WHERE tournament = $1 AND key = $2 \
                AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'open')",
        )
        .bind(id)
        .bind(key)
        .execute(&self.pool)
        .await?;
        Ok(gone.rows_affected() > 0)
    }

    /// Tournament `id`'s players, in the order they joined, with their
    /// ratings.
    ///
    /// # Errors
    /// The database's.
    pub async fn entrants(&self, id: &str) -> anyhow::Result<Vec<(Player, f64)>> {
        let rows = sqlx::query(
            "SELECT p.key, p.name, COALESCE(pl.rating, 1500) AS rating \
             FROM tournament_players p LEFT JOIN players pl ON pl.key = p.key \
             WHERE p.tournament = $1 ORDER BY p.joined_ms, p.key",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    player(get(row, "key")?, get(row, "name")?)?,
                    get(row, "rating")?,
                ))
            })
            .collect()
    }

    /// Open tournaments whose start is at or before `now_ms`, and the
    /// next start after it, if any.
    ///
    /// # Errors
    /// The database's.
    pub async fn starts(&self, now_ms: i64) -> anyhow::Result<(Vec<String>, Option<i64>)> {
        let due = sqlx::query(
            "SELECT id FROM tournaments WHERE status = 'open' AND starts_ms <= $1 \
             ORDER BY starts_ms, id",
        )
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await?;
        let next = sqlx::query(
            "SELECT MIN(starts_ms) AS next FROM tournaments \
             WHERE status = 'open' AND starts_ms > $1",
        )
        .bind(now_ms)
        .fetch_one(&self.pool)
        .await?;
        let due = due
            .iter()
            .map(|row| get(row, "id"))
            .collect::<anyhow::Result<_>>()?;
        Ok((due, get(&next, "next")?))
    }

    /// Starts open tournament `id` with `pairings` (round, Black's key,
    /// Green's key), once: `false` when it had started already. With no
    /// pairings it is over at once (`at_ms`).
    ///
    /// # Errors
    /// The database's.
    pub async fn start_tournament(
        &self,
        id: &str,
        pairings: &[(i64, String, String)],
        at_ms: i64,
    ) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let (status, ended) = if pairings.is_empty() {
            ("over", Some(at_ms))
        } else {
            ("running", None)
        };
        let started = sqlx::query(
            "UPDATE tournaments SET status = $2, ended_ms = $3 WHERE id = $1 AND status = 'open'",
        )
        .bind(id)
        .bind(status)
        .bind(ended)
        .execute(&mut *tx)
        .await?;
        if started.rows_affected() == 0 {
            return Ok(false);
        }
        for (round, black, green) in pairings {
            sqlx::query(
                "INSERT INTO tournament_pairings (tournament, round, black_key, green_key) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(round)
            .bind(black)
            .bind(green)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Tournament `id` is over at `at_ms` (once).
    ///
    /// # Errors
    /// The database's.
    pub async fn end_tournament(&self, id: &str, at_ms: i64) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tournaments SET status = 'over', ended_ms = $2 \
             WHERE id = $1 AND status = 'running'",
        )
        .bind(id)
        .bind(at_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Tournament `id`'s pairings, by round, each with its game's result.
    ///
    /// # Errors
    /// The database's.
    pub async fn pairings(&self, id: &str) -> anyhow::Result<Vec<PairingRow>> {
        let rows = sqlx::query(
            "SELECT x.round, x.black_key, x.green_key, x.game, x.link, \
                pb.name AS black_name, pg.name AS green_name, \
                g.winner, g.reason, g.ended_ms, g.counted, g.luck \
             FROM tournament_pairings x \
                JOIN tournament_players pb ON pb.tournament = x.tournament AND pb.key = x.black_key \
                JOIN tournament_players pg ON pg.tournament = x.tournament AND pg.key = x.green_key \
                LEFT JOIN games g ON g.id = x.game AND g.reason IS NOT NULL \
             WHERE x.tournament = $1 ORDER BY x.round, x.black_key",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let reason: Option<String> = get(row, "reason")?;
                let winner: Option<String> = get(row, "winner")?;
                let winner = winner.as_deref().map(side_from).transpose()?;
                Ok(PairingRow {
                    round: get(row, "round")?,
                    black: player(get(row, "black_key")?, get(row, "black_name")?)?,
                    green: player(get(row, "green_key")?, get(row, "green_name")?)?,
                    game: get(row, "game")?,
                    link: get(row, "link")?,
                    result: reason.map(|r| (winner, r)),
                    ended_ms: get(row, "ended_ms")?,
                    counted: get::<Option<i64>>(row, "counted")? == Some(1),
                    luck: get(row, "luck")?,
                })
            })
            .collect()
    }

    /// Running tournaments' pairings that wait for the player with `key`:
    /// as Black, to post the game; as Green, to take the game posted and
    /// not yet begun. With each its tournament's id.
    ///
    /// # Errors
    /// The database's.
    pub async fn waiting_for(&self, key: &str) -> anyhow::Result<Vec<(String, PairingRow)>> {
        let rows = sqlx::query(
            "SELECT DISTINCT x.tournament FROM tournament_pairings x \
                JOIN tournaments t ON t.id = x.tournament AND t.status = 'running' \
             WHERE x.black_key = $1 OR x.green_key = $1",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for row in &rows {
            let id: String = get(row, "tournament")?;
            for p in self.pairings(&id).await? {
                let black = p.black.key.as_str() == key && p.game.is_none();
                let green = p.green.key.as_str() == key && p.game.is_some() && p.result.is_none();
                if black || green {
                    out.push((id.clone(), p));
                }
            }
        }
        Ok(out)
    }

    /// The game Black's page posted for its pairing in tournament `id`
    /// (the first of `black`'s pairings without one, by round): the
    /// pairing, once, or `None` when none waits.
    ///
    /// # Errors
    /// The database's.
    pub async fn pair_game(
        &self,
        id: &str,
        black: &str,
        game: &str,
        link: &str,
    ) -> anyhow::Result<Option<PairingRow>> {
        let round = {
            let _turn = self.write_turn().await;
            let row = sqlx::query(
                "SELECT MIN(round) AS round FROM tournament_pairings \
                 WHERE tournament = $1 AND black_key = $2 AND game IS NULL",
            )
            .bind(id)
            .bind(black)
            .fetch_one(&self.pool)
            .await?;
            let Some(round) = get::<Option<i64>>(&row, "round")? else {
                return Ok(None);
            };
            let set = sqlx::query(
                "UPDATE tournament_pairings SET game = $4, link = $5 \
                 WHERE tournament = $1 AND round = $2 AND black_key = $3 AND game IS NULL",
            )
            .bind(id)
            .bind(round)
            .bind(black)
            .bind(game)
            .bind(link)
            .execute(&self.pool)
            .await?;
            if set.rows_affected() == 0 {
                return Ok(None);
            }
            round
        };
        Ok(self
            .pairings(id)
            .await?
            .into_iter()
            .find(|p| p.round == round && p.black.key.as_str() == black))
    }
}
