//! SSE2 (the x86-64 baseline) float lanes: rounding to an integer is emulated.

/// Four `f32` lanes.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse2::F32x4, Float};
/// let x = [0.5f32, 1.5, 2.5, -0.5];
/// let mut out = [1f32; 4];
/// // SAFETY: SSE2 is baseline on x86_64; both arrays hold four lanes.
/// unsafe { F32x4::load(x.as_ptr()).round_even().store(out.as_mut_ptr()) };
/// // Ties go to even, as with SSE4.1's `roundps`.
/// assert_eq!(out, [0.0, 2.0, 2.0, -0.0]);
/// assert!(out[3].is_sign_negative());
/// ```
pub type F32x4 = super::sse::F32x4<false>;
/// Two `f64` lanes.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse2::F64x2, Float};
/// let mut out = [0f64; 2];
/// // SAFETY: SSE2 is baseline on x86_64; `out` holds two lanes.
/// unsafe { F64x2::splat(-2.7).floor().store(out.as_mut_ptr()) };
/// assert_eq!(out, [-3.0, -3.0]);
/// ```
pub type F64x2 = super::sse::F64x2<false>;
