//! The board net's training (docs/ai.md, the board net): positions from
//! noisy self-play of the current evaluator, each labelled with its
//! one-roll look-ahead value (the average over every roll of the best
//! turn's value) blended with the game's outcome, beside siblings of the
//! played turn labelled by look-ahead alone; written in shards keyed by
//! seed so a run can stop and go on; and a net fitted to them that adds a
//! correction to the weighted sum, the board's eight symmetries used as
//! data augmentation.

use crate::net::{Adam, fold_standardisation, log_loss, standardisation};
use diablo_ai::{
    BoardLayer, FEATURES, NET_INPUTS, Net, Rng, SQUARE_UNITS, Weights, evaluate_with, features,
    raw_win_chance_with,
};
use diablo_core::{Color, Edition, Outcome, Position};
use std::io::Write;
use std::path::Path;

/// One labelled position.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardSample {
    /// The self-play game it comes from (held-out games are picked by it).
    pub game: u32,
    /// The edition played.
    pub edition: Edition,
    /// The side to move.
    pub mover: Color,
    /// The label: the mover's chance, 0..=1.
    pub target: f32,
    /// The weighted sum's log-odds (the tuned weights).
    pub base: f32,
    /// The evaluation's features.
    pub features: [f32; FEATURES],
    /// The board's signed heights ([`Position::cells`]).
    pub cells: Vec<i16>,
}

/// How labelled positions are made.
#[derive(Debug, Clone, Copy)]
pub struct LabelPlan {
    /// Board size.
    pub size: u8,
    /// Games a shard plays (both editions, alternately).
    pub games: u32,
    /// The chance of a uniformly random turn instead of the best one.
    pub epsilon: f64,
    /// Siblings of each played turn to label (the best other turn, then
    /// random ones).
    pub siblings: usize,
    /// The outcome's share in a played position's label.
    pub blend: f32,
    /// Seed of the run; a shard's seed is derived from it and the shard's
    /// number.
    pub seed: u64,
    /// The current evaluator's net (`None`: the weights alone).
    pub net: Option<&'static Net>,
}

/// The mover's one-roll look-ahead chance under the plan's evaluator.
fn look_ahead(pos: &Position, edition: Edition, net: Option<&Net>) -> f32 {
    raw_win_chance_with(pos, edition, net) as f32
}

/// A sample of `pos` (in play) with `target`.
fn sample(pos: &Position, edition: Edition, game: u32, target: f32) -> Option<BoardSample> {
    let f = features(pos)?;
    let w = Weights::tuned(edition);
    let base = f.iter().zip(w.0.iter()).map(|(a, b)| a * b).sum();
    Some(BoardSample {
        game,
        edition,
        mover: pos.side_to_move(),
        target,
        base,
        features: f,
        cells: pos.cells().to_vec(),
    })
}

/// Labels the positions of shard `shard`'s games (numbered
/// `shard * games ..`).
#[must_use]
pub fn label_shard(plan: &LabelPlan, shard: u32) -> Vec<BoardSample> {
    let mut out = Vec::new();
    for g in 0..plan.games {
        let game = shard * plan.games + g;
        out.extend(label_game(plan, game));
    }
    out
}

fn label_game(plan: &LabelPlan, game: u32) -> Vec<BoardSample> {
    let edition = if game % 2 == 0 {
        Edition::Standard
    } else {
        Edition::Sequenced
    };
    let mut rng = Rng::new(
        plan.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(game)),
    );
    let weights = Weights::tuned(edition);
    let Ok(mut pos) = Position::start(u32::from(plan.size)) else {
        return Vec::new();
    };
    // Played positions: (look-ahead, mover, sample); siblings are final.
    let mut played: Vec<(f32, Color, BoardSample)> = Vec::new();
    let mut siblings = Vec::new();
    while !pos.is_finished() {
        let la = look_ahead(&pos, edition, plan.net);
        if let Some(s) = sample(&pos, edition, game, la) {
            played.push((la, pos.side_to_move(), s));
        }
        let roll = rng.roll(pos.size());
        let Ok(turns) = pos.legal_turns(edition, roll) else {
            return Vec::new();
        };
        let mut children: Vec<(f32, Position)> = turns
            .iter()
            .filter_map(|t| pos.play(edition, roll, t).ok())
            .map(|c| (-evaluate_with(&c, edition, &weights, plan.net), c))
            .collect();
        if children.is_empty() {
            return Vec::new();
        }
        let explore = (rng.below(1_000_000) as f64) < plan.epsilon * 1e6;
        let pick = if explore {
            rng.index(children.len())
        } else {
            let values: Vec<f32> = children.iter().map(|c| c.0).collect();
            best_index(&values)
        };
        let next = children.swap_remove(pick).1;
        // Siblings: the best other turn, then random ones.
        children.sort_by(|a, b| b.0.total_cmp(&a.0));
        for k in 0..plan.siblings.min(children.len()) {
            let at = if k == 0 { 0 } else { rng.index(children.len()) };
            let (_, child) = children.swap_remove(at);
            if !child.is_finished() {
                let la = look_ahead(&child, edition, plan.net);
                siblings.extend(sample(&child, edition, game, la));
            }
        }
        pos = next;
    }
    let Outcome::Won(winner) = pos.outcome() else {
        return Vec::new();
    };
    played
        .into_iter()
        .map(|(la, mover, mut s)| {
            let won = f32::from(u8::from(mover == winner));
            s.target = (1.0 - plan.blend) * la + plan.blend * won;
            s
        })
        .chain(siblings)
        .collect()
}

/// The index of the largest value, the first of equal ones (0 when
/// there are none).
fn best_index(values: &[f32]) -> usize {
    (0..values.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0)
}

/// The first bytes of a shard file.
const SHARD_MAGIC: &[u8; 4] = b"DBL1";

/// Writes samples of one board size as a shard: `DBL1`, the size (u32),
/// then per sample game (u32), edition and mover (u8 each), target and
/// base (f32), the features (f32) and the cells (i16), little-endian.
///
/// # Errors
/// When writing fails.
pub fn write_shard(out: &mut impl Write, size: u8, samples: &[BoardSample]) -> std::io::Result<()> {
    let mut buf = SHARD_MAGIC.to_vec();
    buf.extend_from_slice(&u32::from(size).to_le_bytes());
    for s in samples {
        buf.extend_from_slice(&s.game.to_le_bytes());
        buf.push(u8::from(s.edition == Edition::Sequenced));
        buf.push(u8::from(s.mover == Color::Green));
        buf.extend_from_slice(&s.target.to_le_bytes());
        buf.extend_from_slice(&s.base.to_le_bytes());
        for v in s.features {
            buf.extend_from_slice(&v.to_le_bytes());
        }
        for c in &s.cells {
            buf.extend_from_slice(&c.to_le_bytes());
        }
    }
    out.write_all(&buf)
}

/// Reads what [`write_shard`] wrote: the size and the samples.
///
/// # Errors
/// A message saying what is wrong with the bytes.
pub fn read_shard(bytes: &[u8]) -> Result<(u8, Vec<BoardSample>), String> {
    let body = bytes
        .strip_prefix(SHARD_MAGIC)
        .ok_or("not a shard: it does not start with DBL1")?;
    let size = body
        .first_chunk::<4>()
        .map(|b| u32::from_le_bytes(*b))
        .ok_or("a shard ends before its size")?;
    let size = u8::try_from(size)
        .ok()
        .filter(|s| (2..=26).contains(s) && s % 2 == 0)
        .ok_or(format!("board size {size}, not even in 2..=26"))?;
    let squares = usize::from(size) * usize::from(size);
    let record = 4 + 2 + 8 + 4 * FEATURES + 2 * squares;
    let rest = &body[4..];
    if rest.len() % record != 0 {
        return Err(format!(
            "{} bytes is not a whole number of {record}-byte samples",
            rest.len()
        ));
    }
    let f32_at = |c: &[u8], i: usize| f32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
    let samples = rest
        .chunks_exact(record)
        .map(|c| BoardSample {
            game: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
            edition: if c[4] == 1 {
                Edition::Sequenced
            } else {
                Edition::Standard
            },
            mover: if c[5] == 1 {
                Color::Green
            } else {
                Color::Black
            },
            target: f32_at(c, 6),
            base: f32_at(c, 10),
            features: std::array::from_fn(|k| f32_at(c, 14 + 4 * k)),
            cells: c[14 + 4 * FEATURES..]
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect(),
        })
        .collect();
    Ok((size, samples))
}

/// The path of shard `k` in `dir`.
#[must_use]
pub fn shard_path(dir: &Path, k: u32) -> std::path::PathBuf {
    dir.join(format!("shard-{k:05}.bin"))
}

/// Labels shards `first .. first + count` into `dir` on `threads`
/// threads, skipping shards already written (so a stopped run goes on
/// where it stopped); a shard is written whole or not at all. Returns the
/// shards made and the samples in them.
///
/// # Errors
/// When the directory or a shard cannot be written.
pub fn label_shards(
    plan: &LabelPlan,
    dir: &Path,
    first: u32,
    count: u32,
    threads: usize,
    log: &(dyn Fn(&str) + Sync),
) -> Result<(u32, usize), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let todo: Vec<u32> = (first..first + count)
        .filter(|&k| !shard_path(dir, k).exists())
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let made = std::sync::Mutex::new((0u32, 0usize, None::<String>));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&k) = todo.get(i) else { break };
                    let samples = label_shard(plan, k);
                    let path = shard_path(dir, k);
                    let tmp = path.with_extension("part");
                    let written = std::fs::File::create(&tmp)
                        .and_then(|mut f| write_shard(&mut f, plan.size, &samples))
                        .and_then(|()| std::fs::rename(&tmp, &path));
                    let mut m = made
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    match written {
                        Ok(()) => {
                            m.0 += 1;
                            m.1 += samples.len();
                            log(&format!("shard {k}: {} samples", samples.len()));
                        }
                        Err(e) => m.2 = Some(format!("{}: {e}", path.display())),
                    }
                }
            });
        }
    });
    let (shards, samples, err) = made
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match err {
        Some(e) => Err(e),
        None => Ok((shards, samples)),
    }
}

/// The square `sq` of an `n`-board under symmetry `sym` (0..8: the
/// identity, three turns, four reflections).
#[must_use]
pub fn map_square(sym: u8, n: usize, sq: usize) -> usize {
    let (r, c) = (sq / n, sq % n);
    let m = n - 1;
    let (r, c) = match sym & 7 {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        _ => (m - c, m - r),
    };
    r * n + c
}

/// The active board units of `cells` seen from `mover` under symmetry
/// `sym`: (unit, value), units numbered as [`BoardLayer::w`]'s rows.
fn active_units(cells: &[i16], n: usize, mover: Color, sym: u8, out: &mut Vec<(usize, f32)>) {
    out.clear();
    for (sq, &c) in cells.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let mine = (c > 0) == (mover == Color::Black);
        let h = c.unsigned_abs();
        let base = map_square(sym, n, sq) * SQUARE_UNITS + usize::from(!mine) * 4;
        out.push((base, 1.0));
        if h >= 2 {
            out.push((base + 1, 1.0));
        }
        if h >= 3 {
            out.push((base + 2, 1.0));
        }
        if h > 3 {
            out.push((base + 3, f32::from((h - 3).min(8)) / 4.0));
        }
    }
}

/// How a board net is trained.
#[derive(Debug, Clone, Copy)]
pub struct BoardTrainPlan {
    /// Hidden units.
    pub hidden: usize,
    /// Held out: games whose number is 0 modulo this.
    pub hold_out_every: u32,
    /// Most passes over the training data.
    pub max_epochs: usize,
    /// Stop after this many passes without a better held-out loss.
    pub patience: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Examples per step.
    pub batch: usize,
    /// Seed of the first weights, the order and the symmetries.
    pub seed: u64,
}

/// The dense inputs of a sample: the features and the edition.
fn dense(s: &BoardSample) -> [f32; FEATURES + 1] {
    let mut x = [0.0; FEATURES + 1];
    x[..FEATURES].copy_from_slice(&s.features);
    x[FEATURES] = f32::from(u8::from(s.edition == Edition::Sequenced));
    x
}

/// What board-net training did.
#[derive(Debug, Clone)]
pub struct BoardTrained {
    /// The quantised net with the best held-out loss.
    pub net: Net,
    /// Held-out loss of the weighted sum alone (the start).
    pub base_loss: f64,
    /// Training and held-out loss per pass (the held-out one of the
    /// quantised net).
    pub history: Vec<(f64, f64)>,
    /// The pass of the best held-out loss.
    pub best_epoch: usize,
    /// Training and held-out examples.
    pub counts: (usize, usize),
}

/// The held-out log-loss of `net` (a board net) on `samples`, through the
/// engine's own inference.
#[must_use]
pub fn board_loss(net: &Net, samples: &[&BoardSample]) -> f64 {
    let Some(board) = &net.board else {
        return f64::NAN;
    };
    let mut x = [0.0; NET_INPUTS];
    let total: f64 = samples
        .iter()
        .map(|s| {
            x[..=FEATURES].copy_from_slice(&dense(s));
            let sums = board.sums(&s.cells, s.mover, net.hidden);
            log_loss(s.base + net.correction(&x, &sums.sums), s.target)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Trains a board net for `size` on `samples` (see [`BoardTrainPlan`]):
/// the output starts at zero (the weighted sum exactly), each visit of a
/// sample sees the board under a random symmetry.
#[must_use]
pub fn train_board(
    size: u8,
    samples: &[BoardSample],
    plan: &BoardTrainPlan,
    log: &mut dyn FnMut(&str),
) -> BoardTrained {
    let n = usize::from(size);
    let units = n * n * SQUARE_UNITS;
    let nh = plan.hidden.clamp(1, diablo_ai::MAX_HIDDEN);
    const D: usize = FEATURES + 1;
    let every = plan.hold_out_every.max(2);
    let (held, fit): (Vec<&BoardSample>, Vec<&BoardSample>) = samples
        .iter()
        .filter(|s| s.cells.len() == n * n)
        .partition(|s| s.game % every == 0);
    // Standardise the dense inputs on the training part.
    let raw: Vec<[f32; D]> = fit.iter().map(|s| dense(s)).collect();
    let (mean, sd) = standardisation(&raw, D);
    let norm = |x: &[f32; D]| -> [f32; D] {
        std::array::from_fn(|k| ((f64::from(x[k]) - mean[k]) / sd[k]) as f32)
    };
    let mut rng = Rng::new(plan.seed);
    let mut uniform = |scale: f32| (rng.below(2_000_001) as f32 / 1e6 - 1.0) * scale;
    // Parameters: dense w1 (nh x D), board (units x nh), b1, w2, b2.
    let o_board = nh * D;
    let o_b1 = o_board + units * nh;
    let o_w2 = o_b1 + nh;
    let o_b2 = o_w2 + nh;
    let total = o_b2 + 1;
    let mut p = vec![0f32; total];
    for v in &mut p[..o_board] {
        *v = uniform(0.5 / (D as f32).sqrt());
    }
    for v in &mut p[o_board..o_b1] {
        *v = uniform(0.1);
    }
    for v in &mut p[o_b1..o_w2] {
        *v = 0.5;
    }
    let to_net = |p: &[f32]| -> Net {
        let (w1, b1) = fold_standardisation(&p[..o_board], &p[o_b1..o_w2], &mean, &sd);
        let board = &p[o_board..o_b1];
        let largest = board.iter().fold(0f32, |m, w| m.max(w.abs())).max(1e-6);
        let scale = (32_000.0 / largest).min(4096.0);
        Net {
            inputs: D,
            hidden: nh,
            w1,
            b1,
            w2: p[o_w2..o_b2].to_vec(),
            b2: p[o_b2],
            board: Some(BoardLayer {
                size,
                scale,
                w: board.iter().map(|w| (w * scale).round() as i16).collect(),
            }),
        }
    };
    let xs: Vec<[f32; D]> = raw.iter().map(norm).collect();
    let base_loss =
        held.iter().map(|s| log_loss(s.base, s.target)).sum::<f64>() / held.len().max(1) as f64;
    log(&format!(
        "{} training, {} held out; the weighted sum alone: held out {base_loss:.5}",
        fit.len(),
        held.len()
    ));
    let mut best = (f64::INFINITY, to_net(&p), 0usize);
    let mut history = Vec::new();
    let mut adam = Adam::new(total);
    let mut grad = vec![0f32; total];
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let mut active = Vec::new();
    let mut acc = vec![0f32; nh];
    let mut rng = Rng::new(plan.seed ^ 0xA5A5);
    for epoch in 1..=plan.max_epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.index(i + 1));
        }
        let mut fit_loss = 0.0;
        for chunk in order.chunks(plan.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                let s = fit[i];
                let x = &xs[i];
                let sym = rng.below(8) as u8;
                active_units(&s.cells, n, s.mover, sym, &mut active);
                let mut z = s.base + p[o_b2];
                for h in 0..nh {
                    let mut a = p[o_b1 + h];
                    for (w, v) in p[h * D..(h + 1) * D].iter().zip(x) {
                        a += w * v;
                    }
                    acc[h] = a;
                }
                for &(u, v) in &active {
                    let row = &p[o_board + u * nh..o_board + (u + 1) * nh];
                    for (a, w) in acc.iter_mut().zip(row) {
                        *a += w * v;
                    }
                }
                for h in 0..nh {
                    z += p[o_w2 + h] * acc[h].clamp(0.0, 1.0);
                }
                fit_loss += log_loss(z, s.target);
                let dz = 1.0 / (1.0 + (-z).exp()) - s.target;
                grad[o_b2] += dz;
                for h in 0..nh {
                    grad[o_w2 + h] += dz * acc[h].clamp(0.0, 1.0);
                    // The gradient through the unit, kept in `acc`.
                    acc[h] = if acc[h] > 0.0 && acc[h] < 1.0 {
                        dz * p[o_w2 + h]
                    } else {
                        0.0
                    };
                    if acc[h] != 0.0 {
                        grad[o_b1 + h] += acc[h];
                        for (g, v) in grad[h * D..(h + 1) * D].iter_mut().zip(x) {
                            *g += acc[h] * v;
                        }
                    }
                }
                for &(u, v) in &active {
                    let row = &mut grad[o_board + u * nh..o_board + (u + 1) * nh];
                    for (g, a) in row.iter_mut().zip(&acc) {
                        *g += a * v;
                    }
                }
            }
            adam.step(&mut p, &grad, chunk.len(), plan.learning_rate, o_b1);
        }
        let net = to_net(&p);
        let held_loss = board_loss(&net, &held);
        fit_loss /= fit.len().max(1) as f64;
        history.push((fit_loss, held_loss));
        log(&format!(
            "epoch {epoch}: training {fit_loss:.5}, held out {held_loss:.5} (quantised)"
        ));
        if held_loss < best.0 {
            best = (held_loss, net, epoch);
        } else if epoch - best.2 >= plan.patience {
            break;
        }
    }
    BoardTrained {
        net: best.1,
        base_loss,
        history,
        best_epoch: best.2,
        counts: (fit.len(), held.len()),
    }
}

/// Move-choice error against a two-roll look-ahead: over `pairs`
/// (position, roll) pairs from noisy self-play (seed `seed`, both
/// editions), each turn is valued by one minus the one-roll look-ahead of
/// the position after it under the weighted sum (two rolls deep in all);
/// an evaluator's error on a pair is the best turn's reference value minus
/// the reference value of the turn it ranks first at one ply. The mean
/// error of each of `nets` (`None`: the weighted sum alone), and the pairs
/// used (those with at most `most_turns` turns).
#[must_use]
pub fn choice_error(
    size: u8,
    pairs: usize,
    most_turns: usize,
    seed: u64,
    nets: &[Option<&Net>],
) -> (Vec<f64>, usize) {
    let mut errors = vec![0.0; nets.len()];
    let mut used = 0;
    let mut rng = Rng::new(seed);
    let mut game = 0u64;
    while used < pairs {
        game += 1;
        let edition = if game % 2 == 0 {
            Edition::Standard
        } else {
            Edition::Sequenced
        };
        let weights = Weights::tuned(edition);
        // The mover's value of each position after a turn, evaluated once.
        let values = |children: &[Position], net: Option<&Net>| -> Vec<f32> {
            children
                .iter()
                .map(|c| -evaluate_with(c, edition, &weights, net))
                .collect()
        };
        let Ok(mut pos) = Position::start(u32::from(size)) else {
            break;
        };
        while !pos.is_finished() && used < pairs {
            let roll = rng.roll(pos.size());
            let Ok(turns) = pos.legal_turns(edition, roll) else {
                break;
            };
            let children: Vec<Position> = turns
                .iter()
                .filter_map(|t| pos.play(edition, roll, t).ok())
                .collect();
            if children.is_empty() {
                break;
            }
            // One position in three, for variety across games.
            if children.len() > 1 && children.len() <= most_turns && rng.below(3) == 0 {
                let reference: Vec<f64> = children
                    .iter()
                    .map(|c| 1.0 - raw_win_chance_with(c, edition, None))
                    .collect();
                let best = reference.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                for (e, net) in errors.iter_mut().zip(nets) {
                    *e += best - reference[best_index(&values(&children, *net))];
                }
                used += 1;
            }
            // Play on: the sum's best turn, or a random one in ten.
            let next = if rng.below(10) == 0 {
                rng.index(children.len())
            } else {
                best_index(&values(&children, None))
            };
            pos = children[next].clone();
        }
    }
    let n = used.max(1) as f64;
    (errors.into_iter().map(|e| e / n).collect(), used)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position of `cells` with `mover` to move on turn 3 or 4.
    fn position(cells: &[i16], mover: Color) -> Position {
        let setup = diablo_core::Setup {
            size: 6,
            cells: cells.iter().map(|&c| i32::from(c)).collect(),
            side: mover,
            turn: if mover == Color::Black { 3 } else { 4 },
        };
        Position::try_from(setup).expect("a position")
    }

    #[test]
    fn the_features_and_the_rules_keep_the_eight_symmetries() {
        // What the augmentation relies on: a position under any of the
        // eight symmetries has the same features and as many turns.
        let plan = LabelPlan {
            size: 6,
            games: 1,
            epsilon: 0.3,
            siblings: 0,
            blend: 0.25,
            seed: 3,
            net: None,
        };
        let mut rng = Rng::new(8);
        let mut checked = 0;
        for s in label_shard(&plan, 0).iter().step_by(3) {
            let pos = position(&s.cells, s.mover);
            let plain = pos.to_string();
            let roll = rng.roll(6);
            let turns = pos.legal_turns(Edition::Standard, roll).map(|t| t.len());
            for sym in 1..8u8 {
                let mut cells = vec![0i16; 36];
                for (sq, &c) in s.cells.iter().enumerate() {
                    cells[map_square(sym, 6, sq)] = c;
                }
                let moved = position(&cells, s.mover);
                let (a, b) = (features(&pos), features(&moved));
                let (a, b) = (a.expect("in play"), b.expect("in play"));
                for k in 0..FEATURES {
                    assert!((a[k] - b[k]).abs() < 1e-4, "{plain} sym {sym}: feature {k}");
                }
                let t = moved.legal_turns(Edition::Standard, roll).map(|t| t.len());
                assert_eq!(t, turns, "{plain} sym {sym}");
                checked += 1;
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn shards_round_trip_and_bad_bytes_are_refused() {
        let plan = LabelPlan {
            size: 4,
            games: 2,
            epsilon: 0.1,
            siblings: 2,
            blend: 0.25,
            seed: 1,
            net: None,
        };
        let samples = label_shard(&plan, 7);
        assert!(samples.len() > 4);
        assert!(samples.iter().all(|s| (0.0..=1.0).contains(&s.target)));
        // The same shard number gives the same samples.
        assert_eq!(label_shard(&plan, 7), samples);
        let mut bytes = Vec::new();
        write_shard(&mut bytes, 4, &samples).expect("write");
        assert_eq!(read_shard(&bytes), Ok((4, samples)));
        assert!(read_shard(&bytes[..bytes.len() - 1]).is_err());
        assert!(read_shard(b"DBL0").is_err());
    }

    #[test]
    fn training_lowers_the_held_out_loss_below_the_weighted_sum() {
        let plan = LabelPlan {
            size: 4,
            games: 40,
            epsilon: 0.2,
            siblings: 1,
            blend: 0.25,
            seed: 2,
            net: None,
        };
        let samples = label_shard(&plan, 0);
        let trained = train_board(
            4,
            &samples,
            &BoardTrainPlan {
                hidden: 16,
                hold_out_every: 5,
                max_epochs: 30,
                patience: 5,
                learning_rate: 3e-3,
                batch: 64,
                seed: 1,
            },
            &mut |_| {},
        );
        let best = trained.history[trained.best_epoch - 1].1;
        assert!(best < trained.base_loss, "{best} vs {}", trained.base_loss);
    }
}
