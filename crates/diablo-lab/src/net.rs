//! Training the learned evaluation (docs/ai.md, training): self-play
//! positions with their outcomes, a one-hidden-layer net fitted to them by
//! Adam with early stopping on held-out games, and paired matches between
//! players with and without a net.

use diablo_ai::{Level, NET_INPUTS, Net, Player, Rng, Weights, features, net_inputs};
use diablo_core::{Color, Edition, Outcome, Position};
use diablo_solve::Solver;
use std::io::{Read, Write};

/// One training position: the inputs from the mover's side and what the
/// mover scored in the end (1 won, 0 lost).
#[derive(Debug, Clone)]
pub struct Sample {
    /// The self-play game it comes from (held-out games are picked by it).
    pub game: u32,
    /// The target, a chance in 0..=1.
    pub target: f32,
    /// [`net_inputs`] of the position.
    pub inputs: [f32; NET_INPUTS],
}

/// How self-play data is made.
#[derive(Debug, Clone, Copy)]
pub struct DataPlan {
    /// Board size.
    pub size: u8,
    /// Edition.
    pub edition: Edition,
    /// Games to play.
    pub games: u32,
    /// The level both sides play.
    pub level: Level,
    /// The chance of a uniformly random turn instead of the level's, for
    /// variety.
    pub epsilon: f64,
    /// Seed of the dice and the players.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The net the players evaluate with (`None`: the level's own).
    pub net: Option<&'static Net>,
    /// When not 0, positions where both sides have at most this many
    /// checkers get their exact value (`diablo-solve`) as target instead
    /// of the outcome: for 4x4 boards.
    pub exact_up_to: u32,
}

/// Plays the plan's self-play games and returns every position in play
/// with its outcome, games numbered from `first_game`.
#[must_use]
pub fn self_play(plan: &DataPlan, first_game: u32) -> Vec<Sample> {
    let threads = plan.threads.max(1);
    let parts: Vec<Vec<Sample>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut solver = Solver::new(plan.edition);
                    let mut g = t as u32;
                    while g < plan.games {
                        out.extend(one_game(plan, first_game + g, &mut solver));
                        g += threads as u32;
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut all: Vec<Sample> = parts.into_iter().flatten().collect();
    all.sort_by_key(|s| s.game);
    all
}

fn one_game(plan: &DataPlan, game: u32, solver: &mut Solver) -> Vec<Sample> {
    let seed = plan
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(u64::from(game));
    let mut rng = Rng::new(seed);
    let mut player = Player::new(plan.level, seed);
    if let Some(net) = plan.net {
        player = player.with_net(Some(net));
    }
    let random = Player::new(Level::Beginner, seed ^ 0x5555);
    let Ok(mut pos) = Position::start(u32::from(plan.size)) else {
        return Vec::new();
    };
    let mut seen: Vec<([f32; NET_INPUTS], Color, Option<f64>)> = Vec::new();
    while !pos.is_finished() {
        if let Some(f) = features(&pos) {
            let small = |c: Color| pos.checkers(c) <= plan.exact_up_to;
            let exact = (plan.exact_up_to > 0 && small(Color::Black) && small(Color::Green))
                .then(|| solver.value(&pos));
            seen.push((
                net_inputs(&pos, plan.edition, &f),
                pos.side_to_move(),
                exact,
            ));
        }
        let roll = rng.roll(pos.size());
        let explore = (rng.below(1_000_000) as f64) < plan.epsilon * 1e6;
        let who = if explore { &random } else { &player };
        let Ok(choice) = who.choose(&pos, plan.edition, roll) else {
            return Vec::new();
        };
        match pos.play(plan.edition, roll, &choice.turn) {
            Ok(next) => pos = next,
            Err(_) => return Vec::new(),
        }
    }
    let Outcome::Won(winner) = pos.outcome() else {
        return Vec::new();
    };
    seen.into_iter()
        .map(|(inputs, mover, exact)| Sample {
            game,
            target: exact.map_or(f32::from(u8::from(mover == winner)), |v| v as f32),
            inputs,
        })
        .collect()
}

/// Writes samples as little-endian words: game (u32), target, inputs.
///
/// # Errors
/// When writing fails.
pub fn write_samples(out: &mut impl Write, samples: &[Sample]) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(samples.len() * 4 * (2 + NET_INPUTS));
    for s in samples {
        buf.extend_from_slice(&s.game.to_le_bytes());
        buf.extend_from_slice(&s.target.to_le_bytes());
        for v in s.inputs {
            buf.extend_from_slice(&v.to_le_bytes());
        }
    }
    out.write_all(&buf)
}

/// Reads what [`write_samples`] wrote.
///
/// # Errors
/// When reading fails or the length is not a whole number of samples.
pub fn read_samples(input: &mut impl Read) -> std::io::Result<Vec<Sample>> {
    let mut buf = Vec::new();
    input.read_to_end(&mut buf)?;
    let record = 4 * (2 + NET_INPUTS);
    if buf.len() % record != 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{} bytes is not a whole number of {record}-byte samples",
                buf.len()
            ),
        ));
    }
    let word = |c: &[u8], i: usize| [c[4 * i], c[4 * i + 1], c[4 * i + 2], c[4 * i + 3]];
    Ok(buf
        .chunks_exact(record)
        .map(|c| Sample {
            game: u32::from_le_bytes(word(c, 0)),
            target: f32::from_le_bytes(word(c, 1)),
            inputs: std::array::from_fn(|k| f32::from_le_bytes(word(c, 2 + k))),
        })
        .collect())
}

/// How a net is trained.
#[derive(Debug, Clone, Copy)]
pub struct TrainPlan {
    /// Inputs read (a prefix of [`net_inputs`]).
    pub inputs: usize,
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
    /// Seed of the first weights and of the order of examples.
    pub seed: u64,
}

/// What training did.
#[derive(Debug, Clone)]
pub struct Trained {
    /// The net with the best held-out loss.
    pub net: Net,
    /// Training and held-out log-loss after each pass.
    pub history: Vec<(f64, f64)>,
    /// The pass of the best held-out loss (1-based).
    pub best_epoch: usize,
    /// Training and held-out examples.
    pub counts: (usize, usize),
}

/// The log-loss of one prediction (logit `z`) against a target chance.
pub(crate) fn log_loss(z: f32, y: f32) -> f64 {
    let z = f64::from(z);
    let y = f64::from(y);
    // log(1 + e^z) - y z, stably.
    let softplus = if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    };
    softplus - y * z
}

/// The mean log-loss of `net` on `samples`.
#[must_use]
pub fn mean_loss(net: &Net, samples: &[&Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| log_loss(net.logit(&s.inputs), s.target))
        .sum::<f64>()
        / samples.len() as f64
}

/// The mean absolute error of `net`'s chance against the targets.
#[must_use]
pub fn mean_abs_error(net: &Net, samples: &[&Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + (-f64::from(net.logit(&s.inputs))).exp());
            (p - f64::from(s.target)).abs()
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// The mean log-loss of the weighted sum `w` (the evaluation without a
/// net) on `samples`, for comparison with a net's.
#[must_use]
pub fn weights_loss(w: &Weights, samples: &[&Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| {
            let z: f32 = w.0.iter().zip(&s.inputs).map(|(a, b)| a * b).sum();
            log_loss(z, s.target)
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// The held-out part of `samples` (games whose number is 0 modulo
/// `every`).
#[must_use]
pub fn held_out(samples: &[Sample], every: u32) -> Vec<&Sample> {
    samples.iter().filter(|s| is_held_out(s, every)).collect()
}

/// Whether a sample's game is held out: its number is 0 modulo `every`
/// (at least 2).
fn is_held_out(s: &Sample, every: u32) -> bool {
    s.game % every.max(2) == 0
}

/// Trains a net on `samples` (see [`TrainPlan`]).
#[must_use]
pub fn train(samples: &[Sample], plan: &TrainPlan, log: &mut dyn FnMut(&str)) -> Trained {
    let (ni, nh) = (plan.inputs.clamp(1, NET_INPUTS), plan.hidden.max(1));
    let (held, fit): (Vec<&Sample>, Vec<&Sample>) = samples
        .iter()
        .partition(|s| is_held_out(s, plan.hold_out_every));
    // Standardise the inputs on the training part; folded in at the end.
    let rows: Vec<&[f32]> = fit.iter().map(|s| &s.inputs[..ni]).collect();
    let (mean, sd) = standardisation(&rows, ni);
    let norm = |s: &Sample| -> Vec<f32> {
        (0..ni)
            .map(|k| ((f64::from(s.inputs[k]) - mean[k]) / sd[k]) as f32)
            .collect()
    };
    let xs: Vec<Vec<f32>> = fit.iter().map(|s| norm(s)).collect();
    let ys: Vec<f32> = fit.iter().map(|s| s.target).collect();
    let mut rng = Rng::new(plan.seed);
    let mut gauss = |scale: f32| -> f32 {
        // Sum of uniforms: near enough to normal for first weights.
        let u: f32 = (0..4)
            .map(|_| rng.below(1_000_000) as f32 / 1e6)
            .sum::<f32>()
            - 2.0;
        u * scale * 1.7
    };
    let scale1 = (2.0 / ni as f32).sqrt();
    // Parameters: w1 (nh x ni), b1, w2, b2.
    let count = nh * ni + 2 * nh + 1;
    let mut p: Vec<f32> = Vec::with_capacity(count);
    for _ in 0..nh * ni {
        p.push(gauss(scale1));
    }
    p.extend(std::iter::repeat_n(0.0, nh));
    let scale2 = (1.0 / nh as f32).sqrt();
    for _ in 0..nh {
        p.push(gauss(scale2));
    }
    p.push(0.0);
    let (o_b1, o_w2, o_b2) = (nh * ni, nh * ni + nh, nh * ni + 2 * nh);
    let mut adam = Adam::new(count);
    let mut order: Vec<usize> = (0..xs.len()).collect();
    let to_net = |p: &[f32]| -> Net {
        let (w1, b1) = fold_standardisation(&p[..o_b1], &p[o_b1..o_w2], &mean, &sd);
        Net {
            inputs: ni,
            hidden: nh,
            w1,
            b1,
            w2: p[o_w2..o_b2].to_vec(),
            b2: p[o_b2],
            board: None,
        }
    };
    let mut best = (f64::INFINITY, to_net(&p), 0usize);
    let mut history = Vec::new();
    let mut grad = vec![0f32; count];
    let mut hid = vec![0f32; nh];
    for epoch in 1..=plan.max_epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.index(i + 1));
        }
        let mut fit_loss = 0.0;
        for chunk in order.chunks(plan.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                let x = &xs[i];
                let mut z = p[o_b2];
                for h in 0..nh {
                    let row = &p[h * ni..(h + 1) * ni];
                    let a = p[o_b1 + h] + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>();
                    hid[h] = a.max(0.0);
                    z += p[o_w2 + h] * hid[h];
                }
                fit_loss += log_loss(z, ys[i]);
                let dz = 1.0 / (1.0 + (-z).exp()) - ys[i];
                grad[o_b2] += dz;
                for h in 0..nh {
                    grad[o_w2 + h] += dz * hid[h];
                    if hid[h] > 0.0 {
                        let dh = dz * p[o_w2 + h];
                        grad[o_b1 + h] += dh;
                        for k in 0..ni {
                            grad[h * ni + k] += dh * x[k];
                        }
                    }
                }
            }
            adam.step(&mut p, &grad, chunk.len(), plan.learning_rate, o_b1);
        }
        let net = to_net(&p);
        let held_loss = mean_loss(&net, &held);
        fit_loss /= xs.len().max(1) as f64;
        history.push((fit_loss, held_loss));
        log(&format!(
            "epoch {epoch}: training {fit_loss:.5}, held out {held_loss:.5}"
        ));
        if held_loss < best.0 {
            best = (held_loss, net, epoch);
        } else if epoch - best.2 >= plan.patience {
            break;
        }
    }
    Trained {
        net: best.1,
        history,
        best_epoch: best.2,
        counts: (fit.len(), held.len()),
    }
}

/// The mean and standard deviation of each of the first `width` values of
/// `rows`, for standardising a net's inputs; an input that never varies
/// gets mean 0 and deviation 1 (it is left as it is).
pub(crate) fn standardisation<R: AsRef<[f32]>>(rows: &[R], width: usize) -> (Vec<f64>, Vec<f64>) {
    let mut mean = vec![0f64; width];
    let mut sd = vec![0f64; width];
    for r in rows {
        for (m, v) in mean.iter_mut().zip(r.as_ref()) {
            *m += f64::from(*v);
        }
    }
    let n = rows.len().max(1) as f64;
    for m in &mut mean {
        *m /= n;
    }
    for r in rows {
        for ((d, m), v) in sd.iter_mut().zip(&mean).zip(r.as_ref()) {
            *d += (f64::from(*v) - m).powi(2);
        }
    }
    for (d, m) in sd.iter_mut().zip(mean.iter_mut()) {
        *d = (*d / n).sqrt();
        if *d < 1e-6 {
            *d = 1.0;
            *m = 0.0;
        }
    }
    (mean, sd)
}

/// A first layer trained on standardised inputs (`w`: rows of
/// `mean.len()` weights, biases `b`) as weights and biases over the raw
/// inputs.
pub(crate) fn fold_standardisation(
    w: &[f32],
    b: &[f32],
    mean: &[f64],
    sd: &[f64],
) -> (Vec<f32>, Vec<f32>) {
    let ni = mean.len();
    let mut w1 = vec![0f32; w.len()];
    let mut b1 = b.to_vec();
    for (h, bias) in b1.iter_mut().enumerate() {
        for k in 0..ni {
            let v = f64::from(w[h * ni + k]) / sd[k];
            w1[h * ni + k] = v as f32;
            *bias -= (v * mean[k]) as f32;
        }
    }
    (w1, b1)
}

/// Adam's moments over a net's parameters.
pub(crate) struct Adam {
    m1: Vec<f32>,
    m2: Vec<f32>,
    step: i32,
}

impl Adam {
    /// Moments for `count` parameters.
    pub(crate) fn new(count: usize) -> Adam {
        Adam {
            m1: vec![0.0; count],
            m2: vec![0.0; count],
            step: 0,
        }
    }

    /// One step on `p` with `grad` summed over `examples` examples; the
    /// parameters before `decay_until` (the weights) decay by 1e-5.
    pub(crate) fn step(
        &mut self,
        p: &mut [f32],
        grad: &[f32],
        examples: usize,
        rate: f32,
        decay_until: usize,
    ) {
        self.step += 1;
        let inv = 1.0 / examples as f32;
        let (c1, c2) = (1.0 - 0.9f32.powi(self.step), 1.0 - 0.999f32.powi(self.step));
        for j in 0..p.len() {
            let g = grad[j] * inv + if j < decay_until { 1e-5 * p[j] } else { 0.0 };
            self.m1[j] = 0.9 * self.m1[j] + 0.1 * g;
            self.m2[j] = 0.999 * self.m2[j] + 0.001 * g * g;
            p[j] -= rate * (self.m1[j] / c1) / ((self.m2[j] / c2).sqrt() + 1e-8);
        }
    }
}

/// The result of a paired match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchResult {
    /// Games A won.
    pub a_wins: u32,
    /// Games played.
    pub games: u32,
}

impl MatchResult {
    /// A's score and its 95% Wilson interval.
    #[must_use]
    pub fn wilson(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games.max(1));
        let p = f64::from(self.a_wins) / n;
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (p, centre - half, centre + half)
    }
}

/// A paired-dice match: games 2k and 2k+1 replay the same dice with colours
/// swapped (as `diablo match`), A playing Black in even games.
#[must_use]
pub fn paired_match(
    size: u8,
    edition: Edition,
    games: u32,
    seed: u64,
    players: [&Player; 2],
    threads: usize,
) -> MatchResult {
    let threads = threads.max(1);
    let wins: u32 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut wins = 0;
                    let mut g = t as u32;
                    while g < games {
                        wins += u32::from(one_match_game(size, edition, seed, g, players));
                        g += threads as u32;
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    MatchResult {
        a_wins: wins,
        games,
    }
}

/// Whether A wins game `g` of a paired match.
fn one_match_game(size: u8, edition: Edition, seed: u64, g: u32, players: [&Player; 2]) -> bool {
    let (mut dice, a_colour) = paired_dice(seed, u64::from(g));
    let Ok(start) = Position::start(u32::from(size)) else {
        return false;
    };
    play_out(start, edition, &mut dice, |side| {
        players[usize::from(side != a_colour)]
    }) == Some(Outcome::Won(a_colour))
}

/// The dice and A's colour of game `game` of a paired match: games 2k and
/// 2k+1 roll the same dice, A playing Black in the even one.
#[must_use]
pub fn paired_dice(seed: u64, game: u64) -> (Rng, Color) {
    let dice = Rng::new(seed ^ (game / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let a_colour = if game % 2 == 0 {
        Color::Black
    } else {
        Color::Green
    };
    (dice, a_colour)
}

/// Plays `pos` to its end with dice from `dice`, each turn chosen by the
/// player `by` names for the side to move; the outcome, or `None` when a
/// player cannot choose or its turn is refused.
pub fn play_out<'p>(
    mut pos: Position,
    edition: Edition,
    dice: &mut Rng,
    by: impl Fn(Color) -> &'p Player,
) -> Option<Outcome> {
    while !pos.is_finished() {
        let roll = dice.roll(pos.size());
        let c = by(pos.side_to_move()).choose(&pos, edition, roll).ok()?;
        pos = pos.play(edition, roll, &c.turn).ok()?;
    }
    Some(pos.outcome())
}

/// The calibration that minimises the mean absolute error of
/// [`diablo_ai::calibrate`]d chances against `(raw, value)` pairs: a coarse grid,
/// then finer grids around the best point.
#[must_use]
pub fn fit_calibration(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let mae = |c: (f64, f64, f64)| -> f64 {
        pairs
            .iter()
            .map(|&(r, v)| (diablo_ai::calibrate(r, c) - v).abs())
            .sum::<f64>()
            / pairs.len().max(1) as f64
    };
    let mut best = (0.0, 1.0, 1.0);
    let mut best_e = mae(best);
    let mut span = (1.0, 0.8, 0.8);
    for _ in 0..6 {
        let centre = best;
        for i in -4..=4 {
            for j in -4..=4 {
                for k in -4..=4 {
                    let c = (
                        centre.0 + span.0 * f64::from(i) / 4.0,
                        (centre.1 + span.1 * f64::from(j) / 4.0).max(0.05),
                        (centre.2 + span.2 * f64::from(k) / 4.0).max(0.05),
                    );
                    let e = mae(c);
                    if e < best_e {
                        best = c;
                        best_e = e;
                    }
                }
            }
        }
        span = (span.0 / 3.0, span.1 / 3.0, span.2 / 3.0);
    }
    best
}
