//! A fast, seeded, non-cryptographic hasher shared by the collections.
//!
//! Each word of input is mixed into the state with a folded multiply: the 128-bit product of
//! two 64-bit values, its halves combined with XOR. That spreads every input bit over the whole
//! result in one multiplication. The seed comes from std's per-process random keys, so
//! collision sets cannot be precomputed by an attacker who does not know it.

use core::hash::{BuildHasher, Hasher};

const K0: u64 = 0x243f_6a88_85a3_08d3; // digits of pi, as "nothing up my sleeve" constants
const K1: u64 = 0x1319_8a2e_0370_7344;
const K2: u64 = 0xa409_3822_299f_31d0;

/// The 128-bit product of `a` and `b`, folded to 64 bits.
#[inline(always)]
pub const fn folded_multiply(a: u64, b: u64) -> u64 {
    let p = (a as u128).wrapping_mul(b as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

/// A seeded hasher: [`FastHasher`] states all start from the same random seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FastState {
    seed: u64,
}

impl FastState {
    /// A state seeded from std's per-process random keys.
    pub fn new() -> FastState {
        use std::sync::OnceLock;
        static SEED: OnceLock<u64> = OnceLock::new();
        let seed = *SEED.get_or_init(|| {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(K2);
            h.finish()
        });
        FastState { seed }
    }

    /// A state with a fixed seed: the same hashes in every run (tests, reproducible layouts).
    pub const fn with_seed(seed: u64) -> FastState {
        FastState { seed }
    }

    /// The seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

impl Default for FastState {
    fn default() -> Self {
        FastState::new()
    }
}

impl BuildHasher for FastState {
    type Hasher = FastHasher;
    #[inline]
    fn build_hasher(&self) -> FastHasher {
        FastHasher { state: self.seed }
    }
}

/// The hasher built by [`FastState`].
#[derive(Clone, Copy, Debug)]
pub struct FastHasher {
    state: u64,
}

impl FastHasher {
    #[inline(always)]
    fn mix(&mut self, word: u64) {
        self.state = folded_multiply(self.state ^ word, K0);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(16);
        for c in &mut chunks {
            let a = u64::from_le_bytes(c[..8].try_into().unwrap_or([0; 8]));
            let b = u64::from_le_bytes(c[8..].try_into().unwrap_or([0; 8]));
            self.state = folded_multiply(self.state ^ a, b ^ K1);
        }
        let rest = chunks.remainder();
        if rest.len() > 8 {
            let a = u64::from_le_bytes(rest[..8].try_into().unwrap_or([0; 8]));
            let mut last = [0u8; 8];
            last[..rest.len() - 8].copy_from_slice(&rest[8..]);
            self.state = folded_multiply(self.state ^ a, u64::from_le_bytes(last) ^ K1);
        } else if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last));
        }
        // The length goes in last so that "a" + "" and "" + "a" differ.
        self.mix(bytes.len() as u64);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.mix(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.mix(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.mix(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }
    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.mix(i as u64);
        self.mix((i >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // A final round so the last word's bits reach the low bits tables index with.
        folded_multiply(self.state, K2)
    }
}

/// Hashes one value with a state (std's `BuildHasher::hash_one`, for unsized values too).
#[inline]
pub fn hash_one<T: core::hash::Hash + ?Sized>(state: &FastState, value: &T) -> u64 {
    // `&T` hashes exactly as `T` does, which lets unsized values through.
    state.hash_one(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_hash_equal_and_seeds_matter() {
        let s = FastState::with_seed(1);
        assert_eq!(hash_one(&s, "hello"), hash_one(&s, &String::from("hello")));
        assert_ne!(hash_one(&s, "hello"), hash_one(&FastState::with_seed(2), "hello"));
        assert_ne!(hash_one(&s, &("a", "")), hash_one(&s, &("", "a")));
        assert_eq!(FastState::new(), FastState::new());
    }

    #[test]
    fn low_bits_are_spread() {
        // Consecutive integers must fill buckets evenly by their low bits.
        let s = FastState::with_seed(7);
        let mut buckets = [0u32; 64];
        for i in 0..64_000u64 {
            buckets[(hash_one(&s, &i) & 63) as usize] += 1;
        }
        assert!(buckets.iter().all(|&b| (800..1200).contains(&b)), "{buckets:?}");
        // Every byte length of a string gives a distinct hash.
        let text = "abcdefghijklmnopqrstuvwxyz0123456789";
        let mut seen = std::collections::HashSet::new();
        for n in 0..=text.len() {
            assert!(seen.insert(hash_one(&s, &text[..n])));
        }
    }
}
