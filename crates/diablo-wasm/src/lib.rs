//! # diablo-wasm
//!
//! The browser's door to **Diablo, a game by Mark Steere**: a thin
//! wasm-bindgen layer over `diablo-core` and `diablo-ai`. It converts and
//! rolls dice; it decides nothing. Every legality question is answered by
//! the engine, and every refusal crosses to JavaScript as an exception
//! carrying the engine's message.
//!
//! Structured results cross as JSON text (`state()`, `options()`), squares
//! as indices (rank * N + file), action kinds as `merge`, `capture`,
//! `step`, `removal`.
#![deny(missing_docs)]

mod ai;
mod dice;
mod link;
mod session;
mod view;

pub use ai::{
    ChoiceView, PAGE_MAX_BUDGET, choose_turn, choose_with, computer_choice, hint, level_budget,
    page_budget, page_player, win_chance,
};
pub use link::{LinkFailure, Replay, decode_link, encode_link};
pub use session::Session;
pub use view::{ActionView, LogLine, Options, SourceView, State, TargetView};

use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// A game of Diablo as the page plays it: the record of finished turns, the
/// dice and the turn being built.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    inner: Session,
}

fn js(message: String) -> JsError {
    JsError::new(&message)
}

#[wasm_bindgen]
impl Game {
    /// A new game from the start position: `size` is the board side (even,
    /// 2..=26), `edition` is `standard` or `sequenced`.
    ///
    /// # Errors
    /// The engine's message for a bad size or edition.
    #[wasm_bindgen(constructor)]
    pub fn new(size: u32, edition: &str) -> Result<Game, JsError> {
        Session::new(size, edition)
            .map(|inner| Game { inner })
            .map_err(js)
    }

    /// A game read from a text record (headers `edition`, `size`, optional
    /// `start`, then `<roll>: <turn>` lines).
    ///
    /// # Errors
    /// The engine's message with the line where reading stopped.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Game, JsError> {
        Session::from_record(text)
            .map(|inner| Game { inner })
            .map_err(js)
    }

    /// The board side N.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> u8 {
        self.inner.size()
    }

    /// `standard` or `sequenced`.
    #[wasm_bindgen(getter)]
    pub fn edition(&self) -> String {
        self.inner.edition().to_string()
    }

    /// Rolls both dice at random for the turn about to be played and returns
    /// them.
    ///
    /// # Errors
    /// When the dice are already rolled for this turn or the game is over.
    pub fn roll(&mut self) -> Result<Vec<u8>, JsError> {
        if self.inner.roll().is_some() {
            return Err(js("the dice are already rolled for this turn".into()));
        }
        let (a, b) = dice::roll_two(self.inner.size() / 2).map_err(js)?;
        self.inner.set_roll(a, b).map_err(js)?;
        Ok(vec![a, b])
    }

    /// Sets the dice (for a restored game, or a roll made elsewhere).
    ///
    /// # Errors
    /// When a die does not fit the board, the game is over, or an action of
    /// this turn was already played.
    #[wasm_bindgen(js_name = setRoll)]
    pub fn set_roll(&mut self, a: u8, b: u8) -> Result<(), JsError> {
        self.inner.set_roll(a, b).map_err(js)
    }

    /// The dice in the order rolled, or `undefined` before the roll.
    pub fn dice(&self) -> Option<Vec<u8>> {
        self.inner.roll().map(|r| r.dice().to_vec())
    }

    /// Everything the page draws, as JSON (see [`State`]).
    ///
    /// # Errors
    /// Only if serialisation fails, which these plain types cannot.
    pub fn state(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.inner.state()).map_err(|e| js(e.to_string()))
    }

    /// The legal next actions, as JSON (see [`Options`]).
    ///
    /// # Errors
    /// Only if serialisation fails, which these plain types cannot.
    pub fn options(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.inner.options()).map_err(|e| js(e.to_string()))
    }

    /// Moves the stack on square `from` to square `to` (indices) and returns
    /// the kind: `merge`, `capture` or `step`.
    ///
    /// # Errors
    /// The engine's reason when the move is not legal now; nothing changes.
    pub fn play(&mut self, from: u32, to: u32) -> Result<String, JsError> {
        self.inner
            .play_move(from, to)
            .map(|k| k.name().to_string())
            .map_err(js)
    }

    /// Removes one checker from the stack on a square (index); returns
    /// `removal`.
    ///
    /// # Errors
    /// The engine's reason when the removal is not legal now.
    pub fn remove(&mut self, square: u32) -> Result<String, JsError> {
        self.inner
            .remove(square)
            .map(|k| k.name().to_string())
            .map_err(js)
    }

    /// Plays one action written in notation (`c3-c5` or `-c3`); returns its
    /// kind.
    ///
    /// # Errors
    /// The engine's message when the text cannot be read or the action is
    /// not legal now.
    pub fn act(&mut self, action: &str) -> Result<String, JsError> {
        let action = action.trim().parse().map_err(|e| js(format!("{e}")))?;
        self.inner
            .act(action)
            .map(|k| k.name().to_string())
            .map_err(js)
    }

    /// Takes back the last action of the current turn; returns it in
    /// notation, or `undefined` when none was played.
    #[wasm_bindgen(js_name = undoAction)]
    pub fn undo_action(&mut self) -> Option<String> {
        self.inner.undo_action().map(|a| a.to_string())
    }

    /// Takes back the last finished turn (dropping the turn under way) and
    /// restores its roll; returns it as `roll: turn`, or `undefined` when no
    /// turn has been played.
    #[wasm_bindgen(js_name = takeBack)]
    pub fn take_back(&mut self) -> Option<String> {
        self.inner.take_back().map(|(r, t)| format!("{r}: {t}"))
    }

    /// Whether the turn under way needs no further action.
    #[wasm_bindgen(js_name = isTurnComplete)]
    pub fn is_turn_complete(&self) -> bool {
        self.inner.is_turn_complete()
    }

    /// Ends the completed turn; returns it as `roll: turn`.
    ///
    /// # Errors
    /// The engine's message when the turn is not complete.
    pub fn confirm(&mut self) -> Result<String, JsError> {
        self.inner
            .confirm()
            .map(|(r, t)| format!("{r}: {t}"))
            .map_err(js)
    }

    /// The game record as text (finished turns only).
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.inner.record_text()
    }

    /// The position code of the position before the current turn.
    #[wasm_bindgen(js_name = positionCode)]
    pub fn position_code(&self) -> String {
        self.inner.position_code()
    }
}

thread_local! {
    static PANIC_HANDLER: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Registers a JavaScript function called with the message of any panic in
/// the engine or the bindings, so the page can show it instead of freezing.
/// The call that panicked then throws as usual.
#[wasm_bindgen(js_name = setPanicHandler)]
pub fn set_panic_handler(handler: js_sys::Function) {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    PANIC_HANDLER.with(|h| *h.borrow_mut() = Some(handler));
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            PANIC_HANDLER.with(|h| {
                if let Ok(h) = h.try_borrow()
                    && let Some(f) = h.as_ref()
                {
                    // Nothing more can be done if the handler itself throws.
                    let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&message));
                }
            });
        }));
    });
}
