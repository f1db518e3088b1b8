//! Base64url without padding (RFC 4648 section 5): the text of every link,
//! share links here and correspondence links in `diablo-corr`. Written here
//! rather than taken from a crate: the game page loads this code at start,
//! and the `base64` crate added about 4 KB (gzip, before wasm-opt) to it.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a text is not base64url.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base64Error {
    /// A character outside the alphabet, at a 0-based character index.
    BadCharacter {
        /// The character's index in the text.
        index: usize,
        /// The character.
        found: char,
    },
    /// A length no whole number of bytes has (one character too many or
    /// too few).
    Length,
    /// The unused low bits of the last character are not zero.
    StrayBits,
}

/// Appends the base64url text of `bytes` to `out`.
pub fn encode(bytes: &[u8], out: &mut String) {
    for chunk in bytes.chunks(3) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | (u32::from(b) << (16 - 8 * i)));
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(v >> (18 - 6 * k)) as usize & 63]));
        }
    }
}

/// The bytes of a base64url text; only one text gives each byte string
/// (the unused bits of the last character must be zero).
///
/// # Errors
/// [`Base64Error`] saying what is wrong and where.
pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let mut sextets = Vec::with_capacity(text.len());
    for (index, c) in text.chars().enumerate() {
        match ALPHABET.iter().position(|&b| char::from(b) == c) {
            Some(v) => sextets.push(v as u32),
            None => return Err(Base64Error::BadCharacter { index, found: c }),
        }
    }
    if sextets.len() % 4 == 1 {
        return Err(Base64Error::Length);
    }
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &s)| acc | (s << (18 - 6 * i)));
        let n = chunk.len() - 1;
        if v & ((1 << (24 - 8 * n)) - 1) != 0 {
            return Err(Base64Error::StrayBits);
        }
        out.extend((0..n).map(|k| (v >> (16 - 8 * k)) as u8));
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length() {
        for len in 0..20u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(97) ^ 0x5a).collect();
            let mut s = String::new();
            encode(&bytes, &mut s);
            assert_eq!(decode(&s), Ok(bytes));
        }
    }

    #[test]
    fn matches_rfc_4648_and_refuses_what_is_not_base64url() {
        let mut s = String::new();
        encode(b"foob\xfb\xff", &mut s);
        assert_eq!(s, "Zm9vYvv_");
        assert_eq!(decode("Zm9vYg"), Ok(b"foob".to_vec()));
        assert_eq!(
            decode("Zm9v+g"),
            Err(Base64Error::BadCharacter {
                index: 4,
                found: '+'
            })
        );
        assert_eq!(decode("Zm9vY"), Err(Base64Error::Length));
        // "Zh" would be 'f' with stray bits: only "Zg" spells it.
        assert_eq!(decode("Zh"), Err(Base64Error::StrayBits));
        assert_eq!(decode(""), Ok(Vec::new()));
    }
}
