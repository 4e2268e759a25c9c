//! The transcendental functions on `f64` lanes, written once over [`Float`].
//!
//! Each reduces its argument to a small interval where a polynomial is accurate, then undoes
//! the reduction:
//!
//! - `exp`: `x = k ln 2 + r`, `|r| <= ln 2 / 2` (Cody–Waite, `ln 2` in two parts), `e^r` by its
//!   Taylor series to `r^13` (error below `2^-60`), times `2^k` as two exact powers of two so
//!   subnormal results round once. `exp2` takes `k` and `r / ln 2` directly; `expm1` keeps
//!   `e^r - 1` apart from the 1 so small results stay accurate.
//! - `ln`: `x = 2^e m` with `m` in `[sqrt(1/2), sqrt(2))`, `ln m = 2 atanh(f)` with
//!   `f = (m - 1) / (m + 1)`, `|f| <= 0.172`, by its series to `f^21`.
//! - `asin`/`acos`: on `|x| <= 1/2`, `x + x^3 P(x^2)`; above, `pi/2 - 2 asin(sqrt((1 - |x|) / 2))`.
//!   `atan`: `|x|` reduced to `|t| <= tan(pi/8)` by `t = -1/x` (then `+ pi/2`) or
//!   `t = (x - 1) / (x + 1)` (then `+ pi/4`), then `t + t^3 Q(t^2)`. `P` and `Q` interpolate at
//!   Chebyshev nodes (`scripts/tensor_coefficients.py` derives them and their error).
//! - `tanh`, `sinh`, `cosh`, `sigmoid` are quotients of `expm1`/`exp`, arranged so nothing
//!   cancels: `tanh |x| = u / (u + 2)` with `u = expm1(2|x|)`.
//!
//! The `f32` forms of `exp`, `ln` and `asin` use shorter polynomials (errors near `2^-32`):
//! their result is rounded to `f32` once, so that is still within 1 ulp, at half the work.
//!
//! Every function ends by passing NaN lanes through, so the clamps (`min`/`max`, whose NaN
//! behaviour differs by ISA) never leak into the result.

use super::trig::{cos, cos_for_f32, sin, sin_for_f32, tan, tan_for_f32};
use core_cpu::vector::float::Float;

/// `f64` lanes.
pub(crate) trait F64: Float<Elem = f64> {}
impl<V: Float<Elem = f64>> F64 for V {}

#[inline(always)]
unsafe fn c<W: F64>(x: f64) -> W {
    // SAFETY: the CPU runs W's ISA (every caller's contract).
    unsafe { W::splat(x) }
}

/// Horner's rule: `coeffs[0] + x coeffs[1] + x^2 coeffs[2] + ...`.
#[inline(always)]
unsafe fn poly<W: F64>(x: W, coeffs: &[f64]) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let mut acc = c::<W>(coeffs[coeffs.len() - 1]);
        for &k in coeffs[..coeffs.len() - 1].iter().rev() {
            acc = acc.mul_add(x, c(k));
        }
        acc
    }
}

/// `1/k!` for `k = 2..=13`: the Taylor series of `(e^r - 1 - r) / r^2`.
const EXP_TAYLOR: [f64; 12] = {
    let mut t = [0.0; 12];
    let mut f = 1.0f64;
    let mut k = 2;
    while k <= 13 {
        f *= k as f64;
        t[k - 2] = 1.0 / f;
        k += 1;
    }
    t
};

const LOG2_E: f64 = core::f64::consts::LOG2_E;
/// `ln 2` in two parts: the high part has 32 significant bits, so `k * LN2_HI` is exact for
/// every `|k| < 2^20`.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
/// `ln 2 - LN2_HI`, rounded (`scripts/tensor_coefficients.py`).
const LN2_LO: f64 = 1.9082149292705877e-10;
const PIO2_HI: f64 = core::f64::consts::FRAC_PI_2;
const PIO2_LO: f64 = 6.123233995736766e-17;
const PI_HI: f64 = core::f64::consts::PI;
const PI_LO: f64 = 1.2246467991473532e-16;
const PIO4_HI: f64 = core::f64::consts::FRAC_PI_4;
const PIO4_LO: f64 = 3.061616997868383e-17;

/// `2^k` for integral `k` in `-1022..=1023`: `k + 1023` placed in the exponent field.
#[inline(always)]
unsafe fn pow2i<W: F64>(k: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { k.add(c(4_503_599_627_371_519.0)).shl::<52>() }
}

/// `e^r - 1` for `|r| <= ln 2 / 2`.
#[inline(always)]
unsafe fn expm1_small<W: F64>(r: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { r.mul(r).mul_add(poly(r, &EXP_TAYLOR), r) }
}

/// `(k, r)` with `x = k ln 2 + r`, `|r| <= ln 2 / 2` (a little more for `|k| >= 2^20`, which
/// the callers clamp away).
#[inline(always)]
unsafe fn reduce_ln2<W: F64>(x: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let k = x.mul(c(LOG2_E)).round_even();
        let r = k.mul_add(c(-LN2_HI), x);
        (k, k.mul_add(c(-LN2_LO), r))
    }
}

/// NaN lanes of `x` in place of `r`'s.
#[inline(always)]
unsafe fn keep_nan<W: F64>(x: W, r: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { W::select(x.is_nan(), x, r) }
}

/// `p * 2^k` for integral `k` in `-1076..=1024`, rounding once (two exact scalings).
#[inline(always)]
unsafe fn scale<W: F64>(p: W, k: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let k1 = k.mul(c(0.5)).floor();
        p.mul(pow2i(k1)).mul(pow2i(k.sub(k1)))
    }
}

/// `e^x`.
#[inline(always)]
pub(crate) unsafe fn exp<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { exp_with(x, &EXP_TAYLOR) }
}

/// `e^x` to about `2^-32`, for results rounded to `f32` (the series to `r^8`).
#[inline(always)]
pub(crate) unsafe fn exp_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { exp_with(x, &EXP_TAYLOR[..7]) }
}

/// `e^r` for an already reduced `|r| <= ln 2 / 2` (a little more is fine): the series of
/// [`exp`] without its reduction and scaling, for callers that reduce the argument themselves.
#[inline(always)]
pub(crate) unsafe fn exp_reduced<W: F64>(r: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { expm1_small(r).add(c(1.0)) }
}

#[inline(always)]
unsafe fn exp_with<W: F64>(x: W, taylor: &[f64]) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let xc = x.max(c(-746.0)).min(c(710.0));
        let (k, r) = reduce_ln2(xc);
        let p = r.mul(r).mul_add(poly(r, taylor), r);
        keep_nan(x, scale(p.add(c(1.0)), k))
    }
}

/// `2^x`.
#[inline(always)]
pub(crate) unsafe fn exp2<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let xc = x.max(c(-1076.0)).min(c(1025.0));
        let k = xc.round_even();
        let r = xc.sub(k).mul(c(core::f64::consts::LN_2));
        keep_nan(x, scale(expm1_small(r).add(c(1.0)), k))
    }
}

/// `e^x - 1` for `x <= 709` (larger lanes give garbage; callers clamp).
#[inline(always)]
unsafe fn expm1<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let xc = x.max(c(-60.0));
        let (k, r) = reduce_ln2(xc);
        let s = pow2i(k);
        expm1_small(r).mul_add(s, s.sub(c(1.0)))
    }
}

/// `2 atanh(f) / f - 2 = 2 f^2 / 3 + 2 f^4 / 5 + ...` as a polynomial in `s = f^2`:
/// coefficients `2 / (2k + 1)`, `k = 1..=10`.
pub(crate) const LN_SERIES: [f64; 10] = {
    let mut t = [0.0; 10];
    let mut k = 0;
    while k < 10 {
        t[k] = 2.0 / (2 * k + 3) as f64;
        k += 1;
    }
    t
};

/// `(e, ln m)` with `x = 2^e m` (finite positive `x`; other lanes give garbage).
#[inline(always)]
pub(crate) unsafe fn ln_parts<W: F64>(x: W, series: &[f64]) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        // Subnormals scaled up by 2^54 first.
        let tiny = x.lt(c(f64::MIN_POSITIVE));
        let xs = W::select(tiny, x.mul(c(18_014_398_509_481_984.0)), x);
        let bias = W::select(tiny, c(1023.0 + 54.0), c(1023.0));
        let m = xs.and(c(f64::from_bits((1 << 52) - 1))).or(c(1.0));
        let biased = xs.shr::<52>().or(c(4_503_599_627_370_496.0)).sub(c(4_503_599_627_370_496.0));
        let big = c::<W>(core::f64::consts::SQRT_2).lt(m);
        let m = W::select(big, m.mul(c(0.5)), m);
        let e = biased.sub(bias).add(W::select(big, c(1.0), c(0.0)));
        let f = m.sub(c(1.0)).div(m.add(c(1.0)));
        let s = f.mul(f);
        let two_f = f.add(f);
        (e, f.mul(s).mul_add(poly(s, series), two_f))
    }
}

/// The special cases of a logarithm: `-inf` at ±0, NaN below zero, `+inf` and NaN themselves.
#[inline(always)]
unsafe fn log_special<W: F64>(x: W, r: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let r = W::select(x.eq(c(0.0)), c(f64::NEG_INFINITY), r);
        let r = W::select(x.lt(c(0.0)), c(f64::NAN), r);
        let r = W::select(x.eq(c(f64::INFINITY)), x, r);
        keep_nan(x, r)
    }
}

/// `ln x`.
#[inline(always)]
pub(crate) unsafe fn ln<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { ln_with(x, &LN_SERIES) }
}

/// `ln x` to about `2^-34`, for results rounded to `f32` (the series to `f^11`).
#[inline(always)]
pub(crate) unsafe fn ln_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { ln_with(x, &LN_SERIES[..5]) }
}

#[inline(always)]
unsafe fn ln_with<W: F64>(x: W, series: &[f64]) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let (e, lnm) = ln_parts(x, series);
        log_special(x, e.mul_add(c(LN2_HI), e.mul_add(c(LN2_LO), lnm)))
    }
}

/// `log2 x`.
#[inline(always)]
pub(crate) unsafe fn log2<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let (e, lnm) = ln_parts(x, &LN_SERIES);
        log_special(x, lnm.mul_add(c(LOG2_E), e))
    }
}

/// `copysign(r, x)` for non-negative `r`.
#[inline(always)]
unsafe fn with_sign_of<W: F64>(r: W, x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { r.or(x.and(c(-0.0))) }
}

/// `tanh x`.
#[inline(always)]
pub(crate) unsafe fn tanh<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        // tanh rounds to 1 from |x| = 19.1 on.
        let a = x.abs().min(c(20.0));
        let u = expm1(a.add(a));
        keep_nan(x, with_sign_of(u.div(u.add(c(2.0))), x))
    }
}

/// `1 / (1 + e^-x)`, as `e^x / (1 + e^x)` below zero so tiny results keep their precision.
#[inline(always)]
pub(crate) unsafe fn sigmoid<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let e = exp(x.abs().neg());
        let d = e.add(c(1.0));
        let r = W::select(x.lt(c(0.0)), e.div(d), c::<W>(1.0).div(d));
        keep_nan(x, r)
    }
}

/// `sinh x`.
#[inline(always)]
pub(crate) unsafe fn sinh<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let a = x.abs();
        let u = expm1(a.min(c(709.0)));
        let r = c::<W>(0.5).mul(u.add(u.div(u.add(c(1.0)))));
        let r = huge_exp_half(a, r);
        keep_nan(x, with_sign_of(r, x))
    }
}

/// `cosh x`.
#[inline(always)]
pub(crate) unsafe fn cosh<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let a = x.abs();
        let e = exp(a.min(c(709.0)));
        let r = c::<W>(0.5).mul(e).add(c::<W>(0.5).div(e));
        keep_nan(x, huge_exp_half(a, r))
    }
}

/// For lanes with `a > 709`, where `e^a` overflows but `e^a / 2` may not: `(e^(a/2) / 2) e^(a/2)`.
#[inline(always)]
unsafe fn huge_exp_half<W: F64>(a: W, r: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let huge = c::<W>(709.0).lt(a);
        if !W::mask_any(huge) {
            return r;
        }
        let h = exp(a.mul(c(0.5)));
        W::select(huge, c::<W>(0.5).mul(h).mul(h), r)
    }
}

/// `asin(x) = x + x^3 P(x^2)` on `|x| <= 1/2`.
const ASIN_P: [f64; 13] = [
    0.16666666666666669,
    0.07499999999998433,
    0.04464285714635543,
    0.030381944138531247,
    0.02237217294214989,
    0.017352392720869973,
    0.013971212973552933,
    0.011479177415184906,
    0.01032281435018578,
    0.005457506718640358,
    0.01740087944269402,
    -0.014851887071247204,
    0.028757851367421566,
];

/// The same to a relative error of `5.9e-11`, enough for `f32` results.
const ASIN_P_F32: [f64; 7] = [
    0.16666666686085643,
    0.07499992404401838,
    0.04464766388813485,
    0.030269138728589183,
    0.023611817008891752,
    0.010574415516912909,
    0.030974540371355073,
];

/// `(asin s, big)` for `s = |x|` folded into `[0, 1/2]`: `big` marks lanes with `|x| > 1/2`,
/// whose `s` is `sqrt((1 - |x|) / 2)`.
#[inline(always)]
unsafe fn asin_folded<W: F64>(a: W, p: &[f64]) -> (W, W::Mask) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let big = c::<W>(0.5).lt(a);
        let z = W::select(big, c::<W>(1.0).sub(a).mul(c(0.5)), a.mul(a));
        let s = W::select(big, z.sqrt(), a);
        (s.mul(z).mul_add(poly(z, p), s), big)
    }
}

/// `asin x`.
#[inline(always)]
pub(crate) unsafe fn asin<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { asin_with(x, &ASIN_P) }
}

/// `asin x` to about `2^-34`, for results rounded to `f32`.
#[inline(always)]
pub(crate) unsafe fn asin_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { asin_with(x, &ASIN_P_F32) }
}

#[inline(always)]
unsafe fn asin_with<W: F64>(x: W, coeffs: &[f64]) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let (p, big) = asin_folded(x.abs(), coeffs);
        let folded = c::<W>(PIO2_HI).sub(p.add(p)).add(c(PIO2_LO));
        keep_nan(x, with_sign_of(W::select(big, folded, p), x))
    }
}

/// `acos x`.
#[inline(always)]
pub(crate) unsafe fn acos<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let (p, big) = asin_folded(x.abs(), &ASIN_P);
        let small = c::<W>(PIO2_HI).sub(with_sign_of(p, x).sub(c(PIO2_LO)));
        let two_p = p.add(p);
        let negative = x.lt(c(0.0));
        let folded = W::select(negative, c::<W>(PI_HI).sub(two_p).add(c(PI_LO)), two_p);
        keep_nan(x, W::select(big, folded, small))
    }
}

/// `atan(t) = t + t^3 Q(t^2)` on `|t| <= tan(pi/8)`.
const ATAN_Q: [f64; 11] = [
    -0.3333333333333333,
    0.1999999999999552,
    -0.14285714284666542,
    0.11111111015256361,
    -0.09090904578123903,
    0.07692183190826087,
    -0.06664511447381948,
    0.0585814891280221,
    -0.0508544973794026,
    0.03923165829558719,
    -0.01917688711906226,
];

/// `atan a` for `a >= 0` (or NaN).
#[inline(always)]
unsafe fn atan_positive<W: F64>(a: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let big = c::<W>(2.414_213_562_373_095).lt(a);
        let mid = c::<W>(0.414_213_562_373_095_03).lt(a);
        let t = W::select(mid, a.sub(c(1.0)).div(a.add(c(1.0))), a);
        let t = W::select(big, c::<W>(-1.0).div(a), t);
        let hi = W::select(big, c(PIO2_HI), W::select(mid, c(PIO4_HI), c(0.0)));
        let lo = W::select(big, c(PIO2_LO), W::select(mid, c(PIO4_LO), c(0.0)));
        let z = t.mul(t);
        hi.add(t.mul(z).mul_add(poly(z, &ATAN_Q), lo).add(t))
    }
}

/// `atan x`.
#[inline(always)]
pub(crate) unsafe fn atan<W: F64>(x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { keep_nan(x, with_sign_of(atan_positive(x.abs()), x)) }
}

/// `atan2(y, x)`: the angle of the point `(x, y)`, with IEEE 754's signed zeros and infinities.
#[inline(always)]
pub(crate) unsafe fn atan2<W: F64>(y: W, x: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let (ax, ay) = (x.abs(), y.abs());
        let swap = ax.lt(ay);
        let q = W::select(swap, ax, ay).div(W::select(swap, ay, ax));
        // 0/0 is an angle of 0 (before the quadrant), inf/inf one of pi/4.
        let zero = c::<W>(0.0);
        let q = W::select(W::mask_and(ax.eq(zero), ay.eq(zero)), zero, q);
        let inf = c::<W>(f64::INFINITY);
        let q = W::select(W::mask_and(ax.eq(inf), ay.eq(inf)), c(1.0), q);
        let t = atan_positive(q);
        let t = W::select(swap, c::<W>(PIO2_HI).sub(t).add(c(PIO2_LO)), t);
        // x negative, -0 included: the sign of x moved onto 1.
        let x_negative = with_sign_of(c(1.0), x).lt(zero);
        let t = W::select(x_negative, c::<W>(PI_HI).sub(t).add(c(PI_LO)), t);
        let r = with_sign_of(t, y);
        W::select(W::mask_or(x.is_nan(), y.is_nan()), x.add(y), r)
    }
}

/// A one-argument function on `f64` lanes, as a type (see `kernels/mod.rs` for why not a
/// closure).
pub(crate) trait Math {
    /// The function.
    ///
    /// # Safety
    /// The CPU runs `W`'s ISA.
    unsafe fn eval<W: F64>(w: W) -> W;
}

/// A two-argument function on `f64` lanes, as a type.
pub(crate) trait Math2 {
    /// The function.
    ///
    /// # Safety
    /// The CPU runs `W`'s ISA.
    unsafe fn eval<W: F64>(a: W, b: W) -> W;
}

/// Declares a marker type per function.
macro_rules! math_types {
    ($($name:ident => $f:ident;)*) => {$(
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name;
        impl Math for $name {
            #[inline(always)]
            unsafe fn eval<W: F64>(w: W) -> W {
                // SAFETY: the caller's contract.
                unsafe { $f(w) }
            }
        }
    )*};
}

math_types! {
    ExpForF32 => exp_for_f32;
    LnForF32 => ln_for_f32;
    AsinForF32 => asin_for_f32;
    Exp => exp;
    Exp2 => exp2;
    Ln => ln;
    Log2 => log2;
    Sinh => sinh;
    Cosh => cosh;
    Tanh => tanh;
    Sigmoid => sigmoid;
    Asin => asin;
    Acos => acos;
    Atan => atan;
    Sin => sin;
    Cos => cos;
    Tan => tan;
    SinForF32 => sin_for_f32;
    CosForF32 => cos_for_f32;
    TanForF32 => tan_for_f32;
}

/// `atan2(a, b)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Atan2;
impl Math2 for Atan2 {
    #[inline(always)]
    unsafe fn eval<W: F64>(a: W, b: W) -> W {
        // SAFETY: the caller's contract.
        unsafe { atan2(a, b) }
    }
}

/// `pow(a, b)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pow;
impl Math2 for Pow {
    #[inline(always)]
    unsafe fn eval<W: F64>(a: W, b: W) -> W {
        // SAFETY: the caller's contract.
        unsafe { super::pow::pow(a, b) }
    }
}

/// `pow(a, b)` for results rounded to `f32`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PowForF32;
impl Math2 for PowForF32 {
    #[inline(always)]
    unsafe fn eval<W: F64>(a: W, b: W) -> W {
        // SAFETY: the caller's contract.
        unsafe { super::pow::pow_for_f32(a, b) }
    }
}
