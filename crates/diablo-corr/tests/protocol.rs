//! The correspondence protocol end to end: whole games passed as links
//! between two players who each keep only their own keys and stored game,
//! and every way a link can be bad.

use diablo_core::{Color, Edition};
use diablo_corr::{CorrError, Due, Game, Keys, Progress, Role};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// One player's side: keys and the game as they last saw it.
struct Player {
    keys: Keys,
    stored: Game,
}

impl Player {
    /// Opens a received link as the page and the CLI do: it must continue
    /// the stored game by exactly one message.
    fn receive(&mut self, link: &str) -> Game {
        let game = Game::decode(link).expect("an honest link decodes");
        assert_eq!(self.stored.compare(&game), Ok(Progress::Newer(1)));
        game.check_keys(&self.keys).expect("own keys fit");
        self.stored = game.clone();
        game
    }

    fn send(&mut self, game: Game) -> String {
        self.stored = game.clone();
        self.keys = self.keys.updated(&game);
        game.encode()
    }
}

/// Plays a whole game with random legal turns; returns the final link and
/// every link sent.
fn play_game(size: u32, edition: Edition, inviter: Color, seed: u64) -> (String, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (invite, ikeys) = Game::invite(size, edition, inviter, "Ann", rng.random(), rng.random())
        .expect("a valid invitation");
    let mut links = vec![invite.encode()];
    let received = Game::decode(&links[0]).expect("invitation decodes");
    let (accepted, akeys) = received.accept("Bo", rng.random()).expect("accept");
    let mut players = [
        Player {
            keys: ikeys,
            stored: invite,
        },
        Player {
            keys: akeys,
            stored: accepted.clone(),
        },
    ];
    links.push(accepted.encode());
    let mut due = accepted.due_role();
    while let Some(role) = due {
        let link = links.last().expect("a link").clone();
        let p = &mut players[usize::from(role == Role::Accepter)];
        let game = p.receive(&link);
        let next = match game.due() {
            Due::Start => game.start(&p.keys).expect("start"),
            Due::Turn { .. } => {
                let roll = game.roll(&p.keys).expect("my roll");
                // The same link gives the same roll.
                assert_eq!(game.roll(&p.keys), Ok(roll));
                let turns = game
                    .record()
                    .last()
                    .legal_turns(edition, roll)
                    .expect("legal turns");
                let turn = turns[rng.random_range(0..turns.len())];
                game.play(&p.keys, &turn).expect("a legal turn is accepted")
            }
            other => panic!("unexpected {other:?}"),
        };
        due = next.due_role();
        links.push(p.send(next));
        assert!(
            links.len() < 4 * (size * size) as usize + 10,
            "game too long"
        );
    }
    (links.last().expect("final").clone(), links)
}

#[test]
fn whole_games_at_several_sizes_in_both_editions_verify() {
    let mut lengths = Vec::new();
    for (i, &size) in [2u32, 4, 6, 8].iter().enumerate() {
        for edition in [Edition::Standard, Edition::Sequenced] {
            for inviter in [Color::Black, Color::Green] {
                let seed = 100 + i as u64 * 4 + u64::from(inviter == Color::Green);
                let (last, links) = play_game(size, edition, inviter, seed);
                let game = Game::decode(&last).expect("the final link verifies");
                assert!(matches!(
                    game.due(),
                    Due::Over {
                        resigned: false,
                        ..
                    }
                ));
                assert_eq!(game.header().size as u32, size);
                // Every turn of the record is legal from its position with
                // its roll (replayed from scratch).
                let replay: diablo_core::Record = game
                    .record()
                    .to_string()
                    .parse()
                    .expect("record text reads");
                assert_eq!(&replay, game.record());
                // Each link is a prefix of the next.
                for pair in links.windows(2).filter(|_| size <= 6) {
                    let a = Game::decode(&pair[0]).expect("decodes");
                    let b = Game::decode(&pair[1]).expect("decodes");
                    assert_eq!(a.compare(&b), Ok(Progress::Newer(1)));
                }
                lengths.push((size, edition, game.record().turns().len(), last.len()));
            }
        }
    }
    for (size, edition, turns, len) in lengths {
        println!("{size}x{size} {edition}: {turns} turns, final link {len} characters");
    }
}

fn sample_links() -> Vec<String> {
    let (_, links) = play_game(6, Edition::Standard, Color::Green, 7);
    let (_, more) = play_game(4, Edition::Sequenced, Color::Black, 8);
    // The invitation, an answer, the start, two turns and the last one.
    let mut sample: Vec<String> = links.iter().take(5).cloned().collect();
    sample.push(links.last().expect("last").clone());
    sample.extend(more.iter().skip(3).take(2).cloned());
    sample
}

#[test]
fn every_single_character_change_is_rejected() {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut tried = 0;
    for link in sample_links() {
        for (i, old) in link.char_indices() {
            for c in ALPHABET.chars().chain(['c', '=', ' ']) {
                if c == old {
                    continue;
                }
                let mut changed = link.clone();
                changed.replace_range(i..i + 1, &c.to_string());
                if changed.trim() == link || (i == 0 && c == ' ') {
                    continue;
                }
                tried += 1;
                assert!(
                    Game::decode(&changed).is_err(),
                    "changing position {} of {link} to '{c}' was accepted",
                    i + 1
                );
            }
        }
    }
    assert!(tried > 10_000, "{tried}");
}

#[test]
fn truncations_and_swapped_fields_are_rejected() {
    for link in sample_links() {
        for cut in 1..link.len() {
            assert!(Game::decode(&link[..cut]).is_err(), "cut at {cut}");
        }
    }
    // Swapping two messages' values, or two whole messages, re-sealed with
    // a correct checksum so only the protocol's own checks can catch it.
    let (_, links) = play_game(6, Edition::Standard, Color::Black, 11);
    let last = links.last().expect("last");
    let bytes = payload(last);
    let starts = message_starts(&bytes);
    let value = |at: usize| bytes[at + 1..at + 17].to_vec();
    for j in 2..starts.len() - 1 {
        // Values of two consecutive messages (different players).
        let mut b = bytes.clone();
        let (x, y) = (value(starts[j]), value(starts[j + 1]));
        b[starts[j] + 1..starts[j] + 17].copy_from_slice(&y);
        b[starts[j + 1] + 1..starts[j + 1] + 17].copy_from_slice(&x);
        let err = Game::decode(&reseal(&b)).expect_err("swapped values");
        assert!(
            matches!(err, CorrError::BadReveal { message, .. } if message == j),
            "{err}"
        );
    }
    // Swapping the two players' join messages.
    let mut b = bytes[..starts[0]].to_vec();
    b.extend_from_slice(&bytes[starts[1]..starts[2]]);
    b.extend_from_slice(&bytes[starts[0]..starts[1]]);
    b.extend_from_slice(&bytes[starts[2]..]);
    assert!(Game::decode(&reseal(&b)).is_err());
}

/// The payload bytes of a link, without its checksum.
fn payload(link: &str) -> Vec<u8> {
    diablo_corr::payload(link).expect("a link")
}

/// A link for a payload with a correct checksum: what anyone can forge.
fn reseal(payload: &[u8]) -> String {
    diablo_corr::seal(payload)
}

/// Where each message starts in a payload (after the 18-byte header).
fn message_starts(b: &[u8]) -> Vec<usize> {
    let mut at = 18;
    let mut out = Vec::new();
    while at < b.len() {
        out.push(at);
        let kind = b[at];
        at += 17;
        match kind {
            0 => at += 1 + usize::from(b[at]),
            2 => {
                while b[at] & 0x80 != 0 {
                    at += 1;
                }
                at += 1;
            }
            _ => {}
        }
    }
    out
}

#[test]
fn a_forged_or_withheld_reveal_is_detected() {
    let (_, links) = play_game(6, Edition::Sequenced, Color::Black, 21);
    let link = &links[6];
    let bytes = payload(link);
    let starts = message_starts(&bytes);
    let last = *starts.last().expect("a message");
    // Any other value in the last message — a made-up secret — fails the
    // chain check, with a checksum that is correct.
    for flip in 0..16 {
        let mut b = bytes.clone();
        b[last + 1 + flip] ^= 0x01;
        let err = Game::decode(&reseal(&b)).expect_err("forged reveal");
        assert!(
            matches!(err, CorrError::BadReveal { message, .. } if message == starts.len() - 1),
            "{err}"
        );
    }
}

#[test]
fn replayed_foreign_and_diverging_links_are_told_apart() {
    let (_, links) = play_game(6, Edition::Standard, Color::Black, 31);
    let (_, other) = play_game(6, Edition::Standard, Color::Black, 32);
    let stored = Game::decode(&links[8]).expect("decodes");
    let older = Game::decode(&links[5]).expect("decodes");
    assert_eq!(
        stored.compare(&older),
        Err(CorrError::Stale { link: 6, stored: 9 })
    );
    let foreign = Game::decode(&other[9]).expect("decodes");
    assert_eq!(stored.compare(&foreign), Err(CorrError::OtherGame));
    assert_eq!(stored.compare(&stored), Ok(Progress::Same));
}

/// An invitation to a standard game from a nameless Black player, and their keys.
fn black_invites(rng: &mut StdRng, size: u32) -> (Game, Keys) {
    Game::invite(
        size,
        Edition::Standard,
        Color::Black,
        "",
        rng.random(),
        rng.random(),
    )
    .expect("invite")
}

#[test]
fn keys_of_another_game_or_player_are_refused() {
    let mut rng = StdRng::seed_from_u64(5);
    let (invite, ikeys) = black_invites(&mut rng, 6);
    let (game, akeys) = invite.accept("", rng.random()).expect("accept");
    let (_, foreign) = black_invites(&mut rng, 6);
    assert_eq!(game.roll(&foreign), Err(CorrError::ForeignKeys));
    // The accepter is Green: it is not their turn.
    assert!(matches!(
        game.roll(&akeys),
        Err(CorrError::NotYourTurn { .. })
    ));
    let roll = game.roll(&ikeys).expect("Black's roll");
    let turn = game
        .record()
        .last()
        .legal_turns(Edition::Standard, roll)
        .expect("turns")[0];
    let after = game.play(&ikeys, &turn).expect("play");
    // Black cannot roll again on the link they just sent.
    assert!(matches!(
        after.roll(&ikeys),
        Err(CorrError::NotYourTurn { .. })
    ));
    // A key file of this game with another seed does not match.
    let json = ikeys.to_json();
    let forged = json.replace(
        &json[json.find("\"seed\": \"").expect("seed") + 9..][..4],
        "0000",
    );
    let forged = Keys::from_json(&forged).expect("well-formed");
    assert_eq!(after.check_keys(&forged), Err(CorrError::KeysMismatch));
    // Bad key files say what is wrong.
    assert!(Keys::from_json("{}").is_err());
    assert!(Keys::from_json("not json").is_err());
}

#[test]
fn an_illegal_turn_for_the_derived_roll_is_refused() {
    let mut rng = StdRng::seed_from_u64(9);
    let (invite, ikeys) = black_invites(&mut rng, 8);
    let (game, _) = invite.accept("", rng.random()).expect("accept");
    let roll = game.roll(&ikeys).expect("roll");
    // A move longer than either die.
    let far: diablo_core::Turn = "a1-a8".parse().expect("turn");
    let err = game.play(&ikeys, &far).expect_err("illegal");
    assert!(
        matches!(err, CorrError::Illegal { roll: r, .. } if r == roll),
        "{err}"
    );
    assert!(err.to_string().contains("cannot be played with your roll"));
}

/// Link lengths for the docs: `cargo test -p diablo-corr --release --test
/// protocol link_lengths -- --ignored --nocapture`.
#[test]
#[ignore = "measurement for docs/correspondence.md"]
fn link_lengths() {
    for size in [6u32, 8, 12] {
        for edition in [Edition::Standard, Edition::Sequenced] {
            let mut total = (0, 0, 0);
            let games = 10;
            for seed in 0..games {
                let (last, links) = play_game(size, edition, Color::Black, 1000 + seed);
                let game = Game::decode(&last).expect("decodes");
                total.0 += game.record().turns().len();
                total.1 += last.len();
                total.2 += links[1].len();
            }
            println!(
                "{size}x{size} {edition}: {} turns, final link {} characters, acceptance {} (mean of {games})",
                total.0 / games as usize,
                total.1 / games as usize,
                total.2 / games as usize
            );
        }
    }
}

/// `advance` agrees with a whole decode on every link of whole games, one
/// message or several at a time, and leaves the game as it was on any
/// refusal.
#[test]
fn advancing_a_held_game_checks_only_the_new_messages() {
    for (size, edition, inviter, seed) in [
        (6, Edition::Standard, Color::Green, 41),
        (4, Edition::Sequenced, Color::Black, 42),
        (8, Edition::Standard, Color::Black, 43),
    ] {
        let (last, links) = play_game(size, edition, inviter, seed);
        let mut held = Game::decode(&links[0]).expect("invitation");
        for (j, link) in links.iter().enumerate().skip(1) {
            // Every other link is skipped on the 8x8 game: two new messages.
            if size == 8 && j % 2 == 1 && j + 1 < links.len() {
                continue;
            }
            let before = held.messages().len();
            let p = held.advance(link).expect("an honest link extends");
            let whole = Game::decode(link).expect("decodes");
            assert_eq!(p, Progress::Newer(whole.messages().len() - before));
            assert_eq!(held, whole, "link {j}");
            assert_eq!(held.advance(link), Ok(Progress::Same));
        }
        assert_eq!(held.encode(), last);
        // Older links are stale and change nothing.
        let kept = held.clone();
        assert!(matches!(
            held.advance(&links[2]),
            Err(CorrError::Stale { .. })
        ));
        assert_eq!(held, kept);
    }
}

#[test]
fn advance_refuses_forged_foreign_and_diverging_links_and_keeps_the_game() {
    let (_, links) = play_game(6, Edition::Sequenced, Color::Black, 51);
    let (_, other) = play_game(6, Edition::Sequenced, Color::Black, 52);
    let mut held = Game::decode(&links[4]).expect("decodes");
    let kept = held.clone();
    // A forged reveal two messages ahead: the first new message is honest,
    // the second is not; nothing of either is kept.
    let bytes = payload(&links[6]);
    let last = *message_starts(&bytes).last().expect("a message");
    let mut b = bytes.clone();
    b[last + 3] ^= 0x40;
    let err = held.advance(&reseal(&b)).expect_err("forged");
    assert!(
        matches!(err, CorrError::BadReveal { message: 6, .. }),
        "{err}"
    );
    assert_eq!(held, kept);
    assert_eq!(held.advance(&other[5]), Err(CorrError::OtherGame));
    // The same point of the game with a changed earlier message, re-sealed.
    let mut b = payload(&links[6]);
    let starts = message_starts(&b);
    b[starts[3] + 2] ^= 0x01;
    assert_eq!(
        held.advance(&reseal(&b)),
        Err(CorrError::Diverges { message: 3 })
    );
    assert_eq!(
        held.advance("cAAA"),
        Err(CorrError::Truncated("the header"))
    );
    assert_eq!(held, kept);
    assert_eq!(held.advance(&links[6]), Ok(Progress::Newer(2)));
}

#[test]
fn a_rematch_offer_is_proven_to_come_from_a_player() {
    let mut rng = StdRng::seed_from_u64(21);
    let (invite, ikeys) = black_invites(&mut rng, 6);
    let (accepted, akeys) = invite.accept("Bo", rng.random()).expect("accept");
    let (next_invite, _) = black_invites(&mut rng, 6);
    // Not while the game goes on.
    assert!(matches!(
        accepted.rematch_proof(&ikeys),
        Err(CorrError::NotDue { .. })
    ));
    let guess: [u8; 16] = rng.random();
    assert!(matches!(
        accepted.check_rematch(&guess, &next_invite),
        Err(CorrError::NotDue { .. })
    ));
    // Black resigns: the game is over, and either player may offer.
    let over = Game::decode(&accepted.resign(&ikeys).expect("resign").encode()).expect("decodes");
    for (keys, role) in [(&ikeys, Role::Inviter), (&akeys, Role::Accepter)] {
        let proof = over.rematch_proof(keys).expect("a player's proof");
        assert_eq!(over.check_rematch(&proof, &next_invite), Ok(role));
    }
    // Anyone else, holding only the game: not the revealed values, nor a guess.
    let mut revealed: Vec<_> = over.messages().iter().map(|m| m.value).collect();
    revealed.push(rng.random());
    for value in revealed {
        assert_eq!(
            over.check_rematch(&value, &next_invite),
            Err(CorrError::BadRematch)
        );
    }
    // The offer must be an invitation to another game.
    let proof = over.rematch_proof(&akeys).expect("proof");
    assert_eq!(
        over.check_rematch(&proof, &accepted),
        Err(CorrError::NotInvitation { messages: 2 })
    );
    assert_eq!(
        over.check_rematch(&proof, &invite),
        Err(CorrError::OtherGame)
    );
    // Keys of another game give no proof.
    let (_, foreign) = black_invites(&mut rng, 6);
    assert_eq!(over.rematch_proof(&foreign), Err(CorrError::ForeignKeys));
}
