//! A player's keys for one game: the secret seed of their hash chain, kept
//! in their key file or browser and never sent.

use crate::{CorrError, Game, GameId, Header, Role, Value, crypto};
use serde::{Deserialize, Serialize};

/// The format name written in every key file.
const FORMAT: &str = "diablo-corr-key/1";

/// One player's keys for one game, with the last link of the game they
/// have seen or sent. Stored as JSON (`Keys::to_json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keys {
    format: String,
    /// The game id, 32 hexadecimal digits.
    game: String,
    /// Which player these keys are.
    pub role: Role,
    /// The secret seed, 64 hexadecimal digits.
    seed: String,
    /// The last link of the game this player has seen or sent.
    pub link: String,
}

impl Keys {
    pub(crate) fn new(id: GameId, role: Role, seed: [u8; 32]) -> Keys {
        Keys {
            format: FORMAT.to_string(),
            game: hex(&id),
            role,
            seed: hex(&seed),
            link: String::new(),
        }
    }

    pub(crate) fn with_link(mut self, game: &Game) -> Keys {
        self.link = game.encode();
        self
    }

    /// These keys with `game`'s link stored as the latest.
    #[must_use]
    pub fn updated(&self, game: &Game) -> Keys {
        self.clone().with_link(game)
    }

    pub(crate) fn id(&self) -> Result<GameId, CorrError> {
        unhex(&self.game)
            .ok_or_else(|| CorrError::BadKeys("the game id is not 32 hex digits".into()))
    }

    fn seed(&self) -> [u8; 32] {
        unhex(&self.seed).unwrap_or([0; 32])
    }

    /// The salt that shows an invitation made with these keys was bound to
    /// its maker ([`Game::invite_owned`], [`Game::owned_by`]). Public once
    /// given: it reveals nothing of the seed.
    #[must_use]
    pub fn owner_salt(&self) -> [u8; 16] {
        crypto::owner_salt(&self.seed())
    }

    /// The game id, as written in the key file.
    #[must_use]
    pub fn game_hex(&self) -> &str {
        &self.game
    }

    /// The value of index `k` of this player's chain.
    pub(crate) fn value(&self, header: &Header, k: u32) -> Value {
        let id = self.id().unwrap_or([0; 16]);
        let top = crypto::chain_top(&id, self.role, &self.seed());
        crypto::chain_value(&id, self.role, top, header.chain_len(), k)
    }

    /// The key file text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a key file.
    ///
    /// # Errors
    /// [`CorrError::BadKeys`] saying what is wrong.
    pub fn from_json(text: &str) -> Result<Keys, CorrError> {
        let keys: Keys =
            serde_json::from_str(text).map_err(|e| CorrError::BadKeys(e.to_string()))?;
        if keys.format != FORMAT {
            return Err(CorrError::BadKeys(format!(
                "format '{}' is not {FORMAT}",
                keys.format
            )));
        }
        keys.id()?;
        if unhex::<32>(&keys.seed).is_none() {
            return Err(CorrError::BadKeys("the seed is not 64 hex digits".into()));
        }
        Ok(keys)
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

pub(crate) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let b = text.as_bytes();
    if b.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (i, pair) in b.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(s, 16).ok()?;
    }
    Some(out)
}
