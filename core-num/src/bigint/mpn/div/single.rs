//! Division by one limb: quotient and remainder with a precomputed reciprocal, remainder
//! only, and exact division by a 2-adic inverse.
//!
//! The divisor is normalised once (`dn = d << s`, top bit set) and the dividend is read as
//! `a << s`, shifted on the fly limb by limb, so each step is one `div_2by1` (two
//! multiplications) on the running remainder and nothing is copied. The remainder comes out
//! multiplied by `2^s` and is shifted back at the end.
//!
//! One remainder chain is latency bound (each step waits for the previous remainder). For
//! the remainder alone, from [`REM_CHAINS_MIN`] limbs, the dividend is cut into four
//! segments whose remainders are computed by four interleaved chains and joined with
//! `P = B^seg mod dn`:
//!
//! ```text
//! r3, r2, r1, r0 = segment remainders (r3 includes the top, longest segment)
//! e1 = (r3 * P + r2) mod dn,  e0 = (e1 * P + r1) mod dn,  rem = (e0 * P + r0) mod dn
//! ```
//!
//! (The quotient could take a second interleaved pass starting from `r3`, `e1`, `e0`; the
//! two passes measured no faster than the single chain, so division keeps one chain.)

use super::reciprocal::{div_2by1, div_2by1_flat, Divisor1};

/// Shortest dividend (limbs) whose remainder is taken by four interleaved chains (the
/// joining steps cost about ten single steps).
const REM_CHAINS_MIN: usize = 48;

/// Limb of `a << s` made of `hi` and the limb `lo` below it (`0 <= s < 64`).
#[inline(always)]
fn shifted(hi: u64, lo: u64, s: u32) -> u64 {
    // `(lo >> 1) >> (63 - s)` is `lo >> (64 - s)` without a shift by 64 when s == 0.
    (hi << s) | ((lo >> 1) >> (63 - s))
}

/// The limb of `a << s` above `a` (below `2^s`, so below `dn`); `a` is non-empty.
#[inline(always)]
fn shifted_top(a: &[u64], s: u32) -> u64 {
    (a[a.len() - 1] >> 1) >> (63 - s)
}

/// `(x * y + z) mod dn` for `x, y, z < dn`.
#[inline(always)]
fn mul_add_mod(x: u64, y: u64, z: u64, dv: Divisor1) -> u64 {
    let t = x as u128 * y as u128 + z as u128;
    div_2by1((t >> 64) as u64, t as u64, dv.d, dv.v).1
}

/// `B^k mod dn` by square and multiply.
fn pow_b_mod(k: usize, dv: Divisor1) -> u64 {
    let b_mod = dv.d.wrapping_neg(); // B - dn, as dn >= B / 2
    let mut acc = 1u64;
    for bit in (0..usize::BITS - k.leading_zeros()).rev() {
        acc = mul_add_mod(acc, acc, 0, dv);
        if (k >> bit) & 1 == 1 {
            acc = mul_add_mod(acc, b_mod, 0, dv);
        }
    }
    acc
}

/// Runs the remainder of `a << s` through the limbs of `a` from the top down, starting from
/// `r` (one chain); `below` is the limb under `a[0]` (0 at the bottom of the dividend).
#[inline(always)]
pub(super) fn rem_chain(mut r: u64, a: &[u64], below: u64, dv: Divisor1) -> u64 {
    let s = dv.shift;
    for i in (1..a.len()).rev() {
        r = div_2by1(r, shifted(a[i], a[i - 1], s), dv.d, dv.v).1;
    }
    div_2by1(r, shifted(a[0], below, s), dv.d, dv.v).1
}

/// [`rem_chain`] that also stores the quotient limbs in `q` (`q.len() == a.len()`).
#[inline(always)]
pub(super) fn div_chain(q: &mut [u64], mut r: u64, a: &[u64], below: u64, dv: Divisor1) -> u64 {
    let s = dv.shift;
    for i in (1..a.len()).rev() {
        let (qi, ri) = div_2by1(r, shifted(a[i], a[i - 1], s), dv.d, dv.v);
        q[i] = qi;
        r = ri;
    }
    let (q0, r0) = div_2by1(r, shifted(a[0], below, s), dv.d, dv.v);
    q[0] = q0;
    r0
}

/// The remainder of `a << s` by four interleaved chains over four segments of `seg` limbs
/// (the top one takes the rest), `seg = a.len() / 4 >= 1`.
fn rem_four_chains(a: &[u64], seg: usize, dv: Divisor1) -> u64 {
    let (d, v, s) = (dv.d, dv.v, dv.shift);
    let (s0, rest) = a.split_at(seg);
    let (s1, rest) = rest.split_at(seg);
    let (s2, s3) = rest.split_at(seg);
    // The top segment's extra limbs first, so the four loops run in step.
    let extra = s3.len() - seg;
    let mut r3 = shifted_top(a, s);
    if extra > 0 {
        r3 = rem_chain(r3, &s3[seg..], s3[seg - 1], dv);
    }
    let s3 = &s3[..seg];
    let (mut r0, mut r1, mut r2) = (0u64, 0u64, 0u64);
    for k in (1..seg).rev() {
        r0 = div_2by1_flat(r0, shifted(s0[k], s0[k - 1], s), d, v).1;
        r1 = div_2by1_flat(r1, shifted(s1[k], s1[k - 1], s), d, v).1;
        r2 = div_2by1_flat(r2, shifted(s2[k], s2[k - 1], s), d, v).1;
        r3 = div_2by1_flat(r3, shifted(s3[k], s3[k - 1], s), d, v).1;
    }
    r0 = div_2by1_flat(r0, shifted(s0[0], 0, s), d, v).1;
    r1 = div_2by1_flat(r1, shifted(s1[0], s0[seg - 1], s), d, v).1;
    r2 = div_2by1_flat(r2, shifted(s2[0], s1[seg - 1], s), d, v).1;
    r3 = div_2by1_flat(r3, shifted(s3[0], s2[seg - 1], s), d, v).1;
    let p = pow_b_mod(seg, dv);
    let e1 = mul_add_mod(r3, p, r2, dv);
    let e0 = mul_add_mod(e1, p, r1, dv);
    mul_add_mod(e0, p, r0, dv)
}

/// `q = a / d`, returns `a % d`, where `q.len() == a.len()` and `d != 0`.
pub(crate) fn div_rem_1(q: &mut [u64], a: &[u64], d: u64) -> u64 {
    debug_assert!(q.len() == a.len() && d != 0);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    if d.is_power_of_two() {
        let k = d.trailing_zeros();
        if k == 0 {
            q.copy_from_slice(a);
        } else {
            super::super::shr(q, a, k);
        }
        return a[0] & (d - 1);
    }
    if n == 1 {
        // One hardware division beats computing the reciprocal.
        q[0] = a[0] / d;
        return a[0] % d;
    }
    let dv = Divisor1::new(d);
    div_chain(q, shifted_top(a, dv.shift), a, 0, dv) >> dv.shift
}

/// `a % d` for one limb `d != 0`.
pub(crate) fn rem_1(a: &[u64], d: u64) -> u64 {
    debug_assert!(d != 0);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    if d.is_power_of_two() {
        return a[0] & (d - 1);
    }
    if n == 1 {
        return a[0] % d;
    }
    let dv = Divisor1::new(d);
    if n < REM_CHAINS_MIN {
        return rem_chain(shifted_top(a, dv.shift), a, 0, dv) >> dv.shift;
    }
    rem_four_chains(a, n / 4, dv) >> dv.shift
}

/// The inverse of an odd `d` modulo `2^64`.
#[inline]
pub(crate) fn inv_2adic(d: u64) -> u64 {
    debug_assert!(d & 1 == 1);
    // (3d) xor 2 is right to 5 bits; each Newton step x(2 - dx) doubles that.
    let mut x = d.wrapping_mul(3) ^ 2;
    for _ in 0..4 {
        x = x.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(x)));
    }
    x
}

/// `q = a / d` where `d != 0` divides `a` exactly and `q.len() == a.len()`: the odd part of
/// `d` is removed by a 2-adic inverse, low limb first, the power of two by a shift.
pub(crate) fn divexact_1(q: &mut [u64], a: &[u64], d: u64) {
    debug_assert!(q.len() == a.len() && d != 0);
    let n = a.len();
    if n == 0 {
        return;
    }
    let s = d.trailing_zeros();
    let d = d >> s;
    if d == 1 {
        if s == 0 {
            q.copy_from_slice(a);
        } else {
            super::super::shr(q, a, s);
        }
        return;
    }
    let inv = inv_2adic(d);
    let mut borrow = 0u64;
    for i in 0..n {
        let above = if i + 1 < n { a[i + 1] } else { 0 };
        // Limb i of a >> s; `(x << 1) << (63 - s)` avoids a shift by 64 when s == 0.
        let limb = (a[i] >> s) | ((above << 1) << (63 - s));
        // (limb - borrow) = qi * d mod B; the high half of qi * d is the next borrow.
        let (x, c) = limb.overflowing_sub(borrow);
        let qi = x.wrapping_mul(inv);
        q[i] = qi;
        borrow = ((qi as u128 * d as u128) >> 64) as u64 + c as u64;
    }
    debug_assert_eq!(borrow, 0, "divexact_1: d does not divide a");
}
