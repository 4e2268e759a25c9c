//! Differential tests against two implementations written elsewhere:
//!
//! * jiff, which on Linux loads the very `/usr/share/zoneinfo` files that `TimeZone::get`
//!   loads, so everything must agree exactly: offset, abbreviation, DST flag, civil fields,
//!   the kind of every local time (unique, gap, overlap, with both offsets), all four
//!   disambiguations, and the lists of transitions, far into the future too;
//! * chrono-tz, which compiles its own bundled copy of the tz source; it is compared with our
//!   embedded copy (`tz::embedded_tzif`) of the same release on offsets and abbreviations for
//!   1970..=2037.
//!
//! The embedded copy of each zone is compared with jiff reading the same bytes (so neither
//! comparison depends on the release of the machine's `tzdata`), and POSIX TZ strings with
//! `jiff::tz::TimeZone::posix`.
//!
//! Tests that need the system database skip, with a message, where it is missing, and fail
//! when the `CI` environment variable is set (as do a chrono-tz whose tz release differs from
//! the embedded copy's); see `common::missing`. Case
//! counts keep the whole file well under 30 s in a debug build.

mod common;

use core_time::{DateTime, Disambiguation, LocalTimeError, Offset, TimeZone, Timestamp};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError};
use std::sync::OnceLock;

// ------------------------------------------------------------------------------------------
// Glue between the crates' types.

const NANOS: i128 = 1_000_000_000;

fn ts(secs: i64, nanos: u32) -> Timestamp {
    Timestamp::from_unix(secs, nanos).expect("timestamp in range")
}

fn to_jiff(t: Timestamp) -> jiff::Timestamp {
    let n = t.unix_secs() as i128 * NANOS + t.subsec_nanos() as i128;
    jiff::Timestamp::from_nanosecond(n).expect("timestamp in jiff's range")
}

fn from_jiff(t: jiff::Timestamp) -> Timestamp {
    let n = t.as_nanosecond();
    ts(n.div_euclid(NANOS) as i64, n.rem_euclid(NANOS) as u32)
}

/// Civil fields, in a form both crates convert to.
type Civil = (i32, u8, u8, u8, u8, u8, u32);

fn civil(d: DateTime) -> Civil {
    (d.year(), d.month(), d.day(), d.hour(), d.minute(), d.second(), d.nanosecond())
}

fn civil_jiff(d: jiff::civil::DateTime) -> Civil {
    (
        d.year() as i32,
        d.month() as u8,
        d.day() as u8,
        d.hour() as u8,
        d.minute() as u8,
        d.second() as u8,
        d.subsec_nanosecond() as u32,
    )
}

fn to_jiff_dt(d: DateTime) -> jiff::civil::DateTime {
    jiff::civil::DateTime::new(
        d.year() as i16,
        d.month() as i8,
        d.day() as i8,
        d.hour() as i8,
        d.minute() as i8,
        d.second() as i8,
        d.nanosecond() as i32,
    )
    .expect("civil datetime in jiff's range")
}

/// The wall-clock reading `secs` seconds (plus `nanos`) after 1970-01-01T00:00:00.
fn local(secs: i64, nanos: u32) -> DateTime {
    ts(secs, nanos).to_datetime(Offset::UTC)
}

/// Seconds of a wall-clock reading since 1970-01-01T00:00:00 (nanoseconds dropped).
fn local_secs(d: DateTime) -> i64 {
    d.to_timestamp(Offset::UTC).expect("in range").unix_secs()
}

/// 00:00:00 UTC on the first of January of `year`, in Unix seconds.
fn year_start(year: i32) -> i64 {
    local_secs(DateTime::date(year, 1, 1).expect("valid date"))
}

// ------------------------------------------------------------------------------------------
// The checks, each returning a description of the first disagreement.

/// Offset, abbreviation, DST flag.
type State = (i32, String, bool);
/// A transition: instant, then the state from it on.
type Tr = (i64, State);

fn jiff_state(info: &jiff::tz::TimeZoneOffsetInfo<'_>) -> State {
    (info.offset().seconds(), info.abbreviation().to_string(), info.dst().is_dst())
}

/// `t` converted to local time by both crates.
fn check_instant(
    name: &str,
    ours: &TimeZone,
    jz: &jiff::tz::TimeZone,
    t: Timestamp,
) -> Result<(), String> {
    let z = ours.to_local(t);
    let mine =
        (z.offset().seconds(), z.abbreviation().to_string(), z.is_dst(), civil(z.datetime()));
    let jt = to_jiff(t);
    let info = jz.to_offset_info(jt);
    let theirs = (
        info.offset().seconds(),
        info.abbreviation().to_string(),
        info.dst().is_dst(),
        civil_jiff(info.offset().to_datetime(jt)),
    );
    if mine != theirs {
        return Err(format!(
            "{name} ({:?}): UTC->local at unix {}.{:09}: \
             ours (offset, abbr, dst, civil) = {mine:?}, jiff = {theirs:?}",
            ours.source(),
            t.unix_secs(),
            t.subsec_nanos()
        ));
    }
    let pieces = (ours.offset_at(t), ours.abbreviation(t), ours.is_dst(t), z.timestamp());
    if pieces != (z.offset(), z.abbreviation(), z.is_dst(), t) {
        return Err(format!(
            "{name}: offset_at/abbreviation/is_dst at {t:?} give {pieces:?}, to_local gives {z:?}"
        ));
    }
    Ok(())
}

/// How a wall-clock reading maps to instants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Unique(i32),
    Gap(i32, i32),
    Overlap(i32, i32),
    OutOfRange,
}

const DISAMBIGUATIONS: [(Disambiguation, jiff::tz::Disambiguation); 4] = [
    (Disambiguation::Compatible, jiff::tz::Disambiguation::Compatible),
    (Disambiguation::Earlier, jiff::tz::Disambiguation::Earlier),
    (Disambiguation::Later, jiff::tz::Disambiguation::Later),
    (Disambiguation::Reject, jiff::tz::Disambiguation::Reject),
];

/// `dt` converted to an instant by both crates: the kind of the reading (with its offsets)
/// and the answer under each disambiguation.
fn check_local(
    name: &str,
    ours: &TimeZone,
    jz: &jiff::tz::TimeZone,
    dt: DateTime,
) -> Result<(), String> {
    let amb = jz.to_ambiguous_timestamp(to_jiff_dt(dt));
    let theirs = match amb.offset() {
        jiff::tz::AmbiguousOffset::Unambiguous { offset } => Kind::Unique(offset.seconds()),
        jiff::tz::AmbiguousOffset::Gap { before, after } => {
            Kind::Gap(before.seconds(), after.seconds())
        }
        jiff::tz::AmbiguousOffset::Fold { before, after } => {
            Kind::Overlap(before.seconds(), after.seconds())
        }
    };
    let mine = match ours.to_utc(dt, Disambiguation::Reject) {
        Ok(t) => Kind::Unique((local_secs(dt) - t.unix_secs()) as i32),
        Err(LocalTimeError::Gap { before, after }) => Kind::Gap(before.seconds(), after.seconds()),
        Err(LocalTimeError::Ambiguous { earlier, later }) => {
            Kind::Overlap(earlier.seconds(), later.seconds())
        }
        Err(_) => Kind::OutOfRange,
    };
    if mine != theirs {
        return Err(format!("{name}: local {dt:?} is {mine:?} for us, {theirs:?} for jiff"));
    }
    for (d, jd) in DISAMBIGUATIONS {
        let a = ours.to_utc(dt, d).ok();
        let b = amb.disambiguate(jd).ok().map(from_jiff);
        if a != b {
            return Err(format!(
                "{name}: local {dt:?} with {d:?}: ours {a:?}, jiff {b:?} ({mine:?})"
            ));
        }
    }
    Ok(())
}

/// Our transitions in `(from, until)`.
fn ours_after(tz: &TimeZone, from: i64, until: i64) -> Vec<Tr> {
    tz.transitions_after(ts(from, 0))
        .take_while(|t| t.timestamp().unix_secs() < until)
        .map(|t| {
            (
                t.timestamp().unix_secs(),
                (t.offset().seconds(), t.abbreviation().to_string(), t.is_dst()),
            )
        })
        .collect()
}

/// Our transitions in `[since, at]`, latest first.
fn ours_before(tz: &TimeZone, at: i64, since: i64) -> Vec<Tr> {
    tz.transitions_before(ts(at, 0))
        .take_while(|t| t.timestamp().unix_secs() >= since)
        .map(|t| {
            (
                t.timestamp().unix_secs(),
                (t.offset().seconds(), t.abbreviation().to_string(), t.is_dst()),
            )
        })
        .collect()
}

/// jiff's transitions in `(from, until)`, leaving out those that change nothing (jiff lists
/// every entry of the file and every rule date; `transitions_after` promises only changes).
fn jiff_after(jz: &jiff::tz::TimeZone, from: i64, until: i64) -> Vec<Tr> {
    let mut prev = jiff_state(&jz.to_offset_info(to_jiff(ts(from, 0))));
    let mut out = Vec::new();
    for tr in jz.following(to_jiff(ts(from, 0))) {
        let at = tr.timestamp().as_second();
        if at >= until {
            break;
        }
        let state = (tr.offset().seconds(), tr.abbreviation().to_string(), tr.dst().is_dst());
        if state != prev {
            prev = state.clone();
            out.push((at, state));
        }
    }
    out
}

/// jiff's transitions in `[since, at]`, latest first, changes only.
fn jiff_before(jz: &jiff::tz::TimeZone, at: i64, since: i64) -> Vec<Tr> {
    let mut out = Vec::new();
    for tr in jz.preceding(to_jiff(ts(at + 1, 0))) {
        let t = tr.timestamp().as_second();
        if t < since {
            break;
        }
        let state = (tr.offset().seconds(), tr.abbreviation().to_string(), tr.dst().is_dst());
        if state != jiff_state(&jz.to_offset_info(to_jiff(ts(t - 1, 0)))) {
            out.push((t, state));
        }
    }
    out
}

fn first_difference(a: &[Tr], b: &[Tr]) -> String {
    let i = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    format!(
        "{} vs {} entries; first difference at #{i}: ours {:?}, jiff {:?}",
        a.len(),
        b.len(),
        a.get(i),
        b.get(i)
    )
}

/// Wall-clock readings around one transition at `t` from offset `before` to `after`:
/// just before the gap or overlap, its first second, middle and last second, just after.
fn local_probes(t: i64, before: i32, after: i32) -> Vec<DateTime> {
    let lo = t + before.min(after) as i64;
    let hi = t + before.max(after) as i64;
    let mut v = vec![(lo - 1, 0), (lo - 1, 999_999_999), (lo, 0), (hi, 0), (hi + 1, 0)];
    if hi > lo {
        v.extend([(lo, 1), ((lo + hi) / 2, 0), (hi - 1, 0), (hi - 1, 999_999_999)]);
    }
    v.into_iter().map(|(s, n)| local(s, n)).collect()
}

/// Compares the transitions in `(from, until)` (both directions of listing), then probes
/// each: the instants either side and half-way to the next, and the local readings around
/// its gap or overlap. Disagreements go to `out`.
fn probe_span(
    name: &str,
    ours: &TimeZone,
    jz: &jiff::tz::TimeZone,
    from: i64,
    until: i64,
    out: &mut Vec<String>,
) {
    let mine = ours_after(ours, from, until);
    let theirs = jiff_after(jz, from, until);
    if mine != theirs {
        out.push(format!(
            "{name}: transitions after {from} before {until}: {}",
            first_difference(&mine, &theirs)
        ));
    }
    let back_mine = ours_before(ours, until - 1, from + 1);
    let back_theirs = jiff_before(jz, until - 1, from + 1);
    if back_mine != back_theirs {
        out.push(format!(
            "{name}: transitions at or before {} back to {}: {}",
            until - 1,
            from + 1,
            first_difference(&back_mine, &back_theirs)
        ));
    }
    let mut prev = from;
    for &(t, (offset, ..)) in &mine {
        let before = ours.offset_at(ts(t - 1, 0)).seconds();
        let instants =
            [ts(prev + (t - prev) / 2, 0), ts(t - 1, 999_999_999), ts(t, 0), ts(t + 1, 0)];
        let results = instants.into_iter().map(|i| check_instant(name, ours, jz, i)).chain(
            local_probes(t, before, offset).into_iter().map(|d| check_local(name, ours, jz, d)),
        );
        out.extend(results.filter_map(Result::err));
        prev = t;
    }
    if let Err(e) = check_instant(name, ours, jz, ts(prev + (until - prev) / 2, 0)) {
        out.push(e);
    }
}

fn assert_no_failures(what: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{what}: {} disagreements (showing up to 40):\n{}",
        failures.len(),
        failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

// ------------------------------------------------------------------------------------------
// The zones under test.

struct Zone {
    name: String,
    /// From `TimeZone::get` (the system database).
    system: TimeZone,
    /// From the embedded copy.
    embedded: TimeZone,
    /// jiff's zone from the system database (the same files as `system`).
    jiff: jiff::tz::TimeZone,
    /// jiff's zone from the embedded copy's bytes (the same data as `embedded`, whatever
    /// release the system has).
    jiff_embedded: jiff::tz::TimeZone,
    chrono: Option<chrono_tz::Tz>,
    /// Our transition instants in 1970..=2040.
    transitions: Vec<i64>,
}

/// Every zone of `available_names`, loaded by all three crates; `None` without a system
/// database (then jiff has no data on Linux).
fn zones() -> Option<&'static [Zone]> {
    static Z: OnceLock<Option<Vec<Zone>>> = OnceLock::new();
    Z.get_or_init(|| {
        if !common::have_zoneinfo() {
            // Fails here under CI, so every test that needs the database fails.
            common::missing("/usr/share/zoneinfo is missing", common::INSTALL_TZDATA);
            return None;
        }
        let (lo, hi) = (year_start(1970), year_start(2041));
        let zones = core_time::tz::available_names()
            .into_iter()
            .map(|name| {
                let system = TimeZone::get(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
                let bytes = core_time::tz::embedded_tzif(&name)
                    .unwrap_or_else(|| panic!("{name} not embedded"));
                let embedded =
                    TimeZone::from_tzif(&name, bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                let jiff =
                    jiff::tz::TimeZone::get(&name).unwrap_or_else(|e| panic!("jiff, {name}: {e}"));
                let jiff_embedded = jiff::tz::TimeZone::tzif(&name, bytes)
                    .unwrap_or_else(|e| panic!("jiff, embedded {name}: {e}"));
                let chrono = name.parse::<chrono_tz::Tz>().ok();
                let transitions =
                    ours_after(&system, lo - 1, hi).into_iter().map(|t| t.0).collect();
                Zone { name, system, embedded, jiff, jiff_embedded, chrono, transitions }
            })
            .collect();
        Some(zones)
    })
    .as_deref()
}

/// The early return of a test without the system database (`zones` has said why, and fails
/// under CI).
fn skipped() {
    eprintln!("skipped: no system time zone database");
}

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

fn fail(e: String) -> TestCaseError {
    TestCaseError::fail(e)
}

#[test]
fn every_zone_loads_from_the_system_database_like_jiff() {
    let Some(zones) = zones() else { return skipped() };
    assert!(zones.len() > 500, "only {} zones", zones.len());
    // `get("UTC")` answers with the built-in fixed zone rather than reading a file.
    let not_file: Vec<_> = zones
        .iter()
        .filter(|z| z.name != "UTC" && !matches!(z.system.source(), core_time::tz::Source::File(_)))
        .map(|z| format!("{} ({:?})", z.name, z.system.source()))
        .collect();
    assert!(not_file.is_empty(), "zones not read from the system database: {not_file:?}");
    eprintln!(
        "embedded tzdb {}, system tzdb {:?}, {} zones, {} also in chrono-tz",
        core_time::tz::embedded_version(),
        core_time::tz::system_version(),
        zones.len(),
        zones.iter().filter(|z| z.chrono.is_some()).count()
    );
}

// ------------------------------------------------------------------------------------------
// 1. UTC -> local, 1970..=2037, every zone, against jiff and chrono-tz.

/// Zones whose chrono-tz answers differ from the system's for 1970..=2037 because chrono-tz
/// compiles the tz source differently, not because of a bug here. Keep the reason with each.
///
/// Since tz 2024b the old rule-named zones are links in the main data (`EET` to
/// Europe/Athens, `MET` to Europe/Brussels, `WET` to Europe/Lisbon), which is what chrono-tz
/// compiles. Debian's tzdata 2025b still ships them as zones of their own (the `backzone`
/// definitions, with EU rules from 1977), and jiff, reading the same files, agrees with us.
/// The embedded copy is the main data unless the `tzdb-backzone` feature selects Debian's,
/// so the list applies only then.
const CHRONO_ALLOW_BACKZONE: &[(&str, &str)] = &[
    (
        "EET",
        "Debian keeps the zone; chrono-tz links it to Europe/Athens (Greek DST dates 1975-1980)",
    ),
    ("MET", "Debian keeps the zone (MET/MEST); chrono-tz links it to Europe/Brussels (CET/CEST)"),
    ("WET", "Debian keeps the zone; chrono-tz links it to Europe/Lisbon (CET in 1992-1996)"),
];

const CHRONO_ALLOW: &[(&str, &str)] =
    if cfg!(feature = "tzdb-backzone") { CHRONO_ALLOW_BACKZONE } else { &[] };

fn chrono_allowed(name: &str) -> bool {
    CHRONO_ALLOW.iter().any(|(n, _)| *n == name)
}

/// chrono-tz is compared with the embedded copy, not the system database: it bundles one tz
/// release, and the system's changes with every `tzdata` update (Debian's 2026 releases moved
/// several zones, which failed this comparison although nothing here had changed). When the
/// two releases differ the comparison is skipped, with a message.
fn chrono_comparable() -> bool {
    static SAME: OnceLock<bool> = OnceLock::new();
    *SAME.get_or_init(|| {
        let (theirs, ours) = (chrono_tz::IANA_TZDB_VERSION, core_time::tz::embedded_version());
        if theirs != ours {
            common::missing(
                &format!("chrono-tz bundles tz {theirs}, the embedded copy is {ours}"),
                &format!(
                    "pin chrono-tz to a release that bundles tz {ours} \
                     (cargo update -p chrono-tz --precise <version>), or regenerate the \
                     embedded copy from tz {theirs} (scripts/gen-tzdb.py)"
                ),
            );
        }
        theirs == ours
    })
}

/// Offset and abbreviation against chrono-tz. chrono-tz has no abbreviation for numeric
/// ones such as `+03`; ours must then be numeric.
fn check_chrono(
    name: &str,
    ours: &TimeZone,
    tz: chrono_tz::Tz,
    t: Timestamp,
) -> Result<(), String> {
    use chrono::{Offset as _, TimeZone as _};
    use chrono_tz::OffsetName as _;
    let utc =
        chrono::DateTime::from_timestamp(t.unix_secs(), t.subsec_nanos()).expect("chrono range");
    let off = tz.offset_from_utc_datetime(&utc.naive_utc());
    let z = ours.to_local(t);
    let abbr_ok = match off.abbreviation() {
        Some(a) => a == z.abbreviation().as_str(),
        None => z.abbreviation().starts_with(['+', '-']),
    };
    if off.fix().local_minus_utc() != z.offset().seconds() || !abbr_ok {
        return Err(format!(
            "{name}: at unix {}: ours {} {}, chrono-tz {} {:?}",
            t.unix_secs(),
            z.offset().seconds(),
            z.abbreviation(),
            off.fix().local_minus_utc(),
            off.abbreviation()
        ));
    }
    Ok(())
}

#[test]
fn every_zone_matches_jiff_around_each_transition_1970_2040() {
    let Some(zones) = zones() else { return skipped() };
    let (lo, hi) = (year_start(1970) - 1, year_start(2041));
    let mut failures = Vec::new();
    for z in zones {
        probe_span(&z.name, &z.system, &z.jiff, lo, hi, &mut failures);
        probe_span(&z.name, &z.embedded, &z.jiff_embedded, lo, hi, &mut failures);
    }
    assert_no_failures("system and embedded zones vs jiff, 1970..=2040", &failures);
    let probed: usize = zones.iter().map(|z| z.transitions.len()).sum();
    assert!(probed > 10_000, "only {probed} transitions in 1970..=2040");
}

#[test]
fn every_zone_matches_chrono_tz_1970_2037() {
    let Some(zones) = zones() else { return skipped() };
    if !chrono_comparable() {
        return;
    }
    let hi = year_start(2038);
    let mut failing_zones = Vec::new();
    let mut failures = Vec::new();
    for z in zones {
        let Some(tz) = z.chrono else { continue };
        let mut instants = vec![0, hi - 1];
        let mut prev = 0;
        for (t, _) in ours_after(&z.embedded, -1, hi) {
            instants.extend([(prev + t) / 2, t - 1, t]);
            prev = t;
        }
        instants.push((prev + hi) / 2);
        let errs: Vec<_> = instants
            .into_iter()
            .filter_map(|t| check_chrono(&z.name, &z.embedded, tz, ts(t, 0)).err())
            .collect();
        if !errs.is_empty() {
            failing_zones.push(z.name.as_str());
            if !chrono_allowed(&z.name) {
                failures.extend(errs);
            }
        }
    }
    eprintln!("zones that differ from chrono-tz in 1970..=2037: {failing_zones:?}");
    assert_no_failures("embedded zones vs chrono-tz, 1970..=2037", &failures);
    for (name, why) in CHRONO_ALLOW {
        assert!(
            failing_zones.contains(name),
            "{name} is allowed to differ from chrono-tz ({why}) but agrees now"
        );
    }
}

proptest! {
    #![proptest_config(config(25000))]

    #[test]
    fn random_instants_1970_2037_match_jiff_and_chrono_tz(
        i in any::<Index>(),
        secs in 0i64..2_145_916_800,
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let Some(zones) = zones() else { return Ok(()) };
        let z = &zones[i.index(zones.len())];
        let t = ts(secs, nanos);
        check_instant(&z.name, &z.system, &z.jiff, t).map_err(fail)?;
        check_instant(&z.name, &z.embedded, &z.jiff_embedded, t).map_err(fail)?;
        if let Some(tz) = z.chrono.filter(|_| !chrono_allowed(&z.name) && chrono_comparable()) {
            check_chrono(&z.name, &z.embedded, tz, t).map_err(fail)?;
        }
    }
}

// ------------------------------------------------------------------------------------------
// 2. Past 2037, where the footer rule takes over: zones with DST of every shape.

const RULE_ZONES: &[&str] = &[
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "America/Halifax",
    "America/St_Johns",
    "America/Havana",
    "America/Miquelon",
    "America/Nuuk",
    "America/Scoresbysund",
    "America/Santiago",
    "America/Asuncion",
    "America/Ciudad_Juarez",
    "Pacific/Easter",
    "Europe/London",
    "Europe/Dublin",
    "Europe/Paris",
    "Europe/Lisbon",
    "Europe/Helsinki",
    "Europe/Chisinau",
    "Europe/Kyiv",
    "Atlantic/Azores",
    "Atlantic/Canary",
    "Africa/Casablanca",
    "Africa/El_Aaiun",
    "Africa/Cairo",
    "Asia/Gaza",
    "Asia/Hebron",
    "Asia/Beirut",
    "Asia/Jerusalem",
    "Asia/Nicosia",
    "Antarctica/Troll",
    "Antarctica/Macquarie",
    "Australia/Lord_Howe",
    "Australia/Sydney",
    "Australia/Adelaide",
    "Australia/Hobart",
    "Pacific/Auckland",
    "Pacific/Chatham",
    "Pacific/Norfolk",
    "Europe/Moscow",
    "Asia/Kolkata",
];

fn rule_zones() -> Option<Vec<&'static Zone>> {
    let zones = zones()?;
    Some(
        RULE_ZONES
            .iter()
            .map(|n| zones.iter().find(|z| z.name == *n).unwrap_or_else(|| panic!("{n} missing")))
            .collect(),
    )
}

#[test]
fn rule_zones_match_jiff_through_2100_and_in_sampled_years_to_9000() {
    let Some(zones) = rule_zones() else { return skipped() };
    let mut failures = Vec::new();
    let years =
        (2037..2100).map(|y| (y, y + 1)).chain((2100..9000).step_by(97).map(|y| (y, y + 2)));
    for (a, b) in years {
        let (from, until) = (year_start(a), year_start(b));
        for z in &zones {
            probe_span(&z.name, &z.system, &z.jiff, from, until, &mut failures);
            probe_span(&z.name, &z.embedded, &z.jiff_embedded, from, until, &mut failures);
        }
    }
    assert_no_failures("rule zones vs jiff, 2037..9000", &failures);
}

fn far_secs() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => 2_114_380_800i64..16_725_225_600, // 2037-01-01 .. 2500-01-01
        1 => 16_725_225_600i64..221_845_392_000, // 2500 .. 9000-01-01
    ]
}

proptest! {
    #![proptest_config(config(10000))]

    #[test]
    fn rule_zones_match_jiff_at_random_far_instants(
        i in any::<Index>(),
        secs in far_secs(),
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let Some(zones) = rule_zones() else { return Ok(()) };
        let z = zones[i.index(zones.len())];
        check_instant(&z.name, &z.system, &z.jiff, ts(secs, nanos)).map_err(fail)?;
        check_instant(&z.name, &z.embedded, &z.jiff_embedded, ts(secs, nanos)).map_err(fail)?;
    }

    #[test]
    fn rule_zones_match_jiff_at_random_far_local_times(
        i in any::<Index>(),
        secs in far_secs(),
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let Some(zones) = rule_zones() else { return Ok(()) };
        let z = zones[i.index(zones.len())];
        check_local(&z.name, &z.system, &z.jiff, local(secs, nanos)).map_err(fail)?;
    }

    #[test]
    fn rule_zones_match_jiff_near_far_transitions(
        i in any::<Index>(),
        secs in far_secs(),
        delta in -10_800i64..10_800,
    ) {
        let Some(zones) = rule_zones() else { return Ok(()) };
        let z = zones[i.index(zones.len())];
        let Some(tr) = z.system.transitions_after(ts(secs, 0)).next() else { return Ok(()) };
        let t = tr.timestamp().unix_secs();
        check_instant(&z.name, &z.system, &z.jiff, ts(t + delta, 0)).map_err(fail)?;
        let wall = t + z.system.offset_at(ts(t - 1, 0)).seconds() as i64 + delta;
        check_local(&z.name, &z.system, &z.jiff, local(wall, 0)).map_err(fail)?;
    }
}

// ------------------------------------------------------------------------------------------
// 3. Local -> UTC for random readings in every zone, 1970..=2040 (the gaps and overlaps of
//    every zone are probed in `every_zone_matches_jiff_around_each_transition_1970_2040`).

proptest! {
    #![proptest_config(config(20000))]

    #[test]
    fn random_local_times_1970_2040_match_jiff(
        i in any::<Index>(),
        secs in -86_400i64..2_240_611_200,
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let Some(zones) = zones() else { return Ok(()) };
        let z = &zones[i.index(zones.len())];
        check_local(&z.name, &z.system, &z.jiff, local(secs, nanos)).map_err(fail)?;
        check_local(&z.name, &z.embedded, &z.jiff_embedded, local(secs, nanos)).map_err(fail)?;
    }

    #[test]
    fn random_local_times_near_transitions_match_jiff(
        i in any::<Index>(),
        k in any::<Index>(),
        delta in -10_800i64..10_800,
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let Some(zones) = zones() else { return Ok(()) };
        let z = &zones[i.index(zones.len())];
        if z.transitions.is_empty() {
            return Ok(());
        }
        let t = z.transitions[k.index(z.transitions.len())];
        let wall = t + z.system.offset_at(ts(t - 1, 0)).seconds() as i64 + delta;
        check_local(&z.name, &z.system, &z.jiff, local(wall, nanos)).map_err(fail)?;
        check_local(&z.name, &z.embedded, &z.jiff_embedded, local(wall, nanos)).map_err(fail)?;
    }
}

// ------------------------------------------------------------------------------------------
// 4. Round trip: the local reading of an instant leads back to it.

fn round_trip(tz: &TimeZone, t: Timestamp) -> Result<(), String> {
    let z = tz.to_local(t);
    let dt = z.datetime();
    let name = tz.name();
    let earlier = tz.to_utc(dt, Disambiguation::Earlier);
    let later = tz.to_utc(dt, Disambiguation::Later);
    let compatible = tz.to_utc(dt, Disambiguation::Compatible);
    match tz.to_utc(dt, Disambiguation::Reject) {
        Ok(u) => {
            let all = [Ok(u), earlier, later, compatible];
            if u != t || all.iter().any(|r| *r != Ok(t)) {
                return Err(format!(
                    "{name}: {t:?} shows {dt:?}, which is unique but maps to {all:?}"
                ));
            }
        }
        Err(LocalTimeError::Ambiguous { earlier: e, later: l }) => {
            let (Ok(a), Ok(b), Ok(c)) = (earlier, later, compatible) else {
                return Err(format!(
                    "{name}: overlap reading {dt:?} gave {earlier:?} {later:?} {compatible:?}"
                ));
            };
            let candidates_ok = a < b
                && c == a
                && (t == a || t == b)
                && dt.to_timestamp(e) == Ok(a)
                && dt.to_timestamp(l) == Ok(b);
            if !candidates_ok {
                return Err(format!(
                    "{name}: {t:?} shows {dt:?} (overlap {e}/{l}); \
                     earlier {a:?}, later {b:?}, compatible {c:?}"
                ));
            }
        }
        Err(e) => {
            return Err(format!("{name}: {t:?} shows {dt:?}, which to_utc rejects with {e:?}"))
        }
    }
    Ok(())
}

fn named_zones() -> &'static [TimeZone] {
    static Z: OnceLock<Vec<TimeZone>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut v: Vec<_> = core_time::tz::available_names()
            .iter()
            .map(|n| TimeZone::get(n).expect("zone loads"))
            .collect();
        let strings = POSIX.iter().chain(core::iter::once(&ALL_YEAR_DST));
        v.extend(strings.map(|s| TimeZone::from_posix(s).expect("valid POSIX string")));
        v
    })
}

proptest! {
    #![proptest_config(config(30000))]

    #[test]
    fn local_time_of_an_instant_leads_back_to_it(
        i in any::<Index>(),
        secs in prop_oneof![
            4 => -2_208_988_800i64..7_258_118_400, // 1900 .. 2200
            1 => -32_000_000_000i64..250_000_000_000,
        ],
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let zones = named_zones();
        round_trip(&zones[i.index(zones.len())], ts(secs, nanos)).map_err(fail)?;
    }

    #[test]
    fn instants_at_transitions_lead_back_to_themselves(
        i in any::<Index>(),
        from in -2_208_988_800i64..7_258_118_400,
        delta in -7_200i64..7_200,
    ) {
        let zones = named_zones();
        let tz = &zones[i.index(zones.len())];
        let Some(tr) = tz.transitions_after(ts(from, 0)).next() else { return Ok(()) };
        let Ok(t) = tr.timestamp().checked_add_secs(delta) else { return Ok(()) };
        round_trip(tz, t).map_err(fail)?;
    }
}

// ------------------------------------------------------------------------------------------
// 5. POSIX TZ strings against `jiff::tz::TimeZone::posix`, years -1000..=9000.

const POSIX: &[&str] = &[
    "EST5EDT,M3.2.0,M11.1.0",
    "CET-1CEST,M3.5.0,M10.5.0/3",
    "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "IST-1GMT0,M10.5.0,M3.5.0/1",
    "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
    "<-04>4<-03>,M9.1.6/24,M4.1.6/24",
    "EET-2EEST,M3.4.4/50,M10.4.4/50",
    "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3",
    "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45",
    "PST8PDT,J60,J300",
    "XXX3YYY,59/2,300/-1:30",
];

struct Posix {
    ours: TimeZone,
    jiff: jiff::tz::TimeZone,
}

fn posix_zones() -> &'static [Posix] {
    static Z: OnceLock<Vec<Posix>> = OnceLock::new();
    Z.get_or_init(|| {
        POSIX
            .iter()
            .map(|s| Posix {
                ours: TimeZone::from_posix(s).unwrap_or_else(|e| panic!("{s}: {e}")),
                jiff: jiff::tz::TimeZone::posix(s).unwrap_or_else(|e| panic!("jiff, {s}: {e}")),
            })
            .collect()
    })
}

fn posix_secs() -> impl Strategy<Value = i64> {
    prop_oneof![
        1 => -93_724_214_400i64..221_845_392_000, // -1000-01-01 .. 9000-01-01
        1 => 0i64..2_240_611_200,
    ]
}

#[test]
fn posix_zones_match_jiff_in_sampled_years() {
    let mut failures = Vec::new();
    let years = (-1000..9000).step_by(37).chain(1965..2045).chain(8990..9001);
    for y in years {
        let (from, until) = (year_start(y) - 1, year_start(y + 1));
        for z in posix_zones() {
            probe_span(z.ours.name(), &z.ours, &z.jiff, from, until, &mut failures);
        }
    }
    assert_no_failures("POSIX zones vs jiff", &failures);
}

proptest! {
    #![proptest_config(config(25000))]

    #[test]
    fn posix_zones_match_jiff_at_random_instants(
        i in any::<Index>(),
        secs in posix_secs(),
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let z = &posix_zones()[i.index(POSIX.len())];
        check_instant(z.ours.name(), &z.ours, &z.jiff, ts(secs, nanos)).map_err(fail)?;
        check_local(z.ours.name(), &z.ours, &z.jiff, local(secs, nanos)).map_err(fail)?;
    }

    #[test]
    fn posix_transition_lists_match_jiff_from_random_instants(
        i in any::<Index>(),
        secs in posix_secs(),
    ) {
        let z = &posix_zones()[i.index(POSIX.len())];
        let name = z.ours.name();
        let (from, until) = (secs - 2 * 31_556_952, secs + 2 * 31_556_952);
        let (a, b) = (ours_after(&z.ours, secs, until), jiff_after(&z.jiff, secs, until));
        prop_assert!(a == b, "{name}: after {secs}: {}", first_difference(&a, &b));
        let (a, b) = (ours_before(&z.ours, secs, from), jiff_before(&z.jiff, secs, from));
        prop_assert!(a == b, "{name}: at or before {secs}: {}", first_difference(&a, &b));
    }
}

/// RFC 8536, section 3.3.1: this string means daylight time all year, UTC-4 "EDT".
///
/// It is not compared with jiff: jiff 0.2.46 shows standard time from 00:00 UTC to 05:00 UTC
/// each 1 January (`jiff::tz::TimeZone::posix("EST5EDT,0/0,J365/25")` gives `-05 EST` at
/// Unix 0, and `following` yields an `EST` entry at 23:59:59.999999999 UTC each 31
/// December). glibc differs again (`TZ=... date -d @0` says EST). The RFC's reading is the
/// one tested here.
const ALL_YEAR_DST: &str = "EST5EDT,0/0,J365/25";

proptest! {
    #![proptest_config(config(10000))]

    #[test]
    fn all_year_dst_string_is_daylight_time_everywhere(
        secs in posix_secs(),
        nanos in prop_oneof![Just(0u32), 0u32..1_000_000_000],
    ) {
        let tz = TimeZone::from_posix(ALL_YEAR_DST).map_err(|e| fail(e.to_string()))?;
        let t = ts(secs, nanos);
        let z = tz.to_local(t);
        let abbr = z.abbreviation();
        prop_assert_eq!((z.offset().seconds(), abbr.as_str(), z.is_dst()), (-14_400, "EDT", true));
        prop_assert_eq!(tz.transitions_after(t).next(), None);
        prop_assert_eq!(tz.transitions_before(t).next(), None);
        let dt = local(secs, nanos);
        let edt = Offset::from_hours(-4).map_err(|e| fail(e.to_string()))?;
        let expected = dt.to_timestamp(edt).map_err(|_| LocalTimeError::OutOfRange);
        prop_assert_eq!(tz.to_utc(dt, Disambiguation::Reject), expected);
    }
}
