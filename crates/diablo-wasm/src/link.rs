//! Share links and text records for the page: the link of the game being
//! played, and a game read from a link or a record as a [`Replay`]. Every
//! check is `diablo_core::link`'s or the record reader's; this file only
//! converts, and a refusal crosses to JavaScript as an `Error` carrying the
//! engine's message.
//!
//! When a link fails at an illegal turn, the thrown `Error` also carries the
//! valid beginning of the game: `validRecord` (its text record),
//! `validTurns` (how many turns it has) and `badTurn` (the 1-based number
//! of the turn that failed).

use crate::Game;
use crate::session::Session;
use diablo_core::{LinkError, Record, link};
use wasm_bindgen::prelude::*;

/// Why a link could not be read, in the terms the page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkFailure {
    /// The engine's message.
    pub message: String,
    /// The valid beginning of the game and the number of the turn that
    /// failed, when a turn could not be played.
    pub prefix: Option<(Record, usize)>,
}

impl From<LinkError> for LinkFailure {
    fn from(e: LinkError) -> Self {
        let prefix = match &e {
            LinkError::BadTurn { number, valid, .. } => Some((valid.as_ref().clone(), *number)),
            _ => None,
        };
        LinkFailure {
            message: e.to_string(),
            prefix,
        }
    }
}

impl LinkFailure {
    /// The JavaScript `Error` for this failure, with the valid prefix (if
    /// any) as extra properties.
    fn into_js(self) -> JsValue {
        let err = js_sys::Error::new(&self.message);
        if let Some((valid, bad)) = &self.prefix {
            let set = |key: &str, value: JsValue| {
                // Setting a property of a fresh plain Error cannot fail.
                let _ = js_sys::Reflect::set(&err, &JsValue::from_str(key), &value);
            };
            set("validRecord", JsValue::from_str(&valid.to_string()));
            set("validTurns", JsValue::from(valid.turns().len() as u32));
            set("badTurn", JsValue::from(*bad as u32));
        }
        err.into()
    }
}

/// The record of a game's finished turns, read back from its text.
fn record_of(game: &Game) -> Result<Record, String> {
    game.inner.record_text().parse().map_err(|e| format!("{e}"))
}

#[wasm_bindgen]
impl Game {
    /// The compact share link of this game's finished turns, viewing the
    /// position after the last one (a turn under way is not part of it).
    ///
    /// # Errors
    /// Only if the game's own record cannot be read back, which would be an
    /// engine bug.
    pub fn link(&self) -> Result<String, JsError> {
        let record = record_of(self).map_err(|e| JsError::new(&e))?;
        Ok(link::encode(&record, record.turns().len()))
    }
}

/// A whole game to be viewed turn by turn: read from a share link or a text
/// record, with the turn the link views.
#[wasm_bindgen]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    record: Record,
    view: usize,
}

impl Replay {
    /// Reads a share link (compact or readable; a whole URL may be given).
    ///
    /// # Errors
    /// The engine's message, with the valid beginning of the game when a
    /// turn could not be played.
    pub fn read_link(text: &str) -> Result<Replay, LinkFailure> {
        let game = link::decode(text)?;
        Ok(Replay {
            record: game.record,
            view: game.view,
        })
    }

    /// Reads a text record (RULES.md section 7); the view is its last
    /// position.
    ///
    /// # Errors
    /// The engine's message, naming the line where reading stopped.
    pub fn read_record(text: &str) -> Result<Replay, String> {
        let record: Record = text.parse().map_err(|e| format!("{e}"))?;
        let view = record.turns().len();
        Ok(Replay { record, view })
    }

    /// The whole game.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The game after its first `turns` turns (all of them if fewer), as a
    /// session ready to be drawn or played on.
    ///
    /// # Errors
    /// Only if the engine cannot read back a record it wrote.
    pub fn session_at(&self, turns: usize) -> Result<Session, String> {
        Session::from_record(&self.record.truncated(turns).to_string())
    }
}

#[wasm_bindgen]
impl Replay {
    /// A replay of the game in a share link.
    ///
    /// # Errors
    /// An `Error` with the engine's message (unknown version, checksum
    /// mismatch, cut short, bad size, turn N cannot be played, ...). For an
    /// illegal turn it also has `validRecord`, `validTurns` and `badTurn`.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<Replay, JsValue> {
        Replay::read_link(text).map_err(LinkFailure::into_js)
    }

    /// A replay of a text record, viewing its last position.
    ///
    /// # Errors
    /// The engine's message with the line where reading stopped.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Replay, JsError> {
        Replay::read_record(text).map_err(|e| JsError::new(&e))
    }

    /// How many turns the game has.
    #[wasm_bindgen(getter)]
    pub fn turns(&self) -> u32 {
        self.record.turns().len() as u32
    }

    /// The position the link views, as a number of turns played (0 is the
    /// start).
    #[wasm_bindgen(getter)]
    pub fn view(&self) -> u32 {
        self.view as u32
    }

    /// The compact share link of this game viewed after `view` turns (a
    /// view past the end is the last position).
    pub fn link(&self, view: u32) -> String {
        link::encode(&self.record, view as usize)
    }

    /// The readable share link (`record=...`) of this game viewed after
    /// `view` turns.
    #[wasm_bindgen(js_name = readableLink)]
    pub fn readable_link(&self, view: u32) -> String {
        link::encode_text(&self.record, (view as usize).min(self.record.turns().len()))
    }

    /// The whole game as a text record.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.record.to_string()
    }

    /// The game after its first `turns` turns (all of them if fewer): to
    /// draw that position, or to play on from it.
    ///
    /// # Errors
    /// Only if the engine cannot read back a record it wrote.
    #[wasm_bindgen(js_name = gameAt)]
    pub fn game_at(&self, turns: u32) -> Result<Game, JsError> {
        self.session_at(turns as usize)
            .map(|inner| Game { inner })
            .map_err(|e| JsError::new(&e))
    }
}

/// Reads a share link into JSON `{"record": "<text record>", "view": n}`.
///
/// # Errors
/// As [`Replay::from_link`].
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(text: &str) -> Result<String, JsValue> {
    let replay = Replay::read_link(text).map_err(LinkFailure::into_js)?;
    Ok(link_json(&replay))
}

fn link_json(replay: &Replay) -> String {
    serde_json::json!({ "record": replay.record.to_string(), "view": replay.view }).to_string()
}

/// The compact share link of a text record viewed after `view` turns.
///
/// # Errors
/// The engine's message when the record cannot be read.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(record: &str, view: u32) -> Result<String, JsError> {
    let replay = Replay::read_record(record).map_err(|e| JsError::new(&e))?;
    Ok(replay.link(view))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const GAME: &str = "edition standard\nsize 4\n2,1: a1-a2\n1,1: b1-c1 c1-d1\n";

    #[test]
    fn a_link_reads_back_the_game_and_view() {
        let replay = Replay::read_record(GAME).unwrap();
        assert_eq!(replay.turns(), 2);
        assert_eq!(replay.view(), 2);
        let text = replay.link(1);
        let back = Replay::read_link(&format!("https://example.org/#{text}")).unwrap();
        assert_eq!(back.record_text(), GAME);
        assert_eq!(back.view(), 1);
        // A view past the end is written as the end.
        assert_eq!(Replay::read_link(&replay.link(99)).unwrap().view(), 2);
        let readable = Replay::read_link(&replay.readable_link(0)).unwrap();
        assert_eq!(
            (readable.record_text().as_str(), readable.view()),
            (GAME, 0)
        );
    }

    #[test]
    fn a_game_link_is_the_link_of_its_finished_turns() {
        let mut game = Game {
            inner: Session::from_record(GAME).unwrap(),
        };
        let text = record_of(&game).map(|r| link::encode(&r, 2)).unwrap();
        // A turn under way is not part of the link.
        game.inner.set_roll(1, 2).unwrap();
        assert_eq!(record_of(&game).map(|r| link::encode(&r, 2)).unwrap(), text);
        let back = Replay::read_link(&text).unwrap();
        assert_eq!((back.record_text().as_str(), back.view()), (GAME, 2));
    }

    #[test]
    fn session_at_truncates_and_plays_on() {
        let replay = Replay::read_record(GAME).unwrap();
        let mut s = replay.session_at(1).unwrap();
        assert_eq!(s.record_text(), "edition standard\nsize 4\n2,1: a1-a2\n");
        assert_eq!(s.position_code(), "gbgb/bgbg/bbgb/.gbg g 2");
        s.set_roll(1, 1).unwrap();
        assert!(!s.options().moves.is_empty());
        assert_eq!(
            replay.session_at(0).unwrap().record_text(),
            "edition standard\nsize 4\n"
        );
        assert_eq!(replay.session_at(9).unwrap().record_text(), GAME);
    }

    #[test]
    fn bad_links_give_the_engine_message() {
        let good = Replay::read_record(GAME).unwrap().link(2);
        let e = Replay::read_link("7abc").unwrap_err();
        assert!(e.message.starts_with("unknown link version '7'"), "{e:?}");
        assert_eq!(e.prefix, None);
        // Four characters are three whole bytes: the checksum no longer
        // matches. Three leave a partial byte: the link is cut short.
        let e = Replay::read_link(&good[..good.len() - 4]).unwrap_err();
        assert!(e.message.contains("checksum does not match"), "{e:?}");
        let e = Replay::read_link(&good[..good.len() - 3]).unwrap_err();
        assert!(e.message.starts_with("the link is cut short"), "{e:?}");
        let e = Replay::read_link("").unwrap_err();
        assert_eq!(e.message, "the link is empty");
    }

    #[test]
    fn an_illegal_turn_keeps_the_valid_prefix() {
        // Turn 2 moves a Black stack on Green's turn.
        let text = "record=edition%20standard%0Asize%204%0A2,1:%20a1-a2%0A1,1:%20b2-b3%0A";
        let e = Replay::read_link(text).unwrap_err();
        assert!(
            e.message.starts_with("turn 2 of the link cannot be played"),
            "{e:?}"
        );
        let (valid, bad) = e.prefix.unwrap();
        assert_eq!(valid.to_string(), "edition standard\nsize 4\n2,1: a1-a2\n");
        assert_eq!(bad, 2);
    }

    #[test]
    fn record_errors_name_the_line_and_json_carries_record_and_view() {
        let e = Replay::read_record("edition standard\nsize 4\n2,1: a1-a4\n").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let replay = Replay::read_record(GAME).unwrap();
        let json: serde_json::Value = serde_json::from_str(&link_json(&replay)).unwrap();
        assert_eq!(json["record"], GAME);
        assert_eq!(json["view"], 2);
    }
}
