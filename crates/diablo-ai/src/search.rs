//! The search machinery shared by every level: a node budget (one node =
//! one position evaluated, so searches behave the same on every target and
//! machine), scoring lists of turns (sampled beyond a cap), and the one-ply
//! greedy search. Expectimax lives in `search/expectimax.rs`, MCTS in
//! `mcts.rs`.

use crate::eval::{WIN, Weights, evaluate_changed};
use crate::net::Net;
use crate::rng::Rng;
use crate::scan::{ChangedLines, Facts};
use diablo_core::{Edition, FastTurn, Position, Roll, TurnGroups, TurnList};

/// Groups of at least this many turns sharing their first action are
/// scored from the facts after that action ([`Search::score_all`]).
const SHARED_FIRST: usize = 3;

/// A scored turn: its value for the player who plays it, its index in the
/// list, the turn.
pub(crate) type Scored = (f32, u32, FastTurn);

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
    /// The learned evaluation used instead of `weights`, if any.
    net: Option<&'w Net>,
    scale: f32,
    nodes: u64,
    budget: u64,
    rng: Rng,
    root: TurnList,
    /// Spare lists for the plies below the root.
    lists: Vec<TurnList>,
    /// Spare grouped lists.
    groups: Vec<TurnGroups>,
    /// Scratch space for a group's turns.
    group: Vec<(usize, FastTurn)>,
    /// By roll: the opponent's best reply found last, tried first next.
    killers: Vec<Option<expectimax::TurnKey>>,
    /// Scratch space for the lines a turn changed.
    changed_lines: ChangedLines,
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
            net: None,
            scale,
            nodes: 0,
            budget,
            rng: Rng::new(seed),
            root: TurnList::new(),
            lists: Vec::new(),
            groups: Vec::new(),
            group: Vec::new(),
            killers: Vec::new(),
            changed_lines: ChangedLines::default(),
        }
    }

    /// The same search evaluating with `net` (none: the weights).
    pub(crate) fn with_net(mut self, net: Option<&'w Net>) -> Self {
        self.net = net;
        self
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

    /// A scratch grouped list.
    pub(crate) fn take_groups(&mut self) -> TurnGroups {
        self.groups.pop().unwrap_or_default()
    }

    /// Returns a scratch grouped list.
    pub(crate) fn give_groups(&mut self, groups: TurnGroups) {
        self.groups.push(groups);
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
        let v = -evaluate_changed(
            pos,
            (self.edition, self.weights, self.net),
            facts,
            &changed[..count],
            &mut self.changed_lines,
        );
        pos.undo_unchecked(undo);
        v
    }

    /// Scores every turn, in order, into `out`. Turns that share their
    /// first action are scored from the facts of the board after it, so
    /// each looks again only at the lines its second action touched.
    fn score_all(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        turns: &mut TurnGroups,
        out: &mut Vec<Scored>,
    ) {
        let mut group = std::mem::take(&mut self.group);
        for g in 0..turns.group_count() {
            turns.fill_group(g, &mut group);
            self.score_group(pos, facts, &group, out);
        }
        self.group = group;
    }

    /// Scores `turns` (with their indices), which share their first action,
    /// into `out`: when there are at least [`SHARED_FIRST`] of them, from
    /// the facts of the board after that action.
    fn score_group(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        turns: &[(usize, FastTurn)],
        out: &mut Vec<Scored>,
    ) {
        let Some(&(_, first)) = turns.first() else {
            return;
        };
        let first = first.first();
        if turns.len() < SHARED_FIRST {
            for &(k, u) in turns {
                out.push((self.score(pos, facts, u), k as u32, u));
            }
        } else {
            let undo = pos.play_action_unchecked(first);
            let squares = [usize::from(first.from), usize::from(first.to)];
            let mut after = facts.updated(pos.cells(), &squares, &mut self.changed_lines);
            after.board_sums = self.board_sums_after(facts, pos.cells(), &squares);
            pos.undo_action_unchecked(undo);
            for &(k, u) in turns {
                out.push((self.score_from(pos, &after, u, true), k as u32, u));
            }
        }
    }

    /// The facts of `pos`, for scoring its turns (with a board net's sums
    /// seen from the side that moves after them).
    pub(crate) fn facts(&mut self, pos: &Position) -> Facts {
        let mut facts = Facts::new_in(
            usize::from(pos.size()),
            pos.cells(),
            &mut self.changed_lines,
        );
        if let Some((net, board)) = self.net.and_then(|n| n.board.as_ref().map(|b| (n, b))) {
            if board.fits(pos) {
                facts.board_sums =
                    Some(board.sums(pos.cells(), pos.side_to_move().other(), net.hidden));
            }
        }
        facts
    }

    /// A board net's sums of `cells`, which differ from the board of
    /// `facts` on `changed`, when `facts` has them.
    fn board_sums_after(
        &self,
        facts: &Facts,
        cells: &[i16],
        changed: &[usize],
    ) -> Option<crate::board_net::BoardSums> {
        let from = facts.board_sums.as_ref()?;
        let board = self.net?.board.as_ref()?;
        Some(board.updated(from, cells, changed))
    }

    /// Scores the turns (at most `cap` of them) and returns them with their
    /// values and indices. When there are more than `cap`: first the turns
    /// with captures (the ones that change the game most), then one turn
    /// per first action, then every completion of the first actions that
    /// did best, while the cap allows. Only the turns scored are found
    /// (from their groups), so a list of millions costs no more than its
    /// first actions.
    pub(crate) fn score_list(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        turns: &mut TurnGroups,
        cap: usize,
    ) -> Vec<Scored> {
        let cap = cap.max(1);
        let mut out = Vec::with_capacity(turns.len().min(cap));
        if turns.len() <= cap {
            self.score_all(pos, facts, turns, &mut out);
            return out;
        }
        let count = turns.group_count();
        let mut group = std::mem::take(&mut self.group);
        // Each group's best value so far, and the turns scored so far in
        // phases 0 and 1 (each in index order).
        let mut best = vec![f32::NEG_INFINITY; count];
        let mut done: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        // Phase 0: the first captures, up to a third of the cap (a group's
        // together).
        let mut left = cap / 3;
        for (g, best) in best.iter_mut().enumerate() {
            if left == 0 {
                break;
            }
            turns.group_captures(g, &mut group);
            group.truncate(left);
            left -= group.len();
            done[0].extend(group.iter().map(|t| t.0));
            let at = out.len();
            self.score_group(pos, facts, &group, &mut out);
            for &(v, ..) in &out[at..] {
                *best = crate::scan::larger(*best, v);
            }
        }
        // Phase 1: one turn per group not yet seen (a stride sample if even
        // that is too many), picked at random for variety across seeds.
        let room = (cap - out.len()) / 2;
        let stride = count.div_ceil(room.max(1)).max(1);
        let offset = self.rng.index(stride);
        for g in (offset..count).step_by(stride) {
            let Some(at) = turns.group(g) else { break };
            if best[g] > f32::NEG_INFINITY || out.len() >= cap {
                continue;
            }
            let i = at.start + self.rng.index(at.len);
            if let Some(t) = turns.get(i) {
                let v = self.score(pos, facts, t);
                out.push((v, i as u32, t));
                done[1].push(i);
                best[g] = v;
            }
        }
        // Phase 2: the rest of the best groups, while the cap allows.
        let mut ranked: Vec<usize> = (0..count)
            .filter(|&g| best[g] > f32::NEG_INFINITY)
            .collect();
        ranked.sort_by(|&x, &y| best[y].total_cmp(&best[x]));
        for g in ranked {
            let Some(at) = turns.group(g) else { continue };
            let end = at.start + at.len;
            let seen: usize = done
                .iter()
                .map(|d| d.partition_point(|&i| i < end) - d.partition_point(|&i| i < at.start))
                .sum();
            if out.len() + at.len - seen > cap {
                continue;
            }
            turns.fill_group(g, &mut group);
            group.retain(|t| done.iter().all(|d| d.binary_search(&t.0).is_err()));
            self.score_group(pos, facts, &group, &mut out);
        }
        self.group = group;
        out
    }

    /// [`Search::score_list`] for turns already listed: the indices are
    /// the list's.
    pub(crate) fn score_listed(
        &mut self,
        pos: &mut Position,
        facts: &Facts,
        list: &TurnList,
        cap: usize,
    ) -> Vec<Scored> {
        let mut turns = self.take_groups();
        turns.set_list(list);
        let scored = self.score_list(pos, facts, &mut turns, cap);
        self.give_groups(turns);
        scored
    }

    /// The best of `scored` for the chooser, ties broken by the seed.
    fn pick_best(&mut self, scored: &[Scored]) -> Option<Scored> {
        let best = scored.iter().map(|s| s.0).fold(f32::NEG_INFINITY, f32::max);
        let ties: Vec<&Scored> = scored.iter().filter(|s| s.0 == best).collect();
        if ties.is_empty() {
            return None;
        }
        Some(*ties[self.rng.index(ties.len())])
    }

    /// One-ply greedy: the turn with the best evaluation.
    pub(crate) fn greedy(&mut self, pos: &mut Position, roll: Roll, cap: usize) -> Option<Found> {
        let mut turns = self.take_groups();
        let found = pos
            .group_turns(self.edition, roll, &mut turns)
            .ok()
            .and_then(|()| {
                let facts = self.facts(pos);
                let cap = cap.min(self.left().try_into().unwrap_or(usize::MAX));
                let scored = self.score_list(pos, &facts, &mut turns, cap);
                self.pick_best(&scored).map(|(v, _, turn)| Found {
                    turn,
                    chance: to_chance(v, self.scale),
                    nodes: self.nodes,
                })
            });
        self.give_groups(turns);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games from the start on each board side of `sizes`, in both
    /// editions: `check` sees each of the first `turns` positions with its
    /// edition, the roll, its listed turns and the turn's number.
    fn random_positions(
        seed: u64,
        sizes: &[u32],
        turns: usize,
        mut check: impl FnMut(&mut Position, Edition, Roll, &TurnList, usize),
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
                    check(&mut pos, edition, roll, &list, turn);
                    let t = list.get(rng.index(list.len())).expect("a legal turn");
                    let _ = pos.play_unchecked(t);
                    turn += 1;
                }
            }
        }
    }

    /// The turns of `pos` for `roll`, grouped.
    fn grouped(pos: &mut Position, edition: Edition, roll: Roll) -> TurnGroups {
        let mut turns = TurnGroups::new();
        pos.group_turns(edition, roll, &mut turns).expect("in play");
        turns
    }

    #[test]
    fn scoring_from_a_shared_first_action_gives_the_same_values() {
        let weights = Weights::default();
        random_positions(
            31,
            &[4, 6, 8, 12, 26],
            40,
            |pos, edition, roll, list, turn| {
                if turn % 5 != 0 || list.len() > 20_000 {
                    return;
                }
                let mut search = Search::new(edition, &weights, 1.0, u64::MAX, 1);
                let facts = search.facts(pos);
                let mut scored = Vec::new();
                let mut turns = grouped(pos, edition, roll);
                search.score_all(pos, &facts, &mut turns, &mut scored);
                assert_eq!(scored.len(), list.len());
                for (k, &(v, i, u)) in scored.iter().enumerate() {
                    assert_eq!(i as usize, k);
                    let t = list.get(k).expect("listed");
                    assert_eq!(u, t);
                    let alone = search.score(pos, &facts, t);
                    assert_eq!(v.to_bits(), alone.to_bits(), "{pos} {edition} {t:?}");
                }
            },
        );
    }

    #[test]
    fn a_board_net_updated_for_a_turn_equals_summing_the_board_afresh() {
        let weights = Weights::default();
        let nets: Vec<Net> = [4u8, 6, 8, 12]
            .iter()
            .map(|&n| Net::random_board(n, 24, u64::from(n)))
            .collect();
        random_positions(34, &[4, 6, 8, 12], 30, |pos, edition, roll, list, turn| {
            if turn % 3 != 0 || list.len() > 5_000 {
                return;
            }
            let net = nets
                .iter()
                .find(|n| n.board.as_ref().is_some_and(|b| b.fits(pos)));
            let mut search = Search::new(edition, &weights, 1.0, u64::MAX, 1).with_net(net);
            let facts = search.facts(pos);
            let mut scored = Vec::new();
            let mut turns = grouped(pos, edition, roll);
            search.score_all(pos, &facts, &mut turns, &mut scored);
            let mut differ = 0;
            for &(v, _, u) in &scored {
                let undo = pos.play_unchecked(u);
                let fresh = -crate::evaluate_with(pos, edition, &weights, net);
                let plain = -crate::evaluate(pos, &weights);
                pos.undo_unchecked(undo);
                assert_eq!(v.to_bits(), fresh.to_bits(), "{pos} {edition} {u:?}");
                differ += usize::from(v != plain);
            }
            // The net did change values.
            assert!(differ > 0 || scored.len() < 2, "{pos}");
        });
    }

    #[test]
    fn a_sampled_list_scores_each_turn_as_alone_captures_first() {
        let weights = Weights::default();
        random_positions(32, &[8, 16, 26], 15, |pos, edition, roll, list, turn| {
            // Caps below the list's length: the list is sampled.
            let cap = (list.len() / 3).min(2_000);
            if turn % 3 != 0 || cap < 3 {
                return;
            }
            let mut search = Search::new(edition, &weights, 1.0, u64::MAX, 1);
            let facts = search.facts(pos);
            let mut turns = grouped(pos, edition, roll);
            let scored = search.score_list(pos, &facts, &mut turns, cap);
            assert!(scored.len() <= cap);
            let mut seen = vec![false; list.len()];
            for &(v, i, u) in &scored {
                assert!(!std::mem::replace(&mut seen[i as usize], true));
                let t = list.get(i as usize).expect("listed");
                assert_eq!(u, t);
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

    #[test]
    fn a_sample_of_grouped_turns_is_the_sample_of_the_list() {
        // Turns found on demand from their groups, or taken from the whole
        // list: the same turns scored, in the same order, for the same seed.
        let weights = Weights::default();
        random_positions(
            33,
            &[6, 10, 16, 26],
            12,
            |pos, edition, roll, list, turn| {
                if turn % 2 != 0 {
                    return;
                }
                let facts = Facts::new(usize::from(pos.size()), pos.cells());
                let caps = [list.len(), list.len() / 2, 700, 40];
                for cap in caps.into_iter().filter(|&c| c <= 4_000) {
                    let mut a = Search::new(edition, &weights, 1.0, u64::MAX, 7);
                    let mut turns = grouped(pos, edition, roll);
                    let from_groups = a.score_list(pos, &facts, &mut turns, cap);
                    let mut b = Search::new(edition, &weights, 1.0, u64::MAX, 7);
                    let from_list = b.score_listed(pos, &facts, list, cap);
                    assert_eq!(from_groups, from_list, "{pos} {edition} cap {cap}");
                }
            },
        );
    }
}
