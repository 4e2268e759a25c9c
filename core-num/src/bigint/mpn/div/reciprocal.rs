//! Reciprocals of normalised divisors and the 2/1 and 3/2 limb divisions built on them.
//!
//! From Möller & Granlund, "Improved division by invariant integers" (IEEE Trans. Computers,
//! 2011). For a normalised `d` (top bit set) the reciprocal is `v = floor((B^2 - 1) / d) - B`
//! (`B = 2^64`); dividing a two-limb number by `d` then costs two multiplications and a few
//! adds, with one rarely taken correction, instead of a hardware or library division.
//!
//! ```text
//! div_2by1(u1 u0):             q = v*u1 + (u1+1)*B + u0   (two limbs, q1 the estimate)
//!                              r = u0 - q1*d  (mod B)
//!                              if r > q0: q1 -= 1, r += d
//!                              if r >= d: q1 += 1, r -= d  (rare)
//! ```
//!
//! The 3/2 version divides three limbs by a two-limb normalised divisor with the reciprocal
//! `floor((B^3 - 1) / (d1*B + d0)) - B`; it is the quotient estimate of the schoolbook
//! division, which is then off by at most one for the full divisor.

use super::super::mul_wide;

/// `floor((B^2 - 1) / d) - B` for `d >= 2^63`, by Newton steps in integer arithmetic
/// (Möller–Granlund Algorithm 3, with the 8-bit table entry computed by a 32-bit division).
#[inline]
pub(crate) fn reciprocal_word(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    let d0 = d & 1;
    let d9 = d >> 55; // 256..=511
    let d40 = (d >> 24) + 1;
    let d63 = (d >> 1) + d0; // ceil(d / 2)
                             // About 11 correct bits.
    let v0 = ((1u32 << 19) - (3 << 8)) / (d9 as u32);
    let v0 = v0 as u64;
    // About 21 bits.
    let v1 = (v0 << 11).wrapping_sub((v0 * v0).wrapping_mul(d40) >> 40).wrapping_sub(1);
    // About 34 bits.
    let v2 = (v1 << 13)
        .wrapping_add(v1.wrapping_mul((1u64 << 60).wrapping_sub(v1.wrapping_mul(d40))) >> 47);
    // About 65 bits before the final adjustment.
    let e = ((v2 >> 1) & d0.wrapping_neg()).wrapping_sub(v2.wrapping_mul(d63));
    let v3 = (v2 << 31).wrapping_add(mul_wide(v2, e).0 >> 1);
    let (hi, lo) = mul_wide(v3, d);
    let hi = hi.wrapping_add(lo.overflowing_add(d).1 as u64);
    v3.wrapping_sub(hi.wrapping_add(d))
}

/// `floor((B^3 - 1) / (d1*B + d0)) - B` for a normalised two-limb divisor (`d1 >= 2^63`)
/// (Möller–Granlund Algorithm 6).
#[inline]
pub(crate) fn reciprocal_3by2(d1: u64, d0: u64) -> u64 {
    debug_assert!(d1 >> 63 == 1);
    let mut v = reciprocal_word(d1);
    let mut p = d1.wrapping_mul(v).wrapping_add(d0);
    if p < d0 {
        v = v.wrapping_sub(1);
        if p >= d1 {
            v = v.wrapping_sub(1);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let (t1, t0) = mul_wide(v, d0);
    let (p, carry) = p.overflowing_add(t1);
    if carry {
        v = v.wrapping_sub(1);
        if p > d1 || (p == d1 && t0 >= d0) {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// Divides `u1*B + u0` by the normalised `d` with `u1 < d`; returns `(quotient, remainder)`.
#[inline(always)]
pub(crate) fn div_2by1(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(d >> 63 == 1 && u1 < d);
    let p = v as u128 * u1 as u128 + (((u1 as u128) << 64) | u0 as u128);
    let (q0, q1) = (p as u64, ((p >> 64) as u64).wrapping_add(1));
    let r = u0.wrapping_sub(q1.wrapping_mul(d));
    // Branch-free: this adjustment is taken about half the time.
    let mask = ((r > q0) as u64).wrapping_neg();
    let q1 = q1.wrapping_add(mask);
    let r = r.wrapping_add(d & mask);
    if r >= d {
        // Rare: a branch keeps this compare off the remainder's dependency chain.
        return adjust_2by1(q1, r, d);
    }
    (q1, r)
}

/// [`div_2by1`] with both corrections branch-free: for several interleaved chains, where
/// throughput rather than one chain's latency is the limit.
#[inline(always)]
pub(crate) fn div_2by1_flat(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(d >> 63 == 1 && u1 < d);
    let p = v as u128 * u1 as u128 + (((u1 as u128) << 64) | u0 as u128);
    let (q0, q1) = (p as u64, ((p >> 64) as u64).wrapping_add(1));
    let r = u0.wrapping_sub(q1.wrapping_mul(d));
    let mask = ((r > q0) as u64).wrapping_neg();
    let q1 = q1.wrapping_add(mask);
    let r = r.wrapping_add(d & mask);
    let mask = ((r >= d) as u64).wrapping_neg();
    (q1.wrapping_sub(mask), r.wrapping_sub(d & mask))
}

/// The rare final correction of [`div_2by1`], out of line so it stays a branch.
#[cold]
#[inline(never)]
fn adjust_2by1(q1: u64, r: u64, d: u64) -> (u64, u64) {
    (q1.wrapping_add(1), r - d)
}

/// Divides `u2*B^2 + u1*B + u0` by the normalised `d1*B + d0` with `(u2, u1) < (d1, d0)`;
/// `v = reciprocal_3by2(d1, d0)`. Returns `(quotient, r1, r0)`.
///
/// Written for latency (it sits on the dependency chain of the schoolbook division): the
/// likely correction is branch-free, the rare one is an out-of-line branch.
#[inline(always)]
pub(crate) fn div_3by2(u2: u64, u1: u64, u0: u64, d1: u64, d0: u64, v: u64) -> (u64, u64, u64) {
    debug_assert!(d1 >> 63 == 1 && (u2 < d1 || (u2 == d1 && u1 < d0)));
    let p = v as u128 * u2 as u128 + (((u2 as u128) << 64) | u1 as u128);
    let (q0, q1) = (p as u64, (p >> 64) as u64);
    let d = ((d1 as u128) << 64) | d0 as u128;
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = d0 as u128 * q1 as u128;
    let r = ((((r1 as u128) << 64) | u0 as u128).wrapping_sub(t)).wrapping_sub(d);
    // The estimate is q1 + 1, one too large when the high remainder limb reaches q0 (about
    // half the time: branch-free).
    let mask = (((r >> 64) as u64 >= q0) as u64).wrapping_neg();
    let q = q1.wrapping_add(1).wrapping_add(mask);
    let r = r.wrapping_add(d & (((mask as u128) << 64) | mask as u128));
    if r >= d {
        return adjust_3by2(q, r, d);
    }
    (q, (r >> 64) as u64, r as u64)
}

/// The rare final correction of [`div_3by2`], out of line so it stays a branch.
#[cold]
#[inline(never)]
fn adjust_3by2(q: u64, r: u128, d: u128) -> (u64, u64, u64) {
    let r = r - d;
    (q.wrapping_add(1), (r >> 64) as u64, r as u64)
}

/// A normalised single-limb divisor with its reciprocal and the shift that normalised it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divisor1 {
    /// The divisor shifted left by `shift` (top bit set).
    pub(crate) d: u64,
    /// `reciprocal_word(d)`.
    pub(crate) v: u64,
    /// Leading zeros of the original divisor.
    pub(crate) shift: u32,
}

impl Divisor1 {
    /// Prepares `d != 0`.
    #[inline]
    pub(crate) fn new(d: u64) -> Self {
        debug_assert!(d != 0);
        let shift = d.leading_zeros();
        let d = d << shift;
        Divisor1 { d, v: reciprocal_word(d), shift }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn reference_word(d: u64) -> u64 {
        (u128::MAX / d as u128 - (1u128 << 64)) as u64
    }

    #[test]
    fn reciprocal_word_matches_division() {
        let mut edges = alloc::vec![1u64 << 63, u64::MAX, (1 << 63) + 1, u64::MAX - 1];
        for k in 0..63 {
            edges.push((1 << 63) | (1 << k));
            edges.push(u64::MAX ^ (1 << k));
            edges.push((1 << 63) | ((1 << k) - 1));
        }
        for top in 256u64..512 {
            edges.push(top << 55);
            edges.push((top << 55) | ((1 << 55) - 1));
        }
        for &d in &edges {
            assert_eq!(reciprocal_word(d), reference_word(d), "d = {d:#x}");
        }
        let mut s = 1;
        for _ in 0..200_000 {
            let d = splitmix(&mut s) | (1 << 63);
            assert_eq!(reciprocal_word(d), reference_word(d), "d = {d:#x}");
        }
    }

    #[test]
    fn reciprocal_3by2_matches_division() {
        // floor((B^3 - 1) / D) - B by binary search on q * D <= (B^3 - 1) - B*D.
        fn reference(d1: u64, d0: u64) -> u64 {
            // (B^3 - 1) - B*D = (B - 1 - d1)*B^2 + (B - 1 - d0)*B + (B - 1).
            let n_hi = ((!d1 as u128) << 64) | !d0 as u128; // top two limbs of N
            let (mut lo, mut hi) = (0u64, u64::MAX);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                // mid * D as three limbs compared with (n_hi, B - 1).
                let p_lo = mid as u128 * d0 as u128;
                let p_hi = mid as u128 * d1 as u128 + (p_lo >> 64);
                // The low limb of N is B - 1, so only the top two limbs decide.
                if p_hi <= n_hi {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        }
        let mut s = 7;
        let mut cases = alloc::vec![
            (1u64 << 63, 0u64),
            (u64::MAX, u64::MAX),
            (1 << 63, u64::MAX),
            (u64::MAX, 0),
        ];
        for _ in 0..20_000 {
            cases.push((splitmix(&mut s) | (1 << 63), splitmix(&mut s)));
            cases.push((u64::MAX - (splitmix(&mut s) & 0xff), splitmix(&mut s)));
            cases.push(((1 << 63) | (splitmix(&mut s) & 0xff), splitmix(&mut s) >> 60));
        }
        for &(d1, d0) in &cases {
            assert_eq!(reciprocal_3by2(d1, d0), reference(d1, d0), "d = {d1:#x} {d0:#x}");
        }
    }

    #[test]
    fn div_2by1_and_3by2_match_u128() {
        let mut s = 3;
        for i in 0..200_000 {
            let d = splitmix(&mut s) | (1 << 63);
            let v = reciprocal_word(d);
            let u1 = if i % 3 == 0 { d - 1 } else { splitmix(&mut s) % d };
            let u0 = if i % 5 == 0 { u64::MAX } else { splitmix(&mut s) };
            let n = ((u1 as u128) << 64) | u0 as u128;
            let (q, r) = div_2by1(u1, u0, d, v);
            assert_eq!((q as u128, r as u128), (n / d as u128, n % d as u128));
            assert_eq!(div_2by1_flat(u1, u0, d, v), (q, r));

            let (d1, d0) = (d, splitmix(&mut s));
            let v = reciprocal_3by2(d1, d0);
            let dd = ((d1 as u128) << 64) | d0 as u128;
            let top = if i % 4 == 0 {
                dd - 1
            } else {
                (splitmix(&mut s) as u128) << 64 | splitmix(&mut s) as u128
            };
            let top = top % dd;
            let u0 = splitmix(&mut s);
            let (q, r1, r0) = div_3by2((top >> 64) as u64, top as u64, u0, d1, d0, v);
            // Check q*D + r == N and r < D, with N = top*B + u0.
            let r = ((r1 as u128) << 64) | r0 as u128;
            assert!(r < dd);
            let p_lo = q as u128 * d0 as u128 + r0 as u128;
            let p_hi = q as u128 * d1 as u128 + (p_lo >> 64) + r1 as u128;
            assert_eq!(p_lo as u64, u0);
            assert_eq!(p_hi, top);
        }
    }
}
