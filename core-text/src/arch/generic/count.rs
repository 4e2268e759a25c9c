//! Counting chars of UTF-8 text: bytes that are not `10xx_xxxx`.
//!
//! ```text
//! acc (per byte lane) -= (v > 0xBF as i8)   // +1 for every non-continuation byte
//! every 63 rounds of 4 vectors: total += horizontal_sum(acc); acc = 0
//! ```

use super::vector::Vector;
use crate::arch::scalar::utf8 as scalar;

/// Number of bytes of `src` that are not continuation bytes.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn count_chars<V: Vector>(src: &[u8]) -> usize {
    let n = src.len();
    let p = src.as_ptr();
    let step = 4 * V::BYTES;
    let mut total = 0usize;
    let mut i = 0;
    // SAFETY: every load is inside `src` (`i + step <= n`); CPU per contract.
    unsafe {
        let cont_max = V::splat8(0xBF);
        while i + step <= n {
            let mut acc = V::zero();
            // Each round adds at most 4 per lane; 63 rounds stay below 256.
            let mut rounds = 0;
            while rounds < 63 && i + step <= n {
                for k in 0..4 {
                    let v = V::load(p.add(i + k * V::BYTES));
                    acc = acc.sub8(v.gt_i8(cont_max));
                }
                i += step;
                rounds += 1;
            }
            total += acc.sum8() as usize;
        }
    }
    total + scalar::count_chars(&src[i..])
}
