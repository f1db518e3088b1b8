//! `diablo corr`: correspondence play by link (`docs/correspondence.md`).
//!
//! Each player keeps one key file per game. It holds their secret seed and
//! the last link of the game they have seen or sent; it is written only
//! after a command succeeds, so a refused link leaves it as it was.

use clap::{Args, Subcommand, ValueEnum};
use diablo_core::{Color, Edition, Turn};
use diablo_corr::{CorrError, Due, Game, Keys, Progress, Role};
use std::path::Path;

/// The `diablo corr` commands.
#[derive(Subcommand)]
pub enum CorrCommand {
    /// Invite an opponent: write a new key file and print the link to send.
    #[command(after_help = "\
Example:
  diablo corr new --size 8 --edition standard --color random --keys me.json --name Ann
  Invitation to 8x8 standard, you play Black. Send this link to your opponent:
  <link>")]
    New(NewArgs),
    /// Accept an invitation: write your key file and print the link to send
    /// back.
    #[command(after_help = "\
Example:
  diablo corr accept --link L --keys me.json --name Bo")]
    Accept(AcceptArgs),
    /// Print your roll for a received link ("A,B", on the last line).
    #[command(after_help = "\
Example:
  diablo corr roll --link L --keys me.json")]
    Roll(Received),
    /// Answer a received link with your turn and print the link to send.
    ///
    /// The link to send is the last line. Without --turn, this sends the
    /// start message (when the inviter plays Green, before Black's first
    /// roll).
    #[command(after_help = "\
Examples:
  diablo corr play --link L --keys me.json --turn \"a1-a2 a2-a4\"
  diablo corr play --link L --keys me.json --turn=\"-c3 -d4\"
  diablo corr play --link L --keys me.json      # the start message")]
    Play(PlayArgs),
    /// Resign the game and print the link to send.
    #[command(after_help = "\
Example:
  diablo corr resign --link L --keys me.json")]
    Resign(Received),
    /// Print the whole game of a link as a record, with its status.
    #[command(after_help = "\
Example:
  diablo corr verify --link L > game.txt")]
    Verify(VerifyArgs),
}

/// The colour the inviter plays.
#[derive(Clone, Copy, ValueEnum)]
pub enum ColorChoice {
    Black,
    Green,
    Random,
}

/// The options of `diablo corr new`.
#[derive(Args)]
pub struct NewArgs {
    /// The board's side (even, 2 to 26).
    #[arg(long, value_name = "N", value_parser = str::parse::<u32>, allow_hyphen_values = true)]
    size: u32,
    /// The rule text: standard or sequenced.
    #[arg(long, value_name = "E", default_value_t = Edition::Standard, allow_hyphen_values = true)]
    edition: Edition,
    /// The colour you play; random draws it from the system's random source.
    #[arg(long, value_enum, allow_hyphen_values = true)]
    color: ColorChoice,
    /// Your key file for this game, a new file.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    keys: String,
    /// Your name, shown to your opponent.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "",
        hide_default_value = true,
        allow_hyphen_values = true
    )]
    name: String,
}

/// The options of `diablo corr accept`.
#[derive(Args)]
pub struct AcceptArgs {
    /// The invitation link.
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    link: String,
    /// Your key file for this game, a new file.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    keys: String,
    /// Your name, shown to your opponent.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "",
        hide_default_value = true,
        allow_hyphen_values = true
    )]
    name: String,
}

/// A received link and the key file of the game: the options of `diablo
/// corr roll` and `resign`.
#[derive(Args)]
pub struct Received {
    /// The link you received (or the last one you sent).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    link: String,
    /// Your key file for this game.
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    keys: String,
}

/// The options of `diablo corr play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    received: Received,
    /// The turn to play with your roll, e.g. "a1-a2 a2-a4" or "-c3 -d4".
    #[arg(long, value_name = "TURN", allow_hyphen_values = true)]
    turn: Option<Turn>,
}

/// The options of `diablo corr verify`.
#[derive(Args)]
pub struct VerifyArgs {
    /// Any link of the game.
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    link: String,
}

pub fn run(command: CorrCommand) -> Result<String, String> {
    match command {
        CorrCommand::New(a) => new(&a),
        CorrCommand::Accept(a) => accept(&a),
        CorrCommand::Roll(a) => roll(&a),
        CorrCommand::Play(a) => play(&a),
        CorrCommand::Resign(a) => resign(&a),
        CorrCommand::Verify(a) => {
            let game = link(&a.link)?;
            let text = format!("{}{}", game.record_text(), status_comment(&game));
            Ok(text.trim_end().to_string())
        }
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

fn link(text: &str) -> Result<Game, String> {
    Game::decode(text).map_err(|e| format!("--link: {e}"))
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

fn new(a: &NewArgs) -> Result<String, String> {
    let color = match a.color {
        ColorChoice::Black => Color::Black,
        ColorChoice::Green => Color::Green,
        ColorChoice::Random => {
            if random::<1>()?[0] & 1 == 0 {
                Color::Black
            } else {
                Color::Green
            }
        }
    };
    let path = &a.keys;
    if Path::new(path).exists() {
        return Err(format!(
            "key file {path} already exists; give a new file for a new game"
        ));
    }
    let (game, keys) = Game::invite(a.size, a.edition, color, &a.name, random()?, random()?)
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

fn accept(a: &AcceptArgs) -> Result<String, String> {
    let invite = link(&a.link)?;
    let path = &a.keys;
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
    let (game, keys) = invite.accept(&a.name, random()?).map_err(err)?;
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
fn received(a: &Received) -> Result<(Game, Keys, Game, String), String> {
    let game = link(&a.link)?;
    let path = a.keys.clone();
    let keys = read_keys(&path)?;
    game.check_keys(&keys).map_err(err)?;
    let stored = Game::decode(&keys.link).map_err(|e| format!("{path}: stored link: {e}"))?;
    Ok((game, keys, stored, path))
}

fn roll(a: &Received) -> Result<String, String> {
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

fn play(a: &PlayArgs) -> Result<String, String> {
    let (game, keys, stored, path) = received(&a.received)?;
    let turn = a.turn;
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

fn resign(a: &Received) -> Result<String, String> {
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
