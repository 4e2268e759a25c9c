//! POSIX TZ string parsing on arbitrary bytes: never panics; what it accepts prints back to a
//! string that parses to the same value, and evaluates without panicking anywhere in time.
#![no_main]

use core_time::tz::posix::PosixTz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(tz) = PosixTz::parse(data) else { return };
    let text = tz.to_string();
    assert_eq!(PosixTz::parse(text.as_bytes()), Ok(tz), "{text}");

    // Instants derived from the input's own bytes plus the transitions of a few years.
    let mut instants = vec![i64::MIN, -1, 0, i64::MAX];
    let mut seed = [0u8; 8];
    seed.iter_mut().zip(data).for_each(|(s, &b)| *s = b);
    instants.push(i64::from_le_bytes(seed));
    for year in [i32::MIN, -9999, 1970, 2026, 9999, i32::MAX] {
        if let Some((start, end)) = tz.transitions_in_year(year) {
            instants.extend([start - 1, start, end - 1, end]);
        }
    }
    for t in instants {
        let (offset, is_dst, abbr) = tz.local_at(t);
        if is_dst {
            let dst = tz.dst().expect("daylight-saving time without a rule");
            assert_eq!((offset, abbr), (dst.offset(), dst.abbr()));
        } else {
            assert_eq!((offset, abbr), (tz.std_offset(), tz.std_abbr()));
        }
    }
});
