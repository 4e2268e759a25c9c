//! The tensor functions' error.

use core::fmt;

/// Why a tensor function refused its arguments. Nothing is written when it returns one.
///
/// # Examples
/// ```
/// use core_num::tensor::{self, TensorError};
/// let mut out = [0.0f32; 2];
/// let err = tensor::exp(&[1.0, 2.0, 3.0], &mut out).unwrap_err();
/// assert_eq!(err, TensorError::LengthMismatch { expected: 3, actual: 2 });
/// assert_eq!(out, [0.0; 2]); // nothing was written
/// assert_eq!(err.to_string(), "slice length mismatch: expected 3 elements, found 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TensorError {
    /// A slice's length differs from the first input's.
    LengthMismatch {
        /// The first input's length.
        expected: usize,
        /// The other slice's length.
        actual: usize,
    },
    /// [`round`](super::round)'s `digits` is above the element type's maximum (6 for `f32`,
    /// 15 for `f64`).
    DigitsOutOfRange {
        /// The digits asked for.
        digits: u32,
        /// The most the type allows.
        max: u32,
    },
}

impl fmt::Display for TensorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TensorError::LengthMismatch { expected, actual } => {
                write!(f, "slice length mismatch: expected {expected} elements, found {actual}")
            }
            TensorError::DigitsOutOfRange { digits, max } => {
                write!(f, "cannot round to {digits} decimal digits: at most {max}")
            }
        }
    }
}

impl core::error::Error for TensorError {}

/// `Ok` when `actual == expected`.
#[inline]
pub(crate) fn check_len(expected: usize, actual: usize) -> Result<(), TensorError> {
    if expected == actual {
        Ok(())
    } else {
        Err(mismatch(expected, actual))
    }
}

#[cold]
fn mismatch(expected: usize, actual: usize) -> TensorError {
    TensorError::LengthMismatch { expected, actual }
}
