//! Bad input: every position-code error of RULES.md section 8, malformed
//! rolls, squares, actions, turns and records, each with its error variant
//! and a message that says where; and arbitrary text never panics a parser.

mod common;

use diablo_core::{
    Action, Color, Edition, ParseActionError, ParsePositionError as E, Position, Record,
    RecordErrorKind as K, Roll, SetupError as S, Square, Stack, Turn,
};
use proptest::prelude::*;

/// Parses a bad code and checks the message mentions every fragment.
fn bad_code(code: &str, words: &[&str]) -> E {
    let err = code
        .parse::<Position>()
        .expect_err("the code must be refused");
    let msg = err.to_string();
    for w in words {
        assert!(
            msg.contains(w),
            "'{code}': message '{msg}' should mention '{w}'"
        );
    }
    err
}

#[test]
fn board_size_must_be_even_and_in_range() {
    assert_eq!(bad_code("bgb/gbg/bgb b 1", &["3 rank", "even"]), E::Size(3));
    assert_eq!(bad_code("b b 1", &["1 rank", "2 to 26"]), E::Size(1));
    let big = vec!["b"; 28].join("/");
    assert_eq!(bad_code(&format!("{big} b 1"), &["28 rank"]), E::Size(28));
    // 26 is the largest board.
    let row = ".".repeat(25) + "b";
    let ok = vec![row.as_str(); 26].join("/");
    assert!(format!("{ok} b 1").parse::<Position>().is_ok());
}

#[test]
fn every_rank_lists_n_squares() {
    let err = bad_code(
        "gbgb/bgb/gbgb/bgbg b 1",
        &["rank 3", "3 square", "expected 4"],
    );
    assert_eq!(
        err,
        E::RankLength {
            rank: 3,
            found: 3,
            expected: 4
        }
    );
    let err = bad_code("gbgb/bgbg/gbgb/bgbg. b 1", &["rank 1", "5 square"]);
    assert_eq!(
        err,
        E::RankLength {
            rank: 1,
            found: 5,
            expected: 4
        }
    );
    // Heights count as part of one square: "b12" is one token.
    assert!("b12.../..../..../...g b 3".parse::<Position>().is_err());
    assert!("b7.../..../..../...g b 3".parse::<Position>().is_ok());
}

#[test]
fn unknown_tokens_name_rank_and_token() {
    let err = bad_code("gbgb/bgxg/gbgb/bgbg b 1", &["rank 3", "'x'"]);
    assert_eq!(
        err,
        E::Token {
            rank: 3,
            token: "x".into()
        }
    );
    let err = bad_code("gbgb/bgbg/gbgb/Bgbg b 1", &["rank 1", "'B'"]);
    assert_eq!(
        err,
        E::Token {
            rank: 1,
            token: "B".into()
        }
    );
    // A height must be written without a leading zero.
    let err = bad_code("gbgb/bgbg/gb02gb/bgbg b 3", &["rank 2"]);
    assert!(
        matches!(
            err,
            E::Token { rank: 2, .. } | E::RankLength { rank: 2, .. }
        ),
        "{err:?}"
    );
    // Non-ASCII text is reported, not a crash.
    let err = bad_code("gbgb/bgbg/gbgé/bgbg b 1", &["rank 2", "é"]);
    assert_eq!(
        err,
        E::Token {
            rank: 2,
            token: "é".into()
        }
    );
}

#[test]
fn height_zero_is_refused() {
    let err = bad_code("g0bgb/bgbg/gbgb/bgbg b 1", &["rank 4", "'g0'", "height 0"]);
    assert_eq!(
        err,
        E::ZeroHeight {
            rank: 4,
            token: "g0".into()
        }
    );
    assert!(matches!(
        bad_code("..../b00.../..../...g b 3", &["rank 3"]),
        E::ZeroHeight { .. }
    ));
}

#[test]
fn a_colour_has_at_most_half_the_squares_in_checkers() {
    let err = bad_code("b9.../..../..../...g b 3", &["Black", "9", "8"]);
    assert_eq!(
        err,
        E::Setup(S::TooManyCheckers {
            color: Color::Black,
            count: 9,
            max: 8,
            square: "a4".parse().expect("a square"),
        })
    );
    let err = bad_code("g5g4../..../..../...b b 3", &["Green", "at most 8"]);
    assert!(matches!(
        err,
        E::Setup(S::TooManyCheckers {
            color: Color::Green,
            max: 8,
            ..
        })
    ));
    // Exactly N*N/2 is fine.
    assert!("g4g4../..../..../...b b 3".parse::<Position>().is_ok());
    let err = bad_code("..../..../..../.... b 1", &["no checkers"]);
    assert_eq!(err, E::Setup(S::EmptyBoard));
}

#[test]
fn fields_side_and_turn() {
    let start = "gbgb/bgbg/gbgb/bgbg";
    assert_eq!(
        bad_code(start, &["1 field", "<board> <side> <turn>"]),
        E::Fields(1)
    );
    assert_eq!(bad_code(&format!("{start} b"), &["2 field"]), E::Fields(2));
    assert_eq!(
        bad_code(&format!("{start} b 1 x"), &["4 field"]),
        E::Fields(4)
    );
    assert_eq!(bad_code(&format!("{start}  b 1"), &["field"]), E::Fields(4));
    assert_eq!(
        bad_code(&format!("{start} x 1"), &["side", "'x'"]),
        E::Side("x".into())
    );
    // Text that is no plain whole number is the text's fault; a number out
    // of range is the set-up's.
    for turn in ["-1", "01", "one", "99999999999", "1.5"] {
        let code = format!("{start} b {turn}");
        assert_eq!(
            bad_code(&code, &["turn field"]),
            E::Turn(turn.into()),
            "{code}"
        );
    }
    for turn in [0, 1_000_000_000] {
        let code = format!("{start} b {turn}");
        assert_eq!(
            bad_code(&code, &["turn field", &format!("'{turn}'")]),
            E::Setup(S::Turn(turn)),
            "{code}"
        );
    }
    let err = bad_code(&format!("{start} g 1"), &["turn 1", "Black", "Green"]);
    assert_eq!(
        err,
        E::Setup(S::SideTurnMismatch {
            side: Color::Green,
            turn: 1
        })
    );
    assert!(matches!(
        bad_code(&format!("{start} b 4"), &["turn 4"]),
        E::Setup(S::SideTurnMismatch { .. })
    ));
}

#[test]
fn malformed_rolls() {
    for bad in [
        "0,1", "1,0", "1", "1;2", "1,2,3", "a,b", "", ",", "1,", " 1,2", "14,1", "1,-2", "+1,2",
    ] {
        let err = bad.parse::<Roll>().expect_err(bad);
        assert!(err.to_string().contains(&format!("'{bad}'")), "{err}");
    }
    // A die that exists (1..=13) but not on this board is a play error.
    let roll: Roll = "3,1".parse().expect("valid roll");
    assert!(roll.check_size(4).is_err() && roll.check_size(6).is_ok());
    assert_eq!(Roll::new(0, 1), None);
}

#[test]
fn malformed_squares_actions_and_turns() {
    for bad in [
        "", "a", "1a", "a0", "a27", "A1", "a01", "aa", "a1x", "é1", "a-1",
    ] {
        let err = bad.parse::<Square>().expect_err(bad);
        assert!(err.to_string().contains(&format!("'{bad}'")), "{err}");
    }
    for bad in [
        "a1", "a1-", "-", "--a1", "a1-a2-a3", "a1--a2", "-a1-a2", "a1a2",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    let err = "a1-b0".parse::<Action>().expect_err("bad square");
    assert!(matches!(err, ParseActionError::Square(_)) && err.to_string().contains("'b0'"));
    let err = "a1-a2-a3".parse::<Action>().expect_err("bad shape");
    assert!(err.to_string().contains("'a1-a2-a3'"), "{err}");
    assert_eq!("".parse::<Turn>(), Err(ParseActionError::EmptyTurn));
    assert_eq!("   ".parse::<Turn>(), Err(ParseActionError::EmptyTurn));
    let err = "a1-a2 -b1 -c1".parse::<Turn>().expect_err("three actions");
    assert_eq!(err, ParseActionError::TooManyActions(3));
    assert!(err.to_string().contains("at most two"), "{err}");
    assert!("a1-a2 x".parse::<Turn>().is_err());
    for bad in ["", "x", "B", "g0", "b0", "b01", "b-2", "b1000", "bb", "b1x"] {
        assert!(bad.parse::<Stack>().is_err(), "stack '{bad}'");
    }
    for bad in ["", "Standard", "seq", "standard "] {
        assert!(bad.parse::<Edition>().is_err(), "edition '{bad}'");
    }
    for bad in ["", "B ", "x", "white"] {
        assert!(bad.parse::<Color>().is_err(), "colour '{bad}'");
    }
}

/// Reads a bad record; checks the line and the message.
fn bad_record(text: &str, line: usize, words: &[&str]) -> K {
    let err = text
        .parse::<Record>()
        .expect_err("the record must be refused");
    assert_eq!(err.line, line, "{err}");
    let msg = err.to_string();
    assert!(msg.starts_with(&format!("line {line}: ")), "{msg}");
    for w in words {
        assert!(msg.contains(w), "message '{msg}' should mention '{w}'");
    }
    err.kind
}

#[test]
fn records_report_the_line_of_an_illegal_turn() {
    // Line 5 is legal; on line 6 Green moves a Black stack.
    let text = "# a game\nedition standard\nsize 4\n\n1,2: a1-a2\n1,1: b2-b3 c4-c3\n";
    let kind = bad_record(text, 6, &["illegal turn", "b2", "not yours"]);
    assert!(matches!(kind, K::Play(_)));
    // A turn after the game ended.
    // 2x2: Black captures b1, Green captures b2 then b1 and wins.
    let text = "edition standard\nsize 2\n1,1: a1-b1\n1,1: a2-b2 b2-b1\n1,1: b1-b2\n";
    assert!(matches!(
        bad_record(text, 5, &["game is over", "Green has won"]),
        K::Play(_)
    ));
}

#[test]
fn records_with_bad_headers_or_lines() {
    assert_eq!(
        bad_record("size 4\n1,2: a1-a2\n", 2, &["'edition'"]),
        K::MissingHeader("edition")
    );
    assert_eq!(
        bad_record("edition standard\n", 1, &["'size'"]),
        K::MissingHeader("size")
    );
    let dup = "edition standard\nsize 4\nedition sequenced\n";
    assert_eq!(
        bad_record(dup, 3, &["twice"]),
        K::DuplicateHeader("edition")
    );
    let late = "edition standard\nsize 4\n1,2: a1-a2\nsize 4\n";
    assert_eq!(
        bad_record(late, 4, &["before the turns"]),
        K::HeaderAfterTurns
    );
    assert!(matches!(
        bad_record("edition chess\nsize 4\n", 1, &["'chess'"]),
        K::Edition(_)
    ));
    assert!(matches!(
        bad_record("edition standard\nsize four\n", 2, &["'four'"]),
        K::SizeNumber(_)
    ));
    assert!(matches!(
        bad_record("edition standard\nsize 5\n", 2, &["size 5"]),
        K::Size(_)
    ));
    let start = "edition standard\nsize 4\nstart gbgb/bgbg/gbgb b 1\n";
    assert!(matches!(
        bad_record(start, 3, &["start position", "rank"]),
        K::Position(_)
    ));
    let mismatch = "edition standard\nsize 4\nstart gb/bg b 1\n1,1: a1-b1\n";
    let kind = bad_record(mismatch, 3, &["2x2", "size header says 4"]);
    assert_eq!(
        kind,
        K::StartSize {
            header: 4,
            start: 2
        }
    );
    assert!(matches!(
        bad_record("edition standard\nsize 4\nhello\n", 3, &["'hello'"]),
        K::Line(_)
    ));
    assert!(matches!(
        bad_record(
            "edition standard\nsize 4\n9,9: a1-a2\n",
            3,
            &["die value 9"]
        ),
        K::Play(_)
    ));
    assert!(matches!(
        bad_record("edition standard\nsize 4\n1-2: a1-a2\n", 3, &["'1-2'"]),
        K::Roll(_)
    ));
    assert!(matches!(
        bad_record("edition standard\nsize 4\nx: a1-a2\n", 3, &["'x'"]),
        K::Roll(_)
    ));
    assert!(matches!(
        bad_record("edition standard\nsize 4\n1,2: a9\n", 3, &["'a9'"]),
        K::Turn(_)
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// No parser panics on arbitrary text.
    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Turn>();
        let _ = s.parse::<Action>();
        let _ = s.parse::<Square>();
        let _ = s.parse::<Roll>();
        let _ = s.parse::<Record>();
        let _ = s.parse::<Stack>();
        let _ = s.parse::<Color>();
        let _ = s.parse::<Edition>();
    }

    /// Text close to valid position codes reaches deep into the parser.
    #[test]
    fn position_parser_never_panics_on_near_codes(s in "[bg.0-9/é]{1,40} [bgx] [0-9]{1,3}") {
        if let Ok(p) = s.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }

    /// Near-valid records, including illegal turns, never panic either.
    #[test]
    fn record_parser_never_panics(lines in prop::collection::vec(
        "(edition (standard|sequenced|x)|size [0-9]{1,2}|start [bg.0-9/]{3,12} [bg] [0-9]|# .*|[0-9],[0-9]: ([a-d][0-9]-[a-d][0-9]|-[a-d][0-9])( -[a-d][0-9])?)",
        0..8,
    )) {
        let _ = lines.join("\n").parse::<Record>();
    }

    /// Every turn text that parses, applied to a real position, either plays
    /// or is refused: never a panic.
    #[test]
    fn play_never_panics(t in "-?[a-g][1-7](-[a-g][1-7])?( -?[a-g][1-7](-[a-g][1-7])?)?",
                         a in 1u8..4, b in 1u8..4, seq in any::<bool>()) {
        let edition = if seq { Edition::Sequenced } else { Edition::Standard };
        let roll = Roll::new(a, b).expect("non-zero dice");
        let p = common::pos("..g3..b2/....../g4...../.....g3/b...../b3..g4.. b 3");
        if let Ok(turn) = t.parse::<Turn>() {
            let _ = p.play(edition, roll, &turn);
        }
    }
}
