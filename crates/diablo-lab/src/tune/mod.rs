//! The AI's tuning and measuring tools, each a subcommand of `diablo-lab`
//! (docs/ai.md, "Tuning the weights" and "Measuring"; the figures they
//! gave are in docs/results/ai.md):
//!
//! - [`duel`]: a paired-dice match between two configurable players;
//! - [`texel`] and [`spsa`]: candidate evaluation weights, by logistic
//!   regression on game outcomes and by matches;
//! - [`reliability`] and [`reliability_fit`]: the win chance's calibration;
//! - [`think`] and [`review_time`]: think time per board size, and the
//!   review's and the ranking's time.
//!
//! The value parsers the tools share (board sizes, weight lists, search
//! shapes) are here, so a bad argument is a usage error (exit status 2).

pub mod duel;
pub mod reliability;
pub mod reliability_fit;
pub mod review_time;
pub mod spsa;
pub mod texel;
pub mod think;

use diablo_ai::{Algorithm, FEATURES, Shape, Weights};
use diablo_core::check_size;

/// The tuning tools, as subcommands of `diablo-lab` (flattened into its
/// list, after the puzzle commands).
#[derive(clap::Subcommand)]
pub enum Tune {
    /// A paired-dice match between two configurable players: levels with
    /// other weights, budgets or search shapes.
    ///
    /// Games 2k and 2k+1 replay the same dice with colours swapped (A is
    /// Black in the even games). Prints one line: A's wins with a 95%
    /// margin, nodes and milliseconds per move of each side, and the time.
    /// `diablo match` is the user-facing command for plain levels.
    #[command(
        display_order = 100,
        after_help = "\
Example (an MCTS shape against today's Hard):
  nice -n 10 cargo run --release -p diablo-lab -- duel \\
      --size 8 --games 400 --a hard --b hard --seed 41 --shape-a mcts:0.3:300:8000:8000:5"
    )]
    Duel(duel::Args),
    /// Positions for calibrating the win chance, one tab-separated line
    /// each, from games between two players of one level.
    ///
    /// For every position before its roll: `size edition game turn
    /// raw_chance mover_won` (the uncalibrated chance, and 1 if the player
    /// to move went on to win), written as each game ends. `reliability-fit`
    /// reads them.
    #[command(
        display_order = 101,
        after_help = "\
Example (one size and edition; docs/results/ai.md runs them all):
  nice -n 10 cargo run --release -p diablo-lab -- reliability \\
      --size 8 --edition standard --games 200 --seed 1 >> rows.tsv"
    )]
    Reliability(reliability::Args),
    /// Fit the win chance's calibration and print reliability tables from
    /// the rows of `reliability`.
    ///
    /// For each size and edition: the fit (a shift and a temperature on
    /// each side of even, by log-loss with Newton's method) on all rows,
    /// the same fitted on the even games and scored on the odd ones (a
    /// held-out check), and the reliability table of the chances as the
    /// library now calibrates them (predicted bucket by tenths, count, mean
    /// prediction, actual win rate) with the mean absolute calibration
    /// error (bucket errors weighted by count).
    #[command(
        display_order = 102,
        after_help = "\
Example:
  cargo run --release -p diablo-lab -- reliability-fit rows.tsv
  cat rows/*.tsv | cargo run --release -p diablo-lab -- reliability-fit"
    )]
    ReliabilityFit(reliability_fit::Args),
    /// Time the game review and the analysis board's ranking on one
    /// self-play game (Medium against Medium, standard edition).
    ///
    /// Prints the turns, the review's time at Hard and the turns it marks,
    /// then the ranking's time per position (every fourth position).
    #[command(
        display_order = 103,
        after_help = "\
Example:
  nice -n 10 cargo run --release -p diablo-lab -- review-time --size 8 --seed 1"
    )]
    ReviewTime(review_time::Args),
    /// Tune the evaluation weights by matches with SPSA (simultaneous
    /// perturbation stochastic approximation).
    ///
    /// Every iteration plays a small paired-dice match between the weights
    /// pushed a step one way and the other along a random ±1 direction,
    /// and moves the weights towards the winner; it reports each iteration
    /// on stderr and prints the final weights. A candidate only: it is kept
    /// if it wins a separate match against the current weights (`duel`).
    #[command(
        display_order = 104,
        after_help = "\
Example:
  nice -n 10 cargo run --release -p diablo-lab -- spsa \\
      --size 6 --level easy --budget 2000 --iterations 100 --games 20 --seed 1"
    )]
    Spsa(spsa::Args),
    /// Fit the evaluation weights to game outcomes by logistic regression
    /// ("Texel tuning").
    ///
    /// The games are between copies of a level, with some random turns
    /// mixed in for variety (--epsilon). With --target search, each
    /// position's target is the level's own search value for the roll
    /// drawn (before calibration) instead of the game's outcome; --mix
    /// blends the outcome back in. Reports the fit on stderr and prints the
    /// weights. A candidate only: it is kept if it wins a match against the
    /// current weights (`duel`).
    #[command(
        display_order = 105,
        after_help = "\
Example:
  nice -n 10 cargo run --release -p diablo-lab -- texel \\
      --size 6 --games 500 --epsilon 0.1 --seed 1 --level easy --edition standard"
    )]
    Texel(texel::Args),
    /// Think time per board size: a level's decisions on positions from
    /// random games, natively.
    ///
    /// For each size: the decisions, the nodes per decision, the time per
    /// decision (median, p90, max) and nodes per second. The positions are
    /// every fourth of two random games, at most 24 (on large boards the
    /// first part of one game); with --spread, twelve spread evenly over
    /// each game. With --codes it prints the positions instead, one
    /// `size<TAB>code<TAB>a<TAB>b` line each, for
    /// tests/e2e/measure/think-time.mjs (the same decisions timed in
    /// Chromium).
    #[command(
        display_order = 106,
        after_help = "\
Example:
  nice -n 10 cargo run --release -p diablo-lab -- think --level hard --edition standard --sizes 8,16,26"
    )]
    Think(think::Args),
}

/// Runs a tuning tool; it prints its output as it goes.
///
/// # Errors
/// A message when the tool cannot go on (a file it cannot read or write,
/// rows it cannot read).
pub fn run(command: &Tune) -> Result<(), String> {
    match command {
        Tune::Duel(a) => duel::run(a),
        Tune::Reliability(a) => reliability::run(a),
        Tune::ReliabilityFit(a) => reliability_fit::run(a),
        Tune::ReviewTime(a) => review_time::run(a),
        Tune::Spsa(a) => spsa::run(a),
        Tune::Texel(a) => texel::run(a),
        Tune::Think(a) => think::run(a),
    }
}

/// A board's side: even, 2 to 26 (a value parser).
///
/// # Errors
/// When the text is not such a number.
pub fn size(text: &str) -> Result<u32, String> {
    let size: u32 = text.parse().map_err(|e| format!("{e}"))?;
    check_size(size).map_err(|e| e.to_string())?;
    Ok(size)
}

/// A number of games, at least 1 (a value parser).
///
/// # Errors
/// When the text is not such a number.
pub fn games(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one game is needed".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A number from 0 to 1 (a value parser).
///
/// # Errors
/// When the text is not such a number.
pub fn fraction(text: &str) -> Result<f64, String> {
    let x: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not between 0 and 1"))
    }
}

/// Evaluation weights written as a list, "[a, b, ...]" (the brackets may be
/// left out), in the order of `FEATURE_NAMES`; weights not given are 0 (a
/// value parser; the tools print their weights this way).
///
/// # Errors
/// When a weight is not a number, or there are more than `FEATURES`.
pub fn weights(text: &str) -> Result<Weights, String> {
    let v = text
        .trim()
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<f32>()
                .map_err(|e| format!("weight '{}': {e}", x.trim()))
        })
        .collect::<Result<Vec<f32>, String>>()?;
    if v.len() > FEATURES {
        return Err(format!("{} weights; there are {FEATURES}", v.len()));
    }
    let mut w = [0f32; FEATURES];
    w[..v.len()].copy_from_slice(&v);
    Ok(Weights(w))
}

/// A search shape (a value parser): "greedy:ROOT_CAP",
/// "exp:CANDIDATES:PLIES:ROOT_CAP:REPLY_CAP" or
/// "mcts:C:EXPANSIONS:ROOT_CAP:REPLY_CAP\[:FLOOR\]" (FLOOR: 1/FLOOR of the
/// budget is always spent; 0 or absent: none).
///
/// # Errors
/// When the text is none of these.
pub fn shape(text: &str) -> Result<Shape, String> {
    let v: Vec<&str> = text.split(':').collect();
    let fields = match v[0] {
        "greedy" => 2..=2,
        "exp" => 5..=5,
        "mcts" => 5..=6,
        other => {
            return Err(format!(
                "unknown shape '{other}' (expected greedy:ROOT_CAP, \
                 exp:CANDIDATES:PLIES:ROOT_CAP:REPLY_CAP or \
                 mcts:C:EXPANSIONS:ROOT_CAP:REPLY_CAP[:FLOOR])"
            ));
        }
    };
    if !fields.contains(&v.len()) {
        return Err(format!(
            "a {} shape has {} numbers, not {}",
            v[0],
            if v[0] == "mcts" {
                "4 or 5".to_string()
            } else {
                (fields.start() - 1).to_string()
            },
            v.len() - 1
        ));
    }
    fn num<T: std::str::FromStr>(v: &[&str], i: usize, what: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        v[i].parse().map_err(|e| format!("{what} '{}': {e}", v[i]))
    }
    Ok(match v[0] {
        "greedy" => Shape {
            algorithm: Algorithm::Greedy,
            root_cap: num(&v, 1, "root cap")?,
            reply_cap: 0,
        },
        "exp" => Shape {
            algorithm: Algorithm::Expectimax {
                candidates: num(&v, 1, "candidates")?,
                plies: num(&v, 2, "plies")?,
            },
            root_cap: num(&v, 3, "root cap")?,
            reply_cap: num(&v, 4, "reply cap")?,
        },
        _ => Shape {
            algorithm: Algorithm::Mcts {
                exploration: num(&v, 1, "exploration")?,
                expansions: num(&v, 2, "expansions")?,
                floor: if v.len() > 5 { num(&v, 5, "floor")? } else { 0 },
            },
            root_cap: num(&v, 3, "root cap")?,
            reply_cap: num(&v, 4, "reply cap")?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_the_printed_list_and_pad_with_zeros() {
        let w = Weights::TUNED;
        assert_eq!(weights(&format!("{:?}", w.0)), Ok(w));
        let short = weights("[1, -2.5]").expect("two weights");
        assert_eq!(&short.0[..3], &[1.0, -2.5, 0.0]);
        assert!(weights("[1, x]").is_err());
        assert!(weights(&format!("{:?}", [0f32; FEATURES + 1])).is_err());
    }

    #[test]
    fn shapes_read_their_numbers_or_say_why_not() {
        assert_eq!(
            shape("greedy:100"),
            Ok(Shape {
                algorithm: Algorithm::Greedy,
                root_cap: 100,
                reply_cap: 0
            })
        );
        assert_eq!(
            shape("exp:4:2:300:200").map(|s| s.algorithm),
            Ok(Algorithm::Expectimax {
                candidates: 4,
                plies: 2
            })
        );
        assert_eq!(
            shape("mcts:0.3:300:8000:8000:5").map(|s| s.algorithm),
            Ok(Algorithm::Mcts {
                exploration: 0.3,
                expansions: 300,
                floor: 5
            })
        );
        assert_eq!(
            shape("mcts:0.3:300:8000:8000").map(|s| s.algorithm),
            Ok(Algorithm::Mcts {
                exploration: 0.3,
                expansions: 300,
                floor: 0
            })
        );
        for bad in [
            "",
            "mcts",
            "exp:1:2:3",
            "greedy:x",
            "mcts:a:1:1:1",
            "deep:1",
        ] {
            assert!(shape(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_and_games_are_checked() {
        assert_eq!(size("8"), Ok(8));
        for bad in ["7", "0", "28", "x", "-2"] {
            assert!(size(bad).is_err(), "{bad}");
        }
        assert!(games("0").is_err());
        assert_eq!(games("2"), Ok(2));
        assert!(fraction("1.5").is_err());
        assert_eq!(fraction("0.25"), Ok(0.25));
    }
}
