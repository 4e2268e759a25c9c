//! Division of natural numbers.
//!
//! | size of the divisor          | algorithm                                                |
//! |------------------------------|----------------------------------------------------------|
//! | one limb                     | 2/1 steps with a precomputed reciprocal ([`single`])     |
//! | below [`DIV_BZ`] limbs       | Knuth D with the 3/2 reciprocal estimate ([`schoolbook`]) |
//! | from [`DIV_BZ`] limbs        | Burnikel–Ziegler recursion over fast multiplication ([`bz`]) |
//! | from [`DIV_NEWTON`] limbs    | Newton reciprocal, two multiplications per block ([`newton`]) |
//! | exact division               | Hensel / Jebelean 2-adic division, low limb first ([`exact`]) |
//! | quotient only, from [`DIV_APPR`] limbs | the low `n - 2` quotient limbs approximately, over a shrinking divisor ([`divappr`]) |
//!
//! The general entry point normalises once (shifts divisor and dividend left so the divisor's
//! top bit is set; a normalised divisor is used in place), computes the 3/2 reciprocal of the
//! divisor's top two limbs once, and hands the normalised operands down; the remainder is
//! shifted back at the end. [`div_q`] and [`div_r`] skip the remainder or keep the quotient in
//! scratch; the scratch of small divisions lives on the stack.

mod bz;
mod divappr;
mod exact;
mod newton;
pub(crate) mod reciprocal;
pub(crate) mod schoolbook;
mod single;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_small;

#[cfg(test)]
use super::normalized;
use super::thresholds::{DIV_APPR, DIV_APPR_CHUNK, DIV_BZ, DIV_NEWTON};
use super::{add_1_assign, shl, shr};
#[cfg(test)]
use alloc::vec::Vec;

pub(crate) use exact::divexact;
pub(crate) use single::{div_rem_1, divexact_1, inv_2adic, rem_1};

/// Scratch limbs (normalised copies, and the quotient when the caller drops it) that
/// [`div_rem`] and friends keep on the stack rather than the heap.
const STACK_LIMBS: usize = 256;

/// A smaller stack buffer for small divisions, so they do not clear all of [`STACK_LIMBS`]
/// (clearing is a visible part of a division of a few hundred nanoseconds).
const SMALL_STACK_LIMBS: usize = 64;

/// The cut-overs of [`div_rem`], as a value so tests can move them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cuts {
    /// Smallest divisor divided by Burnikel–Ziegler (at least 4).
    pub(crate) bz: usize,
    /// Smallest divisor and quotient length divided through a Newton reciprocal.
    pub(crate) newton: usize,
    /// Smallest divisor whose quotient-only division goes through [`divappr`] (at least 3;
    /// `usize::MAX` never).
    pub(crate) appr: usize,
    /// Smallest chunk of quotient limbs per kernel call in [`divappr`].
    pub(crate) chunk: usize,
}

impl Cuts {
    /// The tuned values from `thresholds.rs`.
    pub(crate) const TUNED: Cuts =
        Cuts { bz: DIV_BZ, newton: DIV_NEWTON, appr: DIV_APPR, chunk: DIV_APPR_CHUNK };
}

/// `q = a / b`, `r = a % b`, where `b`'s top limb is non-zero, `a.len() >= b.len()`,
/// `q.len() == a.len() - b.len() + 1` and `r.len() == b.len()`.
pub(crate) fn div_rem(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64]) {
    div_rem_with(q, r, a, b, Cuts::TUNED);
}

/// `q = a / b` only, with [`div_rem`]'s contract (no remainder is shifted back or stored).
pub(crate) fn div_q(q: &mut [u64], a: &[u64], b: &[u64]) {
    divide(Some(q), None, a, b, Cuts::TUNED);
}

/// `r = a % b` only, with [`div_rem`]'s contract (the quotient goes to scratch).
pub(crate) fn div_r(r: &mut [u64], a: &[u64], b: &[u64]) {
    divide(None, Some(r), a, b, Cuts::TUNED);
}

/// [`div_rem`] with the cut-overs as a parameter.
pub(crate) fn div_rem_with(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64], cuts: Cuts) {
    divide(Some(q), Some(r), a, b, cuts);
}

/// The common body: whichever of quotient and remainder the caller wants.
fn divide(q: Option<&mut [u64]>, r: Option<&mut [u64]>, a: &[u64], b: &[u64], cuts: Cuts) {
    let n = b.len();
    let m = a.len();
    debug_assert!(n >= 1 && b[n - 1] != 0 && m >= n);
    debug_assert!(q.as_ref().is_none_or(|q| q.len() == m - n + 1));
    debug_assert!(r.as_ref().is_none_or(|r| r.len() == n));
    if n == 1 {
        let rem = match q {
            Some(q) => div_rem_1(q, a, b[0]),
            None => rem_1(a, b[0]),
        };
        if let Some(r) = r {
            r[0] = rem;
        }
        return;
    }
    // The shifted divisor (a normalised one is used in place), the normalised dividend plus
    // one limb, and the quotient when the caller drops it.
    let shifted = b[n - 1].leading_zeros() != 0;
    let need = if shifted { n } else { 0 } + m + 1 + if q.is_none() { m - n + 1 } else { 0 };
    if need <= SMALL_STACK_LIMBS {
        let mut stack = [0u64; SMALL_STACK_LIMBS];
        div_rem_normalising(q, r, a, b, &mut stack[..need], cuts);
    } else if need <= STACK_LIMBS {
        let mut stack = [0u64; STACK_LIMBS];
        div_rem_normalising(q, r, a, b, &mut stack[..need], cuts);
    } else {
        div_rem_normalising(q, r, a, b, &mut alloc::vec![0u64; need], cuts);
    }
}

/// The body of [`divide`] for `b.len() >= 2`, with `buf` for the shifted divisor (unless
/// `b` is normalised already), the normalised dividend (`a.len() + 1` limbs) and, when `q` is
/// `None`, the quotient, in that order.
fn div_rem_normalising(
    q: Option<&mut [u64]>,
    r: Option<&mut [u64]>,
    a: &[u64],
    b: &[u64],
    buf: &mut [u64],
    cuts: Cuts,
) {
    let (n, m) = (b.len(), a.len());
    let s = b[n - 1].leading_zeros();
    let (bn, rest): (&[u64], &mut [u64]) = if s == 0 {
        (b, buf)
    } else {
        let (bn, rest) = buf.split_at_mut(n);
        shl(bn, b, s);
        (bn, rest)
    };
    let (an, qs) = rest.split_at_mut(m + 1);
    let q = match q {
        Some(q) => q,
        None => qs,
    };
    if s == 0 {
        an[..m].copy_from_slice(a);
        an[m] = 0;
    } else {
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
        if r.is_none() && qn >= 1 && n >= cuts.appr.max(3) {
            div_q_appr(&mut q[..qn], &mut an[..nn], bn, v, cuts, a, b)
        } else {
            bz::div_qr(&mut q[..qn], &mut an[..nn], bn, v, cuts.bz.max(4))
        }
    };
    if nn == m {
        q[qn] = qh;
    } else {
        debug_assert_eq!(qh, 0);
    }
    if let Some(r) = r {
        if s == 0 {
            r.copy_from_slice(&an[..n]);
        } else {
            shr(r, &an[..n], s);
        }
    }
}

/// The quotient alone of the normalised `an` by the normalised `bn` (`n >= 3`), as
/// [`bz::div_qr`] returns it: the quotient limbs above the low `n - 2` exactly (when there
/// are any), then the low ones from [`divappr`] over the remainder, checked against the
/// original `a` and `b` only when the guard limb is too close to call.
fn div_q_appr(
    q: &mut [u64],
    an: &mut [u64],
    bn: &[u64],
    v: u64,
    cuts: Cuts,
    a: &[u64],
    b: &[u64],
) -> u64 {
    let (n, qn) = (bn.len(), q.len());
    let cut = cuts.bz.max(4);
    let ql = qn.min(n - 2);
    let mut top = 0;
    if ql < qn {
        // The high quotient limbs exactly; the remainder replaces an[ql..ql + n].
        top = bz::div_qr(&mut q[ql..], &mut an[ql..], bn, v, cut);
    }
    let (hi, guard) = divappr::divappr_q(&mut q[..ql], &mut an[..ql + n], bn, v, cuts.chunk, cut);
    // The approximation can overshoot into the exact part (`add_1_assign` hands `hi` back
    // when there is none).
    top += add_1_assign(&mut q[ql..], hi);
    divappr::fix(q, top, guard, a, b)
}

/// `(a / b, a % b)` for any lengths (high zero limbs allowed), both results normalised (no
/// high zero limbs; zero is empty).
///
/// Only tests use it: the `BigUint` wrappers divide straight into their own buffers.
///
/// # Panics
///
/// When `b` is zero, like the primitive integer division.
#[cfg(test)]
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
