//! The lobby's one entry point for a client's text message
//! (`Lobby::answer`, what the socket session calls): what a stranger sends
//! to `<site>/lobby`, read, checked and, for a post or withdrawal that
//! passes, done against a SQLite database in a temporary folder. Modes, by
//! the first byte:
//! - `!` + bytes: sealed as a link with a correct checksum and posted with
//!   a valid key, name and signature of that link, so the fuzzer reaches
//!   the invitation's checks;
//! - anything else: the input (if UTF-8) is the frame's text.
//!
//! Never panics; a post the reader takes is an invitation (one message) of
//! the game it names, an answer is a `hook`, `kept` or `bot`, and every
//! refusal is one of the lobby's kinds.
#![no_main]

use diablo_corr::Game;
use diablo_server::lobby::{ClientMsg, Lobby, LobbyLimits, hook_text, read};
use std::sync::{Arc, OnceLock};
use ed25519_dalek::{Signer as _, SigningKey};
use libfuzzer_sys::fuzz_target;

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// One runtime and one lobby for every input: its entry point is async,
/// and its database outlives one message.
fn lobby() -> &'static (tokio::runtime::Runtime, Arc<Lobby>) {
    static LOBBY: OnceLock<(tokio::runtime::Runtime, Arc<Lobby>)> = OnceLock::new();
    LOBBY.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let dir = std::env::temp_dir().join(format!("diablo-fuzz-lobby-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let url = format!("sqlite://{}", dir.join("lobby.db").display());
        let store = rt.block_on(diablo_server::open_database(&url)).expect("a database");
        let lobby = Lobby::new(store, LobbyLimits::default());
        (rt, lobby)
    })
}

fn check(frame: &str) {
    // The reader alone first: what it takes is an invitation of its game.
    match read(frame, &LobbyLimits::default()) {
        Ok(ClientMsg::Post(c)) => {
            let game = Game::decode(&c.link).expect("a post taken holds a link");
            assert_eq!(game.messages().len(), 1, "an invitation");
            assert_eq!(game.id_hex(), c.game);
            assert_eq!(c.size, game.header().size);
            assert!(matches!(c.color.as_str(), "black" | "green" | "random"));
            let _ = c.json().to_string();
        }
        Ok(ClientMsg::Withdraw { game, .. }) => {
            assert!(diablo_server::relay::is_game_id(&game));
        }
        Ok(ClientMsg::Bot(p)) => {
            // A bot's word taken carries a name checked as a post's.
            assert_eq!(
                diablo_server::keys::check_name(&p.name).as_deref(),
                Ok(p.name.as_str())
            );
        }
        Ok(ClientMsg::TournamentPost { challenge, tournament }) => {
            assert!(!challenge.listed, "a tournament's game is unlisted");
            assert!(diablo_server::relay::is_game_id(&tournament));
        }
        Ok(ClientMsg::Create(t)) => {
            assert!(t.size % 2 == 0 && (4..=26).contains(&t.size));
            assert!((2..=100).contains(&t.max_players));
        }
        Ok(ClientMsg::Join { tournament, player } | ClientMsg::Leave { tournament, player }) => {
            assert!(diablo_server::relay::is_game_id(&tournament));
            assert_eq!(
                diablo_server::keys::check_name(&player.name).as_deref(),
                Ok(player.name.as_str())
            );
        }
        Err(_) => {}
    }
    // Then the whole way, as a connection's message.
    let (rt, lobby) = lobby();
    rt.block_on(async {
        let Ok(pass) = lobby.enter(std::net::IpAddr::from([10, 0, 0, 1])) else {
            panic!("the lobby lets one in");
        };
        match lobby.answer(&pass, frame).await {
            Ok(answer) => {
                if let Some(out) = answer {
                    let v: serde_json::Value =
                        serde_json::from_str(out.text().as_str()).expect("an answer is JSON");
                    assert!(
                        v.get("hook").is_some()
                            || v.get("kept").is_some()
                            || v.get("bot").is_some(),
                        "{v}"
                    );
                }
            }
            Err(refusal) => {
                assert!(matches!(
                    refusal.kind(),
                    "malformed"
                        | "forged"
                        | "too-large"
                        | "too-many"
                        | "exists"
                        | "unknown"
                        | "name-taken"
                ));
                let v: serde_json::Value =
                    serde_json::from_str(&refusal.text()).expect("an error frame is JSON");
                assert_eq!(v["error"], refusal.kind());
            }
        }
    });
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((b'!', rest)) => {
            let link = diablo_corr::seal(rest);
            let signing = SigningKey::from_bytes(&[7; 32]);
            let sig = b64(&signing.sign(hook_text(&link).as_bytes()).to_bytes());
            let frame = serde_json::json!({"post": {"link": link,
                "clock": {"initial": 300, "increment": 3}, "rated": false,
                "key": b64(&signing.verifying_key().to_bytes()), "name": "Ann", "sig": sig}});
            check(&frame.to_string());
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(data) {
                check(text);
            }
        }
    }
});
