//! The computer-player bindings in a real browser (headless Chromium via
//! wasm-bindgen-test): every turn they hand out is one the engine accepts
//! action by action, the same seed gives the same choice, and bad input
//! crosses to JavaScript as a thrown `DiabloError` with the engine's message
//! and a stable `kind`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use diablo_wasm::Game;
use diablo_wasm_ai::{computer_choice, hint, page_player, win_chance};
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
    fn call_catching(f: &Closure<dyn FnMut() -> Result<JsValue, JsValue>>) -> JsValue;
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

/// The kind and message of what `f` throws in JavaScript (fails if it
/// returns, or if what it throws is not a `DiabloError`).
fn thrown(f: impl FnMut() -> Result<JsValue, JsValue> + 'static) -> (String, String) {
    let closure = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(f);
    let out = call_catching(&closure);
    let err = get(&out, "error");
    assert!(
        err.is_instance_of::<Error>(),
        "expected a thrown Error, got {out:?}"
    );
    let err: Error = err.unchecked_into();
    assert_eq!(String::from(err.name()), "DiabloError");
    assert!(get(&err, "params").is_object(), "{err:?}");
    let kind = get(&err, "kind").as_string().unwrap();
    (kind, err.message().into())
}

/// The parsed `state()` of a game.
fn state(g: &Game) -> JsValue {
    JSON::parse(&g.state().unwrap()).unwrap()
}

/// The position code of the position before the game's current turn.
fn code(g: &Game) -> String {
    get(&state(g), "code").as_string().unwrap()
}

/// Whether the game's turn under way needs no further action.
fn complete(g: &Game) -> bool {
    get(&state(g), "complete").is_truthy()
}

/// The turn (in notation) of a choice's JSON.
fn turn_of(json: &str) -> String {
    get(&JSON::parse(json).unwrap(), "turn")
        .as_string()
        .unwrap()
}

/// A small seeded generator for the dice (the page's dice are random).
struct Dice(u64);

impl Dice {
    fn next(&mut self, faces: u8) -> u8 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (((self.0 >> 33) % u64::from(faces)) as u8) + 1
    }
}

/// Plays a whole game where the computer (at `level`, within `budget`
/// nodes) chooses every turn and the engine's `Game` plays its actions one
/// at a time, as the page does. Returns the number of turns.
fn computer_game(size: u32, edition: &str, level: &str, budget: u32, seed: u64) -> u32 {
    let mut g = Game::new(size, edition).unwrap();
    let mut dice = Dice(seed);
    let faces = (size / 2) as u8;
    let mut turns = 0;
    while get(&state(&g), "winner").is_null() {
        let (a, b) = (dice.next(faces), dice.next(faces));
        g.set_roll(a, b).unwrap();
        let code = code(&g);
        let json = computer_choice(&code, edition, a, b, level, turns, Some(budget)).unwrap();
        let choice = JSON::parse(&json).unwrap();
        let turn = get(&choice, "turn").as_string().unwrap();
        let actions: Array = get(&choice, "actions").unchecked_into();
        assert!(actions.length() >= 1 && actions.length() <= 2, "{json}");
        for action in actions.iter() {
            let text = get(&action, "text").as_string().unwrap();
            // The engine judges each action; a refusal fails the test with its reason.
            g.act(&text)
                .unwrap_or_else(|e| panic!("{code} {a},{b}: {text} refused: {e:?}"));
        }
        assert!(
            complete(&g),
            "{code} {a},{b}: {turn} leaves the turn incomplete"
        );
        assert_eq!(g.confirm().unwrap(), format!("{a},{b}: {turn}"));
        turns += 1;
        assert!(turns < 400, "every game ends");
    }
    turns
}

#[wasm_bindgen_test]
fn every_turn_the_computer_chooses_is_legal_in_both_editions() {
    for (size, edition, level, seed) in [
        (6, "standard", "beginner", 1),
        (6, "standard", "easy", 2),
        (6, "sequenced", "easy", 3),
        (8, "standard", "medium", 4),
        (4, "sequenced", "hard", 5),
    ] {
        let turns = computer_game(size, edition, level, 3_000, seed);
        assert!(turns > 1, "{size} {edition} {level}: {turns} turns");
    }
}

#[wasm_bindgen_test]
fn the_same_seed_gives_the_same_choice() {
    let code = "gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1";
    for level in ["beginner", "easy", "medium"] {
        let one = computer_choice(code, "standard", 3, 2, level, 99, Some(5_000)).unwrap();
        let two = computer_choice(code, "standard", 3, 2, level, 99, Some(5_000)).unwrap();
        assert_eq!(one, two, "{level}");
    }
    // Beginner picks at random from the seed: some seed picks another turn.
    let turns: std::collections::BTreeSet<String> = (0..20)
        .map(|seed| {
            turn_of(&computer_choice(code, "standard", 3, 2, "beginner", seed, None).unwrap())
        })
        .collect();
    assert!(turns.len() > 1, "{turns:?}");
    // No budget is the page's budget for the level.
    let first = computer_choice(code, "standard", 3, 2, "easy", 7, None).unwrap();
    let budget = u32::try_from(page_player("easy", 7, None).unwrap().budget()).unwrap();
    let explicit = computer_choice(code, "standard", 3, 2, "easy", 7, Some(budget)).unwrap();
    assert_eq!(first, explicit);
    assert_eq!(
        get(&JSON::parse(&first).unwrap(), "budget").as_f64(),
        Some(f64::from(budget))
    );
}

#[wasm_bindgen_test]
fn a_choice_reports_its_search() {
    let code = "gbgbgb/bgbgbg/gbgbgb/bgbgbg/gbgbgb/bgbgbg b 1";
    let c =
        JSON::parse(&computer_choice(code, "standard", 1, 3, "medium", 1, Some(4_000)).unwrap())
            .unwrap();
    let nodes = get(&c, "nodes").as_f64().unwrap();
    assert!(nodes > 0.0 && nodes <= 4_000.0, "{nodes}");
    assert_eq!(get(&c, "budget").as_f64(), Some(4_000.0));
    assert_eq!(get(&c, "level").as_string().as_deref(), Some("medium"));
    let chance = get(&c, "winChance").as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "{chance}");
    // The page's own budgets, by level.
    let budget = |level| page_player(level, 0, None).unwrap().budget();
    assert_eq!(budget("beginner"), 0);
    assert!(budget("easy") < budget("hard"));
}

#[wasm_bindgen_test]
fn a_hint_is_a_playable_turn_and_chances_are_probabilities() {
    let mut g = Game::new(6, "standard").unwrap();
    g.set_roll(2, 3).unwrap();
    let code = code(&g);
    let h = JSON::parse(&hint(&code, "standard", 2, 3).unwrap()).unwrap();
    let actions: Array = get(&h, "actions").unchecked_into();
    for a in actions.iter() {
        g.act(&get(&a, "text").as_string().unwrap()).unwrap();
    }
    assert!(complete(&g));
    let chance = get(&h, "winChance").as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "{chance}");
    let before = win_chance(&code, "standard").unwrap();
    assert!((0.0..=1.0).contains(&before), "{before}");
    // Green has no checkers: Black has won, and Green (to move) has lost.
    assert_eq!(win_chance("b./.. g 4", "standard").unwrap(), 0.0);
}

#[wasm_bindgen_test]
fn bad_input_throws_with_the_engine_message() {
    let start = "gbgb/bgbg/gbgb/bgbg b 1";
    let choice =
        |position: &'static str, edition: &'static str, a: u8, b: u8, level: &'static str| {
            move || computer_choice(position, edition, a, b, level, 0, None).map(JsValue::from)
        };
    let (k, m) = thrown(choice("gbgb/bgxg/gbgb/bgbg b 1", "standard", 1, 1, "easy"));
    assert!(m.contains("rank 3: unknown token 'x'"), "{m}");
    assert_eq!(k, "position-token");
    let (k, m) = thrown(choice(start, "fancy", 1, 1, "easy"));
    assert!(m.contains("unknown edition 'fancy'"), "{m}");
    assert_eq!(k, "bad-edition");
    let (k, m) = thrown(choice(start, "standard", 3, 1, "easy"));
    assert!(m.contains("does not fit a 4x4 board"), "{m}");
    assert_eq!(k, "die-too-big");
    let (k, m) = thrown(choice(start, "standard", 0, 1, "easy"));
    assert!(m.contains("die value 0"), "{m}");
    assert_eq!(k, "die-zero");
    let (k, m) = thrown(choice(start, "standard", 1, 1, "expert"));
    assert_eq!(
        m,
        "unknown level 'expert' (expected beginner, easy, medium, hard or analysis)"
    );
    assert_eq!(k, "bad-level");
    let (k, m) = thrown(|| hint("b./.. g 4", "standard", 1, 1).map(JsValue::from));
    assert!(m.contains("game is over"), "{m}");
    assert_eq!(k, "game-over");
    let (k, m) = thrown(|| win_chance("b./.. x 4", "standard").map(JsValue::from));
    assert!(!m.is_empty());
    assert_eq!(k, "position-side");
    let (k, _) = thrown(|| win_chance("b./.. g 4", "fancy").map(JsValue::from));
    assert_eq!(k, "bad-edition");
}

#[wasm_bindgen_test]
fn game_over_names_the_winner_in_its_params() {
    let closure = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(|| {
        hint("b./.. g 4", "standard", 1, 1).map(JsValue::from)
    });
    let err = get(&call_catching(&closure), "error");
    let params = get(&err, "params");
    assert_eq!(get(&params, "winner").as_string().as_deref(), Some("black"));
}

/// The shipped nets and the test board nets give in wasm the values
/// recorded natively (the same file diablo-ai's native test checks), bit
/// for bit; this runs in the plain and the SIMD build.
#[wasm_bindgen_test]
fn the_shipped_nets_give_the_native_values() {
    let text = include_str!("../../diablo-ai/tests/net_values.txt");
    let checked = diablo_ai::net_values::check(text).unwrap();
    assert!(checked >= 24 + 32, "{checked} values");
}
