//! `diablo corr` end to end: whole games between two key files, and every
//! refusal (exit status 2, a message on stderr, the key file unchanged).

mod common;

use common::{ok, run};
use diablo_corr::{Due, Game, Role};
use std::path::PathBuf;

fn last(text: &str) -> String {
    text.lines().last().unwrap_or_default().to_string()
}

/// Runs a command that must be refused; checks the key file did not change.
fn refused(args: &[&str], keys: &Dir, file: &str, words: &[&str]) {
    let before = std::fs::read_to_string(keys.path(file)).ok();
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    for w in words {
        assert!(stderr.contains(w), "{args:?}: '{stderr}' should say '{w}'");
    }
    assert_eq!(
        std::fs::read_to_string(keys.path(file)).ok(),
        before,
        "{args:?} changed {file}"
    );
}

/// A scratch directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let p = std::env::temp_dir().join(format!("diablo-corr-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("temp dir");
        Dir(p)
    }

    fn path(&self, file: &str) -> String {
        self.0.join(file).to_string_lossy().into_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Plays a whole game through the CLI; returns every link sent.
fn play_through(dir: &Dir, size: &str, edition: &str, color: &str) -> Vec<String> {
    let (a, b) = (dir.path("a.json"), dir.path("b.json"));
    let mut links = vec![last(&ok(&[
        "corr",
        "new",
        "--size",
        size,
        "--edition",
        edition,
        "--color",
        color,
        "--keys",
        &a,
        "--name",
        "Ann",
    ]))];
    links.push(last(&ok(&[
        "corr", "accept", "--link", &links[0], "--keys", &b, "--name", "Bo",
    ])));
    let mut pick = 0usize;
    loop {
        let link = links.last().expect("link").clone();
        let game = Game::decode(&link).expect("the CLI writes valid links");
        let Some(role) = game.due_role() else { break };
        let keys = if role == Role::Inviter { &a } else { &b };
        let next = if game.due() == Due::Start {
            ok(&["corr", "play", "--link", &link, "--keys", keys])
        } else {
            let roll = last(&ok(&["corr", "roll", "--link", &link, "--keys", keys]));
            assert_eq!(
                last(&ok(&["corr", "roll", "--link", &link, "--keys", keys])),
                roll,
                "the same link gives the same roll"
            );
            let turns = game
                .record()
                .last()
                .legal_turns(game.header().edition, roll.parse().expect("A,B"))
                .expect("turns");
            pick = pick.wrapping_mul(31).wrapping_add(7);
            let turn = turns[pick % turns.len()].to_string();
            ok(&[
                "corr", "play", "--link", &link, "--keys", keys, "--turn", &turn,
            ])
        };
        links.push(last(&next));
        assert!(links.len() < 2000);
    }
    links
}

#[test]
fn whole_games_by_link_verify_at_several_sizes() {
    for (size, edition, color) in [
        ("4", "standard", "black"),
        ("4", "sequenced", "green"),
        ("6", "standard", "green"),
        ("6", "sequenced", "random"),
        ("8", "standard", "random"),
    ] {
        let dir = Dir::new(&format!("{size}{edition}{color}"));
        let links = play_through(&dir, size, edition, color);
        let final_link = links.last().expect("final");
        let text = ok(&["corr", "verify", "--link", final_link]);
        assert!(
            text.contains("# Black: ") && text.contains(" won"),
            "{text}"
        );
        // The printed record is a record (comments and all) of the game.
        let record: diablo_core::Record = text.parse().expect("verify prints a record");
        let game = Game::decode(final_link).expect("decodes");
        assert_eq!(&record, game.record());
        assert!(record.last().is_finished());
    }
}

#[test]
fn bad_links_keys_and_turns_are_refused_and_change_nothing() {
    let dir = Dir::new("refusals");
    let (a, b, c) = (dir.path("a.json"), dir.path("b.json"), dir.path("c.json"));
    let invite = last(&ok(&[
        "corr",
        "new",
        "--size",
        "6",
        "--edition",
        "standard",
        "--color",
        "black",
        "--keys",
        &a,
    ]));
    refused(
        &[
            "corr", "new", "--size", "6", "--color", "black", "--keys", &a,
        ],
        &dir,
        "a.json",
        &["already exists"],
    );
    refused(
        &[
            "corr", "new", "--size", "7", "--color", "black", "--keys", &c,
        ],
        &dir,
        "c.json",
        &["--size"],
    );
    let accepted = last(&ok(&["corr", "accept", "--link", &invite, "--keys", &b]));
    // Accepting again gives the same answer.
    assert_eq!(
        last(&ok(&["corr", "accept", "--link", &invite, "--keys", &b])),
        accepted
    );
    refused(
        &["corr", "accept", "--link", &invite, "--keys", &a],
        &dir,
        "a.json",
        &["your own invitation"],
    );
    // Green cannot roll: Black moves first.
    refused(
        &["corr", "roll", "--link", &accepted, "--keys", &b],
        &dir,
        "b.json",
        &["not your move"],
    );
    // A changed character.
    let mut tampered = accepted.clone();
    let i = tampered.len() / 2;
    let c0 = if &tampered[i..=i] == "A" { "B" } else { "A" };
    tampered.replace_range(i..=i, c0);
    refused(
        &["corr", "roll", "--link", &tampered, "--keys", &a],
        &dir,
        "a.json",
        &["checksum"],
    );
    // An illegal turn for the derived roll.
    let roll = last(&ok(&["corr", "roll", "--link", &accepted, "--keys", &a]));
    refused(
        &[
            "corr", "play", "--link", &accepted, "--keys", &a, "--turn", "a1-a6",
        ],
        &dir,
        "a.json",
        &["cannot be played with your roll", &roll],
    );
    let game = Game::decode(&accepted).expect("decodes");
    let turns = game
        .record()
        .last()
        .legal_turns(game.header().edition, roll.parse().expect("roll"))
        .expect("turns");
    let (t1, t2) = (turns[0].to_string(), turns[1].to_string());
    let sent = last(&ok(&[
        "corr", "play", "--link", &accepted, "--keys", &a, "--turn", &t1,
    ]));
    // The same answer again is printed again; another one is refused.
    assert_eq!(
        last(&ok(&[
            "corr", "play", "--link", &accepted, "--keys", &a, "--turn", &t1
        ])),
        sent
    );
    refused(
        &[
            "corr", "play", "--link", &accepted, "--keys", &a, "--turn", &t2,
        ],
        &dir,
        "a.json",
        &["already answered"],
    );
    // Black re-opening the link they sent: not their turn.
    refused(
        &["corr", "roll", "--link", &sent, "--keys", &a],
        &dir,
        "a.json",
        &["not your move"],
    );
    // Green plays; then Green re-opening the older link is stale.
    let g = Game::decode(&sent).expect("decodes");
    let groll = last(&ok(&["corr", "roll", "--link", &sent, "--keys", &b]));
    let gturn = g
        .record()
        .last()
        .legal_turns(g.header().edition, groll.parse().expect("roll"))
        .expect("turns")[0]
        .to_string();
    let back = last(&ok(&[
        "corr", "play", "--link", &sent, "--keys", &b, "--turn", &gturn,
    ]));
    refused(
        &["corr", "roll", "--link", &accepted, "--keys", &b],
        &dir,
        "b.json",
        &["older than the game you have"],
    );
    // A key file of another game.
    let other = last(&ok(&[
        "corr", "new", "--size", "6", "--color", "green", "--keys", &c,
    ]));
    refused(
        &["corr", "roll", "--link", &back, "--keys", &c],
        &dir,
        "c.json",
        &["another game"],
    );
    refused(
        &["corr", "roll", "--link", &other, "--keys", &a],
        &dir,
        "a.json",
        &["another game"],
    );
    // A damaged key file.
    std::fs::write(dir.path("d.json"), "{ not json").expect("write");
    refused(
        &[
            "corr",
            "roll",
            "--link",
            &back,
            "--keys",
            &dir.path("d.json"),
        ],
        &dir,
        "d.json",
        &["key file"],
    );
    // verify reads any link and refuses a damaged one.
    assert!(ok(&["corr", "verify", "--link", &back]).contains(&gturn));
    refused(
        &["corr", "verify", "--link", &tampered],
        &dir,
        "a.json",
        &["checksum"],
    );
}

#[test]
fn the_inviter_playing_green_sends_a_start_link() {
    let dir = Dir::new("start");
    let (a, b) = (dir.path("a.json"), dir.path("b.json"));
    let invite = last(&ok(&[
        "corr", "new", "--size", "4", "--color", "green", "--keys", &a,
    ]));
    let accepted = last(&ok(&["corr", "accept", "--link", &invite, "--keys", &b]));
    refused(
        &["corr", "roll", "--link", &accepted, "--keys", &b],
        &dir,
        "b.json",
        &["start message"],
    );
    refused(
        &["corr", "roll", "--link", &accepted, "--keys", &a],
        &dir,
        "a.json",
        &["without --turn"],
    );
    let start = last(&ok(&["corr", "play", "--link", &accepted, "--keys", &a]));
    let roll = last(&ok(&["corr", "roll", "--link", &start, "--keys", &b]));
    assert!(roll.parse::<diablo_core::Roll>().is_ok(), "{roll}");
}
