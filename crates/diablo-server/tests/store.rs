//! The database on SQLite files: migrations, games, links with their
//! times, the lobby's challenges (tests/store_cases has the cases, run on
//! PostgreSQL too by tests/store_postgres.rs).

mod common;
mod store_cases;

use diablo_server::store::Store;
use std::path::PathBuf;

/// A fresh folder for a database file.
fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "diablo-store-test-{}-{:016x}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// The URL of a new SQLite file (made by the store) in a fresh folder.
fn fresh() -> String {
    format!("sqlite://{}", folder().join("diablo.db").display())
}

#[tokio::test]
async fn migrations_run_once() {
    let url = fresh();
    store_cases::migrations_run_once(&url).await;
    assert!(url.starts_with("sqlite:///"), "an absolute path: {url}");
}

#[tokio::test]
async fn holders_and_heartbeats() {
    store_cases::holders_and_heartbeats(&fresh()).await;
}

#[tokio::test]
async fn luck_is_kept_for_counted_games() {
    store_cases::luck_is_kept_for_counted_games(&fresh()).await;
}

#[tokio::test]
async fn deadlines_near_are_read_once_a_move() {
    store_cases::deadlines_near_are_read_once_a_move(&fresh()).await;
}

#[tokio::test]
async fn push_subscriptions_are_kept_per_key() {
    store_cases::push_subscriptions_are_kept_per_key(&fresh()).await;
}

#[tokio::test]
async fn games_in_progress_are_listed() {
    store_cases::games_in_progress_are_listed(&fresh()).await;
}

#[tokio::test]
async fn links_are_kept_as_what_each_adds() {
    store_cases::links_are_kept_as_what_each_adds(&fresh()).await;
}

#[tokio::test]
async fn games_round_trip() {
    store_cases::games_round_trip(&fresh()).await;
}

#[tokio::test]
async fn old_games_are_pruned() {
    store_cases::old_games_are_pruned(&fresh()).await;
}

#[tokio::test]
async fn keys_of_one_address_rate_three_a_week() {
    store_cases::keys_of_one_address_rate_three_a_week(&fresh()).await;
}

#[tokio::test]
async fn aborts_are_counted_by_who_let_them() {
    store_cases::aborts_are_counted_by_who_let_them(&fresh()).await;
}

#[tokio::test]
async fn games_begun_per_address() {
    store_cases::games_begun_per_address(&fresh()).await;
}

#[tokio::test]
async fn links_keep_their_times() {
    store_cases::links_keep_their_times(&fresh()).await;
}

#[tokio::test]
async fn terms_and_taken() {
    store_cases::terms_and_taken(&fresh()).await;
}

#[tokio::test]
async fn hooks_survive_reopening() {
    store_cases::hooks_survive_reopening(&fresh()).await;
}

#[tokio::test]
async fn hooks_bookkeeping() {
    store_cases::hooks_bookkeeping(&fresh()).await;
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings() {
    store_cases::a_rated_game_changes_both_ratings(&fresh()).await;
}

#[tokio::test]
async fn unrated_games_change_nothing() {
    store_cases::unrated_games_change_nothing(&fresh()).await;
}

#[tokio::test]
async fn the_pair_limit() {
    store_cases::the_pair_limit(&fresh()).await;
}

#[tokio::test]
async fn the_new_keys_per_address_limit() {
    store_cases::the_new_keys_per_address_limit(&fresh()).await;
}

#[tokio::test]
async fn hooks_carry_the_posters_rating() {
    store_cases::hooks_carry_the_posters_rating(&fresh()).await;
}

#[tokio::test]
async fn the_api_after_a_restart() {
    store_cases::the_api_after_a_restart(&fresh()).await;
}

#[tokio::test]
async fn bots_are_marked_and_kept_off_the_leaderboard() {
    store_cases::bots_are_marked_and_kept_off_the_leaderboard(&fresh()).await;
}

#[tokio::test]
async fn the_leaderboard() {
    store_cases::the_leaderboard(&fresh()).await;
}

#[tokio::test]
async fn an_end_saved_by_two_instances_at_once_rates_once() {
    store_cases::an_end_saved_by_two_instances_at_once_rates_once(&fresh()).await;
}

#[tokio::test]
async fn a_relative_path_is_made_in_the_working_directory() {
    // The working directory of a test is its package's folder; move to a
    // fresh one for this (the only test here that needs a relative path,
    // and the only one that reads the working directory).
    let dir = folder();
    std::env::set_current_dir(&dir).expect("cd");
    let store = Store::open("sqlite://relative.db").await.expect("opens");
    store.close().await;
    assert!(dir.join("relative.db").is_file());
}

#[tokio::test]
async fn bad_urls_are_refused_with_a_reason() {
    for (url, says) in [
        ("mysql://x/y", "sqlite:///absolute/path.db"),
        ("diablo.db", "sqlite:///absolute/path.db"),
        ("sqlite://", "names a file"),
        ("sqlite::memory:", "keeps nothing"),
        ("sqlite:///nonexistent-folder-x9/deeper/d.db", "connecting"),
    ] {
        let e = match Store::open(url).await {
            Ok(_) => panic!("{url} opened"),
            Err(e) => format!("{e:#}"),
        };
        assert!(e.contains(says), "{url}: {e}");
    }
}

#[tokio::test]
async fn established_names_are_theirs() {
    store_cases::established_names_are_theirs(&fresh()).await;
}
