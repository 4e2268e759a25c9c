//! The tensor operation table: each operation, its signature and its kernel at each level.
//!
//! Every level runs the same generic kernels (`kernels/`) on its own lane types; the `f32` and
//! `f64` forms of an operation are separate entries because a table entry has one signature.

#[cfg(target_arch = "aarch64")]
use core_cpu::vector::float::neon::{F32x4 as Ns, F64x2 as Nd};
use core_cpu::vector::float::scalar::{F32x4 as Scs, F64x2 as Scd};
#[cfg(target_arch = "x86_64")]
use core_cpu::vector::float::{
    avx2::{F32x8 as A256s, F64x4 as A256d},
    avx512::{F32x16 as A512s, F64x8 as A512d},
    sse2::{F32x4 as S2s, F64x2 as S2d},
    sse42::{F32x4 as S42s, F64x2 as S42d},
};

use super::kernels::elementwise::{binary, fma, round, unary, Binary, Unary};
use super::kernels::half;
use super::kernels::reduce::{
    dot3, extreme, fold1, fold2, position, softmax, Extreme, Fold, Fold2,
};
use super::MidpointRounding;

core_cpu::dispatch! {
    tables {
        avx512 => [Avx512],
        avx2 => [Avx2],
        sse42 => [Sse42],
        sse2 => [Sse2],
        neon => [Neon],
        scalar => [Scalar],
    }
    ops {
        /// `out[i] = op(x[i])`.
        ///
        /// Contract: `x` readable and `out` writable for `n` elements, the same pointer or
        /// not overlapping.
        unsafe fn unary_f32(op: Unary, x: *const f32, out: *mut f32, n: usize) -> () {
            avx512: unary::<A512s>,
            avx2: unary::<A256s>,
            sse42: unary::<S42s>,
            sse2: unary::<S2s>,
            neon: unary::<Ns>,
            scalar: unary::<Scs>,
        }
        /// `out[i] = op(x[i], y[i])`.
        ///
        /// Contract: as `unary_f32`, for `x` and `y`.
        unsafe fn binary_f32(op: Binary, x: *const f32, y: *const f32, out: *mut f32, n: usize) -> () {
            avx512: binary::<A512s>,
            avx2: binary::<A256s>,
            sse42: binary::<S42s>,
            sse2: binary::<S2s>,
            neon: binary::<Ns>,
            scalar: binary::<Scs>,
        }
        /// `out[i] = x[i] * y[i] + z[i]`, rounded once.
        ///
        /// Contract: as `unary_f32`, for `x`, `y` and `z`.
        unsafe fn fma_f32(x: *const f32, y: *const f32, z: *const f32, out: *mut f32, n: usize) -> () {
            avx512: fma::<A512s>,
            avx2: fma::<A256s>,
            sse42: fma::<S42s>,
            sse2: fma::<S2s>,
            neon: fma::<Ns>,
            scalar: fma::<Scs>,
        }
        /// `out[i] = x[i]` rounded to `digits` decimals (at most the type's maximum).
        ///
        /// Contract: as `unary_f32`.
        unsafe fn round_f32(x: *const f32, out: *mut f32, n: usize, digits: u32, mode: MidpointRounding) -> () {
            avx512: round::<A512s>,
            avx2: round::<A256s>,
            sse42: round::<S42s>,
            sse2: round::<S2s>,
            neon: round::<Ns>,
            scalar: round::<Scs>,
        }
        /// `out = softmax(x)`.
        ///
        /// Contract: as `unary_f32`.
        unsafe fn softmax_f32(x: *const f32, out: *mut f32, n: usize) -> () {
            avx512: softmax::<A512s>,
            avx2: softmax::<A256s>,
            sse42: softmax::<S42s>,
            sse2: softmax::<S2s>,
            neon: softmax::<Ns>,
            scalar: softmax::<Scs>,
        }
        /// Sum, product or sum of squares.
        safe fn fold_f32(op: Fold, x: &[f32]) -> f32 {
            avx512: fold1::<A512s>,
            avx2: fold1::<A256s>,
            sse42: fold1::<S42s>,
            sse2: fold1::<S2s>,
            neon: fold1::<Ns>,
            scalar: fold1::<Scs>,
        }
        /// Dot product or squared distance over the common length.
        safe fn fold2_f32(op: Fold2, x: &[f32], y: &[f32]) -> f32 {
            avx512: fold2::<A512s>,
            avx2: fold2::<A256s>,
            sse42: fold2::<S42s>,
            sse2: fold2::<S2s>,
            neon: fold2::<Ns>,
            scalar: fold2::<Scs>,
        }
        /// `(x·y, x·x, y·y)` over the common length.
        safe fn dot3_f32(x: &[f32], y: &[f32]) -> [f32; 3] {
            avx512: dot3::<A512s>,
            avx2: dot3::<A256s>,
            sse42: dot3::<S42s>,
            sse2: dot3::<S2s>,
            neon: dot3::<Ns>,
            scalar: dot3::<Scs>,
        }
        /// The extreme element (the first NaN if any); `None` when empty.
        safe fn extreme_f32(op: Extreme, x: &[f32]) -> Option<f32> {
            avx512: extreme::<A512s>,
            avx2: extreme::<A256s>,
            sse42: extreme::<S42s>,
            sse2: extreme::<S2s>,
            neon: extreme::<Ns>,
            scalar: extreme::<Scs>,
        }
        /// The index of the first element with `target`'s bits (the first NaN for NaN).
        safe fn position_f32(x: &[f32], target: f32) -> Option<usize> {
            avx512: position::<A512s>,
            avx2: position::<A256s>,
            sse42: position::<S42s>,
            sse2: position::<S2s>,
            neon: position::<Ns>,
            scalar: position::<Scs>,
        }
        /// Sum or sum of squares of f16 (`bf` false) or bf16 bits, in `f32`.
        safe fn fold_half(op: Fold, bf: bool, x: &[u16]) -> f32 {
            avx512: half::fold1::<A512s>,
            avx2: half::fold1::<A256s>,
            sse42: half::fold1::<S42s>,
            sse2: half::fold1::<S2s>,
            neon: half::fold1::<Ns>,
            scalar: half::fold1::<Scs>,
        }
        /// Dot product or squared distance of f16 or bf16 bits over the common length.
        safe fn fold2_half(op: Fold2, bf: bool, x: &[u16], y: &[u16]) -> f32 {
            avx512: half::fold2::<A512s>,
            avx2: half::fold2::<A256s>,
            sse42: half::fold2::<S42s>,
            sse2: half::fold2::<S2s>,
            neon: half::fold2::<Ns>,
            scalar: half::fold2::<Scs>,
        }
        /// `(x·y, x·x, y·y)` of f16 or bf16 bits over the common length.
        safe fn dot3_half(bf: bool, x: &[u16], y: &[u16]) -> [f32; 3] {
            avx512: half::dot3::<A512s>,
            avx2: half::dot3::<A256s>,
            sse42: half::dot3::<S42s>,
            sse2: half::dot3::<S2s>,
            neon: half::dot3::<Ns>,
            scalar: half::dot3::<Scs>,
        }
        /// `out[i] = op(x[i])`.
        ///
        /// Contract: `x` readable and `out` writable for `n` elements, the same pointer or
        /// not overlapping.
        unsafe fn unary_f64(op: Unary, x: *const f64, out: *mut f64, n: usize) -> () {
            avx512: unary::<A512d>,
            avx2: unary::<A256d>,
            sse42: unary::<S42d>,
            sse2: unary::<S2d>,
            neon: unary::<Nd>,
            scalar: unary::<Scd>,
        }
        /// `out[i] = op(x[i], y[i])`.
        ///
        /// Contract: as `unary_f64`, for `x` and `y`.
        unsafe fn binary_f64(op: Binary, x: *const f64, y: *const f64, out: *mut f64, n: usize) -> () {
            avx512: binary::<A512d>,
            avx2: binary::<A256d>,
            sse42: binary::<S42d>,
            sse2: binary::<S2d>,
            neon: binary::<Nd>,
            scalar: binary::<Scd>,
        }
        /// `out[i] = x[i] * y[i] + z[i]`, rounded once.
        ///
        /// Contract: as `unary_f64`, for `x`, `y` and `z`.
        unsafe fn fma_f64(x: *const f64, y: *const f64, z: *const f64, out: *mut f64, n: usize) -> () {
            avx512: fma::<A512d>,
            avx2: fma::<A256d>,
            sse42: fma::<S42d>,
            sse2: fma::<S2d>,
            neon: fma::<Nd>,
            scalar: fma::<Scd>,
        }
        /// `out[i] = x[i]` rounded to `digits` decimals (at most the type's maximum).
        ///
        /// Contract: as `unary_f64`.
        unsafe fn round_f64(x: *const f64, out: *mut f64, n: usize, digits: u32, mode: MidpointRounding) -> () {
            avx512: round::<A512d>,
            avx2: round::<A256d>,
            sse42: round::<S42d>,
            sse2: round::<S2d>,
            neon: round::<Nd>,
            scalar: round::<Scd>,
        }
        /// `out = softmax(x)`.
        ///
        /// Contract: as `unary_f64`.
        unsafe fn softmax_f64(x: *const f64, out: *mut f64, n: usize) -> () {
            avx512: softmax::<A512d>,
            avx2: softmax::<A256d>,
            sse42: softmax::<S42d>,
            sse2: softmax::<S2d>,
            neon: softmax::<Nd>,
            scalar: softmax::<Scd>,
        }
        /// Sum, product or sum of squares.
        safe fn fold_f64(op: Fold, x: &[f64]) -> f64 {
            avx512: fold1::<A512d>,
            avx2: fold1::<A256d>,
            sse42: fold1::<S42d>,
            sse2: fold1::<S2d>,
            neon: fold1::<Nd>,
            scalar: fold1::<Scd>,
        }
        /// Dot product or squared distance over the common length.
        safe fn fold2_f64(op: Fold2, x: &[f64], y: &[f64]) -> f64 {
            avx512: fold2::<A512d>,
            avx2: fold2::<A256d>,
            sse42: fold2::<S42d>,
            sse2: fold2::<S2d>,
            neon: fold2::<Nd>,
            scalar: fold2::<Scd>,
        }
        /// `(x·y, x·x, y·y)` over the common length.
        safe fn dot3_f64(x: &[f64], y: &[f64]) -> [f64; 3] {
            avx512: dot3::<A512d>,
            avx2: dot3::<A256d>,
            sse42: dot3::<S42d>,
            sse2: dot3::<S2d>,
            neon: dot3::<Nd>,
            scalar: dot3::<Scd>,
        }
        /// The extreme element (the first NaN if any); `None` when empty.
        safe fn extreme_f64(op: Extreme, x: &[f64]) -> Option<f64> {
            avx512: extreme::<A512d>,
            avx2: extreme::<A256d>,
            sse42: extreme::<S42d>,
            sse2: extreme::<S2d>,
            neon: extreme::<Nd>,
            scalar: extreme::<Scd>,
        }
        /// The index of the first element with `target`'s bits (the first NaN for NaN).
        safe fn position_f64(x: &[f64], target: f64) -> Option<usize> {
            avx512: position::<A512d>,
            avx2: position::<A256d>,
            sse42: position::<S42d>,
            sse2: position::<S2d>,
            neon: position::<Nd>,
            scalar: position::<Scd>,
        }
    }
}
