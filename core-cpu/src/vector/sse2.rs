//! SSE2 (the x86-64 baseline): [`Vector`] for `__m128i`.
//!
//! SSE2 has no byte table lookup (`pshufb` is SSSE3), so this type implements neither
//! [`Lookup`](super::Lookup) nor [`Shuffle`](super::Shuffle): kernels at this level use their
//! lookup-free algorithms.

use super::Vector;
use core::arch::x86_64::*;

/// A 128-bit SSE2 register.
///
/// # Examples
/// ```
/// use core_cpu::vector::{sse2::V128, Vector};
/// let bytes = *b"ascii then \xC3\xA9 ok";
/// // SAFETY: SSE2 is baseline on x86_64; `bytes` holds 16 bytes.
/// let first = unsafe { V128::load(bytes.as_ptr()).first_high_bit() };
/// assert_eq!(first, 11);
/// ```
#[derive(Clone, Copy)]
pub struct V128(pub __m128i);

// SAFETY (every method): SSE2 is part of the x86_64 baseline, so these intrinsics are always
// available; pointer methods document their own obligations in the trait.
impl Vector for V128 {
    const BYTES: usize = 16;

    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_setzero_si128()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(w: u16) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_set1_epi16(w as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes; loadu has no alignment need.
        unsafe { V128(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes; storeu has no alignment need.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_or_si128(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_and_si128(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_xor_si128(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn and_not(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_andnot_si128(o.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_cmpeq_epi8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn gt_i8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_cmpgt_epi8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn min_u8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_min_epu8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn max_u8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_max_epu8(self.0, o.0)) }
    }
    // SSE2 has no unsigned 16-bit minimum (SSE4.1 does): `a - (a -sat b)` and
    // `b + (a -sat b)`.
    #[inline(always)]
    unsafe fn min_u16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_sub_epi16(self.0, _mm_subs_epu16(self.0, o.0))) }
    }
    #[inline(always)]
    unsafe fn max_u16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_add_epi16(o.0, _mm_subs_epu16(self.0, o.0))) }
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_cmpeq_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn add8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_add_epi8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn sub8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_sub_epi8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn subs_u8(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_subs_epu8(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_add_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_sub_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_or_si128(_mm_slli_si128::<1>(self.0), _mm_srli_si128::<15>(prev.0))) }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_or_si128(_mm_slli_si128::<2>(self.0), _mm_srli_si128::<14>(prev.0))) }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_or_si128(_mm_slli_si128::<3>(self.0), _mm_srli_si128::<13>(prev.0))) }
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) != 0xFFFF }
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { _mm_movemask_epi8(self.0) != 0 }
    }
    #[inline(always)]
    unsafe fn first_high_bit(self) -> usize {
        // SAFETY: SSE2 is baseline on x86_64.
        let m = unsafe { _mm_movemask_epi8(self.0) } as u32;
        (m | 1 << 16).trailing_zeros() as usize
    }
    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe {
            let s = _mm_sad_epu8(self.0, _mm_setzero_si128());
            (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_srli_si128::<8>(s))) as u64
        }
    }
    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe {
            let lo = V128(_mm_and_si128(self.0, _mm_set1_epi16(0xFF)));
            let hi = V128(_mm_srli_epi16::<8>(self.0));
            lo.sum8() + (hi.sum8() << 8)
        }
    }
    #[inline(always)]
    unsafe fn splat32(d: u32) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_set1_epi32(d as i32)) }
    }
    #[inline(always)]
    unsafe fn gt_i32(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_cmpgt_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn mullo16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_mullo_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn mulhi_u16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_mulhi_epu16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn madd_i16(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_madd_epi16(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_add_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_sub_epi32(self.0, o.0)) }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_slli_epi16::<N>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_srli_epi16::<N>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_slli_epi32::<N>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_srli_epi32::<N>(self.0)) }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe {
            let z = _mm_setzero_si128();
            (V128(_mm_unpacklo_epi8(self.0, z)), V128(_mm_unpackhi_epi8(self.0, z)))
        }
    }
    #[inline(always)]
    unsafe fn pack16(self, hi: Self) -> Self {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { V128(_mm_packs_epi16(self.0, hi.0)) }
    }
    #[inline(always)]
    unsafe fn zip16(self, o: Self) -> (Self, Self) {
        // SAFETY: SSE2 is baseline on x86_64.
        unsafe { (V128(_mm_unpacklo_epi16(self.0, o.0)), V128(_mm_unpackhi_epi16(self.0, o.0))) }
    }
}
