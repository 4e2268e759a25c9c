//! The two types, stamped from one declaration: [`f16`](struct@f16) and [`bf16`] differ only in
//! where the exponent ends, so every method is written once here over the format's masks and the
//! conversion functions of [`convert`](super::convert).

use core::cmp::Ordering;
use core::num::FpCategory;

macro_rules! half_type {
    (
        $(#[$doc:meta])*
        $name:ident {
            exp_bits: $exp_bits:literal,
            man_bits: $man_bits:literal,
            digits: $digits:literal,
            max_10_exp: $max10:literal,
            min_10_exp: $min10:literal,
            from_f32: $from_f32:path,
            from_f64: $from_f64:path,
            to_f32: $to_f32:path,
            example: $example:literal,
        }
    ) => {
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Default)]
        #[repr(transparent)]
        pub struct $name(u16);

        impl $name {
            const MAN_MASK: u16 = (1 << $man_bits) - 1;
            const EXP_MASK: u16 = ((1 << $exp_bits) - 1) << $man_bits;
            const ABS_MASK: u16 = 0x7FFF;
            const SIGN_MASK: u16 = 0x8000;
            const BIAS: i32 = (1 << ($exp_bits - 1)) - 1;

            /// Whether neither bit pattern is a NaN.
            #[inline(always)]
            const fn ordered(a: u16, b: u16) -> bool {
                // Magnitudes are below 0x8000, so the signed compare is the unsigned one.
                let lim = Self::EXP_MASK as i16;
                ((a & Self::ABS_MASK) as i16 <= lim) & ((b & Self::ABS_MASK) as i16 <= lim)
            }

            /// The value with these bits.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(-2.0);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_bits(x.to_bits()), x);")]
            #[doc = concat!("assert!(", stringify!($name), "::from_bits(0x7FFF).is_nan());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_bits(bits: u16) -> $name {
                $name(bits)
            }

            /// The raw bits.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::ZERO.to_bits(), 0);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.to_bits(), 0x8000);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f32(-1.5).to_bits() & 0x7FFF, ", stringify!($name), "::from_f32(1.5).to_bits());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> u16 {
                self.0
            }

            #[doc = concat!("The `", stringify!($name), "` nearest `value` (ties to even); ")]
            /// overflow gives an infinity, NaN stays NaN (quiet, with its sign and the top
            /// bits of its payload).
            ///
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(", $example, ");")]
            #[doc = concat!("assert_eq!(x.to_f32(), ", $example, ");")]
            #[doc = concat!("assert!(", stringify!($name), "::from_f32(f32::MAX).is_infinite());")]
            /// ```
            #[inline]
            #[must_use]
            pub fn from_f32(value: f32) -> $name {
                $name($from_f32(value.to_bits()))
            }

            /// [`from_f32`](Self::from_f32) in a `const` context.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("const HALF: ", stringify!($name), " = ", stringify!($name), "::from_f32_const(0.5);")]
            #[doc = concat!("assert_eq!(HALF, ", stringify!($name), "::from_f32(0.5));")]
            /// assert_eq!(HALF.to_f32(), 0.5);
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_f32_const(value: f32) -> $name {
                $name($from_f32(value.to_bits()))
            }

            #[doc = concat!("The `", stringify!($name), "` nearest `value` (ties to even), ")]
            /// rounded once from the `f64` itself: a value just off a halfway point goes to
            /// the nearer neighbour even where rounding through `f32` would land on the
            /// halfway point.
            ///
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f64(", $example, ").to_f64(), ", $example, ");")]
            /// ```
            #[inline]
            #[must_use]
            pub fn from_f64(value: f64) -> $name {
                $name($from_f64(value.to_bits()))
            }

            /// [`from_f64`](Self::from_f64) in a `const` context.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("const X: ", stringify!($name), " = ", stringify!($name), "::from_f64_const(-1.5);")]
            /// assert_eq!(X.to_f64(), -1.5);
            #[doc = concat!("assert!(", stringify!($name), "::from_f64_const(f64::MAX).is_infinite());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_f64_const(value: f64) -> $name {
                $name($from_f64(value.to_bits()))
            }

            /// The value as an `f32` (exact).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f32(1.5).to_f32(), 1.5);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_INFINITY.to_f32(), f32::NEG_INFINITY);")]
            #[doc = concat!("assert!(", stringify!($name), "::NAN.to_f32().is_nan());")]
            /// ```
            #[inline]
            #[must_use]
            pub fn to_f32(self) -> f32 {
                f32::from_bits($to_f32(self.0))
            }

            /// [`to_f32`](Self::to_f32) in a `const` context.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("const X: f32 = ", stringify!($name), "::NEG_ONE.to_f32_const();")]
            /// assert_eq!(X, -1.0);
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_f32_const(self) -> f32 {
                f32::from_bits($to_f32(self.0))
            }

            /// The value as an `f64` (exact).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f64(-0.25).to_f64(), -0.25);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::MAX.to_f64(), f64::from(", stringify!($name), "::MAX.to_f32()));")]
            /// ```
            #[inline]
            #[must_use]
            pub fn to_f64(self) -> f64 {
                self.to_f32() as f64
            }

            /// [`to_f64`](Self::to_f64) in a `const` context.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("const X: f64 = ", stringify!($name), "::NEG_ZERO.to_f64_const();")]
            /// assert!(X == 0.0 && X.is_sign_negative());
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_f64_const(self) -> f64 {
                self.to_f32_const() as f64
            }

            /// The bits as little-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.to_le_bytes(), [0x00, 0x80]);")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(1.5);")]
            /// assert_eq!(x.to_le_bytes(), x.to_bits().to_le_bytes());
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_le_bytes(self) -> [u8; 2] {
                self.0.to_le_bytes()
            }

            /// The bits as big-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.to_be_bytes(), [0x80, 0x00]);")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(1.5);")]
            /// assert_eq!(x.to_be_bytes(), x.to_bits().to_be_bytes());
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_be_bytes(self) -> [u8; 2] {
                self.0.to_be_bytes()
            }

            /// The bits as native-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(-2.0);")]
            /// assert_eq!(x.to_ne_bytes(), x.to_bits().to_ne_bytes());
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_ne_bytes(x.to_ne_bytes()), x);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_ne_bytes(self) -> [u8; 2] {
                self.0.to_ne_bytes()
            }

            /// The value of little-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::from_le_bytes([0x00, 0x80]).is_sign_negative());")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(3.0);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_le_bytes(x.to_le_bytes()), x);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_le_bytes(bytes: [u8; 2]) -> $name {
                $name(u16::from_le_bytes(bytes))
            }

            /// The value of big-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::from_be_bytes([0x80, 0x00]).is_sign_negative());")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(3.0);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_be_bytes(x.to_be_bytes()), x);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_be_bytes(bytes: [u8; 2]) -> $name {
                $name(u16::from_be_bytes(bytes))
            }

            /// The value of native-endian bytes.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(0.75);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_ne_bytes(x.to_ne_bytes()), x);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_ne_bytes(0u16.to_ne_bytes()), ", stringify!($name), "::ZERO);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_ne_bytes(bytes: [u8; 2]) -> $name {
                $name(u16::from_ne_bytes(bytes))
            }

            /// Whether the value is NaN.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::NAN.is_nan());")]
            #[doc = concat!("assert!(", stringify!($name), "::from_f32(f32::NAN).is_nan());")]
            #[doc = concat!("assert!(!", stringify!($name), "::INFINITY.is_nan());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_nan(self) -> bool {
                self.0 & Self::ABS_MASK > Self::EXP_MASK
            }

            /// Whether the value is positive or negative infinity.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::from_f32(f32::MAX).is_infinite());")]
            #[doc = concat!("assert!(", stringify!($name), "::NEG_INFINITY.is_infinite());")]
            #[doc = concat!("assert!(!", stringify!($name), "::MAX.is_infinite() && !", stringify!($name), "::NAN.is_infinite());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_infinite(self) -> bool {
                self.0 & Self::ABS_MASK == Self::EXP_MASK
            }

            /// Whether the value is neither infinite nor NaN.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::MAX.is_finite() && ", stringify!($name), "::MIN_POSITIVE_SUBNORMAL.is_finite());")]
            #[doc = concat!("assert!(!", stringify!($name), "::INFINITY.is_finite());")]
            #[doc = concat!("assert!(!", stringify!($name), "::NAN.is_finite());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_finite(self) -> bool {
                self.0 & Self::EXP_MASK != Self::EXP_MASK
            }

            /// Whether the value is neither zero, infinite, subnormal nor NaN.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::ONE.is_normal() && ", stringify!($name), "::MIN_POSITIVE.is_normal());")]
            #[doc = concat!("assert!(!", stringify!($name), "::ZERO.is_normal());")]
            #[doc = concat!("assert!(!", stringify!($name), "::MIN_POSITIVE_SUBNORMAL.is_normal());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_normal(self) -> bool {
                let e = self.0 & Self::EXP_MASK;
                e != 0 && e != Self::EXP_MASK
            }

            /// The floating-point category.
            ///
            /// # Examples
            /// ```
            /// use core::num::FpCategory;
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::ONE.classify(), FpCategory::Normal);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::MAX_SUBNORMAL.classify(), FpCategory::Subnormal);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.classify(), FpCategory::Zero);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::INFINITY.classify(), FpCategory::Infinite);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NAN.classify(), FpCategory::Nan);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn classify(self) -> FpCategory {
                let e = self.0 & Self::EXP_MASK;
                let m = self.0 & Self::MAN_MASK;
                if e == Self::EXP_MASK {
                    if m == 0 {
                        FpCategory::Infinite
                    } else {
                        FpCategory::Nan
                    }
                } else if e == 0 {
                    if m == 0 {
                        FpCategory::Zero
                    } else {
                        FpCategory::Subnormal
                    }
                } else {
                    FpCategory::Normal
                }
            }

            /// `1` for positive values and `+0`, `-1` for negative values and `-0`, NaN for
            /// NaN.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f32(-3.0).signum(), ", stringify!($name), "::NEG_ONE);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::ZERO.signum(), ", stringify!($name), "::ONE);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.signum(), ", stringify!($name), "::NEG_ONE);")]
            #[doc = concat!("assert!(", stringify!($name), "::NAN.signum().is_nan());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn signum(self) -> $name {
                if self.is_nan() {
                    self
                } else if self.0 & Self::SIGN_MASK != 0 {
                    Self::NEG_ONE
                } else {
                    Self::ONE
                }
            }

            /// Whether the sign bit is clear (also for `+0` and NaNs with a clear sign).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::ZERO.is_sign_positive());")]
            #[doc = concat!("assert!(!", stringify!($name), "::NEG_ZERO.is_sign_positive());")]
            #[doc = concat!("assert!(", stringify!($name), "::NAN.is_sign_positive());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_sign_positive(self) -> bool {
                self.0 & Self::SIGN_MASK == 0
            }

            /// Whether the sign bit is set (also for `-0` and NaNs with a set sign).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::NEG_ZERO.is_sign_negative());")]
            #[doc = concat!("assert!(", stringify!($name), "::from_f32(-0.5).is_sign_negative());")]
            #[doc = concat!("assert!(!", stringify!($name), "::ONE.is_sign_negative());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn is_sign_negative(self) -> bool {
                self.0 & Self::SIGN_MASK != 0
            }

            /// The magnitude of `self` with the sign of `sign`.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let two = ", stringify!($name), "::from_f32(2.0);")]
            #[doc = concat!("assert_eq!(two.copysign(", stringify!($name), "::NEG_ZERO), ", stringify!($name), "::from_f32(-2.0));")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f32(-2.0).copysign(", stringify!($name), "::ONE), two);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn copysign(self, sign: $name) -> $name {
                $name((self.0 & Self::ABS_MASK) | (sign.0 & Self::SIGN_MASK))
            }

            /// The absolute value (the sign bit cleared, NaNs included).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::from_f32(-1.5).abs(), ", stringify!($name), "::from_f32(1.5));")]
            #[doc = concat!("assert!(", stringify!($name), "::NEG_ZERO.abs().is_sign_positive());")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_INFINITY.abs(), ", stringify!($name), "::INFINITY);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn abs(self) -> $name {
                $name(self.0 & Self::ABS_MASK)
            }

            /// The larger value; if one is NaN, the other.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let (one, two) = (", stringify!($name), "::ONE, ", stringify!($name), "::from_f32(2.0));")]
            /// assert_eq!(one.max(two), two);
            #[doc = concat!("assert_eq!(", stringify!($name), "::NAN.max(one), one);")]
            #[doc = concat!("assert_eq!(one.max(", stringify!($name), "::NAN), one);")]
            /// ```
            #[inline]
            #[must_use]
            pub fn max(self, other: $name) -> $name {
                if self.is_nan() || other > self {
                    other
                } else {
                    self
                }
            }

            /// The smaller value; if one is NaN, the other.
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let (one, two) = (", stringify!($name), "::ONE, ", stringify!($name), "::from_f32(2.0));")]
            /// assert_eq!(two.min(one), one);
            #[doc = concat!("assert_eq!(", stringify!($name), "::NAN.min(two), two);")]
            /// ```
            #[inline]
            #[must_use]
            pub fn min(self, other: $name) -> $name {
                if self.is_nan() || other < self {
                    other
                } else {
                    self
                }
            }

            /// `self` limited to `min..=max`; NaN stays NaN.
            ///
            /// # Panics
            /// When `min > max` or either bound is NaN (as `f32::clamp`).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("let x = ", stringify!($name), "::from_f32(5.0);")]
            #[doc = concat!("assert_eq!(x.clamp(", stringify!($name), "::ZERO, ", stringify!($name), "::ONE), ", stringify!($name), "::ONE);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ONE.clamp(", stringify!($name), "::ZERO, ", stringify!($name), "::ONE), ", stringify!($name), "::ZERO);")]
            #[doc = concat!("assert!(", stringify!($name), "::NAN.clamp(", stringify!($name), "::ZERO, ", stringify!($name), "::ONE).is_nan());")]
            #[doc = concat!("assert!(std::panic::catch_unwind(|| x.clamp(", stringify!($name), "::ONE, ", stringify!($name), "::ZERO)).is_err());")]
            /// ```
            #[inline]
            #[must_use]
            pub fn clamp(self, min: $name, max: $name) -> $name {
                assert!(min <= max, "clamp: min > max, or a bound is NaN");
                let mut x = self;
                if x < min {
                    x = min;
                }
                if x > max {
                    x = max;
                }
                x
            }

            /// The IEEE 754 total order: `-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN`.
            ///
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            /// use core::cmp::Ordering;
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.total_cmp(&", stringify!($name), "::ZERO), Ordering::Less);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::INFINITY.total_cmp(&", stringify!($name), "::NAN), Ordering::Less);")]
            /// ```
            #[inline]
            #[must_use]
            pub fn total_cmp(&self, other: &Self) -> Ordering {
                total_key(self.0).cmp(&total_key(other.0))
            }

            /// The least value greater than `self`: `+0` and `-0` step to the smallest
            /// positive subnormal, the largest finite value to infinity; infinity and NaN are
            /// returned unchanged, negative infinity steps to the most negative finite value.
            ///
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::NEG_ZERO.next_up(), ", stringify!($name), "::MIN_POSITIVE_SUBNORMAL);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::MAX.next_up(), ", stringify!($name), "::INFINITY);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn next_up(self) -> $name {
                // Selects, not branches, so a loop over a slice vectorizes: one step of the bit
                // pattern away from zero (positive) or towards it (negative), both zeros to
                // the smallest subnormal, NaN and +inf kept.
                let (b, abs) = (self.0, self.0 & Self::ABS_MASK);
                let stepped = if b & Self::SIGN_MASK != 0 { b.wrapping_sub(1) } else { b.wrapping_add(1) };
                let stepped = if abs == 0 { 1 } else { stepped };
                let keep = (abs > Self::EXP_MASK) | (b == Self::EXP_MASK);
                $name(if keep { b } else { stepped })
            }

            /// The greatest value less than `self`: the mirror of
            /// [`next_up`](Self::next_up).
            ///
            /// # Examples
            /// ```
            #[doc = concat!("use core_num::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::ZERO.next_down().to_bits(), 0x8001);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::MIN.next_down(), ", stringify!($name), "::NEG_INFINITY);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::ONE.next_down().next_up(), ", stringify!($name), "::ONE);")]
            #[doc = concat!("assert!(", stringify!($name), "::ONE.next_down() < ", stringify!($name), "::ONE);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn next_down(self) -> $name {
                let (b, abs) = (self.0, self.0 & Self::ABS_MASK);
                let stepped = if b & Self::SIGN_MASK != 0 { b.wrapping_add(1) } else { b.wrapping_sub(1) };
                let stepped = if abs == 0 { Self::SIGN_MASK | 1 } else { stepped };
                let keep = (abs > Self::EXP_MASK) | (b == (Self::EXP_MASK | Self::SIGN_MASK));
                $name(if keep { b } else { stepped })
            }

            /// Significant decimal digits that survive a round trip through the type.
            pub const DIGITS: u32 = $digits;
            /// The difference between 1 and the next larger value.
            pub const EPSILON: $name = $name(((Self::BIAS - $man_bits) as u16) << $man_bits);
            /// Positive infinity.
            pub const INFINITY: $name = $name(Self::EXP_MASK);
            /// Significand bits, the implicit one included.
            pub const MANTISSA_DIGITS: u32 = $man_bits + 1;
            /// The largest finite value.
            pub const MAX: $name = $name(Self::EXP_MASK - 1);
            /// The largest `n` such that `10^n` is finite.
            pub const MAX_10_EXP: i32 = $max10;
            /// One more than the largest power of two that is finite.
            pub const MAX_EXP: i32 = Self::BIAS + 1;
            /// The smallest (most negative) finite value.
            pub const MIN: $name = $name(Self::MAX.0 | Self::SIGN_MASK);
            /// The smallest `n` such that `10^n` is a normal number.
            pub const MIN_10_EXP: i32 = $min10;
            /// One more than the smallest power of two that is normal.
            pub const MIN_EXP: i32 = 2 - Self::BIAS;
            /// The smallest positive normal value.
            pub const MIN_POSITIVE: $name = $name(1 << $man_bits);
            /// Not a number (quiet, positive).
            pub const NAN: $name = $name(Self::EXP_MASK | 1 << ($man_bits - 1));
            /// Negative infinity.
            pub const NEG_INFINITY: $name = $name(Self::EXP_MASK | Self::SIGN_MASK);
            /// The radix of the representation.
            pub const RADIX: u32 = 2;
            /// The smallest positive subnormal value.
            pub const MIN_POSITIVE_SUBNORMAL: $name = $name(1);
            /// The largest subnormal value.
            pub const MAX_SUBNORMAL: $name = $name(Self::MAN_MASK);
            /// 1.
            pub const ONE: $name = $name::from_f64_const(1.0);
            /// +0.
            pub const ZERO: $name = $name(0);
            /// -0.
            pub const NEG_ZERO: $name = $name(Self::SIGN_MASK);
            /// -1.
            pub const NEG_ONE: $name = $name::from_f64_const(-1.0);
            /// Euler's number `e`.
            pub const E: $name = $name::from_f64_const(core::f64::consts::E);
            /// π.
            pub const PI: $name = $name::from_f64_const(core::f64::consts::PI);
            /// 1/π.
            pub const FRAC_1_PI: $name = $name::from_f64_const(core::f64::consts::FRAC_1_PI);
            /// 1/√2.
            pub const FRAC_1_SQRT_2: $name = $name::from_f64_const(core::f64::consts::FRAC_1_SQRT_2);
            /// 2/π.
            pub const FRAC_2_PI: $name = $name::from_f64_const(core::f64::consts::FRAC_2_PI);
            /// 2/√π.
            pub const FRAC_2_SQRT_PI: $name = $name::from_f64_const(core::f64::consts::FRAC_2_SQRT_PI);
            /// π/2.
            pub const FRAC_PI_2: $name = $name::from_f64_const(core::f64::consts::FRAC_PI_2);
            /// π/3.
            pub const FRAC_PI_3: $name = $name::from_f64_const(core::f64::consts::FRAC_PI_3);
            /// π/4.
            pub const FRAC_PI_4: $name = $name::from_f64_const(core::f64::consts::FRAC_PI_4);
            /// π/6.
            pub const FRAC_PI_6: $name = $name::from_f64_const(core::f64::consts::FRAC_PI_6);
            /// π/8.
            pub const FRAC_PI_8: $name = $name::from_f64_const(core::f64::consts::FRAC_PI_8);
            /// ln 10.
            pub const LN_10: $name = $name::from_f64_const(core::f64::consts::LN_10);
            /// ln 2.
            pub const LN_2: $name = $name::from_f64_const(core::f64::consts::LN_2);
            /// log10 e.
            pub const LOG10_E: $name = $name::from_f64_const(core::f64::consts::LOG10_E);
            /// log10 2.
            pub const LOG10_2: $name = $name::from_f64_const(core::f64::consts::LOG10_2);
            /// log2 e.
            pub const LOG2_E: $name = $name::from_f64_const(core::f64::consts::LOG2_E);
            /// log2 10.
            pub const LOG2_10: $name = $name::from_f64_const(core::f64::consts::LOG2_10);
            /// √2.
            pub const SQRT_2: $name = $name::from_f64_const(core::f64::consts::SQRT_2);
        }

        impl From<$name> for f32 {
            #[inline]
            fn from(x: $name) -> f32 {
                x.to_f32()
            }
        }

        impl From<$name> for f64 {
            #[inline]
            fn from(x: $name) -> f64 {
                x.to_f64()
            }
        }

        impl From<i8> for $name {
            /// Exact: every `i8` is a value of the type.
            #[inline]
            fn from(x: i8) -> $name {
                $name::from_f32(x as f32)
            }
        }

        impl From<u8> for $name {
            /// Exact: every `u8` is a value of the type.
            #[inline]
            fn from(x: u8) -> $name {
                $name::from_f32(x as f32)
            }
        }

        impl PartialEq for $name {
            /// IEEE equality: `+0 == -0`, NaN equals nothing.
            #[inline]
            fn eq(&self, other: &$name) -> bool {
                let (a, b) = (self.0, other.0);
                let ordered = Self::ordered(a, b);
                ordered & (order_key(a) == order_key(b))
            }
        }

        impl PartialOrd for $name {
            /// IEEE order: `+0 == -0`, NaN unordered.
            #[inline]
            fn partial_cmp(&self, other: &$name) -> Option<Ordering> {
                let (a, b) = (self.0, other.0);
                // The sign of the key difference as -1/0/1, written with shifts rather than
                // `Ord::cmp`: LLVM turns a `cmp` into a three-way compare intrinsic that it
                // does not vectorize, while this form keeps a loop of comparisons in vector
                // lanes. Then the NaN test and one select: no branch on the data.
                let d = order_key(a) as i32 - order_key(b) as i32;
                let sign = ((d >> 31) | ((d.wrapping_neg() as u32) >> 31) as i32) as i8;
                let ord = match sign {
                    -1 => Ordering::Less,
                    0 => Ordering::Equal,
                    _ => Ordering::Greater,
                };
                if Self::ordered(a, b) {
                    Some(ord)
                } else {
                    None
                }
            }
            #[inline]
            fn lt(&self, other: &$name) -> bool {
                // NaN keys lie outside -lim..=lim: a positive NaN above every number, a
                // negative one below. `ka < kb` with `ka >= -lim` and `kb <= lim` is false
                // whenever either is a NaN, so the NaN test costs two compares, not four
                // operations.
                let lim = Self::EXP_MASK as i16;
                let (ka, kb) = (order_key(self.0), order_key(other.0));
                (ka < kb) & (ka >= -lim) & (kb <= lim)
            }
            #[inline]
            fn le(&self, other: &$name) -> bool {
                // As `lt`: with `ka <= kb`, a NaN key on either side breaks one of the bounds.
                let lim = Self::EXP_MASK as i16;
                let (ka, kb) = (order_key(self.0), order_key(other.0));
                (ka <= kb) & (ka >= -lim) & (kb <= lim)
            }
            #[inline]
            fn gt(&self, other: &$name) -> bool {
                other.lt(self)
            }
            #[inline]
            fn ge(&self, other: &$name) -> bool {
                other.le(self)
            }
        }
    };
}

/// The comparison fast path. Both types store sign and magnitude, and the magnitude bits order
/// like the values they encode, so after NaN is ruled out (once, by the caller) a value
/// compares like this key: the magnitude, negated when the sign bit is set. `+0` and `-0` both
/// map to 0, so they compare equal, with no branch. The key fits 16 bits (`-0x7FFF..=0x7FFF`),
/// so a loop of comparisons vectorizes at 8 or 16 lanes per register.
#[inline(always)]
const fn order_key(bits: u16) -> i16 {
    let magnitude = (bits & 0x7FFF) as i16;
    let negative = (bits as i16) >> 15; // 0 or -1
    (magnitude ^ negative).wrapping_sub(negative)
}

/// The total-order key: as [`order_key`] but `-0` below `+0` and NaNs at the ends, by flipping
/// the magnitude bits of negative values of the two's-complement reading.
#[inline(always)]
const fn total_key(bits: u16) -> i16 {
    let x = bits as i16;
    x ^ (((x >> 15) as u16) >> 1) as i16
}

half_type! {
    /// An IEEE 754 binary16 floating-point number ("half precision"): 1 sign bit, 5
    /// exponent bits, 10 mantissa bits; about 3 decimal digits, finite up to 65504.
    ///
    /// The API is the `half` crate's `f16`. Conversions from `f32`, `f64` and text round
    /// exactly once, to nearest with ties to even; arithmetic runs in `f32` and rounds once,
    /// which is the correctly rounded binary16 result for `+ - * / %`.
    ///
    /// ```
    /// use core_num::f16;
    /// let x = f16::from_f32(1.5);
    /// assert_eq!(x.to_bits(), 0x3E00);
    /// assert_eq!((x + f16::ONE).to_f32(), 2.5);
    /// assert!(f16::NAN != f16::NAN && f16::ZERO == f16::NEG_ZERO);
    /// assert_eq!("0.1".parse::<f16>().unwrap(), f16::from_f64(0.1));
    /// ```
    f16 {
        exp_bits: 5,
        man_bits: 10,
        digits: 3,
        max_10_exp: 4,
        min_10_exp: -4,
        from_f32: super::convert::f32_to_f16,
        from_f64: super::convert::f64_to_f16,
        to_f32: super::convert::f16_to_f32,
        example: "1.5",
    }
}

half_type! {
    /// A bfloat16 floating-point number ("brain float"): the top half of an `f32`, with 1
    /// sign bit, 8 exponent bits and 7 mantissa bits; `f32`'s range with about 2 decimal
    /// digits.
    ///
    /// The API is the `half` crate's `bf16`. Conversions from `f32`, `f64` and text round
    /// exactly once, to nearest with ties to even; arithmetic runs in `f32` and rounds once.
    ///
    /// ```
    /// use core_num::bf16;
    /// let x = bf16::from_f32(3.0);
    /// assert_eq!(x.to_bits(), 0x4040);
    /// // 1 + 2^-8 lies halfway between 1 and the next bf16: ties go to the even one.
/// assert_eq!(bf16::from_f32(1.0 + 1.0 / 256.0), bf16::ONE);
    /// ```
    bf16 {
        exp_bits: 8,
        man_bits: 7,
        digits: 2,
        max_10_exp: 38,
        min_10_exp: -37,
        from_f32: super::convert::f32_to_bf16,
        from_f64: super::convert::f64_to_bf16,
        to_f32: super::convert::bf16_to_f32,
        example: "3.0",
    }
}
