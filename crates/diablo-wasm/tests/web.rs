//! The bindings in a real browser (headless Chromium via wasm-bindgen-test):
//! values cross as the page expects, and refusals cross as thrown JS
//! `Error`s named `DiabloError`, carrying the engine's message, a stable
//! `kind` and its `params`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use diablo_wasm::{
    Game, board_sizes, error::KINDS, parse_action, setup_code, square_index, square_name,
};
use js_sys::{Array, JSON, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = "
export function callCatching(f) {
  try { return { value: f() }; } catch (e) { return { error: e }; }
}
export function describeThrown(f) {
  try { f(); } catch (e) {
    return {
      error: e,
      isError: e instanceof Error,
      name: e.name,
      kind: e.kind,
      params: e.params,
      paramsIsObject: typeof e.params === 'object' && e.params !== null
        && !Array.isArray(e.params),
      message: e.message,
      shown: String(e),
      hasValidRecord: 'validRecord' in e,
    };
  }
  return null;
}
")]
extern "C" {
    /// Calls `f` from JavaScript, reporting a thrown exception as `error`.
    #[wasm_bindgen(js_name = callCatching)]
    fn call_catching(f: &Closure<dyn FnMut() -> Result<JsValue, JsValue>>) -> JsValue;

    /// Calls `f` from JavaScript and describes what it throws, as
    /// JavaScript sees it (`null` if it returns).
    #[wasm_bindgen(js_name = describeThrown)]
    fn describe_thrown(f: &Closure<dyn FnMut() -> Result<JsValue, JsValue>>) -> JsValue;
}

fn parse(json: &str) -> JsValue {
    JSON::parse(json).unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn text(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

fn number(v: &JsValue, key: &str) -> Option<f64> {
    get(v, key).as_f64()
}

/// The parsed `state()` of a game.
fn state(g: &Game) -> JsValue {
    parse(&g.state().unwrap())
}

/// The position code of the position before the current turn.
fn code(g: &Game) -> String {
    text(&state(g), "code").unwrap()
}

/// What `f` throws, seen from JavaScript: checks that it is an `Error`
/// named `DiabloError` with a listed `kind` and an object of `params`, and
/// returns its description (`kind`, `params`, `message`, ...).
fn thrown(f: impl FnMut() -> Result<JsValue, JsValue> + 'static) -> JsValue {
    let closure = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(f);
    let d = describe_thrown(&closure);
    assert!(!d.is_null(), "expected a throw, but the call returned");
    assert!(
        get(&d, "isError").is_truthy(),
        "expected a thrown Error, got {:?}",
        get(&d, "error")
    );
    assert_eq!(text(&d, "name").as_deref(), Some("DiabloError"));
    let kind = text(&d, "kind").unwrap_or_else(|| panic!("no kind on {:?}", get(&d, "error")));
    assert!(KINDS.contains(&kind.as_str()), "unlisted kind {kind}");
    assert!(
        get(&d, "paramsIsObject").is_truthy(),
        "params {:?}",
        get(&d, "params")
    );
    let message = text(&d, "message").unwrap();
    assert_eq!(
        text(&d, "shown").unwrap(),
        format!("DiabloError: {message}")
    );
    d
}

fn kind(d: &JsValue) -> String {
    text(d, "kind").unwrap()
}

fn message(d: &JsValue) -> String {
    text(d, "message").unwrap()
}

fn param(d: &JsValue, key: &str) -> JsValue {
    get(&get(d, "params"), key)
}

#[wasm_bindgen_test]
fn an_engine_refusal_is_thrown_in_js_as_an_error_with_the_engine_message() {
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        // a2 holds Green: Black may not move it.
        g.act("a2-a4")?;
        Ok(JsValue::TRUE)
    });
    let out = call_catching(&f);
    let err = get(&out, "error");
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "expected a thrown Error, got {out:?}"
    );
    let message: String = err.unchecked_into::<js_sys::Error>().message().into();
    assert_eq!(
        message,
        "illegal first action a2-a4: the stack on a2 is not yours"
    );
}

#[wasm_bindgen_test]
fn a_refusal_is_a_diablo_error_with_kind_and_params() {
    let d = thrown(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        g.act("a2-a4")?;
        Ok(JsValue::TRUE)
    });
    assert_eq!(kind(&d), "not-your-stack");
    assert_eq!(param(&d, "square").as_string().as_deref(), Some("a2"));
    assert_eq!(param(&d, "action").as_string().as_deref(), Some("a2-a4"));
    assert_eq!(param(&d, "index").as_f64(), Some(0.0));
    assert!(!get(&d, "hasValidRecord").is_truthy());
    // The same refusal by square indices (a1 = 0, b2 = 5 is not straight).
    let d = thrown(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        g.play(0, 5).map(JsValue::from)
    });
    assert_eq!(kind(&d), "not-straight");
    let d = thrown(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        g.play(0, 99).map(JsValue::from)
    });
    assert_eq!(kind(&d), "index-off-board");
    assert_eq!(param(&d, "index").as_f64(), Some(99.0));
    assert_eq!(param(&d, "size").as_f64(), Some(4.0));
    // Before the roll, and dice that do not fit the board.
    let d = thrown(|| Game::new(4, "standard")?.act("a1-a2").map(JsValue::from));
    assert_eq!(kind(&d), "not-rolled");
    let d = thrown(|| {
        Game::new(4, "standard")?
            .set_roll(3, 1)
            .map(|()| JsValue::TRUE)
    });
    assert_eq!(kind(&d), "die-too-big");
    assert_eq!(param(&d, "die").as_f64(), Some(3.0));
    assert_eq!(param(&d, "faces").as_f64(), Some(2.0));
    let d = thrown(|| {
        Game::new(4, "standard")?
            .set_roll(0, 1)
            .map(|()| JsValue::TRUE)
    });
    assert_eq!(kind(&d), "die-zero");
    // Text that is not an action.
    let d = thrown(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        g.act("a1a2").map(JsValue::from)
    });
    assert_eq!(kind(&d), "bad-action");
}

#[wasm_bindgen_test]
fn a_bad_size_throws_from_the_constructor() {
    let d = thrown(|| Game::new(5, "standard").map(JsValue::from));
    assert!(message(&d).contains("board size 5"), "{}", message(&d));
    assert_eq!(kind(&d), "bad-size");
    assert_eq!(param(&d, "size").as_f64(), Some(5.0));
    let d = thrown(|| Game::new(7, "standard").map(JsValue::from));
    assert_eq!(kind(&d), "bad-size");
    // 260 is not read as 260 mod 256 = 4.
    let d = thrown(|| Game::new(260, "standard").map(JsValue::from));
    assert_eq!(kind(&d), "bad-size");
    assert_eq!(param(&d, "size").as_f64(), Some(260.0));
    let d = thrown(|| Game::new(8, "fancy").map(JsValue::from));
    assert_eq!(kind(&d), "bad-edition");
    assert_eq!(param(&d, "text").as_string().as_deref(), Some("fancy"));
}

#[wasm_bindgen_test]
fn a_corrupt_record_throws_naming_the_line() {
    let d =
        thrown(|| Game::from_record("edition standard\nsize 6\n2,1: zz-a1\n").map(JsValue::from));
    assert!(message(&d).starts_with("line 3:"), "{}", message(&d));
    assert_eq!(kind(&d), "record");
    assert_eq!(param(&d, "line").as_f64(), Some(3.0));
    let cause = param(&d, "cause");
    assert_eq!(text(&cause, "kind").as_deref(), Some("bad-square"));
    assert_eq!(text(&get(&cause, "params"), "text").as_deref(), Some("zz"));
    // A turn that breaks a rule names the rule as the cause.
    let d =
        thrown(|| Game::from_record("edition standard\nsize 4\n2,1: a1-a4\n").map(JsValue::from));
    assert_eq!(kind(&d), "record");
    assert_eq!(param(&d, "line").as_f64(), Some(3.0));
    let cause = param(&d, "cause");
    assert_eq!(text(&cause, "kind").as_deref(), Some("wrong-distance"));
    assert_eq!(number(&get(&cause, "params"), "distance"), Some(3.0));
    assert!(text(&cause, "message").is_some());
    // A header problem.
    let d = thrown(|| Game::from_record("size 4\n").map(JsValue::from));
    assert_eq!(kind(&d), "record");
    assert_eq!(
        text(&param(&d, "cause"), "kind").as_deref(),
        Some("missing-header")
    );
}

#[wasm_bindgen_test]
fn state_json_describes_the_start_position() {
    let g = Game::new(6, "sequenced").unwrap();
    let st = state(&g);
    assert_eq!(number(&st, "size"), Some(6.0));
    assert_eq!(number(&st, "faces"), Some(3.0));
    assert_eq!(text(&st, "edition").as_deref(), Some("sequenced"));
    assert_eq!(text(&st, "side").as_deref(), Some("black"));
    assert_eq!(number(&st, "turn"), Some(1.0));
    assert!(get(&st, "balancing").is_truthy());
    assert!(get(&st, "roll").is_null());
    assert!(get(&st, "winner").is_null());
    assert!(!get(&st, "complete").is_truthy());
    let cells: Array = get(&st, "cells").into();
    assert_eq!(cells.length(), 36);
    // a1 Black (+1), b1 Green (-1).
    assert_eq!(cells.get(0).as_f64(), Some(1.0));
    assert_eq!(cells.get(1).as_f64(), Some(-1.0));
    let checkers: Array = get(&st, "checkers").into();
    assert_eq!(checkers.get(0).as_f64(), Some(18.0));
    assert_eq!(checkers.get(1).as_f64(), Some(18.0));
    assert_eq!(
        text(&st, "code").as_deref(),
        Some("gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1")
    );
    assert_eq!(Array::from(&get(&st, "log")).length(), 0);
    assert_eq!(Array::from(&get(&st, "lastTurn")).length(), 0);
}

#[wasm_bindgen_test]
fn random_rolls_fit_the_board_and_feed_the_options() {
    for _ in 0..50 {
        let mut g = Game::new(8, "standard").unwrap();
        let dice = g.roll().unwrap();
        assert_eq!(dice.len(), 2);
        assert!(dice.iter().all(|d| (1..=4).contains(d)), "{dice:?}");
        let roll: Array = get(&state(&g), "roll").into();
        assert_eq!(
            roll.iter()
                .map(|d| d.as_f64().unwrap() as u8)
                .collect::<Vec<_>>(),
            dice.to_vec()
        );
        // Rolling twice in one turn is refused.
        let err = g.roll().unwrap_err();
        assert_eq!(text(&err, "kind").as_deref(), Some("already-rolled"));
        let opts = parse(&g.options().unwrap());
        let moves: Array = get(&opts, "moves").into();
        assert!(moves.length() > 0);
        let first = moves.get(0);
        let targets: Array = get(&first, "targets").into();
        let kind = text(&targets.get(0), "kind").unwrap();
        assert!(
            ["merge", "capture", "step"].contains(&kind.as_str()),
            "{kind}"
        );
    }
}

#[wasm_bindgen_test]
fn a_turn_plays_confirms_takes_back_and_round_trips_through_the_record() {
    let mut g = Game::new(4, "standard").unwrap();
    g.set_roll(2, 1).unwrap();
    assert_eq!(g.play(0, 4).unwrap(), "capture");
    assert!(get(&state(&g), "complete").is_truthy());
    assert_eq!(g.undo_action().as_deref(), Some("a1-a2"));
    assert!(!get(&state(&g), "complete").is_truthy());
    assert_eq!(g.act("a1-a2").unwrap(), "capture");
    let actions: Array = get(&state(&g), "actions").into();
    assert_eq!(text(&actions.get(0), "text").as_deref(), Some("a1-a2"));
    assert_eq!(g.confirm().unwrap(), "2,1: a1-a2");
    assert_eq!(code(&g), "gbgb/bgbg/bbgb/.gbg g 2");
    let text_record = g.record_text();
    let again = Game::from_record(&text_record).unwrap();
    assert_eq!(code(&again), code(&g));
    let st = state(&again);
    assert_eq!(text(&st, "side").as_deref(), Some("green"));
    let log: Array = get(&st, "log").into();
    let line = log.get(0);
    assert_eq!(text(&line, "turn").as_deref(), Some("a1-a2"));
    assert_eq!(text(&line, "side").as_deref(), Some("black"));
    assert_eq!(text(&line, "roll").as_deref(), Some("2,1"));
    let played: Array = get(&line, "actions").into();
    assert_eq!(played.length(), 1);
    assert_eq!(text(&played.get(0), "text").as_deref(), Some("a1-a2"));
    assert_eq!(number(&played.get(0), "from"), Some(0.0));
    assert_eq!(number(&played.get(0), "to"), Some(4.0));
    let last: Array = get(&st, "lastTurn").into();
    assert_eq!(number(&last.get(0), "to"), Some(4.0));
    assert_eq!(g.take_back().as_deref(), Some("2,1: a1-a2"));
    let roll: Array = get(&state(&g), "roll").into();
    assert_eq!(roll.get(0).as_f64(), Some(2.0));
    assert_eq!(roll.get(1).as_f64(), Some(1.0));
    assert_eq!(code(&g), "gbgb/bgbg/gbgb/bgbg b 1");
}

#[wasm_bindgen_test]
fn squares_and_actions_are_read_and_named_by_the_engine() {
    assert_eq!(square_index("c3", 4).unwrap(), 10);
    assert_eq!(square_name(10, 4).unwrap(), "c3");
    assert_eq!(square_index("a1", 26).unwrap(), 0);
    assert_eq!(square_name(26 * 26 - 1, 26).unwrap(), "z26");
    assert_eq!(*parse_action("-c3", 4).unwrap(), [10]);
    assert_eq!(*parse_action("c3-c5", 6).unwrap(), [14, 26]);
    let d = thrown(|| square_index("e1", 4).map(JsValue::from));
    assert_eq!(kind(&d), "off-board");
    assert_eq!(param(&d, "square").as_string().as_deref(), Some("e1"));
    let d = thrown(|| square_index("zz", 4).map(JsValue::from));
    assert_eq!(kind(&d), "bad-square");
    assert_eq!(param(&d, "text").as_string().as_deref(), Some("zz"));
    let d = thrown(|| square_name(16, 4).map(JsValue::from));
    assert_eq!(kind(&d), "index-off-board");
    let d = thrown(|| square_name(0, 7).map(JsValue::from));
    assert_eq!(kind(&d), "bad-size");
    let d = thrown(|| square_index("a1", 260).map(JsValue::from));
    assert_eq!(kind(&d), "bad-size");
    let d = thrown(|| parse_action("c3-e5", 4).map(|v| JsValue::from(v.len() as u32)));
    assert_eq!(kind(&d), "off-board");
    let d = thrown(|| parse_action("c3c5", 4).map(|v| JsValue::from(v.len() as u32)));
    assert_eq!(kind(&d), "bad-action");
    let sizes = board_sizes();
    assert_eq!(sizes.len(), 13);
    assert_eq!((sizes[0], sizes[12]), (2, 26));
    assert!(sizes.iter().all(|n| n % 2 == 0));
}

#[wasm_bindgen_test]
fn error_kinds_lists_every_kind_once() {
    let kinds: Vec<String> = diablo_wasm::error::error_kinds()
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    assert_eq!(kinds.len(), KINDS.len());
    let unique: std::collections::BTreeSet<&String> = kinds.iter().collect();
    assert_eq!(unique.len(), kinds.len());
    for k in [
        "not-your-stack",
        "bad-size",
        "bad-square",
        "off-board",
        "record",
        "link-turn",
    ] {
        assert!(kinds.iter().any(|x| x == k), "{k}");
    }
}

#[wasm_bindgen_test]
fn a_game_starts_from_a_position_code_and_plays_a_whole_turn() {
    let start = "....b4g3/.....b4/....../....../b3...../g2b3.... g 2";
    let mut g = Game::from_position(start, "sequenced").unwrap();
    let st = state(&g);
    assert_eq!(text(&st, "code").as_deref(), Some(start));
    assert_eq!(text(&st, "side").as_deref(), Some("green"));
    assert_eq!(text(&st, "edition").as_deref(), Some("sequenced"));
    assert_eq!(number(&st, "turn"), Some(2.0));
    g.set_roll(1, 1).unwrap();
    // Green cannot move; the sequenced edition removes from the tallest
    // stack (f6) first, though the turn is written lower square first.
    let opts = parse(&g.options().unwrap());
    assert_eq!(Array::from(&get(&opts, "moves")).length(), 0);
    let d = thrown({
        let mut g = g.clone();
        move || g.act("-a1").map(JsValue::from)
    });
    assert_eq!(kind(&d), "not-tallest");
    g.play_turn("-a1 -f6").unwrap();
    let st = state(&g);
    assert!(get(&st, "complete").is_truthy());
    let actions: Array = get(&st, "actions").into();
    let texts: Vec<String> = actions.iter().map(|a| text(&a, "text").unwrap()).collect();
    assert_eq!(texts, ["-f6", "-a1"]);
    assert!(get(&actions.get(0), "to").is_null());
    assert_eq!(g.confirm().unwrap(), "1,1: -a1 -f6");
    assert_eq!(
        g.record_text(),
        format!("edition sequenced\nsize 6\nstart {start}\n1,1: -a1 -f6\n")
    );
    // A whole turn is refused as a whole: nothing changes.
    let mut g = Game::from_position(start, "sequenced").unwrap();
    g.set_roll(1, 1).unwrap();
    let before = g.state().unwrap();
    assert!(g.play_turn("-a1 -a1 -a1").is_err());
    let err = g.play_turn("-f6 -b1").unwrap_err();
    assert!(text(&err, "kind").is_some(), "{err:?}");
    assert_eq!(g.state().unwrap(), before);
    // Before the roll, and a bad code.
    let d = thrown(move || {
        Game::from_position(start, "sequenced")?
            .play_turn("-a1 -f6")
            .map(|()| JsValue::TRUE)
    });
    assert_eq!(kind(&d), "not-rolled");
    let d =
        thrown(|| Game::from_position("gbgb/bgxg/gbgb/bgbg b 1", "standard").map(JsValue::from));
    assert_eq!(kind(&d), "position-token");
    let d = thrown(move || Game::from_position(start, "fancy").map(JsValue::from));
    assert_eq!(kind(&d), "bad-edition");
}

#[wasm_bindgen_test]
fn a_set_up_board_crosses_as_its_code_or_a_diablo_error() {
    let mut cells = vec![0; 16];
    cells[1] = 2;
    cells[5] = -1;
    assert_eq!(
        setup_code(4, cells.clone().into(), "black", 9).unwrap(),
        "..../..../.g../.b2.. b 9"
    );
    let d = thrown(move || setup_code(4, cells.clone().into(), "green", 9).map(JsValue::from));
    assert_eq!(kind(&d), "position-side-turn");
    assert_eq!(param(&d, "side").as_string().as_deref(), Some("green"));
    assert_eq!(param(&d, "turn").as_f64(), Some(9.0));
    let d = thrown(|| setup_code(4, vec![0; 16].into(), "black", 1).map(JsValue::from));
    assert_eq!(kind(&d), "position-empty");
    let d = thrown(|| setup_code(4, vec![1; 3].into(), "black", 1).map(JsValue::from));
    assert_eq!(kind(&d), "setup-cells");
    assert_eq!(param(&d, "found").as_f64(), Some(3.0));
    assert_eq!(param(&d, "expected").as_f64(), Some(16.0));
}
