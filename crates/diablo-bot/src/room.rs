//! One game in its room (docs/live.md): the bot's seat, its link on
//! connecting, each of its moves as the link grows, until the game ends;
//! connected again after a lost connection, from the link it keeps.

use crate::{Bot, Event, backoff};
use diablo_ai::Player;
use diablo_core::Color;
use diablo_corr::{Due, Game, Progress, Role};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;

/// Refusals after which a game the bot was taking cannot begin.
const FINAL: [&str; 5] = ["not-taker", "exists", "playban", "name-taken", "too-many"];

/// How a room session ended.
enum End {
    /// The game is over (or can never begin): the task ends.
    Done,
    /// The connection was lost: connect again.
    Lost(String),
}

/// Plays game `id` (kept in the bot's file) to its end.
pub(crate) async fn play(bot: Arc<Bot>, id: String) {
    let mut tries = 0;
    loop {
        match session(&bot, &id).await {
            End::Done => return,
            End::Lost(why) => {
                bot.log.note(&format!("game {id}: {why}; connecting again"));
                tokio::time::sleep(backoff(tries)).await;
                tries += 1;
            }
        }
    }
}

fn side(c: Color) -> &'static str {
    if c == Color::Black { "black" } else { "green" }
}

async fn session(bot: &Arc<Bot>, id: &str) -> End {
    let Some(entry) = bot.state.lock().await.games.get(id).cloned() else {
        return End::Done;
    };
    let keys = entry.keys;
    let mut game = match Game::decode(&keys.link) {
        Ok(g) => g,
        Err(e) => {
            bot.log.note(&format!(
                "game {id}: its kept link cannot be read ({e}); dropped"
            ));
            forget(bot, id).await;
            return End::Done;
        }
    };
    let url = format!("{}/live/{id}", bot.base);
    let mut ws = match tokio_tungstenite::connect_async(&url).await {
        Ok((ws, _)) => ws,
        Err(e) => return End::Lost(format!("cannot connect to {url}: {e}")),
    };
    let mut seated = false;
    loop {
        let Some(frame) = ws.next().await else {
            return End::Lost("the room closed".into());
        };
        let text = match frame {
            Ok(Message::Text(t)) => t,
            Ok(Message::Close(_)) => return End::Lost("the room closed".into()),
            Ok(_) => continue,
            Err(e) => return End::Lost(format!("the room's connection failed: {e}")),
        };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text.as_str()) else {
            continue;
        };
        if let Some(nonce) = v.get("nonce").and_then(|n| n.as_str()) {
            if seated {
                continue;
            }
            seated = true;
            let seat = serde_json::json!({ "seat": {
                "key": bot.identity.key,
                "name": bot.options.name,
                "sig": bot.identity.sign(&format!("diablo seat {id} {nonce}")),
            }});
            let mut link = serde_json::json!({ "link": game.encode() });
            if keys.role == Role::Accepter {
                link["salt"] = diablo_corr::value_hex(&keys.owner_salt()).into();
            }
            for f in [seat, link] {
                if let Err(e) = ws.send(Message::text(f.to_string())).await {
                    return End::Lost(format!("cannot send: {e}"));
                }
            }
            if let Some(end) = progress(bot, id, &mut game, &keys, &mut ws).await {
                return end;
            }
        } else if let Some(link) = v.get("link").and_then(|l| l.as_str()) {
            match game.advance(link) {
                Ok(Progress::Newer(_)) => {
                    if let Some(end) = progress(bot, id, &mut game, &keys, &mut ws).await {
                        return end;
                    }
                }
                // The room's game on connecting may be older than the bot's
                // (its invitation, before the bot's acceptance reached it).
                Ok(Progress::Same) | Err(diablo_corr::CorrError::Stale { .. }) => {}
                Err(e) => bot.log.note(&format!("game {id}: a link not taken: {e}")),
            }
        } else if let Some(over) = v.get("over") {
            let winner = over
                .get("winner")
                .and_then(|w| w.as_str())
                .unwrap_or("none");
            let reason = over
                .get("reason")
                .and_then(|r| r.as_str())
                .unwrap_or("over");
            finish(bot, id, winner, reason).await;
            return End::Done;
        } else if let Some(kind) = v.get("error").and_then(|k| k.as_str()) {
            let message = v.get("message").and_then(|m| m.as_str()).unwrap_or("");
            bot.log
                .note(&format!("game {id}: refused {kind}: {message}"));
            let begun = game.messages().len() >= 2 && game.due() != Due::Accept;
            if FINAL.contains(&kind) && keys.role == Role::Accepter && !begun_kept(bot, id).await {
                let _ = begun;
                forget(bot, id).await;
                let _ = bot.events.send((id.to_string(), Event::Dropped));
                return End::Done;
            }
        }
    }
}

/// Whether the bot's file says the game has begun.
async fn begun_kept(bot: &Bot, id: &str) -> bool {
    bot.state
        .lock()
        .await
        .games
        .get(id)
        .is_some_and(|e| e.begun)
}

/// After the game grew: keeps it, says so once it has begun, plays the
/// bot's due messages and sends them; `Some` when the game is over.
async fn progress<S>(
    bot: &Arc<Bot>,
    id: &str,
    game: &mut Game,
    keys: &diablo_corr::Keys,
    ws: &mut S,
) -> Option<End>
where
    S: SinkExt<Message> + Unpin,
    S::Error: std::fmt::Display,
{
    loop {
        keep(bot, id, game, keys).await;
        match game.due() {
            Due::Over { winner, resigned } => {
                let reason = if resigned { "resign" } else { "checkers" };
                finish(bot, id, side(winner), reason).await;
                return Some(End::Done);
            }
            Due::Accept => return None,
            _ => {}
        }
        if game.due_role() != Some(keys.role) {
            return None;
        }
        let next = match game.due() {
            Due::Start => game.start(keys),
            Due::Turn { .. } => {
                let roll = match game.roll(keys) {
                    Ok(r) => r,
                    Err(e) => {
                        bot.log.note(&format!("game {id}: no roll: {e}"));
                        return None;
                    }
                };
                let pos = game.record().last().clone();
                let edition = game.header().edition;
                let level = bot.options.level;
                let seed = u64::from(pos.turn_number()) ^ seed_of(id);
                let chosen = tokio::task::spawn_blocking(move || {
                    Player::new(level, seed).choose(&pos, edition, roll)
                })
                .await;
                match chosen {
                    Ok(Ok(choice)) => game.play(keys, &choice.turn),
                    Ok(Err(e)) => {
                        bot.log.note(&format!("game {id}: no turn: {e}"));
                        return None;
                    }
                    Err(e) => {
                        bot.log.note(&format!("game {id}: the search failed: {e}"));
                        return None;
                    }
                }
            }
            _ => return None,
        };
        match next {
            Ok(g) => *game = g,
            Err(e) => {
                bot.log.note(&format!("game {id}: cannot move: {e}"));
                return None;
            }
        }
        // Kept before it is sent: a bot killed now sends it again.
        keep(bot, id, game, keys).await;
        let frame = serde_json::json!({ "link": game.encode() }).to_string();
        if let Err(e) = ws.send(Message::text(frame)).await {
            return Some(End::Lost(format!("cannot send: {e}")));
        }
    }
}

/// A number from the game's id, so two games never share their choices.
fn seed_of(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Keeps the game's link in the bot's file; the first time both players
/// are in it, says the game has begun.
async fn keep(bot: &Bot, id: &str, game: &Game, keys: &diablo_corr::Keys) {
    let mut state = bot.state.lock().await;
    let Some(entry) = state.games.get_mut(id) else {
        return;
    };
    let link = game.encode();
    let begun_now = !entry.begun && game.due() != Due::Accept;
    if entry.keys.link == link && !begun_now {
        return;
    }
    entry.keys = keys.updated(game);
    if begun_now {
        entry.begun = true;
        entry.post = None;
    }
    if let Err(e) = state.save() {
        bot.log.note(&format!("cannot keep game {id}: {e}"));
    }
    drop(state);
    if begun_now {
        let name = |c: Color| game.name(game.header().role_of(c)).to_string();
        bot.log.game(&format!(
            "game {id} begun: black {} green {}",
            name(Color::Black),
            name(Color::Green)
        ));
        let _ = bot.events.send((id.to_string(), Event::Begun));
    }
}

/// The game is over: said, and dropped from the bot's file.
async fn finish(bot: &Bot, id: &str, winner: &str, reason: &str) {
    let begun = begun_kept(bot, id).await;
    forget(bot, id).await;
    if begun {
        bot.log.game(&format!("game {id} ended: {winner} {reason}"));
        let _ = bot.events.send((id.to_string(), Event::Ended));
    } else {
        let _ = bot.events.send((id.to_string(), Event::Dropped));
    }
}

async fn forget(bot: &Bot, id: &str) {
    let mut state = bot.state.lock().await;
    if state.games.remove(id).is_some()
        && let Err(e) = state.save()
    {
        bot.log.note(&format!("cannot drop game {id}: {e}"));
    }
}
