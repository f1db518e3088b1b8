//! Building a turn one action at a time: what a UI needs, with no rule
//! knowledge of its own.

use crate::action::{Action, ActionKind, Turn};
use crate::edition::Edition;
use crate::error::PlayError;
use crate::position::Position;
use crate::roll::Roll;
use crate::rules::{self, Ctx, RawOpt, Stage};
use crate::square::Square;

/// One legal action at the current point of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActionOption {
    /// The action.
    pub action: Action,
    /// What it does on the current board.
    pub kind: ActionKind,
    /// Index (0 or 1) of the die it uses; `None` for a removal.
    pub die: Option<u8>,
}

/// The legal moves of one stack: where it can go, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SourceMoves {
    /// The stack's square.
    pub from: Square,
    /// Each legal destination with the move's kind and die.
    pub targets: Vec<(Square, ActionKind, u8)>,
}

/// A turn under construction.
///
/// ```
/// use diablo_core::{Edition, Position, Roll, TurnBuilder};
/// let start = Position::start(4).unwrap();
/// let roll = Roll::new(1, 2).unwrap();
/// let mut b = TurnBuilder::new(&start, Edition::Standard, roll).unwrap();
/// let first = b.options()[0].action;
/// b.play(first).unwrap();
/// // Black's first turn is a single action (balancing rule).
/// assert!(b.is_complete());
/// let (turn, after) = b.finish().unwrap();
/// assert_eq!(after, start.play(Edition::Standard, roll, &turn).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct TurnBuilder {
    start: Position,
    ctx: Ctx,
    current: Position,
    stage: Stage,
    played: Vec<(RawOpt, Stage)>,
}

impl TurnBuilder {
    /// Starts a turn.
    ///
    /// # Errors
    /// [`PlayError::Roll`] when a die does not fit the board,
    /// [`PlayError::GameOver`] when the game is over.
    pub fn new(pos: &Position, edition: Edition, roll: Roll) -> Result<TurnBuilder, PlayError> {
        let ctx = pos.turn_context(edition, roll)?;
        Ok(TurnBuilder {
            start: pos.clone(),
            ctx,
            current: pos.clone(),
            stage: Stage::First,
            played: Vec::new(),
        })
    }

    /// The position the turn started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The board after the actions played so far (still the same player to
    /// move until the turn is finished).
    #[must_use]
    pub fn current(&self) -> &Position {
        &self.current
    }

    /// The legal next actions (empty once the turn is complete).
    #[must_use]
    pub fn options(&self) -> Vec<ActionOption> {
        let n = self.current.size;
        rules::options(&self.current, &self.ctx, self.stage)
            .into_iter()
            .map(|o| ActionOption {
                action: o.action(n),
                kind: o.kind,
                die: (o.kind != ActionKind::Removal).then_some(o.die),
            })
            .collect()
    }

    /// The legal next moves grouped by the stack that makes them, in square
    /// order. Empty when the next action is a removal.
    #[must_use]
    pub fn moves_by_source(&self) -> Vec<SourceMoves> {
        let mut out: Vec<SourceMoves> = Vec::new();
        for o in self.options() {
            if let (Action::Move { from, to }, Some(die)) = (o.action, o.die) {
                match out.iter_mut().find(|s| s.from == from) {
                    Some(s) => s.targets.push((to, o.kind, die)),
                    None => out.push(SourceMoves {
                        from,
                        targets: vec![(to, o.kind, die)],
                    }),
                }
            }
        }
        // Each stack appears once, so an unstable sort gives the same order.
        crate::sort::heap_sort(&mut out, |a, b| a.from < b.from);
        out
    }

    /// The squares a removal may be taken from now (empty when a move is due).
    #[must_use]
    pub fn removals(&self) -> Vec<Square> {
        self.options()
            .into_iter()
            .filter_map(|o| match o.action {
                Action::Remove(sq) => Some(sq),
                Action::Move { .. } => None,
            })
            .collect()
    }

    /// Plays the next action and returns its kind.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] naming the broken rule; nothing changes.
    pub fn play(&mut self, action: Action) -> Result<ActionKind, PlayError> {
        let opt = crate::play::find_option(&self.current, &self.ctx, self.stage, action).map_err(
            |reason| PlayError::Illegal {
                index: self.played.len(),
                action: Some(action),
                reason,
            },
        )?;
        rules::apply(&mut self.current, opt);
        self.played.push((opt, self.stage));
        self.stage = rules::next_stage(&self.current, &self.ctx, self.stage, opt);
        Ok(opt.kind)
    }

    /// Plays a whole turn from the start of this one (any actions played
    /// so far are taken back first), in the order the rules allow
    /// ([`Position::play_order`]).
    ///
    /// # Errors
    /// As [`Position::play`]; the builder is then as it was.
    pub fn play_turn(&mut self, turn: &Turn) -> Result<(), PlayError> {
        let roll = Roll::new(self.ctx.dice[0], self.ctx.dice[1]).ok_or(PlayError::Illegal {
            index: 0,
            action: None,
            reason: crate::error::IllegalReason::NotLegalHere,
        })?;
        let order = self.start.play_order(self.ctx.edition, roll, turn)?;
        let saved = self.clone();
        while self.undo().is_some() {}
        for action in order {
            if let Err(e) = self.play(action) {
                *self = saved;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Takes back the last action of this turn, if any.
    pub fn undo(&mut self) -> Option<Action> {
        let (opt, stage) = self.played.pop()?;
        self.current = self.start.clone();
        for &(o, _) in &self.played {
            rules::apply(&mut self.current, o);
        }
        self.stage = stage;
        Some(opt.action(self.current.size))
    }

    /// Whether the turn needs no further action.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The actions played so far.
    #[must_use]
    pub fn actions(&self) -> Vec<Action> {
        let n = self.current.size;
        self.played.iter().map(|(o, _)| o.action(n)).collect()
    }

    /// Which dice have driven a move so far this turn.
    #[must_use]
    pub fn dice_used(&self) -> [bool; 2] {
        let mut used = [false; 2];
        for (o, _) in &self.played {
            if o.kind != ActionKind::Removal {
                used[usize::from(o.die)] = true;
            }
        }
        used
    }

    /// The finished turn and the position after it, once complete.
    #[must_use]
    pub fn finish(&self) -> Option<(Turn, Position)> {
        if !self.is_complete() {
            return None;
        }
        let actions = self.actions();
        let turn = Turn::from_actions(&actions).ok()?;
        let mut after = self.current.clone();
        after.end_turn();
        Some((turn, after))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn play_turn_plays_two_removals_in_the_order_the_rules_allow() {
        // Sequenced: Green cannot move (every neighbour is a taller Black
        // stack), so it removes from its tallest stack (f6) first; the turn
        // is written lower square first, -a1 -f6.
        let pos: Position = "....b4g3/.....b4/....../....../b3...../g2b3.... g 2"
            .parse()
            .unwrap();
        let roll = Roll::new(1, 1).unwrap();
        let turn: Turn = "-a1 -f6".parse().unwrap();
        let order = pos.play_order(Edition::Sequenced, roll, &turn).unwrap();
        let names: Vec<String> = order.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["-f6", "-a1"]);
        let mut b = TurnBuilder::new(&pos, Edition::Sequenced, roll).unwrap();
        assert!(b.play("-a1".parse().unwrap()).is_err());
        b.play_turn(&turn).unwrap();
        assert!(b.is_complete());
        assert_eq!(b.actions(), order);
        assert_eq!(
            b.finish().unwrap().1,
            pos.play(Edition::Sequenced, roll, &turn).unwrap()
        );
    }

    #[test]
    fn play_turn_refuses_an_illegal_turn_and_changes_nothing() {
        let pos = Position::start(4).unwrap();
        let roll = Roll::new(2, 1).unwrap();
        let mut b = TurnBuilder::new(&pos, Edition::Standard, roll).unwrap();
        b.play("a1-a2".parse().unwrap()).unwrap();
        let e = b.play_turn(&"a2-a4".parse().unwrap()).unwrap_err();
        assert!(e.to_string().contains("not yours"), "{e}");
        assert_eq!(b.actions().len(), 1);
        let mut once = TurnBuilder::new(&pos, Edition::Standard, roll).unwrap();
        once.play("a1-a2".parse().unwrap()).unwrap();
        assert_eq!(b.current(), once.current());
    }
}
