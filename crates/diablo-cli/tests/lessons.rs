//! The lessons page's data (web/learn/lessons.json) checked against the
//! engine, so a lesson never teaches a rule the engine does not play:
//! every lesson's position is a legal position code, its dice fit the
//! board, every goal is reached by playing its written turn with those
//! dice (the page accepts a turn by the position it reaches), and the
//! lesson's wrong try is refused for the stated rule, or is legal and
//! reaches no goal.

use diablo_core::{Edition, Position, Roll, Turn};
use serde_json::Value;
use std::collections::HashSet;
use std::path::PathBuf;

fn lessons() -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/learn/lessons.json");
    let text = std::fs::read_to_string(&path).expect("web/learn/lessons.json is readable");
    let data: Value = serde_json::from_str(&text).expect("the lessons are JSON");
    data.as_array().expect("a list of lessons").clone()
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is text in {v}"))
}

/// `wrong-distance` → `WrongDistance`: the page's error kind (crates/diablo-wasm
/// error.rs) as the name of core's `IllegalReason` variant.
fn variant(kind: &str) -> String {
    kind.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn every_lesson_is_checked_by_the_engine() {
    let all = lessons();
    assert!(all.len() >= 10, "about ten lessons, found {}", all.len());
    let mut ids = HashSet::new();
    for lesson in &all {
        let id = text(lesson, "id");
        assert!(ids.insert(id.to_string()), "{id}: ids are unique");
        let edition: Edition = text(lesson, "edition").parse().expect("an edition");
        let position: Position = text(lesson, "position")
            .parse()
            .unwrap_or_else(|e| panic!("{id}: the position code is legal: {e}"));
        let dice = lesson["roll"].as_array().expect("two dice");
        assert_eq!(dice.len(), 2, "{id}: two dice");
        let roll: Roll = format!("{},{}", dice[0], dice[1])
            .parse()
            .unwrap_or_else(|e| panic!("{id}: a roll: {e}"));
        let legal = position
            .legal_turns(edition, roll)
            .unwrap_or_else(|e| panic!("{id}: the dice fit the board: {e}"));
        let reached: HashSet<String> = legal
            .iter()
            .map(|t| {
                position
                    .play(edition, roll, t)
                    .expect("a legal turn plays")
                    .to_string()
            })
            .collect();

        let goals = lesson["goals"].as_array().expect("goals");
        assert!(!goals.is_empty(), "{id}: at least one goal");
        let mut codes = HashSet::new();
        for goal in goals {
            let turn: Turn = text(goal, "turn").parse().expect("a written turn");
            let after = position
                .play(edition, roll, &turn)
                .unwrap_or_else(|e| panic!("{id}: goal {turn} is legal: {e}"));
            assert_eq!(
                after.to_string(),
                text(goal, "position"),
                "{id}: goal {turn} reaches its position"
            );
            assert!(reached.contains(text(goal, "position")));
            assert!(
                codes.insert(text(goal, "position").to_string()),
                "{id}: goals are distinct positions"
            );
        }
        assert!(
            reached.len() > codes.len() || !lesson["wrong"]["refused"].is_null(),
            "{id}: some try must be wrong"
        );

        let wrong = &lesson["wrong"];
        let turn: Turn = text(wrong, "turn").parse().expect("a written wrong try");
        match wrong["refused"].as_str() {
            Some(kind) => {
                let err = position
                    .play(edition, roll, &turn)
                    .expect_err("the wrong try is refused");
                let reason = err.reason().expect("refused for a rule");
                assert!(
                    format!("{reason:?}").starts_with(&variant(kind)),
                    "{id}: {turn} refused as {kind}, not {reason:?}"
                );
            }
            None => {
                let after = position
                    .play(edition, roll, &turn)
                    .unwrap_or_else(|e| panic!("{id}: the wrong try {turn} is legal: {e}"));
                assert!(
                    !codes.contains(&after.to_string()),
                    "{id}: the wrong try {turn} reaches no goal"
                );
            }
        }
    }
}
