//! AVX2 (x86-64-v3): [`Vector`], [`Lookup`] and [`Shuffle`] for `__m256i`.

use super::{Lookup, MulAdd, Shuffle, Vector};
use core::arch::x86_64::*;

/// A 256-bit AVX2 register.
///
/// # Examples
/// ```
/// use core_cpu::vector::{avx2::V256, Vector};
/// if core_cpu::token::Avx2::get().is_some() {
///     // SAFETY: the AVX2 features were detected.
///     let sum = unsafe { V256::splat8(3).sum8() };
///     assert_eq!(sum, 32 * 3);
/// }
/// ```
#[derive(Clone, Copy)]
pub struct V256(pub __m256i);

/// Wraps one AVX2 expression: the trait's contract (the caller runs on an AVX2 CPU) is what
/// makes every intrinsic call sound.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: callers of `Vector`/`Lookup` methods guarantee the CPU has AVX2 (the AVX2
        // kernel table is only handed out after detection).
        unsafe { $e }
    };
}

impl Vector for V256 {
    const BYTES: usize = 32;

    #[inline(always)]
    unsafe fn zero() -> Self {
        avx2!(V256(_mm256_setzero_si256()))
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        avx2!(V256(_mm256_set1_epi8(b as i8)))
    }
    #[inline(always)]
    unsafe fn splat16(w: u16) -> Self {
        avx2!(V256(_mm256_set1_epi16(w as i16)))
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 32 readable bytes; loadu has no alignment need.
        unsafe { V256(_mm256_loadu_si256(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller guarantees 32 writable bytes; storeu has no alignment need.
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        avx2!(V256(_mm256_or_si256(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        avx2!(V256(_mm256_and_si256(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        avx2!(V256(_mm256_xor_si256(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and_not(self, o: Self) -> Self {
        avx2!(V256(_mm256_andnot_si256(o.0, self.0)))
    }
    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        avx2!(V256(_mm256_cmpeq_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn gt_i8(self, o: Self) -> Self {
        avx2!(V256(_mm256_cmpgt_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn min_u8(self, o: Self) -> Self {
        avx2!(V256(_mm256_min_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u8(self, o: Self) -> Self {
        avx2!(V256(_mm256_max_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn min_u16(self, o: Self) -> Self {
        avx2!(V256(_mm256_min_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u16(self, o: Self) -> Self {
        avx2!(V256(_mm256_max_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        avx2!(V256(_mm256_cmpeq_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add8(self, o: Self) -> Self {
        avx2!(V256(_mm256_add_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub8(self, o: Self) -> Self {
        avx2!(V256(_mm256_sub_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn subs_u8(self, o: Self) -> Self {
        avx2!(V256(_mm256_subs_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        avx2!(V256(_mm256_add_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub16(self, o: Self) -> Self {
        avx2!(V256(_mm256_sub_epi16(self.0, o.0)))
    }
    // prevN: lane 0 takes the end of `prev`'s high lane, lane 1 the end of `self`'s low lane.
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        avx2!(V256(_mm256_alignr_epi8::<15>(
            self.0,
            _mm256_permute2x128_si256::<0x21>(prev.0, self.0)
        )))
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        avx2!(V256(_mm256_alignr_epi8::<14>(
            self.0,
            _mm256_permute2x128_si256::<0x21>(prev.0, self.0)
        )))
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        avx2!(V256(_mm256_alignr_epi8::<13>(
            self.0,
            _mm256_permute2x128_si256::<0x21>(prev.0, self.0)
        )))
    }
    // Two overlapping loads of 16 (or 8) bytes, the second moved into place by a `pshufb`
    // that also zeroes what lies past `n`.
    #[inline(always)]
    unsafe fn load_padded(p: *const u8, n: usize) -> Option<Self> {
        debug_assert!((8..32).contains(&n));
        // SAFETY: every load reads inside `p..p + n` (`n >= 16` for the 16-byte ones, `n >= 8`
        // for the 8-byte ones); AVX2 (and so SSSE3) per the trait contract.
        unsafe {
            Some(V256(if n > 16 {
                // Bytes 16..n: the last 16 moved down by 32 - n, zeros after.
                let lo = _mm_loadu_si128(p.cast());
                _mm256_set_m128i(super::load_shifted_down(p.add(n - 16), 32 - n), lo)
            } else {
                _mm256_set_m128i(_mm_setzero_si128(), super::load_padded_16(p, n))
            }))
        }
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        avx2!(_mm256_testz_si256(self.0, self.0) == 0)
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        avx2!(_mm256_movemask_epi8(self.0) != 0)
    }
    #[inline(always)]
    unsafe fn first_high_bit(self) -> usize {
        let m = avx2!(_mm256_movemask_epi8(self.0)) as u32 as u64;
        (m | 1 << 32).trailing_zeros() as usize
    }
    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        avx2!({
            let s = _mm256_sad_epu8(self.0, _mm256_setzero_si256());
            let s = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
            (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_srli_si128::<8>(s))) as u64
        })
    }
    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        avx2!({
            let lo = V256(_mm256_and_si256(self.0, _mm256_set1_epi16(0xFF)));
            let hi = V256(_mm256_srli_epi16::<8>(self.0));
            lo.sum8() + (hi.sum8() << 8)
        })
    }
    #[inline(always)]
    unsafe fn splat32(d: u32) -> Self {
        avx2!(V256(_mm256_set1_epi32(d as i32)))
    }
    #[inline(always)]
    unsafe fn gt_i32(self, o: Self) -> Self {
        avx2!(V256(_mm256_cmpgt_epi32(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn mullo16(self, o: Self) -> Self {
        avx2!(V256(_mm256_mullo_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn mulhi_u16(self, o: Self) -> Self {
        avx2!(V256(_mm256_mulhi_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn madd_i16(self, o: Self) -> Self {
        avx2!(V256(_mm256_madd_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        avx2!(V256(_mm256_add_epi32(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        avx2!(V256(_mm256_sub_epi32(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        avx2!(V256(_mm256_slli_epi16::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        avx2!(V256(_mm256_srli_epi16::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        avx2!(V256(_mm256_slli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        avx2!(V256(_mm256_srli_epi32::<N>(self.0)))
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        avx2!(_mm256_movemask_epi8(self.0) as u32 as u64)
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        avx2!((
            V256(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(self.0))),
            V256(_mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(self.0)))
        ))
    }
    // packs/unpack work inside 128-bit lanes; the 64-bit permutes restore memory order.
    #[inline(always)]
    unsafe fn pack16(self, hi: Self) -> Self {
        avx2!(V256(_mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi16(self.0, hi.0))))
    }
    #[inline(always)]
    unsafe fn zip16(self, o: Self) -> (Self, Self) {
        avx2!({
            let a = _mm256_permute4x64_epi64::<0xD8>(self.0);
            let b = _mm256_permute4x64_epi64::<0xD8>(o.0);
            (V256(_mm256_unpacklo_epi16(a, b)), V256(_mm256_unpackhi_epi16(a, b)))
        })
    }
}

impl Shuffle for V256 {
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        avx2!(V256(_mm256_shuffle_epi8(self.0, idx.0)))
    }
    #[inline(always)]
    unsafe fn shuffle_window_to(self, w: usize, idx: *const u8, q: *mut u8) {
        // SAFETY: the caller guarantees 16 readable bytes at `idx` and 16 writable at `q`;
        // AVX2 per the trait contract.
        unsafe {
            let lane = if w == 0 {
                _mm256_castsi256_si128(self.0)
            } else {
                _mm256_extracti128_si256::<1>(self.0)
            };
            _mm_storeu_si128(q.cast(), _mm_shuffle_epi8(lane, _mm_loadu_si128(idx.cast())));
        }
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        avx2!(V256(_mm256_blendv_epi8(b.0, a.0, mask.0)))
    }
    #[inline(always)]
    unsafe fn blend_high(mask: Self, a: Self, b: Self) -> Self {
        avx2!(V256(_mm256_blendv_epi8(b.0, a.0, mask.0)))
    }
    #[inline(always)]
    unsafe fn load_windows(p0: *const u8, p1: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `p0` and at `p1`; AVX2 per the
        // trait contract.
        unsafe {
            V256(_mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(_mm_loadu_si128(p0.cast())),
                _mm_loadu_si128(p1.cast()),
            ))
        }
    }
    #[inline(always)]
    unsafe fn store_windows(self, q0: *mut u8, q1: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `q0` and at `q1`; AVX2 per the
        // trait contract.
        unsafe {
            _mm_storeu_si128(q0.cast(), _mm256_castsi256_si128(self.0));
            _mm_storeu_si128(q1.cast(), _mm256_extracti128_si256::<1>(self.0));
        }
    }
}

impl MulAdd for V256 {
    #[inline(always)]
    unsafe fn madd_u8_i8(self, o: Self) -> Self {
        avx2!(V256(_mm256_maddubs_epi16(self.0, o.0)))
    }
}

impl Lookup for V256 {
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        avx2!(V256(_mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast()))))
    }
    #[inline(always)]
    unsafe fn lookup(self, table: Self) -> Self {
        avx2!(V256(_mm256_shuffle_epi8(table.0, self.0)))
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        avx2!(V256(_mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi8(0x0F))))
    }
    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        avx2!(V256(_mm256_and_si256(self.0, _mm256_set1_epi8(0x0F))))
    }
}
