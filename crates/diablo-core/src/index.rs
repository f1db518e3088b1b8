//! A turn's index among the legal turns of a roll in their canonical order
//! (the order of [`Turn`]'s `Ord`), both ways, by counting rather than by
//! listing and sorting the turns.
//!
//! The canonical order sorts a turn by its first action, then its second
//! (none first). Actions sort moves before removals, moves by the squares
//! they start and end on, removals by their square, squares by index.
//!
//! - When the first action is a move (every turn of the roll then begins
//!   with a move), each first action is one subtree: the turns under it are
//!   exactly "it, then each legal second action" (or it alone), all
//!   distinct, and none of them begins with another first action. So the
//!   index is the number of turns under the smaller first actions
//!   (counted without listing them, as perft counts its last ply:
//!   [`rules::count_turns_from`]) plus the place of the second action
//!   among the (listed, sorted) second actions of that one first action.
//! - When no move is possible the turn is two removals, written lower
//!   square first (RULES.md section 7): `-a -b` and `-b -a` are one turn.
//!   The order is then not by play order, so the turns are counted by
//!   their written (lower) square instead: the turns written `-a ...` are
//!   the removals `b >= a` such that `a` then `b`, or `b` then `a`, is
//!   legal. Each first removal's legal second removals are found once, as
//!   a set of squares ([`RemovalPairs`]).
//! - A single removal (Black's first turn, or the removal of a player's
//!   last checker) uses the listing, which is as short as the first
//!   removals.

use crate::action::{Action, ActionKind, Turn};
use crate::edition::Edition;
use crate::error::PlayError;
use crate::position::Position;
use crate::roll::Roll;
use crate::rules::{self, BaseCounts, Ctx, RawOpt, RawTurn, Stage};
use std::fmt;

/// A turn index could not be read: no turn for that roll, or no turn with
/// that index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnIndexError {
    /// The roll cannot be played here (see [`Position::legal_turns`]).
    Play(PlayError),
    /// The index is not below the number of legal turns.
    OutOfRange {
        /// The index asked for (0-based).
        index: u64,
        /// How many legal turns the roll has.
        count: u64,
    },
}

impl fmt::Display for TurnIndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnIndexError::Play(e) => e.fmt(f),
            TurnIndexError::OutOfRange { index, count } => write!(
                f,
                "turn number {} of {count} legal turns does not exist",
                u128::from(*index) + 1
            ),
        }
    }
}

impl std::error::Error for TurnIndexError {}

impl From<PlayError> for TurnIndexError {
    fn from(e: PlayError) -> Self {
        TurnIndexError::Play(e)
    }
}

impl Position {
    /// The number of legal turns for this roll: the length of
    /// [`Position::legal_turns`], counted without listing them.
    ///
    /// # Errors
    /// As [`Position::legal_turns`].
    pub fn legal_turn_count(&self, edition: Edition, roll: Roll) -> Result<u64, PlayError> {
        let ctx = self.turn_context(edition, roll)?;
        let mut scratch = self.clone();
        Ok(rules::count_turns(&mut scratch, &ctx, &mut Vec::new()))
    }

    /// The legal turn with this index when the legal turns for this roll
    /// are sorted ([`Turn`]'s order): `legal_turns` sorted, then indexed,
    /// found by counting.
    ///
    /// # Errors
    /// [`TurnIndexError::Play`] as [`Position::legal_turns`];
    /// [`TurnIndexError::OutOfRange`] with the number of legal turns.
    pub fn legal_turn_at(
        &self,
        edition: Edition,
        roll: Roll,
        index: u64,
    ) -> Result<Turn, TurnIndexError> {
        let ctx = self.turn_context(edition, roll)?;
        let mut scratch = self.clone();
        let raw = turn_at(&mut scratch, &ctx, index)
            .map_err(|count| TurnIndexError::OutOfRange { index, count })?;
        let n = self.size;
        Ok(match raw.second {
            None => Turn::single(raw.first.action(n)),
            Some(s) => Turn::pair(raw.first.action(n), s.action(n)),
        })
    }

    /// Where `turn` stands among the legal turns for this roll, sorted
    /// ([`Turn`]'s order); `None` when it is not legal. The inverse of
    /// [`Position::legal_turn_at`], found by counting.
    ///
    /// # Errors
    /// As [`Position::legal_turns`].
    pub fn legal_turn_index(
        &self,
        edition: Edition,
        roll: Roll,
        turn: &Turn,
    ) -> Result<Option<u64>, PlayError> {
        let ctx = self.turn_context(edition, roll)?;
        let mut scratch = self.clone();
        Ok(index_of(&mut scratch, &ctx, turn))
    }
}

/// An action's place in the canonical order, by square indices: moves
/// before removals, then the squares.
fn key(o: &RawOpt) -> (bool, u16, u16) {
    (o.kind == ActionKind::Removal, o.from, o.to)
}

/// Sorts a list that is sorted but for short runs (the second actions of
/// one stage: moves of one die in [`rules::for_each_option`] order are by
/// starting square, at most four from each, so each element moves at most
/// three places; removals are in order). Insertion sort is linear on such
/// lists, and correct (if slower) on any.
fn sort_nearly_sorted(v: &mut [RawOpt]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j]) < key(&v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The second actions after `first`, sorted; `None` when the turn ends
/// with `first`. `pos` is used as scratch and restored.
fn sorted_seconds(pos: &mut Position, ctx: &Ctx, first: RawOpt) -> Option<Vec<RawOpt>> {
    let u = rules::apply(pos, first);
    let stage = rules::next_stage(pos, ctx, Stage::First, first);
    let seconds = (stage != Stage::Done).then(|| {
        let mut v = rules::options(pos, ctx, stage);
        sort_nearly_sorted(&mut v);
        v
    });
    rules::undo(pos, u);
    seconds
}

/// The first actions, and whether they are removals of a turn of two
/// (then [`RemovalPairs`] holds the order).
fn firsts(pos: &mut Position, ctx: &Ctx) -> (Vec<RawOpt>, bool) {
    let firsts = rules::options(pos, ctx, Stage::First);
    let pairs = firsts.first().is_some_and(|o| {
        o.kind == ActionKind::Removal && {
            let u = rules::apply(pos, *o);
            let stage = rules::next_stage(pos, ctx, Stage::First, *o);
            rules::undo(pos, u);
            stage != Stage::Done
        }
    });
    (firsts, pairs)
}

/// The turn with index `index` in canonical order, or the number of legal
/// turns when there are not more than `index`.
pub(crate) fn turn_at(pos: &mut Position, ctx: &Ctx, index: u64) -> Result<RawTurn, u64> {
    let (firsts, pairs) = firsts(pos, ctx);
    if pairs {
        return RemovalPairs::new(pos, ctx, &firsts).turn_at(index);
    }
    if firsts
        .first()
        .is_some_and(|o| o.kind == ActionKind::Removal)
    {
        // Single removals: as many turns as first removals.
        let mut list = Vec::new();
        rules::legal_raw_turns(pos, ctx, &mut list);
        return usize::try_from(index)
            .ok()
            .and_then(|i| list.get(i).copied())
            .ok_or(list.len() as u64);
    }
    // First moves. Turns under each, then summed by starting square: the
    // first moves are listed die by die, and sorting them all would cost
    // more than counting the turns under them.
    let n = usize::from(pos.size);
    let mut base = BaseCounts::default();
    let counts: Vec<u64> = firsts
        .iter()
        .map(|&f| rules::count_turns_from(pos, ctx, f, &mut base))
        .collect();
    let mut by_square = vec![0u64; n * n];
    for (f, &c) in firsts.iter().zip(&counts) {
        by_square[usize::from(f.from)] += c;
    }
    let mut left = index;
    let Some(from) = by_square.iter().position(|&c| {
        if left < c {
            true
        } else {
            left -= c;
            false
        }
    }) else {
        return Err(counts.iter().sum());
    };
    // At most eight first moves start on that square: in order of where
    // they land.
    let mut here: Vec<(RawOpt, u64)> = firsts
        .iter()
        .zip(&counts)
        .filter(|(f, _)| usize::from(f.from) == from)
        .map(|(&f, &c)| (f, c))
        .collect();
    crate::sort::heap_sort(&mut here, |a, b| a.0.to < b.0.to);
    for (first, c) in here {
        if left < c {
            let second = match sorted_seconds(pos, ctx, first) {
                None => None,
                Some(v) => Some(
                    usize::try_from(left)
                        .ok()
                        .and_then(|k| v.get(k).copied())
                        .ok_or_else(|| counts.iter().sum::<u64>())?,
                ),
            };
            return Ok(RawTurn { first, second });
        }
        left -= c;
    }
    // The counts above say the index is under this square.
    Err(counts.iter().sum())
}

/// Where `turn` stands among the legal turns in canonical order, or `None`
/// when it is not one of them.
pub(crate) fn index_of(pos: &mut Position, ctx: &Ctx, turn: &Turn) -> Option<u64> {
    let n = pos.size;
    let square = |s: crate::square::Square| s.index(n).and_then(|i| u16::try_from(i).ok());
    let (firsts, pairs) = firsts(pos, ctx);
    if pairs {
        let (Action::Remove(a), Some(Action::Remove(b))) = (turn.first(), turn.second()) else {
            return None;
        };
        return RemovalPairs::new(pos, ctx, &firsts).index_of(square(a)?, square(b)?);
    }
    let first = match turn.first() {
        Action::Move { from, to } => (false, square(from)?, square(to)?),
        Action::Remove(at) => (true, square(at)?, square(at)?),
    };
    let f = *firsts.iter().find(|o| key(o) == first)?;
    let mut base = BaseCounts::default();
    let mut index = 0u64;
    for g in firsts.iter().filter(|g| key(g) < first) {
        index += rules::count_turns_from(pos, ctx, *g, &mut base);
    }
    match (sorted_seconds(pos, ctx, f), turn.second()) {
        (None, None) => Some(index),
        (Some(seconds), Some(second)) => {
            let want = match second {
                Action::Move { from, to } => (false, square(from)?, square(to)?),
                Action::Remove(at) => (true, square(at)?, square(at)?),
            };
            let k = seconds.binary_search_by(|o| key(o).cmp(&want)).ok()?;
            Some(index + k as u64)
        }
        _ => None,
    }
}

/// The turns of two removals, by the square written first (the lower):
/// for each own stack `a`, the squares `b >= a` such that removing from
/// `a` then `b`, or from `b` then `a`, is legal.
///
/// Cost: one board scan per first removal to find its second removals
/// (as the listing does), then word operations on bit sets: O(F * N^2 / 64)
/// for F first removals on an N x N board, with no sort and no list of
/// pairs (the listing holds up to F^2 / 2 of them, and sorts them).
struct RemovalPairs {
    /// The own stacks that can be removed from at all, ascending.
    squares: Vec<u16>,
    /// Bits per row: one per square of the board.
    words: usize,
    /// Row `r` (for `squares[r]`): the squares `b >= squares[r]` forming a
    /// turn with it.
    rows: Vec<u64>,
    /// The first removals, to build the turns.
    firsts: Vec<RawOpt>,
}

impl RemovalPairs {
    fn new(pos: &mut Position, ctx: &Ctx, firsts: &[RawOpt]) -> RemovalPairs {
        let cells = usize::from(pos.size) * usize::from(pos.size);
        let words = cells.div_ceil(64);
        // The second removals after each first, and the reverse.
        let mut after = vec![0u64; cells * words];
        let mut before = vec![0u64; cells * words];
        let mut any = vec![false; cells];
        let set = |bits: &mut [u64], row: usize, col: usize| {
            bits[row * words + col / 64] |= 1 << (col % 64);
        };
        for &f in firsts {
            let a = usize::from(f.from);
            any[a] = true;
            let u = rules::apply(pos, f);
            let stage = rules::next_stage(pos, ctx, Stage::First, f);
            rules::for_each_option(pos, ctx, stage, &mut |s| {
                let b = usize::from(s.from);
                any[b] = true;
                set(&mut after, a, b);
                set(&mut before, b, a);
            });
            rules::undo(pos, u);
        }
        let squares: Vec<u16> = (0..cells).filter(|&i| any[i]).map(|i| i as u16).collect();
        let mut rows = vec![0u64; squares.len() * words];
        for (r, &a) in squares.iter().enumerate() {
            let a = usize::from(a);
            for w in 0..words {
                // Squares below a are written first in their own turns.
                let low = a / 64;
                let mask = match w.cmp(&low) {
                    std::cmp::Ordering::Less => 0,
                    std::cmp::Ordering::Equal => u64::MAX << (a % 64),
                    std::cmp::Ordering::Greater => u64::MAX,
                };
                rows[r * words + w] = (after[a * words + w] | before[a * words + w]) & mask;
            }
        }
        RemovalPairs {
            squares,
            words,
            rows,
            firsts: firsts.to_vec(),
        }
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.rows[r * self.words..(r + 1) * self.words]
    }

    fn row_len(&self, r: usize) -> u64 {
        self.row(r).iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The turn `-a -b` for squares a <= b.
    fn turn(&self, a: u16, b: u16) -> RawTurn {
        // The first removals carry the kind and die of every removal.
        let mut first = self.firsts[0];
        first.from = a;
        first.to = a;
        let mut second = first;
        second.from = b;
        second.to = b;
        RawTurn {
            first,
            second: Some(second),
        }
    }

    fn turn_at(&self, index: u64) -> Result<RawTurn, u64> {
        let mut left = index;
        for r in 0..self.squares.len() {
            let len = self.row_len(r);
            if left < len {
                for (w, &bits) in self.row(r).iter().enumerate() {
                    let c = u64::from(bits.count_ones());
                    if left < c {
                        let mut bits = bits;
                        for _ in 0..left {
                            bits &= bits - 1;
                        }
                        let b = w * 64 + bits.trailing_zeros() as usize;
                        return Ok(self.turn(self.squares[r], b as u16));
                    }
                    left -= c;
                }
            }
            left -= len;
        }
        Err(index - left)
    }

    fn index_of(&self, a: u16, b: u16) -> Option<u64> {
        let r = self.squares.binary_search(&a).ok()?;
        let (b, row) = (usize::from(b), self.row(r));
        if row.get(b / 64)? & (1 << (b % 64)) == 0 {
            return None;
        }
        let before: u64 = (0..r).map(|q| self.row_len(q)).sum();
        let within: u64 = row[..b / 64]
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum::<u64>()
            + u64::from((row[b / 64] & ((1u64 << (b % 64)) - 1)).count_ones());
        Some(before + within)
    }
}
