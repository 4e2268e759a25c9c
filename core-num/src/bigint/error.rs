//! Error types: parsing ([`ParseBigIntError`]) and narrowing conversions
//! ([`TryFromBigIntError`]).

use core::fmt;

/// What went wrong while parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ParseErrorKind {
    /// No digits (the input was empty or only a sign).
    Empty,
    /// A byte that is not a digit of the radix (or a misplaced sign or `_`).
    InvalidDigit,
    /// The radix is outside `2..=36` (num-bigint panics there).
    InvalidRadix,
}

/// The error returned when parsing a [`BigUint`](crate::BigUint) or
/// [`BigInt`](crate::BigInt) from text fails.
///
/// Its `Display` text is num-bigint's: "cannot parse integer from empty string" or "invalid
/// digit found in string". Beyond num-bigint, [`position`](Self::position) says at which byte
/// of the input the first invalid digit sits, and [`radix`](Self::radix) which radix was
/// refused.
///
/// # Example
///
/// ```
/// use core_num::BigUint;
///
/// let err = BigUint::from_str_radix("12x4", 10).unwrap_err();
/// assert_eq!(err.to_string(), "invalid digit found in string");
/// assert_eq!(err.position(), Some(2));
/// assert!(BigUint::from_str_radix("", 10).unwrap_err().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseBigIntError {
    kind: ParseErrorKind,
    /// The byte offset of an invalid digit, or the refused radix.
    position: usize,
}

impl ParseBigIntError {
    #[cold]
    pub(crate) fn empty() -> Self {
        ParseBigIntError { kind: ParseErrorKind::Empty, position: 0 }
    }

    #[cold]
    pub(crate) fn invalid(position: usize) -> Self {
        ParseBigIntError { kind: ParseErrorKind::InvalidDigit, position }
    }

    #[cold]
    pub(crate) fn invalid_radix(radix: u32) -> Self {
        ParseBigIntError { kind: ParseErrorKind::InvalidRadix, position: radix as usize }
    }

    /// Whether the radix was outside `2..=36` (where num-bigint panics, core-num returns this
    /// error).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// let err = BigUint::from_str_radix("10", 37).unwrap_err();
    /// assert!(err.is_invalid_radix());
    /// assert!(!"12x".parse::<BigUint>().unwrap_err().is_invalid_radix());
    /// ```
    pub fn is_invalid_radix(&self) -> bool {
        self.kind == ParseErrorKind::InvalidRadix
    }

    /// Whether the input held no digits (num-bigint's `Empty` kind).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigInt;
    /// assert!("".parse::<BigInt>().unwrap_err().is_empty());
    /// assert!(!"12".parse::<BigInt>().is_err());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.kind == ParseErrorKind::Empty
    }

    /// Whether the input held a byte that is not a digit (num-bigint's `InvalidDigit` kind).
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert!("12x4".parse::<BigUint>().unwrap_err().is_invalid_digit());
    /// assert!(BigUint::from_str_radix("19", 8).unwrap_err().is_invalid_digit());
    /// ```
    pub fn is_invalid_digit(&self) -> bool {
        self.kind == ParseErrorKind::InvalidDigit
    }

    /// The radix that was refused (outside `2..=36`); `None` for other errors.
    ///
    /// ```
    /// use core_num::BigInt;
    ///
    /// let err = BigInt::from_str_radix("10", 37).unwrap_err();
    /// assert_eq!(err.radix(), Some(37));
    /// assert_eq!(err.to_string(), "radix 37 is not within 2..=36");
    /// ```
    pub fn radix(&self) -> Option<u32> {
        match self.kind {
            ParseErrorKind::InvalidRadix => Some(self.position as u32),
            _ => None,
        }
    }

    /// Byte offset, in the input, of the first invalid byte; `None` for an empty input or an
    /// invalid radix.
    ///
    /// # Examples
    /// ```
    /// use core_num::BigUint;
    /// assert_eq!("12x4".parse::<BigUint>().unwrap_err().position(), Some(2));
    /// assert_eq!("".parse::<BigUint>().unwrap_err().position(), None);
    /// assert_eq!(BigUint::from_str_radix("1", 99).unwrap_err().position(), None);
    /// ```
    pub fn position(&self) -> Option<usize> {
        match self.kind {
            ParseErrorKind::Empty | ParseErrorKind::InvalidRadix => None,
            ParseErrorKind::InvalidDigit => Some(self.position),
        }
    }
}

impl fmt::Display for ParseBigIntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseErrorKind::Empty => f.write_str("cannot parse integer from empty string"),
            ParseErrorKind::InvalidDigit => f.write_str("invalid digit found in string"),
            ParseErrorKind::InvalidRadix => {
                write!(f, "radix {} is not within 2..=36", self.position)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseBigIntError {}

/// The error of a `TryFrom` conversion out of range; it gives the original value back.
///
/// For conversions from a reference the original is `()`.
///
/// # Example
///
/// ```
/// use core_num::BigUint;
///
/// let err = u8::try_from(BigUint::from(300u32)).unwrap_err();
/// assert_eq!(err.to_string(), "out of range conversion regarding big integer attempted");
/// assert_eq!(err.into_original(), BigUint::from(300u32));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TryFromBigIntError<T> {
    original: T,
}

impl<T> TryFromBigIntError<T> {
    #[cold]
    pub(crate) fn new(original: T) -> Self {
        TryFromBigIntError { original }
    }

    /// The value that could not be converted.
    ///
    /// # Examples
    /// ```
    /// use core_num::{BigInt, BigUint};
    /// let err = BigUint::try_from(BigInt::from(-5)).unwrap_err();
    /// assert_eq!(err.into_original(), BigInt::from(-5));
    /// ```
    pub fn into_original(self) -> T {
        self.original
    }
}

impl<T> fmt::Display for TryFromBigIntError<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("out of range conversion regarding big integer attempted")
    }
}

#[cfg(feature = "std")]
impl<T: fmt::Debug> std::error::Error for TryFromBigIntError<T> {}
