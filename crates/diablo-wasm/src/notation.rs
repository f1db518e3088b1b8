//! Notation for the page: square names and indices, actions drawn as
//! arrows, and the allowed board sizes. The page parses no notation itself;
//! it asks here.

use crate::error::Failure;
use crate::session::square_at;
use diablo_core::{Action, MAX_SIZE, Roll, Square, check_size};
use wasm_bindgen::prelude::*;

/// The name of the square with this index on an N x N board (`c3`).
///
/// # Errors
/// `bad-size` or `index-off-board`.
#[wasm_bindgen(js_name = squareName)]
pub fn square_name(index: u32, size: u32) -> Result<String, JsValue> {
    let n = check_size(size).map_err(Failure::from)?;
    Ok(square_at(index, n)?.to_string())
}

/// The index (rank * N + file) of a named square on an N x N board.
///
/// # Errors
/// `bad-size`, `bad-square` for a name that is not a square, `off-board`
/// for a square beyond this board.
#[wasm_bindgen(js_name = squareIndex)]
pub fn square_index(name: &str, size: u32) -> Result<u32, JsValue> {
    let n = check_size(size).map_err(Failure::from)?;
    let sq: Square = name.trim().parse().map_err(Failure::from)?;
    index_on(sq, n).map_err(Into::into)
}

fn index_on(sq: Square, n: u8) -> Result<u32, Failure> {
    sq.index(n).map(|i| i as u32).ok_or_else(|| {
        Failure::new("off-board", format!("{sq} is not on this {n}x{n} board"))
            .with("square", sq.to_string())
    })
}

/// An action in notation (`c3-c5`, `-c3`) as square indices on an N x N
/// board: `[from, to]` for a move, `[from]` for a removal. Nothing is
/// judged but the notation and the board's edges.
///
/// # Errors
/// `bad-size`, `bad-square`/`bad-action` for text that is not an action,
/// `off-board` for a square beyond this board.
#[wasm_bindgen(js_name = parseAction)]
pub fn parse_action(text: &str, size: u32) -> Result<Box<[u32]>, JsValue> {
    let n = check_size(size).map_err(Failure::from)?;
    let action: Action = text.trim().parse().map_err(Failure::from)?;
    // Boxed slices (here and in `parseRoll`, `Game.roll`): the same arrays
    // for the page as from a `Vec`, with less wasm-bindgen glue.
    Ok(match action {
        Action::Move { from, to } => Box::new([index_on(from, n)?, index_on(to, n)?]) as Box<[u32]>,
        Action::Remove(sq) => Box::new([index_on(sq, n)?]),
    })
}

/// A roll in notation (`3,1`) as its two dice. Whether they fit a board is
/// the game's call (`Game.setRoll`).
///
/// # Errors
/// `bad-roll`.
#[wasm_bindgen(js_name = parseRoll)]
pub fn parse_roll(text: &str) -> Result<Box<[u8]>, JsValue> {
    let roll: Roll = text.trim().parse().map_err(Failure::from)?;
    Ok(roll.dice().into())
}

/// Every allowed board side, smallest first (2, 4, ..., 26).
#[wasm_bindgen(js_name = boardSizes)]
#[must_use]
pub fn board_sizes() -> Vec<u32> {
    // Worked out when compiling: a range walked at run time costs the
    // module more than these 13 numbers.
    const SIZES: [u32; MAX_SIZE as usize / 2] = {
        let mut sizes = [0; MAX_SIZE as usize / 2];
        let mut i = 0;
        while i < sizes.len() {
            sizes[i] = 2 * (i as u32 + 1);
            i += 1;
        }
        sizes
    };
    SIZES.to_vec()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_round_trip_on_every_size() {
        for n in board_sizes() {
            for i in 0..n * n {
                let name = square_at(i, n as u8).unwrap().to_string();
                let sq: Square = name.parse().unwrap();
                assert_eq!(index_on(sq, n as u8).unwrap(), i);
            }
        }
        assert_eq!(square_at(10, 4).unwrap().to_string(), "c3");
    }

    #[test]
    fn squares_beyond_the_board_are_refused_by_kind() {
        let sq: Square = "e1".parse().unwrap();
        assert_eq!(index_on(sq, 4).unwrap_err().kind, "off-board");
        assert_eq!(square_at(16, 4).unwrap_err().kind, "index-off-board");
        assert_eq!(board_sizes().first(), Some(&2));
        assert_eq!(board_sizes().last(), Some(&26));
    }
}
