//! Reductions over f16 and bf16 slices, computed in `f32` lanes, one loop per operation.
//!
//! f16: each block of halves is widened as it is loaded (F16C `vcvtph2ps` at `avx2`, its
//! 512-bit form at `avx512`, `fcvtl` on NEON, the exact bit-level conversion elsewhere) and goes
//! straight into the fused multiply-adds, so nothing is stored in `f32`.
//!
//! bf16: a vector load of bits holds twice as many values as the `f32` lanes; the
//! even-indexed ones are shifted to the top of their 32-bit lane and the odd-indexed ones are
//! already there once the low half is cleared, so widening costs two plain bit operations
//! (no shuffle) and the two halves feed separate accumulators.
//!
//! Widening is exact and the product of two widened halves is exact in `f32` (11 + 11 or
//! 8 + 8 significant bits), so the only roundings are those of the `f32` additions, as for an
//! `f32` slice; only the order of the terms differs between levels.

use super::reduce::{Fold, Fold2};
use super::MAX_LANES;
use core::ptr;
use core_cpu::vector::float::{scalar, Float};

/// `f32` lanes that load binary16 and bfloat16 values.
pub(crate) trait HalfLanes: Float<Elem = f32> {
    /// `LANES` binary16 values at `p`, widened.
    ///
    /// # Safety
    /// `p..p + LANES` is readable; the CPU runs the level's ISA.
    unsafe fn load_f16(p: *const u16) -> Self;
    /// `LANES` bfloat16 values at `p`, widened.
    ///
    /// # Safety
    /// As [`HalfLanes::load_f16`].
    unsafe fn load_bf16(p: *const u16) -> Self;
}

/// Widens `N` halves one at a time (levels without a conversion instruction).
#[inline(always)]
unsafe fn widen_each<V: Float<Elem = f32>, const BF: bool>(p: *const u16) -> V {
    let mut buf = [0.0f32; MAX_LANES];
    for (i, b) in buf.iter_mut().enumerate().take(V::LANES) {
        // SAFETY: the caller makes `LANES` values readable.
        let h = unsafe { *p.add(i) };
        *b = f32::from_bits(if BF {
            crate::half::convert::bf16_to_f32(h)
        } else {
            crate::half::convert::f16_to_f32(h)
        });
    }
    // SAFETY: `buf` holds `MAX_LANES >= LANES` values; the CPU per the caller.
    unsafe { V::load(buf.as_ptr()) }
}

impl HalfLanes for scalar::F32x4 {
    #[inline(always)]
    unsafe fn load_f16(p: *const u16) -> Self {
        // SAFETY: the caller's contract.
        unsafe { widen_each::<Self, false>(p) }
    }
    #[inline(always)]
    unsafe fn load_bf16(p: *const u16) -> Self {
        // SAFETY: the caller's contract.
        unsafe { widen_each::<Self, true>(p) }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{widen_each, HalfLanes};
    use core::arch::x86_64::*;
    use core_cpu::vector::float::{avx2::F32x8, avx512::F32x16, sse::F32x4};

    impl<const B: bool> HalfLanes for F32x4<B> {
        #[inline(always)]
        unsafe fn load_f16(p: *const u16) -> Self {
            // SAFETY: the caller's contract (no F16C below the avx2 level).
            unsafe { widen_each::<Self, false>(p) }
        }
        #[inline(always)]
        unsafe fn load_bf16(p: *const u16) -> Self {
            // SAFETY: 4 readable values (8 bytes) per the caller; SSE2 is the baseline.
            // Interleaving zeros below each value puts its bits at the top of a 32-bit lane.
            unsafe {
                let h = _mm_loadl_epi64(p.cast());
                F32x4(_mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), h)))
            }
        }
    }

    impl HalfLanes for F32x8 {
        #[inline(always)]
        unsafe fn load_f16(p: *const u16) -> Self {
            // SAFETY: 8 readable values per the caller; the avx2 level includes F16C.
            unsafe { F32x8(_mm256_cvtph_ps(_mm_loadu_si128(p.cast()))) }
        }
        #[inline(always)]
        unsafe fn load_bf16(p: *const u16) -> Self {
            // SAFETY: 8 readable values per the caller; AVX2 per the level.
            unsafe {
                let w = _mm256_cvtepu16_epi32(_mm_loadu_si128(p.cast()));
                F32x8(_mm256_castsi256_ps(_mm256_slli_epi32::<16>(w)))
            }
        }
    }

    impl HalfLanes for F32x16 {
        #[inline(always)]
        unsafe fn load_f16(p: *const u16) -> Self {
            // SAFETY: 16 readable values per the caller; AVX-512F per the level.
            unsafe { F32x16(crate::arch::half::cvtph_ps_512(p)) }
        }
        #[inline(always)]
        unsafe fn load_bf16(p: *const u16) -> Self {
            // SAFETY: 16 readable values per the caller; AVX-512F per the level.
            unsafe {
                let w = _mm512_cvtepu16_epi32(_mm256_loadu_si256(p.cast()));
                F32x16(_mm512_castsi512_ps(_mm512_slli_epi32::<16>(w)))
            }
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use super::HalfLanes;
    use core::arch::aarch64::*;
    use core::arch::asm;
    use core_cpu::vector::float::neon::F32x4;

    impl HalfLanes for F32x4 {
        #[inline(always)]
        unsafe fn load_f16(p: *const u16) -> Self {
            // SAFETY: 4 readable values per the caller; NEON is the baseline. `fcvtl` widens
            // the low four half-precision lanes and touches only its output register.
            unsafe {
                let h = vld1_u16(p);
                let out: float32x4_t;
                asm!("fcvtl {o:v}.4s, {i:v}.4h", i = in(vreg) h, o = out(vreg) out,
                    options(pure, nomem, nostack, preserves_flags));
                F32x4(out)
            }
        }
        #[inline(always)]
        unsafe fn load_bf16(p: *const u16) -> Self {
            // SAFETY: 4 readable values per the caller; NEON is the baseline.
            unsafe { F32x4(vreinterpretq_f32_u32(vshll_n_u16::<16>(vld1_u16(p)))) }
        }
    }
}

#[inline(always)]
unsafe fn load<V: HalfLanes, const BF: bool>(p: *const u16) -> V {
    // SAFETY: the caller's contract.
    unsafe {
        if BF {
            V::load_bf16(p)
        } else {
            V::load_f16(p)
        }
    }
}

// What one pass accumulates. A const parameter rather than a runtime value, so that each
// operation compiles to its own loop with only the accumulators it uses.
/// `Σx`.
const SUM: u8 = 0;
/// `Σx²`.
const SUM_OF_SQUARES: u8 = 1;
/// `Σxy`.
const DOT: u8 = 2;
/// `Σ(x - y)²`.
const SQUARED_DISTANCE: u8 = 3;
/// `Σxy`, `Σx²`, `Σy²`.
const DOT3: u8 = 4;

/// Accumulators per set: three for [`DOT3`], one for the others.
const fn width(op: u8) -> usize {
    if op == DOT3 {
        3
    } else {
        1
    }
}

/// Adds one vector of terms to the accumulators `a[..width(OP)]`.
#[inline(always)]
unsafe fn step<V: Float, const OP: u8>(a: &mut [V; 3], u: V, v: V) {
    // SAFETY: the caller runs on V's ISA.
    unsafe {
        match OP {
            SUM => a[0] = a[0].add(u),
            SUM_OF_SQUARES => a[0] = u.mul_add(u, a[0]),
            DOT => a[0] = u.mul_add(v, a[0]),
            SQUARED_DISTANCE => {
                let d = u.sub(v);
                a[0] = d.mul_add(d, a[0]);
            }
            _ => {
                a[0] = u.mul_add(v, a[0]);
                a[1] = u.mul_add(u, a[1]);
                a[2] = v.mul_add(v, a[2]);
            }
        }
    }
}

/// Sets of accumulators of the main loops: enough independent chains to hide the latency
/// of the adds and fused multiply-adds.
const SETS: usize = 4;

/// The sums of the accumulator sets.
#[inline(always)]
unsafe fn finish<V: Float<Elem = f32>, const OP: u8>(acc: &[[V; 3]; SETS]) -> [f32; 3] {
    let mut out = [0.0f32; 3];
    for (j, o) in out.iter_mut().enumerate().take(width(OP)) {
        // SAFETY: the caller runs on V's ISA.
        *o = unsafe { acc[0][j].add(acc[1][j]).add(acc[2][j].add(acc[3][j])).reduce_add() };
    }
    out
}

/// One pass over `n` binary16 values of `x` (and `y`): each block of `LANES` is widened as
/// it is loaded, [`SETS`] blocks per step.
#[inline(always)]
unsafe fn pass_f16<V: HalfLanes, const OP: u8>(x: *const u16, y: *const u16, n: usize) -> [f32; 3] {
    let l = V::LANES;
    // SAFETY: every load lies below `n` (the tail is copied into a padded buffer); the CPU
    // per the caller.
    unsafe {
        let mut acc = [[V::splat(0.0); 3]; SETS];
        let mut i = 0;
        while i + SETS * l <= n {
            for (k, a) in acc.iter_mut().enumerate() {
                let j = i + k * l;
                step::<V, OP>(a, load::<V, false>(x.add(j)), load::<V, false>(y.add(j)));
            }
            i += SETS * l;
        }
        while i < n {
            let k = l.min(n - i);
            let mut bx = [0u16; MAX_LANES];
            let mut by = [0u16; MAX_LANES];
            ptr::copy_nonoverlapping(x.add(i), bx.as_mut_ptr(), k);
            ptr::copy_nonoverlapping(y.add(i), by.as_mut_ptr(), k);
            let (u, v) = (load::<V, false>(bx.as_ptr()), load::<V, false>(by.as_ptr()));
            step::<V, OP>(&mut acc[0], u, v);
            i += k;
        }
        finish::<V, OP>(&acc)
    }
}

/// The bfloat16 values of one vector's worth of bits (`2 * LANES` of them) as two `f32`
/// vectors: the even-indexed ones (moved up to the top half of their 32-bit lane) and the
/// odd-indexed ones (already there, low half cleared). Two single-cycle bit operations per
/// `LANES` values, with no cross-lane shuffle; the sums do not care which order the values
/// come in.
#[inline(always)]
unsafe fn split_bf16<V: Float<Elem = f32>>(p: *const u16) -> (V, V) {
    // SAFETY: `2 * LANES` halves (one vector) readable per the caller; the CPU per the caller.
    unsafe {
        let w = V::load(p.cast());
        (w.shl::<16>(), w.and(V::splat(f32::from_bits(0xFFFF_0000))))
    }
}

/// One pass over `n` bfloat16 values of `x` (and `y`), `2 * LANES` per vector load.
#[inline(always)]
unsafe fn pass_bf16<V: HalfLanes, const OP: u8>(
    x: *const u16,
    y: *const u16,
    n: usize,
) -> [f32; 3] {
    let l = 2 * V::LANES;
    // SAFETY: every load lies below `n` (the tail is copied into a padded buffer); the CPU
    // per the caller.
    unsafe {
        let mut acc = [[V::splat(0.0); 3]; SETS];
        let mut i = 0;
        while i + SETS / 2 * l <= n {
            for k in 0..SETS / 2 {
                let j = i + k * l;
                let ((xe, xo), (ye, yo)) = (split_bf16::<V>(x.add(j)), split_bf16::<V>(y.add(j)));
                step::<V, OP>(&mut acc[2 * k], xe, ye);
                step::<V, OP>(&mut acc[2 * k + 1], xo, yo);
            }
            i += SETS / 2 * l;
        }
        while i < n {
            let k = l.min(n - i);
            let mut bx = [0u16; 2 * MAX_LANES];
            let mut by = [0u16; 2 * MAX_LANES];
            ptr::copy_nonoverlapping(x.add(i), bx.as_mut_ptr(), k);
            ptr::copy_nonoverlapping(y.add(i), by.as_mut_ptr(), k);
            let ((xe, xo), (ye, yo)) = (split_bf16::<V>(bx.as_ptr()), split_bf16::<V>(by.as_ptr()));
            step::<V, OP>(&mut acc[0], xe, ye);
            step::<V, OP>(&mut acc[1], xo, yo);
            i += k;
        }
        finish::<V, OP>(&acc)
    }
}

/// One pass of `OP` over `n` values of `x` (and `y`).
#[inline(always)]
unsafe fn pass<V: HalfLanes, const OP: u8>(
    bf: bool,
    x: *const u16,
    y: *const u16,
    n: usize,
) -> [f32; 3] {
    // SAFETY: the caller's contract.
    unsafe {
        if bf {
            pass_bf16::<V, OP>(x, y, n)
        } else {
            pass_f16::<V, OP>(x, y, n)
        }
    }
}

/// Sum or sum of squares of binary16 (`bf == false`) or bfloat16 values, in `f32`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold1<V: HalfLanes>(op: Fold, bf: bool, x: &[u16]) -> f32 {
    let (p, n) = (x.as_ptr(), x.len());
    // SAFETY: `x` readable for `n`; the CPU per the contract.
    unsafe {
        match op {
            Fold::SumOfSquares => pass::<V, SUM_OF_SQUARES>(bf, p, p, n)[0],
            // The API has no product of halves, so `Product` never comes here.
            Fold::Sum | Fold::Product => pass::<V, SUM>(bf, p, p, n)[0],
        }
    }
}

/// Dot product or squared distance over the common length, in `f32`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold2<V: HalfLanes>(op: Fold2, bf: bool, x: &[u16], y: &[u16]) -> f32 {
    let (p, q, n) = (x.as_ptr(), y.as_ptr(), x.len().min(y.len()));
    // SAFETY: both readable for `n`; the CPU per the contract.
    unsafe {
        match op {
            Fold2::Dot => pass::<V, DOT>(bf, p, q, n)[0],
            Fold2::SquaredDistance => pass::<V, SQUARED_DISTANCE>(bf, p, q, n)[0],
        }
    }
}

/// `(x·y, x·x, y·y)` over the common length, in `f32`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn dot3<V: HalfLanes>(bf: bool, x: &[u16], y: &[u16]) -> [f32; 3] {
    let (p, q, n) = (x.as_ptr(), y.as_ptr(), x.len().min(y.len()));
    // SAFETY: both readable for `n`; the CPU per the contract.
    unsafe { pass::<V, DOT3>(bf, p, q, n) }
}
