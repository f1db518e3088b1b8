//! The lobby's frame reader (`diablo_server::lobby::parse_frame`): what a
//! stranger sends to `<site>/lobby`. Modes, by the first byte:
//! - `!` + bytes: sealed as a link with a correct checksum and posted with
//!   a valid key, name and signature of that link, so the fuzzer reaches
//!   the invitation's checks;
//! - anything else: the input (if UTF-8) is the frame's text.
//!
//! Never panics; a post taken is an invitation (one message) of the game
//! it names, and every refusal is one of the lobby's kinds.
#![no_main]

use diablo_corr::Game;
use diablo_server::lobby::{LobbyFrame, LobbyLimits, hook_text, parse_frame};
use ed25519_dalek::{Signer as _, SigningKey};
use libfuzzer_sys::fuzz_target;

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn check(frame: &str) {
    match parse_frame(frame, &LobbyLimits::default()) {
        Ok(LobbyFrame::Post(c)) => {
            let game = Game::decode(&c.link).expect("a post taken holds a link");
            assert_eq!(game.messages().len(), 1, "an invitation");
            assert_eq!(game.id_hex(), c.game);
            assert_eq!(c.size, game.header().size);
            assert!(matches!(c.color.as_str(), "black" | "green" | "random"));
            let _ = c.json().to_string();
        }
        Ok(LobbyFrame::Withdraw { game, .. }) => {
            assert!(diablo_server::relay::is_game_id(&game));
        }
        Err(refusal) => {
            assert!(matches!(
                refusal.kind(),
                "malformed" | "forged" | "too-large"
            ));
            let v: serde_json::Value =
                serde_json::from_str(&refusal.frame()).expect("an error frame is JSON");
            assert_eq!(v["error"], refusal.kind());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => {
            let link = diablo_corr::seal(rest);
            let signing = SigningKey::from_bytes(&[7; 32]);
            let sig = b64(&signing.sign(hook_text(&link).as_bytes()).to_bytes());
            let frame = serde_json::json!({"post": {"link": link,
                "clock": {"initial": 300, "increment": 3}, "rated": false,
                "key": b64(&signing.verifying_key().to_bytes()), "name": "Ann", "sig": sig}});
            check(&frame.to_string());
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
