//! Frozen maps built from arbitrary `(key, value)` lists, every lookup checked against std's
//! `HashMap`: `u16` keys (the integer strategies) and short byte-string keys (the string
//! strategies, case-sensitive and ASCII case-insensitive).
#![no_main]

use core_collections::frozen::{FrozenCaseInsensitiveMap, FrozenMap};
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;

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
    }

    let caseless = FrozenCaseInsensitiveMap::new(strings.iter().cloned());
    let folded: HashMap<String, u8> =
        strings.iter().map(|(k, v)| (k.to_ascii_lowercase(), *v)).collect();
    assert_eq!(caseless.len(), folded.len());
    for k in strings.iter().map(|p| &p.0).chain(&probes) {
        let want = folded.get(&k.to_ascii_lowercase());
        assert_eq!(caseless.get(&k.to_ascii_uppercase()), want, "{:?}", caseless.strategy());
    }
});
