//! `ParseError` and `ParseErrorKind`.

use core::fmt;

/// Text could not be parsed as a date-time: where, and why.
///
/// ```
/// use core_time::fmt::ParseErrorKind;
/// use core_time::Timestamp;
///
/// let err = Timestamp::parse_o("2026-13-15T05:00:00Z").unwrap_err();
/// assert_eq!(err.position(), 5);
/// assert_eq!(err.kind(), ParseErrorKind::OutOfRange("month"));
/// assert_eq!(err.to_string(), "invalid date-time at byte 5: month out of range");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    position: usize,
    kind: ParseErrorKind,
}

/// Why text could not be parsed. See [`ParseError`].
///
/// ```
/// use core_time::fmt::ParseErrorKind;
/// use core_time::Timestamp;
/// let err = Timestamp::parse_o("2026-07-15T05:00:00").unwrap_err(); // no offset
/// assert_eq!((err.kind(), err.position()), (ParseErrorKind::UnexpectedEnd, 19));
/// let err = Timestamp::parse_o("2026-07-15T25:00:00Z").unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::OutOfRange("hour"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text ended where more was required (a field, a separator, or, where an instant is
    /// parsed, the `Z` or offset).
    UnexpectedEnd,
    /// A byte other than the one the format requires. `found` is the byte itself; for a
    /// multi-byte UTF-8 character it is the character's first byte.
    InvalidCharacter {
        /// What the format allows here, such as `"digit"` or `"'-'"`.
        expected: &'static str,
        /// The byte found instead.
        found: u8,
    },
    /// A well-formed field with an impossible value: month 13, 31 April, hour 24, second 60,
    /// offset hour 26, year -0, or an instant outside [`Timestamp`](crate::Timestamp)'s range.
    /// The name says which field ("year", "month", "day", "hour", "minute", "second",
    /// "offset hour", "offset minute", "offset second" or "timestamp").
    OutOfRange(&'static str),
    /// A complete date-time was followed by more text (for [`DateTime`](crate::DateTime)'s
    /// parsers this includes a `Z` or an offset).
    TrailingInput,
}

impl ParseError {
    #[inline]
    pub(crate) const fn new(position: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { position, kind }
    }

    /// The byte offset in the input where the problem is: the unexpected byte, the first byte
    /// of the out-of-range field (0 for the year and for an instant out of range), the first
    /// trailing byte, or the input's length when it ended early.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// assert_eq!(Timestamp::parse_o("2026-07-15T05:00:00Zx").unwrap_err().position(), 20);
    /// assert_eq!(Timestamp::parse_o("2026-07-15").unwrap_err().position(), 10);
    /// assert_eq!(Timestamp::parse_o("2026/07/15T05:00:00Z").unwrap_err().position(), 4);
    /// ```
    pub const fn position(&self) -> usize {
        self.position
    }

    /// What went wrong.
    ///
    /// ```
    /// use core_time::fmt::ParseErrorKind;
    /// use core_time::Timestamp;
    ///
    /// let err = Timestamp::parse_o("2026-07-15T05:00:00Z!").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::TrailingInput);
    /// let err = Timestamp::parse_o("2026-04-31T05:00:00Z").unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::OutOfRange("day"));
    /// ```
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid date-time at byte {}: ", self.position)?;
        match self.kind {
            ParseErrorKind::UnexpectedEnd => f.write_str("unexpected end of input"),
            ParseErrorKind::InvalidCharacter { expected, found } => {
                write!(f, "expected {expected}, found ")?;
                if found == b' ' || found.is_ascii_graphic() {
                    write!(f, "'{}'", found as char)
                } else {
                    write!(f, "byte 0x{found:02X}")
                }
            }
            ParseErrorKind::OutOfRange(what) => write!(f, "{what} out of range"),
            ParseErrorKind::TrailingInput => f.write_str("unexpected trailing input"),
        }
    }
}

impl std::error::Error for ParseError {}
