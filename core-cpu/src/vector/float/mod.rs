//! Floating-point lane vectors: [`Float`] (every operation of `f32` and `f64` lanes),
//! [`F32x`] and [`F64x`] (the conversions between them), one pair of types per level.
//!
//! | level    | `f32` lanes          | `f64` lanes          | rounding (`floor`, `ceil`, ...)       |
//! |----------|----------------------|----------------------|---------------------------------------|
//! | scalar   | [`scalar::F32x4`]    | [`scalar::F64x2`]    | portable (the model of the others)    |
//! | `sse2`   | `sse2::F32x4`        | `sse2::F64x2`        | emulated (add and subtract `2^52`)    |
//! | `sse4.2` | `sse42::F32x4`       | `sse42::F64x2`       | `roundps`/`roundpd` (SSE4.1)          |
//! | `avx2`   | `avx2::F32x8`        | `avx2::F64x4`        | `vroundps`; FMA                       |
//! | `avx512` | `avx512::F32x16`     | `avx512::F64x8`      | `vrndscaleps`; FMA; mask registers    |
//! | `neon`   | `neon::F32x4`        | `neon::F64x2`        | `frint*`; FMA                         |
//!
//! A kernel is written once over `V: Float` (or `F32x`/`F64x` where it converts) and compiled
//! per level like the integer kernels (see [`dispatch!`](macro@crate::dispatch)). The scalar
//! model is a real backend (plain arrays of lanes, portable code, `no_std`) and the oracle
//! that `tests/vector.rs` checks every other level against.
//!
//! Compare results are [`Float::Mask`]s: vectors of all-ones or all-zero lanes, or mask
//! registers at `avx512`. Bitwise operations and the integer shifts and adds act on the lanes'
//! bit patterns (`u32` for `f32`, `u64` for `f64`), which is how exponents are built and taken
//! apart.

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "aarch64")]
pub mod neon;
pub mod scalar;
#[cfg(target_arch = "x86_64")]
pub mod sse;
#[cfg(target_arch = "x86_64")]
pub mod sse2;
#[cfg(target_arch = "x86_64")]
pub mod sse42;

/// A lane type: `f32` or `f64`.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::Elem;
/// assert_eq!(<f32 as Elem>::MANTISSA_BITS, 23);
/// assert_eq!(<f64 as Elem>::BITS, 64);
/// assert_eq!(1.0f64.bits_u64(), 0x3FF0_0000_0000_0000);
/// assert_eq!(<f32 as Elem>::from_bits(0x4000_0000), 2.0);
/// ```
pub trait Elem: Copy + PartialOrd + Default + core::fmt::Debug + Send + Sync + 'static {
    /// The unsigned integer of the same width (`u32`, `u64`).
    type Bits: Copy + Eq + core::fmt::Debug;
    /// Width in bits.
    const BITS: u32;
    /// Explicitly stored mantissa bits (23, 52).
    const MANTISSA_BITS: u32;
    /// The bit pattern.
    fn to_bits(self) -> Self::Bits;
    /// The value of a bit pattern.
    fn from_bits(b: Self::Bits) -> Self;
    /// The bit pattern widened to 64 bits.
    fn bits_u64(self) -> u64;
    /// The value of the low `BITS` bits of `b`.
    fn from_bits_u64(b: u64) -> Self;
    /// The nearest value to `x` (exact for `f64`).
    fn from_f64(x: f64) -> Self;
    /// The value as `f64` (exact).
    fn to_f64(self) -> f64;
}

impl Elem for f32 {
    type Bits = u32;
    const BITS: u32 = 32;
    const MANTISSA_BITS: u32 = 23;
    #[inline(always)]
    fn to_bits(self) -> u32 {
        self.to_bits()
    }
    #[inline(always)]
    fn from_bits(b: u32) -> Self {
        f32::from_bits(b)
    }
    #[inline(always)]
    fn bits_u64(self) -> u64 {
        self.to_bits() as u64
    }
    #[inline(always)]
    fn from_bits_u64(b: u64) -> Self {
        f32::from_bits(b as u32)
    }
    #[inline(always)]
    fn from_f64(x: f64) -> Self {
        x as f32
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl Elem for f64 {
    type Bits = u64;
    const BITS: u32 = 64;
    const MANTISSA_BITS: u32 = 52;
    #[inline(always)]
    fn to_bits(self) -> u64 {
        self.to_bits()
    }
    #[inline(always)]
    fn from_bits(b: u64) -> Self {
        f64::from_bits(b)
    }
    #[inline(always)]
    fn bits_u64(self) -> u64 {
        self.to_bits()
    }
    #[inline(always)]
    fn from_bits_u64(b: u64) -> Self {
        f64::from_bits(b)
    }
    #[inline(always)]
    fn from_f64(x: f64) -> Self {
        x
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self
    }
}

/// The operations of a vector of `f32` or `f64` lanes.
///
/// Arithmetic is IEEE 754 with round-to-nearest-even, lane by lane, as the scalar operators.
/// `min`/`max` and the horizontal `reduce_min`/`reduce_max` are specified for ordered,
/// distinct lanes only: where a lane is NaN, or the two are `+0` and `-0`, either operand may
/// come back (x86's `minps` returns the second, NEON's `fmin` the NaN); kernels that promise
/// more handle those lanes themselves.
///
/// # Safety
/// (For every method.) The CPU runs the implementing type's ISA; pointer methods state their
/// own obligations.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{scalar::F32x4, Float};
/// let x = [1.0f32, -2.0, 3.5, 4.0];
/// // SAFETY: the portable model runs anywhere; `x` holds `F32x4::LANES` lanes.
/// let squares = unsafe { F32x4::load(x.as_ptr()).mul(F32x4::load(x.as_ptr())) };
/// assert_eq!(unsafe { squares.reduce_add() }, 1.0 + 4.0 + 12.25 + 16.0);
/// assert_eq!(unsafe { squares.reduce_max() }, 16.0);
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait Float: Copy {
    /// The lane type.
    type Elem: Elem;
    /// A compare result: one flag per lane.
    type Mask: Copy;
    /// Lanes per vector.
    const LANES: usize;

    /// Every lane `x`.
    unsafe fn splat(x: Self::Elem) -> Self;
    /// Loads `LANES` lanes from `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + LANES` is readable.
    unsafe fn load(p: *const Self::Elem) -> Self;
    /// Stores `LANES` lanes to `p` (any alignment).
    ///
    /// # Safety
    /// `p..p + LANES` is writable.
    unsafe fn store(self, p: *mut Self::Elem);

    /// `self + o`.
    unsafe fn add(self, o: Self) -> Self;
    /// `self - o`.
    unsafe fn sub(self, o: Self) -> Self;
    /// `self * o`.
    unsafe fn mul(self, o: Self) -> Self;
    /// `self / o`.
    unsafe fn div(self, o: Self) -> Self;
    /// `self * a + b`: one rounding where the level has FMA (`avx2`, `avx512`, `neon`), two
    /// elsewhere ([`Float::FUSED`] says which).
    unsafe fn mul_add(self, a: Self, b: Self) -> Self;
    /// Whether [`Float::mul_add`] rounds once.
    const FUSED: bool;
    /// The correctly rounded square root.
    unsafe fn sqrt(self) -> Self;
    /// The smaller lane (see the trait docs for NaN and signed zeros).
    unsafe fn min(self, o: Self) -> Self;
    /// The larger lane (see the trait docs for NaN and signed zeros).
    unsafe fn max(self, o: Self) -> Self;
    /// The sign bit cleared.
    unsafe fn abs(self) -> Self;
    /// The sign bit flipped.
    unsafe fn neg(self) -> Self;

    /// Rounded to an integer, ties to even (`-0.5` gives `-0`).
    unsafe fn round_even(self) -> Self;
    /// Rounded towards negative infinity.
    unsafe fn floor(self) -> Self;
    /// Rounded towards positive infinity.
    unsafe fn ceil(self) -> Self;
    /// Rounded towards zero.
    unsafe fn trunc(self) -> Self;

    /// Bitwise and.
    unsafe fn and(self, o: Self) -> Self;
    /// Bitwise or.
    unsafe fn or(self, o: Self) -> Self;
    /// Bitwise exclusive or.
    unsafe fn xor(self, o: Self) -> Self;
    /// `self & !o`.
    unsafe fn and_not(self, o: Self) -> Self;
    /// Per lane's bits, logical shift left by `N` (`1..BITS`).
    unsafe fn shl<const N: i32>(self) -> Self;
    /// Per lane's bits, logical shift right by `N` (`1..BITS`).
    unsafe fn shr<const N: i32>(self) -> Self;
    /// Per lane's bits, wrapping integer addition.
    unsafe fn add_bits(self, o: Self) -> Self;
    /// Per lane's bits, wrapping integer subtraction.
    unsafe fn sub_bits(self, o: Self) -> Self;

    /// `self == o` (false where either is NaN).
    unsafe fn eq(self, o: Self) -> Self::Mask;
    /// `self < o` (false where either is NaN).
    unsafe fn lt(self, o: Self) -> Self::Mask;
    /// `self <= o` (false where either is NaN).
    unsafe fn le(self, o: Self) -> Self::Mask;
    /// The NaN lanes.
    unsafe fn is_nan(self) -> Self::Mask;
    /// Per lane: `a` where `m` is set, else `b`.
    unsafe fn select(m: Self::Mask, a: Self, b: Self) -> Self;
    /// Both flags.
    unsafe fn mask_and(m: Self::Mask, o: Self::Mask) -> Self::Mask;
    /// Either flag.
    unsafe fn mask_or(m: Self::Mask, o: Self::Mask) -> Self::Mask;
    /// Bit `k` is lane `k`'s flag (`LANES` bits).
    unsafe fn mask_bits(m: Self::Mask) -> u64;
    /// Is any flag set?
    #[inline(always)]
    unsafe fn mask_any(m: Self::Mask) -> bool {
        // SAFETY: CPU per the trait contract.
        unsafe { Self::mask_bits(m) != 0 }
    }

    /// The sum of the lanes (in an order of the level's choosing).
    unsafe fn reduce_add(self) -> Self::Elem;
    /// The smallest lane (see the trait docs for NaN and signed zeros).
    unsafe fn reduce_min(self) -> Self::Elem;
    /// The largest lane (see the trait docs for NaN and signed zeros).
    unsafe fn reduce_max(self) -> Self::Elem;
}

/// `f32` lanes, with their conversion to and from `f64` lanes of the same level.
///
/// # Safety
/// As for [`Float`]: every method needs the implementing type's ISA.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{scalar::F32x4, F32x, Float};
/// let x = [1.5f32, 2.0, -0.25, 1e30];
/// let (mut wide, mut back) = ([0f64; 2], [0f32; 4]);
/// // SAFETY: the portable model runs anywhere; each buffer holds its lanes.
/// unsafe {
///     let (lo, hi) = F32x4::load(x.as_ptr()).widen();
///     lo.store(wide.as_mut_ptr());
///     F32x4::narrow(lo, hi).store(back.as_mut_ptr());
/// }
/// assert_eq!(wide, [1.5, 2.0]);
/// assert_eq!(back, x);
/// ```
#[allow(clippy::missing_safety_doc)]
pub trait F32x: Float<Elem = f32> {
    /// The level's `f64` lanes: half as many per vector.
    type F64: F64x<F32 = Self>;
    /// The lanes as `f64` (exact): the first half in the first vector.
    unsafe fn widen(self) -> (Self::F64, Self::F64);
    /// The lanes of `lo` then `hi`, each rounded to `f32` (to nearest, even).
    unsafe fn narrow(lo: Self::F64, hi: Self::F64) -> Self;
}

/// `f64` lanes.
///
/// # Safety
/// As for [`Float`]: every method needs the implementing type's ISA.
///
/// # Examples
/// ```
/// use core_cpu::vector::float::{scalar::F64x2, F32x, F64x, Float};
/// /// Rounds two vectors of `f64` lanes into one of `f32` lanes, at any level.
/// fn to_f32<V: F64x>(lo: V, hi: V) -> V::F32 {
///     // SAFETY: the caller's CPU runs `V`'s ISA (here, the portable model).
///     unsafe { V::F32::narrow(lo, hi) }
/// }
/// // SAFETY: the portable model runs anywhere.
/// let v = unsafe { F64x2::splat(0.1) };
/// assert_eq!(unsafe { to_f32(v, v).reduce_max() }, 0.1f32);
/// ```
pub trait F64x: Float<Elem = f64> {
    /// The level's `f32` lanes: twice as many per vector.
    type F32: F32x<F64 = Self>;
}
