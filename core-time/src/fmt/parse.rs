//! The parsers: a fixed-position fast path for the common "O" lengths, and a cursor parser
//! that handles every accepted form and finds the exact position of any error.

use super::error::{ParseError, ParseErrorKind};
use crate::civil;
use crate::datetime::DateTime;
use crate::offset::Offset;

/// Which grammar the cursor parser follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// "O" and RFC 3339 alike: also expanded years (`±yyyyyy`) and offsets with seconds.
    O,
    /// RFC 3339 only: four-digit years, offsets `±hh:mm`.
    Rfc3339,
}

/// A parsed date-time, its offset if any, and where the `Z` or offset began (the input's
/// length when there is none).
#[derive(Clone, Copy)]
pub(crate) struct Parsed {
    pub(crate) datetime: DateTime,
    pub(crate) offset: Option<Offset>,
    pub(crate) suffix_at: usize,
}

/// Parses the "O" round-trip form, or any RFC 3339 date-time, into the civil date-time and
/// its offset (`None` when the text has neither `Z` nor an offset; `Some(Offset::UTC)` for
/// `Z`).
///
/// The grammar, with every field fixed-width:
///
/// ```text
/// year '-' MM '-' dd sep HH ':' mm ':' ss [ '.' 1 to 9 digits ] [ 'Z' | offset ]
/// year   = 4 digits (0000 to 9999) | ('+' | '-') 6 digits (ISO 8601 expanded; not -000000)
/// sep    = 'T' | 't' | ' '
/// offset = ('+' | '-') hh ':' mm [ ':' ss ]      (up to ±25:59:59; 'z' is also UTC)
/// ```
///
/// Seconds are required. A leap second (`:60`) is rejected, as are all other out-of-range
/// fields (month 13, 29 February of a common year, hour 24, offset hour 26, ...). Fractions
/// finer than a nanosecond (more than nine digits) are rejected too. The seven-digit fraction
/// of the "O" form takes a fixed-position fast path.
///
/// Any byte string is accepted as input; the function never panics.
///
/// ```
/// use core_time::{fmt, DateTime, Offset};
///
/// let (dt, off) = fmt::parse_o(b"2026-07-15T05:00:00.1234567-07:00").unwrap();
/// assert_eq!(dt, DateTime::new(2026, 7, 15, 5, 0, 0, 123_456_700).unwrap());
/// assert_eq!(off, Some(Offset::from_hours(-7).unwrap()));
///
/// let (dt, off) = fmt::parse_o(b"-000044-03-15T12:00:00").unwrap();
/// assert_eq!((dt.year(), off), (-44, None));
///
/// let err = fmt::parse_o(b"2026-02-29T00:00:00Z").unwrap_err();
/// assert_eq!(err.position(), 8); // the day
/// ```
pub fn parse_o(s: &[u8]) -> Result<(DateTime, Option<Offset>), ParseError> {
    let p = parse(s, Mode::O)?;
    Ok((p.datetime, p.offset))
}

/// The fast path first, then the cursor parser, which also reports every error.
#[inline]
pub(crate) fn parse(s: &[u8], mode: Mode) -> Result<Parsed, ParseError> {
    // The fast path's forms are valid in both grammars.
    match parse_fast(s) {
        Some(p) => Ok(p),
        None => parse_slow(s, mode),
    }
}

/// The digit value of `b`, or 10 or more when `b` is not an ASCII digit.
#[inline(always)]
fn dv(b: u8) -> u8 {
    b.wrapping_sub(b'0')
}

/// The value of the two digits `a b`, or `None`.
#[inline(always)]
fn two(a: u8, b: u8) -> (u32, bool) {
    let (a, b) = (dv(a), dv(b));
    ((a as u32) * 10 + b as u32, (a < 10) & (b < 10))
}

/// `yyyy-MM-ddTHH:mm:ss.fffffff` followed by nothing (27 bytes), `Z` (28 bytes) or `±hh:mm`
/// (33 bytes), at fixed positions. `None` for anything else, valid or not.
#[inline(always)]
fn parse_fast(s: &[u8]) -> Option<Parsed> {
    let b: &[u8; 27] = s.first_chunk()?;
    let offset = match s.len() {
        27 => None,
        28 if s[27] == b'Z' => Some(Offset::UTC),
        33 => {
            let o: &[u8; 6] = s[27..].first_chunk()?;
            let (h, h_ok) = two(o[1], o[2]);
            let (m, m_ok) = two(o[4], o[5]);
            let sign_ok = (o[0] == b'+') | (o[0] == b'-');
            if !(sign_ok & h_ok & m_ok & (o[3] == b':') & (h <= 25) & (m <= 59)) {
                return None;
            }
            let secs = (h * 3600 + m * 60) as i32;
            Some(Offset::from_seconds_unchecked(if o[0] == b'-' { -secs } else { secs }))
        }
        _ => return None,
    };
    let seps = (b[4] == b'-')
        & (b[7] == b'-')
        & (b[10] == b'T')
        & (b[13] == b':')
        & (b[16] == b':')
        & (b[19] == b'.');
    let (y_hi, ok0) = two(b[0], b[1]);
    let (y_lo, ok1) = two(b[2], b[3]);
    let (month, ok2) = two(b[5], b[6]);
    let (day, ok3) = two(b[8], b[9]);
    let (hour, ok4) = two(b[11], b[12]);
    let (minute, ok5) = two(b[14], b[15]);
    let (second, ok6) = two(b[17], b[18]);
    let f0 = dv(b[20]);
    let (f12, ok7) = two(b[21], b[22]);
    let (f34, ok8) = two(b[23], b[24]);
    let (f56, ok9) = two(b[25], b[26]);
    if !(seps & ok0 & ok1 & ok2 & ok3 & ok4 & ok5 & ok6 & ok7 & ok8 & ok9 & (f0 < 10)) {
        return None;
    }
    let ticks = f0 as u32 * 1_000_000 + f12 * 10_000 + f34 * 100 + f56;
    // `new` checks the ranges; an error goes to the cursor parser, which says where.
    let datetime = DateTime::new(
        (y_hi * 100 + y_lo) as i32,
        month as u8,
        day as u8,
        hour as u8,
        minute as u8,
        second as u8,
        ticks * 100,
    )
    .ok()?;
    Some(Parsed { datetime, offset, suffix_at: 27 })
}

#[cold]
fn end(at: usize) -> ParseError {
    ParseError::new(at, ParseErrorKind::UnexpectedEnd)
}

#[cold]
fn invalid(at: usize, expected: &'static str, found: u8) -> ParseError {
    ParseError::new(at, ParseErrorKind::InvalidCharacter { expected, found })
}

#[cold]
fn out_of_range(at: usize, what: &'static str) -> ParseError {
    ParseError::new(at, ParseErrorKind::OutOfRange(what))
}

/// The byte at `at`, or an end-of-input error.
#[inline]
fn byte(s: &[u8], at: usize) -> Result<u8, ParseError> {
    s.get(at).copied().ok_or_else(|| end(at))
}

/// Requires the byte `want` at `at`.
#[inline]
fn lit(s: &[u8], at: usize, want: u8, expected: &'static str) -> Result<(), ParseError> {
    match byte(s, at)? {
        b if b == want => Ok(()),
        b => Err(invalid(at, expected, b)),
    }
}

/// The value of the `n` digits at `at..at + n`.
#[inline]
fn num(s: &[u8], at: usize, n: usize) -> Result<u32, ParseError> {
    let mut v = 0u32;
    for i in at..at + n {
        let b = byte(s, i)?;
        let d = dv(b);
        if d >= 10 {
            return Err(invalid(i, "digit", b));
        }
        v = v * 10 + d as u32;
    }
    Ok(v)
}

/// The value of the two digits at `at`, which must not exceed `max`.
#[inline]
fn field(s: &[u8], at: usize, max: u32, what: &'static str) -> Result<u32, ParseError> {
    let v = num(s, at, 2)?;
    if v > max {
        return Err(out_of_range(at, what));
    }
    Ok(v)
}

/// The general parser: every form of the grammar, errors at their exact position.
fn parse_slow(s: &[u8], mode: Mode) -> Result<Parsed, ParseError> {
    let year = match byte(s, 0)? {
        sign @ (b'+' | b'-') if mode == Mode::O => {
            let v = num(s, 1, 6)?;
            // ISO 8601 gives year 0 a plus sign only.
            if v > 9999 || (sign == b'-' && v == 0) {
                return Err(out_of_range(0, "year"));
            }
            if sign == b'-' {
                -(v as i32)
            } else {
                v as i32
            }
        }
        _ => num(s, 0, 4)? as i32,
    };
    // The rest of the fields sit at fixed distances from the end of the year.
    let y = if matches!(s.first(), Some(b'+' | b'-')) { 7 } else { 4 };
    lit(s, y, b'-', "'-'")?;
    let month = num(s, y + 1, 2)?;
    if !(1..=12).contains(&month) {
        return Err(out_of_range(y + 1, "month"));
    }
    lit(s, y + 3, b'-', "'-'")?;
    let day = num(s, y + 4, 2)?;
    if day < 1 || day > civil::days_in_month(year, month as u8) as u32 {
        return Err(out_of_range(y + 4, "day"));
    }
    match byte(s, y + 6)? {
        b'T' | b't' | b' ' => {}
        b => return Err(invalid(y + 6, "'T'", b)),
    }
    let hour = field(s, y + 7, 23, "hour")?;
    lit(s, y + 9, b':', "':'")?;
    let minute = field(s, y + 10, 59, "minute")?;
    lit(s, y + 12, b':', "':'")?;
    let second = field(s, y + 13, 59, "second")?;
    let mut i = y + 15;

    // The fraction: 1 to 9 digits, scaled to nanoseconds.
    let mut nanos = 0u32;
    let mut digits = 0;
    if s.get(i) == Some(&b'.') {
        i += 1;
        while digits < 9 {
            match s.get(i) {
                Some(&b) if dv(b) < 10 => {
                    nanos = nanos * 10 + dv(b) as u32;
                    digits += 1;
                    i += 1;
                }
                _ => break,
            }
        }
        if digits == 0 {
            return Err(match s.get(i) {
                None => end(i),
                Some(&b) => invalid(i, "digit", b),
            });
        }
        nanos *= 10u32.pow(9 - digits);
    }

    let datetime = DateTime::new(year, month as u8, day as u8, hour as u8, minute as u8, second as u8, nanos)
        .map_err(|e| out_of_range(0, e.what()))?;

    let suffix_at = i;
    let offset = match s.get(i) {
        None => None,
        Some(b'Z' | b'z') => {
            i += 1;
            Some(Offset::UTC)
        }
        Some(&sign @ (b'+' | b'-')) => {
            let h = field(s, i + 1, 25, "offset hour")?;
            lit(s, i + 3, b':', "':'")?;
            let m = field(s, i + 4, 59, "offset minute")?;
            i += 6;
            let mut sec = 0;
            if mode == Mode::O && s.get(i) == Some(&b':') {
                sec = field(s, i + 1, 59, "offset second")?;
                i += 3;
            }
            let total = (h * 3600 + m * 60 + sec) as i32;
            Some(Offset::from_seconds_unchecked(if sign == b'-' { -total } else { total }))
        }
        Some(&b) => {
            let expected = match digits {
                9 => "'Z', '+', '-' or end",
                1.. => "digit, 'Z', '+', '-' or end",
                0 => "'.', 'Z', '+', '-' or end",
            };
            return Err(invalid(i, expected, b));
        }
    };
    if i != s.len() {
        return Err(ParseError::new(i, ParseErrorKind::TrailingInput));
    }
    Ok(Parsed { datetime, offset, suffix_at })
}

/// Parses the invariant "G" form, `MM/dd/yyyy HH:mm:ss` (a negative year as `-yyyy`).
pub(crate) fn parse_g(s: &[u8]) -> Result<DateTime, ParseError> {
    let month = num(s, 0, 2)?;
    if !(1..=12).contains(&month) {
        return Err(out_of_range(0, "month"));
    }
    lit(s, 2, b'/', "'/'")?;
    let day = num(s, 3, 2)?;
    if !(1..=31).contains(&day) {
        return Err(out_of_range(3, "day"));
    }
    lit(s, 5, b'/', "'/'")?;
    let negative = s.get(6) == Some(&b'-');
    let y = 6 + negative as usize;
    let magnitude = num(s, y, 4)? as i32;
    let year = if negative { -magnitude } else { magnitude };
    if negative && magnitude == 0 {
        return Err(out_of_range(6, "year"));
    }
    // The day against its month, now that the year is known.
    if day > civil::days_in_month(year, month as u8) as u32 {
        return Err(out_of_range(3, "day"));
    }
    lit(s, y + 4, b' ', "' '")?;
    let hour = field(s, y + 5, 23, "hour")?;
    lit(s, y + 7, b':', "':'")?;
    let minute = field(s, y + 8, 59, "minute")?;
    lit(s, y + 10, b':', "':'")?;
    let second = field(s, y + 11, 59, "second")?;
    if s.len() != y + 13 {
        return Err(ParseError::new(y + 13, ParseErrorKind::TrailingInput));
    }
    DateTime::new(year, month as u8, day as u8, hour as u8, minute as u8, second as u8, 0)
        .map_err(|e| out_of_range(0, e.what()))
}
