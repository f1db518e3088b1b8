//! A board set up by hand (the analysis board): core's [`Setup`] checked
//! into a position and written as its code. The page holds the heights;
//! the engine judges them exactly as it judges a pasted position code.

use crate::error::Failure;
use diablo_core::{Color, Position, Setup};
use wasm_bindgen::prelude::*;

/// The position of a board set up by hand: side `size`, signed heights by
/// square index (`rank * size + file`, so `a1`, `b1`, ... first; Black
/// above 0, Green below), the side to move (`black` or `green`; `b`/`g`
/// too) and the turn number.
///
/// # Errors
/// `position-side` for a side that is not a colour, else the set-up's
/// refusal ([`diablo_core::SetupError`]): `bad-size`, `setup-cells`,
/// `position-too-many`, `position-turn`, `position-side-turn` or
/// `position-empty`.
pub fn setup_position(
    size: u32,
    cells: Vec<i32>,
    side: &str,
    turn: u32,
) -> Result<Position, Failure> {
    // Core's `Color::from_str` spelled out (same spellings, same message;
    // the tests compare them): smaller in the game module.
    let side = match side.trim() {
        "b" | "black" | "Black" => Color::Black,
        "g" | "green" | "Green" => Color::Green,
        text => {
            return Err(Failure::new(
                "position-side",
                format!("unknown colour '{text}' (expected b, g, black or green)"),
            )
            .with("text", text));
        }
    };
    Ok(Position::try_from(Setup {
        size,
        cells,
        side,
        turn,
    })?)
}

/// The position code of a board set up by hand (see [`setup_position`]).
///
/// # Errors
/// As [`setup_position`].
#[wasm_bindgen(js_name = setupCode)]
pub fn setup_code(size: u32, cells: Box<[i32]>, side: &str, turn: u32) -> Result<String, JsValue> {
    // `Box<[i32]>` rather than `Vec<i32>`: the same Int32Array for the page,
    // and ~100 bytes gzip less wasm-bindgen glue.
    Ok(setup_position(size, cells.into_vec(), side, turn)?.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::error::Param;

    fn code(size: u32, cells: &[i32], side: &str, turn: u32) -> Result<String, Failure> {
        setup_position(size, cells.to_vec(), side, turn).map(|p| p.to_string())
    }

    #[test]
    fn a_set_up_board_becomes_the_engines_code_or_a_typed_refusal() {
        let mut cells = vec![0; 16];
        cells[1] = 2; // b1
        cells[5] = -1; // b2
        let want = "..../..../.g../.b2.. b 9";
        for side in ["black", "b", " black "] {
            assert_eq!(code(4, &cells, side, 9).unwrap(), want, "{side}");
        }
        assert_eq!(
            code(4, &cells, "g", 10).unwrap(),
            "..../..../.g../.b2.. g 10"
        );
        // The code it writes is the one a pasted code reads back.
        let pasted: Position = want.parse().unwrap();
        assert_eq!(
            setup_position(4, cells.clone(), "black", 9).unwrap(),
            pasted
        );

        let e = code(4, &cells, "green", 9).unwrap_err();
        assert_eq!(e.kind, "position-side-turn");
        assert_eq!(e["side"], "green");
        assert_eq!(e["turn"], 9);
        let e = code(4, &[0; 16], "black", 1).unwrap_err();
        assert_eq!(e.kind, "position-empty");
        let e = code(4, &cells, "black", 0).unwrap_err();
        assert_eq!(e.kind, "position-turn");
        assert_eq!(e["text"], "0");
        let e = code(4, &cells, " red ", 9).unwrap_err();
        assert_eq!(e.kind, "position-side");
        assert_eq!(e["text"], "red");
        // In core's words for a colour it cannot read.
        let core = "red".parse::<Color>().unwrap_err();
        assert_eq!(e.message, core.to_string());
        // The binding reads a side as core reads a colour.
        for side in [
            "b", "black", "Black", "g", "green", "Green", " g ", "B", "BLACK", "G", "gr", "",
        ] {
            let read =
                code(4, &cells, side, 9).map_or_else(|e| e.kind != "position-side", |_| true);
            assert_eq!(read, side.trim().parse::<Color>().is_ok(), "{side:?}");
        }
        assert_eq!(code(4, &cells, "", 9).unwrap_err().kind, "position-side");

        let mut tall = cells.clone();
        // a1: 9 Black checkers, where at most 8 fit (counted as a code
        // lists the board, so a1 comes before b1).
        tall[0] = 9;
        let e = code(4, &tall, "black", 9).unwrap_err();
        assert_eq!(e.kind, "position-too-many");
        assert_eq!(e["color"], "black");
        assert_eq!(e["count"], 9);
        assert_eq!(e["max"], 8);
        assert_eq!(e["square"], "a1");
        tall[0] = i32::MIN;
        let e = code(4, &tall, "black", 9).unwrap_err();
        assert_eq!(
            (e.kind, &e["color"]),
            ("position-too-many", &"green".into())
        );

        let e = code(4, &[1; 3], "black", 1).unwrap_err();
        assert_eq!(e.kind, "setup-cells");
        assert_eq!(e["found"], 3);
        assert_eq!(e["expected"], 16);
        for size in [0, 3, 28, u32::MAX] {
            let e = code(size, &[], "black", 1).unwrap_err();
            assert_eq!(e.kind, "bad-size", "{size}");
            assert_eq!(e["size"], Param::from(size));
        }
    }

    #[test]
    fn a_set_up_refusal_is_the_same_codes_refusal() {
        // Each set-up beside its position code, written by hand: the page
        // words both with the same kind and parameters.
        let cases: [(&[i32], &str, u32, &str); 4] = [
            (&[1, 0, 0, -1], "green", 1, ".g/b. g 1"),
            (&[1, 0, 0, -1], "black", 0, ".g/b. b 0"),
            (&[0; 4], "black", 1, "../.. b 1"),
            (&[3, 0, 0, -1], "black", 1, ".g/b3. b 1"),
        ];
        for (cells, side, turn, pasted) in cases {
            let set_up = code(2, cells, side, turn).unwrap_err();
            let pasted = Failure::from(pasted.parse::<Position>().unwrap_err());
            assert_eq!(set_up.kind, pasted.kind);
            for (key, value) in &pasted.params {
                assert_eq!(&set_up[key], value, "{key}");
            }
        }
    }
}
