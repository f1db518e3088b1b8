//! Share-link bindings in a real browser (headless Chromium via
//! wasm-bindgen-test): a game's link reads back as the same game, and a bad
//! link crosses to JavaScript as a thrown `DiabloError` carrying the
//! engine's message and a `link-*` kind (plus the valid prefix for an
//! illegal turn).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use diablo_wasm::{Game, Replay};
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

fn has(v: &JsValue, key: &str) -> bool {
    Reflect::has(v, &JsValue::from_str(key)).unwrap()
}

/// What `f` throws, seen from JavaScript: an `Error` named `DiabloError`
/// with a string `kind` and an object of `params`.
fn thrown(f: impl FnMut() -> Result<JsValue, JsValue> + 'static) -> Error {
    let closure = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(f);
    let out = call_catching(&closure);
    let err = get(&out, "error");
    assert!(
        err.is_instance_of::<Error>(),
        "expected a thrown Error, got {out:?}"
    );
    let err: Error = err.unchecked_into();
    assert_eq!(String::from(err.name()), "DiabloError");
    assert!(get(&err, "kind").is_string(), "{err:?}");
    assert!(get(&err, "params").is_object(), "{err:?}");
    err
}

/// What `Replay.fromLink(text)` throws, seen from JavaScript.
fn thrown_by_link(text: &str) -> Error {
    let text = text.to_string();
    thrown(move || Replay::from_link(&text).map(JsValue::from))
}

fn message(e: &Error) -> String {
    e.message().into()
}

fn kind(e: &Error) -> String {
    get(e, "kind").as_string().unwrap()
}

fn param(e: &JsValue, key: &str) -> JsValue {
    get(&get(e, "params"), key)
}

/// The position code of the position before the game's current turn.
fn code(g: &Game) -> String {
    get(&JSON::parse(&g.state().unwrap()).unwrap(), "code")
        .as_string()
        .unwrap()
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
    let link = g.link();
    assert!(link.starts_with('1'), "{link}");
    assert_eq!(Replay::from_record(GAME).unwrap().link(2), link);
    // A turn under way does not change the link.
    g.set_roll(2, 2).unwrap();
    assert_eq!(g.link(), link);

    let r = Replay::from_link(&format!("http://127.0.0.1/#{link}")).unwrap();
    assert_eq!((r.turns(), r.view()), (2, 2));
    assert_eq!(r.record_text(), GAME);
    let at1 = r.game_at(1);
    assert_eq!(code(&at1), "gbgb/bgbg/bbgb/.gbg g 2");
    assert_eq!(code(&r.game_at(2)), code(&g));
    // A turn count past the end is the whole game.
    assert_eq!(r.game_at(99).record_text(), GAME);
    // Views round-trip through the replay's links, compact and readable.
    for view in 0..=2 {
        assert_eq!(Replay::from_link(&r.link(view)).unwrap().view(), view);
        let readable = diablo_core::link::encode_text(r.record(), view as usize);
        assert!(readable.starts_with("record="), "{readable}");
        let back = Replay::from_link(&readable).unwrap();
        assert_eq!((back.view(), back.record_text()), (view, GAME.to_string()));
    }
}

#[wasm_bindgen_test]
fn the_documented_long_game_decodes_and_plays_on_from_any_turn() {
    let r = Replay::from_link(LONG).unwrap();
    assert_eq!((r.turns(), r.view()), (81, 81));
    assert_eq!(r.link(81), LONG);
    // Its record reads back as the same game.
    let again = Replay::from_record(&r.record_text()).unwrap();
    assert_eq!((again.turns(), again.view()), (81, 81));
    assert_eq!(again.link(81), LONG);
    assert_eq!(again.record_text(), r.record_text());
    // Continuing from turn 40: the game has 40 turns and takes a roll.
    let mut g = r.game_at(40);
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
    assert_eq!(kind(&e), "link-checksum");
    // No valid prefix is claimed for a damaged link.
    assert!(get(&e, "validRecord").is_undefined());
    assert!(!has(&e, "validRecord"));
}

#[wasm_bindgen_test]
fn unknown_versions_and_empty_links_throw_their_messages() {
    let e = thrown_by_link("#9AAAA");
    assert!(
        message(&e).starts_with("unknown link version '9'"),
        "{}",
        message(&e)
    );
    assert_eq!(kind(&e), "link-version");
    assert_eq!(param(&e, "found").as_string().as_deref(), Some("9"));
    let e = thrown_by_link("  ");
    assert_eq!(message(&e), "the link is empty");
    assert_eq!(kind(&e), "link-empty");
    let e = thrown_by_link(&LONG[..5]);
    assert!(message(&e).contains("cut short"), "{}", message(&e));
    assert_eq!(kind(&e), "link-truncated");
    assert!(param(&e, "field").is_string(), "{e:?}");
    // Every refusal of a link has a link kind.
    for bad in ["#9AAAA", "", "1!!!!", "record=%zz", &LONG[..5]] {
        let k = kind(&thrown_by_link(bad));
        assert!(k.starts_with("link-"), "{bad}: {k}");
    }
}

#[wasm_bindgen_test]
fn an_illegal_turn_throws_with_the_valid_prefix() {
    // Turn 2 moves Black's b2 on Green's turn.
    let e = thrown_by_link("record=edition%20standard%0Asize%204%0A2,1:%20a1-a2%0A1,1:%20b2-b3%0A");
    let m = message(&e);
    assert!(m.starts_with("turn 2 of the link cannot be played"), "{m}");
    assert!(m.contains("not yours"), "{m}");
    assert_eq!(kind(&e), "link-turn");
    assert_eq!(
        get(&e, "validRecord").as_string().as_deref(),
        Some("edition standard\nsize 4\n2,1: a1-a2\n")
    );
    assert_eq!(param(&e, "validTurns").as_f64(), Some(1.0));
    assert_eq!(param(&e, "number").as_f64(), Some(2.0));
    // The cause: the record's line, whose cause is the broken rule.
    let cause = param(&e, "cause");
    assert_eq!(get(&cause, "kind").as_string().as_deref(), Some("record"));
    let rule = get(&get(&cause, "params"), "cause");
    assert_eq!(
        get(&rule, "kind").as_string().as_deref(),
        Some("not-your-stack")
    );
    assert_eq!(
        get(&get(&rule, "params"), "square").as_string().as_deref(),
        Some("b2")
    );
    // The prefix opens as a replay of its own.
    let valid = get(&e, "validRecord").as_string().unwrap();
    assert_eq!(Replay::from_record(&valid).unwrap().turns(), 1);
}

#[wasm_bindgen_test]
fn a_bad_record_throws_naming_the_line() {
    let err =
        thrown(|| Replay::from_record("edition standard\nsize 4\n2,1: a1-a4\n").map(JsValue::from));
    assert!(message(&err).starts_with("line 3:"), "{}", message(&err));
    assert_eq!(kind(&err), "record");
    assert_eq!(param(&err, "line").as_f64(), Some(3.0));
    let cause = param(&err, "cause");
    assert_eq!(
        get(&cause, "kind").as_string().as_deref(),
        Some("wrong-distance")
    );
    assert!(!has(&err, "validRecord"));
}
