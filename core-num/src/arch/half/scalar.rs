//! The portable kernels: the exact bit-level conversions of [`crate::half`], one element at a
//! time. Also the tails of the vector kernels shorter than one block.

use crate::half::convert;

/// binary16 bits to `f32`.
pub(crate) fn f16_to_f32(src: &[u16], dst: &mut [f32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f32::from_bits(convert::f16_to_f32(s));
    }
}

/// `f32` to binary16 bits.
pub(crate) fn f32_to_f16(src: &[f32], dst: &mut [u16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = convert::f32_to_f16(s.to_bits());
    }
}

/// binary16 bits to `f64`.
pub(crate) fn f16_to_f64(src: &[u16], dst: &mut [f64]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f32::from_bits(convert::f16_to_f32(s)) as f64;
    }
}

/// `f64` to binary16 bits.
pub(crate) fn f64_to_f16(src: &[f64], dst: &mut [u16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = convert::f64_to_f16(s.to_bits());
    }
}

/// bfloat16 bits to `f32`.
pub(crate) fn bf16_to_f32(src: &[u16], dst: &mut [f32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f32::from_bits(convert::bf16_to_f32(s));
    }
}

/// `f32` to bfloat16 bits.
pub(crate) fn f32_to_bf16(src: &[f32], dst: &mut [u16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = convert::f32_to_bf16(s.to_bits());
    }
}

/// bfloat16 bits to `f64`.
pub(crate) fn bf16_to_f64(src: &[u16], dst: &mut [f64]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f32::from_bits(convert::bf16_to_f32(s)) as f64;
    }
}

/// `f64` to bfloat16 bits.
pub(crate) fn f64_to_bf16(src: &[f64], dst: &mut [u16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = convert::f64_to_bf16(s.to_bits());
    }
}
