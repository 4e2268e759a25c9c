//! Tests of the formatters and parsers: known strings, round trips over the whole range
//! against a `format!`-based reference, and malformed input of every kind.

use super::*;
use crate::{Abbreviation, DateTime, Offset, Timestamp, Zoned};
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

/// splitmix64: a small deterministic generator (shared by the fmt modules' tests).
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform enough in `lo..=hi` for tests.
    pub(super) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// Uniform enough in `0..n` for tests.
    pub(super) fn below(&mut self, n: u32) -> u32 {
        (self.next() % n as u64) as u32
    }
}

fn dt(y: i32, mo: u8, d: u8, h: u8, mi: u8, s: u8, ns: u32) -> DateTime {
    DateTime::new(y, mo, d, h, mi, s, ns).unwrap()
}

fn ts(secs: i64, nanos: u32) -> Timestamp {
    Timestamp::from_unix(secs, nanos).unwrap()
}

fn off(secs: i32) -> Offset {
    Offset::from_seconds(secs).unwrap()
}

fn zoned(t: Timestamp, o: Offset) -> Zoned {
    Zoned::new(t, o, Abbreviation::new(b"TST").unwrap(), false)
}

fn truncate_ticks(t: Timestamp) -> Timestamp {
    ts(t.unix_secs(), t.subsec_nanos() / 100 * 100)
}

fn truncate_dt(d: DateTime, digits: u32) -> DateTime {
    let unit = 10u32.pow(9 - digits);
    dt(d.year(), d.month(), d.day(), d.hour(), d.minute(), d.second(), d.nanosecond() / unit * unit)
}

/// The year as the formatters write it, by `format!`.
fn ref_year(y: i32) -> String {
    if (0..=9999).contains(&y) {
        format!("{y:04}")
    } else {
        format!("{}{:06}", if y < 0 { '-' } else { '+' }, y.unsigned_abs())
    }
}

fn ref_offset(o: Offset) -> String {
    let (sign, h, m, s) = o.parts();
    let c = if sign < 0 { '-' } else { '+' };
    if s == 0 {
        format!("{c}{h:02}:{m:02}")
    } else {
        format!("{c}{h:02}:{m:02}:{s:02}")
    }
}

/// `yyyy-MM-ddTHH:mm:ss` followed by `digits` digits of fraction, by `format!`.
fn ref_rfc3339(d: DateTime, digits: usize) -> String {
    let mut s = format!(
        "{}-{:02}-{:02}T{:02}:{:02}:{:02}",
        ref_year(d.year()),
        d.month(),
        d.day(),
        d.hour(),
        d.minute(),
        d.second()
    );
    if digits > 0 {
        s.push('.');
        s.push_str(&format!("{:09}", d.nanosecond())[..digits]);
    }
    s
}

fn ref_g(d: DateTime) -> String {
    let year = if d.year() < 0 { format!("-{:04}", -d.year()) } else { format!("{:04}", d.year()) };
    format!(
        "{:02}/{:02}/{} {:02}:{:02}:{:02}",
        d.month(),
        d.day(),
        year,
        d.hour(),
        d.minute(),
        d.second()
    )
}

fn err(r: Result<impl core::fmt::Debug, ParseError>) -> (usize, ParseErrorKind) {
    let e = r.expect_err("expected a parse error");
    (e.position(), e.kind())
}

fn bad(expected: &'static str, found: u8) -> ParseErrorKind {
    ParseErrorKind::InvalidCharacter { expected, found }
}

const END: ParseErrorKind = ParseErrorKind::UnexpectedEnd;
const TRAILING: ParseErrorKind = ParseErrorKind::TrailingInput;
use ParseErrorKind::OutOfRange;

// 2026-07-15T12:00:00Z
const JULY_15: i64 = 1_784_116_800;

#[test]
fn o_known_values() {
    let t = ts(JULY_15, 123_456_700);
    assert_eq!(t.format_o(), "2026-07-15T12:00:00.1234567Z");
    let z = zoned(t, off(-7 * 3600));
    assert_eq!(z.format_o(), "2026-07-15T05:00:00.1234567-07:00");
    assert_eq!(z.datetime().format_o(), "2026-07-15T05:00:00.1234567");
    assert_eq!(zoned(t, off(5 * 3600 + 45 * 60)).format_o(), "2026-07-15T17:45:00.1234567+05:45");
    assert_eq!(zoned(t, Offset::UTC).format_o(), "2026-07-15T12:00:00.1234567+00:00");
    // An offset with seconds, as local mean time has.
    let lmt = off(-(7 * 3600 + 52 * 60 + 58));
    assert_eq!(zoned(t, lmt).format_o(), "2026-07-15T04:07:02.1234567-07:52:58");
    assert_eq!(ts(0, 0).format_o(), "1970-01-01T00:00:00.0000000Z");
    assert_eq!(ts(-1, 999_999_999).format_o(), "1969-12-31T23:59:59.9999999Z");
    assert_eq!(ts(951_782_400, 1).format_o(), "2000-02-29T00:00:00.0000000Z");
}

#[test]
fn o_years_at_the_edges() {
    assert_eq!(dt(-44, 3, 15, 12, 0, 0, 0).format_o(), "-000044-03-15T12:00:00.0000000");
    assert_eq!(dt(0, 1, 1, 0, 0, 0, 0).format_o(), "0000-01-01T00:00:00.0000000");
    assert_eq!(dt(-1, 12, 31, 23, 59, 59, 0).format_o(), "-000001-12-31T23:59:59.0000000");
    assert_eq!(dt(-9999, 1, 1, 0, 0, 0, 0).format_o(), "-009999-01-01T00:00:00.0000000");
    assert_eq!(dt(9999, 12, 31, 23, 59, 59, 999_999_999).format_o(), "9999-12-31T23:59:59.9999999");
    assert_eq!(dt(5, 6, 7, 8, 9, 10, 0).format_o(), "0005-06-07T08:09:10.0000000");
    assert_eq!(Timestamp::MAX.format_o(), "9999-12-30T22:00:00.9999999Z");
    assert_eq!(Timestamp::MIN.format_o(), "-009999-01-02T01:59:59.0000000Z");
    // The range is narrowed by the largest offset, so the extreme offsets at the extreme
    // instants land exactly on the ends of the civil range.
    let z = zoned(Timestamp::MIN, Offset::MIN);
    assert_eq!(z.format_o(), "-009999-01-01T00:00:00.0000000-25:59:59");
    assert_eq!(z.format_g(), "01/01/-9999 00:00:00");
    let z = zoned(Timestamp::MAX, Offset::MAX);
    assert_eq!(z.format_o(), "9999-12-31T23:59:59.9999999+25:59:59");
    assert_eq!(z.format_g(), "12/31/9999 23:59:59");
    // The parsers keep to the timestamp range.
    assert_eq!(err(Timestamp::parse_o("9999-12-31T23:59:59Z")), (0, OutOfRange("timestamp")));
    for s in [
        "-000044-03-15T12:00:00.0000000",
        "0000-01-01T00:00:00.0000000",
        "-009999-01-01T00:00:00.0000000",
        "9999-12-31T23:59:59.9999999",
    ] {
        assert_eq!(DateTime::parse_o(s).unwrap().format_o(), s);
    }
    // The expanded form with a plus sign, and year zero written +000000.
    assert_eq!(DateTime::parse_o("+002026-07-15T05:00:00").unwrap(), dt(2026, 7, 15, 5, 0, 0, 0));
    assert_eq!(DateTime::parse_o("+000000-01-01T00:00:00").unwrap(), dt(0, 1, 1, 0, 0, 0, 0));
    assert_eq!(err(DateTime::parse_o("-000000-01-01T00:00:00")), (0, OutOfRange("year")));
    assert_eq!(err(DateTime::parse_o("+010000-01-01T00:00:00")), (0, OutOfRange("year")));
    assert_eq!(err(DateTime::parse_o("-010000-01-01T00:00:00")), (0, OutOfRange("year")));
    assert_eq!(err(DateTime::parse_o("-0044-03-15T12:00:00")), (5, bad("digit", b'-')));
}

#[test]
fn o_truncates_nanoseconds_to_ticks() {
    assert_eq!(ts(0, 99).format_o(), "1970-01-01T00:00:00.0000000Z");
    assert_eq!(ts(0, 100).format_o(), "1970-01-01T00:00:00.0000001Z");
    assert_eq!(ts(0, 199).format_o(), "1970-01-01T00:00:00.0000001Z");
    assert_eq!(ts(0, 999_999_999).format_o(), "1970-01-01T00:00:00.9999999Z");
    assert_eq!(dt(2026, 1, 1, 0, 0, 0, 123_456_789).format_o(), "2026-01-01T00:00:00.1234567");
    let back = Timestamp::parse_o(&ts(5, 123_456_789).format_o()).unwrap();
    assert_eq!(back, ts(5, 123_456_700));
}

#[test]
fn g_known_values_and_round_trip() {
    let z = zoned(ts(JULY_15, 123_456_700), off(-7 * 3600));
    assert_eq!(z.format_g(), "07/15/2026 05:00:00");
    assert_eq!(dt(2024, 3, 15, 13, 45, 30, 999).format_g(), "03/15/2024 13:45:30");
    assert_eq!(dt(0, 1, 1, 0, 0, 0, 0).format_g(), "01/01/0000 00:00:00");
    assert_eq!(dt(-44, 3, 15, 12, 0, 0, 0).format_g(), "03/15/-0044 12:00:00");
    assert_eq!(dt(-9999, 12, 31, 23, 59, 59, 0).format_g(), "12/31/-9999 23:59:59");
    assert_eq!(dt(9999, 12, 30, 1, 2, 3, 0).format_g(), "12/30/9999 01:02:03");
    for s in ["07/15/2026 05:00:00", "03/15/-0044 12:00:00", "02/29/2000 23:59:59"] {
        assert_eq!(DateTime::parse_g(s).unwrap().format_g(), s);
    }
    assert_eq!(DateTime::parse_g("03/15/2024 13:45:30").unwrap(), dt(2024, 3, 15, 13, 45, 30, 0));
}

#[test]
fn g_errors() {
    let cases: &[(&str, usize, ParseErrorKind)] = &[
        ("", 0, END),
        ("07/15/2026 05:00", 16, END),
        ("13/15/2026 05:00:00", 0, OutOfRange("month")),
        ("00/15/2026 05:00:00", 0, OutOfRange("month")),
        ("04/31/2026 05:00:00", 3, OutOfRange("day")),
        ("02/29/2025 05:00:00", 3, OutOfRange("day")),
        ("07/32/2026 05:00:00", 3, OutOfRange("day")),
        ("07/15/2026 24:00:00", 11, OutOfRange("hour")),
        ("07/15/2026 05:60:00", 14, OutOfRange("minute")),
        ("07/15/2026 05:00:60", 17, OutOfRange("second")),
        ("07/15/-0000 05:00:00", 6, OutOfRange("year")),
        ("07-15/2026 05:00:00", 2, bad("'/'", b'-')),
        ("07/15/2026T05:00:00", 10, bad("' '", b'T')),
        ("7/15/2026 05:00:00", 1, bad("digit", b'/')),
        ("07/15/2026 05:00:00.0", 19, TRAILING),
        ("07/15/-2026 05:00:00 ", 20, TRAILING),
        ("07/15/2026 05:00:0é", 18, bad("digit", 0xC3)),
    ];
    for &(s, pos, kind) in cases {
        assert_eq!(err(DateTime::parse_g(s)), (pos, kind), "{s:?}");
    }
    let valid = "07/15/2026 05:00:00";
    for n in 0..valid.len() {
        assert_eq!(err(DateTime::parse_g(&valid[..n])), (n, END), "{:?}", &valid[..n]);
    }
}

#[test]
fn rfc3339_each_digit_count() {
    let t = ts(JULY_15, 123_456_789);
    let expected = [
        "2026-07-15T12:00:00Z",
        "2026-07-15T12:00:00.1Z",
        "2026-07-15T12:00:00.12Z",
        "2026-07-15T12:00:00.123Z",
        "2026-07-15T12:00:00.1234Z",
        "2026-07-15T12:00:00.12345Z",
        "2026-07-15T12:00:00.123456Z",
        "2026-07-15T12:00:00.1234567Z",
        "2026-07-15T12:00:00.12345678Z",
        "2026-07-15T12:00:00.123456789Z",
    ];
    for (digits, want) in expected.iter().enumerate() {
        let s = t.format_rfc3339(digits as u8);
        assert_eq!(s, *want);
        let back = Timestamp::parse_rfc3339(&s).unwrap();
        let unit = 10u32.pow(9 - digits as u32);
        assert_eq!(back, ts(JULY_15, 123_456_789 / unit * unit));
        assert_eq!(Timestamp::parse_o(&s).unwrap(), back);
    }
    // More than nine digits are clamped to nine.
    assert_eq!(t.format_rfc3339(10), expected[9]);
    assert_eq!(t.format_rfc3339(255), expected[9]);
    let z = zoned(t, off(-7 * 3600));
    assert_eq!(z.format_rfc3339(0), "2026-07-15T05:00:00-07:00");
    assert_eq!(z.format_rfc3339(3), "2026-07-15T05:00:00.123-07:00");
    assert_eq!(z.format_rfc3339(9), "2026-07-15T05:00:00.123456789-07:00");
    assert_eq!(dt(-44, 1, 1, 0, 0, 0, 0).format_o().len(), 30);
    let early = zoned(ts(-62_198_755_200, 5), Offset::UTC); // year -1
    assert_eq!(early.format_rfc3339(9), "-000001-01-01T00:00:00.000000005+00:00");
}

#[test]
fn zoned_rfc3339_with_offset_seconds_keeps_the_instant() {
    let lmt = off(-(7 * 3600 + 52 * 60 + 58));
    // Noon local mean time.
    let t = ts(JULY_15 + 7 * 3600 + 52 * 60 + 58, 0);
    let z = zoned(t, lmt);
    assert_eq!(z.format_o(), "2026-07-15T12:00:00.0000000-07:52:58");
    assert_eq!(z.format_rfc3339(0), "2026-07-15T12:00:58-07:52");
    assert_eq!(Timestamp::parse_rfc3339(&z.format_rfc3339(0)).unwrap(), t);
    let east = zoned(t, off(5 * 3600 + 30 * 60 + 15));
    assert_eq!(east.format_o(), "2026-07-16T01:23:13.0000000+05:30:15");
    assert_eq!(east.format_rfc3339(1), "2026-07-16T01:22:58.0+05:30");
    assert_eq!(Timestamp::parse_rfc3339(&east.format_rfc3339(1)).unwrap(), t);
    assert_eq!(Timestamp::parse_o(&east.format_o()).unwrap(), t);
}

/// Every way to format a value, checked against the reference and parsed back.
fn check_round_trip(t: Timestamp, o: Offset) {
    let utc = t.to_datetime(Offset::UTC);
    let z = zoned(t, o);
    let local = z.datetime();
    let mut out = [0u8; FormatBuf::CAPACITY];

    // Timestamp, "O".
    let s = t.format_o();
    assert_eq!(s.as_str(), format!("{}Z", ref_rfc3339(utc, 7)));
    assert_eq!(t.to_string(), s.as_str());
    let n = t.write_o(&mut out).unwrap();
    assert_eq!(&out[..n], s.as_bytes());
    assert_eq!(Timestamp::parse_o(&s), Ok(truncate_ticks(t)), "{s}");
    assert_eq!(s.parse::<Timestamp>(), Ok(truncate_ticks(t)));
    assert_eq!(parse_o(s.as_bytes()), Ok((truncate_dt(utc, 7), Some(Offset::UTC))));

    // Zoned, "O". A local time outside the civil range (an offset over a day at the ends
    // of the range) is written, but cannot be read back.
    let local_ok = (-9999..=9999).contains(&local.year());
    let s = z.format_o();
    assert_eq!(s.as_str(), format!("{}{}", ref_rfc3339(local, 7), ref_offset(o)));
    assert_eq!(z.to_string(), s.as_str());
    let n = z.write_o(&mut out).unwrap();
    assert_eq!(&out[..n], s.as_bytes());
    if local_ok {
        assert_eq!(parse_o(s.as_bytes()), Ok((truncate_dt(local, 7), Some(o))), "{s}");
        assert_eq!(Timestamp::parse_o(&s), Ok(truncate_ticks(t)), "{s}");
    }

    // DateTime, "O" and "G".
    let s = local.format_o();
    assert_eq!(s.as_str(), ref_rfc3339(local, 7));
    assert_eq!(local.to_string(), s.as_str());
    let n = local.write_o(&mut out).unwrap();
    assert_eq!(&out[..n], s.as_bytes());
    let g = local.format_g();
    assert_eq!(g.as_str(), ref_g(local));
    assert_eq!(z.format_g(), g);
    if local_ok {
        assert_eq!(DateTime::parse_o(&s), Ok(truncate_dt(local, 7)));
        assert_eq!(s.parse::<DateTime>(), Ok(truncate_dt(local, 7)));
        assert_eq!(DateTime::parse_g(&g), Ok(truncate_dt(local, 0)));
    }

    // RFC 3339 at every precision.
    for digits in 0..=9u8 {
        let s = t.format_rfc3339(digits);
        assert_eq!(s.as_str(), format!("{}Z", ref_rfc3339(utc, digits as usize)));
        let n = t.write_rfc3339(digits, &mut out).unwrap();
        assert_eq!(&out[..n], s.as_bytes());
        let back = Timestamp::parse_o(&s).unwrap();
        assert_eq!(back.to_datetime(Offset::UTC), truncate_dt(utc, digits as u32));
        if utc.year() >= 0 {
            assert_eq!(Timestamp::parse_rfc3339(&s), Ok(back));
        }
        let s = z.format_rfc3339(digits);
        let n = z.write_rfc3339(digits, &mut out).unwrap();
        assert_eq!(&out[..n], s.as_bytes());
        if o.seconds() % 60 == 0 {
            assert_eq!(
                s.as_str(),
                format!("{}{}", ref_rfc3339(local, digits as usize), ref_offset(o))
            );
        }
        if local_ok {
            let back = Timestamp::parse_o(&s).unwrap();
            assert_eq!(back.unix_secs(), t.unix_secs(), "{s}");
        }
    }
}

#[test]
fn round_trip_across_the_range() {
    let mut rng = Rng(0x5EED);
    let (min, max) = (Timestamp::MIN.unix_secs(), Timestamp::MAX.unix_secs());
    let limit = Offset::MAX.seconds() as i64;
    for i in 0..100_000 {
        let secs = match i % 4 {
            // Near the ends of the range, and near the epoch.
            0 => min + rng.range(0, 200_000),
            1 => max - rng.range(0, 200_000),
            2 => rng.range(-200_000, 200_000),
            _ => rng.range(min, max),
        };
        let nanos = match rng.next() % 3 {
            0 => 0,
            1 => rng.range(0, 9_999_999) as u32 * 100,
            _ => rng.range(0, 999_999_999) as u32,
        };
        let o = match rng.next() % 3 {
            0 => rng.range(-26, 26) as i32 * 3600 % (limit as i32 + 1),
            1 => rng.range(-limit / 60, limit / 60) as i32 * 60,
            _ => rng.range(-limit, limit) as i32,
        };
        check_round_trip(ts(secs, nanos), off(o));
    }
    for (t, o) in [
        (Timestamp::MIN, Offset::MIN),
        (Timestamp::MIN, Offset::MAX),
        (Timestamp::MAX, Offset::MIN),
        (Timestamp::MAX, Offset::MAX),
        (Timestamp::UNIX_EPOCH, Offset::UTC),
    ] {
        check_round_trip(t, o);
    }
}

#[test]
fn parse_accepts_the_variant_forms() {
    let t = ts(JULY_15, 0);
    for s in [
        "2026-07-15T12:00:00Z",
        "2026-07-15t12:00:00z",
        "2026-07-15 12:00:00Z",
        "2026-07-15T12:00:00.0Z",
        "2026-07-15T12:00:00.000000000Z",
        "2026-07-15T05:00:00-07:00",
        "2026-07-15T12:00:00+00:00",
        "2026-07-15T12:00:00-00:00",
        "2026-07-15T13:00:00.000+01:00",
        "2026-07-15T13:00:00.000+01:00",
    ] {
        assert_eq!(Timestamp::parse_rfc3339(s), Ok(t), "{s}");
        assert_eq!(Timestamp::parse_o(s), Ok(t), "{s}");
        assert_eq!(s.parse::<Timestamp>(), Ok(t), "{s}");
    }
    for s in [
        "+002026-07-15T12:00:00Z",
        "2026-07-15T05:00:00.0000000-07:00:00",
        "2026-07-15T04:59:30-07:00:30",
    ] {
        assert_eq!(Timestamp::parse_o(s), Ok(t), "{s}");
    }
    assert_eq!(
        parse_o(b"2026-07-15T05:00:00.1234567-07:52:58"),
        Ok((dt(2026, 7, 15, 5, 0, 0, 123_456_700), Some(off(-(7 * 3600 + 52 * 60 + 58)))))
    );
    assert_eq!(parse_o(b"2026-07-15T05:00:00"), Ok((dt(2026, 7, 15, 5, 0, 0, 0), None)));
    assert_eq!(
        parse_o(b"2026-07-15T05:00:00.5"),
        Ok((dt(2026, 7, 15, 5, 0, 0, 500_000_000), None))
    );
    assert_eq!(
        parse_o(b"2026-07-15T05:00:00.000000001z"),
        Ok((dt(2026, 7, 15, 5, 0, 0, 1), Some(Offset::UTC)))
    );
    // Leap years, including the century rules and negative years.
    for y in [2000, 2024, 0, -4, -400, 1600] {
        assert!(DateTime::parse_o(&format!("{}-02-29T00:00:00", ref_year(y))).is_ok(), "{y}");
    }
    // Every fraction length.
    let mut s = String::from("2026-07-15T12:00:00.");
    for digits in 1..=9u32 {
        s.push(char::from(b'0' + digits as u8));
        let frac = s[20..].parse::<u32>().unwrap() * 10u32.pow(9 - digits);
        assert_eq!(Timestamp::parse_o(&format!("{s}Z")), Ok(ts(JULY_15, frac)));
        assert_eq!(DateTime::parse_o(&s), Ok(dt(2026, 7, 15, 12, 0, 0, frac)));
    }
}

#[test]
fn parse_rejects_out_of_range_fields() {
    let cases: &[(&str, usize, ParseErrorKind)] = &[
        ("2026-00-15T05:00:00Z", 5, OutOfRange("month")),
        ("2026-13-15T05:00:00Z", 5, OutOfRange("month")),
        ("2026-07-00T05:00:00Z", 8, OutOfRange("day")),
        ("2026-07-32T05:00:00Z", 8, OutOfRange("day")),
        ("2026-04-31T05:00:00Z", 8, OutOfRange("day")),
        ("2025-02-29T05:00:00Z", 8, OutOfRange("day")),
        ("1900-02-29T05:00:00Z", 8, OutOfRange("day")),
        ("-000100-02-29T05:00:00Z", 11, OutOfRange("day")),
        ("2026-07-15T24:00:00Z", 11, OutOfRange("hour")),
        ("2026-07-15T05:60:00Z", 14, OutOfRange("minute")),
        ("2026-07-15T05:00:60Z", 17, OutOfRange("second")), // no leap seconds
        ("2026-12-31T23:59:60Z", 17, OutOfRange("second")),
        ("2026-07-15T05:00:00.1234567+26:00", 28, OutOfRange("offset hour")),
        ("2026-07-15T05:00:00.1234567-26:00", 28, OutOfRange("offset hour")),
        ("2026-07-15T05:00:00.1234567+25:60", 31, OutOfRange("offset minute")),
        ("2026-07-15T05:00:00+25:59:60", 26, OutOfRange("offset second")),
        ("2026-07-15T05:00:00.1234567-99:00", 28, OutOfRange("offset hour")),
        // Valid fields, but the instant is outside Timestamp's range.
        ("9999-12-31T00:00:00Z", 0, OutOfRange("timestamp")),
        ("9999-12-30T22:00:01Z", 0, OutOfRange("timestamp")),
        ("9999-12-30T21:00:01-01:00", 0, OutOfRange("timestamp")),
        ("-009999-01-02T01:59:58.9999999Z", 0, OutOfRange("timestamp")),
        ("-009999-01-02T02:59:58+01:00", 0, OutOfRange("timestamp")),
    ];
    for &(s, pos, kind) in cases {
        assert_eq!(err(Timestamp::parse_o(s)), (pos, kind), "{s}");
    }
    // The civil range is wider than Timestamp's.
    assert!(parse_o(b"9999-12-31T23:59:59.9999999+25:59").is_ok());
    assert!(parse_o(b"-009999-01-01T00:00:00.0000000Z").is_ok());
    assert_eq!(Timestamp::parse_o("9999-12-30T23:00:00.999999999+01:00"), Ok(Timestamp::MAX));
    assert_eq!(Timestamp::parse_o("-009999-01-02T02:59:59+01:00"), Ok(Timestamp::MIN));
    assert_eq!(Timestamp::parse_o("2026-07-15T05:00:00+25:59:59").map(|_| ()), Ok(()));
}

#[test]
fn offsets_required_or_refused() {
    // A Timestamp needs one...
    assert_eq!(err(Timestamp::parse_o("2026-07-15T05:00:00.1234567")), (27, END));
    assert_eq!(err(Timestamp::parse_rfc3339("2026-07-15T05:00:00")), (19, END));
    assert_eq!(err("2026-07-15T05:00:00".parse::<Timestamp>()), (19, END));
    // ...and a DateTime refuses one.
    assert_eq!(err(DateTime::parse_o("2026-07-15T05:00:00.1234567Z")), (27, TRAILING));
    assert_eq!(err(DateTime::parse_o("2026-07-15T05:00:00-07:00")), (19, TRAILING));
    assert_eq!(err("2026-07-15T05:00:00.1234567+01:00".parse::<DateTime>()), (27, TRAILING));
}

#[test]
fn rfc3339_is_stricter_than_o() {
    let cases: &[(&str, usize, ParseErrorKind)] = &[
        ("+002026-07-15T05:00:00Z", 0, bad("digit", b'+')),
        ("-000044-07-15T05:00:00Z", 0, bad("digit", b'-')),
        ("2026-07-15T05:00:00+05:30:15", 25, TRAILING),
        ("2026-07-15T05:00:00.0000000000Z", 29, bad("'Z', '+', '-' or end", b'0')),
        ("2026-07-15T05:00:00+0530", 22, bad("':'", b'3')),
        ("2026-07-15T05:00:00.Z", 20, bad("digit", b'Z')),
        ("2026-07-15T05:00:00 Z", 19, bad("'.', 'Z', '+', '-' or end", b' ')),
        ("2026-07-15T5:00:00Z", 12, bad("digit", b':')),
        ("2026-7-15T05:00:00Z", 6, bad("digit", b'-')),
        ("2026-07-15_05:00:00Z", 10, bad("'T'", b'_')),
        ("2026-07-15T05:00Z", 16, bad("':'", b'Z')),
        ("2026-07-15T05:00:00ZZ", 20, TRAILING),
        ("2026-07-15T05:00:00+05:30Z", 25, TRAILING),
        (" 2026-07-15T05:00:00Z", 0, bad("digit", b' ')),
    ];
    for &(s, pos, kind) in cases {
        assert_eq!(err(Timestamp::parse_rfc3339(s)), (pos, kind), "{s}");
    }
}

#[test]
fn every_prefix_ends_early() {
    for valid in [
        "2026-07-15T05:00:00.1234567-07:00",
        "2026-07-15T12:00:00.1234567Z",
        "-000044-03-15T12:00:00.5+05:30:15",
        "+000000-01-01T00:00:00Z",
    ] {
        assert!(Timestamp::parse_o(valid).is_ok(), "{valid}");
        for n in 0..valid.len() {
            let prefix = &valid[..n];
            if prefix.ends_with("+05:30") {
                // Complete without the offset's seconds.
                assert!(Timestamp::parse_o(prefix).is_ok());
                continue;
            }
            assert_eq!(err(Timestamp::parse_o(prefix)), (n, END), "{prefix:?}");
        }
    }
    // For parse_o, the prefixes that stop after the seconds or a fraction digit are complete.
    let valid = "2026-07-15T05:00:00.1234567-07:00";
    for n in 0..valid.len() {
        let prefix = &valid.as_bytes()[..n];
        match n {
            19 | 21..=27 => assert!(parse_o(prefix).is_ok(), "{n}"),
            _ => assert_eq!(err(parse_o(prefix)), (n, END), "{n}"),
        }
    }
}

#[test]
fn a_bad_byte_anywhere_is_reported_where_it_is() {
    for valid in [
        "2026-07-15T05:00:00.1234567-07:00",
        "2026-07-15T12:00:00.1234567Z",
        "-000044-03-15T12:00:00.123+05:30:15",
    ] {
        for i in 0..valid.len() {
            for b in [b'x', 0xFF, 0x00, 0x80, b'/'] {
                let mut s = valid.as_bytes().to_vec();
                s[i] = b;
                let (pos, kind) = err(parse_o(&s));
                assert_eq!(pos, i, "{i} {b:#x} in {valid}");
                // Past a complete `+hh:mm`, the rest is trailing input.
                let complete = valid[..i].ends_with("+05:30");
                assert!(
                    matches!(kind, ParseErrorKind::InvalidCharacter { found, .. } if found == b)
                        || (complete && kind == TRAILING),
                    "{i} {kind:?}"
                );
            }
            // A multi-byte character in a `str`: the position of its first byte.
            let s = format!("{}é{}", &valid[..i], &valid[i + 1..]);
            let (pos, kind) = err(Timestamp::parse_o(&s));
            assert_eq!(pos, i, "{s}");
            let complete = valid[..i].ends_with("+05:30");
            assert!(
                matches!(kind, ParseErrorKind::InvalidCharacter { found: 0xC3, .. })
                    || (complete && kind == TRAILING),
                "{s}"
            );
            // Extra text after a complete value.
            let s = format!("{valid}é");
            assert_eq!(err(Timestamp::parse_o(&s)), (valid.len(), TRAILING));
        }
    }
}

#[test]
fn error_positions_and_messages() {
    let e = DateTime::parse_o("2026-07x15T05:00:00").unwrap_err();
    assert_eq!((e.position(), e.kind()), (7, bad("'-'", b'x')));
    assert_eq!(e.to_string(), "invalid date-time at byte 7: expected '-', found 'x'");
    let e = Timestamp::parse_o("2026-07-15T05:00:00.12345é").unwrap_err();
    assert_eq!(e.position(), 25);
    assert_eq!(
        e.to_string(),
        "invalid date-time at byte 25: expected digit, 'Z', '+', '-' or end, found byte 0xC3"
    );
    let e = Timestamp::parse_o("2026-07-15T05:00").unwrap_err();
    assert_eq!(e.to_string(), "invalid date-time at byte 16: unexpected end of input");
    let e = Timestamp::parse_o("2026-07-15T05:00:00.1234567-07:00 ").unwrap_err();
    assert_eq!(e.to_string(), "invalid date-time at byte 33: unexpected trailing input");
    let e = Timestamp::parse_o("2026-07-15T24:00:00Z").unwrap_err();
    assert_eq!(e.to_string(), "invalid date-time at byte 11: hour out of range");
    let e = Timestamp::parse_o("2026-07-15T05:00:00 Z").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid date-time at byte 19: expected '.', 'Z', '+', '-' or end, found ' '"
    );
    let e: &dyn std::error::Error = &e;
    assert!(e.source().is_none());
    assert_eq!(err(parse_o(b"")), (0, END));
    assert_eq!(err(parse_o(b"\xF0\x9F\x98\x80")), (0, bad("digit", 0xF0)));
}

#[test]
fn arbitrary_bytes_never_panic() {
    let seeds: [&[u8]; 5] = [
        b"2026-07-15T05:00:00.1234567-07:00",
        b"2026-07-15T12:00:00.1234567Z",
        b"-000044-03-15T12:00:00.123456789+05:30:15",
        b"07/15/2026 05:00:00",
        b"9999-12-30T23:59:59.9999999Z",
    ];
    let alphabet = b"0123456789-+:.TtZz /\xC3\xA9\xFF\x00";
    let mut rng = Rng(42);
    let mut ok = 0;
    for i in 0..200_000 {
        let mut s: Vec<u8> = seeds[i % seeds.len()].to_vec();
        for _ in 0..rng.range(1, 3) {
            let at = rng.range(0, s.len() as i64) as usize;
            let b = alphabet[rng.range(0, alphabet.len() as i64 - 1) as usize];
            match rng.next() % 3 {
                0 if at < s.len() => s[at] = b,
                1 => s.insert(at, b),
                _ => s.truncate(at),
            }
        }
        if let Ok((d, o)) = parse_o(&s) {
            ok += 1;
            // Whatever parses, formats and parses back to the same value (to ticks).
            let text = match o {
                None => d.format_o(),
                Some(o) => match d.to_timestamp(o) {
                    Ok(t) => zoned(t, o).format_o(),
                    Err(_) => continue,
                },
            };
            assert_eq!(parse_o(text.as_bytes()), Ok((truncate_dt(d, 7), o)));
        }
        let text = String::from_utf8_lossy(&s);
        let _ = Timestamp::parse_o(&text);
        let _ = Timestamp::parse_rfc3339(&text);
        let _ = DateTime::parse_o(&text);
        let _ = DateTime::parse_g(&text);
    }
    assert!(ok > 1000, "{ok}");
}

#[test]
fn writers_report_the_space_needed() {
    let t = ts(JULY_15, 0);
    let mut exact = [0u8; 28];
    assert_eq!(t.write_o(&mut exact), Ok(28));
    assert_eq!(&exact, b"2026-07-15T12:00:00.0000000Z");
    let mut short = [0u8; 27];
    let e = t.write_o(&mut short).unwrap_err();
    assert_eq!(e.needed(), 28);
    assert_eq!(e.to_string(), "output buffer too small: 28 bytes needed");
    assert_eq!(short, [0u8; 27]);
    let z = zoned(t, off(-(7 * 3600 + 52 * 60 + 58)));
    assert_eq!(z.write_o(&mut [0u8; 35]), Err(BufferTooSmall::new(36)));
    assert_eq!(z.write_rfc3339(9, &mut [0u8; 64]), Ok(35));
    assert_eq!(t.write_rfc3339(0, &mut [0u8; 19]).unwrap_err().needed(), 20);
    assert_eq!(dt(-1, 1, 1, 0, 0, 0, 0).write_o(&mut [0u8; 30]), Ok(30));
    // The longest text of all fits in a FormatBuf.
    let longest = zoned(ts(-62_198_755_200, 5), off(-(7 * 3600 + 52 * 60 + 58)));
    assert_eq!(longest.format_o().len(), 39);
    let t2 = ts(-62_198_755_200, 5).checked_add_secs(-10 * 86_400).unwrap();
    assert_eq!(zoned(t2, Offset::MAX).format_rfc3339(9).len(), 38);
}

#[test]
fn format_buf_behaves_like_a_str() {
    let s = ts(JULY_15, 0).format_o();
    let copy = s;
    assert_eq!(copy, s);
    assert_eq!(s.len(), 28);
    assert_eq!(s.as_bytes().len(), 28);
    assert!(s.ends_with('Z'));
    let r: &str = s.as_ref();
    assert_eq!(r, "2026-07-15T12:00:00.0000000Z");
    assert_eq!(format!("{s}"), r);
    assert_eq!(format!("{s:>30}"), format!("  {r}"));
    assert_eq!(format!("{s:?}"), format!("{r:?}"));
    assert_eq!(format!("{:>30}", ts(JULY_15, 0)), format!("  {r}"));
    assert!("2026-07-15T12:00:00.0000000Z" == s);
    let mut set = std::collections::HashSet::new();
    set.insert(s);
    assert!(set.contains(&copy));
    assert_eq!(core::mem::size_of::<FormatBuf>(), 48);
    assert_eq!(s.to_string(), r);
}
