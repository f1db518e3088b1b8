//! One WebSocket's life, for a game room and the lobby alike: the read
//! loop, the rate bucket, ping and silence, the send timeout and the
//! closing handshake. What a message means is the [`Endpoint`]'s; the
//! session owns the socket, and is what writes the endpoint's typed
//! messages as text ([`Out::text`]).
//!
//! Every message a client sends takes a token from one bucket: text,
//! binary, ping and pong alike. Over the rate, a text message is dropped
//! (the first one since the bucket ran dry is told `rate`), a binary one is
//! dropped unanswered, and a ping is answered (the WebSocket layer answers
//! every ping it reads) until as many pings or pongs as the burst came
//! over the rate in a row: then the connection closes with 1008 (Policy
//! Violation). So a flood of anything gets at most twice the burst of
//! answers, and then one a token. How long one message may be, an
//! unfinished one too, is set at the upgrade (`site.rs`).

use crate::time::Time;
use crate::wire::Out;
use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;

/// How long a connection closed by the server waits to send its close
/// frame and then for the client's answer: the closing handshake, bounded
/// so shutdown stays quick whatever clients do.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// The pace a session keeps, whatever it serves.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// Messages per second a client may send, on average…
    pub per_second: f64,
    /// …and in a burst.
    pub burst: f64,
    /// A message not sent within this long closes the connection (a client
    /// that does not read).
    pub send_timeout: Duration,
    /// How often the server pings; three of these without a word from the
    /// client close the connection.
    pub ping: Duration,
}

/// What a socket serves: a game room or the lobby.
pub(crate) trait Endpoint: Send {
    /// The frame sent before [`Endpoint::greet`] is waited for.
    fn hello(&self) -> Option<Out> {
        None
    }

    /// The frames every connection gets first, in order.
    fn greet(&mut self) -> impl Future<Output = Vec<Out>> + Send;

    /// The next change to send that others made. Cancel-safe: the session
    /// drops it when a message or a ping comes first.
    fn change(&mut self) -> impl Future<Output = Change> + Send;

    /// What one text message comes to: an answer to its sender, or none.
    fn answer(&mut self, text: &str) -> impl Future<Output = Option<Out>> + Send;

    /// The answer to the first text message over the rate.
    fn rate_refusal(&self) -> Out;

    /// The answer to a binary message within the rate.
    fn binary_refusal(&self) -> Out;
}

impl Pace {
    /// `per_second` messages on average, `burst` at once, a send timeout
    /// and a ping interval.
    #[must_use]
    pub fn new(per_second: f64, burst: f64, send_timeout: Duration, ping: Duration) -> Pace {
        Pace {
            per_second,
            burst,
            send_timeout,
            ping,
        }
    }
}

/// What [`Endpoint::change`] came to.
pub(crate) enum Change {
    /// A message for this client.
    Send(Out),
    /// Nothing for this client (its own link coming back, say).
    Nothing,
    /// The server is shutting down.
    Closing,
}

/// Why a connection ended (logged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The client closed it or hung up.
    Left,
    /// A message could not be read (too long, broken protocol, reset).
    Unreadable,
    /// Pings or pongs over the rate.
    Flooding,
    /// No word for three pings.
    Silent,
    /// A message could not be sent within the send timeout.
    NotReading,
    /// A message could not be sent at all.
    Gone,
    /// The server is shutting down.
    ServerClosing,
}

impl End {
    /// What the log says.
    #[must_use]
    pub fn why(self) -> &'static str {
        match self {
            End::Left => "the client left",
            End::Unreadable => "an unreadable frame",
            End::Flooding => "pings over the rate",
            End::Silent => "the client fell silent",
            End::NotReading => "the client stopped reading",
            End::Gone => "the connection was lost",
            End::ServerClosing => "the server is shutting down",
        }
    }
}

/// A token bucket: `burst` messages at once, `rate` a second after that.
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
    /// Whether the sender has been told since the bucket last ran dry.
    told: bool,
}

impl Bucket {
    /// A full bucket at `now`.
    pub(crate) fn new(pace: &Pace, now: Instant) -> Bucket {
        Bucket {
            tokens: pace.burst,
            at: now,
            rate: pace.per_second,
            burst: pace.burst,
            told: false,
        }
    }

    /// Takes a token for a message at `now`; false when none is left.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
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

    /// Whether to tell the sender it is over the rate: once each time the
    /// bucket runs dry.
    fn tell(&mut self) -> bool {
        !std::mem::replace(&mut self.told, true)
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

/// Serves `socket` for `endpoint` at `pace` (its rate and send timeout on
/// `time`; silence on the transport's) until it ends; returns why.
pub(crate) async fn run<E: Endpoint>(
    mut socket: WebSocket,
    mut endpoint: E,
    pace: Pace,
    time: Time,
) -> End {
    let end = match serve(&mut socket, &mut endpoint, &pace, &time).await {
        Ok(()) => End::Left,
        Err(End::ServerClosing) => {
            close(&mut socket, close_code::AWAY, "the server is shutting down").await;
            End::ServerClosing
        }
        Err(End::Flooding) => {
            close(&mut socket, close_code::POLICY, "too many frames").await;
            End::Flooding
        }
        Err(end) => end,
    };
    // The endpoint first (a room or lobby place given back), then the
    // socket: a client that sees it close knows.
    drop(endpoint);
    drop(socket);
    end
}

/// The closing handshake: the close frame, then the client's answer.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    // The transport's time: shutdown is bounded whatever the endpoint's.
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
async fn serve<E: Endpoint>(
    socket: &mut WebSocket,
    endpoint: &mut E,
    pace: &Pace,
    time: &Time,
) -> Result<(), End> {
    let wait = pace.send_timeout;
    if let Some(hello) = endpoint.hello() {
        send(socket, Message::Text(hello.text()), wait, time).await?;
    }
    for frame in endpoint.greet().await {
        send(socket, Message::Text(frame.text()), wait, time).await?;
    }
    let mut bucket = Bucket::new(pace, time.now());
    let mut ping = tokio::time::interval(pace.ping);
    ping.tick().await;
    let mut heard = Instant::now();
    // Pings and pongs since the bucket last had a token.
    let mut strikes = 0.0;
    loop {
        let out = tokio::select! {
            biased;
            change = endpoint.change() => match change {
                Change::Send(frame) => Some(frame),
                Change::Nothing => None,
                Change::Closing => return Err(End::ServerClosing),
            },
            incoming = socket.recv() => {
                let message = match incoming {
                    None => return Ok(()),
                    Some(Err(_)) => return Err(End::Unreadable),
                    Some(Ok(message)) => message,
                };
                heard = Instant::now();
                if matches!(message, Message::Close(_)) {
                    return Ok(());
                }
                let within = bucket.take(time.now());
                if within {
                    strikes = 0.0;
                }
                match message {
                    Message::Text(text) if within => endpoint.answer(text.as_str()).await,
                    Message::Text(_) => bucket.tell().then(|| endpoint.rate_refusal()),
                    Message::Binary(_) => within.then(|| endpoint.binary_refusal()),
                    Message::Ping(_) | Message::Pong(_) | Message::Close(_) => {
                        if !within {
                            strikes += 1.0;
                            if strikes > pace.burst {
                                return Err(End::Flooding);
                            }
                        }
                        None
                    }
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > pace.ping * 3 {
                    return Err(End::Silent);
                }
                send(socket, Message::Ping(Default::default()), wait, time).await?;
                None
            }
        };
        if let Some(frame) = out {
            send(socket, Message::Text(frame.text()), wait, time).await?;
        }
    }
}
