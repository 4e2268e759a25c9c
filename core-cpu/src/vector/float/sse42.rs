//! SSE4.2-level (x86-64-v2) float lanes: SSE4.1's `roundps`/`roundpd` and `blendv`.

/// Four `f32` lanes.
pub type F32x4 = super::sse::F32x4<true>;
/// Two `f64` lanes.
pub type F64x2 = super::sse::F64x2<true>;
