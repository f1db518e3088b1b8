//! Fast entry points for players that search: list the legal turns into a
//! reused buffer, play a listed turn without validating it again, take it
//! back, and read the board as signed heights.
//!
//! Everything here is a thin layer over the same stage machine as
//! [`Position::legal_turns`] and [`Position::play`] (`rules.rs`), so the turns
//! listed are exactly the legal turns, in the same order.
//!
//! ```
//! use diablo_core::{Edition, Position, Roll, TurnList};
//!
//! let mut pos = Position::start(6).unwrap();
//! let before = pos.clone();
//! let roll = Roll::new(1, 2).unwrap();
//! let mut list = TurnList::new();
//! pos.list_turns(Edition::Standard, roll, &mut list).unwrap();
//! assert_eq!(list.len(), pos.legal_turns(Edition::Standard, roll).unwrap().len());
//! let fast = list.get(0).unwrap();
//! let undo = pos.play_unchecked(fast);
//! let turn = fast.to_turn(pos.size());
//! assert_eq!(pos, before.play(Edition::Standard, roll, &turn).unwrap());
//! pos.undo_unchecked(undo);
//! assert_eq!(pos, before);
//! ```

use crate::action::{ActionKind, Turn};
use crate::edition::Edition;
use crate::error::PlayError;
use crate::position::Position;
use crate::roll::Roll;
use crate::rules::{self, RawOpt, RawTurn, Stage, Undo};

/// One action of a [`FastTurn`], by square indices
/// (index = rank * N + file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FastAction {
    /// The square index of the moving stack, or of the stack losing a checker.
    pub from: u16,
    /// The square index the stack lands on; equal to `from` for a removal.
    pub to: u16,
    /// What the action does on the board it is played on.
    pub kind: ActionKind,
}

impl FastAction {
    pub(crate) fn from_raw(o: RawOpt) -> FastAction {
        FastAction {
            from: o.from,
            to: o.to,
            kind: o.kind,
        }
    }
}

/// A legal turn as listed by [`Position::list_turns`]: compact and `Copy`.
///
/// It is only meaningful for the position, edition and roll it was listed
/// for; [`FastTurn::to_turn`] gives the notation form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FastTurn(RawTurn);

impl FastTurn {
    pub(crate) fn from_raw(raw: RawTurn) -> FastTurn {
        FastTurn(raw)
    }

    pub(crate) fn raw(self) -> RawTurn {
        self.0
    }

    pub(crate) fn pair(first: RawOpt, second: RawOpt) -> FastTurn {
        FastTurn(RawTurn {
            first,
            second: Some(second),
        })
    }

    /// The first action.
    #[must_use]
    pub fn first(self) -> FastAction {
        FastAction::from_raw(self.0.first)
    }

    /// The second action, if the turn has one.
    #[must_use]
    pub fn second(self) -> Option<FastAction> {
        self.0.second.map(FastAction::from_raw)
    }

    /// The turn in notation form, for a board of side `size`.
    #[must_use]
    pub fn to_turn(self, size: u8) -> Turn {
        let first = self.0.first.action(size);
        match self.0.second {
            None => Turn::single(first),
            Some(s) => Turn::pair(first, s.action(size)),
        }
    }

    /// How many of the turn's actions are captures (0, 1 or 2).
    #[must_use]
    pub fn captures(self) -> u8 {
        let is = |o: RawOpt| u8::from(o.kind == ActionKind::Capture);
        is(self.0.first) + self.0.second.map_or(0, is)
    }
}

/// A reusable list of legal turns, filled by [`Position::list_turns`].
#[derive(Debug, Clone, Default)]
pub struct TurnList {
    raw: Vec<RawTurn>,
    /// Reused space for [`Position::play_random_turn`].
    stacks: Vec<u16>,
    opts: Vec<RawOpt>,
}

impl TurnList {
    /// An empty list.
    #[must_use]
    pub fn new() -> TurnList {
        TurnList::default()
    }

    /// Number of turns listed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.raw.len()
    }

    /// Whether no turn is listed (only before the first fill: every position
    /// in play has at least one legal turn).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The turn at an index.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<FastTurn> {
        self.raw.get(index).copied().map(FastTurn)
    }

    /// The turns in listing order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = FastTurn> + '_ {
        self.raw.iter().copied().map(FastTurn)
    }

    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.raw.clear();
    }
}

/// What [`Position::play_unchecked`] changed, to take it back with
/// [`Position::undo_unchecked`].
#[derive(Debug, Clone, Copy)]
#[must_use = "an undo record is needed to take the turn back"]
pub struct FastUndo((Undo, Option<Undo>));

/// What [`Position::play_action_unchecked`] changed.
#[derive(Debug, Clone, Copy)]
#[must_use = "an undo record is needed to take the action back"]
pub struct FastActionUndo(Undo);

impl Position {
    /// The board as signed heights by square index (index = rank * N + file):
    /// positive for Black stacks, negative for Green, 0 for empty squares.
    #[must_use]
    pub fn cells(&self) -> &[i16] {
        &self.cells
    }

    /// Lists every legal turn for this roll into `out` (cleared first), in
    /// the same order as [`Position::legal_turns`]. `self` is used as scratch
    /// space and is left exactly as it was.
    ///
    /// # Errors
    /// [`PlayError::Roll`] when a die does not fit the board,
    /// [`PlayError::GameOver`] when the game is over; `out` is then empty.
    pub fn list_turns(
        &mut self,
        edition: Edition,
        roll: Roll,
        out: &mut TurnList,
    ) -> Result<(), PlayError> {
        out.raw.clear();
        let ctx = self.turn_context(edition, roll)?;
        rules::legal_raw_turns(self, &ctx, &mut out.raw);
        Ok(())
    }

    /// Plays a turn listed by [`Position::list_turns`] for this very position
    /// (same edition and roll), without validating it again, and passes the
    /// move to the other player.
    ///
    /// A turn listed for another position is not detected: the board then
    /// ends up in some other valid-looking state (never a memory error, but
    /// also not a position of the game). Use [`Position::play`] for turns
    /// that come from outside.
    pub fn play_unchecked(&mut self, turn: FastTurn) -> FastUndo {
        FastUndo(rules::apply_turn(self, turn.0))
    }

    /// Takes back the turn that produced `undo` (the last one played with
    /// [`Position::play_unchecked`] on this position).
    pub fn undo_unchecked(&mut self, undo: FastUndo) {
        rules::undo_turn(self, undo.0);
    }

    /// Plays one action of a listed turn on the board only: the player to
    /// move and the turn number stay (a search looks at the board between
    /// the two actions of a turn this way). Same caveat as
    /// [`Position::play_unchecked`]: the action must come from a turn
    /// listed for this position.
    pub fn play_action_unchecked(&mut self, action: FastAction) -> FastActionUndo {
        FastActionUndo(rules::apply(
            self,
            RawOpt {
                from: action.from,
                to: action.to,
                kind: action.kind,
                die: 0,
            },
        ))
    }

    /// Takes back [`Position::play_action_unchecked`].
    pub fn undo_action_unchecked(&mut self, undo: FastActionUndo) {
        rules::undo(self, undo.0);
    }

    /// Plays a random turn for this roll and passes the move, action by
    /// action, as a player picking at random in a [`crate::TurnBuilder`]
    /// would: at each stage every legal action is equally likely. No list
    /// of whole turns is built, and at move stages not even the stage's
    /// options: a random candidate (own stack, die, direction) is drawn and
    /// kept when legal, which is uniform too, and only after a dozen misses
    /// are the options listed. That makes random playouts cheap.
    ///
    /// `pick(n)` must return an index below `n`, uniformly for the
    /// distribution above (larger values are clamped); it may be called
    /// several times per stage. `scratch` is reused space.
    ///
    /// # Errors
    /// As [`Position::list_turns`]; the position is then unchanged.
    pub fn play_random_turn(
        &mut self,
        edition: Edition,
        roll: Roll,
        scratch: &mut TurnList,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Result<(), PlayError> {
        let ctx = self.turn_context(edition, roll)?;
        let mut stage = Stage::First;
        while stage != Stage::Done {
            let Some(opt) = rules::random_option(
                self,
                &ctx,
                stage,
                &mut scratch.stacks,
                &mut scratch.opts,
                &mut pick,
            ) else {
                break;
            };
            let _ = rules::apply(self, opt);
            stage = rules::next_stage(self, &ctx, stage, opt);
        }
        self.end_turn();
        Ok(())
    }

    /// Finds the listed form of a notation turn, if it is legal here.
    ///
    /// # Errors
    /// As [`Position::list_turns`].
    pub fn find_turn(
        &mut self,
        edition: Edition,
        roll: Roll,
        turn: &Turn,
        scratch: &mut TurnList,
    ) -> Result<Option<FastTurn>, PlayError> {
        self.list_turns(edition, roll, scratch)?;
        let size = self.size;
        Ok(scratch.iter().find(|t| t.to_turn(size) == *turn))
    }
}
