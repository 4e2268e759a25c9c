//! NEON (the aarch64 baseline) float lanes: FMA, `frint*` rounding, masks as vectors.

use super::{F32x, F64x, Float};
use core::arch::aarch64::*;

/// Four `f32` lanes in a NEON register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{neon::F32x4, Float};
/// // SAFETY: NEON is baseline on aarch64.
/// assert_eq!(unsafe { F32x4::splat(0.25).reduce_add() }, 1.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F32x4(pub float32x4_t);

/// Two `f64` lanes in a NEON register.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{neon::F64x2, Float};
/// // SAFETY: NEON is baseline on aarch64.
/// assert_eq!(unsafe { F64x2::splat(16.0).sqrt().reduce_add() }, 8.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct F64x2(pub float64x2_t);

/// Wraps one NEON expression.
macro_rules! neon {
    ($e:expr) => {
        // SAFETY: NEON (with its f64 lanes, FMA and rounding) is part of the aarch64
        // baseline target features, so these intrinsics are always available.
        unsafe { $e }
    };
}

/// The methods both lane types implement alike, each intrinsic named.
macro_rules! common {
    (
        $t:ty, $lanes:literal,
        dup: $dup:ident, ld: $ld:ident, st: $st:ident, add: $add:ident, sub: $sub:ident,
        mul: $mul:ident, div: $div:ident, fma: $fma:ident, sqrt: $sqrt:ident, min: $min:ident,
        max: $max:ident, abs: $abs:ident, neg: $neg:ident, rndn: $rndn:ident, rndm: $rndm:ident,
        rndp: $rndp:ident, rnd: $rnd:ident, to_u: $to_u:ident, from_u: $from_u:ident,
        andu: $andu:ident, orru: $orru:ident, eoru: $eoru:ident, bicu: $bicu:ident,
        shl: $shl:ident, shr: $shr:ident, addu: $addu:ident, subu: $subu:ident,
        ceq: $ceq:ident, clt: $clt:ident, cle: $cle:ident, bsl: $bsl:ident,
        addv: $addv:ident, minv: $minv:ident, maxv: $maxv:ident, ones: $ones:expr
    ) => {
        type Elem = $t;
        type Mask = Self;
        const LANES: usize = $lanes;
        const FUSED: bool = true;

        #[inline(always)]
        unsafe fn splat(x: $t) -> Self {
            neon!(Self($dup(x)))
        }
        #[inline(always)]
        unsafe fn load(p: *const $t) -> Self {
            // SAFETY: the caller guarantees `LANES` readable lanes; vld1q has no alignment need.
            unsafe { Self($ld(p)) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut $t) {
            // SAFETY: the caller guarantees `LANES` writable lanes; vst1q has no alignment need.
            unsafe { $st(p, self.0) }
        }
        #[inline(always)]
        unsafe fn add(self, o: Self) -> Self {
            neon!(Self($add(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn sub(self, o: Self) -> Self {
            neon!(Self($sub(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul(self, o: Self) -> Self {
            neon!(Self($mul(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn div(self, o: Self) -> Self {
            neon!(Self($div(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn mul_add(self, a: Self, b: Self) -> Self {
            neon!(Self($fma(b.0, self.0, a.0)))
        }
        #[inline(always)]
        unsafe fn sqrt(self) -> Self {
            neon!(Self($sqrt(self.0)))
        }
        #[inline(always)]
        unsafe fn min(self, o: Self) -> Self {
            neon!(Self($min(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn max(self, o: Self) -> Self {
            neon!(Self($max(self.0, o.0)))
        }
        #[inline(always)]
        unsafe fn abs(self) -> Self {
            neon!(Self($abs(self.0)))
        }
        #[inline(always)]
        unsafe fn neg(self) -> Self {
            neon!(Self($neg(self.0)))
        }
        #[inline(always)]
        unsafe fn round_even(self) -> Self {
            neon!(Self($rndn(self.0)))
        }
        #[inline(always)]
        unsafe fn floor(self) -> Self {
            neon!(Self($rndm(self.0)))
        }
        #[inline(always)]
        unsafe fn ceil(self) -> Self {
            neon!(Self($rndp(self.0)))
        }
        #[inline(always)]
        unsafe fn trunc(self) -> Self {
            neon!(Self($rnd(self.0)))
        }
        #[inline(always)]
        unsafe fn and(self, o: Self) -> Self {
            neon!(Self($from_u($andu($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn or(self, o: Self) -> Self {
            neon!(Self($from_u($orru($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn xor(self, o: Self) -> Self {
            neon!(Self($from_u($eoru($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn and_not(self, o: Self) -> Self {
            neon!(Self($from_u($bicu($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn shl<const N: i32>(self) -> Self {
            neon!(Self($from_u($shl::<N>($to_u(self.0)))))
        }
        #[inline(always)]
        unsafe fn shr<const N: i32>(self) -> Self {
            neon!(Self($from_u($shr::<N>($to_u(self.0)))))
        }
        #[inline(always)]
        unsafe fn add_bits(self, o: Self) -> Self {
            neon!(Self($from_u($addu($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn sub_bits(self, o: Self) -> Self {
            neon!(Self($from_u($subu($to_u(self.0), $to_u(o.0)))))
        }
        #[inline(always)]
        unsafe fn eq(self, o: Self) -> Self {
            neon!(Self($from_u($ceq(self.0, o.0))))
        }
        #[inline(always)]
        unsafe fn lt(self, o: Self) -> Self {
            neon!(Self($from_u($clt(self.0, o.0))))
        }
        #[inline(always)]
        unsafe fn le(self, o: Self) -> Self {
            neon!(Self($from_u($cle(self.0, o.0))))
        }
        #[inline(always)]
        unsafe fn is_nan(self) -> Self {
            neon!(Self($from_u($eoru($ceq(self.0, self.0), $ones))))
        }
        #[inline(always)]
        unsafe fn select(m: Self, a: Self, b: Self) -> Self {
            neon!(Self($bsl($to_u(m.0), a.0, b.0)))
        }
        #[inline(always)]
        unsafe fn mask_and(m: Self, o: Self) -> Self {
            // SAFETY: NEON is baseline.
            unsafe { m.and(o) }
        }
        #[inline(always)]
        unsafe fn mask_or(m: Self, o: Self) -> Self {
            // SAFETY: NEON is baseline.
            unsafe { m.or(o) }
        }
        #[inline(always)]
        unsafe fn reduce_add(self) -> $t {
            neon!($addv(self.0))
        }
        #[inline(always)]
        unsafe fn reduce_min(self) -> $t {
            neon!($minv(self.0))
        }
        #[inline(always)]
        unsafe fn reduce_max(self) -> $t {
            neon!($maxv(self.0))
        }
    };
}

impl Float for F32x4 {
    common! {
        f32, 4,
        dup: vdupq_n_f32, ld: vld1q_f32, st: vst1q_f32, add: vaddq_f32, sub: vsubq_f32,
        mul: vmulq_f32, div: vdivq_f32, fma: vfmaq_f32, sqrt: vsqrtq_f32, min: vminq_f32,
        max: vmaxq_f32, abs: vabsq_f32, neg: vnegq_f32, rndn: vrndnq_f32, rndm: vrndmq_f32,
        rndp: vrndpq_f32, rnd: vrndq_f32, to_u: vreinterpretq_u32_f32,
        from_u: vreinterpretq_f32_u32, andu: vandq_u32, orru: vorrq_u32, eoru: veorq_u32,
        bicu: vbicq_u32, shl: vshlq_n_u32, shr: vshrq_n_u32, addu: vaddq_u32, subu: vsubq_u32,
        ceq: vceqq_f32, clt: vcltq_f32, cle: vcleq_f32, bsl: vbslq_f32,
        addv: vaddvq_f32, minv: vminvq_f32, maxv: vmaxvq_f32, ones: vdupq_n_u32(u32::MAX)
    }
    #[inline(always)]
    unsafe fn mask_bits(m: Self) -> u64 {
        const PLACE: [i32; 4] = [0, 1, 2, 3];
        // SAFETY: NEON is baseline; `PLACE` holds four lanes.
        unsafe {
            let ones = vshrq_n_u32::<31>(vreinterpretq_u32_f32(m.0));
            vaddvq_u32(vshlq_u32(ones, vld1q_s32(PLACE.as_ptr()))) as u64
        }
    }
}

impl Float for F64x2 {
    common! {
        f64, 2,
        dup: vdupq_n_f64, ld: vld1q_f64, st: vst1q_f64, add: vaddq_f64, sub: vsubq_f64,
        mul: vmulq_f64, div: vdivq_f64, fma: vfmaq_f64, sqrt: vsqrtq_f64, min: vminq_f64,
        max: vmaxq_f64, abs: vabsq_f64, neg: vnegq_f64, rndn: vrndnq_f64, rndm: vrndmq_f64,
        rndp: vrndpq_f64, rnd: vrndq_f64, to_u: vreinterpretq_u64_f64,
        from_u: vreinterpretq_f64_u64, andu: vandq_u64, orru: vorrq_u64, eoru: veorq_u64,
        bicu: vbicq_u64, shl: vshlq_n_u64, shr: vshrq_n_u64, addu: vaddq_u64, subu: vsubq_u64,
        ceq: vceqq_f64, clt: vcltq_f64, cle: vcleq_f64, bsl: vbslq_f64,
        addv: vaddvq_f64, minv: vminvq_f64, maxv: vmaxvq_f64, ones: vdupq_n_u64(u64::MAX)
    }
    #[inline(always)]
    unsafe fn mask_bits(m: Self) -> u64 {
        // SAFETY: NEON is baseline.
        unsafe {
            let ones = vshrq_n_u64::<63>(vreinterpretq_u64_f64(m.0));
            vgetq_lane_u64::<0>(ones) | vgetq_lane_u64::<1>(ones) << 1
        }
    }
}

impl F32x for F32x4 {
    type F64 = F64x2;
    #[inline(always)]
    unsafe fn widen(self) -> (F64x2, F64x2) {
        neon!((F64x2(vcvt_f64_f32(vget_low_f32(self.0))), F64x2(vcvt_high_f64_f32(self.0))))
    }
    #[inline(always)]
    unsafe fn narrow(lo: F64x2, hi: F64x2) -> Self {
        neon!(F32x4(vcvt_high_f32_f64(vcvt_f32_f64(lo.0), hi.0)))
    }
}

impl F64x for F64x2 {
    type F32 = F32x4;
}
