//! The legal turns grouped by their first action, each group's turns
//! found on demand: for players that look at a sample of a long list.
//!
//! On large boards a roll has millions of legal turns (a few thousand
//! first actions, each with a thousand or more second actions), and a
//! search that scores a few thousand of them spends most of its time
//! writing the list. [`Position::group_turns`] lists only the first
//! actions and the second actions' moves on the board before them; a
//! group's turns, its captures or its `k`-th turn are then found by
//! correcting that one list near the first action's two squares.
//!
//! The turns and their order are those of [`Position::list_turns`]: the
//! turn at index `i` is the same.
//!
//! ```
//! use diablo_core::{Edition, Position, Roll, TurnGroups, TurnList};
//!
//! let mut pos = Position::start(8).unwrap();
//! let roll = Roll::new(2, 3).unwrap();
//! let mut list = TurnList::new();
//! pos.list_turns(Edition::Standard, roll, &mut list).unwrap();
//! let mut groups = TurnGroups::new();
//! pos.group_turns(Edition::Standard, roll, &mut groups).unwrap();
//! assert_eq!(groups.len(), list.len());
//! let g = groups.group(3).unwrap();
//! assert_eq!(groups.get(g.start + 1), list.get(g.start + 1));
//! ```

use crate::edition::Edition;
use crate::error::PlayError;
use crate::fast::{FastAction, FastTurn, TurnList};
use crate::position::Position;
use crate::roll::Roll;
use crate::rules::{self, RawOpt, RawTurn, Seconds, Stage};

/// One group of a [`TurnGroups`]: the turns that begin with `first`, at
/// indices `start..start + len`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnGroup {
    /// The first action the group's turns share.
    pub first: FastAction,
    /// The index of the group's first turn.
    pub start: usize,
    /// How many turns the group has (at least one).
    pub len: usize,
}

#[derive(Debug, Clone, Copy)]
struct Group {
    first: RawOpt,
    start: usize,
    len: usize,
    /// The second action's die and kinds, found from [`Seconds`]; `None`
    /// when the group's turns are listed in `flat` from `at`.
    plain: Option<(u8, u8)>,
    at: usize,
}

/// The legal turns of a position and roll, grouped by first action, filled
/// by [`Position::group_turns`] (or from a list, [`TurnGroups::set_list`]).
#[derive(Default)]
pub struct TurnGroups {
    /// The board listed for (scratch: restored after every use).
    pos: Option<Position>,
    groups: Vec<Group>,
    /// The second action's moves before any first action, by die and by
    /// whether all kinds are allowed.
    seconds: [[Option<Seconds>; 2]; 2],
    /// The turns of the groups that are not found from `seconds`.
    flat: Vec<RawTurn>,
    len: usize,
    /// Reused space.
    captures: Vec<(usize, RawOpt)>,
}

impl std::fmt::Debug for TurnGroups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TurnGroups")
            .field("groups", &self.groups.len())
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

impl TurnGroups {
    /// No turns.
    #[must_use]
    pub fn new() -> TurnGroups {
        TurnGroups::default()
    }

    /// How many turns there are in all the groups.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no turn (only before the first fill).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many groups (distinct first actions) there are.
    #[must_use]
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The group at an index, in listing order.
    #[must_use]
    pub fn group(&self, g: usize) -> Option<TurnGroup> {
        self.groups.get(g).map(|x| TurnGroup {
            first: FastAction::from_raw(x.first),
            start: x.start,
            len: x.len,
        })
    }

    /// Empties the groups (the group and turn lists keep their memory).
    pub fn clear(&mut self) {
        self.groups.clear();
        self.flat.clear();
        self.seconds = Default::default();
        self.len = 0;
    }

    /// Takes the turns of `list`, as they are: each run of turns with the
    /// same first action is a group.
    pub fn set_list(&mut self, list: &TurnList) {
        self.clear();
        self.pos = None;
        self.flat.extend(list.iter().map(FastTurn::raw));
        self.group_runs();
    }

    /// Makes each run of `flat` with the same first action a group.
    fn group_runs(&mut self) {
        let mut start = 0;
        for i in 1..=self.flat.len() {
            let first = self.flat[start].first;
            if self
                .flat
                .get(i)
                .is_none_or(|t| !same_action(t.first, first))
            {
                self.push_group(first, i - start, None, start);
                start = i;
            }
        }
    }

    /// Appends a group of `len` turns after the others (see [`Group`] for
    /// `plain` and `at`).
    fn push_group(&mut self, first: RawOpt, len: usize, plain: Option<(u8, u8)>, at: usize) {
        self.groups.push(Group {
            first,
            start: self.len,
            len,
            plain,
            at,
        });
        self.len += len;
    }

    /// The turn at an index, as [`TurnList::get`] would give it.
    pub fn get(&mut self, index: usize) -> Option<FastTurn> {
        let g = self.groups.partition_point(|x| x.start + x.len <= index);
        let group = *self.groups.get(g)?;
        let k = index - group.start;
        if k >= group.len {
            return None;
        }
        let Some((die, mask)) = group.plain else {
            return self.flat.get(group.at + k).copied().map(FastTurn::from_raw);
        };
        let (pos, seconds) = self.parts(die, mask)?;
        let u = rules::apply(pos, group.first);
        let second = seconds.nth_after(&seconds.split(pos, group.first), k);
        rules::undo(pos, u);
        second.map(|s| FastTurn::pair(group.first, s))
    }

    /// The turns of group `g` with their indices, in order, into `out`
    /// (cleared first).
    pub fn fill_group(&mut self, g: usize, out: &mut Vec<(usize, FastTurn)>) {
        out.clear();
        let Some(group) = self.groups.get(g).copied() else {
            return;
        };
        let Some((die, mask)) = group.plain else {
            let turns = self.flat.iter().skip(group.at).take(group.len);
            out.extend((group.start..).zip(turns.copied().map(FastTurn::from_raw)));
            return;
        };
        let Some((pos, seconds)) = self.parts(die, mask) else {
            return;
        };
        let u = rules::apply(pos, group.first);
        let mut i = group.start;
        seconds.after(pos, group.first, &mut |s| {
            out.push((i, FastTurn::pair(group.first, s)));
            i += 1;
        });
        rules::undo(pos, u);
    }

    /// The turns of group `g` that capture (with the first action or the
    /// second), with their indices, in order, into `out` (cleared first).
    pub fn group_captures(&mut self, g: usize, out: &mut Vec<(usize, FastTurn)>) {
        let Some(group) = self.groups.get(g).copied() else {
            out.clear();
            return;
        };
        match group.plain {
            Some((die, mask)) if group.first.kind != crate::ActionKind::Capture => {
                out.clear();
                let mut captures = std::mem::take(&mut self.captures);
                if let Some((pos, seconds)) = self.parts(die, mask) {
                    let u = rules::apply(pos, group.first);
                    seconds.captures_after(&seconds.split(pos, group.first), &mut captures);
                    rules::undo(pos, u);
                }
                out.extend(
                    captures
                        .iter()
                        .map(|&(k, s)| (group.start + k, FastTurn::pair(group.first, s))),
                );
                self.captures = captures;
            }
            _ => {
                self.fill_group(g, out);
                out.retain(|t| t.1.captures() > 0);
            }
        }
    }

    /// The scratch board and the second actions' moves for a die and kinds.
    fn parts(&mut self, die: u8, mask: u8) -> Option<(&mut Position, &Seconds)> {
        let seconds = self.seconds[usize::from(die)][rules::slot(mask)].as_ref()?;
        Some((self.pos.as_mut()?, seconds))
    }
}

/// Whether two actions are the same (the die used does not matter).
fn same_action(a: RawOpt, b: RawOpt) -> bool {
    (a.from, a.to, a.kind) == (b.from, b.to, b.kind)
}

impl Position {
    /// Groups every legal turn for this roll by first action into `out`
    /// (cleared first): the same turns, in the same order, as
    /// [`Position::list_turns`], without writing the second actions out.
    ///
    /// # Errors
    /// As [`Position::list_turns`]; `out` is then empty.
    pub fn group_turns(
        &mut self,
        edition: Edition,
        roll: Roll,
        out: &mut TurnGroups,
    ) -> Result<(), PlayError> {
        out.clear();
        let ctx = self.turn_context(edition, roll)?;
        match out.pos.as_mut() {
            Some(pos) => pos.clone_from(self),
            None => out.pos = Some(self.clone()),
        }
        let firsts = rules::options(self, &ctx, Stage::First);
        if firsts
            .first()
            .is_some_and(|o| o.kind == crate::ActionKind::Removal)
        {
            // Two removals: the list merges -a -b with -b -a; it is short.
            rules::legal_raw_turns(self, &ctx, &mut out.flat);
            out.group_runs();
            return Ok(());
        }
        for first in firsts {
            if let Some((die, mask)) = rules::plain_second(self, &ctx, first) {
                let slot = &mut out.seconds[usize::from(die)][rules::slot(mask)];
                let seconds = slot.get_or_insert_with(|| Seconds::list(self, &ctx, die, mask));
                let len = seconds.len_after_move(self, first);
                if len > 0 {
                    out.push_group(first, len, Some((die, mask)), 0);
                    continue;
                }
            }
            // Other stages (and a move stage with no move) have few options.
            let at = out.flat.len();
            rules::push_turns_from(self, &ctx, first, &mut out.flat);
            let len = out.flat.len() - at;
            out.push_group(first, len, None, at);
        }
        Ok(())
    }
}
