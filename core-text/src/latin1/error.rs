//! [`Latin1Error`]: a character that Latin-1 cannot hold.

use core::fmt;

/// The input has a character above U+00FF, which Latin-1 cannot hold.
///
/// [`valid_up_to`](Latin1Error::valid_up_to) is where that character starts (a byte offset
/// in UTF-8, a unit index in UTF-16): everything before it converts.
///
/// ```
/// let err = core_text::utf8::to_latin1_vec("café €5").unwrap_err();
/// assert_eq!(err.valid_up_to(), 6);
/// assert_eq!(err.to_string(), "character above U+00FF at index 6 has no Latin-1 form");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Latin1Error {
    valid_up_to: usize,
}

impl Latin1Error {
    #[cold]
    pub(crate) fn new(valid_up_to: usize) -> Latin1Error {
        Latin1Error { valid_up_to }
    }

    /// The offset of the first character above U+00FF: the input before it converts.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf16;
    /// let wide: Vec<u16> = "naïve → ok".encode_utf16().collect();
    /// let err = utf16::to_latin1_vec(&wide).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 6); // a unit index for UTF-16 input
    /// assert_eq!(utf16::to_latin1_vec(&wide[..6]).unwrap(), b"na\xefve ");
    /// ```
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
}

impl fmt::Display for Latin1Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "character above U+00FF at index {} has no Latin-1 form", self.valid_up_to)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Latin1Error {}
