//! Helpers shared by the unit tests: a seeded random source and conversions to and from
//! num-bigint (the oracle). Each suite adds its own operand shapes on top of [`Rng`] through a
//! local trait.

use alloc::vec::Vec;

use num_bigint::BigUint;

/// splitmix64: tiny, fast and seeded per test, so every failure reproduces.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value below `n` (the modulo bias does not matter for tests).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An index below `n`.
    pub(crate) fn index(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The num-bigint value of little-endian limbs.
pub(crate) fn big(x: &[u64]) -> BigUint {
    let digits: Vec<u32> = x.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
    BigUint::from_slice(&digits)
}

/// The limbs of `x`, zero-padded to exactly `n`.
///
/// # Panics
///
/// When `x` needs more than `n` limbs.
pub(crate) fn limbs_of(x: &BigUint, n: usize) -> Vec<u64> {
    let mut v = x.to_u64_digits();
    assert!(v.len() <= n, "value does not fit in {n} limbs");
    v.resize(n, 0);
    v
}
