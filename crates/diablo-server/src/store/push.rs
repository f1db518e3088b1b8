//! Web Push in the database (migration 9, docs/push.md): the server's
//! VAPID key, made once whichever instance starts first, and the push
//! subscriptions players' browsers sent, a few per key.

use super::{Store, get};
use crate::relay::Saved;
use anyhow::Context as _;

/// A browser's push subscription as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushRow {
    /// Where the push service takes pushes for that browser.
    pub endpoint: String,
    /// The player's key that sent it.
    pub key: String,
    /// The browser's P-256 public key, base64url.
    pub p256dh: String,
    /// The browser's 16-byte auth secret, base64url.
    pub auth: String,
    /// The site the page was served from (`scheme://host[:port]/prefix/`):
    /// the games' pages the pushes open.
    pub site: String,
    /// The page's language then, for the notification's words.
    pub lang: String,
}

/// Subscriptions kept per key at most: a player's phones and computers.
/// The oldest goes when another comes.
pub const PUSH_PER_KEY: i64 = 10;

impl Store {
    /// The secret named `name`, made by `make` and kept if there is none
    /// yet: every instance reads the one the first kept.
    ///
    /// # Errors
    /// The database's.
    pub async fn secret(
        &self,
        name: &str,
        make: impl FnOnce() -> String,
    ) -> anyhow::Result<String> {
        let read = || async {
            sqlx::query("SELECT value FROM secrets WHERE name = $1")
                .bind(name)
                .fetch_optional(&self.pool)
                .await
                .context("reading a secret")
        };
        if let Some(row) = read().await? {
            return get(&row, "value");
        }
        {
            let _turn = self.write_turn().await;
            sqlx::query(
                "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
            )
            .bind(name)
            .bind(make())
            .execute(&self.pool)
            .await
            .context("keeping a secret")?;
        }
        let row = read().await?.context("a secret kept and gone")?;
        get(&row, "value")
    }

    /// Keeps `sub` (a subscription sent again replaces the one kept, even
    /// another key's: the browser's endpoint is that browser's); the key's
    /// oldest beyond [`PUSH_PER_KEY`] go.
    ///
    /// # Errors
    /// The database's.
    pub async fn add_push(&self, sub: &PushRow, at_ms: i64) -> anyhow::Result<()> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
            .bind(&sub.endpoint)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO push_subscriptions (endpoint, key, p256dh, auth, site, lang, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&sub.endpoint)
        .bind(&sub.key)
        .bind(&sub.p256dh)
        .bind(&sub.auth)
        .bind(&sub.site)
        .bind(&sub.lang)
        .bind(at_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM push_subscriptions WHERE key = $1 AND endpoint NOT IN \
             (SELECT endpoint FROM push_subscriptions WHERE key = $1 \
              ORDER BY created_ms DESC, endpoint LIMIT $2)",
        )
        .bind(&sub.key)
        .bind(PUSH_PER_KEY)
        .execute(&mut *tx)
        .await?;
        tx.commit().await.context("keeping a push subscription")?;
        Ok(())
    }

    /// Forgets the subscription at `endpoint` (of key `key`, when given);
    /// whether there was one.
    ///
    /// # Errors
    /// The database's.
    pub async fn remove_push(&self, endpoint: &str, key: Option<&str>) -> anyhow::Result<bool> {
        let _turn = self.write_turn().await;
        let done = match key {
            Some(k) => {
                sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND key = $2")
                    .bind(endpoint)
                    .bind(k)
                    .execute(&self.pool)
                    .await
            }
            None => {
                sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
                    .bind(endpoint)
                    .execute(&self.pool)
                    .await
            }
        }
        .context("forgetting a push subscription")?;
        Ok(done.rows_affected() > 0)
    }

    /// How many subscriptions are kept in all, and whether `endpoint` is
    /// one of them.
    ///
    /// # Errors
    /// The database's.
    pub async fn push_count(&self, endpoint: &str) -> anyhow::Result<(i64, bool)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, SUM(CASE WHEN endpoint = $1 THEN 1 ELSE 0 END) AS mine \
             FROM push_subscriptions",
        )
        .bind(endpoint)
        .fetch_one(&self.pool)
        .await
        .context("counting push subscriptions")?;
        let mine: Option<i64> = get(&row, "mine")?;
        Ok((get(&row, "n")?, mine.unwrap_or(0) > 0))
    }

    /// The subscriptions of key `key`, newest first.
    ///
    /// # Errors
    /// The database's.
    pub async fn pushes_of(&self, key: &str) -> anyhow::Result<Vec<PushRow>> {
        let rows = sqlx::query(
            "SELECT endpoint, key, p256dh, auth, site, lang FROM push_subscriptions \
             WHERE key = $1 ORDER BY created_ms DESC, endpoint",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await
        .context("reading push subscriptions")?;
        rows.iter()
            .map(|r| {
                Ok(PushRow {
                    endpoint: get(r, "endpoint")?,
                    key: get(r, "key")?,
                    p256dh: get(r, "p256dh")?,
                    auth: get(r, "auth")?,
                    site: get(r, "site")?,
                    lang: get(r, "lang")?,
                })
            })
            .collect()
    }

    /// Turn-based games whose mover's deadline (the turn and what is left
    /// of the bank) falls between `from_ms` and `to_ms` and whose mover
    /// was not told of it at this move yet: each marked told (by this
    /// instance only: the first to mark it) and returned as kept. At most
    /// 100 a call.
    ///
    /// # Errors
    /// The database's.
    pub async fn deadlines_near(&self, from_ms: i64, to_ms: i64) -> anyhow::Result<Vec<Saved>> {
        let rows = sqlx::query(
            "SELECT id, messages FROM games WHERE reason IS NULL AND clock LIKE '{\"days\"%' \
             AND clock_running IS NOT NULL \
             AND clock_since_ms + CASE WHEN clock_running = 'black' THEN clock_black_ms \
                 ELSE clock_green_ms END BETWEEN $1 AND $2 \
             AND (time_warned IS NULL OR time_warned <> messages) LIMIT 100",
        )
        .bind(from_ms)
        .bind(to_ms)
        .fetch_all(&self.pool)
        .await
        .context("reading the deadlines near")?;
        let mut out = Vec::new();
        for row in rows {
            let (id, messages): (String, i64) = (get(&row, "id")?, get(&row, "messages")?);
            let marked = {
                let _turn = self.write_turn().await;
                sqlx::query(
                    "UPDATE games SET time_warned = $2 WHERE id = $1 AND messages = $2 \
                     AND reason IS NULL AND (time_warned IS NULL OR time_warned <> $2)",
                )
                .bind(&id)
                .bind(messages)
                .execute(&self.pool)
                .await
                .context("marking a deadline told")?
                .rows_affected()
                    == 1
            };
            if marked && let Some(saved) = self.load_game(&id).await? {
                out.push(saved);
            }
        }
        Ok(out)
    }
}
