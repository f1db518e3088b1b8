//! `Position::play` refusals: every `IllegalReason` produced by a realistic
//! illegal turn, the position left untouched, the same refusal from the
//! step-by-step `TurnBuilder`, and messages that name the problem.
//!
//! `IllegalReason::NotLegalHere` (the fallback) has no test here: no illegal
//! turn is known to reach it, and `independent.rs` checks that none of the
//! random illegal turns it tries is refused with it.

mod common;

use common::{pos, roll, turn};
use diablo_core::Edition::{self, Sequenced, Standard};
use diablo_core::{Action, IllegalReason as R, PlayError, RollError, TurnBuilder};

/// Plays an illegal turn; checks nothing changed and that the builder
/// refuses the same action for the same reason. Returns the error.
fn refuse(code: &str, edition: Edition, r: &str, t: &str) -> PlayError {
    let p = pos(code);
    let before = p.clone();
    let err = p
        .play(edition, roll(r), &turn(t))
        .expect_err("the turn must be refused");
    assert_eq!(p, before, "play changed the position");
    assert_eq!(p.to_string(), code);
    if let PlayError::Illegal {
        index,
        action: Some(a),
        reason,
    } = &err
    {
        let mut b = TurnBuilder::new(&p, edition, roll(r)).expect("game in progress");
        let actions = turn(t).actions();
        for done in &actions[..*index] {
            b.play(*done).expect("earlier actions are legal");
        }
        let snapshot = (b.actions(), b.current().clone());
        let built = b.play(*a).expect_err("the builder refuses it too");
        assert_eq!(
            built.reason(),
            Some(reason),
            "builder and play disagree on {t}"
        );
        assert_eq!(
            (b.actions(), b.current().clone()),
            snapshot,
            "a refused action changed the builder"
        );
    }
    err
}

fn action(text: &str) -> Action {
    text.parse().expect("test action")
}

/// Checks the error shape and that the message contains every fragment.
fn check(err: &PlayError, index: usize, act: Option<&str>, reason: &R, words: &[&str]) {
    match err {
        PlayError::Illegal {
            index: i,
            action: a,
            reason: got,
        } => {
            assert_eq!((*i, got), (index, reason), "{err}");
            assert_eq!(*a, act.map(action), "{err}");
        }
        other => panic!("expected an illegal action, got {other:?}"),
    }
    let msg = err.to_string();
    for w in words {
        assert!(msg.contains(w), "message '{msg}' should mention '{w}'");
    }
}

/// 4x4, turn 3, Black a1, Green a4 (see rules_standard.rs).
const LINE: &str = "g.../..../..../b... b 3";

#[test]
fn squares_off_the_board_empty_or_the_opponent_s() {
    let e = refuse(LINE, Standard, "1,2", "a1-a5");
    check(
        &e,
        0,
        Some("a1-a5"),
        &R::OffBoard(action("-a5").from()),
        &["a5", "not on this board"],
    );
    let e = refuse(LINE, Standard, "1,2", "-e1");
    check(
        &e,
        0,
        Some("-e1"),
        &R::OffBoard(action("-e1").from()),
        &["e1", "not on this board"],
    );
    let e = refuse(LINE, Standard, "1,2", "b2-b3");
    check(
        &e,
        0,
        Some("b2-b3"),
        &R::EmptySquare(action("-b2").from()),
        &["no stack on b2"],
    );
    let e = refuse(LINE, Sequenced, "1,2", "a4-a3");
    check(
        &e,
        0,
        Some("a4-a3"),
        &R::NotYourStack(action("-a4").from()),
        &["a4", "not yours"],
    );
}

#[test]
fn moves_go_straight_the_distance_of_an_unused_die() {
    let e = refuse(LINE, Standard, "1,2", "a1-b2");
    check(
        &e,
        0,
        Some("a1-b2"),
        &R::NotStraight,
        &["straight", "rank", "file"],
    );
    let e = refuse(LINE, Standard, "1,2", "a1-a4");
    let wrong = R::WrongDistance {
        distance: 3,
        unused: vec![1, 2],
    };
    check(&e, 0, Some("a1-a4"), &wrong, &["distance 3", "1 and 2"]);
    // After the 1 is used, only the 2 is left.
    let e = refuse(LINE, Standard, "1,2", "a1-a2 a2-a3");
    let wrong = R::WrongDistance {
        distance: 1,
        unused: vec![2],
    };
    check(
        &e,
        1,
        Some("a2-a3"),
        &wrong,
        &["second", "distance 1", "unused die shows 2"],
    );
}

#[test]
fn a_taller_enemy_cannot_be_captured() {
    // 4x4, turn 1: b2 (2 high) above g3 on b1.
    let e = refuse("..../.b../.b2g2./.g3.. b 1", Sequenced, "1,1", "b2-b1");
    let taller = R::TallerEnemy { enemy: 3, mover: 2 };
    check(&e, 0, Some("b2-b1"), &taller, &["taller", "(3)", "(2)"]);
}

#[test]
fn standard_no_second_step() {
    // a1-b1 is a step; b1-b3 would be another.
    let e = refuse(LINE, Standard, "1,2", "a1-b1 b1-b3");
    check(
        &e,
        1,
        Some("b1-b3"),
        &R::SecondStep,
        &["second step", "merge or capture"],
    );
}

#[test]
fn sequenced_steps_only_open_a_sequenced_move() {
    // After the individual move b1-a1, a1-a2 is a step.
    let e = refuse(".g2/bb b 3", Sequenced, "1,1", "b1-a1 a1-a2");
    check(
        &e,
        1,
        Some("a1-a2"),
        &R::StepAfterIndividual,
        &["individual move", "not a step"],
    );
    // a1-b1 cannot be completed with the 2 (b3 and d1 are empty).
    let e = refuse(LINE, Sequenced, "1,2", "a1-b1 -b1");
    check(
        &e,
        0,
        Some("a1-b1"),
        &R::StepWithoutCompletion,
        &["first half", "sequenced move"],
    );
    // On Black's first turn no step at all.
    let e = refuse("..../..../g.../b... b 1", Sequenced, "1,2", "a1-b1");
    check(
        &e,
        0,
        Some("a1-b1"),
        &R::BalancingStep,
        &["first turn", "no step"],
    );
    // After the step a1-a2, b2 capturing b1 does not complete it.
    let e = refuse(".b/bg b 3", Sequenced, "1,1", "a1-a2 b2-b1");
    let sq = action("-a2").from();
    check(
        &e,
        1,
        Some("b2-b1"),
        &R::NotCompleting(sq),
        &["step to a2", "merge onto it"],
    );
}

#[test]
fn removals_only_when_no_move_and_then_only_removals() {
    let e = refuse(LINE, Standard, "1,2", "-a1");
    match e.reason() {
        Some(R::RemovalWhileMoveExists(m)) => assert!(!m.is_removal(), "names a move: {m}"),
        other => panic!("expected RemovalWhileMoveExists, got {other:?}"),
    }
    assert!(e.to_string().contains("removal while a move exists"), "{e}");
    // Standard, after the step d4-c4 the a1/b1 pair can merge: no removal.
    let e = refuse("...b/..g2./..../bb.. b 3", Standard, "1,1", "d4-c4 -a1");
    match e.reason() {
        Some(R::RemovalWhileMoveExists(m)) => {
            assert!(
                [action("a1-b1"), action("b1-a1")].contains(m),
                "names a merge: {e}"
            );
            assert!(e.to_string().contains(&m.to_string()), "{e}");
        }
        other => panic!("expected RemovalWhileMoveExists, got {other:?}"),
    }
    assert!(matches!(e, PlayError::Illegal { index: 1, .. }), "{e}");
    // A turn that starts with a removal (no move possible) goes on with one.
    let no_move = "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 3";
    let e = refuse(no_move, Standard, "3,3", "-f6 a1-a4");
    check(
        &e,
        1,
        Some("a1-a4"),
        &R::MoveAfterRemoval,
        &["began with a removal"],
    );
    // Sequenced: removals from a tallest stack (a1 is 3, f6 is 2).
    let e = refuse(no_move, Sequenced, "3,3", "-f6 -f6");
    let low = R::NotTallest {
        height: 2,
        tallest: 3,
    };
    check(&e, 0, Some("-f6"), &low, &["tallest", "has 2", "has 3"]);
}

#[test]
fn too_many_actions() {
    // Balancing: one action on Black's first turn.
    let e = refuse("..../..../g.../b... b 1", Standard, "1,2", "a1-b1 b1-b2");
    check(
        &e,
        1,
        Some("b1-b2"),
        &R::BalancingSingleAction,
        &["too many actions", "balancing"],
    );
    // The capture of Green's last checker ended the game.
    let e = refuse("..../..../g.../b... b 3", Standard, "1,2", "a1-a2 a2-a4");
    check(
        &e,
        1,
        Some("a2-a4"),
        &R::GameEnded,
        &["too many actions", "ended the game"],
    );
    // A finished turn takes no further action (only the builder can try).
    let p = pos(".b/bg b 3");
    let mut b = TurnBuilder::new(&p, Sequenced, roll("1,1")).expect("in progress");
    b.play(action("a1-a2")).expect("step");
    b.play(action("b2-a2")).expect("completion");
    let e = b.play(action("a2-a1")).expect_err("turn over");
    check(&e, 2, Some("a2-a1"), &R::TurnOver, &["already over"]);
}

#[test]
fn too_few_actions() {
    // a1-a2 is a step; the 2 must still capture (a2-a4).
    let e = refuse(LINE, Standard, "1,2", "a1-a2");
    check(
        &e,
        1,
        None,
        &R::Incomplete(action("a2-a4")),
        &["incomplete", "a2-a4"],
    );
    // Two removals are due; one is not enough.
    let e = refuse(
        "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 3",
        Sequenced,
        "3,3",
        "-a1",
    );
    match e.reason() {
        Some(R::Incomplete(a)) => assert!(a.is_removal(), "{e}"),
        other => panic!("expected Incomplete, got {other:?}"),
    }
}

#[test]
fn rolls_that_do_not_fit_and_finished_games() {
    let p = pos(LINE);
    let err = p
        .play(Standard, roll("3,1"), &turn("a1-a2"))
        .expect_err("4x4 dice show 1 or 2");
    assert_eq!(err, PlayError::Roll(RollError { die: 3, size: 4 }));
    assert!(
        err.to_string()
            .contains("die value 3 does not fit a 4x4 board"),
        "{err}"
    );
    assert_eq!(p.legal_turns(Sequenced, roll("1,3")), Err(err.clone()));
    assert_eq!(
        TurnBuilder::new(&p, Standard, roll("3,3"))
            .err()
            .map(|e| e.to_string()),
        Some("die value 3 does not fit a 4x4 board (dice show 1 to 2)".to_string())
    );
    let over = pos("..../..../..../g... b 5");
    let err = over
        .play(Standard, roll("1,1"), &turn("a1-a2"))
        .expect_err("game over");
    assert_eq!(
        err,
        PlayError::GameOver {
            winner: diablo_core::Color::Green
        }
    );
    assert!(err.to_string().contains("Green has won"), "{err}");
}

#[test]
fn builder_undo_restores_the_turn() {
    let p = pos(LINE);
    let mut b = TurnBuilder::new(&p, Standard, roll("1,2")).expect("in progress");
    let first = b.options();
    b.play(action("a1-a2")).expect("step");
    assert_eq!(b.dice_used(), [true, false]);
    assert_eq!(b.removals(), vec![]);
    assert_eq!(b.undo(), Some(action("a1-a2")));
    assert_eq!(b.options(), first);
    assert_eq!(b.current(), &p);
    assert_eq!(b.undo(), None);
}
