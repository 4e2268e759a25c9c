//! Vectorized math over slices of `f32` and `f64`: elementwise functions, reductions and
//! softmax, each running on the best SIMD level of the CPU (chosen at first use) with an
//! exact result contract that does not depend on that level.
//!
//! ```
//! use core_num::tensor;
//!
//! let x = [0.5f32, -1.0, 2.0, 0.0];
//! let mut y = [0.0f32; 4];
//! tensor::exp(&x, &mut y)?;
//! assert_eq!(y[3], 1.0);
//! assert!((y[0] - 0.5f32.exp()).abs() <= f32::EPSILON * y[0]);
//!
//! assert_eq!(tensor::dot(&x, &[1.0, 1.0, 1.0, 1.0])?, 1.5);
//! assert_eq!(tensor::index_of_max(&x), Some(2));
//!
//! // Mismatched lengths are an error, not a panic; nothing is written.
//! let err = tensor::add(&x, &[1.0, 2.0], &mut y).unwrap_err();
//! assert_eq!(err, tensor::TensorError::LengthMismatch { expected: 4, actual: 2 });
//!
//! // In place: the `_in_place` form of each elementwise function.
//! let mut v = vec![1.5f64, 2.5, -0.5];
//! tensor::round_in_place(&mut v, 0, tensor::MidpointRounding::ToEven)?;
//! assert_eq!(v, [2.0, 2.0, -0.0]);
//! # Ok::<(), tensor::TensorError>(())
//! ```
//!
//! # Shape of the API
//!
//! - Elementwise functions read one to three input slices and write an output slice of the
//!   same length: `exp(x, out)`, `add(x, y, out)`, `fma(x, y, z, out)`. Every length must equal
//!   the first input's, or the function returns [`TensorError::LengthMismatch`] and writes
//!   nothing. Rust's borrows keep an output from aliasing an input, so each has an
//!   `_in_place` form that overwrites the first input (`exp_in_place(x)`,
//!   `add_in_place(x, y)` for `x = x + y`, `fma_in_place(x, y, z)` for `z = x * y + z`).
//! - Reductions return a value: `sum`, `dot`, `norm`... and `Option` where an empty slice has
//!   no answer (`max`, `index_of_max`...).
//! - [`Backend`] runs the same functions at a chosen [`Level`] (tests,
//!   benchmarks); the free functions use the best level, within `CORE_SIMD_MAX`.
//!
//! # Accuracy
//!
//! Arithmetic (`add`, `sub`, `mul`, `div`, `sqrt`, `fma`), rounding (`floor`, `ceil`,
//! `trunc`, `round`) and `bit_increment`/`bit_decrement` are exact: bit for bit what the
//! scalar operation gives (`fma` rounds once at every level: with the `std` feature on CPUs
//! without FMA it calls `f64::mul_add` per element; without `std` there it rounds twice).
//!
//! The transcendental functions are computed in `f64` lanes (an `f32` input is widened, and
//! the result rounded once to `f32`), so the `f32` forms are within 1 ulp of the exact result
//! (almost always correctly rounded; `exp`, `ln` and `asin` use shorter polynomials for `f32`,
//! accurate to about `2^-32` before that rounding). The `f64` forms' largest errors, measured by the
//! tests on dense samples against the platform's `libm`:
//!
//! | function | `f64` bound | how |
//! |---|---|---|
//! | `exp`, `exp2` | 1 ulp | Cody–Waite reduction by `ln 2`, degree-13 series |
//! | `ln`, `log2` | 2 ulp | `2 atanh((m - 1)/(m + 1))` series, `m` near 1 |
//! | `asin`, `acos`, `atan`, `atan2` | 2 ulp | polynomial on a folded range (Chebyshev fit) |
//! | `sinh`, `cosh`, `tanh`, `sigmoid` | 3 ulp | quotients of `expm1`/`exp` |
//! | `sin`, `cos` | 2 ulp | reduction by `pi/2`: Cody–Waite (four parts) below `2^22`, Payne–Hanek above; Taylor series on `[-pi/4, pi/4]` |
//! | `tan` | 3 ulp | `sin r / cos r` (or `-cos r / sin r`) of the same reduction |
//! | `pow` | 2 ulp | `e^(y ln x)` with `ln x` and the product in double-double |
//!
//! NaN, infinities, signed zeros and subnormals give what `std`'s scalar functions give
//! (`sigmoid(x) = 1 / (1 + e^-x)`, for which `std` has no function, follows the same rules).
//! Trigonometric arguments of every size are reduced exactly: there is no range beyond which
//! `sin` loses accuracy (the platform `libm` is itself 8 ulp off at the hardest case, tested).
//! Sums, products, dot products and norms add in a different order than a sequential loop
//! (several vector accumulators), so they can differ from one in the last bits.
//!
//! # Levels
//!
//! Each function is written once over core-cpu's float lanes and compiled for every level:
//! `avx512` (16 `f32` or 8 `f64` lanes, mask registers), `avx2` (8/4 lanes with FMA), `sse4.2`,
//! `sse2` (4/2 lanes, no FMA), `neon` (4/2 lanes with FMA) and `scalar` (portable code).

mod error;
mod kernels;
mod ops;

pub use error::TensorError;

use crate::arch::Level;
use crate::half::Half;
use core::fmt;
use error::check_len;
use kernels::elementwise::{Binary, Unary};
use kernels::reduce::{Extreme, Fold, Fold2};
use ops::Ops;

/// How [`round`] settles values: the midpoint rules of .NET's `MidpointRounding`, with the
/// directed modes as in its `Math.Round`.
///
/// # Examples
/// ```
/// use core_num::tensor::{round, MidpointRounding as M};
/// let mut out = [0.0f64; 2];
/// for (mode, want) in [
///     (M::ToEven, [2.0, -2.0]),
///     (M::AwayFromZero, [3.0, -3.0]),
///     (M::ToZero, [2.0, -2.0]),
///     (M::ToNegativeInfinity, [2.0, -3.0]),
///     (M::ToPositiveInfinity, [3.0, -2.0]),
/// ] {
///     round(&[2.5, -2.5], 0, mode, &mut out)?;
///     assert_eq!(out, want, "{mode:?}");
/// }
/// # Ok::<(), core_num::tensor::TensorError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MidpointRounding {
    /// Nearest; halfway values to the even neighbour (`2.5` to `2`, `3.5` to `4`).
    #[default]
    ToEven,
    /// Nearest; halfway values away from zero (`2.5` to `3`, `-2.5` to `-3`).
    AwayFromZero,
    /// Towards zero (truncation).
    ToZero,
    /// Towards negative infinity (floor).
    ToNegativeInfinity,
    /// Towards positive infinity (ceiling).
    ToPositiveInfinity,
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// Which element type a [`Real`] is (lets the generic functions pick the `f32` or `f64`
/// kernels).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    F32,
    F64,
}

/// The element types of the tensor functions: `f32` and `f64`.
///
/// # Examples
/// ```
/// use core_num::tensor::{self, Real};
/// /// The mean of a non-empty slice of `f32` or `f64`, in `f64`.
/// fn mean<T: Real + Into<f64>>(x: &[T]) -> f64 {
///     tensor::sum(x).into() / x.len() as f64
/// }
/// assert_eq!(mean(&[1.0f32, 2.0, 6.0]), 3.0);
/// assert_eq!(mean(&[0.5f64, 1.5]), 1.0);
/// assert_eq!(<f32 as Real>::MAX_DIGITS, 6);
/// ```
pub trait Real:
    sealed::Sealed + Copy + PartialOrd + Default + fmt::Debug + Send + Sync + 'static
{
    /// The most decimal digits [`round`] accepts (6 for `f32`, 15 for `f64`).
    const MAX_DIGITS: u32;
    #[doc(hidden)]
    const KIND: Kind;
    /// From this magnitude up a value has no fraction digits to round (`1e8`, `1e16`).
    #[doc(hidden)]
    const ROUND_LIMIT: Self;
    /// `10^d` for `d <= MAX_DIGITS`.
    #[doc(hidden)]
    fn pow10(d: u32) -> Self;
    /// `a * b + c`, rounded once where the platform can (see the module docs).
    #[doc(hidden)]
    fn fused_mul_add(a: Self, b: Self, c: Self) -> Self;
}

impl Real for f32 {
    const MAX_DIGITS: u32 = 6;
    const KIND: Kind = Kind::F32;
    const ROUND_LIMIT: f32 = 1e8;
    fn pow10(d: u32) -> f32 {
        [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6][d as usize]
    }
    #[inline]
    fn fused_mul_add(a: f32, b: f32, c: f32) -> f32 {
        #[cfg(feature = "std")]
        return a.mul_add(b, c);
        #[cfg(not(feature = "std"))]
        return a * b + c;
    }
}

impl Real for f64 {
    const MAX_DIGITS: u32 = 15;
    const KIND: Kind = Kind::F64;
    const ROUND_LIMIT: f64 = 1e16;
    fn pow10(d: u32) -> f64 {
        [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
            [d as usize]
    }
    #[inline]
    fn fused_mul_add(a: f64, b: f64, c: f64) -> f64 {
        #[cfg(feature = "std")]
        return a.mul_add(b, c);
        #[cfg(not(feature = "std"))]
        return a * b + c;
    }
}

/// The tensor functions at one SIMD level: [`Backend::auto`] is the best one (what the free
/// functions use), [`Backend::new`] pins a level for tests and benchmarks.
///
/// ```
/// use core_num::{arch::Level, tensor::Backend};
/// let x = [1.0f64, 2.0, 3.0];
/// for b in Backend::all() {
///     assert_eq!(b.sum(&x), 6.0, "{b:?}");
/// }
/// assert!(Backend::new(Level::Scalar).is_some());
/// ```
#[derive(Clone, Copy)]
pub struct Backend(Sel);

#[derive(Clone, Copy)]
enum Sel {
    Auto,
    Pinned(ops::Pinned),
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Sel::Auto => write!(f, "Backend(auto: {})", self.level()),
            Sel::Pinned(p) => write!(f, "Backend({})", p.level()),
        }
    }
}

/// Calls one operation of the backend's table.
macro_rules! call {
    ($b:expr, $op:ident($($arg:expr),*)) => {
        match $b.0 {
            Sel::Auto => ops::Auto.$op($($arg),*),
            Sel::Pinned(p) => p.$op($($arg),*),
        }
    };
}

/// Runs the `f32` or the `f64` form of an operation: `$x` is the slice or pointer argument
/// list's element type witness.
macro_rules! by_kind {
    ($t:ty, $f32:expr, $f64:expr) => {
        match <$t as Real>::KIND {
            Kind::F32 => $f32,
            Kind::F64 => $f64,
        }
    };
}

/// `p` as a pointer to the concrete element type `U`.
///
/// # Safety
/// `T` is `U` (asserted through `Real::KIND`, which the sealed impls set truthfully).
#[inline(always)]
unsafe fn cast<T, U>(p: *const T) -> *const U {
    p.cast()
}

/// A slice of `T` as a slice of `U`.
///
/// # Safety
/// `T` is `U`.
#[inline(always)]
unsafe fn cast_slice<T, U>(s: &[T]) -> &[U] {
    // SAFETY: same type, so same layout, length and lifetime.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast(), s.len()) }
}

/// A `U` as a `T`.
///
/// # Safety
/// `T` is `U`.
#[inline(always)]
unsafe fn cast_value<U: Copy, T: Copy>(v: U) -> T {
    // SAFETY: same type.
    unsafe { core::mem::transmute_copy(&v) }
}

impl Backend {
    /// The best level within `CORE_SIMD_MAX`, through cached function pointers.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::{self, Backend};
    /// let x = [1.0f32, 2.0, 4.0];
    /// let auto = Backend::auto();
    /// assert!(Backend::all().any(|b| b.level() == auto.level()));
    /// // The free functions are this backend's.
    /// assert_eq!(auto.sum(&x), tensor::sum(&x));
    /// ```
    pub const fn auto() -> Backend {
        Backend(Sel::Auto)
    }

    /// The functions at `level`; `None` when this CPU cannot run it.
    ///
    /// # Examples
    /// ```
    /// use core_num::{arch::Level, tensor::Backend};
    /// let scalar = Backend::new(Level::Scalar).unwrap();
    /// assert_eq!(scalar.level(), Level::Scalar);
    /// assert_eq!(scalar.norm(&[3.0f64, 4.0]), 5.0);
    /// // A level of another architecture is never available.
    /// #[cfg(target_arch = "x86_64")]
    /// assert!(Backend::new(Level::Neon).is_none());
    /// ```
    pub fn new(level: Level) -> Option<Backend> {
        ops::pinned(level).map(|p| Backend(Sel::Pinned(p)))
    }

    /// A backend per level in [`Level::available`], best first.
    ///
    /// # Examples
    /// ```
    /// use core_num::{arch::Level, tensor::Backend};
    /// let levels: Vec<Level> = Backend::all().map(Backend::level).collect();
    /// assert_eq!(levels.last(), Some(&Level::Scalar));
    /// for b in Backend::all() {
    ///     assert_eq!(b.dot(&[1.0f64, 2.0], &[3.0, 4.0])?, 11.0, "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn all() -> impl Iterator<Item = Backend> {
        ops::levels().map(|p| Backend(Sel::Pinned(p)))
    }

    /// The level this backend runs.
    ///
    /// # Examples
    /// ```
    /// use core_num::{arch::Level, tensor::Backend};
    /// for level in Level::ALL {
    ///     if let Some(b) = Backend::new(level) {
    ///         assert_eq!(b.level(), level);
    ///         assert!(level.is_available());
    ///     }
    /// }
    /// ```
    pub fn level(self) -> Level {
        match self.0 {
            Sel::Auto => ops::best().level(),
            Sel::Pinned(p) => p.level(),
        }
    }

    /// # Safety
    /// `x` readable and `out` writable for `n` elements, the same pointer or not overlapping.
    #[inline]
    unsafe fn unary<T: Real>(self, op: Unary, x: *const T, out: *mut T, n: usize) {
        // SAFETY: the kind tells the element type; the caller keeps the pointer contract.
        unsafe {
            by_kind!(
                T,
                call!(self, unary_f32(op, cast(x), out.cast(), n)),
                call!(self, unary_f64(op, cast(x), out.cast(), n))
            )
        }
    }

    /// # Safety
    /// As [`Backend::unary`], for `x` and `y`.
    #[inline]
    unsafe fn binary<T: Real>(self, op: Binary, x: *const T, y: *const T, out: *mut T, n: usize) {
        // SAFETY: the kind tells the element type; the caller keeps the pointer contract.
        unsafe {
            by_kind!(
                T,
                call!(self, binary_f32(op, cast(x), cast(y), out.cast(), n)),
                call!(self, binary_f64(op, cast(x), cast(y), out.cast(), n))
            )
        }
    }

    fn fold<T: Real>(self, op: Fold, x: &[T]) -> T {
        // SAFETY: the kind tells the element type.
        unsafe {
            by_kind!(
                T,
                cast_value(call!(self, fold_f32(op, cast_slice(x)))),
                cast_value(call!(self, fold_f64(op, cast_slice(x))))
            )
        }
    }

    fn fold2<T: Real>(self, op: Fold2, x: &[T], y: &[T]) -> Result<T, TensorError> {
        check_len(x.len(), y.len())?;
        // SAFETY: the kind tells the element type.
        Ok(unsafe {
            by_kind!(
                T,
                cast_value(call!(self, fold2_f32(op, cast_slice(x), cast_slice(y)))),
                cast_value(call!(self, fold2_f64(op, cast_slice(x), cast_slice(y))))
            )
        })
    }

    fn extreme<T: Real>(self, op: Extreme, x: &[T]) -> Option<T> {
        // SAFETY: the kind tells the element type.
        unsafe {
            by_kind!(
                T,
                cast_value(call!(self, extreme_f32(op, cast_slice(x)))),
                cast_value(call!(self, extreme_f64(op, cast_slice(x))))
            )
        }
    }

    fn index_of<T: Real>(self, op: Extreme, x: &[T]) -> Option<usize> {
        let target = self.extreme(op, x)?;
        // SAFETY: the kind tells the element type.
        unsafe {
            by_kind!(
                T,
                call!(self, position_f32(cast_slice(x), cast_value(target))),
                call!(self, position_f64(cast_slice(x), cast_value(target)))
            )
        }
    }
}

/// Declares the one-input elementwise functions: a `Backend` method pair and a free function
/// pair (`name(x, out)`, `name_in_place(x)`) per operation.
macro_rules! unary_fns {
    ($($(#[$doc:meta])* $name:ident, $in_place:ident => $op:ident;)*) => {
        impl Backend {$(
            #[doc = concat!("[`", stringify!($name), "`](fn@", stringify!($name), ") at this backend's level.")]
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `out.len() != x.len()`.
            ///
            /// # Examples
            /// ```
            /// use core_num::tensor::{Backend, TensorError};
            /// let mut out = [7.0f32; 2];
            #[doc = concat!("let err = Backend::auto().", stringify!($name), "(&[0.5; 3], &mut out).unwrap_err();")]
            /// assert_eq!(err, TensorError::LengthMismatch { expected: 3, actual: 2 });
            /// assert_eq!(out, [7.0; 2]); // nothing was written
            /// ```
            pub fn $name<T: Real>(self, x: &[T], out: &mut [T]) -> Result<(), TensorError> {
                check_len(x.len(), out.len())?;
                // SAFETY: both slices hold `x.len()` elements and are distinct borrows.
                unsafe { self.unary(Unary::$op, x.as_ptr(), out.as_mut_ptr(), x.len()) };
                Ok(())
            }
            #[doc = concat!("[`", stringify!($in_place), "`](fn@", stringify!($in_place), ") at this backend's level.")]
            pub fn $in_place<T: Real>(self, x: &mut [T]) {
                let p = x.as_mut_ptr();
                // SAFETY: one slice, read and written through the same pointer.
                unsafe { self.unary(Unary::$op, p, p, x.len()) };
            }
        )*}
        $(
            $(#[$doc])*
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `out.len() != x.len()`.
            ///
            /// The in-place form gives the same bits:
            ///
            /// ```
            /// let x = [0.25f64, 0.5, 0.75];
            /// let mut out = [0.0; 3];
            #[doc = concat!("core_num::tensor::", stringify!($name), "(&x, &mut out)?;")]
            /// let mut y = x;
            #[doc = concat!("core_num::tensor::", stringify!($in_place), "(&mut y);")]
            /// assert_eq!(y.map(f64::to_bits), out.map(f64::to_bits));
            /// # Ok::<(), core_num::tensor::TensorError>(())
            /// ```
            pub fn $name<T: Real>(x: &[T], out: &mut [T]) -> Result<(), TensorError> {
                Backend::auto().$name(x, out)
            }
            #[doc = concat!("[`", stringify!($name), "`](fn@", stringify!($name), ") of every element, in place.")]
            pub fn $in_place<T: Real>(x: &mut [T]) {
                Backend::auto().$in_place(x)
            }
        )*
    };
}

unary_fns! {
    /// `out[i] = |x[i]|`.
    abs, abs_in_place => Abs;
    /// `out[i] = -x[i]`.
    neg, neg_in_place => Neg;
    /// `out[i] = sqrt(x[i])`, correctly rounded.
    sqrt, sqrt_in_place => Sqrt;
    /// `out[i] = floor(x[i])`.
    floor, floor_in_place => Floor;
    /// `out[i] = ceil(x[i])`.
    ceil, ceil_in_place => Ceil;
    /// `out[i] = trunc(x[i])`.
    trunc, trunc_in_place => Trunc;
    /// `out[i]` is the next value above `x[i]` (`f64::next_up`): NaN stays NaN, `+inf` stays,
    /// both zeros give the smallest positive subnormal.
    bit_increment, bit_increment_in_place => BitIncrement;
    /// `out[i]` is the next value below `x[i]` (`f64::next_down`).
    bit_decrement, bit_decrement_in_place => BitDecrement;
    /// `out[i] = e^x[i]`.
    exp, exp_in_place => Exp;
    /// `out[i] = 2^x[i]`.
    exp2, exp2_in_place => Exp2;
    /// `out[i] = ln x[i]` (NaN below zero, `-inf` at zero).
    ln, ln_in_place => Ln;
    /// `out[i] = log2 x[i]`.
    log2, log2_in_place => Log2;
    /// `out[i] = sinh x[i]`.
    sinh, sinh_in_place => Sinh;
    /// `out[i] = cosh x[i]`.
    cosh, cosh_in_place => Cosh;
    /// `out[i] = tanh x[i]`.
    tanh, tanh_in_place => Tanh;
    /// `out[i] = 1 / (1 + e^-x[i])`, the logistic function.
    sigmoid, sigmoid_in_place => Sigmoid;
    /// `out[i] = asin x[i]` (NaN outside `[-1, 1]`).
    asin, asin_in_place => Asin;
    /// `out[i] = acos x[i]` (NaN outside `[-1, 1]`).
    acos, acos_in_place => Acos;
    /// `out[i] = atan x[i]`.
    atan, atan_in_place => Atan;
    /// `out[i] = sin x[i]` (NaN at ±inf). Arguments of any size are reduced exactly (see the
    /// module docs).
    ///
    /// ```
    /// let mut out = [0.0f64; 2];
    /// core_num::tensor::sin(&[0.0, core::f64::consts::FRAC_PI_2], &mut out)?;
    /// assert_eq!(out, [0.0, 1.0]);
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    sin, sin_in_place => Sin;
    /// `out[i] = cos x[i]` (NaN at ±inf).
    cos, cos_in_place => Cos;
    /// `out[i] = tan x[i]` (NaN at ±inf).
    tan, tan_in_place => Tan;
}

/// Declares the two-input elementwise functions (`name(x, y, out)`, `name_in_place(x, y)`).
macro_rules! binary_fns {
    ($($(#[$doc:meta])* $name:ident, $in_place:ident => $op:ident;)*) => {
        impl Backend {$(
            #[doc = concat!("[`", stringify!($name), "`](fn@", stringify!($name), ") at this backend's level.")]
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `y` or `out` is not as long as `x`.
            ///
            /// # Examples
            /// ```
            /// use core_num::tensor::{Backend, TensorError};
            /// let mut out = [7.0f64; 3];
            #[doc = concat!("let err = Backend::auto().", stringify!($name), "(&[1.0; 3], &[2.0; 4], &mut out).unwrap_err();")]
            /// assert_eq!(err, TensorError::LengthMismatch { expected: 3, actual: 4 });
            /// assert_eq!(out, [7.0; 3]); // nothing was written
            /// ```
            pub fn $name<T: Real>(self, x: &[T], y: &[T], out: &mut [T]) -> Result<(), TensorError> {
                check_len(x.len(), y.len())?;
                check_len(x.len(), out.len())?;
                // SAFETY: all hold `x.len()` elements; `out` is a distinct borrow.
                unsafe { self.binary(Binary::$op, x.as_ptr(), y.as_ptr(), out.as_mut_ptr(), x.len()) };
                Ok(())
            }
            #[doc = concat!("[`", stringify!($in_place), "`](fn@", stringify!($in_place), ") at this backend's level.")]
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
            ///
            /// # Examples
            /// ```
            /// use core_num::tensor::{Backend, TensorError};
            /// let mut x = [1.5f32; 2];
            #[doc = concat!("let err = Backend::auto().", stringify!($in_place), "(&mut x, &[2.0]).unwrap_err();")]
            /// assert_eq!(err, TensorError::LengthMismatch { expected: 2, actual: 1 });
            /// assert_eq!(x, [1.5; 2]); // left as it was
            /// ```
            pub fn $in_place<T: Real>(self, x: &mut [T], y: &[T]) -> Result<(), TensorError> {
                check_len(x.len(), y.len())?;
                let p = x.as_mut_ptr();
                // SAFETY: `x` is read and written through one pointer; `y` is a distinct borrow.
                unsafe { self.binary(Binary::$op, p, y.as_ptr(), p, x.len()) };
                Ok(())
            }
        )*}
        $(
            $(#[$doc])*
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `y` or `out` is not as long as `x`.
            ///
            /// The in-place form gives the same bits:
            ///
            /// ```
            /// let (x, y) = ([0.5f64, 1.0, 1.5], [2.0, 0.25, 1.0]);
            /// let mut out = [0.0; 3];
            #[doc = concat!("core_num::tensor::", stringify!($name), "(&x, &y, &mut out)?;")]
            /// let mut z = x;
            #[doc = concat!("core_num::tensor::", stringify!($in_place), "(&mut z, &y)?;")]
            /// assert_eq!(z.map(f64::to_bits), out.map(f64::to_bits));
            /// # Ok::<(), core_num::tensor::TensorError>(())
            /// ```
            pub fn $name<T: Real>(x: &[T], y: &[T], out: &mut [T]) -> Result<(), TensorError> {
                Backend::auto().$name(x, y, out)
            }
            #[doc = concat!("[`", stringify!($name), "`](fn@", stringify!($name), ") with the result written over `x`.")]
            ///
            /// # Errors
            /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
            ///
            /// # Examples
            /// ```
            /// use core_num::tensor::TensorError;
            /// let mut x = [1.5f32; 3];
            #[doc = concat!("let err = core_num::tensor::", stringify!($in_place), "(&mut x, &[2.0; 2]).unwrap_err();")]
            /// assert_eq!(err, TensorError::LengthMismatch { expected: 3, actual: 2 });
            /// assert_eq!(x, [1.5; 3]); // left as it was
            /// ```
            pub fn $in_place<T: Real>(x: &mut [T], y: &[T]) -> Result<(), TensorError> {
                Backend::auto().$in_place(x, y)
            }
        )*
    };
}

binary_fns! {
    /// `out[i] = x[i] + y[i]`.
    ///
    /// ```
    /// let mut out = [0.0f32; 3];
    /// core_num::tensor::add(&[1.0, 2.0, 3.0], &[0.5, 0.5, 0.5], &mut out)?;
    /// assert_eq!(out, [1.5, 2.5, 3.5]);
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    add, add_in_place => Add;
    /// `out[i] = x[i] - y[i]`.
    sub, sub_in_place => Sub;
    /// `out[i] = x[i] * y[i]`.
    mul, mul_in_place => Mul;
    /// `out[i] = x[i] / y[i]`.
    div, div_in_place => Div;
    /// `out[i] = atan2(x[i], y[i])`: the angle of the point `(y[i], x[i])`, so `x` holds the
    /// ordinates as in `f64::atan2(self = y, other = x)`.
    atan2, atan2_in_place => Atan2;
    /// `out[i] = x[i]^y[i]`, with the special cases of `f64::powf` (IEEE 754's `pow`): `x^0`
    /// and `1^y` are 1 even for NaN, a negative `x` needs an integral `y`, odd integral `y`
    /// keeps the sign of `x`.
    ///
    /// ```
    /// let mut out = [0.0f32; 3];
    /// core_num::tensor::pow(&[2.0, -2.0, -8.0], &[10.0, 3.0, 0.5], &mut out)?;
    /// assert_eq!(out[..2], [1024.0, -8.0]);
    /// assert!(out[2].is_nan());
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pow, pow_in_place => Pow;
}

impl Backend {
    /// [`fma`](fn@fma) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when a slice is not as long as `x`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     let mut out = [0.0f64; 2];
    ///     b.fma(&[2.0, 3.0], &[4.0, 5.0], &[0.5, -1.0], &mut out)?;
    ///     assert_eq!(out, [8.5, 14.0], "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn fma<T: Real>(self, x: &[T], y: &[T], z: &[T], out: &mut [T]) -> Result<(), TensorError> {
        check_len(x.len(), y.len())?;
        check_len(x.len(), z.len())?;
        check_len(x.len(), out.len())?;
        // SAFETY: all hold `x.len()` elements; `out` is a distinct borrow.
        unsafe { self.fma_raw(x.as_ptr(), y.as_ptr(), z.as_ptr(), out.as_mut_ptr(), x.len()) };
        Ok(())
    }

    /// [`fma_in_place`](fn@fma_in_place) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when a slice is not as long as `x`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     let mut acc = [1.0f32, 1.0];
    ///     b.fma_in_place(&[2.0, 3.0], &[10.0, 10.0], &mut acc)?;
    ///     assert_eq!(acc, [21.0, 31.0], "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn fma_in_place<T: Real>(self, x: &[T], y: &[T], z: &mut [T]) -> Result<(), TensorError> {
        check_len(x.len(), y.len())?;
        check_len(x.len(), z.len())?;
        let p = z.as_mut_ptr();
        // SAFETY: `z` is read and written through one pointer; the inputs are distinct borrows.
        unsafe { self.fma_raw(x.as_ptr(), y.as_ptr(), p, p, x.len()) };
        Ok(())
    }

    /// # Safety
    /// As [`Backend::unary`], for three inputs.
    unsafe fn fma_raw<T: Real>(self, x: *const T, y: *const T, z: *const T, out: *mut T, n: usize) {
        // SAFETY: the kind tells the element type; the caller keeps the pointer contract.
        unsafe {
            by_kind!(
                T,
                call!(self, fma_f32(cast(x), cast(y), cast(z), out.cast(), n)),
                call!(self, fma_f64(cast(x), cast(y), cast(z), out.cast(), n))
            )
        }
    }

    /// [`round`](fn@round) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `out.len() != x.len()`;
    /// [`TensorError::DigitsOutOfRange`] when `digits > T::MAX_DIGITS`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::{Backend, MidpointRounding};
    /// for b in Backend::all() {
    ///     let mut out = [0.0f64; 2];
    ///     b.round(&[1.005, -7.5], 0, MidpointRounding::AwayFromZero, &mut out)?;
    ///     assert_eq!(out, [1.0, -8.0], "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn round<T: Real>(
        self,
        x: &[T],
        digits: u32,
        mode: MidpointRounding,
        out: &mut [T],
    ) -> Result<(), TensorError> {
        check_len(x.len(), out.len())?;
        check_digits::<T>(digits)?;
        // SAFETY: both hold `x.len()` elements and are distinct borrows.
        unsafe { self.round_raw(x.as_ptr(), out.as_mut_ptr(), x.len(), digits, mode) };
        Ok(())
    }

    /// [`round_in_place`](fn@round_in_place) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::DigitsOutOfRange`] when `digits > T::MAX_DIGITS`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::{Backend, MidpointRounding, TensorError};
    /// let b = Backend::auto();
    /// let mut x = [2.7f32, -2.7];
    /// b.round_in_place(&mut x, 0, MidpointRounding::ToZero)?;
    /// assert_eq!(x, [2.0, -2.0]);
    /// let err = b.round_in_place(&mut x, 7, MidpointRounding::ToEven).unwrap_err();
    /// assert_eq!(err, TensorError::DigitsOutOfRange { digits: 7, max: 6 });
    /// # Ok::<(), TensorError>(())
    /// ```
    pub fn round_in_place<T: Real>(
        self,
        x: &mut [T],
        digits: u32,
        mode: MidpointRounding,
    ) -> Result<(), TensorError> {
        check_digits::<T>(digits)?;
        let p = x.as_mut_ptr();
        // SAFETY: one slice through one pointer.
        unsafe { self.round_raw(p, p, x.len(), digits, mode) };
        Ok(())
    }

    /// # Safety
    /// As [`Backend::unary`]; `digits <= T::MAX_DIGITS`.
    unsafe fn round_raw<T: Real>(
        self,
        x: *const T,
        out: *mut T,
        n: usize,
        digits: u32,
        mode: MidpointRounding,
    ) {
        // SAFETY: the kind tells the element type; the caller keeps the pointer contract.
        unsafe {
            by_kind!(
                T,
                call!(self, round_f32(cast(x), out.cast(), n, digits, mode)),
                call!(self, round_f64(cast(x), out.cast(), n, digits, mode))
            )
        }
    }

    /// [`softmax`](fn@softmax) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `out.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     let mut p = [0.0f64; 4];
    ///     b.softmax(&[3.0; 4], &mut p)?;
    ///     assert_eq!(p, [0.25; 4], "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn softmax<T: Real>(self, x: &[T], out: &mut [T]) -> Result<(), TensorError> {
        check_len(x.len(), out.len())?;
        // SAFETY: both hold `x.len()` elements and are distinct borrows.
        unsafe { self.softmax_raw(x.as_ptr(), out.as_mut_ptr(), x.len()) };
        Ok(())
    }

    /// [`softmax_in_place`](fn@softmax_in_place) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     let mut x = [-1.0f32, -1.0];
    ///     b.softmax_in_place(&mut x);
    ///     assert_eq!(x, [0.5, 0.5], "{b:?}");
    /// }
    /// ```
    pub fn softmax_in_place<T: Real>(self, x: &mut [T]) {
        let p = x.as_mut_ptr();
        // SAFETY: one slice through one pointer.
        unsafe { self.softmax_raw(p, p, x.len()) };
    }

    /// # Safety
    /// As [`Backend::unary`].
    unsafe fn softmax_raw<T: Real>(self, x: *const T, out: *mut T, n: usize) {
        // SAFETY: the kind tells the element type; the caller keeps the pointer contract.
        unsafe {
            by_kind!(
                T,
                call!(self, softmax_f32(cast(x), out.cast(), n)),
                call!(self, softmax_f64(cast(x), out.cast(), n))
            )
        }
    }

    /// [`sum`](fn@sum) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// let x: Vec<f64> = (1..=100).map(f64::from).collect();
    /// for b in Backend::all() {
    ///     assert_eq!(b.sum(&x), 5050.0, "{b:?}");
    /// }
    /// ```
    pub fn sum<T: Real>(self, x: &[T]) -> T {
        self.fold(Fold::Sum, x)
    }
    /// [`product`](fn@product) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.product(&[1.5f64, -2.0, 4.0]), -12.0, "{b:?}");
    /// }
    /// ```
    pub fn product<T: Real>(self, x: &[T]) -> T {
        self.fold(Fold::Product, x)
    }
    /// [`sum_of_squares`](fn@sum_of_squares) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.sum_of_squares(&[1.0f32, 2.0, 2.0]), 9.0, "{b:?}");
    /// }
    /// ```
    pub fn sum_of_squares<T: Real>(self, x: &[T]) -> T {
        self.fold(Fold::SumOfSquares, x)
    }
    /// [`norm`](fn@norm) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.norm(&[5.0f32, 12.0]), 13.0, "{b:?}");
    /// }
    /// ```
    pub fn norm<T: Real>(self, x: &[T]) -> T {
        let s = self.fold(Fold::SumOfSquares, x);
        // SAFETY: the kind tells the element type.
        unsafe {
            by_kind!(
                T,
                cast_value(sqrt32(cast_value::<T, f32>(s))),
                cast_value(sqrt64(cast_value::<T, f64>(s)))
            )
        }
    }
    /// [`dot`](fn@dot) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::{Backend, TensorError};
    /// let b = Backend::auto();
    /// assert_eq!(b.dot(&[1.0f32, 2.0, 3.0], &[4.0, 5.0, 6.0]), Ok(32.0));
    /// let short = b.dot(&[1.0f32, 2.0], &[1.0]);
    /// assert_eq!(short, Err(TensorError::LengthMismatch { expected: 2, actual: 1 }));
    /// ```
    pub fn dot<T: Real>(self, x: &[T], y: &[T]) -> Result<T, TensorError> {
        self.fold2(Fold2::Dot, x, y)
    }
    /// [`distance`](fn@distance) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.distance(&[1.0f64, 1.0], &[4.0, 5.0])?, 5.0, "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn distance<T: Real>(self, x: &[T], y: &[T]) -> Result<T, TensorError> {
        let s = self.fold2(Fold2::SquaredDistance, x, y)?;
        // SAFETY: the kind tells the element type.
        Ok(unsafe {
            by_kind!(
                T,
                cast_value(sqrt32(cast_value::<T, f32>(s))),
                cast_value(sqrt64(cast_value::<T, f64>(s)))
            )
        })
    }
    /// [`cosine_similarity`](fn@cosine_similarity) at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.cosine_similarity(&[1.0f64, 0.0], &[0.0, 2.0])?, 0.0, "{b:?}");
    ///     assert!(b.cosine_similarity(&[0.0f64, 0.0], &[1.0, 2.0])?.is_nan());
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn cosine_similarity<T: Real>(self, x: &[T], y: &[T]) -> Result<T, TensorError> {
        check_len(x.len(), y.len())?;
        // SAFETY: the kind tells the element type.
        Ok(unsafe {
            by_kind!(
                T,
                {
                    let [xy, xx, yy] = call!(self, dot3_f32(cast_slice(x), cast_slice(y)));
                    cast_value(xy / (sqrt32(xx) * sqrt32(yy)))
                },
                {
                    let [xy, xx, yy] = call!(self, dot3_f64(cast_slice(x), cast_slice(y)));
                    cast_value(xy / (sqrt64(xx) * sqrt64(yy)))
                }
            )
        })
    }
    /// [`max`](fn@max) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.max(&[1.0f32, -3.0, 2.0]), Some(2.0), "{b:?}");
    /// }
    /// ```
    pub fn max<T: Real>(self, x: &[T]) -> Option<T> {
        self.extreme(Extreme::Max, x)
    }
    /// [`min`](fn@min) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.min(&[1.0f32, -3.0, 2.0]), Some(-3.0), "{b:?}");
    /// }
    /// ```
    pub fn min<T: Real>(self, x: &[T]) -> Option<T> {
        self.extreme(Extreme::Min, x)
    }
    /// [`max_magnitude`](fn@max_magnitude) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.max_magnitude(&[1.0f64, -3.0, 2.0]), Some(-3.0), "{b:?}");
    /// }
    /// ```
    pub fn max_magnitude<T: Real>(self, x: &[T]) -> Option<T> {
        self.extreme(Extreme::MaxMagnitude, x)
    }
    /// [`min_magnitude`](fn@min_magnitude) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.min_magnitude(&[4.0f64, -0.5, 2.0]), Some(-0.5), "{b:?}");
    /// }
    /// ```
    pub fn min_magnitude<T: Real>(self, x: &[T]) -> Option<T> {
        self.extreme(Extreme::MinMagnitude, x)
    }
    /// [`index_of_max`](fn@index_of_max) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.index_of_max(&[1.0f32, 5.0, 5.0, 2.0]), Some(1), "{b:?}");
    /// }
    /// ```
    pub fn index_of_max<T: Real>(self, x: &[T]) -> Option<usize> {
        self.index_of(Extreme::Max, x)
    }
    /// [`index_of_min`](fn@index_of_min) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.index_of_min(&[3.0f32, 1.0, 1.0]), Some(1), "{b:?}");
    /// }
    /// ```
    pub fn index_of_min<T: Real>(self, x: &[T]) -> Option<usize> {
        self.index_of(Extreme::Min, x)
    }
    /// [`index_of_max_magnitude`](fn@index_of_max_magnitude) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.index_of_max_magnitude(&[1.0f64, -7.0, 3.0]), Some(1), "{b:?}");
    /// }
    /// ```
    pub fn index_of_max_magnitude<T: Real>(self, x: &[T]) -> Option<usize> {
        self.index_of(Extreme::MaxMagnitude, x)
    }
    /// [`index_of_min_magnitude`](fn@index_of_min_magnitude) at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::tensor::Backend;
    /// for b in Backend::all() {
    ///     assert_eq!(b.index_of_min_magnitude(&[4.0f64, -0.5, 2.0]), Some(1), "{b:?}");
    /// }
    /// ```
    pub fn index_of_min_magnitude<T: Real>(self, x: &[T]) -> Option<usize> {
        self.index_of(Extreme::MinMagnitude, x)
    }
}

fn check_digits<T: Real>(digits: u32) -> Result<(), TensorError> {
    if digits > T::MAX_DIGITS {
        return Err(TensorError::DigitsOutOfRange { digits, max: T::MAX_DIGITS });
    }
    Ok(())
}

/// The correctly rounded square root of one value, through the scalar model's lanes (which
/// are `no_std`).
fn sqrt64(x: f64) -> f64 {
    use core_cpu::vector::float::{scalar::F64x2, Float};
    let mut out = [0.0; 2];
    // SAFETY: the scalar model runs on any CPU; `out` holds two lanes.
    unsafe { F64x2::splat(x).sqrt().store(out.as_mut_ptr()) };
    out[0]
}

fn sqrt32(x: f32) -> f32 {
    // The f64 root of an f32 rounds to the correctly rounded f32 root.
    sqrt64(x as f64) as f32
}

/// `out[i] = x[i] * y[i] + z[i]`, rounded once (see the module docs for CPUs without FMA).
///
/// # Errors
/// [`TensorError::LengthMismatch`] when a slice is not as long as `x`.
///
/// # Examples
/// ```
/// use core_num::tensor::{fma, TensorError};
/// let mut out = [0.0f32; 3];
/// fma(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0], &[0.5; 3], &mut out)?;
/// assert_eq!(out, [4.5, 10.5, 18.5]);
/// let err = fma(&[1.0f32, 2.0, 3.0], &[4.0, 5.0, 6.0], &[0.5; 3], &mut out[..2]);
/// assert_eq!(err, Err(TensorError::LengthMismatch { expected: 3, actual: 2 }));
/// # Ok::<(), TensorError>(())
/// ```
pub fn fma<T: Real>(x: &[T], y: &[T], z: &[T], out: &mut [T]) -> Result<(), TensorError> {
    Backend::auto().fma(x, y, z, out)
}

/// `z[i] = x[i] * y[i] + z[i]`, rounded once: [`fma`] accumulating into `z`.
///
/// # Errors
/// [`TensorError::LengthMismatch`] when a slice is not as long as `x`.
///
/// # Examples
/// ```
/// use core_num::tensor::{fma_in_place, TensorError};
/// let mut acc = [1.0f64, 1.0];
/// fma_in_place(&[2.0, 3.0], &[10.0, 10.0], &mut acc)?;
/// fma_in_place(&[2.0, 3.0], &[10.0, 10.0], &mut acc)?;
/// assert_eq!(acc, [41.0, 61.0]);
/// assert!(fma_in_place(&[2.0], &[10.0, 10.0], &mut acc).is_err());
/// # Ok::<(), TensorError>(())
/// ```
pub fn fma_in_place<T: Real>(x: &[T], y: &[T], z: &mut [T]) -> Result<(), TensorError> {
    Backend::auto().fma_in_place(x, y, z)
}

/// `out[i] = x[i]` rounded to `digits` decimal places by `mode`, as .NET's
/// `Math.Round(value, digits, mode)`: the value is scaled by `10^digits`, rounded to an
/// integer and scaled back; from `T::ROUND_LIMIT` (`1e8` for `f32`, `1e16` for `f64`) up a value
/// has no fraction digits and is returned as it is. `digits == 0` rounds in one pass, exactly.
///
/// ```
/// use core_num::tensor::{round, MidpointRounding};
/// let mut out = [0.0f64; 3];
/// round(&[2.345, -2.5, 1e17], 2, MidpointRounding::AwayFromZero, &mut out)?;
/// assert_eq!(out, [2.35, -2.5, 1e17]);
/// round(&[0.5, 1.5, -2.5], 0, MidpointRounding::ToEven, &mut out)?;
/// assert_eq!(out, [0.0, 2.0, -2.0]);
/// # Ok::<(), core_num::tensor::TensorError>(())
/// ```
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `out.len() != x.len()`;
/// [`TensorError::DigitsOutOfRange`] when `digits > T::MAX_DIGITS`.
pub fn round<T: Real>(
    x: &[T],
    digits: u32,
    mode: MidpointRounding,
    out: &mut [T],
) -> Result<(), TensorError> {
    Backend::auto().round(x, digits, mode, out)
}

/// [`round`] in place.
///
/// # Errors
/// [`TensorError::DigitsOutOfRange`] when `digits > T::MAX_DIGITS`.
///
/// # Examples
/// ```
/// use core_num::tensor::{round_in_place, MidpointRounding, TensorError};
/// let mut prices = [19.994f64, 0.125, -3.0051];
/// round_in_place(&mut prices, 2, MidpointRounding::ToEven)?;
/// assert_eq!(prices, [19.99, 0.12, -3.01]);
/// let err = round_in_place(&mut prices, 16, MidpointRounding::ToEven);
/// assert_eq!(err, Err(TensorError::DigitsOutOfRange { digits: 16, max: 15 }));
/// # Ok::<(), TensorError>(())
/// ```
pub fn round_in_place<T: Real>(
    x: &mut [T],
    digits: u32,
    mode: MidpointRounding,
) -> Result<(), TensorError> {
    Backend::auto().round_in_place(x, digits, mode)
}

/// `out[i] = e^(x[i] - m) / sum_j e^(x[j] - m)` with `m` the largest element (subtracting it
/// keeps large inputs from overflowing; the result is the same).
///
/// ```
/// let mut p = [0.0f64; 3];
/// core_num::tensor::softmax(&[1.0, 1.0, 1000.0], &mut p)?;
/// assert_eq!(p[2], 1.0);
/// # Ok::<(), core_num::tensor::TensorError>(())
/// ```
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `out.len() != x.len()`.
pub fn softmax<T: Real>(x: &[T], out: &mut [T]) -> Result<(), TensorError> {
    Backend::auto().softmax(x, out)
}

/// [`softmax`] in place.
///
/// # Examples
/// ```
/// let mut x = [0.0f64, 0.0, 0.0, 0.0];
/// core_num::tensor::softmax_in_place(&mut x);
/// assert_eq!(x, [0.25; 4]);
/// let mut empty: [f32; 0] = [];
/// core_num::tensor::softmax_in_place(&mut empty); // nothing to do
/// ```
pub fn softmax_in_place<T: Real>(x: &mut [T]) {
    Backend::auto().softmax_in_place(x)
}

/// The sum of the elements (0 for an empty slice), accumulated in several vector lanes.
///
/// ```
/// assert_eq!(core_num::tensor::sum(&[1.0f32, 2.0, 3.5]), 6.5);
/// ```
pub fn sum<T: Real>(x: &[T]) -> T {
    Backend::auto().sum(x)
}

/// The product of the elements (1 for an empty slice).
///
/// # Examples
/// ```
/// use core_num::tensor::product;
/// assert_eq!(product(&[1.5f64, -2.0, 4.0]), -12.0);
/// assert_eq!(product::<f32>(&[]), 1.0);
/// ```
pub fn product<T: Real>(x: &[T]) -> T {
    Backend::auto().product(x)
}

/// The sum of the squares of the elements.
///
/// # Examples
/// ```
/// use core_num::tensor::sum_of_squares;
/// assert_eq!(sum_of_squares(&[3.0f32, -4.0]), 25.0);
/// assert_eq!(sum_of_squares::<f64>(&[]), 0.0);
/// ```
pub fn sum_of_squares<T: Real>(x: &[T]) -> T {
    Backend::auto().sum_of_squares(x)
}

/// The Euclidean norm: `sqrt(sum x[i]^2)`.
///
/// # Examples
/// ```
/// use core_num::tensor::norm;
/// assert_eq!(norm(&[3.0f64, 4.0]), 5.0);
/// assert_eq!(norm(&[-2.0f32]), 2.0);
/// ```
pub fn norm<T: Real>(x: &[T]) -> T {
    Backend::auto().norm(x)
}

/// The dot product `sum x[i] y[i]`, with fused multiply-adds where the CPU has them.
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
///
/// # Examples
/// ```
/// use core_num::tensor::{dot, TensorError};
/// assert_eq!(dot(&[1.0f64, 2.0, 3.0], &[4.0, 5.0, 6.0]), Ok(32.0));
/// let err = dot(&[1.0f64, 2.0, 3.0], &[4.0, 5.0]);
/// assert_eq!(err, Err(TensorError::LengthMismatch { expected: 3, actual: 2 }));
/// ```
pub fn dot<T: Real>(x: &[T], y: &[T]) -> Result<T, TensorError> {
    Backend::auto().dot(x, y)
}

/// The Euclidean distance `sqrt(sum (x[i] - y[i])^2)`.
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
///
/// # Examples
/// ```
/// use core_num::tensor::{distance, TensorError};
/// assert_eq!(distance(&[0.0f32, 0.0], &[3.0, 4.0]), Ok(5.0));
/// let err = distance(&[0.0f32], &[3.0, 4.0]);
/// assert_eq!(err, Err(TensorError::LengthMismatch { expected: 1, actual: 2 }));
/// ```
pub fn distance<T: Real>(x: &[T], y: &[T]) -> Result<T, TensorError> {
    Backend::auto().distance(x, y)
}

/// The cosine similarity `x·y / (|x| |y|)` (NaN when either norm is zero), from one pass.
///
/// ```
/// let c = core_num::tensor::cosine_similarity(&[1.0f32, 0.0], &[1.0, 1.0])?;
/// assert!((c - core::f32::consts::FRAC_1_SQRT_2).abs() < 1e-7);
/// # Ok::<(), core_num::tensor::TensorError>(())
/// ```
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
pub fn cosine_similarity<T: Real>(x: &[T], y: &[T]) -> Result<T, TensorError> {
    Backend::auto().cosine_similarity(x, y)
}

/// The largest element, as IEEE 754's `maximum`: NaN if any element is NaN (the first one),
/// `+0` above `-0`; `None` for an empty slice.
///
/// # Examples
/// ```
/// use core_num::tensor::max;
/// assert_eq!(max(&[1.0f64, -3.0, 2.0]), Some(2.0));
/// assert!(max(&[1.0f64, f64::NAN, 2.0]).unwrap().is_nan());
/// assert_eq!(max::<f64>(&[]), None);
/// ```
pub fn max<T: Real>(x: &[T]) -> Option<T> {
    Backend::auto().max(x)
}

/// The smallest element: NaN if any element is NaN, `-0` below `+0`; `None` when empty.
///
/// # Examples
/// ```
/// use core_num::tensor::min;
/// assert_eq!(min(&[1.0f32, -3.0, 2.0]), Some(-3.0));
/// assert!(min(&[0.0f32, -0.0]).unwrap().is_sign_negative());
/// assert_eq!(min::<f32>(&[]), None);
/// ```
pub fn min<T: Real>(x: &[T]) -> Option<T> {
    Backend::auto().min(x)
}

/// The element of largest magnitude (the positive one of `±m`); NaN if any; `None` when empty.
///
/// # Examples
/// ```
/// use core_num::tensor::max_magnitude;
/// assert_eq!(max_magnitude(&[1.0f64, -3.0, 2.0]), Some(-3.0));
/// assert_eq!(max_magnitude(&[-3.0f64, 3.0]), Some(3.0));
/// assert_eq!(max_magnitude::<f64>(&[]), None);
/// ```
pub fn max_magnitude<T: Real>(x: &[T]) -> Option<T> {
    Backend::auto().max_magnitude(x)
}

/// The element of smallest magnitude (the negative one of `±m`); NaN if any; `None` when
/// empty.
///
/// # Examples
/// ```
/// use core_num::tensor::min_magnitude;
/// assert_eq!(min_magnitude(&[4.0f32, -0.5, 2.0]), Some(-0.5));
/// assert_eq!(min_magnitude(&[1.0f32, -1.0]), Some(-1.0));
/// assert_eq!(min_magnitude::<f32>(&[]), None);
/// ```
pub fn min_magnitude<T: Real>(x: &[T]) -> Option<T> {
    Backend::auto().min_magnitude(x)
}

/// The index of the first element equal to [`max`] (of the first NaN if there is one);
/// `None` when empty.
///
/// # Examples
/// ```
/// use core_num::tensor::index_of_max;
/// assert_eq!(index_of_max(&[1.0f32, 5.0, 5.0, 2.0]), Some(1));
/// assert_eq!(index_of_max(&[1.0f32, f32::NAN, 9.0]), Some(1));
/// assert_eq!(index_of_max::<f32>(&[]), None);
/// ```
pub fn index_of_max<T: Real>(x: &[T]) -> Option<usize> {
    Backend::auto().index_of_max(x)
}

/// The index of the first element equal to [`min`] (of the first NaN if any).
///
/// # Examples
/// ```
/// use core_num::tensor::index_of_min;
/// assert_eq!(index_of_min(&[3.0f64, 1.0, 1.0]), Some(1));
/// assert_eq!(index_of_min::<f64>(&[]), None);
/// ```
pub fn index_of_min<T: Real>(x: &[T]) -> Option<usize> {
    Backend::auto().index_of_min(x)
}

/// The index of the first element equal to [`max_magnitude`] (of the first NaN if any).
///
/// # Examples
/// ```
/// use core_num::tensor::index_of_max_magnitude;
/// assert_eq!(index_of_max_magnitude(&[1.0f64, -7.0, 3.0]), Some(1));
/// assert_eq!(index_of_max_magnitude::<f64>(&[]), None);
/// ```
pub fn index_of_max_magnitude<T: Real>(x: &[T]) -> Option<usize> {
    Backend::auto().index_of_max_magnitude(x)
}

/// The index of the first element equal to [`min_magnitude`] (of the first NaN if any).
///
/// # Examples
/// ```
/// use core_num::tensor::index_of_min_magnitude;
/// assert_eq!(index_of_min_magnitude(&[4.0f32, -0.5, 2.0]), Some(1));
/// assert_eq!(index_of_min_magnitude::<f32>(&[]), None);
/// ```
pub fn index_of_min_magnitude<T: Real>(x: &[T]) -> Option<usize> {
    Backend::auto().index_of_min_magnitude(x)
}

/// A slice of f16 or bf16 values as their bits.
fn half_bits<H: Half>(s: &[H]) -> &[u16] {
    // SAFETY: `H` is f16 or bf16 (sealed), `#[repr(transparent)]` over `u16`: same size,
    // alignment and validity.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast(), s.len()) }
}

/// Values per block of [`map_half`]'s `f32` buffers.
const HALF_BLOCK: usize = 256;

impl Backend {
    /// [`sum_half`] at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::{f16, tensor::Backend};
    /// let x = [f16::from_f32(0.5); 10];
    /// for b in Backend::all() {
    ///     assert_eq!(b.sum_half(&x), 5.0, "{b:?}");
    /// }
    /// ```
    pub fn sum_half<H: Half>(self, x: &[H]) -> f32 {
        call!(self, fold_half(Fold::Sum, H::__IS_BF16, half_bits(x)))
    }
    /// [`sum_of_squares_half`] at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::{bf16, tensor::Backend};
    /// let x = [bf16::from_f32(3.0), bf16::from_f32(4.0)];
    /// for b in Backend::all() {
    ///     assert_eq!(b.sum_of_squares_half(&x), 25.0, "{b:?}");
    /// }
    /// ```
    pub fn sum_of_squares_half<H: Half>(self, x: &[H]) -> f32 {
        call!(self, fold_half(Fold::SumOfSquares, H::__IS_BF16, half_bits(x)))
    }
    /// [`norm_half`] at this backend's level.
    ///
    /// # Examples
    /// ```
    /// use core_num::{f16, tensor::Backend};
    /// let x = [f16::from_f32(6.0), f16::from_f32(8.0)];
    /// for b in Backend::all() {
    ///     assert_eq!(b.norm_half(&x), 10.0, "{b:?}");
    /// }
    /// ```
    pub fn norm_half<H: Half>(self, x: &[H]) -> f32 {
        sqrt32(self.sum_of_squares_half(x))
    }
    /// [`dot_half`] at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{f16, tensor::{Backend, TensorError}};
    /// let x = [f16::from_f32(1.5), f16::from_f32(-2.0)];
    /// let y = [f16::from_f32(2.0), f16::from_f32(0.25)];
    /// for b in Backend::all() {
    ///     assert_eq!(b.dot_half(&x, &y), Ok(2.5), "{b:?}");
    /// }
    /// let err = Backend::auto().dot_half(&x, &y[..1]);
    /// assert_eq!(err, Err(TensorError::LengthMismatch { expected: 2, actual: 1 }));
    /// ```
    pub fn dot_half<H: Half>(self, x: &[H], y: &[H]) -> Result<f32, TensorError> {
        check_len(x.len(), y.len())?;
        Ok(call!(self, fold2_half(Fold2::Dot, H::__IS_BF16, half_bits(x), half_bits(y))))
    }
    /// [`distance_half`] at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{bf16, tensor::Backend};
    /// let x = [bf16::from_f32(1.0), bf16::from_f32(2.0)];
    /// let y = [bf16::from_f32(4.0), bf16::from_f32(6.0)];
    /// for b in Backend::all() {
    ///     assert_eq!(b.distance_half(&x, &y)?, 5.0, "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn distance_half<H: Half>(self, x: &[H], y: &[H]) -> Result<f32, TensorError> {
        check_len(x.len(), y.len())?;
        let (x, y) = (half_bits(x), half_bits(y));
        Ok(sqrt32(call!(self, fold2_half(Fold2::SquaredDistance, H::__IS_BF16, x, y))))
    }
    /// [`cosine_similarity_half`] at this backend's level.
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{f16, tensor::Backend};
    /// let x = [f16::from_f32(2.0), f16::ZERO];
    /// let y = [f16::from_f32(3.0), f16::ZERO];
    /// for b in Backend::all() {
    ///     assert_eq!(b.cosine_similarity_half(&x, &y)?, 1.0, "{b:?}");
    /// }
    /// # Ok::<(), core_num::tensor::TensorError>(())
    /// ```
    pub fn cosine_similarity_half<H: Half>(self, x: &[H], y: &[H]) -> Result<f32, TensorError> {
        check_len(x.len(), y.len())?;
        let [xy, xx, yy] = call!(self, dot3_half(H::__IS_BF16, half_bits(x), half_bits(y)));
        Ok(xy / (sqrt32(xx) * sqrt32(yy)))
    }
    /// [`map_half`] at this backend's level (the conversions and `f`'s own level aside: `f`
    /// is whatever function it is given).
    ///
    /// # Errors
    /// [`TensorError::LengthMismatch`] when `out.len() != x.len()`; any error of `f`.
    ///
    /// # Examples
    /// ```
    /// use core_num::{f16, tensor::{self, Backend}};
    /// let x = [f16::from_f32(-2.0), f16::from_f32(0.5)];
    /// let mut out = [f16::ZERO; 2];
    /// for b in Backend::all() {
    ///     b.map_half(&x, &mut out, |x, out| tensor::Backend::abs(b, x, out))?;
    ///     assert_eq!(out, [f16::from_f32(2.0), f16::from_f32(0.5)], "{b:?}");
    /// }
    /// assert!(Backend::auto().map_half(&x, &mut out[..1], tensor::abs).is_err());
    /// # Ok::<(), tensor::TensorError>(())
    /// ```
    pub fn map_half<H: Half>(
        self,
        x: &[H],
        out: &mut [H],
        mut f: impl FnMut(&[f32], &mut [f32]) -> Result<(), TensorError>,
    ) -> Result<(), TensorError> {
        check_len(x.len(), out.len())?;
        let level = self.level();
        let mut a = [0.0f32; HALF_BLOCK];
        let mut b = [0.0f32; HALF_BLOCK];
        for (xs, os) in x.chunks(HALF_BLOCK).zip(out.chunks_mut(HALF_BLOCK)) {
            let n = xs.len();
            // The level is this backend's, so available; the lengths are equal.
            let widened = crate::half::__at::to_f32(level, xs, &mut a[..n]);
            debug_assert!(widened.is_some());
            f(&a[..n], &mut b[..n])?;
            let narrowed = crate::half::__at::from_f32(level, &b[..n], os);
            debug_assert!(narrowed.is_some());
        }
        Ok(())
    }
}

/// The sum of f16 or bf16 values, computed in `f32` (each value widened exactly as it is
/// loaded: F16C, AVX-512 or NEON conversions where the CPU has them).
///
/// ```
/// use core_num::{bf16, f16, tensor};
/// let x = [f16::from_f32(1.5), f16::from_f32(2.0), f16::from_f32(-0.25)];
/// assert_eq!(tensor::sum_half(&x), 3.25);
/// assert_eq!(tensor::sum_half(&[bf16::from_f32(1.0); 300]), 300.0);
/// ```
pub fn sum_half<H: Half>(x: &[H]) -> f32 {
    Backend::auto().sum_half(x)
}

/// The sum of the squares of f16 or bf16 values, in `f32`.
///
/// # Examples
/// ```
/// use core_num::{f16, tensor};
/// let x = [f16::from_f32(1.0), f16::from_f32(-2.0), f16::from_f32(2.0)];
/// assert_eq!(tensor::sum_of_squares_half(&x), 9.0);
/// assert_eq!(tensor::sum_of_squares_half::<f16>(&[]), 0.0);
/// ```
pub fn sum_of_squares_half<H: Half>(x: &[H]) -> f32 {
    Backend::auto().sum_of_squares_half(x)
}

/// The Euclidean norm of f16 or bf16 values, in `f32`.
///
/// # Examples
/// ```
/// use core_num::{bf16, tensor};
/// let x = [bf16::from_f32(-3.0), bf16::from_f32(4.0)];
/// assert_eq!(tensor::norm_half(&x), 5.0);
/// ```
pub fn norm_half<H: Half>(x: &[H]) -> f32 {
    Backend::auto().norm_half(x)
}

/// The dot product of two f16 or bf16 slices, accumulated in `f32` with fused multiply-adds
/// where the CPU has them (the products of widened halves are exact in `f32`).
///
/// ```
/// use core_num::{f16, tensor};
/// let x: Vec<f16> = [1.0, 2.0, 3.0].iter().map(|&v| f16::from_f32(v)).collect();
/// assert_eq!(tensor::dot_half(&x, &x)?, 14.0);
/// # Ok::<(), tensor::TensorError>(())
/// ```
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
pub fn dot_half<H: Half>(x: &[H], y: &[H]) -> Result<f32, TensorError> {
    Backend::auto().dot_half(x, y)
}

/// The Euclidean distance of two f16 or bf16 slices, in `f32`.
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
///
/// # Examples
/// ```
/// use core_num::{f16, tensor};
/// let x = [f16::from_f32(1.0), f16::from_f32(1.0)];
/// let y = [f16::from_f32(4.0), f16::from_f32(5.0)];
/// assert_eq!(tensor::distance_half(&x, &y)?, 5.0);
/// assert!(tensor::distance_half(&x, &y[..1]).is_err());
/// # Ok::<(), tensor::TensorError>(())
/// ```
pub fn distance_half<H: Half>(x: &[H], y: &[H]) -> Result<f32, TensorError> {
    Backend::auto().distance_half(x, y)
}

/// The cosine similarity of two f16 or bf16 slices, in `f32` from one pass (NaN when either
/// norm is zero).
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `y.len() != x.len()`.
///
/// # Examples
/// ```
/// use core_num::{f16, tensor};
/// let x = [f16::from_f32(1.0), f16::ZERO];
/// let y = [f16::ZERO, f16::from_f32(5.0)];
/// assert_eq!(tensor::cosine_similarity_half(&x, &y)?, 0.0);
/// // A zero vector has no direction.
/// assert!(tensor::cosine_similarity_half(&[f16::ZERO], &[f16::ONE])?.is_nan());
/// # Ok::<(), tensor::TensorError>(())
/// ```
pub fn cosine_similarity_half<H: Half>(x: &[H], y: &[H]) -> Result<f32, TensorError> {
    Backend::auto().cosine_similarity_half(x, y)
}

/// An elementwise `f32` function applied to f16 or bf16 values: blocks of 256 are widened
/// (exactly), `f` runs on them, and its results are rounded back once (ties to even). Any
/// tensor function of one input fits, or a closure over several.
///
/// ```
/// use core_num::{f16, tensor};
/// let x = [f16::from_f32(0.0), f16::from_f32(1.0)];
/// let mut out = [f16::ZERO; 2];
/// tensor::map_half(&x, &mut out, tensor::exp)?;
/// assert_eq!(out[0], f16::ONE);
/// assert_eq!(out[1], f16::from_f32(core::f32::consts::E));
/// # Ok::<(), tensor::TensorError>(())
/// ```
///
/// # Errors
/// [`TensorError::LengthMismatch`] when `out.len() != x.len()`; any error of `f`.
pub fn map_half<H: Half>(
    x: &[H],
    out: &mut [H],
    f: impl FnMut(&[f32], &mut [f32]) -> Result<(), TensorError>,
) -> Result<(), TensorError> {
    Backend::auto().map_half(x, out, f)
}
