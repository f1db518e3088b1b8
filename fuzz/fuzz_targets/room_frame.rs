//! A game room's frame reader (`diablo_server::relay::parse_room_frame`)
//! and what the relay does with each frame it reads — a link
//! (`Relay::offer`), a rematch offer (`Relay::offer_rematch`, always
//! refused there), a seat (`Relay::seat`) — for a room holding a 6x6 game
//! of five messages. A claim is only read (it waits on the archive).
//! Modes, by the first byte:
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
use diablo_server::relay::{Limits, Relay, RoomFrame, parse_room_frame};
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

fn check(frame: &str) {
    let limits = Limits::default();
    let Ok(read) = parse_room_frame(frame, &limits) else {
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
        RoomFrame::Link(link) => relay.offer(&ticket, &link).map(|_| ()),
        // The held game is not over: every offer is refused.
        RoomFrame::Rematch { invitation, proof } => {
            let r = relay.offer_rematch(&ticket, &invitation, &proof);
            assert!(r.is_err(), "an offer before the game is over");
            r
        }
        RoomFrame::Seat(seat) => {
            let r = relay.seat(&ticket, &seat.key, &seat.name, &seat.sig);
            // Nobody can sign for this nonce but the key's holder.
            assert_eq!(r.is_ok(), ticket.seat().is_some());
            r
        }
        RoomFrame::Claim => return,
    };
    match answer {
        Ok(()) => {}
        Err(refusal) => {
            assert!(matches!(
                refusal.kind(),
                "other-game" | "stale" | "forged" | "malformed" | "too-large" | "over"
            ));
            let _ = refusal.frame();
            assert_eq!(relay.memory_estimate(), memory);
            assert!(ticket.seat().is_none());
        }
    }
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
