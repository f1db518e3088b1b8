//! Shared helpers for the integration tests: positions reached by random
//! play, so the players meet the variety of real games.

#![allow(dead_code)]

use diablo_ai::Rng;
use diablo_core::{Edition, Position, TurnList};

/// A position `plies` random turns after the start (fewer if the game ends
/// first; then the last position in play).
pub fn random_position(size: u32, edition: Edition, plies: u32, rng: &mut Rng) -> Position {
    let mut pos = Position::start(size).expect("board sizes in tests are valid");
    let mut list = TurnList::new();
    for _ in 0..plies {
        let roll = rng.roll(pos.size());
        let before = pos.clone();
        pos.list_turns(edition, roll, &mut list)
            .expect("a game in play with a fitting roll");
        let turn = list
            .get(rng.index(list.len()))
            .expect("at least one legal turn");
        let _ = pos.play_unchecked(turn);
        if pos.is_finished() {
            return before;
        }
    }
    pos
}
