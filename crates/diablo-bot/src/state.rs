//! The bot's file: its identity key and the keys of the games it is
//! playing (each game's own secret seed, as a page keeps them), written
//! again (to a temporary file, then renamed over) after every change, so a
//! bot killed at any moment goes on from its last move.

use base64::Engine as _;
use diablo_corr::Keys;
use ed25519_dalek::{Signer as _, SigningKey};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The format name written in every bot file.
const FORMAT: &str = "diablo-bot/1";

/// A bot's file that cannot be read or written.
#[derive(Debug)]
pub struct StateError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.what)
    }
}

impl std::error::Error for StateError {}

/// A bot's identity: its Ed25519 key, which signs its seats and posts.
pub struct Identity {
    signing: SigningKey,
    /// The public key as the wire spells it (43 base64url characters).
    pub key: String,
}

impl fmt::Debug for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({})", self.key)
    }
}

impl Identity {
    fn from_secret(secret: [u8; 32]) -> Identity {
        let signing = SigningKey::from_bytes(&secret);
        let key = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(signing.verifying_key().to_bytes());
        Identity { signing, key }
    }

    /// `text` signed, as the wire spells a sig (86 base64url characters).
    #[must_use]
    pub fn sign(&self, text: &str) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(self.signing.sign(text.as_bytes()).to_bytes())
    }

    /// The identity a bot file holds (made, with the file, if missing).
    ///
    /// # Errors
    /// The file cannot be read, written or understood.
    pub fn of_file(path: &Path) -> Result<Identity, StateError> {
        load(path).map(|(identity, _)| identity)
    }
}

/// One game the bot plays.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// The bot's keys for the game, with the last link it holds.
    pub(crate) keys: Keys,
    /// The lobby post of its challenge, while nobody has taken it.
    pub(crate) post: Option<serde_json::Value>,
    /// The words of the `--post` it was made for (`8 standard 5+3 rated`).
    #[serde(default)]
    pub(crate) spec: Option<String>,
    /// Whether both players are in it.
    pub(crate) begun: bool,
}

/// The games of a bot, as kept in its file.
#[derive(Debug, Default)]
pub(crate) struct State {
    path: PathBuf,
    secret: String,
    pub(crate) games: BTreeMap<String, Entry>,
}

#[derive(Serialize, Deserialize)]
struct File {
    format: String,
    secret: String,
    #[serde(default)]
    games: BTreeMap<String, Entry>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// Reads a bot's file, or makes one with a new key.
pub(crate) fn load(path: &Path) -> Result<(Identity, State), StateError> {
    let err = |what: String| StateError {
        path: path.to_path_buf(),
        what,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut secret = [0u8; 32];
            getrandom::fill(&mut secret)
                .map_err(|e| err(format!("the system's random source failed: {e}")))?;
            let state = State {
                path: path.to_path_buf(),
                secret: hex(&secret),
                games: BTreeMap::new(),
            };
            state.save().map_err(|e| err(e.what))?;
            return Ok((Identity::from_secret(secret), state));
        }
        Err(e) => return Err(err(format!("cannot read: {e}"))),
    };
    let file: File =
        serde_json::from_str(&text).map_err(|e| err(format!("not a bot file: {e}")))?;
    if file.format != FORMAT {
        return Err(err(format!("format '{}' is not {FORMAT}", file.format)));
    }
    let secret =
        unhex32(&file.secret).ok_or_else(|| err("the secret is not 64 hex digits".into()))?;
    for (id, entry) in &file.games {
        if entry.keys.game_hex() != id {
            return Err(err(format!("game {id} holds the keys of another game")));
        }
    }
    Ok((
        Identity::from_secret(secret),
        State {
            path: path.to_path_buf(),
            secret: file.secret,
            games: file.games,
        },
    ))
}

impl State {
    /// Writes the file again (a temporary file renamed over it).
    pub(crate) fn save(&self) -> Result<(), StateError> {
        let err = |what: String| StateError {
            path: self.path.clone(),
            what,
        };
        let file = File {
            format: FORMAT.into(),
            secret: self.secret.clone(),
            games: self.games.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| err(e.to_string()))?;
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".tmp");
        std::fs::write(&tmp, text).map_err(|e| err(format!("cannot write: {e}")))?;
        std::fs::rename(&tmp, &self.path).map_err(|e| err(format!("cannot write: {e}")))
    }
}
