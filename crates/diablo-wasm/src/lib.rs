//! # diablo-wasm
//!
//! The browser's door to **Diablo, a game by Mark Steere**: a thin
//! wasm-bindgen layer over `diablo-core` (the computer player is
//! `diablo-wasm-ai`, a module of its own for the search worker). It converts and
//! rolls dice; it decides nothing. Every legality question is answered by
//! the engine, and every refusal crosses to JavaScript as a `DiabloError`
//! with a stable `kind` and its parameters (see [`error`]).
//!
//! Structured results cross as JSON text (`state()`, `options()`), whose
//! shapes `web/types.js` declares for the page's type check; squares cross
//! as indices (rank * N + file), board sizes as `u32` (checked here),
//! colours as `black`/`green`.
#![deny(missing_docs)]

mod dice;
pub mod error;
mod link;
mod notation;
mod session;
mod setup;
mod view;

pub use error::{Failure, KINDS};
pub use link::Replay;
pub use notation::{board_sizes, parse_action, parse_roll, square_index, square_name};
pub use session::Session;
pub use setup::{setup_code, setup_position};
pub use view::{ActionView, LogLine, Options, SourceView, State, Stats, TargetView};

use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// A game of Diablo as the page plays it: the record of finished turns, the
/// dice and the turn being built.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    inner: Session,
}

impl From<Session> for Game {
    fn from(inner: Session) -> Game {
        Game { inner }
    }
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|e| Failure::new("internal", e.to_string()).into())
}

#[wasm_bindgen]
impl Game {
    /// A new game from the start position: `size` is the board side (even,
    /// 2..=26), `edition` is `standard` or `sequenced`.
    ///
    /// # Errors
    /// `bad-size` or `bad-edition`.
    #[wasm_bindgen(constructor)]
    pub fn new(size: u32, edition: &str) -> Result<Game, JsValue> {
        Ok(Session::new(size, edition)?.into())
    }

    /// A new game from a position code (RULES.md section 8).
    ///
    /// # Errors
    /// `bad-edition` or the code's error (`position-*`).
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(code: &str, edition: &str) -> Result<Game, JsValue> {
        Ok(Session::from_position(code, edition)?.into())
    }

    /// A game read from a text record (headers `edition`, `size`, optional
    /// `start`, then `<roll>: <turn>` lines).
    ///
    /// # Errors
    /// `record`, with the line where reading stopped and the cause.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Game, JsValue> {
        Ok(Session::from_record(text)?.into())
    }

    /// Rolls both dice at random for the turn about to be played and returns
    /// them.
    ///
    /// # Errors
    /// `already-rolled`, `game-over`, or `no-random`.
    pub fn roll(&mut self) -> Result<Box<[u8]>, JsValue> {
        if self.inner.roll().is_some() {
            return Err(Failure::new(
                "already-rolled",
                "the dice are already rolled for this turn",
            )
            .into());
        }
        let (a, b) = dice::roll_two(self.inner.size() / 2)?;
        self.inner.set_roll(a, b)?;
        Ok(Box::new([a, b]))
    }

    /// Sets the dice (for a restored game, or a roll made elsewhere).
    ///
    /// # Errors
    /// `die-zero`, `die-too-big`, `game-over`, or `roll-locked` once an
    /// action of this turn was played.
    #[wasm_bindgen(js_name = setRoll)]
    pub fn set_roll(&mut self, a: u8, b: u8) -> Result<(), JsValue> {
        Ok(self.inner.set_roll(a, b)?)
    }

    /// Everything the page draws, as JSON (see [`State`]).
    ///
    /// # Errors
    /// Only `internal`, which these plain types cannot cause.
    pub fn state(&self) -> Result<String, JsValue> {
        json(&self.inner.state())
    }

    /// What each player did over the game, as JSON (see [`view::Stats`]).
    ///
    /// # Errors
    /// Only `internal`, which these plain types cannot cause.
    pub fn stats(&self) -> Result<String, JsValue> {
        json(&self.inner.stats())
    }

    /// The legal next actions, as JSON (see [`Options`]).
    ///
    /// # Errors
    /// Only `internal`, which these plain types cannot cause.
    pub fn options(&self) -> Result<String, JsValue> {
        json(&self.inner.options())
    }

    /// Moves the stack on square `from` to square `to` (indices) and returns
    /// the kind: `merge`, `capture` or `step`.
    ///
    /// # Errors
    /// The rule the move breaks (or `not-rolled`, `game-over`,
    /// `index-off-board`); nothing changes.
    pub fn play(&mut self, from: u32, to: u32) -> Result<String, JsValue> {
        Ok(self.inner.play_move(from, to)?.name().to_string())
    }

    /// Removes one checker from the stack on a square (index); returns
    /// `removal`.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn remove(&mut self, square: u32) -> Result<String, JsValue> {
        Ok(self.inner.remove(square)?.name().to_string())
    }

    /// Plays one action written in notation (`c3-c5` or `-c3`); returns its
    /// kind.
    ///
    /// # Errors
    /// `bad-square`/`bad-action` when the text cannot be read, else as
    /// [`Game::play`].
    pub fn act(&mut self, action: &str) -> Result<String, JsValue> {
        let action: diablo_core::Action = action.trim().parse().map_err(Failure::from)?;
        Ok(self.inner.act(action)?.name().to_string())
    }

    /// Plays a whole turn written in notation (`c3-c5 -d4`) from the start
    /// of the turn under way, in the order the rules allow.
    ///
    /// # Errors
    /// As [`Game::act`], or `empty-turn`/`too-many-actions`; nothing changes.
    #[wasm_bindgen(js_name = playTurn)]
    pub fn play_turn(&mut self, turn: &str) -> Result<(), JsValue> {
        let turn: diablo_core::Turn = turn.trim().parse().map_err(Failure::from)?;
        Ok(self.inner.play_turn(&turn)?)
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

    /// Ends the completed turn; returns it as `roll: turn`.
    ///
    /// # Errors
    /// `incomplete` (or another refusal) when the turn is not complete,
    /// `not-rolled` before the roll.
    pub fn confirm(&mut self) -> Result<String, JsValue> {
        let (r, t) = self.inner.confirm()?;
        Ok(format!("{r}: {t}"))
    }

    /// The game record as text (finished turns only).
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.inner.record_text()
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

/// Whether a text (a pasted URL, a fragment or a link) is a correspondence
/// link (`diablo-corr`, played on the friend page) rather than a share link.
#[wasm_bindgen(js_name = isCorrLink)]
#[must_use]
pub fn is_corr_link(text: &str) -> bool {
    let t = text.trim();
    let t = t.rsplit_once('#').map_or(t, |(_, f)| f);
    t.starts_with(diablo_core::link::CORR_PREFIX)
}
