//! TZif parsing on arbitrary bytes: never panics, and what it accepts keeps the promises of
//! `TzifData` (sorted transitions, type indices in range, at least one type).
#![no_main]

use core_time::tz::tzif;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(parsed) = tzif::parse(data) else { return };
    assert!((1..=4).contains(&parsed.version));
    assert!(!parsed.local_types.is_empty());
    assert_eq!(parsed.transitions.len(), parsed.transition_types.len());
    assert!(parsed.transitions.windows(2).all(|w| w[0] < w[1]));
    let types = parsed.local_types.len();
    assert!(parsed.transition_types.iter().all(|&t| usize::from(t) < types));
    assert!(parsed.local_type_before_first() < types);
    assert!(parsed.leap_seconds.windows(2).all(|w| w[0].0 < w[1].0));
    if parsed.version == 1 {
        assert!(parsed.footer.is_none());
    }
    if let Some(footer) = &parsed.footer {
        // The footer must survive a round trip through its text, and be usable at the edges.
        assert_eq!(footer.to_string().parse(), Ok(*footer));
        for &t in parsed.transitions.iter().rev().take(2) {
            let _ = footer.local_at(t);
        }
        let _ = footer.local_at(i64::MIN);
        let _ = footer.local_at(i64::MAX);
    }
});
