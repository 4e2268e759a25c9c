//! Power-of-two radices `2^bits` (`bits` in 1..=8): each digit is a field of `bits` bits, so
//! both directions are linear bit slicing with no multiplication.

use alloc::vec::Vec;

use super::DigitSet;

/// The normalised limbs of the valid big-endian digits `s` in radix `2^bits`.
pub(super) fn parse<D: DigitSet>(s: &[u8], bits: u32) -> Vec<u64> {
    let s = &s[s.iter().position(|&b| b != D::ZERO).unwrap_or(s.len())..];
    let mut out = Vec::with_capacity((s.len() * bits as usize).div_ceil(64));
    // `acc` holds the low `fill` bits of the limb being built (`fill < 64` between digits).
    let mut acc = 0u64;
    let mut fill = 0u32;
    for &b in s.iter().rev() {
        let d = D::value(b) as u64;
        acc |= d << fill;
        fill += bits;
        if fill >= 64 {
            out.push(acc);
            fill -= 64;
            // The high `fill` bits of this digit spill into the next limb.
            acc = if fill == 0 { 0 } else { d >> (bits - fill) };
        }
    }
    if fill > 0 {
        out.push(acc);
    }
    let n = crate::bigint::mpn::normalized_len(&out);
    out.truncate(n);
    out
}

/// Writes the digit values of `a` in radix `2^bits` into `out`, which holds exactly
/// `ceil(bit_length(a) / bits)` digits.
pub(super) fn write(a: &[u64], bits: u32, out: &mut [u8]) {
    let mask = (1u64 << bits) - 1;
    let mut pos = 0usize;
    for d in out.iter_mut().rev() {
        let (i, off) = (pos / 64, (pos % 64) as u32);
        let mut v = a[i] >> off;
        if off + bits > 64 && i + 1 < a.len() {
            v |= a[i + 1] << (64 - off);
        }
        *d = (v & mask) as u8;
        pos += bits as usize;
    }
}
