//! The formatting and parsing methods of `DateTime`, `Timestamp` and `Zoned`, and their
//! `Display` and `FromStr` implementations.

use super::buf::{copy_out, BufferTooSmall, FormatBuf};
use super::calendar::Fields;
use super::error::{ParseError, ParseErrorKind};
use super::parse::{self, Mode, Parsed};
use super::write::{self, Head, Suffix};
use crate::datetime::DateTime;
use crate::offset::Offset;
use crate::timestamp::Timestamp;
use crate::zoned::Zoned;
use core::fmt;
use core::str::FromStr;

/// The instant a parse names; an error when it has no offset or lies outside the range.
#[inline]
fn instant(s: &[u8], p: Parsed) -> Result<Timestamp, ParseError> {
    let Some(offset) = p.offset else {
        return Err(ParseError::new(s.len(), ParseErrorKind::UnexpectedEnd));
    };
    let secs = p.fields.local_secs() - offset.seconds() as i64;
    Timestamp::from_unix(secs, p.fields.nanosecond)
        .map_err(|_| ParseError::new(0, ParseErrorKind::OutOfRange("timestamp")))
}

impl DateTime {
    /// The "O" round-trip form without a suffix: `2026-07-15T05:00:00.1234567`.
    ///
    /// The fraction has exactly seven digits (100 ns ticks; finer digits are dropped, not
    /// rounded). Negative years are written `-yyyyyy`, as in `-000044-03-15T12:00:00.0000000`.
    ///
    /// ```
    /// use core_time::DateTime;
    /// let dt = DateTime::new(2026, 7, 15, 5, 0, 0, 123_456_789).unwrap();
    /// assert_eq!(dt.format_o().as_str(), "2026-07-15T05:00:00.1234567");
    /// ```
    #[inline]
    pub fn format_o(&self) -> FormatBuf {
        write::format_o(
            Head::from_fields(&Fields::from_datetime(self)),
            self.nanosecond(),
            Suffix::None,
        )
    }

    /// Writes [`format_o`](Self::format_o)'s text into `out`; returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) when `out` is shorter than the text;
    /// [`FormatBuf::CAPACITY`] bytes always suffice.
    ///
    /// ```
    /// use core_time::DateTime;
    ///
    /// let dt = DateTime::new(2026, 7, 15, 5, 0, 0, 0).unwrap();
    /// let mut out = [0u8; 40];
    /// let n = dt.write_o(&mut out).unwrap();
    /// assert_eq!(core::str::from_utf8(&out[..n]).unwrap(), "2026-07-15T05:00:00.0000000");
    /// assert!(dt.write_o(&mut out[..26]).is_err()); // one byte short
    /// ```
    pub fn write_o(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        copy_out(&self.format_o(), out)
    }

    /// The invariant "G" form: `07/15/2026 05:00:00` (`MM/dd/yyyy HH:mm:ss`, 24-hour clock,
    /// no fraction). A negative year is written `-yyyy`: `03/15/-0044 12:00:00`.
    ///
    /// ```
    /// use core_time::DateTime;
    /// let dt = DateTime::new(2024, 3, 15, 13, 45, 30, 0).unwrap();
    /// assert_eq!(dt.format_g().as_str(), "03/15/2024 13:45:30");
    /// ```
    #[inline]
    pub fn format_g(&self) -> FormatBuf {
        write::format_g(&Fields::from_datetime(self))
    }

    /// Parses the "O" form without `Z` or offset (see [`parse_o`](super::parse_o) for the
    /// grammar). A `Z` or offset is rejected with [`ParseErrorKind::TrailingInput`] at its
    /// position: a wall-clock reading does not silently drop one.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte position and the kind: a malformed or missing field, a
    /// value out of range (a day past the month's end, hour 24, ...), or trailing input such as a
    /// `Z` or an offset.
    ///
    /// ```
    /// use core_time::DateTime;
    /// let dt = DateTime::parse_o("2026-07-15T05:00:00.1234567").unwrap();
    /// assert_eq!(dt.nanosecond(), 123_456_700);
    /// assert_eq!(DateTime::parse_o("2026-07-15T05:00:00Z").unwrap_err().position(), 19);
    /// ```
    pub fn parse_o(s: &str) -> Result<DateTime, ParseError> {
        let p = parse::parse(s.as_bytes(), Mode::O)?;
        match p.offset {
            None => p.datetime(),
            Some(_) => Err(ParseError::new(p.suffix_at, ParseErrorKind::TrailingInput)),
        }
    }

    /// Parses the invariant "G" form, `MM/dd/yyyy HH:mm:ss`, exactly as
    /// [`format_g`](Self::format_g) writes it: two-digit fields, a four-digit year (`-yyyy`
    /// when negative), one space.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte position: a field of the wrong width or out of range, a
    /// missing separator, or trailing input.
    ///
    /// ```
    /// use core_time::DateTime;
    /// let dt = DateTime::parse_g("07/15/2026 05:00:00").unwrap();
    /// assert_eq!((dt.year(), dt.month(), dt.day(), dt.hour()), (2026, 7, 15, 5));
    /// ```
    pub fn parse_g(s: &str) -> Result<DateTime, ParseError> {
        parse::parse_g(s.as_bytes())
    }
}

impl Timestamp {
    /// The "O" round-trip form in UTC: `2026-07-15T12:00:00.1234567Z`.
    ///
    /// The fraction has exactly seven digits (100 ns ticks; finer digits are dropped).
    ///
    /// ```
    /// use core_time::Timestamp;
    /// let t = Timestamp::from_unix(1_784_116_800, 123_456_789).unwrap();
    /// assert_eq!(t.format_o().as_str(), "2026-07-15T12:00:00.1234567Z");
    /// ```
    // Inlined so that the words of the text are stored straight into the caller's buffer.
    #[inline(always)]
    pub fn format_o(&self) -> FormatBuf {
        write::format_o(Head::from_secs(self.unix_secs()), self.subsec_nanos(), Suffix::Z)
    }

    /// Writes [`format_o`](Self::format_o)'s text into `out`; returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) when `out` is shorter than the text;
    /// [`FormatBuf::CAPACITY`] bytes always suffice.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let mut out = [0u8; 32];
    /// let n = Timestamp::from_unix_secs(86_400).unwrap().write_o(&mut out).unwrap();
    /// assert_eq!(&out[..n], b"1970-01-02T00:00:00.0000000Z");
    /// assert_eq!(Timestamp::UNIX_EPOCH.write_o(&mut [0u8; 27]).unwrap_err().needed(), 28);
    /// ```
    pub fn write_o(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        copy_out(&self.format_o(), out)
    }

    /// RFC 3339 in UTC with `digits` fraction digits: `2026-07-15T12:00:00.123Z` for 3, no
    /// fraction (and no `.`) for 0. `digits` above 9 are treated as 9 (nanoseconds are the
    /// finest there is). Digits beyond those asked for are dropped, never rounded.
    ///
    /// A negative year is written `-yyyyyy`, as by [`format_o`](Self::format_o); RFC 3339
    /// itself covers years 0000 to 9999 only.
    ///
    /// ```
    /// use core_time::Timestamp;
    /// let t = Timestamp::from_unix(1_784_116_800, 123_456_789).unwrap();
    /// assert_eq!(t.format_rfc3339(0).as_str(), "2026-07-15T12:00:00Z");
    /// assert_eq!(t.format_rfc3339(9).as_str(), "2026-07-15T12:00:00.123456789Z");
    /// ```
    // Inlined so that the words of the text are stored straight into the caller's buffer.
    #[inline(always)]
    pub fn format_rfc3339(&self, digits: u8) -> FormatBuf {
        let head = Head::from_secs(self.unix_secs());
        write::format_rfc3339(head, self.subsec_nanos(), digits, Suffix::Z)
    }

    /// Writes [`format_rfc3339`](Self::format_rfc3339)'s text into `out`; returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) when `out` is shorter than the text;
    /// [`FormatBuf::CAPACITY`] bytes always suffice.
    ///
    /// ```
    /// use core_time::Timestamp;
    ///
    /// let t = Timestamp::from_unix(1_784_116_800, 500_000_000).unwrap();
    /// let mut out = [0u8; 22];
    /// let n = t.write_rfc3339(1, &mut out).unwrap();
    /// assert_eq!(&out[..n], b"2026-07-15T12:00:00.5Z");
    /// assert_eq!(t.write_rfc3339(9, &mut out).unwrap_err().needed(), 30);
    /// ```
    pub fn write_rfc3339(&self, digits: u8, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        copy_out(&self.format_rfc3339(digits), out)
    }

    /// Parses the "O" form (or any RFC 3339 date-time) with its `Z` or offset, and applies the
    /// offset. Without one, the error is [`ParseErrorKind::UnexpectedEnd`] at the end of the
    /// input; an instant outside [`MIN`](Self::MIN)..=[`MAX`](Self::MAX) is
    /// [`ParseErrorKind::OutOfRange`]`("timestamp")` at byte 0. See
    /// [`parse_o`](super::parse_o) for the grammar.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte position: malformed text, a field out of range, no `Z` or
    /// offset, or an instant outside the range.
    ///
    /// ```
    /// use core_time::Timestamp;
    /// let t = Timestamp::parse_o("2026-07-15T05:00:00.1234567-07:00").unwrap();
    /// assert_eq!((t.unix_secs(), t.subsec_nanos()), (1_784_116_800, 123_456_700));
    /// ```
    pub fn parse_o(s: &str) -> Result<Timestamp, ParseError> {
        let s = s.as_bytes();
        instant(s, parse::parse(s, Mode::O)?)
    }

    /// Parses an RFC 3339 date-time: `yyyy-MM-dd`, then `T`, `t` or a space, `HH:mm:ss`, 0 to
    /// 9 fraction digits after a `.`, and `Z`, `z` or `±hh:mm` (up to ±25:59), which is
    /// applied. Unlike [`parse_o`](Self::parse_o) it rejects expanded years and offsets with
    /// seconds. A leap second (`:60`) is rejected.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the byte position: text outside the RFC 3339 grammar (an expanded
    /// year, an offset with seconds, a leap second), a field out of range, or an instant outside
    /// [`MIN`](Self::MIN)..=[`MAX`](Self::MAX).
    ///
    /// ```
    /// use core_time::Timestamp;
    /// let t = Timestamp::parse_rfc3339("2026-07-15 05:00:00.5-07:00").unwrap();
    /// assert_eq!((t.unix_secs(), t.subsec_nanos()), (1_784_116_800, 500_000_000));
    /// assert!(Timestamp::parse_rfc3339("2026-07-15T05:00:00-07:00:30").is_err());
    /// ```
    pub fn parse_rfc3339(s: &str) -> Result<Timestamp, ParseError> {
        let s = s.as_bytes();
        instant(s, parse::parse(s, Mode::Rfc3339)?)
    }
}

impl Zoned {
    /// The "O" round-trip form of the local time with the zone's offset:
    /// `2026-07-15T05:00:00.1234567-07:00`, or `1883-11-18T12:00:00.0000000-07:52:58` when
    /// the offset has seconds.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let la = TimeZone::get("America/Los_Angeles")?;
    /// let z = la.to_local(Timestamp::parse_o("2026-07-15T12:00:00.1234567Z")?);
    /// assert_eq!(z.format_o().as_str(), "2026-07-15T05:00:00.1234567-07:00");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    // Inlined so that the words of the text are stored straight into the caller's buffer.
    #[inline(always)]
    pub fn format_o(&self) -> FormatBuf {
        let head = Head::from_fields(&Fields::from_datetime(&self.datetime));
        write::format_o(head, self.datetime.nanosecond(), Suffix::Offset(self.offset))
    }

    /// Writes [`format_o`](Self::format_o)'s text into `out`; returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) when `out` is shorter than the text;
    /// [`FormatBuf::CAPACITY`] bytes always suffice.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let tokyo = TimeZone::get("Asia/Tokyo").unwrap();
    /// let z = tokyo.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap());
    /// let mut out = [0u8; core_time::fmt::FormatBuf::CAPACITY];
    /// let n = z.write_o(&mut out).unwrap();
    /// assert_eq!(&out[..n], b"2026-07-15T21:00:00.0000000+09:00");
    /// assert_eq!(z.write_o(&mut out[..20]).unwrap_err().needed(), 33);
    /// ```
    pub fn write_o(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        copy_out(&self.format_o(), out)
    }

    /// RFC 3339 with `digits` fraction digits (above 9 treated as 9, extra digits dropped) and
    /// the zone's offset: `2026-07-15T05:00:00.123-07:00`.
    ///
    /// RFC 3339 offsets have no seconds. When the zone's offset has some (local mean time),
    /// the offset is cut to whole minutes toward zero and the time shown is the local time at
    /// that offset, so the text still names the same instant: `-07:52:58` at noon local mean
    /// time is written `12:00:58-07:52`.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let tokyo = TimeZone::get("Asia/Tokyo")?;
    /// let z = tokyo.to_local(Timestamp::from_unix(1_784_116_800, 123_456_789)?);
    /// assert_eq!(z.format_rfc3339(3).as_str(), "2026-07-15T21:00:00.123+09:00");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    // Inlined so that the words of the text are stored straight into the caller's buffer.
    #[inline(always)]
    pub fn format_rfc3339(&self, digits: u8) -> FormatBuf {
        if self.offset.seconds() % 60 != 0 {
            return self.format_rfc3339_whole_minutes(digits);
        }
        let head = Head::from_fields(&Fields::from_datetime(&self.datetime));
        let nanos = self.datetime.nanosecond();
        write::format_rfc3339(head, nanos, digits, Suffix::Offset(self.offset))
    }

    /// [`format_rfc3339`](Self::format_rfc3339) for an offset with seconds: cut to whole
    /// minutes, with the local time at that offset.
    #[cold]
    #[inline(never)]
    fn format_rfc3339_whole_minutes(&self, digits: u8) -> FormatBuf {
        let secs = self.offset.seconds();
        let offset = Offset::from_seconds_unchecked(secs - secs % 60);
        let t = self.timestamp;
        let head = Head::from_secs(t.unix_secs() + offset.seconds() as i64);
        write::format_rfc3339(head, t.subsec_nanos(), digits, Suffix::Offset(offset))
    }

    /// Writes [`format_rfc3339`](Self::format_rfc3339)'s text into `out`; returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) when `out` is shorter than the text;
    /// [`FormatBuf::CAPACITY`] bytes always suffice.
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    ///
    /// let tokyo = TimeZone::get("Asia/Tokyo").unwrap();
    /// let z = tokyo.to_local(Timestamp::from_unix_secs(1_784_116_800).unwrap());
    /// let mut out = [0u8; 25];
    /// let n = z.write_rfc3339(0, &mut out).unwrap();
    /// assert_eq!(&out[..n], b"2026-07-15T21:00:00+09:00");
    /// assert_eq!(z.write_rfc3339(3, &mut out).unwrap_err().needed(), 29); // ".000" more
    /// ```
    pub fn write_rfc3339(&self, digits: u8, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        copy_out(&self.format_rfc3339(digits), out)
    }

    /// The invariant "G" form of the local time: `07/15/2026 05:00:00`. See
    /// [`DateTime::format_g`].
    ///
    /// ```
    /// use core_time::{TimeZone, Timestamp};
    /// let paris = TimeZone::get("Europe/Paris")?;
    /// let z = paris.to_local(Timestamp::from_unix_secs(1_784_116_800)?);
    /// assert_eq!(z.format_g().as_str(), "07/15/2026 14:00:00");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn format_g(&self) -> FormatBuf {
        write::format_g(&Fields::from_datetime(&self.datetime))
    }
}

/// The "O" form without a suffix, as [`DateTime::format_o`] writes it.
impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.format_o(), f)
    }
}

/// The "O" form in UTC with `Z`, as [`Timestamp::format_o`] writes it.
impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.format_o(), f)
    }
}

/// The "O" form with the zone's offset, as [`Zoned::format_o`] writes it.
impl fmt::Display for Zoned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.format_o(), f)
    }
}

/// [`Timestamp::parse_o`]: the "O" form and RFC 3339 date-times, with `Z` or an offset.
impl FromStr for Timestamp {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Timestamp, ParseError> {
        Timestamp::parse_o(s)
    }
}

/// [`DateTime::parse_o`]: the "O" form without `Z` or offset.
impl FromStr for DateTime {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<DateTime, ParseError> {
        DateTime::parse_o(s)
    }
}
