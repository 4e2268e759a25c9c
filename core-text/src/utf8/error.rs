use core::fmt;

/// Invalid UTF-8, described exactly as `std::str::Utf8Error` describes it.
///
/// ```
/// let err = core_text::utf8::from_utf8(b"ok\xF0\x28").unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// assert_eq!(err.error_len(), Some(1));
/// assert_eq!(err.to_string(), "invalid utf-8 sequence of 1 bytes from index 2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    /// `valid_up_to` in the low 62 bits, `error_len` (0 for `None`) in the top 2. Packing
    /// keeps `Result<&str, Utf8Error>` at two words, returned in registers, which matters
    /// for short inputs. A slice is shorter than 2^62 bytes on every target.
    packed: u64,
}

const LEN_SHIFT: u32 = 62;

impl Utf8Error {
    #[cold]
    pub(crate) fn new(valid_up_to: usize, error_len: Option<u8>) -> Utf8Error {
        let len = u64::from(error_len.unwrap_or(0) & 3);
        Utf8Error { packed: valid_up_to as u64 | len << LEN_SHIFT }
    }

    /// The length of the longest valid prefix of the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8;
    /// let bytes = b"caf\xc3\xa9 \xff rest";
    /// let err = utf8::from_utf8(bytes).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 6);
    /// assert_eq!(utf8::from_utf8(&bytes[..6]), Ok("café "));
    /// ```
    pub fn valid_up_to(&self) -> usize {
        (self.packed & ((1 << LEN_SHIFT) - 1)) as usize
    }

    /// `Some(n)`: an invalid sequence of `n` bytes (1 to 3) starts at `valid_up_to`;
    /// `None`: the input ends inside a sequence that more bytes could complete.
    ///
    /// # Examples
    ///
    /// ```
    /// use core_text::utf8;
    /// // A stray continuation byte: one invalid byte.
    /// assert_eq!(utf8::from_utf8(b"a\x80b").unwrap_err().error_len(), Some(1));
    /// // Cut off inside "€" (E2 82 AC): more input could complete it.
    /// assert_eq!(utf8::from_utf8(b"a\xe2\x82").unwrap_err().error_len(), None);
    /// ```
    pub fn error_len(&self) -> Option<usize> {
        match (self.packed >> LEN_SHIFT) as usize {
            0 => None,
            n => Some(n),
        }
    }
}

impl fmt::Debug for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf8Error")
            .field("valid_up_to", &self.valid_up_to())
            .field("error_len", &self.error_len())
            .finish()
    }
}

impl From<core::str::Utf8Error> for Utf8Error {
    fn from(e: core::str::Utf8Error) -> Utf8Error {
        Utf8Error::new(e.valid_up_to(), e.error_len().map(|n| n as u8))
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len() {
            Some(n) => {
                write!(f, "invalid utf-8 sequence of {} bytes from index {}", n, self.valid_up_to())
            }
            None => write!(f, "incomplete utf-8 byte sequence from index {}", self.valid_up_to()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf8Error {}

#[cfg(test)]
mod tests {
    use super::Utf8Error;

    #[test]
    fn packing_round_trips() {
        for len in [None, Some(1), Some(2), Some(3)] {
            for at in [0usize, 1, 63, 1 << 20, usize::MAX >> 3] {
                let e = Utf8Error::new(at, len);
                assert_eq!(e.valid_up_to(), at);
                assert_eq!(e.error_len(), len.map(usize::from));
            }
        }
        assert_eq!(core::mem::size_of::<Result<&str, Utf8Error>>(), 16);
    }
}
