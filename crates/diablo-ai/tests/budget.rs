//! Searches stay within their node budget (one node = one position
//! evaluated), and more budget is actually used when given.

mod common;

use common::random_position;
use diablo_ai::{Level, Player, Rng};
use diablo_core::Edition;

#[test]
fn nodes_never_exceed_the_budget() {
    let mut rng = Rng::new(20);
    for size in [6, 8, 12] {
        for _ in 0..4 {
            let pos = random_position(size, Edition::Standard, 4, &mut rng);
            let roll = rng.roll(pos.size());
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                for budget in [1, 50, 1_000, 25_000] {
                    let c = Player::new(level, 1)
                        .with_budget(budget)
                        .choose(&pos, Edition::Standard, roll)
                        .expect("in play");
                    assert!(c.nodes <= budget, "{level} spent {} of {budget}", c.nodes);
                    assert!(c.nodes >= 1);
                }
            }
        }
    }
}

#[test]
fn beginner_evaluates_nothing() {
    let pos = diablo_core::Position::start(8).expect("8x8");
    let roll = diablo_core::Roll::new(2, 2).expect("a roll");
    let c = Player::new(Level::Beginner, 3)
        .choose(&pos, Edition::Standard, roll)
        .expect("in play");
    assert_eq!(c.nodes, 0);
}

#[test]
fn deeper_levels_spend_more() {
    let mut rng = Rng::new(21);
    let pos = random_position(8, Edition::Standard, 10, &mut rng);
    let roll = rng.roll(pos.size());
    let spent = |level: Level| {
        Player::new(level, 1)
            .choose(&pos, Edition::Standard, roll)
            .expect("in play")
            .nodes
    };
    let (easy, medium, hard) = (spent(Level::Easy), spent(Level::Medium), spent(Level::Hard));
    assert!(
        easy < medium && medium < hard,
        "easy {easy}, medium {medium}, hard {hard}"
    );
    assert!(hard <= Level::Hard.default_budget());
}
