//! The bindings in a real browser (headless Chromium via wasm-bindgen-test):
//! values cross as the page expects, and refusals cross as JS exceptions
//! carrying the engine's message.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use diablo_wasm::Game;
use js_sys::{Array, Error, JSON, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = "
export function callCatching(f) {
  try { return { value: f() }; } catch (e) { return { error: e }; }
}
")]
extern "C" {
    /// Calls `f` from JavaScript, reporting a thrown exception as `error`.
    #[wasm_bindgen(js_name = callCatching)]
    fn call_catching(f: &Closure<dyn FnMut() -> Result<JsValue, JsError>>) -> JsValue;
}

fn parse(json: &str) -> JsValue {
    JSON::parse(json).unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn an_engine_refusal_is_thrown_in_js_as_an_error_with_the_engine_message() {
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsError>>::new(|| {
        let mut g = Game::new(4, "standard")?;
        g.set_roll(2, 1)?;
        // a2 holds Green: Black may not move it.
        g.act("a2-a4")?;
        Ok(JsValue::TRUE)
    });
    let out = call_catching(&f);
    let err = get(&out, "error");
    assert!(
        err.is_instance_of::<Error>(),
        "expected a thrown Error, got {out:?}"
    );
    let message: String = err.unchecked_into::<Error>().message().into();
    assert_eq!(
        message,
        "illegal first action a2-a4: the stack on a2 is not yours"
    );
}

#[wasm_bindgen_test]
fn a_bad_size_throws_from_the_constructor() {
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsError>>::new(|| {
        Game::new(5, "standard").map(JsValue::from)
    });
    let err = get(&call_catching(&f), "error");
    let message: String = err.unchecked_into::<Error>().message().into();
    assert!(message.contains("board size 5"), "{message}");
}

#[wasm_bindgen_test]
fn a_corrupt_record_throws_naming_the_line() {
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsError>>::new(|| {
        Game::from_record("edition standard\nsize 6\n2,1: zz-a1\n").map(JsValue::from)
    });
    let err = get(&call_catching(&f), "error");
    let message: String = err.unchecked_into::<Error>().message().into();
    assert!(message.starts_with("line 3:"), "{message}");
}

#[wasm_bindgen_test]
fn state_json_describes_the_start_position() {
    let g = Game::new(6, "sequenced").unwrap();
    let st = parse(&g.state().unwrap());
    assert_eq!(get(&st, "size").as_f64(), Some(6.0));
    assert_eq!(get(&st, "faces").as_f64(), Some(3.0));
    assert_eq!(
        get(&st, "edition").as_string().as_deref(),
        Some("sequenced")
    );
    assert_eq!(get(&st, "side").as_string().as_deref(), Some("black"));
    assert_eq!(get(&st, "turn").as_f64(), Some(1.0));
    assert!(get(&st, "balancing").is_truthy());
    assert!(get(&st, "roll").is_null());
    assert!(get(&st, "winner").is_null());
    let cells: Array = get(&st, "cells").into();
    assert_eq!(cells.length(), 36);
    // a1 Black (+1), b1 Green (-1).
    assert_eq!(cells.get(0).as_f64(), Some(1.0));
    assert_eq!(cells.get(1).as_f64(), Some(-1.0));
    let checkers: Array = get(&st, "checkers").into();
    assert_eq!(checkers.get(0).as_f64(), Some(18.0));
    assert_eq!(
        get(&st, "code").as_string().as_deref(),
        Some("gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1")
    );
}

#[wasm_bindgen_test]
fn random_rolls_fit_the_board_and_feed_the_options() {
    for _ in 0..50 {
        let mut g = Game::new(8, "standard").unwrap();
        let dice = g.roll().unwrap();
        assert_eq!(dice.len(), 2);
        assert!(dice.iter().all(|d| (1..=4).contains(d)), "{dice:?}");
        assert_eq!(g.dice(), Some(dice));
        // Rolling twice in one turn is refused.
        assert!(g.roll().is_err());
        let opts = parse(&g.options().unwrap());
        let moves: Array = get(&opts, "moves").into();
        assert!(moves.length() > 0);
        let first = moves.get(0);
        let targets: Array = get(&first, "targets").into();
        let kind = get(&targets.get(0), "kind").as_string().unwrap();
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
    assert!(g.is_turn_complete());
    assert_eq!(g.undo_action().as_deref(), Some("a1-a2"));
    assert!(!g.is_turn_complete());
    assert_eq!(g.act("a1-a2").unwrap(), "capture");
    assert_eq!(g.confirm().unwrap(), "2,1: a1-a2");
    assert_eq!(g.position_code(), "gbgb/bgbg/bbgb/.gbg g 2");
    let text = g.record_text();
    let again = Game::from_record(&text).unwrap();
    assert_eq!(again.position_code(), g.position_code());
    let st = parse(&again.state().unwrap());
    let log: Array = get(&st, "log").into();
    assert_eq!(
        get(&log.get(0), "turn").as_string().as_deref(),
        Some("a1-a2")
    );
    assert_eq!(g.take_back().as_deref(), Some("2,1: a1-a2"));
    assert_eq!(g.dice(), Some(vec![2, 1]));
    assert_eq!(g.position_code(), "gbgb/bgbg/gbgb/bgbg b 1");
}
