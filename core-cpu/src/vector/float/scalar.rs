//! The portable model: [`F32x4`] and [`F64x2`], arrays of lanes in plain Rust.
//!
//! Every other level is checked against these lane by lane. Rounding to an integer adds and
//! subtracts `2^(mantissa bits)` (the sum's rounding does the work, exactly), and the square
//! root is `std`'s with the `std` feature, else the integer square root of the mantissa, so the
//! model stays `no_std` and correctly rounded. `mul_add` rounds twice, as on SSE.

use super::{Elem, F32x, F64x, Float};

/// `2^23` for `f32`, `2^52` for `f64`: from there up every value is an integer.
#[inline(always)]
fn integral_from<T: Elem>() -> f64 {
    (1u64 << T::MANTISSA_BITS) as f64
}

/// Scalar lane helpers shared by the two lane types.
trait Lane: Elem + core::ops::Add<Output = Self> + core::ops::Sub<Output = Self> {
    fn abs_(self) -> Self;
    fn copysign_(self, sign: Self) -> Self;
    fn sqrt_(self) -> Self;
    fn one() -> Self;
    fn big() -> Self;
}

impl Lane for f32 {
    #[inline(always)]
    fn abs_(self) -> Self {
        self.abs()
    }
    #[inline(always)]
    fn copysign_(self, sign: Self) -> Self {
        self.copysign(sign)
    }
    #[inline(always)]
    fn sqrt_(self) -> Self {
        // The f64 root of an f32, rounded to f32, is the correctly rounded f32 root: 53 bits
        // leave no double-rounding case for a square root of 24-bit operands.
        (self as f64).sqrt_() as f32
    }
    #[inline(always)]
    fn one() -> Self {
        1.0
    }
    #[inline(always)]
    fn big() -> Self {
        integral_from::<f32>() as f32
    }
}

impl Lane for f64 {
    #[inline(always)]
    fn abs_(self) -> Self {
        self.abs()
    }
    #[inline(always)]
    fn copysign_(self, sign: Self) -> Self {
        self.copysign(sign)
    }
    #[inline(always)]
    fn sqrt_(self) -> Self {
        sqrt_f64(self)
    }
    #[inline(always)]
    fn one() -> Self {
        1.0
    }
    #[inline(always)]
    fn big() -> Self {
        integral_from::<f64>()
    }
}

/// The correctly rounded square root.
#[cfg(feature = "std")]
#[inline(always)]
fn sqrt_f64(x: f64) -> f64 {
    x.sqrt()
}

/// The correctly rounded square root.
#[cfg(not(feature = "std"))]
#[inline(always)]
fn sqrt_f64(x: f64) -> f64 {
    sqrt_soft(x)
}

/// The correctly rounded square root, from the integer square root of the mantissa shifted
/// up 54 bits: 53 result bits and a round bit (a square root is never exactly halfway).
#[cfg_attr(feature = "std", allow(dead_code))]
fn sqrt_soft(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x;
    }
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i32;
    let mut m = bits & ((1 << 52) - 1);
    if e == 0 {
        let shift = m.leading_zeros() as i32 - 11;
        m <<= shift;
        e = 1 - shift;
    } else {
        m |= 1 << 52;
    }
    // x = m * 2^ex with m in [2^52, 2^53); make ex even.
    let mut ex = e - 1075;
    if ex & 1 != 0 {
        m <<= 1;
        ex -= 1;
    }
    let r = ((m as u128) << 54).isqrt() as u64; // in [2^53, 2^54)
    let q = (r >> 1) + (r & 1); // in [2^52, 2^53]
    let s = (ex - 54) / 2 + 1; // sqrt(x) = q * 2^s
    f64::from_bits((((s + 52 + 1023) as u64) << 52) + (q - (1 << 52)))
}

#[inline(always)]
fn round_even<T: Lane>(x: T) -> T {
    let a = x.abs_();
    // NaN, infinities and large values are integers already (or NaN).
    if a.partial_cmp(&T::big()) != Some(core::cmp::Ordering::Less) {
        return x;
    }
    ((a + T::big()) - T::big()).copysign_(x)
}

#[inline(always)]
fn floor<T: Lane>(x: T) -> T {
    let r = round_even(x);
    (if r > x { r - T::one() } else { r }).copysign_(x)
}

#[inline(always)]
fn ceil<T: Lane>(x: T) -> T {
    let r = round_even(x);
    (if r < x { r + T::one() } else { r }).copysign_(x)
}

#[inline(always)]
fn trunc<T: Lane>(x: T) -> T {
    floor(x.abs_()).copysign_(x)
}

macro_rules! scalar_lanes {
    ($name:ident, $t:ty, $bits:ty, $n:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name(pub [$t; $n]);

        impl $name {
            #[inline(always)]
            fn map(self, f: impl Fn($t) -> $t) -> Self {
                $name(self.0.map(f))
            }
            #[inline(always)]
            fn zip(self, o: Self, f: impl Fn($t, $t) -> $t) -> Self {
                $name(core::array::from_fn(|i| f(self.0[i], o.0[i])))
            }
            #[inline(always)]
            fn bits(self, f: impl Fn($bits) -> $bits) -> Self {
                self.map(|x| <$t>::from_bits(f(x.to_bits())))
            }
            #[inline(always)]
            fn zip_bits(self, o: Self, f: impl Fn($bits, $bits) -> $bits) -> Self {
                self.zip(o, |x, y| <$t>::from_bits(f(x.to_bits(), y.to_bits())))
            }
            #[inline(always)]
            fn flags(self, o: Self, f: impl Fn($t, $t) -> bool) -> Self {
                self.zip(o, |x, y| <$t>::from_bits(if f(x, y) { <$bits>::MAX } else { 0 }))
            }
        }

        impl Float for $name {
            type Elem = $t;
            type Mask = Self;
            const LANES: usize = $n;
            const FUSED: bool = false;

            #[inline(always)]
            unsafe fn splat(x: $t) -> Self {
                $name([x; $n])
            }
            #[inline(always)]
            unsafe fn load(p: *const $t) -> Self {
                // SAFETY: the caller guarantees `LANES` readable lanes.
                $name(unsafe { p.cast::<[$t; $n]>().read_unaligned() })
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut $t) {
                // SAFETY: the caller guarantees `LANES` writable lanes.
                unsafe { p.cast::<[$t; $n]>().write_unaligned(self.0) }
            }
            #[inline(always)]
            unsafe fn add(self, o: Self) -> Self {
                self.zip(o, |x, y| x + y)
            }
            #[inline(always)]
            unsafe fn sub(self, o: Self) -> Self {
                self.zip(o, |x, y| x - y)
            }
            #[inline(always)]
            unsafe fn mul(self, o: Self) -> Self {
                self.zip(o, |x, y| x * y)
            }
            #[inline(always)]
            unsafe fn div(self, o: Self) -> Self {
                self.zip(o, |x, y| x / y)
            }
            #[inline(always)]
            unsafe fn mul_add(self, a: Self, b: Self) -> Self {
                $name(core::array::from_fn(|i| self.0[i] * a.0[i] + b.0[i]))
            }
            #[inline(always)]
            unsafe fn sqrt(self) -> Self {
                self.map(Lane::sqrt_)
            }
            #[inline(always)]
            unsafe fn min(self, o: Self) -> Self {
                self.zip(o, |x, y| if x < y { x } else { y })
            }
            #[inline(always)]
            unsafe fn max(self, o: Self) -> Self {
                self.zip(o, |x, y| if x > y { x } else { y })
            }
            #[inline(always)]
            unsafe fn abs(self) -> Self {
                self.map(|x| x.abs())
            }
            #[inline(always)]
            unsafe fn neg(self) -> Self {
                self.map(|x| -x)
            }
            #[inline(always)]
            unsafe fn round_even(self) -> Self {
                self.map(round_even)
            }
            #[inline(always)]
            unsafe fn floor(self) -> Self {
                self.map(floor)
            }
            #[inline(always)]
            unsafe fn ceil(self) -> Self {
                self.map(ceil)
            }
            #[inline(always)]
            unsafe fn trunc(self) -> Self {
                self.map(trunc)
            }
            #[inline(always)]
            unsafe fn and(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x & y)
            }
            #[inline(always)]
            unsafe fn or(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x | y)
            }
            #[inline(always)]
            unsafe fn xor(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x ^ y)
            }
            #[inline(always)]
            unsafe fn and_not(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x & !y)
            }
            #[inline(always)]
            unsafe fn shl<const N: i32>(self) -> Self {
                self.bits(|x| x << N)
            }
            #[inline(always)]
            unsafe fn shr<const N: i32>(self) -> Self {
                self.bits(|x| x >> N)
            }
            #[inline(always)]
            unsafe fn add_bits(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x.wrapping_add(y))
            }
            #[inline(always)]
            unsafe fn sub_bits(self, o: Self) -> Self {
                self.zip_bits(o, |x, y| x.wrapping_sub(y))
            }
            #[inline(always)]
            unsafe fn eq(self, o: Self) -> Self {
                self.flags(o, |x, y| x == y)
            }
            #[inline(always)]
            unsafe fn lt(self, o: Self) -> Self {
                self.flags(o, |x, y| x < y)
            }
            #[inline(always)]
            unsafe fn le(self, o: Self) -> Self {
                self.flags(o, |x, y| x <= y)
            }
            #[inline(always)]
            unsafe fn is_nan(self) -> Self {
                self.flags(self, |x, _| x.is_nan())
            }
            #[inline(always)]
            unsafe fn select(m: Self, a: Self, b: Self) -> Self {
                $name(core::array::from_fn(|i| {
                    if m.0[i].to_bits() >> (<$bits>::BITS - 1) != 0 {
                        a.0[i]
                    } else {
                        b.0[i]
                    }
                }))
            }
            #[inline(always)]
            unsafe fn mask_and(m: Self, o: Self) -> Self {
                m.zip_bits(o, |x, y| x & y)
            }
            #[inline(always)]
            unsafe fn mask_or(m: Self, o: Self) -> Self {
                m.zip_bits(o, |x, y| x | y)
            }
            #[inline(always)]
            unsafe fn mask_bits(m: Self) -> u64 {
                let mut bits = 0;
                for (i, x) in m.0.iter().enumerate() {
                    bits |= ((x.to_bits() >> (<$bits>::BITS - 1)) as u64) << i;
                }
                bits
            }
            #[inline(always)]
            unsafe fn reduce_add(self) -> $t {
                self.0.iter().fold(0.0, |s, &x| s + x)
            }
            #[inline(always)]
            unsafe fn reduce_min(self) -> $t {
                self.0.iter().fold(self.0[0], |s, &x| if x < s { x } else { s })
            }
            #[inline(always)]
            unsafe fn reduce_max(self) -> $t {
                self.0.iter().fold(self.0[0], |s, &x| if x > s { x } else { s })
            }
        }
    };
}

scalar_lanes!(F32x4, f32, u32, 4, "Four `f32` lanes in plain Rust.");
scalar_lanes!(F64x2, f64, u64, 2, "Two `f64` lanes in plain Rust.");

impl F32x for F32x4 {
    type F64 = F64x2;
    #[inline(always)]
    unsafe fn widen(self) -> (F64x2, F64x2) {
        let x = self.0.map(|x| x as f64);
        (F64x2([x[0], x[1]]), F64x2([x[2], x[3]]))
    }
    #[inline(always)]
    unsafe fn narrow(lo: F64x2, hi: F64x2) -> Self {
        F32x4([lo.0[0] as f32, lo.0[1] as f32, hi.0[0] as f32, hi.0[1] as f32])
    }
}

impl F64x for F64x2 {
    type F32 = F32x4;
}

#[cfg(test)]
mod tests {
    extern crate std;

    #[test]
    fn software_sqrt_is_correctly_rounded() {
        let special = [0.0, -0.0, 1.0, 4.0, f64::MIN_POSITIVE, 5e-324, f64::MAX, f64::INFINITY];
        for v in special {
            assert_eq!(super::sqrt_soft(v).to_bits(), std::primitive::f64::sqrt(v).to_bits());
        }
        assert!(super::sqrt_soft(-1.0).is_nan() && super::sqrt_soft(f64::NAN).is_nan());
        let mut x = 1u64;
        for _ in 0..200_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let v = f64::from_bits(x >> 1);
            let want = std::primitive::f64::sqrt(v);
            if want.is_nan() {
                assert!(super::sqrt_soft(v).is_nan());
                continue;
            }
            assert_eq!(super::sqrt_soft(v).to_bits(), want.to_bits(), "{v:e}");
        }
    }
}
