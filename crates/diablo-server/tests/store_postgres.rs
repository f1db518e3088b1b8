//! The database's cases (tests/store_cases) on PostgreSQL: the server
//! named by `DIABLO_TEST_POSTGRES` (a URL; `cargo xtask test` starts one
//! and sets it). Each case runs in a schema of its own, dropped after it.

mod common;
mod store_cases;

use common::postgres::{drop_schema, fresh};

macro_rules! on_postgres {
    ($($case:ident),* $(,)?) => {$(
        #[tokio::test]
        async fn $case() {
            let (url, schema) = fresh().await;
            store_cases::$case(&url).await;
            drop_schema(&schema).await;
        }
    )*};
}

on_postgres!(
    migrations_run_once,
    holders_and_heartbeats,
    luck_is_kept_for_counted_games,
    games_in_progress_are_listed,
    established_names_are_theirs,
    links_are_kept_as_what_each_adds,
    games_round_trip,
    links_keep_their_times,
    terms_and_taken,
    hooks_survive_reopening,
    hooks_bookkeeping,
    a_rated_game_changes_both_ratings,
    unrated_games_change_nothing,
    the_pair_limit,
    the_new_keys_per_address_limit,
    hooks_carry_the_posters_rating,
    the_api_after_a_restart,
    the_leaderboard,
    bots_are_marked_and_kept_off_the_leaderboard,
    an_end_saved_by_two_instances_at_once_rates_once,
    old_games_are_pruned,
    games_begun_per_address,
    keys_of_one_address_rate_three_a_week,
    aborts_are_counted_by_who_let_them,
    push_subscriptions_are_kept_per_key,
    deadlines_near_are_read_once_a_move,
);
