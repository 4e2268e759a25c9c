//! Arbitrary op sequences on `ImmutableOrdMap<u16, u16>` against `BTreeMap`, with old versions
//! kept and re-checked at the end: insert/remove (in place), update/without (persistent), pops,
//! `remove_range`/`without_range`, and range queries with every bound kind (`range`,
//! `range_count`, both ends).
#![no_main]

use core_collections::immutable::ord::ImmutableOrdMap;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;
use std::ops::Bound;

fn bound(kind: u8, key: u16) -> Bound<u16> {
    match kind % 3 {
        0 => Bound::Unbounded,
        1 => Bound::Included(key),
        _ => Bound::Excluded(key),
    }
}

fn contains(lo: &Bound<u16>, hi: &Bound<u16>, k: u16) -> bool {
    let above = match *lo {
        Bound::Unbounded => true,
        Bound::Included(b) => k >= b,
        Bound::Excluded(b) => k > b,
    };
    let below = match *hi {
        Bound::Unbounded => true,
        Bound::Included(b) => k <= b,
        Bound::Excluded(b) => k < b,
    };
    above && below
}

fn same(ours: &ImmutableOrdMap<u16, u16>, model: &BTreeMap<u16, u16>) {
    ours.check_invariants();
    assert_eq!(ours.len(), model.len());
    assert!(ours.iter().eq(model.iter()));
    assert!(ours.iter().rev().eq(model.iter().rev()));
}

fuzz_target!(|data: &[u8]| {
    let mut ours = ImmutableOrdMap::new();
    let mut model = BTreeMap::new();
    let mut kept: Vec<(ImmutableOrdMap<u16, u16>, BTreeMap<u16, u16>)> = Vec::new();
    for op in data.chunks_exact(6) {
        // A small key space (0..1024) makes hits and collisions common.
        let k = u16::from_le_bytes([op[1], op[2]]) % 1024;
        let k2 = u16::from_le_bytes([op[3], op[4]]) % 1024;
        let v = u16::from_le_bytes([op[4], op[5]]);
        match op[0] % 10 {
            0 => assert_eq!(ours.insert(k, v), model.insert(k, v)),
            1 => {
                ours = ours.update(k, v);
                model.insert(k, v);
            }
            2 => assert_eq!(ours.remove(&k), model.remove(&k)),
            3 => {
                ours = ours.without(&k);
                model.remove(&k);
            }
            4 => {
                let (lo, hi) = (bound(op[5], k), bound(op[5] / 3, k2));
                let expect: Vec<(&u16, &u16)> =
                    model.iter().filter(|(key, _)| contains(&lo, &hi, **key)).collect();
                assert_eq!(ours.range_count((lo, hi)), expect.len());
                let mut it = ours.range((lo, hi));
                assert_eq!(it.len(), expect.len());
                let (mut front, mut back) = (0, expect.len());
                for step in 0..expect.len() {
                    if (v >> (step % 16)) & 1 == 0 {
                        assert_eq!(it.next(), Some(expect[front]));
                        front += 1;
                    } else {
                        back -= 1;
                        assert_eq!(it.next_back(), Some(expect[back]));
                    }
                }
                assert_eq!(it.next(), None);
            }
            5 => {
                let (lo, hi) = (bound(op[5], k), bound(op[5] / 3, k2));
                model.retain(|key, _| !contains(&lo, &hi, *key));
                if v % 2 == 0 {
                    ours = ours.without_range((lo, hi));
                } else {
                    ours.remove_range((lo, hi));
                }
            }
            6 => assert_eq!(ours.pop_first(), model.pop_first()),
            7 => assert_eq!(ours.pop_last(), model.pop_last()),
            8 => kept.push((ours.clone(), model.clone())),
            _ => {
                if let Some((o, m)) = kept.get(usize::from(v) % kept.len().max(1)) {
                    ours = o.clone();
                    model = m.clone();
                }
            }
        }
        assert_eq!(ours.len(), model.len());
        assert_eq!(ours.get(&k), model.get(&k));
    }
    same(&ours, &model);
    for (o, m) in &kept {
        same(o, m);
    }
});
