//! Invitations bound to their maker: the keys that play a game show who
//! made it and on which terms, and nothing else passes for them.

use diablo_core::{Color, Edition};
use diablo_corr::{Game, owned_nonce, value_hex};

const ANN: &str = "diablo owner AnnKey live 300 3 rated chosen listed";
const MALLORY: &str = "diablo owner MalloryKey live 300 3 rated chosen listed";

#[test]
fn an_owned_invitation_names_its_maker_and_terms_only() {
    let (game, keys) =
        Game::invite_owned(8, Edition::Standard, Color::Black, "Ann", ANN, [7; 32]).expect("made");
    let salt = keys.owner_salt();
    let read = Game::decode(&game.encode()).expect("a link");
    assert!(read.owned_by(&salt, ANN));
    assert_eq!(read.header().nonce, owned_nonce(&salt, ANN));
    // Another maker, other terms, another salt: none passes.
    assert!(!read.owned_by(&salt, MALLORY));
    assert!(!read.owned_by(&salt, "diablo owner AnnKey live 60 0 rated chosen listed"));
    assert!(!read.owned_by(&[0; 16], ANN));
    // The salt is the seed's: the same seed gives it again, another does not.
    let (_, again) =
        Game::invite_owned(6, Edition::Sequenced, Color::Green, "A", "x", [7; 32]).expect("made");
    assert_eq!(again.owner_salt(), salt);
    let (_, other) =
        Game::invite_owned(8, Edition::Standard, Color::Black, "Ann", ANN, [8; 32]).expect("made");
    assert_ne!(other.owner_salt(), salt);
    // And it is not a chain value the game reveals.
    assert!(!game.encode().contains(&value_hex(&salt)));
}

#[test]
fn an_invitation_made_before_binds_nobody() {
    let (game, keys) =
        Game::invite(8, Edition::Standard, Color::Black, "Ann", [1; 16], [7; 32]).expect("made");
    assert!(!game.owned_by(&keys.owner_salt(), ANN));
}

const BO: &str = "diablo taker BoKey";

#[test]
fn an_owned_acceptance_names_its_maker_only() {
    let (invite, _) =
        Game::invite_owned(8, Edition::Standard, Color::Black, "Ann", ANN, [7; 32]).expect("made");
    let (game, keys) = invite.accept_owned("Bo", BO, [9; 32]).expect("accepted");
    let salt = keys.owner_salt();
    let read = Game::decode(&game.encode()).expect("a link");
    assert!(read.accepted_by(&salt, BO));
    assert!(!read.accepted_by(&salt, "diablo taker MalloryKey"));
    assert!(!read.accepted_by(&[0; 16], BO));
    // The invitation's salt shows nothing of the acceptance.
    assert!(!read.accepted_by(&invite_salt(), BO));
    assert_eq!(read.name(diablo_corr::Role::Accepter), "Bo");
    // The game plays on as any other: it reads back whole and the binding
    // is part of the history (another binding is another link).
    assert_eq!(read.encode(), game.encode());
    let (other, _) = invite
        .accept_owned("Bo", "diablo taker MalloryKey", [9; 32])
        .expect("accepted");
    assert_ne!(other.encode(), game.encode());
    // Flipping a byte of the binding breaks the link's check.
    let text = game.encode();
    let mut bytes = text.into_bytes();
    let last = bytes.len() - 8;
    bytes[last] = if bytes[last] == b'A' { b'B' } else { b'A' };
    assert!(Game::decode(&String::from_utf8(bytes).expect("text")).is_err());
}

fn invite_salt() -> [u8; 16] {
    let (_, keys) =
        Game::invite_owned(8, Edition::Standard, Color::Black, "Ann", ANN, [7; 32]).expect("made");
    keys.owner_salt()
}

#[test]
fn an_acceptance_made_before_binds_nobody_and_reads_as_before() {
    let (invite, _) =
        Game::invite_owned(8, Edition::Standard, Color::Black, "Ann", ANN, [7; 32]).expect("made");
    let (game, keys) = invite.accept("Bo", [9; 32]).expect("accepted");
    assert!(!game.accepted_by(&keys.owner_salt(), BO));
    let read = Game::decode(&game.encode()).expect("a link");
    assert_eq!(read.encode(), game.encode());
    // A bound join with its binding cut short is refused as truncated.
    let (bound, _) = invite.accept_owned("Bo", BO, [9; 32]).expect("accepted");
    let mut bytes = diablo_corr::payload(&bound.encode()).expect("a payload");
    assert_eq!(
        bytes.len(),
        diablo_corr::payload(&game.encode())
            .expect("a payload")
            .len()
            + 16
    );
    bytes.truncate(bytes.len() - 5);
    let err = Game::decode(&diablo_corr::seal(&bytes)).expect_err("cut short");
    assert!(err.to_string().contains("binding"), "{err}");
}
