//! The "O" / RFC 3339 / "G" parsers of `core_time::fmt` on arbitrary bytes: nothing panics,
//! and whatever parses formats and parses back to the same value (to 100 ns ticks for "O",
//! exactly for RFC 3339 with nine digits).
#![no_main]

use core_time::fmt::{parse_o, ParseErrorKind};
use core_time::{Abbreviation, DateTime, Offset, Timestamp, Zoned};
use libfuzzer_sys::fuzz_target;

/// `dt` with its nanoseconds cut to `digits` fraction digits.
fn truncate(dt: DateTime, digits: u32) -> DateTime {
    let unit = 10u32.pow(9 - digits);
    let ns = dt.nanosecond() / unit * unit;
    DateTime::new(dt.year(), dt.month(), dt.day(), dt.hour(), dt.minute(), dt.second(), ns)
        .expect("a parsed date-time is valid")
}

fn check_instant(t: Timestamp, offset: Offset) {
    // "O" in UTC.
    let s = t.format_o();
    let back = Timestamp::parse_o(&s).expect("format_o parses");
    assert_eq!(back.unix_secs(), t.unix_secs(), "{s}");
    assert_eq!(back.subsec_nanos(), t.subsec_nanos() / 100 * 100, "{s}");
    assert_eq!(s.parse::<Timestamp>(), Ok(back));

    // RFC 3339 at every precision; nine digits is exact.
    for digits in 0..=9u8 {
        let s = t.format_rfc3339(digits);
        let back = Timestamp::parse_o(&s).expect("format_rfc3339 parses");
        let utc = t.to_datetime(Offset::UTC);
        assert_eq!(back.to_datetime(Offset::UTC), truncate(utc, digits as u32), "{s}");
        if utc.year() >= 0 {
            assert_eq!(Timestamp::parse_rfc3339(&s), Ok(back), "{s}");
        }
    }
    assert_eq!(Timestamp::parse_o(&t.format_rfc3339(9)), Ok(t));

    // The zone's view: "O" keeps the offset, RFC 3339 the instant.
    let z = Zoned::new(t, offset, Abbreviation::UTC, false);
    let s = z.format_o();
    let local = truncate(z.datetime(), 7);
    assert_eq!(parse_o(s.as_bytes()), Ok((local, Some(offset))), "{s}");
    assert_eq!(Timestamp::parse_o(&z.format_rfc3339(9)), Ok(t));
    assert_eq!(DateTime::parse_g(&z.format_g()), Ok(truncate(z.datetime(), 0)));
}

fuzz_target!(|data: &[u8]| {
    let parsed = parse_o(data);

    // The `str` entry points see the same bytes when they are UTF-8, and never panic on any.
    let text = String::from_utf8_lossy(data);
    let timestamp = Timestamp::parse_o(&text);
    let _ = Timestamp::parse_rfc3339(&text);
    let datetime = DateTime::parse_o(&text);
    let _ = DateTime::parse_g(&text);
    let exact = text.as_bytes() == data;

    let Ok((dt, offset)) = parsed else {
        if exact {
            assert!(timestamp.is_err() && datetime.is_err());
        }
        return;
    };

    // The wall-clock reading: "O" to ticks, "G" to seconds.
    let s = dt.format_o();
    assert_eq!(DateTime::parse_o(&s), Ok(truncate(dt, 7)), "{s}");
    assert_eq!(parse_o(s.as_bytes()), Ok((truncate(dt, 7), None)));
    assert_eq!(DateTime::parse_g(&dt.format_g()), Ok(truncate(dt, 0)));

    match offset {
        None => {
            if exact {
                assert_eq!(datetime, Ok(dt));
                assert_eq!(timestamp.map_err(|e| e.kind()), Err(ParseErrorKind::UnexpectedEnd));
            }
        }
        Some(offset) => match dt.to_timestamp(offset) {
            Ok(t) => {
                if exact {
                    assert_eq!(timestamp, Ok(t));
                    assert_eq!(datetime.map_err(|e| e.kind()), Err(ParseErrorKind::TrailingInput));
                }
                check_instant(t, offset);
            }
            Err(_) => {
                if exact {
                    let kind = timestamp.map_err(|e| e.kind());
                    assert_eq!(kind, Err(ParseErrorKind::OutOfRange("timestamp")));
                }
            }
        },
    }
});
