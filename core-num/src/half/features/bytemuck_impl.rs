//! `Pod` and `Zeroable`: both types are a `#[repr(transparent)]` `u16`, any bits valid.

use crate::half::{bf16, f16};

// SAFETY: `#[repr(transparent)]` over `u16`: all-zero bits are a valid value (+0).
unsafe impl bytemuck::Zeroable for f16 {}
// SAFETY: `#[repr(transparent)]` over `u16`: no padding, every bit pattern valid, `Copy`,
// `'static`.
unsafe impl bytemuck::Pod for f16 {}
// SAFETY: as for `f16`.
unsafe impl bytemuck::Zeroable for bf16 {}
// SAFETY: as for `f16`.
unsafe impl bytemuck::Pod for bf16 {}
