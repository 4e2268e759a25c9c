//! Quotient-only division that reads only the divisor limbs the quotient depends on.
//!
//! A quotient of `qn` limbs is decided by the top `qn + 1` or so limbs of the divisor; the
//! limbs below shift it by a few units at most. So instead of `qn` full rows of `n` limbs,
//! the approximate quotient `Q''` of `B·A / D` (one extra low "guard" limb) is computed with
//! a divisor that shrinks as the quotient moves down: the chunk that produces quotient limbs
//! `s_min..=s_max` (guard limb at 0) divides by the top `s_max + 1` limbs of `D` only.
//!
//! ```text
//! W     = top limbs of A, window bottom fixed at A limb n - 1 - c   (c = chunk size)
//! chunk 1: W            = Q1 · D[t1] + R1      t1 = qn + 1 limbs of the divisor
//! chunk j: R(j-1)       = Qj · D[tj] + Rj      tj = t(j-1) - c(j), the remainder is the window
//! ```
//!
//! Every chunk is an exact division by the truncated divisor through the existing kernel
//! ([`super::bz::div_qr`], so schoolbook or recursive by size); the windows all share one
//! bottom limb, and the next window is the previous remainder, so nothing is copied. The
//! dropped divisor limbs make `Q''` exceed `B·A / D` by less than two units per chunk, and
//! the truncated remainder makes it lower by less than one: with `k` chunks,
//! `B·A/D - 2 < Q'' < B·A/D + 2k + 5`. Unless the guard limb is within [`MARGIN`] of a
//! limb boundary, dropping it gives the exact quotient; otherwise [`fix`] decides between
//! two neighbours with one multiplication (exact divisions, which land on a boundary, pay
//! that product; random operands essentially never do).
//!
//! GMP's `mpn_div_q` and `sbpi1_divappr_q` use the same observation with a divisor that
//! shrinks one limb per quotient limb; here it shrinks per chunk so each chunk runs in the
//! fused schoolbook kernel.

use super::super::mul::mul;
use super::super::{add_1_assign, cmp, sub_1_assign};
use super::bz;

/// Distance from a limb boundary at which the guard limb no longer proves the quotient: far
/// above the error bound (`2k + 5` units with `k <= qn + 1` chunks), so only operands whose
/// quotient sits within `2^-32` of an integer take the multiplication in [`fix`].
pub(crate) const MARGIN: u64 = 1 << 32;

/// Largest chunk (quotient limbs per kernel call); the guard chunk's quotient is kept on the
/// stack.
const MAX_CHUNK: usize = 64;

/// The chunk size for `p` quotient positions (guard included): small chunks waste fewer
/// divisor limbs, large ones make fewer kernel calls.
#[inline]
pub(crate) fn chunk_size(p: usize, chunk: usize) -> usize {
    chunk.max(p / 8).clamp(2, MAX_CHUNK).min(p)
}

/// Approximate quotient of the normalised `a` (`qn + d.len()` limbs, `qn = q.len() >= 1`,
/// `qn + 2 <= d.len()`) by the normalised `d`, with `v = reciprocal_3by2(d1, d0)`.
///
/// Writes `floor(Q'' / B)` to `q` (low `qn` limbs) and returns its top part (0, 1 or, in
/// theory, 2) with the guard limb `Q'' mod B`. `a` is clobbered above limb `d.len() - 1 - c`.
/// `chunk` is the smallest chunk size, `cut` the Burnikel–Ziegler cut-over of the chunks.
pub(crate) fn divappr_q(
    q: &mut [u64],
    a: &mut [u64],
    d: &[u64],
    v: u64,
    chunk: usize,
    cut: usize,
) -> (u64, u64) {
    let n = d.len();
    let qn = q.len();
    assert!(qn >= 1 && qn + 2 <= n && a.len() == qn + n && d[n - 1] >> 63 == 1);
    // Quotient positions 0 (the guard) to qn; position s is q[s - 1].
    let positions = qn + 1;
    let c = chunk_size(positions, chunk);
    // The window's bottom limb in `a`; `c <= qn + 1 <= n - 1`.
    let w0 = n - 1 - c;
    let mut t = qn + 1;
    let mut s_max = qn;
    let mut top = 0u64;
    let mut guard = [0u64; MAX_CHUNK];
    let mut first = true;
    loop {
        // This chunk's quotient limbs: s_max down to s_min, by the top `t` divisor limbs
        // (`t >= s_max + 1`), over the window a[w0 .. w0 + t + cj].
        let cj = c.min(s_max + 1);
        let s_min = s_max + 1 - cj;
        let dt = &d[n - t..];
        let window = &mut a[w0..w0 + t + cj];
        let carry = if s_min >= 1 {
            bz::div_qr(&mut q[s_min - 1..s_max], window, dt, v, cut)
        } else {
            let carry = bz::div_qr(&mut guard[..cj], window, dt, v, cut);
            q[..cj - 1].copy_from_slice(&guard[1..cj]);
            carry
        };
        // The chunk's top quotient bit lands at position s_max + 1, i.e. q[s_max].
        if first {
            top = carry;
            first = false;
        } else if carry != 0 {
            top += add_1_assign(&mut q[s_max..], carry);
        }
        if s_min == 0 {
            return (top, guard[0]);
        }
        // The remainder (the low `t` limbs of the window) is the next window: the divisor
        // drops the next chunk's size.
        let next = c.min(s_min);
        t -= next;
        s_max = s_min - 1;
        debug_assert!(t > s_max && t >= 2);
    }
}

/// Turns the approximate quotient of [`divappr_q`] (`q` with `top` above it, and the guard
/// limb) into `a / b`: exact unless the guard is within [`MARGIN`] of a boundary, when the
/// candidate is checked by multiplying back against the original (unnormalised) `a` and `b`.
/// Returns the top quotient limb.
pub(crate) fn fix(q: &mut [u64], top: u64, guard: u64, a: &[u64], b: &[u64]) -> u64 {
    if (MARGIN..=u64::MAX - MARGIN).contains(&guard) {
        return top;
    }
    // The quotient is the candidate or the one below it: the candidate is the truncated
    // approximation when the guard is just above a boundary, one more when just below.
    let mut c = alloc::vec![0u64; q.len() + 1];
    c[..q.len()].copy_from_slice(q);
    c[q.len()] = top;
    if guard > u64::MAX / 2 {
        add_1_assign(&mut c, 1);
    }
    let mut p = alloc::vec![0u64; c.len() + b.len()];
    if c.len() >= b.len() {
        mul(&mut p, &c, b);
    } else {
        mul(&mut p, b, &c);
    }
    if cmp(&p, a) == core::cmp::Ordering::Greater {
        sub_1_assign(&mut c, 1);
    }
    q.copy_from_slice(&c[..q.len()]);
    c[q.len()]
}
