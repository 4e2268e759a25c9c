//! Knuth's algorithm D (TAOCP vol. 2, 4.3.1) with the Möller–Granlund 3/2 quotient estimate.
//!
//! ```text
//! for each quotient limb, high to low:
//!     (u2 u1 u0) = top three limbs of the running remainder window
//!     q = (u2 u1 u0) / (d1 d0)                       -- div_3by2, no hardware division
//!     window -= q * d                                 -- submul_1 over the low limbs
//!     if that borrowed: q -= 1, window += d           -- the estimate is at most one high
//! ```
//!
//! The estimate from the top two divisor limbs is exact or one too large, so at most one
//! add-back per limb. When `(u2, u1) == (d1, d0)` the quotient limb is exactly `B - 1`.
//!
//! The whole loop is one kernel ([`crate::bigint::mpn::kernels::div_qr_basecase`]), so each
//! level runs its own row and 3/2 step inline, with no dispatch per quotient limb; the loop
//! is written once here ([`div_qr_with`]) over the level's [`Steps`]. The loop is a chain of
//! dependent steps (each estimate needs the previous remainder), so the BMI2/ADX steps are
//! written for latency: the row's borrow goes straight into the two limbs above it, and the
//! next top limb is guessed from one product long before the row ends (see
//! `kernels/x86_64.rs`).

use super::super::{cmp_n, kernels};
use core::cmp::Ordering;

/// Schoolbook division of `a` (`q.len() + d.len()` limbs) by the normalised `d` (top bit set,
/// `d.len() >= 2`), with `v = reciprocal_3by2(d1, d0)` of its top two limbs.
///
/// Writes the low `q.len()` quotient limbs to `q` and returns the top one (0 or 1); the
/// remainder replaces the low `d.len()` limbs of `a` (the rest of `a` is garbage).
#[inline]
pub(crate) fn div_qr(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    debug_assert!(d.len() >= 2 && d[d.len() - 1] >> 63 == 1 && a.len() == q.len() + d.len());
    kernels::div_qr_basecase(q, a, d, v)
}

/// The pieces of a schoolbook step that each kernel level supplies to [`div_qr_with`].
pub(crate) trait Steps {
    /// `(q, r1, r0)` of `(u2 u1 u0) / (d1 d0)`, as [`div_3by2`](super::reciprocal::div_3by2),
    /// with `dv = [d0, d1, v]`.
    fn div_3by2(u2: u64, u1: u64, u0: u64, dv: &[u64; 3]) -> (u64, u64, u64);

    /// `r -= a * m` (`r.len() == a.len()`); the limb to subtract above `r`.
    fn submul_1(r: &mut [u64], a: &[u64], m: u64) -> u64;

    /// One step with a row (`dl.len() >= 1`, `w.len() == dl.len()`): the estimate
    /// `q = (u2 u1 u0) / (d1 d0)` with its remainder `(r1, r0)`, then `w -= dl * q` with the
    /// borrow out taken from `(r1, r0)`. Returns `(q, r1, r0, w's new top limb, negative)`,
    /// `negative` when the whole went below zero (`q` one too large).
    #[inline(always)]
    fn step(
        w: &mut [u64],
        dl: &[u64],
        u2: u64,
        u1: u64,
        u0: u64,
        dv: &[u64; 3],
    ) -> (u64, u64, u64, u64, bool) {
        let (q, r1, r0) = Self::div_3by2(u2, u1, u0, dv);
        let c = Self::submul_1(w, dl, q);
        let (r0, b0) = r0.overflowing_sub(c);
        let (r1, b1) = r1.overflowing_sub(b0 as u64);
        (q, r1, r0, w[w.len() - 1], b1)
    }
}

/// The body of the division kernels: [`div_qr`] with a level's [`Steps`].
///
/// # Panics
///
/// Unless `d.len() >= 2`, `d`'s top bit is set and `a.len() == q.len() + d.len()` (the
/// kernels' contract: a broken one panics, never reads or writes out of bounds).
#[inline(always)]
pub(crate) fn div_qr_with<S: Steps>(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    let n = d.len();
    let qn = q.len();
    assert!(n >= 2 && d[n - 1] >> 63 == 1 && a.len() == qn + n);
    let qh = (cmp_n(&a[qn..], d) != Ordering::Less) as u64;
    if qh != 0 {
        sub_n_in_place(&mut a[qn..], d);
    }
    let (d1, d0) = (d[n - 1], d[n - 2]);
    let dv = [d0, d1, v];
    let m = n - 2;
    let dlow = &d[..m];
    // Step `i` divides the window a[i..i + n] under `top` (the limb above it). Its top two
    // limbs `u1`, `u0` and `top` stay in registers between steps; memory holds them only
    // when the window is needed whole.
    let mut top = a[qn + n - 1];
    let mut u1 = a[qn + n - 2];
    let mut u0 = if qn > 0 { a[qn + n - 3] } else { 0 };
    for i in (0..qn).rev() {
        let qi;
        // Whether a[i + n - 3], the next step's `u0`, is current in memory.
        let mut in_memory = true;
        if top == d1 && u1 == d0 {
            qi = u64::MAX;
            // The window minus (B - 1) * d is below d, so its top limb cancels `top`.
            a[i + n - 1] = u1;
            a[i + n - 2] = u0;
            S::submul_1(&mut a[i..i + n], d, qi);
            top = a[i + n - 1];
            u1 = a[i + n - 2];
        } else if m == 0 {
            (qi, top, u1) = S::div_3by2(top, u1, u0, &dv);
        } else {
            let (qe, r1, r0, w_top, negative) = S::step(&mut a[i..i + m], dlow, top, u1, u0, &dv);
            if negative {
                // One too large: add d back (the carry out cancels the borrow).
                a[i + n - 2] = r0;
                let c = add_n_in_place(&mut a[i..i + n - 1], &d[..n - 1]);
                top = r1.wrapping_add(d1).wrapping_add(c);
                u1 = a[i + n - 2];
                qi = qe.wrapping_sub(1);
            } else {
                top = r1;
                u1 = r0;
                qi = qe;
                u0 = w_top;
                in_memory = false;
            }
        }
        q[i] = qi;
        if in_memory && i > 0 {
            u0 = a[i + n - 3];
        }
    }
    a[n - 1] = top;
    a[n - 2] = u1;
    qh
}

/// `r += b` (same length); the carry. Plain code for the rare add-back, the same at every
/// level.
#[inline(never)]
fn add_n_in_place(r: &mut [u64], b: &[u64]) -> u64 {
    let mut c = false;
    for (x, &y) in r.iter_mut().zip(b) {
        let (s, c1) = x.overflowing_add(y);
        let (s, c2) = s.overflowing_add(c as u64);
        *x = s;
        c = c1 | c2;
    }
    c as u64
}

/// `r -= b` (same length); the borrow. Plain code for the once-per-call top step.
#[inline(never)]
fn sub_n_in_place(r: &mut [u64], b: &[u64]) -> u64 {
    let mut c = false;
    for (x, &y) in r.iter_mut().zip(b) {
        let (s, c1) = x.overflowing_sub(y);
        let (s, c2) = s.overflowing_sub(c as u64);
        *x = s;
        c = c1 | c2;
    }
    c as u64
}
