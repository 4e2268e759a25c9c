//! The formatters. The text is assembled in registers as 64-bit words (several two-digit
//! numbers converted at once, separators or'ed in), then stored once; no `core::fmt`, no
//! table, no loop.
//!
//! Words are little-endian: the first character of the text is the lowest byte.

use super::buf::FormatBuf;
use super::calendar::Fields;
use crate::offset::Offset;

/// What follows the date and time.
#[derive(Clone, Copy)]
pub(crate) enum Suffix {
    /// Nothing: a wall-clock reading.
    None,
    /// `Z`: UTC.
    Z,
    /// `+hh:mm`, or `+hh:mm:ss` when the offset has seconds (never in RFC 3339, whose caller
    /// passes whole minutes).
    Offset(Offset),
}

/// Turns numbers below 100, one in the first byte of each two-byte lane marked by a `0x0F`
/// byte in `LANES`, into their two ASCII digits (tens first). Lanes start at byte 6 at the
/// latest and at least two bytes apart; the other bytes of `x` are zero and stay so.
#[inline(always)]
const fn digit_pairs<const LANES: u64>(x: u64) -> u64 {
    // v / 10 is (v * 103) >> 10 for v < 100; the product fits the lane's 14 bits.
    let tens = ((x * 103) >> 10) & LANES;
    let ones = x - tens * 10;
    tens | (ones << 8) | (LANES / 0x0F * 0x3030)
}

/// The digits of four numbers below 100: `aabbccdd`.
#[inline(always)]
const fn four(a: u32, b: u32, c: u32, d: u32) -> u64 {
    const LANES: u64 = 0x0F | 0x0F << 16 | 0x0F << 32 | 0x0F << 48;
    digit_pairs::<LANES>(a as u64 | (b as u64) << 16 | (c as u64) << 32 | (d as u64) << 48)
}

/// The two digits at bytes `from`, `from + 1` of `digits`, moved to byte `to`.
#[inline(always)]
const fn pair_at(digits: u64, from: u32, to: u32) -> u64 {
    ((digits >> (8 * from)) & 0xFFFF) << (8 * to)
}

/// `sep` at byte `to`.
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

/// The suffix as text of up to nine bytes, and its length.
#[inline(always)]
fn suffix_text(suffix: Suffix) -> (u128, usize) {
    match suffix {
        Suffix::None => (0, 0),
        Suffix::Z => (b'Z' as u128, 1),
        Suffix::Offset(offset) => {
            let (sign, h, m, s) = offset.parts();
            let sign = if sign < 0 { b'-' } else { b'+' };
            let digits = four(h as u32, m as u32, s as u32, 0);
            let hms = pair_at(digits, 0, 0)
                | sep_at(b':', 2)
                | pair_at(digits, 2, 3)
                | sep_at(b':', 5)
                | pair_at(digits, 4, 6);
            (sign as u128 | (hms as u128) << 8, if s == 0 { 6 } else { 9 })
        }
    }
}

/// The date and time in three words: `yyyy-MM-`, `ddTHH:mm` and `:ss` (three bytes), where
/// `year` is the last four digits of the year.
#[inline(always)]
fn date_time_words(year: u32, f: &Fields) -> [u64; 3] {
    let year_hi = year / 100;
    let ymd = four(year_hi, year - year_hi * 100, f.month, f.day);
    let hms = four(f.hour, f.minute, f.second, 0);
    [
        (ymd & 0xFFFF_FFFF) | sep_at(b'-', 4) | pair_at(ymd, 4, 5) | sep_at(b'-', 7),
        pair_at(ymd, 6, 0)
            | sep_at(b'T', 2)
            | pair_at(hms, 0, 3)
            | sep_at(b':', 5)
            | pair_at(hms, 2, 6),
        sep_at(b':', 0) | pair_at(hms, 4, 1),
    ]
}

/// The year as its last four digits, and for years outside 0..=9999 the three bytes that go
/// in front of them: the sign and the first two of six digits (the ISO 8601 expanded form).
///
/// Only negative years occur in the civil range, but a `Zoned` at the very ends of
/// `Timestamp`'s range with an offset over 24 hours can reach year -10000 or 10000; those get
/// the expanded form too rather than a wrong digit.
#[inline(always)]
fn split_year(year: i32) -> (u32, Option<u64>) {
    if (0..=9999).contains(&year) {
        (year as u32, None)
    } else {
        let magnitude = year.unsigned_abs();
        let sign = if year < 0 { b'-' } else { b'+' };
        let lead = digit_pairs::<0x0F00>(((magnitude / 10_000 % 100) as u64) << 8);
        (magnitude % 10_000, Some(lead | sign as u64))
    }
}

/// `words` holding text of `len` bytes, with the three bytes of `lead`, if any, in front.
#[inline(always)]
fn finish(words: [u64; 5], len: usize, lead: Option<u64>) -> FormatBuf {
    match lead {
        None => FormatBuf::from_words(words, len),
        Some(lead) => {
            // Move everything three bytes on.
            let [a, b, c, d, e] = words;
            let moved = [
                lead | a << 24,
                a >> 40 | b << 24,
                b >> 40 | c << 24,
                c >> 40 | d << 24,
                d >> 40 | e << 24,
            ];
            FormatBuf::from_words(moved, len + 3)
        }
    }
}

/// The "O" form followed by `suffix`.
#[inline(always)]
pub(crate) fn format_o(f: &Fields, suffix: Suffix) -> FormatBuf {
    let (year, lead) = split_year(f.year);
    let [w0, w1, seconds] = date_time_words(year, f);
    // `.` and seven digits of 100 ns ticks: the eight digits of the ticks start with a 0,
    // which becomes the dot.
    let fraction = eight_digits(f.nanosecond / 100) ^ (b'0' ^ b'.') as u64;
    let (suffix, suffix_len) = suffix_text(suffix);
    // Bytes 16..19 are the seconds, 19..27 the fraction, 27.. the suffix.
    let w2 = seconds | fraction << 24;
    let w3 = fraction >> 40 | (suffix << 24) as u64;
    let w4 = (suffix >> 40) as u64;
    finish([w0, w1, w2, w3, w4], 27 + suffix_len, lead)
}

/// RFC 3339 with `digits` (clamped to 9) fraction digits followed by `suffix` (at most six
/// bytes). Expanded years are written as in the "O" form, since RFC 3339 itself has no
/// negative years.
#[inline(always)]
pub(crate) fn format_rfc3339(f: &Fields, digits: u8, suffix: Suffix) -> FormatBuf {
    let digits = if digits > 9 { 9 } else { digits as u32 };
    let (year, lead) = split_year(f.year);
    let [w0, w1, seconds] = date_time_words(year, f);
    // `.` and all nine digits, then as many bytes as wanted (truncation, never rounding).
    let n = f.nanosecond;
    let nine = b'.' as u128
        | (eight_digits(n / 10) as u128) << 8
        | ((b'0' + (n % 10) as u8) as u128) << 72;
    let fraction_len = if digits == 0 { 0 } else { 1 + digits };
    let fraction = nine & ((1u128 << (8 * fraction_len)) - 1);
    let (suffix, suffix_len) = suffix_text(suffix);
    // Fraction (up to 10 bytes) and suffix (up to 6) fill at most 16 bytes: one u128.
    let tail = fraction | suffix << (8 * fraction_len);
    let w2 = seconds | (tail << 24) as u64;
    let w3 = (tail >> 40) as u64;
    let w4 = (tail >> 104) as u64;
    finish([w0, w1, w2, w3, w4], 19 + fraction_len as usize + suffix_len, lead)
}

/// The invariant "G" form, `MM/dd/yyyy HH:mm:ss`; a negative year is `-yyyy`.
#[inline(always)]
pub(crate) fn format_g(f: &Fields) -> FormatBuf {
    let year = f.year;
    let y = if (0..=9999).contains(&year) { year as u32 } else { year.unsigned_abs() % 10_000 };
    let year_hi = y / 100;
    let mdy = four(f.month, f.day, year_hi, y - year_hi * 100);
    let hms = four(f.hour, f.minute, f.second, 0);
    let w0 = pair_at(mdy, 0, 0)
        | sep_at(b'/', 2)
        | pair_at(mdy, 2, 3)
        | sep_at(b'/', 5)
        | pair_at(mdy, 4, 6);
    let w1 = pair_at(mdy, 6, 0)
        | sep_at(b' ', 2)
        | pair_at(hms, 0, 3)
        | sep_at(b':', 5)
        | pair_at(hms, 2, 6);
    let w2 = sep_at(b':', 0) | pair_at(hms, 4, 1);
    let mut out = FormatBuf::from_words([w0, w1, w2, 0, 0], 19);
    if y as i32 != year {
        // A fifth digit (years -10000 and 10000, reachable only by a `Zoned` at the ends of
        // the range), then the sign, go in front of the four year digits.
        let magnitude = year.unsigned_abs();
        if magnitude >= 10_000 {
            out.insert(6, b'0' + (magnitude / 10_000 % 10) as u8);
        }
        if year < 0 {
            out.insert(6, b'-');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_builders_match_format() {
        for v in 0..100u32 {
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
