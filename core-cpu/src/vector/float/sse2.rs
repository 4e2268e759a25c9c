//! SSE2 (the x86-64 baseline) float lanes: rounding to an integer is emulated.

/// Four `f32` lanes.
pub type F32x4 = super::sse::F32x4<false>;
/// Two `f64` lanes.
pub type F64x2 = super::sse::F64x2<false>;
