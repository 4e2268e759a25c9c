//! Arbitrary op sequences on `ImmutableHashMap<u16, u16>` against std's `HashMap`, keeping
//! every old version and checking all of them at the end (persistence), plus set algebra on
//! the key sets of two versions.
#![no_main]

use core_collections::immutable::hash::{ImmutableHashMap, ImmutableHashSet};
use libfuzzer_sys::fuzz_target;
use std::collections::{HashMap, HashSet};

fuzz_target!(|data: &[u8]| {
    let mut cur: ImmutableHashMap<u16, u16> = ImmutableHashMap::new();
    let mut model: HashMap<u16, u16> = HashMap::new();
    let mut versions = vec![(cur.clone(), model.clone())];
    for chunk in data.chunks_exact(5) {
        // Small key range on odd op bytes so that removals hit.
        let raw = u16::from_le_bytes([chunk[1], chunk[2]]);
        let key = if chunk[0] & 0x10 != 0 { raw % 64 } else { raw };
        let value = u16::from_le_bytes([chunk[3], chunk[4]]);
        match chunk[0] % 7 {
            0 | 1 => {
                cur = cur.update(key, value);
                model.insert(key, value);
            }
            2 => {
                cur = cur.without(&key);
                model.remove(&key);
            }
            3 => {
                let new = if value % 3 == 0 { None } else { Some(value) };
                cur = cur.alter(|_| new, key);
                match new {
                    Some(v) => model.insert(key, v),
                    None => model.remove(&key),
                };
            }
            4 => assert_eq!(cur.insert(key, value), model.insert(key, value)),
            5 => assert_eq!(cur.remove(&key), model.remove(&key)),
            _ => {
                let (c, m) = versions[usize::from(value) % versions.len()].clone();
                cur = c;
                model = m;
            }
        }
        assert_eq!(cur.get(&key), model.get(&key));
        versions.push((cur.clone(), model.clone()));
    }
    for (v, m) in &versions {
        assert_eq!(v.len(), m.len());
        assert!(*v == *m);
        assert_eq!(v.iter().count(), m.len());
    }
    let (a, b) = (&versions[versions.len() / 2], &versions[versions.len() - 1]);
    let ka: ImmutableHashSet<u16> = a.0.keys().copied().collect();
    let kb: ImmutableHashSet<u16> = b.0.keys().copied().collect();
    let sa: HashSet<u16> = a.1.keys().copied().collect();
    let sb: HashSet<u16> = b.1.keys().copied().collect();
    let union: HashSet<u16> = sa.union(&sb).copied().collect();
    let inter: HashSet<u16> = sa.intersection(&sb).copied().collect();
    let diff: HashSet<u16> = sa.difference(&sb).copied().collect();
    let sym: HashSet<u16> = sa.symmetric_difference(&sb).copied().collect();
    assert!(ka.union(&kb).set_equals_std(&union));
    assert!(ka.intersection(&kb).set_equals_std(&inter));
    assert!(ka.difference(&kb).set_equals_std(&diff));
    assert!(ka.symmetric_difference(&kb).set_equals_std(&sym));
    assert_eq!(ka.set_equals(&kb), sa == sb);
    assert_eq!(ka.is_subset(&kb), sa.is_subset(&sb));
});
