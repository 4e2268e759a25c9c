//! Hostile input: TZif files whose headers claim absurd counts, large but well-formed files,
//! and huge or malformed POSIX TZ strings are rejected (or accepted) with work and memory
//! bounded by the bytes actually given, never by what a header claims, and with errors that
//! say what is wrong.
//!
//! Memory is measured with a counting global allocator (this file is its own test binary):
//! the peak of live heap bytes while one call runs. Tests run one at a time through a lock.

use core_time::tz::{posix::PosixTz, tzif, tzif::TzifError};
use core_time::{TimeZone, Timestamp};

#[path = "../../test-support/peak_alloc.rs"]
mod peak_alloc;

use peak_alloc::{one_at_a_time, peak_of};

/// A TZif header: version byte and the six counts (isut, isstd, leap, time, type, char).
fn header(version: u8, counts: [u32; 6]) -> Vec<u8> {
    let mut h = b"TZif".to_vec();
    h.push(version);
    h.extend_from_slice(&[0; 15]);
    for c in counts {
        h.extend_from_slice(&c.to_be_bytes());
    }
    h
}

/// A data block (header included) with the given transitions, alternating between two types
/// (EST and EDT), in 4-byte (`wide == false`) or 8-byte times.
fn block(version: u8, times: &[i64], wide: bool) -> Vec<u8> {
    let abbrs = b"EST\0EDT\0";
    let mut b = header(version, [0, 0, 0, times.len() as u32, 2, abbrs.len() as u32]);
    for &t in times {
        if wide {
            b.extend_from_slice(&t.to_be_bytes());
        } else {
            b.extend_from_slice(&(t as i32).to_be_bytes());
        }
    }
    b.extend((0..times.len()).map(|i| (i % 2) as u8 ^ 1));
    for (offset, dst, abbr) in [(-18_000i32, 0u8, 0u8), (-14_400, 1, 4)] {
        b.extend_from_slice(&offset.to_be_bytes());
        b.extend_from_slice(&[dst, abbr]);
    }
    b.extend_from_slice(abbrs);
    b
}

/// A version 2 file with `times` in both blocks and a United States footer.
fn file(times: &[i64]) -> Vec<u8> {
    let mut f = block(b'2', times, false);
    f.extend(block(b'2', times, true));
    f.extend_from_slice(b"\nEST5EDT,M3.2.0,M11.1.0\n");
    f
}

#[test]
fn absurd_counts_in_a_short_file_are_rejected_without_allocating_for_them() {
    let _one = one_at_a_time();
    let max = u32::MAX;
    let cases: Vec<Vec<u8>> = vec![
        header(0, [0, 0, 0, max, 1, 1]),
        header(b'2', [0, 0, 0, max, 1, 1]),
        header(b'2', [max, max, max, max, max, max]),
        header(b'3', [0, 0, max, 0, 1, 1]),
        header(b'4', [0, 0, 0, 0, 1, max]),
        // A valid first block, then a second header with absurd counts.
        [block(b'2', &[0, 1000], false), header(b'2', [0, 0, 0, max, 2, 8])].concat(),
        [block(b'2', &[], false), header(b'2', [max, max, max, max, max, max])].concat(),
    ];
    for bytes in cases {
        let (result, peak) = peak_of(|| tzif::parse(&bytes));
        let err = result.expect_err("the counts cannot be satisfied");
        assert!(peak < 64 * 1024, "rejecting {} bytes took {peak} bytes of heap", bytes.len());
        let text = err.to_string();
        assert!(text.starts_with("invalid TZif data: "), "{text}");
        match err {
            TzifError::Truncated { needed, have } => {
                assert_eq!(have, bytes.len());
                assert!(needed > have, "{text}");
            }
            TzifError::BadCount(what) => assert!(!what.is_empty()),
            other => panic!("unexpected error {other:?} for absurd counts"),
        }
        // The same through the zone constructor, which wraps the error.
        let err = TimeZone::from_tzif("Hostile/Counts", &bytes).unwrap_err();
        assert!(err.to_string().contains("TZif"), "{err}");
    }
}

#[test]
fn type_and_abbreviation_counts_beyond_the_format_are_bad_counts() {
    let _one = one_at_a_time();
    // typecnt 0 and 257; charcnt 0: rejected by the header check whatever follows.
    for counts in [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 257, 1], [0, 0, 0, 0, 1, 0]] {
        let mut bytes = header(0, counts);
        bytes.resize(bytes.len() + 4096, 0);
        let err = tzif::parse(&bytes).unwrap_err();
        assert!(matches!(err, TzifError::BadCount(_)), "{counts:?}: {err:?}");
    }
}

#[test]
fn a_large_well_formed_file_costs_memory_in_proportion_to_its_size() {
    let _one = one_at_a_time();
    // 200,000 transitions, six hours apart (about 137 years).
    let times: Vec<i64> = (0..200_000i64).map(|i| -2_000_000_000 + i * 21_600).collect();
    let bytes = file(&times);
    let (tz, peak) = peak_of(|| TimeZone::from_tzif("Hostile/Large", &bytes).expect("valid"));
    assert!(peak < 8 * bytes.len(), "{} bytes of file took {peak} bytes of heap", bytes.len());
    // It works: the offsets alternate with the transitions, and the footer takes over after.
    let at = |secs| Timestamp::from_unix(secs, 0).unwrap();
    assert_eq!(tz.offset_at(at(times[10] + 1)).seconds(), -14_400);
    assert_eq!(tz.offset_at(at(times[11] + 1)).seconds(), -18_000);
    assert_eq!(tz.transitions_after(at(times[500])).next().unwrap().timestamp(), at(times[501]));
    let summer_2100 = 4_118_000_000; // 2100-06-30
    assert_eq!(tz.offset_at(at(summer_2100)).seconds(), -14_400);

    // The same file with one transition out of order is named precisely.
    let mut unsorted = times.clone();
    unsorted.swap(150_000, 150_001);
    let err = tzif::parse(&file(&unsorted)).unwrap_err();
    assert_eq!(err, TzifError::TransitionsNotSorted(150_001));
    assert!(err.to_string().contains("transition 150001"), "{err}");
}

#[test]
fn huge_posix_strings_fail_with_a_position() {
    let _one = one_at_a_time();
    let mega = 1 << 20;
    let long_abbr = [b"<".as_slice(), &vec![b'A'; mega], b">5"].concat();
    let long_plain = [vec![b'A'; mega], b"5".to_vec()].concat();
    let long_number = [b"EST".as_slice(), &vec![b'9'; mega]].concat();
    let long_rule_time = [b"EST5EDT,M3.2.0/".as_slice(), &vec![b'1'; mega], b",M11.1.0"].concat();
    let many_rules = [b"EST5EDT".as_slice(), &b",M3.2.0".repeat(mega / 7)].concat();
    let deep_colons = [b"EST5".as_slice(), &b":00".repeat(mega / 3)].concat();
    let trailing = [b"EST5EDT,M3.2.0,M11.1.0".as_slice(), &vec![b' '; mega]].concat();
    let nul_bytes = vec![0u8; mega];
    for (what, s) in [
        ("a 1 MiB quoted abbreviation", long_abbr),
        ("a 1 MiB abbreviation", long_plain),
        ("a 1 MiB offset", long_number),
        ("a 1 MiB rule time", long_rule_time),
        ("150,000 rules", many_rules),
        ("350,000 offset fields", deep_colons),
        ("1 MiB of trailing spaces", trailing),
        ("1 MiB of NUL bytes", nul_bytes),
    ] {
        let (result, peak) = peak_of(|| PosixTz::parse(&s));
        let err = result.expect_err(what);
        assert!(err.position() <= s.len(), "{what}: position {}", err.position());
        assert!(!err.message().is_empty());
        assert!(err.to_string().contains("POSIX TZ string"), "{what}: {err}");
        assert!(peak < 64 * 1024, "{what}: rejecting it took {peak} bytes of heap");
        let text = String::from_utf8_lossy(&s);
        assert!(TimeZone::from_posix(&text).is_err(), "{what}");
    }
}

#[test]
fn out_of_range_posix_fields_are_errors_not_panics() {
    for s in [
        "EST25",
        "EST-25",
        "EST5EDT,M13.1.0,M11.1.0",
        "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0",
        "EST5EDT,J0,J365",
        "EST5EDT,J1,J366",
        "EST5EDT,366,1",
        "EST5EDT,M3.2.0/168,M11.1.0",
        "EST5EDT,M3.2.0/-168,M11.1.0",
        "EST5EDT,M3.2.0/99999999999999999999,M11.1.0",
        "EST5:60",
        "EST5:00:60",
        "<>5",
        "<AB>5",
        "<ABCDEFGHIJKLMNOP>5",
        "EST5EDT,M3.2.0",
        "EST5EDT,",
    ] {
        let err = PosixTz::parse(s.as_bytes()).expect_err(s);
        assert!(err.position() <= s.len(), "{s}: {err}");
    }
}
