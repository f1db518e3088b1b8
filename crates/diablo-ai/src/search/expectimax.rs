//! Expectimax over the opponent's rolls, with exact pruning: the design
//! measured against MCTS (docs/ai.md) and kept as a `Shape` for comparison.

use super::{Found, Search, Shape, to_chance};
use crate::eval::{WIN, evaluate_with};
use diablo_core::{FastTurn, Position, Roll};

/// A turn by its squares, to recognise the same turn in another position.
pub(super) type TurnKey = [u16; 4];

fn key(t: FastTurn) -> TurnKey {
    let f = t.first();
    match t.second() {
        Some(s) => [f.from, f.to, s.from, s.to],
        None => [f.from, f.to, u16::MAX, u16::MAX],
    }
}

impl Search<'_> {
    /// The expected chance of winning for the player who just moved (the
    /// opponent is to move in `pos`), looking `plies` turns ahead: the
    /// opponent answers every roll with its best one-ply turn; with more
    /// plies that turn is played and the same question is asked from the
    /// other side. `None` when the budget ran out.
    fn chance_after(&mut self, pos: &mut Position, plies: u8, cap: usize) -> Option<f64> {
        if pos.is_finished() {
            return Some(to_chance(
                -evaluate_with(pos, self.edition, self.weights, self.net),
                self.scale,
            ));
        }
        let faces = f64::from(pos.die_faces());
        let facts = self.facts(pos);
        let mut list = self.lists.pop().unwrap_or_default();
        let mut total = 0.0;
        let mut complete = true;
        for (roll, weight) in Roll::all_unordered(pos.size()) {
            if pos.list_turns(self.edition, roll, &mut list).is_err() {
                complete = false;
                break;
            }
            let cap = cap.min(list.len());
            if self.left() < cap as u64 {
                complete = false;
                break;
            }
            let scored = self.score_listed(pos, &facts, &list, cap);
            let Some((best, _, t)) = self.pick_best(&scored) else {
                complete = false;
                break;
            };
            let chance = if plies <= 1 || best.abs() >= WIN {
                to_chance(-best, self.scale)
            } else {
                let undo = pos.play_unchecked(t);
                let theirs = self.chance_after(pos, plies - 1, cap);
                pos.undo_unchecked(undo);
                match theirs {
                    Some(c) => 1.0 - c,
                    None => {
                        complete = false;
                        break;
                    }
                }
            };
            total += f64::from(weight) / (faces * faces) * chance;
        }
        self.lists.push(list);
        complete.then_some(total)
    }

    /// [`Search::chance_after`] for one ply, with pruning: returns the
    /// chance, or an upper bound of it no higher than `bound` as soon as the
    /// turn is known not to beat `bound`. First the opponent's captures are
    /// tried for every roll (a real reply, so a cheap upper bound of the
    /// chance); then each roll is searched in full, stopping when even the
    /// best case for the rolls left cannot lift the total above `bound`.
    fn reply_chance(&mut self, pos: &mut Position, cap: usize, bound: f64) -> Option<f64> {
        if pos.is_finished() {
            return Some(to_chance(
                -evaluate_with(pos, self.edition, self.weights, self.net),
                self.scale,
            ));
        }
        let faces = f64::from(pos.die_faces());
        let rolls = Roll::all_unordered(pos.size());
        let weight = |w: u32| f64::from(w) / (faces * faces);
        let facts = self.facts(pos);
        let mut list = self.lists.pop().unwrap_or_default();
        if self.killers.len() != rolls.len() {
            self.killers = vec![None; rolls.len()];
        }
        let mut best = vec![f32::NEG_INFINITY; rolls.len()];
        let mut best_key = vec![None; rolls.len()];
        let mut upper = vec![1.0f64; rolls.len()];
        // Tried first: captures, and the reply that was best against the
        // previous candidate (the "killer"), if it is legal here too.
        let early =
            |t: &FastTurn, killer: Option<TurnKey>| t.captures() > 0 || Some(key(*t)) == killer;
        let result = 'search: {
            for (k, &(roll, _)) in rolls.iter().enumerate() {
                if pos.list_turns(self.edition, roll, &mut list).is_err() {
                    break 'search None;
                }
                if list.len() > cap {
                    continue;
                }
                let killer = self.killers[k];
                for t in list.iter().filter(|t| early(t, killer)) {
                    if self.left() == 0 {
                        break 'search None;
                    }
                    let v = self.score(pos, &facts, t);
                    if v > best[k] {
                        best[k] = v;
                        best_key[k] = Some(key(t));
                    }
                }
                if best[k] > f32::NEG_INFINITY {
                    upper[k] = to_chance(-best[k], self.scale);
                }
            }
            let mut bound_left: f64 = rolls.iter().zip(&upper).map(|(r, u)| weight(r.1) * u).sum();
            if bound_left <= bound {
                break 'search Some(bound_left);
            }
            let mut total = 0.0;
            for (k, &(roll, w)) in rolls.iter().enumerate() {
                if pos.list_turns(self.edition, roll, &mut list).is_err() {
                    break 'search None;
                }
                if list.len() > cap {
                    if self.left() < cap as u64 {
                        break 'search None;
                    }
                    let scored = self.score_listed(pos, &facts, &list, cap);
                    for &(v, _, t) in &scored {
                        if v > best[k] {
                            best[k] = v;
                            best_key[k] = Some(key(t));
                        }
                    }
                } else {
                    let killer = self.killers[k];
                    let rest = list.iter().filter(|t| !early(t, killer)).count();
                    if self.left() < rest as u64 {
                        break 'search None;
                    }
                    for t in list.iter().filter(|t| !early(t, killer)) {
                        let v = self.score(pos, &facts, t);
                        if v > best[k] {
                            best[k] = v;
                            best_key[k] = Some(key(t));
                        }
                    }
                }
                if best_key[k].is_some() {
                    self.killers[k] = best_key[k];
                }
                total += weight(w) * to_chance(-best[k], self.scale);
                bound_left -= weight(w) * upper[k];
                if total + bound_left <= bound {
                    break 'search Some(total + bound_left);
                }
            }
            Some(total)
        };
        self.lists.push(list);
        result
    }

    /// Expectimax: the best `shape.candidates` turns by one-ply value are
    /// searched against every roll of the opponent and its best reply; the
    /// turn with the highest expected chance of winning is chosen.
    pub(crate) fn expectimax(
        &mut self,
        pos: &mut Position,
        roll: Roll,
        shape: Shape,
        candidates: usize,
        plies: u8,
    ) -> Option<Found> {
        let mut list = std::mem::take(&mut self.root);
        pos.list_turns(self.edition, roll, &mut list).ok()?;
        let facts = self.facts(pos);
        let cap = shape
            .root_cap
            .min(self.left().try_into().unwrap_or(usize::MAX));
        let mut scored = self.score_listed(pos, &facts, &list, cap);
        scored.sort_by(|x, y| y.0.total_cmp(&x.0));
        let greedy = self.pick_best(&scored);
        let mut best: Option<(f64, FastTurn)> = None;
        let mut last_cost = 0u64;
        for &(v, _, t) in scored.iter().take(candidates) {
            if v >= WIN {
                // A winning turn: nothing can beat it.
                best = Some((1.0, t));
                break;
            }
            if self.left() < last_cost {
                break;
            }
            let before = self.nodes;
            let undo = pos.play_unchecked(t);
            let value = if plies <= 1 {
                let bound = best.map_or(-1.0, |b| b.0);
                self.reply_chance(pos, shape.reply_cap, bound)
            } else {
                self.chance_after(pos, plies, shape.reply_cap)
            };
            pos.undo_unchecked(undo);
            last_cost = self.nodes - before;
            let Some(total) = value else { break };
            if best.is_none_or(|(b, _)| total > b) {
                best = Some((total, t));
            }
        }
        let nodes = self.nodes;
        let found = match best {
            Some((chance, turn)) => Some(Found {
                turn,
                chance,
                nodes,
            }),
            None => greedy.map(|(v, _, turn)| Found {
                turn,
                chance: to_chance(v, self.scale),
                nodes,
            }),
        };
        self.root = list;
        found
    }
}
