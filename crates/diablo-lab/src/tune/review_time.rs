//! `diablo-lab review-time`: times the game review and the analysis
//! board's ranking on one self-play game (Medium against Medium, standard
//! edition). Prints the turns, the review's time at Hard, the marks, the
//! part of it the rolls' chances take (the chance before each roll and its
//! luck) and the ranking's time per position; writes the record when
//! asked.

use diablo_ai::review::{rank_turns, review_record};
use diablo_ai::{Level, Player, Rng, roll_chances};
use diablo_core::{Edition, Position, Record, Roll};
use std::time::Instant;

/// The options of `diablo-lab review-time`.
#[derive(clap::Args)]
pub struct Args {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "S", default_value_t = 8, value_parser = super::size)]
    size: u32,
    /// The seed of the dice and of the players' choices.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
    /// Where to write the game's record (docs/review.md has the format).
    #[arg(long, value_name = "FILE")]
    record_out: Option<String>,
}

/// Plays the game, times its review and rankings, prints both.
///
/// # Errors
/// When the record cannot be written, or the review or a ranking fails.
pub fn run(args: &Args) -> Result<(), String> {
    let (size, seed) = (args.size, args.seed);
    let edition = Edition::Standard;
    let mut record = Record::new(edition, Position::start(size).map_err(|e| e.to_string())?);
    let mut rng = Rng::new(seed);
    let faces = u8::try_from(size / 2).expect("a small board");
    while !record.last().is_finished() {
        let pos = record.last().clone();
        let roll = Roll::new(
            1 + rng.index(faces.into()) as u8,
            1 + rng.index(faces.into()) as u8,
        )
        .expect("a roll");
        let turn = Player::new(Level::Medium, rng.index(1 << 30) as u64)
            .choose(&pos, edition, roll)
            .expect("a turn")
            .turn;
        record.push(roll, turn).expect("a legal turn");
    }
    if let Some(path) = &args.record_out {
        std::fs::write(path, record.to_string())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let start = Instant::now();
    let review = review_record(&record, Level::Hard).map_err(|e| e.to_string())?;
    let took = start.elapsed();
    let marked = review.iter().filter(|r| r.mark().is_some()).count();
    println!(
        "{size}x{size}: {} turns, review at hard {:.1} s ({:.0} ms a turn), {marked} marked",
        review.len(),
        took.as_secs_f64(),
        took.as_secs_f64() * 1000.0 / review.len() as f64
    );
    let start = Instant::now();
    for pos in &record.positions()[..review.len()] {
        let _ = roll_chances(pos, edition);
    }
    let chances = start.elapsed().as_secs_f64() * 1000.0 / review.len() as f64;
    println!("of which every roll's chance (the luck): {chances:.1} ms a turn");
    let mut worst = 0.0f64;
    let mut total = 0.0;
    let mut counted = 0;
    for (pos, (roll, _)) in record.positions().iter().zip(record.turns()).step_by(4) {
        let start = Instant::now();
        let ranked =
            rank_turns(pos, edition, *roll, 12, Some(Level::Hard)).map_err(|e| e.to_string())?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms);
        total += ms;
        counted += 1;
        let _ = ranked.len();
    }
    println!(
        "ranking: {counted} positions, mean {:.0} ms, worst {worst:.0} ms",
        total / f64::from(counted)
    );
    Ok(())
}
