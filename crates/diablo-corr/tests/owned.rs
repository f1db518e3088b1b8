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
