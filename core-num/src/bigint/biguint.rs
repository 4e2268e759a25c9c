//! [`BigUint`]: the unsigned arbitrary-precision integer, its constructors, digit and byte
//! conversions, bit queries and number-theoretic methods.
//!
//! Operators live in `ops_biguint.rs`, bitwise and shift operators in `bits.rs`, primitive
//! conversions in `convert.rs`, text in `parse.rs` and `fmt.rs`.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

use super::arith;
use super::iter::{U32Digits, U64Digits};
use super::mpn;
use super::storage::LimbVec;

/// An unsigned integer of any size.
///
/// The value is kept as little-endian 64-bit limbs without high zero limbs; values of up to
/// 128 bits are stored inline, without a heap allocation. The API is num-bigint 0.4's:
/// replacing `num_bigint::BigUint` by `core_num::BigUint` keeps every result the same.
///
/// Operators: `+ - * / %` with `BigUint` and with `u8`..`u128`/`usize` on either side, `& | ^`
/// between `BigUint`s, `<< >>` by any primitive integer; every owned and borrowed form and the
/// assign forms. An owned left operand is computed in place, in its own buffer.
///
/// # Panics
///
/// - `a - b` (and `-=`) when `b > a`, with num-bigint's message "Cannot subtract b from a
///   because b is larger than a."; [`checked_sub`](Self::checked_sub) returns `None` instead.
/// - `/` and `%` by zero ("attempt to divide by zero"); [`checked_div`](Self::checked_div).
/// - `<<` and `>>` by a negative amount ("attempt to shift left with negative").
///
/// # Example
///
/// ```
/// use core_num::BigUint;
///
/// let a: BigUint = "123456789012345678901234567890".parse().unwrap();
/// let b = BigUint::from(987654321u32);
/// let p = &a * &b;
/// assert_eq!(p.to_string(), "121932631124828532112482853211126352690");
/// assert_eq!(&p / &b, a);
/// assert_eq!(BigUint::from(2u32).pow(100).bits(), 101);
/// ```
pub struct BigUint {
    pub(crate) data: LimbVec,
}

impl BigUint {
    /// The value 0.
    pub const ZERO: BigUint = BigUint { data: LimbVec::EMPTY };

    /// The value 1.
    pub const ONE: BigUint = BigUint { data: LimbVec::from_limb(1) };

    /// A `BigUint` from a `u32` in const context (non-const code uses `From<u32>`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// const KIB: BigUint = BigUint::new_const(1024);
    /// assert_eq!(KIB, BigUint::from(1024u32));
    /// ```
    #[inline]
    pub const fn new_const(n: u32) -> BigUint {
        BigUint { data: LimbVec::from_limb(n as u64) }
    }

    /// Takes over normalised or unnormalised limbs.
    #[inline]
    pub(crate) fn from_limb_vec(mut data: LimbVec) -> BigUint {
        data.normalize();
        BigUint { data }
    }

    /// A `BigUint` from little-endian `u64` limbs (high zero limbs allowed).
    #[inline]
    pub(crate) fn from_limbs(limbs: Vec<u64>) -> BigUint {
        BigUint::from_limb_vec(LimbVec::from_vec(limbs))
    }

    /// The little-endian limbs, without high zero limbs (empty for zero).
    #[inline]
    pub(crate) fn limbs(&self) -> &[u64] {
        self.data.as_slice()
    }

    /// A `BigUint` from base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::new(vec![0, 1]), BigUint::from(1u64 << 32));
    /// ```
    pub fn new(digits: Vec<u32>) -> BigUint {
        BigUint::from_slice(&digits)
    }

    /// A `BigUint` from base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from_slice(&[0, 1]), BigUint::from(1u64 << 32));
    /// assert_eq!(BigUint::from_slice(&[]), BigUint::ZERO);
    /// ```
    pub fn from_slice(slice: &[u32]) -> BigUint {
        let mut data = LimbVec::zeroed(slice.len().div_ceil(2));
        for (limb, pair) in data.as_mut_slice().iter_mut().zip(slice.chunks(2)) {
            *limb = u64::from(pair[0]) | pair.get(1).map_or(0, |&hi| u64::from(hi) << 32);
        }
        BigUint::from_limb_vec(data)
    }

    /// Replaces the value by the base-2<sup>32</sup> digits of `slice`, least significant
    /// first, reusing the buffer.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let mut x = BigUint::from(u64::MAX);
    /// x.assign_from_slice(&[7, 0, 0]);
    /// assert_eq!(x, BigUint::from(7u32));
    /// assert_eq!(x.to_u64_digits(), [7]); // high zero digits are dropped
    /// ```
    pub fn assign_from_slice(&mut self, slice: &[u32]) {
        let n = slice.len().div_ceil(2);
        self.data.clear();
        self.data.resize(n);
        for (limb, pair) in self.data.as_mut_slice().iter_mut().zip(slice.chunks(2)) {
            *limb = u64::from(pair[0]) | pair.get(1).map_or(0, |&hi| u64::from(hi) << 32);
        }
        self.data.normalize();
    }

    /// A `BigUint` from big-endian bytes.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from_bytes_be(b"AB"), BigUint::from(0x4142u32));
    /// ```
    pub fn from_bytes_be(bytes: &[u8]) -> BigUint {
        let mut data = LimbVec::zeroed(bytes.len().div_ceil(8));
        for (limb, chunk) in data.as_mut_slice().iter_mut().zip(bytes.rchunks(8)) {
            let mut buf = [0u8; 8];
            buf[8 - chunk.len()..].copy_from_slice(chunk);
            *limb = u64::from_be_bytes(buf);
        }
        BigUint::from_limb_vec(data)
    }

    /// A `BigUint` from little-endian bytes.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from_bytes_le(&[0x34, 0x12]), BigUint::from(0x1234u32));
    /// assert_eq!(BigUint::from_bytes_le(&[1, 0, 0, 0, 0, 0, 0, 0, 1]), BigUint::from(1u128 + (1 << 64)));
    /// assert!(BigUint::from_bytes_le(&[0, 0]).is_zero());
    /// ```
    pub fn from_bytes_le(bytes: &[u8]) -> BigUint {
        let mut data = LimbVec::zeroed(bytes.len().div_ceil(8));
        for (limb, chunk) in data.as_mut_slice().iter_mut().zip(bytes.chunks(8)) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            *limb = u64::from_le_bytes(buf);
        }
        BigUint::from_limb_vec(data)
    }

    /// The value as big-endian bytes, without leading zeros (`[0]` for zero).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(1125u32).to_bytes_be(), vec![4, 101]);
    /// ```
    pub fn to_bytes_be(&self) -> Vec<u8> {
        let mut v = self.to_bytes_le();
        v.reverse();
        v
    }

    /// The value as little-endian bytes, without trailing zeros (`[0]` for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(0x1234u32).to_bytes_le(), [0x34, 0x12]);
    /// assert_eq!(BigUint::ZERO.to_bytes_le(), [0]);
    /// ```
    pub fn to_bytes_le(&self) -> Vec<u8> {
        let limbs = self.limbs();
        let Some(&top) = limbs.last() else {
            return alloc::vec![0];
        };
        let len = (limbs.len() - 1) * 8 + (8 - top.leading_zeros() as usize / 8);
        let mut v = Vec::with_capacity(limbs.len() * 8);
        for limb in limbs {
            v.extend_from_slice(&limb.to_le_bytes());
        }
        v.truncate(len);
        v
    }

    /// The base-2<sup>32</sup> digits, least significant first (empty for zero).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(112500000000u64).to_u32_digits(), vec![830850304, 26]);
    /// ```
    pub fn to_u32_digits(&self) -> Vec<u32> {
        self.iter_u32_digits().collect()
    }

    /// The base-2<sup>64</sup> digits, least significant first (empty for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from_slice(&[0, 0, 1]).to_u64_digits(), [0, 1]);
    /// assert_eq!(BigUint::ZERO.to_u64_digits(), Vec::<u64>::new());
    /// ```
    pub fn to_u64_digits(&self) -> Vec<u64> {
        self.limbs().to_vec()
    }

    /// An iterator over the base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let x = BigUint::from(0x1_0000_0002u64);
    /// assert_eq!(x.iter_u32_digits().collect::<Vec<u32>>(), [2, 1]);
    /// ```
    pub fn iter_u32_digits(&self) -> U32Digits<'_> {
        U32Digits::new(self.limbs())
    }

    /// An iterator over the base-2<sup>64</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let x = BigUint::from_slice(&[1, 2, 3]);
    /// assert_eq!(x.iter_u64_digits().collect::<Vec<u64>>(), [(2 << 32) | 1, 3]);
    /// ```
    pub fn iter_u64_digits(&self) -> U64Digits<'_> {
        U64Digits::new(self.limbs())
    }

    /// Number of bits needed to write the value (0 for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(255u32).bits(), 8);
    /// assert_eq!(BigUint::from(256u32).bits(), 9);
    /// assert_eq!(BigUint::ZERO.bits(), 0);
    /// ```
    pub fn bits(&self) -> u64 {
        arith::bits(self.limbs())
    }

    /// Whether the value is 0.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert!(BigUint::ZERO.is_zero());
    /// assert!(!BigUint::from(1u32).is_zero());
    /// ```
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.data.is_empty()
    }

    /// Whether the value is 1.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert!(BigUint::from(1u8).is_one());
    /// assert!(!BigUint::from_slice(&[1, 1]).is_one());
    /// ```
    #[inline]
    pub fn is_one(&self) -> bool {
        self.limbs() == [1]
    }

    /// Whether the value is even.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert!(BigUint::from(1u64 << 63).is_even());
    /// assert!(!BigUint::from(9u32).is_even());
    /// ```
    #[inline]
    pub fn is_even(&self) -> bool {
        self.limbs().first().is_none_or(|&x| x & 1 == 0)
    }

    /// Whether the value is odd.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert!(BigUint::from_slice(&[1, 5]).is_odd());
    /// assert!(!BigUint::ZERO.is_odd());
    /// ```
    #[inline]
    pub fn is_odd(&self) -> bool {
        !self.is_even()
    }

    /// `self` raised to the power `exponent` (`0.pow(0)` is 1).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(3u32).pow(5), BigUint::from(243u32));
    /// ```
    pub fn pow(&self, exponent: u32) -> BigUint {
        if exponent == 0 {
            return BigUint::ONE;
        }
        if exponent == 1 || self.is_zero() || self.is_one() {
            return self.clone();
        }
        BigUint::from_limbs(mpn::pow::pow(self.limbs(), u64::from(exponent)))
    }

    /// `self` to the power `exponent`, modulo `modulus`.
    ///
    /// # Panics
    ///
    /// When `modulus` is zero (num-bigint's message: "attempt to calculate with zero
    /// modulus!").
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// let m = BigUint::from(1_000_000_007u32);
    /// let r = BigUint::from(2u32).modpow(&BigUint::from(1000u32), &m);
    /// assert_eq!(r, BigUint::from(688423210u32));
    /// ```
    pub fn modpow(&self, exponent: &BigUint, modulus: &BigUint) -> BigUint {
        if modulus.is_zero() {
            panic_zero_modulus();
        }
        if modulus.is_one() {
            return BigUint::ZERO;
        }
        if exponent.is_zero() {
            return BigUint::ONE;
        }
        let m = modulus.limbs();
        let base = if arith::cmp(self.limbs(), m) == Ordering::Less {
            None
        } else {
            Some(arith::rem(self.limbs(), m))
        };
        let base = base.as_ref().map_or(self.limbs(), LimbVec::as_slice);
        if base.is_empty() {
            return BigUint::ZERO;
        }
        BigUint::from_limbs(mpn::pow::modpow(base, exponent.limbs(), m))
    }

    /// The inverse of `self` modulo `modulus`: the `x` in `[0, modulus)` with
    /// `self * x ≡ 1 (mod modulus)`, or `None` when `gcd(self, modulus) != 1`.
    ///
    /// # Panics
    ///
    /// When `modulus` is zero.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// let m = BigUint::from(10u32);
    /// assert_eq!(BigUint::from(3u32).modinv(&m), Some(BigUint::from(7u32)));
    /// assert_eq!(BigUint::from(4u32).modinv(&m), None);
    /// ```
    pub fn modinv(&self, modulus: &BigUint) -> Option<BigUint> {
        if modulus.is_zero() {
            panic_zero_modulus();
        }
        if modulus.is_one() {
            return Some(BigUint::ZERO);
        }
        let a = arith::rem(self.limbs(), modulus.limbs());
        if a.is_empty() {
            return None;
        }
        mpn::gcd::modinv(a.as_slice(), modulus.limbs()).map(BigUint::from_limbs)
    }

    /// The integer square root: the largest `r` with `r * r <= self`.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(99u32).sqrt(), BigUint::from(9u32));
    /// ```
    pub fn sqrt(&self) -> BigUint {
        if self.is_zero() {
            return BigUint::ZERO;
        }
        BigUint::from_limbs(mpn::root::sqrt(self.limbs()))
    }

    /// The integer cube root: the largest `r` with `r³ <= self`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(26u32).cbrt(), BigUint::from(2u32));
    /// assert_eq!(BigUint::from(27u32).cbrt(), BigUint::from(3u32));
    /// ```
    pub fn cbrt(&self) -> BigUint {
        self.nth_root(3)
    }

    /// The integer `n`-th root: the largest `r` with `rⁿ <= self`.
    ///
    /// # Panics
    ///
    /// When `n` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(1025u32).nth_root(10), BigUint::from(2u32));
    /// assert_eq!(BigUint::from(1u128 << 120).nth_root(40), BigUint::from(8u32));
    /// assert!(std::panic::catch_unwind(|| BigUint::from(8u32).nth_root(0)).is_err());
    /// ```
    pub fn nth_root(&self, n: u32) -> BigUint {
        if n == 0 {
            panic!("root degree n must be at least 1");
        }
        if n == 1 || self.is_zero() {
            return self.clone();
        }
        if n == 2 {
            return self.sqrt();
        }
        BigUint::from_limbs(mpn::root::nth_root(self.limbs(), n))
    }

    /// Number of trailing zero bits (`None` for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(96u32).trailing_zeros(), Some(5));
    /// assert_eq!(BigUint::ZERO.trailing_zeros(), None);
    /// ```
    pub fn trailing_zeros(&self) -> Option<u64> {
        arith::trailing_zeros(self.limbs())
    }

    /// Number of trailing one bits.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(0b10111u32).trailing_ones(), 3);
    /// assert_eq!(BigUint::from(u64::MAX).trailing_ones(), 64);
    /// assert_eq!(BigUint::ZERO.trailing_ones(), 0);
    /// ```
    pub fn trailing_ones(&self) -> u64 {
        let limbs = self.limbs();
        let full = limbs.iter().take_while(|&&x| x == u64::MAX).count();
        let rest = limbs.get(full).map_or(0, |x| x.trailing_ones());
        full as u64 * 64 + u64::from(rest)
    }

    /// Number of one bits.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(0b10111u32).count_ones(), 4);
    /// assert_eq!(BigUint::from(u128::MAX).count_ones(), 128);
    /// ```
    pub fn count_ones(&self) -> u64 {
        self.limbs().iter().map(|x| u64::from(x.count_ones())).sum()
    }

    /// Whether bit `bit` (counted from the least significant, 0) is one.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let x = BigUint::from(0b101u32);
    /// assert!(x.bit(0) && !x.bit(1) && x.bit(2));
    /// assert!(!x.bit(1000));
    /// ```
    pub fn bit(&self, bit: u64) -> bool {
        let limbs = self.limbs();
        usize::try_from(bit / 64)
            .ok()
            .and_then(|i| limbs.get(i))
            .is_some_and(|x| (x >> (bit % 64)) & 1 == 1)
    }

    /// Sets bit `bit` to `value`, growing the number when needed.
    ///
    /// # Panics
    ///
    /// When setting a bit the number cannot grow to hold: `bit / 64` limbs do not fit in
    /// `usize` (on 32-bit targets), or their memory cannot be allocated.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// let mut x = BigUint::from(0u32);
    /// x.set_bit(70, true);
    /// assert_eq!(x, BigUint::from(1u128 << 70));
    /// x.set_bit(70, false);
    /// assert_eq!(x, BigUint::from(0u32));
    /// ```
    pub fn set_bit(&mut self, bit: u64, value: bool) {
        let i = usize::try_from(bit / 64).expect("capacity overflow");
        let mask = 1u64 << (bit % 64);
        if value {
            if i >= self.data.len() {
                self.data.resize(i.checked_add(1).expect("capacity overflow"));
            }
            self.data.as_mut_slice()[i] |= mask;
        } else if i < self.data.len() {
            self.data.as_mut_slice()[i] &= !mask;
            self.data.normalize();
        }
    }

    /// The greatest common divisor (`gcd(0, 0)` is 0).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(12u32).gcd(&BigUint::from(18u32)), BigUint::from(6u32));
    /// ```
    pub fn gcd(&self, other: &BigUint) -> BigUint {
        if self.is_zero() {
            return other.clone();
        }
        if other.is_zero() {
            return self.clone();
        }
        BigUint::from_limbs(mpn::gcd::gcd(self.limbs(), other.limbs()))
    }

    /// The least common multiple (0 when either is 0).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(4u32).lcm(&BigUint::from(6u32)), BigUint::from(12u32));
    /// assert_eq!(BigUint::ZERO.lcm(&BigUint::from(5u32)), BigUint::ZERO);
    /// ```
    pub fn lcm(&self, other: &BigUint) -> BigUint {
        if self.is_zero() || other.is_zero() {
            return BigUint::ZERO;
        }
        let g = self.gcd(other);
        BigUint { data: arith::divexact(self.limbs(), g.limbs()) } * other
    }

    /// Quotient and remainder of the division by `other`.
    ///
    /// # Panics
    ///
    /// When `other` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let (q, r) = BigUint::from(17u32).div_rem(&BigUint::from(5u32));
    /// assert_eq!((q, r), (BigUint::from(3u32), BigUint::from(2u32)));
    /// assert!(std::panic::catch_unwind(|| BigUint::from(1u32).div_rem(&BigUint::ZERO)).is_err());
    /// ```
    pub fn div_rem(&self, other: &BigUint) -> (BigUint, BigUint) {
        let (q, r) = arith::div_rem(self.limbs(), other.limbs());
        (BigUint { data: q }, BigUint { data: r })
    }

    /// `self + v` (always `Some`; here for num-traits' `CheckedAdd`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let x = BigUint::from(u64::MAX);
    /// assert_eq!(x.checked_add(&x), Some(BigUint::from(2 * u64::MAX as u128)));
    /// ```
    pub fn checked_add(&self, v: &BigUint) -> Option<BigUint> {
        Some(self + v)
    }

    /// `self - v`, or `None` when `v > self`.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(1u32).checked_sub(&BigUint::from(2u32)), None);
    /// ```
    pub fn checked_sub(&self, v: &BigUint) -> Option<BigUint> {
        arith::sub(self.limbs(), v.limbs()).map(|data| BigUint { data })
    }

    /// `self * v` (always `Some`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let x = BigUint::from(u64::MAX);
    /// assert_eq!(x.checked_mul(&x), Some(BigUint::from(u64::MAX as u128 * u64::MAX as u128)));
    /// ```
    pub fn checked_mul(&self, v: &BigUint) -> Option<BigUint> {
        Some(self * v)
    }

    /// `self / v`, or `None` when `v` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(17u32).checked_div(&BigUint::from(5u32)), Some(BigUint::from(3u32)));
    /// assert_eq!(BigUint::from(17u32).checked_div(&BigUint::ZERO), None);
    /// ```
    pub fn checked_div(&self, v: &BigUint) -> Option<BigUint> {
        if v.is_zero() {
            return None;
        }
        Some(self / v)
    }
}

/// num-bigint's panic for a zero modulus.
#[cold]
#[track_caller]
pub(crate) fn panic_zero_modulus() -> ! {
    panic!("attempt to calculate with zero modulus!")
}

impl Clone for BigUint {
    #[inline]
    fn clone(&self) -> Self {
        BigUint { data: self.data.clone() }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.data.clone_from(&source.data);
    }
}

impl Default for BigUint {
    #[inline]
    fn default() -> Self {
        BigUint::ZERO
    }
}

impl PartialEq for BigUint {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.limbs() == other.limbs()
    }
}

impl Eq for BigUint {}

impl PartialOrd for BigUint {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        arith::cmp(self.limbs(), other.limbs())
    }
}

impl Hash for BigUint {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Normalised limbs: equal values hash equally.
        self.limbs().hash(state);
    }
}
