//! Monte-Carlo tree search with chance nodes, the search behind Medium,
//! Hard and Analysis (chosen over expectimax by matches: docs/ai.md).
//!
//! The tree alternates decision nodes (a player to move with a known roll;
//! children are that player's turns) and chance nodes (the next player's
//! rolls). Expanding a decision node scores its turns once with the
//! evaluation — that is where the node budget goes — and keeps the best
//! ones, best first; the best value seeds the node, so no random playouts
//! are needed (random play says little about a Diablo position). Selection
//! is UCT on chances of winning over a window of children that widens with
//! the visits; rolls are visited in proportion to their probabilities.

use crate::search::{Found, Search};
use diablo_core::{FastTurn, Position, Roll};

/// Children kept per decision node below the root (the window rarely gets
/// this wide within a budget).
const KEEP: usize = 48;

/// A player to move with a known roll.
struct Decision {
    /// Turns with their one-ply chance for the mover, best first.
    turns: Vec<(FastTurn, f64)>,
    visits: Vec<u32>,
    /// Summed chances for the mover, per child.
    sums: Vec<f64>,
    children: Vec<Option<Chance>>,
    total: u32,
}

/// The next player's rolls after a turn.
struct Chance {
    visits: Vec<u32>,
    children: Vec<Option<Decision>>,
    total: u32,
}

impl Chance {
    fn new(rolls: usize) -> Chance {
        Chance {
            visits: vec![0; rolls],
            children: (0..rolls).map(|_| None).collect(),
            total: 0,
        }
    }

    /// The roll furthest below its share of the visits.
    fn next_roll(&self, rolls: &[(Roll, f64)]) -> usize {
        let total = f64::from(self.total + 1);
        let mut pick = 0;
        let mut most = f64::NEG_INFINITY;
        for (r, &(_, p)) in rolls.iter().enumerate() {
            let deficit = p - f64::from(self.visits[r]) / total;
            if deficit > most {
                most = deficit;
                pick = r;
            }
        }
        pick
    }
}

impl Search<'_> {
    /// Scores the mover's turns for `roll` (at most `cap`) and builds the
    /// node, keeping `keep` children; also returns the best chance. `None`
    /// when the budget cannot pay for it.
    fn expand(
        &mut self,
        pos: &mut Position,
        roll: Roll,
        cap: usize,
        keep: usize,
    ) -> Option<(Decision, f64)> {
        let mut list = self.take_groups();
        let result = 'build: {
            if pos.group_turns(self.edition(), roll, &mut list).is_err() {
                break 'build None;
            }
            let cap = cap.min(list.len());
            if self.left() < cap as u64 {
                break 'build None;
            }
            let facts = self.facts(pos);
            let scored = self.score_list(pos, &facts, &mut list, cap);
            // The best `keep`, best first, ties in scoring order (sorted by
            // value and place: a small element sorts faster).
            let mut order: Vec<(f32, u32)> = (0..scored.len() as u32)
                .map(|j| (scored[j as usize].0, j))
                .collect();
            order.sort_by(|x, y| y.0.total_cmp(&x.0));
            order.truncate(keep);
            let turns: Vec<(FastTurn, f64)> = order
                .iter()
                .map(|&(v, j)| (scored[j as usize].2, self.chance(v)))
                .collect();
            let best = turns.first().map_or(0.5, |t| t.1);
            let n = turns.len();
            Some((
                Decision {
                    turns,
                    visits: vec![0; n],
                    sums: vec![0.0; n],
                    children: (0..n).map(|_| None).collect(),
                    total: 0,
                },
                best,
            ))
        };
        self.give_groups(list);
        result
    }

    /// One simulation down from `node`: the chance for its mover, or `None`
    /// when the budget ran out.
    fn simulate(
        &mut self,
        node: &mut Decision,
        pos: &mut Position,
        rolls: &[(Roll, f64)],
        exploration: f64,
        cap: usize,
    ) -> Option<f64> {
        // Progressive widening: 2 + sqrt(visits) children compete.
        let width = (2 + f64::from(node.total).sqrt() as usize).min(node.turns.len());
        let ln = f64::from(node.total.max(1)).ln();
        let mut pick = 0;
        let mut best = f64::NEG_INFINITY;
        for k in 0..width {
            let n = f64::from(node.visits[k]);
            let q = if n == 0.0 {
                node.turns[k].1
            } else {
                node.sums[k] / n
            };
            let u = q + exploration * ((ln + 1.0) / (n + 1.0)).sqrt();
            if u > best {
                best = u;
                pick = k;
            }
        }
        let (turn, prior) = node.turns[pick];
        let undo = pos.play_unchecked(turn);
        let value = if pos.is_finished() {
            // A decided game still costs a node, so simulations always end.
            self.spend(1).then_some(prior)
        } else {
            let chance = node.children[pick].get_or_insert_with(|| Chance::new(rolls.len()));
            let r = chance.next_roll(rolls);
            let theirs = match chance.children[r].as_mut() {
                Some(d) => self.simulate(d, pos, rolls, exploration, cap),
                None => self.expand(pos, rolls[r].0, cap, KEEP).map(|(d, v)| {
                    chance.children[r] = Some(d);
                    v
                }),
            };
            if theirs.is_some() {
                chance.visits[r] += 1;
                chance.total += 1;
            }
            theirs.map(|c| 1.0 - c)
        };
        pos.undo_unchecked(undo);
        let v = value?;
        node.visits[pick] += 1;
        node.sums[pick] += v;
        node.total += 1;
        Some(v)
    }

    /// Chooses a turn by MCTS within the budget: the most visited turn at
    /// the root (ties to the better one-ply value).
    pub(crate) fn mcts(
        &mut self,
        pos: &mut Position,
        roll: Roll,
        exploration: f64,
        (expansions, floor): (u32, u32),
        root_cap: usize,
        reply_cap: usize,
    ) -> Option<Found> {
        let cap = root_cap
            .min(self.left().try_into().unwrap_or(usize::MAX))
            .max(1);
        let (mut root, _) = self.expand(pos, roll, cap, usize::MAX)?;
        if expansions > 0 {
            // About `expansions` root-sized expansions, but never less than
            // 1/`floor` of the budget: on small boards the root lists few
            // turns, and the search would stop long before it helps.
            let floor = self.left().checked_div(u64::from(floor)).unwrap_or(0);
            self.limit((u64::from(expansions) * self.spent()).max(floor));
        }
        let faces = f64::from(pos.die_faces());
        let rolls: Vec<(Roll, f64)> = Roll::all_unordered(pos.size())
            .into_iter()
            .map(|(r, w)| (r, f64::from(w) / (faces * faces)))
            .collect();
        // A single choice, or a win on the spot: nothing to search.
        let decided = root.turns.len() == 1 || root.turns.first().is_some_and(|t| t.1 >= 1.0);
        if !decided {
            while self
                .simulate(&mut root, pos, &rolls, exploration, reply_cap)
                .is_some()
            {}
        }
        let mut pick = 0;
        for k in 1..root.turns.len() {
            if root.visits[k] > root.visits[pick] {
                pick = k;
            }
        }
        let (turn, prior) = *root.turns.get(pick)?;
        let chance = if root.visits[pick] > 0 {
            root.sums[pick] / f64::from(root.visits[pick])
        } else {
            prior
        };
        Some(Found {
            turn,
            chance,
            nodes: self.spent(),
        })
    }
}
