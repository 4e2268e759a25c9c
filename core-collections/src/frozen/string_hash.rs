//! Hashing of string keys and of fixed slices of them, optionally folded to ASCII lower case.
//!
//! A slice of 1 to 8 bytes is packed into one word without loss (for a given length): four or
//! more bytes as two overlapping 4-byte loads, fewer as the first, middle and last byte. Whole
//! strings are hashed 16 bytes at a time with a folded multiply, the tail read as an
//! overlapping 16-byte window. Folding lower-cases the ASCII letters of each loaded word with
//! a SWAR test, so the case-insensitive maps hash exactly as the others do, on folded words.
//!
//! Every folded multiply has a secret on both sides: one operand is key data XOR a word of the
//! table's [`Seed`], the other a chained state or another word of it (see the HashDoS section of
//! [`crate::hash`]). No key can zero or fix a product without knowing the seed.

use super::str_table::mid_words;
use crate::hash::{derive_keys, folded_multiply};

/// The four secret words a string table hashes with, derived from its `u64` seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seed([u64; 4]);

impl Seed {
    /// The words derived from `seed`.
    pub(crate) const fn new(seed: u64) -> Seed {
        Seed(derive_keys(seed))
    }
}

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
pub(crate) const fn hash_word(w: u64, Seed(k): Seed) -> u64 {
    folded_multiply(w ^ k[0], k[1])
}

/// The hash of a whole byte string (inlined up to 16 bytes; longer strings call
/// [`hash_long`]).
#[inline(always)]
pub(crate) fn hash_bytes<const FOLD: bool>(b: &[u8], seed: Seed) -> u64 {
    let (n, k) = (b.len(), seed.0);
    if n <= 8 {
        return folded_multiply(short_word::<FOLD>(b) ^ k[0], k[1] ^ n as u64);
    }
    if n <= 16 {
        let (a, c) = (read_u64(b, 0), read_u64(b, n - 8));
        let s = folded_multiply(fold::<FOLD>(a) ^ k[0], fold::<FOLD>(c) ^ k[1]);
        return folded_multiply(s ^ n as u64, k[2]);
    }
    hash_long::<FOLD>(b, seed)
}

/// The hash of a key's length `n` and edge words `(a, z)` (see
/// [`edges`](super::str_table::edges)): one folded multiply.
#[inline(always)]
pub(crate) const fn hash_edges(a: u64, z: u64, n: usize, Seed(k): Seed) -> u64 {
    folded_multiply(a ^ k[0], z ^ k[1] ^ (n as u64).rotate_right(8))
}

/// The hash of a byte string of 8 to 32 bytes whose first and last 8 bytes are `(a, z)`
/// (folded if `FOLD`), without a branch on the length: words at 8 and 16 (clamped to the
/// end) complete the cover, and two independent folded multiplies mix the four.
///
/// # Panics
/// If `b` has fewer than 8 bytes.
#[inline(always)]
pub(crate) fn hash_words<const FOLD: bool>(b: &[u8], e: (u64, u64), seed: Seed) -> u64 {
    hash_mid(e, mid_words::<FOLD>(b), b.len(), seed)
}

/// [`hash_words`] of a key of `n` bytes whose edges and [`mid_words`] are known.
///
/// The two products take four different seed words: with shared ones, swapping `(a, x)` and
/// `(y ^ n, z)` would give an equal hash under every seed.
#[inline(always)]
pub(crate) const fn hash_mid((a, z): (u64, u64), [x, y]: [u64; 2], n: usize, Seed(k): Seed) -> u64 {
    folded_multiply(a ^ k[0], x ^ k[1]) ^ folded_multiply(y ^ k[2] ^ n as u64, z ^ k[3])
}

/// [`hash_bytes`] of more than 16 bytes.
#[inline(never)]
fn hash_long<const FOLD: bool>(b: &[u8], Seed(k): Seed) -> u64 {
    let n = b.len();
    let mut s = k[0];
    let mut at = 0;
    while at + 16 < n {
        s = folded_multiply(
            fold::<FOLD>(read_u64(b, at)) ^ s,
            fold::<FOLD>(read_u64(b, at + 8)) ^ k[1],
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
    s = folded_multiply(fold::<FOLD>(a) ^ s, fold::<FOLD>(c) ^ k[1]);
    folded_multiply(s ^ n as u64, k[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frozen::str_table::edges;
    use crate::hash::families;

    /// The family's keys that pass `keep`, folded if `FOLD`, without repeats.
    fn select<const FOLD: bool>(keys: &[Vec<u8>], keep: impl Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = keys
            .iter()
            .filter(|k| keep(k))
            .map(|k| if FOLD { k.to_ascii_lowercase() } else { k.clone() })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every string hash, on every structured family (see [`families`]), under several seeds,
    /// folded or not.
    fn structured_keys_hash_like_random_ones<const FOLD: bool>() {
        // Fixed seeds: under some random seeds one-multiply hashes spread a family unevenly
        // (the builds detect that and reseed), so a per-process seed made this test flaky.
        for seed in [0, 1, 9, 0x9e37_79b9_7f4a_7c15] {
            let seed = Seed::new(seed);
            for (name, keys) in families::all() {
                let random = families::random_like(&keys, 17);
                for (name, keys) in [(name.clone(), keys), (format!("random like {name}"), random)]
                {
                    let all = select::<FOLD>(&keys, |_| true);
                    families::check(&name, &all, true, |k| hash_bytes::<FOLD>(k, seed));
                    // Edges and length determine keys of up to 16 bytes.
                    let short = select::<FOLD>(&keys, |k| k.len() <= 16);
                    families::check(&name, &short, false, |k| {
                        let (a, z) = edges::<FOLD>(k);
                        hash_edges(a, z, k.len(), seed)
                    });
                    let words = select::<FOLD>(&keys, |k| (8..=32).contains(&k.len()));
                    families::check(&name, &words, false, |k| {
                        hash_words::<FOLD>(k, edges::<FOLD>(k), seed)
                    });
                    // Packed slices of up to 8 bytes: injective per length, so one length.
                    let eight = select::<FOLD>(&keys, |k| k.len() == 8);
                    families::check(&name, &eight, false, |k| {
                        hash_word(short_word::<FOLD>(k), seed)
                    });
                }
            }
        }
    }

    #[test]
    fn structured_keys_hash_like_random_ones_exact() {
        structured_keys_hash_like_random_ones::<false>();
    }

    #[test]
    fn structured_keys_hash_like_random_ones_folded() {
        structured_keys_hash_like_random_ones::<true>();
    }

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
            let seed = Seed::new(7);
            assert_eq!(
                hash_bytes::<true>(a.as_bytes(), seed),
                hash_bytes::<false>(b.as_bytes(), seed)
            );
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
