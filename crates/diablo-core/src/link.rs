//! Share links: a whole game and the position being viewed, in a short text
//! for a URL fragment (`docs/links.md` describes the format).
//!
//! Two forms are read:
//! - **compact** (what [`encode`] writes): the version character `1`, then
//!   base64url bytes: a header, one big number holding every choice of the
//!   game (start, rolls, actions, view) in mixed radix, and a CRC-32;
//! - **readable**: `record=<percent-encoded text record>[&view=<n>]`.
//!
//! ```
//! use diablo_core::{Edition, Position, Record, Roll, link};
//! let mut game = Record::new(Edition::Standard, Position::start(4).unwrap());
//! game.push(Roll::new(2, 1).unwrap(), "a1-a2".parse().unwrap()).unwrap();
//! let text = link::encode(&game, 1);
//! let back = link::decode(&text).unwrap();
//! assert_eq!((back.record, back.view), (game, 1));
//! ```

use crate::{
    Action, Color, Edition, ParsePositionError, PlayError, Position, Record, RecordError, Roll,
    Setup, Square, Turn, TurnBuilder,
};
use std::fmt;
use std::str::FromStr;

pub mod base64url;
mod bytes;
mod text;

use bytes::{BigNum, Digits, base64_decode, crc32, read_varint, write_varint};
pub use text::encode_text;

/// The version character of the compact links this build writes.
pub const VERSION: char = '1';
/// The start of the readable form.
pub const RECORD_PREFIX: &str = "record=";
/// The first character of a correspondence link (`diablo-corr`, played on
/// the friend page). Links share one space, told apart by their first
/// character: share links start with [`VERSION`] or [`RECORD_PREFIX`],
/// correspondence links with this.
pub const CORR_PREFIX: char = 'c';

const EDITION_BITS: u8 = 0b0011_0000;
const CUSTOM_BIT: u8 = 0b0100_0000;
const RESERVED_BIT: u8 = 0b1000_0000;

/// A game and the position being viewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLink {
    /// The whole game.
    pub record: Record,
    /// The position viewed, as a number of turns played: 0 is the start,
    /// `record.turns().len()` the last position.
    pub view: usize,
}

impl GameLink {
    /// The compact link ([`encode`]).
    #[must_use]
    pub fn encode(&self) -> String {
        encode(&self.record, self.view)
    }

    /// The readable link ([`encode_text`]).
    #[must_use]
    pub fn encode_text(&self) -> String {
        encode_text(&self.record, self.view)
    }
}

impl FromStr for GameLink {
    type Err = LinkError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        decode(s)
    }
}

/// Why one turn of a link could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnError {
    /// The turn cannot be played (or the game was already over).
    Play(PlayError),
    /// The line of a readable link's record holding the turn is wrong.
    Text(RecordError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Play(e) => e.fmt(f),
            TurnError::Text(e) => e.fmt(f),
        }
    }
}

/// Why a link cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    /// Nothing to read.
    Empty,
    /// The first character names a format this build does not know.
    UnknownVersion(char),
    /// A character outside the link alphabet (1-based position in the link).
    BadCharacter {
        /// 1-based character position, the version character being 1.
        position: usize,
        /// The character found.
        found: char,
    },
    /// The link ends before a field is complete (the field is named).
    Truncated(&'static str),
    /// The checksum does not match: the link was changed or cut.
    Checksum,
    /// The link is not written the one way this format writes it.
    Malformed(&'static str),
    /// The size field names no allowed board (the side it would give).
    BadSize(u8),
    /// The edition field names no edition (its value).
    BadEdition(u8),
    /// The start position is invalid.
    BadStart(ParsePositionError),
    /// Turn `number` (1-based) cannot be read or played; `valid` holds the
    /// game up to the turn before it.
    BadTurn {
        /// 1-based number of the turn within the link.
        number: usize,
        /// What is wrong with it.
        reason: TurnError,
        /// The turns before it, which are valid.
        valid: Box<Record>,
    },
    /// Data is left after the last turn.
    Trailing,
    /// The view is beyond the last turn.
    ViewOutOfRange {
        /// The view asked for.
        view: usize,
        /// How many turns the game has.
        turns: usize,
    },
    /// A readable link's parameter is wrong (the parameter as written).
    BadParameter(String),
    /// A readable link has a bad `%` escape at this 1-based position.
    BadEscape(usize),
    /// A readable link's text is not UTF-8.
    NotUtf8,
    /// A readable link's record is wrong before any turn.
    Record(RecordError),
}

impl LinkError {
    /// The valid beginning of the game, when a turn could not be read.
    #[must_use]
    pub fn valid_prefix(&self) -> Option<&Record> {
        match self {
            LinkError::BadTurn { valid, .. } => Some(valid),
            _ => None,
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LinkError as E;
        match self {
            E::Empty => write!(f, "the link is empty"),
            E::UnknownVersion(c) => write!(
                f,
                "unknown link version '{c}' (this version reads links starting with '{VERSION}' or '{RECORD_PREFIX}')"
            ),
            E::BadCharacter { position, found } => write!(
                f,
                "bad character '{}' at position {position} of the link (expected A-Z, a-z, 0-9, - or _)",
                found.escape_debug()
            ),
            E::Truncated(field) => write!(f, "the link is cut short: it ends inside the {field}"),
            E::Checksum => write!(
                f,
                "the link is damaged: its checksum does not match (was it cut or changed?)"
            ),
            E::Malformed(what) => write!(f, "the link is malformed: {what}"),
            E::BadSize(n) => write!(f, "bad board size {n} in the link (2 to 26, even)"),
            E::BadEdition(v) => write!(f, "bad edition number {v} in the link"),
            E::BadStart(e) => write!(f, "bad start position in the link: {e}"),
            E::BadTurn {
                number,
                reason,
                valid,
            } => write!(
                f,
                "turn {number} of the link cannot be played: {reason} (the {} turns before it are valid)",
                valid.turns().len()
            ),
            E::Trailing => write!(f, "the link has data left after its last turn"),
            E::ViewOutOfRange { view, turns } => write!(
                f,
                "the link views turn {view}, but the game has only {turns} turns"
            ),
            E::BadParameter(p) => write!(
                f,
                "bad link parameter '{p}' (expected view=<number of turns>)"
            ),
            E::BadEscape(at) => write!(
                f,
                "bad % escape at position {at} of the link (expected % and two hex digits)"
            ),
            E::NotUtf8 => write!(f, "the link's record text is not valid UTF-8"),
            E::Record(e) => write!(f, "the link's record is wrong: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The compact link of a game viewed after `view` turns (a `view` past the
/// last turn is written as the last turn).
///
/// Should the engine ever fail to find a recorded turn among the choices it
/// offers (a bug, never seen), the readable form is returned instead, so
/// every link still reproduces its game.
#[must_use]
pub fn encode(record: &Record, view: usize) -> String {
    let view = view.min(record.turns().len());
    compact(record, view).unwrap_or_else(|| encode_text(record, view))
}

fn compact(record: &Record, view: usize) -> Option<String> {
    let size = record.size();
    let turns = u32::try_from(record.turns().len()).ok()?;
    let mut digits = Digits::default();
    let mut bytes = vec![
        (size / 2 - 1)
            | (edition_number(record.edition()) << 4)
            | if record.has_custom_start() {
                CUSTOM_BIT
            } else {
                0
            },
    ];
    write_varint(&mut bytes, turns);
    if record.has_custom_start() {
        write_varint(&mut bytes, record.start().turn_number());
        start_digits(record.start(), &mut digits);
    }
    let faces = u32::from(size / 2);
    for (pos, (roll, turn)) in record.positions().iter().zip(record.turns()) {
        let [a, b] = roll.dice();
        digits.push(u32::from(a - 1) * faces + u32::from(b - 1), faces * faces);
        turn_digits(pos, record.edition(), *roll, turn, &mut digits)?;
    }
    digits.push(u32::try_from(view).ok()?, turns.checked_add(1)?);
    bytes.extend(digits.into_number().to_bytes());
    Some(seal(bytes))
}

/// Appends the checksum and writes the link text.
fn seal(mut bytes: Vec<u8>) -> String {
    let crc = crc32(&bytes);
    bytes.extend(crc.to_be_bytes());
    let mut out = String::with_capacity(1 + bytes.len() * 4 / 3 + 2);
    out.push(VERSION);
    base64url::encode(&bytes, &mut out);
    out
}

fn edition_number(e: Edition) -> u8 {
    match e {
        Edition::Standard => 0,
        Edition::Sequenced => 1,
    }
}

/// The stack heights of a set-up start, square by square: empty / Black /
/// Green, then whether taller than 1, then the height.
fn start_digits(pos: &Position, digits: &mut Digits) {
    let n = pos.size();
    let max = u32::from(n) * u32::from(n) / 2;
    for i in 0..usize::from(n) * usize::from(n) {
        match pos.stack(Square::from_index(i, n)) {
            None => digits.push(0, 3),
            Some(st) => {
                digits.push(1 + st.color.index() as u32, 3);
                digits.push(u32::from(st.height > 1), 2);
                if st.height > 1 {
                    digits.push(u32::from(st.height) - 2, max - 1);
                }
            }
        }
    }
}

/// The legal next actions of a turn under construction, sorted.
fn sorted_options(b: &TurnBuilder) -> Vec<Action> {
    let mut v: Vec<Action> = b.options().into_iter().map(|o| o.action).collect();
    crate::sort::heap_sort(&mut v, |a, b| a < b);
    v.dedup();
    v
}

/// The legal turns, sorted (used when a turn begins with a removal: then
/// the two removals are one unordered choice).
fn sorted_turns(pos: &Position, edition: Edition, roll: Roll) -> Result<Vec<Turn>, PlayError> {
    let mut v = pos.legal_turns(edition, roll)?;
    crate::sort::heap_sort(&mut v, |a, b| a < b);
    v.dedup();
    Ok(v)
}

/// A turn as digits: its index among the turns when it begins with a
/// removal, else its first action's index among the first actions, then its
/// second action's among those that may follow.
fn turn_digits(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    turn: &Turn,
    digits: &mut Digits,
) -> Option<()> {
    let mut b = TurnBuilder::new(pos, edition, roll).ok()?;
    let firsts = sorted_options(&b);
    if firsts.first()?.is_removal() {
        let turns = sorted_turns(pos, edition, roll).ok()?;
        return digits.push_index(&turns, turn);
    }
    digits.push_index(&firsts, &turn.first())?;
    b.play(turn.first()).ok()?;
    match (b.is_complete(), turn.second()) {
        (true, None) => Some(()),
        (false, Some(second)) => digits.push_index(&sorted_options(&b), &second),
        _ => None,
    }
}

/// Reads one turn from the number, as [`turn_digits`] wrote it.
fn read_turn(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    number: &mut BigNum,
) -> Result<Turn, PlayError> {
    let mut b = TurnBuilder::new(pos, edition, roll)?;
    let firsts = sorted_options(&b);
    let nothing = || PlayError::Illegal {
        index: 0,
        action: None,
        reason: crate::IllegalReason::NotLegalHere,
    };
    let Some(first) = firsts.first() else {
        return Err(nothing());
    };
    if first.is_removal() {
        let turns = sorted_turns(pos, edition, roll)?;
        return number.take_from(&turns).ok_or_else(nothing);
    }
    let first = number.take_from(&firsts).ok_or_else(nothing)?;
    b.play(first)?;
    if b.is_complete() {
        return Ok(Turn::single(first));
    }
    let second = number.take_from(&sorted_options(&b)).ok_or_else(nothing)?;
    Ok(Turn::pair(first, second))
}

/// Reads a game link: compact (`1...`) or readable (`record=...`). Leading
/// and trailing white space and anything up to a `#` are ignored, so a
/// whole URL may be given.
///
/// # Errors
/// [`LinkError`] saying what is wrong. A compact link is never read as a
/// game other than the one it was written from (a CRC-32 guards it); the
/// readable form is plain text, read as whatever game it spells.
pub fn decode(link: &str) -> Result<GameLink, LinkError> {
    let link = link.trim();
    let link = link.split_once('#').map_or(link, |(_, after)| after);
    if let Some(rest) = link.strip_prefix(RECORD_PREFIX) {
        return text::decode_text(rest, RECORD_PREFIX.len());
    }
    let mut chars = link.chars();
    match chars.next() {
        None => Err(LinkError::Empty),
        Some(VERSION) => decode_v1(chars.as_str()),
        Some(c) => Err(LinkError::UnknownVersion(c)),
    }
}

fn decode_v1(body: &str) -> Result<GameLink, LinkError> {
    let mut bytes = base64_decode(body)?;
    if bytes.len() < 5 {
        return Err(LinkError::Truncated("header and checksum"));
    }
    let crc_at = bytes.len() - 4;
    let crc = u32::from_be_bytes([
        bytes[crc_at],
        bytes[crc_at + 1],
        bytes[crc_at + 2],
        bytes[crc_at + 3],
    ]);
    bytes.truncate(crc_at);
    if crc32(&bytes) != crc {
        return Err(LinkError::Checksum);
    }
    let head = bytes[0];
    if head & RESERVED_BIT != 0 {
        return Err(LinkError::Malformed("a reserved header bit is set"));
    }
    let size = 2 * ((head & 0x0f) + 1);
    if size > crate::MAX_SIZE {
        return Err(LinkError::BadSize(size));
    }
    let edition = match (head & EDITION_BITS) >> 4 {
        0 => Edition::Standard,
        1 => Edition::Sequenced,
        v => return Err(LinkError::BadEdition(v)),
    };
    let mut at = 1;
    let turns = read_varint(&bytes, &mut at, "turn count")?;
    let max_turns = 2 * u32::from(size) * u32::from(size);
    if turns > max_turns {
        return Err(LinkError::Malformed(
            "more turns than any game on this board can have",
        ));
    }
    let start_turn = if head & CUSTOM_BIT != 0 {
        Some(read_varint(&bytes, &mut at, "start turn number")?)
    } else {
        None
    };
    if bytes.get(at) == Some(&0) {
        return Err(LinkError::Malformed(
            "the game data starts with a zero byte",
        ));
    }
    let mut number = BigNum::from_bytes(&bytes[at..]);
    let start = match start_turn {
        Some(turn) => {
            let p = read_start(size, turn, &mut number)?;
            if !Record::new(edition, p.clone()).has_custom_start() {
                return Err(LinkError::Malformed(
                    "a set-up start equal to the standard start",
                ));
            }
            p
        }
        None => Position::start(u32::from(size)).map_err(|_| LinkError::BadSize(size))?,
    };
    let mut record = Record::new(edition, start);
    let faces = size / 2;
    for number_1 in 1..=turns as usize {
        let d = number.take(u32::from(faces) * u32::from(faces));
        // Both dice are below `faces` <= 13, so the casts are exact.
        let roll = Roll::new(
            (d / u32::from(faces)) as u8 + 1,
            (d % u32::from(faces)) as u8 + 1,
        )
        .ok_or(LinkError::Malformed("a die showing 0"))?;
        let played = read_turn(record.last(), edition, roll, &mut number)
            .and_then(|turn| record.push(roll, turn).map(|_| ()));
        if let Err(e) = played {
            return Err(LinkError::BadTurn {
                number: number_1,
                reason: TurnError::Play(e),
                valid: Box::new(record),
            });
        }
    }
    let view = number.take(turns + 1) as usize;
    if !number.is_zero() {
        return Err(LinkError::Trailing);
    }
    Ok(GameLink { record, view })
}

/// Reads a set-up start written by [`start_digits`], judged as a position
/// code is.
fn read_start(size: u8, turn: u32, number: &mut BigNum) -> Result<Position, LinkError> {
    let n = usize::from(size);
    let max = u32::from(size) * u32::from(size) / 2;
    let mut cells = vec![0i32; n * n];
    for cell in &mut cells {
        let sign = match number.take(3) {
            0 => continue,
            1 => 1,
            _ => -1,
        };
        let height = if number.take(2) == 1 {
            number.take(max - 1) + 2
        } else {
            1
        };
        // A height is at most max <= 338.
        *cell = sign * height as i32;
    }
    let setup = Setup {
        size: u32::from(size),
        cells,
        side: Color::of_turn(turn),
        turn,
    };
    Position::try_from(setup).map_err(|e| LinkError::BadStart(ParsePositionError::Setup(e)))
}
