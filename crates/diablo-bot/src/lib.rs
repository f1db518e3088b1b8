//! # diablo-bot
//!
//! A computer player of **Diablo, a game by Mark Steere**, that plays on a
//! server through the same door as a person's browser (docs/bots.md): it
//! says once, signed, that its key is a bot (`{"bot": …}` in the lobby),
//! posts challenges and takes other players', and plays each game in its
//! room with its own seeds, every move a link the relay checks. It keeps
//! its key and the keys of its games in one file, so a restarted bot goes
//! on with the games it was playing, and it reconnects by itself when the
//! server goes away.
//!
//! `diablo bot` (crates/diablo-cli) is this crate behind options, and
//! `diablo-server --bots LEVELS` starts bots of it next to the server.

#![deny(missing_docs)]

mod lobby;
mod room;
mod state;

pub use diablo_ai::Level;
use diablo_core::Edition;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, mpsc};

pub use state::{Identity, StateError};

/// Games one bot plays at once, at most (posted and taken together).
pub const AT_ONCE: usize = 4;

/// A clock as the lobby spells it (docs/lobby.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Live: seconds at the start and added after each turn.
    Live {
        /// Seconds at the start (1..=10800).
        initial: u32,
        /// Seconds added after each turn (0..=180).
        increment: u32,
    },
    /// Turn-based: days a turn (1..=14).
    Days(u32),
}

impl Clock {
    /// Whether it is a live clock.
    #[must_use]
    pub fn is_live(self) -> bool {
        matches!(self, Clock::Live { .. })
    }

    /// The clock as the lobby's JSON.
    #[must_use]
    pub fn json(self) -> serde_json::Value {
        match self {
            Clock::Live { initial, increment } => {
                serde_json::json!({ "initial": initial, "increment": increment })
            }
            Clock::Days(days) => serde_json::json!({ "days": days }),
        }
    }

    /// The clock as an invitation's owner statement words it.
    fn owner_words(self) -> String {
        match self {
            Clock::Live { initial, increment } => format!("live {initial} {increment}"),
            Clock::Days(days) => format!("days {days}"),
        }
    }

    /// Reads a hook's clock (`{"initial", "increment"}` or `{"days"}`;
    /// a time bank is kept out of the comparison).
    fn from_json(v: &serde_json::Value) -> Option<Clock> {
        let n = |k: &str| v.get(k)?.as_u64().and_then(|x| u32::try_from(x).ok());
        match (n("initial"), n("increment"), n("days")) {
            (Some(initial), Some(increment), _) => Some(Clock::Live { initial, increment }),
            (_, _, Some(days)) => Some(Clock::Days(days)),
            _ => None,
        }
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clock::Live { initial, increment } if initial % 60 == 0 => {
                write!(f, "{}+{increment}", initial / 60)
            }
            Clock::Live { initial, increment } => write!(f, "{initial}s+{increment}"),
            Clock::Days(d) => write!(f, "{d}d"),
        }
    }
}

/// A challenge a bot posts: `SIZE EDITION CLOCK RATED`, e.g. `8 standard
/// 5+3 rated` or `6 sequenced 2d casual`. A live clock is `minutes+seconds`
/// (as the lobby shows it), a turn-based one `Nd`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The board's side.
    pub size: u32,
    /// The edition.
    pub edition: Edition,
    /// The clock.
    pub clock: Clock,
    /// Whether the game is rated.
    pub rated: bool,
}

/// Why a challenge's words or an option cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError(pub String);

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

impl std::str::FromStr for Spec {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Spec, OptionError> {
        let bad = |what: String| OptionError(format!("challenge '{text}': {what}"));
        let words: Vec<&str> = text.split_whitespace().collect();
        let [size, edition, clock, rated] = words[..] else {
            return Err(bad(
                "four words are needed: SIZE EDITION CLOCK RATED, like '8 standard 5+3 rated'"
                    .into(),
            ));
        };
        let size: u32 = size
            .parse()
            .map_err(|_| bad(format!("the size '{size}' is not a number")))?;
        diablo_core::check_size(size).map_err(|e| bad(e.to_string()))?;
        let edition: Edition = edition.parse().map_err(|_| {
            bad(format!(
                "the edition '{edition}' is not standard or sequenced"
            ))
        })?;
        let clock = parse_clock(clock).map_err(bad)?;
        let rated = match rated {
            "rated" => true,
            "casual" => false,
            other => return Err(bad(format!("'{other}' is not rated or casual"))),
        };
        Ok(Spec {
            size,
            edition,
            clock,
            rated,
        })
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.size,
            self.edition,
            self.clock,
            if self.rated { "rated" } else { "casual" }
        )
    }
}

/// Reads a clock: `minutes+seconds` (live, e.g. `5+3`; `0+…` is not a
/// clock) or `Nd` (turn-based, 1 to 14 days).
fn parse_clock(text: &str) -> Result<Clock, String> {
    if let Some(days) = text.strip_suffix('d') {
        let days: u32 = days
            .parse()
            .map_err(|_| format!("the clock '{text}' is not Nd, like 2d"))?;
        if !(1..=14).contains(&days) {
            return Err(format!("a turn-based clock is 1d to 14d, not {text}"));
        }
        return Ok(Clock::Days(days));
    }
    let (m, s) = text.split_once('+').ok_or_else(|| {
        format!("the clock '{text}' is neither minutes+seconds (5+3) nor Nd (2d)")
    })?;
    let (Ok(minutes), Ok(increment)) = (m.parse::<u32>(), s.parse::<u32>()) else {
        return Err(format!(
            "the clock '{text}' is not minutes+seconds, like 5+3"
        ));
    };
    if !(1..=180).contains(&minutes) || increment > 180 {
        return Err(format!(
            "a live clock is 1 to 180 minutes and 0 to 180 seconds added, not {text}"
        ));
    }
    Ok(Clock::Live {
        initial: minutes * 60,
        increment,
    })
}

/// Which of other players' challenges a bot takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// Every challenge (of a person; never another bot's).
    Any,
    /// Rated ones only.
    Rated,
    /// Casual ones only.
    Casual,
    /// None: the bot only plays its own challenges.
    None,
}

impl std::str::FromStr for Take {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Take, OptionError> {
        match text {
            "any" => Ok(Take::Any),
            "rated" => Ok(Take::Rated),
            "casual" => Ok(Take::Casual),
            "none" => Ok(Take::None),
            other => Err(OptionError(format!(
                "--take '{other}' is not any, rated, casual or none"
            ))),
        }
    }
}

impl Take {
    fn allows(self, rated: bool) -> bool {
        match self {
            Take::Any => true,
            Take::Rated => rated,
            Take::Casual => !rated,
            Take::None => false,
        }
    }
}

/// Reads a level's name: the engine's (`beginner`, `easy`, `medium`,
/// `hard`, `analysis`), and `expert` for the strongest, `analysis`.
///
/// # Errors
/// An [`OptionError`] naming the levels.
pub fn parse_level(text: &str) -> Result<Level, OptionError> {
    if text.eq_ignore_ascii_case("expert") {
        return Ok(Level::Analysis);
    }
    text.parse().map_err(|_| {
        OptionError(format!(
            "--level '{text}' is not beginner, easy, medium, hard, expert or analysis"
        ))
    })
}

/// What a bot does.
#[derive(Debug, Clone)]
pub struct Options {
    /// The server's address, `http://host:port/` (or `ws://…`), with the
    /// site's prefix if it has one.
    pub server: String,
    /// The bot's file: its key and its games (made if missing).
    pub keys: PathBuf,
    /// The name it plays under (shown with "BOT").
    pub name: String,
    /// The level it plays at.
    pub level: Level,
    /// The challenges it keeps posted.
    pub post: Vec<Spec>,
    /// Which challenges of others it takes.
    pub take: Take,
    /// Stop after this many games have ended (none: never).
    pub games: Option<u32>,
    /// Stop after this long (none: never).
    pub seconds: Option<u64>,
}

impl Options {
    /// Checks what can be checked before connecting.
    ///
    /// # Errors
    /// An [`OptionError`] saying which option is wrong.
    pub fn check(&self) -> Result<(), OptionError> {
        base_url(&self.server)?;
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 24 || name.chars().any(char::is_control) {
            return Err(OptionError(format!(
                "--name '{}' must be 1 to 24 characters, no control characters",
                self.name
            )));
        }
        if self.games == Some(0) {
            return Err(OptionError("--games must be at least 1".into()));
        }
        if self.post.is_empty() && self.take == Take::None {
            return Err(OptionError(
                "nothing to do: give --post SPEC or --take any|rated|casual".into(),
            ));
        }
        Ok(())
    }
}

/// The server's WebSocket base (`ws://host:port/prefix`, no trailing
/// slash) from its address.
///
/// # Errors
/// An address that is not `http://…` or `ws://…` (TLS is not spoken:
/// run a bot next to the server, or behind a local proxy).
pub fn base_url(server: &str) -> Result<String, OptionError> {
    let rest = server
        .strip_prefix("http://")
        .or_else(|| server.strip_prefix("ws://"))
        .ok_or_else(|| {
            OptionError(format!(
                "--server '{server}' must start with http:// or ws:// (https is not spoken: \
                 run the bot next to the server)"
            ))
        })?;
    let rest = rest.trim_end_matches('/');
    if rest.is_empty() || rest.contains(char::is_whitespace) {
        return Err(OptionError(format!("--server '{server}' has no host")));
    }
    Ok(format!("ws://{rest}"))
}

/// What a bot tells as it plays: one line per game begun and ended on
/// `games` (`game <id> begun: black <name> green <name>`, `game <id>
/// ended: <winner> <reason>`), everything else on `notes`.
pub trait Log: Send + Sync + 'static {
    /// A game begun or ended.
    fn game(&self, line: &str);
    /// Anything else (connections, refusals).
    fn note(&self, line: &str);
}

/// Game lines on stdout, notes on stderr (the CLI's log).
#[derive(Debug, Clone, Copy)]
pub struct StdLog;

impl Log for StdLog {
    fn game(&self, line: &str) {
        println!("{line}");
    }
    fn note(&self, line: &str) {
        eprintln!("bot: {line}");
    }
}

/// How a bot's run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Games begun.
    pub begun: u32,
    /// Games ended.
    pub ended: u32,
}

/// Why a bot cannot run at all (it never stops for a server that is away:
/// it waits and connects again).
#[derive(Debug)]
pub enum BotError {
    /// A bad option.
    Option(OptionError),
    /// The bot's file cannot be read or written.
    State(StateError),
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Option(e) => e.fmt(f),
            BotError::State(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BotError {}

/// What happened to a game, told by its room task to the bot.
#[derive(Debug)]
pub(crate) enum Event {
    /// The game began (both players in it).
    Begun,
    /// The game ended.
    Ended,
    /// A posted challenge's game cannot begin (refused for good).
    Dropped,
}

/// What every task of one bot shares.
pub(crate) struct Bot {
    pub(crate) options: Options,
    pub(crate) base: String,
    pub(crate) identity: Identity,
    pub(crate) state: Mutex<state::State>,
    pub(crate) log: Arc<dyn Log>,
    pub(crate) events: mpsc::UnboundedSender<(String, Event)>,
    /// Asks the bot to play a game in its room (a challenge posted or taken).
    pub(crate) spawn: mpsc::UnboundedSender<String>,
    /// Wakes the lobby task to post again.
    pub(crate) wake: tokio::sync::Notify,
    /// Set when the bot stops taking and posting.
    pub(crate) stopping: std::sync::atomic::AtomicBool,
}

impl Bot {
    pub(crate) fn stopping(&self) -> bool {
        self.stopping.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Waits after a lost connection: 0.5 s, then twice as long each time, at
/// most 5 s.
pub(crate) fn backoff(tries: u32) -> Duration {
    Duration::from_millis((500u64 << tries.min(4)).min(5_000))
}

/// Runs a bot until it is stopped (Ctrl-C), has played `games` games or
/// `seconds` have passed.
///
/// # Errors
/// A bad option, or a bot file that cannot be read or written.
pub async fn run(options: Options, log: Arc<dyn Log>) -> Result<Summary, BotError> {
    run_until(options, log, std::future::pending()).await
}

/// [`run`], also stopping when `stop` completes (for a server that runs
/// bots beside it, and for tests).
///
/// # Errors
/// As [`run`].
pub async fn run_until(
    options: Options,
    log: Arc<dyn Log>,
    stop: impl std::future::Future<Output = ()>,
) -> Result<Summary, BotError> {
    options.check().map_err(BotError::Option)?;
    let base = base_url(&options.server).map_err(BotError::Option)?;
    let (identity, state) = state::load(&options.keys).map_err(BotError::State)?;
    let (events, mut told) = mpsc::unbounded_channel();
    let (spawn, mut spawned) = mpsc::unbounded_channel();
    let resumed: Vec<String> = state.games.keys().cloned().collect();
    let bot = Arc::new(Bot {
        options,
        base,
        identity,
        state: Mutex::new(state),
        log,
        events,
        spawn,
        wake: tokio::sync::Notify::new(),
        stopping: false.into(),
    });
    let mut tasks = tokio::task::JoinSet::new();
    for id in resumed {
        bot.log.note(&format!("going on with game {id}"));
        tasks.spawn(room::play(bot.clone(), id));
    }
    let lobby = tokio::spawn(lobby::run(bot.clone()));
    let deadline = async {
        match bot.options.seconds {
            Some(s) => tokio::time::sleep(Duration::from_secs(s)).await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(deadline);
    tokio::pin!(stop);
    let mut summary = Summary { begun: 0, ended: 0 };
    loop {
        tokio::select! {
            () = &mut deadline => break,
            () = &mut stop => break,
            r = tokio::signal::ctrl_c() => {
                if r.is_ok() { break; }
            }
            Some(id) = spawned.recv() => {
                tasks.spawn(room::play(bot.clone(), id));
            }
            Some((_, event)) = told.recv() => {
                match event {
                    Event::Begun => summary.begun += 1,
                    Event::Ended => summary.ended += 1,
                    Event::Dropped => {}
                }
                if let Some(n) = bot.options.games {
                    if summary.begun >= n {
                        bot.stopping.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    if summary.ended >= n {
                        break;
                    }
                }
                bot.wake.notify_one();
            }
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
        }
    }
    bot.stopping
        .store(true, std::sync::atomic::Ordering::Relaxed);
    lobby.abort();
    tasks.abort_all();
    Ok(summary)
}

/// [`run`] on a runtime of its own, for a program that has none (the
/// CLI): game lines on stdout, notes on stderr.
///
/// # Errors
/// As [`run`], and a runtime that cannot start.
pub fn run_blocking(options: Options) -> Result<Summary, BotError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            BotError::State(StateError {
                path: options.keys.clone(),
                what: format!("cannot start: {e}"),
            })
        })?;
    runtime.block_on(run(options, Arc::new(StdLog)))
}
