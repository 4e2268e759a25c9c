//! Counting UTF-8 text: chars (bytes that are not `10xx_xxxx`) and, for valid text, UTF-16
//! units (one more per 4-byte lead, `>= 0xF0`), without validating.
//!
//! ```text
//! d(v) (per byte lane) = (v > 0xBF as i8)                          // -1 per non-continuation
//! with UNITS:   d(v) += (v > 0xEF as i8) - (v > 0xFF as i8)       // -1 more per 4-byte lead
//! per round of 4 vectors: acc[k] -= d(v[k])
//! every ROUNDS rounds: total += horizontal_sum(acc[0] + acc[1] + acc[2] + acc[3]); acc = 0
//! ```

use crate::arch::scalar::utf8 as scalar;
use core_cpu::vector::{Lookup, Vector};

/// The shared loop: `total += -neg_count(v)` summed over the bytes of each vector (the
/// per-byte counts are negative so that a compare's -1 serves as is), at most `max` per byte;
/// the bytes after the last whole round go to `tail`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count<V: Vector>(
    src: &[u8],
    max: usize,
    neg_count: impl Fn(V) -> V,
    tail: fn(&[u8]) -> usize,
) -> usize {
    let n = src.len();
    let p = src.as_ptr();
    let step = 4 * V::BYTES;
    // A round adds at most `max` to each lane of each accumulator, and the four are summed
    // before the flush: stay below 256 per lane.
    let rounds_per_flush = 255 / (4 * max);
    let mut total = 0usize;
    let mut i = 0;
    // SAFETY: every load is inside `src` (`i + step <= n`); CPU per contract.
    unsafe {
        while i + step <= n {
            // One accumulator per vector of a round: four short chains instead of one long
            // one (the compiler folds a sum of the four back into a single chain).
            let mut acc = [V::zero(); 4];
            let mut rounds = 0;
            while rounds < rounds_per_flush && i + step <= n {
                for (k, acc) in acc.iter_mut().enumerate() {
                    *acc = acc.sub8(neg_count(V::load(p.add(i + k * V::BYTES))));
                }
                i += step;
                rounds += 1;
            }
            let acc = acc[0].add8(acc[1]).add8(acc[2].add8(acc[3]));
            total += acc.sum8() as usize;
        }
    }
    total + tail(&src[i..])
}

/// Number of bytes of `src` that are not continuation bytes.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count_chars<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract (and the closure's vector ops run inside it).
    unsafe {
        let cont_max = V::splat8(0xBF);
        count::<V>(src, 1, |v| v.gt_i8(cont_max), scalar::count_chars)
    }
}

/// UTF-16 length of `src`, which must be valid UTF-8 for the result to mean anything (any
/// input is memory-safe). SSE2's; the levels with a byte table lookup count by table.
///
/// # Safety
/// The CPU supports `V`'s level.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn utf16_len_valid<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract (and the closure's vector ops run inside it).
    unsafe {
        let (cont_max, three_max, ascii_min) = (V::splat8(0xBF), V::splat8(0xEF), V::splat8(0xFF));
        let neg_units = |v: V| v.gt_i8(cont_max).add8(v.gt_i8(three_max)).sub8(v.gt_i8(ascii_min));
        count::<V>(src, 2, neg_units, scalar::units_of_valid)
    }
}

/// Per top four bits of a byte of valid UTF-8: minus the UTF-16 units of the char it starts
/// (0 for a continuation byte, -2 for a 4-byte lead), as bytes.
const NEG_UNITS_BY_NIBBLE: [u8; 16] =
    [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFE];

/// [`utf16_len_valid`] by a 16-entry table over each byte's top four bits: three operations
/// a vector where the compares take five.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn utf16_len_valid_by_table<V: Lookup>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract (and the closure's vector ops run inside it).
    unsafe {
        let table = V::table(&NEG_UNITS_BY_NIBBLE);
        count::<V>(src, 2, |v| v.high_nibbles().lookup(table), scalar::units_of_valid)
    }
}
