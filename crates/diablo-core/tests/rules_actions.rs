//! RULES.md section 2 (actions) and section 6.1, worked by hand on small
//! boards. Each test lists the complete set of legal turns; single-action
//! lists use Black's first turn (balancing rule) to isolate the moves.
//!
//! Board sketches are drawn rank N at the top, as in position codes.

mod common;

use common::{after, assert_turns, pos, roll};
use diablo_core::Edition::{Sequenced, Standard};
use diablo_core::{Action, ActionKind, Color, Stack, TurnBuilder};

#[test]
fn a_move_goes_exactly_the_die_distance_passing_over_stacks() {
    // 4x4, Black to move on turn 1 (one action):
    //   . . . .
    //   . . . .
    //   g . . .
    //   b . . .
    let code = "..../..../g.../b... b 1";
    // Roll 2,2: a1 goes exactly two squares: a3 (over the Green stack on a2:
    // squares in between do not matter) or c1. Not a2 (one square), not a4
    // (three); left and down leave the board.
    assert_turns(code, Standard, "2,2", &["a1-a3", "a1-c1"]);
    assert_eq!(
        after(code, Standard, "2,2", "a1-a3"),
        "..../b.../g.../.... g 2"
    );
    // Roll 1,2: with the 1, a2 (capture) or b1; with the 2, a3 or c1.
    assert_turns(code, Standard, "1,2", &["a1-a2", "a1-b1", "a1-a3", "a1-c1"]);
    // Sequenced: Black's first turn is one individual move (merge or capture).
    assert_turns(code, Sequenced, "1,2", &["a1-a2"]);
}

#[test]
fn moves_never_leave_the_board() {
    // 6x6 (dice 1..3), Black to move on turn 1:
    //   g . b . . .
    //   . . . . . .
    //   . . . . . .
    //   . . b . . b
    //   . . . . . .
    //   . . . . . .
    let code = "g.b.../....../....../..b..b/....../...... b 1";
    // Roll 3,3. c3 (file c, rank 3): three to the right is f3 (a merge),
    // three up is c6 (a merge); three left or three down would leave the
    // board. f3: three left is c3 (merge), three up f6 (step); right and
    // down are off. c6: right to f6 (step), down to c3 (merge); up and left
    // are off. The Green stack on a6 is two files from c6: out of reach.
    assert_turns(
        code,
        Standard,
        "3,3",
        &["c3-f3", "c3-c6", "f3-c3", "f3-f6", "c6-c3", "c6-f6"],
    );
    // Sequenced, turn 1: merges and captures only.
    assert_turns(
        code,
        Sequenced,
        "3,3",
        &["c3-f3", "c3-c6", "f3-c3", "c6-c3"],
    );
    // A corner stack on 4x4 with a 2: only two targets.
    assert_turns(
        "...b/..../..../g... b 1",
        Standard,
        "2,2",
        &["d4-b4", "d4-d2"],
    );
}

#[test]
fn merge_capture_and_step_by_destination() {
    // 4x4, Black to move on turn 1, roll 1,1:
    //   . . . .
    //   . b . .
    //   . b2 g2 .
    //   . g3 . .
    let code = "..../.b../.b2g2./.g3.. b 1";
    // b2 (height 2): up onto its own b3 = merge; right onto g2 (equal
    // height) = capture; left to empty a2 = step; down onto g3 (taller) is
    // never legal. b3 (height 1): b4, a3, c3 are steps; down onto b2 merges.
    let all = [
        "b2-b3", "b2-c2", "b2-a2", "b3-b4", "b3-a3", "b3-c3", "b3-b2",
    ];
    assert_turns(code, Standard, "1,1", &all);
    assert_turns(code, Sequenced, "1,1", &["b2-b3", "b2-c2", "b3-b2"]);

    // The builder reports each kind.
    let p = pos(code);
    let b = TurnBuilder::new(&p, Standard, roll("1,1")).expect("game in progress");
    let kind = |text: &str| {
        let a: Action = text.parse().expect("test action");
        b.options()
            .into_iter()
            .find(|o| o.action == a)
            .map(|o| o.kind)
    };
    assert_eq!(kind("b2-b3"), Some(ActionKind::Merge));
    assert_eq!(kind("b3-b2"), Some(ActionKind::Merge));
    assert_eq!(kind("b2-c2"), Some(ActionKind::Capture));
    assert_eq!(kind("b2-a2"), Some(ActionKind::Step));
    assert_eq!(kind("b2-b1"), None);

    // Effects: a merge adds the heights; a capture takes the enemy stack out
    // of the game and the mover takes the square; a step just moves.
    assert_eq!(
        after(code, Standard, "1,1", "b2-b3"),
        "..../.b3../..g2./.g3.. g 2"
    );
    assert_eq!(
        after(code, Standard, "1,1", "b3-b2"),
        "..../..../.b3g2./.g3.. g 2"
    );
    assert_eq!(
        after(code, Standard, "1,1", "b2-c2"),
        "..../.b../..b2./.g3.. g 2"
    );
    assert_eq!(
        after(code, Standard, "1,1", "b2-a2"),
        "..../.b../b2.g2./.g3.. g 2"
    );
}

#[test]
fn capture_needs_the_enemy_no_taller() {
    // 4x4, turn 1, roll 1,1:
    //   . . . b
    //   . . . g4
    //   g . . .
    //   b3 g3 . .
    let code = "...b/...g4/g.../b3g3.. b 1";
    // a1 (3) captures a2 (1, smaller) and b1 (3, equal). d4 (1) cannot
    // capture d3 (4, taller); it can step to c4.
    assert_turns(code, Standard, "1,1", &["a1-a2", "a1-b1", "d4-c4"]);
    assert_turns(code, Sequenced, "1,1", &["a1-a2", "a1-b1"]);
    let p = pos(&after(code, Sequenced, "1,1", "a1-b1"));
    let b1 = "b1".parse().expect("square");
    assert_eq!(
        p.stack(b1),
        Some(Stack {
            color: Color::Black,
            height: 3
        })
    );
    assert_eq!(p.checkers(Color::Green), 5);
}

/// 6x6, Black has no move with 3,3: a1 (3) faces g4 on a4 and d1, f6 (2)
/// faces g3 on c6 and f3 (taller enemies three squares away).
///   . . g3 . . b2
///   . . . . . .
///   g4 . . . . .
///   . . . . . g3
///   . . . . . .
///   b3 . . g4 . .
const NO_MOVE: &str = "..g3..b2/....../g4...../.....g3/....../b3..g4.. b 3";

#[test]
fn removal_takes_one_checker_and_a_last_checker_empties_the_square() {
    assert_eq!(
        after(NO_MOVE, Standard, "3,3", "-a1 -f6"),
        "..g3..b/....../g4...../.....g3/....../b2..g4.. g 4"
    );
    // Two checkers off f6 (height 2): the stack disappears.
    assert_eq!(
        after(NO_MOVE, Standard, "3,3", "-f6 -f6"),
        "..g3.../....../g4...../.....g3/....../b3..g4.. g 4"
    );
    assert_eq!(
        after(NO_MOVE, Standard, "3,3", "-a1 -a1"),
        "..g3..b2/....../g4...../.....g3/....../b..g4.. g 4"
    );
}

#[test]
fn the_full_start_board_counts_by_hand() {
    // 4x4 start, Black's first turn. With a 1, every Black stack can capture
    // each orthogonal neighbour (all Green, equal height): one move per grid
    // edge, 2 * 4 * 3 = 24. With a 2, a stack lands on its own colour two
    // squares away, passing over a Green stack: each row and each file holds
    // one Black pair two apart (a-c or b-d), 8 pairs, 2 directions = 16.
    let start = diablo_core::Position::start(4).expect("even size");
    for edition in common::EDITIONS {
        let ones = start
            .legal_turns(edition, roll("1,1"))
            .expect("in progress");
        let twos = start
            .legal_turns(edition, roll("2,2"))
            .expect("in progress");
        let mixed = start
            .legal_turns(edition, roll("2,1"))
            .expect("in progress");
        assert_eq!(
            (ones.len(), twos.len(), mixed.len()),
            (24, 16, 40),
            "{edition}"
        );
        assert!(ones.iter().chain(&twos).chain(&mixed).all(|t| t.len() == 1));
    }
    // One of them: a1-c1 merges over the Green b1.
    assert_eq!(
        after("gbgb/bgbg/gbgb/bgbg b 1", Standard, "2,2", "a1-c1"),
        "gbgb/bgbg/gbgb/.gb2g g 2"
    );
}
