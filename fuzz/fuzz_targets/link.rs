//! Share-link decoder. Two modes, by the first byte of the input:
//! - `!` + bytes: the bytes are sealed with the version and a correct
//!   CRC-32, so the fuzzer reaches the game decoder behind the checksum;
//! - anything else: the input (if UTF-8) is decoded as link text.
//!
//! A link that decodes must give a game whose links decode to it again; a
//! compact link must be the one spelling of its game.
#![no_main]

use diablo_core::{GameLink, LinkError, link};
use libfuzzer_sys::fuzz_target;

/// CRC-32 (IEEE), bit by bit, independent of the engine's table version.
fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// `1` + base64url(bytes + CRC-32 of "1" + bytes).
fn seal(bytes: &[u8]) -> String {
    let mut all = bytes.to_vec();
    all.extend(crc32(&[b"1".as_slice(), bytes].concat()).to_be_bytes());
    let mut out = String::from("1");
    link::base64url::encode(&all, &mut out);
    out
}

fn check(text: &str) {
    match link::decode(text) {
        Ok(game) => {
            let compact = game.encode();
            assert_eq!(link::decode(&compact).as_ref(), Ok(&game), "{compact}");
            let readable = game.encode_text();
            assert_eq!(link::decode(&readable).as_ref(), Ok(&game), "{readable}");
            let given = text.trim();
            let given = given.split_once('#').map_or(given, |(_, after)| after);
            if given.starts_with('1') {
                assert_eq!(compact, given, "one spelling per game");
            }
        }
        Err(e) => {
            let _ = e.to_string();
            if let LinkError::BadTurn { valid, .. } = &e {
                let n = valid.turns().len();
                let again = GameLink {
                    record: (**valid).clone(),
                    view: n,
                };
                assert_eq!(link::decode(&again.encode()), Ok(again));
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => check(&seal(rest)),
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
