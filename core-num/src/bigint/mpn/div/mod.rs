//! Division of natural numbers.
//!
//! | size of the divisor          | algorithm                                                |
//! |------------------------------|----------------------------------------------------------|
//! | one limb                     | 2/1 steps with a precomputed reciprocal ([`single`])     |
//! | below [`DIV_BZ`] limbs       | Knuth D with the 3/2 reciprocal estimate ([`schoolbook`]) |
//! | from [`DIV_BZ`] limbs        | Burnikel–Ziegler recursion over fast multiplication ([`bz`]) |
//! | from [`DIV_NEWTON`] limbs    | Newton reciprocal, two multiplications per block ([`newton`]) |
//! | exact division               | Hensel / Jebelean 2-adic division, low limb first ([`exact`]) |
//!
//! The general entry point normalises once (shifts divisor and dividend left so the divisor's
//! top bit is set), computes the 3/2 reciprocal of the divisor's top two limbs once, and
//! hands the normalised operands down; the remainder is shifted back at the end.

mod bz;
mod exact;
mod newton;
mod reciprocal;
mod schoolbook;
mod single;

#[cfg(test)]
mod tests;
#[cfg(all(test, feature = "std", target_os = "linux"))]
mod timing;

use super::thresholds::{DIV_BZ, DIV_NEWTON};
use super::{normalized, shl, shr};
use alloc::vec::Vec;

pub(crate) use exact::divexact;
pub(crate) use single::{div_rem_1, divexact_1, inv_2adic, rem_1};

/// Dividend plus divisor lengths that fit the on-stack buffer of [`div_rem`].
const STACK_LIMBS: usize = 128;

/// The cut-overs of [`div_rem`], as a value so tests and timings can move them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cuts {
    /// Smallest divisor divided by Burnikel–Ziegler (at least 4).
    pub(crate) bz: usize,
    /// Smallest divisor and quotient length divided through a Newton reciprocal.
    pub(crate) newton: usize,
}

impl Cuts {
    /// The tuned values from `thresholds.rs`.
    pub(crate) const TUNED: Cuts = Cuts { bz: DIV_BZ, newton: DIV_NEWTON };
}

/// `q = a / b`, `r = a % b`, where `b`'s top limb is non-zero, `a.len() >= b.len()`,
/// `q.len() == a.len() - b.len() + 1` and `r.len() == b.len()`.
pub(crate) fn div_rem(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64]) {
    div_rem_with(q, r, a, b, Cuts::TUNED);
}

/// [`div_rem`] with the cut-overs as a parameter.
pub(crate) fn div_rem_with(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64], cuts: Cuts) {
    let n = b.len();
    let m = a.len();
    debug_assert!(n >= 1 && b[n - 1] != 0 && m >= n);
    debug_assert!(q.len() == m - n + 1 && r.len() == n);
    if n == 1 {
        r[0] = div_rem_1(q, a, b[0]);
        return;
    }
    let need = n + m + 1;
    if need <= STACK_LIMBS {
        let mut stack = [0u64; STACK_LIMBS];
        div_rem_normalising(q, r, a, b, &mut stack[..need], cuts);
    } else {
        div_rem_normalising(q, r, a, b, &mut alloc::vec![0u64; need], cuts);
    }
}

/// The body of [`div_rem_with`] for `b.len() >= 2`, with `buf` (`a.len() + b.len() + 1`
/// limbs) for the normalised copies.
fn div_rem_normalising(
    q: &mut [u64],
    r: &mut [u64],
    a: &[u64],
    b: &[u64],
    buf: &mut [u64],
    cuts: Cuts,
) {
    let (n, m) = (b.len(), a.len());
    let (bn, an) = buf.split_at_mut(n);
    let s = b[n - 1].leading_zeros();
    if s == 0 {
        bn.copy_from_slice(b);
        an[..m].copy_from_slice(a);
        an[m] = 0;
    } else {
        shl(bn, b, s);
        an[m] = shl(&mut an[..m], a, s);
    }
    // Drop the extra limb when the shift did not fill it; the top quotient limb then comes
    // back as the return value.
    let nn = if an[m] == 0 { m } else { m + 1 };
    let qn = nn - n;
    let qh = if n >= cuts.newton && qn >= cuts.newton {
        newton::div_qr(&mut q[..qn], &mut an[..nn], bn)
    } else {
        let v = reciprocal::reciprocal_3by2(bn[n - 1], bn[n - 2]);
        bz::div_qr(&mut q[..qn], &mut an[..nn], bn, v, cuts.bz.max(4))
    };
    if nn == m {
        q[qn] = qh;
    } else {
        debug_assert_eq!(qh, 0);
    }
    if s == 0 {
        r.copy_from_slice(&an[..n]);
    } else {
        shr(r, &an[..n], s);
    }
}

/// `(a / b, a % b)` for any lengths (high zero limbs allowed), both results normalised (no
/// high zero limbs; zero is empty).
///
/// # Panics
///
/// When `b` is zero, like the primitive integer division.
pub(crate) fn div_rem_alloc(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let a = normalized(a);
    let b = normalized(b);
    assert!(!b.is_empty(), "attempt to divide by zero");
    if a.len() < b.len() {
        return (Vec::new(), a.to_vec());
    }
    let mut q = alloc::vec![0u64; a.len() - b.len() + 1];
    let mut r = alloc::vec![0u64; b.len()];
    div_rem(&mut q, &mut r, a, b);
    let qn = normalized(&q).len();
    q.truncate(qn);
    let rn = normalized(&r).len();
    r.truncate(rn);
    (q, r)
}
