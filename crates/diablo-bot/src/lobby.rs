//! The bot in the lobby (docs/lobby.md): it says it is a bot, keeps its
//! challenges posted (one live one at a time, as the lobby holds one live
//! challenge a key), takes the challenges of people its options allow, and
//! hands each game to its room task.

use crate::state::Entry;
use crate::{AT_ONCE, Bot, Clock, Spec, backoff};
use diablo_core::Color;
use diablo_corr::{Game, Role};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The lobby's frames a second for one connection, kept under.
const PACE: Duration = Duration::from_millis(600);

/// How long a challenge of the bot's that went without being taken waits
/// before it is posted again (a live one goes when its connection is lost
/// or after 15 minutes; a turn-based one after a day).
const REPOST: Duration = Duration::from_secs(3);

/// Keeps the bot in the lobby, connecting again whenever it is lost.
pub(crate) async fn run(bot: Arc<Bot>) {
    let mut tries = 0;
    loop {
        let started = Instant::now();
        let why = session(&bot).await;
        if started.elapsed() > Duration::from_secs(10) {
            tries = 0;
        }
        bot.log.note(&format!("lobby: {why}; connecting again"));
        tokio::time::sleep(backoff(tries)).await;
        tries += 1;
    }
}

/// One lobby connection; returns why it ended.
async fn session(bot: &Arc<Bot>) -> String {
    let url = format!("{}/lobby", bot.base);
    let mut ws = match tokio_tungstenite::connect_async(&url).await {
        Ok((ws, _)) => ws,
        Err(e) => return format!("cannot connect to {url}: {e}"),
    };
    let mut out = Outbox::default();
    let key = bot.identity.key.clone();
    out.push(serde_json::json!({ "bot": {
        "key": key,
        "name": bot.options.name,
        "sig": bot.identity.sign(&format!("diablo bot {key}")),
    }}));
    // The bot's open challenges, posted again (the same games: a live one
    // is then held by this connection).
    for post in bot
        .state
        .lock()
        .await
        .games
        .values()
        .filter_map(|e| e.post.clone())
    {
        out.push(post);
    }
    let mut tried: HashSet<String> = HashSet::new();
    // The open challenges, to look at again when a game ends and leaves room.
    let mut open: std::collections::BTreeMap<String, serde_json::Value> = Default::default();
    let mut reposts: Vec<(Instant, String)> = Vec::new();
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    loop {
        top_up(bot, &mut out).await;
        for h in open.values() {
            consider(bot, h, &mut tried).await;
        }
        let now = Instant::now();
        let (due, later): (Vec<_>, Vec<_>) = reposts.drain(..).partition(|(at, _)| *at <= now);
        reposts = later;
        for (_, id) in due {
            let post = bot
                .state
                .lock()
                .await
                .games
                .get(&id)
                .and_then(|e| e.post.clone());
            if let Some(post) = post {
                out.push(post);
            }
        }
        if let Some(frame) = out.ready() {
            if let Err(e) = ws.send(Message::text(frame.to_string())).await {
                return format!("cannot send: {e}");
            }
            continue;
        }
        let wait = out.wait();
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None => return "the lobby closed".into(),
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return format!("the lobby's connection failed: {e}"),
                };
                let Ok(v) = serde_json::from_str::<serde_json::Value>(text.as_str()) else {
                    continue;
                };
                let id_of = |h: &serde_json::Value| h.get("game").and_then(|g| g.as_str()).map(str::to_string);
                if let Some(hooks) = v.get("hooks").and_then(|h| h.as_array()) {
                    open = hooks.iter().filter_map(|h| Some((id_of(h)?, h.clone()))).collect();
                } else if let Some(h) = v.get("hook") {
                    if let Some(id) = id_of(h) {
                        open.insert(id, h.clone());
                    }
                } else if let Some(id) = v.get("gone").and_then(|g| g.as_str()) {
                    open.remove(id);
                    let ours = bot
                        .state
                        .lock()
                        .await
                        .games
                        .get(id)
                        .is_some_and(|e| e.post.is_some());
                    if ours {
                        reposts.push((Instant::now() + REPOST, id.to_string()));
                    }
                } else if let Some(kind) = v.get("error").and_then(|k| k.as_str()) {
                    let message = v.get("message").and_then(|m| m.as_str()).unwrap_or("");
                    bot.log.note(&format!("lobby refused {kind}: {message}"));
                }
            }
            () = bot.wake.notified() => {}
            _ = tick.tick() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// Frames to send, no faster than the lobby's rate.
#[derive(Default)]
struct Outbox {
    queue: std::collections::VecDeque<serde_json::Value>,
    last: Option<Instant>,
}

impl Outbox {
    fn push(&mut self, frame: serde_json::Value) {
        self.queue.push_back(frame);
    }

    /// The next frame, if one may go now.
    fn ready(&mut self) -> Option<serde_json::Value> {
        if self.queue.is_empty() || self.last.is_some_and(|t| t.elapsed() < PACE) {
            return None;
        }
        self.last = Some(Instant::now());
        self.queue.pop_front()
    }

    /// How long until the next frame may go (an hour when none waits).
    fn wait(&self) -> Duration {
        match (self.queue.is_empty(), self.last) {
            (true, _) => Duration::from_secs(3600),
            (false, Some(t)) => PACE.saturating_sub(t.elapsed()),
            (false, None) => Duration::ZERO,
        }
    }
}

fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The system's source does not fail on the systems a bot runs on; a
    // zero seed would still make a valid (if guessable) game.
    let _ = getrandom::fill(&mut b);
    b
}

/// Posts the bot's challenges that are not open: each `--post` once, the
/// live ones one at a time, while it plays fewer than [`AT_ONCE`] games.
async fn top_up(bot: &Arc<Bot>, out: &mut Outbox) {
    if bot.stopping() {
        return;
    }
    let mut state = bot.state.lock().await;
    for spec in &bot.options.post {
        if state.games.len() >= AT_ONCE {
            return;
        }
        let words = spec.to_string();
        let open = |live: bool| {
            state.games.values().any(|e| {
                e.post.as_ref().is_some_and(|p| {
                    if live {
                        p["post"]["clock"].get("initial").is_some()
                    } else {
                        e.spec.as_deref() == Some(words.as_str())
                    }
                })
            })
        };
        if open(false) || (spec.clock.is_live() && open(true)) {
            continue;
        }
        let (entry, frame) = match challenge(bot, spec) {
            Ok(x) => x,
            Err(e) => {
                bot.log
                    .note(&format!("cannot make a challenge '{words}': {e}"));
                continue;
            }
        };
        let id = entry.keys.game_hex().to_string();
        state.games.insert(id.clone(), entry);
        if let Err(e) = state.save() {
            bot.log.note(&format!("cannot keep a challenge: {e}"));
            state.games.remove(&id);
            continue;
        }
        out.push(frame);
        let _ = bot.spawn.send(id);
    }
}

/// A new challenge: the invitation bound to the bot's key and these terms
/// (docs/lobby.md, "diablo owner …"), and its post.
fn challenge(bot: &Bot, spec: &Spec) -> Result<(Entry, serde_json::Value), String> {
    let key = &bot.identity.key;
    let statement = format!(
        "diablo owner {key} {} {} random listed",
        spec.clock.owner_words(),
        if spec.rated { "rated" } else { "casual" },
    );
    let color = if random::<1>()[0] & 1 == 0 {
        Color::Black
    } else {
        Color::Green
    };
    let (invite, keys) = Game::invite_owned(
        spec.size,
        spec.edition,
        color,
        &bot.options.name,
        &statement,
        random(),
    )
    .map_err(|e| e.to_string())?;
    let link = invite.encode();
    let post = serde_json::json!({ "post": {
        "link": link,
        "clock": spec.clock.json(),
        "rated": spec.rated,
        "key": key,
        "name": bot.options.name,
        "sig": bot.identity.sign(&format!("diablo hook {link}")),
        "salt": diablo_corr::value_hex(&keys.owner_salt()),
        "color": "random",
    }});
    Ok((
        Entry {
            keys,
            post: Some(post.clone()),
            spec: Some(spec.to_string()),
            begun: false,
        },
        post,
    ))
}

/// Takes a challenge of a person when the options allow it.
async fn consider(bot: &Arc<Bot>, hook: &serde_json::Value, tried: &mut HashSet<String>) {
    let (Some(id), Some(link)) = (
        hook.get("game").and_then(|g| g.as_str()),
        hook.get("link").and_then(|l| l.as_str()),
    ) else {
        return;
    };
    let player = &hook["player"];
    let rated = hook
        .get("rated")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    if bot.stopping()
        || !bot.options.take.allows(rated)
        || player.get("key").and_then(|k| k.as_str()) == Some(bot.identity.key.as_str())
        || player.get("bot").and_then(serde_json::Value::as_bool) == Some(true)
        || hook.get("clock").and_then(Clock::from_json).is_none()
        || tried.contains(id)
    {
        return;
    }
    let mut state = bot.state.lock().await;
    // At its most games, it looks again at the next list or hook.
    if state.games.len() >= AT_ONCE || state.games.contains_key(id) {
        return;
    }
    tried.insert(id.to_string());
    let taken = Game::decode(link).and_then(|invite| {
        invite.accept_owned(
            &bot.options.name,
            &format!("diablo taker {}", bot.identity.key),
            random(),
        )
    });
    let (_, keys) = match taken {
        Ok(x) => x,
        Err(e) => {
            bot.log.note(&format!("cannot take {id}: {e}"));
            return;
        }
    };
    debug_assert_eq!(keys.role, Role::Accepter);
    state.games.insert(
        id.to_string(),
        Entry {
            keys,
            post: None,
            spec: None,
            begun: false,
        },
    );
    if let Err(e) = state.save() {
        bot.log.note(&format!("cannot keep game {id}: {e}"));
        state.games.remove(id);
        return;
    }
    drop(state);
    bot.log.note(&format!("taking {id}"));
    let _ = bot.spawn.send(id.to_string());
}
