//! HashDoS regression: keys built against the hashes' structure cost a build and its lookups no
//! more work than random keys of the same shape.
//!
//! Work is counted, not timed: every key comparison goes through a counting `Eq`, so the two
//! builds are compared in one run by the quantity that made the attack quadratic (a colliding
//! bucket or trie node compares each new key with every key already in it).

use core_collections::frozen::{FrozenMap, FrozenSet, Strategy};
use core_collections::immutable::{ImmutableHashMap, ImmutableHashSet};
use std::cell::Cell;
use std::hash::{Hash, Hasher};

thread_local! {
    static COMPARES: Cell<u64> = const { Cell::new(0) };
}

/// A byte key whose comparisons are counted. It hashes exactly as its bytes do.
#[derive(Clone, Debug, Eq)]
struct Counted(Vec<u8>);

impl PartialEq for Counted {
    fn eq(&self, other: &Self) -> bool {
        COMPARES.with(|c| c.set(c.get() + 1));
        self.0 == other.0
    }
}
impl Hash for Counted {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// The comparisons `f` makes.
fn compares(f: impl FnOnce()) -> u64 {
    let before = COMPARES.with(Cell::get);
    f();
    COMPARES.with(Cell::get) - before
}

/// splitmix64.
fn mix(x: u64) -> u64 {
    let z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Families of 10,000 keys an attacker without the seed would send, each beside random keys
/// of the same lengths.
fn families() -> Vec<(String, Vec<Vec<u8>>)> {
    const N: u64 = 10_000;
    let mut out = Vec::new();
    // The published attack: `x ++ K ++ "-suffix"`, with K each constant the hashers ever
    // mixed data with (the former FastHasher keys, the string-hash keys, the golden ratio).
    for k in [
        0x1319_8a2e_0370_7344u64,
        0x243f_6a88_85a3_08d3,
        0xa409_3822_299f_31d0,
        0x9e37_79b9_7f4a_7c15,
        0xd6e8_feb8_6659_fd93,
        0,
    ] {
        let keys = (0..N).map(|x| [&x.to_le_bytes()[..], &k.to_le_bytes(), b"-suffix"].concat());
        out.push((format!("x ++ {k:#x} ++ suffix"), keys.collect()));
    }
    // All-equal words of every length, one differing byte at every position, and wide
    // big-endian counters.
    let equal = (0..N).map(|i| vec![(i % 251) as u8; (i / 251) as usize + 1]);
    out.push(("all-equal bytes".into(), equal.collect()));
    let one_byte = (0..N).map(|i| {
        let (len, at, v) = (64, (i % 64) as usize, (i / 64) as u8 + 1);
        let mut k = vec![0u8; len];
        k[at] = v;
        k
    });
    out.push(("one differing byte".into(), one_byte.collect()));
    let counters = (0..N).map(|x| [[0u8; 24].as_slice(), &x.to_be_bytes()].concat());
    out.push(("zero-padded counters".into(), counters.collect()));
    out
}

/// Random keys of the same lengths.
fn random_like(keys: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut x = 42;
    keys.iter()
        .map(|k| {
            (0..k.len())
                .map(|_| {
                    x = mix(x);
                    x as u8
                })
                .collect()
        })
        .collect()
}

/// The comparisons of building every structure from `keys` and looking each key up once.
fn work(keys: &[Vec<u8>]) -> [u64; 4] {
    let keys: Vec<Counted> = keys.iter().cloned().map(Counted).collect();
    let mut out = [0; 4];
    out[0] = compares(|| {
        let m: ImmutableHashMap<Counted, usize> =
            keys.iter().cloned().enumerate().map(|(i, k)| (k, i)).collect();
        assert!(keys.iter().all(|k| m.contains_key(k)));
    });
    out[1] = compares(|| {
        let mut s = ImmutableHashSet::new();
        for k in &keys {
            s.insert(k.clone());
        }
        assert!(keys.iter().all(|k| s.contains(k)));
    });
    out[2] = compares(|| {
        let m: FrozenMap<Counted, usize> =
            keys.iter().cloned().enumerate().map(|(i, k)| (k, i)).collect();
        assert_eq!(m.strategy(), Strategy::GeneralHash);
        assert!(keys.iter().all(|k| m.contains_key(k)));
    });
    out[3] = compares(|| {
        let s: FrozenSet<Counted> = keys.iter().cloned().collect();
        assert!(keys.iter().all(|k| s.contains(k)));
    });
    out
}

#[test]
fn crafted_keys_cost_what_random_keys_cost() {
    const WHAT: [&str; 4] = ["ImmutableHashMap", "ImmutableHashSet", "FrozenMap", "FrozenSet"];
    for (name, keys) in families() {
        let crafted = work(&keys);
        let random = work(&random_like(&keys));
        for i in 0..4 {
            // Within 3x of random keys' work (plus a little for tiny counts); the attack this
            // guards against made it thousands of times more.
            assert!(
                crafted[i] <= 3 * random[i] + 100,
                "{name}, {}: {} comparisons, random keys {}",
                WHAT[i],
                crafted[i],
                random[i]
            );
        }
    }
}
