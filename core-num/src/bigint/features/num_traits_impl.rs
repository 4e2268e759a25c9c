//! num-traits' and num-integer's traits for [`BigUint`] and [`BigInt`], the set num-bigint 0.4
//! implements, with the same semantics.
//!
//! Each impl forwards to the inherent method of the same name where there is one; the traits
//! only add what the inherent API does not have (floor and Euclidean division, `Pow` with
//! exponents of every width, the byte traits).

use alloc::vec::Vec;

use num_integer::{Integer, Roots};
use num_traits::bounds::LowerBounded;
use num_traits::{
    CheckedAdd, CheckedDiv, CheckedEuclid, CheckedMul, CheckedSub, ConstOne, ConstZero, Euclid,
    FromBytes, FromPrimitive, Num, One, Pow, Signed, ToBytes, ToPrimitive, Unsigned, Zero,
};

use crate::bigint::{BigInt, BigUint, ParseBigIntError, Sign};

/// Trait methods that forward to the inherent method of the same name.
macro_rules! forward {
    ($($name:ident($($arg:ident: $at:ty),*) -> $t:ty),* $(,)?) => {$(
        #[inline]
        fn $name($($arg: $at),*) -> $t {
            Self::$name($($arg),*)
        }
    )*};
}

// --- Zero, One, Num, Unsigned, Signed --------------------------------------------------------

impl Zero for BigUint {
    #[inline]
    fn zero() -> BigUint {
        BigUint::ZERO
    }

    forward!(is_zero(self: &Self) -> bool);
}

impl ConstZero for BigUint {
    const ZERO: BigUint = BigUint::ZERO;
}

impl One for BigUint {
    #[inline]
    fn one() -> BigUint {
        BigUint::ONE
    }

    forward!(is_one(self: &Self) -> bool);
}

impl ConstOne for BigUint {
    const ONE: BigUint = BigUint::ONE;
}

impl Num for BigUint {
    type FromStrRadixErr = ParseBigIntError;

    /// As the inherent `from_str_radix`.
    #[inline]
    fn from_str_radix(s: &str, radix: u32) -> Result<BigUint, ParseBigIntError> {
        BigUint::from_str_radix(s, radix)
    }
}

impl Unsigned for BigUint {}

impl LowerBounded for BigUint {
    #[inline]
    fn min_value() -> BigUint {
        BigUint::ZERO
    }
}

impl Zero for BigInt {
    #[inline]
    fn zero() -> BigInt {
        BigInt::ZERO
    }

    forward!(is_zero(self: &Self) -> bool);
}

impl ConstZero for BigInt {
    const ZERO: BigInt = BigInt::ZERO;
}

impl One for BigInt {
    #[inline]
    fn one() -> BigInt {
        BigInt::ONE
    }

    forward!(is_one(self: &Self) -> bool);
}

impl ConstOne for BigInt {
    const ONE: BigInt = BigInt::ONE;
}

impl Num for BigInt {
    type FromStrRadixErr = ParseBigIntError;

    /// As the inherent `from_str_radix`.
    #[inline]
    fn from_str_radix(s: &str, radix: u32) -> Result<BigInt, ParseBigIntError> {
        BigInt::from_str_radix(s, radix)
    }
}

impl Signed for BigInt {
    forward!(
        abs(self: &Self) -> BigInt,
        signum(self: &Self) -> BigInt,
        is_positive(self: &Self) -> bool,
        is_negative(self: &Self) -> bool,
    );

    /// `self - other` when positive, else zero.
    #[inline]
    fn abs_sub(&self, other: &BigInt) -> BigInt {
        if self <= other {
            BigInt::ZERO
        } else {
            self - other
        }
    }
}

// --- Pow -------------------------------------------------------------------------------------

/// `base^e` for an exponent of any width: `pow(u32)` when it fits, the trivial bases directly,
/// otherwise `base^e = (base^(e >> 32))^(2^32) * base^(e mod 2^32)` (a result of over 2^32 bits,
/// which only fits in memory for 0 and 1).
fn pow_biguint_u128(base: &BigUint, e: u128) -> BigUint {
    if let Ok(e) = u32::try_from(e) {
        return BigUint::pow(base, e);
    }
    if base.is_zero() || base.is_one() {
        return base.clone();
    }
    let high = pow_biguint_u128(base, e >> 32);
    let high_to_2_32 = BigUint::pow(&BigUint::pow(&high, 1 << 31), 2);
    high_to_2_32 * BigUint::pow(base, e as u32)
}

/// `base^e` for a `BigUint` exponent, most significant 64-bit digit first.
fn pow_biguint_big(base: &BigUint, e: &BigUint) -> BigUint {
    let digits: Vec<u64> = e.iter_u64_digits().collect();
    match digits.len() {
        0 => BigUint::ONE,
        1 => pow_biguint_u128(base, u128::from(digits[0])),
        _ if base.is_zero() || base.is_one() => base.clone(),
        _ => {
            let mut r = BigUint::ONE;
            for &d in digits.iter().rev() {
                // r^(2^64) = (r^(2^63))^2.
                let r_to_2_64 = BigUint::pow(&pow_biguint_u128(&r, 1 << 63), 2);
                r = r_to_2_64 * pow_biguint_u128(base, u128::from(d));
            }
            r
        }
    }
}

/// The sign of `base^e` given the sign of `base` and whether `e` is odd (`0^0` is 1, so a zero
/// base gives `Plus`, and `from_biguint` turns a zero magnitude into `NoSign`).
#[inline]
fn pow_sign(sign: Sign, odd: bool) -> Sign {
    if sign == Sign::Minus && odd {
        Sign::Minus
    } else {
        Sign::Plus
    }
}

macro_rules! pow_primitive {
    ($($t:ty),*) => {$(
        impl Pow<$t> for BigUint {
            type Output = BigUint;
            #[inline]
            fn pow(self, e: $t) -> BigUint {
                pow_biguint_u128(&self, e as u128)
            }
        }
        impl Pow<&$t> for BigUint {
            type Output = BigUint;
            #[inline]
            fn pow(self, e: &$t) -> BigUint {
                pow_biguint_u128(&self, *e as u128)
            }
        }
        impl Pow<$t> for &BigUint {
            type Output = BigUint;
            #[inline]
            fn pow(self, e: $t) -> BigUint {
                pow_biguint_u128(self, e as u128)
            }
        }
        impl Pow<&$t> for &BigUint {
            type Output = BigUint;
            #[inline]
            fn pow(self, e: &$t) -> BigUint {
                pow_biguint_u128(self, *e as u128)
            }
        }
        impl Pow<$t> for BigInt {
            type Output = BigInt;
            #[inline]
            fn pow(self, e: $t) -> BigInt {
                Pow::pow(&self, e)
            }
        }
        impl Pow<&$t> for BigInt {
            type Output = BigInt;
            #[inline]
            fn pow(self, e: &$t) -> BigInt {
                Pow::pow(&self, *e)
            }
        }
        impl Pow<$t> for &BigInt {
            type Output = BigInt;
            #[inline]
            fn pow(self, e: $t) -> BigInt {
                let sign = pow_sign(self.sign(), e % 2 == 1);
                BigInt::from_biguint(sign, pow_biguint_u128(self.magnitude(), e as u128))
            }
        }
        impl Pow<&$t> for &BigInt {
            type Output = BigInt;
            #[inline]
            fn pow(self, e: &$t) -> BigInt {
                Pow::pow(self, *e)
            }
        }
    )*};
}

pow_primitive!(u8, u16, u32, u64, u128, usize);

macro_rules! pow_big {
    ($($lhs:ty => $out:ident),*) => {$(
        impl Pow<BigUint> for $lhs {
            type Output = $out;
            #[inline]
            fn pow(self, e: BigUint) -> $out {
                Pow::pow(self, &e)
            }
        }
    )*};
}

pow_big!(BigUint => BigUint, &BigUint => BigUint, BigInt => BigInt, &BigInt => BigInt);

impl Pow<&BigUint> for BigUint {
    type Output = BigUint;
    #[inline]
    fn pow(self, e: &BigUint) -> BigUint {
        pow_biguint_big(&self, e)
    }
}

impl Pow<&BigUint> for &BigUint {
    type Output = BigUint;
    #[inline]
    fn pow(self, e: &BigUint) -> BigUint {
        pow_biguint_big(self, e)
    }
}

impl Pow<&BigUint> for BigInt {
    type Output = BigInt;
    #[inline]
    fn pow(self, e: &BigUint) -> BigInt {
        Pow::pow(&self, e)
    }
}

impl Pow<&BigUint> for &BigInt {
    type Output = BigInt;
    #[inline]
    fn pow(self, e: &BigUint) -> BigInt {
        let sign = pow_sign(self.sign(), e.is_odd());
        BigInt::from_biguint(sign, pow_biguint_big(self.magnitude(), e))
    }
}

// --- ToPrimitive, FromPrimitive --------------------------------------------------------------

macro_rules! to_primitive {
    ($($big:ty),*) => {$(
        impl ToPrimitive for $big {
            forward!(
                to_i8(self: &Self) -> Option<i8>, to_i16(self: &Self) -> Option<i16>,
                to_i32(self: &Self) -> Option<i32>, to_i64(self: &Self) -> Option<i64>,
                to_i128(self: &Self) -> Option<i128>, to_isize(self: &Self) -> Option<isize>,
                to_u8(self: &Self) -> Option<u8>, to_u16(self: &Self) -> Option<u16>,
                to_u32(self: &Self) -> Option<u32>, to_u64(self: &Self) -> Option<u64>,
                to_u128(self: &Self) -> Option<u128>, to_usize(self: &Self) -> Option<usize>,
                to_f32(self: &Self) -> Option<f32>, to_f64(self: &Self) -> Option<f64>,
            );
        }

    )*};
}

to_primitive!(BigUint, BigInt);

impl FromPrimitive for BigUint {
    #[inline]
    fn from_i64(n: i64) -> Option<BigUint> {
        u64::try_from(n).ok().map(BigUint::from)
    }

    #[inline]
    fn from_i128(n: i128) -> Option<BigUint> {
        u128::try_from(n).ok().map(BigUint::from)
    }

    #[inline]
    fn from_u64(n: u64) -> Option<BigUint> {
        Some(BigUint::from(n))
    }

    #[inline]
    fn from_u128(n: u128) -> Option<BigUint> {
        Some(BigUint::from(n))
    }

    forward!(from_f32(n: f32) -> Option<BigUint>, from_f64(n: f64) -> Option<BigUint>);
}

impl FromPrimitive for BigInt {
    #[inline]
    fn from_i64(n: i64) -> Option<BigInt> {
        Some(BigInt::from(n))
    }

    #[inline]
    fn from_i128(n: i128) -> Option<BigInt> {
        Some(BigInt::from(n))
    }

    #[inline]
    fn from_u64(n: u64) -> Option<BigInt> {
        Some(BigInt::from(n))
    }

    #[inline]
    fn from_u128(n: u128) -> Option<BigInt> {
        Some(BigInt::from(n))
    }

    forward!(from_f32(n: f32) -> Option<BigInt>, from_f64(n: f64) -> Option<BigInt>);
}

// --- Checked*, Euclid ------------------------------------------------------------------------

macro_rules! checked_ops {
    ($($t:ty),*) => {$(
        impl CheckedAdd for $t {
            #[inline]
            fn checked_add(&self, v: &$t) -> Option<$t> {
                <$t>::checked_add(self, v)
            }
        }
        impl CheckedSub for $t {
            #[inline]
            fn checked_sub(&self, v: &$t) -> Option<$t> {
                <$t>::checked_sub(self, v)
            }
        }
        impl CheckedMul for $t {
            #[inline]
            fn checked_mul(&self, v: &$t) -> Option<$t> {
                <$t>::checked_mul(self, v)
            }
        }
        impl CheckedDiv for $t {
            #[inline]
            fn checked_div(&self, v: &$t) -> Option<$t> {
                <$t>::checked_div(self, v)
            }
        }
    )*};
}

checked_ops!(BigUint, BigInt);

impl Euclid for BigUint {
    /// The quotient (the same as `/` for unsigned values).
    #[inline]
    fn div_euclid(&self, v: &BigUint) -> BigUint {
        self / v
    }

    /// The remainder (the same as `%` for unsigned values).
    #[inline]
    fn rem_euclid(&self, v: &BigUint) -> BigUint {
        self % v
    }

    #[inline]
    fn div_rem_euclid(&self, v: &BigUint) -> (BigUint, BigUint) {
        BigUint::div_rem(self, v)
    }
}

impl CheckedEuclid for BigUint {
    #[inline]
    fn checked_div_euclid(&self, v: &BigUint) -> Option<BigUint> {
        (!v.is_zero()).then(|| self / v)
    }

    #[inline]
    fn checked_rem_euclid(&self, v: &BigUint) -> Option<BigUint> {
        (!v.is_zero()).then(|| self % v)
    }

    #[inline]
    fn checked_div_rem_euclid(&self, v: &BigUint) -> Option<(BigUint, BigUint)> {
        (!v.is_zero()).then(|| BigUint::div_rem(self, v))
    }
}

/// Euclidean quotient and remainder: `0 <= r < |v|`.
fn div_rem_euclid_bigint(a: &BigInt, v: &BigInt) -> (BigInt, BigInt) {
    let (q, r) = BigInt::div_rem(a, v);
    if r.sign() != Sign::Minus {
        return (q, r);
    }
    if v.sign() == Sign::Minus {
        (q + 1u32, r - v)
    } else {
        (q - 1u32, r + v)
    }
}

impl Euclid for BigInt {
    #[inline]
    fn div_euclid(&self, v: &BigInt) -> BigInt {
        div_rem_euclid_bigint(self, v).0
    }

    #[inline]
    fn rem_euclid(&self, v: &BigInt) -> BigInt {
        div_rem_euclid_bigint(self, v).1
    }

    #[inline]
    fn div_rem_euclid(&self, v: &BigInt) -> (BigInt, BigInt) {
        div_rem_euclid_bigint(self, v)
    }
}

impl CheckedEuclid for BigInt {
    #[inline]
    fn checked_div_euclid(&self, v: &BigInt) -> Option<BigInt> {
        (!v.is_zero()).then(|| div_rem_euclid_bigint(self, v).0)
    }

    #[inline]
    fn checked_rem_euclid(&self, v: &BigInt) -> Option<BigInt> {
        (!v.is_zero()).then(|| div_rem_euclid_bigint(self, v).1)
    }

    #[inline]
    fn checked_div_rem_euclid(&self, v: &BigInt) -> Option<(BigInt, BigInt)> {
        (!v.is_zero()).then(|| div_rem_euclid_bigint(self, v))
    }
}

// --- Integer, Roots --------------------------------------------------------------------------

impl Integer for BigUint {
    #[inline]
    fn div_floor(&self, other: &BigUint) -> BigUint {
        self / other
    }

    #[inline]
    fn mod_floor(&self, other: &BigUint) -> BigUint {
        self % other
    }

    #[inline]
    fn gcd(&self, other: &BigUint) -> BigUint {
        BigUint::gcd(self, other)
    }

    #[inline]
    fn lcm(&self, other: &BigUint) -> BigUint {
        BigUint::lcm(self, other)
    }

    #[inline]
    fn gcd_lcm(&self, other: &BigUint) -> (BigUint, BigUint) {
        let g = BigUint::gcd(self, other);
        let l = if g.is_zero() { BigUint::ZERO } else { self / &g * other };
        (g, l)
    }

    #[inline]
    #[allow(deprecated)]
    fn divides(&self, other: &BigUint) -> bool {
        Integer::is_multiple_of(self, other)
    }

    /// Whether `other` divides `self` (0 is a multiple only of 0, as in num-bigint).
    #[inline]
    fn is_multiple_of(&self, other: &BigUint) -> bool {
        if other.is_zero() {
            return self.is_zero();
        }
        (self % other).is_zero()
    }

    #[inline]
    fn is_even(&self) -> bool {
        BigUint::is_even(self)
    }

    #[inline]
    fn is_odd(&self) -> bool {
        BigUint::is_odd(self)
    }

    #[inline]
    fn div_rem(&self, other: &BigUint) -> (BigUint, BigUint) {
        BigUint::div_rem(self, other)
    }

    #[inline]
    fn div_mod_floor(&self, other: &BigUint) -> (BigUint, BigUint) {
        BigUint::div_rem(self, other)
    }

    /// The smallest multiple of `other` that is `>= self`.
    fn next_multiple_of(&self, other: &BigUint) -> BigUint {
        let r = self % other;
        if r.is_zero() {
            self.clone()
        } else {
            self + (other - r)
        }
    }

    /// The largest multiple of `other` that is `<= self`.
    fn prev_multiple_of(&self, other: &BigUint) -> BigUint {
        self - (self % other)
    }

    #[inline]
    fn dec(&mut self) {
        *self -= 1u32;
    }

    #[inline]
    fn inc(&mut self) {
        *self += 1u32;
    }
}

impl Roots for BigUint {
    #[inline]
    fn nth_root(&self, n: u32) -> BigUint {
        BigUint::nth_root(self, n)
    }

    #[inline]
    fn sqrt(&self) -> BigUint {
        BigUint::sqrt(self)
    }

    #[inline]
    fn cbrt(&self) -> BigUint {
        BigUint::cbrt(self)
    }
}

impl Integer for BigInt {
    /// The quotient rounded toward negative infinity.
    fn div_floor(&self, other: &BigInt) -> BigInt {
        Integer::div_mod_floor(self, other).0
    }

    /// The remainder with the sign of `other`.
    fn mod_floor(&self, other: &BigInt) -> BigInt {
        Integer::div_mod_floor(self, other).1
    }

    #[inline]
    fn div_mod_floor(&self, other: &BigInt) -> (BigInt, BigInt) {
        let (q, r) = BigInt::div_rem(self, other);
        if !r.is_zero() && r.sign() != other.sign() {
            (q - 1u32, r + other)
        } else {
            (q, r)
        }
    }

    /// The greatest common divisor, never negative.
    #[inline]
    fn gcd(&self, other: &BigInt) -> BigInt {
        BigInt::gcd(self, other)
    }

    /// The least common multiple, never negative.
    #[inline]
    fn lcm(&self, other: &BigInt) -> BigInt {
        BigInt::lcm(self, other)
    }

    #[inline]
    fn gcd_lcm(&self, other: &BigInt) -> (BigInt, BigInt) {
        let (g, l) = Integer::gcd_lcm(self.magnitude(), other.magnitude());
        (BigInt::from(g), BigInt::from(l))
    }

    #[inline]
    #[allow(deprecated)]
    fn divides(&self, other: &BigInt) -> bool {
        Integer::is_multiple_of(self, other)
    }

    #[inline]
    fn is_multiple_of(&self, other: &BigInt) -> bool {
        Integer::is_multiple_of(self.magnitude(), other.magnitude())
    }

    #[inline]
    fn is_even(&self) -> bool {
        self.magnitude().is_even()
    }

    #[inline]
    fn is_odd(&self) -> bool {
        self.magnitude().is_odd()
    }

    #[inline]
    fn div_rem(&self, other: &BigInt) -> (BigInt, BigInt) {
        BigInt::div_rem(self, other)
    }

    /// The multiple of `other` nearest `self` in the direction of `other`'s sign (num-integer's
    /// rule: `self + (other - self.mod_floor(other))` unless already a multiple).
    fn next_multiple_of(&self, other: &BigInt) -> BigInt {
        let m = Integer::mod_floor(self, other);
        if m.is_zero() {
            self.clone()
        } else {
            self + (other - m)
        }
    }

    /// The multiple of `other` nearest `self` against `other`'s sign.
    fn prev_multiple_of(&self, other: &BigInt) -> BigInt {
        self - Integer::mod_floor(self, other)
    }

    #[inline]
    fn dec(&mut self) {
        *self -= 1u32;
    }

    #[inline]
    fn inc(&mut self) {
        *self += 1u32;
    }
}

impl Roots for BigInt {
    /// The root truncated toward zero.
    ///
    /// # Panics
    ///
    /// When `n` is zero, or when `n` is even and `self` negative.
    #[inline]
    fn nth_root(&self, n: u32) -> BigInt {
        BigInt::nth_root(self, n)
    }

    /// # Panics
    ///
    /// When `self` is negative.
    #[inline]
    fn sqrt(&self) -> BigInt {
        BigInt::sqrt(self)
    }

    #[inline]
    fn cbrt(&self) -> BigInt {
        BigInt::cbrt(self)
    }
}

// --- ToBytes, FromBytes ----------------------------------------------------------------------

impl ToBytes for BigUint {
    type Bytes = Vec<u8>;

    #[inline]
    fn to_be_bytes(&self) -> Vec<u8> {
        self.to_bytes_be()
    }

    #[inline]
    fn to_le_bytes(&self) -> Vec<u8> {
        self.to_bytes_le()
    }
}

impl FromBytes for BigUint {
    type Bytes = [u8];

    #[inline]
    fn from_be_bytes(bytes: &[u8]) -> BigUint {
        BigUint::from_bytes_be(bytes)
    }

    #[inline]
    fn from_le_bytes(bytes: &[u8]) -> BigUint {
        BigUint::from_bytes_le(bytes)
    }
}

impl ToBytes for BigInt {
    type Bytes = Vec<u8>;

    /// Two's complement, big-endian.
    #[inline]
    fn to_be_bytes(&self) -> Vec<u8> {
        self.to_signed_bytes_be()
    }

    /// Two's complement, little-endian.
    #[inline]
    fn to_le_bytes(&self) -> Vec<u8> {
        self.to_signed_bytes_le()
    }
}

impl FromBytes for BigInt {
    type Bytes = [u8];

    /// From two's complement, big-endian.
    #[inline]
    fn from_be_bytes(bytes: &[u8]) -> BigInt {
        BigInt::from_signed_bytes_be(bytes)
    }

    /// From two's complement, little-endian.
    #[inline]
    fn from_le_bytes(bytes: &[u8]) -> BigInt {
        BigInt::from_signed_bytes_le(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn primitives() {
        let cases: [(f64, Option<&str>); 12] = [
            (0.0, Some("0")),
            (-0.0, Some("0")),
            (-0.75, Some("0")),
            (0.999, Some("0")),
            (1.5, Some("1")),
            (-1.0, Some("-1")),
            (4503599627370495.5, Some("4503599627370495")),
            (1e20, Some("100000000000000000000")),
            (f64::MIN_POSITIVE, Some("0")),
            (5e-324, Some("0")),
            (f64::NAN, None),
            (f64::NEG_INFINITY, None),
        ];
        for (f, want) in cases {
            let signed = <BigInt as FromPrimitive>::from_f64(f);
            assert_eq!(signed.map(|x| x.to_string()).as_deref(), want, "{f}");
            let unsigned = <BigUint as FromPrimitive>::from_f64(f);
            let want = want.filter(|s| !s.starts_with('-'));
            assert_eq!(unsigned.map(|x| x.to_string()).as_deref(), want, "{f}");
        }
        let max = <BigUint as FromPrimitive>::from_f64(f64::MAX).unwrap();
        assert_eq!(max.bits(), 1024);
        assert_eq!(ToPrimitive::to_f64(&max), Some(f64::MAX));
        assert_eq!(<BigInt as FromPrimitive>::from_i64(i64::MIN), Some(BigInt::from(i64::MIN)));
        assert_eq!(<BigUint as FromPrimitive>::from_i64(-1), None);
        assert_eq!(ToPrimitive::to_i8(&BigInt::from(-128)), Some(-128i8));
        assert_eq!(ToPrimitive::to_u8(&BigInt::from(-1)), None);
    }

    #[test]
    fn pow_wide_exponents() {
        let two = BigUint::from(2u32);
        assert_eq!(Pow::pow(&two, 100u128), BigUint::ONE << 100u32);
        assert_eq!(Pow::pow(BigUint::ONE, u128::MAX), BigUint::ONE);
        assert_eq!(Pow::pow(BigUint::ZERO, u64::MAX), BigUint::ZERO);
        assert_eq!(Pow::pow(BigUint::ZERO, 0u8), BigUint::ONE);
        let huge = BigUint::ONE << 200u32;
        assert_eq!(Pow::pow(BigUint::ONE, &huge), BigUint::ONE);
        assert_eq!(Pow::pow(&two, BigUint::from(70u32)), BigUint::ONE << 70u32);
        let minus_one = -BigInt::ONE;
        assert_eq!(Pow::pow(&minus_one, u64::MAX), minus_one);
        assert_eq!(Pow::pow(&minus_one, &huge), BigInt::ONE);
        assert_eq!(Pow::pow(BigInt::from(-3), 3u16), BigInt::from(-27));
    }

    #[test]
    fn floor_and_euclid() {
        for a in -13i64..=13 {
            for b in [-5i64, -3, -1, 1, 2, 7] {
                let (x, y) = (BigInt::from(a), BigInt::from(b));
                let want = |v: i64| BigInt::from(v);
                assert_eq!(Integer::div_floor(&x, &y), want(Integer::div_floor(&a, &b)));
                assert_eq!(Integer::mod_floor(&x, &y), want(Integer::mod_floor(&a, &b)));
                assert_eq!(Euclid::div_euclid(&x, &y), want(a.div_euclid(b)));
                assert_eq!(Euclid::rem_euclid(&x, &y), want(a.rem_euclid(b)));
                assert_eq!(
                    Integer::next_multiple_of(&x, &y),
                    want(Integer::next_multiple_of(&a, &b))
                );
                assert_eq!(
                    Integer::prev_multiple_of(&x, &y),
                    want(Integer::prev_multiple_of(&a, &b))
                );
                assert_eq!(Integer::is_multiple_of(&x, &y), Integer::is_multiple_of(&a, &b));
            }
            assert_eq!(BigInt::from(a).checked_div_euclid(&BigInt::ZERO), None);
        }
    }
}
