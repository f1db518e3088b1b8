//! # diablo-corr
//!
//! Correspondence play of **Diablo, a game by Mark Steere**: two players a
//! long way apart play one game by sending each other links, with no
//! server, and with dice neither of them can choose or foresee.
//!
//! Every link holds the whole game so far as a list of *messages*, the
//! players taking turns to add one. Each player has a secret seed (kept in
//! their key file or browser), from which a SHA-256 hash chain is built; a
//! message reveals the next value down the chain, which the receiver checks
//! against the previous one (the first value is the commitment). The roll of
//! a turn is derived from the mover's next value — committed long before,
//! still secret — and the value the opponent revealed in the link handing
//! over the move. `docs/correspondence.md` states the protocol and its
//! threat model.
//!
//! The crate does no I/O and draws no random numbers: seeds and nonces are
//! inputs, so callers take them from the operating system.
//!
//! ```
//! use diablo_core::{Color, Edition};
//! use diablo_corr::{Due, Game};
//!
//! let (invite, black) =
//!     Game::invite(6, Edition::Standard, Color::Black, "Ann", [1; 16], [2; 32]).unwrap();
//! let received = Game::decode(&invite.encode()).unwrap();
//! let (accepted, _green) = received.accept("Bo", [3; 32]).unwrap();
//! let game = Game::decode(&accepted.encode()).unwrap();
//! assert!(matches!(game.due(), Due::Turn { color: Color::Black, .. }));
//! let roll = game.roll(&black).unwrap();
//! let turn = game.record().last().legal_turns(Edition::Standard, roll).unwrap()[0];
//! let after = game.play(&black, &turn).unwrap();
//! assert_eq!(Game::decode(&after.encode()).unwrap().record().turns().len(), 1);
//! ```
#![deny(missing_docs)]

mod crypto;
mod error;
mod game;
mod keys;
mod wire;

pub use error::CorrError;
pub use game::Game;
pub use keys::Keys;
/// Links as bytes, for tools and tests that build or alter them by hand:
/// anyone can, so every check that matters is in the messages, not the
/// checksum ([`seal`] makes a payload a link, [`payload`] reads one back).
pub use wire::{payload, seal};

use diablo_core::{Color, Edition, Turn};

/// The first character of every correspondence link (core keeps the list
/// of link kinds by first character).
pub const PREFIX: char = diablo_core::link::CORR_PREFIX;
/// The format version this build reads and writes.
pub const FORMAT: u8 = 1;
/// Bytes in a revealed chain value (128 bits).
pub const VALUE_LEN: usize = 16;
/// The longest player name, in bytes of UTF-8.
pub const MAX_NAME: usize = 32;

/// A value of a hash chain.
pub type Value = [u8; VALUE_LEN];
/// A game's id: a hash of its invitation's header.
pub type GameId = [u8; 16];

/// The nonce of an invitation bound to `statement` by `salt`
/// (docs/correspondence.md, "Invitations bound to their maker").
#[must_use]
pub fn owned_nonce(salt: &[u8; 16], statement: &str) -> [u8; 16] {
    crypto::owned_nonce(salt, statement)
}

/// A link's header and how many messages it holds, read without checking
/// the messages (no chains, no rules): what a list of games needs of a
/// link the server checked when it took it.
///
/// # Errors
/// A text that is no correspondence link's.
pub fn outline(link: &str) -> Result<(Header, usize), CorrError> {
    let raw = wire::decode(link)?;
    Ok((raw.header, raw.messages.len()))
}

/// A chain value as text (a rematch offer's proof): 32 hex digits.
#[must_use]
pub fn value_hex(value: &Value) -> String {
    keys::hex(value)
}

/// A chain value read from its text ([`value_hex`]).
///
/// # Errors
/// [`CorrError::Malformed`] unless it is 32 hex digits.
pub fn value_from_hex(text: &str) -> Result<Value, CorrError> {
    keys::unhex(text.trim()).ok_or(CorrError::Malformed("a proof is 32 hex digits"))
}

/// Who sent a message: the player who invited, or the one who accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Sent the invitation (message 0) and every even message.
    Inviter,
    /// Accepted it (message 1) and sends every odd message.
    Accepter,
}

impl Role {
    fn byte(self) -> u8 {
        match self {
            Role::Inviter => 0,
            Role::Accepter => 1,
        }
    }

    /// The role that sends message `index`.
    #[must_use]
    pub fn of_message(index: usize) -> Role {
        if index % 2 == 0 {
            Role::Inviter
        } else {
            Role::Accepter
        }
    }
}

/// What a message carries besides its chain value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// Messages 0 and 1: joining the game, with the sender's name.
    Join {
        /// The sender's name (may be empty).
        name: String,
        /// What an accepting message is bound to ([`Game::accept_owned`]):
        /// [`owned_nonce`] of the accepter's salt and a statement of who
        /// accepts; `None` in a join made without one.
        bound: Option<[u8; 16]>,
    },
    /// Message 2 when the accepter plays Black: it only reveals the value
    /// that fixes Black's first roll.
    Start,
    /// A turn, played with the roll derived for it.
    Turn(Turn),
    /// The sender, who was to move, gives up.
    Resign,
}

/// One message of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The sender's next chain value.
    pub value: Value,
    /// What it carries.
    pub body: Body,
}

/// The fixed part of a game, set by the invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Board size N.
    pub size: u8,
    /// Edition.
    pub edition: Edition,
    /// The inviter's colour.
    pub inviter: Color,
    /// 128 random bits that make the game unique.
    pub nonce: [u8; 16],
}

impl Header {
    /// The colour a role plays.
    #[must_use]
    pub fn color_of(&self, role: Role) -> Color {
        match role {
            Role::Inviter => self.inviter,
            Role::Accepter => self.inviter.other(),
        }
    }

    /// The role playing a colour.
    #[must_use]
    pub fn role_of(&self, color: Color) -> Role {
        if color == self.inviter {
            Role::Inviter
        } else {
            Role::Accepter
        }
    }

    /// Length of each player's chain: more values than messages any game
    /// can need (at most 2·N² turns, half of them each, plus joining,
    /// starting and resigning).
    #[must_use]
    pub fn chain_len(&self) -> u32 {
        u32::from(self.size) * u32::from(self.size) + 4
    }
}

/// What the game waits for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// The accepter's answer to the invitation.
    Accept,
    /// The inviter's start message (the accepter plays Black).
    Start,
    /// A turn by `color`, sent by `role`.
    Turn {
        /// The colour to move.
        color: Color,
        /// The player who plays it.
        role: Role,
    },
    /// The game is over.
    Over {
        /// The winner.
        winner: Color,
        /// Whether the loser resigned.
        resigned: bool,
    },
}

/// How a newly received link relates to the game stored before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The same messages.
    Same,
    /// The stored game and this many more messages.
    Newer(usize),
}
