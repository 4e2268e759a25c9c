//! Frozen maps built from arbitrary `(key, value)` lists, every lookup checked against std's
//! `HashMap`: `u16` keys (the integer strategies), short byte-string keys (the string
//! strategies, case-sensitive and ASCII case-insensitive, looked up as `&str` and `&String`)
//! and tuple keys (the general hash). Frozen sets' algebra is checked against `HashSet`'s.
#![no_main]

use core_collections::frozen::{FrozenCaseInsensitiveMap, FrozenMap, FrozenSet};
use libfuzzer_sys::fuzz_target;
use std::collections::{HashMap, HashSet};

fuzz_target!(|data: &[u8]| {
    // u16 keys: 2 bytes of key, 1 byte of value.
    let ints: Vec<(u16, u8)> =
        data.chunks_exact(3).map(|c| (u16::from_le_bytes([c[0], c[1]]), c[2])).collect();
    let map = FrozenMap::new(ints.iter().copied());
    let std_map: HashMap<u16, u8> = ints.iter().copied().collect();
    assert_eq!(map.len(), std_map.len());
    for k in ints
        .iter()
        .map(|p| p.0)
        .chain(data.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
    {
        assert_eq!(map.get(&k), std_map.get(&k), "{:?}", map.strategy());
    }

    // Byte-string keys: a length byte (0..=15), then the key, then a value byte.
    let mut strings: Vec<(String, u8)> = Vec::new();
    let mut rest = data;
    while let Some((&len, tail)) = rest.split_first() {
        let len = (len & 15) as usize;
        if tail.len() < len + 1 {
            break;
        }
        strings.push((String::from_utf8_lossy(&tail[..len]).into_owned(), tail[len]));
        rest = &tail[len + 1..];
    }
    let map = FrozenMap::new(strings.iter().cloned());
    let std_map: HashMap<String, u8> = strings.iter().cloned().collect();
    assert_eq!(map.len(), std_map.len());
    let probes: Vec<String> =
        data.windows(3).map(|w| String::from_utf8_lossy(w).into_owned()).collect();
    for k in strings.iter().map(|p| &p.0).chain(&probes) {
        assert_eq!(map.get(k.as_str()), std_map.get(k), "{:?}", map.strategy());
        assert_eq!(map.get(k), std_map.get(k), "{:?}", map.strategy());
    }

    // Tuple keys: neither an integer nor a string, hashed whole.
    let pairs: Vec<((u8, u8), u8)> =
        data.chunks_exact(3).map(|c| ((c[0], c[1] & 7), c[2])).collect();
    let map = FrozenMap::new(pairs.iter().copied());
    let std_map: HashMap<(u8, u8), u8> = pairs.iter().copied().collect();
    assert_eq!(map.len(), std_map.len());
    for w in data.windows(2) {
        let k = (w[0], w[1] & 7);
        assert_eq!(map.get(&k), std_map.get(&k), "{:?}", map.strategy());
    }

    // Set algebra: two sets of small integers split from the input, against std.
    let (left, right) = data.split_at(data.len() / 2);
    let (a, b) = (FrozenSet::new(left.iter().copied()), FrozenSet::new(right.iter().copied()));
    let (sa, sb): (HashSet<u8>, HashSet<u8>) =
        (left.iter().copied().collect(), right.iter().copied().collect());
    let sorted = |it: &mut dyn Iterator<Item = &u8>| {
        let mut v: Vec<u8> = it.copied().collect();
        v.sort_unstable();
        v
    };
    assert_eq!(sorted(&mut a.intersection(&b)), sorted(&mut sa.intersection(&sb)));
    assert_eq!(sorted(&mut a.union(&b)), sorted(&mut sa.union(&sb)));
    assert_eq!(sorted(&mut a.difference(&b)), sorted(&mut sa.difference(&sb)));
    assert_eq!(sorted(&mut a.symmetric_difference(&sb)), sorted(&mut sa.symmetric_difference(&sb)));
    assert_eq!(a.is_subset(&b), sa.is_subset(&sb));
    assert_eq!(a.is_superset(&sb), sa.is_superset(&sb));
    assert_eq!(a.is_disjoint(&b), sa.is_disjoint(&sb));
    assert_eq!(&a & &b, &sa & &sb);
    assert_eq!(&a | &b, &sa | &sb);
    assert_eq!(&a - &sb, &sa - &sb);
    assert_eq!(&a ^ &b, &sa ^ &sb);

    let caseless = FrozenCaseInsensitiveMap::new(strings.iter().cloned());
    let folded: HashMap<String, u8> =
        strings.iter().map(|(k, v)| (k.to_ascii_lowercase(), *v)).collect();
    assert_eq!(caseless.len(), folded.len());
    for k in strings.iter().map(|p| &p.0).chain(&probes) {
        let want = folded.get(&k.to_ascii_lowercase());
        assert_eq!(caseless.get(&k.to_ascii_uppercase()), want, "{:?}", caseless.strategy());
    }
});
