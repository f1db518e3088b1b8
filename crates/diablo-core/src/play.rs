//! Listing and playing whole turns, with a reason for every refusal.

use crate::action::{Action, ActionKind, Turn};
use crate::edition::Edition;
use crate::error::{IllegalReason, PlayError};
use crate::position::{Outcome, Position};
use crate::roll::Roll;
use crate::rules::{self, Ctx, RawOpt, Stage};

impl Position {
    /// Checks that a turn can be played at all: the game is not over and the
    /// roll fits the board.
    pub(crate) fn turn_context(&self, edition: Edition, roll: Roll) -> Result<Ctx, PlayError> {
        if let Outcome::Won(winner) = self.outcome() {
            return Err(PlayError::GameOver { winner });
        }
        roll.check_size(self.size)?;
        Ok(Ctx::new(self, edition, roll.dice()))
    }

    /// Every legal turn for this roll, each exactly once (two-removal turns
    /// in canonical order), in a stable order.
    ///
    /// # Errors
    /// [`PlayError::Roll`] when a die does not fit the board,
    /// [`PlayError::GameOver`] when the game is over.
    pub fn legal_turns(&self, edition: Edition, roll: Roll) -> Result<Vec<Turn>, PlayError> {
        let ctx = self.turn_context(edition, roll)?;
        let mut scratch = self.clone();
        let mut raw = Vec::new();
        rules::legal_raw_turns(&mut scratch, &ctx, &mut raw);
        let n = self.size;
        Ok(raw
            .into_iter()
            .map(|t| match t.second {
                None => Turn::single(t.first.action(n)),
                Some(s) => Turn::pair(t.first.action(n), s.action(n)),
            })
            .collect())
    }

    /// Plays a whole turn and returns the position after it; `self` is never
    /// changed.
    ///
    /// # Errors
    /// [`PlayError`] naming the first action that breaks a rule and the rule
    /// it breaks, or that the turn is incomplete.
    pub fn play(&self, edition: Edition, roll: Roll, turn: &Turn) -> Result<Position, PlayError> {
        self.play_in_order(edition, roll, turn).map(|(_, p)| p)
    }

    /// The actions of `turn` in the order the rules let them be played one
    /// at a time (as a `TurnBuilder` takes them). That is the written order,
    /// except for two removals: they are written lower square first, but the
    /// sequenced edition takes the first from a tallest stack, so the other
    /// order may be the legal one.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_order(
        &self,
        edition: Edition,
        roll: Roll,
        turn: &Turn,
    ) -> Result<Vec<Action>, PlayError> {
        self.play_in_order(edition, roll, turn).map(|(a, _)| a)
    }

    fn play_in_order(
        &self,
        edition: Edition,
        roll: Roll,
        turn: &Turn,
    ) -> Result<(Vec<Action>, Position), PlayError> {
        let ctx = self.turn_context(edition, roll)?;
        let actions = turn.actions();
        match play_sequence(self, &ctx, &actions) {
            Ok(p) => Ok((actions, p)),
            Err(e) => {
                if let [a @ Action::Remove(_), b @ Action::Remove(_)] = actions[..] {
                    if let Ok(p) = play_sequence(self, &ctx, &[b, a]) {
                        return Ok((vec![b, a], p));
                    }
                }
                Err(e)
            }
        }
    }
}

/// Plays actions in the order given.
fn play_sequence(pos: &Position, ctx: &Ctx, actions: &[Action]) -> Result<Position, PlayError> {
    let mut p = pos.clone();
    let mut stage = Stage::First;
    for (index, &action) in actions.iter().enumerate() {
        let opt = find_option(&p, ctx, stage, action).map_err(|reason| PlayError::Illegal {
            index,
            action: Some(action),
            reason,
        })?;
        rules::apply(&mut p, opt);
        stage = rules::next_stage(&p, ctx, stage, opt);
    }
    if stage != Stage::Done {
        let example = rules::options(&p, ctx, stage)
            .first()
            .map(|o| o.action(p.size));
        return Err(PlayError::Illegal {
            index: actions.len(),
            action: None,
            reason: example.map_or(IllegalReason::NotLegalHere, IllegalReason::Incomplete),
        });
    }
    p.end_turn();
    Ok(p)
}

/// The legal option matching `action` at `stage`, or why there is none.
pub(crate) fn find_option(
    pos: &Position,
    ctx: &Ctx,
    stage: Stage,
    action: Action,
) -> Result<RawOpt, IllegalReason> {
    let options = rules::options(pos, ctx, stage);
    options
        .iter()
        .find(|o| o.action(pos.size) == action)
        .copied()
        .ok_or_else(|| diagnose(pos, ctx, stage, action, &options))
}

/// Names the rule that `action` breaks at `stage`, given the legal options.
fn diagnose(
    pos: &Position,
    ctx: &Ctx,
    stage: Stage,
    action: Action,
    options: &[RawOpt],
) -> IllegalReason {
    use IllegalReason as R;
    if stage == Stage::Done {
        return if ctx.balancing {
            R::BalancingSingleAction
        } else if pos.is_finished() {
            R::GameEnded
        } else {
            R::TurnOver
        };
    }
    let from = action.from();
    let Some(fi) = from.index(pos.size) else {
        return R::OffBoard(from);
    };
    let mover = pos.cell(fi);
    if mover == 0 {
        return R::EmptySquare(from);
    }
    if (mover > 0) != (pos.side == crate::color::Color::Black) {
        return R::NotYourStack(from);
    }
    let a_move = options
        .iter()
        .find(|o| o.kind != ActionKind::Removal)
        .map(|o| o.action(pos.size));
    let to = match action {
        Action::Remove(_) => {
            if let Some(m) = a_move {
                return R::RemovalWhileMoveExists(m);
            }
            if ctx.edition == Edition::Sequenced {
                let tallest = pos.tallest(pos.side);
                if mover.unsigned_abs() < tallest {
                    return R::NotTallest {
                        height: mover.unsigned_abs(),
                        tallest,
                    };
                }
            }
            return R::NotLegalHere;
        }
        Action::Move { to, .. } => to,
    };
    let Some(ti) = to.index(pos.size) else {
        return R::OffBoard(to);
    };
    let Some(distance) = from.straight_distance(to) else {
        return R::NotStraight;
    };
    if stage == Stage::SecondRemoval {
        return R::MoveAfterRemoval;
    }
    let unused: Vec<u8> = match stage {
        Stage::AfterStep { die }
        | Stage::AfterMove { die }
        | Stage::AfterIndividual { die }
        | Stage::Complete { die, .. } => vec![ctx.dice[usize::from(die)]],
        _ => ctx.dice.to_vec(),
    };
    if !unused.contains(&distance) {
        return R::WrongDistance { distance, unused };
    }
    let target = pos.cell(ti);
    let Some(kind) = rules::move_kind(mover, target) else {
        return R::TallerEnemy {
            enemy: target.unsigned_abs(),
            mover: mover.unsigned_abs(),
        };
    };
    match (ctx.edition, stage, kind) {
        (_, Stage::Complete { at, .. }, _) => {
            R::NotCompleting(crate::square::Square::from_index(usize::from(at), pos.size))
        }
        (Edition::Standard, Stage::AfterStep { .. }, ActionKind::Step) => R::SecondStep,
        (Edition::Sequenced, Stage::AfterIndividual { .. }, ActionKind::Step) => {
            R::StepAfterIndividual
        }
        (Edition::Sequenced, Stage::First, ActionKind::Step) if ctx.balancing => R::BalancingStep,
        (Edition::Sequenced, Stage::First, ActionKind::Step) => R::StepWithoutCompletion,
        _ => R::NotLegalHere,
    }
}
