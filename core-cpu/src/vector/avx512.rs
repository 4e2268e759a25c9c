//! AVX-512 (F, BW, CD, DQ, VL, VBMI, VBMI2): [`Vector`] and [`Lookup`] for `__m512i`.
//!
//! Compares produce mask registers on this ISA; the trait's vector-of-lanes results are
//! built from them with `vpmovm2*`. Kernels that can keep masks in mask registers are better
//! written with the intrinsics directly; this type serves the generic algorithms.

use super::{low_bits, Lookup, MulAdd, Vector};
use core::arch::x86_64::*;

/// A 512-bit AVX-512 register.
///
/// # Examples
/// ```
/// use core_cpu::vector::{avx512::V512, Vector};
/// if core_cpu::token::Avx512::get().is_some() {
///     // SAFETY: the AVX-512 features were detected.
///     let sum = unsafe { V512::splat8(2).sum8() };
///     assert_eq!(sum, 64 * 2);
/// }
/// ```
#[derive(Clone, Copy)]
pub struct V512(pub __m512i);

/// Wraps one AVX-512 expression: the trait's contract (the caller runs on a CPU with the
/// level's features) is what makes every intrinsic call sound.
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: callers of `Vector`/`Lookup` methods guarantee the CPU has the AVX-512
        // level's features (its tables are only handed out after detection).
        unsafe { $e }
    };
}

impl V512 {
    /// The vector of `prev`'s last 16-byte lane followed by `self`'s first three: the lane
    /// that `alignr` (which works inside 16-byte lanes) takes the bytes before each lane from.
    #[inline(always)]
    unsafe fn lanes_before(self, prev: Self) -> __m512i {
        avx512!(_mm512_alignr_epi64::<6>(self.0, prev.0))
    }
}

impl Vector for V512 {
    const BYTES: usize = 64;

    #[inline(always)]
    unsafe fn zero() -> Self {
        avx512!(V512(_mm512_setzero_si512()))
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        avx512!(V512(_mm512_set1_epi8(b as i8)))
    }
    #[inline(always)]
    unsafe fn splat16(w: u16) -> Self {
        avx512!(V512(_mm512_set1_epi16(w as i16)))
    }
    #[inline(always)]
    unsafe fn splat32(d: u32) -> Self {
        avx512!(V512(_mm512_set1_epi32(d as i32)))
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 64 readable bytes; loadu has no alignment need.
        unsafe { V512(_mm512_loadu_si512(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller guarantees 64 writable bytes; storeu has no alignment need.
        unsafe { _mm512_storeu_si512(p.cast(), self.0) }
    }
    // A masked load reads only the `n` bytes (faults are suppressed past them).
    #[inline(always)]
    unsafe fn load_padded(p: *const u8, n: usize) -> Option<Self> {
        debug_assert!(n < 64);
        // SAFETY: the mask selects `p..p + n`, readable per the contract; AVX-512BW per the
        // trait contract.
        unsafe { Some(V512(_mm512_maskz_loadu_epi8(low_bits(n), p.cast()))) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        avx512!(V512(_mm512_or_si512(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        avx512!(V512(_mm512_and_si512(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        avx512!(V512(_mm512_xor_si512(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and_not(self, o: Self) -> Self {
        avx512!(V512(_mm512_andnot_si512(o.0, self.0)))
    }
    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn gt_i8(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi8(_mm512_cmpgt_epi8_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn min_u8(self, o: Self) -> Self {
        avx512!(V512(_mm512_min_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u8(self, o: Self) -> Self {
        avx512!(V512(_mm512_max_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn ge_u8(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi8(_mm512_cmpge_epu8_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn le_u8(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi8(_mm512_cmple_epu8_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi16(_mm512_cmpeq_epi16_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn min_u16(self, o: Self) -> Self {
        avx512!(V512(_mm512_min_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u16(self, o: Self) -> Self {
        avx512!(V512(_mm512_max_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn ge_u16(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi16(_mm512_cmpge_epu16_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn le_u16(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi16(_mm512_cmple_epu16_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn gt_i32(self, o: Self) -> Self {
        avx512!(V512(_mm512_movm_epi32(_mm512_cmpgt_epi32_mask(self.0, o.0))))
    }
    #[inline(always)]
    unsafe fn add8(self, o: Self) -> Self {
        avx512!(V512(_mm512_add_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub8(self, o: Self) -> Self {
        avx512!(V512(_mm512_sub_epi8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn subs_u8(self, o: Self) -> Self {
        avx512!(V512(_mm512_subs_epu8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        avx512!(V512(_mm512_add_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub16(self, o: Self) -> Self {
        avx512!(V512(_mm512_sub_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn mullo16(self, o: Self) -> Self {
        avx512!(V512(_mm512_mullo_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn mulhi_u16(self, o: Self) -> Self {
        avx512!(V512(_mm512_mulhi_epu16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn madd_i16(self, o: Self) -> Self {
        avx512!(V512(_mm512_madd_epi16(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        avx512!(V512(_mm512_add_epi32(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        avx512!(V512(_mm512_sub_epi32(self.0, o.0)))
    }
    // The immediate-count shifts take `u32` counts here; a constant count in a register
    // compiles to the same immediate form.
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        avx512!(V512(_mm512_sll_epi16(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        avx512!(V512(_mm512_srl_epi16(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        avx512!(V512(_mm512_sll_epi32(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        avx512!(V512(_mm512_srl_epi32(self.0, _mm_cvtsi32_si128(N))))
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        avx512!(V512(_mm512_alignr_epi8::<15>(self.0, self.lanes_before(prev))))
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        avx512!(V512(_mm512_alignr_epi8::<14>(self.0, self.lanes_before(prev))))
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        avx512!(V512(_mm512_alignr_epi8::<13>(self.0, self.lanes_before(prev))))
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        avx512!(_mm512_test_epi64_mask(self.0, self.0) != 0)
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        avx512!(_mm512_movepi8_mask(self.0) != 0)
    }
    #[inline(always)]
    unsafe fn first_high_bit(self) -> usize {
        let m = avx512!(_mm512_movepi8_mask(self.0));
        if m == 0 {
            64
        } else {
            m.trailing_zeros() as usize
        }
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        avx512!(_mm512_movepi8_mask(self.0))
    }
    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        avx512!(_mm512_reduce_add_epi64(_mm512_sad_epu8(self.0, _mm512_setzero_si512())) as u64)
    }
    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        avx512!({
            let lo = V512(_mm512_and_si512(self.0, _mm512_set1_epi16(0xFF)));
            let hi = V512(_mm512_srli_epi16::<8>(self.0));
            lo.sum8() + (hi.sum8() << 8)
        })
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        avx512!((
            V512(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(self.0))),
            V512(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(self.0)))
        ))
    }
    // packs works inside 16-byte lanes; a 64-bit permute restores memory order.
    #[inline(always)]
    unsafe fn pack16(self, hi: Self) -> Self {
        avx512!(V512(_mm512_permutexvar_epi64(
            _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7),
            _mm512_packs_epi16(self.0, hi.0)
        )))
    }
    #[inline(always)]
    unsafe fn zip16(self, o: Self) -> (Self, Self) {
        avx512!({
            // Word indices into `self` (0..32) and `o` (32..64), interleaved.
            let lo = _mm512_set_epi16(
                47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8, 39, 7, 38, 6, 37, 5,
                36, 4, 35, 3, 34, 2, 33, 1, 32, 0,
            );
            let hi = _mm512_add_epi16(lo, _mm512_set1_epi16(16));
            (
                V512(_mm512_permutex2var_epi16(self.0, lo, o.0)),
                V512(_mm512_permutex2var_epi16(self.0, hi, o.0)),
            )
        })
    }
}

impl MulAdd for V512 {
    #[inline(always)]
    unsafe fn madd_u8_i8(self, o: Self) -> Self {
        avx512!(V512(_mm512_maddubs_epi16(self.0, o.0)))
    }
}

impl Lookup for V512 {
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes; AVX-512 per the trait contract.
        unsafe { V512(_mm512_broadcast_i32x4(_mm_loadu_si128(table.as_ptr().cast()))) }
    }
    #[inline(always)]
    unsafe fn lookup(self, table: Self) -> Self {
        avx512!(V512(_mm512_shuffle_epi8(table.0, self.0)))
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        avx512!(V512(_mm512_and_si512(_mm512_srli_epi16::<4>(self.0), _mm512_set1_epi8(0x0F))))
    }
    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        avx512!(V512(_mm512_and_si512(self.0, _mm512_set1_epi8(0x0F))))
    }
}
