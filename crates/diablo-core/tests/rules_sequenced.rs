//! RULES.md section 4 (sequenced edition), worked by hand. Several
//! positions are those of `rules_standard.rs`, so the two editions can be
//! compared line by line.
//!
//! Board sketches are drawn rank N at the top, as in position codes.

mod common;

use common::{after, assert_turns, pos, roll, turn};
use diablo_core::Edition::Sequenced;
use diablo_core::{IllegalReason, PlayError, TurnBuilder};

#[test]
fn individual_moves_and_both_kinds_of_sequenced_move() {
    // 2x2, turn 3, roll 1,1:
    //   . b
    //   b g
    let code = ".b/bg b 3";
    // Individual moves: a1-b1 and b2-b1 capture (and end the game).
    // Sequenced moves: the step a1-a2, then (a) the same stack merges:
    // a2-b2, or (b) another stack merges onto it: b2-a2. The step b2-a2,
    // then a2-a1 (a) or a1-a2 (b). Unlike the standard edition, a capture
    // by another stack (a1-a2 b2-b1) does not complete a sequenced move.
    assert_turns(
        code,
        Sequenced,
        "1,1",
        &[
            "a1-b1",
            "b2-b1",
            "a1-a2 a2-b2",
            "a1-a2 b2-a2",
            "b2-a2 a2-a1",
            "b2-a2 a1-a2",
        ],
    );
}

#[test]
fn a_sequenced_move_may_end_with_a_capture_using_the_other_die() {
    // 4x4, turn 3, roll 1,2 (the standard test's first position):
    //   g . . .
    //   . . . .
    //   . . . .
    //   b . . .
    let code = "g.../..../..../b... b 3";
    // No individual move. a1-a2 (the 1) then a2-a4 (the 2) captures;
    // a1-a3 (the 2) then a3-a4 (the 1) captures. The steps to b1 and c1
    // cannot be completed, so they are not legal at all.
    assert_turns(code, Sequenced, "1,2", &["a1-a2 a2-a4", "a1-a3 a3-a4"]);
    // In 2x2 with a single Green checker, both steps complete by capture.
    assert_turns(
        ".g/b. b 3",
        Sequenced,
        "1,1",
        &["a1-a2 a2-b2", "a1-b1 b1-b2"],
    );
}

#[test]
fn a_sequenced_move_ends_the_turn() {
    let p = pos(".b/bg b 3");
    let mut b = TurnBuilder::new(&p, Sequenced, roll("1,1")).expect("in progress");
    b.play("a1-a2".parse().expect("action"))
        .expect("a completable step");
    assert!(!b.is_complete());
    b.play("a2-b2".parse().expect("action"))
        .expect("completes it");
    // Green still has a checker, but the turn is over.
    assert!(b.is_complete());
    assert!(b.options().is_empty());
    let err = b
        .play("b2-b1".parse().expect("action"))
        .expect_err("turn is over");
    assert!(matches!(
        err,
        PlayError::Illegal {
            reason: IllegalReason::TurnOver,
            index: 2,
            ..
        }
    ));
    let (t, next) = b.finish().expect("complete");
    assert_eq!(t.to_string(), "a1-a2 a2-b2");
    assert_eq!(next.to_string(), ".b2/.g g 4");
}

#[test]
fn a_step_that_cannot_be_completed_is_not_a_move_so_remove() {
    // 2x2, turn 3:
    //   . g2
    //   b .
    // The steps a1-a2 and a1-b1 cannot be completed (g2 is taller; no other
    // Black stack), and there is no individual move: two removals from the
    // tallest stack, but the first takes Black's last checker and ends the
    // game, so the turn is that one removal.
    assert_turns(".g2/b. b 3", Sequenced, "1,1", &["-a1"]);
    assert_eq!(after(".g2/b. b 3", Sequenced, "1,1", "-a1"), ".g2/.. g 4");
}

#[test]
fn after_an_individual_move_only_an_individual_move_else_tallest_removal() {
    // 2x2, turn 3 (also in rules_standard.rs):
    //   . g2
    //   b b
    let code = ".g2/bb b 3";
    // a1-b1 merges (2), then b1-b2 captures the equal g2 (same stack again).
    // b1-a1 merges, then a1-a2 and a1-b1 would be steps: not allowed after
    // an individual move, so a removal from the tallest (only) stack.
    // The step a1-a2 cannot be completed: from a2 the 1 reaches a1 (just
    // left, empty) and b2 (taller g2), and b1 is diagonal to a2. So it is
    // no move at all.
    assert_turns(code, Sequenced, "1,1", &["a1-b1 b1-b2", "b1-a1 -a1"]);
}

#[test]
fn the_removal_after_an_individual_move_is_from_a_tallest_stack() {
    // 4x4, turn 3, roll 1,1:
    //   . . . b
    //   . . g2 .
    //   . . . .
    //   b b . .
    let code = "...b/..g2./..../bb.. b 3";
    // Individual moves: a1-b1 and b1-a1 (merges). No step can be completed:
    // a2, b2, c1 have no Black or capturable neighbour but the square just
    // left; c4 and d3 touch only the taller c3. After either merge no
    // individual move exists, and the removal must come from the new
    // two-high stack, not from d4.
    assert_turns(code, Sequenced, "1,1", &["a1-b1 -b1", "b1-a1 -a1"]);
}

/// No Black move with 3,3 (targets three squares away are taller Green
/// stacks). Heights: a1 and f6 vary by test.
fn no_move(a1: &str, f6: &str, a4_d1: &str, c6_f3: &str, turn: u32) -> String {
    format!("..{c6_f3}..{f6}/....../{a4_d1}...../.....{c6_f3}/....../{a1}..{a4_d1}.. b {turn}")
}

#[test]
fn no_move_two_removals_from_the_tallest_stack_judged_one_at_a_time() {
    // a1 = 3, f6 = 2: the first removal is from a1 (tallest); then a1 and f6
    // are both 2, so the second may come from either.
    let code = no_move("b3", "b2", "g4", "g3", 3);
    assert_turns(&code, Sequenced, "3,3", &["-a1 -a1", "-a1 -f6"]);

    // a1 = 2, f6 = 2 (a tie): either first; then the other one is the
    // tallest, so -a1 -a1 and -f6 -f6 are not legal.
    let code = no_move("b2", "b2", "g3", "g3", 3);
    assert_turns(&code, Sequenced, "3,3", &["-a1 -f6"]);
    let refused = pos(&code).play(Sequenced, roll("3,3"), &turn("-a1 -a1"));
    assert!(matches!(
        refused,
        Err(PlayError::Illegal {
            index: 1,
            reason: IllegalReason::NotTallest {
                height: 1,
                tallest: 2
            },
            ..
        })
    ));

    // a1 = 1, f6 = 2: f6 first, then a tie at 1. "-f6 -a1" is written in
    // square order as "-a1 -f6", and plays although a1 was not the tallest
    // at first.
    let code = no_move("b", "b2", "g2", "g3", 3);
    assert_turns(&code, Sequenced, "3,3", &["-a1 -f6", "-f6 -f6"]);
    assert_eq!(
        after(&code, Sequenced, "3,3", "-a1 -f6"),
        "..g3..b/....../g2...../.....g3/....../...g2.. g 4"
    );
}

#[test]
fn balancing_is_one_individual_move() {
    // 2x2, turn 1: a1 could only step (no individual move, and a sequenced
    // move is two actions), so Black's first turn is a single removal from
    // the tallest stack, which here loses the game.
    assert_turns(".g/b. b 1", Sequenced, "1,1", &["-a1"]);
    // With a capture available, that capture is the whole turn.
    assert_turns("..../..../g.../b... b 1", Sequenced, "1,2", &["a1-a2"]);
    // No move at all on turn 1: one removal, from the tallest stack only.
    assert_turns(
        &no_move("b3", "b2", "g4", "g3", 1),
        Sequenced,
        "3,3",
        &["-a1"],
    );
}

#[test]
fn doubles_give_each_die_one_move() {
    // 4x4, turn 3, roll 2,2:
    //   . . . .
    //   g2 . g .
    //   . . . .
    //   b . b .
    let code = "..../g2.g./..../b.b. b 3";
    // Individual moves with a 2: a1-c1 and c1-a1 (merges), c1-c3 (capture);
    // a1-a3 meets a taller g2. No step exists.
    // - a1-c1 (2 high), then c1-c3 captures (c1-a1 would be a step).
    // - c1-a1 (2 high), then a1-a3 captures the equal g2.
    // - c1-c3, then no individual move (a3 is taller than both single
    //   checkers; a1-c1 and c3-c1 are steps): a removal from a tallest
    //   stack, a1 or c3 (a tie at 1).
    // Each die drives one move; no turn is listed twice.
    assert_turns(
        code,
        Sequenced,
        "2,2",
        &["a1-c1 c1-c3", "c1-a1 a1-a3", "c1-c3 -a1", "c1-c3 -c3"],
    );
}
