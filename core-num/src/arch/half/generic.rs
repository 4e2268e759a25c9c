//! The conversion loops, once for every level.
//!
//! f16: a level supplies a block type ([`F16Block`]) that converts `LANES` values with its
//! conversion instruction; the loop runs whole blocks and finishes with one block that ends at
//! the last element (overlapping the previous one: converting twice writes the same values),
//! so only slices shorter than a block take the scalar path.
//!
//! bf16: the format is the top half of an `f32`, so the kernels are integer lane operations on
//! core-cpu's [`Vector`]: widening interleaves zero low halves (`zip16`) and quiets NaNs,
//! narrowing adds the
//! rounding increment `0x7FFF + lsb` (ties to even), quiets NaNs, and keeps the high halves
//! ([`HighHalves`], one instruction or two per level).
//!
//! `f64` slices are converted through an `f32` buffer of [`CHUNK`] values on the stack.

use super::scalar;
use crate::half::convert;
use core_cpu::vector::Vector;

/// `f32` values per buffered block of the `f64` conversions.
const CHUNK: usize = 64;

/// A level's f16 conversion instructions.
pub(crate) trait F16Block {
    /// Values per block.
    const LANES: usize;
    /// Converts `LANES` binary16 values at `src` to `f32` at `dst`.
    ///
    /// # Safety
    /// The CPU has the level's features; `src` is readable and `dst` writable for `LANES`
    /// elements.
    unsafe fn widen(src: *const u16, dst: *mut f32);
    /// Converts `LANES` `f32` values at `src` to binary16 at `dst` (ties to even).
    ///
    /// # Safety
    /// As [`widen`](Self::widen).
    unsafe fn narrow(src: *const f32, dst: *mut u16);
}

/// Runs `block(i)` for every block start `i` of an `n`-element conversion with `lanes` per
/// block: whole blocks, then one that ends at `n`. `n >= lanes`.
#[inline(always)]
pub(super) fn for_blocks(n: usize, lanes: usize, mut block: impl FnMut(usize)) {
    debug_assert!(n >= lanes);
    let mut i = 0;
    while i + 2 * lanes <= n {
        block(i);
        block(i + lanes);
        i += 2 * lanes;
    }
    if i + lanes <= n {
        block(i);
        i += lanes;
    }
    if i < n {
        block(n - lanes);
    }
}

/// binary16 bits to `f32`, `min(src.len(), dst.len())` elements.
///
/// # Safety
/// The CPU has `K`'s features.
#[inline(always)]
pub(crate) unsafe fn f16_to_f32<K: F16Block>(src: &[u16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    if n < K::LANES {
        return scalar::f16_to_f32(src, dst);
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    // SAFETY: every block lies in 0..n, inside both slices; the caller vouches for the CPU.
    for_blocks(n, K::LANES, |i| unsafe { K::widen(s.add(i), d.add(i)) });
}

/// `f32` to binary16 bits, `min(src.len(), dst.len())` elements.
///
/// # Safety
/// The CPU has `K`'s features.
#[inline(always)]
pub(crate) unsafe fn f32_to_f16<K: F16Block>(src: &[f32], dst: &mut [u16]) {
    let n = src.len().min(dst.len());
    if n < K::LANES {
        return scalar::f32_to_f16(src, dst);
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    // SAFETY: every block lies in 0..n, inside both slices; the caller vouches for the CPU.
    for_blocks(n, K::LANES, |i| unsafe { K::narrow(s.add(i), d.add(i)) });
}

/// Widens half-precision bits to `f64` through an `f32` buffer filled by `widen`.
#[inline(always)]
fn widen_f64(src: &[u16], dst: &mut [f64], mut widen: impl FnMut(&[u16], &mut [f32])) {
    let mut buf = [0f32; CHUNK];
    for (s, d) in src.chunks(CHUNK).zip(dst.chunks_mut(CHUNK)) {
        let n = s.len().min(d.len());
        widen(&s[..n], &mut buf[..n]);
        for (o, &x) in d.iter_mut().zip(&buf[..n]) {
            *o = x as f64;
        }
    }
}

/// Narrows `f64` to half-precision bits: rounds to `f32` to odd into a buffer, which
/// `narrow` rounds to the target once more (correctly: see [`convert::f64_to_f32_odd`]).
#[inline(always)]
fn narrow_f64(src: &[f64], dst: &mut [u16], mut narrow: impl FnMut(&[f32], &mut [u16])) {
    let mut buf = [0f32; CHUNK];
    for (s, d) in src.chunks(CHUNK).zip(dst.chunks_mut(CHUNK)) {
        let n = s.len().min(d.len());
        for (o, &x) in buf.iter_mut().zip(&s[..n]) {
            *o = convert::f64_to_f32_odd(x);
        }
        narrow(&buf[..n], &mut d[..n]);
    }
}

/// binary16 bits to `f64`.
///
/// # Safety
/// The CPU has `K`'s features.
#[inline(always)]
pub(crate) unsafe fn f16_to_f64<K: F16Block>(src: &[u16], dst: &mut [f64]) {
    // SAFETY: the caller vouches for the CPU.
    widen_f64(src, dst, |s, d| unsafe { f16_to_f32::<K>(s, d) });
}

/// `f64` to binary16 bits.
///
/// # Safety
/// The CPU has `K`'s features.
#[inline(always)]
pub(crate) unsafe fn f64_to_f16<K: F16Block>(src: &[f64], dst: &mut [u16]) {
    // SAFETY: the caller vouches for the CPU.
    narrow_f64(src, dst, |s, d| unsafe { f32_to_f16::<K>(s, d) });
}

/// A level's narrowing of 32-bit lanes to their high 16 bits.
pub(crate) trait HighHalves: Vector {
    /// The high 16 bits of each 32-bit lane of `self`, then of `hi`, as 16-bit lanes in
    /// memory order.
    ///
    /// # Safety
    /// The CPU runs the type's ISA.
    unsafe fn high_halves(self, hi: Self) -> Self;
}

/// bfloat16 bits to `f32`: each value becomes the high half of a lane.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn bf16_to_f32<V: Vector>(src: &[u16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    let lanes = V::BYTES / 2;
    if n < lanes {
        return scalar::bf16_to_f32(src, dst);
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    for_blocks(n, lanes, |i| {
        // SAFETY: the block i..i + lanes lies inside both slices (`lanes` u16 are BYTES
        // bytes, `lanes` f32 two vectors); the caller vouches for the CPU.
        unsafe {
            let v = V::load(s.add(i).cast());
            let (lo, hi) = V::zero().zip16(v);
            quiet_nans(lo).store(d.add(i).cast());
            quiet_nans(hi).store(d.add(i + lanes / 2).cast());
        }
    });
}

/// `f32` lanes with the quiet bit set in NaNs.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
unsafe fn quiet_nans<V: Vector>(x: V) -> V {
    // SAFETY: the caller vouches for the CPU.
    unsafe {
        let nan = x.and(V::splat32(0x7FFF_FFFF)).gt_i32(V::splat32(0x7F80_0000));
        x.or(nan.and(V::splat32(0x0040_0000)))
    }
}

/// Rounds `f32` lanes to bfloat16 in their high halves: ties to even, NaNs quieted.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
unsafe fn round_to_bf16<V: Vector>(x: V) -> V {
    // SAFETY: the caller vouches for the CPU.
    unsafe {
        let lsb = x.shr32::<16>().and(V::splat32(1));
        let rounded = x.add32(V::splat32(0x7FFF)).add32(lsb);
        let nan = x.and(V::splat32(0x7FFF_FFFF)).gt_i32(V::splat32(0x7F80_0000));
        let quiet = x.or(V::splat32(0x0040_0000));
        quiet.and(nan).or(rounded.and_not(nan))
    }
}

/// `f32` to bfloat16 bits.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn f32_to_bf16<V: HighHalves>(src: &[f32], dst: &mut [u16]) {
    let n = src.len().min(dst.len());
    let lanes = V::BYTES / 2;
    if n < lanes {
        return scalar::f32_to_bf16(src, dst);
    }
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    for_blocks(n, lanes, |i| {
        // SAFETY: the block i..i + lanes lies inside both slices (`lanes` f32 are two
        // vectors, `lanes` u16 one); the caller vouches for the CPU.
        unsafe {
            let lo = round_to_bf16(V::load(s.add(i).cast()));
            let hi = round_to_bf16(V::load(s.add(i + lanes / 2).cast()));
            lo.high_halves(hi).store(d.add(i).cast());
        }
    });
}

/// bfloat16 bits to `f64`.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn bf16_to_f64<V: Vector>(src: &[u16], dst: &mut [f64]) {
    // SAFETY: the caller vouches for the CPU.
    widen_f64(src, dst, |s, d| unsafe { bf16_to_f32::<V>(s, d) });
}

/// `f64` to bfloat16 bits.
///
/// # Safety
/// The CPU runs `V`'s ISA.
#[inline(always)]
pub(crate) unsafe fn f64_to_bf16<V: HighHalves>(src: &[f64], dst: &mut [u16]) {
    // SAFETY: the caller vouches for the CPU.
    narrow_f64(src, dst, |s, d| unsafe { f32_to_bf16::<V>(s, d) });
}
