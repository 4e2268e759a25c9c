//! Hostile input for the frozen collections: a million keys that differ only in their last
//! few bytes (or only in their high bits) build with memory in proportion to the keys, every
//! key is found and near misses are not. The key analysis promises bounded, linear work; a
//! quadratic search would take hours here, which the coarse time ceiling catches.
//!
//! Memory is measured with a counting global allocator (this file is its own test binary):
//! the peak of live heap bytes while one build runs. Tests run one at a time through a lock.

use core_collections::frozen::{FrozenMap, FrozenSet};
use std::time::Duration;

#[path = "../../test-support/peak_alloc.rs"]
mod peak_alloc;

use peak_alloc::{measured, one_at_a_time};

/// Only a quadratic (or worse) analysis of a million keys gets near this.
const NOT_QUADRATIC: Duration = Duration::from_secs(300);

const MILLION: usize = 1_000_000;

#[test]
fn a_million_strings_sharing_a_long_prefix() {
    let _one = one_at_a_time();
    let prefix = "customer-account-identifier-0000000000000000000000000000000000000-";
    let key = |i: usize| format!("{prefix}{i:07}");
    let pairs: Vec<(String, u32)> = (0..MILLION).map(|i| (key(i), i as u32)).collect();
    let input_bytes: usize = pairs.iter().map(|(k, _)| k.len() + size_of::<(String, u32)>()).sum();
    let (map, peak, elapsed) = measured(|| FrozenMap::new(pairs));
    assert_eq!(map.len(), MILLION);
    assert!(elapsed < NOT_QUADRATIC, "building took {elapsed:?} ({:?})", map.strategy());
    // The pairs move into the map; the index and the analysis add a bounded factor.
    assert!(
        peak < 4 * input_bytes,
        "building {input_bytes} bytes of pairs peaked at {peak} bytes ({:?})",
        map.strategy()
    );
    for i in (0..MILLION).step_by(997).chain([0, MILLION - 1]) {
        assert_eq!(map.get(key(i).as_str()), Some(&(i as u32)), "{}", key(i));
    }
    // Near misses: one digit past the end, one byte changed, one byte short or long.
    for miss in [key(MILLION), key(MILLION + 1), format!("{}x", key(5)), key(5)[1..].to_string()] {
        assert_eq!(map.get(miss.as_str()), None, "{miss}");
    }
    let mut changed = key(12_345).into_bytes();
    changed[3] ^= 1;
    assert_eq!(map.get(std::str::from_utf8(&changed).unwrap()), None);
}

#[test]
fn a_million_strings_that_differ_only_in_the_middle() {
    let _one = one_at_a_time();
    let key = |i: usize| format!("{}{i:07}{}", "a".repeat(40), "z".repeat(40));
    let (set, _, elapsed) = measured(|| FrozenSet::new((0..MILLION).map(key)));
    assert_eq!(set.len(), MILLION);
    assert!(elapsed < NOT_QUADRATIC, "building took {elapsed:?} ({:?})", set.strategy());
    for i in (0..MILLION).step_by(1009) {
        assert!(set.contains(key(i).as_str()));
    }
    assert!(!set.contains(key(MILLION).as_str()));
}

#[test]
fn a_million_integers_with_identical_low_bits() {
    let _one = one_at_a_time();
    // Every key ends in the same 32 bits; only the high half differs.
    let key = |i: u64| (i << 32) | 0xDEAD_BEEF;
    let pairs: Vec<(u64, u64)> = (0..MILLION as u64).map(|i| (key(i), i)).collect();
    let input_bytes = pairs.len() * size_of::<(u64, u64)>();
    let (map, peak, elapsed) = measured(|| FrozenMap::new(pairs));
    assert_eq!(map.len(), MILLION);
    assert!(elapsed < NOT_QUADRATIC, "building took {elapsed:?} ({:?})", map.strategy());
    assert!(
        peak < 6 * input_bytes,
        "building {input_bytes} bytes of pairs peaked at {peak} bytes ({:?})",
        map.strategy()
    );
    for i in (0..MILLION as u64).step_by(991) {
        assert_eq!(map.get(&key(i)), Some(&i));
        assert_eq!(map.get(&(key(i) ^ 1)), None);
    }
    assert_eq!(map.get(&key(MILLION as u64)), None);
}

#[test]
fn a_million_copies_of_one_key_collapse_to_one_entry() {
    let _one = one_at_a_time();
    let (map, _, elapsed) = measured(|| FrozenMap::new((0..MILLION).map(|i| ("same", i))));
    assert_eq!(map.len(), 1);
    assert_eq!(map.get("same"), Some(&(MILLION - 1)), "the last pair wins");
    assert!(elapsed < NOT_QUADRATIC, "building took {elapsed:?}");
}
