//! The slice conversions of [`crate::half`] and their operation table.
//!
//! | level    | f16 ⇄ f32                          | bf16 ⇄ f32                               |
//! |----------|------------------------------------|------------------------------------------|
//! | `scalar` | the exact bit-level conversions    | the same                                 |
//! | `sse2`, `sse4.2` | scalar (no conversion instructions before F16C) | shift and round in 128-bit integer lanes |
//! | `avx2`   | F16C `vcvtph2ps`/`vcvtps2ph`, 8 lanes | shift and round in 256-bit lanes      |
//! | `avx512` | `vcvtph2ps`/`vcvtps2ph` at 512 bits, 16 lanes | shift and round in 512-bit lanes |
//! | `neon`   | `fcvtl`/`fcvtn`, 4 lanes            | shift and round in 128-bit lanes        |
//!
//! The instructions round to nearest, ties to even, with the rounding mode in the instruction
//! (not the MXCSR/FPCR state), subnormals exact, NaNs quieted with their payload's top bits:
//! bit for bit what the scalar conversions do. `f64` slices go through `f32` in blocks: widening
//! is exact twice over, and narrowing first rounds to `f32` *to odd* (the neighbour towards
//! zero with the last bit set when inexact), which keeps the second rounding correct.
//!
//! With AVX-512 FP16 (checked at run time, under the `avx512` level) the f16 ⇄ `f64` kernels
//! convert directly with `vcvtph2pd`/`vcvtpd2ph`, 8 values per instruction, rounding once.
//!
//! The bf16 kernels are written once over core-cpu's `Vector` (`generic.rs`); the f16 kernels
//! are one instruction per block, so each level has a thin block type (`x86_64.rs`,
//! `aarch64.rs`) driven by one generic loop.

#[cfg(target_arch = "aarch64")]
mod aarch64;
mod generic;
mod scalar;
#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub(crate) use x86_64::cvtph_ps_512;

/// The operation table. Every kernel converts `min(src.len(), dst.len())` elements and never
/// reads or writes outside its slices, so every operation is `safe`.
pub(crate) mod ops {
    #[cfg(target_arch = "aarch64")]
    use super::aarch64;
    #[cfg(target_arch = "x86_64")]
    use super::x86_64;
    use super::{generic, scalar};
    #[cfg(target_arch = "aarch64")]
    use core_cpu::vector::neon;
    #[cfg(target_arch = "x86_64")]
    use core_cpu::vector::{avx2::V256, avx512::V512, sse2};

    core_cpu::dispatch! {
        tables {
            avx512 => [Avx512],
            avx2 => [Avx2],
            sse2 => [Sse2, Sse42],
            neon => [Neon],
            scalar => [Scalar],
        }
        ops {
            /// binary16 bits to `f32`.
            safe fn f16_to_f32(src: &[u16], dst: &mut [f32]) -> () {
                avx512: generic::f16_to_f32::<x86_64::Avx512>,
                avx2: generic::f16_to_f32::<x86_64::F16c>,
                sse2: scalar::f16_to_f32,
                neon: generic::f16_to_f32::<aarch64::Fcvt>,
                scalar: scalar::f16_to_f32,
            }
            /// `f32` to binary16 bits.
            safe fn f32_to_f16(src: &[f32], dst: &mut [u16]) -> () {
                avx512: generic::f32_to_f16::<x86_64::Avx512>,
                avx2: generic::f32_to_f16::<x86_64::F16c>,
                sse2: scalar::f32_to_f16,
                neon: generic::f32_to_f16::<aarch64::Fcvt>,
                scalar: scalar::f32_to_f16,
            }
            /// binary16 bits to `f64`.
            safe fn f16_to_f64(src: &[u16], dst: &mut [f64]) -> () {
                avx512: x86_64::f16_to_f64_avx512,
                avx2: generic::f16_to_f64::<x86_64::F16c>,
                sse2: scalar::f16_to_f64,
                neon: generic::f16_to_f64::<aarch64::Fcvt>,
                scalar: scalar::f16_to_f64,
            }
            /// `f64` to binary16 bits.
            safe fn f64_to_f16(src: &[f64], dst: &mut [u16]) -> () {
                avx512: x86_64::f64_to_f16_avx512,
                avx2: generic::f64_to_f16::<x86_64::F16c>,
                sse2: scalar::f64_to_f16,
                neon: generic::f64_to_f16::<aarch64::Fcvt>,
                scalar: scalar::f64_to_f16,
            }
            /// bfloat16 bits to `f32`.
            safe fn bf16_to_f32(src: &[u16], dst: &mut [f32]) -> () {
                avx512: generic::bf16_to_f32::<V512>,
                avx2: generic::bf16_to_f32::<V256>,
                sse2: generic::bf16_to_f32::<sse2::V128>,
                neon: generic::bf16_to_f32::<neon::V128>,
                scalar: scalar::bf16_to_f32,
            }
            /// `f32` to bfloat16 bits.
            safe fn f32_to_bf16(src: &[f32], dst: &mut [u16]) -> () {
                avx512: generic::f32_to_bf16::<V512>,
                avx2: generic::f32_to_bf16::<V256>,
                sse2: generic::f32_to_bf16::<sse2::V128>,
                neon: generic::f32_to_bf16::<neon::V128>,
                scalar: scalar::f32_to_bf16,
            }
            /// bfloat16 bits to `f64`.
            safe fn bf16_to_f64(src: &[u16], dst: &mut [f64]) -> () {
                avx512: generic::bf16_to_f64::<V512>,
                avx2: generic::bf16_to_f64::<V256>,
                sse2: generic::bf16_to_f64::<sse2::V128>,
                neon: generic::bf16_to_f64::<neon::V128>,
                scalar: scalar::bf16_to_f64,
            }
            /// `f64` to bfloat16 bits.
            safe fn f64_to_bf16(src: &[f64], dst: &mut [u16]) -> () {
                avx512: generic::f64_to_bf16::<V512>,
                avx2: generic::f64_to_bf16::<V256>,
                sse2: generic::f64_to_bf16::<sse2::V128>,
                neon: generic::f64_to_bf16::<neon::V128>,
                scalar: scalar::f64_to_bf16,
            }
        }
    }
}
