//! The wire against its examples (`tests/wire/frames.json`, which the
//! page's tests read too): every client example is read as the message it
//! names or refused with the kind it names, every server example is what
//! the server writes for that message, and every message is in the docs.

use diablo_server::lobby::{self, LobbyLimits, LobbyRefusal};
use diablo_server::relay::{self, ClientMsg, Limits, Refusal, ServerMsg};
use diablo_server::wire::Message as _;
use diablo_server::wire::room::{BankMs, ClockMsg};
use serde_json::Value;

fn examples() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/wire/frames.json");
    let text = std::fs::read_to_string(path).expect("tests/wire/frames.json");
    serde_json::from_str(&text).expect("JSON")
}

fn list<'a>(v: &'a Value, side: &str, way: &str) -> &'a Vec<Value> {
    v[side][way].as_array().expect("a list of examples")
}

fn text(v: &Value) -> String {
    v.as_str().expect("a string").to_string()
}

#[test]
fn the_room_reads_each_client_example_as_it_says() {
    let v = examples();
    for e in list(&v, "room", "client") {
        let got = match relay::read(&e["frame"].to_string(), &Limits::default()) {
            Ok(ClientMsg::Link { .. }) => "link",
            Ok(ClientMsg::Rematch { .. }) => "rematch",
            Ok(ClientMsg::Seat(_)) => "seat",
            Ok(ClientMsg::Claim) => "claim",
            Ok(ClientMsg::Resign) => "resign",
            Err(r) => {
                assert_eq!(e["refused"], r.kind(), "{e}");
                continue;
            }
        };
        assert_eq!(e["is"], got, "{e}");
    }
}

#[test]
fn the_room_writes_each_server_example_so() {
    let v = examples();
    for e in list(&v, "room", "server") {
        let f = &e["frame"];
        let msg = match e["is"].as_str().expect("a name") {
            "nonce" => ServerMsg::Nonce {
                nonce: text(&f["nonce"]),
            },
            "link" => ServerMsg::Link {
                link: text(&f["link"]).into(),
            },
            "peers" => ServerMsg::Peers {
                peers: usize::try_from(f["peers"].as_u64().expect("a count")).expect("small"),
            },
            "rematch" => ServerMsg::Rematch {
                rematch: text(&f["rematch"]),
                proof: f.get("proof").map(text),
                from: if f["from"] == "black" {
                    "black"
                } else {
                    "green"
                },
                terms: Some(f["terms"].clone()).filter(|t| !t.is_null()),
            },
            "clock" => ServerMsg::Clock {
                clock: ClockMsg {
                    black: f["clock"]["black"].as_i64().expect("ms"),
                    green: f["clock"]["green"].as_i64().expect("ms"),
                    running: serde_json::from_value(f["clock"]["running"].clone()).expect("a side"),
                    first: f["clock"]["first"].as_i64(),
                    bank_ms: f["clock"].get("bank_ms").map(|b| BankMs {
                        black: b["black"].as_i64().expect("ms"),
                        green: b["green"].as_i64().expect("ms"),
                    }),
                },
            },
            "over" => ServerMsg::Over {
                over: serde_json::from_value(f["over"].clone()).expect("a result"),
            },
            "error" => Refusal::Rate.msg(),
            other => panic!("no room message {other}"),
        };
        let written: Value = serde_json::from_str(&msg.text()).expect("JSON");
        assert_eq!(&written, f);
    }
}

#[test]
fn the_lobby_reads_each_client_example_as_it_says() {
    let v = examples();
    for e in list(&v, "lobby", "client") {
        let got = match lobby::read(&e["frame"].to_string(), &LobbyLimits::default()) {
            Ok(lobby::ClientMsg::Post(_)) => "post",
            Ok(lobby::ClientMsg::Withdraw { .. }) => "withdraw",
            Ok(lobby::ClientMsg::Bot(_)) => "bot",
            Ok(lobby::ClientMsg::TournamentPost { .. }) => "tournament-post",
            Ok(lobby::ClientMsg::Create(_)) => "create",
            Ok(lobby::ClientMsg::Join { .. }) => "join",
            Ok(lobby::ClientMsg::Leave { .. }) => "leave",
            Err(r) => {
                assert_eq!(e["refused"], r.kind(), "{e}");
                continue;
            }
        };
        assert_eq!(e["is"], got, "{e}");
    }
}

#[test]
fn the_lobby_writes_each_server_example_so() {
    let v = examples();
    // The challenge the first post example makes, as the lobby shows it.
    let post = &list(&v, "lobby", "client")[0]["frame"];
    let Ok(lobby::ClientMsg::Post(challenge)) =
        lobby::read(&post.to_string(), &LobbyLimits::default())
    else {
        panic!("the first lobby example is a post");
    };
    let hook = challenge.json();
    // The same posted by a bot.
    let bot_hook = diablo_server::store::Hook {
        challenge: (*challenge).clone(),
        posted_ms: 0,
        expires_ms: 0,
        rating: None,
        bot: true,
    }
    .json();
    for e in list(&v, "lobby", "server") {
        let f = &e["frame"];
        let msg = match e["is"].as_str().expect("a name") {
            "nonce" => lobby::ServerMsg::Nonce {
                nonce: text(&f["nonce"]),
            },
            "hooks" => lobby::ServerMsg::Hooks {
                hooks: vec![hook.clone()],
            },
            "hook" if f["hook"]["player"]["bot"] == true => lobby::ServerMsg::Hook {
                hook: bot_hook.clone(),
            },
            "hook" => lobby::ServerMsg::Hook { hook: hook.clone() },
            "gone" => lobby::ServerMsg::Gone {
                gone: challenge.game.clone(),
            },
            "kept" => lobby::ServerMsg::Kept {
                kept: challenge.game.clone(),
            },
            "bot" => lobby::ServerMsg::Bot {
                bot: challenge.player.key.as_str().to_string(),
            },
            "error" => LobbyRefusal::TooMany(text(&f["message"])).msg(),
            other => panic!("no lobby message {other}"),
        };
        let written: Value = serde_json::from_str(&msg.text()).expect("JSON");
        assert_eq!(&written, f);
    }
}

#[test]
fn every_message_is_in_the_docs() {
    let v = examples();
    let docs = |name: &str| {
        let path = format!("{}/../../docs/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).expect("the doc")
    };
    for (side, doc) in [("room", docs("live.md")), ("lobby", docs("lobby.md"))] {
        for way in ["client", "server"] {
            for e in list(&v, side, way).iter().filter(|e| e.get("is").is_some()) {
                // Named in the docs by one of its keys (`{"rematch": …,
                // "proof": …}` by its first).
                let keys: Vec<&String> =
                    e["frame"].as_object().expect("an object").keys().collect();
                assert!(
                    keys.iter().any(|k| doc.contains(&format!("{{\"{k}\""))),
                    "{side} {keys:?} in the docs"
                );
            }
        }
    }
}

#[test]
fn an_invitation_is_bound_to_its_poster_in_the_words_of_the_examples() {
    let v = examples();
    for e in v["lobby"]["owner"].as_array().expect("owner examples") {
        let clock: diablo_server::clock::Clock =
            serde_json::from_value(e["clock"].clone()).expect("a clock");
        let text = lobby::owner_text(
            e["key"].as_str().expect("a key"),
            &clock,
            e["rated"].as_bool().expect("rated"),
            e["color"] == "random",
            e["unlisted"] != true,
        );
        assert_eq!(e["text"], text, "{e}");
    }
}
