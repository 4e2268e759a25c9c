//! Errors shared by the transcoding functions.

use core::fmt;

/// The output slice given to a `to_*` function cannot hold the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    pub(crate) needed: usize,
    pub(crate) available: usize,
}

impl BufferTooSmall {
    /// The number of elements the output must hold.
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// The number of elements the output held.
    pub fn available(&self) -> usize {
        self.available
    }
}

impl fmt::Display for BufferTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "output buffer too small: {} needed, {} available", self.needed, self.available)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BufferTooSmall {}

/// Why a validating transcoder failed: invalid input (`E` says where) or too small an output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TranscodeError<E> {
    /// The input is not valid in its encoding.
    Invalid(E),
    /// The input is valid but the output slice is too small.
    BufferTooSmall(BufferTooSmall),
}

impl<E: fmt::Display> fmt::Display for TranscodeError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeError::Invalid(e) => e.fmt(f),
            TranscodeError::BufferTooSmall(e) => e.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
impl<E: fmt::Debug + fmt::Display> std::error::Error for TranscodeError<E> {}

impl<E> From<BufferTooSmall> for TranscodeError<E> {
    fn from(e: BufferTooSmall) -> Self {
        TranscodeError::BufferTooSmall(e)
    }
}
