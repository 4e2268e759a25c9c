//! core-time against jiff on the same input: a parser and a converter wrong in the same way
//! as their inverse pass a round trip, but not a second implementation.
//!
//! The first byte picks what the rest is:
//! * TZif bytes: where both crates accept the file, every transition (changes of offset,
//!   abbreviation or DST) over a window and `to_local` / `to_utc` at instants and wall-clock
//!   readings next to each transition and sampled from the input must agree;
//! * a POSIX TZ string: the same, through `TimeZone::from_posix` and `jiff::tz::TimeZone::posix`;
//! * RFC 3339 text: what `Timestamp::parse_rfc3339` accepts, jiff accepts as the same instant.
#![no_main]

use core_time::{DateTime, Disambiguation, LocalTimeError, Offset, TimeZone, Timestamp};
use libfuzzer_sys::fuzz_target;

const NANOS: i128 = 1_000_000_000;
/// jiff's range of instants (years -9999..=9999), with 400 days to spare at each end:
/// core-time's own range stops a maximal offset (about 26 hours) inside those years, a
/// wall-clock reading is converted back with another offset, and jiff evaluates POSIX rules
/// per year, so in its first year it cannot carry the state of the year before (a rule whose
/// daylight period spans the new year reads as standard time there).
const JIFF_MIN: i64 = -377_705_116_800 + 400 * 86_400;
const JIFF_MAX: i64 = 253_402_207_200 - 400 * 86_400;

fn ts(secs: i64) -> Option<Timestamp> {
    (JIFF_MIN..=JIFF_MAX).contains(&secs).then(|| Timestamp::from_unix(secs, 0).ok()).flatten()
}

fn to_jiff(t: Timestamp) -> jiff::Timestamp {
    let n = t.unix_secs() as i128 * NANOS + t.subsec_nanos() as i128;
    jiff::Timestamp::from_nanosecond(n).expect("inside jiff's range")
}

fn from_jiff(t: jiff::Timestamp) -> Option<Timestamp> {
    let n = t.as_nanosecond();
    Timestamp::from_unix(n.div_euclid(NANOS) as i64, n.rem_euclid(NANOS) as u32).ok()
}

/// Offset, abbreviation, DST flag and civil fields of `t` in both zones.
fn check_instant(ours: &TimeZone, jz: &jiff::tz::TimeZone, t: Timestamp) {
    let z = ours.to_local(t);
    let d = z.datetime();
    let mine = (
        z.offset().seconds(),
        z.abbreviation().to_string(),
        z.is_dst(),
        (d.year(), d.month(), d.day(), d.hour(), d.minute(), d.second()),
    );
    let jt = to_jiff(t);
    let info = jz.to_offset_info(jt);
    let jd = info.offset().to_datetime(jt);
    let theirs = (
        info.offset().seconds(),
        info.abbreviation().to_string(),
        info.dst().is_dst(),
        (
            i32::from(jd.year()),
            jd.month() as u8,
            jd.day() as u8,
            jd.hour() as u8,
            jd.minute() as u8,
            jd.second() as u8,
        ),
    );
    assert_eq!(mine, theirs, "to_local at unix {}", t.unix_secs());
}

#[derive(Debug, PartialEq)]
enum Kind {
    Unique(i32),
    Gap(i32, i32),
    Overlap(i32, i32),
}

/// The wall-clock reading `secs` seconds after 1970-01-01T00:00 through both zones: its kind
/// (with the offsets) and the instant under each disambiguation.
fn check_local(ours: &TimeZone, jz: &jiff::tz::TimeZone, secs: i64) {
    let Some(t) = ts(secs) else { return };
    let dt: DateTime = t.to_datetime(Offset::UTC);
    let Ok(jdt) = jiff::civil::DateTime::new(
        dt.year() as i16,
        dt.month() as i8,
        dt.day() as i8,
        dt.hour() as i8,
        dt.minute() as i8,
        dt.second() as i8,
        0,
    ) else {
        return;
    };
    let amb = jz.to_ambiguous_timestamp(jdt);
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
        Ok(u) => Kind::Unique((secs - u.unix_secs()) as i32),
        Err(LocalTimeError::Gap { before, after }) => Kind::Gap(before.seconds(), after.seconds()),
        Err(LocalTimeError::Ambiguous { earlier, later }) => {
            Kind::Overlap(earlier.seconds(), later.seconds())
        }
        Err(e) => panic!("{dt:?}: {e:?} inside jiff's range"),
    };
    assert_eq!(mine, theirs, "kind of local {dt:?}");
    for (d, jd) in [
        (Disambiguation::Compatible, jiff::tz::Disambiguation::Compatible),
        (Disambiguation::Earlier, jiff::tz::Disambiguation::Earlier),
        (Disambiguation::Later, jiff::tz::Disambiguation::Later),
        (Disambiguation::Reject, jiff::tz::Disambiguation::Reject),
    ] {
        let a = ours.to_utc(dt, d).ok();
        let b = amb.disambiguate(jd).ok().and_then(from_jiff);
        assert_eq!(a, b, "local {dt:?} with {d:?}");
    }
}

/// Changes of (offset, abbreviation, DST) from `from` on, up to `n` of them, in both zones.
fn transitions(ours: &TimeZone, jz: &jiff::tz::TimeZone, from: Timestamp, n: usize) -> Vec<i64> {
    let mine: Vec<(i64, i32, String, bool)> = ours
        .transitions_after(from)
        .take_while(|t| t.timestamp().unix_secs() <= JIFF_MAX)
        .take(n)
        .map(|t| {
            let s = t.timestamp().unix_secs();
            (s, t.offset().seconds(), t.abbreviation().to_string(), t.is_dst())
        })
        .collect();
    let info = jz.to_offset_info(to_jiff(from));
    let mut prev = (info.offset().seconds(), info.abbreviation().to_string(), info.dst().is_dst());
    let mut theirs = Vec::new();
    for tr in jz.following(to_jiff(from)) {
        let s = tr.timestamp().as_second();
        if theirs.len() == mine.len() || s > JIFF_MAX {
            break;
        }
        let state = (tr.offset().seconds(), tr.abbreviation().to_string(), tr.dst().is_dst());
        if state != prev {
            theirs.push((s, state.0, state.1.clone(), state.2));
            prev = state;
        }
    }
    assert_eq!(mine, theirs, "transitions after unix {}", from.unix_secs());
    mine.into_iter().map(|t| t.0).collect()
}

/// Instants from the input's tail (8 bytes each) and a few fixed ones.
fn sample_instants(tail: &[u8]) -> Vec<i64> {
    let mut v = vec![JIFF_MIN, -2_208_988_800, -1, 0, 1_000_000_000, 2_147_483_647, JIFF_MAX];
    v.extend(tail.chunks_exact(8).take(8).map(|c| {
        let x = i64::from_le_bytes(c.try_into().expect("8 bytes"));
        JIFF_MIN + x.rem_euclid(JIFF_MAX - JIFF_MIN)
    }));
    v
}

fn compare_zones(ours: &TimeZone, jz: &jiff::tz::TimeZone, samples: &[i64]) {
    for &s in samples {
        let Some(t) = ts(s) else { continue };
        check_instant(ours, jz, t);
        check_local(ours, jz, s);
        for tr in transitions(ours, jz, t, 6) {
            for delta in [-1, 0, 1] {
                if let Some(t) = ts(tr + delta) {
                    check_instant(ours, jz, t);
                }
            }
            let before = ours.offset_at(Timestamp::from_unix(tr - 1, 0).expect("in range"));
            let after = ours.offset_at(Timestamp::from_unix(tr, 0).expect("in range"));
            for off in [before, after] {
                let wall = tr + i64::from(off.seconds());
                for delta in [-1, 0, 1] {
                    check_local(ours, jz, wall + delta);
                }
            }
        }
    }
}

/// Whether `text` is a POSIX rule that POSIX leaves undefined or that the two crates read
/// differently by design, so the target skips it (each case below says how the readings
/// differ; glibc sides with us in the first two and with jiff in the last):
/// * start and end at the same local time or the same instant;
/// * a daylight or standard period shorter than 8 days;
/// * a transition within 8 days of a UTC new year, or a start/end order that changes between
///   years: jiff, like glibc, evaluates the rules per UTC year, while we place every
///   transition at the instant POSIX gives and carry the state across years, as the tz
///   reference code's sorted transitions do (e.g. `EET-2EjST,M3.4.4/50,0`: the end on
///   1 January at 02:00 daylight time is 23:00 UTC on 31 December for us, 00:00 UTC for
///   glibc and jiff).
fn undefined_rule(text: &str) -> bool {
    let Ok(tz) = core_time::tz::posix::PosixTz::parse(text.as_bytes()) else { return false };
    let Some(d) = tz.dst() else { return false };
    const MARGIN: i64 = 8 * 86_400;
    // The rules repeat every 400 years.
    let years = || (2000..2400).filter_map(|y| Some((y, tz.transitions_in_year(y)?)));
    // The same local date and time, however spelt (`M4.1.6/24,M4.1.6/24`, `J23,22`): the
    // start is read in standard time and the end in daylight time, so they are apart by
    // exactly the difference of the two offsets.
    let same_local = i64::from(tz.std_offset()) - i64::from(d.offset());
    // Or one instant (an empty daylight period): glibc and we read standard time, jiff compares
    // the two local times and can read daylight time all year.
    if years().any(|(_, (start, end))| end - start == same_local || start == end) {
        return true;
    }
    // A daylight or standard period shorter than the margin: two transitions close enough for
    // one wall-clock reading to meet both (e.g. `CET-2EjS3,M2.4.4/50,M02.4.4/42`, three hours
    // of standard time a year and a five-hour jump). Our local-time resolution probes the two
    // offsets around a reading, which assumes transitions further apart than the jump, as in
    // every real zone; jiff's search differs there.
    let short_period = years().any(|(year, (start, end))| {
        let year_secs = (days_from_civil(year + 1) - days_from_civil(year)) * 86_400;
        let gap = (end - start).abs();
        gap < MARGIN || year_secs - gap < MARGIN
    });
    let near_new_year = years().any(|(year, (start, end))| {
        (year - 1..=year + 2).any(|y| {
            let new_year = days_from_civil(y) * 86_400;
            (start - new_year).abs() < MARGIN || (end - new_year).abs() < MARGIN
        })
    });
    // The per-year reading also differs from the timeline one when the start comes before
    // the end in some years and after it (or at the same instant) in others (e.g.
    // `EET-2EjST,M2.4.4/50,M02.4.6/50`): we keep the last state of the previous year, as the
    // tz reference code's sorted transitions do.
    let mut order = years().map(|(_, (start, end))| start.cmp(&end));
    let mixed_order = order.next().is_some_and(|first| order.any(|o| o != first));
    short_period || near_new_year || mixed_order
}

/// Days from 1970-01-01 to 1 January of `year` (proleptic Gregorian).
fn days_from_civil(year: i32) -> i64 {
    let y = i64::from(year) - 1;
    365 * (y - 1969) + (y.div_euclid(4) - 492) - (y.div_euclid(100) - 19) + (y.div_euclid(400) - 4)
}

/// The footer of TZif data: the text between the last two newlines.
fn tzif_footer(data: &[u8]) -> Option<&str> {
    let body = data.strip_suffix(b"\n")?;
    let start = body.iter().rposition(|&b| b == b'\n')? + 1;
    std::str::from_utf8(&body[start..]).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else { return };
    match kind % 3 {
        0 => {
            let Ok(ours) = TimeZone::from_tzif("fuzz", rest) else { return };
            let Ok(jz) = jiff::tz::TimeZone::tzif("fuzz", rest) else { return };
            if tzif_footer(rest).is_some_and(undefined_rule) {
                return;
            }
            compare_zones(&ours, &jz, &sample_instants(&rest[rest.len().saturating_sub(64)..]));
        }
        1 => {
            // The string up to a NUL; the bytes after it choose the instants.
            let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
            let Ok(text) = std::str::from_utf8(&rest[..end]) else { return };
            let Ok(ours) = TimeZone::from_posix(text) else { return };
            let Ok(jz) = jiff::tz::TimeZone::posix(text) else { return };
            if undefined_rule(text) {
                return;
            }
            compare_zones(&ours, &jz, &sample_instants(&rest[end..]));
        }
        _ => {
            let Ok(text) = std::str::from_utf8(rest) else { return };
            let Ok(ours) = Timestamp::parse_rfc3339(text) else { return };
            if !(JIFF_MIN..=JIFF_MAX).contains(&ours.unix_secs()) {
                return;
            }
            let theirs: Result<jiff::Timestamp, _> = text.parse();
            match theirs {
                Ok(t) => assert_eq!(Some(ours), from_jiff(t), "{text:?}"),
                Err(e) => panic!("{text:?}: ours {ours:?}, jiff rejects it: {e}"),
            }
        }
    }
});
