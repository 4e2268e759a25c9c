//! AVX-512 (F, BW) kernels of the ASCII module's byte operations: ignore-case equality and
//! casing, with letter tests in mask registers.
//!
//! ```text
//! letters:   k = (v - lo) <u 26  (one subtract, one compare into a mask)
//! casing:    v - 0x20 (upper) or v + 0x20 (lower) under k: one masked add
//! in place:  whole vectors, stored only where a letter changes; the bytes around them by the
//!            AVX2 kernel (no overlap, no masked store: see `make_case`)
//! into:      a masked head up to the output's first 64-byte boundary, aligned steps, a masked
//!            tail; at most 64 bytes in one masked step
//! eq_ic:     bad = (a ^ b) & !(0x20 where letter(a | 0x20)), OR-ed over four vectors; first
//!            and last vectors whole (overlapping), at most 64 bytes one masked pair
//! ```
//!
//! In place, every byte is read and written once, by one access: the generic kernel's
//! overlapping first and last vectors, called again on the same buffer, loaded bytes that two
//! earlier stores wrote in part each, which the CPU cannot forward from its store buffer (at
//! 139 bytes the stall cost about what std's whole call does).

use super::low_bits;
use crate::ascii::generic;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;
use core_cpu::vector::avx2::V256;

/// The mask of the bytes of `v` in `lo..lo + 26` (an ASCII letter range), within `m`.
///
/// # Safety
/// The CPU has AVX-512 BW.
#[inline(always)]
unsafe fn letters(m: u64, v: __m512i, lo: u8) -> u64 {
    // SAFETY: CPU per contract.
    unsafe {
        _mm512_mask_cmplt_epu8_mask(
            m,
            _mm512_sub_epi8(v, _mm512_set1_epi8(lo as i8)),
            _mm512_set1_epi8(26),
        )
    }
}

/// `v` with the bytes of mask `k` case-flipped towards `UPPER` (they are letters of the
/// other case).
///
/// # Safety
/// The CPU has AVX-512 BW.
#[inline(always)]
unsafe fn recase<const UPPER: bool>(v: __m512i, k: u64) -> __m512i {
    // SAFETY: CPU per contract.
    unsafe {
        let bit = _mm512_set1_epi8(0x20);
        if UPPER {
            _mm512_mask_sub_epi8(v, k, v, bit)
        } else {
            _mm512_mask_add_epi8(v, k, v, bit)
        }
    }
}

/// The first letter of the case to change.
const fn low<const UPPER: bool>() -> u8 {
    if UPPER {
        b'a'
    } else {
        b'A'
    }
}

/// Upper-cases (`UPPER`) or lower-cases the ASCII letters of `s` in place.
///
/// Whole 64-byte vectors, each stored only if it holds a letter to change; the bytes before
/// the first (aligned, from four vectors on) and after the last go to the AVX2 kernel, which
/// splits them into 32- and 16-byte vectors and words, none overlapping. Not masked stores:
/// a load of bytes that a masked store wrote cannot be forwarded from the store buffer, so
/// casing or reading the buffer again right after waits for the store to reach the cache
/// (upper- then lower-casing 139 bytes took 2.5 times std's time that way).
///
/// # Safety
/// The CPU has AVX-512 F and BW (and so AVX2).
#[inline(always)]
pub(crate) unsafe fn make_case<const UPPER: bool>(s: &mut [u8]) {
    let n = s.len();
    if n < 64 {
        // SAFETY: AVX2 is part of this level.
        return unsafe { generic::make_case_exact::<V256, UPPER>(s) };
    }
    let mut i = 0;
    if n >= 256 {
        i = (s.as_ptr() as usize).wrapping_neg() & 63;
        // SAFETY: AVX2 is part of this level.
        unsafe { generic::make_case_exact::<V256, UPPER>(&mut s[..i]) };
    }
    let p = s.as_mut_ptr();
    // SAFETY: loads and stores cover 64 bytes at offsets at most `n - 64`; `s` is exclusively
    // borrowed; CPU per contract.
    unsafe {
        // A macro, not a closure: closures do not inherit the caller's target features.
        macro_rules! full {
            ($i:expr) => {{
                let q = p.add($i).cast::<__m512i>();
                let v = _mm512_loadu_si512(q);
                let k = letters(!0, v, low::<UPPER>());
                if k != 0 {
                    _mm512_storeu_si512(q, recase::<UPPER>(v, k));
                }
            }};
        }
        while i + 128 <= n {
            full!(i);
            full!(i + 64);
            i += 128;
        }
        if i + 64 <= n {
            full!(i);
            i += 64;
        }
    }
    if i < n {
        // SAFETY: AVX2 is part of this level.
        unsafe { generic::make_case_exact::<V256, UPPER>(&mut s[i..]) };
    }
}

/// `src` cased to `dst` (as much as fits), every slot written initialised.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
pub(crate) unsafe fn to_case<const UPPER: bool>(src: &[u8], dst: &mut [MaybeUninit<u8>]) {
    let n = src.len().min(dst.len());
    let (p, q) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    // SAFETY: full loads of `src` and stores to `dst` cover 64 bytes at offsets at most
    // `n - 64`, masked ones only the bytes of their mask, all below `n`, the shorter length;
    // `dst` is exclusively borrowed (apart from `src`); stores write initialised bytes; CPU
    // per contract.
    unsafe {
        macro_rules! part {
            ($i:expr, $m:expr) => {{
                let v = _mm512_maskz_loadu_epi8($m, p.add($i).cast());
                let k = letters($m, v, low::<UPPER>());
                _mm512_mask_storeu_epi8(q.add($i).cast(), $m, recase::<UPPER>(v, k));
            }};
        }
        macro_rules! full {
            ($i:expr) => {{
                let v = _mm512_loadu_si512(p.add($i).cast());
                let k = letters(!0, v, low::<UPPER>());
                _mm512_storeu_si512(q.add($i).cast(), recase::<UPPER>(v, k));
            }};
        }
        if n <= 64 {
            part!(0, low_bits(n));
            return;
        }
        // Aligned stores: the output is what a step both reads back soon and writes.
        let mut i = (q as usize).wrapping_neg() & 63;
        if i != 0 {
            part!(0, low_bits(i));
        }
        while i + 128 <= n {
            full!(i);
            full!(i + 64);
            i += 128;
        }
        if i + 64 <= n {
            full!(i);
            i += 64;
        }
        if i < n {
            part!(i, low_bits(n - i));
        }
    }
}

/// Nonzero bytes where `a` and `b` differ other than in the case of an ASCII letter:
/// `(a ^ b) & !(0x20 where a | 0x20 is a lower-case letter)`, the XOR, AND-NOT folded into
/// one ternary-logic op. Kept in vectors, not masks: the compiler moves mask results through
/// general registers to combine them, three more uops a vector on the two 512-bit ports.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
unsafe fn mismatch(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: CPU per contract.
    unsafe {
        let bit = _mm512_set1_epi8(0x20);
        let letter = letters(!0, _mm512_or_si512(a, bit), b'a');
        // Truth table over (a, b, m) = (0xF0, 0xCC, 0xAA): (a ^ b) & !m = 0x3C & 0x55.
        _mm512_ternarylogic_epi32::<0x14>(a, b, _mm512_maskz_mov_epi8(letter, bit))
    }
}

/// Is some byte of `v` nonzero?
///
/// # Safety
/// The CPU has AVX-512 F.
#[inline(always)]
unsafe fn nonzero(v: __m512i) -> bool {
    // SAFETY: CPU per contract.
    unsafe { _mm512_test_epi64_mask(v, v) != 0 }
}

/// `a.eq_ignore_ascii_case(b)`.
///
/// # Safety
/// The CPU has AVX-512 F and BW.
#[inline(always)]
pub(crate) unsafe fn eq_ignore_case(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    // SAFETY: full loads read 64 bytes at offsets at most `n - 64` of either input, masked ones
    // only the bytes of their mask, all below `n`; CPU per contract.
    unsafe {
        macro_rules! part {
            ($i:expr, $m:expr) => {
                mismatch(
                    _mm512_maskz_loadu_epi8($m, pa.add($i).cast()),
                    _mm512_maskz_loadu_epi8($m, pb.add($i).cast()),
                )
            };
        }
        macro_rules! full {
            ($i:expr) => {
                mismatch(
                    _mm512_loadu_si512(pa.add($i).cast()),
                    _mm512_loadu_si512(pb.add($i).cast()),
                )
            };
        }
        if n <= 64 {
            return !nonzero(part!(0, low_bits(n)));
        }
        // The first and last vectors whole (overlapping the others: comparing bytes twice is
        // harmless, and two full loads cost less than masked ones), the steps between aligned
        // on `a`: a 64-byte load at any other offset spans two cache lines.
        let mut bad = _mm512_or_si512(full!(0), full!(n - 64));
        let mut i = 64 - (pa as usize & 63);
        while i + 256 <= n {
            let x = _mm512_or_si512(full!(i), full!(i + 64));
            let y = _mm512_or_si512(full!(i + 128), full!(i + 192));
            bad = _mm512_or_si512(bad, _mm512_or_si512(x, y));
            if nonzero(bad) {
                return false;
            }
            i += 256;
        }
        while i + 64 <= n {
            bad = _mm512_or_si512(bad, full!(i));
            i += 64;
        }
        !nonzero(bad)
    }
}
