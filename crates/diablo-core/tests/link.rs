//! Share links (`diablo_core::link`): every game comes back exactly, links
//! have one spelling, tampering is caught, bad links say what is wrong, and
//! links written today keep reading.

use diablo_core::{
    Edition, GameLink, LinkError, MAX_TURN, ParsePositionError, PlayError, Position, Record, Roll,
    SetupError, TurnBuilder, TurnError, link,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn random_roll(rng: &mut SmallRng, size: u8) -> Roll {
    let faces = size / 2;
    Roll::new(rng.random_range(1..=faces), rng.random_range(1..=faces)).expect("dice from 1")
}

/// Plays random turns (action by action) until the game ends or `cap` turns.
fn random_game(rng: &mut SmallRng, edition: Edition, start: Position, cap: usize) -> Record {
    let mut record = Record::new(edition, start);
    while !record.last().is_finished() && record.turns().len() < cap {
        let roll = random_roll(rng, record.size());
        let mut b = TurnBuilder::new(record.last(), edition, roll).expect("game in progress");
        while !b.is_complete() {
            let options = b.options();
            let pick = options[rng.random_range(0..options.len())];
            b.play(pick.action).expect("listed option plays");
        }
        let (turn, _) = b.finish().expect("complete turn");
        record.push(roll, turn).expect("built turn is legal");
    }
    record
}

/// A random set-up position: any stacks within the checker limits, any turn.
fn random_start(rng: &mut SmallRng, size: u8) -> Position {
    let n = usize::from(size);
    let max = n * n / 2;
    let mut left = [max, max];
    let mut cells = vec![String::from("."); n * n];
    for cell in &mut cells {
        let c = rng.random_range(0..3usize);
        if c == 0 || left[c - 1] == 0 {
            continue;
        }
        let h = if rng.random_range(0..4) == 0 {
            rng.random_range(1..=left[c - 1].min(12))
        } else {
            1
        };
        left[c - 1] -= h;
        *cell = format!(
            "{}{}",
            if c == 1 { 'b' } else { 'g' },
            if h > 1 { h.to_string() } else { String::new() }
        );
    }
    if left == [max, max] {
        cells[0] = "b".into();
    }
    let turn = match rng.random_range(0..4) {
        0 => 1,
        1 => MAX_TURN - rng.random_range(0..9u32),
        _ => rng.random_range(1..200u32),
    };
    let ranks: Vec<String> = (0..n)
        .rev()
        .map(|r| cells[r * n..(r + 1) * n].concat())
        .collect();
    let side = if turn % 2 == 1 { 'b' } else { 'g' };
    format!("{} {side} {turn}", ranks.join("/"))
        .parse()
        .expect("generated code is valid")
}

/// A random game on a random or standard start, with a random view.
fn random_link(seed: u64, size: u8, edition: Edition, custom: bool) -> GameLink {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = if custom {
        random_start(&mut rng, size)
    } else {
        Position::start(u32::from(size)).expect("even size")
    };
    let record = random_game(&mut rng, edition, start, usize::MAX);
    let view = rng.random_range(0..=record.turns().len());
    GameLink { record, view }
}

fn check_round_trip(game: &GameLink) {
    let text = game.encode();
    assert!(text.starts_with('1'), "compact form expected: {text}");
    assert!(text[1..].bytes().all(|b| ALPHABET.contains(&b)), "{text}");
    let back = link::decode(&text).expect("own link decodes");
    assert_eq!(&back, game, "compact round trip of {text}");
    // One spelling: writing the decoded game gives the same link.
    assert_eq!(back.encode(), text);
    let readable = game.encode_text();
    assert_eq!(
        &link::decode(&readable).expect("readable link decodes"),
        game
    );
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_game_comes_back_exactly(
        seed: u64,
        half in 1u8..=8,
        sequenced: bool,
        custom in proptest::bool::weighted(0.3),
    ) {
        let edition = if sequenced { Edition::Sequenced } else { Edition::Standard };
        check_round_trip(&random_link(seed, 2 * half, edition, custom));
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        if let Ok(game) = link::decode(&text) {
            // Only a readable link can decode from text this random.
            prop_assert!(text.contains("record="));
            prop_assert_eq!(link::decode(&game.encode()).expect("re-encoded"), game);
        }
    }

    #[test]
    fn random_link_alphabet_never_panics(body in "[A-Za-z0-9_-]{0,120}") {
        // A random body passes the CRC-32 about once in 4 billion tries.
        let text = format!("1{body}");
        prop_assert!(link::decode(&text).is_err());
    }
}

/// Payloads with a correct checksum reach the game decoder: it either
/// refuses them or reads a game whose own link is exactly this one.
#[test]
fn sealed_random_payloads_decode_canonically_or_fail() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut read = 0;
    for _ in 0..20_000 {
        let head = rng.random_range(0..=255u8) & if rng.random_bool(0.9) { 0x73 } else { 0xff };
        let mut bytes = vec![head, rng.random_range(0..30u8)];
        if head & 0x40 != 0 {
            bytes.extend((0..rng.random_range(0..3)).map(|_| rng.random_range(0x80..=0xffu8)));
            bytes.push(rng.random_range(1..0x80u8));
        }
        bytes.extend((0..rng.random_range(0..14)).map(|_| rng.random_range(0..=255u8)));
        let text = seal(&bytes);
        if let Ok(game) = link::decode(&text) {
            assert_eq!(game.encode(), text, "one spelling per game");
            read += 1;
        }
    }
    println!("sealed random payloads: {read} of 20000 read as games");
    assert!(read > 100, "the success path is exercised");
}

#[test]
fn big_boards_come_back_exactly() {
    for seed in 0..3 {
        for edition in Edition::ALL {
            check_round_trip(&random_link(seed, 26, edition, seed == 2));
            check_round_trip(&random_link(seed + 10, 20, edition, seed == 1));
        }
    }
}

#[test]
fn every_view_of_a_game_comes_back() {
    let game = random_link(7, 6, Edition::Standard, false).record;
    for view in 0..=game.turns().len() {
        let text = link::encode(&game, view);
        assert_eq!(link::decode(&text).expect("decodes").view, view);
    }
    // A view past the end is written as the last position.
    let text = link::encode(&game, 10_000);
    assert_eq!(
        link::decode(&text).expect("decodes").view,
        game.turns().len()
    );
}

/// Link lengths of random full games, printed with `--nocapture`; the
/// bounds keep 8x8 links well inside a chat message.
#[test]
fn full_game_links_are_short() {
    for (size, bound) in [(6u8, 120usize), (8, 240), (12, 900)] {
        for edition in Edition::ALL {
            let mut lens: Vec<usize> = Vec::new();
            let mut turns = 0;
            for seed in 0..200 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let start = Position::start(u32::from(size)).expect("even size");
                let record = random_game(&mut rng, edition, start, usize::MAX);
                turns += record.turns().len();
                lens.push(link::encode(&record, record.turns().len()).len());
            }
            lens.sort_unstable();
            let mean = lens.iter().sum::<usize>() / lens.len();
            println!(
                "{size}x{size} {edition}: {} turns on average; link length mean {mean}, median {}, max {} chars",
                turns / lens.len(),
                lens[lens.len() / 2],
                lens[lens.len() - 1]
            );
            assert!(
                mean <= bound,
                "{size}x{size} {edition}: mean link length {mean} > {bound}"
            );
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    errors: usize,
    same_game: usize,
}

impl Tally {
    /// Decodes a mutated link: the original game or an error, never another.
    fn check(&mut self, mutated: &str, original: &GameLink) {
        self.tried += 1;
        match link::decode(mutated) {
            Err(_) => self.errors += 1,
            Ok(g) => {
                assert_eq!(&g, original, "mutation {mutated} read as another game");
                self.same_game += 1;
            }
        }
    }
}

#[test]
fn mutated_links_are_caught() {
    let mut rng = SmallRng::seed_from_u64(99);
    let [mut subs, mut cuts, mut dels, mut ins] = <[Tally; 4]>::default();
    let others = ['=', '.', '~', '%', '+', '/', ' ', 'é', '\0'];
    for seed in 0..24u64 {
        let size = [2u8, 4, 6, 8, 10, 12][(seed % 6) as usize];
        let edition = Edition::ALL[(seed % 2) as usize];
        let game = random_link(seed, size, edition, seed % 3 == 0);
        let text = game.encode();
        let chars: Vec<char> = text.chars().collect();
        let with = |i: usize, c: Option<char>, keep: bool| -> String {
            let mut v = chars.clone();
            match (c, keep) {
                (Some(c), true) => v.insert(i, c),
                (Some(c), false) => v[i] = c,
                (None, _) => {
                    v.remove(i);
                }
            }
            v.into_iter().collect()
        };
        for i in 0..chars.len() {
            let alphabet = ALPHABET.iter().map(|&b| char::from(b));
            for c in alphabet.chain(others).filter(|&c| c != chars[i]) {
                subs.check(&with(i, Some(c), false), &game);
            }
            dels.check(&with(i, None, false), &game);
            cuts.check(&chars[..i].iter().collect::<String>(), &game);
            for _ in 0..4 {
                let c = char::from(ALPHABET[rng.random_range(0..64)]);
                ins.check(
                    &with(rng.random_range(0..=chars.len()), Some(c), true),
                    &game,
                );
            }
        }
    }
    for (name, t) in [
        ("substitution", &subs),
        ("truncation", &cuts),
        ("deletion", &dels),
        ("insertion", &ins),
    ] {
        println!(
            "{name}: {} tried, {} errors, {} read as the same game",
            t.tried, t.errors, t.same_game
        );
    }
    assert_eq!(
        subs.errors, subs.tried,
        "every single-character substitution is detected"
    );
    assert_eq!(cuts.errors, cuts.tried, "every truncation is detected");
    assert_eq!(dels.errors, dels.tried, "every deletion is detected");
    assert!(subs.tried > 50_000 && ins.tried > 1000);
}

// ---- helpers that write links by hand, independently of the encoder ----

/// CRC-32 (IEEE), bit by bit.
fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// A version-1 link around `bytes` (header and game data) with its checksum.
fn seal(bytes: &[u8]) -> String {
    let mut all = bytes.to_vec();
    let crc = crc32(&[b"1".as_slice(), bytes].concat());
    all.extend(crc.to_be_bytes());
    let mut bits = String::new();
    for b in &all {
        bits.push_str(&format!("{b:08b}"));
    }
    while bits.len() % 6 != 0 {
        bits.push('0');
    }
    let body: String = bits
        .as_bytes()
        .chunks(6)
        .map(|c| {
            let v = c.iter().fold(0usize, |a, &b| a * 2 + usize::from(b - b'0'));
            char::from(ALPHABET[v])
        })
        .collect();
    format!("1{body}")
}

/// Reads a link's bytes back (inverse of `seal`, checksum left on).
fn unseal(text: &str) -> Vec<u8> {
    let mut bits = String::new();
    for c in text[1..].bytes() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .expect("link alphabet");
        bits.push_str(&format!("{v:06b}"));
    }
    bits.as_bytes()
        .chunks(8)
        .filter(|c| c.len() == 8)
        .map(|c| c.iter().fold(0u8, |a, &b| a * 2 + (b - b'0')))
        .collect()
}

/// Digits (value, radix), least significant first, as big-endian bytes.
fn mixed(digits: &[(u128, u128)]) -> Vec<u8> {
    let n = digits.iter().rev().fold(0u128, |n, &(d, r)| n * r + d);
    let bytes = n.to_be_bytes();
    bytes[bytes.iter().take_while(|&&b| b == 0).count()..].to_vec()
}

#[test]
fn the_format_is_as_documented() {
    // 4x4 standard, no turns: header 0x01, turn count 0, no game data.
    let empty = Record::new(Edition::Standard, Position::start(4).expect("4"));
    assert_eq!(link::encode(&empty, 0), seal(&[0x01, 0x00]));
    // 2x2 sequenced, one die face (the roll is no digit): Black's move
    // a1-a2 is option 1 of a1-b1 < a1-a2 < b2-b1 < b2-a2 (squares order by
    // rank, then file); then the view, 1 of radix 2: 1 + 4 * 1.
    let mut game = Record::new(Edition::Sequenced, Position::start(2).expect("2"));
    game.push(
        Roll::new(1, 1).expect("roll"),
        "a1-a2".parse().expect("turn"),
    )
    .expect("legal");
    assert_eq!(link::encode(&game, 1), seal(&[0x10, 0x01, 1 + 4]));
}

#[test]
fn bad_links_say_what_is_wrong() {
    let ok = seal(&[0x01, 0x00]);
    let cases: Vec<(String, LinkError)> = vec![
        (String::new(), LinkError::Empty),
        ("   #  ".into(), LinkError::Empty),
        ("2AAAA".into(), LinkError::UnknownVersion('2')),
        (
            "1AB$D".into(),
            LinkError::BadCharacter {
                position: 4,
                found: '$',
            },
        ),
        ("1".into(), LinkError::Truncated("header and checksum")),
        (
            "1A".into(),
            LinkError::Truncated("last byte (one character too many or too few)"),
        ),
        (
            ok[..ok.len() - 1].to_string(),
            LinkError::Malformed("the last character has stray bits"),
        ),
        (format!("{}A", &ok[..ok.len() - 1]), LinkError::Checksum),
        (seal(&[0x0d, 0x00]), LinkError::BadSize(28)),
        (seal(&[0x21, 0x00]), LinkError::BadEdition(2)),
        (
            seal(&[0x81, 0x00]),
            LinkError::Malformed("a reserved header bit is set"),
        ),
        (seal(&[0x01]), LinkError::Truncated("turn count")),
        (
            seal(&[0x01, 0x80, 0x00]),
            LinkError::Malformed("a number written with extra zero bytes"),
        ),
        (
            seal(&[0x01, 0x00, 0x00]),
            LinkError::Malformed("the game data starts with a zero byte"),
        ),
        (seal(&[0x01, 0x00, 0x05]), LinkError::Trailing),
        (
            seal(&[0x00, 0x7f]),
            LinkError::Malformed("more turns than any game on this board can have"),
        ),
        (
            seal(&[0x41, 0x00]),
            LinkError::Truncated("start turn number"),
        ),
        // Set-up start with turn number 0; then an empty board.
        (
            seal(&[0x41, 0x00, 0x00]),
            LinkError::BadStart(ParsePositionError::Setup(SetupError::Turn(0))),
        ),
        (
            seal(&[0x41, 0x00, 0x01]),
            LinkError::BadStart(ParsePositionError::Setup(SetupError::EmptyBoard)),
        ),
    ];
    for (text, want) in cases {
        let got = link::decode(&text).expect_err("bad link");
        assert_eq!(got, want, "{text:?}");
        assert!(!got.to_string().is_empty());
    }
    // Four Black stacks of height 1 on 2x2: more than 2 checkers.
    let full = [0x40, 0x00, 0x01]
        .iter()
        .copied()
        .chain(mixed(&[(1, 3), (0, 2)].repeat(4)))
        .collect::<Vec<u8>>();
    assert!(matches!(
        link::decode(&seal(&full)),
        Err(LinkError::BadStart(ParsePositionError::Setup(
            SetupError::TooManyCheckers { .. }
        )))
    ));
    // The standard start must not be sent as a set-up.
    let std2 = [0x40, 0x00, 0x01]
        .iter()
        .copied()
        .chain(mixed(&[
            (1, 3),
            (0, 2),
            (2, 3),
            (0, 2),
            (2, 3),
            (0, 2),
            (1, 3),
            (0, 2),
        ]))
        .collect::<Vec<u8>>();
    assert_eq!(
        link::decode(&seal(&std2)),
        Err(LinkError::Malformed(
            "a set-up start equal to the standard start"
        ))
    );
    let msg = LinkError::BadCharacter {
        position: 4,
        found: '$',
    }
    .to_string();
    assert!(msg.contains("position 4") && msg.contains('$'), "{msg}");
    assert!(
        LinkError::UnknownVersion('7')
            .to_string()
            .contains("unknown link version '7'")
    );
}

#[test]
fn a_turn_past_the_end_reports_the_valid_game() {
    let game = random_link(3, 4, Edition::Standard, false).record;
    assert!(game.last().is_finished());
    let mut bytes = unseal(&link::encode(&game, 0));
    bytes.truncate(bytes.len() - 4);
    assert!(bytes[1] < 127, "turn count fits one byte");
    bytes[1] += 1;
    let err = link::decode(&seal(&bytes)).expect_err("one turn too many");
    let n = game.turns().len();
    match &err {
        LinkError::BadTurn {
            number,
            reason: TurnError::Play(PlayError::GameOver { .. }),
            valid,
        } => {
            assert_eq!((*number, valid.as_ref()), (n + 1, &game));
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(err.valid_prefix(), Some(&game));
    assert!(
        err.to_string().contains(&format!("turn {}", n + 1)),
        "{err}"
    );
}

#[test]
fn readable_links() {
    let game = random_link(5, 6, Edition::Sequenced, true);
    let text = game.encode_text();
    assert!(
        text.starts_with("record=edition%20sequenced%0Asize%206%0Astart%20"),
        "{text}"
    );
    assert_eq!(
        link::decode(&format!("https://example.invalid/play#{text}")).expect("url"),
        game
    );
    // '+' reads as a space, the view defaults to the last position.
    let plain = "record=edition+standard%0asize+4%0A2,1:+a1-a2";
    let g = link::decode(plain).expect("hand-written link");
    assert_eq!((g.record.turns().len(), g.view), (1, 1));
    let cases = [
        (
            format!("{plain}&view=2"),
            LinkError::ViewOutOfRange { view: 2, turns: 1 },
        ),
        (
            format!("{plain}&view=0&view=1"),
            LinkError::BadParameter("view=1".into()),
        ),
        (
            format!("{plain}&zoom=3"),
            LinkError::BadParameter("zoom=3".into()),
        ),
        ("record=edition%2".into(), LinkError::BadEscape(15)),
        ("record=%FF".into(), LinkError::NotUtf8),
    ];
    for (text, want) in cases {
        assert_eq!(link::decode(&text), Err(want), "{text}");
    }
    // An illegal second turn: the first one is kept as the valid game.
    let err = link::decode(&format!("{plain}%0A1,1:+a1-a3")).expect_err("illegal");
    let LinkError::BadTurn {
        number: 2,
        reason: TurnError::Text(_),
        valid,
    } = &err
    else {
        panic!("unexpected {err:?}");
    };
    assert_eq!(valid.as_ref(), &g.record);
    assert!(err.to_string().contains("turn 2"), "{err}");
    // A header error is not about a turn.
    assert!(matches!(
        link::decode("record=size+4"),
        Err(LinkError::Record(_))
    ));
}

/// Links written by this format's first build: they must keep decoding to
/// the same games in every later build.
#[test]
fn links_written_today_keep_reading() {
    for (text, record, view) in GOLDEN {
        let g = link::decode(text).expect("golden link");
        assert_eq!(g.record.to_string(), *record, "{text}");
        assert_eq!(g.view, *view);
        assert_eq!(g.encode(), *text);
    }
}

const GOLDEN: &[(&str, &str, usize)] = &[
    (
        "1A1ERnaf0KFYvesk4dAZU3TLwXj_mlMsGHIgBy5ZMgDpvfNbrdccKgrgu-FP8I_uOkDSm6f6_b6aPjbN-fQ8U6V4Pv8QTS3N_UEtdGK_degCnTAUFbyzFCfy4glC3ryLnLOhQwxxkcvL2GFHf-LEMsdiwEiUQOgcJ7qChcUU",
        "edition standard\nsize 8\n4,3: h2-d2\n3,1: f3-f4 g8-d8\n3,1: g3-d3 g7-g6\n2,1: f7-d7 h1-g1\n1,3: h6-h5 f8-f5\n3,2: d5-d7 a2-a5\n2,1: a3-a2 d2-f2\n4,3: g4-g7 a6-a2\n3,3: g5-g8 g8-d8\n2,1: f4-g4 a8-c8\n3,2: b2-d2 d4-g4\n4,3: e2-e5 e5-a5\n1,1: c1-c2 f6-g6\n3,2: a4-d4 d4-d6\n2,1: c5-e5 d3-d2\n1,1: a5-a6 h7-g7\n2,3: g6-d6 e7-e5\n3,1: g2-h2 g1-g4\n2,4: b4-b2 d2-d6\n3,1: b3-b6 e8-d8\n1,2: b2-b4 e1-d1\n1,4: g7-g8 a6-e6\n2,2: f2-d2 b8-d8\n2,3: a2-a5 e6-e4\n4,2: f5-b5 d8-f8\n1,2: a5-c5 c5-b5\n3,2: c7-a7 c3-f3\n2,1: f1-e1 c4-c2\n2,2: f3-h3 b4-b6\n4,4: c2-c6 d7-h7\n3,2: h5-e5 d6-f6\n3,2: c8-a8 h7-h4\n2,1: f8-h8 e5-d5\n4,4: e1-e5 b1-b5\n4,3: h8-h5 d5-h5\n2,4: e5-e3 c6-g6\n1,3: a1-a2 h3-e3\n3,1: e4-b4 g4-h4\n2,3: d1-d3 d2-a2\n2,2: h4-f4 b5-b7\n3,3: e3-b3 h5-h2\n1,2: b4-c4 g6-g8\n3,2: a2-a5 d3-b3\n4,1: b7-a7 a8-e8\n4,1: a5-a1 -b6\n4,2: e8-e6 -e6\n1,3: b3-c3 -c3\n1,3: c4-c7 -f4\n3,1: h2-e2 f6-e6\n2,1: c7-c8 -f4\n4,4: a1-e1 e6-e2\n4,2: c8-c4 -a7\n2,2: e1-e3 c3-e3\n4,4: c4-g4 g4-g8\n2,3: e3-g3 -g3\n3,4: a7-e7 -e7\n2,4: e2-e6 -e6\n1,4: g8-f8 f4-f8\n3,1: g3-h3 -e6\n2,1: f8-f7 -f7\n3,1: h3-h2 -e6\n4,1: e7-f7 f7-f3\n3,2: e6-e3 -e3\n2,3: f3-f5 -f5\n4,4: e3-a3 -a3\n2,4: f5-d5 -d5\n1,1: h2-g2 -a3\n1,1: d5-d4 -d4\n2,1: g2-e2 -a3\n3,4: d4-d8 -d8\n2,1: e2-f2 -a3\n4,1: d8-h8 -h8\n3,4: f2-f5 -a3\n2,4: h8-h6 -h6\n1,3: f5-f2 -f2\n4,1: h6-h2 -h2\n3,3: f2-c2 -c2\n4,3: h2-d2 -d2\n3,1: c2-c1 -c1\n1,2: d2-d4 -d4\n2,4: c1-c5 -c5\n",
        81,
    ),
    (
        "1EhnehP5kALynJ-rnBqBnqLW4n0HUmakK6s4TH2WNUsLAiw",
        "edition sequenced\nsize 6\n3,3: d6-a6\n1,3: b5-e5 d3-d4\n2,2: f2-d2 e1-c1\n1,2: e6-e5 c4-c2\n1,1: c5-c4 c3-c4\n1,3: f5-f2 f2-e2\n3,2: c4-a4 f6-c6\n3,2: b3-b5 b5-b2\n2,3: d2-f2 f2-c2\n1,1: b2-b1 e4-f4\n3,3: a1-d1 a5-a2\n2,3: f1-f3 e5-e2\n3,3: c1-c4 c4-f4\n2,2: d4-b4 e2-c2\n3,3: e3-e6 b6-e6\n1,2: c2-c4 b4-c4\n1,1: a3-a4 f4-f3\n3,2: c4-a4 -a4\n2,3: e6-c6 -c6\n1,3: d5-a5 a5-a6\n2,2: c6-a6 -a6\n1,3: b1-b4 b4-a4\n3,2: -a2 -f3\n2,3: a4-a6 -a6\n3,3: -d1 -f3\n",
        5,
    ),
    (
        "1QQYMRdFcu3kd8uKpT5AKnXwe",
        "edition standard\nsize 4\nstart ..b3./g2..g/.b.g2/b2g.b2 g 12\n2,1: d2-d4 d4-d3\n2,1: a1-c1 d1-c1\n1,2: b1-b3 b3-b2\n2,1: c1-d1 d1-d3\n2,1: b2-c2 -c2\n1,2: d3-c3 c3-a3\n",
        0,
    ),
    (
        "1BQoKbCaC_tYST6XKSn2Teey5SBDuSPFkn3duOWlukmU",
        "edition standard\nsize 12\n3,6: h4-h1\n4,6: j9-j5 j3-d3\n4,5: g1-k1 l6-g6\n5,5: e4-j4 c2-c7\n3,5: f8-i8 f12-a12\n6,6: d1-j1 a6-a12\n3,1: j10-k10 i3-i6\n1,2: k2-k3 i12-k12\n6,5: j12-j7 g9-a9\n2,3: l7-l5 f3-f6\n",
        10,
    ),
    ("1HAA8nwvo", "edition sequenced\nsize 26\n", 0),
];

/// The fuzz seed inputs (`fuzz/corpus`) are real links, records and codes
/// written by this build: they must stay valid, or the fuzzers start from
/// noise.
#[test]
fn fuzz_seeds_are_valid() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut checked = 0;
    for target in ["link", "record", "position"] {
        let dir = std::fs::read_dir(root.join(target)).expect("corpus folder");
        for entry in dir {
            let path = entry.expect("corpus entry").path();
            let data = std::fs::read(&path).expect("corpus file");
            let name = path.display();
            if data.first() == Some(&b'!') {
                // A payload that the link target seals itself.
                let g = link::decode(&seal(&data[1..])).expect("sealed seed");
                assert_eq!(g.encode(), seal(&data[1..]), "{name}");
            } else {
                let text = String::from_utf8(data).expect("UTF-8 seed");
                match target {
                    "link" => drop(link::decode(&text).expect("seed link")),
                    "record" => drop(text.parse::<Record>().expect("seed record")),
                    _ => drop(text.parse::<Position>().expect("seed position")),
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} seeds");
}

/// Inputs the fuzzers found: a non-ASCII character where a stack token
/// starts made the position-code parser slice inside the character and
/// panic (fuzz/position and fuzz/record, both through `code.rs`).
#[test]
fn fuzz_finds_stay_fixed() {
    let code = "....../.g2...b/b5.g3..b/gg4..../bb...b/b.g\u{458}b3. b 13";
    assert_eq!(
        code.parse::<Position>(),
        Err(ParsePositionError::Token {
            rank: 1,
            token: "\u{458}".into()
        })
    );
    let record = "edition sequenced\nsize 4\nstart ..b3./g1..g/.b.g2/b\u{398}.b g2 12a3-a1\n";
    assert!(record.parse::<Record>().is_err());
    let text = format!("record={}", record.replace(' ', "%20").replace('\n', "%0A"));
    assert!(matches!(link::decode(&text), Err(LinkError::Record(_))));
}
