//! x86_64 blocks: F16C (`avx2` level) and its 512-bit AVX-512F forms (`avx512` level) for f16;
//! the 32-to-16-bit narrowing of the bf16 kernels for each vector type.
//!
//! `vcvtps2ph` takes its rounding mode from the immediate: `_MM_FROUND_TO_NEAREST_INT` with
//! bit 2 clear (ties to even, whatever the MXCSR says); the AVX-512 form also suppresses
//! exceptions.

use super::generic::{F16Block, HighHalves};
use core::arch::x86_64::*;
use core_cpu::vector::{avx2::V256, avx512::V512, sse2};

/// Ties to even from the immediate (F16C's 3-bit form).
const NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT;
/// Ties to even from the immediate, exceptions suppressed (AVX-512).
const NEAREST_SAE: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// F16C at 256 bits: 8 values per instruction.
pub(crate) struct F16c;

impl F16Block for F16c {
    const LANES: usize = 8;

    #[inline(always)]
    unsafe fn widen(src: *const u16, dst: *mut f32) {
        // SAFETY: the caller guarantees F16C/AVX (the avx2 set), 8 readable u16 at `src` and
        // 8 writable f32 at `dst`; unaligned loads and stores.
        unsafe { _mm256_storeu_ps(dst, _mm256_cvtph_ps(_mm_loadu_si128(src.cast()))) }
    }

    #[inline(always)]
    unsafe fn narrow(src: *const f32, dst: *mut u16) {
        // SAFETY: as in `widen`, with the roles of the pointers swapped.
        unsafe { _mm_storeu_si128(dst.cast(), _mm256_cvtps_ph::<NEAREST>(_mm256_loadu_ps(src))) }
    }
}

/// Widens 16 binary16 values at `p` to `f32` with `vcvtph2ps zmm, m256`.
///
/// The intrinsic `_mm512_cvtph_ps` compiles to the `{sae}` form, which takes only a register
/// source, so every block costs a separate load and a shuffle-port uop; the memory form
/// widens in the load itself. Widening is exact and raises no exception but for signaling
/// NaNs (masked in the default MXCSR, and the result is the same quiet NaN either way).
///
/// # Safety
/// The CPU has AVX-512F; `p` is readable for 16 `u16` (any alignment).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn cvtph_ps_512(p: *const u16) -> __m512 {
    let out: __m512;
    // SAFETY: the caller's contract: 32 bytes read at `p`; the instruction writes only `out`.
    unsafe {
        core::arch::asm!(
            "vcvtph2ps {o}, ymmword ptr [{p}]",
            p = in(reg) p,
            o = lateout(zmm_reg) out,
            options(pure, readonly, nostack, preserves_flags),
        );
    }
    out
}

/// AVX-512F at 512 bits: 16 values per instruction.
pub(crate) struct Avx512;

impl F16Block for Avx512 {
    const LANES: usize = 16;

    #[inline(always)]
    unsafe fn widen(src: *const u16, dst: *mut f32) {
        // SAFETY: the caller guarantees AVX-512F (the avx512 set), 16 readable u16 at `src`
        // and 16 writable f32 at `dst`; unaligned loads and stores.
        unsafe { _mm512_storeu_ps(dst, cvtph_ps_512(src)) }
    }

    #[inline(always)]
    unsafe fn narrow(src: *const f32, dst: *mut u16) {
        // SAFETY: as in `widen`, with the roles of the pointers swapped.
        unsafe {
            _mm256_storeu_si256(dst.cast(), _mm512_cvtps_ph::<NEAREST_SAE>(_mm512_loadu_ps(src)))
        }
    }
}

impl HighHalves for sse2::V128 {
    #[inline(always)]
    unsafe fn high_halves(self, hi: Self) -> Self {
        // SAFETY: SSE2 is the x86_64 baseline. The arithmetic shift sign-extends each high
        // half, so the signed saturating pack keeps it exactly.
        unsafe {
            let lo = _mm_srai_epi32::<16>(self.0);
            let hi = _mm_srai_epi32::<16>(hi.0);
            sse2::V128(_mm_packs_epi32(lo, hi))
        }
    }
}

impl HighHalves for V256 {
    #[inline(always)]
    unsafe fn high_halves(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees AVX2. The pack works per 128-bit lane (lo 0-3, hi
        // 0-3, lo 4-7, hi 4-7); the permute restores memory order.
        unsafe {
            let lo = _mm256_srai_epi32::<16>(self.0);
            let hi = _mm256_srai_epi32::<16>(hi.0);
            V256(_mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi32(lo, hi)))
        }
    }
}

impl HighHalves for V512 {
    #[inline(always)]
    unsafe fn high_halves(self, hi: Self) -> Self {
        // SAFETY: the caller guarantees the avx512 set (F for `vpmovdw`).
        unsafe {
            let lo = _mm512_cvtepi32_epi16(_mm512_srli_epi32::<16>(self.0));
            let hi = _mm512_cvtepi32_epi16(_mm512_srli_epi32::<16>(hi.0));
            V512(_mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi))
        }
    }
}

/// AVX-512 FP16 between binary16 and `f64` directly, 8 values per instruction: `vcvtph2pd`
/// (exact) and `vcvtpd2ph` (one rounding, to nearest with ties to even from the instruction's
/// `{rn-sae}`, not the MXCSR; exceptions suppressed). NaNs come out quiet with the top bits of
/// their payload, as the scalar conversions make them. Used by the `avx512` kernels when the CPU
/// has the feature; the intrinsics need the unstable `f16` type, so these are `asm!`.
pub(crate) mod fp16 {
    use super::super::generic::for_blocks;
    use super::super::scalar;
    use core::arch::asm;

    /// Values per instruction.
    const LANES: usize = 8;

    /// Converts 8 binary16 values at `src` to `f64` at `dst`.
    ///
    /// # Safety
    /// The CPU has AVX-512F and AVX-512 FP16; `src` is readable for 8 `u16` and `dst`
    /// writable for 8 `f64` (any alignment).
    #[inline]
    #[target_feature(enable = "avx512f,avx512fp16")]
    unsafe fn widen(src: *const u16, dst: *mut f64) {
        // SAFETY: the caller's contract: 16 bytes read at `src`, 64 written at `dst`
        // (unaligned forms); the instructions touch only the named registers and memory.
        unsafe {
            asm!(
                "vcvtph2pd {v}, xmmword ptr [{s}]",
                "vmovupd zmmword ptr [{d}], {v}",
                s = in(reg) src,
                d = in(reg) dst,
                v = out(zmm_reg) _,
                options(nostack, preserves_flags),
            )
        }
    }

    /// Rounds 8 `f64` values at `src` to binary16 at `dst`.
    ///
    /// # Safety
    /// As [`widen`], with 64 bytes read at `src` and 16 written at `dst`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512fp16")]
    unsafe fn narrow(src: *const f64, dst: *mut u16) {
        // SAFETY: the caller's contract: 64 bytes read at `src`, 16 written at `dst`
        // (unaligned forms); the instructions touch only the named registers and memory.
        unsafe {
            asm!(
                "vmovupd {v}, zmmword ptr [{s}]",
                "vcvtpd2ph {h}, {v}, {{rn-sae}}",
                "vmovdqu xmmword ptr [{d}], {h}",
                s = in(reg) src,
                d = in(reg) dst,
                v = out(zmm_reg) _,
                h = out(xmm_reg) _,
                options(nostack, preserves_flags),
            )
        }
    }

    /// binary16 bits to `f64`, `min(src.len(), dst.len())` elements.
    ///
    /// # Safety
    /// The CPU has AVX-512F and AVX-512 FP16.
    #[target_feature(enable = "avx512f,avx512fp16")]
    pub(crate) unsafe fn f16_to_f64(src: &[u16], dst: &mut [f64]) {
        let n = src.len().min(dst.len());
        if n < LANES {
            return scalar::f16_to_f64(src, dst);
        }
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
        // SAFETY: every block lies in 0..n, inside both slices; the caller vouches for the CPU.
        for_blocks(n, LANES, |i| unsafe { widen(s.add(i), d.add(i)) });
    }

    /// `f64` to binary16 bits, `min(src.len(), dst.len())` elements, each rounded once.
    ///
    /// # Safety
    /// The CPU has AVX-512F and AVX-512 FP16.
    #[target_feature(enable = "avx512f,avx512fp16")]
    pub(crate) unsafe fn f64_to_f16(src: &[f64], dst: &mut [u16]) {
        let n = src.len().min(dst.len());
        if n < LANES {
            return scalar::f64_to_f16(src, dst);
        }
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
        // SAFETY: every block lies in 0..n, inside both slices; the caller vouches for the CPU.
        for_blocks(n, LANES, |i| unsafe { narrow(s.add(i), d.add(i)) });
    }
}

/// The `avx512` level's binary16 to `f64`: AVX-512 FP16 where the CPU has it, else through
/// `f32` blocks.
///
/// # Safety
/// The CPU has the avx512 level's features.
#[inline(always)]
pub(crate) unsafe fn f16_to_f64_avx512(src: &[u16], dst: &mut [f64]) {
    // SAFETY: the caller vouches for the level; FP16 is checked here.
    unsafe {
        if core_cpu::Feature::Avx512fp16.is_detected() {
            fp16::f16_to_f64(src, dst)
        } else {
            super::generic::f16_to_f64::<Avx512>(src, dst)
        }
    }
}

/// The `avx512` level's `f64` to binary16, as [`f16_to_f64_avx512`].
///
/// # Safety
/// The CPU has the avx512 level's features.
#[inline(always)]
pub(crate) unsafe fn f64_to_f16_avx512(src: &[f64], dst: &mut [u16]) {
    // SAFETY: the caller vouches for the level; FP16 is checked here.
    unsafe {
        if core_cpu::Feature::Avx512fp16.is_detected() {
            fp16::f64_to_f16(src, dst)
        } else {
            super::generic::f64_to_f16::<Avx512>(src, dst)
        }
    }
}
