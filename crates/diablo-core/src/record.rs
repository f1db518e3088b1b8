//! The text game record of RULES.md section 7.
//!
//! ```text
//! # a comment
//! edition standard
//! size 4
//! 2,1: b2-b4
//! 1,1: a2-a3 b1-a1
//! ```

use crate::action::{ParseActionError, Turn};
use crate::code::ParsePositionError;
use crate::edition::{Edition, ParseEditionError};
use crate::error::PlayError;
use crate::position::{Position, SizeError};
use crate::roll::{ParseRollError, Roll};
use std::fmt;
use std::str::FromStr;

/// A whole game: edition, start position and every turn with its roll.
/// Every turn in a `Record` is legal; the positions are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    edition: Edition,
    /// Whether the start was given explicitly (a set-up position).
    custom_start: bool,
    turns: Vec<(Roll, Turn)>,
    /// The start position, then the position after each turn.
    positions: Vec<Position>,
}

impl Record {
    /// An empty record from a start position.
    #[must_use]
    pub fn new(edition: Edition, start: Position) -> Record {
        let custom_start = Position::start(u32::from(start.size())).ok().as_ref() != Some(&start);
        Record {
            edition,
            custom_start,
            turns: Vec::new(),
            positions: vec![start],
        }
    }

    /// The edition.
    #[must_use]
    pub const fn edition(&self) -> Edition {
        self.edition
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.start().size()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Whether the start is not the standard start of its size.
    #[must_use]
    pub const fn has_custom_start(&self) -> bool {
        self.custom_start
    }

    /// The turns played, with their rolls.
    #[must_use]
    pub fn turns(&self) -> &[(Roll, Turn)] {
        &self.turns
    }

    /// The start position, then the position after each turn.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The position after the last turn.
    #[must_use]
    pub fn last(&self) -> &Position {
        // `positions` always holds at least the start.
        &self.positions[self.positions.len() - 1]
    }

    /// Appends a turn after checking it is legal.
    ///
    /// # Errors
    /// [`PlayError`] when the turn cannot be played; the record is unchanged.
    pub fn push(&mut self, roll: Roll, turn: Turn) -> Result<&Position, PlayError> {
        let next = self.last().play(self.edition, roll, &turn)?;
        self.turns.push((roll, turn));
        self.positions.push(next);
        Ok(self.last())
    }

    /// Removes the last turn, if any.
    pub fn pop(&mut self) -> Option<(Roll, Turn)> {
        let last = self.turns.pop()?;
        self.positions.pop();
        Some(last)
    }

    /// The record truncated to its first `turns` turns.
    #[must_use]
    pub fn truncated(&self, turns: usize) -> Record {
        let keep = turns.min(self.turns.len());
        Record {
            edition: self.edition,
            custom_start: self.custom_start,
            turns: self.turns[..keep].to_vec(),
            positions: self.positions[..=keep].to_vec(),
        }
    }
}

/// What is wrong on one line of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// A header is missing (named).
    MissingHeader(&'static str),
    /// A header appears twice (named).
    DuplicateHeader(&'static str),
    /// A header line comes after the first turn.
    HeaderAfterTurns,
    /// The edition header's value.
    Edition(ParseEditionError),
    /// The size header's value is not a number.
    SizeNumber(String),
    /// The size is not allowed.
    Size(SizeError),
    /// The start position code.
    Position(ParsePositionError),
    /// The start position's size differs from the size header.
    StartSize {
        /// Size from the header.
        header: u8,
        /// Size of the start position.
        start: u8,
    },
    /// A line that is neither a header, a comment nor `<roll>: <turn>`.
    Line(String),
    /// The roll of a turn line.
    Roll(ParseRollError),
    /// The turn text of a turn line.
    Turn(ParseActionError),
    /// The turn is not legal (or the game was already over).
    Play(PlayError),
}

/// A record that cannot be read, with the 1-based line where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line number (the last line for a missing header).
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordErrorKind as K;
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            K::MissingHeader(h) => write!(f, "missing '{h}' header before the first turn"),
            K::DuplicateHeader(h) => write!(f, "the '{h}' header appears twice"),
            K::HeaderAfterTurns => write!(f, "header lines must come before the turns"),
            K::Edition(e) => e.fmt(f),
            K::SizeNumber(s) => write!(f, "size '{s}' is not a number"),
            K::Size(e) => e.fmt(f),
            K::Position(e) => write!(f, "start position: {e}"),
            K::StartSize { header, start } => write!(
                f,
                "the start position is {start}x{start} but the size header says {header}"
            ),
            K::Line(s) => write!(
                f,
                "cannot read '{s}' (expected a header, a # comment, or '<roll>: <turn>')"
            ),
            K::Roll(e) => e.fmt(f),
            K::Turn(e) => e.fmt(f),
            K::Play(e) => write!(f, "illegal turn: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut edition: Option<Edition> = None;
        let mut size: Option<u8> = None;
        let mut start: Option<(Position, usize)> = None;
        let mut record: Option<Record> = None;
        let mut last_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            last_line = line_no;
            let err = |kind| RecordError {
                line: line_no,
                kind,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (word, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim();
            if matches!(word, "edition" | "size" | "start") {
                if record.is_some() {
                    return Err(err(RecordErrorKind::HeaderAfterTurns));
                }
                match word {
                    "edition" => {
                        if edition.is_some() {
                            return Err(err(RecordErrorKind::DuplicateHeader("edition")));
                        }
                        edition = Some(
                            value
                                .parse()
                                .map_err(|e| err(RecordErrorKind::Edition(e)))?,
                        );
                    }
                    "size" => {
                        if size.is_some() {
                            return Err(err(RecordErrorKind::DuplicateHeader("size")));
                        }
                        let n: u32 = value
                            .parse()
                            .map_err(|_| err(RecordErrorKind::SizeNumber(value.to_string())))?;
                        size = Some(
                            crate::position::check_size(n)
                                .map_err(|e| err(RecordErrorKind::Size(e)))?,
                        );
                    }
                    _ => {
                        if start.is_some() {
                            return Err(err(RecordErrorKind::DuplicateHeader("start")));
                        }
                        let p: Position = value
                            .parse()
                            .map_err(|e| err(RecordErrorKind::Position(e)))?;
                        start = Some((p, line_no));
                    }
                }
                continue;
            }
            let Some((roll_text, turn_text)) = line.split_once(':') else {
                return Err(err(RecordErrorKind::Line(line.to_string())));
            };
            if record.is_none() {
                record = Some(begin(edition, size, start.take(), line_no)?);
            }
            let roll: Roll = roll_text
                .trim()
                .parse()
                .map_err(|e| err(RecordErrorKind::Roll(e)))?;
            let turn: Turn = turn_text
                .trim()
                .parse()
                .map_err(|e| err(RecordErrorKind::Turn(e)))?;
            if let Some(r) = record.as_mut() {
                r.push(roll, turn)
                    .map_err(|e| err(RecordErrorKind::Play(e)))?;
            }
        }
        match record {
            Some(r) => Ok(r),
            None => begin(edition, size, start, last_line.max(1)),
        }
    }
}

impl Record {
    /// Reads a records file: one game record after another, as a device's
    /// archive of games exports them. A game's `edition` line that comes
    /// after the previous game's turns begins the next game (so a file of
    /// one game reads as [`Record::from_str`] reads it). Returns each game
    /// with the 1-based line where its text begins.
    ///
    /// # Errors
    /// The first [`RecordError`] of any game, its line counted in the whole text.
    pub fn parse_all(text: &str) -> Result<Vec<(usize, Record)>, RecordError> {
        // Where each game's text begins (a line index), found by the line's
        // first word: a header, or a turn line (anything else that is not a
        // comment); the games' own reading then judges every line.
        let mut starts = vec![0];
        let mut turns = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let word = line.split_once(' ').map_or(line, |(w, _)| w);
            match word {
                "edition" if turns => {
                    starts.push(i);
                    turns = false;
                }
                "edition" | "size" | "start" => {}
                _ => turns = true,
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        let mut games = Vec::with_capacity(starts.len());
        for (k, &from) in starts.iter().enumerate() {
            let to = starts.get(k + 1).copied().unwrap_or(lines.len());
            let part = lines.get(from..to).unwrap_or_default().join("\n");
            let record: Record = part.parse().map_err(|e: RecordError| RecordError {
                line: e.line + from,
                kind: e.kind,
            })?;
            // Reported from its first line that is not blank or a comment.
            let first = (from..to)
                .find(|&i| {
                    lines
                        .get(i)
                        .is_some_and(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                })
                .unwrap_or(from);
            games.push((first + 1, record));
        }
        Ok(games)
    }
}

/// Checks the headers and starts the record.
fn begin(
    edition: Option<Edition>,
    size: Option<u8>,
    start: Option<(Position, usize)>,
    line: usize,
) -> Result<Record, RecordError> {
    let err = |line, kind| RecordError { line, kind };
    let edition = edition.ok_or(err(line, RecordErrorKind::MissingHeader("edition")))?;
    let size = size.ok_or(err(line, RecordErrorKind::MissingHeader("size")))?;
    let start = match start {
        Some((p, at)) => {
            if p.size() != size {
                return Err(err(
                    at,
                    RecordErrorKind::StartSize {
                        header: size,
                        start: p.size(),
                    },
                ));
            }
            p
        }
        None => {
            Position::start(u32::from(size)).map_err(|e| err(line, RecordErrorKind::Size(e)))?
        }
    };
    Ok(Record::new(edition, start))
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "edition {}", self.edition)?;
        writeln!(f, "size {}", self.size())?;
        if self.custom_start {
            writeln!(f, "start {}", self.start())?;
        }
        for (roll, turn) in &self.turns {
            writeln!(f, "{roll}: {turn}")?;
        }
        Ok(())
    }
}
