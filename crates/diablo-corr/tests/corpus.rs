//! Links written before turn indices were counted rather than listed
//! (`tests/data/links.txt`, made by the code of that time with
//! `DIABLO_WRITE_CORPUS=1 cargo test -p diablo-corr --test corpus -- --ignored`):
//! every one must still decode to the same record and re-encode to the same
//! bytes, and every bad index written then must be refused with the same
//! error.
//!
//! The file holds, for each game, a line `# <size> <edition> <seed>`, the
//! final link `L <link>`, the record text `R <text>` (new lines as `|`),
//! then links whose last turn index was replaced by one past the end and by
//! a large number, each `B <link>` followed by `E <error text>`. The file
//! kept in the repository holds the first such pair of each game (and for
//! 4x4 and 8x8 also the last), to stay under 1 MB: the writer makes about
//! seven times as many.

use diablo_core::{Color, Edition};
use diablo_corr::{Due, Game, Role};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;

const CORPUS: &str = include_str!("data/links.txt");

fn varint(mut v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
    out
}

/// One game by seeded random play, stopped after `cap` messages: its final
/// link, and links whose last turn carries a bad index.
fn game(size: u32, edition: Edition, seed: u64, cap: usize) -> (Game, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let inviter = if seed % 2 == 0 {
        Color::Black
    } else {
        Color::Green
    };
    let (invite, ikeys) = Game::invite(size, edition, inviter, "Ann", rng.random(), rng.random())
        .expect("an invitation");
    let (mut game, akeys) = invite.accept("Bo", rng.random()).expect("an acceptance");
    let mut keys = [ikeys, akeys];
    let mut bad = Vec::new();
    while let Some(role) = game.due_role() {
        if game.messages().len() >= cap {
            break;
        }
        let k = usize::from(role == Role::Accepter);
        let next = match game.due() {
            Due::Start => game.start(&keys[k]).expect("start"),
            Due::Turn { .. } => {
                let roll = game.roll(&keys[k]).expect("a roll");
                let mut turns = game
                    .record()
                    .last()
                    .legal_turns(edition, roll)
                    .expect("legal turns");
                turns.sort();
                let i = rng.random_range(0..turns.len());
                let next = game.play(&keys[k], &turns[i]).expect("legal");
                // A few bad indices: one past the end, and a large one.
                if rng.random_range(0..8) == 0 || game.messages().len() + 1 >= cap {
                    let before = diablo_corr::payload(&game.encode()).expect("payload");
                    let after = diablo_corr::payload(&next.encode()).expect("payload");
                    let good = varint(i as u64);
                    let head = &after[before.len()..after.len() - good.len()];
                    for wrong in [turns.len() as u64, u64::from(u32::MAX)] {
                        let mut b = before.clone();
                        b.extend_from_slice(head);
                        b.extend(varint(wrong));
                        bad.push(diablo_corr::seal(&b));
                    }
                }
                next
            }
            other => panic!("unexpected {other:?}"),
        };
        keys[k] = keys[k].updated(&next);
        game = next;
    }
    (game, bad)
}

/// (size, games per edition, message cap): about 200 games, under 1 MB.
const PLAN: [(u32, u64, usize); 4] = [(4, 30, 400), (8, 30, 400), (16, 25, 90), (26, 15, 40)];

#[test]
#[ignore = "writes the corpus; run once with the code whose links it keeps"]
fn write_corpus() {
    if std::env::var_os("DIABLO_WRITE_CORPUS").is_none() {
        return;
    }
    let mut out = String::new();
    for (size, games, cap) in PLAN {
        for edition in [Edition::Standard, Edition::Sequenced] {
            for g in 0..games {
                let seed = u64::from(size) * 1000 + g;
                let (game, bad) = game(size, edition, seed, cap);
                let _ = writeln!(out, "# {size} {edition} {seed}");
                let _ = writeln!(out, "L {}", game.encode());
                let _ = writeln!(out, "R {}", game.record().to_string().replace('\n', "|"));
                for b in bad {
                    let e = Game::decode(&b).expect_err("a bad index");
                    let _ = writeln!(out, "B {b}");
                    let _ = writeln!(out, "E {e}");
                }
            }
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/links.txt");
    std::fs::write(path, out).expect("write the corpus");
}

#[test]
fn links_written_before_read_the_same() {
    let (mut games, mut bads) = (0, 0);
    let mut held: Option<Game> = None;
    let mut bad: Option<&str> = None;
    for line in CORPUS.lines() {
        let (tag, rest) = line.split_at(2);
        match tag {
            "# " => {}
            "L " => {
                let game = Game::decode(rest).expect("a corpus link decodes");
                assert_eq!(game.encode(), rest, "re-encodes to the same bytes");
                held = Some(game);
                games += 1;
            }
            "R " => {
                let game = held.as_ref().expect("a link before its record");
                assert_eq!(game.record().to_string().replace('\n', "|"), rest);
            }
            "B " => bad = Some(rest),
            "E " => {
                let link = bad.take().expect("a bad link before its error");
                let e = Game::decode(link).expect_err("a bad index is refused");
                assert_eq!(e.to_string(), rest, "{link}");
                bads += 1;
            }
            _ => panic!("bad corpus line {line}"),
        }
    }
    assert_eq!(games, 200);
    assert!(bads > 100, "{bads}");
}
