//! The byte-level pieces of the compact form: varints, the mixed-radix
//! number, base64url and CRC-32.

use super::{LinkError, VERSION};

pub(super) fn write_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

pub(super) fn read_varint(b: &[u8], at: &mut usize, field: &'static str) -> Result<u32, LinkError> {
    let mut v: u64 = 0;
    for k in 0..5 {
        let &byte = b.get(*at).ok_or(LinkError::Truncated(field))?;
        *at += 1;
        v |= u64::from(byte & 0x7f) << (7 * k);
        if byte & 0x80 == 0 {
            if k > 0 && byte == 0 {
                return Err(LinkError::Malformed(
                    "a number written with extra zero bytes",
                ));
            }
            return u32::try_from(v).map_err(|_| LinkError::Malformed("a number too large"));
        }
    }
    Err(LinkError::Malformed("a number too large"))
}

/// Choices of a game as (digit, radix), least significant first.
#[derive(Default)]
pub(super) struct Digits(Vec<(u32, u32)>);

impl Digits {
    pub(super) fn push(&mut self, digit: u32, radix: u32) {
        debug_assert!(digit < radix);
        self.0.push((digit, radix));
    }

    /// Pushes the index of `item` within the sorted `list`.
    pub(super) fn push_index<T: Ord>(&mut self, list: &[T], item: &T) -> Option<()> {
        let i = list.binary_search(item).ok()?;
        self.push(u32::try_from(i).ok()?, u32::try_from(list.len()).ok()?);
        Some(())
    }

    /// The number sum(d_i * prod_{j<i} r_j).
    pub(super) fn into_number(self) -> BigNum {
        let mut n = BigNum::default();
        for &(d, r) in self.0.iter().rev() {
            n.mul_add(r, d);
        }
        n
    }
}

/// An unsigned big number: little-endian 32-bit limbs, no zero limb on top.
#[derive(Default)]
pub(super) struct BigNum(Vec<u32>);

impl BigNum {
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    /// Divides by `radix` and returns the remainder: the next digit.
    pub(super) fn take(&mut self, radix: u32) -> u32 {
        if radix <= 1 {
            return 0;
        }
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*limb);
            *limb = (cur / u64::from(radix)) as u32;
            rem = cur % u64::from(radix);
        }
        self.trim();
        rem as u32
    }

    /// Takes a digit with the radix `list.len()` and returns that item.
    pub(super) fn take_from<T: Copy>(&mut self, list: &[T]) -> Option<T> {
        let i = self.take(u32::try_from(list.len()).ok()?);
        list.get(i as usize).copied()
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// Big-endian bytes, no leading zero byte (zero is no bytes).
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let bytes: Vec<u8> = self.0.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
        let skip = bytes.iter().take_while(|&&b| b == 0).count();
        bytes[skip..].to_vec()
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> BigNum {
        let mut limbs: Vec<u32> = bytes
            .rchunks(4)
            .map(|c| c.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b)))
            .collect();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        BigNum(limbs)
    }
}

/// The link body's bytes (base64url, [`super::base64url`]); the body starts
/// at link position 2 (after the version).
pub(super) fn base64_decode(body: &str) -> Result<Vec<u8>, LinkError> {
    use super::base64url::{Base64Error, decode};
    decode(body).map_err(|e| match e {
        Base64Error::BadCharacter { index, found } => LinkError::BadCharacter {
            position: index + 2,
            found,
        },
        Base64Error::Length => {
            LinkError::Truncated("last byte (one character too many or too few)")
        }
        Base64Error::StrayBits => LinkError::Malformed("the last character has stray bits"),
    })
}

const fn crc_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

const CRC_TABLE: [u32; 256] = crc_table();

/// CRC-32 (IEEE, as in zip and PNG) of the version character and `bytes`.
pub(super) fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in std::iter::once(&(VERSION as u8)).chain(bytes) {
        c = CRC_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        // CRC-32 of "123456789" is 0xCBF43926; ours prefixes the version '1'.
        assert_eq!(crc32(b"23456789"), 0xCBF4_3926);
    }

    #[test]
    fn mixed_radix_digits_come_back_in_order() {
        let digits = [(3, 7), (0, 1), (12, 13), (0, 2), (99_999, 100_000), (5, 6)];
        let mut d = Digits::default();
        for &(v, r) in &digits {
            d.push(v, r);
        }
        let mut n = BigNum::from_bytes(&d.into_number().to_bytes());
        for &(v, r) in &digits {
            assert_eq!(n.take(r), v);
        }
        assert!(n.is_zero());
    }
}
