//! UTF-16 surrogate pairing and UTF-8 length over vectors (after .NET #121981).
//!
//! ```text
//! per unit u:  bytes = 3 + [u < 0x80] + [u < 0x800] + [u is a surrogate]   (masks are -1)
//!              so ASCII 1, < 0x800 2, other BMP 3, each half of a pair 2
//! pairing:     hi = [u is high], lo = [u is low]
//!              error |= (hi shifted one unit along, carrying the previous vector) ^ lo
//! end:         error |= last unit is high
//! ```
//! Blocks whose units are all ASCII skip to one test. The deficit `3 - bytes` (0..=2 per
//! lane) is accumulated in 16-bit lanes and summed horizontally every few thousand vectors.

use super::vector::Vector;
use crate::arch::scalar::utf16 as scalar;

/// Units per block: 64 bytes of input.
const BLOCK: usize = 32;

struct State<V> {
    error: V,
    prev_high: V,
    deficit: V,
    vectors: usize,
    bytes: usize,
}

impl<V: Vector> State<V> {
    /// # Safety
    /// `p..p + BLOCK` units are readable; the CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn block<const COUNT: bool>(&mut self, p: *const u16) {
        let lanes = V::BYTES / 2;
        let n = BLOCK / lanes;
        // SAFETY: reads stay inside the block; CPU per contract.
        unsafe {
            let mut v = [V::zero(); 4];
            let mut any = V::zero();
            for (k, slot) in v.iter_mut().enumerate().take(n) {
                *slot = V::load(p.add(k * lanes).cast());
                any = any.or(*slot);
            }
            if !any.and(V::splat16(0xFF80)).any() {
                // All ASCII: only a high surrogate ending the previous block can be wrong.
                self.error = self.error.or(V::zero().prev2(self.prev_high));
                self.prev_high = V::zero();
                if COUNT {
                    self.bytes += BLOCK;
                }
                return;
            }
            let (m10, high, low) = (V::splat16(0xFC00), V::splat16(0xD800), V::splat16(0xDC00));
            for &x in v.iter().take(n) {
                let top6 = x.and(m10);
                let hi = top6.eq16(high);
                let lo = top6.eq16(low);
                self.error = self.error.or(hi.prev2(self.prev_high).xor(lo));
                self.prev_high = hi;
                if COUNT {
                    let ascii = x.and(V::splat16(0xFF80)).eq16(V::zero());
                    let top5 = x.and(V::splat16(0xF800));
                    let short = top5.eq16(V::zero());
                    let surrogate = top5.eq16(high);
                    self.deficit = self.deficit.sub16(ascii).sub16(short).sub16(surrogate);
                }
            }
            if COUNT {
                self.bytes += 3 * BLOCK;
                self.vectors += n;
                // At most 2 per lane per vector: flush well before 65,536.
                if self.vectors >= 16_384 {
                    self.flush();
                }
            }
        }
    }

    #[inline(always)]
    unsafe fn flush(&mut self) {
        // SAFETY: CPU per the caller's contract.
        unsafe {
            self.bytes -= self.deficit.sum16() as usize;
            self.deficit = V::zero();
        }
        self.vectors = 0;
    }
}

/// Where a scalar re-scan should start after the block at `b` failed: one unit earlier when
/// a high surrogate ends the previous block (it may be the unpaired one).
#[inline]
fn resume_point(src: &[u16], b: usize) -> usize {
    if b > 0 && scalar::is_high(src[b - 1]) {
        b - 1
    } else {
        b
    }
}

/// The shared scan. `COUNT`: return the UTF-8 length. `EARLY`: return `Err(resume point)` at
/// the first failing block; otherwise `Err(0)` after the whole input.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn scan<V: Vector, const COUNT: bool, const EARLY: bool>(
    src: &[u16],
) -> Result<usize, usize> {
    let n = src.len();
    let p = src.as_ptr();
    let mut st = State::<V> {
        // SAFETY: CPU per contract.
        error: unsafe { V::zero() },
        // SAFETY: CPU per contract.
        prev_high: unsafe { V::zero() },
        // SAFETY: CPU per contract.
        deficit: unsafe { V::zero() },
        vectors: 0,
        bytes: 0,
    };
    let mut i = 0;
    // SAFETY: block reads stay inside `src` or the padded copy; CPU per contract.
    unsafe {
        while i + BLOCK <= n {
            st.block::<COUNT>(p.add(i));
            if EARLY && st.error.any() {
                return Err(resume_point(src, i));
            }
            i += BLOCK;
        }
        if i < n {
            let mut pad = [0u16; BLOCK];
            pad[..n - i].copy_from_slice(&src[i..]);
            st.block::<COUNT>(pad.as_ptr());
            if COUNT {
                st.flush();
                // Each zero of padding counted one byte.
                st.bytes -= BLOCK - (n - i);
            }
            if EARLY && st.error.any() {
                return Err(resume_point(src, i));
            }
        } else {
            // A high surrogate as the very last unit.
            st.error = st.error.or(V::zero().prev2(st.prev_high));
        }
        if st.error.any() {
            return Err(if EARLY { resume_point(src, n.saturating_sub(1)) } else { 0 });
        }
        if COUNT {
            st.flush();
        }
    }
    Ok(st.bytes)
}

/// Is every surrogate of `src` paired?
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn validate<V: Vector>(src: &[u16]) -> bool {
    // SAFETY: forwarded contract.
    unsafe { scan::<V, false, false>(src).is_ok() }
}

/// UTF-8 length of well-formed `src`, or `Err(resume point)` (see `Kernels::utf16_check`).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn check<V: Vector>(src: &[u16]) -> Result<usize, usize> {
    // SAFETY: forwarded contract.
    unsafe { scan::<V, true, true>(src) }
}
