//! One lobby socket's task: sends the list and then every change, takes
//! the client's posts and withdrawals, pings, and closes when the client
//! goes, stops reading or falls silent, or the server shuts down.

use super::{Lobby, LobbyFrame, LobbyRefusal, Pass, parse_frame};
use crate::time::Time;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;

/// How long a connection closed by the server waits to send its close
/// frame and then for the client's answer.
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
    /// A frame could not be sent in time.
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

/// A token bucket: `burst` frames at once, `rate` a second after that.
struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
    /// Whether the sender has been told since the bucket last ran dry.
    told: bool,
}

impl Bucket {
    fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            at: now,
            rate,
            burst,
            told: false,
        }
    }

    /// Takes a token for a frame at `now`; false when none is left.
    fn take(&mut self, now: Instant) -> bool {
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.told = false;
            true
        } else {
            false
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

/// Serves one lobby connection until it closes, goes silent or stops
/// reading, or the server closes it ([`Lobby::close_all`]) with 1001
/// (Going Away).
pub async fn connection(mut socket: WebSocket, lobby: Arc<Lobby>, pass: Pass) {
    let opened = Instant::now();
    tracing::info!(conn = pass.id, client = %pass.client, "lobby connection opened");
    let end = match serve(&mut socket, &lobby, &pass).await {
        Ok(()) => End::Left,
        Err(End::ServerClosing) => {
            close(&mut socket).await;
            End::ServerClosing
        }
        Err(end) => end,
    };
    tracing::info!(
        conn = pass.id,
        client = %pass.client,
        seconds = opened.elapsed().as_secs(),
        why = end.why(),
        "lobby connection closed"
    );
    // Counted out (its live challenges' grace begun) before the socket
    // closes: a client that sees it close knows.
    drop(pass);
    drop(socket);
}

/// The closing handshake: the close frame, then the client's answer.
async fn close(socket: &mut WebSocket) {
    let frame = CloseFrame {
        code: close_code::AWAY,
        reason: "the server is shutting down".into(),
    };
    // The transport's time: shutdown is bounded whatever the lobby's.
    let transport = Time::system();
    if send(socket, Message::Close(Some(frame)), CLOSE_WAIT, &transport)
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
async fn serve(socket: &mut WebSocket, lobby: &Arc<Lobby>, pass: &Pass) -> Result<(), End> {
    let limits = &lobby.limits;
    let wait = limits.send_timeout;
    let mut closing = lobby.closing.subscribe();
    if *closing.borrow_and_update() {
        return Err(End::ServerClosing);
    }
    let (mut changes, list) = lobby.watch();
    send(socket, Message::Text(list), wait, &lobby.time).await?;
    // The rate is the lobby's time; silence is the transport's.
    let mut bucket = Bucket::new(
        limits.frames_per_second,
        limits.frame_burst,
        lobby.time.now(),
    );
    let mut ping = tokio::time::interval(limits.ping);
    ping.tick().await;
    let mut heard = Instant::now();
    loop {
        let out = tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    None => return Ok(()),
                    Some(Err(_)) => return Err(End::Unreadable),
                    Some(Ok(message)) => message,
                };
                heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        if bucket.take(lobby.time.now()) {
                            answer(lobby, pass, &text).await
                        } else if bucket.told {
                            None
                        } else {
                            bucket.told = true;
                            Some(LobbyRefusal::Rate.frame().into())
                        }
                    }
                    Message::Binary(_) => {
                        Some(LobbyRefusal::Malformed("a binary frame".into()).frame().into())
                    }
                    Message::Close(_) => return Ok(()),
                    Message::Ping(_) | Message::Pong(_) => None,
                }
                .map(Message::Text)
            }
            change = changes.recv() => match change {
                Ok(frame) => Some(Message::Text(frame)),
                // Fell behind: the whole list again, and changes from it.
                Err(RecvError::Lagged(_)) => {
                    let (again, list) = lobby.watch();
                    changes = again;
                    Some(Message::Text(list))
                }
                // The lobby, which holds the sender, outlives its
                // connections; gone, the server is going.
                Err(RecvError::Closed) => return Err(End::ServerClosing),
            },
            () = super::closing_begun(&mut closing) => return Err(End::ServerClosing),
            _ = ping.tick() => {
                if heard.elapsed() > limits.ping * 3 {
                    return Err(End::Silent);
                }
                Some(Message::Ping(Default::default()))
            }
        };
        if let Some(m) = out {
            send(socket, m, wait, &lobby.time).await?;
        }
    }
}

/// What one text frame from a client comes to: an error frame, a direct
/// answer, or nothing (the change reaches every client, this one too).
async fn answer(lobby: &Lobby, pass: &Pass, text: &Utf8Bytes) -> Option<Utf8Bytes> {
    let done = match parse_frame(text.as_str(), &lobby.limits) {
        Ok(LobbyFrame::Post(challenge)) => lobby.post(pass, *challenge).await,
        Ok(LobbyFrame::Withdraw { game, sig }) => lobby.withdraw(&game, &sig).await.map(|()| None),
        Err(refusal) => Err(refusal),
    };
    match done {
        Ok(direct) => direct,
        Err(refusal) => Some(refusal.frame().into()),
    }
}
