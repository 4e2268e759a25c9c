//! The SIMD algorithms, each written once over the [`Vector`](vector::Vector) trait and
//! monomorphised per instruction set by the thin files in `x86_64/` and `aarch64/`.

pub(crate) mod count;
pub(crate) mod utf16_check;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_validate;
pub(crate) mod vector;
