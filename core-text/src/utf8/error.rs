use core::fmt;

/// Invalid UTF-8, described exactly as `std::str::Utf8Error` describes it.
///
/// ```
/// let err = core_text::utf8::from_utf8(b"ok\xF0\x28").unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// assert_eq!(err.error_len(), Some(1));
/// assert_eq!(err.to_string(), "invalid utf-8 sequence of 1 bytes from index 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    valid_up_to: usize,
    error_len: Option<u8>,
}

impl Utf8Error {
    #[cold]
    pub(crate) fn new(valid_up_to: usize, error_len: Option<u8>) -> Utf8Error {
        Utf8Error { valid_up_to, error_len }
    }

    /// The length of the longest valid prefix of the input.
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// `Some(n)`: an invalid sequence of `n` bytes (1 to 3) starts at `valid_up_to`;
    /// `None`: the input ends inside a sequence that more bytes could complete.
    pub fn error_len(&self) -> Option<usize> {
        self.error_len.map(usize::from)
    }
}

impl From<core::str::Utf8Error> for Utf8Error {
    fn from(e: core::str::Utf8Error) -> Utf8Error {
        Utf8Error::new(e.valid_up_to(), e.error_len().map(|n| n as u8))
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len {
            Some(n) => {
                write!(f, "invalid utf-8 sequence of {} bytes from index {}", n, self.valid_up_to)
            }
            None => write!(f, "incomplete utf-8 byte sequence from index {}", self.valid_up_to),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf8Error {}
