use core::fmt;

/// Ill-formed UTF-16: an unpaired surrogate.
///
/// ```
/// let err = core_text::utf16::utf8_len(&[0x41, 0xDC00]).unwrap_err();
/// assert_eq!(err.valid_up_to(), 1);
/// assert_eq!(err.to_string(), "unpaired surrogate at index 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf16Error {
    valid_up_to: usize,
}

impl Utf16Error {
    #[cold]
    pub(crate) fn new(valid_up_to: usize) -> Utf16Error {
        Utf16Error { valid_up_to }
    }

    /// The length of the longest well-formed prefix: the index of the first unpaired
    /// surrogate.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf16;
    /// let units = [0x68, 0x69, 0xD83D]; // "hi" and a lone high surrogate
    /// let err = utf16::to_string(&units).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 2);
    /// assert_eq!(utf16::to_string(&units[..err.valid_up_to()]).unwrap(), "hi");
    /// ```
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
}

impl fmt::Display for Utf16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unpaired surrogate at index {}", self.valid_up_to)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf16Error {}
