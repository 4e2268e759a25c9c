//! `TimeZone::now` and `now_local` against `to_local(Timestamp::now())`, also from several
//! threads at once (a zone remembers the span around its last answer), and the system zone
//! as `TZ` selects it.
//!
//! The environment of a multithreaded test process must not change, and the system zone is
//! determined once per process, so the `TZ` cases run this test binary again as a child
//! process with its own environment; the child reports what it found on one line.

mod common;

use core_time::{now_local, Offset, TimeZone, Timestamp, Zoned};
use std::process::Command;

const ZONES: &[&str] = &[
    "UTC",
    "America/New_York",
    "America/St_Johns",
    "Europe/London",
    "Europe/Dublin",
    "Asia/Kolkata",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "America/Santiago",
];

fn zones() -> Vec<TimeZone> {
    let mut v: Vec<_> = ZONES.iter().map(|n| TimeZone::get(n).expect("zone loads")).collect();
    v.push(TimeZone::from_posix("CET-1CEST,M3.5.0,M10.5.0/3").expect("valid POSIX string"));
    v.push(TimeZone::fixed(Offset::from_seconds(-(9 * 3600 + 30 * 60)).expect("valid offset")));
    v.push(TimeZone::system());
    v
}

/// `z`, read between the clock readings `lo` and `hi`, is what `to_local` says for its
/// instant.
fn check_now(tz: &TimeZone, z: &Zoned, lo: Timestamp, hi: Timestamp) {
    let t = z.timestamp();
    assert!(
        lo <= t && t <= hi,
        "{tz}: now() gave {t:?}, outside the clock readings {lo:?} ..= {hi:?}"
    );
    assert_eq!(*z, tz.to_local(t), "{tz}: now() disagrees with to_local of its own instant");
}

/// Whether `tz` changes its offset, abbreviation or DST flag in `(a, b]`.
fn transition_between(tz: &TimeZone, a: Timestamp, b: Timestamp) -> bool {
    tz.transitions_after(a).next().is_some_and(|tr| tr.timestamp() <= b)
}

#[test]
fn now_agrees_with_to_local_of_the_clock() {
    for tz in zones() {
        let lo = Timestamp::now();
        let z = tz.now();
        let hi = Timestamp::now();
        check_now(&tz, &z, lo, hi);
        let other = tz.to_local(Timestamp::now());
        let gap = other.timestamp().unix_secs() - z.timestamp().unix_secs();
        assert!(
            (0..=1).contains(&gap),
            "{tz}: now() and to_local(Timestamp::now()) are {gap} s apart"
        );
        if !transition_between(&tz, z.timestamp(), other.timestamp()) {
            let a = (z.offset(), z.abbreviation(), z.is_dst());
            let b = (other.offset(), other.abbreviation(), other.is_dst());
            assert_eq!(
                a, b,
                "{tz}: now() and to_local(Timestamp::now()) disagree with no transition between"
            );
        }
    }
}

#[test]
fn repeated_calls_from_four_threads_stay_consistent() {
    let zones = zones();
    std::thread::scope(|s| {
        for k in 0..4 {
            let zones = &zones;
            s.spawn(move || {
                for i in 0..2_500 {
                    // Each thread walks the zones in its own order, so the remembered spans
                    // are read and replaced concurrently.
                    let tz = &zones[(i * (k + 1) + k) % zones.len()];
                    let lo = Timestamp::now();
                    let z = tz.now();
                    let hi = Timestamp::now();
                    check_now(tz, &z, lo, hi);
                }
            });
        }
    });
}

#[test]
fn now_local_is_the_system_zone_now() {
    let system = TimeZone::system();
    assert_eq!(system, TimeZone::system(), "system() changed between calls");
    let lo = Timestamp::now();
    let a = now_local();
    let mid = Timestamp::now();
    let b = system.now();
    let hi = Timestamp::now();
    check_now(&system, &a, lo, mid);
    check_now(&system, &b, mid, hi);
    if !transition_between(&system, a.timestamp(), b.timestamp()) {
        assert_eq!(
            (a.offset(), a.abbreviation(), a.is_dst()),
            (b.offset(), b.abbreviation(), b.is_dst())
        );
    }
}

// ------------------------------------------------------------------------------------------
// The system zone under a given `TZ`, in child processes.

const CHILD_VAR: &str = "CORE_TIME_NOW_TEST_CHILD";
const CHILD_TEST: &str = "child_reports_system_zone";

/// Fixed instants at which the child reports offsets: winter and summer in both hemispheres.
const PROBES: [i64; 4] = [
    1_705_320_000, // 2024-01-15T12:00:00Z
    1_721_044_800, // 2024-07-15T12:00:00Z
    2_051_265_600, // 2035-01-01T12:00:00Z
    2_067_076_800, // 2035-07-03T12:00:00Z
];

/// What a child found.
#[derive(Debug)]
struct Report {
    name: String,
    source: String,
    ours: Vec<(i32, String)>,
    jiff: Vec<(i32, String)>,
}

/// In a child (and only there), prints the system zone as this crate and jiff see it.
#[test]
fn child_reports_system_zone() {
    if std::env::var_os(CHILD_VAR).is_none() {
        return;
    }
    let tz = TimeZone::system();
    let lo = Timestamp::now();
    let z = now_local();
    check_now(&tz, &z, lo, Timestamp::now());
    let jz = jiff::tz::TimeZone::system();
    let ours: Vec<String> = PROBES
        .iter()
        .map(|&s| {
            let z = tz.to_local(Timestamp::from_unix_secs(s).expect("in range"));
            format!("{} {}", z.offset().seconds(), z.abbreviation())
        })
        .collect();
    let theirs: Vec<String> = PROBES
        .iter()
        .map(|&s| {
            let info = jz.to_offset_info(jiff::Timestamp::from_second(s).expect("in range"));
            format!("{} {}", info.offset().seconds(), info.abbreviation())
        })
        .collect();
    println!("SYSTEM\t{}\t{:?}\t{}\t{}", tz.name(), tz.source(), ours.join(","), theirs.join(","));
}

fn parse_pairs(s: &str) -> Vec<(i32, String)> {
    s.split(',')
        .map(|p| {
            let (o, a) = p.split_once(' ').expect("offset and abbreviation");
            (o.parse().expect("offset"), a.to_string())
        })
        .collect()
}

/// Runs this binary's `child_reports_system_zone` with `TZ` set to `tz` (unset for `None`).
fn run_child(tz: Option<&str>) -> Report {
    let exe = std::env::current_exe().expect("test binary path");
    let mut cmd = Command::new(exe);
    cmd.args(["--exact", CHILD_TEST, "--nocapture", "--test-threads", "1"]).env(CHILD_VAR, "1");
    match tz {
        Some(v) => cmd.env("TZ", v),
        None => cmd.env_remove("TZ"),
    };
    let out = cmd.output().expect("child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child with TZ={tz:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The harness may print "test ... " on the same line before the report.
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("SYSTEM\t").map(|(_, r)| r))
        .unwrap_or_else(|| panic!("child with TZ={tz:?} reported nothing:\n{stdout}"));
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 4, "odd report {line:?}");
    Report {
        name: f[0].to_string(),
        source: f[1].to_string(),
        ours: parse_pairs(f[2]),
        jiff: parse_pairs(f[3]),
    }
}

/// `TZ`, the zone's name, how its source's debug form starts, the offsets at [`PROBES`],
/// and whether jiff must agree.
type Case<'a> = (&'a str, &'a str, &'a str, &'a [(i32, String)], bool);

fn pairs(v: &[(i32, &str)]) -> Vec<(i32, String)> {
    v.iter().map(|&(o, a)| (o, a.to_string())).collect()
}

/// Whether this test binary can start itself again. Under user-mode emulation (the aarch64
/// run under qemu) a child process of the foreign binary cannot be executed.
fn can_rerun_self() -> bool {
    let Ok(exe) = std::env::current_exe() else { return false };
    Command::new(exe).arg("--list").output().is_ok_and(|o| o.status.success())
}

#[test]
fn system_zone_follows_tz() {
    if !common::have_zoneinfo() {
        return common::missing("/usr/share/zoneinfo is missing", common::INSTALL_TZDATA);
    }
    if !can_rerun_self() {
        eprintln!("this test binary cannot start itself here (emulated?): skipped");
        return;
    }
    let new_york = pairs(&[(-18_000, "EST"), (-14_400, "EDT"), (-18_000, "EST"), (-14_400, "EDT")]);
    let paris = pairs(&[(3_600, "CET"), (7_200, "CEST"), (3_600, "CET"), (7_200, "CEST")]);
    let sydney = pairs(&[(39_600, "AEDT"), (36_000, "AEST"), (39_600, "AEDT"), (36_000, "AEST")]);
    let utc = pairs(&[(0, "UTC"); 4]);
    let tokyo = pairs(&[(32_400, "JST"); 4]);
    let india = pairs(&[(19_800, "+0530"); 4]);
    let cases: Vec<Case> = vec![
        ("America/New_York", "America/New_York", "File", &new_york, true),
        (":Europe/Paris", "Europe/Paris", "File", &paris, true),
        ("america/new_york", "America/New_York", "File", &new_york, false),
        ("/usr/share/zoneinfo/Australia/Sydney", "Australia/Sydney", "File", &sydney, true),
        (":/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", "File", &tokyo, true),
        ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT,M3.2.0,M11.1.0", "Posix", &new_york, true),
        ("<+0530>-5:30", "<+0530>-5:30", "Posix", &india, true),
        ("", "UTC", "Fixed", &utc, true),
        ("UTC", "UTC", "Fixed", &utc, true),
        ("No/Such_Zone", "UTC", "Fixed", &utc, false),
    ];
    let mut failures = Vec::new();
    for (tz, name, source, offsets, compare_jiff) in cases {
        let r = run_child(Some(tz));
        let ok = r.name == name
            && r.source.starts_with(source)
            && r.ours == *offsets
            && (!compare_jiff || r.jiff == r.ours);
        if !ok {
            failures.push(format!("TZ={tz:?}: expected {name} ({source}) {offsets:?}, got {r:?}"));
        }
    }
    // Without TZ: /etc/localtime, which jiff reads too.
    let r = run_child(None);
    eprintln!("TZ unset: {r:?}");
    if r.ours != r.jiff {
        failures.push(format!("TZ unset: ours and jiff disagree: {r:?}"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
