//! Burnikel–Ziegler recursive division ("Fast recursive division", MPI-I-98-1-022, 1998), in
//! the in-place form of Brent & Zimmermann, "Modern Computer Arithmetic", Algorithm 1.8.
//!
//! ```text
//! div_2n_by_n(A, D):                          D = Dh*B^lo + Dl, hi + lo = n
//!     (Qh, A) = div_block(A[lo..], D, hi)       -- a 3n/2n step: top hi quotient limbs
//!     (Ql, A) = div_block(A[..n+lo], D, lo)     -- a 3n/2n step: low lo quotient limbs
//! div_block(A, D, k):                         A has n + k limbs, k <= n
//!     Q = A_top(2k) / Dh(k)   recursively    -- estimate, never too small
//!     A -= Q * Dl             (fast multiplication)
//!     while A < 0: Q -= 1, A += D            -- at most a few times, D being normalised
//! ```
//!
//! A dividend with many more limbs than the divisor is cut into blocks of `n` quotient limbs
//! (the first block takes the odd size), each a 2n/n step on the running remainder. Below the
//! cut-over the estimate comes from Knuth's algorithm D ([`super::schoolbook`]).

use super::super::mul::mul;
use super::super::{add_n_assign, sub_1_assign, sub_n_assign};
use super::schoolbook;

/// Divides `a` (`q.len() + d.len()` limbs) by the normalised `d` (`d.len() >= 2`), choosing
/// schoolbook or recursive division, with `v = reciprocal_3by2(d1, d0)`. Writes the low
/// `q.len()` quotient limbs to `q` and returns the top one (0 or 1); the remainder replaces
/// the low `d.len()` limbs of `a`. `cut` is the smallest divisor divided recursively (>= 4).
pub(crate) fn div_qr(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64, cut: usize) -> u64 {
    let n = d.len();
    let qn = q.len();
    debug_assert!(n >= 2 && d[n - 1] >> 63 == 1 && a.len() == qn + n && cut >= 4);
    if n < cut || qn < 2 {
        return schoolbook::div_qr(q, a, d, v);
    }
    let mut tp = alloc::vec![0u64; n];
    // The first (highest) block takes the odd size, the others n quotient limbs each.
    let mut top = qn;
    let first = match qn % n {
        0 => n,
        k => k,
    };
    top -= first;
    let qh = div_block(&mut q[top..], &mut a[top..], d, v, &mut tp, cut);
    while top > 0 {
        top -= n;
        let carry = div_block(&mut q[top..top + n], &mut a[top..top + 2 * n], d, v, &mut tp, cut);
        debug_assert_eq!(carry, 0);
    }
    qh
}

/// The 2n/n step: `a` has `2 * d.len()` limbs, `q` has `d.len()`. Same contract as
/// [`div_qr`]; `tp` has at least `d.len()` limbs of scratch.
fn div_2n_by_n(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64, tp: &mut [u64], cut: usize) -> u64 {
    let n = d.len();
    if n < cut {
        return schoolbook::div_qr(q, a, d, v);
    }
    let lo = n / 2;
    let qh = div_block(&mut q[lo..], &mut a[lo..], d, v, tp, cut);
    // The remainder is now below d, so the low block's quotient fits in lo limbs.
    let ql = div_block(&mut q[..lo], &mut a[..n + lo], d, v, tp, cut);
    debug_assert_eq!(ql, 0);
    qh
}

/// The 3n/2n step generalised: `a` has `d.len() + q.len()` limbs with `q.len() <= d.len()`;
/// the quotient is estimated from the top `2 * q.len()` limbs of `a` and the top `q.len()`
/// limbs of `d`, then corrected with one multiplication by the rest of `d`.
fn div_block(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64, tp: &mut [u64], cut: usize) -> u64 {
    let n = d.len();
    let k = q.len();
    debug_assert!(k <= n && a.len() == n + k);
    if k == n {
        return div_2n_by_n(q, a, d, v, tp, cut);
    }
    if k < 2 {
        return schoolbook::div_qr(q, a, d, v);
    }
    // The top k limbs of d share d's top two limbs, so `v` still applies.
    let mut qh = div_2n_by_n(q, &mut a[n - k..n + k], &d[n - k..], v, tp, cut);
    let dl = &d[..n - k];
    let t = &mut tp[..n];
    if n - k >= k {
        mul(t, dl, q);
    } else {
        mul(t, q, dl);
    }
    let mut borrow = sub_n_assign(&mut a[..n], t);
    if qh != 0 {
        borrow += sub_n_assign(&mut a[k..n], dl);
    }
    while borrow != 0 {
        qh = qh.wrapping_sub(sub_1_assign(q, 1));
        borrow -= add_n_assign(&mut a[..n], d);
    }
    debug_assert!(qh <= 1);
    qh
}
