//! Counting turns (RULES.md section 9), to check move generators.

use crate::edition::Edition;
use crate::position::Position;
use crate::roll::Roll;
use crate::rules::{self, Ctx};

/// The number of turn sequences of length `depth` from `pos`, summing over
/// unordered rolls; a finished position counts 1.
///
/// The last ply is counted without being listed.
#[must_use]
pub fn perft(pos: &Position, edition: Edition, depth: u32) -> u64 {
    let mut scratch = pos.clone();
    let rolls: Vec<[u8; 2]> = Roll::all_unordered(pos.size)
        .into_iter()
        .map(|(r, _)| r.dice())
        .collect();
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_inner(&mut scratch, edition, depth, &rolls, &mut buffers)
}

fn perft_inner(
    pos: &mut Position,
    edition: Edition,
    depth: u32,
    rolls: &[[u8; 2]],
    buffers: &mut [Vec<rules::RawTurn>],
) -> u64 {
    if depth == 0 || pos.is_finished() {
        return 1;
    }
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    let mut total = 0;
    for &dice in rolls {
        let ctx = Ctx::new(pos, edition, dice);
        if depth == 1 {
            total += rules::count_turns(pos, &ctx, buf);
        } else {
            rules::legal_raw_turns(pos, &ctx, buf);
            for &t in buf.iter() {
                let u = rules::apply_turn(pos, t);
                total += perft_inner(pos, edition, depth - 1, rolls, rest);
                rules::undo_turn(pos, u);
            }
        }
    }
    total
}
