//! The wire, typed once: what clients send a game room or the lobby, read
//! at the edge into a `ClientMsg`, and what the server sends them, a
//! `ServerMsg` that rooms and the lobby hand on typed and that only the
//! socket session writes as text (once, for every connection it goes
//! to). docs/live.md and docs/lobby.md state it; `tests/wire/frames.json`
//! holds an example of every message, read by the server's tests and the
//! page's, so neither can drift from the docs.
//!
//! - `room`: a game room's ([`room::ClientMsg`], [`room::ServerMsg`],
//!   [`room::Refusal`]);
//! - `lobby`: the lobby's ([`lobby::ClientMsg`], [`lobby::ServerMsg`],
//!   [`lobby::LobbyRefusal`]).

pub mod lobby;
pub mod room;

use axum::extract::ws::Utf8Bytes;
use std::sync::{Arc, OnceLock};

/// A message on its way to one or more connections: typed until the first
/// session that sends it writes it, then shared as text.
#[derive(Debug, Clone)]
pub struct Out(Arc<Pending>);

#[derive(Debug)]
struct Pending {
    msg: Msg,
    text: OnceLock<Utf8Bytes>,
}

/// Either side's message.
#[derive(Debug)]
enum Msg {
    Room(room::ServerMsg),
    Lobby(lobby::ServerMsg),
}

impl From<room::ServerMsg> for Out {
    fn from(msg: room::ServerMsg) -> Out {
        Out::of(Msg::Room(msg))
    }
}

impl From<lobby::ServerMsg> for Out {
    fn from(msg: lobby::ServerMsg) -> Out {
        Out::of(Msg::Lobby(msg))
    }
}

impl Out {
    fn of(msg: Msg) -> Out {
        Out(Arc::new(Pending {
            msg,
            text: OnceLock::new(),
        }))
    }

    /// The message as the wire spells it, written the first time it is
    /// asked for.
    #[must_use]
    pub fn text(&self) -> Utf8Bytes {
        self.0
            .text
            .get_or_init(|| {
                match &self.0.msg {
                    Msg::Room(m) => to_text(m),
                    Msg::Lobby(m) => to_text(m),
                }
                .into()
            })
            .clone()
    }

    /// The room's message, if it is one.
    #[must_use]
    pub fn room(&self) -> Option<&room::ServerMsg> {
        match &self.0.msg {
            Msg::Room(m) => Some(m),
            Msg::Lobby(_) => None,
        }
    }
}

/// What the server sends, either side's: written as the wire spells it,
/// or handed on as an [`Out`].
pub trait Message: serde::Serialize + Into<Out> + Sized {
    /// The message as the wire spells it.
    fn text(&self) -> String {
        to_text(self)
    }

    /// The message on its way, written by the first session that sends
    /// it and shared by the rest.
    fn out(self) -> Out {
        self.into()
    }
}

impl Message for room::ServerMsg {}
impl Message for lobby::ServerMsg {}

/// A message as JSON text. Every message is a struct of strings, numbers
/// and JSON values, which always serialise.
fn to_text(msg: &impl serde::Serialize) -> String {
    serde_json::to_string(msg).unwrap_or_else(|e| {
        tracing::error!("a message that does not serialise: {e}");
        String::from("{}")
    })
}
