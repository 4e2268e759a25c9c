//! Errors shared by the transcoding functions.

use core::fmt;

/// The output slice given to a `to_*` function cannot hold the result.
///
/// # Examples
///
/// ```
/// use core_text::utf8;
/// let mut dst = [0u16; 3];
/// let err = utf8::to_utf16("hello", &mut dst).unwrap_err();
/// assert_eq!((err.needed(), err.available()), (5, 3));
/// assert_eq!(err.to_string(), "output buffer too small: 5 needed, 3 available");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferTooSmall {
    pub(crate) needed: usize,
    pub(crate) available: usize,
}

impl BufferTooSmall {
    /// The number of elements the output must hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::latin1;
    /// let mut dst = [0u8; 2];
    /// // "é" takes two UTF-8 bytes, so "hé" needs three.
    /// let err = latin1::to_utf8(b"h\xe9", &mut dst).unwrap_err();
    /// assert_eq!(err.needed(), 3);
    /// let mut big = vec![0u8; err.needed()];
    /// assert_eq!(latin1::to_utf8(b"h\xe9", &mut big), Ok(3));
    /// ```
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// The number of elements the output held.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8;
    /// let mut dst = [0u16; 1];
    /// assert_eq!(utf8::to_utf16("ab", &mut dst).unwrap_err().available(), 1);
    /// ```
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
///
/// # Examples
///
/// ```
/// use core_text::{utf8, TranscodeError};
/// let mut dst = [0u16; 8];
/// assert_eq!(utf8::to_utf16_from_bytes(b"ok", &mut dst), Ok(2));
/// match utf8::to_utf16_from_bytes(b"ok\xff", &mut dst) {
///     Err(TranscodeError::Invalid(e)) => assert_eq!(e.valid_up_to(), 2),
///     other => panic!("unexpected {other:?}"),
/// }
/// let mut tiny = [0u16; 1];
/// assert!(matches!(utf8::to_utf16_from_bytes(b"ok", &mut tiny), Err(TranscodeError::BufferTooSmall(_))));
/// ```
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
