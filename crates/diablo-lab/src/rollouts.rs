//! The big-board yardstick (docs/ai.md, how to measure): positions from
//! seeded self-play games on 8x8 and 10x10, each valued by playing it out
//! many times, so that estimates of the chance to win can be checked where
//! no exact value can be computed.
//!
//! A position's value is the share of roll-outs the player to move wins,
//! before its roll: both sides played by the roll-out level, fresh dice each
//! game. Roll-outs go on until the standard error is at most the target
//! (at least `min_games`, at most `max_games`).

use diablo_ai::{Level, Player, Rng};
use diablo_core::{Edition, Outcome, Position};
use serde::{Deserialize, Serialize};

/// One valued position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Valued {
    /// The position code (side to move included; no roll yet).
    pub position: String,
    /// `standard` or `sequenced`.
    pub edition: String,
    /// Roll-outs played.
    pub games: u32,
    /// Roll-outs the player to move won.
    pub wins: u32,
    /// `wins / games`.
    pub value: f64,
    /// The standard error of `value`.
    pub error: f64,
}

/// A yardstick file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Yardstick {
    /// How it was made, for the reader.
    pub about: String,
    /// The level both sides played in the roll-outs.
    pub level: String,
    /// The positions.
    pub positions: Vec<Valued>,
}

/// How a yardstick is made.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Board size.
    pub size: u8,
    /// Edition.
    pub edition: Edition,
    /// Positions (one from each self-play game).
    pub positions: u32,
    /// The level of the self-play games and of the roll-outs.
    pub level: Level,
    /// Stop rolling out once the standard error is at most this.
    pub target_error: f64,
    /// Fewest roll-outs a position.
    pub min_games: u32,
    /// Most roll-outs a position.
    pub max_games: u32,
    /// Seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// A position from self-play game `game`: the game is played by the plan's
/// level with a random turn now and then, and stopped at a turn drawn
/// between the fourth and the three-quarter mark of a typical game.
fn sample_position(plan: &Plan, game: u32) -> Option<Position> {
    let seed = plan
        .seed
        .wrapping_mul(7_777_777)
        .wrapping_add(u64::from(game));
    let mut rng = Rng::new(seed);
    let typical = u64::from(plan.size) * u64::from(plan.size) * 5 / 8;
    let stop = typical / 4 + rng.below(typical / 2 + 1);
    let player = Player::new(plan.level, seed);
    let random = Player::new(Level::Beginner, seed ^ 0xAAAA);
    let mut pos = Position::start(u32::from(plan.size)).ok()?;
    for _ in 0..stop {
        if pos.is_finished() {
            return None;
        }
        let roll = rng.roll(pos.size());
        let who = if rng.below(10) == 0 { &random } else { &player };
        let c = who.choose(&pos, plan.edition, roll).ok()?;
        pos = pos.play(plan.edition, roll, &c.turn).ok()?;
    }
    (!pos.is_finished()).then_some(pos)
}

/// Whether the player to move in `pos` wins roll-out `k`.
fn roll_out(pos: &Position, plan: &Plan, k: u64) -> bool {
    let mut rng = Rng::new(plan.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let players = [
        Player::new(plan.level, k * 2),
        Player::new(plan.level, k * 2 + 1),
    ];
    let mover = pos.side_to_move();
    // The mover's player is the first; sides take turns.
    crate::net::play_out(pos.clone(), plan.edition, &mut rng, |side| {
        &players[usize::from(side != mover)]
    }) == Some(Outcome::Won(mover))
}

/// Values `pos` by roll-outs (see [`Plan`]), in rounds of `threads`
/// games at once.
#[must_use]
pub fn value(pos: &Position, plan: &Plan, index: u32) -> Valued {
    let threads = plan.threads.max(1) as u32;
    let (mut games, mut wins) = (0u32, 0u32);
    let error = |w: u32, n: u32| {
        let p = f64::from(w) / f64::from(n.max(1));
        (p * (1.0 - p) / f64::from(n.max(1))).sqrt()
    };
    while games < plan.max_games
        && (games < plan.min_games || error(wins, games) > plan.target_error)
    {
        let round = 50u32.min(plan.max_games - games);
        let won: u32 = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        let mut w = 0;
                        let mut k = t;
                        while k < round {
                            let id = u64::from(index) << 32 | u64::from(games + k);
                            w += u32::from(roll_out(pos, plan, id));
                            k += threads;
                        }
                        w
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        wins += won;
        games += round;
    }
    Valued {
        position: pos.to_string(),
        edition: plan.edition.to_string(),
        games,
        wins,
        value: f64::from(wins) / f64::from(games.max(1)),
        error: error(wins, games),
    }
}

/// Makes a yardstick: `plan.positions` positions, each from its own game,
/// valued by roll-outs. `log` hears of each position as it is done.
#[must_use]
pub fn make(plan: &Plan, log: &mut dyn FnMut(&Valued)) -> Vec<Valued> {
    let mut out = Vec::new();
    let mut game = 0u32;
    while out.len() < plan.positions as usize && game < plan.positions * 4 {
        if let Some(pos) = sample_position(plan, game) {
            let v = value(&pos, plan, game);
            log(&v);
            out.push(v);
        }
        game += 1;
    }
    out
}

/// How an estimator does on a yardstick: mean absolute error of the
/// chance it gives the player to move, and the largest error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Errors {
    /// Positions scored.
    pub count: usize,
    /// Mean absolute error.
    pub mean: f64,
    /// Largest absolute error.
    pub max: f64,
}

/// Scores the review's estimate (`diablo_ai::win_chance`, what the graph
/// and the marks rest on) on valued positions.
///
/// # Errors
/// A position code or edition that does not parse.
pub fn score_review(positions: &[Valued]) -> Result<Errors, String> {
    let mut sum = 0.0;
    let mut max = 0f64;
    for v in positions {
        let pos: Position = v
            .position
            .parse()
            .map_err(|e| format!("{}: {e}", v.position))?;
        let edition: Edition = v
            .edition
            .parse()
            .map_err(|e| format!("{}: {e:?}", v.edition))?;
        let chance = diablo_ai::win_chance(&pos, edition);
        let e = (chance - v.value).abs();
        sum += e;
        max = max.max(e);
    }
    Ok(Errors {
        count: positions.len(),
        mean: sum / positions.len().max(1) as f64,
        max,
    })
}
