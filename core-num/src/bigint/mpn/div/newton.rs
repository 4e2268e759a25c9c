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
//!     while R < 0: Q -= 1, R += D;  while R >= D: Q += 1, R -= D   -- at most 5 steps
//! ```
//!
//! The reciprocal costs about three multiplications of its size and is computed once for all
//! blocks; each block then costs two multiplications, against the Burnikel–Ziegler
//! recursion's `log n` levels. It pays only where multiplication is quasi-linear (NTT sizes).
//! Only the top `t = min(n, qn)` limbs of the divisor enter the reciprocal.
//!
//! Error bounds (proved at [`reciprocal_with`] and [`block`], checked by the tests): the
//! reciprocal is exact or one unit low; a block's estimate is at most 5 below and at most 4
//! above the true quotient (never above when `t == n`). A block that would need more than
//! [`GIVE_UP`] corrections, which the bounds rule out, is redone by Burnikel–Ziegler, so no
//! input can make the correction loops run long.

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

/// Most corrections a block needs with a reciprocal from [`reciprocal`] (proved at [`block`]).
pub(crate) const BLOCK_STEPS: usize = 5;

/// Corrections after which a block stops and divides by Burnikel–Ziegler instead.
pub(crate) const GIVE_UP: usize = 16;

/// What the blocks of one division did, for the bounds' tests.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    /// Blocks divided.
    pub(crate) blocks: usize,
    /// Largest `estimate - quotient` of a block (corrections downwards).
    pub(crate) over: usize,
    /// Largest `quotient - estimate` of a block (corrections upwards).
    pub(crate) under: usize,
    /// Blocks that gave up after [`GIVE_UP`] corrections and were divided by Burnikel–Ziegler.
    pub(crate) fallbacks: usize,
}

/// `y = floor((B^2n - 1) / d) - B^n` or one less, for the normalised `d` of `n = y.len()`
/// limbs (exact below [`INV_BASE`] limbs).
pub(crate) fn reciprocal(y: &mut [u64], d: &[u64]) {
    reciprocal_with(y, d, INV_BASE);
}

/// [`reciprocal`] with the exact-division cut-over `base` as a parameter (tests lower it).
///
/// Bound, by induction on `n` (`Y* = floor((B^2n - 1) / D)`, `Y = B^n + y`): `Y* - 1 <= Y <=
/// Y*`. Write `rho = B^(n+h) / D` (real), `D = Dh*B^l + Dl`. The recursion gives `X*_h - 1 <=
/// X <= X*_h` for `X*_h = floor((B^2h - 1) / Dh)`, and `0 <= B^2h/Dh - rho < B^2h/Dh^2 <= 4`,
/// so `|X - rho| < 4`, hence `|E| = D*|X - rho| < 4*B^n` (n + 1 limbs). The exact step
/// `Z = X*B^l + X*E/B^2h` satisfies `B^2n/D - Z = D*(B^l*(rho - X))^2 / B^2n`, which lies in
/// `[0, 16/B^2)` because `2l <= n - 2` (the guard limb in `h`). Cutting `|E|` to its top
/// `l + 2` limbs and flooring the product loses less than `X/B^(h+1) + 1 < 1 + 2/B`. For
/// `E >= 0` the loss is taken from `Z`, so `Z - 1 - 2/B < Y <= Z <= B^2n/D`; for `E < 0` the
/// cut `|E|` is rounded up (one unit added before and after the product), so again `Y <= Z`
/// and `Y > Z - 1 - 2/B`. Since `B^2n/D - 1 <= Y* <= B^2n/D`, with equality on the right
/// only for `D = B^n/2` (where the carry out is clamped to `Y*`), `Y` is `Y*` or `Y* - 1`.
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
    // Half precision plus one guard limb, so that 2l <= n - 2 (see the bound above).
    let h = n.div_ceil(2) + 1;
    let l = n - h;
    reciprocal_with(&mut y[l..], &d[l..], base);
    let x = &y[l..];
    // P = D * X = D*x + D*B^h, n + h + 1 limbs.
    let mut p = vec![0u64; n + h + 1];
    mul(&mut p[..n + h], d, x);
    p[n + h] = add_assign(&mut p[h..n + h], d);
    // E = B^(n+h) - P, |E| < 4*B^n: keep it in the low n + 1 limbs.
    let negative = p[n + h] != 0;
    if !negative {
        // |E| = B^(n+h) - P: the two's complement of the low n + h limbs.
        for limb in p[..n + h].iter_mut() {
            *limb = !*limb;
        }
        add_1_assign(&mut p[..n + h], 1);
    }
    debug_assert!(p[n + 1..n + h].iter().all(|&t| t == 0) && p[n] < 4);
    // C = X * |E| / B^2h from the top l + 2 limbs of |E|, rounded down for E >= 0 and up for
    // E < 0, so that Y never exceeds the exact step's value. |E| < 4*B^n: no carry out.
    if negative {
        add_1_assign(&mut p[h - 1..n + 1], 1);
    }
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
        // Y >= Y* - 1 >= B^n: no borrow (clamped all the same).
        let borrow = sub_assign(y, c) + sub_1_assign(y, 1);
        debug_assert_eq!(borrow, 0);
        if borrow != 0 {
            y.fill(0);
        }
    } else if add_assign(y, c) != 0 {
        // Only Y = 2*B^n, for D = B^n/2, whose Y* is 2*B^n - 1.
        y.fill(u64::MAX);
    }
}

/// Divides `a` (`q.len() + d.len()` limbs) by the normalised `d` with a Newton reciprocal.
/// Same contract as [`bz::div_qr`]: returns the top quotient limb, remainder in `a[..n]`.
pub(crate) fn div_qr(q: &mut [u64], a: &mut [u64], d: &[u64]) -> u64 {
    let mut stats = Stats::default();
    let qh = div_qr_stats(q, a, d, &mut stats);
    debug_assert!(
        stats.over.max(stats.under) <= BLOCK_STEPS && stats.fallbacks == 0,
        "newton blocks: {stats:?}"
    );
    qh
}

/// [`div_qr`], adding what the blocks did to `stats`.
pub(crate) fn div_qr_stats(q: &mut [u64], a: &mut [u64], d: &[u64], stats: &mut Stats) -> u64 {
    let t = d.len().min(q.len());
    if t == 0 {
        return div_qr_by(q, a, d, &[], stats);
    }
    let mut y = vec![0u64; t];
    reciprocal(&mut y, &d[d.len() - t..]);
    div_qr_by(q, a, d, &y, stats)
}

/// [`div_qr`] with the reciprocal `y` of the top `t = y.len() <= d.len()` limbs of `d` given
/// (`t >= 1` unless `q` is empty); the quotient is found in blocks of `t` limbs. One from
/// [`reciprocal`] keeps each block within [`BLOCK_STEPS`] corrections; a `y` off by more (but
/// by under 2^62 units, so that `W - Q*D` fits its n + 1 limbs) still gives the right answer,
/// through the Burnikel–Ziegler fallback.
pub(crate) fn div_qr_by(
    q: &mut [u64],
    a: &mut [u64],
    d: &[u64],
    y: &[u64],
    stats: &mut Stats,
) -> u64 {
    let n = d.len();
    let qn = q.len();
    let t = y.len();
    debug_assert!(n >= 2 && d[n - 1] >> 63 == 1 && a.len() == qn + n && t <= n);
    let qh = (cmp_n(&a[qn..], d) != Ordering::Less) as u64;
    if qh != 0 {
        sub_n_assign(&mut a[qn..], d);
    }
    if qn == 0 {
        return qh;
    }
    debug_assert!(t >= 1);
    // Scratch: the estimate (t + 1 limbs), the products (n + t + 1), the saved window (n + 1).
    let mut scratch = vec![0u64; 2 * n + 2 * t + 3];
    let mut top = qn;
    let first = match qn % t {
        0 => t,
        k => k,
    };
    top -= first;
    block(&mut q[top..], &mut a[top..], d, y, &mut scratch, stats);
    while top > 0 {
        top -= t;
        block(&mut q[top..top + t], &mut a[top..top + n + t], d, y, &mut scratch, stats);
    }
    qh
}

/// One block of `k = q.len() <= y.len()` quotient limbs from the window `w` (`n + k` limbs,
/// below `d * B^k`); the remainder replaces `w[..n]`.
///
/// Bound, for `Y = B^t + y` with `Y* - 1 <= Y <= Y*` (`Y* = floor((B^2t - 1)/Dt)`, `Dt` the
/// top `t` limbs of `D`), `W = Wt*B^n + Wl`, `Wt < B^k`, true quotient `Q`, estimate `Q^`:
/// `Q^ <= Wt*Y/B^t <= Wt*B^t/Dt < Wt*B^n/D + 4*Wt/B^t < W/D + 4` (the middle step as at
/// [`reciprocal_with`]; the `4` term is 0 when `t == n`), so `Q^ <= Q + 4`. And `Q^ > Wt*Y/B^t
/// - Wt/B^u - 1 >= Wt*B^n/D - 2*Wt/B^t - Wt/B^u - 1 > W/D - Wl/D - 4 > W/D - 6`, using
/// `Y >= B^2t/Dt - 2 >= B^(n+t)/D - 2` and `Wl/D < 2`: `Q^ >= Q - 5`.
fn block(
    q: &mut [u64],
    w: &mut [u64],
    d: &[u64],
    y: &[u64],
    scratch: &mut [u64],
    stats: &mut Stats,
) {
    let n = d.len();
    let k = q.len();
    let t = y.len();
    debug_assert!(k >= 1 && k <= t && w.len() == n + k);
    let u = t.min(k + 1);
    let yu = &y[t - u..];
    let (qe, rest) = scratch.split_at_mut(k + 1);
    let (prod, rest) = rest.split_at_mut(n + k + 1);
    let saved = &mut rest[..n + 1];
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
    saved.copy_from_slice(&w[..n + 1]);
    let r = &mut w[..n + 1];
    sub_n_assign(r, &prod[..n + 1]);
    // Bring R into [0, D): a few steps (see the bound above), never more than GIVE_UP.
    let mut over = 0;
    while r[n] >> 63 == 1 && over < GIVE_UP {
        let c = add_n_assign(&mut r[..n], d);
        r[n] = r[n].wrapping_add(c);
        sub_1_assign(qe, 1);
        over += 1;
    }
    let mut under = 0;
    while r[n] >> 63 == 0 && (r[n] != 0 || cmp_n(&r[..n], d) != Ordering::Less) && under < GIVE_UP {
        let b = sub_n_assign(&mut r[..n], d);
        r[n] = r[n].wrapping_sub(b);
        add_1_assign(qe, 1);
        under += 1;
    }
    stats.blocks += 1;
    if r[n] != 0 || cmp_n(&r[..n], d) != Ordering::Less || qe[k] != 0 {
        // The estimate was far off (a wrong reciprocal): divide the saved window instead.
        stats.fallbacks += 1;
        w[..n + 1].copy_from_slice(saved);
        let v = reciprocal_3by2(d[n - 1], d[n - 2]);
        let qh = bz::div_qr(q, w, d, v, DIV_BZ.max(4));
        debug_assert_eq!(qh, 0);
        return;
    }
    stats.over = stats.over.max(over);
    stats.under = stats.under.max(under);
    q.copy_from_slice(&qe[..k]);
}
