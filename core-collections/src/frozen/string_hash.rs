//! Hashing of string keys and of fixed slices of them, optionally folded to ASCII lower case.
//!
//! A slice of 1 to 8 bytes is packed into one word without loss (for a given length): four or
//! more bytes as two overlapping 4-byte loads, fewer as the first, middle and last byte. Whole
//! strings are hashed 16 bytes at a time with a folded multiply, the tail read as an
//! overlapping 16-byte window. Folding lower-cases the ASCII letters of each loaded word with
//! a SWAR test, so the case-insensitive maps hash exactly as the others do, on folded words.

use super::str_table::mid_words;
use crate::hash::folded_multiply;

const K0: u64 = 0x9e37_79b9_7f4a_7c15;
const K1: u64 = 0xd6e8_feb8_6659_fd93;

/// Lower-cases the ASCII letters among the eight bytes of `x`; other bytes are unchanged.
#[inline(always)]
pub(crate) const fn fold_word(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low = x & LOW7;
    // Per byte, no carries: the high bit says `low >= b'A'`, resp. `low > b'Z'`.
    let at_least_a = low + 0x3f3f_3f3f_3f3f_3f3f;
    let above_z = low + 0x2525_2525_2525_2525;
    let upper = at_least_a & !above_z & !x & HIGH;
    x | (upper >> 2)
}

#[inline(always)]
const fn fold<const FOLD: bool>(x: u64) -> u64 {
    if FOLD {
        fold_word(x)
    } else {
        x
    }
}

#[inline(always)]
pub(crate) fn read_u32(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(w) as u64
}

#[inline(always)]
pub(crate) fn read_u64(b: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Packs up to 8 bytes into a word; injective among slices of one length.
///
/// Never `u64::MAX` for bytes of a `str`: UTF-8 has no `0xff` byte.
#[inline(always)]
pub(crate) fn short_word<const FOLD: bool>(b: &[u8]) -> u64 {
    let n = b.len();
    let w = if n >= 4 {
        read_u32(b, 0) | (read_u32(b, n - 4) << 32)
    } else if n > 0 {
        b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16
    } else {
        0
    };
    fold::<FOLD>(w)
}

/// The hash of a packed slice word.
#[inline(always)]
pub(crate) const fn hash_word(w: u64, seed: u64) -> u64 {
    folded_multiply(w ^ seed, K0)
}

/// The hash of a whole byte string (inlined up to 16 bytes; longer strings call
/// [`hash_long`]).
#[inline(always)]
pub(crate) fn hash_bytes<const FOLD: bool>(b: &[u8], seed: u64) -> u64 {
    let n = b.len();
    if n <= 8 {
        return folded_multiply(short_word::<FOLD>(b) ^ seed, K0 ^ n as u64);
    }
    if n <= 16 {
        let (a, c) = (read_u64(b, 0), read_u64(b, n - 8));
        let s = folded_multiply(fold::<FOLD>(a) ^ seed, fold::<FOLD>(c) ^ K1);
        return folded_multiply(s ^ n as u64, K0);
    }
    hash_long::<FOLD>(b, seed)
}

/// The hash of a key's length `n` and edge words `(a, z)` (see
/// [`edges`](super::str_table::edges)): one folded multiply.
#[inline(always)]
pub(crate) const fn hash_edges(a: u64, z: u64, n: usize, seed: u64) -> u64 {
    folded_multiply(a ^ seed, z ^ K1 ^ (n as u64).rotate_right(8))
}

/// The hash of a byte string of 8 to 32 bytes whose first and last 8 bytes are `(a, z)`
/// (folded if `FOLD`), without a branch on the length: words at 8 and 16 (clamped to the
/// end) complete the cover, and two independent folded multiplies mix the four.
///
/// # Panics
/// If `b` has fewer than 8 bytes.
#[inline(always)]
pub(crate) fn hash_words<const FOLD: bool>(b: &[u8], e: (u64, u64), seed: u64) -> u64 {
    hash_mid(e, mid_words::<FOLD>(b), b.len(), seed)
}

/// [`hash_words`] of a key of `n` bytes whose edges and [`mid_words`] are known.
#[inline(always)]
pub(crate) const fn hash_mid((a, z): (u64, u64), [x, y]: [u64; 2], n: usize, seed: u64) -> u64 {
    folded_multiply(a ^ seed, x ^ K1) ^ folded_multiply(y ^ seed ^ n as u64, z ^ K0)
}

/// [`hash_bytes`] of more than 16 bytes.
#[inline(never)]
fn hash_long<const FOLD: bool>(b: &[u8], seed: u64) -> u64 {
    let n = b.len();
    let mut s = seed;
    let mut at = 0;
    while at + 16 < n {
        s = folded_multiply(
            fold::<FOLD>(read_u64(b, at)) ^ s,
            fold::<FOLD>(read_u64(b, at + 8)) ^ K1,
        );
        at += 16;
    }
    // The last (up to) 16 bytes, as a window that may overlap what came before.
    let tail = n.saturating_sub(16);
    let (a, c) = if n >= 16 {
        (read_u64(b, tail), read_u64(b, n - 8))
    } else {
        (read_u64(b, 0), read_u64(b, n - 8))
    };
    s = folded_multiply(fold::<FOLD>(a) ^ s, fold::<FOLD>(c) ^ K1);
    folded_multiply(s ^ n as u64, K0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_word_lowers_ascii_letters_only() {
        for b in 0..=255u8 {
            let w = u64::from_le_bytes([b, b'A', b'z', 0x80, b'@', b'[', b'Z', 0xc1]);
            let mut want = w.to_le_bytes();
            want.iter_mut().for_each(|x| *x = x.to_ascii_lowercase());
            assert_eq!(fold_word(w), u64::from_le_bytes(want), "byte {b:#x}");
        }
    }

    #[test]
    fn folded_hashes_ignore_ascii_case() {
        let text = "Hello-WORLD_abcXYZ0123456789/Path/To/Somewhere";
        for i in 0..text.len() {
            let (a, b) = (&text[i..], text[i..].to_ascii_lowercase());
            assert_eq!(hash_bytes::<true>(a.as_bytes(), 7), hash_bytes::<false>(b.as_bytes(), 7));
            let cut = a.len().min(8);
            assert_eq!(
                short_word::<true>(&a.as_bytes()[..cut]),
                short_word::<false>(&b.as_bytes()[..cut])
            );
        }
    }

    #[test]
    fn short_words_are_injective_per_length() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..=0xffffu32 {
            let b = x.to_le_bytes();
            for n in 1..=3 {
                seen.insert((n, short_word::<false>(&[b[0], b[1], b[0] ^ b[1]][..n])));
            }
        }
        assert_eq!(seen.len(), 256 + 65536 + 65536);
    }
}
