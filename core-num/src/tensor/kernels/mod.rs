//! The tensor kernels, each written once over core-cpu's float lanes and compiled per level
//! by the operation table (`super::ops`).
//!
//! - `elementwise`: the loops that map one, two or three slices into an output (two vectors
//!   per step, the tail through a padded stack buffer so every level runs the same code), and
//!   the operations that need only the lane type (arithmetic, rounding, `next_up`).
//! - `math`: the transcendental functions, on `f64` lanes. `f32` slices run them on widened
//!   lanes and round the result once, which is what makes them accurate to 1 ulp; `f64` slices
//!   run them directly.
//! - `reduce`: sums, products, dot products, norms, extremes and their indices, softmax.

pub(crate) mod elementwise;
pub(crate) mod half;
pub(crate) mod math;
pub(crate) mod pow;
pub(crate) mod reduce;
pub(crate) mod trig;

use core_cpu::vector::float::{scalar, F32x, Float};
use math::{Math, Math2};

// Kernels take their per-lane work as types with `#[inline(always)]` methods, not closures:
// a closure is a function of its own without the entry point's target features, and once it
// is too big to inline every lane operation in it becomes a call.

/// The most lanes a level has (AVX-512's sixteen `f32`): the size of the tail buffers.
pub(crate) const MAX_LANES: usize = 16;

/// A level's lane type for `f32` or `f64` slices, and how it runs an `f64` lane function.
pub(crate) trait Lanes: Float {
    /// The level's `f64` lanes.
    type W: Float<Elem = f64>;
    /// Whether results are rounded to `f32` (so a shorter polynomial is as accurate).
    const NARROW: bool;
    /// `M` on every lane, computed in `f64` lanes and rounded once to the element type.
    ///
    /// # Safety
    /// The CPU runs the level's ISA.
    unsafe fn wide<M: Math>(self) -> Self;
    /// `M` on every pair of lanes, as [`Lanes::wide`].
    ///
    /// # Safety
    /// The CPU runs the level's ISA.
    unsafe fn wide2<M: Math2>(self, o: Self) -> Self;
}

/// Implements [`Lanes`] for `f32` lane types: widen, compute, narrow.
macro_rules! lanes_f32 {
    ($($(#[$m:meta])* $v:ty $(, [$($g:tt)*])?;)*) => {$(
        $(#[$m])*
        impl$(<$($g)*>)? Lanes for $v {
            type W = <$v as F32x>::F64;
            const NARROW: bool = true;
            #[inline(always)]
            unsafe fn wide<M: Math>(self) -> Self {
                // SAFETY: the CPU runs the level's ISA (the caller's contract).
                unsafe {
                    let (lo, hi) = self.widen();
                    Self::narrow(M::eval(lo), M::eval(hi))
                }
            }
            #[inline(always)]
            unsafe fn wide2<M: Math2>(self, o: Self) -> Self {
                // SAFETY: the CPU runs the level's ISA (the caller's contract).
                unsafe {
                    let ((a, b), (c, d)) = (self.widen(), o.widen());
                    Self::narrow(M::eval(a, c), M::eval(b, d))
                }
            }
        }
    )*};
}

/// Implements [`Lanes`] for `f64` lane types: the functions run directly.
macro_rules! lanes_f64 {
    ($($(#[$m:meta])* $v:ty $(, [$($g:tt)*])?;)*) => {$(
        $(#[$m])*
        impl$(<$($g)*>)? Lanes for $v {
            type W = Self;
            const NARROW: bool = false;
            #[inline(always)]
            unsafe fn wide<M: Math>(self) -> Self {
                // SAFETY: the CPU runs the level's ISA (the caller's contract).
                unsafe { M::eval(self) }
            }
            #[inline(always)]
            unsafe fn wide2<M: Math2>(self, o: Self) -> Self {
                // SAFETY: the CPU runs the level's ISA (the caller's contract).
                unsafe { M::eval(self, o) }
            }
        }
    )*};
}

lanes_f32! {
    scalar::F32x4;
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::sse::F32x4<B>, [const B: bool];
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::avx2::F32x8;
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::avx512::F32x16;
    #[cfg(target_arch = "aarch64")]
    core_cpu::vector::float::neon::F32x4;
}

lanes_f64! {
    scalar::F64x2;
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::sse::F64x2<B>, [const B: bool];
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::avx2::F64x4;
    #[cfg(target_arch = "x86_64")]
    core_cpu::vector::float::avx512::F64x8;
    #[cfg(target_arch = "aarch64")]
    core_cpu::vector::float::neon::F64x2;
}
