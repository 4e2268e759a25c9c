//! The `core-collections` frozen map cases: lookups (a batch of hits and same-length misses)
//! and construction, per key family and size.
//!
//! Peers: std's `HashMap` (SipHash), `hashbrown` with `foldhash`'s fast hasher,
//! `frozen-collections` (its run-time built `FzScalarMap` and `FzStringMap`), and `BTreeMap`.
//! `phf` is left out: it builds its tables at compile time (macro or build script) and has no
//! run-time constructor for generated keys. Every function returns the sum of the values it
//! found, so the check compares the same work.

use crate::case::{Case, Function, Role};
use core_collections::frozen::FrozenMap;
use frozen_collections::{FzScalarMap, FzStringMap};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

/// Lookups per call: half hits, half misses.
const BATCH: usize = 1000;

type FoldHashMap<K, V> = hashbrown::HashMap<K, V, foldhash::fast::RandomState>;

/// The key families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `0..n`.
    DenseInts,
    /// Random `u64`s.
    SparseInts,
    /// Random lower-case and digit strings of 8 to 32 bytes.
    RandomStrings,
    /// English-like words of 2 to 14 letters, made of syllables.
    Words,
    /// URL paths with shared prefixes: `/api/v2/users/1234/orders`.
    UrlPaths,
}

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::DenseInts => "dense-ints",
            Family::SparseInts => "sparse-ints",
            Family::RandomStrings => "random-strings",
            Family::Words => "words",
            Family::UrlPaths => "url-paths",
        }
    }
}

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_string(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let len = 8 + rng.below(25);
    (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len())] as char).collect()
}

fn word(rng: &mut Rng) -> String {
    const ONSETS: [&str; 16] =
        ["b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "th", "st", "w"];
    const VOWELS: [&str; 8] = ["a", "e", "i", "o", "u", "ea", "ou", "io"];
    const CODAS: [&str; 8] = ["", "", "n", "r", "s", "t", "ng", "ck"];
    let mut w = String::new();
    for _ in 0..1 + rng.below(3) {
        w += ONSETS[rng.below(16)];
        w += VOWELS[rng.below(8)];
        w += CODAS[rng.below(8)];
    }
    w
}

fn url_path(rng: &mut Rng) -> String {
    const ROOTS: [&str; 4] = ["/api/v1/", "/api/v2/", "/static/", "/account/"];
    const THINGS: [&str; 6] = ["users", "orders", "items", "carts", "reviews", "images"];
    const LEAVES: [&str; 5] = ["", "/details", "/history", "/edit", "/settings"];
    format!(
        "{}{}/{}{}",
        ROOTS[rng.below(4)],
        THINGS[rng.below(6)],
        rng.below(1_000_000),
        LEAVES[rng.below(5)]
    )
}

/// `n` distinct keys, and `BATCH / 2` misses of the same lengths.
fn string_keys(family: Family, n: usize, seed: u64) -> (Vec<String>, Vec<String>) {
    let mut rng = Rng(seed);
    let make = |rng: &mut Rng| match family {
        Family::Words => word(rng),
        Family::UrlPaths => url_path(rng),
        _ => random_string(rng),
    };
    let mut seen = std::collections::HashSet::new();
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let k = make(&mut rng);
        if seen.insert(k.clone()) {
            keys.push(k);
        }
    }
    let mut misses = Vec::with_capacity(BATCH / 2);
    while misses.len() < BATCH / 2 {
        // A key with one byte changed (same length), unless that is a key too.
        let mut b = keys[rng.below(n)].clone().into_bytes();
        let at = rng.below(b.len());
        b[at] = if b[at] == b'x' { b'q' } else { b'x' };
        let m = String::from_utf8(b).unwrap_or_default();
        if !seen.contains(&m) {
            misses.push(m);
        }
    }
    (keys, misses)
}

fn int_keys(family: Family, n: usize, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut rng = Rng(seed);
    let keys: Vec<u64> = match family {
        Family::DenseInts => (0..n as u64).collect(),
        _ => (0..n).map(|_| rng.next()).collect(),
    };
    let misses = (0..BATCH as u64 / 2)
        .map(|i| if family == Family::DenseInts { n as u64 + i } else { rng.next() })
        .collect();
    (keys, misses)
}

/// The queries: `BATCH / 2` hits spread over the keys, interleaved with the misses.
fn queries<K: Clone>(keys: &[K], misses: &[K], seed: u64) -> Vec<K> {
    let mut rng = Rng(seed ^ 0xabcd);
    misses.iter().flat_map(|m| [keys[rng.below(keys.len())].clone(), m.clone()]).collect()
}

fn sum(found: impl Iterator<Item = Option<u64>>) -> u64 {
    found.fold(0u64, |s, v| s.wrapping_add(v.unwrap_or(0)))
}

fn int_lookup(family: Family, n: usize) -> Case {
    let (keys, misses) = int_keys(family, n, n as u64);
    let q = Rc::new(queries(&keys, &misses, n as u64));
    let pairs = || keys.iter().enumerate().map(|(i, &k)| (k, i as u64 * 3 + 1));
    let ours = Rc::new(FrozenMap::new(pairs()));
    let std = Rc::new(pairs().collect::<HashMap<_, _>>());
    let brown = Rc::new(pairs().collect::<FoldHashMap<_, _>>());
    let fz = Rc::new(FzScalarMap::new(pairs().collect()));
    let btree = Rc::new(pairs().collect::<BTreeMap<_, _>>());
    Case {
        op: "core-collections/frozen/lookup",
        input: format!("{}/{n}", family.name()),
        bytes: None,
        size: Some(n),
        seed: None,
        functions: vec![
            Function::new("core", OURS, (ours, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k).copied()))
            }),
            Function::new("std", vs("core"), (std, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k).copied()))
            }),
            Function::new("hashbrown-foldhash", vs("core"), (brown, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k).copied()))
            }),
            Function::new("frozen-collections", vs("core"), (fz, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k).copied()))
            }),
            Function::new("btree", vs("core"), (btree, q), |(m, q)| {
                sum(q.iter().map(|k| m.get(k).copied()))
            }),
        ],
    }
}

fn string_lookup(family: Family, n: usize) -> Case {
    let (keys, misses) = string_keys(family, n, n as u64 + family as u64);
    let q = Rc::new(queries(&keys, &misses, n as u64));
    let pairs = || keys.iter().enumerate().map(|(i, k)| (k.clone(), i as u64 * 3 + 1));
    let ours = Rc::new(FrozenMap::new(pairs()));
    let std = Rc::new(pairs().collect::<HashMap<_, _>>());
    let brown = Rc::new(pairs().collect::<FoldHashMap<_, _>>());
    let fz = Rc::new(FzStringMap::new(pairs().collect()));
    let btree = Rc::new(pairs().collect::<BTreeMap<_, _>>());
    Case {
        op: "core-collections/frozen/lookup",
        input: format!("{}/{n}", family.name()),
        bytes: None,
        size: Some(n),
        seed: None,
        functions: vec![
            Function::new("core", OURS, (ours, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k.as_str()).copied()))
            }),
            Function::new("std", vs("core"), (std, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k.as_str()).copied()))
            }),
            Function::new("hashbrown-foldhash", vs("core"), (brown, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k.as_str()).copied()))
            }),
            Function::new("frozen-collections", vs("core"), (fz, q.clone()), |(m, q)| {
                sum(q.iter().map(|k| m.get(k.as_str()).copied()))
            }),
            Function::new("btree", vs("core"), (btree, q), |(m, q)| {
                sum(q.iter().map(|k| m.get(k.as_str()).copied()))
            }),
        ],
    }
}

/// Building a map of 1,000 keys from a vector of pairs (each function clones the vector).
fn build(family: Family) -> Case {
    let n = 1000;
    let input = format!("{}/{n}", family.name());
    let op = "core-collections/frozen/build";
    let functions = if matches!(family, Family::DenseInts | Family::SparseInts) {
        let pairs: Rc<Vec<(u64, u64)>> =
            Rc::new(int_keys(family, n, 7).0.into_iter().zip(0..).collect());
        vec![
            Function::new("core", OURS, pairs.clone(), |p| FrozenMap::new(p.iter().copied()).len()),
            Function::new("std", vs("core"), pairs.clone(), |p| {
                p.iter().copied().collect::<HashMap<_, _>>().len()
            }),
            Function::new("hashbrown-foldhash", vs("core"), pairs.clone(), |p| {
                p.iter().copied().collect::<FoldHashMap<_, _>>().len()
            }),
            Function::new("frozen-collections", vs("core"), pairs, |p| {
                FzScalarMap::new(p.to_vec()).len()
            }),
        ]
    } else {
        let pairs: Rc<Vec<(String, u64)>> =
            Rc::new(string_keys(family, n, 7).0.into_iter().zip(0..).collect());
        vec![
            Function::new("core", OURS, pairs.clone(), |p| FrozenMap::new(p.to_vec()).len()),
            Function::new("std", vs("core"), pairs.clone(), |p| {
                p.iter().cloned().collect::<HashMap<_, _>>().len()
            }),
            Function::new("hashbrown-foldhash", vs("core"), pairs.clone(), |p| {
                p.iter().cloned().collect::<FoldHashMap<_, _>>().len()
            }),
            Function::new("frozen-collections", vs("core"), pairs, |p| {
                FzStringMap::new(p.to_vec()).len()
            }),
        ]
    };
    Case { op, input, bytes: None, size: Some(n), seed: None, functions }
}

const FAMILIES: [Family; 5] =
    [Family::DenseInts, Family::SparseInts, Family::RandomStrings, Family::Words, Family::UrlPaths];

/// One lookup case: `BATCH` lookups (half hits, half same-length misses) in a map of `n` keys.
pub fn lookup(family: Family, n: usize) -> Case {
    match family {
        Family::DenseInts | Family::SparseInts => int_lookup(family, n),
        _ => string_lookup(family, n),
    }
}

/// All frozen-collection cases: lookups at 16, 1,000 and 100,000 keys per family, then
/// construction of 1,000 keys per family.
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for family in FAMILIES {
        for n in [16, 1000, 100_000] {
            cases.push(lookup(family, n));
        }
    }
    cases.extend(FAMILIES.into_iter().map(build));
    cases
}
