//! Products of operands of very different lengths.
//!
//! When `b` is at most half as long as `a`, `a` is cut into pieces of `b.len()` limbs and each
//! piece is multiplied by `b` with the balanced ladder, the partial products accumulated in
//! place:
//!
//! ```text
//! r = sum_i (a_i * b) X^i,   a = sum_i a_i X^i,   X = 2^(64 b.len())
//! ```
//!
//! A remainder shorter than `b.len() / 2` joins the first piece (a 3:2 shape, still
//! balanced enough for Toom-3) instead of making a lopsided last product. Each partial product
//! lands in `r` at its offset; the `b.len()` limbs it overlaps with the previous one are saved
//! first and added back. Scratch: `b.len()` limbs plus what the recursion needs (pieces of up
//! to `1.5 b.len()` limbs).
//!
//! Measured against Toom-3.2 over the whole of `a` (development machine, `b` of 300 and 1000
//! limbs): Toom-3.2 wins by about 10 % between 3:2 and 2:1, the two are even around 2.2:1 and
//! the chunked form wins beyond, by 5-15 % towards 3:1. So the ladder switches to chunks at
//! 2:1, where Karatsuba stops fitting anyway.

use super::mul_rec;
use crate::bigint::mpn::add_assign;

/// `r = a * b` with `a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`, by `b`-sized
/// pieces of `a`; scratch `b.len()` limbs plus `mul_scratch_len(b.len())`.
pub(super) fn mul_chunked(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && bn >= 1 && r.len() == an + bn);
    let (saved, rest) = scratch.split_at_mut(bn);
    // The first piece also takes a remainder shorter than bn / 2, so no piece is lopsided.
    let first = if an % bn < bn.div_ceil(2) && an >= 2 * bn { bn + an % bn } else { bn.min(an) };
    mul_rec(&mut r[..first + bn], &a[..first], b, rest);
    let mut at = first;
    while at < an {
        let len = bn.min(an - at);
        saved.copy_from_slice(&r[at..at + bn]);
        let dst = &mut r[at..at + len + bn];
        mul_rec(dst, b, &a[at..at + len], rest);
        let carry = add_assign(dst, saved);
        debug_assert_eq!(carry, 0);
        at += len;
    }
}
