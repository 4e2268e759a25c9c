//! The `core-time` case table: the seed cases (B-TIME-01..04), "O" and RFC 3339 formatting
//! and parsing, zone lookup by name, and conversions far past 2037.
//!
//! Peers: `jiff`, `chrono` + `chrono-tz`, and `time` for the formats. Every function of a case
//! computes the same value (checked before timing). Each peer uses its cheapest API for the job:
//! jiff's `TimeZone::to_datetime` rather than building a `Zoned`, chrono-tz's
//! `from_utc_datetime` on a `NaiveDateTime`, and formatters that write into a reused `String`.

use crate::case::{Case, Function, Role, Seed};
use chrono::format::{Item, StrftimeItems};
use chrono::{Offset as _, TimeZone as _};
use core_time::fmt::FormatBuf;
use core_time::{DateTime, Disambiguation, TimeZone, Timestamp};
use std::fmt::Write as _;

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

const LA: &str = "America/Los_Angeles";

/// Civil fields, the common result of the conversions.
type Civil = (i32, u32, u32, u32, u32, u32);

fn civil_ours(d: DateTime) -> Civil {
    (
        d.year(),
        d.month() as u32,
        d.day() as u32,
        d.hour() as u32,
        d.minute() as u32,
        d.second() as u32,
    )
}

fn civil_jiff(d: jiff::civil::DateTime) -> Civil {
    (
        d.year() as i32,
        d.month() as u32,
        d.day() as u32,
        d.hour() as u32,
        d.minute() as u32,
        d.second() as u32,
    )
}

fn civil_chrono(d: chrono::NaiveDateTime) -> Civil {
    use chrono::{Datelike, Timelike};
    (d.year(), d.month(), d.day(), d.hour(), d.minute(), d.second())
}

/// All `core-time` cases. Sets `TZ` for the `GetLocalNow` seed case, so call it before other
/// threads start (the report and the criterion bench do).
pub fn cases() -> Vec<Case> {
    vec![
        from_utc(
            "ConvertTimeFromUtc",
            1_784_116_800,
            Some(Seed { id: "B-TIME-01", net10_ns: 45.13, net11_ns: 19.44 }),
            true,
        ),
        to_utc(
            "ConvertTimeToUtc",
            (2026, 7, 15, 5, 0, 0),
            Some(Seed { id: "B-TIME-02", net10_ns: 51.97, net11_ns: 20.23 }),
            true,
        ),
        local_now(),
        local_now_fixed_zone(),
        utc_now(),
        format_g(),
        format_o(),
        parse_o("2024-03-15T13:45:30.1234567Z"),
        parse_o("2026-07-15T05:00:00.1234567-07:00"),
        format_rfc3339(),
        parse_rfc3339(),
        lookup_cycled(),
        lookup(),
        // Past 2037. chrono-tz's generated table reaches past 2090 but not 2200: there it shows
        // PST in July (15 July 2200 12:00Z as 20:00 -08:00), so only jiff is compared.
        // The warm cases convert one instant again and again (our per-year rule cache always
        // hits); the cold ones move to another year on every call, as a program converting
        // scattered dates does.
        from_utc_cold("FromUtc2038-2099-cold", 2038..=2099, true),
        from_utc_cold("FromUtc2150-2249-cold", 2150..=2249, false),
        to_utc_cold("ToUtc2038-2099-cold", 2038..=2099, true),
        to_utc_cold("ToUtc2150-2249-cold", 2150..=2249, false),
        from_utc("FromUtc2090-warm", 3_803_803_200, None, true),
        from_utc("FromUtc2200-warm", 7_275_067_200, None, false),
        to_utc("ToUtc2090-warm", (2090, 7, 15, 5, 0, 0), None, true),
        to_utc("ToUtc2200-warm", (2200, 7, 15, 5, 0, 0), None, false),
    ]
}

fn case(input: &str, seed: Option<Seed>, functions: Vec<Function>) -> Case {
    Case { op: "core-time", input: input.into(), bytes: None, size: None, seed, functions }
}

fn from_utc(name: &str, secs: i64, seed: Option<Seed>, with_chrono: bool) -> Case {
    let ours = TimeZone::get(LA).unwrap();
    let t = Timestamp::from_unix(secs, 0).unwrap();
    let jz = jiff::tz::TimeZone::get(LA).unwrap();
    let jt = jiff::Timestamp::from_second(secs).unwrap();
    let mut f = vec![
        Function::new("core", OURS, (ours, t), |(tz, t): &mut (TimeZone, Timestamp)| {
            let z = tz.to_local(*t);
            (civil_ours(z.datetime()), z.offset().seconds())
        }),
        Function::new(
            "jiff",
            vs("core"),
            (jz, jt),
            |(tz, t): &mut (jiff::tz::TimeZone, jiff::Timestamp)| {
                let off = tz.to_offset(*t);
                (civil_jiff(off.to_datetime(*t)), off.seconds())
            },
        ),
    ];
    if with_chrono {
        let naive = chrono::DateTime::from_timestamp(secs, 0).unwrap().naive_utc();
        f.push(Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive),
            |(tz, n): &mut (chrono_tz::Tz, chrono::NaiveDateTime)| {
                let d = tz.from_utc_datetime(n);
                (civil_chrono(d.naive_local()), d.offset().fix().local_minus_utc())
            },
        ));
    }
    case(name, seed, f)
}

fn to_utc(
    name: &str,
    (y, mo, d, h, mi, s): (i32, u8, u8, u8, u8, u8),
    seed: Option<Seed>,
    with_chrono: bool,
) -> Case {
    let ours = TimeZone::get(LA).unwrap();
    let dt = DateTime::new(y, mo, d, h, mi, s, 0).unwrap();
    let jz = jiff::tz::TimeZone::get(LA).unwrap();
    let jdt =
        jiff::civil::DateTime::new(y as i16, mo as i8, d as i8, h as i8, mi as i8, s as i8, 0)
            .unwrap();
    let mut f = vec![
        Function::new("core", OURS, (ours, dt), |(tz, dt): &mut (TimeZone, DateTime)| {
            tz.to_utc(*dt, Disambiguation::Compatible).map(|t| t.unix_secs()).ok()
        }),
        Function::new(
            "jiff",
            vs("core"),
            (jz, jdt),
            |(tz, dt): &mut (jiff::tz::TimeZone, jiff::civil::DateTime)| {
                tz.to_ambiguous_timestamp(*dt).compatible().map(|t| t.as_second()).ok()
            },
        ),
    ];
    if with_chrono {
        let naive = chrono::NaiveDate::from_ymd_opt(y, mo as u32, d as u32)
            .unwrap()
            .and_hms_opt(h as u32, mi as u32, s as u32)
            .unwrap();
        f.push(Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive),
            |(tz, n): &mut (chrono_tz::Tz, chrono::NaiveDateTime)| {
                tz.from_local_datetime(n).earliest().map(|d| d.timestamp())
            },
        ));
    }
    case(name, seed, f)
}

/// Civil times (year, month, day, hour, minute, second) spread over `years`: one per year,
/// visited in a scrambled order (a stride coprime with the count), each at a different date
/// and hour. Hours stay within 05:00..=22:59 local, away from any DST gap or fold (those are at
/// 01:00..03:00 in Los Angeles), so every library's notion of "compatible" agrees.
fn spread(years: std::ops::RangeInclusive<i32>) -> Vec<(i32, u8, u8, u8, u8, u8)> {
    let first = *years.start();
    let n = years.count();
    let stride = (1..n).rev().find(|s| gcd(*s, n) == 1 && *s < n * 2 / 3).unwrap_or(1);
    let mut x: u32 = 0x2545_f491;
    (0..n)
        .map(|k| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let r = x >> 8;
            let year = first + ((k * stride) % n) as i32;
            let month = 1 + (r % 12) as u8;
            let day = 1 + (r / 12 % 28) as u8;
            let hour = 5 + (r / 336 % 18) as u8;
            (year, month, day, hour, (r % 60) as u8, (r / 60 % 60) as u8)
        })
        .collect()
}

/// Days since 1970-01-01 of a proleptic Gregorian date (the well-known era arithmetic).
fn days_from_civil(y: i32, m: u8, d: u8) -> i32 {
    let (m, d) = (i32::from(m), i32::from(d));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The next element of `items`, cycling (the cold cases' and the cycled lookup's cursor).
fn next<T>(items: &[T], at: &mut usize) -> usize {
    *at = if *at + 1 >= items.len() { 0 } else { *at + 1 };
    *at
}

/// UTC to Los Angeles time, each call at an instant of another year of `years`.
fn from_utc_cold(name: &str, years: std::ops::RangeInclusive<i32>, with_chrono: bool) -> Case {
    let secs: Vec<i64> = spread(years)
        .into_iter()
        .map(|(y, mo, d, h, mi, s)| {
            let days = i64::from(days_from_civil(y, mo, d));
            days * 86_400 + i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s)
        })
        .collect();
    let ours = TimeZone::get(LA).unwrap();
    let ts: Vec<Timestamp> = secs.iter().map(|&s| Timestamp::from_unix(s, 0).unwrap()).collect();
    let jz = jiff::tz::TimeZone::get(LA).unwrap();
    let jts: Vec<jiff::Timestamp> =
        secs.iter().map(|&s| jiff::Timestamp::from_second(s).unwrap()).collect();
    let mut f = vec![
        Function::new(
            "core",
            OURS,
            (ours, ts, 0),
            |(tz, ts, at): &mut (TimeZone, Vec<Timestamp>, usize)| {
                let z = tz.to_local(ts[next(ts, at)]);
                (civil_ours(z.datetime()), z.offset().seconds())
            },
        ),
        Function::new(
            "jiff",
            vs("core"),
            (jz, jts, 0),
            |(tz, ts, at): &mut (jiff::tz::TimeZone, Vec<jiff::Timestamp>, usize)| {
                let t = ts[next(ts, at)];
                let off = tz.to_offset(t);
                (civil_jiff(off.to_datetime(t)), off.seconds())
            },
        ),
    ];
    if with_chrono {
        let naive: Vec<chrono::NaiveDateTime> = secs
            .iter()
            .map(|&s| chrono::DateTime::from_timestamp(s, 0).unwrap().naive_utc())
            .collect();
        f.push(Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive, 0),
            |(tz, ns, at): &mut (chrono_tz::Tz, Vec<chrono::NaiveDateTime>, usize)| {
                let d = tz.from_utc_datetime(&ns[next(ns, at)]);
                (civil_chrono(d.naive_local()), d.offset().fix().local_minus_utc())
            },
        ));
    }
    case(name, None, f)
}

/// Los Angeles time to UTC, each call at a civil time of another year of `years`.
fn to_utc_cold(name: &str, years: std::ops::RangeInclusive<i32>, with_chrono: bool) -> Case {
    let civil = spread(years);
    let ours = TimeZone::get(LA).unwrap();
    let dts: Vec<DateTime> = civil
        .iter()
        .map(|&(y, mo, d, h, mi, s)| DateTime::new(y, mo, d, h, mi, s, 0).unwrap())
        .collect();
    let jz = jiff::tz::TimeZone::get(LA).unwrap();
    let jdts: Vec<jiff::civil::DateTime> = civil
        .iter()
        .map(|&(y, mo, d, h, mi, s)| {
            jiff::civil::DateTime::new(y as i16, mo as i8, d as i8, h as i8, mi as i8, s as i8, 0)
                .unwrap()
        })
        .collect();
    let mut f = vec![
        Function::new(
            "core",
            OURS,
            (ours, dts, 0),
            |(tz, dts, at): &mut (TimeZone, Vec<DateTime>, usize)| {
                tz.to_utc(dts[next(dts, at)], Disambiguation::Compatible)
                    .map(|t| t.unix_secs())
                    .ok()
            },
        ),
        Function::new(
            "jiff",
            vs("core"),
            (jz, jdts, 0),
            |(tz, dts, at): &mut (jiff::tz::TimeZone, Vec<jiff::civil::DateTime>, usize)| {
                let dt = dts[next(dts, at)];
                tz.to_ambiguous_timestamp(dt).compatible().map(|t| t.as_second()).ok()
            },
        ),
    ];
    if with_chrono {
        let naive: Vec<chrono::NaiveDateTime> = civil
            .iter()
            .map(|&(y, mo, d, h, mi, s)| {
                chrono::NaiveDate::from_ymd_opt(y, mo as u32, d as u32)
                    .unwrap()
                    .and_hms_opt(h as u32, mi as u32, s as u32)
                    .unwrap()
            })
            .collect();
        f.push(Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive, 0),
            |(tz, ns, at): &mut (chrono_tz::Tz, Vec<chrono::NaiveDateTime>, usize)| {
                tz.from_local_datetime(&ns[next(ns, at)]).earliest().map(|d| d.timestamp())
            },
        ));
    }
    case(name, None, f)
}

fn local_now() -> Case {
    // B-TIME-03: the process's zone is America/Los_Angeles. Every function reports the offset
    // it found (equal unless a transition happens during the check).
    //
    // Setting the variable is sound here: `cases()` runs before any benchmark thread starts,
    // so no other thread reads the environment concurrently.
    std::env::set_var("TZ", LA);
    let f = vec![
        Function::new("core", OURS, (), |_: &mut ()| core_time::now_local().offset().seconds()),
        Function::new("jiff", vs("core"), (), |_: &mut ()| jiff::Zoned::now().offset().seconds()),
        Function::new("chrono-Local", vs("core"), (), |_: &mut ()| {
            chrono::Local::now().offset().local_minus_utc()
        }),
    ];
    case("GetLocalNow", Some(Seed { id: "B-TIME-03", net10_ns: 76.41, net11_ns: 34.39 }), f)
}

/// `GetLocalNow` with the same semantics on every side: the zone is looked up once, before the
/// timing, and each call reads the clock and converts to that zone. (In `GetLocalNow` each
/// library uses its own "local now", whose semantics differ: ours fixes the system zone once
/// per process, jiff re-validates it when its 5-minute cache expires, chrono's `Local`
/// re-reads `TZ` about once a second.)
fn local_now_fixed_zone() -> Case {
    let f = vec![
        Function::new("core", OURS, TimeZone::get(LA).unwrap(), |tz: &mut TimeZone| {
            tz.now().offset().seconds()
        }),
        Function::new(
            "jiff",
            vs("core"),
            jiff::tz::TimeZone::get(LA).unwrap(),
            |tz: &mut jiff::tz::TimeZone| {
                jiff::Timestamp::now().to_zoned(tz.clone()).offset().seconds()
            },
        ),
        Function::new(
            "jiff-offset",
            vs("core"),
            jiff::tz::TimeZone::get(LA).unwrap(),
            |tz: &mut jiff::tz::TimeZone| tz.to_offset(jiff::Timestamp::now()).seconds(),
        ),
        Function::new(
            "chrono-tz",
            vs("core"),
            chrono_tz::America::Los_Angeles,
            |tz: &mut chrono_tz::Tz| {
                chrono::Utc::now().with_timezone(tz).offset().fix().local_minus_utc()
            },
        ),
    ];
    case("LocalNowFixedZone", None, f)
}

/// The floor under `GetLocalNow`: reading the UTC clock alone.
fn utc_now() -> Case {
    let same = |_: &()| String::from("a clock read");
    let f = vec![
        Function::with_digest("core", OURS, (), |_: &mut ()| Timestamp::now(), same),
        Function::with_digest(
            "std",
            vs("core"),
            (),
            |_: &mut ()| std::time::SystemTime::now(),
            same,
        ),
        Function::with_digest("jiff", vs("core"), (), |_: &mut ()| jiff::Timestamp::now(), same),
        Function::with_digest("chrono", vs("core"), (), |_: &mut ()| chrono::Utc::now(), same),
    ];
    case("UtcNow", None, f)
}

/// Drops trailing zeros of a fraction of seconds, so 7 and 9 printed digits compare equal.
fn norm(s: &str) -> String {
    let Some(dot) = s.find('.') else { return s.to_string() };
    let end = s[dot + 1..].find(|c: char| !c.is_ascii_digit()).map_or(s.len(), |i| dot + 1 + i);
    let frac = s[dot + 1..end].trim_end_matches('0');
    let dot_part = if frac.is_empty() { String::new() } else { format!(".{frac}") };
    format!("{}{}{}", &s[..dot], dot_part, &s[end..])
}

fn text_of(b: &[u8]) -> String {
    norm(std::str::from_utf8(b).unwrap_or("<not UTF-8>"))
}

fn format_g() -> Case {
    let dt = DateTime::new(2024, 3, 15, 13, 45, 30, 0).unwrap();
    let naive =
        chrono::NaiveDate::from_ymd_opt(2024, 3, 15).unwrap().and_hms_opt(13, 45, 30).unwrap();
    let jdt = jiff::civil::date(2024, 3, 15).at(13, 45, 30, 0);
    let tdt = time::macros::datetime!(2024-03-15 13:45:30);
    let tfmt = time::macros::format_description!("[month]/[day]/[year] [hour]:[minute]:[second]");
    // chrono's pattern parsed once, before the timing, as a program formatting many values
    // with one pattern would (`chrono` above parses the pattern on every call).
    let items: Vec<Item<'static>> = StrftimeItems::new("%m/%d/%Y %H:%M:%S").collect();
    let f = vec![
        Function::with_digest(
            "core",
            OURS,
            (dt, dt.format_g()),
            |(d, out): &mut (DateTime, FormatBuf)| *out = d.format_g(),
            |(_, o)| o.to_string(),
        ),
        Function::with_digest(
            "chrono",
            vs("core"),
            (naive, String::new()),
            |(n, s): &mut (chrono::NaiveDateTime, String)| {
                s.clear();
                write!(s, "{}", n.format("%m/%d/%Y %H:%M:%S")).unwrap();
            },
            |(_, s)| s.clone(),
        ),
        Function::with_digest(
            "chrono-items",
            vs("core"),
            (naive, items, String::new()),
            |(n, items, s): &mut (chrono::NaiveDateTime, Vec<Item<'static>>, String)| {
                s.clear();
                write!(s, "{}", n.format_with_items(items.iter())).unwrap();
            },
            |(_, _, s)| s.clone(),
        ),
        Function::with_digest(
            "jiff",
            vs("core"),
            (jdt, String::new()),
            |(d, s): &mut (jiff::civil::DateTime, String)| {
                s.clear();
                write!(s, "{}", d.strftime("%m/%d/%Y %H:%M:%S")).unwrap();
            },
            |(_, s)| s.clone(),
        ),
        Function::with_digest(
            "time",
            vs("core"),
            (tdt, Vec::new()),
            move |(d, s): &mut (time::PrimitiveDateTime, Vec<u8>)| {
                s.clear();
                d.format_into(s, &tfmt).unwrap()
            },
            |(_, s)| text_of(s),
        ),
    ];
    case("DateTime_ToString_G", Some(Seed { id: "B-TIME-04", net10_ns: 65.54, net11_ns: 29.76 }), f)
}

/// 2026-07-15T05:00:00.1234567-07:00 in each crate's zoned/offset type.
const O_SECS: i64 = 1_784_116_800;
const O_NANOS: u32 = 123_456_700;

fn format_o() -> Case {
    let la = TimeZone::get(LA).unwrap();
    let z = la.to_local(Timestamp::from_unix(O_SECS, O_NANOS).unwrap());
    let jts = jiff::Timestamp::new(O_SECS, O_NANOS as i32).unwrap();
    let joff = jiff::tz::offset(-7);
    let cdt =
        chrono::FixedOffset::west_opt(7 * 3600).unwrap().timestamp_opt(O_SECS, O_NANOS).unwrap();
    let todt = time::OffsetDateTime::from_unix_timestamp_nanos(
        O_SECS as i128 * 1_000_000_000 + O_NANOS as i128,
    )
    .unwrap()
    .to_offset(time::macros::offset!(-7));
    let f = vec![
        Function::with_digest(
            "core",
            OURS,
            (z, z.format_o()),
            |(z, out): &mut (core_time::Zoned, FormatBuf)| *out = z.format_o(),
            |(_, o)| o.to_string(),
        ),
        Function::with_digest(
            "jiff",
            vs("core"),
            (jts, String::new()),
            move |(t, s): &mut (jiff::Timestamp, String)| {
                s.clear();
                const PRINTER: jiff::fmt::temporal::DateTimePrinter =
                    jiff::fmt::temporal::DateTimePrinter::new().precision(Some(7));
                PRINTER.print_timestamp_with_offset(t, joff, &mut *s).unwrap();
            },
            |(_, s)| s.clone(),
        ),
        Function::with_digest(
            "chrono",
            vs("core"),
            (cdt, String::new()),
            |(d, s): &mut (chrono::DateTime<chrono::FixedOffset>, String)| {
                s.clear();
                write!(s, "{}", d.format("%Y-%m-%dT%H:%M:%S%.9f%:z")).unwrap();
            },
            |(_, s)| norm(s),
        ),
        Function::with_digest(
            "time",
            vs("core"),
            (todt, Vec::new()),
            |(d, s): &mut (time::OffsetDateTime, Vec<u8>)| {
                s.clear();
                d.format_into(s, &time::format_description::well_known::Rfc3339).unwrap()
            },
            |(_, s)| text_of(s),
        ),
    ];
    case("FormatO", None, f)
}

fn parse_o(text: &'static str) -> Case {
    let label = if text.ends_with('Z') { "ParseO/Z" } else { "ParseO/offset" };
    parse_case(label, text, Timestamp::parse_o)
}

/// Our parser against the three peers' RFC 3339 parsers, each giving `(seconds, nanos)`.
fn parse_case(
    label: &str,
    text: &'static str,
    ours: fn(&str) -> Result<Timestamp, core_time::fmt::ParseError>,
) -> Case {
    let f = vec![
        Function::new("core", OURS, text, move |s: &mut &str| {
            ours(s).map(|t| (t.unix_secs(), t.subsec_nanos())).ok()
        }),
        Function::new("jiff", vs("core"), text, |s: &mut &str| {
            s.parse::<jiff::Timestamp>().map(|t| (t.as_second(), t.subsec_nanosecond() as u32)).ok()
        }),
        Function::new("chrono", vs("core"), text, |s: &mut &str| {
            chrono::DateTime::parse_from_rfc3339(s)
                .map(|t| (t.timestamp(), t.timestamp_subsec_nanos()))
                .ok()
        }),
        Function::new("time", vs("core"), text, |s: &mut &str| {
            time::OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339)
                .map(|t| (t.unix_timestamp(), t.nanosecond()))
                .ok()
        }),
    ];
    case(label, None, f)
}

fn format_rfc3339() -> Case {
    let t = Timestamp::from_unix(O_SECS, 123_456_789).unwrap();
    let jts = jiff::Timestamp::new(O_SECS, 123_456_789).unwrap();
    let cdt = chrono::DateTime::from_timestamp(O_SECS, 123_456_789).unwrap();
    let tdt = time::OffsetDateTime::from_unix_timestamp_nanos(
        O_SECS as i128 * 1_000_000_000 + 123_456_789,
    )
    .unwrap();
    let f = vec![
        Function::with_digest(
            "core",
            OURS,
            (t, t.format_rfc3339(9)),
            |(t, out): &mut (Timestamp, FormatBuf)| *out = t.format_rfc3339(9),
            |(_, o)| o.to_string(),
        ),
        Function::with_digest(
            "jiff",
            vs("core"),
            (jts, String::new()),
            |(t, s): &mut (jiff::Timestamp, String)| {
                s.clear();
                write!(s, "{t}").unwrap();
            },
            |(_, s)| s.clone(),
        ),
        Function::with_digest(
            "chrono",
            vs("core"),
            (cdt, String::new()),
            |(d, s): &mut (chrono::DateTime<chrono::Utc>, String)| {
                s.clear();
                s.push_str(&d.to_rfc3339_opts(chrono::SecondsFormat::Nanos, true));
            },
            |(_, s)| s.clone(),
        ),
        Function::with_digest(
            "time",
            vs("core"),
            (tdt, Vec::new()),
            |(d, s): &mut (time::OffsetDateTime, Vec<u8>)| {
                s.clear();
                d.format_into(s, &time::format_description::well_known::Rfc3339).unwrap()
            },
            |(_, s)| text_of(s),
        ),
    ];
    case("FormatRfc3339", None, f)
}

fn parse_rfc3339() -> Case {
    parse_case("ParseRfc3339", "2026-07-15T12:00:00.123456789Z", Timestamp::parse_rfc3339)
}

fn lookup() -> Case {
    let f = vec![
        Function::new("core", OURS, (), |_: &mut ()| {
            TimeZone::get(LA).map(|z| z.name().len()).ok()
        }),
        Function::new("jiff", vs("core"), (), |_: &mut ()| {
            jiff::tz::db().get(LA).map(|z| z.iana_name().map_or(0, str::len)).ok()
        }),
        Function::new("chrono-tz", vs("core"), (), |_: &mut ()| {
            LA.parse::<chrono_tz::Tz>().map(|z| z.name().len()).ok()
        }),
    ];
    case("ZoneByName-same-name-again", None, f)
}

/// Every zone name the three libraries all know, shuffled (a fixed seed), looked up in turn: a
/// program resolving the zones of its users' records, not one name over and over.
fn lookup_cycled() -> Case {
    let jiff_names: std::collections::HashSet<String> =
        jiff::tz::db().available().map(|n| n.to_string()).collect();
    let chrono_names: std::collections::HashSet<&str> =
        chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).collect();
    let mut names: Vec<String> = core_time::tz::available_names()
        .into_iter()
        .filter(|n| jiff_names.contains(n) && chrono_names.contains(n.as_str()))
        .collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for i in (1..names.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        names.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let names = std::rc::Rc::new(names);
    let f = vec![
        Function::new(
            "core",
            OURS,
            (names.clone(), 0),
            |(ns, at): &mut (std::rc::Rc<Vec<String>>, usize)| {
                TimeZone::get(&ns[next(ns, at)]).map(|z| z.name().len()).ok()
            },
        ),
        Function::new(
            "jiff",
            vs("core"),
            (names.clone(), 0),
            |(ns, at): &mut (std::rc::Rc<Vec<String>>, usize)| {
                jiff::tz::db()
                    .get(&ns[next(ns, at)])
                    .map(|z| z.iana_name().map_or(0, str::len))
                    .ok()
            },
        ),
        Function::new(
            "chrono-tz",
            vs("core"),
            (names, 0),
            |(ns, at): &mut (std::rc::Rc<Vec<String>>, usize)| {
                ns[next(ns, at)].parse::<chrono_tz::Tz>().map(|z| z.name().len()).ok()
            },
        ),
    ];
    case("ZoneByName-all-names-shuffled", None, f)
}

/// [`core_time::Tz`] against chrono-tz's `Tz`, both through chrono's `TimeZone` trait on the
/// same zone constant and input: UTC→local, local→UTC and parsing a name.
pub fn tz_cases() -> Vec<Case> {
    use core_time::tzdb::{America, Tz};
    let secs = 1_784_116_800;
    let naive_utc = chrono::DateTime::from_timestamp(secs, 0).unwrap().naive_utc();
    let from_utc = vec![
        Function::new(
            "core",
            OURS,
            (America::Los_Angeles, naive_utc),
            |(tz, n): &mut (Tz, chrono::NaiveDateTime)| {
                let d = tz.from_utc_datetime(n);
                (civil_chrono(d.naive_local()), d.offset().fix().local_minus_utc())
            },
        ),
        Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive_utc),
            |(tz, n): &mut (chrono_tz::Tz, chrono::NaiveDateTime)| {
                let d = tz.from_utc_datetime(n);
                (civil_chrono(d.naive_local()), d.offset().fix().local_minus_utc())
            },
        ),
    ];
    let naive_local =
        chrono::NaiveDate::from_ymd_opt(2026, 7, 15).unwrap().and_hms_opt(5, 0, 0).unwrap();
    let to_utc = vec![
        Function::new(
            "core",
            OURS,
            (America::Los_Angeles, naive_local),
            |(tz, n): &mut (Tz, chrono::NaiveDateTime)| {
                tz.from_local_datetime(n).earliest().map(|d| d.timestamp())
            },
        ),
        Function::new(
            "chrono-tz",
            vs("core"),
            (chrono_tz::America::Los_Angeles, naive_local),
            |(tz, n): &mut (chrono_tz::Tz, chrono::NaiveDateTime)| {
                tz.from_local_datetime(n).earliest().map(|d| d.timestamp())
            },
        ),
    ];
    let by_name = vec![
        Function::new("core", OURS, (), |_: &mut ()| LA.parse::<Tz>().map(|z| z.name().len()).ok()),
        Function::new("chrono-tz", vs("core"), (), |_: &mut ()| {
            LA.parse::<chrono_tz::Tz>().map(|z| z.name().len()).ok()
        }),
    ];
    vec![
        case("TzFromUtc", None, from_utc),
        case("TzToUtc", None, to_utc),
        case("TzByName", None, by_name),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tz_cases_agree() {
        for mut case in tz_cases() {
            case.check().unwrap();
        }
    }

    #[test]
    fn all_cases_agree() {
        for mut case in cases() {
            case.check().unwrap();
            assert!(case.functions.len() >= 2, "{}", case.name());
        }
    }

    #[test]
    fn fraction_normalisation() {
        assert_eq!(
            norm("2026-07-15T05:00:00.123456700-07:00"),
            "2026-07-15T05:00:00.1234567-07:00"
        );
        assert_eq!(norm("12:00:00.000Z"), "12:00:00Z");
        assert_eq!(norm("no fraction"), "no fraction");
    }
}
