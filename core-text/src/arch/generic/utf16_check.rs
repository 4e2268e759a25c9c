//! UTF-16 surrogate pairing and UTF-8 length over vectors (after .NET #121981).
//!
//! ```text
//! per unit u:  bytes = 3 + [u < 0x80] + [u < 0x800] + [u is a surrogate]   (masks are -1)
//!              so ASCII 1, < 0x800 2, other BMP 3, each half of a pair 2
//! pairing:     hi = [u is high], lo = [u is low]
//!              error |= (hi shifted one unit along, carrying the previous vector) ^ lo
//! end:         error |= last unit is high
//! ```
//! After the first vector, "the unit before" is an unaligned load one unit back rather than
//! a lane shuffle (shuffle ports are the bottleneck, load ports are idle), and the tail is a
//! vector overlapping checked units, counted through a lane mask. Blocks whose units are all
//! ASCII skip to one test; when only validating, so do blocks without a surrogate. The deficit `3 - bytes` (0..=2 per
//! lane) is accumulated in 16-bit lanes and summed horizontally every few thousand vectors.

use super::window;
use crate::arch::scalar::utf16 as scalar;
use core_cpu::vector::Vector;

/// Units per block: 128 bytes of input.
const BLOCK: usize = 64;

struct State<V> {
    error: V,
    /// Per-unit `3 - UTF-8 length` of tail vectors (16-bit lanes).
    deficit: V,
    vectors: usize,
    /// Per-byte counts of `[u >= 0x80] + [u >= 0x800]` over whole blocks (8-bit lanes).
    up: V,
    /// Low surrogates seen in whole blocks, as negative counts (16-bit lanes).
    lows: V,
    blocks: usize,
    bytes: usize,
}

impl<V: Vector> State<V> {
    /// Checks the vector `x`, whose previous unit's vector (shifted by one unit) is `before`;
    /// with `COUNT`, adds the UTF-8 deficit of the lanes selected by `mask`.
    #[inline(always)]
    unsafe fn vector<const COUNT: bool>(&mut self, x: V, before: V, mask: Option<V>) {
        // SAFETY: CPU per the caller's contract.
        unsafe {
            let m10 = V::splat16(0xFC00);
            let high = V::splat16(0xD800);
            let top6 = x.and(m10);
            let lo = top6.eq16(V::splat16(0xDC00));
            let hi_before = before.and(m10).eq16(high);
            self.error = self.error.or(hi_before.xor(lo));
            if COUNT {
                // Sum the per-unit terms first so the accumulator sees one op per vector. For
                // well-formed input each pair has one high and one low: count `lo` twice.
                let ascii = x.and(V::splat16(0xFF80)).eq16(V::zero());
                let short = x.and(V::splat16(0xF800)).eq16(V::zero());
                let mut d = ascii.add16(short).add16(lo.add16(lo));
                if let Some(m) = mask {
                    d = d.and(m);
                }
                self.deficit = self.deficit.sub16(d);
                self.vectors += 1;
            }
        }
    }

    /// Checks the block of `BLOCK` units at `p`.
    ///
    /// # Safety
    /// `p - 1 .. p + BLOCK` units are readable; the CPU supports `V`'s level.
    #[inline(always)]
    unsafe fn block<const COUNT: bool, const TEST_ASCII: bool>(&mut self, p: *const u16) -> bool {
        let lanes = V::BYTES / 2;
        let n = BLOCK / lanes;
        // SAFETY: reads stay inside `p - 1 .. p + BLOCK`; CPU per contract.
        unsafe {
            let mut v = [V::zero(); 8];
            let mut any = V::zero();
            for (k, slot) in v.iter_mut().enumerate().take(n) {
                *slot = V::load(p.add(k * lanes).cast());
                any = any.or(*slot);
            }
            // All ASCII (or, when only validating, no surrogate at all: Latin-1, Cyrillic,
            // CJK): only a high surrogate right before the block can be wrong, and in the
            // vector one unit back it is the only unit that can be high.
            let quiet = if TEST_ASCII && !any.and(V::splat16(0xFF80)).any() {
                true
            } else if !COUNT {
                // Three operations a vector, against seven for the pairing below.
                let (m5, high) = (V::splat16(0xF800), V::splat16(0xD800));
                let mut surrogates = V::zero();
                for x in &v[..n] {
                    surrogates = surrogates.or(x.and(m5).eq16(high));
                }
                !surrogates.any()
            } else {
                false
            };
            if quiet {
                let before = V::load(p.sub(1).cast());
                self.error = self.error.or(before.and(V::splat16(0xFC00)).eq16(V::splat16(0xD800)));
                if COUNT {
                    self.bytes += BLOCK;
                }
                return true;
            }
            let (m10, high, low) = (V::splat16(0xFC00), V::splat16(0xD800), V::splat16(0xDC00));
            for (k, &x) in v.iter().enumerate().take(n) {
                let before = V::load(p.add(k * lanes).sub(1).cast());
                let lo = x.and(m10).eq16(low);
                self.error = self.error.or(before.and(m10).eq16(high).xor(lo));
                if COUNT {
                    self.lows = self.lows.add16(lo);
                }
            }
            if COUNT {
                // Two vectors at a time: w = min(u >> 5, 127) as bytes (signed saturation),
                // so [u >= 0x80] = [w > 3] and [u >= 0x800] = [w > 63]. Surrogates counted 3
                // each here are corrected by two per low surrogate (one per pair half).
                let (three, sixty_three) = (V::splat8(3), V::splat8(63));
                for pair in v[..n].chunks_exact(2) {
                    let w = pair[0].shr16::<5>().pack16(pair[1].shr16::<5>());
                    let up = w.gt_i8(three).add8(w.gt_i8(sixty_three));
                    self.up = self.up.sub8(up);
                }
                self.bytes += BLOCK;
                self.blocks += 1;
                // At most n <= 8 per byte lane per block: flush before 255.
                if self.blocks == 31 {
                    self.flush_blocks();
                }
            }
        }
        false
    }

    #[inline(always)]
    unsafe fn flush_blocks(&mut self) {
        // SAFETY: CPU per the caller's contract.
        unsafe {
            self.bytes += self.up.sum8() as usize;
            // `lows` holds -1 per low surrogate in 16-bit lanes (at most 31 * 8 per lane).
            let lows = V::zero().sub16(self.lows).sum16() as usize;
            self.bytes -= 2 * lows;
            self.up = V::zero();
            self.lows = V::zero();
        }
        self.blocks = 0;
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
pub(crate) fn resume_point(src: &[u16], b: usize) -> usize {
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
    let lanes = V::BYTES / 2;
    let n = src.len();
    if n < lanes + 1 {
        return scalar::check_from(src, 0);
    }
    let p = src.as_ptr();
    // SAFETY: CPU per contract; every load reads `lanes` units inside `src` (the first vector
    // at 0 uses a zero "unit before"; all others start at >= 1, so one unit back is inside).
    unsafe {
        let mut st = State::<V> {
            error: V::zero(),
            deficit: V::zero(),
            vectors: 0,
            up: V::zero(),
            lows: V::zero(),
            blocks: 0,
            bytes: 0,
        };
        let all = V::splat8(0xFF);
        // The first vector: nothing before it.
        let first = V::load(p.cast());
        st.vector::<COUNT>(first, first.prev2(V::zero()), Some(all));
        if COUNT {
            st.bytes += 3 * lanes;
        }
        let mut i = lanes;
        if EARLY && st.error.any() {
            return Err(0);
        }
        // Errors are tested once per group of blocks: a branch per block costs more than the
        // few blocks an early exit can save (the resume point is the group's start).
        const GROUP: usize = 4;
        while i + BLOCK <= n {
            let group_start = i;
            // The group's first block tests for ASCII; when it was not ASCII, the rest of the
            // group skips that test (text that is not ASCII tends to stay that way).
            let ascii = st.block::<COUNT, true>(p.add(i));
            i += BLOCK;
            let mut k = 1;
            while k < GROUP && i + BLOCK <= n {
                if ascii {
                    st.block::<COUNT, true>(p.add(i));
                } else {
                    st.block::<COUNT, false>(p.add(i));
                }
                i += BLOCK;
                k += 1;
            }
            if EARLY && st.error.any() {
                return Err(resume_point(src, group_start));
            }
        }
        // The rest: whole vectors, then one ending at `n` that overlaps checked units.
        let start = i;
        while i + lanes <= n {
            let x = V::load(p.add(i).cast());
            st.vector::<COUNT>(x, V::load(p.add(i - 1).cast()), Some(all));
            if COUNT {
                st.bytes += 3 * lanes;
            }
            i += lanes;
        }
        if i < n {
            let q = n - lanes;
            let x = V::load(p.add(q).cast());
            let fresh = n - i;
            let mask = V::load(window(2 * (lanes - fresh)));
            st.vector::<COUNT>(x, V::load(p.add(q - 1).cast()), Some(mask));
            if COUNT {
                st.bytes += 3 * fresh;
            }
        }
        if st.error.any() || scalar::is_high(src[n - 1]) {
            return Err(if EARLY { resume_point(src, start.min(n - 1)) } else { 0 });
        }
        if COUNT {
            st.flush_blocks();
            st.flush();
        }
        Ok(st.bytes)
    }
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
