//! Karatsuba multiplication and squaring, subtractive form.
//!
//! With `X = 2^(64 h)`, `h = ceil(a.len() / 2)`, `a = a0 + a1 X`, `b = b0 + b1 X`:
//!
//! ```text
//! a b = a0 b0 + (a0 b0 + a1 b1 - (a0 - a1)(b0 - b1)) X + a1 b1 X^2
//! ```
//!
//! Three half-size products instead of four (Karatsuba and Ofman, 1962). The differences are
//! taken as magnitudes and the sign of their product kept aside, so every product is of
//! naturals. Scratch: `2h` limbs for `|a0 - a1| |b0 - b1|`, then the recursion's.

use super::{abs_sub, mul_rec, sqr_rec};
use crate::bigint::mpn::kernels::{add_n_assign, sub_n_rev_assign};
use crate::bigint::mpn::{add_1_assign, add_assign};

/// Whether Karatsuba applies to `a.len() x b.len()` (`an >= bn`): `b` must reach past the
/// split point `ceil(an / 2)`.
#[inline]
pub(super) fn fits(an: usize, bn: usize) -> bool {
    bn > an.div_ceil(2)
}

/// `r = a * b` by one Karatsuba step (recursing through `mul_rec`), with `a.len() >= b.len()`,
/// `fits(a.len(), b.len())`, `r.len() == a.len() + b.len()` and at least `2 ceil(a.len()/2)`
/// limbs of scratch plus what the recursion needs.
pub(super) fn mul_karatsuba(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && fits(an, bn) && r.len() == an + bn);
    let h = an.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let (p, rest) = scratch.split_at_mut(2 * h);

    // |a0 - a1| and |b0 - b1| go to the free low part of r, their product to p.
    let (da, db) = r[..2 * h].split_at_mut(h);
    let negative = abs_sub(da, a0, a1) != abs_sub(db, b0, b1);
    mul_rec(p, da, db, rest);

    let (lo, hi) = r.split_at_mut(2 * h);
    mul_rec(lo, a0, b0, rest);
    mul_rec(hi, a1, b1, rest);
    add_middle(r, p, h, negative);
}

/// `r = a * a` by one Karatsuba step (recursing through `sqr_rec`), `r.len() == 2 a.len()`,
/// `a.len() >= 2`, scratch as for `mul_karatsuba`.
pub(super) fn sqr_karatsuba(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(n >= 2 && r.len() == 2 * n);
    let h = n.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    let (p, rest) = scratch.split_at_mut(2 * h);

    let da = &mut r[..h];
    abs_sub(da, a0, a1);
    sqr_rec(p, da, rest);

    let (lo, hi) = r.split_at_mut(2 * h);
    sqr_rec(lo, a0, rest);
    sqr_rec(hi, a1, rest);
    add_middle(r, p, h, false);
}

/// With `r = L + H X^2` (`L = r[..2h]`, `H = r[2h..]`) and `p = |d|` where `d` is the product of
/// the differences (negative when `negative`), adds the middle term `(L + H - d) X` to `r`.
/// `p` (2h limbs) is overwritten.
fn add_middle(r: &mut [u64], p: &mut [u64], h: usize, negative: bool) {
    debug_assert!(p.len() == 2 * h && r.len() >= 3 * h);
    let (lo, hi) = r.split_at(2 * h);
    // The middle term is a0 b1 + a1 b0 < 2 X^2, so it is p plus a top bit `c` in {0, 1}; the
    // partial carries may dip to -1 on the way.
    let mut c =
        if negative { add_n_assign(p, lo) as i64 } else { -(sub_n_rev_assign(p, lo) as i64) };
    c += add_assign(p, hi) as i64;
    debug_assert!((0..=1).contains(&c));
    let carry = add_assign(&mut r[h..], p);
    let carry = carry + add_1_assign(&mut r[3 * h..], c as u64);
    debug_assert_eq!(carry, 0);
}
