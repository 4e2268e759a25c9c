//! The formatters. The text is assembled in registers as 64-bit words (several two-digit
//! numbers converted at once, separators added in), then stored once; no `core::fmt`, no
//! loop. Timestamps, whose date has to be worked out first, take their year, month and day
//! digits from two small tables instead, which keeps the chain of dependent steps short.
//!
//! Words are little-endian: the first character of the text is the lowest byte.

use super::buf::FormatBuf;
use super::calendar::{split_days, Fields};
use crate::civil;
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

/// Turns numbers below 100 into their two ASCII digits (tens first), all lanes of `x` at once.
///
/// A lane is a number in one byte of `x`, marked by `0x0F` in the same byte of `LANES`; its
/// digits take that byte and the next. Lanes must be at least two bytes apart and start at
/// byte 6 at the latest; every other byte of `x` must be zero, and every byte of the result
/// that is not a digit is zero, ready for separators to be added.
#[inline(always)]
const fn digit_pairs<const LANES: u64>(x: u64) -> u64 {
    // v / 10 is (v * 103) >> 10 for v < 100, and the product fits in the lane's 14 bits, so
    // the lanes do not disturb each other.
    let tens = ((x * 103) >> 10) & LANES;
    // Per lane: v moved up a byte, less 2559 * tens, is the tens in the lane's byte and
    // v - 10 * tens (the ones) in the next. No lane borrows from another.
    (x << 8) - tens * 2559 + (LANES / 0x0F * 0x3030)
}

/// `v / 100` in the low 16 bits and `v % 100` in the next 16, for `v` below 10,000.
#[inline(always)]
const fn hundreds(v: u32) -> u64 {
    // (v * 5243) >> 19 is v / 100 for every v below 43,699.
    let hi = ((v * 5243) >> 19) as u64;
    // (v << 16) - hi * (100 << 16) + hi, folded into one product.
    ((v as u64) << 16) - hi * 6_553_599
}

/// `sep` at byte `to`.
#[inline(always)]
const fn sep_at(sep: u8, to: u32) -> u64 {
    (sep as u64) << (8 * to)
}

/// The nine-digit fraction `nanos` and the seconds before it, as the text of bytes 16 to 29
/// of the date-time: `:ss.dddd` and `ddddd` (the top three bytes zero).
#[inline(always)]
fn seconds_and_fraction(second: u32, nanos: u32) -> (u64, u64) {
    // The first four digits of the fraction, and the five after them.
    let high = nanos / 100_000;
    let low = nanos - high * 100_000;
    // Lanes at bytes 1 (seconds), 4 and 6 (the four digits by twos).
    const W2: u64 = 0x0F << 8 | 0x0F << 32 | 0x0F << 48;
    let w2 = digit_pairs::<W2>((second as u64) << 8 | hundreds(high) << 32)
        + (sep_at(b':', 0) | sep_at(b'.', 3));
    // The first of the five in byte 0, then lanes at bytes 1 and 3.
    let first = low / 10_000;
    let rest = low - first * 10_000;
    const W3: u64 = 0x0F << 8 | 0x0F << 24;
    let w3 = digit_pairs::<W3>(hundreds(rest) << 8) + (first as u64 + b'0' as u64);
    (w2, w3)
}

/// The suffix as text of up to nine bytes, and its length.
#[inline(always)]
fn suffix_text(suffix: Suffix) -> (u128, usize) {
    match suffix {
        Suffix::None => (0, 0),
        Suffix::Z => (b'Z' as u128, 1),
        Suffix::Offset(offset) => {
            let secs = offset.seconds();
            let sign = if secs < 0 { b'-' } else { b'+' };
            let a = secs.unsigned_abs();
            let h = a / 3600;
            let ms = a - h * 3600;
            let m = ms / 60;
            let s = ms - m * 60;
            // `hh:mm:ss` in lanes at bytes 0, 3 and 6, then moved up a byte behind the sign.
            const LANES: u64 = 0x0F | 0x0F << 24 | 0x0F << 48;
            let hms = digit_pairs::<LANES>(h as u64 | (m as u64) << 24 | (s as u64) << 48)
                + sep_at(b':', 2)
                + sep_at(b':', 5);
            (sign as u128 | (hms as u128) << 8, if s == 0 { 6 } else { 9 })
        }
    }
}

/// Two ASCII digits for each number below 100 (tens first, little-endian), and `"00"` for
/// the unused entries, which only make the table a power of two long.
static PAIRS: [u16; 128] = {
    let mut t = [0x3030; 128];
    let mut v = 0;
    while v < 100 {
        t[v] = (b'0' + v as u8 / 10) as u16 | ((b'0' + v as u8 % 10) as u16) << 8;
        v += 1;
    }
    t
};

/// For each day of a year counted from 1 March (0 to 365), its month and day as the four
/// ASCII digits `MMdd`, little-endian.
static MONTH_DAY: [u32; 366] = {
    let mut t = [0; 366];
    let (mut day_of_year, mut month, mut day) = (0, 3, 1);
    while day_of_year < 366 {
        let (m, d) = (month as u8, day as u8);
        t[day_of_year] =
            u32::from_le_bytes([b'0' + m / 10, b'0' + m % 10, b'0' + d / 10, b'0' + d % 10]);
        // The March-based year is March to December, then January and a February of 29 days
        // (the last day only occurs in leap years).
        let days_in_month = match month {
            2 => 29,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        day += 1;
        if day > days_in_month {
            day = 1;
            month = if month == 12 { 1 } else { month + 1 };
        }
        day_of_year += 1;
    }
    t
};

/// The two ASCII digits of `v`, below 100.
#[inline(always)]
fn pair(v: u32) -> u64 {
    PAIRS[(v & 127) as usize] as u64
}

/// The text up to the seconds: the first sixteen bytes, `yyyy-MM-` and `ddTHH:mm`, as two
/// words; for years outside 0..=9999 the three bytes that go in front of the last four
/// digits of the year (the sign and two more digits, the ISO 8601 expanded form); and the
/// second, which the formatters write together with the fraction.
#[derive(Clone, Copy)]
pub(crate) struct Head {
    words: [u64; 2],
    lead: Option<u64>,
    second: u32,
}

impl Head {
    /// The head of the reading `f`.
    #[inline(always)]
    pub(crate) fn from_fields(f: &Fields) -> Head {
        let (year, lead) = split_year(f.year);
        // Lanes at bytes 0 and 2 (the year by twos) and 5 (the month).
        const W0: u64 = 0x0F | 0x0F << 16 | 0x0F << 40;
        let w0 = digit_pairs::<W0>(hundreds(year) | (f.month as u64) << 40)
            + (sep_at(b'-', 4) | sep_at(b'-', 7));
        // Lanes at bytes 0 (day), 3 (hour) and 6 (minute).
        const W1: u64 = 0x0F | 0x0F << 24 | 0x0F << 48;
        let w1 = digit_pairs::<W1>(f.day as u64 | (f.hour as u64) << 24 | (f.minute as u64) << 48)
            + (sep_at(b'T', 2) | sep_at(b':', 5));
        Head { words: [w0, w1], lead, second: f.second }
    }

    /// The head of the reading `secs` seconds after 1970-01-01T00:00:00 (a Unix time, plus
    /// an offset for a local time).
    ///
    /// This is the formatting of every `Timestamp`, so it is kept short: the date goes
    /// straight from the day number to text, through [`split_days`] and two small tables,
    /// with no division of the year and no conversion of month and day.
    #[inline(always)]
    pub(crate) fn from_secs(secs: i64) -> Head {
        let (days, second_of_day) = civil::split_secs(secs);
        let Some((century, year_of_century, day_of_year)) = split_days(days) else {
            return Head::from_secs_outside(secs);
        };
        let month_day = match MONTH_DAY.get(day_of_year as usize) {
            Some(&md) => md as u64,
            None => 0, // not reached: the day of the year is below 366
        };
        let w0 = pair(century)
            | pair(year_of_century) << 16
            | sep_at(b'-', 4)
            | (month_day & 0xFFFF) << 40
            | sep_at(b'-', 7);
        let minutes = second_of_day / 60;
        let second = second_of_day - minutes * 60;
        let hour = minutes / 60;
        let minute = minutes - hour * 60;
        // The day from the table, then lanes at bytes 3 (hour) and 6 (minute).
        const W1: u64 = 0x0F << 24 | 0x0F << 48;
        let w1 = digit_pairs::<W1>((hour as u64) << 24 | (minute as u64) << 48)
            + (month_day >> 16 | sep_at(b'T', 2) | sep_at(b':', 5));
        Head { words: [w0, w1], lead: None, second }
    }

    /// [`from_secs`](Self::from_secs) for years outside 0..=9999, through the fields.
    #[cold]
    #[inline(never)]
    fn from_secs_outside(secs: i64) -> Head {
        Head::from_fields(&Fields::from_local_secs(secs, 0))
    }
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
    let (words, len) = match lead {
        None => (words, len),
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
            (moved, len + 3)
        }
    };
    FormatBuf::from_words(words, len)
}

/// The "O" form: `head`, the seven-digit fraction of `nanosecond`, then `suffix`.
#[inline(always)]
pub(crate) fn format_o(head: Head, nanosecond: u32, suffix: Suffix) -> FormatBuf {
    let [w0, w1] = head.words;
    // Seven digits of 100 ns ticks are the first seven of the nine digits of nanoseconds:
    // bytes 16..27 are `:ss.ddddddd`, 27.. the suffix.
    let (w2, w3) = seconds_and_fraction(head.second, nanosecond);
    let (suffix, suffix_len) = suffix_text(suffix);
    let w3 = (w3 & 0xFF_FFFF) | (suffix << 24) as u64;
    let w4 = (suffix >> 40) as u64;
    finish([w0, w1, w2, w3, w4], 27 + suffix_len, head.lead)
}

/// RFC 3339: `head`, `digits` (clamped to 9) fraction digits of `nanosecond`, then
/// `suffix`. Expanded years are written as in the "O" form, since RFC 3339 itself has no
/// negative years.
#[inline(always)]
pub(crate) fn format_rfc3339(head: Head, nanosecond: u32, digits: u8, suffix: Suffix) -> FormatBuf {
    let digits = if digits > 9 { 9 } else { digits as u32 };
    let [w0, w1] = head.words;
    // All nine digits are made, then cut to the bytes wanted (truncation, never rounding):
    // from byte 16, the `:ss`, then the `.` and the digits unless there are none.
    let (w2, w3) = seconds_and_fraction(head.second, nanosecond);
    let keep = 3 + if digits == 0 { 0 } else { 1 + digits }; // 3..=13 bytes
    let (suffix, suffix_len) = suffix_text(suffix);
    let tail = (w2 as u128 | (w3 as u128) << 64) & ((1u128 << (8 * keep)) - 1);
    // The suffix follows the kept bytes; what does not fit in the two words goes in a third.
    let tail = tail | suffix << (8 * keep);
    let w4 = (suffix >> (8 * (16 - keep))) as u64;
    finish(
        [w0, w1, tail as u64, (tail >> 64) as u64, w4],
        16 + keep as usize + suffix_len,
        head.lead,
    )
}

/// The invariant "G" form, `MM/dd/yyyy HH:mm:ss`; a negative year is `-yyyy`.
#[inline(always)]
pub(crate) fn format_g(f: &Fields) -> FormatBuf {
    let year = f.year;
    let y = if (0..=9999).contains(&year) { year as u32 } else { year.unsigned_abs() % 10_000 };
    let y = hundreds(y);
    let (century, year_in_century) = (y & 0xFFFF, y >> 16);
    // Lanes at bytes 0, 3 and 6 in both words: month, day, century; last two year digits,
    // hour, minute.
    const LANES: u64 = 0x0F | 0x0F << 24 | 0x0F << 48;
    let w0 = digit_pairs::<LANES>(f.month as u64 | (f.day as u64) << 24 | century << 48)
        + (sep_at(b'/', 2) | sep_at(b'/', 5));
    let w1 =
        digit_pairs::<LANES>(year_in_century | (f.hour as u64) << 24 | (f.minute as u64) << 48)
            + (sep_at(b' ', 2) | sep_at(b':', 5));
    let w2 = digit_pairs::<0x0F00>((f.second as u64) << 8) + sep_at(b':', 0);
    let mut out = FormatBuf::from_words([w0, w1, w2, 0, 0], 19);
    if !(0..=9999).contains(&year) {
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
    use std::format;
    use std::string::String;

    use super::super::tests::Rng;

    #[test]
    fn word_builders_match_format() {
        for v in 0..10_000u32 {
            assert_eq!(hundreds(v), (v / 100) as u64 | ((v % 100) as u64) << 16);
        }
        for v in 0..100u32 {
            let x = v as u64 | ((99 - v) as u64) << 24 | ((v / 3) as u64) << 48;
            let w = digit_pairs::<{ 0x0F | 0x0F << 24 | 0x0F << 48 }>(x).to_le_bytes();
            let want = format!("{v:02}\0{:02}\0{:02}", 99 - v, v / 3);
            assert_eq!(&w, want.as_bytes());
        }
        let mut rng = Rng(7);
        for i in 0..200_000u32 {
            let nanos = match i {
                0 => 0,
                1 => 999_999_999,
                _ => rng.below(1_000_000_000),
            };
            let second = rng.below(60);
            let (w2, w3) = seconds_and_fraction(second, nanos);
            let mut text = [0u8; 16];
            text[..8].copy_from_slice(&w2.to_le_bytes());
            text[8..].copy_from_slice(&w3.to_le_bytes());
            let want = format!(":{second:02}.{nanos:09}\0\0\0");
            assert_eq!(&text, want.as_bytes());
        }
    }

    #[test]
    fn head_from_secs_matches_head_from_fields() {
        // Every day of years -1 to 10000 at a random time of day, plus random seconds.
        let mut rng = Rng(0x4EAD);
        let first = civil::days_from_civil(-1, 1, 1);
        let last = civil::days_from_civil(10_000, 12, 31);
        let check = |secs: i64| {
            let f = Fields::from_local_secs(secs, 0);
            let (a, b) = (Head::from_secs(secs), Head::from_fields(&f));
            assert_eq!((a.words, a.lead, a.second), (b.words, b.lead, b.second), "{secs}");
        };
        for days in first..=last {
            check(days * 86_400 + rng.below(86_400) as i64);
        }
        for secs in [first * 86_400, last * 86_400 + 86_399, -1, 0, 86_399, 86_400] {
            check(secs);
        }
        for _ in 0..100_000 {
            check(first * 86_400 + (rng.next() % ((last - first + 1) * 86_400) as u64) as i64);
        }
    }

    /// The text of `f` by `format!`: RFC 3339 with `digits` digits (`None`: the "O" form).
    fn reference(f: &Fields, digits: Option<u32>, suffix: Suffix) -> String {
        let year = if (0..=9999).contains(&f.year) {
            format!("{:04}", f.year)
        } else {
            format!("{}{:06}", if f.year < 0 { '-' } else { '+' }, f.year.unsigned_abs())
        };
        let mut s = format!(
            "{year}-{:02}-{:02}T{:02}:{:02}:{:02}",
            f.month, f.day, f.hour, f.minute, f.second
        );
        let nine = format!("{:09}", f.nanosecond);
        match digits {
            None => s += &format!(".{}", &nine[..7]),
            Some(0) => {}
            Some(d) => s += &format!(".{}", &nine[..d.min(9) as usize]),
        }
        match suffix {
            Suffix::None => {}
            Suffix::Z => s.push('Z'),
            Suffix::Offset(o) => s += &format!("{o}"),
        }
        s
    }

    #[test]
    fn formatters_match_format_on_random_fields() {
        let mut rng = Rng(0xF0_2026);
        for i in 0..50_000u32 {
            let year = match i % 4 {
                0 => rng.below(10_000) as i32,
                1 => rng.below(20_001) as i32 - 10_000,
                _ => 1900 + rng.below(200) as i32,
            };
            let f = Fields {
                year,
                month: 1 + rng.below(12),
                day: 1 + rng.below(31),
                hour: rng.below(24),
                minute: rng.below(60),
                second: rng.below(60),
                nanosecond: match rng.below(4) {
                    0 => rng.below(10) * 100_000_000,
                    1 => rng.below(10_000_000) * 100,
                    _ => rng.below(1_000_000_000),
                },
            };
            let limit = Offset::MAX.seconds();
            let offset = match rng.below(4) {
                0 => 0,
                1 => (rng.below(25 * 2 + 1) as i32 - 25) * 3600,
                2 => (rng.below(2 * (limit / 60) as u32 + 1) as i32 - limit / 60) * 60,
                _ => rng.below(2 * limit as u32 + 1) as i32 - limit,
            };
            let offset = Offset::from_seconds(offset).unwrap();
            let head = Head::from_fields(&f);
            for suffix in [Suffix::None, Suffix::Z, Suffix::Offset(offset)] {
                let o = format_o(head, f.nanosecond, suffix);
                assert_eq!(o.as_str(), reference(&f, None, suffix));
            }
            let whole = Offset::from_seconds(offset.seconds() / 60 * 60).unwrap();
            for digits in 0..=12u8 {
                for suffix in [Suffix::Z, Suffix::Offset(whole)] {
                    let s = format_rfc3339(head, f.nanosecond, digits, suffix);
                    assert_eq!(s.as_str(), reference(&f, Some(digits as u32), suffix));
                }
            }
            let g = format_g(&f);
            let y = if f.year < 0 { format!("-{:04}", -f.year) } else { format!("{:04}", f.year) };
            let want = format!(
                "{:02}/{:02}/{y} {:02}:{:02}:{:02}",
                f.month, f.day, f.hour, f.minute, f.second
            );
            assert_eq!(g.as_str(), want);
        }
    }
}
