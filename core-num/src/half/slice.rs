//! Slice conversions: free functions that check lengths and return an error, and the `half`
//! crate's extension traits, which panic on a length mismatch as `half` does.
//!
//! Every function runs the best kernel of the process's level (see [`crate::arch`]): F16C or
//! AVX-512 on x86_64, `fcvtl`/`fcvtn` on aarch64, a portable loop elsewhere, all with the
//! same results, bit for bit, as the scalar conversions.

use super::{bf16, f16};
use crate::arch::half::ops::{Auto, Ops};
use core::fmt;

/// The source and destination slices of a conversion have different lengths.
///
/// ```
/// use core_num::half::{convert_to_f32, f16};
/// let src = [f16::ONE; 3];
/// let mut dst = [0f32; 2];
/// let err = convert_to_f32(&src, &mut dst).unwrap_err();
/// assert_eq!((err.src_len(), err.dst_len()), (3, 2));
/// assert_eq!(err.to_string(), "source has 3 elements but destination has 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LengthMismatchError {
    src: usize,
    dst: usize,
}

impl LengthMismatchError {
    /// The length of the source slice.
    ///
    /// # Examples
    /// ```
    /// use core_num::half::{convert_from_f32, bf16};
    /// let mut dst = [bf16::ZERO; 4];
    /// let err = convert_from_f32(&[1.0, 2.0], &mut dst).unwrap_err();
    /// assert_eq!(err.src_len(), 2);
    /// ```
    pub fn src_len(&self) -> usize {
        self.src
    }

    /// The length of the destination slice.
    ///
    /// # Examples
    /// ```
    /// use core_num::half::{convert_to_f64, f16};
    /// let mut dst = [0f64; 1];
    /// let err = convert_to_f64(&[f16::ONE; 5], &mut dst).unwrap_err();
    /// assert_eq!(err.dst_len(), 1);
    /// ```
    pub fn dst_len(&self) -> usize {
        self.dst
    }
}

impl fmt::Display for LengthMismatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "source has {} elements but destination has {}", self.src, self.dst)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LengthMismatchError {}

#[inline]
fn check(src: usize, dst: usize) -> Result<(), LengthMismatchError> {
    if src == dst {
        Ok(())
    } else {
        Err(LengthMismatchError { src, dst })
    }
}

/// The bits of a slice of either type (a `#[repr(transparent)]` `u16`).
#[inline]
fn bits<T: Half>(s: &[T]) -> &[u16] {
    // SAFETY: `T` is f16 or bf16 (sealed), `#[repr(transparent)]` over `u16`: same size,
    // alignment and validity, so the slice reads as `u16`.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast(), s.len()) }
}

#[inline]
fn bits_mut<T: Half>(s: &mut [T]) -> &mut [u16] {
    // SAFETY: as in `bits`; every `u16` is a valid `f16`/`bf16`, so writes keep `s` valid.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr().cast(), s.len()) }
}

mod sealed {
    /// Implemented by the element types and slice types of this module only.
    pub trait Sealed {}
    impl Sealed for super::f16 {}
    impl Sealed for super::bf16 {}
    impl Sealed for [super::f16] {}
    impl Sealed for [super::bf16] {}
    impl Sealed for [u16] {}
}

/// [`f16`](struct@f16) or [`bf16`]: the element types of the slice conversions (sealed).
///
/// # Examples
/// ```
/// use core_num::half::{convert_to_f32, Half, LengthMismatchError};
/// use core_num::{bf16, f16};
/// /// The sum of a slice of either half type, widened to `f32` first.
/// fn total<H: Half>(x: &[H]) -> Result<f32, LengthMismatchError> {
///     let mut wide = vec![0f32; x.len()];
///     convert_to_f32(x, &mut wide)?;
///     Ok(wide.iter().sum())
/// }
/// assert_eq!(total(&[f16::ONE, f16::from_f32(0.5)])?, 1.5);
/// assert_eq!(total(&[bf16::from_f32(-2.0); 3])?, -6.0);
/// # Ok::<(), LengthMismatchError>(())
/// ```
pub trait Half: sealed::Sealed + Copy + Default + 'static {
    #[doc(hidden)]
    const __IS_BF16: bool;
}

impl Half for f16 {
    const __IS_BF16: bool = false;
}

impl Half for bf16 {
    const __IS_BF16: bool = true;
}

/// The kernels of `T`, through `ops` (the cached best level, or a pinned one).
#[inline]
fn to_f32_via<T: Half>(ops: impl Ops, src: &[u16], dst: &mut [f32]) {
    if T::__IS_BF16 {
        ops.bf16_to_f32(src, dst)
    } else {
        ops.f16_to_f32(src, dst)
    }
}

#[inline]
fn from_f32_via<T: Half>(ops: impl Ops, src: &[f32], dst: &mut [u16]) {
    if T::__IS_BF16 {
        ops.f32_to_bf16(src, dst)
    } else {
        ops.f32_to_f16(src, dst)
    }
}

#[inline]
fn to_f64_via<T: Half>(ops: impl Ops, src: &[u16], dst: &mut [f64]) {
    if T::__IS_BF16 {
        ops.bf16_to_f64(src, dst)
    } else {
        ops.f16_to_f64(src, dst)
    }
}

#[inline]
fn from_f64_via<T: Half>(ops: impl Ops, src: &[f64], dst: &mut [u16]) {
    if T::__IS_BF16 {
        ops.f64_to_bf16(src, dst)
    } else {
        ops.f64_to_f16(src, dst)
    }
}

/// Converts every value of `src` to `f32` (exact) into `dst`.
///
/// # Errors
/// [`LengthMismatchError`] when the lengths differ (nothing is written).
///
/// ```
/// use core_num::half::{convert_to_f32, f16};
/// let src = [f16::from_f32(1.5), f16::NEG_INFINITY];
/// let mut dst = [0f32; 2];
/// convert_to_f32(&src, &mut dst)?;
/// assert_eq!(dst, [1.5, f32::NEG_INFINITY]);
/// # Ok::<(), core_num::half::LengthMismatchError>(())
/// ```
pub fn convert_to_f32<T: Half>(src: &[T], dst: &mut [f32]) -> Result<(), LengthMismatchError> {
    check(src.len(), dst.len())?;
    to_f32_via::<T>(Auto, bits(src), dst);
    Ok(())
}

/// Rounds every value of `src` to the nearest `T` (ties to even) into `dst`.
///
/// # Errors
/// [`LengthMismatchError`] when the lengths differ (nothing is written).
///
/// ```
/// use core_num::half::{convert_from_f32, bf16};
/// let mut dst = [bf16::ZERO; 2];
/// convert_from_f32(&[1.0, 1.0 + 1.0 / 256.0], &mut dst)?;
/// assert_eq!(dst, [bf16::ONE, bf16::ONE]); // the second one was halfway: ties to even
/// # Ok::<(), core_num::half::LengthMismatchError>(())
/// ```
pub fn convert_from_f32<T: Half>(src: &[f32], dst: &mut [T]) -> Result<(), LengthMismatchError> {
    check(src.len(), dst.len())?;
    from_f32_via::<T>(Auto, src, bits_mut(dst));
    Ok(())
}

/// Converts every value of `src` to `f64` (exact) into `dst`.
///
/// # Errors
/// [`LengthMismatchError`] when the lengths differ (nothing is written).
///
/// # Examples
/// ```
/// use core_num::half::{convert_to_f64, f16};
/// let src = [f16::from_f32(0.1), f16::NEG_INFINITY];
/// let mut dst = [0f64; 2];
/// convert_to_f64(&src, &mut dst)?;
/// assert_eq!(dst, [src[0].to_f64(), f64::NEG_INFINITY]);
/// assert_eq!(dst[0], 0.0999755859375); // the f16 nearest 0.1, exactly
/// assert!(convert_to_f64(&src, &mut dst[..1]).is_err());
/// # Ok::<(), core_num::half::LengthMismatchError>(())
/// ```
pub fn convert_to_f64<T: Half>(src: &[T], dst: &mut [f64]) -> Result<(), LengthMismatchError> {
    check(src.len(), dst.len())?;
    to_f64_via::<T>(Auto, bits(src), dst);
    Ok(())
}

/// Rounds every value of `src` to the nearest `T` (ties to even, rounded once from the `f64`)
/// into `dst`.
///
/// # Errors
/// [`LengthMismatchError`] when the lengths differ (nothing is written).
///
/// ```
/// use core_num::half::{convert_from_f64, f16};
/// // Just above the halfway point between 1 and the next f16: rounds up (through f32 it
/// // would land on the halfway point and round down).
/// let x = 1.0 + 1.0 / 2048.0 + 1.0 / (1u64 << 40) as f64;
/// let mut dst = [f16::ZERO];
/// convert_from_f64(&[x], &mut dst)?;
/// assert_eq!(dst[0], f16::ONE.next_up());
/// # Ok::<(), core_num::half::LengthMismatchError>(())
/// ```
pub fn convert_from_f64<T: Half>(src: &[f64], dst: &mut [T]) -> Result<(), LengthMismatchError> {
    check(src.len(), dst.len())?;
    from_f64_via::<T>(Auto, src, bits_mut(dst));
    Ok(())
}

/// The `half` crate's extension methods on `[f16]` and `[bf16]`.
///
/// The conversions run the same kernels as [`convert_to_f32`] and the other free functions,
/// which return an error where these methods panic.
///
/// # Examples
/// ```
/// use core_num::half::prelude::*;
/// let mut halves = [f16::ZERO; 3];
/// halves.convert_from_f32_slice(&[1.0, -0.5, 65504.0]);
/// assert_eq!(halves.to_f32_vec(), [1.0, -0.5, 65504.0]);
/// assert_eq!(halves.reinterpret_cast()[0], 0x3C00); // the bits of 1.0
/// // Unlike the free functions, a length mismatch panics here.
/// let mut two = [f16::ZERO; 2];
/// assert!(std::panic::catch_unwind(move || two.convert_from_f32_slice(&[1.0])).is_err());
/// ```
pub trait HalfFloatSliceExt: sealed::Sealed {
    /// The slice's bits.
    fn reinterpret_cast(&self) -> &[u16];
    /// The slice's bits, writable.
    fn reinterpret_cast_mut(&mut self) -> &mut [u16];
    /// Rounds each value of `src` into `self` (ties to even).
    ///
    /// # Panics
    /// When the lengths differ.
    fn convert_from_f32_slice(&mut self, src: &[f32]);
    /// Rounds each value of `src` into `self` (ties to even, once from the `f64`).
    ///
    /// # Panics
    /// When the lengths differ.
    fn convert_from_f64_slice(&mut self, src: &[f64]);
    /// Widens each value into `dst` (exact).
    ///
    /// # Panics
    /// When the lengths differ.
    fn convert_to_f32_slice(&self, dst: &mut [f32]);
    /// Widens each value into `dst` (exact).
    ///
    /// # Panics
    /// When the lengths differ.
    fn convert_to_f64_slice(&self, dst: &mut [f64]);
    /// The values as a new `Vec<f32>`.
    fn to_f32_vec(&self) -> alloc::vec::Vec<f32>;
    /// The values as a new `Vec<f64>`.
    fn to_f64_vec(&self) -> alloc::vec::Vec<f64>;
}

impl<T: Half> HalfFloatSliceExt for [T]
where
    [T]: sealed::Sealed,
{
    #[inline]
    fn reinterpret_cast(&self) -> &[u16] {
        bits(self)
    }
    #[inline]
    fn reinterpret_cast_mut(&mut self) -> &mut [u16] {
        bits_mut(self)
    }
    fn convert_from_f32_slice(&mut self, src: &[f32]) {
        assert_eq!(self.len(), src.len(), "destination and source slices have different lengths");
        from_f32_via::<T>(Auto, src, bits_mut(self));
    }
    fn convert_from_f64_slice(&mut self, src: &[f64]) {
        assert_eq!(self.len(), src.len(), "destination and source slices have different lengths");
        from_f64_via::<T>(Auto, src, bits_mut(self));
    }
    fn convert_to_f32_slice(&self, dst: &mut [f32]) {
        assert_eq!(self.len(), dst.len(), "destination and source slices have different lengths");
        to_f32_via::<T>(Auto, bits(self), dst);
    }
    fn convert_to_f64_slice(&self, dst: &mut [f64]) {
        assert_eq!(self.len(), dst.len(), "destination and source slices have different lengths");
        to_f64_via::<T>(Auto, bits(self), dst);
    }
    fn to_f32_vec(&self) -> alloc::vec::Vec<f32> {
        let mut v = alloc::vec![0f32; self.len()];
        to_f32_via::<T>(Auto, bits(self), &mut v);
        v
    }
    fn to_f64_vec(&self) -> alloc::vec::Vec<f64> {
        let mut v = alloc::vec![0f64; self.len()];
        to_f64_via::<T>(Auto, bits(self), &mut v);
        v
    }
}

/// The `half` crate's extension methods on `[u16]`: the bits read as [`f16`](struct@f16) or
/// [`bf16`].
///
/// # Examples
/// ```
/// use core_num::half::prelude::*;
/// let bits: [u16; 2] = [0x3F80, 0xC000]; // bf16 1.0 and -2.0
/// let values: &[bf16] = bits.reinterpret_cast();
/// assert_eq!(values.to_f32_vec(), [1.0, -2.0]);
/// let mut raw = [0u16; 1];
/// raw.reinterpret_cast_mut::<f16>()[0] = f16::from_f32(2.0);
/// assert_eq!(raw, [0x4000]);
/// ```
pub trait HalfBitsSliceExt: sealed::Sealed {
    /// The bits as a slice of `H`.
    fn reinterpret_cast<H: Half>(&self) -> &[H];
    /// The bits as a writable slice of `H`.
    fn reinterpret_cast_mut<H: Half>(&mut self) -> &mut [H];
}

impl HalfBitsSliceExt for [u16] {
    #[inline]
    fn reinterpret_cast<H: Half>(&self) -> &[H] {
        // SAFETY: `H` is f16 or bf16 (sealed), `#[repr(transparent)]` over `u16`, and every
        // bit pattern is valid.
        unsafe { core::slice::from_raw_parts(self.as_ptr().cast(), self.len()) }
    }
    #[inline]
    fn reinterpret_cast_mut<H: Half>(&mut self) -> &mut [H] {
        // SAFETY: as above; writes of `H` are writes of `u16`.
        unsafe { core::slice::from_raw_parts_mut(self.as_mut_ptr().cast(), self.len()) }
    }
}

/// Per-level entry points of the slice conversions, for tests, benchmarks and fuzz targets:
/// `None` when `level` is not available on this CPU or the lengths differ.
#[doc(hidden)]
pub mod __at {
    use super::{bits, bits_mut, from_f32_via, from_f64_via, to_f32_via, to_f64_via, Half};
    use crate::arch::half::ops::pinned;
    use crate::arch::Level;

    /// [`convert_to_f32`](super::convert_to_f32) at `level`.
    pub fn to_f32<T: Half>(level: Level, src: &[T], dst: &mut [f32]) -> Option<()> {
        let p = pinned(level)?;
        (src.len() == dst.len()).then(|| to_f32_via::<T>(p, bits(src), dst))
    }
    /// [`convert_from_f32`](super::convert_from_f32) at `level`.
    pub fn from_f32<T: Half>(level: Level, src: &[f32], dst: &mut [T]) -> Option<()> {
        let p = pinned(level)?;
        (src.len() == dst.len()).then(|| from_f32_via::<T>(p, src, bits_mut(dst)))
    }
    /// [`convert_to_f64`](super::convert_to_f64) at `level`.
    pub fn to_f64<T: Half>(level: Level, src: &[T], dst: &mut [f64]) -> Option<()> {
        let p = pinned(level)?;
        (src.len() == dst.len()).then(|| to_f64_via::<T>(p, bits(src), dst))
    }
    /// [`convert_from_f64`](super::convert_from_f64) at `level`.
    pub fn from_f64<T: Half>(level: Level, src: &[f64], dst: &mut [T]) -> Option<()> {
        let p = pinned(level)?;
        (src.len() == dst.len()).then(|| from_f64_via::<T>(p, src, bits_mut(dst)))
    }
}
