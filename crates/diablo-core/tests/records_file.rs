//! A records file: several game records one after another (what the
//! page's "Your games" exports), read by `Record::parse_all`.

use diablo_core::{Record, RecordErrorKind};

const ONE: &str = "edition standard\nsize 4\n2,1: b2-b4\n2,2: a2-c2 c2-a2\n";
const TWO: &str = "edition sequenced\nsize 4\nstart ..../..../g.../b... b 3\n1,2: a1-a2\n";

#[test]
fn one_game_reads_as_a_record() {
    let games = Record::parse_all(ONE).expect("one game");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].0, 1);
    assert_eq!(games[0].1, ONE.parse::<Record>().expect("a record"));
}

#[test]
fn each_edition_line_after_turns_begins_a_game() {
    let text = format!("# two games\n\n# the first\n{ONE}\n# the second\n{TWO}");
    let games = Record::parse_all(&text).expect("two games");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].0, 4, "the first game's edition line");
    assert_eq!(games[1].0, 10, "the second game's edition line");
    assert_eq!(games[0].1, ONE.parse::<Record>().expect("a record"));
    assert_eq!(games[1].1, TWO.parse::<Record>().expect("a record"));
    assert_eq!(games[1].1.turns().len(), 1);
    // Written back one after another, they read the same.
    let again: String = games.iter().map(|(_, r)| r.to_string()).collect();
    let back = Record::parse_all(&again).expect("written games read back");
    assert_eq!(
        back.into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
        vec![games[0].1.clone(), games[1].1.clone()]
    );
}

#[test]
fn an_error_names_its_line_in_the_whole_file() {
    // A turn after the second game is over: line 10 of the file.
    let text = format!("{ONE}\n{}1,1: a4-a3\n", TWO);
    let err = Record::parse_all(&text).expect_err("an illegal turn");
    assert_eq!(err.line, 10, "{err}");
    assert!(matches!(err.kind, RecordErrorKind::Play(_)), "{err}");
    // A header other than edition after turns is still refused.
    let err = Record::parse_all("edition standard\nsize 4\n2,1: b2-b4\nsize 4\n")
        .expect_err("size after turns");
    assert_eq!((err.line, err.kind), (4, RecordErrorKind::HeaderAfterTurns));
    // A game with its edition twice and no turns between is one game with a duplicate header.
    let err =
        Record::parse_all("edition standard\nedition standard\nsize 4\n").expect_err("duplicate");
    assert_eq!(
        (err.line, err.kind),
        (2, RecordErrorKind::DuplicateHeader("edition"))
    );
    // Nothing at all: the first game's missing header.
    assert!(Record::parse_all("").is_err());
}
