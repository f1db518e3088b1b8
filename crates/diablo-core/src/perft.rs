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
    let mut memo = Memo::default();
    perft_inner(
        &mut scratch,
        edition,
        depth,
        &rolls,
        &mut buffers,
        &mut memo,
    )
}

/// The most positions remembered (about 100 bytes each on small boards):
/// deep counts on large boards go on without remembering more.
const MEMO_CAP: usize = 2_000_000;

/// Counts already made, by position and depth: different turn sequences
/// often reach the same position (a step and a merge in either order), and
/// what follows depends only on the position. The turn number matters only
/// through the balancing rule, so it is kept as that flag.
#[derive(Default)]
struct Memo {
    map: std::collections::HashMap<(Vec<i16>, bool, bool, u32), u64, BuildFx>,
}

/// A small multiplicative hasher: the keys are short vectors of heights.
#[derive(Default, Clone, Copy)]
struct BuildFx;

impl std::hash::BuildHasher for BuildFx {
    type Hasher = Fx;
    fn build_hasher(&self) -> Fx {
        Fx(0)
    }
}

struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

fn perft_inner(
    pos: &mut Position,
    edition: Edition,
    depth: u32,
    rolls: &[[u8; 2]],
    buffers: &mut [Vec<rules::RawTurn>],
    memo: &mut Memo,
) -> u64 {
    if depth == 0 || pos.is_finished() {
        return 1;
    }
    let key = (
        pos.cells.clone(),
        pos.side == crate::color::Color::Black,
        pos.is_balancing_turn(),
        depth,
    );
    if let Some(&n) = memo.map.get(&key) {
        return n;
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
                total += perft_inner(pos, edition, depth - 1, rolls, rest, memo);
                rules::undo_turn(pos, u);
            }
        }
    }
    if memo.map.len() < MEMO_CAP {
        memo.map.insert(key, total);
    }
    total
}
