//! The puzzle tool and the shipped set (web/puzzles/puzzles.json).
#![allow(clippy::unwrap_used)]

use diablo_core::{Edition, Position, Roll, Turn};
use diablo_lab::puzzles::{
    self, Counts, GAP, Judged, Plan, Puzzle, PuzzleFile, Ranked, Rating, check_structure,
    clear_best, confirmed, difficulty, exact_check, rate, recheck,
};
use std::collections::{HashMap, HashSet};

fn shipped() -> PuzzleFile {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/puzzles/puzzles.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn ranked(after: &str, value: f64) -> Ranked {
    Ranked {
        turn: "-a1".parse::<Turn>().unwrap(),
        after: after.into(),
        value,
        quick_rank: 0,
    }
}

#[test]
fn the_shipped_set_is_large_spread_and_well_formed() {
    let file = shipped();
    assert_eq!(file.version, puzzles::VERSION);
    assert_eq!(file.gap, GAP);
    assert_eq!(file.judge, "analysis");
    assert!(file.puzzles.len() >= 300, "{}", file.puzzles.len());
    let mut groups: HashMap<(u8, String), usize> = HashMap::new();
    let mut ids = HashSet::new();
    let mut levels = HashSet::new();
    for p in &file.puzzles {
        check_structure(p).unwrap();
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        *groups.entry((p.size, p.edition.clone())).or_default() += 1;
        levels.insert(p.difficulty);
    }
    for size in [6, 8, 10] {
        for edition in ["standard", "sequenced"] {
            let n = groups
                .get(&(size, edition.to_string()))
                .copied()
                .unwrap_or(0);
            // 10x10 puzzles cost the most to confirm (docs/puzzles.md).
            let least = if size == 10 { 10 } else { 40 };
            assert!(n >= least, "{size}x{size} {edition}: {n} puzzles");
        }
    }
    assert_eq!(levels.len(), 3, "every difficulty occurs: {levels:?}");
    assert!(file.puzzles.iter().any(|p| p.exact.is_some()));
}

#[test]
fn a_sample_of_the_shipped_set_is_still_best_by_the_margin_at_analysis() {
    let file = shipped();
    let n = file.puzzles.len();
    // Ten puzzles spread over the file (so over sizes and editions).
    for p in file.puzzles.iter().step_by(n.div_ceil(10)) {
        recheck(p).unwrap();
    }
}

#[test]
fn every_exactly_checked_puzzle_agrees_with_the_solver() {
    let file = shipped();
    for p in file.puzzles.iter().filter(|p| p.exact.is_some()) {
        let (pos, edition, roll, best, _) = check_structure(p).unwrap();
        let after = pos.play(edition, roll, &best).unwrap().to_string();
        let e = exact_check(&pos, edition, roll, &after).unwrap();
        let stated = p.exact.unwrap();
        assert!((e.best - stated.best).abs() < 0.0015, "{}", p.id);
        assert!((e.second - stated.second).abs() < 0.0015, "{}", p.id);
        assert!(e.best - e.second >= GAP, "{}", p.id);
    }
}

#[test]
fn a_broken_puzzle_is_refused() {
    let file = shipped();
    let good = file.puzzles[0].clone();
    let mut bad: Puzzle = good.clone();
    bad.best = good.second.clone();
    bad.second = good.best.clone();
    // Swapped turns keep the structure but fail the re-ranking.
    assert!(recheck(&bad).is_err());
    let mut bad = good.clone();
    bad.second_chance = bad.best_chance - 0.05;
    assert!(check_structure(&bad).unwrap_err().contains("gap"));
    let mut bad = good.clone();
    bad.best = "z9-z1".into();
    assert!(check_structure(&bad).is_err());
    let mut bad = good;
    bad.roll = "9,9".into();
    assert!(check_structure(&bad).is_err());
}

#[test]
fn selection_needs_the_gap_and_the_judges_agreement() {
    let a = ranked("A", 0.80);
    let b = ranked("B", 0.64);
    let c = ranked("C", 0.70);
    assert!(clear_best(&[a.clone(), b.clone()], GAP).is_some());
    assert!(clear_best(&[a.clone(), c.clone(), b.clone()], GAP).is_none());
    assert!(clear_best(std::slice::from_ref(&a), GAP).is_none());
    assert!(clear_best(&[], GAP).is_none());
    let judged = |choice: Option<&str>| Judged {
        distinct: 5,
        valued: vec![a.clone(), b.clone()],
        choice: choice.map(String::from),
    };
    assert_eq!(confirmed(&judged(Some("A"))).unwrap().0.after, "A");
    assert!(confirmed(&judged(Some("B"))).is_none());
    assert!(confirmed(&judged(None)).is_some());
}

#[test]
fn difficulty_counts_what_makes_a_puzzle_hard() {
    let plain = Rating {
        gap: 0.4,
        distinct: 10,
        quick_rank: 0,
        easy_finds: true,
        medium_finds: true,
    };
    assert_eq!(difficulty(&plain), 1);
    // Many turns alone: still easy.
    assert_eq!(
        difficulty(&Rating {
            distinct: 50,
            ..plain
        }),
        1
    );
    // The Easy player misses it.
    assert_eq!(
        difficulty(&Rating {
            easy_finds: false,
            ..plain
        }),
        2
    );
    // Second in the cheap order among many turns, a small lead.
    assert_eq!(
        difficulty(&Rating {
            quick_rank: 1,
            distinct: 50,
            gap: 0.2,
            ..plain
        }),
        2
    );
    // Both players miss it.
    assert_eq!(
        difficulty(&Rating {
            easy_finds: false,
            medium_finds: false,
            ..plain
        }),
        3
    );
    assert_eq!(
        difficulty(&Rating {
            quick_rank: 9,
            distinct: 500,
            gap: 0.16,
            ..plain
        }),
        3
    );
}

#[test]
fn a_sample_of_the_shipped_difficulties_is_rated_again_alike() {
    let file = shipped();
    let n = file.puzzles.len();
    for p in file.puzzles.iter().step_by(n.div_ceil(30)) {
        let (pos, edition, roll, best, _) = check_structure(p).unwrap();
        let after = pos.play(edition, roll, &best).unwrap().to_string();
        let r = rate(&pos, edition, roll, &after, p.best_chance - p.second_chance).unwrap();
        assert_eq!(r.distinct, p.turns, "{}", p.id);
        assert_eq!(r.difficulty(), p.difficulty, "{}: {r:?}", p.id);
    }
}

#[test]
fn same_turn_written_twice_counts_once() {
    // 6x6, Black to move with 1,1: two moves of one die each can be played
    // in either order to the same position; the ranking keeps one of them.
    let pos: Position = "g...../....../....../....../....../b.b... b 9"
        .parse()
        .unwrap();
    let roll = Roll::new(1, 1).unwrap();
    let all = pos.legal_turns(Edition::Standard, roll).unwrap();
    let j = puzzles::judge(&pos, Edition::Standard, roll, usize::MAX, None).unwrap();
    let afters: HashSet<String> = all
        .iter()
        .map(|t| pos.play(Edition::Standard, roll, t).unwrap().to_string())
        .collect();
    assert_eq!(j.distinct, afters.len());
    assert!(j.distinct < all.len(), "{} turns", all.len());
    assert_eq!(j.valued.len(), j.distinct);
    for w in j.valued.windows(2) {
        assert!(w[0].value >= w[1].value);
    }
}

#[test]
fn a_small_run_is_reproducible_and_every_puzzle_checks() {
    let plan = Plan {
        size: 6,
        edition: Edition::Sequenced,
        target: 2,
        games: 40,
        seed: 6_000_001,
        prefilter_gap: GAP,
        per_game: 2,
    };
    let mut counts = Counts::default();
    let first = puzzles::generate(&plan, &mut counts, |_, _| {}).unwrap();
    assert_eq!(first.len(), 2, "{counts:?}");
    assert!(counts.candidates >= counts.confirmed && counts.positions >= counts.candidates);
    let again = puzzles::generate(&plan, &mut Counts::default(), |_, _| {}).unwrap();
    assert_eq!(first, again);
    for p in &first {
        assert!(p.id.starts_with("6s-"), "{}", p.id);
        assert!(p.best_chance - p.second_chance >= GAP - 0.0015);
        recheck(p).unwrap();
    }
}
