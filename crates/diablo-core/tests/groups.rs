//! `TurnGroups` against `TurnList`: the same turns at the same indices,
//! grouped by first action, along random games at every even size in both
//! editions.

use diablo_core::{ActionKind, Edition, FastTurn, Position, Roll, TurnGroups, TurnList};

/// Checks `groups` against `list`, every index when `all`, else a sample.
fn check(
    groups: &mut TurnGroups,
    list: &TurnList,
    all: bool,
    next: &mut impl FnMut(usize) -> usize,
    at: &str,
) {
    assert_eq!(groups.len(), list.len(), "{at}");
    // The groups are the runs of the list with one first action.
    let mut runs = 0;
    let mut end = 0;
    let mut fill = Vec::new();
    let mut captures = Vec::new();
    for g in 0..groups.group_count() {
        let group = groups.group(g).expect("in range");
        assert_eq!(group.start, end, "{at} group {g}");
        assert!(group.len > 0, "{at} group {g}");
        end = group.start + group.len;
        let slice: Vec<(usize, FastTurn)> = (group.start..end)
            .map(|i| (i, list.get(i).expect("listed")))
            .collect();
        assert!(
            slice.iter().all(|t| t.1.first() == group.first),
            "{at} group {g}"
        );
        if list.get(end).is_some_and(|t| t.first() == group.first) {
            panic!("{at}: group {g} stops inside a run");
        }
        runs += 1;
        if all || next(4) == 0 {
            groups.fill_group(g, &mut fill);
            assert_eq!(fill, slice, "{at} group {g}");
            groups.group_captures(g, &mut captures);
            let expected: Vec<(usize, FastTurn)> = slice
                .iter()
                .copied()
                .filter(|t| t.1.captures() > 0)
                .collect();
            assert_eq!(captures, expected, "{at} group {g}");
        }
        let k = next(group.len);
        assert_eq!(
            groups.get(group.start + k),
            list.get(group.start + k),
            "{at} group {g} turn {k}"
        );
    }
    assert_eq!(end, list.len(), "{at}");
    assert!(runs > 0 || list.is_empty(), "{at}");
    if all {
        for i in 0..list.len() {
            assert_eq!(groups.get(i), list.get(i), "{at} turn {i}");
        }
    }
    assert_eq!(groups.get(list.len()), None, "{at}");
}

#[test]
fn grouped_turns_are_the_listed_turns_at_the_same_indices() {
    let mut seed = 0x853c_49e6_748f_ea9bu64;
    let mut next = move |k: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % k.max(1) as u64) as usize
    };
    let mut list = TurnList::new();
    let mut groups = TurnGroups::new();
    let mut from_list = TurnGroups::new();
    let mut checked = 0;
    let mut removals_after_a_move = 0;
    for size in (2u32..=26).step_by(2) {
        for edition in [Edition::Standard, Edition::Sequenced] {
            let (games, turns) = if size <= 8 { (4, usize::MAX) } else { (1, 24) };
            for _ in 0..games {
                let mut p = Position::start(size).expect("even size");
                for _ in 0..turns {
                    if p.is_finished() {
                        break;
                    }
                    let rolls = Roll::all_unordered(p.size());
                    for _ in 0..2 {
                        let roll = rolls[next(rolls.len())].0;
                        p.list_turns(edition, roll, &mut list).expect("in progress");
                        p.group_turns(edition, roll, &mut groups)
                            .expect("in progress");
                        let at = format!("{edition} {p} {roll}");
                        let all = list.len() <= 5_000;
                        check(&mut groups, &list, all, &mut next, &at);
                        from_list.set_list(&list);
                        check(&mut from_list, &list, all, &mut next, &at);
                        checked += 1;
                        // Moves after the first action, or none left there
                        // (then removals): both routes of a group.
                        removals_after_a_move += list
                            .iter()
                            .filter(|t| {
                                t.first().kind != ActionKind::Removal
                                    && t.second().is_some_and(|s| s.kind == ActionKind::Removal)
                            })
                            .count();
                    }
                    let roll = rolls[next(rolls.len())].0;
                    p.list_turns(edition, roll, &mut list).expect("in progress");
                    let t = list.get(next(list.len())).expect("listed");
                    let _ = p.play_unchecked(t);
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
    assert!(removals_after_a_move > 1_000, "{removals_after_a_move}");
}

#[test]
fn grouping_a_finished_game_fails_and_leaves_no_turns() {
    let mut p = Position::start(4).expect("even size");
    let mut list = TurnList::new();
    let mut groups = TurnGroups::new();
    let roll = Roll::new(1, 2).expect("dice");
    while !p.is_finished() {
        p.list_turns(Edition::Standard, roll, &mut list)
            .expect("in progress");
        p.group_turns(Edition::Standard, roll, &mut groups)
            .expect("in progress");
        assert_eq!(groups.len(), list.len());
        let _ = p.play_unchecked(list.get(0).expect("listed"));
    }
    assert!(p.group_turns(Edition::Standard, roll, &mut groups).is_err());
    assert!(groups.is_empty());
    assert_eq!(groups.group_count(), 0);
    assert_eq!(groups.get(0), None);
}
