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

/// [`source`](std::error::Error::source) is the wrapped error (the invalid input's, or
/// [`BufferTooSmall`]), whose text `Display` shows.
#[cfg(feature = "std")]
impl<E: std::error::Error + 'static> std::error::Error for TranscodeError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TranscodeError::Invalid(e) => Some(e),
            TranscodeError::BufferTooSmall(e) => Some(e),
        }
    }
}

impl<E> From<BufferTooSmall> for TranscodeError<E> {
    fn from(e: BufferTooSmall) -> Self {
        TranscodeError::BufferTooSmall(e)
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::utf8::Utf8Error;
    use std::error::Error;
    use std::string::ToString;

    #[test]
    fn transcode_errors_expose_what_they_wrap() {
        let invalid: TranscodeError<Utf8Error> =
            TranscodeError::Invalid(Utf8Error::new(3, Some(1)));
        let source = invalid.source().expect("the UTF-8 error");
        assert_eq!(source.to_string(), invalid.to_string());
        let small: TranscodeError<Utf8Error> = BufferTooSmall { needed: 9, available: 4 }.into();
        let source = small.source().expect("the buffer error");
        assert_eq!(source.to_string(), "output buffer too small: 9 needed, 4 available");
    }
}
