//! The rules of RULES.md sections 2–5, as a small machine of turn stages.
//!
//! Every question about legality goes through [`for_each_option`]: the legal
//! actions at a stage of a turn. Listing turns, counting them (perft), the
//! step-by-step builder for a UI and the validation of a written turn are all
//! built on it, so each rule is written exactly once.

use crate::action::{Action, ActionKind};
use crate::edition::Edition;
use crate::position::Position;
use crate::square::Square;

/// What is fixed for a whole turn.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx {
    pub edition: Edition,
    pub dice: [u8; 2],
    /// Black's first turn: a single action (sections 3.3 and 4).
    pub balancing: bool,
}

impl Ctx {
    pub(crate) fn new(pos: &Position, edition: Edition, dice: [u8; 2]) -> Ctx {
        Ctx {
            edition,
            dice,
            balancing: pos.is_balancing_turn(),
        }
    }

    /// The dice a first move may use: one of a double is enough, since both
    /// give the same actions.
    fn first_dice(&self) -> &'static [u8] {
        if self.dice[0] == self.dice[1] {
            &[0]
        } else {
            &[0, 1]
        }
    }
}

/// Where a turn stands. `die` is the index (0 or 1) of the die still unused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Nothing played yet.
    First,
    /// Standard, after a step: merge or capture with `die`, else remove any.
    AfterStep { die: u8 },
    /// Standard, after a merge or capture: any move with `die`, else remove any.
    AfterMove { die: u8 },
    /// Sequenced, after an individual move: an individual move with `die`,
    /// else remove from a tallest stack.
    AfterIndividual { die: u8 },
    /// Sequenced, after the step of a sequenced move onto square index `at`:
    /// that stack merges or captures with `die`, or another merges onto it.
    Complete { die: u8, at: u16 },
    /// The second removal of a turn that began with one.
    SecondRemoval,
    /// The turn is over.
    Done,
}

/// An action by square indices, with its kind and the die it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawOpt {
    pub from: u16,
    /// Equal to `from` for a removal.
    pub to: u16,
    pub kind: ActionKind,
    /// Index of the die used; meaningless for a removal.
    pub die: u8,
}

impl RawOpt {
    pub(crate) fn action(self, size: u8) -> Action {
        let from = Square::from_index(usize::from(self.from), size);
        match self.kind {
            ActionKind::Removal => Action::Remove(from),
            _ => Action::Move {
                from,
                to: Square::from_index(usize::from(self.to), size),
            },
        }
    }
}

const STEP: u8 = 1;
const MERGE: u8 = 2;
const CAPTURE: u8 = 4;
const ANY_MOVE: u8 = STEP | MERGE | CAPTURE;
const INDIVIDUAL: u8 = MERGE | CAPTURE;

const fn kind_bit(kind: ActionKind) -> u8 {
    match kind {
        ActionKind::Step => STEP,
        ActionKind::Merge => MERGE,
        ActionKind::Capture => CAPTURE,
        ActionKind::Removal => 0,
    }
}

/// The kind of a move by a stack of signed height `mover` onto a cell
/// holding `target`; `None` when the target is a taller enemy.
#[inline]
pub(crate) fn move_kind(mover: i16, target: i16) -> Option<ActionKind> {
    if target == 0 {
        Some(ActionKind::Step)
    } else if (target > 0) == (mover > 0) {
        Some(ActionKind::Merge)
    } else if target.unsigned_abs() <= mover.unsigned_abs() {
        Some(ActionKind::Capture)
    } else {
        None
    }
}

/// Calls `f` with each square index exactly `d` squares from `i` along its
/// rank or file, on a board of side `n`.
#[inline]
pub(crate) fn for_each_at_distance(n: usize, i: usize, d: usize, f: impl FnMut(usize)) {
    for_each_at_distance_xy(n, i, i % n, i / n, d, f);
}

/// As [`for_each_at_distance`], with the file and rank of `i` already known
/// (the hot loops walk the board by rank and file to avoid divisions).
#[inline]
fn for_each_at_distance_xy(
    n: usize,
    i: usize,
    file: usize,
    rank: usize,
    d: usize,
    mut f: impl FnMut(usize),
) {
    if file + d < n {
        f(i + d);
    }
    if file >= d {
        f(i - d);
    }
    if rank + d < n {
        f(i + d * n);
    }
    if rank >= d {
        f(i - d * n);
    }
}

/// Whether a cell belongs to the player to move.
#[inline]
fn own(pos: &Position, v: i16) -> bool {
    v * own_sign(pos) > 0
}

/// The sign of the side to move's heights: a cell times it is the height
/// of an own stack, else 0 or less.
#[inline]
fn own_sign(pos: &Position) -> i16 {
    match pos.side {
        crate::color::Color::Black => 1,
        crate::color::Color::Green => -1,
    }
}

// A rank's squares fit in the bits of a `u32` (see [`own_bits`]).
const _: () = assert!(crate::square::MAX_SIZE <= 32);

/// The squares of a rank holding an own stack at least `least` tall
/// (`least` ≥ 1), as bits: found without a branch a square, so that the
/// callers visit only those (walking every square cost a branch each,
/// most of them for empty or enemy squares late in a game).
#[inline]
fn own_bits(row: &[i16], sign: i16, least: i16) -> u32 {
    let mut bits = 0u32;
    for (x, &v) in row.iter().enumerate() {
        bits |= u32::from(v * sign >= least) << x;
    }
    bits
}

/// Calls `f(rank, file, square)` for each of the side to move's stacks at
/// least `least` tall (`least` ≥ 1), in square order.
#[inline]
fn for_each_own(pos: &Position, least: i16, mut f: impl FnMut(usize, usize, usize)) {
    let n = usize::from(pos.size);
    let sign = own_sign(pos);
    // Ranks by index, not `chunks_exact`: the game's module, built for
    // size, is 200 bytes (gzip) smaller so, which its start budget needs.
    for rank in 0..n {
        let mut own = own_bits(&pos.cells[rank * n..rank * n + n], sign, least);
        while own != 0 {
            let file = own.trailing_zeros() as usize;
            own &= own - 1;
            f(rank, file, rank * n + file);
        }
    }
}

/// Visits the side to move's moves with die `die`, of the kinds in `mask`.
fn visit_moves(pos: &Position, ctx: &Ctx, die: u8, mask: u8, f: &mut impl FnMut(RawOpt)) {
    let n = usize::from(pos.size);
    let d = usize::from(ctx.dice[usize::from(die)]);
    let cells = &pos.cells[..];
    for_each_own(pos, 1, |rank, file, i| {
        let v = cells[i];
        for_each_at_distance_xy(n, i, file, rank, d, |t| {
            if let Some(kind) = move_kind(v, cells[t]) {
                if kind_bit(kind) & mask != 0 {
                    f(RawOpt {
                        from: i as u16,
                        to: t as u16,
                        kind,
                        die,
                    });
                }
            }
        });
    });
}

/// Sequenced edition: whether a step from `from` to `to` can be completed
/// with die value `d` (section 4): the stepped stack merges or captures, or
/// another own stack merges onto it. Judged on the board after the step.
fn step_can_complete(pos: &Position, from: usize, to: usize, d: usize) -> bool {
    let n = usize::from(pos.size);
    let mover = pos.cells[from];
    let mut ok = false;
    for_each_at_distance(n, to, d, |q| {
        // The step emptied `from`.
        let v = if q == from { 0 } else { pos.cells[q] };
        // An own stack there: the stepped stack can merge onto it, and it
        // can merge onto the stepped stack. An enemy no taller: a capture.
        if v != 0 && move_kind(mover, v).is_some() {
            ok = true;
        }
    });
    ok
}

/// Visits the removals allowed: from any own stack, or (sequenced) from a
/// tallest one.
fn visit_removals(pos: &Position, ctx: &Ctx, f: &mut impl FnMut(RawOpt)) {
    let sign = own_sign(pos);
    // The least height removed from: 1, or (sequenced) the tallest, since
    // no own stack is taller.
    let least = if ctx.edition == Edition::Sequenced {
        pos.cells
            .iter()
            .map(|&v| v * sign)
            .max()
            .unwrap_or(0)
            .max(1)
    } else {
        1
    };
    for_each_own(pos, least, |_, _, i| {
        f(RawOpt {
            from: i as u16,
            to: i as u16,
            kind: ActionKind::Removal,
            die: 0,
        });
    });
}

/// For the stages whose options are "moves of these kinds with this die,
/// else a removal": the die and the kinds.
const fn plain_move_stage(stage: Stage) -> Option<(u8, u8)> {
    match stage {
        Stage::AfterStep { die } | Stage::AfterIndividual { die } => Some((die, INDIVIDUAL)),
        Stage::AfterMove { die } => Some((die, ANY_MOVE)),
        _ => None,
    }
}

/// Calls `f` with every legal action at `stage`, each exactly once.
pub(crate) fn for_each_option(pos: &Position, ctx: &Ctx, stage: Stage, f: &mut impl FnMut(RawOpt)) {
    let mut found = false;
    let mut seen = |o: RawOpt| {
        found = true;
        f(o);
    };
    match stage {
        Stage::Done => return,
        Stage::SecondRemoval => {
            visit_removals(pos, ctx, f);
            return;
        }
        Stage::First => {
            for &die in ctx.first_dice() {
                match ctx.edition {
                    Edition::Standard => visit_moves(pos, ctx, die, ANY_MOVE, &mut seen),
                    Edition::Sequenced => {
                        visit_moves(pos, ctx, die, INDIVIDUAL, &mut seen);
                        if !ctx.balancing {
                            let other = usize::from(ctx.dice[usize::from(1 - die)]);
                            visit_moves(pos, ctx, die, STEP, &mut |o: RawOpt| {
                                if step_can_complete(pos, o.from.into(), o.to.into(), other) {
                                    seen(o);
                                }
                            });
                        }
                    }
                }
            }
        }
        Stage::AfterStep { .. } | Stage::AfterIndividual { .. } | Stage::AfterMove { .. } => {
            if let Some((die, mask)) = plain_move_stage(stage) {
                visit_moves(pos, ctx, die, mask, &mut seen);
            }
        }
        Stage::Complete { die, at } => {
            let n = usize::from(pos.size);
            let at = usize::from(at);
            let mover = pos.cells[at];
            let d = usize::from(ctx.dice[usize::from(die)]);
            for_each_at_distance(n, at, d, |q| {
                let v = pos.cells[q];
                if v == 0 {
                    return;
                }
                if let Some(kind) = move_kind(mover, v) {
                    seen(RawOpt {
                        from: at as u16,
                        to: q as u16,
                        kind,
                        die,
                    });
                }
                if own(pos, v) {
                    seen(RawOpt {
                        from: q as u16,
                        to: at as u16,
                        kind: ActionKind::Merge,
                        die,
                    });
                }
            });
            // A step is offered only when it can be completed.
            debug_assert!(found, "sequenced step without completion");
            return;
        }
    }
    if !found {
        visit_removals(pos, ctx, f);
    }
}

/// How many random candidates [`random_option`] tries before it lists
/// every option.
const RANDOM_TRIES: usize = 12;

/// Draws one legal action at `stage`, uniformly, for random playouts, or
/// `None` when there is none (the turn is over).
///
/// For move stages it draws a candidate (one of the mover's stacks, a die
/// of the stage, a direction) and keeps it when it is legal: every legal
/// move is exactly one candidate, so a kept candidate is uniform among
/// them. After [`RANDOM_TRIES`] misses, and at the other stages, it lists
/// the options ([`for_each_option`]) and draws among them, which is uniform
/// too. `pick(n)` draws an index below `n` (larger values are clamped);
/// `stacks` and `out` are reused space.
pub(crate) fn random_option(
    pos: &Position,
    ctx: &Ctx,
    stage: Stage,
    stacks: &mut Vec<u16>,
    out: &mut Vec<RawOpt>,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<RawOpt> {
    let first_mask = match (ctx.edition, ctx.balancing) {
        (Edition::Sequenced, true) => INDIVIDUAL,
        _ => ANY_MOVE,
    };
    let (dice, mask): ([u8; 2], u8) = match (stage, plain_move_stage(stage)) {
        (Stage::First, _) => ([0, 1], first_mask),
        (_, Some((die, mask))) => ([die, die], mask),
        _ => ([0, 0], 0),
    };
    let nd = if stage == Stage::First && ctx.dice[0] != ctx.dice[1] {
        2
    } else {
        1
    };
    if mask != 0 {
        let n = usize::from(pos.size);
        stacks.clear();
        for (i, &v) in pos.cells.iter().enumerate() {
            if own(pos, v) {
                stacks.push(i as u16);
            }
        }
        let candidates = stacks.len() * nd * 4;
        for _ in 0..RANDOM_TRIES {
            let Some(last) = candidates.checked_sub(1) else {
                break;
            };
            let c = pick(candidates).min(last);
            let from = usize::from(stacks[c / (4 * nd)]);
            let die = dice[(c / 4) % nd];
            let d = usize::from(ctx.dice[usize::from(die)]);
            let (file, rank) = (from % n, from / n);
            let to = match c % 4 {
                0 if file + d < n => from + d,
                1 if file >= d => from - d,
                2 if rank + d < n => from + d * n,
                3 if rank >= d => from - d * n,
                _ => continue,
            };
            let Some(kind) = move_kind(pos.cells[from], pos.cells[to]) else {
                continue;
            };
            if kind_bit(kind) & mask == 0 {
                continue;
            }
            if stage == Stage::First
                && ctx.edition == Edition::Sequenced
                && kind == ActionKind::Step
            {
                let other = usize::from(ctx.dice[usize::from(1 - die)]);
                if !step_can_complete(pos, from, to, other) {
                    continue;
                }
            }
            return Some(RawOpt {
                from: from as u16,
                to: to as u16,
                kind,
                die,
            });
        }
    }
    out.clear();
    for_each_option(pos, ctx, stage, &mut |o| out.push(o));
    let last = out.len().checked_sub(1)?;
    Some(out[pick(out.len()).min(last)])
}

/// The stage after playing `opt` at `stage`, judged on the board after it.
pub(crate) fn next_stage(after: &Position, ctx: &Ctx, stage: Stage, opt: RawOpt) -> Stage {
    if after.is_finished() || stage != Stage::First || ctx.balancing {
        return Stage::Done;
    }
    next_stage_kind(ctx, opt)
}

/// What [`apply`] changed, to put it back.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Undo {
    from: u16,
    from_was: i16,
    to: u16,
    to_was: i16,
}

/// Plays one action on the board (the side to move does not change).
#[inline]
pub(crate) fn apply(pos: &mut Position, opt: RawOpt) -> Undo {
    let (from, to) = (usize::from(opt.from), usize::from(opt.to));
    let from_was = pos.cell(from);
    let to_was = pos.cell(to);
    if opt.kind == ActionKind::Removal {
        pos.set_cell(from, from_was - from_was.signum());
    } else {
        let landed = if opt.kind == ActionKind::Merge {
            from_was + to_was
        } else {
            from_was
        };
        pos.set_cell(from, 0);
        pos.set_cell(to, landed);
    }
    Undo {
        from: opt.from,
        from_was,
        to: opt.to,
        to_was,
    }
}

/// Takes back what [`apply`] did.
#[inline]
pub(crate) fn undo(pos: &mut Position, u: Undo) {
    pos.set_cell(usize::from(u.to), u.to_was);
    pos.set_cell(usize::from(u.from), u.from_was);
}

/// All options at a stage, in a vector.
pub(crate) fn options(pos: &Position, ctx: &Ctx, stage: Stage) -> Vec<RawOpt> {
    let mut out = Vec::new();
    for_each_option(pos, ctx, stage, &mut |o| out.push(o));
    out
}

/// A whole turn by indices: one or two actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawTurn {
    pub first: RawOpt,
    pub second: Option<RawOpt>,
}

impl RawTurn {
    /// Two removals, in canonical order (lower square first).
    fn removal_key(&self) -> Option<(u16, u16)> {
        match self.second {
            Some(s) if self.first.kind == ActionKind::Removal => {
                Some((self.first.from.min(s.from), self.first.from.max(s.from)))
            }
            _ => None,
        }
    }
}

/// Every legal turn, each once. `pos` is used as scratch and restored.
pub(crate) fn legal_raw_turns(pos: &mut Position, ctx: &Ctx, out: &mut Vec<RawTurn>) {
    out.clear();
    let firsts = options(pos, ctx, Stage::First);
    let removals_first = firsts
        .first()
        .is_some_and(|o| o.kind == ActionKind::Removal);
    for first in firsts {
        push_turns_from(pos, ctx, first, out);
    }
    if removals_first {
        // -a -b and -b -a are one turn (RULES.md section 7).
        for t in out.iter_mut() {
            if let (Some(key), Some(second)) = (t.removal_key(), t.second.as_mut()) {
                t.first.from = key.0;
                t.first.to = key.0;
                second.from = key.1;
                second.to = key.1;
            }
        }
        // Unstable is enough: equal keys are equal turns (see crate::sort).
        let key = |t: &RawTurn| (t.first.from, t.second.map(|s| s.from));
        crate::sort::heap_sort(out, |a, b| key(a) < key(b));
        out.dedup();
    }
}

/// The moves of one die and kind mask at a plain move stage
/// ([`plain_move_stage`]) on the board before the first action, in
/// [`visit_moves`] order, to list the second actions after each first
/// action without walking the whole board again: a first action changes
/// only its two squares, so only the moves that start or end on one of
/// them differ ([`Split`]).
pub(crate) struct Seconds {
    moves: Vec<RawOpt>,
    /// Each move's place in [`visit_moves`] order: from * 4 + direction
    /// (ascending).
    keys: Vec<u32>,
    /// The indices of the captures among `moves`.
    captures: Vec<u32>,
    die: u8,
    mask: u8,
    /// The die's value.
    d: usize,
}

/// How one first action changes a [`Seconds`] list: the listed moves that
/// start or end on one of its two squares (by index, ascending) give way
/// to the moves there on the board after it (by key, ascending). At most
/// four moves start on each square and four end on it.
pub(crate) struct Split {
    touched: [u32; 16],
    touched_len: usize,
    near: [(u32, RawOpt); 16],
    near_len: usize,
}

impl Split {
    fn touched(&self) -> &[u32] {
        &self.touched[..self.touched_len]
    }

    fn near(&self) -> &[(u32, RawOpt)] {
        &self.near[..self.near_len]
    }
}

impl Seconds {
    pub(crate) fn list(pos: &Position, ctx: &Ctx, die: u8, mask: u8) -> Seconds {
        let d = usize::from(ctx.dice[usize::from(die)]);
        let n = usize::from(pos.size);
        let mut moves = Vec::new();
        let mut keys = Vec::new();
        let mut captures = Vec::new();
        visit_moves(pos, ctx, die, mask, &mut |o| {
            if o.kind == ActionKind::Capture {
                captures.push(moves.len() as u32);
            }
            keys.push(move_key(n, d, o));
            moves.push(o);
        });
        Seconds {
            moves,
            keys,
            captures,
            die,
            mask,
            d,
        }
    }

    /// The moves that start or end on the two squares of `first` on
    /// `after`, the board once it is played (no listed move marked yet).
    fn near(&self, after: &Position, first: RawOpt) -> Split {
        let n = usize::from(after.size);
        let d = self.d;
        let (a, b) = (usize::from(first.from), usize::from(first.to));
        let cells = &after.cells[..];
        let mut split = Split {
            touched: [0; 16],
            touched_len: 0,
            near: [(0, first); 16],
            near_len: 0,
        };
        let mut add = |from: usize, to: usize| {
            if let Some(kind) = move_kind(cells[from], cells[to]) {
                if kind_bit(kind) & self.mask != 0 {
                    let o = RawOpt {
                        from: from as u16,
                        to: to as u16,
                        kind,
                        die: self.die,
                    };
                    split.near[split.near_len] = (move_key(n, d, o), o);
                    split.near_len += 1;
                }
            }
        };
        for s in [a, b] {
            let (file, rank) = (s % n, s / n);
            let mine = own(after, cells[s]);
            for_each_at_distance_xy(n, s, file, rank, d, |t| {
                if mine {
                    add(s, t);
                }
                // Moves onto s from elsewhere (from a or b: seen above).
                if t != a && t != b && own(after, cells[t]) {
                    add(t, s);
                }
            });
        }
        crate::sort::heap_sort(&mut split.near[..split.near_len], |x, y| x.0 < y.0);
        split
    }

    /// The change made by `first`; `after` is the board once it is played.
    pub(crate) fn split(&self, after: &Position, first: RawOpt) -> Split {
        let mut split = self.near(after, first);
        let (n, d) = (usize::from(after.size), self.d);
        let (a, b) = (usize::from(first.from), usize::from(first.to));
        // The listed moves from a or b, and onto them: by their keys.
        let mut find = |key: usize| {
            if let Ok(i) = self.keys.binary_search(&(key as u32)) {
                split.touched[split.touched_len] = i as u32;
                split.touched_len += 1;
            }
        };
        for s in [a, b] {
            let (file, rank) = (s % n, s / n);
            for dir in 0..4 {
                find(s * 4 + dir);
            }
            if file >= d {
                find((s - d) * 4);
            }
            if file + d < n {
                find((s + d) * 4 + 1);
            }
            if rank >= d {
                find((s - d * n) * 4 + 2);
            }
            if rank + d < n {
                find((s + d * n) * 4 + 3);
            }
        }
        let touched = &mut split.touched[..split.touched_len];
        crate::sort::heap_sort(touched, |x, y| x < y);
        // A move from a to b (or b to a) was found twice.
        let mut kept = 0;
        for i in 0..touched.len() {
            if i == 0 || touched[i] != touched[kept - 1] {
                touched[kept] = touched[i];
                kept += 1;
            }
        }
        split.touched_len = kept;
        split
    }

    /// How many moves there are after the move `first`, played on `pos`
    /// (the board before it), without playing it.
    pub(crate) fn len_after_move(&self, pos: &Position, first: RawOpt) -> usize {
        let n = usize::from(pos.size);
        let (before, after) = touching_delta(pos, n, self.d, self.mask, first);
        self.moves.len() + after as usize - before as usize
    }

    /// Where the listed move at `index` (not touched) stands after the
    /// first action of `split`.
    fn place_of_listed(&self, split: &Split, index: usize) -> usize {
        let key = self.keys[index];
        let gone = split
            .touched()
            .iter()
            .filter(|&&t| (t as usize) < index)
            .count();
        let before = split.near().iter().filter(|x| x.0 < key).count();
        index - gone + before
    }

    /// Where the `j`-th near move of `split` stands.
    fn place_of_near(&self, split: &Split, j: usize) -> usize {
        let key = split.near()[j].0;
        let below = self.keys.partition_point(|&x| x < key);
        let gone = split
            .touched()
            .iter()
            .filter(|&&t| (t as usize) < below)
            .count();
        j + below - gone
    }

    /// The `r`-th listed move that is not touched by `split`.
    fn kept(&self, split: &Split, r: usize) -> Option<RawOpt> {
        let mut index = r;
        for &t in split.touched() {
            if t as usize <= index {
                index += 1;
            }
        }
        self.moves.get(index).copied()
    }

    /// The `k`-th move after the first action of `split`.
    pub(crate) fn nth_after(&self, split: &Split, k: usize) -> Option<RawOpt> {
        for (j, &(_, o)) in split.near().iter().enumerate() {
            let place = self.place_of_near(split, j);
            if place == k {
                return Some(o);
            }
            if place > k {
                return self.kept(split, k - j);
            }
        }
        self.kept(split, k.checked_sub(split.near_len)?)
    }

    /// The captures after the first action of `split`, with their places,
    /// in order, into `out` (cleared first).
    pub(crate) fn captures_after(&self, split: &Split, out: &mut Vec<(usize, RawOpt)>) {
        out.clear();
        // The near captures in order, merged into the listed ones.
        let mut near = split
            .near()
            .iter()
            .enumerate()
            .filter(|x| x.1.1.kind == ActionKind::Capture)
            .map(|(j, &(_, o))| (self.place_of_near(split, j), o))
            .peekable();
        for &c in &self.captures {
            if !split.touched().contains(&c) {
                let c = c as usize;
                let place = self.place_of_listed(split, c);
                while let Some(x) = near.next_if(|x| x.0 < place) {
                    out.push(x);
                }
                out.push((place, self.moves[c]));
            }
        }
        out.extend(near);
    }

    /// Calls `f` with the moves on `after`, the board once the move `first`
    /// is played, in [`visit_moves`] order, as `visit_moves` on `after`
    /// would; returns whether there was any.
    pub(crate) fn after(
        &self,
        after: &Position,
        first: RawOpt,
        f: &mut impl FnMut(RawOpt),
    ) -> bool {
        let split = self.near(after, first);
        let mut near = split.near().iter().peekable();
        let (a, b) = (first.from, first.to);
        let mut any = false;
        for (&key, o) in self.keys.iter().zip(&self.moves) {
            // Checking every listed move is cheaper than finding them.
            if o.from == a || o.from == b || o.to == a || o.to == b {
                continue;
            }
            while let Some(&(_, no)) = near.next_if(|x| x.0 < key) {
                f(no);
            }
            f(*o);
            any = true;
        }
        for &(_, o) in near {
            f(o);
            any = true;
        }
        any
    }
}

/// A move's place in [`visit_moves`] order for die value `d`: the square
/// it starts from, then the direction in [`for_each_at_distance_xy`] order.
fn move_key(n: usize, d: usize, o: RawOpt) -> u32 {
    let (from, to) = (usize::from(o.from), usize::from(o.to));
    let dir = if to == from + d {
        0
    } else if to + d == from {
        1
    } else if to == from + d * n {
        2
    } else {
        3
    };
    (from * 4 + dir) as u32
}

/// Clears `out` and fills it with the first actions (as turns without a
/// second action); returns how many.
fn gather_firsts(pos: &Position, ctx: &Ctx, out: &mut Vec<RawTurn>) -> usize {
    out.clear();
    for_each_option(pos, ctx, Stage::First, &mut |first| {
        out.push(RawTurn {
            first,
            second: None,
        });
    });
    out.len()
}

/// The number of legal turns, without listing them when it can be avoided.
/// `pos` is used as scratch and restored.
///
/// After a first move only the moves that touch its two squares change, so
/// the second action's moves are counted once for the whole board and then
/// corrected locally for each first move.
pub(crate) fn count_turns(pos: &mut Position, ctx: &Ctx, scratch: &mut Vec<RawTurn>) -> u64 {
    let k = gather_firsts(pos, ctx, scratch);
    if k > 0 && scratch[0].first.kind == ActionKind::Removal {
        legal_raw_turns(pos, ctx, scratch);
        return scratch.len() as u64;
    }
    let mut base = BaseCounts::default();
    let mut total = 0u64;
    for t in scratch.iter() {
        total += count_turns_from(pos, ctx, t.first, &mut base);
    }
    total
}

/// Whole-board move counts by die and kind mask, filled on first use (for
/// [`count_turns_from`]).
#[derive(Default)]
pub(crate) struct BaseCounts([[Option<u64>; 2]; 2]);

/// The number of legal turns that begin with the first action `first` (a
/// legal first move, or a first removal of a turn whose second action
/// does not depend on which removals came before: that is, never for a
/// turn of two removals, which [`legal_raw_turns`] merges). `pos` is used
/// as scratch and restored; `base` keeps whole-board counts between calls
/// on the same position and roll.
pub(crate) fn count_turns_from(
    pos: &mut Position,
    ctx: &Ctx,
    first: RawOpt,
    base: &mut BaseCounts,
) -> u64 {
    match plain_second(pos, ctx, first) {
        _ if ends_game(pos, first) => 1,
        Some((die, mask)) => {
            let slot = &mut base.0[usize::from(die)][slot(mask)];
            let whole = *slot.get_or_insert_with(|| count_moves(pos, ctx, die, mask));
            let d = usize::from(ctx.dice[usize::from(die)]);
            let (before, after) = touching_delta(pos, usize::from(pos.size), d, mask, first);
            let moves = whole + after - before;
            if moves > 0 {
                moves
            } else {
                let u = apply(pos, first);
                let c = count_removals(pos, ctx);
                undo(pos, u);
                c
            }
        }
        None => {
            let u = apply(pos, first);
            let stage = next_stage(pos, ctx, Stage::First, first);
            let mut c = 0;
            for_each_option(pos, ctx, stage, &mut |_| c += 1);
            undo(pos, u);
            c.max(u64::from(stage == Stage::Done))
        }
    }
}

/// Appends to `out` every turn that begins with `first`, in order. `pos`
/// is used as scratch and restored.
pub(crate) fn push_turns_from(
    pos: &mut Position,
    ctx: &Ctx,
    first: RawOpt,
    out: &mut Vec<RawTurn>,
) {
    let u = apply(pos, first);
    let stage = next_stage(pos, ctx, Stage::First, first);
    if stage == Stage::Done {
        out.push(RawTurn {
            first,
            second: None,
        });
    } else {
        for_each_option(pos, ctx, stage, &mut |second| {
            out.push(RawTurn {
                first,
                second: Some(second),
            });
        });
    }
    undo(pos, u);
}

/// Where the [`Seconds`] of a kind mask are kept, by die: one slot for
/// merges and captures, one for any move.
pub(crate) const fn slot(mask: u8) -> usize {
    (mask == ANY_MOVE) as usize
}

/// The die and kinds of the second action after `first` on `pos`, when it
/// is a plain move stage ([`plain_move_stage`]) and the game goes on: the
/// stage that follows depends only on the kind, unless the game ends.
pub(crate) fn plain_second(pos: &Position, ctx: &Ctx, first: RawOpt) -> Option<(u8, u8)> {
    if ctx.balancing || ends_game(pos, first) {
        None
    } else {
        plain_move_stage(next_stage_kind(ctx, first))
    }
}

/// Whether the action ends the game: only a capture of the last stack can.
fn ends_game(pos: &Position, first: RawOpt) -> bool {
    first.kind == ActionKind::Capture && {
        let taken = pos.cells[usize::from(first.to)];
        let side = usize::from(taken < 0);
        pos.checkers[side] == taken.unsigned_abs() && pos.stacks[side] == 1
    }
}

/// The stage after a first action of this kind when the game goes on.
fn next_stage_kind(ctx: &Ctx, first: RawOpt) -> Stage {
    let die = 1 - first.die;
    match (ctx.edition, first.kind) {
        (_, ActionKind::Removal) => Stage::SecondRemoval,
        (Edition::Standard, ActionKind::Step) => Stage::AfterStep { die },
        (Edition::Standard, _) => Stage::AfterMove { die },
        (Edition::Sequenced, ActionKind::Step) => Stage::Complete { die, at: first.to },
        (Edition::Sequenced, _) => Stage::AfterIndividual { die },
    }
}

fn count_moves(pos: &Position, ctx: &Ctx, die: u8, mask: u8) -> u64 {
    let mut n = 0;
    visit_moves(pos, ctx, die, mask, &mut |_| n += 1);
    n
}

fn count_removals(pos: &Position, ctx: &Ctx) -> u64 {
    let mut n = 0;
    visit_removals(pos, ctx, &mut |_| n += 1);
    n
}

/// The side to move's moves with die value `d` of the kinds in `mask` that
/// start or end on one of the two squares of the move `first`, each counted
/// once: on the board before `first` and on the board after it (computed
/// without playing it: only those two squares differ).
fn touching_delta(pos: &Position, n: usize, d: usize, mask: u8, first: RawOpt) -> (u64, u64) {
    let (a, b) = (usize::from(first.from), usize::from(first.to));
    let cells = &pos.cells[..];
    let (va, vb) = (cells[a], cells[b]);
    let landed = if first.kind == ActionKind::Merge {
        va + vb
    } else {
        va
    };
    let mine = |v: i16| own(pos, v);
    let allowed = |s: i16, t: i16| move_kind(s, t).is_some_and(|k| kind_bit(k) & mask != 0);
    // Before: squares a and b hold va, vb; after: 0 and `landed`.
    let squares = [(a, va, 0), (b, vb, landed)];
    let mut before = 0;
    let mut after = 0;
    let at = |i: usize, old: bool| -> i16 {
        if i == a {
            if old { va } else { 0 }
        } else if i == b {
            if old { vb } else { landed }
        } else {
            cells[i]
        }
    };
    for (s, old, new) in squares {
        let (file, rank) = (s % n, s / n);
        for_each_at_distance_xy(n, s, file, rank, d, |t| {
            if mine(old) {
                before += u64::from(allowed(old, at(t, true)));
            }
            if mine(new) {
                after += u64::from(allowed(new, at(t, false)));
            }
            // Moves onto s from a square other than a and b.
            if t != a && t != b && mine(cells[t]) {
                before += u64::from(allowed(cells[t], old));
                after += u64::from(allowed(cells[t], new));
            }
        });
    }
    (before, after)
}

/// Plays a listed turn on the board and passes the move; returns what is
/// needed to take it back.
pub(crate) fn apply_turn(pos: &mut Position, t: RawTurn) -> (Undo, Option<Undo>) {
    let a = apply(pos, t.first);
    let b = t.second.map(|s| apply(pos, s));
    pos.end_turn();
    (a, b)
}

/// Takes back [`apply_turn`].
pub(crate) fn undo_turn(pos: &mut Position, (a, b): (Undo, Option<Undo>)) {
    pos.side = pos.side.other();
    pos.turn -= 1;
    if let Some(b) = b {
        undo(pos, b);
    }
    undo(pos, a);
}
