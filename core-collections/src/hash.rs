//! A fast, seeded, non-cryptographic hasher shared by the collections.
//!
//! Each word of input is mixed into the state with a folded multiply: the 128-bit product of
//! two 64-bit values, its halves combined with XOR. That spreads every input bit over the whole
//! result in one multiplication.
//!
//! ```text
//! keys       = k0, k1, k2, k3 derived from the seed (splitmix64)
//! state      = k3
//! 16 bytes   : state = fold(state ^ a, b ^ k1)       a, b: the chunk's two words
//! one word w : state = fold(state ^ w, k0)           integers, the tail, the length
//! finish     : fold(state ^ k1, k2)
//! ```
//!
//! # HashDoS
//!
//! Every multiplication has a seed-derived operand on *both* sides (the construction of
//! foldhash and ahash). A product is zero, or otherwise predictable, only when an operand is,
//! and an operand mixes attacker data with a secret: without the seed no key can force one.
//! (Before, the right operand was data XOR a public constant, so a chunk whose second word
//! equalled that constant reset the state to zero under every seed.) [`FastState::new`] takes
//! its seed from std's per-process random keys ([`RandomState`](std::collections::hash_map::RandomState)),
//! so collision sets cannot be precomputed by an attacker who does not know it.
//!
//! What that covers and what it does not:
//!
//! - **Resistant**: the default hasher of [`ImmutableHashMap`](crate::immutable::ImmutableHashMap)
//!   and [`ImmutableHashSet`](crate::immutable::ImmutableHashSet) ([`FastState::new`]), and every
//!   table of a [`FrozenMap`](crate::frozen::FrozenMap) / [`FrozenSet`](crate::frozen::FrozenSet)
//!   and their case-insensitive variants: string keys, integer keys and other keys are placed by
//!   hashes or multipliers drawn from a per-process secret (integer tables also try one fixed
//!   multiplier, which wins on structured keys; an attacker can spoil only that one). Keys that
//!   collide in the trie's full 64-bit hash then need about 2^32 keys for one pair, and a frozen
//!   table's buckets fill as they would for random keys.
//! - **Not resistant**: [`FastState::with_seed`] with a seed an attacker can learn or guess (it
//!   is for tests and reproducible layouts), any hasher you plug in yourself, and a key type whose
//!   `Hash` feeds the same bytes for different keys (no seed separates those). The hashes are not
//!   a MAC: a seed can in principle be recovered from observed hash values or timings, so never
//!   expose them. The collections' own `Hash` impls digest their elements with a fixed seed, so
//!   that equal collections hash alike whatever their hashers: a table keyed by collections
//!   inherits no resistance from it (its own hasher rehashes only the digest).
//!
//! A trie's collision node (keys with one full hash) is scanned linearly: with a secret seed it
//! never grows past a pair or so, and with a hasher of your own you choose the risk. To plug in
//! another hasher (for example SipHash through [`RandomState`](std::collections::hash_map::RandomState)),
//! build with [`ImmutableHashMap::with_hasher`](crate::immutable::ImmutableHashMap::with_hasher)
//! or [`ImmutableHashSet::with_hasher`](crate::immutable::ImmutableHashSet::with_hasher):
//!
//! ```
//! use core_collections::immutable::ImmutableHashMap;
//! use std::collections::hash_map::RandomState;
//! let m = ImmutableHashMap::with_hasher(RandomState::new()).update("key", 1);
//! assert_eq!(m.get("key"), Some(&1));
//! ```

use core::hash::{BuildHasher, Hasher};

/// The 128-bit product of `a` and `b`, folded to 64 bits.
///
/// ```
/// use core_collections::hash::folded_multiply;
/// assert_eq!(folded_multiply(3, 5), 15); // no high half: just the product
/// assert_eq!(folded_multiply(1 << 63, 4), 2); // 2^65: high half 2, low half 0
/// ```
#[inline(always)]
pub const fn folded_multiply(a: u64, b: u64) -> u64 {
    let p = (a as u128).wrapping_mul(b as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

/// The `i`-th output of the splitmix64 sequence started at `seed`: independent-looking words
/// from one seed, none of them a public constant.
pub(crate) const fn splitmix(seed: u64, i: u64) -> u64 {
    let z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `N` secret words derived from `seed` (see [`splitmix`]).
pub(crate) const fn derive_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        keys[i] = splitmix(seed, i as u64);
        i += 1;
    }
    keys
}

/// The per-process secret seed, from std's random keys (drawn once).
pub(crate) fn process_seed() -> u64 {
    use std::sync::OnceLock;
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0xa409_3822_299f_31d0);
        h.finish()
    })
}

/// A seeded hasher: [`FastHasher`] states all start from the same seed and the keys derived
/// from it.
///
/// ```
/// use core_collections::hash::{hash_one, FastState};
/// use std::hash::BuildHasher;
/// let a = FastState::with_seed(1);
/// let b = FastState::with_seed(2);
/// assert_eq!(a.hash_one("key"), FastState::with_seed(1).hash_one("key")); // reproducible
/// assert_ne!(a.hash_one("key"), b.hash_one("key")); // the seed changes every hash
/// assert_eq!(hash_one(&a, "key"), a.hash_one("key"));
/// assert_eq!(FastState::new(), FastState::new()); // one secret seed per process
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FastState {
    seed: u64,
    /// The multiplier keys `k0..k2` and the starting state `k3` (not the seed itself: a seed
    /// of 0 would then let a first word of 0 zero the first product).
    keys: [u64; 4],
}

impl FastState {
    /// A state seeded from std's per-process random keys: the same seed for every call in a
    /// process, a different one in the next process.
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// use std::hash::BuildHasher;
    /// let a = FastState::new();
    /// let b = FastState::new();
    /// assert_eq!(a.seed(), b.seed()); // one seed for the whole process
    /// assert_eq!(a.hash_one(42u64), b.hash_one(42u64));
    /// ```
    pub fn new() -> FastState {
        FastState::with_seed(process_seed())
    }

    /// A state with a fixed seed: the same hashes in every run (tests, reproducible layouts).
    ///
    /// Not resistant to HashDoS when the seed can be learnt or guessed (see the
    /// [module docs](self)).
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// use std::hash::BuildHasher;
    /// const STATE: FastState = FastState::with_seed(42); // usable in constants
    /// assert_eq!(STATE.seed(), 42);
    /// assert_eq!(STATE.hash_one("abc"), FastState::with_seed(42).hash_one("abc"));
    /// assert_ne!(STATE.hash_one("abc"), FastState::with_seed(43).hash_one("abc"));
    /// ```
    pub const fn with_seed(seed: u64) -> FastState {
        FastState { seed, keys: derive_keys(seed) }
    }

    /// The seed.
    ///
    /// # Examples
    /// ```
    /// use core_collections::hash::FastState;
    /// let s = FastState::with_seed(0xfeed);
    /// assert_eq!(s.seed(), 0xfeed);
    /// let again = FastState::with_seed(s.seed()); // the same hasher, rebuilt elsewhere
    /// assert_eq!(again, s);
    /// ```
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
        let [k0, k1, k2, k3] = self.keys;
        FastHasher { state: k3, keys: [k0, k1, k2] }
    }
}

/// The hasher built by [`FastState`].
///
/// ```
/// use core_collections::hash::FastState;
/// use std::hash::{BuildHasher, Hash, Hasher};
/// let state = FastState::with_seed(42);
/// let mut h = state.build_hasher();
/// (1u32, "two").hash(&mut h);
/// assert_eq!(h.finish(), state.hash_one((1u32, "two")));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FastHasher {
    state: u64,
    keys: [u64; 3],
}

impl FastHasher {
    #[inline(always)]
    fn mix(&mut self, word: u64) {
        self.state = folded_multiply(self.state ^ word, self.keys[0]);
    }

    #[inline(always)]
    fn mix_pair(&mut self, a: u64, b: u64) {
        self.state = folded_multiply(self.state ^ a, b ^ self.keys[1]);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(16);
        for c in &mut chunks {
            let a = u64::from_le_bytes(c[..8].try_into().unwrap_or([0; 8]));
            let b = u64::from_le_bytes(c[8..].try_into().unwrap_or([0; 8]));
            self.mix_pair(a, b);
        }
        let rest = chunks.remainder();
        if rest.len() > 8 {
            let a = u64::from_le_bytes(rest[..8].try_into().unwrap_or([0; 8]));
            let mut last = [0u8; 8];
            last[..rest.len() - 8].copy_from_slice(&rest[8..]);
            self.mix_pair(a, u64::from_le_bytes(last));
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
        self.mix_pair(i as u64, (i >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // A final round so the last word's bits reach the low bits tables index with.
        folded_multiply(self.state ^ self.keys[1], self.keys[2])
    }
}

/// Hashes one value with a state (std's `BuildHasher::hash_one`, for unsized values too).
///
/// ```
/// use core_collections::hash::{hash_one, FastState};
/// let state = FastState::with_seed(9);
/// let word: &str = "unsized";
/// assert_eq!(hash_one(&state, word), hash_one(&state, &String::from("unsized")));
/// ```
#[inline]
pub fn hash_one<T: core::hash::Hash + ?Sized>(state: &FastState, value: &T) -> u64 {
    // `&T` hashes exactly as `T` does, which lets unsized values through.
    state.hash_one(value)
}

/// Structured key families for the HashDoS regression tests of every hash function here and
/// in the frozen tables: what an attacker without the seed would try.
#[cfg(test)]
pub(crate) mod families {
    /// Every public constant the hashes ever mixed data with (the former "nothing up my
    /// sleeve" keys of both hashers, and common multipliers): a key that cancels one of them
    /// zeroed a product under every seed.
    pub(crate) const PUBLIC: [u64; 7] = [
        0x243f_6a88_85a3_08d3,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x9e37_79b9_7f4a_7c15,
        0xd6e8_feb8_6659_fd93,
        0xc2b2_ae3d_27d4_eb4f,
        0,
    ];

    /// Named families of distinct byte keys (each family's keys are distinct).
    pub(crate) fn all() -> Vec<(String, Vec<Vec<u8>>)> {
        let mut out = Vec::new();
        // x ++ C ++ suffix and C ++ x ++ suffix, and C repeated around x: every 8-byte word
        // position of a 16-byte chunk holding a public constant.
        for (i, c) in PUBLIC.iter().enumerate() {
            let c = c.to_le_bytes();
            for (name, shape) in [("x,C,sfx", 0), ("C,x,sfx", 1), ("C,x,C,C", 2), ("x,C", 3)] {
                let keys = (0..1000u64)
                    .map(|x| {
                        let x = x.to_le_bytes();
                        match shape {
                            0 => [&x[..], &c, b"-suffix"].concat(),
                            1 => [&c[..], &x, b"-suffix"].concat(),
                            2 => [&c[..], &x, &c, &c].concat(),
                            _ => [&x[..], &c].concat(),
                        }
                    })
                    .collect();
                out.push((format!("public constant {i}: {name}"), keys));
            }
        }
        // All-equal words and bytes, at every length from 0 to 64.
        let mut equal = Vec::new();
        for len in 0..=64 {
            for b in [0u8, 1, 0x20, 0x41, 0x7f, 0x80, 0xff] {
                equal.push(vec![b; len]);
            }
        }
        out.push(("all-equal bytes, lengths 0-64".into(), equal));
        // One byte differing from a base key, at every position, for lengths 1 to 64.
        let mut one_byte = Vec::new();
        for len in 1..=64usize {
            for at in 0..len {
                for v in [1u8, 0x80, 0xff] {
                    let mut k = vec![0u8; len];
                    k[at] = v;
                    one_byte.push(k);
                }
            }
        }
        out.push(("one differing byte at every position".into(), one_byte));
        // Prefixes of one text: lengths 0 to 64 of the same bytes.
        let text: Vec<u8> = (0..64u8).map(|i| b'a' + i % 26).collect();
        out.push(("prefixes, lengths 0-64".into(), (0..=64).map(|n| text[..n].to_vec()).collect()));
        // Counters in a wide zero field (IDs padded to a fixed width).
        let ids = (0..4096u64).map(|x| [[0u8; 24].as_slice(), &x.to_be_bytes()].concat());
        out.push(("big-endian counters after 24 zero bytes".into(), ids.collect()));
        out
    }

    /// Random keys of the same lengths as `keys` (the baseline every family is held to).
    pub(crate) fn random_like(keys: &[Vec<u8>], seed: u64) -> Vec<Vec<u8>> {
        let mut x = seed;
        keys.iter()
            .map(|k| {
                (0..k.len())
                    .map(|_| {
                        x = super::splitmix(x, 0);
                        x as u8
                    })
                    .collect()
            })
            .collect()
    }

    /// Checks that `hash` gives the family's keys as many distinct hashes as keys (as random
    /// keys get, 64-bit hashes of a few thousand keys all being distinct), and if `spread`, that
    /// their top and bottom 12 bits (what tables index by) fill about as many of 4096 buckets
    /// as random keys' do. (The frozen tables' one-multiply hashes spread structured keys
    /// unevenly under some seeds; their builds check that and take another seed.)
    pub(crate) fn check(name: &str, keys: &[Vec<u8>], spread: bool, hash: impl Fn(&[u8]) -> u64) {
        use std::collections::HashSet;
        let distinct_keys: HashSet<&Vec<u8>> = keys.iter().collect();
        let hashes: Vec<u64> = keys.iter().map(|k| hash(k)).collect();
        let distinct: HashSet<u64> = hashes.iter().copied().collect();
        assert_eq!(distinct.len(), distinct_keys.len(), "{name}: equal hashes of distinct keys");
        if !spread {
            return;
        }
        let n = distinct_keys.len() as f64;
        // Expected buckets used by n random hashes: 4096 (1 - (1 - 1/4096)^n).
        let expected = 4096.0 * (1.0 - (1.0 - 1.0 / 4096.0f64).powf(n));
        for (bits, part) in [("top", 52u32), ("low", 0)] {
            let used: HashSet<u64> = hashes.iter().map(|h| (h >> part) & 4095).collect();
            assert!(
                used.len() as f64 >= 0.9 * expected,
                "{name}: {bits} 12 bits fill {} of 4096 buckets, random keys about {expected:.0}",
                used.len()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_keys_hash_like_random_ones() {
        // Several seeds, the fixed ones of tests and benches among them: the property must
        // hold for every seed, not only a lucky one.
        for seed in [0, 1, 0x5eed, process_seed(), 0x9e37_79b9_7f4a_7c15] {
            let state = FastState::with_seed(seed);
            for (name, keys) in families::all() {
                // Through `write` alone (raw bytes), and as a `Vec<u8>` (its length prefix too).
                families::check(&name, &keys, true, |k| {
                    let mut h = state.build_hasher();
                    h.write(k);
                    h.finish()
                });
                families::check(&name, &keys, true, |k| hash_one(&state, k));
                let random = families::random_like(&keys, seed);
                families::check(&format!("random like {name}"), &random, true, |k| {
                    hash_one(&state, k)
                });
            }
            // Integers: consecutive ones, one bit set, and the public constants with one bit
            // flipped.
            let ints: Vec<u64> = (0..4096)
                .chain((0..64).map(|b| 1u64 << b))
                .chain(families::PUBLIC.iter().flat_map(|c| (0..64).map(move |b| c ^ 1 << b)))
                .collect();
            let as_bytes: Vec<Vec<u8>> = ints.iter().map(|i| i.to_le_bytes().to_vec()).collect();
            let mut dedup = as_bytes.clone();
            dedup.sort();
            dedup.dedup();
            let ints: Vec<u64> =
                dedup.iter().map(|b| u64::from_le_bytes(b[..].try_into().unwrap())).collect();
            let bytes: Vec<Vec<u8>> = ints.iter().map(|i| i.to_le_bytes().to_vec()).collect();
            families::check("integers", &bytes, true, |k| {
                hash_one(&state, &u64::from_le_bytes(k.try_into().unwrap()))
            });
            let wide: Vec<Vec<u8>> =
                ints.iter().map(|&i| (i as u128).to_le_bytes().to_vec()).collect();
            families::check("u128 integers", &wide, true, |k| {
                hash_one(&state, &u128::from_le_bytes(k.try_into().unwrap()))
            });
        }
    }

    #[test]
    fn a_chunk_cannot_zero_the_state() {
        // The attack on the former hasher: the second word of a chunk equal to the public
        // multiplier key made the product zero whatever the seed and the first word.
        let state = FastState::new();
        let old_k1 = 0x1319_8a2e_0370_7344u64;
        let hashes: std::collections::HashSet<u64> = (0..1000u64)
            .map(|x| hash_one(&state, &[x.to_le_bytes(), old_k1.to_le_bytes()].concat()))
            .collect();
        assert_eq!(hashes.len(), 1000);
        // And no key derived from the seed's public function is zero for the default seed.
        assert!(state.keys.iter().all(|&k| k != 0));
    }

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
