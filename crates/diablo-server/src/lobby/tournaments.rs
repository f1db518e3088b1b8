//! The lobby's tournaments (docs/tournaments.md): created, joined and
//! left by signed frames; started at their time, every pairing told to
//! its two players' connections; each game posted by its Black player's
//! page (unlisted, on the tournament's terms) and handed to Green; told to
//! every connection on each change. Round robins only for now.

use super::{Lobby, LobbyRefusal, Pass, lock, unavailable};
use crate::keys::Player;
use crate::store::{Challenge, Joined, PairingRow, Tournament};
use crate::tournament::{Decided, Played, decide, groups, round_robin, standings};
use crate::wire::lobby::{ServerMsg, TournamentSpec};
use crate::wire::{Message as _, Out};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

/// The soonest and latest a tournament may start after its creation.
const START_AFTER_MS: i64 = 10_000;
const START_WITHIN_MS: i64 = 30 * 86_400_000;
/// Frames waiting for one connection's own (pairings); more are dropped
/// (the page joins again on connecting and is told what waits).
pub(super) const DIRECT_BACKLOG: usize = 64;

/// `T`: a tournament as the wire and the API spell it.
#[must_use]
pub fn tournament_json(t: &Tournament) -> Value {
    json!({
        "id": t.id,
        "name": t.name,
        "kind": t.kind,
        "size": t.size,
        "edition": t.edition,
        "clock": t.clock,
        "rated": t.rated,
        "duplicate": t.duplicate,
        "double": t.double,
        "starts": crate::api::rfc3339(t.starts_ms),
        "ends": t.ended_ms.map(crate::api::rfc3339),
        "players": t.players,
        "status": t.status,
    })
}

/// A pairing's frame for `key`'s player: the opponent, the colour, the
/// terms, and the game and its invitation once Black posted it (to Green).
fn pairing_json(t: &Tournament, p: &PairingRow, key: &str) -> Value {
    let black = p.black.key.as_str() == key;
    let other = if black { &p.green } else { &p.black };
    let mut v = json!({
        "tournament": t.id,
        "round": p.round,
        "color": if black { "black" } else { "green" },
        "opponent": {"key": other.key.as_str(), "name": other.name},
        "size": t.size,
        "edition": t.edition,
        "clock": t.clock,
        "rated": t.rated,
        "game": p.game,
    });
    if !black && let Some(link) = &p.link {
        v["link"] = json!(link);
    }
    v
}

/// The pairings as [`decide`] reads them.
pub fn played(pairings: &[PairingRow]) -> Vec<Played> {
    pairings
        .iter()
        .map(|p| Played {
            black: p.black.key.as_str().to_string(),
            green: p.green.key.as_str().to_string(),
            winner: p.result.as_ref().map(|(w, _)| {
                w.map(|side| match side {
                    crate::relay::Side::Black => p.black.key.as_str().to_string(),
                    crate::relay::Side::Green => p.green.key.as_str().to_string(),
                })
            }),
            on_time: p.result.as_ref().is_some_and(|(_, r)| r == "time"),
        })
        .collect()
}

/// Standings and what the pairings came to, for the API.
pub fn decided(entrants: &[Player], pairings: &[PairingRow]) -> (Decided, Value) {
    let d = decide(&played(pairings));
    let keys: Vec<String> = entrants
        .iter()
        .map(|p| p.key.as_str().to_string())
        .collect();
    let lines = standings(&keys, &d.results);
    let name = |k: &str| {
        entrants
            .iter()
            .find(|p| p.key.as_str() == k)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let json: Vec<Value> = lines
        .iter()
        .map(|l| {
            json!({
                "key": l.key,
                "name": name(&l.key),
                "points": l.points,
                "games": l.games,
                "wins": l.wins,
                "tiebreak": l.tiebreak,
                "withdrawn": d.withdrawn.contains(&l.key),
            })
        })
        .collect();
    (d, Value::Array(json))
}

impl Lobby {
    /// This connection's own frames (pairings), registered under its id.
    pub(super) fn direct(&self, conn: u64) -> mpsc::Receiver<Out> {
        let (tx, rx) = mpsc::channel(DIRECT_BACKLOG);
        lock(&self.direct).insert(conn, tx);
        rx
    }

    /// Sends `frame` to the connection the player with `key` last joined
    /// from, if it is open (dropped when it has fallen behind).
    fn tell_player(&self, key: &str, frame: Out) {
        let Some(conn) = lock(&self.routes).get(key).copied() else {
            return;
        };
        if let Some(tx) = lock(&self.direct).get(&conn) {
            let _ = tx.try_send(frame);
        }
    }

    /// Tells every connection tournament `id` as it is now.
    async fn tell_tournament(&self, id: &str) {
        match self.store.tournament(id).await {
            Ok(Some(t)) => {
                let msg = ServerMsg::Tournament {
                    tournament: tournament_json(&t),
                };
                let _ = self.events.send(msg.out());
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(tournament = id, "reading a tournament: {e:#}"),
        }
    }

    /// `{"create": …}`: keeps the tournament (its id fresh) and tells it.
    pub(super) async fn create(&self, spec: TournamentSpec) -> Result<(), LobbyRefusal> {
        let now = self.time.now_ms();
        if spec.starts_ms < now + START_AFTER_MS || spec.starts_ms > now + START_WITHIN_MS {
            return Err(LobbyRefusal::Malformed(
                "`starts` is 10 s to 30 days from now".into(),
            ));
        }
        let t = Tournament {
            id: format!("{:032x}", rand::random::<u128>()),
            name: spec.name,
            kind: spec.kind,
            size: spec.size,
            edition: spec.edition,
            clock: spec.clock,
            rated: spec.rated,
            duplicate: spec.duplicate,
            double: spec.double,
            starts_ms: spec.starts_ms,
            minutes: spec.minutes,
            max_players: spec.max_players,
            creator: spec.creator.as_str().to_string(),
            created_ms: now,
            status: "open".into(),
            ended_ms: None,
            players: 0,
        };
        let kept = self
            .store
            .create_tournament(&t)
            .await
            .map_err(unavailable)?;
        if !kept {
            return Err(LobbyRefusal::TooMany(format!(
                "at most {} open tournaments a player, {} in all",
                crate::store::tournaments::OPEN_PER_KEY,
                crate::store::tournaments::OPEN_IN_ALL
            )));
        }
        self.tournaments_changed.notify_one();
        self.tell_tournament(&t.id).await;
        Ok(())
    }

    /// `{"join": …}`: in an open tournament, the player joins; in one
    /// running, a player of it is told what waits for them. Either way
    /// their pairings go to this connection from now on.
    pub(super) async fn join(
        &self,
        pass: &Pass,
        id: &str,
        player: Player,
    ) -> Result<(), LobbyRefusal> {
        let now = self.time.now_ms();
        let t = self
            .store
            .tournament(id)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| LobbyRefusal::NoTournament("no such tournament".into()))?;
        let key = player.key.as_str().to_string();
        if t.status == "running" {
            let waiting = self.store.waiting_for(&key).await.map_err(unavailable)?;
            let mine: Vec<&PairingRow> = waiting
                .iter()
                .filter(|(tid, _)| tid == id)
                .map(|(_, p)| p)
                .collect();
            let entrants = self.store.entrants(id).await.map_err(unavailable)?;
            if !entrants.iter().any(|(p, _)| p.key.as_str() == key) {
                return Err(LobbyRefusal::NoTournament(
                    "this tournament has begun: it takes no more players".into(),
                ));
            }
            lock(&self.routes).insert(key.clone(), pass.id);
            for p in mine {
                self.tell_player(&key, pairing_msg(&t, p, &key));
            }
            return Ok(());
        }
        match self
            .store
            .join_tournament(id, &player, now)
            .await
            .map_err(unavailable)?
        {
            Joined::Joined => {}
            Joined::Unknown => return Err(LobbyRefusal::NoTournament("no such tournament".into())),
            Joined::Closed => {
                return Err(LobbyRefusal::NoTournament(
                    "this tournament has begun: it takes no more players".into(),
                ));
            }
            Joined::Full => {
                return Err(LobbyRefusal::TooMany(format!(
                    "this tournament has its {} players",
                    t.max_players
                )));
            }
            Joined::TooMany => {
                return Err(LobbyRefusal::TooMany(format!(
                    "at most {} tournaments a player at once",
                    crate::store::tournaments::PER_PLAYER
                )));
            }
        }
        lock(&self.routes).insert(key, pass.id);
        self.tell_tournament(id).await;
        Ok(())
    }

    /// `{"leave": …}`: the player leaves a tournament before it starts.
    pub(super) async fn leave(&self, id: &str, player: &Player) -> Result<(), LobbyRefusal> {
        let left = self
            .store
            .leave_tournament(id, player.key.as_str())
            .await
            .map_err(unavailable)?;
        if !left {
            return Err(LobbyRefusal::NoTournament(
                "not in this tournament, or it has begun".into(),
            ));
        }
        self.tell_tournament(id).await;
        Ok(())
    }

    /// A post with `"tournament"`: the game of the poster's first pairing
    /// without one, on the tournament's terms, posted unlisted, then
    /// handed to Green with its invitation.
    pub(super) async fn tournament_post(
        &self,
        pass: &Pass,
        challenge: Challenge,
        id: &str,
    ) -> Result<Option<Out>, LobbyRefusal> {
        let t = self
            .store
            .tournament(id)
            .await
            .map_err(unavailable)?
            .filter(|t| t.status == "running")
            .ok_or_else(|| LobbyRefusal::NoTournament("no running tournament of this id".into()))?;
        if challenge.size != t.size
            || challenge.edition != t.edition
            || challenge.clock != t.clock
            || challenge.rated != t.rated
            || challenge.color != "black"
        {
            return Err(LobbyRefusal::Malformed(
                "a tournament's game is on its terms (size, edition, clock, rated), the poster Black"
                    .into(),
            ));
        }
        let key = challenge.player.key.as_str().to_string();
        let waits = self
            .store
            .waiting_for(&key)
            .await
            .map_err(unavailable)?
            .into_iter()
            .any(|(tid, p)| tid == id && p.black.key.as_str() == key);
        if !waits {
            return Err(LobbyRefusal::NoTournament(
                "no pairing of yours waits for a game in this tournament".into(),
            ));
        }
        let (game, link) = (challenge.game.clone(), challenge.link.clone());
        let answer = self.post(pass, challenge).await?;
        let paired = self
            .store
            .pair_game(id, &key, &game, &link)
            .await
            .map_err(unavailable)?
            .ok_or_else(|| {
                LobbyRefusal::NoTournament("no pairing of yours waits for a game".into())
            })?;
        let green = paired.green.key.as_str().to_string();
        self.tell_player(&green, pairing_msg(&t, &paired, &green));
        Ok(answer)
    }

    /// Starts every tournament due at `now_ms`: the players paired (groups
    /// of at most ten by rating, a round robin each), each told their
    /// pairings; with fewer than two players it is over at once. Returns
    /// the next start after `now_ms`.
    ///
    /// # Errors
    /// The database's.
    pub async fn start_due(&self, now_ms: i64) -> anyhow::Result<Option<i64>> {
        let (due, next) = self.store.starts(now_ms).await?;
        for id in due {
            let Some(t) = self.store.tournament(&id).await? else {
                continue;
            };
            let entrants = self.store.entrants(&id).await?;
            let ratings: Vec<f64> = entrants.iter().map(|(_, r)| *r).collect();
            let mut pairings = Vec::new();
            if entrants.len() >= 2 {
                for group in groups(&ratings) {
                    for p in round_robin(group.len(), t.double) {
                        pairings.push((
                            i64::from(p.round),
                            entrants[group[p.black]].0.key.as_str().to_string(),
                            entrants[group[p.green]].0.key.as_str().to_string(),
                        ));
                    }
                }
            }
            if !self.store.start_tournament(&id, &pairings, now_ms).await? {
                continue;
            }
            tracing::info!(
                tournament = id,
                players = entrants.len(),
                games = pairings.len(),
                "tournament started"
            );
            self.tell_tournament(&id).await;
            let Some(t) = self.store.tournament(&id).await? else {
                continue;
            };
            for p in self.store.pairings(&id).await? {
                for key in [p.black.key.as_str(), p.green.key.as_str()] {
                    self.tell_player(key, pairing_msg(&t, &p, key));
                }
            }
        }
        Ok(next)
    }

    /// Ends each running tournament whose pairings are all decided, and
    /// tells every running one (a result may have come).
    ///
    /// # Errors
    /// The database's.
    pub async fn settle_tournaments(&self, now_ms: i64) -> anyhow::Result<()> {
        for t in self.store.tournaments().await? {
            if t.status != "running" {
                continue;
            }
            let pairings = self.store.pairings(&t.id).await?;
            let entrants: Vec<Player> = self
                .store
                .entrants(&t.id)
                .await?
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            let (d, _) = decided(&entrants, &pairings);
            if d.over {
                let at = pairings
                    .iter()
                    .filter_map(|p| p.ended_ms)
                    .max()
                    .unwrap_or(now_ms);
                self.store.end_tournament(&t.id, at).await?;
            }
            self.tell_tournament(&t.id).await;
        }
        Ok(())
    }

    /// Starts tournaments at their time and settles them after each game's
    /// end, until the server stops.
    pub async fn run_tournaments(self: Arc<Lobby>) {
        let mut ended = self.store.ends();
        loop {
            let now = self.time.now_ms();
            let next = match self.start_due(now).await {
                Ok(next) => next,
                Err(e) => {
                    tracing::warn!("starting tournaments: {e:#}");
                    Some(now + 1_000)
                }
            };
            let wait = async {
                match next {
                    Some(at) => self.time.sleep_until_ms(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = wait => {}
                () = self.tournaments_changed.notified() => {}
                changed = ended.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if let Err(e) = self.settle_tournaments(self.time.now_ms()).await {
                        tracing::warn!("settling tournaments: {e:#}");
                    }
                }
            }
        }
    }
}

fn pairing_msg(t: &Tournament, p: &PairingRow, key: &str) -> Out {
    ServerMsg::Pairing {
        pairing: pairing_json(t, p, key),
    }
    .out()
}
