//! The bytes of a correspondence link and its text form (base64url).
//!
//! ```text
//! link    = "c" base64url( payload check )
//! payload = format flags nonce message*
//! message = kind value [ name-length name [ bound ] | varint(turn index) ]
//! check   = first 4 bytes of SHA-256("diablo-corr/1 check" payload)
//! ```

use crate::{Body, CorrError, FORMAT, Header, MAX_NAME, Message, PREFIX, VALUE_LEN, Value};
use diablo_core::link::base64url::{self, Base64Error};
use diablo_core::{Color, Edition};
use sha2::{Digest, Sha256};

const HEADER_LEN: usize = 18;
const CHECK_LEN: usize = 4;

const KIND_JOIN: u8 = 0;
const KIND_START: u8 = 1;
const KIND_TURN: u8 = 2;
const KIND_RESIGN: u8 = 3;
/// A join bound to a statement of who sends it: the name, then 16 bytes.
const KIND_JOIN_BOUND: u8 = 4;

/// A message as read, before its turn index is turned into a turn (that
/// needs the game up to it).
pub(crate) struct RawMessage {
    pub(crate) value: Value,
    pub(crate) body: RawBody,
    /// Where its bytes lie in the payload, to compare with a stored game
    /// without re-encoding.
    pub(crate) span: std::ops::Range<usize>,
}

/// A link as read: its header, its messages and the bytes they lie in.
pub(crate) struct RawLink {
    pub(crate) header: Header,
    pub(crate) messages: Vec<RawMessage>,
    pub(crate) payload: Vec<u8>,
}

pub(crate) enum RawBody {
    Join(String, Option<[u8; 16]>),
    Start,
    Turn(u32),
    Resign,
}

pub(crate) fn header_bytes(h: &Header) -> Vec<u8> {
    let mut flags = h.size / 2 - 1;
    flags |= match h.edition {
        Edition::Standard => 0,
        Edition::Sequenced => 1 << 4,
    };
    if h.inviter == Color::Green {
        flags |= 1 << 6;
    }
    let mut out = vec![FORMAT, flags];
    out.extend_from_slice(&h.nonce);
    out
}

pub(crate) fn message_bytes(m: &Message, turn_index: Option<u32>) -> Vec<u8> {
    let kind = match m.body {
        Body::Join { bound: None, .. } => KIND_JOIN,
        Body::Join { bound: Some(_), .. } => KIND_JOIN_BOUND,
        Body::Start => KIND_START,
        Body::Turn(_) => KIND_TURN,
        Body::Resign => KIND_RESIGN,
    };
    let mut out = vec![kind];
    out.extend_from_slice(&m.value);
    match &m.body {
        Body::Join { name, bound } => {
            out.push(u8::try_from(name.len()).unwrap_or(u8::MAX));
            out.extend_from_slice(name.as_bytes());
            if let Some(b) = bound {
                out.extend_from_slice(b);
            }
        }
        Body::Turn(_) => write_varint(&mut out, turn_index.unwrap_or(0)),
        Body::Start | Body::Resign => {}
    }
    out
}

fn check(payload: &[u8]) -> [u8; CHECK_LEN] {
    let mut h = Sha256::new();
    h.update(b"diablo-corr/1 check");
    h.update(payload);
    let d: [u8; 32] = h.finalize().into();
    [d[0], d[1], d[2], d[3]]
}

pub(crate) fn encode(h: &Header, messages: &[Vec<u8>]) -> String {
    let mut payload = header_bytes(h);
    for m in messages {
        payload.extend_from_slice(m);
    }
    seal(&payload)
}

/// The link of a payload (header and messages): with its checksum, as
/// text.
pub fn seal(payload: &[u8]) -> String {
    let mut all = payload.to_vec();
    all.extend_from_slice(&check(payload));
    let mut out = String::with_capacity(1 + all.len() * 4 / 3 + 2);
    out.push(PREFIX);
    base64url::encode(&all, &mut out);
    out
}

/// The bytes of a link's text, checksum included, not yet checked.
fn bytes_of(text: &str) -> Result<Vec<u8>, CorrError> {
    let t = link_text(text);
    if t.is_empty() {
        return Err(CorrError::Empty);
    }
    let Some(body) = t.strip_prefix(PREFIX) else {
        return Err(CorrError::NotCorrLink);
    };
    let bytes = base64url::decode(body).map_err(|e| match e {
        Base64Error::BadCharacter { index, found } => CorrError::BadCharacter {
            position: index + 2,
            found,
        },
        Base64Error::Length | Base64Error::StrayBits => {
            CorrError::Malformed("the link's length or last character is not possible")
        }
    })?;
    if bytes.len() < HEADER_LEN + CHECK_LEN {
        return Err(CorrError::Truncated("the header"));
    }
    Ok(bytes)
}

/// A link's payload (header and messages), its checksum not checked: for
/// tools and tests that alter links ([`seal`] makes one again).
///
/// # Errors
/// A text that is no correspondence link's.
pub fn payload(text: &str) -> Result<Vec<u8>, CorrError> {
    let mut bytes = bytes_of(text)?;
    bytes.truncate(bytes.len() - CHECK_LEN);
    Ok(bytes)
}

/// Finds the link in pasted text: a whole URL, a fragment or the link
/// itself, with white space around it.
fn link_text(text: &str) -> &str {
    let t = text.trim();
    let t = t.rsplit_once('#').map_or(t, |(_, after)| after);
    t.strip_prefix("corr=").unwrap_or(t)
}

pub(crate) fn decode(text: &str) -> Result<RawLink, CorrError> {
    let mut payload = bytes_of(text)?;
    let c = payload.split_off(payload.len() - CHECK_LEN);
    if check(&payload) != c[..] {
        return Err(CorrError::Checksum);
    }
    if payload[0] != FORMAT {
        return Err(CorrError::UnknownFormat(payload[0]));
    }
    let flags = payload[1];
    let half = flags & 0x0f;
    if half > 12 {
        return Err(CorrError::BadSize);
    }
    let edition = match (flags >> 4) & 0b11 {
        0 => Edition::Standard,
        1 => Edition::Sequenced,
        _ => return Err(CorrError::BadEdition),
    };
    if flags & 0x80 != 0 {
        return Err(CorrError::Malformed("a reserved bit is set"));
    }
    let mut nonce = [0u8; 16];
    nonce.copy_from_slice(&payload[2..HEADER_LEN]);
    let header = Header {
        size: (half + 1) * 2,
        edition,
        inviter: if flags & 0x40 != 0 {
            Color::Green
        } else {
            Color::Black
        },
        nonce,
    };
    let mut at = HEADER_LEN;
    let mut out = Vec::new();
    while at < payload.len() {
        let index = out.len();
        let start = at;
        let kind = payload[at];
        at += 1;
        let value: Value = payload
            .get(at..at + VALUE_LEN)
            .and_then(|s| s.try_into().ok())
            .ok_or(CorrError::Truncated("a message's value"))?;
        at += VALUE_LEN;
        let body = match kind {
            KIND_JOIN | KIND_JOIN_BOUND => {
                let &len = payload.get(at).ok_or(CorrError::Truncated("a name"))?;
                at += 1;
                let len = usize::from(len);
                if len > MAX_NAME {
                    return Err(CorrError::BadName { message: index });
                }
                let raw = payload
                    .get(at..at + len)
                    .ok_or(CorrError::Truncated("a name"))?;
                at += len;
                let name =
                    std::str::from_utf8(raw).map_err(|_| CorrError::BadName { message: index })?;
                let bound = if kind == KIND_JOIN_BOUND {
                    let b: [u8; 16] = payload
                        .get(at..at + 16)
                        .and_then(|s| s.try_into().ok())
                        .ok_or(CorrError::Truncated("a join's binding"))?;
                    at += 16;
                    Some(b)
                } else {
                    None
                };
                RawBody::Join(name.to_string(), bound)
            }
            KIND_START => RawBody::Start,
            KIND_TURN => RawBody::Turn(read_varint(&payload, &mut at)?),
            KIND_RESIGN => RawBody::Resign,
            _ => return Err(CorrError::Malformed("a message of an unknown kind")),
        };
        out.push(RawMessage {
            value,
            body,
            span: start..at,
        });
    }
    Ok(RawLink {
        header,
        messages: out,
        payload,
    })
}

fn write_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn read_varint(b: &[u8], at: &mut usize) -> Result<u32, CorrError> {
    let mut v: u64 = 0;
    for k in 0..5 {
        let &byte = b.get(*at).ok_or(CorrError::Truncated("a turn"))?;
        *at += 1;
        v |= u64::from(byte & 0x7f) << (7 * k);
        if byte & 0x80 == 0 {
            if k > 0 && byte == 0 {
                return Err(CorrError::Malformed(
                    "a number written with extra zero bytes",
                ));
            }
            return u32::try_from(v).map_err(|_| CorrError::Malformed("a number too large"));
        }
    }
    Err(CorrError::Malformed("a number too large"))
}
