//! Text game record parser (`Record::from_str`): never panics; a record
//! that parses prints to text that parses to the same record, and its
//! share link brings it back.
#![no_main]

use diablo_core::{Record, link};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Record>() {
        Ok(record) => {
            let printed = record.to_string();
            assert_eq!(printed.parse::<Record>().as_ref(), Ok(&record), "{printed}");
            let n = record.turns().len();
            let game = link::decode(&link::encode(&record, n)).expect("own link decodes");
            assert_eq!(game.record, record);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
