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

#[test]
fn hard_spends_its_floor_where_the_root_lists_few_turns() {
    // 4x4 endgames list few turns at the root, so "150 root-sized
    // expansions" alone would stop Hard early; it may always spend a fifth
    // of its budget there (docs/ai.md), while Medium keeps no floor.
    for (code, a, b) in [
        ("..../b.b./.b2g2./.... g 6", 2, 1),
        (".b../.g../b3.../gg2g. b 21", 1, 2),
        (".bb./gbg2./..../b2... g 22", 2, 2),
    ] {
        let pos: diablo_core::Position = code.parse().expect("test position");
        let roll = diablo_core::Roll::new(a, b).expect("a roll");
        for edition in Edition::ALL {
            let nodes = |level: Level| {
                Player::new(level, 1)
                    .choose(&pos, edition, roll)
                    .expect("in play")
                    .nodes
            };
            let (medium, hard) = (nodes(Level::Medium), nodes(Level::Hard));
            // (A fifth of what is left after scoring the root.)
            let floor = Level::Hard.default_budget() / 5 * 99 / 100;
            assert!(
                hard >= floor,
                "{code} {edition}: Hard spent {hard} < {floor}"
            );
            assert!(
                medium < floor / 10,
                "{code} {edition}: Medium spent {medium}"
            );
        }
    }
}
