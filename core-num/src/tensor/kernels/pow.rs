//! `pow(x, y)` on `f64` lanes.
//!
//! `|x|^y = e^(y ln |x|)`. The error of `y ln |x|` becomes the relative error of the result, and
//! `|y ln |x||` reaches 745 before the result under- or overflows, so for `f64` results `ln |x|`
//! is carried as two doubles (`hi + lo`, about `2^-64` relative): `|x| = 2^e m`,
//! `m` in `[sqrt(1/2), sqrt(2))`, `ln m = 2 atanh(f)` with `f = (m - 1)/(m + 1)` itself kept as
//! two doubles, the first two terms of the series (`2f + 2f^3/3`) in double-double arithmetic
//! and the rest (below `2^-12` of the total) in plain doubles. `y` times that is again two
//! doubles, and `e^(hi + lo)` folds `lo` into the reduced argument. Exact products come from
//! FMA where the level has it, from Veltkamp splitting elsewhere.
//!
//! The division for `f` is the only one: the correction `fl` needs its quotient by `m + 1` to
//! a few bits only, and `1 / (m + 1) = (1 - f) / 2`. The final `e^r` is the bare series (the
//! reduction by `ln 2` is done here, with `lo` folded in).
//!
//! For `f32` results `e^(y ln |x|)` in plain `f64`, with the short series of `ln` and `exp`
//! used for `f32`, is enough: `|y ln |x||` matters only up to about 104 there, so the error
//! of the product stays near `2^-27`, an eighth of an `f32` ulp before the final rounding.
//!
//! The special cases are IEEE 754's `pow` (as `f64::powf`): `x^±0 = 1` and `1^y = 1` even for
//! NaN, a negative finite `x` with a non-integer `y` is NaN, odd integer powers keep the sign
//! of `x` (`-0` and `-inf` included), and the limits at zero, one and infinity. They cost a
//! dozen compares and selects; a vector whose lanes are all ordinary (positive finite `x`,
//! finite `y`: the usual input) skips them after one test.

use super::math::{exp_for_f32, exp_reduced, ln_parts, F64, LN_SERIES};

#[inline(always)]
unsafe fn c<W: F64>(x: f64) -> W {
    // SAFETY: the CPU runs W's ISA (every caller's contract).
    unsafe { W::splat(x) }
}

/// `a * b` exactly as `hi + lo`.
#[inline(always)]
unsafe fn two_prod<W: F64>(a: W, b: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let p = a.mul(b);
        if W::FUSED {
            return (p, a.mul_add(b, p.neg()));
        }
        let ((ah, al), (bh, bl)) = (split(a), split(b));
        let e = ah.mul(bh).sub(p).add(ah.mul(bl)).add(al.mul(bh)).add(al.mul(bl));
        (p, e)
    }
}

/// `v` as `hi + lo`, each with at most 26 significant bits (Veltkamp).
#[inline(always)]
unsafe fn split<W: F64>(v: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let t = v.mul(c(134_217_729.0));
        let hi = t.sub(t.sub(v));
        (hi, v.sub(hi))
    }
}

/// `a + b` exactly as `hi + lo`.
#[inline(always)]
unsafe fn two_sum<W: F64>(a: W, b: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let s = a.add(b);
        let bb = s.sub(a);
        (s, a.sub(s.sub(bb)).add(b.sub(bb)))
    }
}

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = 1.9082149292705877e-10;
/// `2/3` as two doubles.
const TWO_THIRDS_HI: f64 = 0.6666666666666666;
const TWO_THIRDS_LO: f64 = 3.700743415417188e-17;

/// `2 / (2k + 5)` for `k = 0..=12`: `(2 atanh f - 2f - 2f^3/3) / f^5` in `s = f^2`.
const LN_TAIL: [f64; 13] = {
    let mut t = [0.0; 13];
    let mut k = 0;
    while k < 13 {
        t[k] = 2.0 / (2 * k + 5) as f64;
        k += 1;
    }
    t
};

/// `ln a` as `hi + lo` for finite positive `a` (other lanes give garbage).
#[inline(always)]
unsafe fn ln_dd<W: F64>(a: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let tiny = a.lt(c(f64::MIN_POSITIVE));
        let xs = W::select(tiny, a.mul(c(18_014_398_509_481_984.0)), a);
        let bias = W::select(tiny, c(1023.0 + 54.0), c(1023.0));
        let m = xs.and(c(f64::from_bits((1 << 52) - 1))).or(c(1.0));
        let biased = xs.shr::<52>().or(c(4_503_599_627_370_496.0)).sub(c(4_503_599_627_370_496.0));
        let big = c::<W>(core::f64::consts::SQRT_2).lt(m);
        let m = W::select(big, m.mul(c(0.5)), m);
        let e = biased.sub(bias).add(W::select(big, c(1.0), c(0.0)));
        // f = (m - 1) / (m + 1) as fh + fl: m - 1 is exact, m + 1 = dh + dl exactly.
        let one = c::<W>(1.0);
        let num = m.sub(one);
        let dh = m.add(one);
        let dl = m.sub(dh.sub(one));
        let fh = num.div(dh);
        // The remainder of that division, divided by m + 1 = 2 / (1 - f): only its leading
        // bits matter, so a multiplication by (1 - fh) / 2 stands in for a second division.
        let (p, pe) = two_prod(fh, dh);
        let fl = num.sub(p).sub(pe).sub(fh.mul(dl)).mul(c::<W>(0.5).sub(fh.mul(c(0.5))));
        // f^3 as ch + cl, then 2f^3/3 as th + tl.
        let (sh, sl) = two_prod(fh, fh);
        let (ch, cl) = two_prod(sh, fh);
        let cl = cl.add(sl.mul(fh)).add(c::<W>(3.0).mul(sh).mul(fl));
        let (th, tl) = two_prod(ch, c(TWO_THIRDS_HI));
        let tl = tl.add(ch.mul(c(TWO_THIRDS_LO))).add(cl.mul(c(TWO_THIRDS_HI)));
        let rest = fh.mul(sh).mul(sh).mul(poly(sh, &LN_TAIL));
        // e ln 2 + 2f + 2f^3/3 + rest.
        let (s1, e1) = two_sum(e.mul(c(LN2_HI)), fh.add(fh));
        let (s2, e2) = two_sum(s1, th);
        let low = e1.add(e2).add(e.mul(c(LN2_LO))).add(fl.add(fl)).add(tl).add(rest);
        let hi = s2.add(low);
        (hi, low.sub(hi.sub(s2)))
    }
}

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

/// `e^(hi + lo)`, `lo` small next to `hi`'s ulp.
#[inline(always)]
unsafe fn exp_dd<W: F64>(hi: W, lo: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let hc = hi.max(c(-746.0)).min(c(710.0));
        // Out of range (or `lo` not finite, from a split of a huge `y`): `lo` cannot matter.
        let lo = W::select(hc.eq(hi), lo, c(0.0));
        let lo = W::select(lo.abs().lt(c(1.0)), lo, c(0.0));
        let k = hc.mul(c(core::f64::consts::LOG2_E)).round_even();
        let r = k.mul_add(c(-LN2_HI), hc);
        let r = k.mul_add(c(-LN2_LO), r).add(lo);
        // e^r with r already reduced: the series alone.
        let er = exp_reduced(r);
        // er * 2^k, rounding once even for subnormal results.
        let k1 = k.mul(c(0.5)).floor();
        er.mul(pow2i(k1)).mul(pow2i(k.sub(k1)))
    }
}

/// `2^k` for integral `k` in `-1022..=1023`.
#[inline(always)]
unsafe fn pow2i<W: F64>(k: W) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe { k.add(c(4_503_599_627_370_496.0 + 1023.0)).shl::<52>() }
}

/// `|x|^y` for positive finite `|x|` and finite `y` (other lanes give garbage).
#[inline(always)]
unsafe fn magnitude<W: F64>(a: W, y: W, precise: bool) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        if precise {
            let (lh, ll) = ln_dd(a);
            let (zh, zl) = two_prod(y, lh);
            exp_dd(zh, zl.add(y.mul(ll)))
        } else {
            // For f32 results: `|y ln x|` matters only up to about 104 (beyond, the result
            // rounds to 0 or infinity), so the short series (relative error near 2^-34) keeps
            // the error of `y ln x` near 2^-27, an eighth of an f32 ulp.
            let (e, lnm) = ln_parts(a, &LN_SERIES[..5]);
            exp_for_f32(y.mul(e.mul_add(c(LN2_HI), e.mul_add(c(LN2_LO), lnm))))
        }
    }
}

/// `x^y`: `magnitude`, then (only for vectors with a lane that needs them) the special cases
/// and the sign.
#[inline(always)]
unsafe fn pow_with<W: F64>(x: W, y: W, precise: bool) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let zero = c::<W>(0.0);
        let one = c::<W>(1.0);
        let inf = c::<W>(f64::INFINITY);
        let a = x.abs();
        let m = magnitude(a, y, precise);
        // Positive finite x and finite y everywhere (NaN fails every compare): `m` is the
        // answer, `x^0 = 1^y = 1` included, and none of the selects below would change it.
        let ordinary = W::mask_and(W::mask_and(zero.lt(x), x.lt(inf)), y.abs().lt(inf));
        if W::mask_bits(ordinary) == (1u64 << W::LANES) - 1 {
            return m;
        }
        let y_neg = y.lt(zero);
        // |x| = 0 or inf.
        let m = W::select(a.eq(zero), W::select(y_neg, inf, zero), m);
        let m = W::select(a.eq(inf), W::select(y_neg, zero, inf), m);
        // y = ±inf: which side of 1 |x| is on.
        let up = W::select(one.lt(a), inf, W::select(a.lt(one), zero, one));
        let down = W::select(a.lt(one), inf, W::select(one.lt(a), zero, one));
        let m = W::select(y.eq(inf), up, m);
        let m = W::select(y.eq(inf.neg()), down, m);
        // The sign: odd integer powers of negative x (-0 and -inf included) are negative.
        // y is an odd integer exactly when y/2 is a half away from an integer.
        let half = y.mul(c(0.5));
        let y_odd = half.sub(half.trunc()).abs().eq(c(0.5));
        let x_signed = one.or(x.and(c(-0.0))).lt(zero);
        let m = W::select(W::mask_and(y_odd, x_signed), m.neg(), m);
        // A negative finite x to a finite non-integer power has no real value.
        let y_fraction = zero.lt(y.sub(y.trunc()).abs());
        let bad = W::mask_and(W::mask_and(x.lt(zero), a.lt(inf)), y_fraction);
        let m = W::select(bad, c(f64::NAN), m);
        let m = W::select(W::mask_or(x.is_nan(), y.is_nan()), x.add(y), m);
        W::select(W::mask_or(y.eq(zero), x.eq(one)), one, m)
    }
}

/// `x^y`.
#[inline(always)]
pub(crate) unsafe fn pow<W: F64>(x: W, y: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { pow_with(x, y, true) }
}

/// `x^y` to about `2^-27` (relative), for results rounded to `f32`.
#[inline(always)]
pub(crate) unsafe fn pow_for_f32<W: F64>(x: W, y: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { pow_with(x, y, false) }
}
