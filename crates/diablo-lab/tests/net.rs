//! Training the learned evaluation and the roll-out yardstick: the pieces
//! do what they say on small inputs.

use diablo_ai::{Level, NET_INPUTS, Player, Rng};
use diablo_core::{Edition, Position};
use diablo_lab::net::{self, DataPlan, Sample, TrainPlan};
use diablo_lab::rollouts::{self, Plan, Valued, Yardstick};

fn plan(inputs: usize, hidden: usize) -> TrainPlan {
    TrainPlan {
        inputs,
        hidden,
        hold_out_every: 5,
        max_epochs: 60,
        patience: 5,
        learning_rate: 0.01,
        batch: 64,
        seed: 3,
    }
}

/// Samples whose target is a chance that depends on two inputs through an
/// interaction (no weighted sum can state it), drawn as 0/1 outcomes.
fn xor_like(n: u32) -> Vec<Sample> {
    let mut rng = Rng::new(9);
    (0..n)
        .map(|game| {
            let a = rng.below(2) as f32;
            let b = rng.below(2) as f32;
            let chance = if (a > 0.5) == (b > 0.5) { 0.9 } else { 0.1 };
            let won = (rng.below(1000) as f32) < chance * 1000.0;
            let mut inputs = [0.0; NET_INPUTS];
            inputs[0] = a;
            inputs[1] = b;
            Sample {
                game,
                target: f32::from(u8::from(won)),
                inputs,
            }
        })
        .collect()
}

#[test]
fn a_hidden_layer_learns_an_interaction_that_a_sum_cannot() {
    let data = xor_like(4000);
    let mut quiet = |_: &str| {};
    let trained = net::train(&data, &plan(2, 8), &mut quiet);
    let held: Vec<&Sample> = data.iter().filter(|s| s.game % 5 == 0).collect();
    let loss = net::mean_loss(&trained.net, &held);
    // The best possible is the entropy of 0.9/0.1, 0.325; a constant or a
    // weighted sum of a and b cannot go below ln 2 = 0.693.
    assert!(loss < 0.40, "held-out loss {loss}");
    let mut x = [0.0; NET_INPUTS];
    x[0] = 1.0;
    x[1] = 1.0;
    assert!(trained.net.logit(&x) > 1.0);
    x[1] = 0.0;
    assert!(trained.net.logit(&x) < -1.0);
    // Early stopping keeps the best held-out pass.
    let best = trained.history[trained.best_epoch - 1].1;
    assert!(trained.history.iter().all(|(_, h)| *h >= best));
    assert_eq!(trained.counts, (3200, 800));
}

#[test]
fn samples_round_trip_and_a_torn_file_is_refused() {
    let data = xor_like(10);
    let mut bytes = Vec::new();
    net::write_samples(&mut bytes, &data).expect("write");
    let back = net::read_samples(&mut bytes.as_slice()).expect("read");
    assert_eq!(back.len(), 10);
    assert!(
        back.iter()
            .zip(&data)
            .all(|(a, b)| a.game == b.game && a.target == b.target && a.inputs == b.inputs)
    );
    bytes.pop();
    assert!(net::read_samples(&mut bytes.as_slice()).is_err());
}

#[test]
fn self_play_labels_each_position_with_its_mover_outcome() {
    let plan = DataPlan {
        size: 4,
        edition: Edition::Standard,
        games: 6,
        level: Level::Easy,
        epsilon: 0.2,
        seed: 5,
        threads: 2,
        net: None,
        exact_up_to: 0,
    };
    let samples = net::self_play(&plan, 100);
    assert!(samples.len() >= 6 * 2);
    assert!(samples.iter().all(|s| (100..106).contains(&s.game)));
    assert!(samples.iter().all(|s| s.target == 0.0 || s.target == 1.0));
    // Within a game the movers alternate (no forced passes in Diablo), so
    // the outcomes alternate too.
    for pair in samples.windows(2) {
        if pair[0].game == pair[1].game {
            assert_ne!(pair[0].target, pair[1].target);
        }
    }
    // The same plan gives the same samples (threads only share the work).
    let again = net::self_play(&DataPlan { threads: 1, ..plan }, 100);
    assert_eq!(again.len(), samples.len());
    assert!(
        again
            .iter()
            .zip(&samples)
            .all(|(a, b)| a.inputs == b.inputs)
    );
}

#[test]
fn a_paired_match_against_a_random_player_is_won() {
    let easy = Player::new(Level::Easy, 1);
    let random = Player::new(Level::Beginner, 2);
    let r = net::paired_match(6, Edition::Standard, 20, 7, [&easy, &random], 2);
    assert_eq!(r.games, 20);
    assert!(r.a_wins >= 17, "{r:?}");
    let (p, lo, hi) = r.wilson();
    assert!(lo < p && p <= hi && lo > 0.5);
}

#[test]
fn roll_outs_value_positions_and_the_review_is_scored_on_them() {
    let plan = Plan {
        size: 6,
        edition: Edition::Sequenced,
        positions: 3,
        level: Level::Easy,
        target_error: 0.05,
        min_games: 50,
        max_games: 150,
        seed: 2,
        threads: 2,
    };
    let mut seen = 0;
    let made = rollouts::make(&plan, &mut |_| seen += 1);
    assert_eq!(made.len(), 3);
    assert_eq!(seen, 3);
    for v in &made {
        assert!((50..=150).contains(&v.games), "{v:?}");
        assert!(v.games == 150 || v.error <= 0.05, "{v:?}");
        assert!((v.value - f64::from(v.wins) / f64::from(v.games)).abs() < 1e-12);
        assert_eq!(v.edition, "sequenced");
        let pos: Position = v.position.parse().expect("a position code");
        assert!(!pos.is_finished());
    }
    // Made again from the same seed: the same positions and values.
    assert_eq!(rollouts::make(&plan, &mut |_| {}), made);
    let e = rollouts::score_review(&made).expect("scored");
    assert_eq!(e.count, 3);
    assert!(e.mean <= e.max && e.max <= 1.0);
    // A position whose value is stated wrongly by 1 is off by about 1.
    let mut wrong: Vec<Valued> = made.clone();
    for v in &mut wrong {
        v.value = if v.value < 0.5 { 1.0 } else { 0.0 };
    }
    assert!(rollouts::score_review(&wrong).expect("scored").mean > 0.4);
    let mut bad = made;
    bad[0].position = "not a position".into();
    assert!(rollouts::score_review(&bad).is_err());
}

#[test]
fn the_shipped_yardsticks_are_well_formed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("data folder") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.starts_with("rollouts-") {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).expect("readable");
        let y: Yardstick = serde_json::from_str(&text).expect("a yardstick");
        assert!(y.positions.len() >= 10, "{name}");
        for v in &y.positions {
            let pos: Position = v.position.parse().expect("a position code");
            assert!(!pos.is_finished(), "{name}: {}", v.position);
            assert!(v.error <= 0.02 + 1e-9 || v.games >= 700, "{name}: {v:?}");
            assert!((v.value - f64::from(v.wins) / f64::from(v.games)).abs() < 1e-12);
        }
    }
    assert!(files >= 2, "rollout yardsticks for 8x8 and 10x10");
}
