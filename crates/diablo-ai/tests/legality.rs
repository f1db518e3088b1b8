//! Every level returns a legal turn: many random positions, both editions,
//! every board size the page offers (2 to 26).

mod common;

use common::random_position;
use diablo_ai::{Level, Player, Rng};
use diablo_core::Edition;

/// Plays `count` random positions per edition at `size` through `player`
/// and checks each turn with the validating engine.
fn check(size: u32, count: u32, player: &Player, rng: &mut Rng) {
    for edition in Edition::ALL {
        for _ in 0..count {
            let plies = rng.below(u64::from(size * size)) as u32;
            let pos = random_position(size, edition, plies, rng);
            let roll = rng.roll(pos.size());
            let choice = player
                .choose(&pos, edition, roll)
                .expect("a game in play with a fitting roll");
            if let Err(e) = pos.play(edition, roll, &choice.turn) {
                panic!(
                    "{} chose an illegal turn {} in {pos} ({edition}, roll {roll}): {e}",
                    player.level(),
                    choice.turn
                );
            }
            assert!((0.0..=1.0).contains(&choice.win_chance));
            assert!(choice.nodes <= player.budget_on(pos.size()).max(1));
        }
    }
}

#[test]
fn every_level_plays_legal_turns_on_small_boards() {
    let mut rng = Rng::new(1);
    for size in [2, 4, 6, 8] {
        for level in Level::ALL {
            // Small budgets keep the test quick; the search code paths are
            // the same (budgets only stop it earlier).
            let budget = level.default_budget().min(20_000);
            check(
                size,
                12,
                &Player::new(level, 5).with_budget(budget),
                &mut rng,
            );
        }
    }
}

#[test]
fn levels_play_legal_turns_on_large_boards() {
    let mut rng = Rng::new(2);
    for size in (10..=26).step_by(2) {
        for level in Level::ALL {
            let budget = level.default_budget().min(5_000);
            check(
                size,
                if size > 16 { 1 } else { 2 },
                &Player::new(level, 6).with_budget(budget),
                &mut rng,
            );
        }
    }
}

#[test]
fn hard_with_its_full_budget_plays_legal_turns() {
    let mut rng = Rng::new(3);
    for size in [6, 8] {
        check(size, 3, &Player::new(Level::Hard, 7), &mut rng);
    }
}

#[test]
fn levels_keep_their_sized_budgets_on_the_largest_board() {
    // Without an explicit budget, a level spends at most its budget for the
    // board size, which is smaller on 26x26.
    let mut rng = Rng::new(4);
    let player = Player::new(Level::Medium, 8);
    for edition in Edition::ALL {
        let pos = random_position(26, edition, 300, &mut rng);
        let roll = rng.roll(pos.size());
        let choice = player.choose(&pos, edition, roll).expect("in play");
        assert!(pos.play(edition, roll, &choice.turn).is_ok());
        assert!(
            choice.nodes <= Level::Medium.budget_for(26),
            "{}",
            choice.nodes
        );
    }
}

#[test]
fn a_board_net_plays_legal_turns_in_budget_at_every_size() {
    // A board net of each size it could ship for, and on every other size
    // (where it adds nothing): legal turns, within the budget.
    let mut rng = Rng::new(9);
    let nets: Vec<&'static diablo_ai::Net> = [6u8, 8, 10]
        .iter()
        .map(|&n| &*Box::leak(Box::new(diablo_ai::Net::random_board(n, 64, u64::from(n)))))
        .collect();
    for size in (2..=26).step_by(2) {
        let net = nets
            .iter()
            .copied()
            .find(|n| n.board.as_ref().is_some_and(|b| u32::from(b.size) == size))
            .unwrap_or(nets[0]);
        for level in [Level::Medium, Level::Hard] {
            let player = Player::new(level, 11)
                .with_budget(if size > 12 { 3_000 } else { 20_000 })
                .with_net(Some(net));
            check(size, if size > 16 { 1 } else { 3 }, &player, &mut rng);
        }
    }
}
