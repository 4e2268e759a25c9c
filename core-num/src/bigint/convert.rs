//! Conversions between the big types and primitives: `From`, `TryFrom`, the `to_*` helpers
//! (num-traits' `ToPrimitive` semantics), floats in both directions, and the
//! [`ToBigUint`]/[`ToBigInt`] traits.
//!
//! Integer to float rounds once, to nearest with ties to even. One limb goes through the
//! hardware's correctly rounded `u64 -> f64`; longer values build the float's bit pattern
//! from the top 64 bits and the bit length (exponent field plus significand, so rounding up
//! carries into the exponent by itself), reading the lower limbs only on an exact tie. Values
//! at or past the largest finite float's rounding boundary become infinity, as in num-bigint.
//! Float to integer truncates toward zero and is exact.

use super::bigint::{BigInt, Sign};
use super::biguint::BigUint;
use super::error::TryFromBigIntError;
use super::storage::LimbVec;

// --- Primitive -> big ------------------------------------------------------------------------

macro_rules! impl_from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for BigUint {
            #[inline]
            fn from(x: $t) -> BigUint {
                BigUint { data: LimbVec::from_u128(x as u128) }
            }
        }

        impl From<$t> for BigInt {
            #[inline]
            fn from(x: $t) -> BigInt {
                BigInt::from(BigUint::from(x))
            }
        }
    )*};
}

impl_from_unsigned!(u8, u16, u32, u64, u128, usize);

macro_rules! impl_from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for BigInt {
            #[inline]
            fn from(x: $t) -> BigInt {
                let mag = BigUint::from(x.unsigned_abs());
                if x < 0 {
                    BigInt::from_parts_unchecked(Sign::Minus, mag)
                } else {
                    BigInt::from(mag)
                }
            }
        }

        impl TryFrom<$t> for BigUint {
            type Error = TryFromBigIntError<()>;
            #[inline]
            fn try_from(x: $t) -> Result<BigUint, Self::Error> {
                if x < 0 {
                    Err(TryFromBigIntError::new(()))
                } else {
                    Ok(BigUint::from(x.unsigned_abs()))
                }
            }
        }
    )*};
}

impl_from_signed!(i8, i16, i32, i64, i128, isize);

impl From<bool> for BigUint {
    #[inline]
    fn from(x: bool) -> BigUint {
        BigUint::from(u8::from(x))
    }
}

impl From<bool> for BigInt {
    #[inline]
    fn from(x: bool) -> BigInt {
        BigInt::from(u8::from(x))
    }
}

impl From<BigUint> for BigInt {
    #[inline]
    fn from(x: BigUint) -> BigInt {
        let sign = if x.is_zero() { Sign::NoSign } else { Sign::Plus };
        BigInt::from_parts_unchecked(sign, x)
    }
}

impl TryFrom<&BigInt> for BigUint {
    type Error = TryFromBigIntError<()>;
    #[inline]
    fn try_from(x: &BigInt) -> Result<BigUint, Self::Error> {
        x.to_biguint().ok_or(TryFromBigIntError::new(()))
    }
}

impl TryFrom<BigInt> for BigUint {
    type Error = TryFromBigIntError<BigInt>;
    #[inline]
    fn try_from(x: BigInt) -> Result<BigUint, Self::Error> {
        if x.sign() == Sign::Minus {
            Err(TryFromBigIntError::new(x))
        } else {
            Ok(x.into_parts().1)
        }
    }
}

// --- Big -> primitive ------------------------------------------------------------------------

impl BigUint {
    /// The value as `u128` when it fits.
    #[inline]
    fn to_u128_exact(&self) -> Option<u128> {
        match *self.limbs() {
            [] => Some(0),
            [lo] => Some(lo as u128),
            [lo, hi] => Some((hi as u128) << 64 | lo as u128),
            _ => None,
        }
    }
}

impl BigInt {
    /// The value as `i128` when it fits (used for negative values).
    #[inline]
    fn to_i128_exact(&self) -> Option<i128> {
        let m = self.magnitude().to_u128_exact()?;
        if self.sign() == Sign::Minus {
            0i128.checked_sub_unsigned(m)
        } else {
            i128::try_from(m).ok()
        }
    }
}

macro_rules! impl_to_primitive {
    ($($t:ident => $to:ident),*) => {$(
        impl BigUint {
            #[doc = concat!("The value as `", stringify!($t), "`, or `None` when it does not ",
                            "fit (num-traits' `ToPrimitive::", stringify!($to), "`).")]
            #[inline]
            pub fn $to(&self) -> Option<$t> {
                self.to_u128_exact().and_then(|x| <$t>::try_from(x).ok())
            }
        }

        impl BigInt {
            #[doc = concat!("The value as `", stringify!($t), "`, or `None` when it does not ",
                            "fit (num-traits' `ToPrimitive::", stringify!($to), "`).")]
            #[inline]
            pub fn $to(&self) -> Option<$t> {
                if self.sign() == Sign::Minus {
                    self.to_i128_exact().and_then(|x| <$t>::try_from(x).ok())
                } else {
                    self.magnitude().$to()
                }
            }
        }

        impl TryFrom<&BigUint> for $t {
            type Error = TryFromBigIntError<()>;
            #[inline]
            fn try_from(x: &BigUint) -> Result<$t, Self::Error> {
                x.$to().ok_or(TryFromBigIntError::new(()))
            }
        }

        impl TryFrom<BigUint> for $t {
            type Error = TryFromBigIntError<BigUint>;
            #[inline]
            fn try_from(x: BigUint) -> Result<$t, Self::Error> {
                match x.$to() {
                    Some(v) => Ok(v),
                    None => Err(TryFromBigIntError::new(x)),
                }
            }
        }

        impl TryFrom<&BigInt> for $t {
            type Error = TryFromBigIntError<()>;
            #[inline]
            fn try_from(x: &BigInt) -> Result<$t, Self::Error> {
                x.$to().ok_or(TryFromBigIntError::new(()))
            }
        }

        impl TryFrom<BigInt> for $t {
            type Error = TryFromBigIntError<BigInt>;
            #[inline]
            fn try_from(x: BigInt) -> Result<$t, Self::Error> {
                match x.$to() {
                    Some(v) => Ok(v),
                    None => Err(TryFromBigIntError::new(x)),
                }
            }
        }
    )*};
}

impl_to_primitive!(
    u8 => to_u8, u16 => to_u16, u32 => to_u32, u64 => to_u64, u128 => to_u128,
    usize => to_usize, i8 => to_i8, i16 => to_i16, i32 => to_i32, i64 => to_i64,
    i128 => to_i128, isize => to_isize
);

/// The top 64 bits of a magnitude of two or more limbs (bit 63 set), its bit length, and the
/// bits of the second limb that did not fit (shifted to the top).
#[inline(always)]
fn top_bits(limbs: &[u64]) -> (u64, u64, u64) {
    let n = limbs.len();
    debug_assert!(n >= 2 && limbs[n - 1] != 0);
    let (hi, next) = (limbs[n - 1], limbs[n - 2]);
    let s = hi.leading_zeros();
    // `next >> (64 - s)` without a shift by 64 when `s == 0`.
    let top = (hi << s) | ((next >> 1) >> (63 - s));
    (top, n as u64 * 64 - u64::from(s), next << s)
}

/// Whether any bit below the top 64 of `limbs` (two or more limbs) is one, given the second
/// limb's leftover bits `rest` from [`top_bits`]. Called only on a possible tie.
#[cold]
fn low_bits_nonzero(limbs: &[u64], rest: u64) -> bool {
    rest != 0 || limbs[..limbs.len() - 2].iter().any(|&x| x != 0)
}

/// Rounds a magnitude of two or more limbs whose bit length `len` is at most `max_len` to
/// a float with `mant` stored mantissa bits, returned as the float's bit pattern with the
/// sign clear: `(len + bias - 2) << mant` plus the rounded `mant + 1`-bit significand, whose
/// carry (a significand rounded up to `2^(mant + 1)`) moves into the exponent field, and from
/// the largest finite exponent on to infinity's pattern.
#[inline(always)]
fn round_bits(limbs: &[u64], bias: u64, mant: u32) -> u64 {
    let (top, len, rest) = top_bits(limbs);
    let drop = 63 - mant; // bits of `top` below the significand
    let half = 1u64 << (drop - 1);
    // Round to nearest: up when the first dropped bit is one, except on an exact tie with an
    // even significand, which needs every lower bit to decide.
    let tie_even_mask = (half << 2) - 1; // the dropped bits and the significand's last bit
    let mut up = (top >> (drop - 1)) & 1;
    if top & tie_even_mask == half {
        up = u64::from(low_bits_nonzero(limbs, rest));
    }
    ((len + bias - 2) << mant) + (top >> drop) + up
}

/// `m · 2^e` for a magnitude, rounded once to `f64`.
#[inline]
fn limbs_to_f64(limbs: &[u64]) -> f64 {
    match limbs {
        [] => 0.0,
        [x] => *x as f64,
        _ => {
            // A value of 1,025 bits or more is past f64::MAX's rounding boundary; one of
            // 1,024 bits rounds to f64::MAX or, carrying into the exponent, to infinity.
            if limbs.len() > 16 {
                return f64::INFINITY;
            }
            f64::from_bits(round_bits(limbs, 1023, 52))
        }
    }
}

/// `m · 2^e` for a magnitude, rounded once to `f32`.
#[inline]
fn limbs_to_f32(limbs: &[u64]) -> f32 {
    match limbs {
        [] => 0.0,
        [x] => *x as f32,
        // At most 128 bits: the pattern fits 32 bits (a carry out of 128 bits lands exactly
        // on infinity's pattern).
        [_, _] => f32::from_bits(round_bits(limbs, 127, 23) as u32),
        // 129 bits or more: past f32::MAX's rounding boundary.
        _ => f32::INFINITY,
    }
}

/// The integer part of a finite `f64` as (negative, magnitude); `None` for NaN and infinities.
fn f64_to_parts(f: f64) -> Option<(bool, BigUint)> {
    if !f.is_finite() {
        return None;
    }
    let bits = f.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    if biased < 1023 {
        // |f| < 1, zero and subnormals included.
        return Some((false, BigUint::ZERO));
    }
    let exp = biased - 1075;
    let mant = (bits & ((1 << 52) - 1)) | (1 << 52);
    let mag = if exp < 0 {
        // Dropping the fraction bits truncates toward zero.
        BigUint::from(mant >> -exp)
    } else {
        BigUint::from(mant) << exp as u64
    };
    Some((bits >> 63 == 1, mag))
}

impl BigUint {
    /// The value rounded to the nearest `f64` (ties to even); infinity when it is beyond
    /// `f64::MAX`'s rounding range. Always `Some` (num-traits' `ToPrimitive::to_f64`).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from(u64::MAX).to_f64(), Some(18446744073709551616.0));
    /// assert_eq!((BigUint::from(1u32) << 1024u32).to_f64(), Some(f64::INFINITY));
    /// ```
    #[inline]
    pub fn to_f64(&self) -> Option<f64> {
        Some(limbs_to_f64(self.limbs()))
    }

    /// The value rounded to the nearest `f32` (ties to even); infinity when out of range.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from(1u64 << 40).to_f32(), Some(1099511627776.0));
    /// // 2^24 + 1 is a tie between two f32 values: the even one wins.
    /// assert_eq!(BigUint::from((1u32 << 24) + 1).to_f32(), Some(16777216.0));
    /// assert_eq!(BigUint::from(1u32).to_f32(), Some(1.0));
    /// assert_eq!((BigUint::from(1u32) << 200u32).to_f32(), Some(f32::INFINITY));
    /// ```
    #[inline]
    pub fn to_f32(&self) -> Option<f32> {
        Some(limbs_to_f32(self.limbs()))
    }

    /// The integer part of `f` (truncated toward zero); `None` for NaN, infinities and
    /// values at or below -1 (num-traits' `FromPrimitive::from_f64`).
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigUint;
    ///
    /// assert_eq!(BigUint::from_f64(1e20), Some(BigUint::from(100000000000000000000u128)));
    /// assert_eq!(BigUint::from_f64(-0.5), Some(BigUint::from(0u32)));
    /// assert_eq!(BigUint::from_f64(-1.5), None);
    /// assert_eq!(BigUint::from_f64(f64::NAN), None);
    /// ```
    pub fn from_f64(f: f64) -> Option<BigUint> {
        match f64_to_parts(f)? {
            (true, _) => None,
            (false, m) => Some(m),
        }
    }

    /// The integer part of `f`, as [`from_f64`](Self::from_f64).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!(BigUint::from_f32(1e10), Some(BigUint::from(10_000_000_000u64)));
    /// assert_eq!(BigUint::from_f32(7.9), Some(BigUint::from(7u32)));
    /// assert_eq!(BigUint::from_f32(-1.0), None);
    /// assert_eq!(BigUint::from_f32(f32::NAN), None);
    /// ```
    pub fn from_f32(f: f32) -> Option<BigUint> {
        BigUint::from_f64(f64::from(f))
    }
}

impl BigInt {
    /// The value rounded to the nearest `f64` (ties to even); ±infinity when out of range.
    /// Always `Some`.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-(1i64 << 53) - 1).to_f64(), Some(-9007199254740992.0));
    /// assert_eq!((BigInt::from(-1) << 2000u32).to_f64(), Some(f64::NEG_INFINITY));
    /// ```
    #[inline]
    pub fn to_f64(&self) -> Option<f64> {
        let x = limbs_to_f64(self.magnitude().limbs());
        Some(if self.sign() == Sign::Minus { -x } else { x })
    }

    /// The value rounded to the nearest `f32` (ties to even); ±infinity when out of range.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from(-1_000_000).to_f32(), Some(-1e6));
    /// assert_eq!((BigInt::from(-1) << 200u32).to_f32(), Some(f32::NEG_INFINITY));
    /// ```
    #[inline]
    pub fn to_f32(&self) -> Option<f32> {
        let x = limbs_to_f32(self.magnitude().limbs());
        Some(if self.sign() == Sign::Minus { -x } else { x })
    }

    /// The integer part of `f` (truncated toward zero); `None` for NaN and infinities.
    ///
    /// # Example
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// assert_eq!(BigInt::from_f64(-2.75), Some(BigInt::from(-2)));
    /// ```
    pub fn from_f64(f: f64) -> Option<BigInt> {
        let (neg, m) = f64_to_parts(f)?;
        let sign = if neg { Sign::Minus } else { Sign::Plus };
        Some(BigInt::from_biguint(sign, m))
    }

    /// The integer part of `f`, as [`from_f64`](Self::from_f64).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert_eq!(BigInt::from_f32(-2.75), Some(BigInt::from(-2)));
    /// assert_eq!(BigInt::from_f32(-1e20), Some("-100000002004087734272".parse().unwrap()));
    /// assert_eq!(BigInt::from_f32(f32::INFINITY), None);
    /// ```
    pub fn from_f32(f: f32) -> Option<BigInt> {
        BigInt::from_f64(f64::from(f))
    }
}

// --- ToBigUint / ToBigInt ------------------------------------------------------------------

/// Conversion to a [`BigUint`], as num-bigint's trait of the same name: `None` for negative
/// values, NaN and infinities; floats are truncated.
///
/// # Examples
/// ```
/// use core_num::{BigUint, ToBigUint};
/// assert_eq!(42u8.to_biguint(), Some(BigUint::from(42u32)));
/// assert_eq!(3.9f64.to_biguint(), Some(BigUint::from(3u32)));
/// assert_eq!((-1i32).to_biguint(), None);
/// assert_eq!(f64::NAN.to_biguint(), None);
/// ```
pub trait ToBigUint {
    /// The value as a `BigUint`, or `None` when it has none.
    fn to_biguint(&self) -> Option<BigUint>;
}

/// Conversion to a [`BigInt`], as num-bigint's trait of the same name: `None` for NaN and
/// infinities; floats are truncated.
///
/// # Examples
/// ```
/// use core_num::{BigInt, ToBigInt};
/// assert_eq!((-42i64).to_bigint(), Some(BigInt::from(-42)));
/// assert_eq!((-3.9f32).to_bigint(), Some(BigInt::from(-3)));
/// assert_eq!(f64::INFINITY.to_bigint(), None);
/// ```
pub trait ToBigInt {
    /// The value as a `BigInt`, or `None` when it has none.
    fn to_bigint(&self) -> Option<BigInt>;
}

impl ToBigUint for BigUint {
    #[inline]
    fn to_biguint(&self) -> Option<BigUint> {
        Some(self.clone())
    }
}

impl ToBigUint for BigInt {
    #[inline]
    fn to_biguint(&self) -> Option<BigUint> {
        BigInt::to_biguint(self)
    }
}

impl ToBigInt for BigUint {
    #[inline]
    fn to_bigint(&self) -> Option<BigInt> {
        Some(BigInt::from(self.clone()))
    }
}

impl ToBigInt for BigInt {
    #[inline]
    fn to_bigint(&self) -> Option<BigInt> {
        Some(self.clone())
    }
}

macro_rules! impl_to_big_unsigned {
    ($($t:ty),*) => {$(
        impl ToBigUint for $t {
            #[inline]
            fn to_biguint(&self) -> Option<BigUint> {
                Some(BigUint::from(*self))
            }
        }

        impl ToBigInt for $t {
            #[inline]
            fn to_bigint(&self) -> Option<BigInt> {
                Some(BigInt::from(*self))
            }
        }
    )*};
}

impl_to_big_unsigned!(u8, u16, u32, u64, u128, usize);

macro_rules! impl_to_big_signed {
    ($($t:ty),*) => {$(
        impl ToBigUint for $t {
            #[inline]
            fn to_biguint(&self) -> Option<BigUint> {
                BigUint::try_from(*self).ok()
            }
        }

        impl ToBigInt for $t {
            #[inline]
            fn to_bigint(&self) -> Option<BigInt> {
                Some(BigInt::from(*self))
            }
        }
    )*};
}

impl_to_big_signed!(i8, i16, i32, i64, i128, isize);

impl ToBigUint for f64 {
    #[inline]
    fn to_biguint(&self) -> Option<BigUint> {
        BigUint::from_f64(*self)
    }
}

impl ToBigUint for f32 {
    #[inline]
    fn to_biguint(&self) -> Option<BigUint> {
        BigUint::from_f32(*self)
    }
}

impl ToBigInt for f64 {
    #[inline]
    fn to_bigint(&self) -> Option<BigInt> {
        BigInt::from_f64(*self)
    }
}

impl ToBigInt for f32 {
    #[inline]
    fn to_bigint(&self) -> Option<BigInt> {
        BigInt::from_f32(*self)
    }
}
