//! The puzzle set of the puzzles page: "find the best turn for this roll".
//!
//! Seeded self-play games (Easy and Medium players, both sides drawn per
//! game) give positions and rolls. At each, the distinct legal turns (turns
//! that lead to the same position count once) are ranked; a position is a
//! puzzle when one turn is clearly best:
//!
//! 1. **Pre-filter** (cheap): the turns are ordered by the evaluation of
//!    the position after them; the first [`PRE_EXACT`] are valued as the
//!    review values turns ([`value_after`]); the best must lead the next by
//!    at least the pre-filter gap.
//! 2. **Confirm** (at the [`JUDGE`] level): the first [`CONFIRM_EXACT`]
//!    turns and the judge level's own choice are valued; the best must lead
//!    the second by at least [`GAP`] in win chance, and the judge level
//!    must choose it.
//! 3. **Exact** (small boards only, [`solvable`]): the exact values of
//!    `diablo-solve` must agree (same best turn, same gap at least); the
//!    puzzle then carries them.
//!
//! Every puzzle gets a difficulty from how many distinct turns there are,
//! where the best one stands in the cheap order, and whether the Easy and
//! Medium players find it ([`difficulty`]).

use diablo_ai::review::{rank_turns, reviewer, value_after};
use diablo_ai::{Level, Player, Rng};
use diablo_core::{Color, Edition, PlayError, Position, Roll, Turn};
use diablo_solve::Solver;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The least lead in win chance of the best turn over the second.
pub const GAP: f64 = 0.15;
/// The level whose choice must be the best turn.
pub const JUDGE: Level = Level::Analysis;
/// Turns valued in the pre-filter.
pub const PRE_EXACT: usize = 4;
/// Turns valued when confirming (besides the judge's choice).
pub const CONFIRM_EXACT: usize = 24;
/// The most checkers (both sides together) on a 6x6 board or smaller for
/// the exact check, standard edition (8 took 7 s to solve, 9 took 75 s).
pub const EXACT_CHECKERS: u32 = 7;
/// The same for the sequenced edition, whose forced removals from the
/// tallest stack keep the game tree much smaller.
pub const EXACT_CHECKERS_SEQUENCED: u32 = 10;
/// Format version of the puzzle file.
pub const VERSION: u32 = 1;

/// One distinct legal turn with its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    /// A turn (the first listed of those leading to `after`).
    pub turn: Turn,
    /// The position code after it.
    pub after: String,
    /// The mover's chance after it ([`value_after`]), or the quick one.
    pub value: f64,
    /// Its place in the cheap order (0 = first).
    pub quick_rank: usize,
}

/// A ranking of the distinct turns for a roll.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// How many distinct turns (by the position after) the roll allows.
    pub distinct: usize,
    /// The valued turns, best first.
    pub valued: Vec<Ranked>,
    /// The position after the judge level's choice, when asked for.
    pub choice: Option<String>,
}

/// The distinct turns for `roll` (one per position reached) with the
/// position code after each, in the cheap order: by the evaluation of the
/// position after them (the analysis board's quick value), best first.
///
/// # Errors
/// The game is over or the roll does not fit.
pub fn cheap_order(
    pos: &Position,
    edition: Edition,
    roll: Roll,
) -> Result<Vec<(Turn, String)>, PlayError> {
    let quick = rank_turns(pos, edition, roll, 0, None)?;
    let mut seen = HashSet::new();
    let mut order: Vec<(Turn, String)> = Vec::new();
    for r in quick {
        let after = pos.play(edition, roll, &r.turn)?.to_string();
        if seen.insert(after.clone()) {
            order.push((r.turn, after));
        }
    }
    Ok(order)
}

/// Ranks the distinct turns for `roll`: the first `exact` of the cheap
/// order, and `level`'s choice when given, valued as the review does.
///
/// # Errors
/// The game is over or the roll does not fit.
pub fn judge(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    exact: usize,
    level: Option<Level>,
) -> Result<Judged, PlayError> {
    let order = cheap_order(pos, edition, roll)?;
    let choice = match level {
        Some(l) => {
            let t = reviewer(l, pos.turn_number())
                .choose(pos, edition, roll)?
                .turn;
            Some(pos.play(edition, roll, &t)?.to_string())
        }
        None => None,
    };
    let mut valued = Vec::new();
    for (i, (turn, after)) in order.iter().enumerate() {
        if i < exact || choice.as_deref() == Some(after.as_str()) {
            valued.push(Ranked {
                turn: *turn,
                after: after.clone(),
                value: value_after(pos, edition, roll, turn)?,
                quick_rank: i,
            });
        }
    }
    valued.sort_by(|a, b| b.value.total_cmp(&a.value));
    Ok(Judged {
        distinct: order.len(),
        valued,
        choice,
    })
}

/// The best and second-best valued turns when the best leads by `gap` at
/// least (and there are two turns at all).
#[must_use]
pub fn clear_best(valued: &[Ranked], gap: f64) -> Option<(&Ranked, &Ranked)> {
    match valued {
        [best, second, ..] if best.value - second.value >= gap => Some((best, second)),
        _ => None,
    }
}

/// [`clear_best`] at [`GAP`], and the judge's choice (when there is one) is
/// the best turn.
#[must_use]
pub fn confirmed(judged: &Judged) -> Option<(&Ranked, &Ranked)> {
    let (best, second) = clear_best(&judged.valued, GAP)?;
    match &judged.choice {
        Some(c) if *c != best.after => None,
        _ => Some((best, second)),
    }
}

/// Difficulty 1 (easy) to 3 (hard), from points: 2 when the Easy player
/// misses the best turn, 2 when the Medium player misses it, 1 for each
/// place the cheap order puts it below the first (at most 3), 1 when the
/// roll allows more than [`MANY_TURNS`] distinct turns and 1 more above
/// [`MANY_TURNS`]·4, 1 when the best turn leads by less than 0.25. 0–1
/// points is 1, 2–3 points 2, 4 or more 3.
#[must_use]
pub fn difficulty(r: &Rating) -> u8 {
    let points = 2 * u8::from(!r.easy_finds)
        + 2 * u8::from(!r.medium_finds)
        + u8::try_from(r.quick_rank.min(3)).unwrap_or(3)
        + u8::from(r.distinct > MANY_TURNS)
        + u8::from(r.distinct > 4 * MANY_TURNS)
        + u8::from(r.gap < 0.25);
    match points {
        0 | 1 => 1,
        2 | 3 => 2,
        _ => 3,
    }
}

/// Distinct turns from which a roll counts as offering many.
pub const MANY_TURNS: usize = 30;

/// What a puzzle's difficulty is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The best turn's lead in win chance over the second.
    pub gap: f64,
    /// Distinct turns the roll allows.
    pub distinct: usize,
    /// The best turn's place in the cheap order (0 = first).
    pub quick_rank: usize,
    /// Whether the Easy player (seeded as the review seeds it) plays it.
    pub easy_finds: bool,
    /// Whether the Medium player plays it.
    pub medium_finds: bool,
}

impl Rating {
    /// The difficulty, [`difficulty`].
    #[must_use]
    pub fn difficulty(self) -> u8 {
        difficulty(&self)
    }
}

/// Rates the turn that leads to `best_after`, `gap` ahead of the second
/// ([`Rating`]).
///
/// # Errors
/// The game is over, the roll does not fit, or no turn leads there.
pub fn rate(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    best_after: &str,
    gap: f64,
) -> Result<Rating, String> {
    let order = cheap_order(pos, edition, roll).map_err(|e| e.to_string())?;
    let quick_rank = order
        .iter()
        .position(|(_, after)| after == best_after)
        .ok_or("no legal turn reaches the answer's position")?;
    Ok(Rating {
        gap,
        distinct: order.len(),
        quick_rank,
        easy_finds: finds(Level::Easy, pos, edition, roll, best_after),
        medium_finds: finds(Level::Medium, pos, edition, roll, best_after),
    })
}

/// Whether the exact solver can value this position quickly: boards up to
/// 6x6 with at most [`EXACT_CHECKERS`] ([`EXACT_CHECKERS_SEQUENCED`])
/// checkers on them.
#[must_use]
pub fn solvable(pos: &Position, edition: Edition) -> bool {
    let most = match edition {
        Edition::Standard => EXACT_CHECKERS,
        Edition::Sequenced => EXACT_CHECKERS_SEQUENCED,
    };
    pos.size() <= 6 && pos.checkers(Color::Black) + pos.checkers(Color::Green) <= most
}

/// Exact values of a puzzle's best and second-best turns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Exact {
    /// The mover's exact chance after the best turn.
    pub best: f64,
    /// The exact chance after the best of the other turns.
    pub second: f64,
}

/// The exact values when the solver agrees that the turn leading to
/// `best_after` is best by [`GAP`] at least; `Err` when it disagrees.
///
/// # Errors
/// The exact ranking has another best turn, or a smaller gap.
pub fn exact_check(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    best_after: &str,
) -> Result<Exact, String> {
    let mut solver = Solver::new(edition);
    let mut seen = HashSet::new();
    let mut ranked = Vec::new();
    for (v, t) in solver.rank(pos, roll) {
        let after = pos
            .play(edition, roll, &t)
            .map_err(|e| e.to_string())?
            .to_string();
        if seen.insert(after.clone()) {
            ranked.push((v, after));
        }
    }
    match ranked.as_slice() {
        [(b, after), (s, _), ..] if after == best_after && b - s >= GAP => Ok(Exact {
            best: *b,
            second: *s,
        }),
        [(b, after), (s, _), ..] => Err(format!(
            "exact values disagree: best {after} {b:.3}, second {s:.3}"
        )),
        _ => Err("fewer than two distinct turns".into()),
    }
}

/// Where a puzzle comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// The self-play game's seed.
    pub seed: u64,
    /// The turn number in that game.
    pub turn: u32,
}

/// One puzzle, as the page reads it (chances with three decimals).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Puzzle {
    /// A stable name, e.g. `8s-017` (size, edition's initial, number).
    pub id: String,
    /// Board side.
    pub size: u8,
    /// `standard` or `sequenced`.
    pub edition: String,
    /// The position code (RULES.md section 8).
    pub position: String,
    /// The roll, e.g. `3,1`.
    pub roll: String,
    /// The best turn, written.
    pub best: String,
    /// The mover's chance after it.
    pub best_chance: f64,
    /// The second-best distinct turn, written.
    pub second: String,
    /// The mover's chance after it.
    pub second_chance: f64,
    /// How many distinct turns the roll allows.
    pub turns: usize,
    /// 1 (easy) to 3 (hard), [`difficulty`].
    pub difficulty: u8,
    /// Exact values, when the board was small enough to solve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
    /// The self-play game and turn.
    pub source: Source,
}

/// The puzzle file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PuzzleFile {
    /// [`VERSION`].
    pub version: u32,
    /// [`GAP`].
    pub gap: f64,
    /// The judge level's name.
    pub judge: String,
    /// Every puzzle.
    pub puzzles: Vec<Puzzle>,
}

/// What to generate for one board size and edition.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Board side.
    pub size: u8,
    /// Edition.
    pub edition: Edition,
    /// Puzzles wanted.
    pub target: usize,
    /// Most self-play games to play.
    pub games: u32,
    /// Seed of the first game (game `i` has seed `seed + i`).
    pub seed: u64,
    /// The pre-filter's gap.
    pub prefilter_gap: f64,
    /// Most puzzles from one game.
    pub per_game: usize,
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn finds(level: Level, pos: &Position, edition: Edition, roll: Roll, best_after: &str) -> bool {
    reviewer(level, pos.turn_number())
        .choose(pos, edition, roll)
        .ok()
        .and_then(|c| pos.play(edition, roll, &c.turn).ok())
        .is_some_and(|after| after.to_string() == best_after)
}

/// Counts of what the generator looked at.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    /// Games played.
    pub games: u32,
    /// Positions looked at.
    pub positions: u32,
    /// Positions past the pre-filter.
    pub candidates: u32,
    /// Candidates confirmed at the judge level.
    pub confirmed: u32,
    /// Puzzles checked exactly.
    pub exact: u32,
    /// Candidates dropped by the exact check.
    pub exact_refused: u32,
}

/// The puzzle for `pos` and `roll` if it is one (pre-filter, confirm,
/// exact check), with `id` and `source` as given.
///
/// # Errors
/// The game is over or the roll does not fit.
pub fn puzzle_at(
    pos: &Position,
    edition: Edition,
    roll: Roll,
    prefilter_gap: f64,
    counts: &mut Counts,
) -> Result<Option<Puzzle>, PlayError> {
    counts.positions += 1;
    let pre = judge(pos, edition, roll, PRE_EXACT, None)?;
    if pre.distinct < 3 || clear_best(&pre.valued, prefilter_gap).is_none() {
        return Ok(None);
    }
    counts.candidates += 1;
    let full = judge(pos, edition, roll, CONFIRM_EXACT, Some(JUDGE))?;
    let Some((best, second)) = confirmed(&full) else {
        return Ok(None);
    };
    counts.confirmed += 1;
    let exact = if solvable(pos, edition) {
        counts.exact += 1;
        match exact_check(pos, edition, roll, &best.after) {
            Ok(e) => Some(e),
            Err(_) => {
                counts.exact_refused += 1;
                return Ok(None);
            }
        }
    } else {
        None
    };
    let rating = Rating {
        // As `rate` sees it in the file: from the rounded chances.
        gap: round3(best.value) - round3(second.value),
        distinct: full.distinct,
        quick_rank: best.quick_rank,
        easy_finds: finds(Level::Easy, pos, edition, roll, &best.after),
        medium_finds: finds(Level::Medium, pos, edition, roll, &best.after),
    };
    Ok(Some(Puzzle {
        id: String::new(),
        size: pos.size(),
        edition: edition.to_string(),
        position: pos.to_string(),
        roll: roll.to_string(),
        best: best.turn.to_string(),
        best_chance: round3(best.value),
        second: second.turn.to_string(),
        second_chance: round3(second.value),
        turns: full.distinct,
        difficulty: rating.difficulty(),
        exact: exact.map(|e| Exact {
            best: round3(e.best),
            second: round3(e.second),
        }),
        source: Source {
            seed: 0,
            turn: pos.turn_number(),
        },
    }))
}

/// Plays the plan's games and collects its puzzles; `progress` hears about
/// each one found.
///
/// # Errors
/// A size the engine refuses.
pub fn generate(
    plan: &Plan,
    counts: &mut Counts,
    mut progress: impl FnMut(&Puzzle, &Counts),
) -> Result<Vec<Puzzle>, String> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut wins = 0;
    let tag = format!(
        "{}{}",
        plan.size,
        if plan.edition == Edition::Sequenced {
            's'
        } else {
            't'
        }
    );
    for g in 0..plan.games {
        if out.len() >= plan.target {
            break;
        }
        counts.games += 1;
        let seed = plan.seed + u64::from(g);
        let mut rng = Rng::new(seed);
        let level = |r: &mut Rng| {
            if r.below(2) == 0 {
                Level::Easy
            } else {
                Level::Medium
            }
        };
        let players = [
            Player::new(level(&mut rng), seed ^ 0x5eed),
            Player::new(level(&mut rng), seed ^ 0xbeef),
        ];
        let mut pos = Position::start(u32::from(plan.size)).map_err(|e| e.to_string())?;
        let mut found = 0;
        let mut quiet_until = 0;
        while !pos.is_finished() && out.len() < plan.target {
            let roll = rng.roll(plan.size);
            let number = pos.turn_number();
            // Endgames the solver can check are taken whenever they come.
            let small = solvable(&pos, plan.edition);
            if number > 1 && (small || (number >= quiet_until && found < plan.per_game)) {
                let p = puzzle_at(&pos, plan.edition, roll, plan.prefilter_gap, counts)
                    .map_err(|e| e.to_string())?;
                if let Some(mut p) = p {
                    // Winning at once is a fine puzzle, but not a quarter
                    // of the set.
                    let win = p.best_chance >= 1.0;
                    if !win || wins * 4 < plan.target {
                        wins += usize::from(win);
                        found += 1;
                        quiet_until = number + 3;
                        p.id = format!("{tag}-{:03}", out.len() + 1);
                        p.source.seed = seed;
                        progress(&p, counts);
                        out.push(p);
                    }
                }
            }
            let side = usize::from(pos.side_to_move() == Color::Green);
            let turn = players[side]
                .choose(&pos, plan.edition, roll)
                .map_err(|e| e.to_string())?
                .turn;
            pos = pos
                .play(plan.edition, roll, &turn)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}

/// The parts of a puzzle, read back: position, edition, roll, best and
/// second turns.
pub type Parsed = (Position, Edition, Roll, Turn, Turn);

/// Checks a puzzle's structure: every field parses, the position is legal
/// and in play, both turns are legal for the roll and lead to different
/// positions, the chances lie in 0..=1 with the stated gap, the exact
/// values (if any) agree.
///
/// # Errors
/// What is wrong, in words.
pub fn check_structure(p: &Puzzle) -> Result<Parsed, String> {
    let id = &p.id;
    let pos: Position = p
        .position
        .parse()
        .map_err(|e| format!("{id}: position: {e}"))?;
    if pos.size() != p.size {
        return Err(format!(
            "{id}: size {} but the position is {}",
            p.size,
            pos.size()
        ));
    }
    if pos.is_finished() {
        return Err(format!("{id}: the game is over"));
    }
    let edition: Edition = p
        .edition
        .parse()
        .map_err(|e| format!("{id}: edition: {e}"))?;
    let roll: Roll = p.roll.parse().map_err(|e| format!("{id}: roll: {e}"))?;
    roll.check_size(pos.size())
        .map_err(|e| format!("{id}: roll: {e}"))?;
    let turn = |text: &str| -> Result<(Turn, Position), String> {
        let t: Turn = text
            .parse()
            .map_err(|e| format!("{id}: turn {text}: {e}"))?;
        let after = pos
            .play(edition, roll, &t)
            .map_err(|e| format!("{id}: turn {text}: {e}"))?;
        Ok((t, after))
    };
    let (best, best_after) = turn(&p.best)?;
    let (second, second_after) = turn(&p.second)?;
    if best_after == second_after {
        return Err(format!("{id}: best and second are the same turn"));
    }
    let unit = 0.0..=1.0;
    if !unit.contains(&p.best_chance) || !unit.contains(&p.second_chance) {
        return Err(format!("{id}: a chance outside 0..1"));
    }
    if p.best_chance - p.second_chance < GAP - 0.0015 {
        return Err(format!("{id}: gap below {GAP}"));
    }
    if !(1..=3).contains(&p.difficulty) || p.turns < 2 {
        return Err(format!("{id}: difficulty or turn count out of range"));
    }
    if let Some(e) = p.exact {
        if e.best - e.second < GAP - 0.0015 {
            return Err(format!("{id}: exact gap below {GAP}"));
        }
    }
    Ok((pos, edition, roll, best, second))
}

/// Re-ranks a puzzle at the judge level and checks that its answer is the
/// best turn by the stated margin, with the stated chances (and, where
/// stated, the exact ones).
///
/// # Errors
/// What differs, in words.
pub fn recheck(p: &Puzzle) -> Result<(), String> {
    let (pos, edition, roll, best, _) = check_structure(p)?;
    let id = &p.id;
    let judged =
        judge(&pos, edition, roll, CONFIRM_EXACT, Some(JUDGE)).map_err(|e| e.to_string())?;
    let (b, s) = confirmed(&judged).ok_or_else(|| format!("{id}: no clear best turn now"))?;
    let best_after = pos
        .play(edition, roll, &best)
        .map_err(|e| e.to_string())?
        .to_string();
    if b.after != best_after {
        return Err(format!("{id}: the best turn is now {}", b.turn));
    }
    if (round3(b.value) - p.best_chance).abs() > 0.0015
        || (round3(s.value) - p.second_chance).abs() > 0.0015
    {
        return Err(format!(
            "{id}: chances now {:.3} and {:.3}",
            b.value, s.value
        ));
    }
    if judged.distinct != p.turns {
        return Err(format!("{id}: {} distinct turns now", judged.distinct));
    }
    if let Some(e) = p.exact {
        let now = exact_check(&pos, edition, roll, &best_after)?;
        if (round3(now.best) - e.best).abs() > 0.0015
            || (round3(now.second) - e.second).abs() > 0.0015
        {
            return Err(format!("{id}: exact values differ"));
        }
    }
    Ok(())
}
