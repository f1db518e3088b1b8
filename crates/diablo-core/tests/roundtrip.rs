//! Every vocabulary type prints what it parses and parses what it prints
//! (RULES.md sections 7 and 8): Square, Color, Stack, Roll, Action, Turn,
//! Edition, Position, Record.

mod common;

use common::{pos, random_code, roll, turn};
use diablo_core::{Action, Color, Edition, Position, Record, Roll, Square, Stack, Turn};
use proptest::prelude::*;
use rand::{SeedableRng, rngs::StdRng};

#[test]
fn squares() {
    for file in 0..26u8 {
        for rank in 0..26u8 {
            let sq = Square::new(file, rank).expect("on the largest board");
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq), "{text}");
            assert_eq!(text, format!("{}{}", char::from(b'a' + file), rank + 1));
        }
    }
    let c3: Square = "c3".parse().expect("square");
    assert_eq!((c3.file(), c3.rank()), (2, 2));
    // Index = (rank - 1) * N + file (section 1), and back.
    assert_eq!(c3.index(4), Some(10));
    assert_eq!(c3.index(2), None);
    for n in (2..=26u8).step_by(2) {
        for i in 0..usize::from(n) * usize::from(n) {
            assert_eq!(Square::from_index(i, n).index(n), Some(i));
        }
    }
    assert!("a1".parse::<Square>().expect("a1") < "b1".parse().expect("b1"));
    assert!("z1".parse::<Square>().expect("z1") < "a2".parse().expect("a2"));
}

#[test]
fn colours_and_editions() {
    for c in Color::ALL {
        assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        assert_eq!(c.name().parse::<Color>(), Ok(c));
        assert_eq!(c.other().other(), c);
    }
    assert_eq!(Color::Black.to_string(), "b");
    assert_eq!(Color::Green.to_string(), "g");
    for e in Edition::ALL {
        assert_eq!(e.to_string().parse::<Edition>(), Ok(e));
    }
    assert_eq!(Edition::default(), Edition::Standard);
    assert_eq!(Edition::Sequenced.to_string(), "sequenced");
}

#[test]
fn stacks() {
    for color in Color::ALL {
        for height in 1..=338u16 {
            let st = Stack { color, height };
            assert_eq!(st.to_string().parse::<Stack>(), Ok(st), "{st}");
        }
    }
    assert_eq!(
        Stack {
            color: Color::Black,
            height: 1
        }
        .to_string(),
        "b"
    );
    assert_eq!(
        Stack {
            color: Color::Green,
            height: 12
        }
        .to_string(),
        "g12"
    );
}

#[test]
fn rolls_keep_their_order() {
    for a in 1..=13u8 {
        for b in 1..=13u8 {
            let r = Roll::new(a, b).expect("non-zero");
            assert_eq!(r.to_string(), format!("{a},{b}"));
            assert_eq!(r.to_string().parse::<Roll>(), Ok(r));
            assert_eq!(r.dice(), [a, b]);
            assert_eq!(r.is_double(), a == b);
        }
    }
    assert_eq!(roll("3,1").dice(), [3, 1]);
    // The unordered rolls perft sums over: 6 for three-sided dice, weights
    // adding up to the 9 ordered outcomes.
    let all = Roll::all_unordered(6);
    assert_eq!(all.len(), 6);
    assert_eq!(all.iter().map(|(_, w)| w).sum::<u32>(), 9);
}

#[test]
fn actions_and_turns() {
    let squares: Vec<Square> = (0..16).map(|i| Square::from_index(i, 4)).collect();
    for &a in &squares {
        let removal = Action::Remove(a);
        assert_eq!(removal.to_string(), format!("-{a}"));
        assert_eq!(removal.to_string().parse::<Action>(), Ok(removal));
        for &b in &squares {
            let m = Action::Move { from: a, to: b };
            assert_eq!(m.to_string(), format!("{a}-{b}"));
            assert_eq!(m.to_string().parse::<Action>(), Ok(m));
            for t in [
                Turn::single(m),
                Turn::pair(m, removal),
                Turn::pair(removal, m),
            ] {
                assert_eq!(t.to_string().parse::<Turn>(), Ok(t), "{t}");
            }
            // Two removals: written in ascending square index, one turn
            // whatever the order (section 7).
            let (ra, rb) = (Action::Remove(a), Action::Remove(b));
            let t = Turn::pair(rb, ra);
            assert_eq!(t, Turn::pair(ra, rb));
            assert_eq!(t.to_string().parse::<Turn>(), Ok(t));
            assert_eq!(t.first(), Action::Remove(a.min(b)));
        }
    }
    assert_eq!(turn("-c3 -a1").to_string(), "-a1 -c3");
    assert_eq!(turn("c3-c5 -d4").to_string(), "c3-c5 -d4");
    assert_eq!(turn("  c3-c5   -d4 ").to_string(), "c3-c5 -d4");
    assert_eq!(turn("-d4 c3-c5").to_string(), "-d4 c3-c5");
}

#[test]
fn positions() {
    for n in (2..=26).step_by(2) {
        let p = Position::start(n).expect("even size");
        assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    }
    let mut rng = StdRng::seed_from_u64(99);
    for size in (2..=26).step_by(2) {
        for _ in 0..40 {
            let code = random_code(&mut rng, size);
            let p = pos(&code);
            // The generator writes canonical codes, so the text is identical.
            assert_eq!(p.to_string(), code);
            assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
            let again: Position = code.parse().expect("valid code");
            assert_eq!(again, p);
        }
    }
    // Surrounding spaces are tolerated; the printed form is canonical.
    assert_eq!(pos(" gb/bg b 1 ").to_string(), "gb/bg b 1");
}

#[test]
fn records() {
    // A short standard game on 4x4, read, printed and read again.
    let text = "# opening\nedition standard\nsize 4\n\n2,1: b2-b4\n2,2: a2-c2 c2-a2\n";
    let r: Record = text.parse().expect("legal record");
    assert_eq!(r.turns().len(), 2);
    assert_eq!(r.positions().len(), 3);
    assert_eq!(r.edition(), Edition::Standard);
    assert!(!r.has_custom_start());
    let printed = r.to_string();
    assert_eq!(
        printed,
        "edition standard\nsize 4\n2,1: b2-b4\n2,2: a2-c2 c2-a2\n"
    );
    let back: Record = printed.parse().expect("reads back");
    assert_eq!(back, r);
    assert_eq!(back.last(), r.last());
    // Replaying the turns by hand gives the same last position.
    let mut p = Position::start(4).expect("even");
    for (rl, t) in r.turns() {
        p = p
            .play(r.edition(), *rl, t)
            .expect("recorded turns are legal");
    }
    assert_eq!(&p, r.last());

    // A set-up start is written as a start header.
    let start = pos("..../..../g.../b... b 3");
    let mut r = Record::new(Edition::Sequenced, start.clone());
    assert!(r.has_custom_start());
    r.push(roll("1,2"), turn("a1-a3 a3-a2")).expect("legal");
    let printed = r.to_string();
    assert_eq!(
        printed,
        "edition sequenced\nsize 4\nstart ..../..../g.../b... b 3\n1,2: a1-a3 a3-a2\n"
    );
    let back: Record = printed.parse().expect("reads back");
    assert_eq!(back, r);
    assert!(back.last().is_finished());
    assert_eq!(r.pop(), Some((roll("1,2"), turn("a1-a3 a3-a2"))));
    assert_eq!(r.last(), &start);
    assert_eq!(r.to_string().parse::<Record>(), Ok(r.clone()));
    // An illegal push leaves the record as it was.
    let before = r.clone();
    assert!(r.push(roll("1,2"), turn("a1-b1")).is_err());
    assert_eq!(r, before);
}

proptest! {
    #[test]
    fn squares_rolls_and_stacks_round_trip(f in 0u8..26, k in 0u8..26, a in 1u8..=13, b in 1u8..=13,
                                           h in 1u16..=338, g in any::<bool>()) {
        let sq = Square::new(f, k).expect("in range");
        prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        let r = Roll::new(a, b).expect("non-zero");
        prop_assert_eq!(r.to_string().parse::<Roll>(), Ok(r));
        let st = Stack { color: if g { Color::Green } else { Color::Black }, height: h };
        prop_assert_eq!(st.to_string().parse::<Stack>(), Ok(st));
    }

    #[test]
    fn position_codes_round_trip(seed in any::<u64>(), half in 1usize..=13) {
        let mut rng = StdRng::seed_from_u64(seed);
        let code = random_code(&mut rng, 2 * half);
        let p: Position = code.parse().expect("generated codes are valid");
        prop_assert_eq!(p.to_string(), code);
    }
}
