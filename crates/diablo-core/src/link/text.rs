//! The readable form of a share link: `record=<percent-encoded text
//! record>[&view=<n>]`.

use super::{GameLink, LinkError, RECORD_PREFIX, TurnError};
use crate::{Record, RecordError, RecordErrorKind};

/// The readable link: `record=` and the percent-encoded text record, then
/// `&view=<n>` unless the last position is viewed.
#[must_use]
pub fn encode_text(record: &Record, view: usize) -> String {
    let mut out = String::from(RECORD_PREFIX);
    for b in record.to_string().bytes() {
        if b.is_ascii_alphanumeric() || b"-._~,:/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    if view < record.turns().len() {
        out.push_str(&format!("&view={view}"));
    }
    out
}

/// Reads the part after `record=`; `offset` is its position in the link.
pub(super) fn decode_text(rest: &str, offset: usize) -> Result<GameLink, LinkError> {
    let mut parts = rest.split('&');
    let text = percent_decode(parts.next().unwrap_or(""), offset)?;
    let mut view = None;
    for p in parts {
        let n = p.strip_prefix("view=").and_then(|v| {
            let ok = !v.is_empty() && v.len() <= 9 && v.bytes().all(|c| c.is_ascii_digit());
            ok.then(|| v.parse::<usize>().ok()).flatten()
        });
        match n {
            Some(n) if view.is_none() => view = Some(n),
            _ => return Err(LinkError::BadParameter(p.to_string())),
        }
    }
    let record: Record = text
        .parse()
        .map_err(|e: RecordError| text_error(&text, e))?;
    let turns = record.turns().len();
    match view {
        Some(v) if v > turns => Err(LinkError::ViewOutOfRange { view: v, turns }),
        v => Ok(GameLink {
            record,
            view: v.unwrap_or(turns),
        }),
    }
}

/// A record error: on a turn line (with the valid lines before it), or not.
fn text_error(text: &str, e: RecordError) -> LinkError {
    use RecordErrorKind as K;
    if matches!(
        e.kind,
        K::Roll(_) | K::Turn(_) | K::Play(_) | K::Line(_) | K::HeaderAfterTurns
    ) {
        let before: Vec<&str> = text.lines().take(e.line.saturating_sub(1)).collect();
        if let Ok(valid) = before.join("\n").parse::<Record>() {
            return LinkError::BadTurn {
                number: valid.turns().len() + 1,
                reason: TurnError::Text(e),
                valid: Box::new(valid),
            };
        }
    }
    LinkError::Record(e)
}

fn percent_decode(s: &str, offset: usize) -> Result<String, LinkError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = |j: usize| b.get(j).and_then(|&c| char::from(c).to_digit(16));
                match (hex(i + 1), hex(i + 2)) {
                    // Two hex digits make one byte.
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => return Err(LinkError::BadEscape(offset + s[..i].chars().count() + 1)),
                }
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| LinkError::NotUtf8)
}
