//! What goes over the socket: the client's text frames read, the server's
//! written (docs/live.md has the wire interface).

use super::Limits;
use super::archive::{ClockState, Over};
use crate::keys::KeyError;
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
    /// A rematch offer whose invitation is longer than any invitation
    /// ([`crate::lobby::INVITATION_BYTES`]).
    LongInvitation(usize),
    /// Over [`Limits::frames_per_second`].
    Rate,
    /// Over the memory or room budget.
    Full,
    /// A rematch offer from a player who has made a different one: the
    /// first stands.
    Offered,
    /// A seat's key, name or sig: `forged` for a signature that does not
    /// sign this seat, `malformed` for the rest.
    Key(KeyError),
    /// A rated game's accepting link from a connection with no seat.
    Unseated,
    /// A link that adds messages, or a claim, after the game is over.
    Over,
    /// A claim from a connection with no seat, or seated for a key that is
    /// not one of the game's players.
    NotSeated,
    /// A claim before the other player is away past the limit (or in a game
    /// with no clock).
    TooEarly(&'static str),
}

impl Refusal {
    /// The `error` kind of the frame: `other-game`, `stale`, `forged`,
    /// `malformed`, `too-large`, `rate`, `full`, `unseated`, `over`,
    /// `not-seated` or `too-early`.
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
            Refusal::TooLarge(_) | Refusal::LongInvitation(_) => "too-large",
            Refusal::Rate => "rate",
            Refusal::Full => "full",
            Refusal::Offered => "stale",
            Refusal::Key(KeyError::Forged) => "forged",
            Refusal::Key(_) => "malformed",
            Refusal::Unseated => "unseated",
            Refusal::Over => "over",
            Refusal::NotSeated => "not-seated",
            Refusal::TooEarly(_) => "too-early",
        }
    }

    /// The error frame (`kind` names the variants that take no link).
    #[must_use]
    pub fn frame(&self) -> String {
        let message = match self {
            Refusal::Link(e) => e.to_string(),
            Refusal::Malformed(why) => format!("not a link or rematch frame: {why}"),
            Refusal::TooLarge(n) => format!("a frame of {n} bytes is longer than any game's link"),
            Refusal::LongInvitation(n) => format!(
                "an invitation of {n} bytes is longer than any (at most {} bytes)",
                crate::lobby::INVITATION_BYTES
            ),
            Refusal::Rate => "too many frames: slow down".into(),
            Refusal::Full => "the server holds as many games as it can: try later".into(),
            Refusal::Offered => {
                "this player has offered a rematch already: the first offer stands".into()
            }
            Refusal::Key(e) => format!("seat refused: {e}"),
            Refusal::Unseated => {
                "a rated game is accepted from a seated connection: send a seat first".into()
            }
            Refusal::Over => "the game is over: no message can be added".into(),
            Refusal::NotSeated => {
                "only a seated player of this game may claim: send a seat first".into()
            }
            Refusal::TooEarly(why) => format!("nothing to claim yet: {why}"),
        };
        serde_json::json!({ "error": self.kind(), "message": message }).to_string()
    }
}

#[derive(Deserialize)]
struct Frame {
    link: Option<String>,
    rematch: Option<String>,
    proof: Option<String>,
    seat: Option<SeatFrame>,
    claim: Option<bool>,
}

/// `{"seat": {"key": …, "name": …, "sig": …}}` as read, not yet checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatFrame {
    /// The player's key, 43 base64url characters.
    pub key: String,
    /// The name they chose.
    pub name: String,
    /// Their signature of `"diablo seat " + game id + " " + nonce`.
    pub sig: String,
}

/// What a client's text frame to a game room asks: a link, a rematch
/// offer, a seat or a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoomFrame {
    /// `{"link": …}`.
    Link(String),
    /// `{"rematch": …, "proof": …}`.
    Rematch {
        /// The invitation link of the new game.
        invitation: String,
        /// The sender's next chain value of the finished game.
        proof: String,
    },
    /// `{"seat": {…}}`: this connection speaks for a key.
    Seat(SeatFrame),
    /// `{"claim": true}`: the other player is away past the limit.
    Claim,
}

/// A text frame to a game room read: a link, a rematch offer, a seat or a
/// claim, or why it is none (one of them per frame).
///
/// # Errors
/// [`Refusal::TooLarge`] or [`Refusal::Malformed`].
pub fn parse_room_frame(text: &str, limits: &Limits) -> Result<RoomFrame, Refusal> {
    if text.len() > limits.link_bytes {
        return Err(Refusal::TooLarge(text.len()));
    }
    let frame: Frame = serde_json::from_str(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
    match frame {
        Frame {
            link: Some(link),
            rematch: None,
            proof: None,
            seat: None,
            claim: None,
        } => Ok(RoomFrame::Link(link)),
        Frame {
            link: None,
            rematch: Some(invitation),
            proof: Some(proof),
            seat: None,
            claim: None,
        } => Ok(RoomFrame::Rematch { invitation, proof }),
        Frame {
            link: None,
            rematch: None,
            proof: None,
            seat: Some(seat),
            claim: None,
        } => Ok(RoomFrame::Seat(seat)),
        Frame {
            link: None,
            rematch: None,
            proof: None,
            seat: None,
            claim: Some(true),
        } => Ok(RoomFrame::Claim),
        _ => Err(Refusal::Malformed(
            "an object with a string `link`, strings `rematch` and `proof`, a `seat` \
             {key, name, sig}, or `claim`: true"
                .into(),
        )),
    }
}

/// `{"nonce": …}`: the first frame of every room connection, 32 hex
/// digits a seat signs.
pub(super) fn nonce_frame(nonce: &str) -> String {
    serde_json::json!({ "nonce": nonce }).to_string()
}

/// `{"clock": {"black": ms, "green": ms, "running": side|null}}`.
pub(super) fn clock_frame(state: &ClockState) -> String {
    serde_json::json!({ "clock": {
        "black": state.black_ms.max(0),
        "green": state.green_ms.max(0),
        "running": state.running,
    }})
    .to_string()
}

/// `{"over": {"winner": side|null, "reason": …}}`.
pub(super) fn over_frame(over: &Over) -> String {
    serde_json::json!({ "over": over }).to_string()
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

/// Whether `id` is a game id as links spell it: 32 lowercase hex digits.
#[must_use]
pub fn is_game_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
