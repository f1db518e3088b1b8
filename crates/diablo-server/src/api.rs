//! The JSON API under the site's prefix (docs/ratings.md has the shapes):
//! players, their games in progress, finished games and rating history, a
//! finished game with its link and clocks, and the leaderboard. Read-only;
//! every answer is
//! `application/json`, an unknown or malformed key or game id a 404
//! `{"error": "not-found"}`.

use crate::keys::{Key, Player};
use crate::relay::{self, Saved, Side, is_game_id, side_named};
use crate::store::{ClockPoint, Finished, GAMES_PER_PAGE, Standing, Store};
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::sync::Arc;

/// The API's routes, relative to the site's prefix.
pub(crate) fn router<S>(store: Arc<Store>, first_move_ms: i64) -> Router<S> {
    Router::new()
        .route("/api/players/{key}", get(player))
        .route("/api/players/{key}/games", get(games))
        .route("/api/players/{key}/history", get(history))
        .route("/api/games/{id}", get(game))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/players/{key}/playing", get(playing))
        .route("/api/tournaments", get(tournaments))
        .route("/api/tournaments/{id}", get(tournament))
        .with_state(Api {
            store,
            first_move_ms,
        })
}

/// What the handlers read: the store, and the first move's limit (a live
/// game's deadline in its opening).
#[derive(Clone)]
struct Api {
    store: Arc<Store>,
    first_move_ms: i64,
}

impl FromRef<Api> for Arc<Store> {
    fn from_ref(api: &Api) -> Arc<Store> {
        api.store.clone()
    }
}

/// A game in progress as `api/players/<key>/playing` lists it, with
/// whether it is `key`'s turn and when its move is due (for the order);
/// `bots` holds the keys of its players that are bots.
fn playing_json(
    saved: &Saved,
    key: &str,
    first_move_ms: i64,
    bots: &HashSet<String>,
) -> Option<(bool, i64, Value)> {
    let (header, messages) = diablo_corr::outline(&saved.link).ok()?;
    // Messages alternate from the inviter's; the start message (the
    // inviter's, when Green) counts as theirs. The opening lasts until
    // both sides' first turns are in: messages 2 and 3, or 3 and 4 after
    // a start message.
    let to_move = side_named(
        header
            .color_of(diablo_corr::Role::of_message(messages))
            .name(),
    );
    let inviter = side_named(header.inviter.name());
    let opening = messages < if inviter == Side::Black { 4 } else { 5 };
    let seat = match to_move {
        Side::Black => &saved.black,
        Side::Green => &saved.green,
    };
    let mine = seat.as_ref().is_some_and(|p| p.key.as_str() == key);
    let clock = saved.terms.clock;
    let deadline = clock
        .zip(saved.clock)
        .and_then(|(c, s)| relay::clock::due_by(c, &s, opening, first_move_ms));
    let seat = |p: &Player| seat_json(p, bots.contains(p.key.as_str()));
    let body = json!({
        "game": saved.game,
        "black": saved.black.as_ref().map(seat),
        "green": saved.green.as_ref().map(seat),
        "size": saved.size,
        "edition": saved.edition,
        "clock": clock,
        "rated": saved.terms.rated,
        "to_move": to_move,
        "deadline": deadline.map(rfc3339),
        "link": saved.link,
    });
    Some((mine, deadline.unwrap_or(i64::MAX), body))
}

/// `api/players/<key>/playing`: the key's unfinished games, those whose
/// turn is the key's first, each group by the soonest deadline.
async fn playing(State(p): State<Api>, Path(key): Path<String>) -> Response {
    let Some(key) = key_of(&key) else {
        return not_found();
    };
    let saved = match p.store.playing(key.as_str()).await {
        Ok(s) => s,
        Err(e) => return unavailable(&e),
    };
    let mut seated: Vec<&str> = saved
        .iter()
        .flat_map(|s| [&s.black, &s.green])
        .flatten()
        .map(|p| p.key.as_str())
        .collect();
    seated.sort_unstable();
    seated.dedup();
    let bots = match p.store.bots_among(&seated).await {
        Ok(b) => b,
        Err(e) => return unavailable(&e),
    };
    ok(&json!({ "games": listed(&saved, key.as_str(), p.first_move_ms, &bots) }))
}

/// `saved` (the store's order: the latest moved first) as `key`'s list:
/// the games whose move is `key`'s first, each group by the soonest
/// deadline (none last), ties as the store gave them; `bots` the keys
/// that are bots'.
fn listed(saved: &[Saved], key: &str, first_move_ms: i64, bots: &HashSet<String>) -> Vec<Value> {
    let mut list: Vec<_> = saved
        .iter()
        .filter_map(|s| playing_json(s, key, first_move_ms, bots))
        .collect();
    list.sort_by_key(|(mine, due, _)| (!mine, *due));
    list.into_iter().map(|(_, _, v)| v).collect()
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

/// A seat's player: key, name and whether a bot.
fn seat_json(p: &Player, bot: bool) -> Value {
    json!({ "key": p.key.as_str(), "name": p.name, "bot": bot })
}

/// `G`: a finished game.
fn game_json(g: &Finished) -> Value {
    let [black_bot, green_bot] = g.bots;
    json!({
        "game": g.game,
        "black": g.black.as_ref().map(|p| seat_json(p, black_bot)),
        "green": g.green.as_ref().map(|p| seat_json(p, green_bot)),
        "size": g.size,
        "edition": g.edition,
        "clock": g.clock,
        "rated": g.rated,
        "result": g.over,
        "ended": rfc3339(g.ended_ms),
        "luck": g.luck,
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
    let s = match store.standing(key.as_str()).await {
        Ok(Some(s)) => s,
        Ok(None) => return not_found(),
        Err(e) => return unavailable(&e),
    };
    match store.luck_of(key.as_str()).await {
        Ok(luck) => {
            let mut body = standing_json(&s);
            body["luck"] = json!({ "games": luck.games, "sum": luck.sum });
            ok(&body)
        }
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
        "bot": s.bot,
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

async fn tournaments(State(store): State<Arc<Store>>) -> Response {
    match store.tournaments().await {
        Ok(list) => ok(&json!({
            "tournaments": list.iter().map(crate::lobby::tournament_json).collect::<Vec<_>>()
        })),
        Err(e) => unavailable(&e),
    }
}

/// `T` with its standings, its finished games (`G` with `"round"`) and
/// every pairing (round, sides, game, state).
async fn tournament(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    if !is_game_id(&id) {
        return not_found();
    }
    let t = match store.tournament(&id).await {
        Ok(Some(t)) => t,
        Ok(None) => return not_found(),
        Err(e) => return unavailable(&e),
    };
    let (entrants, pairings) = match tokio::try_join!(store.entrants(&id), store.pairings(&id)) {
        Ok(both) => both,
        Err(e) => return unavailable(&e),
    };
    let players: Vec<Player> = entrants.into_iter().map(|(p, _)| p).collect();
    let (decided, standings) = crate::lobby::decided(&players, &pairings);
    let who = |p: &Player| json!({ "key": p.key.as_str(), "name": p.name, "bot": false });
    let games: Vec<Value> = pairings
        .iter()
        .filter_map(|p| {
            let (winner, reason) = p.result.as_ref()?;
            Some(json!({
                "game": p.game,
                "black": who(&p.black),
                "green": who(&p.green),
                "size": t.size,
                "edition": t.edition,
                "clock": t.clock,
                "rated": p.counted,
                "result": {"winner": winner.map(|s| s.name()), "reason": reason},
                "ended": p.ended_ms.map(rfc3339),
                "luck": p.luck,
                "round": p.round,
            }))
        })
        .collect();
    let withdrawn = |k: &str| decided.withdrawn.iter().any(|w| w == k);
    let list: Vec<Value> = pairings
        .iter()
        .map(|p| {
            let state = match (&p.result, &p.game) {
                (Some(_), _) => "over",
                (None, _) if withdrawn(p.black.key.as_str()) || withdrawn(p.green.key.as_str()) => {
                    "forfeit"
                }
                (None, Some(_)) => "playing",
                (None, None) => "waiting",
            };
            json!({
                "round": p.round,
                "black": who(&p.black),
                "green": who(&p.green),
                "game": p.game,
                "state": state,
            })
        })
        .collect();
    let mut body = crate::lobby::tournament_json(&t);
    if let Some(o) = body.as_object_mut() {
        o.insert("standings".into(), standings);
        o.insert("games".into(), Value::Array(games));
        o.insert("pairings".into(), Value::Array(list));
        o.insert(
            "entrants".into(),
            Value::Array(players.iter().map(who).collect()),
        );
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
                    "bot": s.bot,
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
    use crate::clock::Clock;
    use crate::relay::{ClockState, Terms};
    use diablo_core::{Color, Edition};

    fn who(seed: u8, name: &str) -> Player {
        use base64::Engine as _;
        let signing = ed25519_dalek::SigningKey::from_bytes(&[seed; 32]);
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(signing.verifying_key().to_bytes());
        Player {
            key: Key::parse(&text).expect("a key"),
            name: name.into(),
        }
    }

    /// Ann invites (as `color`) and Bo accepts; with `start`, Ann (Green)
    /// sends the start message, so Bo (Black) is due.
    fn in_progress(color: Color, start: bool, since_ms: i64) -> Saved {
        let (invite, ann) =
            diablo_corr::Game::invite(6, Edition::Standard, color, "Ann", rand::random(), [1; 32])
                .expect("an invitation");
        let (mut game, _) = invite.accept("Bo", [2; 32]).expect("accepted");
        if start {
            game = game.start(&ann.updated(&game)).expect("started");
        }
        let (black, green) = if color == Color::Black {
            (who(1, "Ann"), who(2, "Bo"))
        } else {
            (who(2, "Bo"), who(1, "Ann"))
        };
        Saved {
            game: game.id_hex(),
            link: game.encode(),
            messages: game.messages().len(),
            at_ms: since_ms,
            size: 6,
            edition: "standard".into(),
            terms: Terms {
                clock: Some(Clock::Days { days: 1, bank: 0 }),
                rated: false,
                poster: Some(who(1, "Ann")),
            },
            black: Some(black),
            green: Some(green),
            clock: Some(ClockState {
                black_ms: 86_400_000,
                green_ms: 86_400_000,
                running: Some(Side::Black),
                since_ms,
            }),
            over: None,
            stored: 0,
            bonus_start_ms: None,
            address: None,
            aborted_by: None,
        }
    }

    #[test]
    fn games_in_progress_list_the_keys_turns_first_then_by_deadline() {
        // Ann's move in `mine` (Black, message 2 due), due later; Bo's in
        // `theirs` (after Green's start), due sooner.
        let mine = in_progress(Color::Black, false, 5_000);
        let theirs = in_progress(Color::Green, true, 1_000);
        let saved = [theirs.clone(), mine.clone()];
        let ann = who(1, "Ann");
        let list = listed(&saved, ann.key.as_str(), 30_000, &HashSet::new());
        let ids: Vec<_> = list.iter().map(|g| g["game"].clone()).collect();
        assert_eq!(ids, vec![json!(mine.game), json!(theirs.game)]);
        assert_eq!(list[0]["to_move"], "black");
        assert_eq!(list[1]["to_move"], "black", "Bo, at Black after the start");
        assert_eq!(list[0]["deadline"], rfc3339(5_000 + 86_400_000));
        assert_eq!(list[0]["black"]["name"], "Ann");
        assert_eq!(list[0]["black"]["bot"], false);
        // A seat says whether its player is a bot.
        let bots: HashSet<String> = [ann.key.as_str().to_string()].into();
        let list = listed(&saved, ann.key.as_str(), 30_000, &bots);
        assert_eq!(
            (&list[0]["black"]["bot"], &list[0]["green"]["bot"]),
            (&json!(true), &json!(false))
        );
        // Bo's list: his move first, though it is due later.
        let bo = who(2, "Bo");
        let list = listed(&saved, bo.key.as_str(), 30_000, &HashSet::new());
        assert_eq!(list[0]["game"], json!(theirs.game));
        // No clock: no deadline.
        let mut casual = mine.clone();
        casual.terms.clock = None;
        casual.clock = None;
        assert_eq!(
            listed(&[casual], ann.key.as_str(), 30_000, &HashSet::new())[0]["deadline"],
            Value::Null
        );
    }

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
