//! The test PostgreSQL server named by `DIABLO_TEST_POSTGRES` (a URL;
//! `cargo xtask test` starts one and sets it), a fresh schema per case.

use sqlx::Connection as _;

/// The server's URL, or a loud failure saying how to get one.
pub fn server() -> String {
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
pub async fn fresh() -> (String, String) {
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

pub async fn drop_schema(schema: &str) {
    let mut conn = sqlx::PgConnection::connect(&server())
        .await
        .expect("the server");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
        .execute(&mut conn)
        .await
        .expect("dropped");
}
