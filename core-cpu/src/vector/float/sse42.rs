//! SSE4.2-level (x86-64-v2) float lanes: SSE4.1's `roundps`/`roundpd` and `blendv`.

/// Four `f32` lanes.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse42::F32x4, Float};
/// if core_cpu::token::Sse42::get().is_some() {
///     let mut out = [0f32; 4];
///     // SAFETY: the SSE4.2 features (SSE4.1 among them) were detected.
///     unsafe { F32x4::splat(-1.5).ceil().store(out.as_mut_ptr()) };
///     assert_eq!(out, [-1.0; 4]);
/// }
/// ```
pub type F32x4 = super::sse::F32x4<true>;
/// Two `f64` lanes.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{sse42::F64x2, Float};
/// if core_cpu::token::Sse42::get().is_some() {
///     let mut out = [0f64; 2];
///     // SAFETY: the SSE4.2 features (SSE4.1 among them) were detected.
///     unsafe { F64x2::splat(-2.5).trunc().store(out.as_mut_ptr()) };
///     assert_eq!(out, [-2.0, -2.0]);
/// }
/// ```
pub type F64x2 = super::sse::F64x2<true>;
