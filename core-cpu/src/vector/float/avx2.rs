//! AVX2 (x86-64-v3) float lanes: 256-bit registers, FMA, `vroundps`/`vroundpd`.

use super::{F32x, F64x, Float};
use core::arch::x86_64::*;

/// Eight `f32` lanes in an AVX register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{avx2::F32x8, Float};
/// if core_cpu::token::Avx2::get().is_some() {
///     // SAFETY: the AVX2 features were detected.
///     assert_eq!(unsafe { F32x8::splat(0.5).reduce_add() }, 4.0);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F32x8(pub __m256);

/// Four `f64` lanes in an AVX register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{avx2::F64x4, Float};
/// if core_cpu::token::Avx2::get().is_some() {
///     // SAFETY: the AVX2 features were detected.
///     assert_eq!(unsafe { F64x4::splat(9.0).sqrt().reduce_add() }, 12.0);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F64x4(pub __m256d);

/// Wraps one AVX2 expression.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: callers of `Float` methods guarantee the CPU has the AVX2 level's features
        // (AVX, AVX2, FMA among them): its kernel tables are handed out after detection.
        unsafe { $e }
    };
}

/// The methods both lane types implement alike, each intrinsic named.
macro_rules! common {
    (
        $t:ty, $lanes:literal,
        set1: $set1:ident, loadu: $loadu:ident, storeu: $storeu:ident,
        add: $add:ident, sub: $sub:ident, mul: $mul:ident, div: $div:ident, fmadd: $fmadd:ident,
        sqrt: $sqrt:ident, min: $min:ident, max: $max:ident, and: $and:ident, or: $or:ident,
        xor: $xor:ident, andnot: $andnot:ident, cmp: $cmp:ident, blendv: $blendv:ident,
        movemask: $movemask:ident, to_int: $to_int:ident, from_int: $from_int:ident,
        slli: $slli:ident, srli: $srli:ident, addi: $addi:ident, subi: $subi:ident,
        round: $round:ident
    ) => {
        type Elem = $t;
        type Mask = Self;
        const LANES: usize = $lanes;
        const FUSED: bool = true;

        #[inline(always)]
        unsafe fn splat(x: $t) -> Self {
            avx2!(Self($set1(x)))
        }
        #[inline(always)]
        unsafe fn load(p: *const $t) -> Self {
            // SAFETY: the caller guarantees `LANES` readable lanes; loadu has no alignment need.
            unsafe { Self($loadu(p)) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut $t) {
            // SAFETY: the caller guarantees `LANES` writable lanes; storeu has no alignment need.
            unsafe { $storeu(p, self.0) }
        }
        #[inline(always)]
        unsafe fn add(self, o: Self) -> Self {
            avx2!(Self($add(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            avx2!(Self($sub(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul(self, o: Self) -> Self {
            avx2!(Self($mul(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn div(self, o: Self) -> Self {
            avx2!(Self($div(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul_add(self, a: Self, b: Self) -> Self {
            avx2!(Self($fmadd(self.0, a.0, b.0)))
        }
        #[inline(always)]
        unsafe fn sqrt(self) -> Self {
            avx2!(Self($sqrt(self.0)))
        }
        #[inline(always)]
        unsafe fn min(self, o: Self) -> Self {
            avx2!(Self($min(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn max(self, o: Self) -> Self {
            avx2!(Self($max(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn abs(self) -> Self {
            avx2!(Self($andnot($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn neg(self) -> Self {
            avx2!(Self($xor($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn round_even(self) -> Self {
            avx2!(Self($round::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn floor(self) -> Self {
            avx2!(Self($round::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn ceil(self) -> Self {
            avx2!(Self($round::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn trunc(self) -> Self {
            avx2!(Self($round::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn and(self, o: Self) -> Self {
            avx2!(Self($and(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            avx2!(Self($or(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn xor(self, o: Self) -> Self {
            avx2!(Self($xor(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn and_not(self, o: Self) -> Self {
            avx2!(Self($andnot(o.0, self.0)))
        }
        #[inline(always)]
        unsafe fn shl<const N: i32>(self) -> Self {
            avx2!(Self($from_int($slli::<N>($to_int(self.0)))))
        }
        #[inline(always)]
        unsafe fn shr<const N: i32>(self) -> Self {
            avx2!(Self($from_int($srli::<N>($to_int(self.0)))))
        }
        #[inline(always)]
        unsafe fn add_bits(self, o: Self) -> Self {
            avx2!(Self($from_int($addi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn sub_bits(self, o: Self) -> Self {
            avx2!(Self($from_int($subi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> Self {
            avx2!(Self($cmp::<_CMP_EQ_OQ>(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn lt(self, o: Self) -> Self {
            avx2!(Self($cmp::<_CMP_LT_OQ>(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn le(self, o: Self) -> Self {
            avx2!(Self($cmp::<_CMP_LE_OQ>(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn is_nan(self) -> Self {
            avx2!(Self($cmp::<_CMP_UNORD_Q>(self.0, self.0)))
        }
        #[inline(always)]
        unsafe fn select(m: Self, a: Self, b: Self) -> Self {
            avx2!(Self($blendv(b.0, a.0, m.0)))
        }
        #[inline(always)]
        unsafe fn mask_and(m: Self, o: Self) -> Self {
            avx2!(Self($and(m.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mask_or(m: Self, o: Self) -> Self {
            avx2!(Self($or(m.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mask_bits(m: Self) -> u64 {
            avx2!($movemask(m.0) as u64)
        }
    };
}

impl Float for F32x8 {
    common! {
        f32, 8,
        set1: _mm256_set1_ps, loadu: _mm256_loadu_ps, storeu: _mm256_storeu_ps,
        add: _mm256_add_ps, sub: _mm256_sub_ps, mul: _mm256_mul_ps, div: _mm256_div_ps,
        fmadd: _mm256_fmadd_ps, sqrt: _mm256_sqrt_ps, min: _mm256_min_ps, max: _mm256_max_ps,
        and: _mm256_and_ps, or: _mm256_or_ps, xor: _mm256_xor_ps, andnot: _mm256_andnot_ps,
        cmp: _mm256_cmp_ps, blendv: _mm256_blendv_ps, movemask: _mm256_movemask_ps,
        to_int: _mm256_castps_si256, from_int: _mm256_castsi256_ps, slli: _mm256_slli_epi32,
        srli: _mm256_srli_epi32, addi: _mm256_add_epi32, subi: _mm256_sub_epi32,
        round: _mm256_round_ps
    }
    #[inline(always)]
    unsafe fn reduce_add(self) -> f32 {
        avx2!({
            let h = _mm_add_ps(_mm256_castps256_ps128(self.0), _mm256_extractf128_ps::<1>(self.0));
            let t = _mm_add_ps(h, _mm_movehl_ps(h, h));
            _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_min(self) -> f32 {
        avx2!({
            let h = _mm_min_ps(_mm256_castps256_ps128(self.0), _mm256_extractf128_ps::<1>(self.0));
            let t = _mm_min_ps(h, _mm_movehl_ps(h, h));
            _mm_cvtss_f32(_mm_min_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_max(self) -> f32 {
        avx2!({
            let h = _mm_max_ps(_mm256_castps256_ps128(self.0), _mm256_extractf128_ps::<1>(self.0));
            let t = _mm_max_ps(h, _mm_movehl_ps(h, h));
            _mm_cvtss_f32(_mm_max_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
}

impl Float for F64x4 {
    common! {
        f64, 4,
        set1: _mm256_set1_pd, loadu: _mm256_loadu_pd, storeu: _mm256_storeu_pd,
        add: _mm256_add_pd, sub: _mm256_sub_pd, mul: _mm256_mul_pd, div: _mm256_div_pd,
        fmadd: _mm256_fmadd_pd, sqrt: _mm256_sqrt_pd, min: _mm256_min_pd, max: _mm256_max_pd,
        and: _mm256_and_pd, or: _mm256_or_pd, xor: _mm256_xor_pd, andnot: _mm256_andnot_pd,
        cmp: _mm256_cmp_pd, blendv: _mm256_blendv_pd, movemask: _mm256_movemask_pd,
        to_int: _mm256_castpd_si256, from_int: _mm256_castsi256_pd, slli: _mm256_slli_epi64,
        srli: _mm256_srli_epi64, addi: _mm256_add_epi64, subi: _mm256_sub_epi64,
        round: _mm256_round_pd
    }
    #[inline(always)]
    unsafe fn reduce_add(self) -> f64 {
        avx2!({
            let h = _mm_add_pd(_mm256_castpd256_pd128(self.0), _mm256_extractf128_pd::<1>(self.0));
            _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_min(self) -> f64 {
        avx2!({
            let h = _mm_min_pd(_mm256_castpd256_pd128(self.0), _mm256_extractf128_pd::<1>(self.0));
            _mm_cvtsd_f64(_mm_min_sd(h, _mm_unpackhi_pd(h, h)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_max(self) -> f64 {
        avx2!({
            let h = _mm_max_pd(_mm256_castpd256_pd128(self.0), _mm256_extractf128_pd::<1>(self.0));
            _mm_cvtsd_f64(_mm_max_sd(h, _mm_unpackhi_pd(h, h)))
        })
    }
}

impl F32x for F32x8 {
    type F64 = F64x4;
    #[inline(always)]
    unsafe fn widen(self) -> (F64x4, F64x4) {
        avx2!((
            F64x4(_mm256_cvtps_pd(_mm256_castps256_ps128(self.0))),
            F64x4(_mm256_cvtps_pd(_mm256_extractf128_ps::<1>(self.0)))
        ))
    }
    #[inline(always)]
    unsafe fn narrow(lo: F64x4, hi: F64x4) -> Self {
        avx2!(F32x8(_mm256_insertf128_ps::<1>(
            _mm256_castps128_ps256(_mm256_cvtpd_ps(lo.0)),
            _mm256_cvtpd_ps(hi.0)
        )))
    }
}

impl F64x for F64x4 {
    type F32 = F32x8;
}
