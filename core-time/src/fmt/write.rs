//! The formatters. Fields are turned into ASCII eight bytes at a time with integer arithmetic
//! (several two-digit numbers per 64-bit word, separators included) and stored at positions
//! known at compile time (one copy of each writer per year width), with no `core::fmt`.

use super::buf::{FormatBuf, CAP};
use super::calendar::Fields;
use crate::offset::Offset;

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

/// Turns numbers below 100, one in the first byte of each two-byte lane marked by a `0x0F`
/// byte in `LANES`, into their two ASCII digits (tens first, as text reads in little-endian
/// order). Lanes start at byte 6 at the latest, and at least two bytes apart; other bytes of
/// `x` are zero and stay so.
#[inline(always)]
const fn digit_pairs<const LANES: u64>(x: u64) -> u64 {
    // v / 10 is (v * 103) >> 10 for v < 100; the product fits the lane's 14 bits.
    let tens = ((x * 103) >> 10) & LANES;
    let ones = x - tens * 10;
    tens | (ones << 8) | (LANES / 0x0F * 0x3030)
}

/// `aa?bb?cc` with the separators `s1` and `s2`: the shape of `+hh:mm:ss` after the sign.
#[inline(always)]
const fn three(a: u32, b: u32, c: u32, s1: u8, s2: u8) -> u64 {
    const LANES: u64 = 0x0F | 0x0F << 24 | 0x0F << 48;
    let x = a as u64 | (b as u64) << 24 | (c as u64) << 48;
    digit_pairs::<LANES>(x) | (s1 as u64) << 16 | (s2 as u64) << 40
}

/// The digits of four numbers below 100, `aabbccdd`.
#[inline(always)]
const fn four(a: u32, b: u32, c: u32, d: u32) -> u64 {
    const LANES: u64 = 0x0F | 0x0F << 16 | 0x0F << 32 | 0x0F << 48;
    digit_pairs::<LANES>(a as u64 | (b as u64) << 16 | (c as u64) << 32 | (d as u64) << 48)
}

/// Two digits (the two bytes at `from`) moved to byte `to`.
#[inline(always)]
const fn pair_at(digits: u64, from: u32, to: u32) -> u64 {
    ((digits >> (8 * from)) & 0xFFFF) << (8 * to)
}

/// A separator byte at byte `to`.
#[inline(always)]
const fn sep_at(sep: u8, to: u32) -> u64 {
    (sep as u64) << (8 * to)
}

/// The eight ASCII digits of `n` (below 100,000,000), leading zeros included.
#[inline(always)]
const fn eight_digits(n: u32) -> u64 {
    // Two lanes of four digits, then four of two, then eight of one.
    let x = (n / 10_000) as u64 | ((n % 10_000) as u64) << 32;
    let hundreds = ((x * 10_486) >> 20) & 0x0000_007F_0000_007F; // v / 100 for v < 10,000
    let x = hundreds | (x - hundreds * 100) << 16;
    let tens = ((x * 103) >> 10) & 0x000F_000F_000F_000F;
    let x = tens | (x - tens * 10) << 8;
    x | 0x3030_3030_3030_3030
}

/// Stores eight bytes at `at`. The top bit of each byte is cleared, so whatever the numbers,
/// only ASCII is ever stored (`FormatBuf::as_str` relies on it).
#[inline(always)]
fn put8(buf: &mut [u8; CAP], at: usize, word: u64) {
    buf[at..at + 8].copy_from_slice(&(word & 0x7F7F_7F7F_7F7F_7F7F).to_le_bytes());
}

/// Writes `:ss` (the seconds from `hms`, the digits of `four(hour, minute, second, _)`) at
/// `at`, followed by five bytes that are overwritten or past the end of the text.
#[inline(always)]
fn time_at(buf: &mut [u8; CAP], at: usize, hms: u64) {
    put8(buf, at, sep_at(b':', 0) | pair_at(hms, 4, 1));
}

/// `yyyy-MM-ddTHH:mm:ss` at `P..P + 19` for the last four digits `year` of the year.
#[inline(always)]
fn date_time_at<const P: usize>(buf: &mut [u8; CAP], year: u32, f: &Fields) {
    let year_hi = year / 100;
    let ymd = four(year_hi, year - year_hi * 100, f.month, f.day);
    let hms = four(f.hour, f.minute, f.second, 0);
    put8(buf, P, (ymd & 0xFFFF_FFFF) | sep_at(b'-', 4) | pair_at(ymd, 4, 5) | sep_at(b'-', 7));
    put8(
        buf,
        P + 8,
        pair_at(ymd, 6, 0) | sep_at(b'T', 2) | pair_at(hms, 0, 3) | sep_at(b':', 5) | pair_at(hms, 2, 6),
    );
    time_at(buf, P + 16, hms);
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
            put8(buf, at + 1, three(h as u32, m as u32, s as u32, b':', b':'));
            if s == 0 {
                at + 6
            } else {
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
    ($buf:ident, $f:expr, $write:ident ( $($arg:expr),* )) => {{
        let year = $f.year;
        if (0..=9999).contains(&year) {
            $write::<0>($buf, year as u32, $($arg),*)
        } else {
            let magnitude = year.unsigned_abs();
            let sign = if year < 0 { b'-' } else { b'+' };
            // Bytes 3.. are overwritten by the date.
            let lead = digit_pairs::<0x0F00>(((magnitude / 10_000 % 100) as u64) << 8);
            put8($buf, 0, lead | sign as u64);
            $write::<3>($buf, magnitude % 10_000, $($arg),*)
        }
    }};
}

#[inline(always)]
fn o_at<const P: usize>(buf: &mut [u8; CAP], year: u32, f: &Fields, suffix: Suffix) -> usize {
    date_time_at::<P>(buf, year, f);
    // `.` and seven digits of 100 ns ticks: the ticks' eight digits start with a 0, which
    // becomes the dot.
    put8(buf, P + 19, eight_digits(f.nanosecond / 100) ^ (b'0' ^ b'.') as u64);
    suffix_at(buf, P + 27, suffix)
}

/// The "O" form followed by `suffix`.
#[inline(always)]
pub(crate) fn format_o(f: &Fields, suffix: Suffix) -> FormatBuf {
    let mut out = FormatBuf::zeroed();
    let buf = out.bytes_mut();
    let len = by_year_width!(buf, f, o_at(f, suffix));
    out.set_len(len);
    out
}

#[inline(always)]
fn rfc3339_at<const P: usize>(
    buf: &mut [u8; CAP],
    year: u32,
    f: &Fields,
    digits: usize,
    suffix: Suffix,
) -> usize {
    date_time_at::<P>(buf, year, f);
    let mut len = P + 19;
    if digits > 0 {
        // All nine digits, then keep `digits` of them (truncation, never rounding).
        let n = f.nanosecond;
        buf[P + 19] = b'.';
        put8(buf, P + 20, eight_digits(n / 10));
        buf[P + 28] = b'0' + (n % 10) as u8;
        len = P + 20 + digits;
    }
    suffix_at(buf, len, suffix)
}

/// RFC 3339 with `digits` (clamped to 9) fraction digits followed by `suffix`. Expanded years
/// are written as in the "O" form, since RFC 3339 itself has no negative years.
#[inline(always)]
pub(crate) fn format_rfc3339(f: &Fields, digits: u8, suffix: Suffix) -> FormatBuf {
    let digits = if digits > 9 { 9 } else { digits as usize };
    let mut out = FormatBuf::zeroed();
    let buf = out.bytes_mut();
    let len = by_year_width!(buf, f, rfc3339_at(f, digits, suffix));
    out.set_len(len);
    out
}

/// `MM/dd/yyyy HH:mm:ss` at `P..P + 19` for the last four digits `year` of the year.
#[inline(always)]
fn g_at<const P: usize>(buf: &mut [u8; CAP], year: u32, f: &Fields) -> usize {
    let year_hi = year / 100;
    let mdy = four(f.month, f.day, year_hi, year - year_hi * 100);
    let hms = four(f.hour, f.minute, f.second, 0);
    put8(
        buf,
        P,
        pair_at(mdy, 0, 0) | sep_at(b'/', 2) | pair_at(mdy, 2, 3) | sep_at(b'/', 5) | pair_at(mdy, 4, 6),
    );
    put8(
        buf,
        P + 8,
        pair_at(mdy, 6, 0) | sep_at(b' ', 2) | pair_at(hms, 0, 3) | sep_at(b':', 5) | pair_at(hms, 2, 6),
    );
    time_at(buf, P + 16, hms);
    P + 19
}

/// The invariant "G" form, `MM/dd/yyyy HH:mm:ss`; a negative year is `-yyyy`.
#[inline(always)]
pub(crate) fn format_g(f: &Fields) -> FormatBuf {
    let mut out = FormatBuf::zeroed();
    let buf = out.bytes_mut();
    let year = f.year;
    let len = if (0..=9999).contains(&year) {
        g_at::<0>(buf, year as u32, f)
    } else {
        // The sign (when negative) and a fifth digit (years -10000 and 10000, reachable only
        // by a `Zoned` at the ends of the range) go between the second slash and the four
        // year digits: write the fields further on, then move month and day back.
        let magnitude = year.unsigned_abs();
        let negative = year < 0;
        let fifth = magnitude >= 10_000;
        let shift = negative as usize + fifth as usize;
        let len = match shift {
            1 => g_at::<1>(buf, magnitude % 10_000, f),
            _ => g_at::<2>(buf, magnitude % 10_000, f),
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
    out.set_len(len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_builders_match_format() {
        for v in 0..100u32 {
            let w = three(v, 99 - v, v / 2, b'x', b'y').to_le_bytes();
            assert_eq!(&w, std::format!("{v:02}x{:02}y{:02}", 99 - v, v / 2).as_bytes());
            let w = four(v, 99 - v, v / 2, v / 3).to_le_bytes();
            assert_eq!(&w, std::format!("{v:02}{:02}{:02}{:02}", 99 - v, v / 2, v / 3).as_bytes());
        }
        let mut n = 0u32;
        while n < 100_000_000 {
            let w = eight_digits(n).to_le_bytes();
            assert_eq!(&w, std::format!("{n:08}").as_bytes());
            n = n * 3 + 7;
        }
        for n in [0, 9, 10, 99_999_999, 12_345_678, 10_000_000, 9_999_999] {
            assert_eq!(&eight_digits(n).to_le_bytes(), std::format!("{n:08}").as_bytes());
        }
    }
}
