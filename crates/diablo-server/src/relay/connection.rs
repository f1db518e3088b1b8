//! A game room's side of a socket ([`crate::session`] owns the socket):
//! the greeting, the room's changes, and what each client message comes
//! to.

use super::room::Update;
use super::{Refusal, Relay, ServerMsg, Ticket};
use crate::session::{self, Change, Endpoint, Pace};
use crate::wire::{Message as _, Out};
use axum::extract::ws::WebSocket;
use std::sync::Arc;
use tokio::sync::watch;
use tokio::time::Instant;

/// Serves one connection until it closes, goes silent or stops reading,
/// or the server closes it ([`Relay::close_all`]) with 1001 (Going Away).
pub async fn connection(socket: WebSocket, relay: Arc<Relay>, ticket: Ticket) {
    let opened = Instant::now();
    let (game, conn, client) = (ticket.room.id().to_string(), ticket.id, ticket.client);
    let peers = *ticket.room.peers.borrow();
    tracing::info!(game, conn, client = %client, peers, "live connection opened");
    let limits = relay.limits();
    let pace = Pace::new(
        limits.frames_per_second,
        limits.frame_burst,
        limits.send_timeout,
        limits.ping,
    );
    let time = relay.time().clone();
    let end = session::run(socket, RoomSide::new(relay, ticket), pace, time).await;
    tracing::info!(
        game,
        conn,
        client = %client,
        seconds = opened.elapsed().as_secs(),
        why = end.why(),
        "live connection closed"
    );
}

/// One connection's place in a room and the room's channels it watches.
struct RoomSide {
    relay: Arc<Relay>,
    ticket: Ticket,
    closing: watch::Receiver<Option<Instant>>,
    links: watch::Receiver<Option<Update>>,
    offers: watch::Receiver<Option<Update>>,
    peers: watch::Receiver<usize>,
    clocks: watch::Receiver<Option<Out>>,
    ends: watch::Receiver<Option<Out>>,
}

impl RoomSide {
    fn new(relay: Arc<Relay>, ticket: Ticket) -> RoomSide {
        let room = &ticket.room;
        RoomSide {
            closing: relay.closing.subscribe(),
            links: room.links.subscribe(),
            offers: room.offers.subscribe(),
            peers: room.peers.subscribe(),
            clocks: room.clocks.subscribe(),
            ends: room.ends.subscribe(),
            relay,
            ticket,
        }
    }
}

/// An update for everyone but its sender.
fn not_from(u: Option<Update>, me: u64) -> Change {
    match u {
        Some(u) if u.from != me => Change::Send(u.msg),
        _ => Change::Nothing,
    }
}

/// `{"peers": n}`.
fn peers(n: usize) -> Out {
    ServerMsg::Peers { peers: n }.out()
}

fn or_nothing(frame: Option<Out>) -> Change {
    frame.map_or(Change::Nothing, Change::Send)
}

impl Endpoint for RoomSide {
    fn hello(&self) -> Option<Out> {
        let nonce = self.ticket.nonce().to_string();
        Some(ServerMsg::Nonce { nonce }.out())
    }

    /// The link, the rematch offers kept, the count, the clock and the
    /// result, once the archive has been asked for the game.
    async fn greet(&mut self) -> Vec<Out> {
        // A room that cannot read its game greets without it and refuses
        // links (`unavailable`) until it can.
        let _ = self.relay.ready(&self.ticket).await;
        let room = &self.ticket.room;
        self.clocks.borrow_and_update();
        self.ends.borrow_and_update();
        self.offers.borrow_and_update();
        let first = self.links.borrow_and_update().clone();
        let n = *self.peers.borrow_and_update();
        first
            .map(|u| u.msg)
            .into_iter()
            .chain(room.kept_offers())
            .chain([peers(n)])
            .chain(room.greeting(self.relay.time().now_ms()))
            .collect()
    }

    /// In this order when several are ready: a link before the clock and
    /// the result it brought.
    async fn change(&mut self) -> Change {
        let me = self.ticket.id;
        tokio::select! {
            biased;
            begun = async { self.closing.wait_for(Option::is_some).await.is_ok() } => if begun {
                Change::Closing
            } else {
                // The relay, which holds the sender, outlives its
                // connections.
                std::future::pending().await
            },
            Ok(()) = self.links.changed() => not_from(self.links.borrow_and_update().clone(), me),
            Ok(()) = self.clocks.changed() => {
                let clock = self.clocks.borrow_and_update().clone();
                if self.links.has_changed().unwrap_or(false) {
                    // The link this clock came with was set after the
                    // links were looked at (a room sets the link, then
                    // its clock): the link first, the clock next time.
                    self.clocks.mark_changed();
                    return not_from(self.links.borrow_and_update().clone(), me);
                }
                or_nothing(clock)
            }
            Ok(()) = self.ends.changed() => {
                let end = self.ends.borrow_and_update().clone();
                if self.links.has_changed().unwrap_or(false) {
                    self.ends.mark_changed();
                    return not_from(self.links.borrow_and_update().clone(), me);
                }
                or_nothing(end)
            }
            Ok(()) = self.offers.changed() => not_from(self.offers.borrow_and_update().clone(), me),
            Ok(()) = self.peers.changed() => {
                Change::Send(peers(*self.peers.borrow_and_update()))
            }
        }
    }

    async fn answer(&mut self, text: &str) -> Option<Out> {
        self.relay
            .answer(&self.ticket, text)
            .await
            .err()
            .map(|r| r.msg().out())
    }

    fn rate_refusal(&self) -> Out {
        Refusal::Rate.msg().out()
    }

    fn binary_refusal(&self) -> Out {
        Refusal::Malformed("a binary frame".into()).msg().out()
    }
}
