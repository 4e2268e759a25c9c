//! AVX-512 float lanes: 512-bit registers, FMA, `vrndscale`, compares into mask registers.

use super::{F32x, F64x, Float};
use core::arch::x86_64::*;

/// Sixteen `f32` lanes in an AVX-512 register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{avx512::F32x16, Float};
/// if core_cpu::token::Avx512::get().is_some() {
///     // SAFETY: the AVX-512 features were detected.
///     assert_eq!(unsafe { F32x16::splat(0.5).reduce_add() }, 8.0);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F32x16(pub __m512);

/// Eight `f64` lanes in an AVX-512 register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{avx512::F64x8, Float};
/// if core_cpu::token::Avx512::get().is_some() {
///     // SAFETY: the AVX-512 features were detected.
///     assert_eq!(unsafe { F64x8::splat(-2.5).abs().reduce_max() }, 2.5);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F64x8(pub __m512d);

/// Wraps one AVX-512 expression.
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: callers of `Float` methods guarantee the CPU has the AVX-512 level's
        // features (F, DQ, VL among them): its kernel tables are handed out after detection.
        unsafe { $e }
    };
}

/// The methods both lane types implement alike, each intrinsic named.
macro_rules! common {
    (
        $t:ty, $lanes:literal, $mask:ty,
        set1: $set1:ident, loadu: $loadu:ident, storeu: $storeu:ident,
        add: $add:ident, sub: $sub:ident, mul: $mul:ident, div: $div:ident, fmadd: $fmadd:ident,
        sqrt: $sqrt:ident, min: $min:ident, max: $max:ident, and: $and:ident, or: $or:ident,
        xor: $xor:ident, andnot: $andnot:ident, cmp: $cmp:ident, blend: $blend:ident,
        to_int: $to_int:ident, from_int: $from_int:ident, sll: $sll:ident, srl: $srl:ident,
        addi: $addi:ident, subi: $subi:ident, round: $round:ident, reduce_add: $radd:ident,
        reduce_min: $rmin:ident, reduce_max: $rmax:ident
    ) => {
        type Elem = $t;
        type Mask = $mask;
        const LANES: usize = $lanes;
        const FUSED: bool = true;

        #[inline(always)]
        unsafe fn splat(x: $t) -> Self {
            avx512!(Self($set1(x)))
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
            avx512!(Self($add(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            avx512!(Self($sub(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul(self, o: Self) -> Self {
            avx512!(Self($mul(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn div(self, o: Self) -> Self {
            avx512!(Self($div(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul_add(self, a: Self, b: Self) -> Self {
            avx512!(Self($fmadd(self.0, a.0, b.0)))
        }
        #[inline(always)]
        unsafe fn sqrt(self) -> Self {
            avx512!(Self($sqrt(self.0)))
        }
        #[inline(always)]
        unsafe fn min(self, o: Self) -> Self {
            avx512!(Self($min(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn max(self, o: Self) -> Self {
            avx512!(Self($max(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn abs(self) -> Self {
            avx512!(Self($andnot($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn neg(self) -> Self {
            avx512!(Self($xor($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn round_even(self) -> Self {
            avx512!(Self($round::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn floor(self) -> Self {
            avx512!(Self($round::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn ceil(self) -> Self {
            avx512!(Self($round::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn trunc(self) -> Self {
            avx512!(Self($round::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(self.0)))
        }
        #[inline(always)]
        unsafe fn and(self, o: Self) -> Self {
            avx512!(Self($and(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            avx512!(Self($or(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn xor(self, o: Self) -> Self {
            avx512!(Self($xor(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn and_not(self, o: Self) -> Self {
            avx512!(Self($andnot(o.0, self.0)))
        }
        // The immediate shifts take a `u32` count here, which a generic `i32` cannot become in
        // a const argument; the count-in-register form compiles to the same instruction.
        #[inline(always)]
        unsafe fn shl<const N: i32>(self) -> Self {
            avx512!(Self($from_int($sll($to_int(self.0), _mm_cvtsi32_si128(N)))))
        }
        #[inline(always)]
        unsafe fn shr<const N: i32>(self) -> Self {
            avx512!(Self($from_int($srl($to_int(self.0), _mm_cvtsi32_si128(N)))))
        }
        #[inline(always)]
        unsafe fn add_bits(self, o: Self) -> Self {
            avx512!(Self($from_int($addi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn sub_bits(self, o: Self) -> Self {
            avx512!(Self($from_int($subi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> $mask {
            avx512!($cmp::<_CMP_EQ_OQ>(self.0, o.0))
        }
        #[inline(always)]
        unsafe fn lt(self, o: Self) -> $mask {
            avx512!($cmp::<_CMP_LT_OQ>(self.0, o.0))
        }
        #[inline(always)]
        unsafe fn le(self, o: Self) -> $mask {
            avx512!($cmp::<_CMP_LE_OQ>(self.0, o.0))
        }
        #[inline(always)]
        unsafe fn is_nan(self) -> $mask {
            avx512!($cmp::<_CMP_UNORD_Q>(self.0, self.0))
        }
        #[inline(always)]
        unsafe fn select(m: $mask, a: Self, b: Self) -> Self {
            avx512!(Self($blend(m, b.0, a.0)))
        }
        #[inline(always)]
        unsafe fn mask_and(m: $mask, o: $mask) -> $mask {
            m & o
        }
        #[inline(always)]
        unsafe fn mask_or(m: $mask, o: $mask) -> $mask {
            m | o
        }
        #[inline(always)]
        unsafe fn mask_bits(m: $mask) -> u64 {
            m as u64
        }
        #[inline(always)]
        unsafe fn reduce_add(self) -> $t {
            avx512!($radd(self.0))
        }
        #[inline(always)]
        unsafe fn reduce_min(self) -> $t {
            avx512!($rmin(self.0))
        }
        #[inline(always)]
        unsafe fn reduce_max(self) -> $t {
            avx512!($rmax(self.0))
        }
    };
}

impl Float for F32x16 {
    common! {
        f32, 16, __mmask16,
        set1: _mm512_set1_ps, loadu: _mm512_loadu_ps, storeu: _mm512_storeu_ps,
        add: _mm512_add_ps, sub: _mm512_sub_ps, mul: _mm512_mul_ps, div: _mm512_div_ps,
        fmadd: _mm512_fmadd_ps, sqrt: _mm512_sqrt_ps, min: _mm512_min_ps, max: _mm512_max_ps,
        and: _mm512_and_ps, or: _mm512_or_ps, xor: _mm512_xor_ps, andnot: _mm512_andnot_ps,
        cmp: _mm512_cmp_ps_mask, blend: _mm512_mask_blend_ps,
        to_int: _mm512_castps_si512, from_int: _mm512_castsi512_ps, sll: _mm512_sll_epi32,
        srl: _mm512_srl_epi32, addi: _mm512_add_epi32, subi: _mm512_sub_epi32,
        round: _mm512_roundscale_ps, reduce_add: _mm512_reduce_add_ps,
        reduce_min: _mm512_reduce_min_ps, reduce_max: _mm512_reduce_max_ps
    }
}

impl Float for F64x8 {
    common! {
        f64, 8, __mmask8,
        set1: _mm512_set1_pd, loadu: _mm512_loadu_pd, storeu: _mm512_storeu_pd,
        add: _mm512_add_pd, sub: _mm512_sub_pd, mul: _mm512_mul_pd, div: _mm512_div_pd,
        fmadd: _mm512_fmadd_pd, sqrt: _mm512_sqrt_pd, min: _mm512_min_pd, max: _mm512_max_pd,
        and: _mm512_and_pd, or: _mm512_or_pd, xor: _mm512_xor_pd, andnot: _mm512_andnot_pd,
        cmp: _mm512_cmp_pd_mask, blend: _mm512_mask_blend_pd,
        to_int: _mm512_castpd_si512, from_int: _mm512_castsi512_pd, sll: _mm512_sll_epi64,
        srl: _mm512_srl_epi64, addi: _mm512_add_epi64, subi: _mm512_sub_epi64,
        round: _mm512_roundscale_pd, reduce_add: _mm512_reduce_add_pd,
        reduce_min: _mm512_reduce_min_pd, reduce_max: _mm512_reduce_max_pd
    }
}

impl F32x for F32x16 {
    type F64 = F64x8;
    #[inline(always)]
    unsafe fn widen(self) -> (F64x8, F64x8) {
        avx512!((
            F64x8(_mm512_cvtps_pd(_mm512_castps512_ps256(self.0))),
            F64x8(_mm512_cvtps_pd(_mm512_extractf32x8_ps::<1>(self.0)))
        ))
    }
    #[inline(always)]
    unsafe fn narrow(lo: F64x8, hi: F64x8) -> Self {
        avx512!(F32x16(_mm512_insertf32x8::<1>(
            _mm512_castps256_ps512(_mm512_cvtpd_ps(lo.0)),
            _mm512_cvtpd_ps(hi.0)
        )))
    }
}

impl F64x for F64x8 {
    type F32 = F32x16;
}
