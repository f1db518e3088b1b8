//! RULES.md section 3 (standard edition), worked by hand. Every test gives
//! the complete set of legal turns; `assert_turns` also checks the roll in
//! the other order (either die first) and that every listed turn plays.
//!
//! Board sketches are drawn rank N at the top, as in position codes.

mod common;

use common::{after, assert_turns, pos, roll, turn};
use diablo_core::Edition::Standard;

#[test]
fn a_move_must_be_made_first_and_any_first_move_may_be_chosen() {
    // 4x4, Black to move on turn 3, roll 1,2:
    //   g . . .
    //   . . . .
    //   . . . .
    //   b . . .
    let code = "g.../..../..../b... b 3";
    // a1 can step to a2 or b1 (the 1) or a3 or c1 (the 2), so no turn
    // starts with a removal. After each step the other die must merge or
    // capture if it can:
    // - a1-a2, then the 2: a2-a4 captures (a2-c2 would be a second step);
    // - a1-a3, then the 1: a3-a4 captures (a3-a2, a3-b3 would be steps);
    // - a1-b1, then the 2: b3 and d1 are empty, no merge or capture, so a
    //   removal from the only stack, the one just moved;
    // - a1-c1, then the 1: b1, d1, c2 empty, so a removal.
    // a1-b1 and a1-c1 are legal although they lose the chance of a second
    // move (section 6.2: obligations are judged one action at a time).
    assert_turns(
        code,
        Standard,
        "1,2",
        &["a1-a2 a2-a4", "a1-a3 a3-a4", "a1-b1 -b1", "a1-c1 -c1"],
    );
}

#[test]
fn two_removals_of_any_two_checkers_when_no_move_exists() {
    // 6x6, roll 3,3, no Black move (every target three squares away is a
    // taller Green stack):
    //   . . g3 . . b2
    //   . . . . . .
    //   g4 . . . . .
    //   . . . . . g3
    //   . . . . . .
    //   b3 . . g4 . .
    let code = "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 3";
    // Any two checkers: both from a1, both from f6, or one from each. The
    // last is one turn, written in square order (a1 before f6), however
    // taken.
    assert_turns(code, Standard, "3,3", &["-a1 -a1", "-a1 -f6", "-f6 -f6"]);
    let p = pos(code);
    let either = p.play(Standard, roll("3,3"), &turn("-f6 -a1"));
    assert_eq!(either, p.play(Standard, roll("3,3"), &turn("-a1 -f6")));
    assert_eq!(turn("-f6 -a1").to_string(), "-a1 -f6");
}

#[test]
fn after_a_step_a_merge_or_capture_with_any_stack() {
    // 2x2 (dice always 1,1), Black to move on turn 3:
    //   . b
    //   b g
    let code = ".b/bg b 3";
    // Captures end the game at once (Green has one checker): a1-b1, b2-b1.
    // Steps: a1-a2, then a merge or capture: a2-b2 or b2-a2 (merges) or
    // b2-b1 (capture by the other stack); never a2-a1 (a second step).
    // b2-a2, then a2-a1 or a1-a2 (merges) or a1-b1 (capture); not a2-b2.
    assert_turns(
        code,
        Standard,
        "1,1",
        &[
            "a1-b1",
            "b2-b1",
            "a1-a2 a2-b2",
            "a1-a2 b2-a2",
            "a1-a2 b2-b1",
            "b2-a2 a2-a1",
            "b2-a2 a1-a2",
            "b2-a2 a1-b1",
        ],
    );
}

#[test]
fn after_a_step_with_no_merge_or_capture_one_removal_from_any_stack() {
    // 4x4, turn 3, roll 1,1:
    //   . . . b
    //   . . g2 .
    //   . . . .
    //   b . . .
    let code = "...b/..g2./..../b... b 3";
    // Only steps are possible (c3 is taller than any Black stack). After a
    // step nothing can merge or capture with the 1, so one checker comes off
    // any Black stack: the one just moved or the other.
    assert_turns(
        code,
        Standard,
        "1,1",
        &[
            "a1-a2 -a2",
            "a1-a2 -d4",
            "a1-b1 -b1",
            "a1-b1 -d4",
            "d4-c4 -a1",
            "d4-c4 -c4",
            "d4-d3 -a1",
            "d4-d3 -d3",
        ],
    );
    assert_eq!(
        after(code, Standard, "1,1", "a1-a2 -d4"),
        "..../..g2./b.../.... g 4"
    );
}

#[test]
fn after_a_merge_or_capture_any_move_else_one_removal() {
    // 2x2, turn 3:
    //   . g2
    //   b b
    let code = ".g2/bb b 3";
    // a1-b1 merges (height 2); then any move: b1-b2 captures the equal g2,
    // b1-a1 steps (the same stack moves again, section 6.4).
    // b1-a1 merges; then a1-a2 or a1-b1 (steps).
    // a1-a2 is a step; then nothing merges or captures (g2 is taller than
    // either single checker): one removal, from a2 or b1.
    assert_turns(
        code,
        Standard,
        "1,1",
        &[
            "a1-b1 b1-b2",
            "a1-b1 b1-a1",
            "b1-a1 a1-a2",
            "b1-a1 a1-b1",
            "a1-a2 -a2",
            "a1-a2 -b1",
        ],
    );
}

#[test]
fn after_a_capture_with_no_move_the_removal_may_hit_the_moved_stack() {
    // 6x6, turn 3, roll 1,2:
    //   . . . . . .
    //   . . . . . .
    //   g3 . . . . .
    //   g3 . . . . .
    //   g2 . g3 . . .
    //   b2 g3 g3 . . .
    let code = "....../....../g3...../g3...../g2.g3.../b2g3g3... b 3";
    // a1 (2): with the 1, a2 is an equal g2 (capture), b1 a taller g3; with
    // the 2, a3 and c1 are taller g3. So a1-a2. Then the 2 from a2: a4 and c2
    // hold taller g3: no move at all, so one removal, from the only stack.
    assert_turns(code, Standard, "1,2", &["a1-a2 -a2"]);
    assert_eq!(
        after(code, Standard, "1,2", "a1-a2 -a2"),
        "....../....../g3...../g3...../b.g3.../.g3g3... g 4"
    );
}

#[test]
fn at_most_one_step_and_merges_after_a_step_come_from_any_stack() {
    // 4x4, turn 3, roll 1,1:
    //   . . . b
    //   . . g2 .
    //   . . . .
    //   b b . .
    let code = "...b/..g2./..../bb.. b 3";
    // First moves with the 1: steps a1-a2, b1-c1, b1-b2, d4-c4, d4-d3 and
    // merges a1-b1, b1-a1.
    // - After a merge, any move with the other 1 (steps included).
    // - After a step by d4, the a1/b1 pair can still merge: that is the
    //   second move; no second step.
    // - After a step by a1 or b1, nothing merges or captures: a removal.
    assert_turns(
        code,
        Standard,
        "1,1",
        &[
            "a1-a2 -a2",
            "a1-a2 -b1",
            "a1-a2 -d4",
            "a1-b1 b1-a1",
            "a1-b1 b1-c1",
            "a1-b1 b1-b2",
            "a1-b1 d4-c4",
            "a1-b1 d4-d3",
            "b1-a1 a1-a2",
            "b1-a1 a1-b1",
            "b1-a1 d4-c4",
            "b1-a1 d4-d3",
            "b1-c1 -a1",
            "b1-c1 -c1",
            "b1-c1 -d4",
            "b1-b2 -a1",
            "b1-b2 -b2",
            "b1-b2 -d4",
            "d4-c4 a1-b1",
            "d4-c4 b1-a1",
            "d4-d3 a1-b1",
            "d4-d3 b1-a1",
        ],
    );
}

#[test]
fn doubles_drive_one_move_per_die() {
    // 4x4, turn 3, roll 2,2:
    //   . . . g
    //   . . . .
    //   . . . .
    //   b . . .
    let code = "...g/..../..../b... b 3";
    // a1 steps two squares; the second 2 must merge or capture and cannot
    // (a3-a1 and c1-a1 are steps back, a3-c3 and c1-c3 steps): a removal.
    // Each turn is listed once, though either die could drive the step.
    assert_turns(code, Standard, "2,2", &["a1-a3 -a3", "a1-c1 -c1"]);

    // 4x4, turn 3, roll 2,2 (also in rules_sequenced.rs):
    //   . . . .
    //   g2 . g .
    //   . . . .
    //   b . b .
    // First moves: a1-c1, c1-a1 (merges), c1-c3 (capture); a1-a3 meets a
    // taller g2 and nothing can step. After a merge, any move with the
    // second 2: the new stack (2 high) captures (c3, or the equal a3) or
    // steps back. After c1-c3, a step: c3-c1 or a1-c1.
    assert_turns(
        "..../g2.g./..../b.b. b 3",
        Standard,
        "2,2",
        &[
            "a1-c1 c1-c3",
            "a1-c1 c1-a1",
            "c1-a1 a1-a3",
            "c1-a1 a1-c1",
            "c1-c3 c3-c1",
            "c1-c3 a1-c1",
        ],
    );
}

#[test]
fn balancing_black_first_turn_is_one_move_with_either_die() {
    // The position of the first test, but on turn 1: single moves only.
    let code = "g.../..../..../b... b 1";
    assert_turns(code, Standard, "1,2", &["a1-a2", "a1-b1", "a1-a3", "a1-c1"]);
    assert_eq!(
        after(code, Standard, "1,2", "a1-b1"),
        "g.../..../..../.b.. g 2"
    );
}

#[test]
fn balancing_with_no_move_is_one_removal() {
    // The no-move position of the two-removal test, on turn 1.
    let code = "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 1";
    assert_turns(code, Standard, "3,3", &["-a1", "-f6"]);
}

#[test]
fn balancing_applies_only_to_black_on_turn_1() {
    // Green to move on turn 2 in the mirror of the first test plays two
    // actions.
    //   b . . .
    //   . . . .
    //   . . . .
    //   g . . .
    let code = "b.../..../..../g... g 2";
    assert_turns(
        code,
        Standard,
        "2,1",
        &["a1-a2 a2-a4", "a1-a3 a3-a4", "a1-b1 -b1", "a1-c1 -c1"],
    );
}
