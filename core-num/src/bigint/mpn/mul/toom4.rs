//! Toom-4 multiplication and squaring.
//!
//! `a` and `b` are cut into four pieces of `k = ceil(a.len() / 4)` limbs (`X = 2^(64k)`); the
//! product polynomial `c0 + c1 X + ... + c6 X^6` is evaluated at 0, 1, -1, 2, -2, 1/2 (scaled:
//! `vh = 2^6 c(1/2)`) and infinity, seven products of about `k` limbs, then interpolated by
//! this sequence of exact steps, every intermediate value non-negative:
//!
//! ```text
//! O1 = (v1 - vm1) / 2          = c1 + c3 + c5
//! E1 = v1 - O1 - v0 - vinf     = c2 + c4
//! O2 = (v2 - vm2) / 4          = c1 + 4 c3 + 16 c5
//! E2 = (v2 - 2 O2 - v0 - 64 vinf) / 4   = c2 + 4 c4
//! c4 = (E2 - E1) / 3,  c2 = E1 - c4
//! H  = (vh - 64 v0 - 16 c2 - 4 c4 - vinf) / 2   = 16 c1 + 4 c3 + c5
//! P  = (O2 - O1) / 3           = c3 + 5 c5
//! Q  = (H - O1) / 3            = 5 c1 + c3
//! c3 = (5 O1 - P - Q) / 3,  c5 = (P - c3) / 5,  c1 = (Q - c3) / 5
//! ```
//!
//! Evaluations take `k + 1` limbs (`a(2)`, `a(1/2)` are below `15 X`) and products `2k + 2`
//! (each `c_i < 4 X^2`; the largest intermediate, `5 O1`, stays below `60 X^2`).
//! Scratch: five products, `10(k + 1)` limbs, plus what the recursion needs.

use super::toom3::add_truncated;
use super::{abs_sub, divexact_odd, mul_rec, sqr_rec};
use crate::bigint::mpn::kernels::{
    add_n_assign, addmul_1, mul_1_assign, shl_assign, shr_assign, sub_n_assign, sub_n_rev_assign,
    submul_1,
};
use crate::bigint::mpn::{add, add_1_assign, add_assign, sub_1_assign, sub_assign};

/// Whether Toom-4 applies to `a.len() x b.len()` (`an >= bn`): `b` must reach its fourth piece.
#[inline]
pub(super) fn fits(an: usize, bn: usize) -> bool {
    bn > 3 * an.div_ceil(4)
}

/// The four evaluation pieces of one operand: `(x0 + x2, x1 + x3)`, then
/// `(x0 + 4 x2, 2 x1 + 8 x3)`, and `8 x0 + 4 x1 + 2 x2 + x3`, each in `k + 1` limbs.
struct Pieces<'a> {
    x0: &'a [u64],
    x1: &'a [u64],
    x2: &'a [u64],
    x3: &'a [u64],
}

impl<'a> Pieces<'a> {
    fn new(x: &'a [u64], k: usize) -> Self {
        Pieces { x0: &x[..k], x1: &x[k..2 * k], x2: &x[2 * k..3 * k], x3: &x[3 * k..] }
    }

    /// `even = x0 + x2`, `odd = x1 + x3`.
    fn at_one(&self, even: &mut [u64], odd: &mut [u64]) {
        let k = self.x0.len();
        even[k] = add(&mut even[..k], self.x0, self.x2);
        odd[k] = add(&mut odd[..k], self.x1, self.x3);
    }

    /// `even = x0 + 4 x2`, `odd = 2 x1 + 8 x3`.
    fn at_two(&self, even: &mut [u64], odd: &mut [u64]) {
        let k = self.x0.len();
        even[..k].copy_from_slice(self.x0);
        even[k] = addmul_1(&mut even[..k], self.x2, 4);
        odd[..k].copy_from_slice(self.x1);
        odd[k] = 0;
        let s = self.x3.len();
        let c = addmul_1(&mut odd[..s], self.x3, 4);
        add_1_assign(&mut odd[s..], c);
        shl_assign(odd, 1);
    }

    /// `dst = 8 x0 + 4 x1 + 2 x2 + x3`.
    fn at_half(&self, dst: &mut [u64]) {
        let (k, s) = (self.x0.len(), self.x3.len());
        dst[..s].copy_from_slice(self.x3);
        dst[s..].fill(0);
        dst[k] = addmul_1(&mut dst[..k], self.x2, 2);
        dst[k] += addmul_1(&mut dst[..k], self.x1, 4);
        dst[k] += addmul_1(&mut dst[..k], self.x0, 8);
    }
}

/// `dst = even + odd`, `dst2 = |even - odd|`; returns whether `even < odd`.
fn plus_minus(dst: &mut [u64], dst2: &mut [u64], even: &[u64], odd: &[u64]) -> bool {
    add(dst, even, odd);
    abs_sub(dst2, even, odd)
}

/// `r = a * b` by one Toom-4 step (recursing through `mul_rec`), with `a.len() >= b.len()`,
/// `fits(a.len(), b.len())`, `r.len() == a.len() + b.len()` and `10(k + 1)` limbs of scratch
/// plus what the recursion needs.
pub(super) fn mul_toom4(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && fits(an, bn) && r.len() == an + bn);
    let k = an.div_ceil(4);
    let (pa, pb) = (Pieces::new(a, k), Pieces::new(b, k));
    let l = 2 * k + 2;
    let (v1, rest) = scratch.split_at_mut(l);
    let (vm1, rest) = rest.split_at_mut(l);
    let (v2, rest) = rest.split_at_mut(l);
    let (vm2, rest) = rest.split_at_mut(l);
    let (vh, rest) = rest.split_at_mut(l);

    // Four evaluation slots of k + 1 limbs in r (free until v0 and vinf land); the values at
    // a point and its negative go to product buffers not yet written.
    let (sa, sb) = r[..4 * k + 4].split_at_mut(2 * k + 2);
    let (ea, oa) = sa.split_at_mut(k + 1);
    let (eb, ob) = sb.split_at_mut(k + 1);

    pa.at_one(ea, oa);
    pb.at_one(eb, ob);
    let neg1 = {
        let (p, m) = (&mut vm1[..], &mut v2[..]);
        let na = plus_minus(&mut p[..k + 1], &mut m[..k + 1], ea, oa);
        let nb = plus_minus(&mut p[k + 1..], &mut m[k + 1..], eb, ob);
        mul_rec(v1, &p[..k + 1], &p[k + 1..], rest);
        mul_rec(vm1, &v2[..k + 1], &v2[k + 1..], rest);
        na != nb
    };

    pa.at_two(ea, oa);
    pb.at_two(eb, ob);
    let neg2 = {
        let (p, m) = (&mut vm2[..], &mut vh[..]);
        let na = plus_minus(&mut p[..k + 1], &mut m[..k + 1], ea, oa);
        let nb = plus_minus(&mut p[k + 1..], &mut m[k + 1..], eb, ob);
        mul_rec(v2, &p[..k + 1], &p[k + 1..], rest);
        mul_rec(vm2, &vh[..k + 1], &vh[k + 1..], rest);
        na != nb
    };

    pa.at_half(ea);
    pb.at_half(eb);
    mul_rec(vh, ea, eb, rest);

    mul_rec(&mut r[..2 * k], pa.x0, pb.x0, rest);
    mul_rec(&mut r[6 * k..], pa.x3, pb.x3, rest);
    interpolate(r, [v1, vm1, v2, vm2, vh], neg1, neg2, k);
}

/// `r = a * a` by one Toom-4 step (recursing through `sqr_rec`), `r.len() == 2 a.len()`,
/// `fits(a.len(), a.len())`, scratch as for `mul_toom4`.
pub(super) fn sqr_toom4(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(fits(n, n) && r.len() == 2 * n);
    let k = n.div_ceil(4);
    let pa = Pieces::new(a, k);
    let l = 2 * k + 2;
    let (v1, rest) = scratch.split_at_mut(l);
    let (vm1, rest) = rest.split_at_mut(l);
    let (v2, rest) = rest.split_at_mut(l);
    let (vm2, rest) = rest.split_at_mut(l);
    let (vh, rest) = rest.split_at_mut(l);

    let (ea, oa) = r[..2 * k + 2].split_at_mut(k + 1);
    pa.at_one(ea, oa);
    plus_minus(&mut vm1[..k + 1], &mut v2[..k + 1], ea, oa);
    sqr_rec(v1, &vm1[..k + 1], rest);
    sqr_rec(vm1, &v2[..k + 1], rest);

    pa.at_two(ea, oa);
    plus_minus(&mut vm2[..k + 1], &mut vh[..k + 1], ea, oa);
    sqr_rec(v2, &vm2[..k + 1], rest);
    sqr_rec(vm2, &vh[..k + 1], rest);

    pa.at_half(ea);
    sqr_rec(vh, ea, rest);

    sqr_rec(&mut r[..2 * k], pa.x0, rest);
    sqr_rec(&mut r[6 * k..], pa.x3, rest);
    interpolate(r, [v1, vm1, v2, vm2, vh], false, false, k);
}

/// `x = (v - x) / 2` when `x` holds `|vm|` with `vm` negative when `negative` (so the value is
/// `(v - vm) / 2`), then `v = v - x` (so `v` becomes `(v + vm) / 2`).
fn half_sum_diff(v: &mut [u64], x: &mut [u64], negative: bool) {
    if negative {
        add_n_assign(x, v);
    } else {
        sub_n_rev_assign(x, v);
    }
    shr_assign(x, 1);
    sub_n_assign(v, x);
}

/// `x -= m * y` where `x` may be longer than `y` (the value stays non-negative).
fn submul_small(x: &mut [u64], y: &[u64], m: u64) {
    let n = y.len();
    let borrow = submul_1(&mut x[..n], y, m);
    let borrow = sub_1_assign(&mut x[n..], borrow);
    debug_assert_eq!(borrow, 0);
}

/// The interpolation of the module doc. On entry `r[..2k]` holds `v0`, `r[6k..]` holds
/// `vinf`, `v = [v1, vm1, v2, vm2, vh]` the other products (`vm1`, `vm2` negated when
/// `neg1`, `neg2`) in `2k + 2` limbs each; on exit `r` holds the full product.
fn interpolate(r: &mut [u64], v: [&mut [u64]; 5], neg1: bool, neg2: bool, k: usize) {
    let [v1, vm1, v2, vm2, vh] = v;
    let st = r.len() - 6 * k;
    debug_assert!(st >= 2 && st <= 2 * k && vh.len() == 2 * k + 2);
    {
        let (v0, vinf) = (&r[..2 * k], &r[6 * k..]);
        // vm1 = O1, v1 = E1 + c0 + c6.
        half_sum_diff(v1, vm1, neg1);
        // vm2 = 2 O2, v2 = c0 + 4 c2 + 16 c4 + 64 c6, then vm2 = O2.
        half_sum_diff(v2, vm2, neg2);
        shr_assign(vm2, 1);
        // v1 = c2 + c4, v2 = c2 + 4 c4.
        sub_assign(v1, v0);
        sub_assign(v1, vinf);
        sub_assign(v2, v0);
        submul_small(v2, vinf, 64);
        shr_assign(v2, 2);
        // v2 = c4, v1 = c2.
        sub_n_assign(v2, v1);
        divexact_odd(v2, 3);
        sub_n_assign(v1, v2);
        // vh = H.
        submul_small(vh, v0, 64);
        submul_small(vh, v1, 16);
        submul_small(vh, v2, 4);
        sub_assign(vh, vinf);
        shr_assign(vh, 1);
        // vm2 = P, vh = Q.
        sub_n_assign(vm2, vm1);
        divexact_odd(vm2, 3);
        sub_n_assign(vh, vm1);
        divexact_odd(vh, 3);
        // vm1 = c3, vm2 = c5, vh = c1.
        let c = mul_1_assign(vm1, 5);
        debug_assert_eq!(c, 0);
        sub_n_assign(vm1, vm2);
        sub_n_assign(vm1, vh);
        divexact_odd(vm1, 3);
        sub_n_assign(vm2, vm1);
        divexact_odd(vm2, 5);
        sub_n_assign(vh, vm1);
        divexact_odd(vh, 5);
    }
    // r = v0 + c1 X + c2 X^2 + c3 X^3 + c4 X^4 + c5 X^5 + vinf X^6.
    r[2 * k..4 * k].copy_from_slice(&v1[..2 * k]);
    r[4 * k..6 * k].copy_from_slice(&v2[..2 * k]);
    let mut carry = add_assign(&mut r[4 * k..], &v1[2 * k..]);
    carry += add_assign(&mut r[6 * k..], &v2[2 * k..]);
    carry += add_assign(&mut r[k..], vh);
    carry += add_assign(&mut r[3 * k..], vm1);
    carry += add_truncated(&mut r[5 * k..], vm2);
    debug_assert_eq!(carry, 0);
}
