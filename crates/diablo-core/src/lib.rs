//! # diablo-core
//!
//! The rules of **Diablo, a game by Mark Steere**, as this project states
//! them (`RULES.md`): two editions, every even board from 2x2 to 26x26,
//! the notation, position codes, set-ups (boards that may be illegal,
//! checked into positions), game records and perft.
//!
//! The crate never rolls dice and does no I/O: rolls are inputs.
//!
//! ```
//! use diablo_core::{Edition, Position, Roll, Turn};
//!
//! let start: Position = "gbgb/bgbg/gbgb/bgbg b 1".parse().unwrap();
//! assert_eq!(start, Position::start(4).unwrap());
//! let roll: Roll = "2,1".parse().unwrap();
//! let turns = start.legal_turns(Edition::Standard, roll).unwrap();
//! assert_eq!(turns.len(), 40);
//! let turn: Turn = "a1-a2".parse().unwrap();
//! let next = start.play(Edition::Standard, roll, &turn).unwrap();
//! assert_eq!(next.to_string(), "gbgb/bgbg/bbgb/.gbg g 2");
//! ```
#![deny(missing_docs)]

mod action;
mod builder;
mod code;
mod color;
mod edition;
mod error;
mod fast;
mod groups;
mod index;
pub mod link;
mod perft;
mod play;
mod position;
mod record;
mod roll;
mod rules;
mod setup;
mod sort;
mod square;

pub use action::{Action, ActionKind, ParseActionError, Turn};
pub use builder::{ActionOption, SourceMoves, TurnBuilder};
pub use code::ParsePositionError;
pub use color::{Color, ParseColorError};
pub use edition::{Edition, ParseEditionError};
pub use error::{IllegalReason, PlayError};
pub use fast::{FastAction, FastActionUndo, FastTurn, FastUndo, TurnList};
pub use groups::{TurnGroup, TurnGroups};
pub use index::TurnIndexError;
pub use link::{GameLink, LinkError, TurnError};
pub use perft::perft;
pub use position::{MAX_TURN, Outcome, ParseStackError, Position, SizeError, Stack, check_size};
pub use record::{Record, RecordError, RecordErrorKind};
pub use roll::{ParseRollError, Roll, RollError};
pub use setup::{Setup, SetupError};
pub use square::{MAX_SIZE, ParseSquareError, Square};
