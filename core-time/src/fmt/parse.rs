//! The parsers: a fixed-position fast path for the common "O" lengths, and a cursor parser
//! that handles every accepted form and finds the exact position of any error.

use super::calendar::Fields;
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

/// A parsed date-time (its fields checked), its offset if any, and where the `Z` or offset
/// began (the input's length when there is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub(crate) fields: Fields,
    pub(crate) offset: Option<Offset>,
    pub(crate) suffix_at: usize,
}

impl Parsed {
    /// The date-time.
    #[inline(always)]
    pub(crate) fn datetime(&self) -> Result<DateTime, ParseError> {
        let f = &self.fields;
        let (m, d, h, mi, s) =
            (f.month as u8, f.day as u8, f.hour as u8, f.minute as u8, f.second as u8);
        // The fields are already checked, so this does not fail.
        DateTime::new(f.year, m, d, h, mi, s, f.nanosecond).map_err(|e| out_of_range(0, e.what()))
    }
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
/// finer than a nanosecond (more than nine digits) are rejected too. The common forms (a
/// four-digit year, `T`, any fraction, then nothing, `Z` or `±hh:mm`) take a fast path that
/// checks and converts eight bytes at a time.
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
///
/// # Errors
///
/// A [`ParseError`] with the byte position and its [`kind`](ParseError::kind): a malformed or
/// missing field, a value out of range (a day past the month's end, hour 24, an offset beyond
/// ±25:59:59), or trailing input.
pub fn parse_o(s: &[u8]) -> Result<(DateTime, Option<Offset>), ParseError> {
    let p = parse(s, Mode::O)?;
    Ok((p.datetime()?, p.offset))
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

/// A template for eight bytes: `0` marks a digit, `?` a byte that is not looked at, and any
/// other byte must appear as it is. `PATTERN` XORed with the input turns digits into their
/// values and matching separators into zero; adding `ADD` then sets the top bit of every byte
/// that is out of bounds.
struct Template {
    pattern: u64,
    add: u64,
    /// `0xFF` in the bytes that are looked at.
    care: u64,
}

impl Template {
    const fn new(t: &[u8; 8]) -> Template {
        let (mut pattern, mut add, mut care, mut i) = (0u64, 0u64, 0u64, 0);
        while i < 8 {
            if t[i] != b'?' {
                pattern |= (t[i] as u64) << (8 * i);
                // A digit's value must be at most 9; a separator's difference must be 0.
                add |= (if t[i] == b'0' { 0x76u64 } else { 0x7F }) << (8 * i);
                care |= 0xFF << (8 * i);
            }
            i += 1;
        }
        Template { pattern, add, care }
    }

    /// The input's bytes XORed with the pattern (zero where not looked at), and a word with a
    /// top bit set in each byte that does not fit the template. A carry between bytes only
    /// comes out of a byte whose own top bit is already set, so it never hides a mismatch.
    #[inline(always)]
    const fn apply(&self, w: u64) -> (u64, u64) {
        let x = (w ^ self.pattern) & self.care;
        (x, (x.wrapping_add(self.add) | x) & 0x8080_8080_8080_8080)
    }
}

/// Combines adjacent digit values: byte `k` becomes `10 * byte k + byte k+1`.
#[inline(always)]
const fn pair_values(x: u64) -> u64 {
    x * 10 + (x >> 8)
}

/// The value of eight digit values in bytes 0 (most significant) to 7.
#[inline(always)]
const fn eight_values(x: u64) -> u32 {
    let x = pair_values(x);
    const MASK: u64 = 0x0000_00FF_0000_00FF;
    // Each product puts a partial sum in the upper half; what spills past bit 63 is unwanted.
    let hi = (x & MASK).wrapping_mul(100 + (1_000_000 << 32));
    let lo = ((x >> 16) & MASK).wrapping_mul(1 + (10_000 << 32));
    (hi.wrapping_add(lo) >> 32) as u32
}

/// Byte `k` of `x`.
#[inline(always)]
const fn byte_of(x: u64, k: u32) -> u32 {
    (x >> (8 * k)) as u32 & 0xFF
}

/// Eight bytes at `at`, or 0 (which fits no template) when fewer remain.
#[inline(always)]
fn load8(s: &[u8], at: usize) -> u64 {
    match s.get(at..).and_then(|rest| rest.first_chunk::<8>()) {
        Some(bytes) => u64::from_le_bytes(*bytes),
        None => 0,
    }
}

/// Days in each month of a common year, January at index 1.
/// (Sixteen entries, so that any month masked to four bits is an index.)
const DAYS_IN_MONTH: [u8; 16] = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 0, 0, 0];

/// Whether the fields, syntactically well formed, name a real date and time.
#[inline(always)]
fn fields_in_range(f: &Fields) -> bool {
    let month_ok = f.month.wrapping_sub(1) < 12;
    let dim = DAYS_IN_MONTH[f.month as usize & 15] as u32;
    let day_ok =
        f.day.wrapping_sub(1) < dim || (f.month == 2 && f.day == 29 && civil::is_leap(f.year));
    month_ok & day_ok & (f.hour <= 23) & (f.minute <= 59) & (f.second <= 59)
}

/// Powers of ten: the scale of a fraction of `n` digits is `POW10[9 - n]`.
const POW10: [u32; 10] =
    [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/// The common forms, read at fixed positions, eight bytes at a time: `yyyy-MM-ddTHH:mm:ss`,
/// then optionally `.` and 1 to 9 digits, then nothing, `Z` or `±hh:mm`. `None` for anything
/// else, valid or not, and for out-of-range fields: the cursor parser then finds the error.
///
/// The suffix is found from the end of the input (a last byte `Z`, or a sign six bytes from
/// the end), so the fraction is whatever lies between the seconds and the suffix, and its
/// digits are read in one word that ends where the suffix begins.
#[inline(always)]
fn parse_fast(s: &[u8]) -> Option<Parsed> {
    const DATE: Template = Template::new(b"0000-00-");
    const DAY_TIME: Template = Template::new(b"00T00:00");
    const TIME: Template = Template::new(b"00:00:00");
    const DIGITS: Template = Template::new(b"00000000");
    const OFFSET: Template = Template::new(b"???00:00");

    let len = s.len();
    if len < 19 {
        return None;
    }
    // Overlapping words: 0..8, 8..16 and 11..19, and the last eight bytes.
    let (date, bad0) = DATE.apply(load8(s, 0));
    let (day_time, bad1) = DAY_TIME.apply(load8(s, 8));
    let (time, bad2) = TIME.apply(load8(s, 11));
    let last8 = load8(s, len - 8);
    if bad0 | bad1 | bad2 != 0 {
        return None;
    }

    // The suffix: `Z`, `±hh:mm` (its sign six bytes from the end) or none.
    let (suffix_at, offset) = if last8 >> 56 == b'Z' as u64 {
        (len - 1, Some(Offset::UTC))
    } else {
        let (hm, bad) = OFFSET.apply(last8);
        let sign = (last8 >> 16) as u8;
        if bad == 0 && (sign == b'+' || sign == b'-') {
            let hm = pair_values(hm);
            let (h, m) = (byte_of(hm, 3), byte_of(hm, 6));
            if h > 25 || m > 59 {
                return None;
            }
            let secs = (h * 3600 + m * 60) as i32;
            (len - 6, Some(Offset::from_seconds_unchecked(if sign == b'-' { -secs } else { secs })))
        } else {
            (len, None)
        }
    };

    // The fraction: between the seconds and the suffix, `.` and 1 to 9 digits, or nothing.
    let mut nanosecond = 0;
    let fraction_len = suffix_at.wrapping_sub(19);
    if fraction_len != 0 {
        let digits = fraction_len.wrapping_sub(1); // wraps when the suffix is misplaced
        if !(1..=9).contains(&digits) || s.get(19) != Some(&b'.') {
            return None;
        }
        // The eight bytes before the suffix (which starts at byte 21 or later): the last
        // `digits` of them (all eight when there are nine) must be digits.
        let in_word = digits.min(8);
        let keep = !0u64 << (8 * (8 - in_word));
        let (values, bad) = DIGITS.apply(load8(s, suffix_at - 8));
        if bad & keep != 0 {
            return None;
        }
        nanosecond = eight_values(values & keep) * POW10[9 - digits];
        if digits == 9 {
            // The first of nine digits is just before the word.
            match s.get(20).map(|&b| dv(b)) {
                Some(d) if d < 10 => nanosecond += d as u32 * 100_000_000,
                _ => return None,
            }
        }
    }

    let date = pair_values(date);
    let day_time = pair_values(day_time);
    let fields = Fields {
        year: (byte_of(date, 0) * 100 + byte_of(date, 2)) as i32,
        month: byte_of(date, 5),
        day: byte_of(day_time, 0),
        hour: byte_of(day_time, 3),
        minute: byte_of(day_time, 6),
        second: byte_of(pair_values(time), 6),
        nanosecond,
    };
    if !fields_in_range(&fields) {
        return None;
    }
    Some(Parsed { fields, offset, suffix_at })
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

    let fields = Fields { year, month, day, hour, minute, second, nanosecond: nanos };

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
    Ok(Parsed { fields, offset, suffix_at })
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// The fast path must agree with the cursor parser wherever it answers.
    fn agree(s: &[u8]) -> bool {
        match parse_fast(s) {
            Some(fast) => {
                assert_eq!(
                    Ok(fast),
                    parse_slow(s, Mode::O),
                    "{:?}",
                    std::string::String::from_utf8_lossy(s)
                );
                assert_eq!(Ok(fast), parse_slow(s, Mode::Rfc3339));
                true
            }
            None => false,
        }
    }

    #[test]
    fn fast_path_agrees_with_the_cursor_parser() {
        let mut taken = 0;
        let mut seeds: Vec<Vec<u8>> = Vec::new();
        for frac in [
            "",
            ".1",
            ".12",
            ".123",
            ".1234",
            ".12345",
            ".123456",
            ".1234567",
            ".12345678",
            ".123456789",
            ".1234567890",
        ] {
            for suffix in ["", "Z", "+05:30", "-00:00", "+25:59", "+05:30:15", "z", "+0530"] {
                seeds.push(std::format!("2024-02-29T23:59:59{frac}{suffix}").into_bytes());
            }
        }
        // Every one-byte change of every seed, to digits, separators and other bytes.
        for seed in &seeds {
            taken += agree(seed) as usize;
            for i in 0..seed.len() {
                for b in [
                    b'0', b'1', b'2', b'3', b'5', b'9', b':', b'-', b'.', b'T', b'Z', b'/', 0x80,
                    0xFF,
                ] {
                    let mut s = seed.clone();
                    s[i] = b;
                    taken += agree(&s) as usize;
                }
            }
            for n in 0..seed.len() {
                agree(&seed[..n]);
            }
        }
        assert!(taken > 2000, "{taken}");
        // Out-of-range fields are left to the cursor parser.
        for s in [
            "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-00-01T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z",
            "2024-01-01T00:00:00+26:00",
        ] {
            assert_eq!(parse_fast(s.as_bytes()), None, "{s}");
        }
    }

    use super::super::tests::Rng;

    #[test]
    fn fast_path_takes_and_agrees_on_random_common_forms() {
        let mut rng = Rng(0xFA57);
        let mut text = Vec::new();
        for i in 0..200_000u32 {
            let digits = i % 10;
            let nanos = rng.below(1_000_000_000);
            text.clear();
            text.extend_from_slice(
                std::format!(
                    "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
                    rng.below(10_000),
                    1 + rng.below(12),
                    1 + rng.below(28),
                    rng.below(24),
                    rng.below(60),
                    rng.below(60)
                )
                .as_bytes(),
            );
            if digits > 0 {
                let nine = std::format!("{nanos:09}");
                text.push(b'.');
                text.extend_from_slice(&nine.as_bytes()[..digits as usize]);
            }
            match rng.below(3) {
                0 => {}
                1 => text.push(b'Z'),
                _ => {
                    let sign = if rng.below(2) == 0 { '+' } else { '-' };
                    let (h, m) = (rng.below(26), rng.below(60));
                    text.extend_from_slice(std::format!("{sign}{h:02}:{m:02}").as_bytes());
                }
            }
            // Every such text is valid, and the fast path reads it.
            assert!(agree(&text), "{:?}", std::string::String::from_utf8_lossy(&text));
            // One byte changed, cut short or extended: the fast path agrees or leaves it.
            let mut bent = text.clone();
            let at = rng.below(bent.len() as u32) as usize;
            bent[at] = b"0123456789+-:.TZz \x80\xFF"[rng.below(19) as usize];
            agree(&bent);
            agree(&text[..rng.below(text.len() as u32) as usize]);
            let mut longer = text.clone();
            longer.insert(
                rng.below(text.len() as u32 + 1) as usize,
                b"05:Z+."[rng.below(6) as usize],
            );
            agree(&longer);
        }
    }
}
