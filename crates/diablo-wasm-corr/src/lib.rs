//! # diablo-wasm-corr
//!
//! Correspondence games for the friend page (`web/friend.js`): the protocol of
//! `diablo-corr`, with secrets from the browser's random source. Results
//! cross as JSON text; the page stores each game's keys (the JSON of
//! [`Keys`]) in its own storage and never sends them.

use diablo_core::{Color, Edition};
use diablo_corr::{Due, Game, Keys};
use diablo_wasm::Failure;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A protocol error as the page's typed error (kinds `corr-…`).
fn failure(e: diablo_corr::CorrError) -> Failure {
    use diablo_corr::CorrError as E;
    let message = e.to_string();
    let f = |kind| Failure::new(kind, message.clone());
    match e {
        E::Empty | E::NotCorrLink => f("corr-not-link"),
        E::BadCharacter { .. }
        | E::Truncated(_)
        | E::Checksum
        | E::UnknownFormat(_)
        | E::Malformed(_)
        | E::BadSize
        | E::BadEdition => f("corr-damaged"),
        E::BadName { .. } => f("corr-name"),
        E::BadReveal { message, .. }
        | E::Unexpected { message, .. }
        | E::TurnRefused { message, .. } => f("corr-forged").with("message", message),
        E::Illegal { roll, turn, .. } => f("corr-illegal")
            .with("roll", roll.to_string())
            .with("turn", turn),
        E::ForeignKeys | E::KeysMismatch | E::BadKeys(_) => f("corr-keys"),
        E::BadRematch | E::NotInvitation { .. } => f("corr-rematch"),
        E::NotYourTurn { .. } | E::NotDue { .. } => f("corr-not-your-turn"),
        E::OtherGame => f("corr-other-game"),
        E::Stale { link, stored } => f("corr-stale").with("link", link).with("stored", stored),
        E::Diverges { message } => f("corr-diverges").with("message", message),
    }
}

/// Games read or made lately, by their link: a page holds one game at a
/// time and each call reads its stored link again, so keeping the last few
/// lets a received link be checked by [`Game::advance`] (its new messages
/// only) instead of a whole decode, which at 16x16 and up takes long.
const RECENT: usize = 4;

thread_local! {
    static RECENT_GAMES: std::cell::RefCell<Vec<(String, Game)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn remember(game: &Game) {
    RECENT_GAMES.with_borrow_mut(|r| {
        let link = game.encode();
        r.retain(|(l, _)| *l != link);
        if r.len() >= RECENT {
            r.remove(0);
        }
        r.push((link, game.clone()));
    });
}

/// [`Game::decode`], from memory when this link was read or made lately.
fn decode(link: &str) -> Result<Game, diablo_corr::CorrError> {
    let known = RECENT_GAMES.with_borrow(|r| {
        r.iter()
            .find(|(l, _)| l == link.trim())
            .map(|(_, g)| g.clone())
    });
    match known {
        Some(g) => Ok(g),
        None => {
            let g = Game::decode(link)?;
            remember(&g);
            Ok(g)
        }
    }
}

/// A received link opened with this player's keys: the stored game
/// advanced by the link's new messages; on any refusal, the whole check
/// again, so the error is the one a whole decode gives.
fn receive(keys: &Keys, link: &str) -> Result<Game, diablo_corr::CorrError> {
    let stored = decode(&keys.link)?;
    let mut game = stored.clone();
    if game.advance(link).is_err() {
        let game = Game::decode(link)?;
        game.check_keys(keys)?;
        stored.compare(&game)?;
        return Ok(game);
    }
    game.check_keys(keys)?;
    remember(&game);
    Ok(game)
}

fn random<const N: usize>() -> Result<[u8; N], Failure> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| {
        Failure::new(
            "no-random",
            format!("no random numbers available for the secrets: {e}"),
        )
    })?;
    Ok(b)
}

/// What the page shows of a correspondence game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct View {
    /// The game id (hex).
    id: String,
    size: u8,
    edition: &'static str,
    /// The inviter's colour.
    inviter: &'static str,
    /// Names by colour (empty when none was given).
    black_name: String,
    green_name: String,
    /// `accept`, `start`, `turn` or `over`.
    due: &'static str,
    /// The colour to move (for `turn`), the winner (for `over`).
    color: Option<&'static str>,
    resigned: bool,
    /// The colour these keys play, when keys were given.
    you: Option<&'static str>,
    /// Whether the due message is these keys' player's.
    your_move: bool,
    /// The roll of the turn these keys' player is to play.
    roll: Option<[u8; 2]>,
    /// The game so far as a text record (RULES.md section 7).
    record: String,
    turns: usize,
    messages: usize,
    /// The link of this game.
    link: String,
    /// The keys with this link stored as the latest (when keys were given).
    keys: Option<String>,
}

fn view(game: &Game, keys: Option<&Keys>) -> Result<View, Failure> {
    let h = game.header();
    let (due, color, resigned) = match game.due() {
        Due::Accept => ("accept", None, false),
        Due::Start => ("start", None, false),
        Due::Turn { color, .. } => ("turn", Some(color.id()), false),
        Due::Over { winner, resigned } => ("over", Some(winner.id()), resigned),
    };
    let your_move = keys.is_some_and(|k| game.due_role() == Some(k.role));
    let roll = match keys {
        Some(k) if your_move && due == "turn" => Some(game.roll(k).map_err(failure)?.dice()),
        _ => None,
    };
    let name = |c: Color| game.name(h.role_of(c)).to_string();
    Ok(View {
        id: game.id_hex(),
        size: h.size,
        edition: h.edition.name(),
        inviter: h.inviter.id(),
        black_name: name(Color::Black),
        green_name: name(Color::Green),
        due,
        color,
        resigned,
        you: keys.map(|k| h.color_of(k.role).id()),
        your_move,
        roll,
        record: game.record().to_string(),
        turns: game.record().turns().len(),
        messages: game.messages().len(),
        link: game.encode(),
        keys: keys.map(|k| k.updated(game).to_json()),
    })
}

fn json(v: &View) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// A new invitation: `{ view, keys }` as JSON; the inviter's colour is
/// `black`, `green` or `random` (drawn here). A non-empty `owner` binds
/// the invitation to it (the server's words for who posts it and on which
/// terms, docs/lobby.md): its nonce then commits to them, and
/// [`corr_owner_salt`] of its keys shows it.
///
/// # Errors
/// `bad-size`, `bad-edition`, `corr-name`, `no-random`.
#[wasm_bindgen(js_name = corrInvite)]
pub fn corr_invite(
    size: u32,
    edition: &str,
    color: &str,
    name: &str,
    owner: &str,
) -> Result<String, JsValue> {
    let edition: Edition = edition.parse().map_err(Failure::from)?;
    let color = match color {
        "black" => Color::Black,
        "green" => Color::Green,
        _ => {
            if random::<1>()?[0] & 1 == 0 {
                Color::Black
            } else {
                Color::Green
            }
        }
    };
    diablo_core::check_size(size).map_err(Failure::from)?;
    let (game, keys) = if owner.is_empty() {
        Game::invite(size, edition, color, name, random()?, random()?)
    } else {
        Game::invite_owned(size, edition, color, name, owner, random()?)
    }
    .map_err(failure)?;
    Ok(json(&view(&game, Some(&keys))?))
}

/// The salt that shows an invitation made with `keys` is bound to its
/// maker (32 hex digits), sent with its lobby post.
///
/// # Errors
/// `corr-keys` for keys that are not.
#[wasm_bindgen(js_name = corrOwnerSalt)]
pub fn corr_owner_salt(keys: &str) -> Result<String, JsValue> {
    let keys = Keys::from_json(keys).map_err(failure)?;
    Ok(diablo_corr::value_hex(&keys.owner_salt()))
}

/// The game id of a link, without checking it against any keys.
///
/// # Errors
/// Any `corr-…` error of the link.
#[wasm_bindgen(js_name = corrOpen)]
pub fn corr_open(link: &str) -> Result<String, JsValue> {
    let game = Game::decode(link).map_err(failure)?;
    Ok(json(&view(&game, None)?))
}

/// Opens a received link with this player's keys: it must be their game
/// and continue (or repeat) the game they have stored. Returns the view,
/// whose `keys` the page stores.
///
/// # Errors
/// `corr-keys`, `corr-other-game`, `corr-stale`, `corr-diverges` and any
/// error of the link; the stored keys are then to be kept as they were.
#[wasm_bindgen(js_name = corrReceive)]
pub fn corr_receive(keys: &str, link: &str) -> Result<String, JsValue> {
    let keys = Keys::from_json(keys).map_err(failure)?;
    let game = receive(&keys, link).map_err(failure)?;
    Ok(json(&view(&game, Some(&keys))?))
}

/// Accepts an invitation: the view of the answered game with the
/// accepter's new keys. A non-empty `owner` (the accepter's statement,
/// docs/live.md) binds the acceptance to it ([`Game::accept_owned`]).
///
/// # Errors
/// `corr-not-your-turn` unless it is an invitation; `corr-name`.
#[wasm_bindgen(js_name = corrAccept)]
pub fn corr_accept(link: &str, name: &str, owner: &str) -> Result<String, JsValue> {
    let invite = Game::decode(link).map_err(failure)?;
    let (game, keys) = if owner.is_empty() {
        invite.accept(name, random()?)
    } else {
        invite.accept_owned(name, owner, random()?)
    }
    .map_err(failure)?;
    Ok(json(&view(&game, Some(&keys))?))
}

/// This player's answer on their stored game: `start`, `resign`, or a turn
/// in notation. Returns the view of the new game (its `link` is to be
/// sent, its `keys` stored).
///
/// # Errors
/// `corr-not-your-turn`, `corr-illegal`, `corr-keys`, and a turn that
/// cannot be read.
#[wasm_bindgen(js_name = corrAnswer)]
pub fn corr_answer(keys: &str, answer: &str) -> Result<String, JsValue> {
    let keys = Keys::from_json(keys).map_err(failure)?;
    let game = decode(&keys.link).map_err(failure)?;
    let next = match answer {
        "start" => game.start(&keys),
        "resign" => game.resign(&keys),
        turn => {
            let turn = turn.parse().map_err(Failure::from)?;
            game.play(&keys, &turn)
        }
    }
    .map_err(failure)?;
    remember(&next);
    Ok(json(&view(&next, Some(&keys))?))
}

/// Checks a key file's text (for importing keys on another device) and
/// returns its game id.
///
/// # Errors
/// `corr-keys`.
#[wasm_bindgen(js_name = corrKeysGame)]
pub fn corr_keys_game(keys: &str) -> Result<String, JsValue> {
    let keys = Keys::from_json(keys).map_err(failure)?;
    let game = Game::decode(&keys.link).map_err(failure)?;
    game.check_keys(&keys).map_err(failure)?;
    Ok(game.id_hex())
}

/// The proof for a rematch this player offers after their finished game
/// (the keys' latest link): 32 hex digits, sent with the new invitation
/// (docs/live.md).
///
/// # Errors
/// `corr-keys`; `corr-not-your-turn` while the game is not over.
#[wasm_bindgen(js_name = corrRematchProof)]
pub fn corr_rematch_proof(keys: &str) -> Result<String, JsValue> {
    let keys = Keys::from_json(keys).map_err(failure)?;
    let game = decode(&keys.link).map_err(failure)?;
    let proof = game.rematch_proof(&keys).map_err(failure)?;
    Ok(diablo_corr::value_hex(&proof))
}

/// Checks a rematch offer received after the finished game `finished` (its
/// link): the new game's `invitation` and the `proof`. Returns the colour
/// the offering player had in the finished game.
///
/// # Errors
/// `corr-rematch` for a proof of neither player or a link that is no
/// invitation; `corr-not-your-turn` while the game is not over;
/// `corr-other-game`; any error of either link.
#[wasm_bindgen(js_name = corrCheckRematch)]
pub fn corr_check_rematch(
    finished: &str,
    invitation: &str,
    proof: &str,
) -> Result<String, JsValue> {
    let game = decode(finished).map_err(failure)?;
    let invite = Game::decode(invitation).map_err(failure)?;
    let proof = diablo_corr::value_from_hex(proof).map_err(failure)?;
    let role = game.check_rematch(&proof, &invite).map_err(failure)?;
    Ok(game.header().color_of(role).id().to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_view_gives_the_roll_only_to_the_player_to_move() {
        let (game, black) =
            Game::invite(6, Edition::Standard, Color::Black, "A", [1; 16], [2; 32]).unwrap();
        let (game, green) = game.accept("B", [3; 32]).unwrap();
        let b = view(&game, Some(&black)).unwrap();
        let g = view(&game, Some(&green)).unwrap();
        assert!(b.your_move && b.roll.is_some());
        assert!(!g.your_move && g.roll.is_none());
        assert_eq!((b.you, g.you), (Some("black"), Some("green")));
        assert_eq!(b.due, "turn");
    }

    #[test]
    fn receiving_from_memory_gives_what_a_whole_check_gives() {
        let (invite, black) =
            Game::invite(8, Edition::Standard, Color::Black, "A", [4; 16], [5; 32]).unwrap();
        let (mut game, green) = invite.accept("B", [6; 32]).unwrap();
        let mut links = vec![game.encode()];
        for _ in 0..12 {
            let keys = match game.due() {
                Due::Turn {
                    color: Color::Black,
                    ..
                } => &black,
                _ => &green,
            };
            let roll = game.roll(keys).unwrap();
            let turns = game
                .record()
                .last()
                .legal_turns(Edition::Standard, roll)
                .unwrap();
            game = game.play(keys, &turns[turns.len() / 2]).unwrap();
            links.push(game.encode());
        }
        // Green has stored the acceptance; every later link opens the same
        // from memory as by a whole decode, one or several messages ahead.
        for (k, link) in links.iter().enumerate().skip(1) {
            RECENT_GAMES.with_borrow_mut(Vec::clear);
            let stored = green.updated(&Game::decode(&links[k / 2]).unwrap());
            assert_eq!(receive(&stored, link), Ok(Game::decode(link).unwrap()));
            // Again, now that both are in memory.
            assert_eq!(receive(&stored, link), Ok(Game::decode(link).unwrap()));
        }
        // An older link is refused as stale either way.
        let stored = green.updated(&Game::decode(&links[6]).unwrap());
        assert_eq!(
            receive(&stored, &links[3]),
            Err(diablo_corr::CorrError::Stale { link: 5, stored: 8 })
        );
        // Black's keys fit; keys of another game do not.
        let (_, other) =
            Game::invite(8, Edition::Standard, Color::Black, "C", [9; 16], [9; 32]).unwrap();
        assert!(receive(&black.updated(&Game::decode(&links[2]).unwrap()), &links[4]).is_ok());
        assert!(receive(&other.updated(&Game::decode(&links[2]).unwrap()), &links[4]).is_err());
    }
}
