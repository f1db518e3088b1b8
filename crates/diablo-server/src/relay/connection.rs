//! One socket's task: sends the room's changes, takes the client's frames,
//! pings, and closes when the client goes, stops reading or falls silent,
//! or the server shuts down.

use super::frame::{going_away, nonce_frame, parse_room_frame, peers_frame};
use super::limits::Bucket;
use super::{Refusal, Relay, RoomFrame, Ticket};
use crate::time::Time;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// How long a connection closed by the server waits to send its close
/// frame and then for the client's answer: the closing handshake, bounded
/// so shutdown stays quick whatever clients do.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// Why a connection ended (logged).
#[derive(Debug, Clone, Copy)]
enum End {
    /// The client closed it or hung up.
    Left,
    /// A frame could not be read (too long, broken protocol, reset).
    Unreadable,
    /// No word for three pings.
    Silent,
    /// A frame could not be sent in [`super::Limits::send_timeout`].
    NotReading,
    /// A frame could not be sent at all.
    Gone,
    /// The server is shutting down.
    ServerClosing,
}

impl End {
    fn why(self) -> &'static str {
        match self {
            End::Left => "the client left",
            End::Unreadable => "an unreadable frame",
            End::Silent => "the client fell silent",
            End::NotReading => "the client stopped reading",
            End::Gone => "the connection was lost",
            End::ServerClosing => "the server is shutting down",
        }
    }
}

/// Sends `m` within `wait` of `time`.
async fn send(socket: &mut WebSocket, m: Message, wait: Duration, time: &Time) -> Result<(), End> {
    match time.timeout(wait, socket.send(m)).await {
        Some(Ok(())) => Ok(()),
        Some(Err(_)) => Err(End::Gone),
        None => Err(End::NotReading),
    }
}

/// Serves one connection until it closes, goes silent or stops reading,
/// or the server closes it ([`Relay::close_all`]) with 1001 (Going Away).
pub async fn connection(mut socket: WebSocket, relay: Arc<Relay>, ticket: Ticket) {
    let opened = Instant::now();
    let peers = *ticket.room.peers.borrow();
    tracing::info!(
        game = ticket.room.id(),
        conn = ticket.id,
        client = %ticket.client,
        peers,
        "live connection opened"
    );
    let end = match serve(&mut socket, &relay, &ticket).await {
        Ok(()) => End::Left,
        Err(End::ServerClosing) => {
            close(&mut socket).await;
            End::ServerClosing
        }
        Err(end) => end,
    };
    tracing::info!(
        game = ticket.room.id(),
        conn = ticket.id,
        client = %ticket.client,
        seconds = opened.elapsed().as_secs(),
        why = end.why(),
        "live connection closed"
    );
}

/// The closing handshake: the close frame, then the client's answer.
async fn close(socket: &mut WebSocket) {
    // The transport's time: shutdown is bounded whatever the relay's.
    let transport = Time::system();
    if send(
        socket,
        Message::Close(Some(going_away())),
        CLOSE_WAIT,
        &transport,
    )
    .await
    .is_err()
    {
        return;
    }
    let answer = async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, answer).await;
}

/// The connection's life: `Ok` when the client closes it, else why it
/// ended.
async fn serve(socket: &mut WebSocket, relay: &Arc<Relay>, ticket: &Ticket) -> Result<(), End> {
    let limits = &relay.limits;
    let wait = limits.send_timeout;
    let room = &ticket.room;
    let nonce = nonce_frame(ticket.nonce());
    send(socket, Message::Text(nonce.into()), wait, &relay.time).await?;
    relay.ready(ticket).await;
    let mut closing = relay.closing.subscribe();
    let mut links = room.links.subscribe();
    let mut offers = room.offers.subscribe();
    let mut peers = room.peers.subscribe();
    let mut clocks = room.clocks.subscribe();
    let mut ends = room.ends.subscribe();
    clocks.borrow_and_update();
    ends.borrow_and_update();
    let first = links.borrow_and_update().clone();
    offers.borrow_and_update();
    for frame in first.map(|u| u.frame).into_iter().chain(room.kept_offers()) {
        send(socket, Message::Text(frame), wait, &relay.time).await?;
    }
    let n = *peers.borrow_and_update();
    send(
        socket,
        Message::Text(peers_frame(n).into()),
        wait,
        &relay.time,
    )
    .await?;
    for frame in room.greeting(relay.time.now_ms()) {
        send(socket, Message::Text(frame), wait, &relay.time).await?;
    }
    // The rate is the relay's time; silence is the transport's.
    let mut bucket = Bucket::new(limits, relay.time.now());
    let mut ping = tokio::time::interval(limits.ping);
    ping.tick().await;
    let mut heard = Instant::now();
    loop {
        // In this order when several are ready: a link before the clock
        // and the result it brought.
        let out = tokio::select! {
            biased;
            () = closing_begun(&mut closing) => return Err(End::ServerClosing),
            Ok(()) = links.changed() => {
                let u = links.borrow_and_update().clone();
                u.filter(|u| u.from != ticket.id)
                    .map(|u| Message::Text(u.frame))
            }
            Ok(()) = clocks.changed() => {
                clocks.borrow_and_update().clone().map(Message::Text)
            }
            Ok(()) = ends.changed() => {
                ends.borrow_and_update().clone().map(Message::Text)
            }
            Ok(()) = offers.changed() => {
                let u = offers.borrow_and_update().clone();
                u.filter(|u| u.from != ticket.id)
                    .map(|u| Message::Text(u.frame))
            }
            Ok(()) = peers.changed() => {
                let n = *peers.borrow_and_update();
                Some(Message::Text(peers_frame(n).into()))
            }
            incoming = socket.recv() => {
                let message = match incoming {
                    None => return Ok(()),
                    Some(Err(_)) => return Err(End::Unreadable),
                    Some(Ok(message)) => message,
                };
                heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if bucket.take(relay.time.now()) {
                            check(relay, ticket, text).await.err()
                        } else if bucket.told {
                            None
                        } else {
                            bucket.told = true;
                            Some(Refusal::Rate)
                        }
                        .map(|r| Message::Text(r.frame().into()))
                    }
                    Message::Binary(_) => Some(Message::Text(
                        Refusal::Malformed("a binary frame".into()).frame().into(),
                    )),
                    Message::Close(_) => return Ok(()),
                    Message::Ping(_) | Message::Pong(_) => None,
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > limits.ping * 3 {
                    return Err(End::Silent);
                }
                Some(Message::Ping(Default::default()))
            }
        };
        if let Some(m) = out {
            send(socket, m, wait, &relay.time).await?;
        }
    }
}

/// Completes once the server has begun to close ([`Relay::close_all`]).
async fn closing_begun(closing: &mut watch::Receiver<Option<tokio::time::Instant>>) {
    if closing.wait_for(Option::is_some).await.is_err() {
        // The relay, which holds the sender, outlives its connections.
        std::future::pending::<()>().await;
    }
}

/// What one text frame from a client comes to.
async fn check(relay: &Arc<Relay>, ticket: &Ticket, text: Utf8Bytes) -> Result<(), Refusal> {
    match parse_room_frame(text.as_str(), &relay.limits)? {
        RoomFrame::Link(link) => relay.take(ticket, link).await.map(|_| ()),
        RoomFrame::Rematch { invitation, proof } => {
            relay.offer_rematch(ticket, &invitation, &proof)
        }
        RoomFrame::Seat(seat) => relay.seat(ticket, &seat.key, &seat.name, &seat.sig),
        RoomFrame::Claim => relay.claim(ticket).await,
    }
}
