//! Golden files: `zdump -v` output for the zones with the hardest histories (committed, made
//! by scripts/gen-golden.sh from the same tzdata release as the embedded database), compared
//! with the embedded zones. Runs everywhere, including machines without zdump or tzdata.

mod common;

use common::zdump;
use core_time::{DateTime, Disambiguation, LocalTimeError, Offset, TimeZone, Timestamp};

const LO: i64 = -2_208_902_400; // 1900-01-02T00:00:00Z
const HI: i64 = 4_102_272_000; // 2099-12-31T00:00:00Z

fn embedded(name: &str) -> TimeZone {
    TimeZone::from_tzif(name, core_time::tz::embedded_tzif(name).unwrap()).unwrap()
}

#[test]
fn golden_zones_match_zdump_output() {
    let version = include_str!("golden/VERSION");
    assert_eq!(version.trim(), format!("# version {}", core_time::tz::embedded_version()));
    let files = [
        ("Europe/Dublin", include_str!("golden/Europe_Dublin.zdump")),
        ("Antarctica/Troll", include_str!("golden/Antarctica_Troll.zdump")),
        ("Pacific/Apia", include_str!("golden/Pacific_Apia.zdump")),
        ("America/Sao_Paulo", include_str!("golden/America_Sao_Paulo.zdump")),
        ("Asia/Gaza", include_str!("golden/Asia_Gaza.zdump")),
        ("Australia/Lord_Howe", include_str!("golden/Australia_Lord_Howe.zdump")),
        ("Pacific/Kiritimati", include_str!("golden/Pacific_Kiritimati.zdump")),
        ("America/Los_Angeles", include_str!("golden/America_Los_Angeles.zdump")),
    ];
    for (name, text) in files {
        let lines = zdump::parse(text);
        assert!(lines.len() > 4, "{name}");
        zdump::check(&embedded(name), &lines, LO, HI).unwrap();
    }
}

fn dt(y: i32, mo: u8, d: u8, h: u8, mi: u8) -> DateTime {
    DateTime::new(y, mo, d, h, mi, 0, 0).unwrap()
}

#[test]
fn apia_skipped_a_whole_day() {
    let tz = embedded("Pacific/Apia");
    // 2011-12-29 23:59:59 -10:00 was followed by 2011-12-31 00:00:00 +14:00.
    let e = tz.to_utc(dt(2011, 12, 30, 12, 0), Disambiguation::Reject).unwrap_err();
    assert_eq!(
        e,
        LocalTimeError::Gap {
            before: Offset::from_hours(-10).unwrap(),
            after: Offset::from_hours(14).unwrap()
        }
    );
    let later = tz.to_zoned(dt(2011, 12, 30, 12, 0), Disambiguation::Compatible).unwrap();
    assert_eq!(later.datetime(), dt(2011, 12, 31, 12, 0));
    let earlier = tz.to_zoned(dt(2011, 12, 30, 12, 0), Disambiguation::Earlier).unwrap();
    assert_eq!(earlier.datetime(), dt(2011, 12, 29, 12, 0));
}

#[test]
fn lord_howe_half_hour_daylight_time() {
    let tz = embedded("Australia/Lord_Howe");
    let summer = tz.to_local(Timestamp::from_unix(1_768_478_400, 0).unwrap()); // 2026-01-15
    let winter = tz.to_local(Timestamp::from_unix(1_784_116_800, 0).unwrap()); // 2026-07-15
    assert_eq!(summer.offset().seconds(), 11 * 3600);
    assert_eq!(winter.offset().seconds(), 10 * 3600 + 1800);
    assert!(summer.is_dst() && !winter.is_dst());
    // The spring-forward gap is 30 minutes long: 02:00..02:30 local on 2026-10-04.
    assert!(tz.to_utc(dt(2026, 10, 4, 2, 15), Disambiguation::Reject).is_err());
    assert!(tz.to_utc(dt(2026, 10, 4, 2, 30), Disambiguation::Reject).is_ok());
}

#[test]
fn dublin_and_troll_have_their_odd_rules_past_the_table() {
    // Far-future instants use the footer rule through the per-year cache.
    let dublin = embedded("Europe/Dublin");
    let troll = embedded("Antarctica/Troll");
    let kiri = embedded("Pacific/Kiritimati");
    for year in [2050, 2090, 2200, 2500, 9000] {
        let jan = DateTime::new(year, 1, 15, 12, 0, 0, 0).unwrap();
        let jul = DateTime::new(year, 7, 15, 12, 0, 0, 0).unwrap();
        let t = |tz: &TimeZone, d| tz.to_utc(d, Disambiguation::Reject).unwrap();
        assert_eq!(dublin.offset_at(t(&dublin, jan)).seconds(), 0, "{year}");
        assert_eq!(dublin.offset_at(t(&dublin, jul)).seconds(), 3600, "{year}");
        assert_eq!(dublin.abbreviation(t(&dublin, jan)).as_str(), "GMT");
        assert_eq!(dublin.abbreviation(t(&dublin, jul)).as_str(), "IST");
        assert_eq!(troll.offset_at(t(&troll, jan)).seconds(), 0);
        assert_eq!(troll.offset_at(t(&troll, jul)).seconds(), 7200);
        assert_eq!(kiri.offset_at(t(&kiri, jul)).seconds(), 14 * 3600);
    }
}
