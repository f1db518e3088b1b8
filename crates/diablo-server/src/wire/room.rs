//! A game room's wire (docs/live.md): the client's messages read
//! ([`ClientMsg`], [`read`]) and the server's written ([`ServerMsg`]).

use super::Message as _;
use crate::keys::KeyError;
use crate::relay::Limits;
use crate::relay::{ClockState, Over, Side};
use diablo_corr::CorrError;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// The sender's address has begun as many games this hour as it may
    /// ([`Limits::games_per_address_per_hour`]).
    TooMany,
    /// The taker let too many games abort lately
    /// ([`Limits::playban_aborts`]): no challenge taken until the time
    /// given (Unix ms).
    Playban(i64),
    /// The taker's name is an established player's, and the taker is not
    /// that player: no challenge taken under it.
    NameTaken(String),
    /// An accepting link of a posted challenge from a seated connection
    /// whose acceptance is not bound to that seat's key
    /// ([`taker_text`], shown by the frame's `salt`): made by another
    /// player, or without a binding.
    NotTaker,
    /// The room could not read its game from the archive (the database is
    /// down): nothing is taken until it has, so a failed read never makes
    /// a game new.
    Unavailable,
}

impl Refusal {
    /// The `error` kind of the frame: `other-game`, `stale`, `forged`,
    /// `malformed`, `too-large`, `rate`, `full`, `unseated`, `over`,
    /// `not-seated`, `too-early`, `too-many`, `playban`, `name-taken`,
    /// `not-taker` or `unavailable`.
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
            Refusal::TooMany => "too-many",
            Refusal::Playban(_) => "playban",
            Refusal::NameTaken(_) => "name-taken",
            Refusal::NotTaker => "not-taker",
            Refusal::Unavailable => "unavailable",
        }
    }

    /// The error message (`kind` names the variants that take no link).
    #[must_use]
    pub fn msg(&self) -> ServerMsg {
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
            Refusal::TooMany => {
                "games are begun from your address faster than the server allows: try later".into()
            }
            Refusal::Playban(until) => format!(
                "you let several games abort without moving lately: you may take challenges \
                 again from {until} (Unix ms)"
            ),
            Refusal::NameTaken(name) => format!(
                "the name {name:?} is an established player's: choose another name to take \
                 challenges"
            ),
            Refusal::NotTaker => "this acceptance does not name the seated player as its maker: \
                 accept the challenge on this browser, with its key"
                .into(),
            Refusal::Unavailable => {
                "the server cannot read this game's record right now: try again in a moment".into()
            }
        };
        ServerMsg::Error {
            error: self.kind(),
            message,
        }
    }

    /// The error message as the wire spells it.
    #[must_use]
    pub fn text(&self) -> String {
        self.msg().text()
    }
}

#[derive(Deserialize)]
struct Frame {
    link: Option<String>,
    salt: Option<String>,
    rematch: Option<String>,
    proof: Option<String>,
    seat: Option<SeatMsg>,
    claim: Option<bool>,
    resign: Option<bool>,
}

/// `{"seat": {"key": …, "name": …, "sig": …}}` as read, not yet checked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatMsg {
    /// The player's key, 43 base64url characters.
    pub key: String,
    /// The name they chose.
    pub name: String,
    /// Their signature of `"diablo seat " + game id + " " + nonce`.
    pub sig: String,
}

/// What a client's text message to a game room asks: a link, a rematch
/// offer, a seat or a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientMsg {
    /// `{"link": …}`, with the `salt` that shows who made its acceptance
    /// (32 hex digits, optional).
    Link {
        /// The game as the client holds it.
        link: String,
        /// The accepter's salt ([`diablo_corr::Keys::owner_salt`]).
        salt: Option<[u8; 16]>,
    },
    /// `{"rematch": …, "proof": …}`, or `{"rematch": …}` alone from a
    /// connection seated as one of the game's two players.
    Rematch {
        /// The invitation link of the new game.
        invitation: String,
        /// The sender's next chain value of the finished game; none for
        /// an offer the seat vouches for (a game ended by the server:
        /// time, an abort, a claim).
        proof: Option<String>,
    },
    /// `{"seat": {…}}`: this connection speaks for a key.
    Seat(SeatMsg),
    /// `{"claim": true}`: the other player is away past the limit.
    Claim,
    /// `{"resign": true}`: the seated player resigns, on their turn or not.
    Resign,
}

/// A text frame to a game room read: a link, a rematch offer, a seat or a
/// claim, or why it is none (one of them per frame).
///
/// # Errors
/// [`Refusal::TooLarge`] or [`Refusal::Malformed`].
pub fn read(text: &str, limits: &Limits) -> Result<ClientMsg, Refusal> {
    if text.len() > limits.link_bytes {
        return Err(Refusal::TooLarge(text.len()));
    }
    let frame: Frame = serde_json::from_str(text).map_err(|e| Refusal::Malformed(e.to_string()))?;
    match frame {
        Frame {
            link: Some(link),
            salt,
            rematch: None,
            proof: None,
            seat: None,
            claim: None,
            resign: None,
        } => {
            let salt = salt
                .map(|s| {
                    diablo_corr::value_from_hex(&s)
                        .map_err(|_| Refusal::Malformed("a `salt` is 32 hex digits".into()))
                })
                .transpose()?;
            Ok(ClientMsg::Link { link, salt })
        }
        Frame {
            link: None,
            salt: None,
            rematch: Some(invitation),
            proof,
            seat: None,
            claim: None,
            resign: None,
        } => Ok(ClientMsg::Rematch { invitation, proof }),
        Frame {
            link: None,
            salt: None,
            rematch: None,
            proof: None,
            seat: Some(seat),
            claim: None,
            resign: None,
        } => Ok(ClientMsg::Seat(seat)),
        Frame {
            link: None,
            salt: None,
            rematch: None,
            proof: None,
            seat: None,
            claim: Some(true),
            resign: None,
        } => Ok(ClientMsg::Claim),
        Frame {
            link: None,
            salt: None,
            rematch: None,
            proof: None,
            seat: None,
            claim: None,
            resign: Some(true),
        } => Ok(ClientMsg::Resign),
        _ => Err(Refusal::Malformed(
            "an object with a string `link`, a string `rematch` (and `proof`), a `seat` \
             {key, name, sig}, `claim`: true or `resign`: true"
                .into(),
        )),
    }
}

/// What the server sends a room's connections, as docs/live.md spells
/// each: one JSON object, its key naming it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ServerMsg {
    /// `{"nonce": …}`: first, on every connection: 32 hex digits a seat
    /// signs.
    Nonce {
        /// The connection's nonce.
        nonce: String,
    },
    /// `{"link": …}`: the room's game.
    Link {
        /// Its link (shared with the game the room holds).
        link: Arc<str>,
    },
    /// `{"peers": n}`: how many connections the room has.
    Peers {
        /// The count, this one included.
        peers: usize,
    },
    /// `{"rematch": …, "proof": …, "from": side, "terms": …}`: a rematch
    /// offer kept.
    Rematch {
        /// The new game's invitation.
        rematch: String,
        /// Its sender's proof, 32 hex digits; none when a seat vouched.
        #[serde(skip_serializing_if = "Option::is_none")]
        proof: Option<String>,
        /// The side that offered it in the finished game.
        from: &'static str,
        /// The terms its challenge was posted on (`{"clock", "rated"}`),
        /// or null: none posted (no clock, casual).
        terms: Option<serde_json::Value>,
    },
    /// `{"clock": {"black": ms, "green": ms, "running": side|null}}`, with
    /// `"first": ms` while a live game's first turns are due.
    Clock {
        /// Both sides' time left and who runs.
        clock: ClockMsg,
    },
    /// `{"over": {"winner": side|null, "reason": …}}`.
    Over {
        /// The result.
        over: Over,
    },
    /// `{"error": kind, "message": …}`: a refusal ([`Refusal`]).
    Error {
        /// [`Refusal::kind`].
        error: &'static str,
        /// What a person reads.
        message: String,
    },
}

/// A clock as the wire spells it: milliseconds left, never below zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClockMsg {
    /// Black's time left.
    pub black: i64,
    /// Green's time left.
    pub green: i64,
    /// The side whose time runs, if one's does.
    pub running: Option<Side>,
    /// While a live game's first turns are due (its clocks not yet
    /// ticking): the milliseconds the running side has left to send its
    /// first turn before the game is aborted. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<i64>,
    /// A turn-based clock with a time bank: the days left in each side's
    /// bank (ms); `black` and `green` are then the time to each side's
    /// deadline, moved on by the bank days spent. Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_ms: Option<BankMs>,
}

/// What is left of each side's time bank, milliseconds of whole days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BankMs {
    /// Black's bank left.
    pub black: i64,
    /// Green's bank left.
    pub green: i64,
}

impl From<&ClockState> for ClockMsg {
    fn from(state: &ClockState) -> ClockMsg {
        ClockMsg {
            black: state.black_ms.max(0),
            green: state.green_ms.max(0),
            running: state.running,
            first: None,
            bank_ms: None,
        }
    }
}

/// Whether `id` is a game id as links spell it: 32 lowercase hex digits.
#[must_use]
pub fn is_game_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
