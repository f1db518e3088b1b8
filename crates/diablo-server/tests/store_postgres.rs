//! The database's cases (tests/store_cases) on PostgreSQL: the server
//! named by `DIABLO_TEST_POSTGRES` (a URL; `cargo xtask test` starts one
//! and sets it). Each case runs in a schema of its own, dropped after it.

mod store_cases;

use sqlx::Connection as _;

/// The server's URL, or a loud failure saying how to get one.
fn server() -> String {
    match std::env::var("DIABLO_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "DIABLO_TEST_POSTGRES is not set: these tests need a PostgreSQL URL \
             (postgres://user:password@host:port/database) in it; `cargo xtask test` \
             starts a server and sets it"
        ),
    }
}

/// A fresh schema on the server; the URL that works in it, and the
/// schema's name.
async fn fresh() -> (String, String) {
    let url = server();
    let schema = format!("diablo_test_{:016x}", rand::random::<u64>());
    let mut conn = sqlx::PgConnection::connect(&url)
        .await
        .unwrap_or_else(|e| panic!("cannot reach DIABLO_TEST_POSTGRES: {e}"));
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
        .execute(&mut conn)
        .await
        .expect("a schema");
    conn.close().await.expect("closed");
    let sep = if url.contains('?') { '&' } else { '?' };
    (
        format!("{url}{sep}options=-c%20search_path%3D{schema}"),
        schema,
    )
}

async fn drop_schema(schema: &str) {
    let mut conn = sqlx::PgConnection::connect(&server())
        .await
        .expect("the server");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
        .execute(&mut conn)
        .await
        .expect("dropped");
}

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
    an_end_saved_by_two_instances_at_once_rates_once,
    old_games_are_pruned,
    games_begun_per_address,
    keys_of_one_address_rate_three_a_week,
    aborts_are_counted_by_who_let_them,
);
