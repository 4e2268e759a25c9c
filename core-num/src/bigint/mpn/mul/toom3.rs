//! Toom-3 (Toom-Cook 3-way) multiplication and squaring, and its unbalanced Toom-3.2 form.
//!
//! Toom-3 cuts `a` and `b` into three pieces of `k = ceil(a.len() / 3)` limbs
//! (`a = a0 + a1 X + a2 X^2`, `X = 2^(64k)`), multiplies the two polynomials at the points
//! 0, 1, -1, 2 and infinity (five products of about `k` limbs) and interpolates the product
//! polynomial `c0 + c1 X + ... + c4 X^4` with Bodrato's sequence (M. Bodrato, A. Zanoni,
//! "Integer and polynomial multiplication: towards optimal Toom-Cook matrices", 2007):
//!
//! ```text
//! v2  <- (v2 - vm1) / 3        = c1 + c2 + 3 c3 + 5 c4
//! vm1 <- (v1 - vm1) / 2        = c1 + c3
//! v1  <- v1 - v0               = c1 + c2 + c3 + c4
//! v2  <- (v2 - v1) / 2         = c3 + 2 c4
//! v1  <- v1 - vm1 - vinf       = c2
//! v2  <- v2 - 2 vinf           = c3
//! vm1 <- vm1 - v2              = c1
//! ```
//!
//! Every step keeps a non-negative value; only `vm1` itself (the product at -1) has a sign,
//! kept aside as a flag. Evaluations take `k + 1` limbs and products `2k + 2`; the five
//! products stay in range (each coefficient is below `3 X^2`, so fits `2k + 1` limbs).
//!
//! Toom-3.2 cuts `a` in three and `b` in two (for `a.len() / b.len()` between 1.5 and 3) and
//! needs four products, at 0, 1, -1 and infinity.

use super::{abs_sub, divexact_odd, mul_rec, sqr_rec};
use crate::bigint::mpn::kernels::{
    add_n_assign, addmul_1, shr_assign, sub_n_assign, sub_n_rev_assign, submul_1,
};
use crate::bigint::mpn::{add, add_1_assign, add_assign, sub_1_assign, sub_assign};

/// Whether Toom-3 applies to `a.len() x b.len()` (`an >= bn`): `b` must reach its third piece.
#[inline]
pub(super) fn fits(an: usize, bn: usize) -> bool {
    bn > 2 * an.div_ceil(3)
}

/// Whether Toom-3.2 applies to `a.len() x b.len()` (`an >= bn`): `a` has three non-empty
/// pieces of `k = ceil(an / 3)` limbs and `b` two, the second at most `k` long.
#[inline]
pub(super) fn fits32(an: usize, bn: usize) -> bool {
    let k = an.div_ceil(3);
    an > 2 * k && bn > k && bn <= 2 * k
}

/// `dst = x0 + 2 x1 + 4 x2` (`dst.len() == x0.len() + 1 == x1.len() + 1 >= x2.len() + 1`).
fn eval_at_2(dst: &mut [u64], x0: &[u64], x1: &[u64], x2: &[u64]) {
    let k = x0.len();
    dst[..k].copy_from_slice(x0);
    dst[k] = addmul_1(&mut dst[..k], x1, 2);
    let c = addmul_1(&mut dst[..x2.len()], x2, 4);
    let c = add_1_assign(&mut dst[x2.len()..], c);
    debug_assert_eq!(c, 0);
}

/// `r = a * b` by one Toom-3 step (recursing through `mul_rec`), with `a.len() >= b.len()`,
/// `fits(a.len(), b.len())`, `r.len() == a.len() + b.len()` and `6(k + 1)` limbs of scratch
/// plus what the recursion needs.
pub(super) fn mul_toom3(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && fits(an, bn) && r.len() == an + bn);
    let k = an.div_ceil(3);
    let (a0, a1, a2) = (&a[..k], &a[k..2 * k], &a[2 * k..]);
    let (b0, b1, b2) = (&b[..k], &b[k..2 * k], &b[2 * k..]);
    let l = 2 * k + 2;
    let (v1, rest) = scratch.split_at_mut(l);
    let (vm1, rest) = rest.split_at_mut(l);
    let (v2, rest) = rest.split_at_mut(l);

    // Evaluations in the low 2k + 2 limbs of r (free until v0 lands) and in the product
    // buffers not yet written.
    let (ta, tb) = r[..2 * k + 2].split_at_mut(k + 1);
    ta[k] = add(&mut ta[..k], a0, a2);
    tb[k] = add(&mut tb[..k], b0, b2);
    {
        let (ea, eb) = vm1.split_at_mut(k + 1);
        add(ea, ta, a1);
        add(eb, tb, b1);
        mul_rec(v1, ea, eb, rest);
    }
    let negative = {
        let (ea, eb) = v2.split_at_mut(k + 1);
        let negative = abs_sub(ea, ta, a1) != abs_sub(eb, tb, b1);
        mul_rec(vm1, ea, eb, rest);
        negative
    };
    eval_at_2(ta, a0, a1, a2);
    eval_at_2(tb, b0, b1, b2);
    mul_rec(v2, ta, tb, rest);

    mul_rec(&mut r[..2 * k], a0, b0, rest);
    mul_rec(&mut r[4 * k..], a2, b2, rest);
    interpolate(r, v1, vm1, v2, negative, k);
}

/// `r = a * a` by one Toom-3 step (recursing through `sqr_rec`), `r.len() == 2 a.len()`,
/// `fits(a.len(), a.len())`, scratch as for `mul_toom3`.
pub(super) fn sqr_toom3(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(fits(n, n) && r.len() == 2 * n);
    let k = n.div_ceil(3);
    let (a0, a1, a2) = (&a[..k], &a[k..2 * k], &a[2 * k..]);
    let l = 2 * k + 2;
    let (v1, rest) = scratch.split_at_mut(l);
    let (vm1, rest) = rest.split_at_mut(l);
    let (v2, rest) = rest.split_at_mut(l);

    let ta = &mut r[..k + 1];
    ta[k] = add(&mut ta[..k], a0, a2);
    {
        let ea = &mut vm1[..k + 1];
        add(ea, ta, a1);
        sqr_rec(v1, ea, rest);
    }
    {
        let ea = &mut v2[..k + 1];
        abs_sub(ea, ta, a1);
        sqr_rec(vm1, ea, rest);
    }
    eval_at_2(ta, a0, a1, a2);
    sqr_rec(v2, ta, rest);

    sqr_rec(&mut r[..2 * k], a0, rest);
    sqr_rec(&mut r[4 * k..], a2, rest);
    interpolate(r, v1, vm1, v2, false, k);
}

/// Bodrato's interpolation for the points 0, 1, -1, 2, infinity. On entry `r[..2k]` holds
/// `v0`, `r[4k..]` holds `vinf`, and `v1`, `vm1` (negated when `negative`), `v2` are the
/// other products in `2k + 2` limbs each; on exit `r` holds the full product.
fn interpolate(
    r: &mut [u64],
    v1: &mut [u64],
    vm1: &mut [u64],
    v2: &mut [u64],
    negative: bool,
    k: usize,
) {
    let l = 2 * k + 2;
    let st = r.len() - 4 * k;
    debug_assert!(v1.len() == l && vm1.len() == l && v2.len() == l && st >= 2 && st <= 2 * k);
    {
        let (v0, vinf) = (&r[..2 * k], &r[4 * k..]);
        if negative {
            add_n_assign(v2, vm1);
            add_n_assign(vm1, v1);
        } else {
            sub_n_assign(v2, vm1);
            sub_n_rev_assign(vm1, v1);
        }
        divexact_odd(v2, 3);
        shr_assign(vm1, 1);
        sub_assign(v1, v0);
        sub_n_assign(v2, v1);
        shr_assign(v2, 1);
        sub_n_assign(v1, vm1);
        sub_assign(v1, vinf);
        let borrow = submul_1(&mut v2[..st], vinf, 2);
        sub_1_assign(&mut v2[st..], borrow);
        sub_n_assign(vm1, v2);
    }
    // r = v0 + c1 X + c2 X^2 + c3 X^3 + vinf X^4 with c1 = vm1, c2 = v1, c3 = v2.
    r[2 * k..4 * k].copy_from_slice(&v1[..2 * k]);
    let mut carry = add_assign(&mut r[4 * k..], &v1[2 * k..]);
    carry += add_assign(&mut r[k..], vm1);
    carry += add_truncated(&mut r[3 * k..], v2);
    debug_assert_eq!(carry, 0);
}

/// `r += x` where `x` may be longer than `r` but its excess limbs are zero.
pub(super) fn add_truncated(r: &mut [u64], x: &[u64]) -> u64 {
    let m = x.len().min(r.len());
    debug_assert!(x[m..].iter().all(|&l| l == 0));
    add_assign(r, &x[..m])
}

/// `r = a * b` by one Toom-3.2 step: `a` in three pieces of `k = ceil(a.len() / 3)` limbs,
/// `b` in two (`fits32(a.len(), b.len())`), products at 0, 1, -1 and infinity:
///
/// ```text
/// c0 = v0,  c3 = vinf,  c1 + c3 = (v1 - vm1) / 2,  c0 + c2 = (v1 + vm1) / 2
/// ```
///
/// Scratch: `4(k + 1)` limbs plus what the recursion needs.
pub(super) fn mul_toom32(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && fits32(an, bn) && r.len() == an + bn);
    let k = an.div_ceil(3);
    let (a0, a1, a2) = (&a[..k], &a[k..2 * k], &a[2 * k..]);
    let (b0, b1) = (&b[..k], &b[k..]);
    let l = 2 * k + 2;
    let (v1, rest) = scratch.split_at_mut(l);
    let (vm1, rest) = rest.split_at_mut(l);

    let (ta, ea) = r[..2 * k + 2].split_at_mut(k + 1);
    ta[k] = add(&mut ta[..k], a0, a2);
    {
        let (e1a, e1b) = vm1.split_at_mut(k + 1);
        add(e1a, ta, a1);
        e1b[k] = add(&mut e1b[..k], b0, b1);
        mul_rec(v1, e1a, e1b, rest);
    }
    // a(-1) goes next to ta, then b(-1) over ta.
    let negative = abs_sub(ea, ta, a1);
    let negative = negative != abs_sub(&mut ta[..k], b0, b1);
    ta[k] = 0;
    mul_rec(vm1, ea, ta, rest);

    mul_rec(&mut r[..2 * k], a0, b0, rest);
    if a2.len() >= b1.len() {
        mul_rec(&mut r[3 * k..], a2, b1, rest);
    } else {
        mul_rec(&mut r[3 * k..], b1, a2, rest);
    }

    // vm1 <- (v1 - vm1) / 2 = c1 + c3, v1 <- v1 - vm1 = c0 + c2.
    if negative {
        add_n_assign(vm1, v1);
    } else {
        sub_n_rev_assign(vm1, v1);
    }
    shr_assign(vm1, 1);
    sub_n_assign(v1, vm1);
    sub_assign(v1, &r[..2 * k]);
    sub_assign(vm1, &r[3 * k..]);

    r[2 * k..3 * k].fill(0);
    let mut carry = add_assign(&mut r[k..], vm1);
    carry += add_truncated(&mut r[2 * k..], v1);
    debug_assert_eq!(carry, 0);
}
