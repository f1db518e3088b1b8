//! Share-link bindings in a real browser (headless Chromium via
//! wasm-bindgen-test): a game's link reads back as the same game, and a bad
//! link crosses to JavaScript as a thrown `Error` carrying the engine's
//! message (plus the valid prefix for an illegal turn).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use diablo_wasm::{Game, Replay, decode_link, encode_link};
use js_sys::{Error, JSON, Reflect};
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
    fn call_catching(f: &Closure<dyn FnMut() -> Result<JsValue, JsValue>>) -> JsValue;
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

/// What `Replay.fromLink(text)` throws, seen from JavaScript.
fn thrown_by_link(text: &str) -> Error {
    let text = text.to_string();
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(move || {
        Replay::from_link(&text).map(JsValue::from)
    });
    let out = call_catching(&f);
    let err = get(&out, "error");
    assert!(
        err.is_instance_of::<Error>(),
        "expected a thrown Error, got {out:?}"
    );
    err.unchecked_into()
}

fn message(e: &Error) -> String {
    e.message().into()
}

const GAME: &str = "edition standard\nsize 4\n2,1: a1-a2\n1,1: b1-c1 c1-d1\n";

/// The 81-turn 8x8 game of `docs/links.md`.
const LONG: &str = "1A1ERnaf0KFYvesk4dAZU3TLwXj_mlMsGHIgBy5ZMgDpvfNbrdccKgrgu-FP8I_uOkDSm6f6_b6aPjbN-fQ8U6V4Pv8QTS3N_UEtdGK_degCnTAUFbyzFCfy4glC3ryLnLOhQwxxkcvL2GFHf-LEMsdiwEiUQOgcJ7qChcUU";

#[wasm_bindgen_test]
fn a_played_game_reads_back_from_its_link() {
    let mut g = Game::new(4, "standard").unwrap();
    g.set_roll(2, 1).unwrap();
    g.act("a1-a2").unwrap();
    g.confirm().unwrap();
    g.set_roll(1, 1).unwrap();
    g.act("b1-c1").unwrap();
    g.act("c1-d1").unwrap();
    g.confirm().unwrap();
    let link = g.link().unwrap();
    assert!(link.starts_with('1'), "{link}");
    assert_eq!(encode_link(GAME, 2).unwrap(), link);
    // A turn under way does not change the link.
    g.set_roll(2, 2).unwrap();
    assert_eq!(g.link().unwrap(), link);

    let r = Replay::from_link(&format!("http://127.0.0.1/#{link}")).unwrap();
    assert_eq!((r.turns(), r.view()), (2, 2));
    assert_eq!(r.record_text(), GAME);
    let at1 = r.game_at(1).unwrap();
    assert_eq!(at1.position_code(), "gbgb/bgbg/bbgb/.gbg g 2");
    assert_eq!(r.game_at(2).unwrap().position_code(), g.position_code());
    // Views round-trip through the replay's links.
    for view in 0..=2 {
        assert_eq!(Replay::from_link(&r.link(view)).unwrap().view(), view);
        assert_eq!(
            Replay::from_link(&r.readable_link(view)).unwrap().view(),
            view
        );
    }
}

#[wasm_bindgen_test]
fn the_documented_long_game_decodes_and_plays_on_from_any_turn() {
    let r = Replay::from_link(LONG).unwrap();
    assert_eq!((r.turns(), r.view()), (81, 81));
    assert_eq!(r.link(81), LONG);
    let json = JSON::parse(&decode_link(LONG).unwrap()).unwrap();
    assert_eq!(get(&json, "view").as_f64(), Some(81.0));
    assert_eq!(
        get(&json, "record").as_string().as_deref(),
        Some(r.record_text().as_str())
    );
    // Continuing from turn 40: the game has 40 turns and takes a roll.
    let mut g = r.game_at(40).unwrap();
    assert_eq!(g.record_text().lines().count(), 2 + 40);
    assert_eq!(g.roll().unwrap().len(), 2);
}

#[wasm_bindgen_test]
fn a_damaged_link_throws_the_checksum_message() {
    // One character changed in the middle of the long game's link.
    let mut flipped = LONG.to_string();
    let was = flipped.remove(80);
    flipped.insert(80, if was == 'A' { 'B' } else { 'A' });
    let e = thrown_by_link(&flipped);
    assert_eq!(
        message(&e),
        "the link is damaged: its checksum does not match (was it cut or changed?)"
    );
    // No valid prefix is claimed for a damaged link.
    assert!(get(&e, "validRecord").is_undefined());
}

#[wasm_bindgen_test]
fn unknown_versions_and_empty_links_throw_their_messages() {
    let e = thrown_by_link("#9AAAA");
    assert!(
        message(&e).starts_with("unknown link version '9'"),
        "{}",
        message(&e)
    );
    assert_eq!(message(&thrown_by_link("  ")), "the link is empty");
    let e = thrown_by_link(&LONG[..5]);
    assert!(message(&e).contains("cut short"), "{}", message(&e));
}

#[wasm_bindgen_test]
fn an_illegal_turn_throws_with_the_valid_prefix() {
    // Turn 2 moves Black's b2 on Green's turn.
    let e = thrown_by_link("record=edition%20standard%0Asize%204%0A2,1:%20a1-a2%0A1,1:%20b2-b3%0A");
    let m = message(&e);
    assert!(m.starts_with("turn 2 of the link cannot be played"), "{m}");
    assert!(m.contains("not yours"), "{m}");
    assert_eq!(
        get(&e, "validRecord").as_string().as_deref(),
        Some("edition standard\nsize 4\n2,1: a1-a2\n")
    );
    assert_eq!(get(&e, "validTurns").as_f64(), Some(1.0));
    assert_eq!(get(&e, "badTurn").as_f64(), Some(2.0));
    // The prefix opens as a replay of its own.
    let valid = get(&e, "validRecord").as_string().unwrap();
    assert_eq!(Replay::from_record(&valid).unwrap().turns(), 1);
}

#[wasm_bindgen_test]
fn a_bad_record_throws_naming_the_line() {
    let f = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(|| {
        Replay::from_record("edition standard\nsize 4\n2,1: a1-a4\n")
            .map(JsValue::from)
            .map_err(JsValue::from)
    });
    let err: Error = get(&call_catching(&f), "error").unchecked_into();
    assert!(message(&err).starts_with("line 3:"), "{}", message(&err));
}
