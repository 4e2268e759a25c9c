//! Portable byte search: eight bytes a step in a 64-bit word (SWAR).
//!
//! Per needle `n`, `x = word ^ splat(n)` has a zero byte where the word holds `n`; the exact
//! zero-byte mask is `!(((x & 0x7f..) + 0x7f..) | x | 0x7f..)` (no borrow crosses bytes, so it
//! serves the reverse search too). Words are read little-endian: byte `k` is bits `8k..`.

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// 0x80 in each byte of `w` that equals one of `bytes`, else 0.
#[inline(always)]
fn matches<const N: usize>(w: u64, bytes: [u8; N]) -> u64 {
    let mut m = 0;
    for b in bytes {
        let x = w ^ u64::from_ne_bytes([b; 8]);
        m |= !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
    }
    m
}

#[inline(always)]
fn word(hay: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&hay[at..at + 8]);
    u64::from_le_bytes(w)
}

/// The first position of one of `bytes`.
#[inline(always)]
fn find<const N: usize>(hay: &[u8], bytes: [u8; N]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= hay.len() {
        let m = matches(word(hay, i), bytes);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    hay[i..].iter().position(|b| bytes.contains(b)).map(|k| i + k)
}

/// The last position of one of `bytes`.
#[inline(always)]
fn rfind<const N: usize>(hay: &[u8], bytes: [u8; N]) -> Option<usize> {
    let mut end = hay.len();
    while end >= 8 {
        let m = matches(word(hay, end - 8), bytes);
        if m != 0 {
            return Some(end - 8 + (7 - m.leading_zeros() / 8) as usize);
        }
        end -= 8;
    }
    hay[..end].iter().rposition(|b| bytes.contains(b))
}

pub(crate) fn find1(hay: &[u8], a: u8) -> Option<usize> {
    find(hay, [a])
}
pub(crate) fn find2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    find(hay, [a, b])
}
pub(crate) fn find3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    find(hay, [a, b, c])
}
pub(crate) fn rfind1(hay: &[u8], a: u8) -> Option<usize> {
    rfind(hay, [a])
}
pub(crate) fn rfind2(hay: &[u8], a: u8, b: u8) -> Option<usize> {
    rfind(hay, [a, b])
}
pub(crate) fn rfind3(hay: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    rfind(hay, [a, b, c])
}

/// The number of bytes equal to `b`: per word, the matches' high bits counted.
pub(crate) fn count(hay: &[u8], b: u8) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i + 8 <= hay.len() {
        total += matches(word(hay, i), [b]).count_ones() as usize;
        i += 8;
    }
    total + hay[i..].iter().filter(|&&x| x == b).count()
}

// --- sets: one bitmap test per byte or unit --------------------------------------------------

use crate::arch::generic::set::{Spec, Spec16};

/// The first byte of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_find(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
    hay.iter().position(|&b| spec.contains(b) != not)
}

/// The last byte of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_rfind(hay: &[u8], spec: &Spec, not: bool) -> Option<usize> {
    hay.iter().rposition(|&b| spec.contains(b) != not)
}

/// The number of bytes of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_count(hay: &[u8], spec: &Spec, not: bool) -> usize {
    hay.iter().filter(|&&b| spec.contains(b) != not).count()
}

/// Bit `j` set where `block[j]` is in `spec` (not in it when `not`), for its first 64 bytes.
pub(crate) fn set_mask64(block: &[u8], spec: &Spec, not: bool) -> u64 {
    let mut mask = 0;
    for (j, &b) in block.iter().take(64).enumerate() {
        mask |= ((spec.contains(b) != not) as u64) << j;
    }
    mask
}

/// The first unit of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_find16(hay: &[u16], spec: &Spec16, not: bool) -> Option<usize> {
    hay.iter().position(|&u| spec.contains(u) != not)
}

/// The last unit of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_rfind16(hay: &[u16], spec: &Spec16, not: bool) -> Option<usize> {
    hay.iter().rposition(|&u| spec.contains(u) != not)
}

/// The number of units of `hay` in `spec` (not in it when `not`).
pub(crate) fn set_count16(hay: &[u16], spec: &Spec16, not: bool) -> usize {
    hay.iter().filter(|&&u| spec.contains(u) != not).count()
}
