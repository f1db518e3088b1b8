//! An independent, deliberately slow generator of legal turns ("oracle"),
//! written from the text of RULES.md sections 2–5 and 7 without using the
//! engine's rules code (`rules.rs`, `TurnBuilder`, `legal_turns`).
//!
//! It works on a plain copy of the board (signed heights, Black positive)
//! read through the public `Position::stacks` view only. Every action that
//! could be written down is considered — every ordered pair of distinct
//! squares on a shared rank or file, and a removal on every square — and
//! kept or dropped by rule checks phrased as in the rule text. The result is
//! a map from turn text to the board after the turn, so both the list of
//! turns and the effect of each turn can be compared with the engine.
#![allow(dead_code)]

use diablo_core::{Color, Edition, Position};
use std::collections::BTreeMap;

/// A board with the player to move and the turn number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The side N.
    pub n: usize,
    /// Signed heights by square index (rank * N + file); Black positive.
    pub cells: Vec<i32>,
    /// +1 when Black is to move, -1 when Green is.
    pub me: i32,
    /// The number of the turn about to be played.
    pub turn: u32,
}

/// An action written as square indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    Move(usize, usize),
    Remove(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Step,
    Merge,
    Capture,
}

impl Board {
    /// Copies a position through the public API.
    pub fn from_position(p: &Position) -> Board {
        let n = usize::from(p.size());
        let mut cells = vec![0i32; n * n];
        for (sq, st) in p.stacks() {
            let i = usize::from(sq.rank()) * n + usize::from(sq.file());
            let h = i32::from(st.height);
            cells[i] = if st.color == Color::Black { h } else { -h };
        }
        let me = if p.side_to_move() == Color::Black {
            1
        } else {
            -1
        };
        Board {
            n,
            cells,
            me,
            turn: p.turn_number(),
        }
    }

    /// The position code, written here from RULES.md section 8.
    pub fn code(&self) -> String {
        let side = if self.me == 1 { 'b' } else { 'g' };
        format!(
            "{} {side} {}",
            super::common::board_text(self.n, &self.cells),
            self.turn
        )
    }

    fn own(&self, i: usize) -> bool {
        self.cells[i] * self.me > 0
    }

    fn checkers(&self, sign: i32) -> i32 {
        self.cells
            .iter()
            .filter(|&&v| v * sign > 0)
            .map(|v| v.abs())
            .sum()
    }

    /// The game is over: one player has no checkers left.
    pub fn finished(&self) -> bool {
        self.checkers(1) == 0 || self.checkers(-1) == 0
    }

    /// Black to move on turn 1 (section 3.3, section 4, section 6.7).
    fn balancing(&self) -> bool {
        self.me == 1 && self.turn == 1
    }

    fn tallest(&self) -> i32 {
        (0..self.cells.len())
            .filter(|&i| self.own(i))
            .map(|i| self.cells[i].abs())
            .max()
            .unwrap_or(0)
    }

    /// Distance along a shared rank or file.
    fn distance(&self, a: usize, b: usize) -> Option<usize> {
        let (fa, ra, fb, rb) = (a % self.n, a / self.n, b % self.n, b / self.n);
        if a == b {
            None
        } else if fa == fb {
            Some(ra.abs_diff(rb))
        } else if ra == rb {
            Some(fa.abs_diff(fb))
        } else {
            None
        }
    }

    /// Section 2: what moving the stack on `from` to `to` with a die showing
    /// `d` would be, or `None` when it is no legal move.
    fn kind(&self, from: usize, to: usize, d: usize) -> Option<Kind> {
        if !self.own(from) || self.distance(from, to) != Some(d) {
            return None;
        }
        let (mover, target) = (self.cells[from], self.cells[to]);
        if target == 0 {
            Some(Kind::Step)
        } else if target * mover > 0 {
            Some(Kind::Merge)
        } else if target.abs() <= mover.abs() {
            Some(Kind::Capture)
        } else {
            None
        }
    }

    /// Section 2: a move carries the whole stack (merge adds heights, capture
    /// replaces the enemy); a removal takes one checker off.
    fn apply(&self, a: Act) -> Board {
        let mut b = self.clone();
        match a {
            Act::Move(f, t) => {
                let mover = b.cells[f];
                b.cells[f] = 0;
                b.cells[t] = if b.cells[t] * mover > 0 {
                    b.cells[t] + mover
                } else {
                    mover
                };
            }
            Act::Remove(s) => b.cells[s] -= b.cells[s].signum(),
        }
        b
    }

    /// The board after the turn: the other player to move, next turn number.
    fn pass(mut self) -> Board {
        self.me = -self.me;
        self.turn += 1;
        self
    }

    fn name(&self, i: usize) -> String {
        format!(
            "{}{}",
            char::from(b'a' + (i % self.n) as u8),
            i / self.n + 1
        )
    }

    fn text(&self, a: Act) -> String {
        match a {
            Act::Move(f, t) => format!("{}-{}", self.name(f), self.name(t)),
            Act::Remove(s) => format!("-{}", self.name(s)),
        }
    }

    /// Every action that can be written on this board.
    fn candidates(&self) -> Vec<Act> {
        let cells = self.n * self.n;
        let mut out = Vec::new();
        for f in 0..cells {
            for t in 0..cells {
                if self.distance(f, t).is_some() {
                    out.push(Act::Move(f, t));
                }
            }
            out.push(Act::Remove(f));
        }
        out
    }

    /// Moves with a die showing `d` whose kind passes `ok`.
    fn moves(&self, cands: &[Act], d: usize, ok: impl Fn(Kind) -> bool) -> Vec<(Act, Kind)> {
        cands
            .iter()
            .filter_map(|&a| match a {
                Act::Move(f, t) => self.kind(f, t, d).filter(|&k| ok(k)).map(|k| (a, k)),
                Act::Remove(_) => None,
            })
            .collect()
    }

    /// Removals allowed: any own stack, or only a tallest one.
    fn removals(&self, cands: &[Act], tallest_only: bool) -> Vec<Act> {
        let top = self.tallest();
        cands
            .iter()
            .copied()
            .filter(|&a| match a {
                Act::Remove(s) => self.own(s) && (!tallest_only || self.cells[s].abs() == top),
                Act::Move(..) => false,
            })
            .collect()
    }

    fn record(&self, out: &mut BTreeMap<String, Board>, acts: &[Act], after: Board) {
        let mut acts = acts.to_vec();
        // Section 7: two removals are written in ascending square index.
        if let [Act::Remove(a), Act::Remove(b)] = acts[..] {
            acts = vec![Act::Remove(a.min(b)), Act::Remove(a.max(b))];
        }
        let text: Vec<String> = acts.iter().map(|&a| self.text(a)).collect();
        let after = after.pass();
        if let Some(prev) = out.insert(text.join(" "), after.clone()) {
            assert_eq!(prev, after, "one turn text, two results");
        }
    }

    /// Two removals, or one if the first ends the game or the turn is a
    /// balancing turn (sections 3.1, 3.3, 4, 5).
    fn removal_turns(&self, out: &mut BTreeMap<String, Board>, cands: &[Act], tallest: bool) {
        for a in self.removals(cands, tallest) {
            let b1 = self.apply(a);
            if self.balancing() || b1.finished() {
                self.record(out, &[a], b1);
                continue;
            }
            for a2 in b1.removals(cands, tallest) {
                self.record(out, &[a, a2], b1.apply(a2));
            }
        }
    }

    /// Section 3: the standard edition.
    fn standard(&self, dice: [usize; 2], out: &mut BTreeMap<String, Board>) {
        let cands = self.candidates();
        let any = |_: Kind| true;
        let can_move = dice.iter().any(|&d| !self.moves(&cands, d, any).is_empty());
        if !can_move {
            self.removal_turns(out, &cands, false);
            return;
        }
        for (k, &d) in dice.iter().enumerate() {
            let other = dice[1 - k];
            for (a, kind) in self.moves(&cands, d, any) {
                let b1 = self.apply(a);
                if self.balancing() || b1.finished() {
                    self.record(out, &[a], b1);
                    continue;
                }
                // After a step only a merge or a capture; after a merge or a
                // capture any move.
                let seconds = if kind == Kind::Step {
                    b1.moves(&cands, other, |k| k != Kind::Step)
                } else {
                    b1.moves(&cands, other, any)
                };
                if seconds.is_empty() {
                    for r in b1.removals(&cands, false) {
                        self.record(out, &[a, r], b1.apply(r));
                    }
                }
                for (a2, _) in seconds {
                    self.record(out, &[a, a2], b1.apply(a2));
                }
            }
        }
    }

    /// Section 4: the sequenced edition.
    fn sequenced(&self, dice: [usize; 2], out: &mut BTreeMap<String, Board>) {
        let cands = self.candidates();
        let individual = |k: Kind| k != Kind::Step;
        // Individual first moves, with the index of the die used.
        let mut firsts = Vec::new();
        // Sequenced moves: a step, then with the other die the same stack
        // merges or captures, or another own stack merges onto it.
        let mut pairs = Vec::new();
        for (k, &d) in dice.iter().enumerate() {
            let other = dice[1 - k];
            for (a, kind) in self.moves(&cands, d, |_| true) {
                if kind != Kind::Step {
                    firsts.push((a, k));
                    continue;
                }
                let Act::Move(_, at) = a else { continue };
                let b1 = self.apply(a);
                for (a2, k2) in b1.moves(&cands, other, |_| true) {
                    let Act::Move(f2, t2) = a2 else { continue };
                    let same_stack = f2 == at && k2 != Kind::Step;
                    let onto_it = t2 == at && k2 == Kind::Merge;
                    if same_stack || onto_it {
                        pairs.push((a, a2, b1.apply(a2)));
                    }
                }
            }
        }
        if self.balancing() {
            // A single individual move, else a single tallest removal.
            if firsts.is_empty() {
                self.removal_turns(out, &cands, true);
            }
            for (a, _) in firsts {
                self.record(out, &[a], self.apply(a));
            }
            return;
        }
        if firsts.is_empty() && pairs.is_empty() {
            self.removal_turns(out, &cands, true);
            return;
        }
        for (a, a2, after) in pairs {
            self.record(out, &[a, a2], after);
        }
        for (a, k) in firsts {
            let b1 = self.apply(a);
            if b1.finished() {
                self.record(out, &[a], b1);
                continue;
            }
            let seconds = b1.moves(&cands, dice[1 - k], individual);
            if seconds.is_empty() {
                for r in b1.removals(&cands, true) {
                    self.record(out, &[a, r], b1.apply(r));
                }
            }
            for (a2, _) in seconds {
                self.record(out, &[a, a2], b1.apply(a2));
            }
        }
    }

    /// Every legal turn with the board after it (empty once the game is over).
    pub fn turns(&self, edition: Edition, dice: [u8; 2]) -> BTreeMap<String, Board> {
        let mut out = BTreeMap::new();
        if self.finished() {
            return out;
        }
        let dice = [usize::from(dice[0]), usize::from(dice[1])];
        match edition {
            Edition::Standard => self.standard(dice, &mut out),
            Edition::Sequenced => self.sequenced(dice, &mut out),
        }
        out
    }

    /// Section 9, summing over unordered rolls.
    pub fn perft(&self, edition: Edition, depth: u32) -> u64 {
        if depth == 0 || self.finished() {
            return 1;
        }
        let faces = (self.n / 2) as u8;
        let mut total = 0;
        for a in 1..=faces {
            for b in a..=faces {
                for after in self.turns(edition, [a, b]).values() {
                    total += if depth == 1 {
                        1
                    } else {
                        after.perft(edition, depth - 1)
                    };
                }
            }
        }
        total
    }
}
