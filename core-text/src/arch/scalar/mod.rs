//! The portable backend: word-at-a-time ASCII skipping plus exact per-character logic.
//!
//! It is a complete backend (used on CPUs without SIMD, under `CORE_SIMD_MAX=scalar`, and for
//! the tails and error locating of the vector kernels), not a stub.

pub(crate) mod latin1;
pub(crate) mod search;
pub(crate) mod utf16;
pub(crate) mod utf8;

/// Bytes in a machine word, for word-at-a-time ASCII scans.
const WORD: usize = core::mem::size_of::<usize>();
/// The high bit of every byte of a word.
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Length of the all-ASCII prefix of `src`.
#[inline]
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    let mut i = 0;
    while i + WORD <= src.len() {
        let mut w = [0u8; WORD];
        w.copy_from_slice(&src[i..i + WORD]);
        let word = usize::from_le_bytes(w) & HIGH_BITS;
        if word != 0 {
            return i + (word.trailing_zeros() / 8) as usize;
        }
        i += WORD;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}
