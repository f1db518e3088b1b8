//! Properties over thousands of random games on every even size from 2 to
//! 16, both editions, from the start and from random set-ups (seeded, so
//! failures reproduce):
//! - a turn built step by step with `TurnBuilder` plays, and is listed by
//!   `legal_turns`; every listed turn plays;
//! - a depth-first walk of the builder's options yields exactly the listed
//!   turns;
//! - per-turn shape: standard turns hold at most one step; sequenced steps
//!   only open a sequenced move;
//! - checkers never increase, checkers + stacks strictly drop, stacks keep
//!   one colour and consistent counts, position codes round-trip;
//! - `play_random_turn` reaches a position some listed turn reaches;
//! - a listed turn played action by action (`play_action_unchecked`) leaves
//!   the board the whole turn leaves, and both take back exactly;
//! - game records round-trip and replay to the same final position;
//! - every game ends within its bound.

mod common;

use common::{EDITIONS, pos, random_code};
use diablo_core::{
    Action, ActionKind, Color, Edition, Position, Record, Roll, Turn, TurnBuilder, TurnList,
};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use std::collections::{BTreeSet, HashSet};

/// A turn list is compared in full when the first action has at most this
/// many options (the full board of a big size lists millions of turns).
const FULL_CHECK_FIRSTS: usize = 24;

fn weight(p: &Position) -> u32 {
    Color::ALL
        .iter()
        .map(|&c| p.checkers(c) + p.stack_count(c))
        .sum()
}

/// The position's own counters agree with its stacks, each stack is one
/// colour with a height of at least 1, and the code round-trips.
fn check_invariants(p: &Position) {
    let n = u32::from(p.size());
    for c in Color::ALL {
        let mine: Vec<_> = p.stacks().filter(|(_, st)| st.color == c).collect();
        let total: u32 = mine.iter().map(|(_, st)| u32::from(st.height)).sum();
        assert!(mine.iter().all(|(_, st)| st.height >= 1), "{p}");
        assert_eq!(p.checkers(c), total, "{p}");
        assert_eq!(p.stack_count(c), mine.len() as u32, "{p}");
        assert!(total <= n * n / 2, "{p}");
        for (sq, st) in &mine {
            assert_eq!(p.stack(*sq), Some(*st), "{p}");
        }
    }
    let code = p.to_string();
    assert_eq!(code.parse::<Position>(), Ok(p.clone()), "{code}");
    assert_eq!(Color::of_turn(p.turn_number()), p.side_to_move(), "{p}");
}

/// Every complete turn reachable through the builder's options, each
/// checked against `Position::play`.
fn dfs(b: &mut TurnBuilder, edition: Edition, roll: Roll, out: &mut BTreeSet<String>) {
    if b.is_complete() {
        let (t, after) = b.finish().expect("complete turn");
        assert_eq!(
            b.start().play(edition, roll, &t),
            Ok(after),
            "builder and play disagree on {t}"
        );
        // Two removals reached in either order are one turn (section 7);
        // any other turn is reached once.
        let both_removals = t.len() == 2 && t.iter().all(Action::is_removal);
        assert!(
            out.insert(t.to_string()) || both_removals,
            "the builder reaches {t} twice"
        );
        return;
    }
    let options = b.options();
    assert!(
        !options.is_empty(),
        "an incomplete turn with nothing to do on {}",
        b.current()
    );
    for o in options {
        b.play(o.action).expect("an offered option plays");
        dfs(b, edition, roll, out);
        b.undo();
    }
}

/// Builds a random turn one action at a time, checking the builder's views
/// of its options on the way. Returns the turn, the position after it and
/// the kinds of its actions.
fn random_turn(
    p: &Position,
    edition: Edition,
    roll: Roll,
    rng: &mut StdRng,
) -> (Turn, Position, Vec<ActionKind>) {
    let mut b = TurnBuilder::new(p, edition, roll).expect("game in progress");
    let mut kinds = Vec::new();
    while !b.is_complete() {
        let options = b.options();
        assert!(!options.is_empty(), "stuck on {p} ({edition} {roll})");
        let moves: HashSet<(Action, ActionKind)> = b
            .moves_by_source()
            .into_iter()
            .flat_map(|s| {
                s.targets
                    .into_iter()
                    .map(move |(to, kind, _)| (Action::Move { from: s.from, to }, kind))
            })
            .collect();
        let listed: HashSet<(Action, ActionKind)> = options
            .iter()
            .filter(|o| o.kind != ActionKind::Removal)
            .map(|o| (o.action, o.kind))
            .collect();
        assert_eq!(
            moves,
            listed,
            "moves_by_source vs options on {}",
            b.current()
        );
        let removals: Vec<Action> = b.removals().into_iter().map(Action::Remove).collect();
        let listed: Vec<Action> = options
            .iter()
            .filter(|o| o.action.is_removal())
            .map(|o| o.action)
            .collect();
        assert_eq!(removals, listed);
        // Removals are offered only when no move is.
        assert!(
            moves.is_empty() || removals.is_empty(),
            "moves and removals mixed on {}",
            b.current()
        );
        let pick = options[rng.random_range(0..options.len())];
        let used_before = b.dice_used();
        assert_eq!(b.play(pick.action), Ok(pick.kind));
        if let Some(die) = pick.die {
            assert!(!used_before[usize::from(die)], "a die drove two moves");
            assert!(b.dice_used()[usize::from(die)]);
        }
        kinds.push(pick.kind);
    }
    let (t, after) = b.finish().expect("complete");
    (t, after, kinds)
}

/// The shape rules of sections 3 and 4, on the kinds of a played turn.
fn check_shape(edition: Edition, kinds: &[ActionKind], balancing: bool, t: &Turn) {
    use ActionKind::{Capture, Merge, Removal, Step};
    let steps = kinds.iter().filter(|&&k| k == Step).count();
    assert!(steps <= 1, "two steps in {t}");
    if balancing {
        assert_eq!(kinds.len(), 1, "balancing turn {t}");
    }
    if kinds.first() == Some(&Removal) {
        assert!(kinds.iter().all(|&k| k == Removal), "{t}");
    }
    match (edition, kinds) {
        (Edition::Standard, [Step, second]) => assert_ne!(*second, Step, "{t}"),
        (Edition::Sequenced, [Step, second]) => {
            // The stepped stack merges or captures, or another merges onto it.
            let (Action::Move { to: at, .. }, Some(Action::Move { from, to })) =
                (t.first(), t.second())
            else {
                panic!("a sequenced move is two moves: {t}");
            };
            let same_stack = from == at && matches!(second, Merge | Capture);
            let onto_it = to == at && *second == Merge;
            assert!(same_stack || onto_it, "{t} does not complete its step");
        }
        (Edition::Sequenced, [Step]) => panic!("a lone step in the sequenced edition: {t}"),
        (Edition::Sequenced, [_, Step]) => panic!("a step after an individual move: {t}"),
        _ => {}
    }
}

/// What a batch of games covered.
#[derive(Default)]
struct Stats {
    games: usize,
    turns: usize,
    /// Turns whose whole list was compared with the builder walk.
    full_checks: usize,
}

/// Plays one random game and adds it to the stats.
fn play_game(start: Position, edition: Edition, rng: &mut StdRng, stats: &mut Stats) {
    let bound = weight(&start) as usize + 1;
    let mut record = Record::new(edition, start.clone());
    let mut p = start;
    let mut scratch = TurnList::new();
    check_invariants(&p);
    while !p.is_finished() {
        assert!(
            record.turns().len() <= bound,
            "game too long from {}",
            record.start()
        );
        let faces = p.size() / 2;
        let roll = Roll::new(rng.random_range(1..=faces), rng.random_range(1..=faces))
            .expect("non-zero dice");
        let (t, after, kinds) = random_turn(&p, edition, roll, rng);
        // The playout entry point plays some legal turn.
        let mut fast = p.clone();
        fast.play_random_turn(edition, roll, &mut scratch, |n| rng.random_range(0..n))
            .expect("in progress");
        check_invariants(&fast);
        assert!(
            weight(&fast) < weight(&p) || p.is_balancing_turn(),
            "{p} -> {fast}"
        );
        check_shape(edition, &kinds, p.is_balancing_turn(), &t);
        assert_eq!(p.play(edition, roll, &t), Ok(after.clone()), "{t} on {p}");

        // Listing is checked in full where the list is of a reasonable size
        // (late in big games, everywhere in small ones).
        let firsts = TurnBuilder::new(&p, edition, roll)
            .expect("in progress")
            .options()
            .len();
        if firsts <= FULL_CHECK_FIRSTS {
            let listed = p.legal_turns(edition, roll).expect("in progress");
            let set: BTreeSet<String> = listed.iter().map(Turn::to_string).collect();
            assert_eq!(set.len(), listed.len(), "duplicates on {p}");
            assert!(
                set.contains(&t.to_string()),
                "{t} built but not listed on {p} ({edition} {roll})"
            );
            let mut walked = BTreeSet::new();
            let mut b = TurnBuilder::new(&p, edition, roll).expect("in progress");
            dfs(&mut b, edition, roll, &mut walked);
            assert_eq!(
                walked, set,
                "builder walk vs legal_turns on {p} ({edition} {roll})"
            );
            assert!(
                listed
                    .iter()
                    .any(|t| p.play(edition, roll, t).as_ref() == Ok(&fast)),
                "play_random_turn reached {fast}, which no listed turn does, from {p} ({edition} {roll})"
            );
            // Action by action, the board goes where the whole turn goes,
            // and back.
            let mut list = TurnList::new();
            let mut whole = p.clone();
            whole
                .list_turns(edition, roll, &mut list)
                .expect("in progress");
            for t in list.iter() {
                let mut by_action = p.clone();
                let undo_first = by_action.play_action_unchecked(t.first());
                let undo_second = t.second().map(|a| by_action.play_action_unchecked(a));
                let undo = whole.play_unchecked(t);
                assert_eq!(by_action.cells(), whole.cells(), "{t:?} on {p}");
                whole.undo_unchecked(undo);
                if let Some(u) = undo_second {
                    by_action.undo_action_unchecked(u);
                }
                by_action.undo_action_unchecked(undo_first);
                assert_eq!(by_action, p, "{t:?} taken back on {p}");
            }
            stats.full_checks += 1;
        }

        for c in Color::ALL {
            assert!(
                after.checkers(c) <= p.checkers(c),
                "{c:?} gained checkers: {t} on {p}"
            );
        }
        // Section 5: every turn lowers checkers + stacks. A set-up turn 1
        // may be a lone standard step (balancing rule), the one exception.
        let lone_step = kinds == [ActionKind::Step];
        assert!(!lone_step || p.is_balancing_turn(), "{t} on {p}");
        if !lone_step {
            assert!(
                weight(&after) < weight(&p),
                "{t} on {p} did not lower checkers + stacks"
            );
        }
        assert_eq!(after.turn_number(), p.turn_number() + 1);
        assert_eq!(after.side_to_move(), p.side_to_move().other());
        check_invariants(&after);
        record
            .push(roll, t)
            .expect("a legal turn goes into the record");
        p = after;
    }
    assert!(
        p.legal_turns(edition, Roll::new(1, 1).expect("1,1"))
            .is_err()
    );
    assert_eq!(record.last(), &p);
    let text = record.to_string();
    let back: Record = text
        .parse()
        .unwrap_or_else(|e| panic!("record does not read back: {e}\n{text}"));
    assert_eq!(back, record);
    assert_eq!(back.last(), &p);
    assert_eq!(back.to_string(), text);
    stats.games += 1;
    stats.turns += record.turns().len();
}

#[test]
fn random_games_from_the_start() {
    let mut rng = StdRng::seed_from_u64(2022);
    let mut stats = Stats::default();
    for (size, count) in [
        (2, 300),
        (4, 200),
        (6, 100),
        (8, 60),
        (10, 30),
        (12, 16),
        (14, 10),
        (16, 6),
    ] {
        for edition in EDITIONS {
            for _ in 0..count {
                play_game(
                    Position::start(size).expect("even size"),
                    edition,
                    &mut rng,
                    &mut stats,
                );
            }
        }
    }
    assert!(stats.games >= 1400, "{} games", stats.games);
    assert!(stats.turns > stats.games * 3 && stats.full_checks > stats.turns / 3);
}

#[test]
fn random_games_from_set_ups() {
    let mut rng = StdRng::seed_from_u64(1958);
    let mut stats = Stats::default();
    for size in [2, 4, 6, 8, 10, 12, 14, 16] {
        let count = if size <= 8 { 150 } else { 30 };
        for edition in EDITIONS {
            for _ in 0..count {
                let start = pos(&random_code(&mut rng, size));
                play_game(start, edition, &mut rng, &mut stats);
            }
        }
    }
    assert!(stats.games >= 1000, "{} games", stats.games);
    assert!(stats.full_checks > stats.turns / 3);
}
