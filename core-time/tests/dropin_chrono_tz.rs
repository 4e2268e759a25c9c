//! Drop-in proof: one program, written against chrono-tz 0.10's documented API, compiled twice —
//! once with chrono-tz's imports (`mod peer`), once with core-time's (`mod ours`) — and run;
//! the two printouts must be identical. Only the `use` lines of the two modules differ.
//!
//! The program covers what a chrono-tz user touches: zone constants and parsing (with its
//! errors), `with_ymd_and_hms`, `with_timezone`, offsets and their components, names and
//! abbreviations, formatting, `Copy` values in user structs, gaps and overlaps, iteration over
//! every zone, and the offsets of every zone at instants from 1850 to 2100.
//!
//! Both sides embed tz release 2025b (checked first). With the `tzdb-backzone` feature our
//! data deliberately differs before 1970 for the zones that `backzone` keeps apart, so the
//! per-zone history table is then compared from 1970 on only.

/// The program, as its author wrote it for chrono-tz. It sees only the names its module
/// imports, and returns what it would print.
macro_rules! program {
    () => {
        use chrono::{DateTime, Duration, LocalResult, NaiveDate, Offset, TimeZone, Timelike, Utc};
        use std::collections::{HashMap, HashSet};
        use std::fmt::Write;

        /// A booking in a user's calendar: the instant and the zone it was booked in.
        #[derive(Clone, Copy, Debug, PartialEq)]
        struct Meeting {
            start: DateTime<Tz>,
            room: Tz,
            minutes: i64,
        }

        fn describe(out: &mut String, dt: &DateTime<Tz>) {
            let off = dt.offset();
            writeln!(
                out,
                "{dt} | {dt:?} | {} | tz_id={} abbr={:?} base={}s dst={}s fix={}",
                dt.to_rfc3339(),
                off.tz_id(),
                off.abbreviation(),
                off.base_utc_offset().num_seconds(),
                off.dst_offset().num_seconds(),
                off.fix(),
            )
            .unwrap();
        }

        pub fn run(history_from_year: i32) -> String {
            let mut out = String::new();
            writeln!(out, "tzdb {IANA_TZDB_VERSION}, {} zones", TZ_VARIANTS.len()).unwrap();

            // Zones by constant and by name; errors for names that are not zones.
            let zones: [Tz; 6] = [
                Europe::Berlin,
                America::Argentina::Buenos_Aires,
                Asia::Kolkata,
                Australia::Lord_Howe,
                Tz::UTC,
                UTC,
            ];
            for z in zones {
                writeln!(out, "{z} {z:?} {} default={:?}", z.name(), z == Tz::default()).unwrap();
            }
            for name in
                ["America/New_York", "Europe/Kyiv", "Etc/GMT+5", "europe/paris", "Mars/Base", ""]
            {
                match name.parse::<Tz>() {
                    Ok(tz) => writeln!(out, "parsed {name:?} -> {tz:?}").unwrap(),
                    Err(e) => writeln!(out, "parse {name:?}: {e} / {e:?}").unwrap(),
                }
            }
            let err: Result<Tz, ParseError> = "Nowhere".parse();
            writeln!(out, "{:?}", err.map_err(|e| e.to_string())).unwrap();

            // Local times to instants and back, in each zone.
            for z in zones {
                let dt = z.with_ymd_and_hms(2026, 7, 15, 9, 30, 0).unwrap();
                describe(&mut out, &dt);
                let winter = z.with_ymd_and_hms(2026, 1, 15, 9, 30, 0).unwrap();
                describe(&mut out, &winter);
                writeln!(out, "  {}", winter.format("%Y-%m-%d %H:%M:%S %Z %z %:z")).unwrap();
            }

            // Meetings are plain Copy values, converted to each attendee's zone.
            let meeting = Meeting {
                start: Europe::Berlin.with_ymd_and_hms(2026, 3, 27, 16, 0, 0).unwrap(),
                room: Europe::Berlin,
                minutes: 90,
            };
            let copy = meeting;
            let attendees =
                [America::New_York, America::Los_Angeles, Asia::Tokyo, Pacific::Auckland];
            for who in attendees {
                let local = copy.start.with_timezone(&who);
                let end = local + Duration::minutes(meeting.minutes);
                writeln!(
                    out,
                    "{who}: {} - {} ({})",
                    local.format("%a %H:%M"),
                    end.format("%H:%M %Z"),
                    end.offset()
                )
                .unwrap();
            }
            writeln!(out, "{meeting:?} in {}", meeting.room).unwrap();
            // The same wall time a week later crosses Europe's spring-forward.
            let next = (meeting.start + Duration::days(7)).with_timezone(&meeting.room);
            writeln!(
                out,
                "a week later: {next} ({} hours of UTC offset)",
                next.offset().fix().local_minus_utc() / 3600
            )
            .unwrap();

            // Gaps and overlaps.
            let gap = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap().and_hms_opt(2, 30, 0).unwrap();
            let overlap =
                NaiveDate::from_ymd_opt(2026, 11, 1).unwrap().and_hms_opt(1, 30, 0).unwrap();
            for (label, naive) in [("gap", gap), ("overlap", overlap)] {
                match America::Chicago.from_local_datetime(&naive) {
                    LocalResult::None => writeln!(out, "{label}: none").unwrap(),
                    LocalResult::Single(d) => writeln!(out, "{label}: {d}").unwrap(),
                    LocalResult::Ambiguous(a, b) => {
                        writeln!(out, "{label}: {a:?} or {b:?} ({} s apart)", (b - a).num_seconds())
                            .unwrap()
                    }
                }
            }
            let earliest = America::Chicago.from_local_datetime(&overlap).earliest().unwrap();
            writeln!(
                out,
                "earliest {} latest {:?}",
                earliest,
                America::Chicago.from_local_datetime(&overlap).latest()
            )
            .unwrap();
            writeln!(
                out,
                "hour after midnight UTC in Kathmandu: {}",
                Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
                    .unwrap()
                    .with_timezone(&Asia::Kathmandu)
                    .hour()
            )
            .unwrap();

            // Every zone: what it shows at a few instants, grouped by region.
            let mut per_region: HashMap<&str, usize> = HashMap::new();
            let mut dst_in_july = HashSet::new();
            let mut numeric = 0;
            for tz in TZ_VARIANTS.iter() {
                let region = tz.name().split('/').next().unwrap_or("");
                *per_region.entry(region).or_default() += 1;
                let july = tz.from_utc_datetime(
                    &NaiveDate::from_ymd_opt(2026, 7, 1).unwrap().and_hms_opt(12, 0, 0).unwrap(),
                );
                if july.offset().dst_offset() != Duration::zero() {
                    dst_in_july.insert(*tz);
                }
                if july.offset().abbreviation().is_none() {
                    numeric += 1;
                }
            }
            let mut regions: Vec<_> = per_region.into_iter().collect();
            regions.sort();
            writeln!(out, "{regions:?}").unwrap();
            writeln!(
                out,
                "{} zones on daylight time in July 2026, {numeric} with numeric names",
                dst_in_july.len()
            )
            .unwrap();
            writeln!(
                out,
                "Berlin on DST: {}, Tokyo: {}",
                dst_in_july.contains(&Europe::Berlin),
                dst_in_july.contains(&Asia::Tokyo)
            )
            .unwrap();

            // Offsets of every zone from 1850 to 2035, two instants a year each fifth year.
            // (chrono-tz's tables end in 2037, after which it repeats the last entry where
            // we follow the zone's rule.)
            for tz in TZ_VARIANTS {
                let mut line = format!("{tz}:");
                for year in (1850..=2035).step_by(5).filter(|&y| y >= history_from_year) {
                    for month in [1, 7] {
                        let utc = NaiveDate::from_ymd_opt(year, month, 1)
                            .unwrap()
                            .and_hms_opt(0, 0, 0)
                            .unwrap();
                        let o = tz.offset_from_utc_datetime(&utc);
                        write!(line, " {}{}/{}", o, o.fix(), o.dst_offset().num_seconds()).unwrap();
                    }
                }
                writeln!(out, "{line}").unwrap();
            }
            out
        }
    };
}

mod peer {
    use chrono_tz::{
        America, Asia, Australia, Europe, OffsetComponents, OffsetName, Pacific, ParseError, Tz,
        IANA_TZDB_VERSION, TZ_VARIANTS, UTC,
    };
    program!();
}

mod ours {
    use core_time::tzdb::{
        America, Asia, Australia, Europe, OffsetComponents, OffsetName, Pacific, ParseError, Tz,
        IANA_TZDB_VERSION, TZ_VARIANTS, UTC,
    };
    program!();
}

/// Zones where the split of a wartime "double summer time" offset into standard time and
/// saving cannot be read from TZif data, which records only the total offset and a DST flag:
/// Paris and Monaco kept WEMT (+02) as two hours on WET in 1944-45, and the Azores +00 as two
/// hours on -02 in 1942-45, with no period of that standard time around them (chrono-tz
/// reads the tz source files, which state the saving). Totals and abbreviations still match.
const SPLIT_FROM_SOURCE_ONLY: [&str; 3] = ["Atlantic/Azores", "Europe/Monaco", "Europe/Paris"];

/// Antarctica/Troll's source spells its abbreviations as text that looks numeric ("+02"), which
/// chrono-tz reports as `Some("+02")`; in TZif data it cannot be told from a numeric one, so
/// ours is `None`, and the program's count of zones with numeric names is one higher.
fn numeric_count_differs_by_troll(theirs: &str, ours: &str) -> bool {
    let count = |l: &str| -> Option<(String, u32)> {
        let (head, tail) = l.split_once(", ")?;
        let n = tail.strip_suffix(" with numeric names")?.parse().ok()?;
        Some((head.to_string(), n))
    };
    matches!((count(theirs), count(ours)), (Some((a, n)), Some((b, m))) if a == b && m == n + 1)
}

/// With `tzdb-backzone`, the old rule-named zones that the main data (chrono-tz's) links to
/// Europe/Athens, Europe/Brussels and Europe/Lisbon since 2024b are Debian's zones of their own
/// (MET/MEST instead of CET/CEST), after 1970 too. Without the feature they must match.
const BACKZONE_OWN_ZONES: [&str; 3] = ["EET", "MET", "WET"];

/// A history line without the `/saving` parts.
fn totals(line: &str) -> String {
    line.split(' ').map(|w| w.split('/').next().unwrap_or(w)).collect::<Vec<_>>().join(" ")
}

/// Whether two differing lines differ only in one of the ways listed above.
fn explained(theirs: &str, ours: &str) -> bool {
    let zone = theirs.split(':').next().unwrap_or("");
    if SPLIT_FROM_SOURCE_ONLY.contains(&zone) && totals(theirs) == totals(ours) {
        return true;
    }
    if cfg!(feature = "tzdb-backzone") && BACKZONE_OWN_ZONES.contains(&zone) {
        return true;
    }
    numeric_count_differs_by_troll(theirs, ours)
}

#[test]
fn the_chrono_tz_program_prints_the_same_with_our_imports() {
    assert_eq!(core_time::tzdb::IANA_TZDB_VERSION, chrono_tz::IANA_TZDB_VERSION, "releases differ");
    let from = if cfg!(feature = "tzdb-backzone") { 1970 } else { 1850 };
    let (theirs, ours) = (peer::run(from), ours::run(from));
    let diffs: Vec<String> = theirs
        .lines()
        .zip(ours.lines())
        .filter(|(a, b)| a != b && !explained(a, b))
        .map(|(a, b)| {
            // The words that differ, so a long line of offsets shows where it departs.
            let words: Vec<String> = a
                .split(' ')
                .zip(b.split(' '))
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .take(4)
                .map(|(i, (x, y))| format!("word {i}: {x} vs {y}"))
                .collect();
            if words.is_empty() {
                format!("chrono-tz: {a}\ncore-time: {b}")
            } else {
                format!("{}: {}", a.split(' ').next().unwrap_or(""), words.join(", "))
            }
        })
        .collect();
    assert!(
        diffs.is_empty(),
        "{} differing lines (chrono-tz vs ours):\n{}",
        diffs.len(),
        diffs.join("\n")
    );
    assert_eq!(theirs.lines().count(), ours.lines().count());
    assert!(theirs.lines().count() > 600, "the program printed too little:\n{theirs}");
}

/// Zones where, at some transition before 1995, the standard/saving split read from TZif
/// differs from the one chrono-tz reads in the tz source: the zone changed its standard time
/// at the moment it entered daylight time (Soviet and Kazakh zones 1981-1994, Scoresbysund
/// 1981, Moscow's MSD of 1919 on top of Moscow Mean Time), or a wartime double summer time
/// with no period of its standard time around it. Totals and abbreviations agree everywhere.
const SPLIT_DIFFERS: [&str; 23] = [
    "America/Scoresbysund",
    "Asia/Aqtobe",
    "Asia/Qostanay",
    "Asia/Qyzylorda",
    "Asia/Ust-Nera",
    "Atlantic/Azores",
    "Europe/Chisinau",
    "Europe/Kiev",
    "Europe/Kyiv",
    "Europe/Minsk",
    "Europe/Monaco",
    "Europe/Moscow",
    "Europe/Paris",
    "Europe/Riga",
    "Europe/Samara",
    "Europe/Simferopol",
    "Europe/Tallinn",
    "Europe/Tiraspol",
    "Europe/Ulyanovsk",
    "Europe/Uzhgorod",
    "Europe/Vilnius",
    "Europe/Zaporozhye",
    "W-SU",
];

/// Every transition of every zone up to 2037 and the midpoint before it: the same total
/// offset and abbreviation as chrono-tz, and the same split except in [`SPLIT_DIFFERS`].
#[test]
fn every_transition_matches_chrono_tz() {
    use chrono::{Offset as _, TimeZone as _};
    use chrono_tz::OffsetComponents as _;
    let backzone = cfg!(feature = "tzdb-backzone");
    let from: i64 = if backzone { 0 } else { -4_000_000_000 };
    let (mut checked, mut failures, mut split_zones) = (0, Vec::new(), Vec::new());
    for (theirs, &ours) in chrono_tz::TZ_VARIANTS.iter().zip(core_time::tzdb::TZ_VARIANTS.iter()) {
        assert_eq!(theirs.name(), ours.name());
        if backzone && BACKZONE_OWN_ZONES.contains(&ours.name()) {
            continue;
        }
        let start = core_time::Timestamp::from_unix(from, 0).unwrap();
        let mut prev = from;
        let transitions = ours.zone().transitions_after(start).map(|t| t.timestamp().unix_secs());
        for t in transitions.take_while(|&t| t < 2_140_000_000) {
            for s in [prev + (t - prev) / 2, t] {
                checked += 1;
                let utc = chrono::DateTime::from_timestamp(s, 0).unwrap().naive_utc();
                let (a, b) =
                    (theirs.offset_from_utc_datetime(&utc), ours.offset_from_utc_datetime(&utc));
                if (a.fix(), a.to_string()) != (b.fix(), b.to_string()) {
                    failures.push(format!("{theirs} at {s}: {a} {} vs {b} {}", a.fix(), b.fix()));
                }
                let ours_dst = core_time::tzdb::OffsetComponents::dst_offset(&b);
                if a.dst_offset() != ours_dst && !split_zones.contains(&ours.name()) {
                    split_zones.push(ours.name());
                }
            }
            prev = t;
        }
    }
    assert!(checked > 80_000 || (backzone && checked > 30_000), "only {checked} instants");
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
    let unexpected: Vec<_> = split_zones.iter().filter(|z| !SPLIT_DIFFERS.contains(z)).collect();
    assert!(unexpected.is_empty(), "standard/saving split differs in {unexpected:?}");
}
