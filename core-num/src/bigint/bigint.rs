//! [`BigInt`]: the signed arbitrary-precision integer (a [`Sign`] and a [`BigUint`]
//! magnitude), its constructors and methods.
//!
//! Bit-level methods (`bit`, `set_bit`, the signed byte forms, and in `bits.rs` the `& | ^ !`
//! operators) treat negative values as two's complement with infinite sign extension, as
//! num-bigint does.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};
use core::ops::{Mul, Neg};

use super::biguint::{panic_zero_modulus, BigUint};
use super::iter::{U32Digits, U64Digits};

/// The sign of a [`BigInt`].
///
/// # Examples
/// ```
/// use core_num::{BigInt, Sign};
/// assert_eq!(BigInt::from(-5).sign(), Sign::Minus);
/// assert_eq!(BigInt::ZERO.sign(), Sign::NoSign);
/// assert_eq!(BigInt::from(5).sign(), Sign::Plus);
/// assert_eq!(-Sign::Plus, Sign::Minus);
/// ```
#[derive(PartialEq, PartialOrd, Eq, Ord, Copy, Clone, Debug, Hash)]
pub enum Sign {
    /// Negative.
    Minus,
    /// Zero.
    NoSign,
    /// Positive.
    Plus,
}

impl Neg for Sign {
    type Output = Sign;

    /// The opposite sign (`NoSign` stays).
    #[inline]
    fn neg(self) -> Sign {
        match self {
            Sign::Minus => Sign::Plus,
            Sign::NoSign => Sign::NoSign,
            Sign::Plus => Sign::Minus,
        }
    }
}

impl Mul<Sign> for Sign {
    type Output = Sign;

    /// The sign of a product.
    #[inline]
    fn mul(self, other: Sign) -> Sign {
        match (self, other) {
            (Sign::NoSign, _) | (_, Sign::NoSign) => Sign::NoSign,
            (Sign::Plus, Sign::Plus) | (Sign::Minus, Sign::Minus) => Sign::Plus,
            (Sign::Plus, Sign::Minus) | (Sign::Minus, Sign::Plus) => Sign::Minus,
        }
    }
}

/// A signed integer of any size.
///
/// A [`Sign`] and a [`BigUint`] magnitude; zero always has `Sign::NoSign`. The API is
/// num-bigint 0.4's. Division truncates toward zero like the primitive integers; `>>` rounds
/// toward negative infinity and the bitwise operators see negative values in two's complement,
/// as num-bigint does.
///
/// Operators: `+ - * / %` with `BigInt` and with every primitive integer on either side, unary
/// `-` and `!`, `& | ^` between `BigInt`s, `<< >>` by any primitive integer; every owned and
/// borrowed form and the assign forms.
///
/// # Panics
///
/// `/` and `%` by zero ([`checked_div`](Self::checked_div) returns `None` instead), and
/// shifts by a negative amount.
///
/// # Example
///
/// ```
/// use core_num::{BigInt, Sign};
///
/// let a = BigInt::from(-7);
/// assert_eq!(&a / 2, BigInt::from(-3));
/// assert_eq!(&a % 2, BigInt::from(-1));
/// assert_eq!(&a >> 1, BigInt::from(-4));
/// assert_eq!(&a & BigInt::from(13), BigInt::from(9));
/// assert_eq!(a.sign(), Sign::Minus);
/// assert_eq!(a.pow(3).to_string(), "-343");
/// ```
pub struct BigInt {
    sign: Sign,
    data: BigUint,
}

impl BigInt {
    /// The value 0.
    pub const ZERO: BigInt = BigInt { sign: Sign::NoSign, data: BigUint::ZERO };

    /// The value 1.
    pub const ONE: BigInt = BigInt { sign: Sign::Plus, data: BigUint::ONE };

    /// The value -1.
    pub const NEG_ONE: BigInt = BigInt { sign: Sign::Minus, data: BigUint::ONE };

    /// A `BigInt` from an `i32` in const context (non-const code uses `From<i32>`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// const MINUS_TEN: BigInt = BigInt::new_const(-10);
    /// assert_eq!(MINUS_TEN, BigInt::from(-10));
    /// assert!(BigInt::new_const(0).is_zero());
    /// ```
    #[inline]
    pub const fn new_const(n: i32) -> BigInt {
        let sign = if n < 0 {
            Sign::Minus
        } else if n == 0 {
            Sign::NoSign
        } else {
            Sign::Plus
        };
        BigInt { sign, data: BigUint::new_const(n.unsigned_abs()) }
    }

    /// Builds from parts that already satisfy the invariant (zero iff `NoSign`).
    #[inline]
    pub(crate) fn from_parts_unchecked(sign: Sign, data: BigUint) -> BigInt {
        debug_assert_eq!(sign == Sign::NoSign, data.is_zero());
        BigInt { sign, data }
    }

    /// Mutable access to the magnitude; the caller restores the invariant with `fix_sign`.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut Sign, &mut BigUint) {
        (&mut self.sign, &mut self.data)
    }

    /// Makes a zero magnitude `NoSign` (and a non-zero one keep its sign, defaulting to `Plus`).
    #[inline]
    pub(crate) fn fix_sign(&mut self) {
        if self.data.is_zero() {
            self.sign = Sign::NoSign;
        } else if self.sign == Sign::NoSign {
            self.sign = Sign::Plus;
        }
    }

    /// A `BigInt` from a sign and base-2<sup>32</sup> digits, least significant first. A
    /// `NoSign` sign gives zero whatever the digits.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::new(Sign::Minus, vec![0, 1]), BigInt::from(-(1i64 << 32)));
    /// assert_eq!(BigInt::new(Sign::NoSign, vec![5]), BigInt::ZERO);
    /// ```
    pub fn new(sign: Sign, digits: Vec<u32>) -> BigInt {
        BigInt::from_biguint(sign, BigUint::new(digits))
    }

    /// A `BigInt` from a sign and a magnitude. A `NoSign` sign gives zero whatever the
    /// magnitude; a zero magnitude gives zero whatever the sign.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::{BigInt, BigUint, Sign};
    ///
    /// let x = BigInt::from_biguint(Sign::Minus, BigUint::from(5u32));
    /// assert_eq!(x, BigInt::from(-5));
    /// assert_eq!(BigInt::from_biguint(Sign::Minus, BigUint::from(0u32)).sign(), Sign::NoSign);
    /// ```
    pub fn from_biguint(sign: Sign, data: BigUint) -> BigInt {
        if sign == Sign::NoSign || data.is_zero() {
            BigInt::ZERO
        } else {
            BigInt { sign, data }
        }
    }

    /// A `BigInt` from a sign and base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from_slice(Sign::Plus, &[1, 1]), BigInt::from((1i64 << 32) + 1));
    /// assert_eq!(BigInt::from_slice(Sign::Minus, &[]), BigInt::ZERO);
    /// ```
    pub fn from_slice(sign: Sign, slice: &[u32]) -> BigInt {
        BigInt::from_biguint(sign, BigUint::from_slice(slice))
    }

    /// Replaces the value by a sign and base-2<sup>32</sup> digits, reusing the buffer.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// let mut x = BigInt::from(99);
    /// x.assign_from_slice(Sign::Minus, &[3]);
    /// assert_eq!(x, BigInt::from(-3));
    /// x.assign_from_slice(Sign::NoSign, &[3]);
    /// assert!(x.is_zero());
    /// ```
    pub fn assign_from_slice(&mut self, sign: Sign, slice: &[u32]) {
        if sign == Sign::NoSign {
            self.data.assign_from_slice(&[]);
        } else {
            self.data.assign_from_slice(slice);
        }
        self.sign = sign;
        self.fix_sign();
    }

    /// A `BigInt` from a sign and big-endian magnitude bytes.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from_bytes_be(Sign::Minus, &[1, 0]), BigInt::from(-256));
    /// assert_eq!(BigInt::from_bytes_be(Sign::Plus, &[0, 0, 7]), BigInt::from(7));
    /// ```
    pub fn from_bytes_be(sign: Sign, bytes: &[u8]) -> BigInt {
        BigInt::from_biguint(sign, BigUint::from_bytes_be(bytes))
    }

    /// A `BigInt` from a sign and little-endian magnitude bytes.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from_bytes_le(Sign::Minus, &[1, 0]), BigInt::from(-1));
    /// assert_eq!(BigInt::from_bytes_le(Sign::Plus, &[0, 1]), BigInt::from(256));
    /// ```
    pub fn from_bytes_le(sign: Sign, bytes: &[u8]) -> BigInt {
        BigInt::from_biguint(sign, BigUint::from_bytes_le(bytes))
    }

    /// A `BigInt` from big-endian two's-complement bytes (empty is zero).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// assert_eq!(BigInt::from_signed_bytes_be(&[0xff, 0x00]), BigInt::from(-256));
    /// ```
    pub fn from_signed_bytes_be(digits: &[u8]) -> BigInt {
        let mut le = digits.to_vec();
        le.reverse();
        BigInt::from_signed_bytes_le(&le)
    }

    /// A `BigInt` from little-endian two's-complement bytes (empty is zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from_signed_bytes_le(&[0xFF]), BigInt::from(-1));
    /// assert_eq!(BigInt::from_signed_bytes_le(&[0x80, 0x00]), BigInt::from(128));
    /// assert_eq!(BigInt::from_signed_bytes_le(&[0x80]), BigInt::from(-128));
    /// assert_eq!(BigInt::from_signed_bytes_le(&[]), BigInt::ZERO);
    /// ```
    pub fn from_signed_bytes_le(digits: &[u8]) -> BigInt {
        match digits.last() {
            Some(&top) if top & 0x80 != 0 => {
                let mut mag = digits.to_vec();
                twos_complement_le(&mut mag);
                BigInt::from_biguint(Sign::Minus, BigUint::from_bytes_le(&mag))
            }
            _ => BigInt::from(BigUint::from_bytes_le(digits)),
        }
    }

    /// The sign and the big-endian magnitude bytes (`(NoSign, [0])` for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from(-258).to_bytes_be(), (Sign::Minus, vec![1, 2]));
    /// assert_eq!(BigInt::ZERO.to_bytes_be(), (Sign::NoSign, vec![0]));
    /// ```
    pub fn to_bytes_be(&self) -> (Sign, Vec<u8>) {
        (self.sign, self.data.to_bytes_be())
    }

    /// The sign and the little-endian magnitude bytes (`(NoSign, [0])` for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from(258).to_bytes_le(), (Sign::Plus, vec![2, 1]));
    /// assert_eq!(BigInt::ZERO.to_bytes_le(), (Sign::NoSign, vec![0]));
    /// ```
    pub fn to_bytes_le(&self) -> (Sign, Vec<u8>) {
        (self.sign, self.data.to_bytes_le())
    }

    /// The sign and the magnitude's base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::{BigInt, Sign};
    ///
    /// assert_eq!(BigInt::from(-1125).to_u32_digits(), (Sign::Minus, vec![1125]));
    /// ```
    pub fn to_u32_digits(&self) -> (Sign, Vec<u32>) {
        (self.sign, self.data.to_u32_digits())
    }

    /// The sign and the magnitude's base-2<sup>64</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// let x: BigInt = "-18446744073709551617".parse().unwrap(); // -(2^64 + 1)
    /// assert_eq!(x.to_u64_digits(), (Sign::Minus, vec![1, 1]));
    /// assert_eq!(BigInt::ZERO.to_u64_digits(), (Sign::NoSign, vec![]));
    /// ```
    pub fn to_u64_digits(&self) -> (Sign, Vec<u64>) {
        (self.sign, self.data.to_u64_digits())
    }

    /// An iterator over the magnitude's base-2<sup>32</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let x = BigInt::from(-(1i64 << 32) - 5);
    /// assert_eq!(x.iter_u32_digits().collect::<Vec<u32>>(), [5, 1]);
    /// assert_eq!(BigInt::ZERO.iter_u32_digits().count(), 0);
    /// ```
    pub fn iter_u32_digits(&self) -> U32Digits<'_> {
        self.data.iter_u32_digits()
    }

    /// An iterator over the magnitude's base-2<sup>64</sup> digits, least significant first.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let x = BigInt::from(-i128::MAX);
    /// assert_eq!(x.iter_u64_digits().collect::<Vec<u64>>(), [u64::MAX, u64::MAX >> 1]);
    /// ```
    pub fn iter_u64_digits(&self) -> U64Digits<'_> {
        self.data.iter_u64_digits()
    }

    /// The shortest big-endian two's-complement bytes (`[0]` for zero).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// assert_eq!(BigInt::from(-128).to_signed_bytes_be(), vec![0x80]);
    /// assert_eq!(BigInt::from(128).to_signed_bytes_be(), vec![0x00, 0x80]);
    /// ```
    pub fn to_signed_bytes_be(&self) -> Vec<u8> {
        let mut v = self.to_signed_bytes_le();
        v.reverse();
        v
    }

    /// The shortest little-endian two's-complement bytes (`[0]` for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-1).to_signed_bytes_le(), [0xFF]);
    /// assert_eq!(BigInt::from(128).to_signed_bytes_le(), [0x80, 0x00]);
    /// assert_eq!(BigInt::ZERO.to_signed_bytes_le(), [0]);
    /// let x = BigInt::from(-300);
    /// assert_eq!(BigInt::from_signed_bytes_le(&x.to_signed_bytes_le()), x);
    /// ```
    pub fn to_signed_bytes_le(&self) -> Vec<u8> {
        let mut bytes = self.data.to_bytes_le();
        let top_set = bytes.last().is_some_and(|&b| b & 0x80 != 0);
        match self.sign {
            Sign::Minus => {
                twos_complement_le(&mut bytes);
                // Negation of a magnitude without leading zero bytes leaves the top bit clear
                // only when one more 0xff byte is needed to show the sign.
                if bytes.last().is_some_and(|&b| b & 0x80 == 0) {
                    bytes.push(0xff);
                }
            }
            _ if top_set => bytes.push(0),
            _ => {}
        }
        bytes
    }

    /// The sign.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, Sign};
    /// assert_eq!(BigInt::from(-3).sign(), Sign::Minus);
    /// assert_eq!((BigInt::from(-3) + BigInt::from(3)).sign(), Sign::NoSign);
    /// ```
    #[inline]
    pub fn sign(&self) -> Sign {
        self.sign
    }

    /// The absolute value, borrowed.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, BigUint};
    /// assert_eq!(BigInt::from(-12).magnitude(), &BigUint::from(12u32));
    /// ```
    #[inline]
    pub fn magnitude(&self) -> &BigUint {
        &self.data
    }

    /// The sign and the absolute value.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, BigUint, Sign};
    /// assert_eq!(BigInt::from(-12).into_parts(), (Sign::Minus, BigUint::from(12u32)));
    /// assert_eq!(BigInt::ZERO.into_parts(), (Sign::NoSign, BigUint::ZERO));
    /// ```
    #[inline]
    pub fn into_parts(self) -> (Sign, BigUint) {
        (self.sign, self.data)
    }

    /// Number of bits of the magnitude (0 for zero).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-255).bits(), 8);
    /// assert_eq!(BigInt::from(256).bits(), 9);
    /// assert_eq!(BigInt::ZERO.bits(), 0);
    /// ```
    #[inline]
    pub fn bits(&self) -> u64 {
        self.data.bits()
    }

    /// The value as a `BigUint`, or `None` when negative.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, BigUint};
    /// assert_eq!(BigInt::from(7).into_biguint(), Some(BigUint::from(7u32)));
    /// assert_eq!(BigInt::from(-7).into_biguint(), None);
    /// ```
    pub fn into_biguint(self) -> Option<BigUint> {
        match self.sign {
            Sign::Minus => None,
            _ => Some(self.data),
        }
    }

    /// The value as a `BigUint`, or `None` when negative.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, BigUint};
    /// assert_eq!(BigInt::ZERO.to_biguint(), Some(BigUint::ZERO));
    /// assert_eq!(BigInt::from(-1).to_biguint(), None);
    /// ```
    pub fn to_biguint(&self) -> Option<BigUint> {
        match self.sign {
            Sign::Minus => None,
            _ => Some(self.data.clone()),
        }
    }

    /// Whether the value is 0.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::ZERO.is_zero());
    /// assert!((BigInt::from(5) - BigInt::from(5)).is_zero());
    /// assert!(!BigInt::from(-1).is_zero());
    /// ```
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.sign == Sign::NoSign
    }

    /// Whether the value is 1.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::from(1).is_one());
    /// assert!(!BigInt::NEG_ONE.is_one());
    /// ```
    #[inline]
    pub fn is_one(&self) -> bool {
        self.sign == Sign::Plus && self.data.is_one()
    }

    /// Whether the value is greater than 0.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::from(2).is_positive());
    /// assert!(!BigInt::ZERO.is_positive());
    /// ```
    #[inline]
    pub fn is_positive(&self) -> bool {
        self.sign == Sign::Plus
    }

    /// Whether the value is less than 0.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::from(-2).is_negative());
    /// assert!(!BigInt::ZERO.is_negative());
    /// ```
    #[inline]
    pub fn is_negative(&self) -> bool {
        self.sign == Sign::Minus
    }

    /// Whether the value is even.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::from(-4).is_even());
    /// assert!(BigInt::ZERO.is_even());
    /// assert!(!BigInt::from(3).is_even());
    /// ```
    #[inline]
    pub fn is_even(&self) -> bool {
        self.data.is_even()
    }

    /// Whether the value is odd.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!(BigInt::from(-3).is_odd());
    /// assert!(!BigInt::ZERO.is_odd());
    /// ```
    #[inline]
    pub fn is_odd(&self) -> bool {
        self.data.is_odd()
    }

    /// The absolute value.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-9).abs(), BigInt::from(9));
    /// assert_eq!(BigInt::from(9).abs(), BigInt::from(9));
    /// ```
    pub fn abs(&self) -> BigInt {
        BigInt::from(self.data.clone())
    }

    /// -1, 0 or 1 as the value is negative, zero or positive.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-9).signum(), BigInt::NEG_ONE);
    /// assert_eq!(BigInt::ZERO.signum(), BigInt::ZERO);
    /// assert_eq!(BigInt::from(1u64 << 40).signum(), BigInt::ONE);
    /// ```
    pub fn signum(&self) -> BigInt {
        match self.sign {
            Sign::Minus => BigInt::NEG_ONE,
            Sign::NoSign => BigInt::ZERO,
            Sign::Plus => BigInt::ONE,
        }
    }

    /// `self + v` (always `Some`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let big = BigInt::from(i64::MAX);
    /// assert_eq!(big.checked_add(&big), Some(BigInt::from(2 * i64::MAX as i128)));
    /// ```
    pub fn checked_add(&self, v: &BigInt) -> Option<BigInt> {
        Some(self + v)
    }

    /// `self - v` (always `Some`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let x = BigInt::from(i64::MIN);
    /// assert_eq!(x.checked_sub(&BigInt::ONE), Some(BigInt::from(i64::MIN as i128 - 1)));
    /// ```
    pub fn checked_sub(&self, v: &BigInt) -> Option<BigInt> {
        Some(self - v)
    }

    /// `self * v` (always `Some`).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let x = BigInt::from(-(1i64 << 40));
    /// assert_eq!(x.checked_mul(&x), Some(BigInt::from(1i128 << 80)));
    /// ```
    pub fn checked_mul(&self, v: &BigInt) -> Option<BigInt> {
        Some(self * v)
    }

    /// `self / v` truncated toward zero, or `None` when `v` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-7).checked_div(&BigInt::from(2)), Some(BigInt::from(-3)));
    /// assert_eq!(BigInt::from(-7).checked_div(&BigInt::ZERO), None);
    /// ```
    pub fn checked_div(&self, v: &BigInt) -> Option<BigInt> {
        if v.is_zero() {
            return None;
        }
        Some(self / v)
    }

    /// Quotient (truncated toward zero) and remainder (with the sign of `self`).
    ///
    /// # Panics
    ///
    /// When `other` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let (q, r) = BigInt::from(-7).div_rem(&BigInt::from(2));
    /// assert_eq!((q, r), (BigInt::from(-3), BigInt::from(-1)));
    /// let (q, r) = BigInt::from(7).div_rem(&BigInt::from(-2));
    /// assert_eq!((q, r), (BigInt::from(-3), BigInt::from(1)));
    /// ```
    pub fn div_rem(&self, other: &BigInt) -> (BigInt, BigInt) {
        let (q, r) = self.data.div_rem(&other.data);
        (BigInt::from_biguint(self.sign * other.sign, q), BigInt::from_biguint(self.sign, r))
    }

    /// `self` raised to the power `exponent`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-2).pow(65).to_string(), "-36893488147419103232");
    /// assert_eq!(BigInt::from(-2).pow(0), BigInt::ONE);
    /// ```
    pub fn pow(&self, exponent: u32) -> BigInt {
        let sign = if self.sign == Sign::Minus && exponent.is_multiple_of(2) {
            Sign::Plus
        } else {
            self.sign
        };
        BigInt::from_biguint(if exponent == 0 { Sign::Plus } else { sign }, self.data.pow(exponent))
    }

    /// `self` to the power `exponent`, modulo `modulus`. The result is in `[0, modulus)` for a
    /// positive modulus and in `(modulus, 0]` for a negative one.
    ///
    /// # Panics
    ///
    /// When `exponent` is negative or `modulus` is zero.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// let r = BigInt::from(-7).modpow(&BigInt::from(3), &BigInt::from(10));
    /// assert_eq!(r, BigInt::from(7));
    /// ```
    pub fn modpow(&self, exponent: &BigInt, modulus: &BigInt) -> BigInt {
        if exponent.is_negative() {
            panic!("negative exponentiation is not supported!");
        }
        if modulus.is_zero() {
            panic_zero_modulus();
        }
        let m = &modulus.data;
        let mut r = self.data.modpow(&exponent.data, m);
        if self.sign == Sign::Minus && exponent.data.is_odd() && !r.is_zero() {
            r = m - r;
        }
        if modulus.sign == Sign::Minus && !r.is_zero() {
            // r in (0, |m|) becomes r - |m| in (m, 0).
            BigInt::from_biguint(Sign::Minus, m - r)
        } else {
            BigInt::from(r)
        }
    }

    /// The inverse of `self` modulo `modulus`, in `[0, modulus)` for a positive modulus and in
    /// `(modulus, 0]` for a negative one; `None` when `gcd(self, modulus) != 1`.
    ///
    /// For `|modulus| == 1` the results are num-bigint's exactly (which may fall outside
    /// those intervals).
    ///
    /// # Panics
    ///
    /// When `modulus` is zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// let seven = BigInt::from(7);
    /// assert_eq!(BigInt::from(3).modinv(&seven), Some(BigInt::from(5)));
    /// assert_eq!(BigInt::from(-3).modinv(&seven), Some(BigInt::from(2)));
    /// assert_eq!(BigInt::from(3).modinv(&-seven), Some(BigInt::from(-2)));
    /// assert_eq!(BigInt::from(4).modinv(&BigInt::from(8)), None);
    /// ```
    pub fn modinv(&self, modulus: &BigInt) -> Option<BigInt> {
        if modulus.is_zero() {
            panic_zero_modulus();
        }
        let m = &modulus.data;
        let r = self.data.modinv(m)?;
        let r = if self.sign == Sign::Minus { BigInt::from(m - r) } else { BigInt::from(r) };
        if modulus.sign == Sign::Minus {
            Some(r - BigInt::from(m.clone()))
        } else {
            Some(r)
        }
    }

    /// The integer square root, truncated toward zero.
    ///
    /// # Panics
    ///
    /// When `self` is negative.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(99).sqrt(), BigInt::from(9));
    /// assert_eq!(BigInt::from(1i128 << 100).sqrt(), BigInt::from(1i64 << 50));
    /// assert!(std::panic::catch_unwind(|| BigInt::from(-4).sqrt()).is_err());
    /// ```
    pub fn sqrt(&self) -> BigInt {
        if self.is_negative() {
            panic!("square root is imaginary");
        }
        BigInt::from(self.data.sqrt())
    }

    /// The integer cube root, truncated toward zero.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(28).cbrt(), BigInt::from(3));
    /// assert_eq!(BigInt::from(-28).cbrt(), BigInt::from(-3));
    /// ```
    pub fn cbrt(&self) -> BigInt {
        BigInt::from_biguint(self.sign, self.data.cbrt())
    }

    /// The integer `n`-th root, truncated toward zero.
    ///
    /// # Panics
    ///
    /// When `n` is zero, or `n` is even and `self` is negative.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-1000).nth_root(3), BigInt::from(-10));
    /// assert_eq!(BigInt::from(1025).nth_root(10), BigInt::from(2));
    /// assert!(std::panic::catch_unwind(|| BigInt::from(-16).nth_root(4)).is_err());
    /// ```
    pub fn nth_root(&self, n: u32) -> BigInt {
        if n == 0 {
            panic!("root degree n must be at least 1");
        }
        if self.is_negative() && n.is_multiple_of(2) {
            panic!("root of degree {} is imaginary", n);
        }
        BigInt::from_biguint(self.sign, self.data.nth_root(n))
    }

    /// Number of trailing zero bits (`None` for zero); the same in two's complement.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-40).trailing_zeros(), Some(3));
    /// assert_eq!(BigInt::from(1i128 << 100).trailing_zeros(), Some(100));
    /// assert_eq!(BigInt::ZERO.trailing_zeros(), None);
    /// ```
    pub fn trailing_zeros(&self) -> Option<u64> {
        self.data.trailing_zeros()
    }

    /// Whether bit `bit` of the two's-complement form is one (negative values have infinitely
    /// many leading ones).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// let x = BigInt::from(-8); // ...11111000
    /// assert!(!x.bit(2));
    /// assert!(x.bit(3));
    /// assert!(x.bit(1000));
    /// ```
    pub fn bit(&self, bit: u64) -> bool {
        if self.sign != Sign::Minus {
            return self.data.bit(bit);
        }
        // -m = !(m - 1): below m's lowest one bit the bits are zero, at it one, above it the
        // complement of m's bits.
        let tz = self.data.trailing_zeros().unwrap_or(0);
        match bit.cmp(&tz) {
            Ordering::Less => false,
            Ordering::Equal => true,
            Ordering::Greater => !self.data.bit(bit),
        }
    }

    /// Sets bit `bit` of the two's-complement form to `value`.
    ///
    /// # Panics
    ///
    /// As [`BigUint::set_bit`], when the magnitude cannot grow to hold the bit.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// let mut x = BigInt::from(-8);
    /// x.set_bit(1, true);
    /// assert_eq!(x, BigInt::from(-6));
    /// ```
    pub fn set_bit(&mut self, bit: u64, value: bool) {
        match self.sign {
            Sign::Minus => {
                // Work on m - 1, whose bits are the complement of -m's.
                let mut t = &self.data - 1u32;
                t.set_bit(bit, !value);
                self.data = t + 1u32;
            }
            _ => {
                self.data.set_bit(bit, value);
                self.sign = Sign::Plus;
                self.fix_sign();
            }
        }
    }

    /// The greatest common divisor, never negative (`gcd(0, 0)` is 0).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-12).gcd(&BigInt::from(18)), BigInt::from(6));
    /// assert_eq!(BigInt::ZERO.gcd(&BigInt::ZERO), BigInt::ZERO);
    /// ```
    pub fn gcd(&self, other: &BigInt) -> BigInt {
        BigInt::from(self.data.gcd(&other.data))
    }

    /// The least common multiple, never negative.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-4).lcm(&BigInt::from(6)), BigInt::from(12));
    /// ```
    pub fn lcm(&self, other: &BigInt) -> BigInt {
        BigInt::from(self.data.lcm(&other.data))
    }
}

/// Two's complement (negation modulo 256^len) of little-endian bytes, in place.
fn twos_complement_le(bytes: &mut [u8]) {
    let mut carry = true;
    for b in bytes.iter_mut() {
        let (v, c) = (!*b).overflowing_add(u8::from(carry));
        *b = v;
        carry = c;
    }
}

impl Clone for BigInt {
    #[inline]
    fn clone(&self) -> Self {
        BigInt { sign: self.sign, data: self.data.clone() }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.sign = source.sign;
        self.data.clone_from(&source.data);
    }
}

impl Default for BigInt {
    #[inline]
    fn default() -> Self {
        BigInt::ZERO
    }
}

impl PartialEq for BigInt {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.sign == other.sign && self.data == other.data
    }
}

impl Eq for BigInt {}

impl PartialOrd for BigInt {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigInt {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.sign.cmp(&other.sign).then_with(|| match self.sign {
            Sign::Minus => other.data.cmp(&self.data),
            Sign::NoSign => Ordering::Equal,
            Sign::Plus => self.data.cmp(&other.data),
        })
    }
}

impl Hash for BigInt {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.sign.hash(state);
        self.data.hash(state);
    }
}
