//! A game in progress as the page sees it: the record of finished turns, the
//! current roll and the turn being built. Pure Rust, so the conversions can
//! be tested natively; every rule question is passed on to `diablo-core`,
//! and every refusal is a typed [`Failure`].

use crate::error::Failure;
use crate::view::{ActionView, LogLine, Options, SourceView, State, Stats, TargetView};
use diablo_core::{
    Action, ActionKind, Color, Edition, Outcome, PlayError, Position, Record, Roll, Square, Turn,
    TurnBuilder, check_size,
};

/// A game: finished turns plus the turn under way (if the dice are rolled).
#[derive(Debug, Clone)]
pub struct Session {
    record: Record,
    /// The roll and the turn being built from it, once the dice are rolled.
    current: Option<(Roll, TurnBuilder)>,
}

impl From<Record> for Session {
    fn from(record: Record) -> Session {
        Session {
            record,
            current: None,
        }
    }
}

impl Session {
    /// A new game on an N x N board.
    ///
    /// # Errors
    /// `bad-size` or `bad-edition`.
    pub fn new(size: u32, edition: &str) -> Result<Session, Failure> {
        let edition: Edition = edition.trim().parse()?;
        let start = Position::start(check_size(size)?.into())?;
        Ok(Record::new(edition, start).into())
    }

    /// A new game from a position code.
    ///
    /// # Errors
    /// `bad-edition` or the position code's error (`position-*`).
    pub fn from_position(code: &str, edition: &str) -> Result<Session, Failure> {
        let edition: Edition = edition.trim().parse()?;
        let start: Position = code.trim().parse()?;
        Ok(Record::new(edition, start).into())
    }

    /// A game read from a text record (RULES.md section 7).
    ///
    /// # Errors
    /// `record`, with the line and the cause.
    pub fn from_record(text: &str) -> Result<Session, Failure> {
        Ok(text.parse::<Record>()?.into())
    }

    /// The finished turns.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.record.size()
    }

    /// The edition.
    #[must_use]
    pub fn edition(&self) -> Edition {
        self.record.edition()
    }

    /// The position before the current turn.
    fn position(&self) -> &Position {
        self.record.last()
    }

    /// Sets the dice for the turn about to be played.
    ///
    /// # Errors
    /// `roll-locked` once an action of this turn is played, `die-zero`,
    /// `die-too-big`, `game-over`.
    pub fn set_roll(&mut self, a: u8, b: u8) -> Result<(), Failure> {
        if let Some((_, builder)) = &self.current
            && !builder.actions().is_empty()
        {
            return Err(Failure::new(
                "roll-locked",
                "the dice cannot change once an action of this turn is played",
            ));
        }
        let roll = Roll::new(a, b).ok_or_else(|| {
            Failure::new("die-zero", format!("die value 0 is not allowed ({a},{b})"))
        })?;
        let builder = TurnBuilder::new(self.position(), self.record.edition(), roll)?;
        self.current = Some((roll, builder));
        Ok(())
    }

    /// The current roll, if the dice are rolled.
    #[must_use]
    pub fn roll(&self) -> Option<Roll> {
        self.current.as_ref().map(|(r, _)| *r)
    }

    fn builder_mut(&mut self) -> Result<&mut TurnBuilder, Failure> {
        let outcome = self.position().outcome();
        match &mut self.current {
            Some((_, b)) => Ok(b),
            None => Err(match outcome {
                Outcome::Won(winner) => PlayError::GameOver { winner }.into(),
                Outcome::InProgress => Failure::new("not-rolled", "roll the dice first"),
            }),
        }
    }

    /// The square with this index on the board.
    ///
    /// # Errors
    /// `index-off-board`.
    pub fn square(&self, index: u32) -> Result<Square, Failure> {
        square_at(index, self.size())
    }

    /// Plays an action; returns its kind.
    ///
    /// # Errors
    /// The rule it breaks, `not-rolled` or `game-over`; nothing changes.
    pub fn act(&mut self, action: Action) -> Result<ActionKind, Failure> {
        Ok(self.builder_mut()?.play(action)?)
    }

    /// Plays a whole turn from the start of the turn under way, in the
    /// order the rules allow.
    ///
    /// # Errors
    /// As [`Session::act`]; nothing changes.
    pub fn play_turn(&mut self, turn: &Turn) -> Result<(), Failure> {
        Ok(self.builder_mut()?.play_turn(turn)?)
    }

    /// Plays the move `from`-`to` (square indices); returns its kind.
    ///
    /// # Errors
    /// As [`Session::act`], or `index-off-board`.
    pub fn play_move(&mut self, from: u32, to: u32) -> Result<ActionKind, Failure> {
        let (from, to) = (self.square(from)?, self.square(to)?);
        self.act(Action::Move { from, to })
    }

    /// Removes a checker from the stack on a square (index).
    ///
    /// # Errors
    /// As [`Session::act`], or `index-off-board`.
    pub fn remove(&mut self, square: u32) -> Result<ActionKind, Failure> {
        let sq = self.square(square)?;
        self.act(Action::Remove(sq))
    }

    /// Takes back the last action of the current turn.
    pub fn undo_action(&mut self) -> Option<Action> {
        self.current.as_mut().and_then(|(_, b)| b.undo())
    }

    /// Drops the turn under way and takes back the last finished turn,
    /// restoring its roll so it can be played again. Returns the turn taken
    /// back, or `None` (and changes nothing) when no turn has been played.
    pub fn take_back(&mut self) -> Option<(Roll, Turn)> {
        let (roll, turn) = self.record.pop()?;
        // The roll fitted this position when it was played, so a builder
        // exists; if not, the turn simply starts unrolled.
        self.current = TurnBuilder::new(self.position(), self.record.edition(), roll)
            .ok()
            .map(|b| (roll, b));
        Some((roll, turn))
    }

    /// Whether the turn under way needs no further action.
    #[must_use]
    pub fn is_turn_complete(&self) -> bool {
        self.current.as_ref().is_some_and(|(_, b)| b.is_complete())
    }

    /// Ends the turn: it joins the record and the dice are cleared.
    ///
    /// # Errors
    /// The engine's message when the turn is not complete.
    pub fn confirm(&mut self) -> Result<(Roll, Turn), Failure> {
        let (roll, builder) = self
            .current
            .as_ref()
            .ok_or_else(|| Failure::new("not-rolled", "roll the dice first"))?;
        let turn = Turn::from_actions(&builder.actions())?;
        let roll = *roll;
        // `push` checks the whole turn again and names what is missing.
        self.record.push(roll, turn)?;
        self.current = None;
        Ok((roll, turn))
    }

    /// The game record as text.
    #[must_use]
    pub fn record_text(&self) -> String {
        self.record.to_string()
    }

    /// The board and everything the page shows about the game.
    #[must_use]
    pub fn state(&self) -> State {
        let start = self.position();
        let board = self.current.as_ref().map_or(start, |(_, b)| b.current());
        let n = board.size();
        let first_turn = self.record.start().turn_number();
        let log = self
            .record
            .turns()
            .iter()
            .zip(first_turn..)
            .map(|(&(roll, turn), number)| LogLine {
                number,
                side: Color::of_turn(number),
                roll: roll.to_string(),
                turn: turn.to_string(),
                actions: turn.iter().map(|a| ActionView::new(a, n)).collect(),
            })
            .collect();
        let last_turn = self
            .record
            .turns()
            .last()
            .map(|(_, t)| t.iter().map(|a| ActionView::new(a, n)).collect())
            .unwrap_or_default();
        let (roll, dice_used, actions, complete) = match &self.current {
            Some((r, b)) => (
                Some(r.dice()),
                b.dice_used(),
                b.actions()
                    .into_iter()
                    .map(|a| ActionView::new(a, n))
                    .collect(),
                b.is_complete(),
            ),
            None => (None, [false; 2], Vec::new(), false),
        };
        State {
            size: n,
            faces: board.die_faces(),
            edition: self.edition(),
            cells: board.cells().to_vec(),
            side: start.side_to_move(),
            turn: start.turn_number(),
            balancing: start.is_balancing_turn(),
            checkers: [board.checkers(Color::Black), board.checkers(Color::Green)],
            stacks: [
                board.stack_count(Color::Black),
                board.stack_count(Color::Green),
            ],
            winner: match start.outcome() {
                Outcome::Won(c) => Some(c),
                Outcome::InProgress => None,
            },
            code: start.to_string(),
            roll,
            dice_used,
            actions,
            complete,
            last_turn,
            last_roll: self.record.turns().last().map(|(r, _)| r.dice()),
            log,
        }
    }

    /// What each player did over the finished turns: each turn is played
    /// again, action by action, through the engine, which names each
    /// action's kind; the board before the action says what it took.
    #[must_use]
    pub fn stats(&self) -> Stats {
        let mut s = Stats::default();
        let edition = self.record.edition();
        for (before, &(roll, turn)) in self.record.positions().iter().zip(self.record.turns()) {
            let side = before.side_to_move().index();
            s.turns[side] += 1;
            let Ok(mut b) = TurnBuilder::new(before, edition, roll) else {
                continue;
            };
            let Ok(order) = before.play_order(edition, roll, &turn) else {
                continue;
            };
            for action in order {
                let target = match action {
                    Action::Move { to, .. } => b.current().stack(to),
                    Action::Remove(_) => None,
                };
                let Ok(kind) = b.play(action) else { break };
                match kind {
                    ActionKind::Capture => {
                        s.captures[side] += 1;
                        s.captured[side] += target.map_or(0, |t| u32::from(t.height));
                    }
                    ActionKind::Merge => s.merges[side] += 1,
                    ActionKind::Removal => s.removed[side] += 1,
                    ActionKind::Step => {}
                }
                if let Action::Move { to, .. } = action
                    && let Some(st) = b.current().stack(to)
                {
                    s.tallest[side] = s.tallest[side].max(u32::from(st.height));
                }
            }
        }
        s
    }

    /// The legal next actions, grouped for the board: moves by source square
    /// and removals. Empty before the dice are rolled and once the turn is
    /// complete.
    #[must_use]
    pub fn options(&self) -> Options {
        let Some((_, b)) = &self.current else {
            return Options::default();
        };
        let n = self.size();
        let idx = |sq: Square| sq.index(n).unwrap_or(usize::MAX);
        Options {
            moves: b
                .moves_by_source()
                .into_iter()
                .map(|s| SourceView {
                    from: idx(s.from),
                    targets: s
                        .targets
                        .into_iter()
                        .map(|(to, kind, die)| TargetView {
                            to: idx(to),
                            kind,
                            die,
                        })
                        .collect(),
                })
                .collect(),
            removals: b.removals().into_iter().map(idx).collect(),
        }
    }
}

/// The square with index `index` on an N x N board.
///
/// # Errors
/// `index-off-board`.
pub fn square_at(index: u32, n: u8) -> Result<Square, Failure> {
    let total = u32::from(n) * u32::from(n);
    if index < total {
        Ok(Square::from_index(index as usize, n))
    } else {
        Err(Failure::new(
            "index-off-board",
            format!("square index {index} is off the {n}x{n} board"),
        )
        .with("index", index)
        .with("size", n))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn started(size: u32, edition: &str, a: u8, b: u8) -> Session {
        let mut s = Session::new(size, edition).unwrap();
        s.set_roll(a, b).unwrap();
        s
    }

    #[test]
    fn rejects_bad_sizes_and_editions_with_engine_messages() {
        let e = Session::new(7, "standard").unwrap_err();
        assert!(e.message.contains("board size 7"), "{e}");
        let e = Session::new(8, "fancy").unwrap_err();
        assert!(e.message.contains("unknown edition 'fancy'"), "{e}");
    }

    #[test]
    fn nothing_is_playable_before_the_roll() {
        let mut s = Session::new(4, "standard").unwrap();
        assert_eq!(s.play_move(0, 4).unwrap_err().kind, "not-rolled");
        assert!(s.options().moves.is_empty());
        assert!(s.state().roll.is_none());
    }

    #[test]
    fn dice_that_do_not_fit_the_board_are_refused() {
        let mut s = Session::new(4, "standard").unwrap();
        let e = s.set_roll(3, 1).unwrap_err();
        assert!(e.message.contains("does not fit a 4x4 board"), "{e}");
        assert!(s.set_roll(0, 1).is_err());
        assert!(s.roll().is_none());
    }

    #[test]
    fn options_match_the_engine_and_index_squares() {
        let s = started(4, "standard", 2, 1);
        let opts = s.options();
        let builder = TurnBuilder::new(
            &Position::start(4).unwrap(),
            Edition::Standard,
            Roll::new(2, 1).unwrap(),
        )
        .unwrap();
        let engine = builder.moves_by_source();
        assert_eq!(opts.moves.len(), engine.len());
        for (mine, theirs) in opts.moves.iter().zip(&engine) {
            assert_eq!(mine.from, theirs.from.index(4).unwrap());
            assert_eq!(mine.targets.len(), theirs.targets.len());
        }
        assert!(opts.removals.is_empty());
    }

    #[test]
    fn a_balancing_turn_completes_after_one_move_and_confirms_into_the_record() {
        let mut s = started(4, "standard", 2, 1);
        // a1 (0) onto a2 (4): Black onto Green of equal height, a capture.
        assert_eq!(s.play_move(0, 4).unwrap(), ActionKind::Capture);
        assert!(s.is_turn_complete());
        let st = s.state();
        assert_eq!(st.cells[0], 0);
        assert_eq!(st.cells[4], 1);
        assert_eq!(st.dice_used, [false, true]);
        let (roll, turn) = s.confirm().unwrap();
        assert_eq!(format!("{roll}: {turn}"), "2,1: a1-a2");
        assert_eq!(s.record_text(), "edition standard\nsize 4\n2,1: a1-a2\n");
        assert_eq!(s.state().code, "gbgb/bgbg/bbgb/.gbg g 2");
        let st = s.state();
        assert_eq!(st.side, Color::Green);
        assert_eq!(st.log[0].number, 1);
        assert_eq!(st.log[0].turn, "a1-a2");
        assert_eq!(st.last_turn[0].from, 0);
        assert_eq!(st.last_turn[0].to, Some(4));
    }

    #[test]
    fn an_illegal_action_reports_the_engine_reason_and_changes_nothing() {
        let mut s = started(4, "standard", 2, 1);
        let before = s.state().cells;
        let e = s.play_move(0, 5).unwrap_err();
        assert!(e.message.contains("straight"), "{e}");
        let e = s.play_move(4, 5).unwrap_err();
        assert!(e.message.contains("not yours"), "{e}");
        let e = s.play_move(0, 99).unwrap_err();
        assert!(e.message.contains("off the 4x4 board"), "{e}");
        assert_eq!(s.state().cells, before);
    }

    #[test]
    fn confirming_an_incomplete_turn_names_what_is_missing() {
        let mut s = Session::from_record("edition standard\nsize 4\n2,1: a1-a2\n").unwrap();
        s.set_roll(1, 1).unwrap();
        let e = s.confirm().unwrap_err();
        assert!(e.message.contains("empty turn"), "{e}");
        let first = s.options().moves[0].clone();
        s.play_move(first.from as u32, first.targets[0].to as u32)
            .unwrap();
        assert!(!s.is_turn_complete());
        let e = s.confirm().unwrap_err();
        assert!(e.message.contains("incomplete"), "{e}");
    }

    #[test]
    fn undo_and_take_back_restore_earlier_states() {
        let mut s = started(4, "standard", 2, 1);
        let fresh = s.state().cells;
        s.play_move(0, 4).unwrap();
        assert_eq!(s.undo_action().unwrap().to_string(), "a1-a2");
        assert_eq!(s.state().cells, fresh);
        assert!(s.undo_action().is_none());
        // The dice stay; they may not change after an action.
        s.play_move(0, 4).unwrap();
        assert!(s.set_roll(1, 1).is_err());
        s.confirm().unwrap();
        s.set_roll(1, 1).unwrap();
        let (roll, turn) = s.take_back().unwrap();
        assert_eq!(format!("{roll}: {turn}"), "2,1: a1-a2");
        // The taken-back turn's roll is current again, with nothing played.
        assert_eq!(s.roll(), Roll::new(2, 1));
        assert_eq!(s.state().cells, fresh);
        assert_eq!(s.state().turn, 1);
        s.current = None;
        assert!(s.take_back().is_none());
    }

    #[test]
    fn removals_are_offered_when_no_move_exists() {
        // Green's lone checker on a1 is boxed in by taller Black stacks.
        let text = "edition standard\nsize 4\nstart ..../..../b2.../gb2.. g 2\n";
        let mut s = Session::from_record(text).unwrap();
        s.set_roll(1, 1).unwrap();
        let o = s.options();
        assert!(o.moves.is_empty());
        assert_eq!(o.removals, vec![0]);
        let e = s.play_move(0, 4).unwrap_err();
        assert!(e.message.contains("taller"), "{e}");
        assert_eq!(s.remove(0).unwrap(), ActionKind::Removal);
        // Green removed its last checker: the turn ends there.
        assert!(s.is_turn_complete());
        s.confirm().unwrap();
        assert_eq!(s.state().winner, Some(Color::Black));
    }

    #[test]
    fn game_over_is_reported_and_blocks_rolling() {
        let mut s = Session::from_record("edition standard\nsize 2\nstart b./g. b 3\n").unwrap();
        s.set_roll(1, 1).unwrap();
        // a2 holds Black, a1 Green: a2-a1 captures Green's last checker.
        let kind = s.act("a2-a1".parse().unwrap()).unwrap();
        assert_eq!(kind, ActionKind::Capture);
        assert!(s.is_turn_complete());
        s.confirm().unwrap();
        assert_eq!(s.state().winner, Some(Color::Black));
        let e = s.set_roll(1, 1).unwrap_err();
        assert!(e.message.contains("game is over"), "{e}");
        let e = s.play_move(0, 1).unwrap_err();
        assert!(e.message.contains("game is over"), "{e}");
    }

    #[test]
    fn record_errors_name_the_line() {
        let e = Session::from_record("edition standard\nsize 4\n2,1: a1-a4\n").unwrap_err();
        assert!(e.message.starts_with("line 3:"), "{e}");
        assert_eq!(e.kind, "record");
    }

    #[test]
    fn stats_count_what_each_player_did() {
        // Black captures Green's last checker: one capture of height 1.
        let mut s = Session::from_record("edition standard\nsize 2\nstart b./g. b 3\n").unwrap();
        s.set_roll(1, 1).unwrap();
        s.act("a2-a1".parse().unwrap()).unwrap();
        s.confirm().unwrap();
        let st = s.stats();
        assert_eq!(st.turns, [1, 0]);
        assert_eq!(st.captures, [1, 0]);
        assert_eq!(st.captured, [1, 0]);
        assert_eq!(st.tallest, [1, 0]);
        assert_eq!(s.state().last_roll, Some([1, 1]));
        // A merge, then Green removing from a boxed-in checker.
        let mut s =
            Session::from_record("edition standard\nsize 4\nstart ..../..../b2.../gb2.. g 2\n")
                .unwrap();
        s.set_roll(1, 1).unwrap();
        s.remove(0).unwrap();
        s.confirm().unwrap();
        let st = s.stats();
        assert_eq!(
            (st.turns, st.removed, st.captured),
            ([0, 1], [0, 1], [0, 0])
        );
        // Black merges a1 onto a2, then steps the new stack of 2.
        let mut s =
            Session::from_record("edition standard\nsize 4\nstart ..../..../b.../b..g b 3\n")
                .unwrap();
        s.set_roll(1, 1).unwrap();
        s.play_turn(&"a1-a2 a2-a3".parse().unwrap()).unwrap();
        s.confirm().unwrap();
        let st = s.stats();
        assert_eq!(
            (st.merges, st.tallest, st.captures),
            ([1, 0], [2, 0], [0, 0])
        );
    }
}
