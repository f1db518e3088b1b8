//! The hashing of the protocol: domain-separated SHA-256, the players'
//! hash chains and the derivation of a roll (`docs/correspondence.md`).

use crate::{GameId, Role, VALUE_LEN, Value};
use diablo_core::Roll;
use sha2::{Digest, Sha256};

/// SHA-256 of a domain tag followed by the parts, each part preceded by its
/// length (one byte; no part is longer than 255 bytes), so no two different
/// inputs hash the same text.
pub(crate) fn hash(tag: &str, parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"diablo-corr/1 ");
    h.update(tag.as_bytes());
    for part in parts {
        let len = u8::try_from(part.len()).unwrap_or(u8::MAX);
        h.update([len]);
        h.update(part);
    }
    h.finalize().into()
}

fn truncate(full: [u8; 32]) -> Value {
    let mut v = [0u8; VALUE_LEN];
    v.copy_from_slice(&full[..VALUE_LEN]);
    v
}

/// One step down a chain: the value that commits to `value`, which is the
/// value of index `k` (k >= 1) of `role`'s chain.
pub(crate) fn chain_step(id: &GameId, role: Role, k: u32, value: &Value) -> Value {
    truncate(hash(
        "chain",
        &[id, &[role.byte()], &k.to_be_bytes(), value],
    ))
}

/// The top of a player's chain (index `len`), from their secret seed.
pub(crate) fn chain_top(id: &GameId, role: Role, seed: &[u8; 32]) -> Value {
    truncate(hash("top", &[id, &[role.byte()], seed]))
}

/// The value of index `k` of a chain of length `len` whose top is `top`:
/// `len - k` steps down.
pub(crate) fn chain_value(id: &GameId, role: Role, top: Value, len: u32, k: u32) -> Value {
    let mut v = top;
    let mut i = len;
    while i > k {
        v = chain_step(id, role, i, &v);
        i -= 1;
    }
    v
}

/// The salt of an invitation bound to its maker, from the inviter's seed:
/// whoever holds the keys that play the game can give it, and it tells
/// nothing of the seed.
pub(crate) fn owner_salt(seed: &[u8; 32]) -> [u8; 16] {
    truncate(hash("owner salt", &[seed]))
}

/// The nonce of an invitation bound to `statement` (who makes it, on which
/// terms) by `salt`. The statement's length is two bytes here, so a
/// statement of any length up to 64 KiB hashes unambiguously.
pub(crate) fn owned_nonce(salt: &[u8; 16], statement: &str) -> [u8; 16] {
    let text = statement.as_bytes();
    let len = u16::try_from(text.len()).unwrap_or(u16::MAX);
    let mut h = Sha256::new();
    h.update(b"diablo-corr/1 owner");
    h.update(salt);
    h.update(len.to_be_bytes());
    h.update(&text[..usize::from(len)]);
    truncate(h.finalize().into())
}

/// The game id: a hash of the invitation's header bytes.
pub(crate) fn game_id(header: &[u8]) -> GameId {
    truncate(hash("game", &[header]))
}

/// The transcript hash after one more message.
pub(crate) fn transcript(prev: &[u8; 32], message: &[u8]) -> [u8; 32] {
    // The message's length (8 bytes) comes first, so the boundary between
    // the previous hash and the message is never ambiguous.
    let mut h = Sha256::new();
    h.update(b"diablo-corr/1 transcript");
    h.update(prev);
    h.update((message.len() as u64).to_be_bytes());
    h.update(message);
    h.finalize().into()
}

/// The roll of one turn: both players' values and everything before it,
/// hashed, read as dice of `faces` faces by rejection sampling (a byte is
/// used only when it is below the largest multiple of `faces` that fits in
/// 256, so every face is equally likely). More blocks are hashed, with a
/// counter, in the (rare) case 32 bytes are not enough.
pub(crate) fn derive_roll(
    id: &GameId,
    before: &[u8; 32],
    mover: &Value,
    other: &Value,
    faces: u8,
) -> Roll {
    let faces = faces.max(1);
    let limit = 256 - 256 % u16::from(faces);
    let mut dice = [0u8; 2];
    let mut got = 0;
    let mut counter: u32 = 0;
    loop {
        let block = hash("roll", &[id, before, mover, other, &counter.to_be_bytes()]);
        for &b in &block {
            if u16::from(b) < limit {
                dice[got] = b % faces + 1;
                got += 1;
                if got == 2 {
                    // Both dice are in 1..=faces, which Roll accepts.
                    return Roll::new(dice[0], dice[1]).unwrap_or_else(|| unreachable!());
                }
            }
        }
        counter += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_is_the_standard_one() {
        // FIPS 180-2 test vector: SHA-256("abc").
        let d: [u8; 32] = Sha256::digest(b"abc").into();
        assert_eq!(
            d[..4],
            [0xba, 0x78, 0x16, 0xbf],
            "sha2 must compute the standard SHA-256"
        );
    }

    #[test]
    fn a_chain_value_steps_down_to_the_one_below() {
        let id = [7u8; 16];
        let top = chain_top(&id, Role::Inviter, &[1u8; 32]);
        let v5 = chain_value(&id, Role::Inviter, top, 40, 5);
        let v4 = chain_value(&id, Role::Inviter, top, 40, 4);
        assert_eq!(chain_step(&id, Role::Inviter, 5, &v5), v4);
        assert_ne!(chain_step(&id, Role::Accepter, 5, &v5), v4);
        assert_eq!(chain_value(&id, Role::Inviter, top, 40, 40), top);
    }

    #[test]
    fn two_faced_dice_and_one_faced_dice_are_in_range() {
        for faces in 1..=13u8 {
            for i in 0..50u8 {
                let r = derive_roll(&[i; 16], &[0; 32], &[1; 16], &[2; 16], faces);
                let [a, b] = r.dice();
                assert!((1..=faces).contains(&a) && (1..=faces).contains(&b));
            }
        }
    }
}

#[cfg(test)]
mod uniformity {
    use super::*;

    /// Pearson's chi-square statistic of observed counts against a uniform
    /// expectation.
    fn chi_square(counts: &[u32]) -> f64 {
        let total: u32 = counts.iter().sum();
        let expected = f64::from(total) / counts.len() as f64;
        counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum()
    }

    fn rolls(faces: u8, samples: u32) -> Vec<u32> {
        let f = usize::from(faces);
        let mut counts = vec![0u32; f * f];
        for i in 0..samples {
            let mover = crate::crypto::hash("test mover", &[&i.to_be_bytes()]);
            let other = crate::crypto::hash("test other", &[&i.to_be_bytes()]);
            let r = derive_roll(
                &[9; 16],
                &[3; 32],
                &truncate(mover),
                &truncate(other),
                faces,
            );
            let [a, b] = r.dice();
            counts[usize::from(a - 1) * f + usize::from(b - 1)] += 1;
        }
        counts
    }

    #[test]
    fn ordered_rolls_are_uniform_on_every_die_size() {
        // Critical values of chi-square at p = 0.001 for F²-1 degrees of
        // freedom; a biased derivation (e.g. a plain `byte % F`, off by
        // 256 mod F) exceeds them by far at these sample sizes.
        for (faces, samples, critical) in [
            (2u8, 40_000u32, 16.27),
            (3, 40_000, 26.12),
            (4, 40_000, 37.70),
            (6, 60_000, 66.62),
            (13, 200_000, 228.0),
        ] {
            let counts = rolls(faces, samples);
            let x2 = chi_square(&counts);
            assert!(
                x2 < critical,
                "faces {faces}: chi-square {x2:.1} over {} cells (critical {critical})",
                counts.len()
            );
        }
    }

    #[test]
    fn a_modulo_derivation_would_fail_the_same_test() {
        // The test above can fail: reading bytes as `b % 13` without
        // rejection over-weights faces 1..9 (256 = 19*13 + 9).
        let mut counts = vec![0u32; 13];
        for i in 0..200_000u32 {
            let b = crate::crypto::hash("modulo", &[&i.to_be_bytes()])[0];
            counts[usize::from(b % 13)] += 1;
        }
        assert!(chi_square(&counts) > 32.9, "p = 0.001 for 12 d.o.f.");
    }

    #[test]
    fn the_opponents_value_decides_the_roll() {
        // With the mover's value and the history fixed, every roll can still
        // come out, depending on the value the opponent reveals: the mover
        // cannot know their roll before the opponent's link arrives.
        let faces = 4u8;
        let mut seen = std::collections::HashSet::new();
        for i in 0..400u32 {
            let other = truncate(crate::crypto::hash("o", &[&i.to_be_bytes()]));
            seen.insert(derive_roll(&[1; 16], &[2; 32], &[5; 16], &other, faces).dice());
        }
        assert_eq!(seen.len(), 16);
    }
}
