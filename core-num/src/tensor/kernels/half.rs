//! Reductions over f16 and bf16 slices, computed in `f32` lanes: each block of halves is
//! widened as it is loaded (F16C `vcvtph2ps` at `avx2`, its 512-bit form at `avx512`, `fcvtl` on
//! NEON, the exact bit-level conversion elsewhere; bf16 by moving its bits to the top of each
//! 32-bit lane) and goes straight into the fused multiply-adds, so nothing is stored in `f32`.
//! Widening is exact, so the only roundings are those of the `f32` arithmetic, as for an
//! `f32` slice.

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
            unsafe { F32x16(_mm512_cvtph_ps(_mm256_loadu_si256(p.cast()))) }
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

/// The halves `p[..k]` followed by zeros (`k <= LANES`).
#[inline(always)]
unsafe fn load_tail<V: HalfLanes, const BF: bool>(p: *const u16, k: usize) -> V {
    let mut buf = [0u16; MAX_LANES];
    // SAFETY: `p[..k]` readable per the caller, `k <= LANES <= MAX_LANES`.
    unsafe {
        ptr::copy_nonoverlapping(p, buf.as_mut_ptr(), k);
        load::<V, BF>(buf.as_ptr())
    }
}

/// What one pass accumulates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Acc {
    Sum,
    SumOfSquares,
    Dot,
    SquaredDistance,
    /// `x·y`, `x·x`, `y·y`.
    Dot3,
}

#[inline(always)]
unsafe fn step<V: Float>(what: Acc, a: &mut [V; 3], u: V, v: V) {
    // SAFETY: the caller runs on V's ISA.
    unsafe {
        match what {
            Acc::Sum => a[0] = a[0].add(u),
            Acc::SumOfSquares => a[0] = u.mul_add(u, a[0]),
            Acc::Dot => a[0] = u.mul_add(v, a[0]),
            Acc::SquaredDistance => {
                let d = u.sub(v);
                a[0] = d.mul_add(d, a[0]);
            }
            Acc::Dot3 => {
                a[0] = u.mul_add(v, a[0]);
                a[1] = u.mul_add(u, a[1]);
                a[2] = v.mul_add(v, a[2]);
            }
        }
    }
}

/// One pass over `n` halves of `x` (and `y`), four sets of accumulators.
#[inline(always)]
unsafe fn pass<V: HalfLanes, const BF: bool>(
    what: Acc,
    x: *const u16,
    y: *const u16,
    n: usize,
) -> [f32; 3] {
    let l = V::LANES;
    // SAFETY: every load lies below `n`; the CPU per the caller.
    unsafe {
        let mut acc = [[V::splat(0.0); 3]; 4];
        let mut i = 0;
        while i + 4 * l <= n {
            for (k, a) in acc.iter_mut().enumerate() {
                let j = i + k * l;
                step(what, a, load::<V, BF>(x.add(j)), load::<V, BF>(y.add(j)));
            }
            i += 4 * l;
        }
        while i < n {
            let k = l.min(n - i);
            step(
                what,
                &mut acc[0],
                load_tail::<V, BF>(x.add(i), k),
                load_tail::<V, BF>(y.add(i), k),
            );
            i += k;
        }
        core::array::from_fn(|j| {
            acc[0][j].add(acc[1][j]).add(acc[2][j].add(acc[3][j])).reduce_add()
        })
    }
}

/// Sum or sum of squares of binary16 (`bf == false`) or bfloat16 values, in `f32`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold1<V: HalfLanes>(op: Fold, bf: bool, x: &[u16]) -> f32 {
    let what = match op {
        Fold::Sum => Acc::Sum,
        Fold::SumOfSquares => Acc::SumOfSquares,
        // Not offered for halves (the API has no product of halves).
        Fold::Product => Acc::Sum,
    };
    let (p, n) = (x.as_ptr(), x.len());
    // SAFETY: `x` readable for `n`; the CPU per the contract.
    unsafe {
        if bf {
            pass::<V, true>(what, p, p, n)[0]
        } else {
            pass::<V, false>(what, p, p, n)[0]
        }
    }
}

/// Dot product or squared distance over the common length, in `f32`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn fold2<V: HalfLanes>(op: Fold2, bf: bool, x: &[u16], y: &[u16]) -> f32 {
    let what = match op {
        Fold2::Dot => Acc::Dot,
        Fold2::SquaredDistance => Acc::SquaredDistance,
    };
    let (p, q, n) = (x.as_ptr(), y.as_ptr(), x.len().min(y.len()));
    // SAFETY: both readable for `n`; the CPU per the contract.
    unsafe {
        if bf {
            pass::<V, true>(what, p, q, n)[0]
        } else {
            pass::<V, false>(what, p, q, n)[0]
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
    unsafe {
        if bf {
            pass::<V, true>(Acc::Dot3, p, q, n)
        } else {
            pass::<V, false>(Acc::Dot3, p, q, n)
        }
    }
}
