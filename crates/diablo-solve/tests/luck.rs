//! The review's luck against exact luck: on random 4x4 endgames, where the
//! solver knows every roll's value, the engine's luck of each roll (its
//! chance once dealt minus the average over all rolls, docs/review.md)
//! agrees with the exact one.

#![allow(clippy::unwrap_used)]

use diablo_ai::review::luck_of;
use diablo_ai::{Rng, roll_chances};
use diablo_core::{Edition, Position, Roll};
use diablo_solve::{Solver, random_endgame};

/// Exact luck of every roll of `pos`: the best turn's exact value minus
/// the exact value before the roll.
fn exact_luck(solver: &mut Solver, pos: &Position) -> Vec<(Roll, f64)> {
    let before = solver.value(pos);
    Roll::all_unordered(pos.size())
        .into_iter()
        .map(|(roll, _)| {
            (
                roll,
                solver.best(pos, roll).map_or(0.0, |(v, _)| v) - before,
            )
        })
        .collect()
}

#[test]
fn the_engines_luck_agrees_with_exact_luck_on_small_endgames() {
    for edition in Edition::ALL {
        let mut solver = Solver::new(edition);
        let mut rng = Rng::new(11);
        let (mut n, mut error, mut worst, mut signs, mut clear) = (0, 0.0, 0.0f64, 0, 0);
        let mut spread = 0.0;
        let mut positions = 0;
        while positions < 80 {
            let Some(pos) = random_endgame(&mut rng, 4) else {
                continue;
            };
            if pos.is_finished() {
                continue;
            }
            positions += 1;
            let rolls = roll_chances(&pos, edition);
            for (roll, exact) in exact_luck(&mut solver, &pos) {
                let luck = luck_of(&rolls, roll).unwrap();
                n += 1;
                error += (luck - exact).abs();
                spread += exact.abs();
                worst = worst.max((luck - exact).abs());
                if exact.abs() >= 0.15 {
                    clear += 1;
                    signs += usize::from(luck.signum() == exact.signum());
                }
            }
        }
        let mean = error / f64::from(n);
        let blind = spread / f64::from(n);
        println!(
            "{edition}: {n} rolls, mean |luck - exact| {mean:.4}, worst {worst:.3}, \
             sign right {signs} of {clear}, mean |exact| {blind:.4}"
        );
        // Measured (seeded, so the same every run): standard 0.047 against
        // 0.116 for a luck of zero everywhere, sequenced 0.046 against
        // 0.182; the sign right for 63 of 66 and 98 of 102 clear rolls.
        assert!(mean < 0.06, "{edition}: mean error {mean}");
        assert!(mean < blind / 2.0, "{edition}: {mean} against {blind}");
        assert!(signs * 10 >= clear * 9, "{edition}: {signs} of {clear}");
    }
}
