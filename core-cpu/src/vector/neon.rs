//! NEON (the aarch64 baseline): [`Vector`], [`Lookup`] and [`Shuffle`] for `uint8x16_t`.
//!
//! Match masks use SHRN (narrowing shift by 4), which packs one nibble per byte into a 64-bit
//! scalar ([`Vector::MATCH_STRIDE`] is 4), instead of emulating x86's movemask.

use super::{Lookup, MulAdd, Shuffle, Vector};
use core::arch::aarch64::*;

/// A 128-bit NEON register.
///
/// # Examples
/// ```
/// use core_cpu::vector::{neon::V128, Vector};
/// // SAFETY: NEON is baseline on aarch64.
/// let sum = unsafe { V128::splat8(3).sum8() };
/// assert_eq!(sum, 16 * 3);
/// ```
#[derive(Clone, Copy)]
pub struct V128(pub uint8x16_t);

/// Wraps one NEON expression: NEON is baseline on aarch64, so the intrinsics are available.
macro_rules! neon {
    ($e:expr) => {
        // SAFETY: NEON is part of the aarch64 baseline target features.
        unsafe { $e }
    };
}

impl V128 {
    /// One nibble per byte (SHRN by 4 over 16-bit lanes): 0xF where the byte was 0xFF.
    #[inline(always)]
    unsafe fn nibble_mask(self) -> u64 {
        neon!(vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
            self.0
        )))))
    }
}

impl Vector for V128 {
    const BYTES: usize = 16;
    const MATCH_STRIDE: u32 = 4;

    #[inline(always)]
    unsafe fn zero() -> Self {
        neon!(V128(vdupq_n_u8(0)))
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        neon!(V128(vdupq_n_u8(b)))
    }
    #[inline(always)]
    unsafe fn splat16(w: u16) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vdupq_n_u16(w))))
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes; vld1q_u8 has no alignment need.
        unsafe { V128(vld1q_u8(p)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes; vst1q_u8 has no alignment need.
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        neon!(V128(vorrq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        neon!(V128(vandq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        neon!(V128(veorq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn and_not(self, o: Self) -> Self {
        neon!(V128(vbicq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn eq8(self, o: Self) -> Self {
        neon!(V128(vceqq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn gt_i8(self, o: Self) -> Self {
        neon!(V128(vcgtq_s8(vreinterpretq_s8_u8(self.0), vreinterpretq_s8_u8(o.0))))
    }
    #[inline(always)]
    unsafe fn min_u8(self, o: Self) -> Self {
        neon!(V128(vminq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn max_u8(self, o: Self) -> Self {
        neon!(V128(vmaxq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn ge_u8(self, o: Self) -> Self {
        neon!(V128(vcgeq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn le_u8(self, o: Self) -> Self {
        neon!(V128(vcleq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn min_u16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vminq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn max_u16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vmaxq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn ge_u16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vcgeq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn le_u16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vcleq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn match_mask(self) -> u64 {
        // SAFETY: NEON is baseline on aarch64.
        unsafe { self.nibble_mask() }
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vceqq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn add8(self, o: Self) -> Self {
        neon!(V128(vaddq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn sub8(self, o: Self) -> Self {
        neon!(V128(vsubq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn subs_u8(self, o: Self) -> Self {
        neon!(V128(vqsubq_u8(self.0, o.0)))
    }
    #[inline(always)]
    unsafe fn add16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vaddq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn sub16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vsubq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        neon!(V128(vextq_u8::<15>(prev.0, self.0)))
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        neon!(V128(vextq_u8::<14>(prev.0, self.0)))
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        neon!(V128(vextq_u8::<13>(prev.0, self.0)))
    }
    #[inline(always)]
    unsafe fn any(self) -> bool {
        neon!(vmaxvq_u32(vreinterpretq_u32_u8(self.0)) != 0)
    }
    #[inline(always)]
    unsafe fn any_high_bit(self) -> bool {
        neon!(vmaxvq_u8(self.0) >= 0x80)
    }
    #[inline(always)]
    unsafe fn first_high_bit(self) -> usize {
        let high = neon!(V128(vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self.0)))));
        // SAFETY: NEON is baseline on aarch64.
        let m = unsafe { high.nibble_mask() };
        if m == 0 {
            16
        } else {
            (m.trailing_zeros() / 4) as usize
        }
    }
    #[inline(always)]
    unsafe fn sum8(self) -> u64 {
        neon!(vaddlvq_u8(self.0) as u64)
    }
    #[inline(always)]
    unsafe fn sum16(self) -> u64 {
        neon!(vaddlvq_u16(vreinterpretq_u16_u8(self.0)) as u64)
    }
    #[inline(always)]
    unsafe fn splat32(d: u32) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vdupq_n_u32(d))))
    }
    #[inline(always)]
    unsafe fn gt_i32(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vcgtq_s32(
            vreinterpretq_s32_u8(self.0),
            vreinterpretq_s32_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn mullo16(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vmulq_u16(
            vreinterpretq_u16_u8(self.0),
            vreinterpretq_u16_u8(o.0)
        ))))
    }
    // The 32-bit products of each half, then their high 16-bit halves gathered in order.
    #[inline(always)]
    unsafe fn mulhi_u16(self, o: Self) -> Self {
        neon!({
            let (a, b) = (vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0));
            let lo = vmull_u16(vget_low_u16(a), vget_low_u16(b));
            let hi = vmull_high_u16(a, b);
            V128(vreinterpretq_u8_u16(vuzp2q_u16(
                vreinterpretq_u16_u32(lo),
                vreinterpretq_u16_u32(hi),
            )))
        })
    }
    // The 32-bit products of each half, added in neighbouring pairs.
    #[inline(always)]
    unsafe fn madd_i16(self, o: Self) -> Self {
        neon!({
            let (a, b) = (vreinterpretq_s16_u8(self.0), vreinterpretq_s16_u8(o.0));
            let lo = vmull_s16(vget_low_s16(a), vget_low_s16(b));
            let hi = vmull_high_s16(a, b);
            V128(vreinterpretq_u8_s32(vpaddq_s32(lo, hi)))
        })
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vaddq_u32(
            vreinterpretq_u32_u8(self.0),
            vreinterpretq_u32_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vsubq_u32(
            vreinterpretq_u32_u8(self.0),
            vreinterpretq_u32_u8(o.0)
        ))))
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vshlq_n_u16::<N>(vreinterpretq_u16_u8(self.0)))))
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        neon!(V128(vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self.0)))))
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vshlq_n_u32::<N>(vreinterpretq_u32_u8(self.0)))))
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        neon!(V128(vreinterpretq_u8_u32(vshrq_n_u32::<N>(vreinterpretq_u32_u8(self.0)))))
    }
    #[inline(always)]
    unsafe fn bitmask(self) -> u64 {
        // Keep one distinct bit per byte of each half, then add each half horizontally.
        const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        // SAFETY: `BITS` is 16 readable bytes; NEON is baseline.
        unsafe {
            let high = vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self.0)));
            let m = vandq_u8(high, vld1q_u8(BITS.as_ptr()));
            vaddv_u8(vget_low_u8(m)) as u64 | (vaddv_u8(vget_high_u8(m)) as u64) << 8
        }
    }
    #[inline(always)]
    unsafe fn widen8(self) -> (Self, Self) {
        neon!((
            V128(vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(self.0)))),
            V128(vreinterpretq_u8_u16(vmovl_high_u8(self.0)))
        ))
    }
    #[inline(always)]
    unsafe fn pack16(self, hi: Self) -> Self {
        neon!(V128(vreinterpretq_u8_s8(vqmovn_high_s16(
            vqmovn_s16(vreinterpretq_s16_u8(self.0)),
            vreinterpretq_s16_u8(hi.0)
        ))))
    }
    #[inline(always)]
    unsafe fn zip16(self, o: Self) -> (Self, Self) {
        neon!({
            let (a, b) = (vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0));
            (
                V128(vreinterpretq_u8_u16(vzip1q_u16(a, b))),
                V128(vreinterpretq_u8_u16(vzip2q_u16(a, b))),
            )
        })
    }
}

impl Shuffle for V128 {
    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // `tbl` yields 0 for every index >= 16, which covers the trait's `>= 0x80`.
        neon!(V128(vqtbl1q_u8(self.0, idx.0)))
    }
    #[inline(always)]
    unsafe fn blend(mask: Self, a: Self, b: Self) -> Self {
        neon!(V128(vbslq_u8(mask.0, a.0, b.0)))
    }
    #[inline(always)]
    unsafe fn load_windows(p0: *const u8, _p1: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `p0`; NEON is baseline.
        unsafe { V128(vld1q_u8(p0)) }
    }
    #[inline(always)]
    unsafe fn store_windows(self, q0: *mut u8, _q1: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes at `q0`; NEON is baseline.
        unsafe { vst1q_u8(q0, self.0) }
    }
}

// Widened to 16 bits, multiplied (the products fit: 255 * -128 and 255 * 127), then even and
// odd lanes added with saturation.
impl MulAdd for V128 {
    #[inline(always)]
    unsafe fn madd_u8_i8(self, o: Self) -> Self {
        neon!({
            let (a, b) = (self.0, vreinterpretq_s8_u8(o.0));
            let lo = vmulq_s16(
                vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(a))),
                vmovl_s8(vget_low_s8(b)),
            );
            let hi = vmulq_s16(vreinterpretq_s16_u16(vmovl_high_u8(a)), vmovl_high_s8(b));
            V128(vreinterpretq_u8_s16(vqaddq_s16(vuzp1q_s16(lo, hi), vuzp2q_s16(lo, hi))))
        })
    }
}

impl Lookup for V128 {
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes; NEON is baseline.
        unsafe { V128(vld1q_u8(table.as_ptr())) }
    }
    #[inline(always)]
    unsafe fn lookup(self, table: Self) -> Self {
        neon!(V128(vqtbl1q_u8(table.0, self.0)))
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        neon!(V128(vshrq_n_u8::<4>(self.0)))
    }
    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        neon!(V128(vandq_u8(self.0, vdupq_n_u8(0x0F))))
    }
}
