//! The live relay's frame reader (`diablo_server::relay::parse_frame`) and
//! what the relay does with a link (`Relay::offer`) or a rematch offer
//! (`Relay::offer_rematch`, always refused there) for a room holding a
//! 6x6 game of five messages. Modes, by the first byte:
//! - `!` + bytes: sealed as a link with a correct checksum and sent as a
//!   well-formed frame, so the fuzzer reaches the protocol's checks;
//! - anything else: the input (if UTF-8) is the frame's text.
//!
//! Never panics; a refused frame changes nothing the relay holds.
#![no_main]

use diablo_core::{Color, Edition};
use diablo_corr::{Due, Game, Role};
use diablo_server::relay::{ClientFrame, Limits, Relay, parse_frame};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// A 6x6 game of five messages (first legal turns), fixed seeds.
fn held() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        let (invite, ikeys) =
            Game::invite(6, Edition::Standard, Color::Black, "Ann", [7; 16], [1; 32])
                .expect("invite");
        let (mut game, akeys) = invite.accept("Bo", [2; 32]).expect("accept");
        while game.messages().len() < 5 {
            let keys = if game.due_role() == Some(Role::Inviter) { &ikeys } else { &akeys };
            game = match game.due() {
                Due::Start => game.start(keys).expect("start"),
                _ => {
                    let roll = game.roll(keys).expect("roll");
                    let turns = game
                        .record()
                        .last()
                        .legal_turns(Edition::Standard, roll)
                        .expect("turns");
                    game.play(keys, &turns[0]).expect("play")
                }
            };
        }
        game
    })
}


fn check(frame: &str) {
    let limits = Limits::default();
    let Ok(read) = parse_frame(frame, &limits) else {
        return;
    };
    let game = held();
    let relay = Relay::new(limits);
    let Ok(ticket) = relay.enter(&game.id_hex(), [10, 0, 0, 1].into()) else {
        panic!("a fresh relay lets one in");
    };
    relay.offer(&ticket, &game.encode()).expect("the held game");
    let memory = relay.memory_estimate();
    let answer = match read {
        ClientFrame::Link(link) => relay.offer(&ticket, &link).map(|_| ()),
        // The held game is not over: every offer is refused.
        ClientFrame::Rematch { invitation, proof } => {
            let r = relay.offer_rematch(&ticket, &invitation, &proof);
            assert!(r.is_err(), "an offer before the game is over");
            r
        }
    };
    match answer {
        Ok(()) => {}
        Err(refusal) => {
            assert!(matches!(
                refusal.kind(),
                "other-game" | "stale" | "forged" | "malformed" | "too-large"
            ));
            let _ = refusal.frame();
            assert_eq!(relay.memory_estimate(), memory);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => {
            let frame = serde_json::json!({ "link": diablo_corr::seal(rest) }).to_string();
            check(&frame);
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
