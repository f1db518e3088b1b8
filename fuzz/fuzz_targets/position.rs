//! Position code parser: never panics; a code that parses prints to the
//! same position. On small boards the position is also played: every
//! listed legal turn must play, for both editions, under the roll named by
//! the input's last byte.
#![no_main]

use diablo_core::{Edition, Position, Roll};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pos = match text.parse::<Position>() {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let printed = pos.to_string();
    assert_eq!(printed.parse::<Position>().as_ref(), Ok(&pos), "{printed}");
    if pos.size() > 8 || pos.is_finished() {
        return;
    }
    let faces = pos.die_faces();
    let last = data.last().copied().unwrap_or(0);
    let Some(roll) = Roll::new(last % faces + 1, (last / 16) % faces + 1) else {
        return;
    };
    for edition in Edition::ALL {
        let turns = pos.legal_turns(edition, roll).expect("game in progress");
        assert!(!turns.is_empty(), "a position in progress has a legal turn");
        for turn in turns.iter().take(64) {
            let after = pos.play(edition, roll, turn).expect("listed turn plays");
            assert_eq!(after.turn_number(), pos.turn_number() + 1);
        }
    }
});
