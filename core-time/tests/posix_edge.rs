//! POSIX rules whose start and end meet, read through `TimeZone` (its transition iterators
//! and offsets must agree with `PosixTz::local_at` and with glibc's reading).

use core_time::{TimeZone, Timestamp};

fn ts(secs: i64) -> Timestamp {
    Timestamp::from_unix_secs(secs).unwrap()
}

#[test]
fn start_and_end_at_one_instant_list_no_transition() {
    // 2026-10-25 01:00 UTC is both 02:00 CET (the start) and 03:00 CEST (the end).
    let tz = TimeZone::from_posix("CET-1CEST,M10.5.0,M10.5.0/3").unwrap();
    let instant = 1_792_890_000;
    assert_eq!(tz.transitions_after(ts(instant - 86_400 * 400)).next(), None);
    assert_eq!(tz.transitions_before(ts(instant + 86_400 * 400)).next(), None);
    for t in [instant - 1, instant, instant + 1, instant - 180 * 86_400] {
        assert_eq!(tz.offset_at(ts(t)).seconds(), 3600, "{t}");
    }
}

#[test]
fn start_and_end_as_one_local_time_keep_the_short_standard_hour() {
    // Start and end are the same rule at the same local time: read as standard time for the
    // start and daylight time for the end, the end comes an hour before the start in UTC, so
    // standard time lasts that one hour each year and daylight time the rest (glibc agrees:
    // `TZ='<-04>4<-03>,M4.1.6/24,M4.1.6/24' date` shows -03 in January and July).
    let tz = TimeZone::from_posix("<-04>4<-03>,M4.1.6/24,M4.1.6/24").unwrap();
    let jan = 1_768_478_400; // 2026-01-15 12:00 UTC
    let jul = 1_784_116_800; // 2026-07-15 12:00 UTC
    assert_eq!(tz.offset_at(ts(jan)).seconds(), -3 * 3600);
    assert_eq!(tz.offset_at(ts(jul)).seconds(), -3 * 3600);
    let changes: Vec<_> = tz.transitions_after(ts(jan)).take(2).collect();
    assert_eq!(changes.len(), 2);
    assert_eq!(changes[1].timestamp().unix_secs() - changes[0].timestamp().unix_secs(), 3600);
    assert_eq!(changes[0].offset().seconds(), -4 * 3600);
}

#[test]
fn start_and_end_at_one_instant_end_a_period_carried_from_the_year_before() {
    // Start: the last Sunday of January at 02:00; end: the fourth Sunday of January at 03:00.
    // In a January with five Sundays the end comes first and daylight time runs from the
    // start (the fifth Sunday) into the next year; in a January with four the two rules give
    // one instant, which ends that period (standard time from then on).
    let tz = TimeZone::from_posix("CET-1CEST,M1.5.0,M01.4.0/3").unwrap();
    // January 2023 has five Sundays (1, 8, 15, 22, 29); January 2024 four (7, 14, 21, 28).
    let start_2023 = 1_674_954_000; // 2023-01-29 01:00 UTC
    let end_2024 = 1_706_403_600; // 2024-01-28 01:00 UTC
    let changes: Vec<_> = tz
        .transitions_after(ts(start_2023 - 1))
        .take(2)
        .map(|t| (t.timestamp().unix_secs(), t.offset().seconds()))
        .collect();
    assert_eq!(changes, [(start_2023, 7200), (end_2024, 3600)]);
    assert_eq!(tz.offset_at(ts(end_2024 - 1)).seconds(), 7200);
    assert_eq!(tz.offset_at(ts(end_2024)).seconds(), 3600);
    assert_eq!(tz.offset_at(ts(end_2024 + 100 * 86_400)).seconds(), 3600);
    let back: Vec<_> =
        tz.transitions_before(ts(end_2024)).take(2).map(|t| t.timestamp().unix_secs()).collect();
    assert_eq!(back, [end_2024, start_2023]);
}

#[test]
fn zone_errors_expose_the_parse_error_they_wrap() {
    use std::error::Error;
    let e = TimeZone::from_posix("CET-1CEST,M13.5.0").unwrap_err();
    let source = e.source().expect("a POSIX error wraps the parser's error");
    assert_eq!(source.to_string(), e.to_string());
    let e = TimeZone::from_tzif("bad", b"not a TZif file").unwrap_err();
    assert!(e.source().is_some(), "{e}");
}
