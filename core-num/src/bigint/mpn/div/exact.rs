//! Exact division (the divisor is known to divide the dividend) by Hensel's 2-adic method,
//! as proposed for multi-precision exact division by Jebelean ("An algorithm for exact
//! division", J. Symbolic Computation, 1993).
//!
//! ```text
//! strip the divisor's low zero limbs and bits (the dividend has at least as many)
//! inv = 1 / b0 mod B                      -- b0 is now odd
//! for i in 0..qn:                         -- low limb first
//!     q_i = w_i * inv mod B               -- clears limb i of the running dividend w
//!     w -= q_i * b * B^i   (mod B^qn)     -- limbs at and above qn are never needed
//! ```
//!
//! Only the low `qn` limbs of the dividend and of the divisor take part, so when the quotient
//! is short the divisor's high limbs are never read, and there is no quotient estimate and no
//! remainder. Above [`DIV_EXACT_DC`] limbs of quotient the loop is split in two halves joined
//! by one fast multiplication (the 2-adic counterpart of Burnikel–Ziegler).

use super::super::mul::mul;
use super::super::thresholds::DIV_EXACT_DC;
use super::super::{shr, sub_1_assign, sub_assign, sub_n_assign, submul_1};
use super::{divexact_1, inv_2adic};

/// `q = a / b` where `b` divides `a` exactly, `b`'s top limb is non-zero,
/// `a.len() >= b.len()` and `q.len() == a.len() - b.len() + 1`.
pub(crate) fn divexact(q: &mut [u64], a: &[u64], b: &[u64]) {
    divexact_with(q, a, b, DIV_EXACT_DC);
}

/// [`divexact`] with the recursive cut-over as a parameter (tests drive it low).
pub(crate) fn divexact_with(q: &mut [u64], a: &[u64], b: &[u64], cut: usize) {
    let qn = q.len();
    debug_assert!(!b.is_empty() && b[b.len() - 1] != 0 && a.len() >= b.len());
    debug_assert_eq!(qn, a.len() - b.len() + 1);
    if b.len() == 1 {
        divexact_1(q, a, b[0]);
        return;
    }
    // Low zero limbs of b: a has at least as many, and they do not change the quotient.
    let t = b.iter().position(|&x| x != 0).unwrap_or(0);
    let (a, b) = (&a[t..], &b[t..]);
    let s = b[0].trailing_zeros();
    // Shifted copies of the low qn limbs of a and the low min(bn, qn) limbs of b.
    let bl = b.len().min(qn);
    let mut buf = alloc::vec![0u64; qn + bl];
    let (w, bs) = buf.split_at_mut(qn);
    shifted_prefix(w, a, s);
    shifted_prefix(bs, b, s);
    // b >> s may have lost its top limb; high zero limbs of bs are harmless but cost time.
    let bl = super::super::normalized_len(bs);
    let bs = &bs[..bl];
    let inv = inv_2adic(bs[0]);
    let mut tp = if bl >= cut { alloc::vec![0u64; 2 * bl] } else { alloc::vec::Vec::new() };
    hensel_q(q, w, bs, inv, &mut tp, cut);
}

/// `r = (x >> s)` truncated to `r.len()` limbs, reading one limb past when there is one.
fn shifted_prefix(r: &mut [u64], x: &[u64], s: u32) {
    let n = r.len();
    if s == 0 {
        r.copy_from_slice(&x[..n]);
    } else if x.len() > n {
        shr(r, &x[..n], s);
        r[n - 1] |= x[n] << (64 - s);
    } else {
        shr(r, &x[..n], s);
    }
}

/// `q = w / b mod B^q.len()` for odd `b[0]` with `inv * b[0] == 1 mod B`; `w` has `q.len()`
/// limbs and is consumed; `b` has at most `q.len()` limbs. `tp`: `2 * b.len()` limbs of
/// scratch when the recursion is used.
fn hensel_q(q: &mut [u64], w: &mut [u64], b: &[u64], inv: u64, tp: &mut [u64], cut: usize) {
    let qn = q.len();
    let bn = b.len();
    debug_assert!(w.len() == qn && bn <= qn && bn >= 1);
    if bn < cut || qn < 2 {
        hensel_q_basecase(q, w, b, inv);
    } else if bn * 2 <= qn {
        // Long quotient: blocks of bn limbs, low first, each a balanced problem.
        let mut off = 0;
        while off < qn {
            let k = bn.min(qn - off);
            let bk = super::super::normalized(&b[..k]);
            hensel_q(&mut q[off..off + k], &mut w[off..off + k], bk, inv, tp, cut);
            if off + k < qn {
                let t = &mut tp[..k + bn];
                mul(t, b, &q[off..off + k]);
                subtract_high(&mut w[off..], t, k);
            }
            off += k;
        }
    } else {
        // Balanced: low half first, then its contribution leaves the high half of w.
        let l = qn / 2;
        let bl = super::super::normalized(&b[..bn.min(l)]);
        hensel_q(&mut q[..l], &mut w[..l], bl, inv, tp, cut);
        let t = &mut tp[..l + bn];
        if l >= bn {
            mul(t, &q[..l], b);
        } else {
            mul(t, b, &q[..l]);
        }
        subtract_high(w, t, l);
        let bh = super::super::normalized(&b[..bn.min(qn - l)]);
        hensel_q(&mut q[l..], &mut w[l..], bh, inv, tp, cut);
    }
}

/// `w -= t` from limb `k` up, modulo `B^w.len()` (the low `k` limbs of `t` cancel `w`'s).
fn subtract_high(w: &mut [u64], t: &[u64], k: usize) {
    let wn = w.len();
    if t.len() >= wn {
        sub_n_assign(&mut w[k..], &t[k..wn]);
    } else {
        sub_assign(&mut w[k..], &t[k..]);
    }
}

/// The limb-by-limb loop of [`hensel_q`].
fn hensel_q_basecase(q: &mut [u64], w: &mut [u64], b: &[u64], inv: u64) {
    let qn = q.len();
    let bn = b.len();
    for i in 0..qn {
        let qi = w[i].wrapping_mul(inv);
        q[i] = qi;
        let len = bn.min(qn - i);
        let borrow = submul_1(&mut w[i..i + len], &b[..len], qi);
        if i + len < qn {
            sub_1_assign(&mut w[i + len..], borrow);
        }
    }
}
