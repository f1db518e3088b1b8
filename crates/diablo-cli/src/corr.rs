//! `diablo corr`: correspondence play by link (`docs/correspondence.md`).
//!
//! Each player keeps one key file per game. It holds their secret seed and
//! the last link of the game they have seen or sent; it is written only
//! after a command succeeds, so a refused link leaves it as it was.

use crate::args::Args;
use diablo_core::{Color, Edition, Turn};
use diablo_corr::{CorrError, Due, Game, Keys, Progress, Role};
use std::path::Path;

pub const USAGE: &str = "\
  diablo corr new    --size N --edition E --color black|green|random --keys FILE [--name NAME]
  diablo corr accept --link L --keys FILE [--name NAME]
  diablo corr roll   --link L --keys FILE
  diablo corr play   --link L --keys FILE --turn \"TURN\"   (no --turn: the start message)
  diablo corr resign --link L --keys FILE
  diablo corr verify --link L";

pub fn run(raw: &[String]) -> Result<String, String> {
    let Some((command, rest)) = raw.split_first() else {
        return Err(format!("corr needs a command\n\n{USAGE}"));
    };
    match command.as_str() {
        "new" => new(&Args::parse(
            rest,
            &["size", "edition", "color", "keys", "name"],
        )?),
        "accept" => accept(&Args::parse(rest, &["link", "keys", "name"])?),
        "roll" => roll(&Args::parse(rest, &["link", "keys"])?),
        "play" => play(&Args::parse(rest, &["link", "keys", "turn"])?),
        "resign" => resign(&Args::parse(rest, &["link", "keys"])?),
        "verify" => {
            let a = Args::parse(rest, &["link"])?;
            let game = link(&a)?;
            let text = format!("{}{}", game.record_text(), status_comment(&game));
            Ok(text.trim_end().to_string())
        }
        "help" | "--help" | "-h" => Ok(USAGE.to_string()),
        other => Err(format!("unknown corr command '{other}'\n\n{USAGE}")),
    }
}

fn err(e: CorrError) -> String {
    e.to_string()
}

fn random<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| format!("the system's random source failed: {e}"))?;
    Ok(b)
}

fn link(a: &Args) -> Result<Game, String> {
    Game::decode(a.require("link")?).map_err(|e| format!("--link: {e}"))
}

fn read_keys(path: &str) -> Result<Keys, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read key file {path}: {e}"))?;
    Keys::from_json(&text).map_err(|e| format!("{path}: {e}"))
}

/// Writes the key file through a temporary file, so it is never half
/// written.
fn write_keys(path: &str, keys: &Keys) -> Result<(), String> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, keys.to_json() + "\n")
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write key file {path}: {e}"))
}

fn describe(game: &Game, role: Role) -> String {
    let h = game.header();
    format!(
        "{n}x{n} {}, you play {}",
        h.edition,
        h.color_of(role).name(),
        n = h.size
    )
}

fn new(a: &Args) -> Result<String, String> {
    let size: u32 = a.parse_required("size")?;
    let edition: Edition = a.parse_or("edition", Edition::Standard)?;
    let color = match a.require("color")? {
        "black" => Color::Black,
        "green" => Color::Green,
        "random" => {
            if random::<1>()?[0] & 1 == 0 {
                Color::Black
            } else {
                Color::Green
            }
        }
        other => return Err(format!("--color: '{other}' is not black, green or random")),
    };
    let path = a.require("keys")?;
    if Path::new(path).exists() {
        return Err(format!(
            "key file {path} already exists; give a new file for a new game"
        ));
    }
    let (game, keys) = Game::invite(
        size,
        edition,
        color,
        a.get("name").unwrap_or(""),
        random()?,
        random()?,
    )
    .map_err(|e| match e {
        CorrError::BadSize => format!("--size: {e}"),
        other => format!("--name: {other}"),
    })?;
    write_keys(path, &keys)?;
    Ok(format!(
        "Invitation to {}. Send this link to your opponent:\n{}",
        describe(&game, Role::Inviter),
        game.encode()
    ))
}

fn accept(a: &Args) -> Result<String, String> {
    let invite = link(a)?;
    let path = a.require("keys")?;
    if Path::new(path).exists() {
        // Accepting twice gives the same answer; any other file is refused.
        let keys = read_keys(path)?;
        if keys.game_hex() != invite.id_hex() {
            return Err(format!("key file {path} belongs to another game"));
        }
        if keys.role != Role::Accepter {
            return Err("this is your own invitation: send it to your opponent".into());
        }
        return Ok(format!(
            "You accepted this game already; your latest link in it:\n{}",
            keys.link
        ));
    }
    let (game, keys) = invite
        .accept(a.get("name").unwrap_or(""), random()?)
        .map_err(err)?;
    write_keys(path, &keys)?;
    let next = match game.due() {
        Due::Start => "your opponent then sends the link that fixes your first roll",
        _ => "your opponent moves first",
    };
    Ok(format!(
        "You accepted {} ({next}). Send this link back:\n{}",
        describe(&game, Role::Accepter),
        game.encode()
    ))
}

/// The received link's game, checked against the keys and the stored game:
/// it must be the same game, continue it (or repeat it), and match the
/// keys' secrets.
fn received(a: &Args) -> Result<(Game, Keys, Game, String), String> {
    let game = link(a)?;
    let path = a.require("keys")?.to_string();
    let keys = read_keys(&path)?;
    game.check_keys(&keys).map_err(err)?;
    let stored = Game::decode(&keys.link).map_err(|e| format!("{path}: stored link: {e}"))?;
    Ok((game, keys, stored, path))
}

fn roll(a: &Args) -> Result<String, String> {
    let (game, keys, stored, path) = received(a)?;
    stored.compare(&game).map_err(err)?;
    let roll = game.roll(&keys).map_err(|e| start_hint(&game, &keys, e))?;
    write_keys(&path, &keys.updated(&game))?;
    Ok(format!(
        "{}, turn {}. Your roll:\n{roll}",
        describe(&game, keys.role),
        game.record().last().turn_number()
    ))
}

fn start_hint(game: &Game, keys: &Keys, e: CorrError) -> String {
    if game.due() == Due::Start && keys.role == Role::Inviter {
        format!(
            "{e}; you have no roll to make: send the start link with \
             `diablo corr play --link L --keys FILE` (without --turn)"
        )
    } else {
        e.to_string()
    }
}

fn play(a: &Args) -> Result<String, String> {
    let (game, keys, stored, path) = received(a)?;
    let turn: Option<Turn> = match a.get("turn") {
        Some(_) => Some(a.parse_required("turn")?),
        None => None,
    };
    let answer = |g: &Game| -> Result<Game, String> {
        match (&turn, g.due()) {
            (None, Due::Start) => g.start(&keys).map_err(err),
            (Some(_), Due::Start) => Err(
                "no turn to play yet: your opponent plays Black; send the start link by running play without --turn"
                    .into(),
            ),
            (Some(t), _) => g.play(&keys, t).map_err(|e| start_hint(g, &keys, e)),
            (None, _) => Err(match g.roll(&keys) {
                Ok(roll) => format!("missing option --turn (your roll is {roll})"),
                Err(e) => e.to_string(),
            }),
        }
    };
    match stored.compare(&game) {
        Ok(Progress::Same | Progress::Newer(_)) => {}
        // The link this player answered already: the same answer again is
        // printed again; a different one is refused.
        Err(CorrError::Stale { link, stored: have })
            if have == link + 1 && Role::of_message(link) == keys.role =>
        {
            let again = answer(&game)?;
            if again == stored {
                return Ok(format!("You sent this answer already:\n{}", keys.link));
            }
            return Err(format!(
                "you already answered this link with another move; your answer was:\n{}",
                keys.link
            ));
        }
        Err(e) => return Err(e.to_string()),
    }
    let next = answer(&game)?;
    write_keys(&path, &keys.updated(&next))?;
    let what = match next.due() {
        Due::Over { winner, .. } => format!("The game is over: {} wins.", winner.name()),
        _ => "Send this link to your opponent:".into(),
    };
    Ok(format!("{what}\n{}", next.encode()))
}

fn resign(a: &Args) -> Result<String, String> {
    let (game, keys, stored, path) = received(a)?;
    stored.compare(&game).map_err(err)?;
    let next = game.resign(&keys).map_err(err)?;
    write_keys(&path, &keys.updated(&next))?;
    Ok(format!(
        "You resigned. Send this link to your opponent:\n{}",
        next.encode()
    ))
}

fn status_comment(game: &Game) -> String {
    match game.due() {
        Due::Over { winner, .. } => format!("# {} won\n", winner.name()),
        Due::Accept => "# waiting for the invitation to be accepted\n".into(),
        Due::Start => "# waiting for the inviter's start message\n".into(),
        Due::Turn { color, .. } => format!(
            "# in progress: {} to play turn {}\n",
            color.name(),
            game.record().last().turn_number()
        ),
    }
}
