//! The same inputs and seed give the same turn; the seed is the only source
//! of variety.

mod common;

use common::random_position;
use diablo_ai::{Level, Player, Rng, choose_turn};
use diablo_core::Edition;

#[test]
fn same_seed_same_choice_at_every_level() {
    let mut rng = Rng::new(10);
    for edition in Edition::ALL {
        for size in [6, 8] {
            for _ in 0..4 {
                let pos = random_position(size, edition, 6, &mut rng);
                let roll = rng.roll(pos.size());
                for level in Level::ALL {
                    let player =
                        Player::new(level, 99).with_budget(level.default_budget().min(30_000));
                    let a = player.choose(&pos, edition, roll).expect("in play");
                    let b = player.clone().choose(&pos, edition, roll).expect("in play");
                    assert_eq!(a, b, "{level} at {pos}");
                }
            }
        }
    }
}

#[test]
fn beginner_varies_with_the_seed() {
    let pos = diablo_core::Position::start(8).expect("8x8");
    let roll = diablo_core::Roll::new(1, 2).expect("a roll");
    let turns: std::collections::HashSet<String> = (0..20)
        .map(|seed| {
            choose_turn(&pos, Edition::Standard, roll, Level::Beginner, seed)
                .expect("in play")
                .to_string()
        })
        .collect();
    assert!(turns.len() > 5, "only {} different turns", turns.len());
}
