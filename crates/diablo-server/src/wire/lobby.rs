//! The lobby's wire (docs/lobby.md): the client's messages read and
//! checked ([`ClientMsg`], [`read`]) and the server's written
//! ([`ServerMsg`]).

use crate::clock::Clock;
use crate::keys::{Key, KeyError, Player, check_name};
use crate::lobby::LobbyLimits;
use crate::relay::is_game_id;
use crate::store::Challenge;
use diablo_corr::Game;
use serde::{Deserialize, Serialize};

/// Longest invitation link taken, in bytes: an invitation is one short
/// message (a name of at most 32 bytes), about 110 characters; the bound
/// keeps a long game's link from being decoded at all.
pub const INVITATION_BYTES: usize = 512;

/// Why a lobby frame was refused; the connection stays open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LobbyRefusal {
    /// Not JSON, not a post, a withdrawal or a bot's word, not an
    /// invitation, a bad clock, key, sig or name.
    Malformed(String),
    /// A signature that does not sign its text with its key.
    Forged,
    /// An invitation not bound to this poster on these terms (made by
    /// someone else, on other terms, or before invitations were bound).
    NotMaker,
    /// A frame longer than [`LobbyLimits::frame_bytes`].
    TooLarge(usize),
    /// Over [`LobbyLimits::frames_per_second`].
    Rate,
    /// Over a bound on open challenges (in all, per address, per player).
    TooMany(String),
    /// A challenge for this game is open by another player, or its game
    /// has begun.
    Exists(String),
    /// No open challenge for this game (a withdrawal).
    Unknown,
    /// No such tournament, or none that takes this (a join after the
    /// start, a leave of one not joined, a post for no pairing).
    NoTournament(String),
    /// The poster's name is an established player's, and the poster is
    /// not that player.
    NameTaken(String),
    /// The database cannot be reached.
    Unavailable,
}

impl LobbyRefusal {
    /// The `error` kind: `malformed`, `forged`, `too-large`, `rate`,
    /// `not-maker`, `too-many`, `exists`, `unknown`, `name-taken` or
    /// `unavailable`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            LobbyRefusal::Malformed(_) => "malformed",
            LobbyRefusal::Forged => "forged",
            LobbyRefusal::NotMaker => "not-maker",
            LobbyRefusal::TooLarge(_) => "too-large",
            LobbyRefusal::Rate => "rate",
            LobbyRefusal::TooMany(_) => "too-many",
            LobbyRefusal::Exists(_) => "exists",
            LobbyRefusal::Unknown | LobbyRefusal::NoTournament(_) => "unknown",
            LobbyRefusal::NameTaken(_) => "name-taken",
            LobbyRefusal::Unavailable => "unavailable",
        }
    }

    /// The error message.
    #[must_use]
    pub fn msg(&self) -> ServerMsg {
        let message = match self {
            LobbyRefusal::Malformed(why) => {
                format!("not a post, withdraw, bot, create, join or leave frame: {why}")
            }
            LobbyRefusal::Forged => "the signature does not sign this text with this key".into(),
            LobbyRefusal::NotMaker => "this invitation was not made by this key on these terms: \
                only its maker can post it, on the terms it was made for"
                .into(),
            LobbyRefusal::TooLarge(n) => {
                format!("a frame of {n} bytes is longer than any lobby frame")
            }
            LobbyRefusal::Rate => "too many frames: slow down".into(),
            LobbyRefusal::TooMany(why)
            | LobbyRefusal::Exists(why)
            | LobbyRefusal::NoTournament(why) => why.clone(),
            LobbyRefusal::Unknown => "no open challenge for this game".into(),
            LobbyRefusal::NameTaken(name) => {
                format!("the name {name:?} is an established player's: choose another name to post")
            }
            LobbyRefusal::Unavailable => "the lobby cannot reach its database: try later".into(),
        };
        ServerMsg::Error {
            error: self.kind(),
            message,
        }
    }

    /// The error message as the wire spells it.
    #[must_use]
    pub fn text(&self) -> String {
        super::to_text(&self.msg())
    }
}

impl From<KeyError> for LobbyRefusal {
    fn from(e: KeyError) -> LobbyRefusal {
        match e {
            KeyError::Forged => LobbyRefusal::Forged,
            other => LobbyRefusal::Malformed(other.to_string()),
        }
    }
}

/// What a client's message asks, checked as far as it can be without the
/// database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientMsg {
    /// `{"post": …}`: a challenge, its signature verified.
    Post(Box<Challenge>),
    /// `{"withdraw": game, "sig": …}`: the sig is checked against the
    /// challenge's poster.
    Withdraw {
        /// The game id, 32 hex digits.
        game: String,
        /// The poster's sig of [`withdraw_text`] of the game and this
        /// connection's nonce.
        sig: String,
    },
    /// `{"bot": {"key", "name", "sig"}}`: the key says it is a bot (a
    /// computer player), its sig of [`bot_text`] verified; the name
    /// checked as a post's.
    Bot(Player),
    /// A post with `"tournament": id`: the game of the poster's pairing
    /// (unlisted, on the tournament's terms).
    TournamentPost {
        /// The challenge, checked as a post's.
        challenge: Box<Challenge>,
        /// The tournament's id.
        tournament: String,
    },
    /// `{"create": {…}}`: a tournament, its sig of [`create_text`]
    /// verified and its terms checked but for the time.
    Create(Box<TournamentSpec>),
    /// `{"join": {"tournament", "key", "name", "sig"}}`, its sig of
    /// [`join_text`] verified.
    Join {
        /// The tournament's id.
        tournament: String,
        /// Who joins.
        player: Player,
    },
    /// `{"leave": {…the same…}}`, its sig of [`leave_text`] verified.
    Leave {
        /// The tournament's id.
        tournament: String,
        /// Who leaves.
        player: Player,
    },
}

/// A tournament as its creator asked for it (`create`), checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSpec {
    /// Its name, checked as a player's.
    pub name: String,
    /// `"round-robin"`.
    pub kind: String,
    /// The board size, even, 4..=26.
    pub size: u8,
    /// `"standard"` or `"sequenced"`.
    pub edition: String,
    /// Every game's clock (turn-based for a round robin).
    pub clock: Clock,
    /// Whether its games are rated.
    pub rated: bool,
    /// Duplicate pairs (not yet taken).
    pub duplicate: bool,
    /// Each pair twice, colours swapped.
    pub double: bool,
    /// When it starts (Unix ms; the lobby checks it is 10 s to 30 days
    /// ahead).
    pub starts_ms: i64,
    /// An arena's length (none for a round robin).
    pub minutes: Option<i64>,
    /// The most players, 2..=[`MAX_PLAYERS`].
    pub max_players: i64,
    /// Its creator (the key that signed; the name given).
    pub creator: Key,
}

/// The most players a tournament takes.
pub const MAX_PLAYERS: i64 = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateWire {
    name: String,
    kind: String,
    size: u8,
    edition: String,
    clock: Clock,
    rated: bool,
    duplicate: bool,
    double: bool,
    starts: String,
    minutes: Option<i64>,
    max_players: i64,
}

#[derive(Deserialize)]
struct JoinWire {
    tournament: String,
    key: String,
    name: String,
    sig: String,
}

/// The text a creator signs: `"diablo create "` + the `create` object
/// without `key` and `sig` in RFC 8785 canonical JSON (keys sorted, no
/// spaces).
#[must_use]
pub fn create_text(canonical: &str) -> String {
    format!("diablo create {canonical}")
}

/// The text a player signs to join tournament `id`.
#[must_use]
pub fn join_text(id: &str) -> String {
    format!("diablo join {id}")
}

/// The text a player signs to leave tournament `id`.
#[must_use]
pub fn leave_text(id: &str) -> String {
    format!("diablo leave {id}")
}

/// `value` in RFC 8785's canonical form as far as the lobby's objects
/// need it: keys sorted (serde_json's map is ordered), no spaces;
/// integers, strings, booleans and null as JSON writes them.
fn canonical(value: &serde_json::Value) -> String {
    // A map of sorted keys: serde_json without `preserve_order`.
    serde_json::to_string(value).unwrap_or_default()
}

fn check_create(
    mut raw: serde_json::Map<String, serde_json::Value>,
) -> Result<TournamentSpec, LobbyRefusal> {
    let text = |v: Option<serde_json::Value>, what: &str| match v {
        Some(serde_json::Value::String(s)) => Ok(s),
        _ => Err(LobbyRefusal::Malformed(format!("`{what}` is a string"))),
    };
    let key = Key::parse(&text(raw.remove("key"), "key")?)?;
    let sig = text(raw.remove("sig"), "sig")?;
    let signed = canonical(&serde_json::Value::Object(raw.clone()));
    key.verify(&create_text(&signed), &sig)?;
    let wire: CreateWire = serde_json::from_value(serde_json::Value::Object(raw))
        .map_err(|e| LobbyRefusal::Malformed(format!("a tournament: {e}")))?;
    let name = check_name(&wire.name)?;
    let malformed = |why: &str| Err(LobbyRefusal::Malformed(why.into()));
    match wire.kind.as_str() {
        "round-robin" => {}
        "arena" => return malformed("arenas are not held here yet: a round robin only"),
        _ => return malformed("`kind` is \"round-robin\" or \"arena\""),
    }
    if wire.duplicate {
        return malformed("duplicate pairs are not held here yet");
    }
    if wire.minutes.is_some() {
        return malformed("`minutes` is an arena's length: null for a round robin");
    }
    if !matches!(wire.clock, Clock::Days { .. }) {
        return malformed("a round robin is turn-based: its clock is days a turn");
    }
    if !wire.size.is_multiple_of(2) || !(4..=26).contains(&wire.size) {
        return malformed("`size` is even, 4 to 26");
    }
    if wire.edition != "standard" && wire.edition != "sequenced" {
        return malformed("`edition` is \"standard\" or \"sequenced\"");
    }
    if !(2..=MAX_PLAYERS).contains(&wire.max_players) {
        return malformed("`max_players` is 2 to 100");
    }
    let Some(starts_ms) = crate::api::parse_time(&wire.starts) else {
        return malformed("`starts` is an RFC 3339 time");
    };
    Ok(TournamentSpec {
        name,
        kind: wire.kind,
        size: wire.size,
        edition: wire.edition,
        clock: wire.clock,
        rated: wire.rated,
        duplicate: wire.duplicate,
        double: wire.double,
        starts_ms,
        minutes: wire.minutes,
        max_players: wire.max_players,
        creator: key,
    })
}

fn check_join(j: JoinWire, text: fn(&str) -> String) -> Result<(String, Player), LobbyRefusal> {
    if !is_game_id(&j.tournament) {
        return Err(LobbyRefusal::Malformed(
            "a tournament id is 32 lowercase hex digits".into(),
        ));
    }
    let key = Key::parse(&j.key)?;
    let name = check_name(&j.name)?;
    key.verify(&text(&j.tournament), &j.sig)?;
    Ok((j.tournament, Player { key, name }))
}

#[derive(Deserialize)]
struct Frame {
    post: Option<PostWire>,
    withdraw: Option<String>,
    sig: Option<String>,
    bot: Option<BotWire>,
    create: Option<serde_json::Map<String, serde_json::Value>>,
    join: Option<JoinWire>,
    leave: Option<JoinWire>,
}

#[derive(Deserialize)]
struct BotWire {
    key: String,
    name: String,
    sig: String,
}

#[derive(Deserialize)]
struct PostWire {
    link: String,
    clock: Clock,
    rated: bool,
    key: String,
    name: String,
    sig: String,
    color: Option<String>,
    unlisted: Option<bool>,
    salt: Option<String>,
    rematch: Option<String>,
    tournament: Option<String>,
}

/// The text a poster signs for a challenge of `link`.
#[must_use]
pub fn hook_text(link: &str) -> String {
    format!("diablo hook {link}")
}

/// What an invitation posted to the lobby is bound to (docs/lobby.md):
/// `"diablo owner " + key + " " + clock + " " + rated|casual + " " +
/// random|chosen + " " + listed|unlisted`, the clock written `live I N`,
/// `days D` or, with a time bank, `days D bank B`. Its nonce is [`diablo_corr::owned_nonce`] of this text and
/// the maker's salt, so nobody else can post it, and nobody can post it on
/// other terms.
#[must_use]
pub fn owner_text(key: &str, clock: &Clock, rated: bool, random: bool, listed: bool) -> String {
    let clock = match clock {
        Clock::Live { initial, increment } => format!("live {initial} {increment}"),
        Clock::Days { days, bank: 0 } => format!("days {days}"),
        Clock::Days { days, bank } => format!("days {days} bank {bank}"),
    };
    format!(
        "diablo owner {key} {clock} {} {} {}",
        if rated { "rated" } else { "casual" },
        if random { "random" } else { "chosen" },
        if listed { "listed" } else { "unlisted" },
    )
}

/// The text a key signs to say it is a bot, a computer player
/// (`"diablo bot " + key`): it is marked so for good.
#[must_use]
pub fn bot_text(key: &str) -> String {
    format!("diablo bot {key}")
}

/// The text a poster signs to withdraw the challenge for `game` on the
/// lobby connection that was given `nonce` (its first frame): a
/// withdrawal is good on that connection only, never again elsewhere.
#[must_use]
pub fn withdraw_text(game: &str, nonce: &str) -> String {
    format!("diablo withdraw {game} {nonce}")
}

/// Reads a client's text frame: a post (its invitation, clock, key, name
/// and signature checked), a withdrawal (its game id read) or a bot's
/// word (its key, name and signature checked).
///
/// # Errors
/// [`LobbyRefusal::TooLarge`], [`LobbyRefusal::Malformed`] or
/// [`LobbyRefusal::Forged`].
pub fn read(text: &str, limits: &LobbyLimits) -> Result<ClientMsg, LobbyRefusal> {
    if text.len() > limits.frame_bytes {
        return Err(LobbyRefusal::TooLarge(text.len()));
    }
    let frame: Frame =
        serde_json::from_str(text).map_err(|e| LobbyRefusal::Malformed(e.to_string()))?;
    if frame.create.is_some() || frame.join.is_some() || frame.leave.is_some() {
        return read_tournament(frame);
    }
    match frame {
        Frame {
            post: Some(post),
            withdraw: None,
            sig: None,
            bot: None,
            ..
        } => check_post(post).map(|(c, tournament)| match tournament {
            None => ClientMsg::Post(Box::new(c)),
            Some(tournament) => ClientMsg::TournamentPost {
                challenge: Box::new(c),
                tournament,
            },
        }),
        Frame {
            post: None,
            withdraw: None,
            sig: None,
            bot: Some(bot),
            ..
        } => {
            let key = Key::parse(&bot.key)?;
            let name = check_name(&bot.name)?;
            key.verify(&bot_text(key.as_str()), &bot.sig)?;
            Ok(ClientMsg::Bot(Player { key, name }))
        }
        Frame {
            post: None,
            withdraw: Some(game),
            sig: Some(sig),
            bot: None,
            ..
        } => {
            if !is_game_id(&game) {
                return Err(LobbyRefusal::Malformed(
                    "a game id is 32 lowercase hex digits".into(),
                ));
            }
            Ok(ClientMsg::Withdraw { game, sig })
        }
        _ => Err(LobbyRefusal::Malformed(
            "an object with `post`, with `withdraw` and `sig`, or with `bot`".into(),
        )),
    }
}

/// A `create`, `join` or `leave` frame, alone.
fn read_tournament(frame: Frame) -> Result<ClientMsg, LobbyRefusal> {
    match frame {
        Frame {
            create: Some(c),
            join: None,
            leave: None,
            post: None,
            withdraw: None,
            sig: None,
            bot: None,
        } => check_create(c).map(|t| ClientMsg::Create(Box::new(t))),
        Frame {
            create: None,
            join: Some(j),
            leave: None,
            post: None,
            withdraw: None,
            sig: None,
            bot: None,
        } => {
            let (tournament, player) = check_join(j, join_text)?;
            Ok(ClientMsg::Join { tournament, player })
        }
        Frame {
            create: None,
            join: None,
            leave: Some(l),
            post: None,
            withdraw: None,
            sig: None,
            bot: None,
        } => {
            let (tournament, player) = check_join(l, leave_text)?;
            Ok(ClientMsg::Leave { tournament, player })
        }
        _ => Err(LobbyRefusal::Malformed(
            "one of `create`, `join` or `leave` alone".into(),
        )),
    }
}

fn check_post(post: PostWire) -> Result<(Challenge, Option<String>), LobbyRefusal> {
    let key = Key::parse(&post.key)?;
    let name = check_name(&post.name)?;
    if post.link.len() > INVITATION_BYTES {
        return Err(LobbyRefusal::Malformed(
            "a challenge's link is an invitation: one message".into(),
        ));
    }
    let game = Game::decode(&post.link)
        .map_err(|e| LobbyRefusal::Malformed(format!("not an invitation: {e}")))?;
    if game.messages().len() != 1 {
        return Err(LobbyRefusal::Malformed(
            "a challenge's link is an invitation: one message".into(),
        ));
    }
    let listed = !post.unlisted.unwrap_or(false);
    if let Some(t) = &post.tournament {
        if !is_game_id(t) {
            return Err(LobbyRefusal::Malformed(
                "`tournament` is a tournament id: 32 lowercase hex digits".into(),
            ));
        }
        if listed || post.rematch.is_some() {
            return Err(LobbyRefusal::Malformed(
                "a tournament's game is unlisted, and no rematch".into(),
            ));
        }
    } else if let Some(of) = &post.rematch {
        if !is_game_id(of) {
            return Err(LobbyRefusal::Malformed(
                "`rematch` is a game id: 32 lowercase hex digits".into(),
            ));
        }
        if listed {
            return Err(LobbyRefusal::Malformed(
                "a rematch is unlisted: it waits for the other player".into(),
            ));
        }
    } else if !listed && post.rated {
        return Err(LobbyRefusal::Malformed(
            "an unlisted challenge (a friend's invitation) is casual, but for the rematch of a rated game".into(),
        ));
    }
    key.verify(&hook_text(&post.link), &post.sig)?;
    let header = game.header();
    let inviter = header.inviter.id();
    let random = post.color.as_deref() == Some("random");
    let salt = post.salt.as_deref().ok_or_else(|| {
        LobbyRefusal::Malformed(
            "a challenge's invitation is bound to its poster and terms: `salt` is missing".into(),
        )
    })?;
    let salt = diablo_corr::value_from_hex(salt)
        .map_err(|_| LobbyRefusal::Malformed("a salt is 32 hex digits".into()))?;
    let statement = owner_text(key.as_str(), &post.clock, post.rated, random, listed);
    if !game.owned_by(&salt, &statement) {
        return Err(LobbyRefusal::NotMaker);
    }
    let color = match post.color.as_deref() {
        None => inviter,
        Some("random") => "random",
        Some(c) if c == inviter => inviter,
        Some(_) => {
            return Err(LobbyRefusal::Malformed(
                "`color` is the invitation's colour or \"random\"".into(),
            ));
        }
    };
    Ok((
        Challenge {
            game: game.id_hex(),
            link: post.link,
            size: header.size,
            edition: header.edition.name().to_string(),
            color: color.to_string(),
            clock: post.clock,
            rated: post.rated,
            player: Player { key, name },
            listed,
            rematch: post.rematch,
        },
        post.tournament,
    ))
}

/// What the lobby sends its connections, as docs/lobby.md spells each:
/// one JSON object, its key naming it. A challenge (`H`) is the object
/// [`crate::store::Hook::json`] makes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ServerMsg {
    /// `{"nonce": N}`: this connection's fresh value (32 hex digits), the
    /// first frame; a withdrawal signs it.
    Nonce {
        /// 32 lowercase hex digits.
        nonce: String,
    },
    /// `{"hooks": [H, …]}`: every open challenge, next on connecting.
    Hooks {
        /// Oldest first.
        hooks: Vec<serde_json::Value>,
    },
    /// `{"hook": H}`: a challenge posted.
    Hook {
        /// The challenge.
        hook: serde_json::Value,
    },
    /// `{"gone": game}`: a challenge taken, withdrawn, replaced or expired.
    Gone {
        /// Its game id.
        gone: String,
    },
    /// `{"kept": game}`: an unlisted challenge kept (to its poster only).
    Kept {
        /// Its game id.
        kept: String,
    },
    /// `{"bot": key}`: the key is marked a bot (to the connection that
    /// said so only).
    Bot {
        /// The key, as the wire spells it.
        bot: String,
    },
    /// `{"tournament": T}`: a tournament created, joined, left, started,
    /// a result, over (to every connection).
    Tournament {
        /// `T` (docs/tournaments.md).
        tournament: serde_json::Value,
    },
    /// `{"pairing": {…}}`: a game of a tournament to play (to its two
    /// players' connections).
    Pairing {
        /// The pairing (docs/tournaments.md).
        pairing: serde_json::Value,
    },
    /// `{"error": kind, "message": …}`: a refusal ([`LobbyRefusal`]).
    Error {
        /// [`LobbyRefusal::kind`].
        error: &'static str,
        /// What a person reads.
        message: String,
    },
}
