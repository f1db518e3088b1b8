//! RULES.md section 5 (end of the game), worked by hand in both editions.
//!
//! Board sketches are drawn rank N at the top, as in position codes.

mod common;

use common::{EDITIONS, after, assert_turns, pos, roll, turn};
use diablo_core::Edition::{Sequenced, Standard};
use diablo_core::{Color, IllegalReason, Outcome, PlayError, TurnBuilder, perft};

#[test]
fn capturing_the_last_enemy_stack_ends_the_game_at_once() {
    // 4x4, turn 3, roll 1,2:
    //   . . . .
    //   . . . .
    //   g . . .
    //   b . . .
    let code = "..../..../g.../b... b 3";
    // a1-a2 captures Green's last checker: the turn ends there, the other
    // die is not played. Other standard lines: a1-a3 (step) then a3-a2
    // captures; a1-b1 or a1-c1 (steps) find nothing to merge or capture and
    // end with a removal (which takes Black's own last checker).
    assert_turns(
        code,
        Standard,
        "1,2",
        &["a1-a2", "a1-a3 a3-a2", "a1-b1 -b1", "a1-c1 -c1"],
    );
    // Sequenced: the capture, or the sequenced move a1-a3 a3-a2.
    assert_turns(code, Sequenced, "1,2", &["a1-a2", "a1-a3 a3-a2"]);
    for edition in EDITIONS {
        // The position after the final turn: side and turn advance as usual.
        let end = pos(&after(code, edition, "1,2", "a1-a2"));
        assert_eq!(end.to_string(), "..../..../b.../.... g 4");
        assert_eq!(end.outcome(), Outcome::Won(Color::Black));
        // A second action is refused.
        let err = pos(code).play(edition, roll("1,2"), &turn("a1-a2 a2-a4"));
        assert!(matches!(
            err,
            Err(PlayError::Illegal {
                index: 1,
                reason: IllegalReason::GameEnded,
                ..
            })
        ));
    }
}

#[test]
fn removing_your_own_last_checker_ends_the_game_mid_turn() {
    // 4x4, turn 3, roll 1,1:
    //   . . . .
    //   . . . .
    //   g2 . . .
    //   b g2 . .
    // a1 faces taller stacks on a2 and b1: no move. Two removals are due,
    // but the first takes Black's last checker: the game ends, the second
    // removal is not played. Same in both editions.
    let code = "..../..../g2.../bg2.. b 3";
    for edition in EDITIONS {
        assert_turns(code, edition, "1,1", &["-a1"]);
        let end = pos(&after(code, edition, "1,1", "-a1"));
        assert_eq!(end.to_string(), "..../..../g2.../.g2.. g 4");
        assert_eq!(end.outcome(), Outcome::Won(Color::Green));
    }
    // Ending by a removal after a move (standard, a step with nothing to
    // merge or capture):
    //   . g2
    //   b .
    assert_turns(".g2/b. b 3", Standard, "1,1", &["a1-a2 -a2", "a1-b1 -b1"]);
    assert_eq!(
        after(".g2/b. b 3", Standard, "1,1", "a1-b1 -b1"),
        ".g2/.. g 4"
    );
}

#[test]
fn green_can_win_and_black_can_lose_on_green_s_turn() {
    // Green to move on turn 4, roll 1,1, in 2x2:
    //   g .
    //   . b
    // Green steps next to b1 and captures it (both editions; in the
    // sequenced edition that is a step completed by the same stack).
    let code = "g./.b g 4";
    for edition in EDITIONS {
        assert_turns(code, edition, "1,1", &["a2-a1 a1-b1", "a2-b2 b2-b1"]);
        let end = pos(&after(code, edition, "1,1", "a2-b2 b2-b1"));
        assert_eq!(end.to_string(), "../.g b 5");
        assert_eq!(end.outcome(), Outcome::Won(Color::Green));
    }
}

#[test]
fn a_finished_position_has_no_turns() {
    // Black has won; Green would be to move.
    let over = pos("..../..../b.../.... g 4");
    assert!(over.is_finished());
    for edition in EDITIONS {
        let want = PlayError::GameOver {
            winner: Color::Black,
        };
        assert_eq!(over.legal_turns(edition, roll("1,2")), Err(want.clone()));
        assert_eq!(
            over.play(edition, roll("1,1"), &turn("a2-a3")),
            Err(want.clone())
        );
        assert_eq!(
            TurnBuilder::new(&over, edition, roll("2,2")).err(),
            Some(want.clone())
        );
        assert!(want.to_string().contains("Black has won"), "{want}");
        assert_eq!(perft(&over, edition, 3), 1);
    }
}

#[test]
fn every_turn_lowers_checkers_plus_stacks() {
    // Section 5's argument that every game ends, on a 4x4 game from the
    // start: each listed turn of a few positions lowers the sum.
    let start = pos("gbgb/bgbg/gbgb/bgbg b 3");
    let weight = |p: &diablo_core::Position| {
        Color::ALL
            .iter()
            .map(|&c| p.checkers(c) + p.stack_count(c))
            .sum::<u32>()
    };
    for edition in EDITIONS {
        for r in ["1,1", "1,2", "2,2"] {
            for t in start.legal_turns(edition, roll(r)).expect("in progress") {
                let next = start.play(edition, roll(r), &t).expect("listed");
                assert!(weight(&next) < weight(&start), "{t} ({edition} {r})");
            }
        }
    }
}
