//! The search machinery shared by every level: a node budget (one node =
//! one position evaluated, so searches behave the same on every target and
//! machine), scoring lists of turns (sampled beyond a cap), and the one-ply
//! greedy search. Expectimax lives in `search/expectimax.rs`, MCTS in
//! `mcts.rs`.

use crate::eval::{WIN, Weights, evaluate_changed};
use crate::rng::Rng;
use crate::scan::{Facts, Fresh};
use diablo_core::{Edition, FastTurn, Position, Roll, TurnList};

/// Groups of at least this many turns sharing their first action are
/// scored from the facts after that action ([`Search::score_all`]).
const SHARED_FIRST: usize = 3;

mod expectimax;

/// Converts an evaluation (checkers, for the player who just moved) into a
/// chance of winning. The scale is fitted on self-play games (docs/ai.md).
#[must_use]
pub fn to_chance(value: f32, scale: f32) -> f64 {
    if value >= WIN {
        return 1.0;
    }
    if value <= -WIN {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(value) / f64::from(scale)).exp())
}

/// Which search a player runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Algorithm {
    /// A random legal turn.
    Random,
    /// The turn with the best evaluation.
    Greedy,
    /// Expectimax: the best `candidates` turns by one-ply value searched
    /// against every roll of the opponent (`plies` = 1: its best one-ply
    /// reply; 2: that reply played, then the player's best answer to each
    /// of its own rolls).
    Expectimax {
        /// Root turns searched deeper.
        candidates: usize,
        /// Turns searched after each candidate (1 or 2).
        plies: u8,
    },
    /// Monte-Carlo tree search with chance nodes (see the `mcts` module).
    Mcts {
        /// The UCT exploration constant, on chances of winning.
        exploration: f64,
        /// When not 0, the search also stops after this many times the
        /// number of turns scored at the root: about that many nodes
        /// expanded, whatever the board size (the node budget still caps
        /// it).
        expansions: u32,
        /// When not 0, the search may always spend 1/`floor` of its
        /// budget, however short the root's list (small boards).
        floor: u32,
    },
}

/// How a search spends its nodes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    /// The search.
    pub algorithm: Algorithm,
    /// Most of the player's own turns evaluated at the root; beyond it the
    /// list is sampled (captures first, then by first action).
    pub root_cap: usize,
    /// Most turns evaluated for one roll below the root; beyond it the list
    /// is sampled the same way.
    pub reply_cap: usize,
}

/// The result of a search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    pub turn: FastTurn,
    /// Chance of winning for the player who chose, after the turn.
    pub chance: f64,
    pub nodes: u64,
}

/// A search in progress: scratch lists and the node count.
pub(crate) struct Search<'w> {
    edition: Edition,
    weights: &'w Weights,
    scale: f32,
    nodes: u64,
    budget: u64,
    rng: Rng,
    root: TurnList,
    /// Spare lists for the plies below the root.
    lists: Vec<TurnList>,
    /// By roll: the opponent's best reply found last, tried first next.
    killers: Vec<Option<expectimax::TurnKey>>,
    /// Scratch space for the lines a turn changed.
    fresh: Fresh,
}

impl<'w> Search<'w> {
    pub(crate) fn new(
        edition: Edition,
        weights: &'w Weights,
        scale: f32,
        budget: u64,
        seed: u64,
    ) -> Self {
        Search {
            edition,
            weights,
            scale,
            nodes: 0,
            budget,
            rng: Rng::new(seed),
            root: TurnList::new(),
            lists: Vec::new(),
            killers: Vec::new(),
            fresh: Fresh::default(),
        }
    }

    pub(crate) fn edition(&self) -> Edition {
        self.edition
    }

    /// Positions evaluated so far.
    pub(crate) fn spent(&self) -> u64 {
        self.nodes
    }

    /// Pays `n` nodes if the budget allows.
    pub(crate) fn spend(&mut self, n: u64) -> bool {
        if self.left() < n {
            return false;
        }
        self.nodes += n;
        true
    }

    /// A scratch list for a ply below the root.
    pub(crate) fn take_list(&mut self) -> TurnList {
        self.lists.pop().unwrap_or_default()
    }

    /// Returns a scratch list.
    pub(crate) fn give_list(&mut self, list: TurnList) {
        self.lists.push(list);
    }

    /// An evaluation as a chance of winning.
    pub(crate) fn chance(&self, value: f32) -> f64 {
        to_chance(value, self.scale)
    }

    /// Lowers the budget to `nodes` if that is less.
    pub(crate) fn limit(&mut self, nodes: u64) {
        self.budget = self.budget.min(nodes);
    }

    pub(crate) fn left(&self) -> u64 {
        self.budget.saturating_sub(self.nodes)
    }

    /// The value of a listed turn for the player who plays it; `facts`
    /// are those of `pos`.
    fn score(&mut self, pos: &mut Position, facts: &Facts, t: FastTurn) -> f32 {
        self.score_from(pos, facts, t, false)
    }

    /// [`Search::score`], with `facts` of the board after the turn's first
    /// action when `after_first` (only the second action's squares differ).
    fn score_from(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        t: FastTurn,
        after_first: bool,
    ) -> f32 {
        self.nodes += 1;
        let mut changed = [0usize; 4];
        let mut count = 0;
        let actions = std::iter::once(t.first()).skip(usize::from(after_first));
        for a in actions.chain(t.second()) {
            for sq in [a.from, a.to] {
                if !changed[..count].contains(&usize::from(sq)) {
                    changed[count] = usize::from(sq);
                    count += 1;
                }
            }
        }
        let undo = pos.play_unchecked(t);
        let v = -evaluate_changed(pos, self.weights, facts, &changed[..count], &mut self.fresh);
        pos.undo_unchecked(undo);
        v
    }

    /// Scores every turn of `list`, in order, into `out`. Turns that share
    /// their first action (the list keeps them together) are scored from
    /// the facts of the board after it, so each looks again only at the
    /// lines its second action touched.
    fn score_all(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        list: &TurnList,
        out: &mut Vec<(f32, u32)>,
    ) {
        let mut i = 0;
        while let Some(t) = list.get(i) {
            let first = t.first();
            let mut end = i + 1;
            while list.get(end).is_some_and(|u| u.first() == first) {
                end += 1;
            }
            self.score_group(pos, facts, list, i..end, out);
            i = end;
        }
    }

    /// Scores the turns of `list` at `indices`, which share their first
    /// action, into `out`: when there are at least [`SHARED_FIRST`] of
    /// them, from the facts of the board after that action.
    fn score_group(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        list: &TurnList,
        indices: impl Iterator<Item = usize> + Clone,
        out: &mut Vec<(f32, u32)>,
    ) {
        let Some(first) = indices.clone().next().and_then(|k| list.get(k)) else {
            return;
        };
        let first = first.first();
        if indices.clone().count() < SHARED_FIRST {
            for k in indices {
                if let Some(u) = list.get(k) {
                    out.push((self.score(pos, facts, u), k as u32));
                }
            }
        } else {
            let undo = pos.play_action_unchecked(first);
            let squares = [usize::from(first.from), usize::from(first.to)];
            let after = facts.updated(pos.cells(), &squares, &mut self.fresh);
            pos.undo_action_unchecked(undo);
            for k in indices {
                if let Some(u) = list.get(k) {
                    out.push((self.score_from(pos, &after, u, true), k as u32));
                }
            }
        }
    }

    /// The facts of `pos`, for scoring its turns.
    pub(crate) fn facts(pos: &Position) -> Facts {
        Facts::new(usize::from(pos.size()), pos.cells())
    }

    /// Scores the turns of `list` (at most `cap` of them) and returns
    /// `(value, index)` pairs. When the list is longer than `cap`: first the
    /// turns with captures (the ones that change the game most), then one
    /// turn per first action, then every completion of the first actions
    /// that did best, while the cap allows.
    pub(crate) fn score_list(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        list: &TurnList,
        cap: usize,
    ) -> Vec<(f32, u32)> {
        let cap = cap.max(1);
        let mut out = Vec::with_capacity(list.len().min(cap));
        if list.len() <= cap {
            self.score_all(pos, facts, list, &mut out);
            return out;
        }
        let mut done = vec![false; list.len()];
        // Groups of consecutive turns that share their first action, with
        // the best value seen in each; and the first captures, up to a
        // third of the cap, with their groups: one pass over a list that
        // holds tens of thousands of turns on large boards.
        let mut groups: Vec<(usize, usize, f32)> = Vec::new();
        let mut captures: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        let mut first = list.get(0).map(FastTurn::first);
        for (i, t) in list.iter().enumerate() {
            if Some(t.first()) != first {
                groups.push((start, i, f32::NEG_INFINITY));
                start = i;
                first = Some(t.first());
            }
            if captures.len() < cap / 3 && t.captures() > 0 {
                captures.push((groups.len(), i));
            }
        }
        groups.push((start, list.len(), f32::NEG_INFINITY));
        // Phase 0: those captures (a group's together).
        for run in captures.chunk_by(|x, y| x.0 == y.0) {
            for &(_, i) in run {
                done[i] = true;
            }
            self.score_group(pos, facts, list, run.iter().map(|&(_, i)| i), &mut out);
        }
        let mut g = 0;
        for &(v, i) in &out {
            while groups[g].1 <= i as usize {
                g += 1;
            }
            groups[g].2 = crate::scan::larger(groups[g].2, v);
        }
        // Phase 1: one turn per group not yet seen (a stride sample if even
        // that is too many), picked at random for variety across seeds.
        let room = (cap - out.len()) / 2;
        let stride = groups.len().div_ceil(room.max(1)).max(1);
        let offset = self.rng.index(stride);
        for g in (offset..groups.len()).step_by(stride) {
            let (a, b, seen) = groups[g];
            if seen > f32::NEG_INFINITY || out.len() >= cap {
                continue;
            }
            let i = a + self.rng.index(b - a);
            if let Some(t) = list.get(i) {
                let v = self.score(pos, facts, t);
                out.push((v, i as u32));
                done[i] = true;
                groups[g].2 = v;
            }
        }
        // Phase 2: the rest of the best groups, while the cap allows.
        let mut ranked: Vec<usize> = (0..groups.len())
            .filter(|&g| groups[g].2 > f32::NEG_INFINITY)
            .collect();
        ranked.sort_by(|&x, &y| groups[y].2.total_cmp(&groups[x].2));
        for g in ranked {
            let (a, b, _) = groups[g];
            let missing = (a..b).filter(|&i| !done[i]);
            if out.len() + missing.clone().count() > cap {
                continue;
            }
            self.score_group(pos, facts, list, missing, &mut out);
        }
        out
    }

    /// The best of `scored` for the chooser, ties broken by the seed.
    fn pick_best(&mut self, scored: &[(f32, u32)]) -> Option<(f32, u32)> {
        let best = scored.iter().map(|s| s.0).fold(f32::NEG_INFINITY, f32::max);
        let ties: Vec<&(f32, u32)> = scored.iter().filter(|s| s.0 == best).collect();
        if ties.is_empty() {
            return None;
        }
        Some(*ties[self.rng.index(ties.len())])
    }

    /// One-ply greedy: the turn with the best evaluation.
    pub(crate) fn greedy(&mut self, pos: &mut Position, roll: Roll, cap: usize) -> Option<Found> {
        let mut list = std::mem::take(&mut self.root);
        pos.list_turns(self.edition, roll, &mut list).ok()?;
        let facts = Self::facts(pos);
        let cap = cap.min(self.left().try_into().unwrap_or(usize::MAX));
        let scored = self.score_list(pos, &facts, &list, cap);
        let found = self.pick_best(&scored).and_then(|(v, i)| {
            list.get(i as usize).map(|turn| Found {
                turn,
                chance: to_chance(v, self.scale),
                nodes: self.nodes,
            })
        });
        self.root = list;
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games from the start on each board side of `sizes`, in both
    /// editions: `check` sees each of the first `turns` positions with its
    /// edition, its listed turns and the turn's number.
    fn random_positions(
        seed: u64,
        sizes: &[u32],
        turns: usize,
        mut check: impl FnMut(&mut Position, Edition, &TurnList, usize),
    ) {
        let mut rng = Rng::new(seed);
        let mut list = TurnList::new();
        for &size in sizes {
            for edition in Edition::ALL {
                let mut pos = Position::start(size).expect("test size");
                let mut turn = 0;
                while !pos.is_finished() && turn < turns {
                    let roll = rng.roll(pos.size());
                    pos.list_turns(edition, roll, &mut list).expect("in play");
                    check(&mut pos, edition, &list, turn);
                    let t = list.get(rng.index(list.len())).expect("a legal turn");
                    let _ = pos.play_unchecked(t);
                    turn += 1;
                }
            }
        }
    }

    #[test]
    fn scoring_from_a_shared_first_action_gives_the_same_values() {
        let weights = Weights::default();
        random_positions(31, &[4, 6, 8, 12, 26], 40, |pos, edition, list, turn| {
            if turn % 5 != 0 || list.len() > 20_000 {
                return;
            }
            let facts = Search::facts(pos);
            let mut search = Search::new(edition, &weights, 1.0, u64::MAX, 1);
            let mut grouped = Vec::new();
            search.score_all(pos, &facts, list, &mut grouped);
            assert_eq!(grouped.len(), list.len());
            for (k, &(v, i)) in grouped.iter().enumerate() {
                assert_eq!(i as usize, k);
                let t = list.get(k).expect("listed");
                let alone = search.score(pos, &facts, t);
                assert_eq!(v.to_bits(), alone.to_bits(), "{pos} {edition} {t:?}");
            }
        });
    }

    #[test]
    fn a_sampled_list_scores_each_turn_as_alone_captures_first() {
        let weights = Weights::default();
        random_positions(32, &[8, 16, 26], 15, |pos, edition, list, turn| {
            // Caps below the list's length: the list is sampled.
            let cap = (list.len() / 3).min(2_000);
            if turn % 3 != 0 || cap < 3 {
                return;
            }
            let facts = Search::facts(pos);
            let mut search = Search::new(edition, &weights, 1.0, u64::MAX, 1);
            let scored = search.score_list(pos, &facts, list, cap);
            assert!(scored.len() <= cap);
            let mut seen = vec![false; list.len()];
            for &(v, i) in &scored {
                assert!(!std::mem::replace(&mut seen[i as usize], true));
                let t = list.get(i as usize).expect("listed");
                let alone = search.score(pos, &facts, t);
                assert_eq!(v.to_bits(), alone.to_bits(), "{pos} {edition} {t:?}");
            }
            // First the list's first captures, in list order.
            let captures: Vec<u32> = (0..list.len() as u32)
                .filter(|&i| list.get(i as usize).is_some_and(|t| t.captures() > 0))
                .take(cap / 3)
                .collect();
            let head: Vec<u32> = scored.iter().take(captures.len()).map(|s| s.1).collect();
            assert_eq!(head, captures, "{pos} {edition}");
        });
    }
}
