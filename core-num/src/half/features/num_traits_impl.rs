//! num-traits: `ToPrimitive`, `FromPrimitive`, `NumCast`, `AsPrimitive`, `Num`, `Zero`, `One`,
//! `Bounded`, `FloatConst`, `FloatCore` and (with `std`) `Float`, as the `half` crate has them.
//!
//! The math functions compute in `f32` and round once to the type, as `half` does. Conversions
//! from integers round once: values up to 2^53 are exact in `f64`, and larger ones are first
//! reduced to 53 bits *to odd* (the bits shifted out leave a set last bit), which keeps the one
//! rounding to 8 or 11 bits correct. (`half` goes through `f32`, which can round `bf16` twice.)

use crate::half::{bf16, f16};
use core::num::FpCategory;
use num_traits::float::FloatCore;
use num_traits::{
    AsPrimitive, Bounded, FloatConst, FromPrimitive, Num, NumCast, One, ToPrimitive, Zero,
};

/// `n` as an `f64` rounded to odd at 53 bits: exact below 2^53; above, the neighbour towards
/// zero with its last bit set when bits are lost.
fn u64_to_f64_odd(n: u64) -> f64 {
    let shift = (64 - n.leading_zeros()).saturating_sub(53);
    if shift == 0 {
        return n as f64;
    }
    let lost = n & ((1 << shift) - 1) != 0;
    let kept = (n >> shift) | lost as u64;
    kept as f64 * (1u64 << shift) as f64
}

fn i64_to_f64_odd(n: i64) -> f64 {
    let m = u64_to_f64_odd(n.unsigned_abs());
    if n < 0 {
        -m
    } else {
        m
    }
}

macro_rules! num_traits_half {
    ($t:ident) => {
        impl ToPrimitive for $t {
            fn to_i64(&self) -> Option<i64> {
                ToPrimitive::to_i64(&$t::to_f32(*self))
            }
            fn to_u64(&self) -> Option<u64> {
                ToPrimitive::to_u64(&$t::to_f32(*self))
            }
            fn to_i8(&self) -> Option<i8> {
                ToPrimitive::to_i8(&$t::to_f32(*self))
            }
            fn to_u8(&self) -> Option<u8> {
                ToPrimitive::to_u8(&$t::to_f32(*self))
            }
            fn to_i16(&self) -> Option<i16> {
                ToPrimitive::to_i16(&$t::to_f32(*self))
            }
            fn to_u16(&self) -> Option<u16> {
                ToPrimitive::to_u16(&$t::to_f32(*self))
            }
            fn to_i32(&self) -> Option<i32> {
                ToPrimitive::to_i32(&$t::to_f32(*self))
            }
            fn to_u32(&self) -> Option<u32> {
                ToPrimitive::to_u32(&$t::to_f32(*self))
            }
            fn to_f32(&self) -> Option<f32> {
                Some($t::to_f32(*self))
            }
            fn to_f64(&self) -> Option<f64> {
                Some($t::to_f64(*self))
            }
        }

        impl FromPrimitive for $t {
            fn from_i64(n: i64) -> Option<$t> {
                Some($t::from_f64(i64_to_f64_odd(n)))
            }
            fn from_u64(n: u64) -> Option<$t> {
                Some($t::from_f64(u64_to_f64_odd(n)))
            }
            fn from_f32(n: f32) -> Option<$t> {
                Some($t::from_f32(n))
            }
            fn from_f64(n: f64) -> Option<$t> {
                Some($t::from_f64(n))
            }
        }

        impl NumCast for $t {
            fn from<T: ToPrimitive>(n: T) -> Option<$t> {
                // Integers keep every bit through the odd rounding; floats are f64 exactly.
                if let Some(i) = n.to_i64() {
                    if n.to_f64() == Some(i as f64) || n.to_f64().is_none() {
                        return Some($t::from_f64(i64_to_f64_odd(i)));
                    }
                }
                if let Some(u) = n.to_u64() {
                    if n.to_f64() == Some(u as f64) || n.to_f64().is_none() {
                        return Some($t::from_f64(u64_to_f64_odd(u)));
                    }
                }
                n.to_f64().map($t::from_f64)
            }
        }

        impl Num for $t {
            type FromStrRadixErr = num_traits::ParseFloatError;

            /// Radix 10 rounds once from the exact digits; other radices parse an `f32`
            /// (num-traits' float parser) and round it.
            fn from_str_radix(s: &str, radix: u32) -> Result<$t, Self::FromStrRadixErr> {
                if radix == 10 {
                    if let Ok(v) = s.parse() {
                        return Ok(v);
                    }
                }
                <f32 as Num>::from_str_radix(s, radix).map($t::from_f32)
            }
        }

        impl Zero for $t {
            fn zero() -> $t {
                $t::ZERO
            }
            fn is_zero(&self) -> bool {
                *self == $t::ZERO
            }
        }

        impl One for $t {
            fn one() -> $t {
                $t::ONE
            }
        }

        impl Bounded for $t {
            fn min_value() -> $t {
                $t::MIN
            }
            fn max_value() -> $t {
                $t::MAX
            }
        }

        impl FloatConst for $t {
            fn E() -> $t {
                $t::E
            }
            fn FRAC_1_PI() -> $t {
                $t::FRAC_1_PI
            }
            fn FRAC_1_SQRT_2() -> $t {
                $t::FRAC_1_SQRT_2
            }
            fn FRAC_2_PI() -> $t {
                $t::FRAC_2_PI
            }
            fn FRAC_2_SQRT_PI() -> $t {
                $t::FRAC_2_SQRT_PI
            }
            fn FRAC_PI_2() -> $t {
                $t::FRAC_PI_2
            }
            fn FRAC_PI_3() -> $t {
                $t::FRAC_PI_3
            }
            fn FRAC_PI_4() -> $t {
                $t::FRAC_PI_4
            }
            fn FRAC_PI_6() -> $t {
                $t::FRAC_PI_6
            }
            fn FRAC_PI_8() -> $t {
                $t::FRAC_PI_8
            }
            fn LN_10() -> $t {
                $t::LN_10
            }
            fn LN_2() -> $t {
                $t::LN_2
            }
            fn LOG10_E() -> $t {
                $t::LOG10_E
            }
            fn LOG2_E() -> $t {
                $t::LOG2_E
            }
            fn PI() -> $t {
                $t::PI
            }
            fn SQRT_2() -> $t {
                $t::SQRT_2
            }
            fn LOG10_2() -> $t {
                $t::LOG10_2
            }
            fn LOG2_10() -> $t {
                $t::LOG2_10
            }
        }

        impl AsPrimitive<$t> for $t {
            fn as_(self) -> $t {
                self
            }
        }

        as_primitive!($t: i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

        impl AsPrimitive<$t> for f32 {
            fn as_(self) -> $t {
                $t::from_f32(self)
            }
        }
        impl AsPrimitive<$t> for f64 {
            fn as_(self) -> $t {
                $t::from_f64(self)
            }
        }
        impl AsPrimitive<f32> for $t {
            fn as_(self) -> f32 {
                self.to_f32()
            }
        }
        impl AsPrimitive<f64> for $t {
            fn as_(self) -> f64 {
                self.to_f64()
            }
        }

        impl FloatCore for $t {
            core_consts!($t);
            fn classify(self) -> FpCategory {
                $t::classify(self)
            }
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            fn is_infinite(self) -> bool {
                $t::is_infinite(self)
            }
            fn is_finite(self) -> bool {
                $t::is_finite(self)
            }
            fn is_normal(self) -> bool {
                $t::is_normal(self)
            }
            fn is_sign_positive(self) -> bool {
                $t::is_sign_positive(self)
            }
            fn is_sign_negative(self) -> bool {
                $t::is_sign_negative(self)
            }
            fn signum(self) -> $t {
                $t::signum(self)
            }
            fn abs(self) -> $t {
                $t::abs(self)
            }
            fn max(self, other: $t) -> $t {
                $t::max(self, other)
            }
            fn min(self, other: $t) -> $t {
                $t::min(self, other)
            }
            fn integer_decode(self) -> (u64, i16, i8) {
                FloatCore::integer_decode(self.to_f32())
            }
            fn powi(self, n: i32) -> $t {
                $t::from_f32(FloatCore::powi(self.to_f32(), n))
            }
            via_f32!(FloatCore: floor ceil round trunc fract recip to_degrees to_radians);
        }

        #[cfg(feature = "std")]
        impl num_traits::Float for $t {
            core_consts!($t);
            fn classify(self) -> FpCategory {
                $t::classify(self)
            }
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            fn is_infinite(self) -> bool {
                $t::is_infinite(self)
            }
            fn is_finite(self) -> bool {
                $t::is_finite(self)
            }
            fn is_normal(self) -> bool {
                $t::is_normal(self)
            }
            fn is_sign_positive(self) -> bool {
                $t::is_sign_positive(self)
            }
            fn is_sign_negative(self) -> bool {
                $t::is_sign_negative(self)
            }
            fn signum(self) -> $t {
                $t::signum(self)
            }
            fn abs(self) -> $t {
                $t::abs(self)
            }
            fn max(self, other: $t) -> $t {
                $t::max(self, other)
            }
            fn min(self, other: $t) -> $t {
                $t::min(self, other)
            }
            fn integer_decode(self) -> (u64, i16, i8) {
                num_traits::Float::integer_decode(self.to_f32())
            }
            fn powi(self, n: i32) -> $t {
                $t::from_f32(self.to_f32().powi(n))
            }
            fn mul_add(self, a: $t, b: $t) -> $t {
                $t::from_f32(self.to_f32().mul_add(a.to_f32(), b.to_f32()))
            }
            fn sin_cos(self) -> ($t, $t) {
                let (s, c) = self.to_f32().sin_cos();
                ($t::from_f32(s), $t::from_f32(c))
            }
            #[allow(deprecated)]
            fn abs_sub(self, other: $t) -> $t {
                $t::from_f32(num_traits::Float::abs_sub(self.to_f32(), other.to_f32()))
            }
            via_f32!(num_traits::Float: floor ceil round trunc fract recip to_degrees to_radians
                sqrt exp exp2 ln log2 log10 cbrt sin cos tan asin acos atan sinh cosh tanh
                asinh acosh atanh exp_m1 ln_1p);
            via_f32!(num_traits::Float; powf log atan2 hypot);
        }
    };
}

/// The constant constructors shared by `FloatCore` and `Float`.
macro_rules! core_consts {
    ($t:ident) => {
        fn nan() -> $t {
            $t::NAN
        }
        fn infinity() -> $t {
            $t::INFINITY
        }
        fn neg_infinity() -> $t {
            $t::NEG_INFINITY
        }
        fn neg_zero() -> $t {
            $t::NEG_ZERO
        }
        fn min_value() -> $t {
            $t::MIN
        }
        fn min_positive_value() -> $t {
            $t::MIN_POSITIVE
        }
        fn epsilon() -> $t {
            $t::EPSILON
        }
        fn max_value() -> $t {
            $t::MAX
        }
    };
}

/// Methods computed in `f32` and rounded once: unary (`Trait: names`), binary (`Trait; names`).
macro_rules! via_f32 {
    ($tr:path: $($m:ident)*) => {
        $(fn $m(self) -> Self {
            Self::from_f32(<f32 as $tr>::$m(self.to_f32()))
        })*
    };
    ($tr:path; $($m:ident)*) => {
        $(fn $m(self, other: Self) -> Self {
            Self::from_f32(<f32 as $tr>::$m(self.to_f32(), other.to_f32()))
        })*
    };
}

/// `AsPrimitive` both ways with the integer types: to integers as `f32 as int` does
/// (saturating, truncating), from integers rounded once.
macro_rules! as_primitive {
    ($t:ident: $($int:ident)*) => {
        $(
            impl AsPrimitive<$int> for $t {
                fn as_(self) -> $int {
                    self.to_f32() as $int
                }
            }
            impl AsPrimitive<$t> for $int {
                #[allow(clippy::cast_lossless, trivial_numeric_casts)]
                fn as_(self) -> $t {
                    if <$int>::MIN == 0 || self as i128 >= 0 {
                        $t::from_f64(u64_to_f64_odd(self as u64))
                    } else {
                        $t::from_f64(i64_to_f64_odd(self as i64))
                    }
                }
            }
        )*
    };
}

num_traits_half!(f16);
num_traits_half!(bf16);
