//! The 128-bit SSE float lanes behind `sse2` and `sse4.2`. The two levels differ only in
//! rounding to an integer and in `select`: with `SSE41` set, `roundps`/`roundpd` and
//! `blendvps`/`blendvpd`; without, adding and subtracting `2^(mantissa bits)` (the sum's own
//! rounding does the work, exactly) and and/or masking.

use super::{F32x, F64x, Float};
use core::arch::x86_64::*;

/// Four `f32` lanes in an SSE register; `SSE41` says whether SSE4.1 may be used.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse::F32x4, Float};
/// let x = [3.0f32, -1.0, f32::NAN, 0.5];
/// // SAFETY: `false` asks for SSE2 only, baseline on x86_64; `x` holds four lanes.
/// let below_one = unsafe {
///     let v = F32x4::<false>::load(x.as_ptr());
///     F32x4::<false>::mask_bits(v.lt(F32x4::splat(1.0)))
/// };
/// assert_eq!(below_one, 0b1010);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F32x4<const SSE41: bool>(pub __m128);

/// Two `f64` lanes in an SSE register; `SSE41` says whether SSE4.1 may be used.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse::F64x2, Float};
/// let mut out = [0f64; 2];
/// // SAFETY: `false` asks for SSE2 only, baseline on x86_64; `out` holds two lanes.
/// unsafe { F64x2::<false>::splat(2.0).mul_add(F64x2::splat(3.0), F64x2::splat(1.0)).store(out.as_mut_ptr()) };
/// assert_eq!(out, [7.0, 7.0]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F64x2<const SSE41: bool>(pub __m128d);

/// Wraps one SSE expression.
macro_rules! sse {
    ($e:expr) => {
        // SAFETY: callers of `Float` methods guarantee the CPU has the level's features: SSE2
        // is baseline, and SSE4.1 is used only by the `sse4.2` types (`SSE41 = true`), whose
        // kernels run after detection.
        unsafe { $e }
    };
}

/// The methods both lane types implement alike, by intrinsic suffix (`ps`/`pd`) and integer
/// lane (`epi32`/`epi64`); `paste`-free, so each name is spelled out.
macro_rules! common {
    (
        $t:ty, $reg:ty, $lanes:literal, $bits:ty,
        set1: $set1:ident, loadu: $loadu:ident, storeu: $storeu:ident,
        add: $add:ident, sub: $sub:ident, mul: $mul:ident, div: $div:ident, sqrt: $sqrt:ident,
        min: $min:ident, max: $max:ident, and: $and:ident, or: $or:ident, xor: $xor:ident,
        andnot: $andnot:ident, cmpeq: $cmpeq:ident, cmplt: $cmplt:ident, cmple: $cmple:ident,
        cmpunord: $cmpunord:ident, blendv: $blendv:ident, movemask: $movemask:ident,
        to_int: $to_int:ident, from_int: $from_int:ident, slli: $slli:ident, srli: $srli:ident,
        addi: $addi:ident, subi: $subi:ident, round: $round:ident, floor: $floor:ident,
        ceil: $ceil:ident, big: $big:expr, one: $one:expr
    ) => {
        type Elem = $t;
        type Mask = Self;
        const LANES: usize = $lanes;
        const FUSED: bool = false;

        #[inline(always)]
        unsafe fn splat(x: $t) -> Self {
            sse!(Self($set1(x)))
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
            sse!(Self($add(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            sse!(Self($sub(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul(self, o: Self) -> Self {
            sse!(Self($mul(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn div(self, o: Self) -> Self {
            sse!(Self($div(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul_add(self, a: Self, b: Self) -> Self {
            sse!(Self($add($mul(self.0, a.0), b.0)))
        }
        #[inline(always)]
        unsafe fn sqrt(self) -> Self {
            sse!(Self($sqrt(self.0)))
        }
        #[inline(always)]
        unsafe fn min(self, o: Self) -> Self {
            sse!(Self($min(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn max(self, o: Self) -> Self {
            sse!(Self($max(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn abs(self) -> Self {
            sse!(Self($andnot($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn neg(self) -> Self {
            sse!(Self($xor($set1(-0.0), self.0)))
        }
        #[inline(always)]
        unsafe fn round_even(self) -> Self {
            if SSE41 {
                sse!(Self($round::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(self.0)))
            } else {
                // SAFETY: SSE2 only.
                unsafe {
                    let a = self.abs();
                    let big = Self::splat($big);
                    let r = a.add(big).sub(big).or(self.and(Self::splat(-0.0)));
                    Self::select(a.lt(big), r, self)
                }
            }
        }
        #[inline(always)]
        unsafe fn floor(self) -> Self {
            if SSE41 {
                sse!(Self($floor(self.0)))
            } else {
                // SAFETY: SSE2 only.
                unsafe {
                    let r = self.round_even();
                    let r = r.sub(self.lt(r).and(Self::splat($one)));
                    r.abs().or(self.and(Self::splat(-0.0)))
                }
            }
        }
        #[inline(always)]
        unsafe fn ceil(self) -> Self {
            if SSE41 {
                sse!(Self($ceil(self.0)))
            } else {
                // SAFETY: SSE2 only.
                unsafe {
                    let r = self.round_even();
                    let r = r.add(r.lt(self).and(Self::splat($one)));
                    r.abs().or(self.and(Self::splat(-0.0)))
                }
            }
        }
        #[inline(always)]
        unsafe fn trunc(self) -> Self {
            if SSE41 {
                sse!(Self($round::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(self.0)))
            } else {
                // SAFETY: SSE2 only.
                unsafe { self.abs().floor().or(self.and(Self::splat(-0.0))) }
            }
        }
        #[inline(always)]
        unsafe fn and(self, o: Self) -> Self {
            sse!(Self($and(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            sse!(Self($or(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn xor(self, o: Self) -> Self {
            sse!(Self($xor(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn and_not(self, o: Self) -> Self {
            sse!(Self($andnot(o.0, self.0)))
        }
        #[inline(always)]
        unsafe fn shl<const N: i32>(self) -> Self {
            sse!(Self($from_int($slli::<N>($to_int(self.0)))))
        }
        #[inline(always)]
        unsafe fn shr<const N: i32>(self) -> Self {
            sse!(Self($from_int($srli::<N>($to_int(self.0)))))
        }
        #[inline(always)]
        unsafe fn add_bits(self, o: Self) -> Self {
            sse!(Self($from_int($addi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn sub_bits(self, o: Self) -> Self {
            sse!(Self($from_int($subi($to_int(self.0), $to_int(o.0)))))
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> Self {
            sse!(Self($cmpeq(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn lt(self, o: Self) -> Self {
            sse!(Self($cmplt(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn le(self, o: Self) -> Self {
            sse!(Self($cmple(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn is_nan(self) -> Self {
            sse!(Self($cmpunord(self.0, self.0)))
        }
        #[inline(always)]
        unsafe fn select(m: Self, a: Self, b: Self) -> Self {
            if SSE41 {
                sse!(Self($blendv(b.0, a.0, m.0)))
            } else {
                sse!(Self($or($and(m.0, a.0), $andnot(m.0, b.0))))
            }
        }
        #[inline(always)]
        unsafe fn mask_and(m: Self, o: Self) -> Self {
            sse!(Self($and(m.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mask_or(m: Self, o: Self) -> Self {
            sse!(Self($or(m.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mask_bits(m: Self) -> u64 {
            sse!($movemask(m.0) as u64)
        }
    };
}

impl<const SSE41: bool> Float for F32x4<SSE41> {
    common! {
        f32, __m128, 4, u32,
        set1: _mm_set1_ps, loadu: _mm_loadu_ps, storeu: _mm_storeu_ps,
        add: _mm_add_ps, sub: _mm_sub_ps, mul: _mm_mul_ps, div: _mm_div_ps, sqrt: _mm_sqrt_ps,
        min: _mm_min_ps, max: _mm_max_ps, and: _mm_and_ps, or: _mm_or_ps, xor: _mm_xor_ps,
        andnot: _mm_andnot_ps, cmpeq: _mm_cmpeq_ps, cmplt: _mm_cmplt_ps, cmple: _mm_cmple_ps,
        cmpunord: _mm_cmpunord_ps, blendv: _mm_blendv_ps, movemask: _mm_movemask_ps,
        to_int: _mm_castps_si128, from_int: _mm_castsi128_ps, slli: _mm_slli_epi32,
        srli: _mm_srli_epi32, addi: _mm_add_epi32, subi: _mm_sub_epi32, round: _mm_round_ps,
        floor: _mm_floor_ps, ceil: _mm_ceil_ps, big: 8_388_608.0, one: 1.0
    }
    #[inline(always)]
    unsafe fn reduce_add(self) -> f32 {
        sse!({
            let t = _mm_add_ps(self.0, _mm_movehl_ps(self.0, self.0));
            _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_min(self) -> f32 {
        sse!({
            let t = _mm_min_ps(self.0, _mm_movehl_ps(self.0, self.0));
            _mm_cvtss_f32(_mm_min_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
    #[inline(always)]
    unsafe fn reduce_max(self) -> f32 {
        sse!({
            let t = _mm_max_ps(self.0, _mm_movehl_ps(self.0, self.0));
            _mm_cvtss_f32(_mm_max_ss(t, _mm_shuffle_ps::<1>(t, t)))
        })
    }
}

impl<const SSE41: bool> Float for F64x2<SSE41> {
    common! {
        f64, __m128d, 2, u64,
        set1: _mm_set1_pd, loadu: _mm_loadu_pd, storeu: _mm_storeu_pd,
        add: _mm_add_pd, sub: _mm_sub_pd, mul: _mm_mul_pd, div: _mm_div_pd, sqrt: _mm_sqrt_pd,
        min: _mm_min_pd, max: _mm_max_pd, and: _mm_and_pd, or: _mm_or_pd, xor: _mm_xor_pd,
        andnot: _mm_andnot_pd, cmpeq: _mm_cmpeq_pd, cmplt: _mm_cmplt_pd, cmple: _mm_cmple_pd,
        cmpunord: _mm_cmpunord_pd, blendv: _mm_blendv_pd, movemask: _mm_movemask_pd,
        to_int: _mm_castpd_si128, from_int: _mm_castsi128_pd, slli: _mm_slli_epi64,
        srli: _mm_srli_epi64, addi: _mm_add_epi64, subi: _mm_sub_epi64, round: _mm_round_pd,
        floor: _mm_floor_pd, ceil: _mm_ceil_pd, big: 4_503_599_627_370_496.0, one: 1.0
    }
    #[inline(always)]
    unsafe fn reduce_add(self) -> f64 {
        sse!(_mm_cvtsd_f64(_mm_add_sd(self.0, _mm_unpackhi_pd(self.0, self.0))))
    }
    #[inline(always)]
    unsafe fn reduce_min(self) -> f64 {
        sse!(_mm_cvtsd_f64(_mm_min_sd(self.0, _mm_unpackhi_pd(self.0, self.0))))
    }
    #[inline(always)]
    unsafe fn reduce_max(self) -> f64 {
        sse!(_mm_cvtsd_f64(_mm_max_sd(self.0, _mm_unpackhi_pd(self.0, self.0))))
    }
}

impl<const SSE41: bool> F32x for F32x4<SSE41> {
    type F64 = F64x2<SSE41>;
    #[inline(always)]
    unsafe fn widen(self) -> (Self::F64, Self::F64) {
        sse!((F64x2(_mm_cvtps_pd(self.0)), F64x2(_mm_cvtps_pd(_mm_movehl_ps(self.0, self.0)))))
    }
    #[inline(always)]
    unsafe fn narrow(lo: Self::F64, hi: Self::F64) -> Self {
        sse!(F32x4(_mm_movelh_ps(_mm_cvtpd_ps(lo.0), _mm_cvtpd_ps(hi.0))))
    }
}

impl<const SSE41: bool> F64x for F64x2<SSE41> {
    type F32 = F32x4<SSE41>;
}
