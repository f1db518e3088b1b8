//! Correspondence link decoder (`diablo_corr::Game::decode`, and
//! `Game::advance` on a held game). Two modes, by the first byte:
//! - `!` + bytes: the bytes are sealed with a correct checksum, so the
//!   fuzzer reaches the protocol's own checks behind it;
//! - anything else: the input (if UTF-8) is read as link text.
//!
//! Never panics; a link that decodes is the one spelling of its game, and
//! a held game advanced by its own link is unchanged.
#![no_main]

use diablo_corr::{Game, Progress};
use libfuzzer_sys::fuzz_target;


fn check(text: &str) {
    match Game::decode(text) {
        Ok(game) => {
            let link = game.encode();
            assert_eq!(Game::decode(&link).as_ref(), Ok(&game), "{link}");
            let mut held = game.clone();
            assert_eq!(held.advance(&link), Ok(Progress::Same));
            assert_eq!(held, game);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => check(&diablo_corr::seal(rest)),
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
