//! Share links and text records for the page: the link of the game being
//! played, and a game read from a link or a record as a [`Replay`]. Every
//! check is `diablo_core::link`'s or the record reader's; this file only
//! converts. A refusal crosses as a `DiabloError` (`link-*` or `record`);
//! when a link fails at a turn it also carries `validRecord`, the text of
//! the valid turns before it, and `params.validTurns`.

use crate::Game;
use crate::error::Failure;
use crate::session::Session;
use diablo_core::{Record, link};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Game {
    /// The compact share link of this game's finished turns, viewing the
    /// position after the last one (a turn under way is not part of it).
    pub fn link(&self) -> String {
        let record = self.inner.record();
        link::encode(record, record.turns().len())
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
    /// `link-*`, with the valid beginning of the game when a turn could not
    /// be played.
    pub fn read_link(text: &str) -> Result<Replay, Failure> {
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
    /// `record`, naming the line where reading stopped.
    pub fn read_record(text: &str) -> Result<Replay, Failure> {
        let record: Record = text.parse()?;
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
    #[must_use]
    pub fn session_at(&self, turns: usize) -> Session {
        self.record.truncated(turns).into()
    }
}

#[wasm_bindgen]
impl Replay {
    /// A replay of the game in a share link.
    ///
    /// # Errors
    /// A `DiabloError` of a `link-*` kind; for a turn that cannot be played
    /// (`link-turn`) it also has `validRecord`.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<Replay, JsValue> {
        Ok(Replay::read_link(text)?)
    }

    /// A replay of a text record, viewing its last position.
    ///
    /// # Errors
    /// `record`, with the line where reading stopped.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<Replay, JsValue> {
        Ok(Replay::read_record(text)?)
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

    /// The whole game as a text record.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.record.to_string()
    }

    /// The game after its first `turns` turns (all of them if fewer): to
    /// draw that position, or to play on from it.
    #[wasm_bindgen(js_name = gameAt)]
    pub fn game_at(&self, turns: u32) -> Game {
        self.session_at(turns as usize).into()
    }
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
    }

    #[test]
    fn a_game_link_is_the_link_of_its_finished_turns() {
        let mut game = Game::from(Session::from_record(GAME).unwrap());
        let text = game.link();
        // A turn under way is not part of the link.
        game.inner.set_roll(1, 2).unwrap();
        assert_eq!(game.link(), text);
        let back = Replay::read_link(&text).unwrap();
        assert_eq!((back.record_text().as_str(), back.view()), (GAME, 2));
    }

    #[test]
    fn session_at_truncates_and_plays_on() {
        let replay = Replay::read_record(GAME).unwrap();
        let mut s = replay.session_at(1);
        assert_eq!(s.record_text(), "edition standard\nsize 4\n2,1: a1-a2\n");
        assert_eq!(s.state().code, "gbgb/bgbg/bbgb/.gbg g 2");
        s.set_roll(1, 1).unwrap();
        assert!(!s.options().moves.is_empty());
        assert_eq!(
            replay.session_at(0).record_text(),
            "edition standard\nsize 4\n"
        );
        assert_eq!(replay.session_at(9).record_text(), GAME);
    }

    #[test]
    fn bad_links_give_the_engine_message_and_kind() {
        let good = Replay::read_record(GAME).unwrap().link(2);
        let e = Replay::read_link("7abc").unwrap_err();
        assert!(e.message.starts_with("unknown link version '7'"), "{e:?}");
        assert_eq!(e.kind, "link-version");
        assert_eq!(e.valid_record, None);
        // Four characters are three whole bytes: the checksum no longer
        // matches. Three leave a partial byte: the link is cut short.
        let e = Replay::read_link(&good[..good.len() - 4]).unwrap_err();
        assert_eq!(e.kind, "link-checksum");
        let e = Replay::read_link(&good[..good.len() - 3]).unwrap_err();
        assert_eq!(e.kind, "link-truncated");
        let e = Replay::read_link("").unwrap_err();
        assert_eq!(
            (e.kind, e.message.as_str()),
            ("link-empty", "the link is empty")
        );
    }

    #[test]
    fn record_errors_name_the_line() {
        let e = Replay::read_record("edition standard\nsize 4\n2,1: a1-a4\n").unwrap_err();
        assert!(e.message.starts_with("line 3:"), "{}", e.message);
        assert_eq!(e.kind, "record");
    }
}
