//! The JSON API under the site's prefix (docs/ratings.md has the shapes):
//! players, their games and rating history, a finished game with its
//! link and clocks, and the leaderboard. Read-only; every answer is
//! `application/json`, an unknown or malformed key or game id a 404
//! `{"error": "not-found"}`.

use crate::keys::{Key, Player};
use crate::relay::is_game_id;
use crate::store::{ClockPoint, Finished, GAMES_PER_PAGE, Standing, Store};
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The API's routes, relative to the site's prefix.
pub(crate) fn router<S>(store: Arc<Store>) -> Router<S> {
    Router::new()
        .route("/api/players/{key}", get(player))
        .route("/api/players/{key}/games", get(games))
        .route("/api/players/{key}/history", get(history))
        .route("/api/games/{id}", get(game))
        .route("/api/leaderboard", get(leaderboard))
        .with_state(store)
}

/// A JSON answer with `status`.
fn answer(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn ok(body: &Value) -> Response {
    answer(StatusCode::OK, body)
}

fn not_found() -> Response {
    answer(StatusCode::NOT_FOUND, &json!({ "error": "not-found" }))
}

fn bad_query(message: &str) -> Response {
    answer(
        StatusCode::BAD_REQUEST,
        &json!({ "error": "bad-query", "message": message }),
    )
}

fn unavailable(e: &anyhow::Error) -> Response {
    tracing::warn!("the API's database: {e:#}");
    answer(
        StatusCode::SERVICE_UNAVAILABLE,
        &json!({ "error": "unavailable" }),
    )
}

/// A path's key, if it is one (the one spelling [`Key::parse`] takes).
fn key_of(text: &str) -> Option<Key> {
    Key::parse(text).ok()
}

fn player_json(p: &Player) -> Value {
    json!({ "key": p.key.as_str(), "name": p.name })
}

/// `G`: a finished game.
fn game_json(g: &Finished) -> Value {
    json!({
        "game": g.game,
        "black": g.black.as_ref().map(player_json),
        "green": g.green.as_ref().map(player_json),
        "size": g.size,
        "edition": g.edition,
        "clock": g.clock,
        "rated": g.rated,
        "result": g.over,
        "ended": rfc3339(g.ended_ms),
    })
}

fn clock_json(c: &ClockPoint) -> Value {
    json!({
        "messages": c.messages,
        "black": c.black_ms,
        "green": c.green_ms,
        "at": rfc3339(c.at_ms),
    })
}

async fn player(State(store): State<Arc<Store>>, Path(key): Path<String>) -> Response {
    let Some(key) = key_of(&key) else {
        return not_found();
    };
    match store.standing(key.as_str()).await {
        Ok(Some(s)) => ok(&standing_json(&s)),
        Ok(None) => not_found(),
        Err(e) => unavailable(&e),
    }
}

fn standing_json(s: &Standing) -> Value {
    json!({
        "key": s.player.key.as_str(),
        "name": s.player.name,
        "rating": s.rating.rating,
        "rd": s.rating.rd,
        "provisional": s.rating.provisional(),
        "games": s.games,
        "wins": s.wins,
        "losses": s.losses,
    })
}

/// `?before=` (RFC 3339 or Unix milliseconds) and `?limit=` (1..100).
#[derive(Deserialize)]
struct Page {
    before: Option<String>,
    limit: Option<String>,
}

async fn games(
    State(store): State<Arc<Store>>,
    Path(key): Path<String>,
    page: Result<Query<Page>, QueryRejection>,
) -> Response {
    let Ok(Query(page)) = page else {
        return bad_query("a query of `before` and `limit`");
    };
    let before = match page.before.as_deref().map(parse_time) {
        None => None,
        Some(Some(ms)) => Some(ms),
        Some(None) => {
            return bad_query("`before` is an RFC 3339 time or Unix milliseconds");
        }
    };
    let limit = match page.limit.as_deref().map(str::parse::<i64>) {
        None => GAMES_PER_PAGE,
        Some(Ok(n)) if (1..=GAMES_PER_PAGE).contains(&n) => n,
        Some(_) => return bad_query("`limit` is 1 to 100"),
    };
    let Some(key) = key_of(&key) else {
        return not_found();
    };
    match store.standing(key.as_str()).await {
        Ok(Some(_)) => {}
        Ok(None) => return not_found(),
        Err(e) => return unavailable(&e),
    }
    match store.games_of(key.as_str(), before, limit).await {
        Ok(list) => ok(&json!({ "games": list.iter().map(game_json).collect::<Vec<_>>() })),
        Err(e) => unavailable(&e),
    }
}

async fn history(State(store): State<Arc<Store>>, Path(key): Path<String>) -> Response {
    let Some(key) = key_of(&key) else {
        return not_found();
    };
    match store.standing(key.as_str()).await {
        Ok(Some(_)) => {}
        Ok(None) => return not_found(),
        Err(e) => return unavailable(&e),
    }
    match store.history(key.as_str()).await {
        Ok(points) => ok(&json!({
            "points": points
                .iter()
                .map(|p| json!({
                    "at": rfc3339(p.at_ms),
                    "rating": p.rating,
                    "rd": p.rd,
                    "game": p.game,
                }))
                .collect::<Vec<_>>()
        })),
        Err(e) => unavailable(&e),
    }
}

async fn game(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    if !is_game_id(&id) {
        return not_found();
    }
    let (finished, link) = match store.finished(&id).await {
        Ok(Some(f)) => f,
        Ok(None) => return not_found(),
        Err(e) => return unavailable(&e),
    };
    let clocks = if finished.clock.is_some() {
        match store.clocks(&id).await {
            Ok(c) => Value::Array(c.iter().map(clock_json).collect()),
            Err(e) => return unavailable(&e),
        }
    } else {
        Value::Null
    };
    let mut body = game_json(&finished);
    if let Some(o) = body.as_object_mut() {
        o.insert("link".into(), link.into());
        o.insert("clocks".into(), clocks);
    }
    ok(&body)
}

async fn leaderboard(State(store): State<Arc<Store>>) -> Response {
    match store.leaderboard().await {
        Ok(list) => ok(&json!({
            "players": list
                .iter()
                .map(|s| json!({
                    "key": s.player.key.as_str(),
                    "name": s.player.name,
                    "rating": s.rating.rating,
                    "rd": s.rating.rd,
                    "games": s.games,
                }))
                .collect::<Vec<_>>()
        })),
        Err(e) => unavailable(&e),
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a count of days since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Unix milliseconds as RFC 3339 in UTC, to the millisecond
/// (`2026-11-28T17:46:20.123Z`).
#[must_use]
pub fn rfc3339(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, sod) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        sod / 3600,
        sod / 60 % 60,
        sod % 60,
        ms.rem_euclid(1000)
    )
}

/// A time as `?before=` gives it: Unix milliseconds, or RFC 3339
/// (`2026-11-28T17:46:20Z`, a fraction and an offset allowed).
#[must_use]
pub fn parse_time(text: &str) -> Option<i64> {
    if !text.is_empty() && text.len() <= 16 && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok();
    }
    let b = text.as_bytes();
    if b.len() < 20 || b.len() > 40 || !text.is_ascii() {
        return None;
    }
    let num = |from: usize, to: usize| -> Option<i64> {
        let part = text.get(from..to)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let sep = |at: usize, c: &[u8]| b.get(at).is_some_and(|x| c.contains(x));
    if !(sep(4, b"-") && sep(7, b"-") && sep(10, b"Tt ") && sep(13, b":") && sep(16, b":")) {
        return None;
    }
    let (y, mo, d) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
    let (h, mi, s) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let mut at = 19;
    let mut millis = 0;
    if b.get(at) == Some(&b'.') {
        let start = at + 1;
        at = start;
        while b.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        if at == start {
            return None;
        }
        let digits = &text[start..at.min(start + 3)];
        millis = digits.parse::<i64>().ok()? * 10_i64.pow(3 - u32::try_from(digits.len()).ok()?);
    }
    let offset = match &text[at..] {
        "Z" | "z" => 0,
        rest if rest.len() == 6 && sep(at + 3, b":") => {
            let sign = match rest.as_bytes()[0] {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let (oh, om) = (num(at + 1, at + 3)?, num(at + 4, at + 6)?);
            if oh > 23 || om > 59 {
                return None;
            }
            sign * (oh * 60 + om)
        }
        _ => return None,
    };
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset * 60;
    Some(secs * 1000 + millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_and_read_in_rfc3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(1_795_887_980_123), "2026-11-28T17:46:20.123Z");
        assert_eq!(rfc3339(951_782_400_000), "2000-02-29T00:00:00.000Z");
        for ms in [0, 1_795_887_980_123, 951_782_400_000, 4_102_444_799_999] {
            assert_eq!(parse_time(&rfc3339(ms)), Some(ms));
        }
        assert_eq!(parse_time("2026-11-28T17:46:20Z"), Some(1_795_887_980_000));
        assert_eq!(
            parse_time("2026-11-28T18:46:20.5+01:00"),
            Some(1_795_887_980_500)
        );
        assert_eq!(parse_time("1795887980123"), Some(1_795_887_980_123));
        for bad in [
            "",
            "yesterday",
            "2026-13-01T00:00:00Z",
            "2026-11-28T17:46:20",
            "2026-11-28T17:46:20.Z",
            "2026-11-28T17:46:20+1:00",
            "99999999999999999999",
            "2026-11-28T17:46:20Zé",
        ] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }
}
