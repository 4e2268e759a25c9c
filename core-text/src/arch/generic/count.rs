//! Counting UTF-8 text: chars (bytes that are not `10xx_xxxx`) and, for valid text, UTF-16
//! units (one more per 4-byte lead, `>= 0xF0`), without validating.
//!
//! ```text
//! d(v) (per byte lane) = (v > 0xBF as i8)                          // -1 per non-continuation
//! with UNITS:   d(v) += (v > 0xEF as i8) - (v > 0xFF as i8)       // -1 more per 4-byte lead
//! per round of 4 vectors: acc[k] -= d(v[k])
//! every ROUNDS rounds: total += horizontal_sum(acc[0] + acc[1] + acc[2] + acc[3]); acc = 0
//! ```

use super::vector::Vector;
use crate::arch::scalar::utf8 as scalar;

/// The shared loop: non-continuation bytes, plus 4-byte leads with `UNITS`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn count<V: Vector, const UNITS: bool>(src: &[u8]) -> usize {
    let n = src.len();
    let p = src.as_ptr();
    let step = 4 * V::BYTES;
    // A round adds at most 1 (chars) or 2 (units) to each lane of each accumulator, and the
    // four are summed before the flush: stay below 256 per lane.
    let rounds_per_flush = if UNITS { 31 } else { 63 };
    let mut total = 0usize;
    let mut i = 0;
    // SAFETY: every load is inside `src` (`i + step <= n`); CPU per contract.
    unsafe {
        let (cont_max, three_max, ascii_min) = (V::splat8(0xBF), V::splat8(0xEF), V::splat8(0xFF));
        while i + step <= n {
            // One accumulator per vector of a round: four short chains instead of one long
            // one (the compiler folds a sum of the four back into a single chain).
            let mut acc = [V::zero(); 4];
            let mut rounds = 0;
            while rounds < rounds_per_flush && i + step <= n {
                for (k, acc) in acc.iter_mut().enumerate() {
                    let v = V::load(p.add(i + k * V::BYTES));
                    *acc = acc.sub8(v.gt_i8(cont_max));
                    if UNITS {
                        *acc = acc.sub8(v.gt_i8(three_max)).add8(v.gt_i8(ascii_min));
                    }
                }
                i += step;
                rounds += 1;
            }
            let acc = acc[0].add8(acc[1]).add8(acc[2].add8(acc[3]));
            total += acc.sum8() as usize;
        }
    }
    let rest = &src[i..];
    total + if UNITS { scalar::units_of_valid(rest) } else { scalar::count_chars(rest) }
}

/// Number of bytes of `src` that are not continuation bytes.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count_chars<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { count::<V, false>(src) }
}

/// UTF-16 length of `src`, which must be valid UTF-8 for the result to mean anything (any
/// input is memory-safe).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn utf16_len_valid<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { count::<V, true>(src) }
}
