//! Each player's luck over their rated games (docs/ratings.md): once a
//! game is counted, Black's net luck over it is worked out here, behind
//! the game's end (never on a move's path), and kept with the game; the
//! player page sums it. The value is the review's own
//! ([`diablo_ai::review::record_luck`]), so a game's review and the
//! player page agree.
//!
//! What it costs is bounded by what the ratings count: only counted games
//! are judged (the farming limits bound how many a stranger can make),
//! one at a time, on one blocking thread, newest first.

use crate::store::Store;
use std::collections::HashSet;
use std::sync::Arc;

/// Games asked for at a time.
const BATCH: i64 = 16;

/// Works out the luck of every counted game that lacks it, newest first,
/// skipping (and adding to `skip`) those whose link cannot be read.
/// Returns how many were kept.
///
/// # Errors
/// The database's (what was kept before it stays kept).
pub async fn settle(store: &Store, skip: &mut HashSet<String>) -> anyhow::Result<usize> {
    let mut kept = 0;
    loop {
        let extra = i64::try_from(skip.len()).unwrap_or(i64::MAX);
        let wanted = store.luck_wanted(BATCH.saturating_add(extra)).await?;
        let fresh: Vec<String> = wanted.into_iter().filter(|g| !skip.contains(g)).collect();
        if fresh.is_empty() {
            return Ok(kept);
        }
        for game in fresh {
            let Some((_, link)) = store.finished(&game).await? else {
                skip.insert(game);
                continue;
            };
            let judged = tokio::task::spawn_blocking(move || {
                diablo_corr::Game::decode(&link).map(|g| diablo_ai::review::record_luck(g.record()))
            })
            .await;
            match judged {
                Ok(Ok(luck)) => {
                    store.set_luck(&game, luck).await?;
                    kept += 1;
                }
                Ok(Err(e)) => {
                    tracing::warn!(game, "a counted game's link cannot be read: {e}");
                    skip.insert(game);
                }
                Err(e) => {
                    tracing::warn!(game, "working out a game's luck failed: {e}");
                    skip.insert(game);
                }
            }
        }
    }
}

/// [`settle`] at start (games counted before, by this instance or
/// another) and again each time a game's end is kept here.
pub async fn settle_forever(store: Arc<Store>) {
    let mut skip = HashSet::new();
    let mut ends = store.ends();
    loop {
        if let Err(e) = settle(&store, &mut skip).await {
            tracing::warn!("working out luck: {e:#}");
        }
        if ends.changed().await.is_err() {
            return;
        }
    }
}
