//! The ASCII operations written once over [`Vector`], monomorphised per level by the table in
//! `ops`.
//!
//! ```text
//! reductions (is_ascii, eq_*): the first vector, then aligned steps (of the first input) of
//!             four vectors whose "bad" lanes are OR-ed before one test, then single vectors;
//!             the last vector ends at the end (overlapping: re-reading is harmless)
//! casing:     t = v + (0x80 - 'a'); m = (0x80 + 26 >s t)  -- 'a'..='z' are the 26 smallest
//!             signed bytes after the add; v ^ (m & 0x20); the last vector overlaps (casing
//!             twice is casing once); `make_case_exact`, for the AVX-512 kernel's ends, does
//!             not overlap
//! eq_ic:      bad = (a ^ b) & !(letter(a | 0x20) & 0x20)
//! eq_bytes_u16: bad = (narrow(u0, u1) ^ bytes) | (u0 | u1) & 0xFF80
//! ```
//!
//! Inputs shorter than a vector go to the kernel of half the width (`Narrow::Half`), and
//! below 16 bytes to the word-at-a-time code of `swar`, except the 8 to 15 bytes of
//! `eq_bytes_u16`, which take one 128-bit compare of two overlapping 8-byte windows.

use super::swar;
use core::mem::MaybeUninit;
use core_cpu::vector::Vector;

/// A vector type with a half-width partner for short inputs, and an 8-byte load.
///
/// # Safety
/// As for [`Vector`]: every method needs the implementing type's ISA.
#[allow(clippy::missing_safety_doc)]
pub(crate) trait Narrow: Vector {
    /// The vector of half the width; a 16-byte vector is its own.
    type Half: Narrow;
    /// The 8 bytes at `p` in the low lanes, zeros above.
    ///
    /// # Safety
    /// `p..p + 8` is readable.
    unsafe fn load_low8(p: *const u8) -> Self;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Narrow;
    use core::arch::x86_64::*;
    use core_cpu::vector::{avx2::V256, avx512::V512, sse2, sse42};

    impl Narrow for sse2::V128 {
        type Half = Self;
        #[inline(always)]
        unsafe fn load_low8(p: *const u8) -> Self {
            // SAFETY: reads `p..p + 8`, readable per the contract; SSE2 is baseline.
            unsafe { sse2::V128(_mm_loadl_epi64(p.cast())) }
        }
    }

    impl Narrow for sse42::V128 {
        type Half = Self;
        #[inline(always)]
        unsafe fn load_low8(p: *const u8) -> Self {
            // SAFETY: reads `p..p + 8`, readable per the contract; SSE2 is baseline.
            unsafe { sse42::V128(_mm_loadl_epi64(p.cast())) }
        }
    }

    impl Narrow for V256 {
        type Half = sse42::V128;
        #[inline(always)]
        unsafe fn load_low8(p: *const u8) -> Self {
            // SAFETY: reads `p..p + 8`, readable per the contract; AVX per the trait contract.
            unsafe { V256(_mm256_zextsi128_si256(_mm_loadl_epi64(p.cast()))) }
        }
    }

    impl Narrow for V512 {
        type Half = V256;
        #[inline(always)]
        unsafe fn load_low8(p: *const u8) -> Self {
            // SAFETY: reads `p..p + 8`, readable per the contract; AVX-512F per the trait
            // contract.
            unsafe { V512(_mm512_zextsi128_si512(_mm_loadl_epi64(p.cast()))) }
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use super::Narrow;
    use core::arch::aarch64::*;
    use core_cpu::vector::neon::V128;

    impl Narrow for V128 {
        type Half = Self;
        #[inline(always)]
        unsafe fn load_low8(p: *const u8) -> Self {
            // SAFETY: `vld1_u8` reads `p..p + 8`, readable per the contract; NEON is baseline.
            unsafe { V128(vcombine_u8(vld1_u8(p), vdup_n_u8(0))) }
        }
    }
}

/// The offset of the first address after `p` that is a multiple of `w` (a power of two), in
/// `1..=w`: the steps after a first unaligned vector start there, so that their loads (or
/// stores) do not straddle cache lines.
#[inline(always)]
pub(crate) fn aligned_start(p: *const u8, w: usize) -> usize {
    w - (p as usize & (w - 1))
}

/// 0xFF in each byte of `v` in `lo..lo + 26` (an ASCII letter range), else 0.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn letters<V: Vector>(v: V, lo: u8) -> V {
    // SAFETY: CPU per the contract.
    unsafe { V::splat8(0x80 + 26).gt_i8(v.add8(V::splat8(0x80 - lo))) }
}

/// `v` with its letters from `lo..lo + 26` case-flipped.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn flip<V: Vector>(v: V, lo: u8) -> V {
    // SAFETY: CPU per the contract.
    unsafe { v.xor(letters(v, lo).and(V::splat8(0x20))) }
}

/// Is every byte below 0x80?
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn is_ascii<V: Narrow>(s: &[u8]) -> bool {
    let (n, w) = (s.len(), V::BYTES);
    if n < w {
        // SAFETY: the half-width vector's ISA is part of this one's.
        return if w > 16 { unsafe { is_ascii::<V::Half>(s) } } else { swar::is_ascii(s) };
    }
    let p = s.as_ptr();
    // SAFETY: every load reads `w` bytes at an offset at most `n - w`; CPU per contract.
    unsafe {
        let mut i = aligned_start(p, w);
        while i + 4 * w <= n {
            let q = p.add(i);
            let x = V::load(q)
                .or(V::load(q.add(w)))
                .or(V::load(q.add(2 * w)).or(V::load(q.add(3 * w))));
            if x.any_high_bit() {
                return false;
            }
            i += 4 * w;
        }
        let mut acc = V::load(p.add(n - w)).or(V::load(p));
        while i + w <= n {
            acc = acc.or(V::load(p.add(i)));
            i += w;
        }
        !acc.any_high_bit()
    }
}

/// Is every unit below 0x80?
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn is_ascii_u16<V: Narrow>(s: &[u16]) -> bool {
    let (n, w) = (2 * s.len(), V::BYTES);
    if n < w {
        // SAFETY: the half-width vector's ISA is part of this one's.
        return if w > 16 { unsafe { is_ascii_u16::<V::Half>(s) } } else { swar::is_ascii_u16(s) };
    }
    let p = s.as_ptr().cast::<u8>();
    // SAFETY: every load reads `w` bytes at an offset at most `n - w` of the `n` bytes of `s`;
    // CPU per contract.
    unsafe {
        let high = V::splat16(0xFF80);
        let mut i = aligned_start(p, w);
        while i + 4 * w <= n {
            let q = p.add(i);
            let x = V::load(q)
                .or(V::load(q.add(w)))
                .or(V::load(q.add(2 * w)).or(V::load(q.add(3 * w))));
            if x.and(high).any() {
                return false;
            }
            i += 4 * w;
        }
        let mut acc = V::load(p.add(n - w)).or(V::load(p));
        while i + w <= n {
            acc = acc.or(V::load(p.add(i)));
            i += w;
        }
        !acc.and(high).any()
    }
}

/// Nonzero lanes where `va` and `vb` differ other than in the case of an ASCII letter.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn case_mismatch<V: Vector>(va: V, vb: V) -> V {
    // SAFETY: CPU per the contract.
    unsafe {
        let case = V::splat8(0x20);
        va.xor(vb).and_not(letters(va.or(case), b'a').and(case))
    }
}

/// `a.eq_ignore_ascii_case(b)`.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn eq_ignore_case<V: Narrow>(a: &[u8], b: &[u8]) -> bool {
    let (n, w) = (a.len(), V::BYTES);
    if n != b.len() {
        return false;
    }
    if n < w {
        return if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { eq_ignore_case::<V::Half>(a, b) }
        } else {
            swar::eq_ignore_case(a, b)
        };
    }
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    // SAFETY: every load reads `w` bytes at an offset at most `n - w` of either input; CPU
    // per contract.
    unsafe {
        macro_rules! pair {
            ($i:expr) => {
                case_mismatch(V::load(pa.add($i)), V::load(pb.add($i)))
            };
        }
        let mut i = aligned_start(pa, w);
        while i + 4 * w <= n {
            let x = pair!(i).or(pair!(i + w)).or(pair!(i + 2 * w).or(pair!(i + 3 * w)));
            if x.any() {
                return false;
            }
            i += 4 * w;
        }
        let mut acc = pair!(n - w).or(pair!(0));
        while i + w <= n {
            acc = acc.or(pair!(i));
            i += w;
        }
        !acc.any()
    }
}

/// Nonzero lanes where the 16-bit lanes of `va` and `vb` differ other than in the case of an
/// ASCII letter.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn case_mismatch16<V: Vector>(va: V, vb: V) -> V {
    // SAFETY: CPU per the contract.
    unsafe {
        let case = V::splat16(0x20);
        let letter = va.or(case).sub16(V::splat16(u16::from(b'a'))).le_u16(V::splat16(25));
        va.xor(vb).and_not(letter.and(case))
    }
}

/// The UTF-16 form of [`eq_ignore_case`]: units below 0x80 fold, the rest compare exactly.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn eq_ignore_case_u16<V: Narrow>(a: &[u16], b: &[u16]) -> bool {
    let (n, w) = (2 * a.len(), V::BYTES);
    if a.len() != b.len() {
        return false;
    }
    if n < w {
        return if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { eq_ignore_case_u16::<V::Half>(a, b) }
        } else {
            swar::eq_ignore_case_u16(a, b)
        };
    }
    let (pa, pb) = (a.as_ptr().cast::<u8>(), b.as_ptr().cast::<u8>());
    // SAFETY: every load reads `w` bytes at a byte offset at most `n - w` of either input's
    // `n` bytes; CPU per contract.
    unsafe {
        macro_rules! pair {
            ($i:expr) => {
                case_mismatch16(V::load(pa.add($i)), V::load(pb.add($i)))
            };
        }
        let mut i = aligned_start(pa, w);
        while i + 4 * w <= n {
            let x = pair!(i).or(pair!(i + w)).or(pair!(i + 2 * w).or(pair!(i + 3 * w)));
            if x.any() {
                return false;
            }
            i += 4 * w;
        }
        let mut acc = pair!(n - w).or(pair!(0));
        while i + w <= n {
            acc = acc.or(pair!(i));
            i += w;
        }
        !acc.any()
    }
}

/// Nonzero lanes unless the bytes `va` equal the units `u0` then `u1` and are all ASCII.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn width_mismatch<V: Vector>(va: V, u0: V, u1: V) -> V {
    // SAFETY: CPU per the contract.
    unsafe {
        // Narrowing saturates, so a unit above 0x7F could narrow to a byte that matches: the
        // 0xFF80 test rejects those units; equal bytes are then ASCII too.
        u0.pack16(u1).xor(va).or(u0.or(u1).and(V::splat16(0xFF80)))
    }
}

/// Same length, and every byte ASCII and equal to its unit.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn eq_bytes_u16<V: Narrow>(a: &[u8], b: &[u16]) -> bool {
    let (n, w) = (a.len(), V::BYTES);
    if n != b.len() {
        return false;
    }
    let (pa, pb) = (a.as_ptr(), b.as_ptr().cast::<u8>());
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            return unsafe { eq_bytes_u16::<V::Half>(a, b) };
        }
        if n < 8 {
            return swar::eq_bytes_u16(a, b);
        }
        // 8..16 bytes: two overlapping windows of 8 bytes and 8 units each (16 bytes).
        // SAFETY: the 8-byte loads read `a[0..8]` and `a[n - 8..n]`, the 16-byte ones (`w` is
        // 16 here) `b[0..8]` and `b[n - 8..n]`; CPU per contract.
        return unsafe {
            let z = V::zero();
            let lo = width_mismatch(V::load_low8(pa), V::load(pb), z);
            let hi = width_mismatch(V::load_low8(pa.add(n - 8)), V::load(pb.add(2 * (n - 8))), z);
            !lo.or(hi).any()
        };
    }
    // SAFETY: every step reads `w` bytes of `a` at an offset at most `n - w` and the `2 * w`
    // bytes of the `w` units of `b` at the same index; CPU per contract.
    unsafe {
        macro_rules! step {
            ($i:expr) => {{
                let q = pb.add(2 * $i);
                width_mismatch(V::load(pa.add($i)), V::load(q), V::load(q.add(w)))
            }};
        }
        let mut i = aligned_start(pa, w);
        while i + 2 * w <= n {
            if step!(i).or(step!(i + w)).any() {
                return false;
            }
            i += 2 * w;
        }
        let mut acc = step!(n - w).or(step!(0));
        if i + w <= n {
            acc = acc.or(step!(i));
        }
        !acc.any()
    }
}

/// Upper-cases (`UPPER`) or lower-cases the ASCII letters of `s` in place.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn make_case<V: Narrow, const UPPER: bool>(s: &mut [u8]) {
    let (n, w) = (s.len(), V::BYTES);
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { make_case::<V::Half, UPPER>(s) }
        } else {
            swar::make_case::<UPPER>(s)
        }
        return;
    }
    let lo = if UPPER { b'a' } else { b'A' };
    let p = s.as_mut_ptr();
    // SAFETY: every access covers `w` bytes at an offset at most `n - w` of `s`, which is
    // exclusively borrowed; CPU per contract.
    unsafe {
        // The first and last vectors are loaded before anything is stored and stored after
        // everything, around aligned steps: loading a vector after storing one it overlaps
        // would stall on store forwarding, and casing the overlap twice leaves it as casing
        // it once.
        let last = flip(V::load(p.add(n - w)), lo);
        let head = flip(V::load(p), lo);
        let mut i = aligned_start(p, w);
        while i + 2 * w <= n {
            let (a, b) = (V::load(p.add(i)), V::load(p.add(i + w)));
            flip(a, lo).store(p.add(i));
            flip(b, lo).store(p.add(i + w));
            i += 2 * w;
        }
        if i + w <= n {
            flip(V::load(p.add(i)), lo).store(p.add(i));
        }
        head.store(p);
        last.store(p.add(n - w));
    }
}

/// [`make_case`] reading and writing every byte once, for the AVX-512 kernel's ends.
///
/// Every byte is read and written once, by one vector (or one piece of the short code):
/// vectors that overlap (a first unaligned one beside aligned steps, a last one ending at the
/// end) store bytes twice, and a later load that spans two such stores cannot be forwarded
/// from the store buffer; casing the same buffer again (as a benchmark does, or a reader right
/// after) then waits for the stores to reach the cache. So: unaligned vectors from the start
/// while the input is short, an aligned body (its first bytes by the narrower kernel) once it
/// is sixteen vectors or more, and the rest, shorter than a vector, by the narrower kernel.
/// Vectors and words with no letter to change are not stored. At the levels below AVX-512
/// this measured slower than [`make_case`] (the extra pieces and the test per vector cost
/// more than the stall at 139 bytes), so only the AVX-512 kernel uses it.
///
/// # Safety
/// The CPU supports `V`'s level.
// Only the x86_64 AVX-512 kernel calls it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn make_case_exact<V: Narrow, const UPPER: bool>(s: &mut [u8]) {
    let (n, w) = (s.len(), V::BYTES);
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { make_case_exact::<V::Half, UPPER>(s) }
        } else {
            swar::make_case_short::<UPPER>(s)
        }
        return;
    }
    let lo = if UPPER { b'a' } else { b'A' };
    let mut i = 0;
    if n >= 16 * w {
        i = (s.as_ptr() as usize).wrapping_neg() & (w - 1);
        // SAFETY: forwarded contract (`i < w`: the half-width kernel or the short code).
        unsafe { make_case_exact::<V::Half, UPPER>(&mut s[..i]) };
    }
    let p = s.as_mut_ptr();
    // SAFETY: every access covers `w` bytes at an offset at most `n - w` of `s`, which is
    // exclusively borrowed; CPU per contract.
    unsafe {
        // A vector with no letter to change is not stored (text already in the case asked
        // for costs loads only, and its cache lines stay clean).
        macro_rules! step {
            ($i:expr) => {{
                let q = p.add($i);
                let v = V::load(q);
                let m = letters(v, lo);
                if m.any_high_bit() {
                    v.xor(m.and(V::splat8(0x20))).store(q);
                }
            }};
        }
        while i + 2 * w <= n {
            step!(i);
            step!(i + w);
            i += 2 * w;
        }
        if i + w <= n {
            step!(i);
            i += w;
        }
    }
    if i < n {
        // SAFETY: forwarded contract (fewer than `w` bytes left).
        unsafe { make_case_exact::<V::Half, UPPER>(&mut s[i..]) };
    }
}

/// `src` with its ASCII letters upper-cased (`UPPER`) or lower-cased, written to the start of
/// `dst` (as much as fits).
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_case<V: Narrow, const UPPER: bool>(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) {
    let (n, w) = (src.len().min(dst.len()), V::BYTES);
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { to_case::<V::Half, UPPER>(src, dst) }
        } else {
            swar::to_case::<UPPER>(src, dst)
        }
        return;
    }
    let lo = if UPPER { b'a' } else { b'A' };
    let (p, q) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    // SAFETY: every load reads `w` bytes of `src` and every store writes `w` bytes of `dst`
    // (exclusively borrowed, so apart from `src`) at an offset at most `n - w`, where `n` is
    // the shorter length; stores write initialised bytes only; CPU per contract.
    unsafe {
        flip(V::load(p), lo).store(q);
        let mut i = aligned_start(q, w);
        while i + 2 * w <= n {
            let (a, b) = (V::load(p.add(i)), V::load(p.add(i + w)));
            flip(a, lo).store(q.add(i));
            flip(b, lo).store(q.add(i + w));
            i += 2 * w;
        }
        if i + w <= n {
            flip(V::load(p.add(i)), lo).store(q.add(i));
            i += w;
        }
        if i < n {
            // Rewrites bytes already written with the same values.
            flip(V::load(p.add(n - w)), lo).store(q.add(n - w));
        }
    }
}

/// `v` with the 16-bit lanes in `lo..lo + 26` (an ASCII letter range) case-flipped.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
unsafe fn flip16<V: Vector>(v: V, lo: u8) -> V {
    // SAFETY: CPU per the contract.
    unsafe {
        let letter = v.sub16(V::splat16(u16::from(lo))).le_u16(V::splat16(25));
        v.xor(letter.and(V::splat16(0x20)))
    }
}

/// The UTF-16 form of [`make_case`]: units that are ASCII letters change case.
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn make_case_u16<V: Narrow, const UPPER: bool>(s: &mut [u16]) {
    let (n, w) = (2 * s.len(), V::BYTES);
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { make_case_u16::<V::Half, UPPER>(s) }
        } else {
            swar::make_case_u16::<UPPER>(s)
        }
        return;
    }
    let lo = if UPPER { b'a' } else { b'A' };
    let p = s.as_mut_ptr().cast::<u8>();
    // SAFETY: every access covers `w` bytes at a byte offset at most `n - w` of the `n` bytes
    // of `s` (even offsets: `p` is 2-aligned), which is exclusively borrowed; CPU per contract.
    unsafe {
        // As in `make_case`: first and last vectors loaded first and stored last.
        let head = flip16(V::load(p), lo);
        let last = flip16(V::load(p.add(n - w)), lo);
        let mut i = aligned_start(p, w);
        while i + w <= n {
            flip16(V::load(p.add(i)), lo).store(p.add(i));
            i += w;
        }
        head.store(p);
        last.store(p.add(n - w));
    }
}

/// The UTF-16 form of [`to_case`].
///
/// # Safety
/// The CPU supports `V`'s level.
#[inline(always)]
pub(crate) unsafe fn to_case_u16<V: Narrow, const UPPER: bool>(
    src: &[u16],
    dst: &mut [MaybeUninit<u16>],
) {
    let len = src.len().min(dst.len());
    let (n, w) = (2 * len, V::BYTES);
    if n < w {
        if w > 16 {
            // SAFETY: the half-width vector's ISA is part of this one's.
            unsafe { to_case_u16::<V::Half, UPPER>(src, dst) }
        } else {
            swar::to_case_u16::<UPPER>(src, dst)
        }
        return;
    }
    let lo = if UPPER { b'a' } else { b'A' };
    let (p, q) = (src.as_ptr().cast::<u8>(), dst.as_mut_ptr().cast::<u8>());
    // SAFETY: every load reads `w` bytes of `src` and every store writes `w` bytes of `dst`
    // (exclusively borrowed, so apart from `src`) at a byte offset at most `n - w`, where `n`
    // is twice the shorter length; stores write initialised units only; CPU per contract.
    unsafe {
        flip16(V::load(p), lo).store(q);
        let mut i = aligned_start(q, w);
        while i + w <= n {
            flip16(V::load(p.add(i)), lo).store(q.add(i));
            i += w;
        }
        flip16(V::load(p.add(n - w)), lo).store(q.add(n - w));
    }
}
