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

use super::super::{add_n_assign, cmp_n, sub_n_assign, submul_1};
use super::reciprocal::div_3by2;
use core::cmp::Ordering;

/// Schoolbook division of `a` (`q.len() + d.len()` limbs) by the normalised `d` (top bit set,
/// `d.len() >= 2`), with `v = reciprocal_3by2(d1, d0)` of its top two limbs.
///
/// Writes the low `q.len()` quotient limbs to `q` and returns the top one (0 or 1); the
/// remainder replaces the low `d.len()` limbs of `a` (the rest of `a` is garbage).
pub(crate) fn div_qr(q: &mut [u64], a: &mut [u64], d: &[u64], v: u64) -> u64 {
    let n = d.len();
    let qn = q.len();
    debug_assert!(n >= 2 && d[n - 1] >> 63 == 1 && a.len() == qn + n);
    let qh = (cmp_n(&a[qn..], d) != Ordering::Less) as u64;
    if qh != 0 {
        sub_n_assign(&mut a[qn..], d);
    }
    let (d1, d0) = (d[n - 1], d[n - 2]);
    let dlow = &d[..n - 2];
    // `top` is the limb above the current window a[i..i + n].
    let mut top = a[qn + n - 1];
    for i in (0..qn).rev() {
        let u1 = a[i + n - 1];
        let qi;
        if top == d1 && u1 == d0 {
            qi = u64::MAX;
            // The window minus (B - 1) * d is below d, so its top limb cancels `top`.
            submul_1(&mut a[i..i + n], d, qi);
            top = a[i + n - 1];
        } else {
            let (mut qe, mut r1, r0) = div_3by2(top, u1, a[i + n - 2], d1, d0, v);
            let borrow = submul_1(&mut a[i..i + n - 2], dlow, qe);
            let (r0, b0) = r0.overflowing_sub(borrow);
            let (r1b, b1) = r1.overflowing_sub(b0 as u64);
            r1 = r1b;
            a[i + n - 2] = r0;
            if b1 {
                // One too large: add d back (the carry out cancels the borrow).
                let c = add_n_assign(&mut a[i..i + n - 1], &d[..n - 1]);
                r1 = r1.wrapping_add(d1).wrapping_add(c);
                qe = qe.wrapping_sub(1);
            }
            top = r1;
            qi = qe;
        }
        q[i] = qi;
    }
    a[n - 1] = top;
    qh
}
