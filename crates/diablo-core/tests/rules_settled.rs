//! RULES.md section 6, "Settled here", one test per point, each in both
//! editions where it applies.
//!
//! Board sketches are drawn rank N at the top, as in position codes.

mod common;

use common::{EDITIONS, after, assert_turns, legal_set, pos, roll, turn};
use diablo_core::Edition::{Sequenced, Standard};
use diablo_core::{Color, Position, Square, Stack};

#[test]
fn point_1_intervening_squares_are_ignored() {
    // 4x4, turn 3, roll 2,2:
    //   . . . .
    //   g g . .
    //   b g . .
    //   b b b .
    // a1 jumps over a2 (Black) onto a3 (Green, capture); b1 over b2 (Green)
    // onto b3 (capture); a1 over b1 onto c1 (merge); c1 over b1 onto a1
    // (merge); c1-c3 is a step over empty c2.
    let code = "..../gg../bg../bbb. b 3";
    let p = pos(code);
    for edition in EDITIONS {
        let firsts: std::collections::BTreeSet<String> = legal_set(&p, edition, roll("2,2"))
            .iter()
            .map(|t| t.split(' ').next().unwrap_or_default().to_string())
            .collect();
        for jump in ["a1-a3", "b1-b3", "a1-c1", "c1-a1"] {
            assert!(
                firsts.contains(jump),
                "{edition}: {jump} missing from {firsts:?}"
            );
        }
    }
    // The captures over a stack change only the two squares involved.
    assert_eq!(
        after(code, Standard, "2,2", "a1-a3 a3-c3"),
        "..../.gb./bg../.bb. g 4"
    );
}

#[test]
fn point_2_obligations_are_judged_one_action_at_a_time() {
    // 4x4, turn 3, roll 1,2:
    //   g . . .
    //   . . . .
    //   . . . .
    //   b . . .
    // Standard: a1-b1 leaves no merge or capture for the 2, while a1-a2
    // would have led to a capture; both are legal first moves. There is no
    // duty to keep a second move possible.
    let code = "g.../..../..../b... b 3";
    assert_turns(
        code,
        Standard,
        "1,2",
        &["a1-a2 a2-a4", "a1-a3 a3-a4", "a1-b1 -b1", "a1-c1 -c1"],
    );
    // Sequenced, 2x2 (dice 1,1):
    //   . g2
    //   b b
    // b1-a1 is a legal individual move though afterwards only a removal
    // remains, while a1-b1 leads to a second move.
    assert_turns(
        ".g2/bb b 3",
        Sequenced,
        "1,1",
        &["a1-b1 b1-b2", "b1-a1 -a1"],
    );
}

#[test]
fn point_3_either_die_first_and_doubles() {
    // 4x4, turn 3:
    //   g . . .
    //   . . . .
    //   . . . .
    //   b . . .
    // With 2,1 the 1 may be used first (a1-a2 a2-a4) and so may the 2
    // (a1-a3 a3-a4); the lists for 1,2 and 2,1 are the same.
    let code = "g.../..../..../b... b 3";
    for edition in EDITIONS {
        let p = pos(code);
        let a = legal_set(&p, edition, roll("1,2"));
        assert_eq!(a, legal_set(&p, edition, roll("2,1")), "{edition}");
        assert!(
            a.contains("a1-a2 a2-a4") && a.contains("a1-a3 a3-a4"),
            "{edition}: {a:?}"
        );
    }
    // Doubles: each die drives one move, so 1,1 on 2x2 gives two moves and
    // no more, each turn listed once (legal_set checks for repeats).
    //   . b
    //   b g
    for edition in EDITIONS {
        let set = legal_set(&pos(".b/bg b 3"), edition, roll("1,1"));
        assert!(set.iter().all(|t| t.split(' ').count() <= 2));
        assert!(set.contains("a1-a2 a2-b2"), "{edition}");
    }
}

#[test]
fn point_4_the_second_move_may_move_the_same_stack() {
    // 2x2, turn 3:
    //   . g2
    //   b b
    // a1-b1 merges to a 2-high stack, which then captures b2 with the other
    // 1, in both editions.
    for edition in EDITIONS {
        let set = legal_set(&pos(".g2/bb b 3"), edition, roll("1,1"));
        assert!(set.contains("a1-b1 b1-b2"), "{edition}: {set:?}");
        assert_eq!(
            after(".g2/bb b 3", edition, "1,1", "a1-b1 b1-b2"),
            ".b2/.. g 4"
        );
    }
}

#[test]
fn point_5_black_is_on_a1_at_the_start() {
    for n in (2..=26).step_by(2) {
        let p = Position::start(n).expect("even size");
        let sq = |f: u8, r: u8| Square::new(f, r).expect("on the largest board");
        let (last, black) = (
            n as u8 - 1,
            Stack {
                color: Color::Black,
                height: 1,
            },
        );
        let green = Stack {
            color: Color::Green,
            height: 1,
        };
        assert_eq!(p.stack(sq(0, 0)), Some(black), "a1 on {n}x{n}");
        assert_eq!(p.stack(sq(1, 0)), Some(green), "b1 on {n}x{n}");
        assert_eq!(p.stack(sq(0, 1)), Some(green), "a2 on {n}x{n}");
        // The far corner, file + rank = 2N - 2 (even): Black.
        assert_eq!(p.stack(sq(last, last)), Some(black), "top right on {n}x{n}");
        assert_eq!((p.side_to_move(), p.turn_number()), (Color::Black, 1));
        let half = n * n / 2;
        assert_eq!(
            (p.checkers(Color::Black), p.checkers(Color::Green)),
            (half, half)
        );
    }
    assert_eq!(
        Position::start(4).expect("even").to_string(),
        "gbgb/bgbg/gbgb/bgbg b 1"
    );
    assert_eq!(Position::start(2).expect("even").to_string(), "gb/bg b 1");
}

#[test]
fn point_6_a_capture_of_the_last_checkers_ends_the_game_at_once() {
    // 2x2, turn 3:
    //   . b
    //   b g
    // a1-b1 and b2-b1 take Green's last checker: the turn is that one
    // capture in both editions, even though a second die is unused.
    for edition in EDITIONS {
        let set = legal_set(&pos(".b/bg b 3"), edition, roll("1,1"));
        assert!(
            set.contains("a1-b1") && set.contains("b2-b1"),
            "{edition}: {set:?}"
        );
        let err = pos(".b/bg b 3").play(edition, roll("1,1"), &turn("a1-b1 b1-a1"));
        assert!(err.is_err(), "{edition}: a second action after the win");
    }
}

#[test]
fn point_7_the_balancing_rule_follows_the_turn_number() {
    // 4x4, roll 1,2:
    //   . . . .
    //   . . . .
    //   g . . .
    //   b . . .
    // Turn 1: one action. Turn 3: two.
    let turn1 = "..../..../g.../b... b 1";
    let turn3 = "..../..../g.../b... b 3";
    assert_turns(
        turn1,
        Standard,
        "1,2",
        &["a1-a2", "a1-b1", "a1-a3", "a1-c1"],
    );
    assert_turns(
        turn3,
        Standard,
        "1,2",
        &["a1-a2", "a1-a3 a3-a2", "a1-b1 -b1", "a1-c1 -c1"],
    );
    assert_turns(turn1, Sequenced, "1,2", &["a1-a2"]);
    assert_turns(turn3, Sequenced, "1,2", &["a1-a2", "a1-a3 a3-a2"]);
    // The full start board on turn 3 (published figures): two actions.
    let full = pos("gbgb/bgbg/gbgb/bgbg b 3");
    assert_eq!(legal_set(&full, Standard, roll("1,2")).len(), 720);
    assert_eq!(legal_set(&full, Sequenced, roll("2,2")).len(), 192);
    assert!(
        legal_set(&full, Standard, roll("1,2"))
            .iter()
            .all(|t| t.contains(' '))
    );
    // Green on turn 2 is never balanced (rules_standard.rs checks a list).
    assert!(!pos("..../..../g.../b... g 2").is_balancing_turn());
    assert!(pos(turn1).is_balancing_turn());
    assert!(!pos(turn3).is_balancing_turn());
}
