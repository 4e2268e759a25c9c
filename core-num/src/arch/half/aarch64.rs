//! aarch64 blocks: `fcvtl`/`fcvtn` for f16 (part of the baseline Advanced SIMD, not the
//! optional FP16 arithmetic), and `uzp2` for the bf16 narrowing.
//!
//! The f16 instructions are written as inline assembly: core's `float16x4_t` intrinsics need
//! the unstable `f16` type. Both round to nearest, ties to even, as FPCR's default mode (the
//! mode Rust code runs in) says.

use super::generic::{F16Block, HighHalves};
use core::arch::aarch64::*;
use core::arch::asm;
use core_cpu::vector::neon::V128;

/// `fcvtl`/`fcvtn`: 4 values per instruction.
pub(crate) struct Fcvt;

impl F16Block for Fcvt {
    const LANES: usize = 4;

    #[inline(always)]
    unsafe fn widen(src: *const u16, dst: *mut f32) {
        // SAFETY: the caller guarantees 4 readable u16 at `src` and 4 writable f32 at `dst`;
        // NEON is the baseline. `fcvtl` reads the low 4 half-precision lanes of the
        // register and touches nothing but its output register.
        unsafe {
            let h = vld1_u16(src);
            let out: uint32x4_t;
            asm!("fcvtl {o:v}.4s, {i:v}.4h", i = in(vreg) h, o = out(vreg) out,
                options(pure, nomem, nostack, preserves_flags));
            vst1q_u32(dst.cast(), out);
        }
    }

    #[inline(always)]
    unsafe fn narrow(src: *const f32, dst: *mut u16) {
        // SAFETY: the caller guarantees 4 readable f32 at `src` and 4 writable u16 at `dst`;
        // NEON is the baseline. `fcvtn` writes the low 4 half-precision lanes of its output.
        unsafe {
            let f = vld1q_u32(src.cast());
            let out: uint16x4_t;
            asm!("fcvtn {o:v}.4h, {i:v}.4s", i = in(vreg) f, o = out(vreg) out,
                options(pure, nomem, nostack, preserves_flags));
            vst1_u16(dst, out);
        }
    }
}

impl HighHalves for V128 {
    #[inline(always)]
    unsafe fn high_halves(self, hi: Self) -> Self {
        // SAFETY: NEON is the baseline. On little-endian aarch64 the odd 16-bit lanes are the
        // high halves of the 32-bit lanes; `uzp2` gathers them, `self`'s first.
        unsafe {
            let lo = vreinterpretq_u16_u8(self.0);
            let hi = vreinterpretq_u16_u8(hi.0);
            V128(vreinterpretq_u8_u16(vuzp2q_u16(lo, hi)))
        }
    }
}
