//! What goes over the socket: the client's text frames read, the server's
//! written (docs/live.md has the wire interface).

use super::Limits;
use axum::extract::ws::{CloseFrame, close_code};
use diablo_corr::CorrError;
use serde::Deserialize;

/// Why a frame was refused; the connection stays open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The link's game or history does not fit the room's.
    Link(CorrError),
    /// Not a JSON object with a string `link`.
    Malformed(String),
    /// A frame longer than [`Limits::link_bytes`].
    TooLarge(usize),
    /// Over [`Limits::frames_per_second`].
    Rate,
    /// Over the memory or room budget.
    Full,
    /// A rematch offer from a player who has made a different one: the
    /// first stands.
    Offered,
}

impl Refusal {
    /// The `error` kind of the frame: `other-game`, `stale`, `forged`,
    /// `malformed`, `too-large`, `rate` or `full`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Link(CorrError::OtherGame) => "other-game",
            Refusal::Link(CorrError::Stale { .. }) => "stale",
            Refusal::Link(
                CorrError::BadReveal { .. }
                | CorrError::BadRematch
                | CorrError::Unexpected { .. }
                | CorrError::TurnRefused { .. }
                | CorrError::Diverges { .. },
            ) => "forged",
            Refusal::Link(_) | Refusal::Malformed(_) => "malformed",
            Refusal::TooLarge(_) => "too-large",
            Refusal::Rate => "rate",
            Refusal::Full => "full",
            Refusal::Offered => "stale",
        }
    }

    /// The error frame (`kind` names the variants that take no link).
    #[must_use]
    pub fn frame(&self) -> String {
        let message = match self {
            Refusal::Link(e) => e.to_string(),
            Refusal::Malformed(why) => format!("not a link or rematch frame: {why}"),
            Refusal::TooLarge(n) => format!("a frame of {n} bytes is longer than any game's link"),
            Refusal::Rate => "too many frames: slow down".into(),
            Refusal::Full => "the server holds as many games as it can: try later".into(),
            Refusal::Offered => {
                "this player has offered a rematch already: the first offer stands".into()
            }
        };
        serde_json::json!({ "error": self.kind(), "message": message }).to_string()
    }
}

#[derive(Deserialize)]
struct Frame {
    link: Option<String>,
    rematch: Option<String>,
    proof: Option<String>,
}

/// What a client's text frame asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientFrame {
    /// `{"link": …}`: the whole game as the client holds it.
    Link(String),
    /// `{"rematch": …, "proof": …}`: a new game's invitation offered after
    /// the room's game, with the sender's proof (docs/live.md).
    Rematch {
        /// The invitation link of the new game.
        invitation: String,
        /// The sender's next chain value of the finished game, 32 hex digits.
        proof: String,
    },
}

/// A text frame read: a link or a rematch offer, or why it is neither.
///
/// # Errors
/// [`Refusal::TooLarge`] or [`Refusal::Malformed`].
pub fn parse_frame(text: &str, limits: &Limits) -> Result<ClientFrame, Refusal> {
    if text.len() > limits.link_bytes {
        return Err(Refusal::TooLarge(text.len()));
    }
    let frame: Frame = serde_json::from_str(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
    match frame {
        Frame {
            link: Some(link),
            rematch: None,
            proof: None,
        } => Ok(ClientFrame::Link(link)),
        Frame {
            link: None,
            rematch: Some(invitation),
            proof: Some(proof),
        } => Ok(ClientFrame::Rematch { invitation, proof }),
        _ => Err(Refusal::Malformed(
            "an object with a string `link`, or strings `rematch` and `proof`".into(),
        )),
    }
}

/// `{"link": …}`: a room's game as it passes on.
pub(super) fn link_frame(link: &str) -> String {
    serde_json::json!({ "link": link }).to_string()
}

/// `{"rematch": …, "proof": …}`: a rematch offer as it passes on.
pub(super) fn rematch_frame(invitation: &str, proof: &str) -> String {
    serde_json::json!({ "rematch": invitation, "proof": proof }).to_string()
}

/// `{"peers": n}`: how many connections the room has.
pub(super) fn peers_frame(n: usize) -> String {
    serde_json::json!({ "peers": n }).to_string()
}

/// The close frame every connection gets when the server shuts down: 1001
/// (Going Away), after which a client reconnects as after any loss.
pub(super) fn going_away() -> CloseFrame {
    CloseFrame {
        code: close_code::AWAY,
        reason: "the server is shutting down".into(),
    }
}

/// Whether `id` is a game id as links spell it: 32 lowercase hex digits.
#[must_use]
pub fn is_game_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
