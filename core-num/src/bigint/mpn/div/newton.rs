//! Division by a Newton reciprocal, for very long operands (Brent & Zimmermann, "Modern
//! Computer Arithmetic", sections 3.4 and 1.4.5).
//!
//! ```text
//! reciprocal(D), n limbs:   Y ~ B^2n / D, kept as y = Y - B^n (n limbs)
//!     X = B^h + reciprocal(top h limbs of D)          -- h = n/2 + 1, recursively
//!     E = B^(n+h) - D*X                               -- small: the top h limbs cancel
//!     Y = X*B^l + X*E / B^2h                          -- one Newton step doubles the precision
//! block (k quotient limbs, window W of n + k limbs, W < D*B^k):
//!     Q = Wtop + Wtop*y / B^u                         -- Wtop = W / B^n, y cut to u limbs
//!     R = W - Q*D  (low n + 1 limbs, as a signed number)
//!     while R < 0: Q -= 1, R += D;  while R >= D: Q += 1, R -= D   -- a few steps at most
//! ```
//!
//! The reciprocal costs about three multiplications of its size and is computed once for all
//! blocks; each block then costs two multiplications, against the Burnikel–Ziegler
//! recursion's `log n` levels. It pays only where multiplication is quasi-linear (NTT sizes).
//! Only the top `min(n, qn)` limbs of the divisor enter the reciprocal.

use super::super::mul::mul;
use super::super::sub_n_assign;
use super::super::thresholds::DIV_BZ;
use super::super::{add_1_assign, add_assign, add_n_assign, cmp_n, sub_1_assign, sub_assign};
use super::bz;
use super::reciprocal::{reciprocal_3by2, reciprocal_word};
use alloc::vec;
use core::cmp::Ordering;

/// Shortest reciprocal computed by Newton steps; shorter ones are one exact division.
pub(crate) const INV_BASE: usize = 150;

/// `y ~ floor((B^2n - 1) / d) - B^n` for the normalised `d` of `n = y.len()` limbs, too small
/// by at most a few units (exact below [`INV_BASE`] limbs).
pub(crate) fn reciprocal(y: &mut [u64], d: &[u64]) {
    reciprocal_with(y, d, INV_BASE);
}

/// [`reciprocal`] with the exact-division cut-over `base` as a parameter (tests lower it).
pub(crate) fn reciprocal_with(y: &mut [u64], d: &[u64], base: usize) {
    let n = d.len();
    debug_assert!(n >= 1 && y.len() == n && d[n - 1] >> 63 == 1);
    if n == 1 {
        y[0] = reciprocal_word(d[0]);
        return;
    }
    if n < base.max(4) {
        // B^2n - 1 - d*B^n: n limbs of ones under the complement of d; the quotient fits.
        let mut num = vec![u64::MAX; 2 * n];
        for (x, &di) in num[n..].iter_mut().zip(d) {
            *x = !di;
        }
        let v = reciprocal_3by2(d[n - 1], d[n - 2]);
        let qh = bz::div_qr(y, &mut num, d, v, DIV_BZ.max(4));
        debug_assert_eq!(qh, 0);
        return;
    }
    // Half precision plus one guard limb: without it the error would square at every level
    // (Y's error after a step is about e^2 B^(n-2h) for a half-size error e).
    let h = n.div_ceil(2) + 1;
    let l = n - h;
    reciprocal_with(&mut y[l..], &d[l..], base);
    let x = &y[l..];
    // P = D * X = D*x + D*B^h, n + h + 1 limbs.
    let mut p = vec![0u64; n + h + 1];
    mul(&mut p[..n + h], d, x);
    p[n + h] = add_assign(&mut p[h..n + h], d);
    // E = B^(n+h) - P is below B^(n+1) in size: keep |E| in the low n + 1 limbs.
    let negative = p[n + h] != 0;
    if !negative {
        // |E| = B^(n+h) - P: the two's complement of the low n + h limbs.
        for limb in p[..n + h].iter_mut() {
            *limb = !*limb;
        }
        add_1_assign(&mut p[..n + h], 1);
    }
    debug_assert!(p[n + 1..n + h].iter().all(|&t| t == 0));
    // C = X * |E| / B^2h, from the top l + 2 limbs of |E| (the rest is below one unit).
    let et = &p[h - 1..n + 1];
    let mut t = vec![0u64; n + 3];
    if h >= et.len() {
        mul(&mut t[..n + 2], x, et);
    } else {
        mul(&mut t[..n + 2], et, x);
    }
    t[n + 2] = add_assign(&mut t[h..n + 2], et);
    let c = &t[h + 1..];
    y[..l].fill(0);
    if negative {
        if sub_assign(y, c) != 0 {
            y.fill(0);
        }
    } else if add_assign(y, c) != 0 {
        y.fill(u64::MAX);
    }
}

/// Divides `a` (`q.len() + d.len()` limbs) by the normalised `d` with a Newton reciprocal.
/// Same contract as [`bz::div_qr`]: returns the top quotient limb, remainder in `a[..n]`.
pub(crate) fn div_qr(q: &mut [u64], a: &mut [u64], d: &[u64]) -> u64 {
    let n = d.len();
    let qn = q.len();
    debug_assert!(n >= 2 && d[n - 1] >> 63 == 1 && a.len() == qn + n);
    let qh = (cmp_n(&a[qn..], d) != Ordering::Less) as u64;
    if qh != 0 {
        sub_n_assign(&mut a[qn..], d);
    }
    if qn == 0 {
        return qh;
    }
    let t = n.min(qn);
    let mut y = vec![0u64; t];
    reciprocal(&mut y, &d[n - t..]);
    // Scratch: the estimate (t + 1 limbs) and the products (n + t + 1 limbs).
    let mut scratch = vec![0u64; n + 3 * t + 3];
    let mut top = qn;
    let first = match qn % t {
        0 => t,
        k => k,
    };
    top -= first;
    block(&mut q[top..], &mut a[top..], d, &y, &mut scratch);
    while top > 0 {
        top -= t;
        block(&mut q[top..top + t], &mut a[top..top + n + t], d, &y, &mut scratch);
    }
    qh
}

/// One block of `k = q.len() <= y.len()` quotient limbs from the window `w` (`n + k` limbs,
/// below `d * B^k`); the remainder replaces `w[..n]`.
fn block(q: &mut [u64], w: &mut [u64], d: &[u64], y: &[u64], scratch: &mut [u64]) {
    let n = d.len();
    let k = q.len();
    let t = y.len();
    debug_assert!(k >= 1 && k <= t && w.len() == n + k);
    let u = t.min(k + 1);
    let yu = &y[t - u..];
    let (qe, rest) = scratch.split_at_mut(k + 1);
    let (prod, _) = rest.split_at_mut(n + k + 1);
    // Q = Wtop + Wtop * yu / B^u, k + 1 limbs.
    let wt = &w[n..];
    mul(&mut prod[..k + u], yu, wt);
    qe[..k].copy_from_slice(&prod[u..u + k]);
    qe[k] = add_n_assign(&mut qe[..k], wt);
    // R = W - Q*D modulo B^(n+1).
    let ql = if qe[k] != 0 { k + 1 } else { k };
    let pl = n + ql;
    if ql <= n {
        mul(&mut prod[..pl], d, &qe[..ql]);
    } else {
        mul(&mut prod[..pl], &qe[..ql], d);
    }
    let r = &mut w[..n + 1];
    sub_n_assign(r, &prod[..n + 1]);
    // The estimate is a few units off at most; bring R into [0, D).
    let mut steps = 0;
    while r[n] >> 63 == 1 {
        let c = add_n_assign(&mut r[..n], d);
        r[n] = r[n].wrapping_add(c);
        sub_1_assign(qe, 1);
        steps += 1;
    }
    while r[n] != 0 || cmp_n(&r[..n], d) != Ordering::Less {
        let b = sub_n_assign(&mut r[..n], d);
        r[n] = r[n].wrapping_sub(b);
        add_1_assign(qe, 1);
        steps += 1;
    }
    debug_assert!(steps <= 8, "newton block: {steps} corrections");
    debug_assert_eq!(qe[k], 0);
    q.copy_from_slice(&qe[..k]);
}
