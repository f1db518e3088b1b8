//! Who speaks: a player's key and signatures (docs/live.md).
//!
//! A **key** is a 32-byte Ed25519 public key in base64url without padding
//! (43 characters); a **sig** a 64-byte Ed25519 signature in base64url
//! without padding (86 characters) over the UTF-8 bytes of a text that
//! names what is signed ("diablo hook " + link, "diablo withdraw " + game
//! id + " " + the lobby connection's nonce, "diablo seat " + game id +
//! " " + nonce). The browser makes the key
//! pair with WebCrypto; the private key never leaves it.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ed25519_dalek::{Signature, VerifyingKey};
use serde::{Deserialize, Serialize};

/// Longest player name, in characters.
pub const NAME_CHARS: usize = 24;

/// Why a key, a signature or a name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    /// Not 43 base64url characters of a valid Ed25519 public key.
    Key,
    /// Not 86 base64url characters of a signature.
    Sig,
    /// A well-formed signature that does not sign this text with this key.
    Forged,
    /// An empty name, one over [`NAME_CHARS`], or one with control
    /// characters.
    Name,
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            KeyError::Key => "the key is not 43 base64url characters of an Ed25519 public key",
            KeyError::Sig => "the sig is not 86 base64url characters of an Ed25519 signature",
            KeyError::Forged => "the signature does not sign this text with this key",
            KeyError::Name => {
                "a name is 1 to 24 characters, none of them control, direction or invisible characters"
            }
        })
    }
}

impl std::error::Error for KeyError {}

/// A player's public key, checked to be a valid Ed25519 point.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Key {
    text: String,
    key: VerifyingKey,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Key({})", self.text)
    }
}

impl Key {
    /// Reads a key as the wire spells it.
    ///
    /// # Errors
    /// [`KeyError::Key`].
    pub fn parse(text: &str) -> Result<Key, KeyError> {
        if text.len() != 43 {
            return Err(KeyError::Key);
        }
        let mut bytes = [0u8; 32];
        let n = URL_SAFE_NO_PAD
            .decode_slice(text, &mut bytes)
            .map_err(|_| KeyError::Key)?;
        if n != 32 {
            return Err(KeyError::Key);
        }
        let key = VerifyingKey::from_bytes(&bytes).map_err(|_| KeyError::Key)?;
        // One spelling per key: the canonical encoding only.
        if URL_SAFE_NO_PAD.encode(bytes) != text {
            return Err(KeyError::Key);
        }
        Ok(Key {
            text: text.to_string(),
            key,
        })
    }

    /// The key as the wire spells it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Checks that `sig` (86 base64url characters) signs `text` with this
    /// key (strict verification: no malleable or small-order forms).
    ///
    /// # Errors
    /// [`KeyError::Sig`] for a sig that is not one, [`KeyError::Forged`]
    /// for one that does not sign `text` with this key.
    pub fn verify(&self, text: &str, sig: &str) -> Result<(), KeyError> {
        if sig.len() != 86 {
            return Err(KeyError::Sig);
        }
        let mut bytes = [0u8; 64];
        let n = URL_SAFE_NO_PAD
            .decode_slice(sig, &mut bytes)
            .map_err(|_| KeyError::Sig)?;
        if n != 64 || URL_SAFE_NO_PAD.encode(bytes) != sig {
            return Err(KeyError::Sig);
        }
        let signature = Signature::from_bytes(&bytes);
        self.key
            .verify_strict(text.as_bytes(), &signature)
            .map_err(|_| KeyError::Forged)
    }
}

impl TryFrom<String> for Key {
    type Error = KeyError;
    fn try_from(text: String) -> Result<Key, KeyError> {
        Key::parse(&text)
    }
}

impl From<Key> for String {
    fn from(key: Key) -> String {
        key.text
    }
}

/// A player as the wire names them: key and chosen name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's key.
    pub key: Key,
    /// The name they chose (checked by [`check_name`]).
    pub name: String,
}

/// A name as kept: trimmed and in Unicode's composed form (NFC), if it
/// is then 1 to [`NAME_CHARS`] characters with no control, line or
/// paragraph separator, direction (bidi) or invisible character (zero
/// width, joiners, fillers), so that two names that look alike are
/// alike. `web/lib/identity.js` refuses the same.
///
/// # Errors
/// [`KeyError::Name`].
pub fn check_name(name: &str) -> Result<String, KeyError> {
    use unicode_normalization::UnicodeNormalization as _;
    let name: String = name.trim().nfc().collect();
    let chars = name.chars().count();
    if chars == 0 || chars > NAME_CHARS || name.chars().any(hidden) {
        return Err(KeyError::Name);
    }
    Ok(name)
}

/// A name as compared with others: in compatibility form (NFKC, so a
/// full-width "Ａｎｎ" is "Ann") and lower case. Two players' names are
/// the same name when these are equal.
#[must_use]
pub fn fold(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization as _;
    name.trim().nfkc().flat_map(char::to_lowercase).collect()
}

/// A character a name may not hold: one that is not shown, or that
/// changes how the text around it is shown.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer as _, SigningKey};

    fn pair(seed: u8) -> (SigningKey, Key) {
        let signing = SigningKey::from_bytes(&[seed; 32]);
        let text = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_bytes());
        let key = Key::parse(&text).expect("a key just made");
        (signing, key)
    }

    fn sign(signing: &SigningKey, text: &str) -> String {
        URL_SAFE_NO_PAD.encode(signing.sign(text.as_bytes()).to_bytes())
    }

    #[test]
    fn a_signature_holds_for_its_own_text_and_key_only() {
        let (a, ka) = pair(1);
        let (_, kb) = pair(2);
        let sig = sign(&a, "diablo seat 00 11");
        assert_eq!(ka.verify("diablo seat 00 11", &sig), Ok(()));
        assert_eq!(ka.verify("diablo seat 00 12", &sig), Err(KeyError::Forged));
        assert_eq!(kb.verify("diablo seat 00 11", &sig), Err(KeyError::Forged));
        let mut altered = sig.into_bytes();
        altered[10] = if altered[10] == b'A' { b'B' } else { b'A' };
        let altered = String::from_utf8(altered).expect("ascii");
        assert!(ka.verify("diablo seat 00 11", &altered).is_err());
    }

    #[test]
    fn malformed_keys_and_sigs_are_refused() {
        let (a, ka) = pair(3);
        assert_eq!(Key::parse(""), Err(KeyError::Key));
        assert_eq!(Key::parse(&"A".repeat(44)), Err(KeyError::Key));
        assert_eq!(Key::parse(&"!".repeat(43)), Err(KeyError::Key));
        // A padded spelling is not the wire's.
        assert_eq!(Key::parse(&format!("{}=", ka.as_str())), Err(KeyError::Key));
        let sig = sign(&a, "x");
        assert_eq!(ka.verify("x", &sig[..85]), Err(KeyError::Sig));
        assert_eq!(ka.verify("x", &"*".repeat(86)), Err(KeyError::Sig));
    }

    #[test]
    fn names_that_read_alike_fold_alike() {
        assert_eq!(fold("Ann"), fold("ANN"));
        assert_eq!(fold("Ann"), fold("\u{FF21}\u{FF4E}\u{FF4E}"));
        assert_eq!(fold(" Zoë "), fold("zoe\u{0308}"));
        assert_ne!(fold("Ann"), fold("Anne"));
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(check_name("  Ann "), Ok("Ann".into()));
        assert_eq!(check_name(""), Err(KeyError::Name));
        assert_eq!(check_name("   "), Err(KeyError::Name));
        assert_eq!(check_name(&"é".repeat(24)), Ok("é".repeat(24)));
        assert_eq!(check_name(&"é".repeat(25)), Err(KeyError::Name));
        assert_eq!(check_name("a\u{0}b"), Err(KeyError::Name));
        // Direction and invisible characters: a name that looks like
        // another's, or turns the text after it around.
        for bad in [
            "Ann\u{200B}",
            "A\u{200D}nn",
            "\u{202E}nnA",
            "Ann\u{2066}",
            "\u{FEFF}Ann",
            "An\u{00AD}n",
            "\u{3164}",
            "An\u{2028}n",
        ] {
            assert_eq!(check_name(bad), Err(KeyError::Name), "{bad:?}");
        }
        // Composed: "e" + a combining acute is kept as "é", one character.
        assert_eq!(check_name("Rene\u{301}"), Ok("Ren\u{e9}".into()));
        assert_eq!(
            check_name(&"e\u{301}".repeat(24)).map(|n| n.chars().count()),
            Ok(24)
        );
        assert_eq!(check_name("Żółw 🐢"), Ok("Żółw 🐢".into()));
    }
}
