//! A game room's one entry point for a client's text message
//! (`Relay::answer`, what the socket session calls): the frame read, and
//! what the relay does with it — a link (`Relay::take`, the archive in
//! memory), a rematch offer (always refused: the game is not over), a seat
//! or a claim — for a room holding a 6x6 game of five messages. Modes, by
//! the first byte:
//! - `!` + bytes: sealed as a link with a correct checksum and sent as a
//!   well-formed frame, so the fuzzer reaches the protocol's checks;
//! - `$` + bytes: a seat for a real key whose sig is the bytes in
//!   base64url, so the fuzzer reaches the signature's check;
//! - anything else: the input (if UTF-8) is the frame's text.
//!
//! Never panics; a refused frame changes nothing the relay holds, and a
//! refused seat seats nobody.
#![no_main]

use diablo_core::{Color, Edition};
use diablo_corr::{Due, Game, Role};
use diablo_server::relay::{Limits, Relay};
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
            let keys = if game.due_role() == Some(Role::Inviter) {
                &ikeys
            } else {
                &akeys
            };
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

/// A valid key as the wire spells it (the base point's encoding).
const KEY: &str = "WGZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY";

/// `bytes` in base64url without padding.
fn b64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(A[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// One runtime for every input: the relay's entry point is async.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

fn check(frame: &str) {
    runtime().block_on(async {
        let game = held();
        let relay = Relay::new(Limits::default());
        let Ok(ticket) = relay.enter(&game.id_hex(), std::net::IpAddr::from([10, 0, 0, 1])) else {
            panic!("a fresh relay lets one in");
        };
        let first = serde_json::json!({ "link": game.encode() }).to_string();
        relay.answer(&ticket, &first).await.expect("the held game");
        let memory = relay.memory_estimate();
        match relay.answer(&ticket, frame).await {
            Ok(()) => {}
            Err(refusal) => {
                assert!(matches!(
                    refusal.kind(),
                    "other-game"
                        | "stale"
                        | "forged"
                        | "malformed"
                        | "too-large"
                        | "over"
                        | "unseated"
                        | "not-seated"
                        | "too-early"
                ));
                let v: serde_json::Value =
                    serde_json::from_str(&refusal.text()).expect("an error frame is JSON");
                assert_eq!(v["error"], refusal.kind());
                assert_eq!(relay.memory_estimate(), memory);
                assert!(ticket.seat().is_none());
            }
        }
    });
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => {
            let frame = serde_json::json!({ "link": diablo_corr::seal(rest) }).to_string();
            check(&frame);
        }
        Some((b'$', rest)) => {
            let frame =
                serde_json::json!({ "seat": { "key": KEY, "name": "Ann", "sig": b64(rest) } })
                    .to_string();
            check(&frame);
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
