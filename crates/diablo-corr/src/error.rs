//! What can be wrong with a correspondence link, a key or a request.

use diablo_core::{Color, Roll};
use std::fmt;

/// Why a link, a key file or a request was refused. The message says what
/// is wrong and where (messages are numbered from 0, the invitation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorrError {
    /// Nothing to read.
    Empty,
    /// Not a correspondence link (it does not start with `c`).
    NotCorrLink,
    /// A character outside base64url, at a 1-based position.
    BadCharacter {
        /// 1-based, the `c` being 1.
        position: usize,
        /// The character.
        found: char,
    },
    /// The link ends inside a field.
    Truncated(&'static str),
    /// The checksum does not match: the link was changed or cut.
    Checksum,
    /// A format version this build does not know.
    UnknownFormat(u8),
    /// Not a spelling this build writes.
    Malformed(&'static str),
    /// A board size outside 2..26.
    BadSize,
    /// An unknown edition.
    BadEdition,
    /// A player name that is too long or holds control characters.
    BadName {
        /// The message holding it.
        message: usize,
    },
    /// A message whose value does not match its sender's commitment: a
    /// forged or withheld reveal.
    BadReveal {
        /// The message.
        message: usize,
        /// Its sender's colour.
        color: Color,
    },
    /// A message of a kind the game does not expect there.
    Unexpected {
        /// The message.
        message: usize,
        /// What it is.
        found: &'static str,
        /// What the game waited for.
        due: String,
    },
    /// A turn that cannot be played with its derived roll.
    TurnRefused {
        /// The message.
        message: usize,
        /// The game's turn number.
        turn_number: u32,
        /// Why.
        reason: String,
    },
    /// A turn the player wants to send is illegal for their roll.
    Illegal {
        /// The derived roll.
        roll: Roll,
        /// The turn as given.
        turn: String,
        /// Why.
        reason: String,
    },
    /// Keys of another game.
    ForeignKeys,
    /// A rematch offer's proof matches neither player of the game.
    BadRematch,
    /// A rematch offer whose link is not a new game's invitation.
    NotInvitation {
        /// The messages the offered link holds.
        messages: usize,
    },
    /// Keys of this game whose values do not match the ones their player
    /// sent (another seed).
    KeysMismatch,
    /// A key file that cannot be read.
    BadKeys(String),
    /// The request is not for this player now.
    NotYourTurn {
        /// The keys' colour.
        you: Color,
        /// What was asked for.
        wanted: &'static str,
        /// What the game waits for.
        due: String,
    },
    /// The request does not fit the game at this point.
    NotDue {
        /// What was asked for.
        wanted: &'static str,
        /// What the game waits for.
        due: String,
    },
    /// A link of another game than the stored one.
    OtherGame,
    /// An older link of the stored game.
    Stale {
        /// Messages in the link.
        link: usize,
        /// Messages in the stored game.
        stored: usize,
    },
    /// A link whose history differs from the stored one.
    Diverges {
        /// The first message that differs.
        message: usize,
    },
}

impl fmt::Display for CorrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CorrError as E;
        match self {
            E::Empty => write!(f, "the link is empty"),
            E::NotCorrLink => write!(
                f,
                "this is not a correspondence game link (it should start with 'c')"
            ),
            E::BadCharacter { position, found } => write!(
                f,
                "bad character '{}' at position {position} of the link (expected A-Z, a-z, 0-9, - or _)",
                found.escape_debug()
            ),
            E::Truncated(what) => write!(f, "the link is cut short in {what}"),
            E::Checksum => write!(
                f,
                "the link's checksum does not match: it was changed or cut when it was copied"
            ),
            E::UnknownFormat(v) => write!(
                f,
                "the link is in format {v}, which this version does not know"
            ),
            E::Malformed(what) => write!(f, "the link is malformed: {what}"),
            E::BadSize => write!(f, "the link names a board size outside 2..26"),
            E::BadEdition => write!(f, "the link names an unknown edition"),
            E::BadName { message } => write!(
                f,
                "message {message}: a player name must be at most 32 bytes, without control characters or surrounding spaces"
            ),
            E::BadReveal { message, color } => write!(
                f,
                "message {message}: {}'s secret does not match what they committed to earlier: the link was forged or altered",
                color.name()
            ),
            E::Unexpected {
                message,
                found,
                due,
            } => write!(
                f,
                "message {message} is {found}, but the game was waiting for {due}"
            ),
            E::TurnRefused {
                message,
                turn_number,
                reason,
            } => write!(
                f,
                "message {message} (turn {turn_number}) cannot be played: {reason}"
            ),
            E::Illegal { roll, turn, reason } => {
                write!(
                    f,
                    "'{turn}' cannot be played with your roll {roll}: {reason}"
                )
            }
            E::ForeignKeys => write!(f, "these keys belong to another game"),
            E::NotInvitation { messages } => write!(
                f,
                "a rematch offer carries a new game's invitation (one message), not a link of {messages} messages"
            ),
            E::BadRematch => write!(
                f,
                "the rematch offer's proof matches neither player's secret: it was not made by a player of this game"
            ),
            E::KeysMismatch => write!(
                f,
                "these keys are of this game but not the ones you played it with (their secrets differ)"
            ),
            E::BadKeys(why) => write!(f, "the key file cannot be read: {why}"),
            E::NotYourTurn { you, wanted, due } => write!(
                f,
                "it is not your move: you play {} and asked for {wanted}, but the game waits for {due}",
                you.name()
            ),
            E::NotDue { wanted, due } => {
                write!(f, "this link needs {due}, not {wanted}")
            }
            E::OtherGame => write!(f, "this link belongs to another game"),
            E::Stale { link, stored } => write!(
                f,
                "this link is older than the game you have: it holds {link} messages, your game {stored}"
            ),
            E::Diverges { message } => write!(
                f,
                "this link does not continue your game: it differs from it at message {message}"
            ),
        }
    }
}

impl std::error::Error for CorrError {}
