//! Formatting and parsing ("O", RFC 3339, "G").
//!
//! Three text forms are supported, all without heap allocation:
//!
//! - **"O"**, the round-trip form of .NET: `2026-07-15T05:00:00.1234567-07:00`. The fraction
//!   always has exactly seven digits (100 ns ticks; finer nanoseconds are truncated when
//!   formatting). A [`Timestamp`](crate::Timestamp) ends in `Z`, a [`Zoned`](crate::Zoned) in
//!   its offset (`+hh:mm`, or `+hh:mm:ss` when the offset has seconds, as local mean time
//!   does), and a [`DateTime`](crate::DateTime) has no suffix. Years 0 to 9999 take four
//!   digits; negative years (astronomical numbering: year 0 is 1 BCE) take a `-` and six
//!   digits, the ISO 8601 expanded form: year -44 is `-000044`.
//! - **RFC 3339** with a caller-chosen number of fraction digits, 0 to 9
//!   ([`Timestamp::format_rfc3339`](crate::Timestamp::format_rfc3339)).
//! - **Invariant "G"**: `07/15/2026 05:00:00` (`MM/dd/yyyy HH:mm:ss`, 24-hour clock, no
//!   fraction), for wall-clock readings.
//!
//! Formatters return a [`FormatBuf`], a small inline string, or write into a caller's byte
//! slice (`write_o`, `write_rfc3339`, failing with [`BufferTooSmall`]). Parsers report a
//! [`ParseError`] with the byte position of the problem; they never panic, whatever the input.
//!
//! The general parser is the free function [`parse_o`], which reads the "O" form and the
//! RFC 3339 forms alike and returns the civil date-time together with its offset, if any.
//!
//! Choices worth knowing:
//!
//! - Leap seconds (`23:59:60`) are rejected, like every other out-of-range field: the crate
//!   counts time as POSIX does, without them.
//! - `format_rfc3339` takes 0 to 9 fraction digits; a larger count is treated as 9. Digits
//!   are truncated, never rounded, here and in the "O" form.
//! - RFC 3339 offsets have no seconds, so [`Zoned::format_rfc3339`](crate::Zoned) cuts an
//!   offset such as `-07:52:58` to whole minutes and shows the local time at that offset:
//!   the text still names the same instant.
//! - A [`Zoned`](crate::Zoned) within a day of either end of `Timestamp`'s range, at an
//!   offset of more than 24 hours, has a local date in year -10000 or 10000; it is written
//!   in the expanded form (`+010000-01-01T...`), which the parsers, limited to years -9999 to
//!   9999, reject.
//!
//! ```
//! use core_time::{fmt, DateTime, Offset, Timestamp};
//!
//! let t: Timestamp = "2026-07-15T05:00:00.1234567-07:00".parse().unwrap();
//! assert_eq!(t.format_o().as_str(), "2026-07-15T12:00:00.1234567Z");
//! assert_eq!(t.format_rfc3339(3).as_str(), "2026-07-15T12:00:00.123Z");
//!
//! let (dt, off) = fmt::parse_o(b"2026-07-15T05:00:00.1234567-07:00").unwrap();
//! assert_eq!(dt.format_g().as_str(), "07/15/2026 05:00:00");
//! assert_eq!(off, Some(Offset::from_hours(-7).unwrap()));
//!
//! let err = DateTime::parse_o("2026-07x15T05:00:00").unwrap_err();
//! assert_eq!(err.position(), 7);
//! assert_eq!(err.to_string(), "invalid date-time at byte 7: expected '-', found 'x'");
//! ```

mod buf;
mod calendar;
mod error;
mod impls;
mod parse;
mod write;

#[cfg(test)]
mod tests;

pub use buf::{BufferTooSmall, FormatBuf};
pub use error::{ParseError, ParseErrorKind};
pub use parse::parse_o;
