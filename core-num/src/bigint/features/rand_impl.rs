//! Random big integers with rand 0.8, num-bigint 0.4's interface: the [`RandBigInt`] extension
//! trait on every `Rng`, the [`RandomBits`] distribution, and `gen_range` / `Uniform` through
//! [`UniformBigUint`] and [`UniformBigInt`].
//!
//! A value of `n` bits is `ceil(n / 32)` 32-bit digits filled from the generator, the top one
//! cut to the remaining bits. Bounded values use rejection sampling: draw as many bits as the bound
//! has until the draw is below it (fewer than two draws on average). Given the same seeded
//! generator, each function yields the same values as num-bigint 0.4's of the same name.

use alloc::vec;

use rand::distributions::uniform::{SampleBorrow, SampleUniform, UniformSampler};
use rand::distributions::Distribution;
use rand::Rng;

use crate::bigint::{BigInt, BigUint, Sign};

/// Generation of random [`BigUint`] and [`BigInt`] values, for every [`Rng`].
///
/// # Example
///
/// ```
/// use core_num::bigint::RandBigInt;
/// use core_num::BigUint;
/// use rand::SeedableRng;
///
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let x = rng.gen_biguint(1000);
/// assert!(x.bits() <= 1000);
/// let bound = BigUint::from(10u32).pow(30);
/// assert!(rng.gen_biguint_below(&bound) < bound);
/// ```
pub trait RandBigInt {
    /// A uniformly random value of at most `bit_size` bits.
    fn gen_biguint(&mut self, bit_size: u64) -> BigUint;

    /// A uniformly random value of magnitude below `2^bit_size`, of either sign (zero is not
    /// favoured: each value has the same probability).
    fn gen_bigint(&mut self, bit_size: u64) -> BigInt;

    /// A uniformly random value in `[0, bound)`.
    ///
    /// # Panics
    ///
    /// When `bound` is zero.
    fn gen_biguint_below(&mut self, bound: &BigUint) -> BigUint;

    /// A uniformly random value in `[lbound, ubound)`.
    ///
    /// # Panics
    ///
    /// When `lbound >= ubound`.
    fn gen_biguint_range(&mut self, lbound: &BigUint, ubound: &BigUint) -> BigUint;

    /// A uniformly random value in `[lbound, ubound)`.
    ///
    /// # Panics
    ///
    /// When `lbound >= ubound`.
    fn gen_bigint_range(&mut self, lbound: &BigInt, ubound: &BigInt) -> BigInt;
}

impl<R: Rng + ?Sized> RandBigInt for R {
    fn gen_biguint(&mut self, bit_size: u64) -> BigUint {
        // Filled as 32-bit digits, so that a seeded generator gives num-bigint's values.
        let n = usize::try_from(bit_size.div_ceil(32)).expect("capacity overflow");
        let mut digits = vec![0u32; n];
        self.fill(&mut digits[..]);
        let spare = (n as u64 * 32 - bit_size) as u32;
        if let Some(top) = digits.last_mut() {
            *top >>= spare;
        }
        BigUint::from_slice(&digits)
    }

    fn gen_bigint(&mut self, bit_size: u64) -> BigInt {
        loop {
            let magnitude = self.gen_biguint(bit_size);
            if magnitude.is_zero() {
                // Zero has one sign where every other value has two: keep it half the time.
                if self.gen::<bool>() {
                    continue;
                }
                return BigInt::ZERO;
            }
            let sign = if self.gen::<bool>() { Sign::Plus } else { Sign::Minus };
            return BigInt::from_biguint(sign, magnitude);
        }
    }

    fn gen_biguint_below(&mut self, bound: &BigUint) -> BigUint {
        assert!(!bound.is_zero(), "gen_biguint_below: the bound must be positive");
        let bits = bound.bits();
        loop {
            let x = self.gen_biguint(bits);
            if x < *bound {
                return x;
            }
        }
    }

    fn gen_biguint_range(&mut self, lbound: &BigUint, ubound: &BigUint) -> BigUint {
        assert!(lbound < ubound, "gen_biguint_range: empty range (lbound >= ubound)");
        if lbound.is_zero() {
            self.gen_biguint_below(ubound)
        } else {
            lbound + self.gen_biguint_below(&(ubound - lbound))
        }
    }

    fn gen_bigint_range(&mut self, lbound: &BigInt, ubound: &BigInt) -> BigInt {
        assert!(lbound < ubound, "gen_bigint_range: empty range (lbound >= ubound)");
        if lbound.sign() == Sign::NoSign {
            BigInt::from(self.gen_biguint_below(ubound.magnitude()))
        } else {
            let width = (ubound - lbound).into_parts().1;
            lbound + BigInt::from(self.gen_biguint_below(&width))
        }
    }
}

/// The distribution of [`RandBigInt::gen_biguint`] / [`RandBigInt::gen_bigint`] for a fixed
/// number of bits, for `rng.sample(RandomBits::new(n))`.
///
/// # Examples
/// ```
/// use core_num::{BigUint, RandomBits};
/// use rand::{rngs::StdRng, Rng, SeedableRng};
/// let mut rng = StdRng::seed_from_u64(7);
/// let x: BigUint = rng.sample(RandomBits::new(100));
/// assert!(x.bits() <= 100);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RandomBits {
    bits: u64,
}

impl RandomBits {
    /// Values of at most `bits` bits.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, RandomBits};
    /// use rand::{rngs::StdRng, Rng, SeedableRng};
    /// let mut rng = StdRng::seed_from_u64(7);
    /// for _ in 0..20 {
    ///     let x: BigInt = rng.sample(RandomBits::new(8));
    ///     assert!(x.bits() <= 8);
    /// }
    /// ```
    #[inline]
    pub fn new(bits: u64) -> RandomBits {
        RandomBits { bits }
    }
}

impl Distribution<BigUint> for RandomBits {
    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> BigUint {
        rng.gen_biguint(self.bits)
    }
}

impl Distribution<BigInt> for RandomBits {
    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> BigInt {
        rng.gen_bigint(self.bits)
    }
}

/// Uniform sampling of [`BigUint`] in a range: the sampler behind `rng.gen_range(a..b)` and
/// `Uniform::new(a, b)`.
///
/// # Examples
/// ```
/// use core_num::BigUint;
/// use rand::{distributions::Uniform, rngs::StdRng, Rng, SeedableRng};
/// let mut rng = StdRng::seed_from_u64(7);
/// let (low, high) = (BigUint::from(10u32), BigUint::from(1u32) << 80u32);
/// let dist = Uniform::new(&low, &high);
/// for _ in 0..20 {
///     let x = rng.sample(&dist);
///     assert!(low <= x && x < high);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct UniformBigUint {
    base: BigUint,
    len: BigUint,
}

impl UniformSampler for UniformBigUint {
    type X = BigUint;

    /// # Panics
    ///
    /// When `low >= high`.
    fn new<B1, B2>(low: B1, high: B2) -> UniformBigUint
    where
        B1: SampleBorrow<BigUint> + Sized,
        B2: SampleBorrow<BigUint> + Sized,
    {
        let (low, high) = (low.borrow(), high.borrow());
        assert!(low < high, "Uniform::new called with `low >= high`");
        UniformBigUint { len: high - low, base: low.clone() }
    }

    /// # Panics
    ///
    /// When `low > high`.
    fn new_inclusive<B1, B2>(low: B1, high: B2) -> UniformBigUint
    where
        B1: SampleBorrow<BigUint> + Sized,
        B2: SampleBorrow<BigUint> + Sized,
    {
        let (low, high) = (low.borrow(), high.borrow());
        assert!(low <= high, "Uniform::new_inclusive called with `low > high`");
        UniformBigUint { len: high - low + 1u32, base: low.clone() }
    }

    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> BigUint {
        &self.base + rng.gen_biguint_below(&self.len)
    }

    #[inline]
    fn sample_single<R, B1, B2>(low: B1, high: B2, rng: &mut R) -> BigUint
    where
        R: Rng + ?Sized,
        B1: SampleBorrow<BigUint> + Sized,
        B2: SampleBorrow<BigUint> + Sized,
    {
        rng.gen_biguint_range(low.borrow(), high.borrow())
    }
}

impl SampleUniform for BigUint {
    type Sampler = UniformBigUint;
}

/// Uniform sampling of [`BigInt`] in a range: the sampler behind `rng.gen_range(a..b)` and
/// `Uniform::new(a, b)`.
///
/// # Examples
/// ```
/// use core_num::BigInt;
/// use rand::{rngs::StdRng, Rng, SeedableRng};
/// let mut rng = StdRng::seed_from_u64(7);
/// let (low, high) = (BigInt::from(-1000), BigInt::from(1000));
/// for _ in 0..20 {
///     let x = rng.gen_range(low.clone()..=high.clone());
///     assert!(low <= x && x <= high);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct UniformBigInt {
    base: BigInt,
    len: BigUint,
}

impl UniformSampler for UniformBigInt {
    type X = BigInt;

    /// # Panics
    ///
    /// When `low >= high`.
    fn new<B1, B2>(low: B1, high: B2) -> UniformBigInt
    where
        B1: SampleBorrow<BigInt> + Sized,
        B2: SampleBorrow<BigInt> + Sized,
    {
        let (low, high) = (low.borrow(), high.borrow());
        assert!(low < high, "Uniform::new called with `low >= high`");
        UniformBigInt { len: (high - low).into_parts().1, base: low.clone() }
    }

    /// # Panics
    ///
    /// When `low > high`.
    fn new_inclusive<B1, B2>(low: B1, high: B2) -> UniformBigInt
    where
        B1: SampleBorrow<BigInt> + Sized,
        B2: SampleBorrow<BigInt> + Sized,
    {
        let (low, high) = (low.borrow(), high.borrow());
        assert!(low <= high, "Uniform::new_inclusive called with `low > high`");
        UniformBigInt { len: (high - low).into_parts().1 + 1u32, base: low.clone() }
    }

    #[inline]
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> BigInt {
        &self.base + BigInt::from(rng.gen_biguint_below(&self.len))
    }

    #[inline]
    fn sample_single<R, B1, B2>(low: B1, high: B2, rng: &mut R) -> BigInt
    where
        R: Rng + ?Sized,
        B1: SampleBorrow<BigInt> + Sized,
        B2: SampleBorrow<BigInt> + Sized,
    {
        rng.gen_bigint_range(low.borrow(), high.borrow())
    }
}

impl SampleUniform for BigInt {
    type Sampler = UniformBigInt;
}
