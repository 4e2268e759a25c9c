//! `sin`, `cos` and `tan` on `f64` lanes.
//!
//! The argument `a = |x|` is reduced to `a = k pi/2 + r`, `|r| <= pi/4` (a little more where
//! `k` rounds the other way), and the quadrant `k mod 4` picks `±sin r` or `±cos r`.
//!
//! - Up to `2^22`, Cody–Waite in vector lanes: `pi/2` in four parts, the first three with 30
//!   significant bits so that `k` times each is exact for every `k < 2^23`, the four together
//!   about 140 bits of `pi/2`. Each subtraction is either exact (when it cancels, by
//!   Sterbenz's lemma) or rounds relative to a result of the size of the final `r`, so `r` is
//!   within about an ulp even next to a multiple of `pi/2`.
//! - Above `2^22` (rare: a vector with such a lane takes a per-lane detour), Payne–Hanek:
//!   `a * 2/pi mod 4` from a 192-bit window of the bits of `2/pi` (`TWO_OVER_PI`), in integer
//!   arithmetic, so the reduction is exact to far more bits than the closest approach of a
//!   double to a multiple of `pi/2` (about `2^-61` relative) needs.
//!
//! `sin r` and `cos r` are Taylor series (to `r^17` and `r^18`; the next terms are below
//! `2^-62` relative on `|r| <= pi/4`), `cos r` summed as `(1 - r^2/2)` plus the rounding error
//! of that subtraction plus the rest, so nothing cancels. The `f32` forms stop at `r^11` and
//! `r^12` (below `2^-36`): their result is rounded to `f32` once. `tan` is the quotient of the
//! two. The constants come from `scripts/tensor_coefficients.py`.

use super::math::F64;

#[inline(always)]
unsafe fn c<W: F64>(x: f64) -> W {
    // SAFETY: the CPU runs W's ISA (every caller's contract).
    unsafe { W::splat(x) }
}

/// `pi/2`: three parts of 30 significant bits and a 53-bit rest.
const PIO2_1: f64 = 1.5707963276654482;
const PIO2_2: f64 = -8.705515692000731e-10;
const PIO2_3: f64 = -3.503434396954818e-19;
const PIO2_4: f64 = -1.1351118607522202e-28;

/// Up to here the vector reduction holds (`k <= 2^22 * 2/pi + 1 < 2^23`).
const CODY_WAITE_LIMIT: f64 = 4_194_304.0;

/// The bits of `2/pi` after the binary point, most significant first, behind one word of
/// zeros: bit `63 + i` of the sequence (counting from the top of word 0) has weight `2^-i`.
/// Twenty words of fraction reach the windows of exponents up to `2^1024`.
const TWO_OVER_PI: [u64; 21] = [
    0x0000000000000000,
    0xa2f9836e4e441529,
    0xfc2757d1f534ddc0,
    0xdb6295993c439041,
    0xfe5163abdebbc561,
    0xb7246e3a424dd2e0,
    0x06492eea09d1921c,
    0xfe1deb1cb129a73e,
    0xe88235f52ebb4484,
    0xe99c7026b45f7e41,
    0x3991d639835339f4,
    0x9c845f8bbdf9283b,
    0x1ff897ffde05980f,
    0xef2f118b5a0a6d1f,
    0x6d367ecf27cb09b7,
    0x4f463f669e5fea2d,
    0x7527bac7ebe5f17b,
    0x3d0739f78a5292ea,
    0x6bfb5fb11f8d5d08,
    0x56033046fc7b6bab,
    0xf0cfbc209af4361d,
];

/// `(q, r)` with `a = (4n + q) pi/2 + r`, `q` in `0..4`, `|r| <= pi/4`, for finite
/// `a >= 2^22` (Payne–Hanek, scalar).
pub(crate) fn reduce_large(a: f64) -> (f64, f64) {
    let bits = a.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    // a = m 2^e with m a 53-bit integer (a is normal here).
    let m = (bits & ((1 << 52) - 1)) | (1 << 52);
    let e = biased - 1075;
    // The bits of 2/pi from weight 2^-(e - 1) on: the earlier ones make m 2^e (2/pi)'s part
    // a multiple of 4. In the 192-bit window `w` the top bit weighs 2^(1 - e) ... so
    // a 2/pi = m w 2^-190 (mod 4), truncated below 2^-190 m 2^-2, about 2^-139.
    let start = (62 + e) as usize;
    let (word, shift) = (start / 64, (start % 64) as u32);
    let at = |i: usize| -> u64 {
        let hi = TWO_OVER_PI[word + i] << shift;
        if shift == 0 {
            hi
        } else {
            hi | (TWO_OVER_PI[word + i + 1] >> (64 - shift))
        }
    };
    let (w0, w1, w2) = (at(0), at(1), at(2));
    let m = m as u128;
    // m w mod 2^192 in three 64-bit limbs (l2 the top one).
    // (The lowest limb, m w2's low half, lies below the 126 fraction bits kept.)
    let p2 = m * w2 as u128;
    let p1 = m * w1 as u128;
    let (l1, carry) = ((p2 >> 64) as u64).overflowing_add(p1 as u64);
    let l2 =
        ((p1 >> 64) as u64).wrapping_add((m as u64).wrapping_mul(w0)).wrapping_add(carry as u64);
    // The top two bits are the quadrant, the next 126 the fraction (as a signed fraction in
    // [-1/2, 1/2) of a quadrant, which moves the quadrant up by one where it is negative).
    let q = (l2 >> 62) as u32;
    let frac = (((l2 as u128) << 64 | l1 as u128) << 2) as i128;
    let q = if frac < 0 { (q + 1) & 3 } else { q };
    // frac 2^-128 pi/2 as the nearest double: frac in two doubles (exact), times pi/2 in two.
    let hi = frac as f64;
    let lo = (frac - hi as i128) as f64;
    let scale = 1.0 / 340_282_366_920_938_463_463_374_607_431_768_211_456.0; // 2^-128
    let (fh, fl) = (hi * scale, lo * scale);
    let (ph, pe) = two_prod(fh, core::f64::consts::FRAC_PI_2);
    let r = ph + (pe + (fl * core::f64::consts::FRAC_PI_2 + fh * 6.123233995736766e-17));
    (q as f64, r)
}

/// `a * b` as `hi + lo` exactly (Veltkamp splitting; no FMA needed).
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    fn split(v: f64) -> (f64, f64) {
        let t = v * 134_217_729.0;
        let hi = t - (t - v);
        (hi, v - hi)
    }
    let p = a * b;
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// `(q, r)` for `a = |x|` (non-finite lanes give garbage, which the callers replace).
#[inline(always)]
unsafe fn reduce<W: F64>(a: W) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let k = a.mul(c(core::f64::consts::FRAC_2_PI)).round_even();
        let r = k.mul_add(c(-PIO2_1), a);
        let r = k.mul_add(c(-PIO2_2), r);
        let r = k.mul_add(c(-PIO2_3), r);
        let r = k.mul_add(c(-PIO2_4), r);
        let q = k.sub(k.mul(c(0.25)).floor().mul(c(4.0)));
        let large = W::mask_and(c::<W>(CODY_WAITE_LIMIT).lt(a), a.lt(c(f64::INFINITY)));
        if !W::mask_any(large) {
            return (q, r);
        }
        detour(a, q, r, W::mask_bits(large))
    }
}

/// The lanes of `bits` reduced by [`reduce_large`] instead.
#[cold]
#[inline(never)]
unsafe fn detour<W: F64>(a: W, q: W, r: W, bits: u64) -> (W, W) {
    let mut buf = [[0.0f64; 8]; 3];
    // SAFETY: W has at most eight f64 lanes; the CPU runs W's ISA.
    unsafe {
        a.store(buf[0].as_mut_ptr());
        q.store(buf[1].as_mut_ptr());
        r.store(buf[2].as_mut_ptr());
        let [lanes, qs, rs] = &mut buf;
        for (i, ((&a, q), r)) in lanes.iter().zip(qs.iter_mut()).zip(rs.iter_mut()).enumerate() {
            if i < W::LANES && bits >> i & 1 != 0 {
                (*q, *r) = reduce_large(a);
            }
        }
        (W::load(buf[1].as_ptr()), W::load(buf[2].as_ptr()))
    }
}

/// `(-1)^k / (2k + 1)!` for `k = 1..=8`: `(sin r - r) / r^3` as a series in `r^2`.
const SIN_T: [f64; 8] = {
    let mut t = [0.0; 8];
    let mut f = 1.0f64;
    let mut k = 1;
    while k <= 8 {
        f *= ((2 * k) * (2 * k + 1)) as f64;
        t[k - 1] = if k % 2 == 1 { -1.0 / f } else { 1.0 / f };
        k += 1;
    }
    t
};

/// `(-1)^k / (2k)!` for `k = 2..=9`: `(cos r - 1 + r^2/2) / r^4` as a series in `r^2`.
const COS_T: [f64; 8] = {
    let mut t = [0.0; 8];
    let mut f = 2.0f64;
    let mut k = 2;
    while k <= 9 {
        f *= ((2 * k - 1) * (2 * k)) as f64;
        t[k - 2] = if k % 2 == 1 { -1.0 / f } else { 1.0 / f };
        k += 1;
    }
    t
};

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

/// `(sin r, cos r)` for `|r| <= pi/4` (and a little more), with `n` terms of each series.
#[inline(always)]
unsafe fn sin_cos_small<W: F64>(r: W, n: usize) -> (W, W) {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let z = r.mul(r);
        let s = r.mul(z).mul_add(poly(z, &SIN_T[..n]), r);
        let h = z.mul(c(0.5));
        let w = c::<W>(1.0).sub(h);
        let tail = z.mul(z).mul_add(poly(z, &COS_T[..n]), c::<W>(1.0).sub(w).sub(h));
        (s, w.add(tail))
    }
}

/// Which function.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Trig {
    Sin,
    Cos,
    Tan,
}

#[inline(always)]
unsafe fn trig<W: F64>(x: W, f: Trig, terms: usize) -> W {
    // SAFETY: the CPU runs W's ISA.
    unsafe {
        let a = x.abs();
        let (q, r) = reduce(a);
        let (s, co) = sin_cos_small(r, terms);
        let odd = W::mask_or(q.eq(c(1.0)), q.eq(c(3.0)));
        let sign = c::<W>(-0.0);
        let v = match f {
            Trig::Sin => {
                // sin(a) = ±sin r or ±cos r; the sign of x applies on top (sin is odd).
                let v = W::select(odd, co, s);
                let v = W::select(c::<W>(2.0).le(q), v.neg(), v);
                v.xor(x.and(sign))
            }
            Trig::Cos => {
                let v = W::select(odd, s, co);
                let neg = W::mask_or(q.eq(c(1.0)), q.eq(c(2.0)));
                W::select(neg, v.neg(), v)
            }
            Trig::Tan => {
                let v = W::select(odd, co.neg().div(s), s.div(co));
                v.xor(x.and(sign))
            }
        };
        // ±inf gives NaN (inf - inf), NaN stays NaN.
        let finite = a.lt(c(f64::INFINITY));
        W::select(finite, v, x.sub(x))
    }
}

/// `sin x`.
#[inline(always)]
pub(crate) unsafe fn sin<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Sin, 8) }
}

/// `cos x`.
#[inline(always)]
pub(crate) unsafe fn cos<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Cos, 8) }
}

/// `tan x`.
#[inline(always)]
pub(crate) unsafe fn tan<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Tan, 8) }
}

/// `sin x` to about `2^-36`, for results rounded to `f32`.
#[inline(always)]
pub(crate) unsafe fn sin_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Sin, 5) }
}

/// `cos x` to about `2^-36`, for results rounded to `f32`.
#[inline(always)]
pub(crate) unsafe fn cos_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Cos, 5) }
}

/// `tan x` to about `2^-35`, for results rounded to `f32`.
#[inline(always)]
pub(crate) unsafe fn tan_for_f32<W: F64>(x: W) -> W {
    // SAFETY: the caller's contract.
    unsafe { trig(x, Trig::Tan, 5) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The large-argument reduction against the vector one where both apply.
    #[test]
    fn payne_hanek_agrees() {
        let mut x = 4_194_304.0f64;
        while x < 1e7 {
            let (q, r) = reduce_large(x);
            let k = (x * core::f64::consts::FRAC_2_PI).round();
            let r2 = (((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3) - k * PIO2_4;
            assert_eq!(q, k % 4.0, "{x}");
            assert!((r - r2).abs() <= 2.0 * f64::EPSILON * r2.abs(), "{x}: {r} {r2}");
            x += 1234.567;
        }
    }
}
