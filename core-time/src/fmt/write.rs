//! The formatters: digits go two at a time from a table into a fixed array, at positions known
//! at compile time (one copy of each writer per year width), with no `core::fmt` involved.

use super::buf::{FormatBuf, CAP};
use crate::datetime::DateTime;
use crate::offset::Offset;

/// `"00"`, `"01"`, ..., `"99"`: 200 bytes.
static PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    t
};

/// What follows the date and time.
#[derive(Clone, Copy)]
pub(crate) enum Suffix {
    /// Nothing: a wall-clock reading.
    None,
    /// `Z`: UTC.
    Z,
    /// `+hh:mm`, or `+hh:mm:ss` when the offset has seconds.
    Offset(Offset),
}

/// Writes `v` (below 100) as two digits at `at`.
#[inline(always)]
fn put2(buf: &mut [u8; CAP], at: usize, v: u32) {
    let [a, b] = PAIRS[v as usize];
    buf[at] = a;
    buf[at + 1] = b;
}

/// `yyyy-MM-ddTHH:mm:ss` at `P..P + 19`, for `year` in `0..=9999`.
#[inline(always)]
fn date_time_at<const P: usize>(buf: &mut [u8; CAP], year: u32, dt: &DateTime) {
    put2(buf, P, year / 100);
    put2(buf, P + 2, year % 100);
    buf[P + 4] = b'-';
    put2(buf, P + 5, dt.month() as u32);
    buf[P + 7] = b'-';
    put2(buf, P + 8, dt.day() as u32);
    buf[P + 10] = b'T';
    put2(buf, P + 11, dt.hour() as u32);
    buf[P + 13] = b':';
    put2(buf, P + 14, dt.minute() as u32);
    buf[P + 16] = b':';
    put2(buf, P + 17, dt.second() as u32);
}

/// Writes the suffix at `at`; returns the end of the text.
#[inline(always)]
fn suffix_at(buf: &mut [u8; CAP], at: usize, suffix: Suffix) -> usize {
    match suffix {
        Suffix::None => at,
        Suffix::Z => {
            buf[at] = b'Z';
            at + 1
        }
        Suffix::Offset(offset) => {
            let (sign, h, m, s) = offset.parts();
            buf[at] = if sign < 0 { b'-' } else { b'+' };
            put2(buf, at + 1, h as u32);
            buf[at + 3] = b':';
            put2(buf, at + 4, m as u32);
            if s == 0 {
                at + 6
            } else {
                buf[at + 6] = b':';
                put2(buf, at + 7, s as u32);
                at + 9
            }
        }
    }
}

/// Runs `write::<0>` for years 0..=9999; otherwise writes the sign and the first two of six
/// digits and runs `write::<3>` with the last four (the ISO 8601 expanded form).
///
/// Only negative years occur in the civil range, but a `Zoned` at the very ends of
/// `Timestamp`'s range with an offset over 24 hours can reach year -10000 or 10000; those get
/// the expanded form too rather than a wrong digit or a panic.
macro_rules! by_year_width {
    ($buf:ident, $dt:expr, $write:ident ( $($arg:expr),* )) => {{
        let year = $dt.year();
        if year >= 0 && year <= 9999 {
            $write::<0>(&mut $buf, year as u32, $($arg),*)
        } else {
            let magnitude = year.unsigned_abs();
            $buf[0] = if year < 0 { b'-' } else { b'+' };
            put2(&mut $buf, 1, magnitude / 10_000 % 100);
            $write::<3>(&mut $buf, magnitude % 10_000, $($arg),*)
        }
    }};
}

#[inline(always)]
fn o_at<const P: usize>(buf: &mut [u8; CAP], year: u32, dt: &DateTime, suffix: Suffix) -> usize {
    date_time_at::<P>(buf, year, dt);
    buf[P + 19] = b'.';
    // Seven digits of 100 ns ticks: one, then three pairs.
    let ticks = dt.nanosecond() / 100;
    buf[P + 20] = b'0' + (ticks / 1_000_000) as u8;
    let rest = ticks % 1_000_000;
    put2(buf, P + 21, rest / 10_000);
    put2(buf, P + 23, rest / 100 % 100);
    put2(buf, P + 25, rest % 100);
    suffix_at(buf, P + 27, suffix)
}

/// The "O" form of a wall-clock reading followed by `suffix`.
#[inline]
pub(crate) fn format_o(dt: &DateTime, suffix: Suffix) -> FormatBuf {
    let mut buf = [0u8; CAP];
    let len = by_year_width!(buf, dt, o_at(dt, suffix));
    FormatBuf::from_raw(buf, len)
}

#[inline(always)]
fn rfc3339_at<const P: usize>(
    buf: &mut [u8; CAP],
    year: u32,
    dt: &DateTime,
    digits: usize,
    suffix: Suffix,
) -> usize {
    date_time_at::<P>(buf, year, dt);
    let mut len = P + 19;
    if digits > 0 {
        // All nine digits, then keep `digits` of them (truncation, never rounding).
        let n = dt.nanosecond();
        buf[P + 19] = b'.';
        buf[P + 20] = b'0' + (n / 100_000_000) as u8;
        let rest = n % 100_000_000;
        put2(buf, P + 21, rest / 1_000_000);
        put2(buf, P + 23, rest / 10_000 % 100);
        put2(buf, P + 25, rest / 100 % 100);
        put2(buf, P + 27, rest % 100);
        len = P + 20 + digits;
    }
    suffix_at(buf, len, suffix)
}

/// RFC 3339 with `digits` (clamped to 9) fraction digits followed by `suffix`. Expanded years
/// are written as in the "O" form, since RFC 3339 itself has no negative years.
#[inline]
pub(crate) fn format_rfc3339(dt: &DateTime, digits: u8, suffix: Suffix) -> FormatBuf {
    let digits = digits.min(9) as usize;
    let mut buf = [0u8; CAP];
    let len = by_year_width!(buf, dt, rfc3339_at(dt, digits, suffix));
    FormatBuf::from_raw(buf, len)
}

#[inline(always)]
fn g_at<const P: usize>(buf: &mut [u8; CAP], year: u32, dt: &DateTime) -> usize {
    put2(buf, P, dt.month() as u32);
    buf[P + 2] = b'/';
    put2(buf, P + 3, dt.day() as u32);
    buf[P + 5] = b'/';
    put2(buf, P + 6, year / 100);
    put2(buf, P + 8, year % 100);
    buf[P + 10] = b' ';
    put2(buf, P + 11, dt.hour() as u32);
    buf[P + 13] = b':';
    put2(buf, P + 14, dt.minute() as u32);
    buf[P + 16] = b':';
    put2(buf, P + 17, dt.second() as u32);
    P + 19
}

/// The invariant "G" form, `MM/dd/yyyy HH:mm:ss`; a negative year is `-yyyy`.
#[inline]
pub(crate) fn format_g(dt: &DateTime) -> FormatBuf {
    let mut buf = [0u8; CAP];
    let year = dt.year();
    let len = if (0..=9999).contains(&year) {
        g_at::<0>(&mut buf, year as u32, dt)
    } else {
        // The sign (when negative) and a fifth digit (years -10000 and 10000, reachable only
        // by a `Zoned` at the ends of the range) go between the second slash and the four
        // year digits: write the fields further on, then move month and day back.
        let magnitude = year.unsigned_abs();
        let negative = year < 0;
        let fifth = magnitude >= 10_000;
        let shift = negative as usize + fifth as usize;
        let len = match shift {
            1 => g_at::<1>(&mut buf, magnitude % 10_000, dt),
            _ => g_at::<2>(&mut buf, magnitude % 10_000, dt),
        };
        buf.copy_within(shift..shift + 6, 0);
        let mut at = 6;
        if negative {
            buf[at] = b'-';
            at += 1;
        }
        if fifth {
            buf[at] = b'0' + (magnitude / 10_000 % 10) as u8;
        }
        len
    };
    FormatBuf::from_raw(buf, len)
}
