//! The lobby's side of a socket ([`crate::session`] owns the socket): the
//! list and then every change, and what each client message comes to.

use super::{Lobby, LobbyRefusal, Pass};
use crate::session::{self, Change, Endpoint, Pace};
use crate::wire::lobby::ServerMsg;
use crate::wire::{Message as _, Out};
use axum::extract::ws::WebSocket;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::watch;
use tokio::time::Instant;

/// Serves one lobby connection until it closes, goes silent or stops
/// reading, or the server closes it ([`Lobby::close_all`]) with 1001
/// (Going Away).
pub async fn connection(socket: WebSocket, lobby: Arc<Lobby>, pass: Pass) {
    let opened = Instant::now();
    let (conn, client) = (pass.id, pass.client);
    tracing::info!(conn, client = %client, "lobby connection opened");
    let limits = lobby.limits();
    let pace = Pace::new(
        limits.frames_per_second,
        limits.frame_burst,
        limits.send_timeout,
        limits.ping,
    );
    let time = lobby.time().clone();
    let side = LobbySide {
        closing: lobby.closing.subscribe(),
        changes: None,
        direct: lobby.direct(pass.id),
        lobby,
        pass,
    };
    // The pass goes with the session, before the socket closes: its live
    // challenges' grace has begun when the client sees it close.
    let end = session::run(socket, side, pace, time).await;
    tracing::info!(
        conn,
        client = %client,
        seconds = opened.elapsed().as_secs(),
        why = end.why(),
        "lobby connection closed"
    );
}

/// One visitor's place in the lobby and the changes it watches.
struct LobbySide {
    lobby: Arc<Lobby>,
    pass: Pass,
    closing: watch::Receiver<bool>,
    changes: Option<broadcast::Receiver<Out>>,
    /// This connection's own frames (a tournament's pairings).
    direct: tokio::sync::mpsc::Receiver<Out>,
}

impl Endpoint for LobbySide {
    async fn greet(&mut self) -> Vec<Out> {
        let (changes, list) = self.lobby.watch();
        self.changes = Some(changes);
        let nonce = ServerMsg::Nonce {
            nonce: self.pass.nonce().to_string(),
        };
        vec![nonce.out(), list]
    }

    async fn change(&mut self) -> Change {
        let Some(changes) = self.changes.as_mut() else {
            return Change::Nothing;
        };
        tokio::select! {
            biased;
            begun = async { self.closing.wait_for(|c| *c).await.is_ok() } => if begun {
                Change::Closing
            } else {
                // The lobby, which holds the sender, outlives its
                // connections.
                std::future::pending().await
            },
            Some(frame) = self.direct.recv() => Change::Send(frame),
            change = changes.recv() => match change {
                Ok(frame) => Change::Send(frame),
                // Fell behind: the whole list again, and changes from it.
                Err(RecvError::Lagged(_)) => {
                    let (again, list) = self.lobby.watch();
                    self.changes = Some(again);
                    Change::Send(list)
                }
                // The lobby, which holds the sender, outlives its
                // connections; gone, the server is going.
                Err(RecvError::Closed) => Change::Closing,
            },
        }
    }

    async fn answer(&mut self, text: &str) -> Option<Out> {
        match self.lobby.answer(&self.pass, text).await {
            Ok(direct) => direct,
            Err(refusal) => Some(refusal.msg().out()),
        }
    }

    fn rate_refusal(&self) -> Out {
        LobbyRefusal::Rate.msg().out()
    }

    fn binary_refusal(&self) -> Out {
        LobbyRefusal::Malformed("a binary frame".into()).msg().out()
    }
}
