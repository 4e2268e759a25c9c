//! The `core-collections` persistent-collection cases: `ImmutableHashSet`/`ImmutableHashMap`
//! against `imbl` and `rpds` (persistent insert, remove, lookup, iterate, union, set equality)
//! and the seed cases B-COL-01/02/03/06 (CreateSlice, SequenceEqual, EqualImmutableHashSet,
//! EqualHashSet, FreshDestinationUnionWith).
//!
//! Every structure hashes with the same [`FastState`], so the tables compare the tries and not
//! the hash functions (imbl's and rpds's defaults are SipHash). rpds uses its `Arc` flavour
//! (`*Sync`), like ours and imbl's.

use crate::case::{Case, Function, Role, Seed};
use core_collections::hash::FastState;
use core_collections::immutable::hash::{ImmutableHashMap, ImmutableHashSet};
use core_collections::immutable::vec::ImmutableVec;
use std::collections::HashSet;
use std::sync::Arc;

const OURS: Role = Role::Ours;
const fn vs(ours: &'static str) -> Role {
    Role::Peer { vs: ours }
}

type ImblSet<T> = imbl::GenericHashSet<T, FastState, imbl::shared_ptr::DefaultSharedPtr>;
type ImblMap<K, V> = imbl::GenericHashMap<K, V, FastState, imbl::shared_ptr::DefaultSharedPtr>;
type RpdsSet<T> = rpds::HashTrieSetSync<T, FastState>;
type RpdsMap<K, V> = rpds::HashTrieMapSync<K, V, FastState>;

const HASH: FastState = FastState::with_seed(0x5eed);

/// `n` distinct pseudo-random keys.
fn keys(n: usize, salt: u64) -> Vec<u64> {
    (0..n as u64).map(|i| (i ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17)).collect()
}

fn ours_set<T: std::hash::Hash + Eq + Clone>(items: &[T]) -> ImmutableHashSet<T> {
    let mut b = ImmutableHashSet::builder_with_hasher(HASH);
    b.extend(items.iter().cloned());
    b.build()
}

fn imbl_set<T: std::hash::Hash + Eq + Clone>(items: &[T]) -> ImblSet<T> {
    let mut s = ImblSet::with_hasher(HASH);
    s.extend(items.iter().cloned());
    s
}

fn rpds_set<T: std::hash::Hash + Eq + Clone>(items: &[T]) -> RpdsSet<T> {
    let mut s = RpdsSet::new_with_hasher_with_ptr_kind(HASH);
    for x in items {
        s.insert_mut(x.clone());
    }
    s
}

fn case(op: &'static str, input: String, size: Option<usize>, functions: Vec<Function>) -> Case {
    Case { op, input, bytes: None, size, seed: None, functions }
}

/// All persistent-collection cases.
pub fn cases() -> Vec<Case> {
    vec![
        set_insert(1000),
        set_remove(1000),
        set_lookup(1000),
        set_lookup(100_000),
        set_iterate(10_000),
        set_union(1000),
        map_insert(1000),
        map_lookup(1000),
        equal_immutable_hash_set(),
        equal_hash_set(),
        fresh_destination_union_with(),
        create_slice(),
        sequence_equal(),
    ]
}

/// Builds a set of `n` keys by `n` persistent inserts (every version is a new value).
pub fn set_insert(n: usize) -> Case {
    let k = keys(n, 1);
    let op = "core-collections/immutable/hash_set/insert";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, k.clone(), |k: &mut Vec<u64>| {
                let mut s = ImmutableHashSet::with_hasher(HASH);
                for &x in k.iter() {
                    s = s.update(x);
                }
                s.len()
            }),
            Function::new("imbl", vs("core"), k.clone(), |k: &mut Vec<u64>| {
                let mut s = ImblSet::with_hasher(HASH);
                for &x in k.iter() {
                    s = s.update(x);
                }
                s.len()
            }),
            Function::new("rpds", vs("core"), k, |k: &mut Vec<u64>| {
                let mut s = RpdsSet::new_with_hasher_with_ptr_kind(HASH);
                for &x in k.iter() {
                    s = s.insert(x);
                }
                s.size()
            }),
        ],
    )
}

/// Removes all `n` keys of a set one persistent removal at a time.
pub fn set_remove(n: usize) -> Case {
    let k = keys(n, 2);
    let op = "core-collections/immutable/hash_set/remove";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, (ours_set(&k), k.clone()), |(s, k)| {
                let mut s = s.clone();
                for x in k.iter() {
                    s = s.without(x);
                }
                s.len()
            }),
            Function::new("imbl", vs("core"), (imbl_set(&k), k.clone()), |(s, k)| {
                let mut s = s.clone();
                for x in k.iter() {
                    s = s.without(x);
                }
                s.len()
            }),
            Function::new("rpds", vs("core"), (rpds_set(&k), k.clone()), |(s, k)| {
                let mut s = s.clone();
                for x in k.iter() {
                    s = s.remove(x);
                }
                s.size()
            }),
        ],
    )
}

/// `n` lookups (half hits, half misses) in a set of `n` keys.
pub fn set_lookup(n: usize) -> Case {
    let k = keys(n, 3);
    let mut probes: Vec<u64> = k.iter().step_by(2).copied().collect();
    probes.extend(keys(n / 2, 0xdead_beef));
    let op = "core-collections/immutable/hash_set/lookup";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, (ours_set(&k), probes.clone()), |(s, p)| {
                p.iter().filter(|x| s.contains(*x)).count()
            }),
            Function::new("imbl", vs("core"), (imbl_set(&k), probes.clone()), |(s, p)| {
                p.iter().filter(|x| s.contains(*x)).count()
            }),
            Function::new("rpds", vs("core"), (rpds_set(&k), probes), |(s, p)| {
                p.iter().filter(|x| s.contains(*x)).count()
            }),
        ],
    )
}

/// The wrapping sum of a set of `n` keys, by iteration.
pub fn set_iterate(n: usize) -> Case {
    let k = keys(n, 4);
    let op = "core-collections/immutable/hash_set/iterate";
    let sum = |acc: u64, x: &u64| acc.wrapping_add(*x);
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, ours_set(&k), move |s| s.iter().fold(0, sum)),
            Function::new("imbl", vs("core"), imbl_set(&k), move |s| s.iter().fold(0, sum)),
            Function::new("rpds", vs("core"), rpds_set(&k), move |s| s.iter().fold(0, sum)),
        ],
    )
}

/// The union of two sets of `n` keys that share half of them.
pub fn set_union(n: usize) -> Case {
    let a = keys(n, 5);
    let mut b: Vec<u64> = a[n / 2..].to_vec();
    b.extend(keys(n / 2, 0x1234_5678));
    let op = "core-collections/immutable/hash_set/union";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, (ours_set(&a), ours_set(&b)), |(a, b)| a.union(b).len()),
            Function::new("imbl", vs("core"), (imbl_set(&a), imbl_set(&b)), |(a, b)| {
                a.clone().union(b.clone()).len()
            }),
            // rpds has no union: the smaller set's keys inserted into (a version of) the other.
            Function::new("rpds", vs("core"), (rpds_set(&a), rpds_set(&b)), |(a, b)| {
                let mut u = a.clone();
                for x in b.iter() {
                    u.insert_mut(*x);
                }
                u.size()
            }),
        ],
    )
}

/// Builds a map of `n` entries by `n` persistent inserts.
pub fn map_insert(n: usize) -> Case {
    let k = keys(n, 6);
    let op = "core-collections/immutable/hash_map/insert";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, k.clone(), |k: &mut Vec<u64>| {
                let mut m = ImmutableHashMap::with_hasher(HASH);
                for &x in k.iter() {
                    m = m.update(x, x);
                }
                m.len()
            }),
            Function::new("imbl", vs("core"), k.clone(), |k: &mut Vec<u64>| {
                let mut m = ImblMap::with_hasher(HASH);
                for &x in k.iter() {
                    m = m.update(x, x);
                }
                m.len()
            }),
            Function::new("rpds", vs("core"), k, |k: &mut Vec<u64>| {
                let mut m = RpdsMap::new_with_hasher_and_ptr_kind(HASH);
                for &x in k.iter() {
                    m = m.insert(x, x);
                }
                m.size()
            }),
        ],
    )
}

/// `n` lookups (half hits) in a map of `n` entries, summing the values found.
pub fn map_lookup(n: usize) -> Case {
    let k = keys(n, 7);
    let mut probes: Vec<u64> = k.iter().step_by(2).copied().collect();
    probes.extend(keys(n / 2, 0xfeed));
    let mut ours = ImmutableHashMap::builder_with_hasher(HASH);
    let mut imbl = ImblMap::with_hasher(HASH);
    let mut rpds = RpdsMap::new_with_hasher_and_ptr_kind(HASH);
    for &x in &k {
        ours.insert(x, x >> 3);
        imbl.insert(x, x >> 3);
        rpds.insert_mut(x, x >> 3);
    }
    let sum = |acc: u64, v: Option<&u64>| acc.wrapping_add(v.copied().unwrap_or(1));
    let op = "core-collections/immutable/hash_map/lookup";
    case(
        op,
        format!("u64/{n}"),
        Some(n),
        vec![
            Function::new("core", OURS, (ours.build(), probes.clone()), move |(m, p)| {
                p.iter().fold(0, |acc, x| sum(acc, m.get(x)))
            }),
            Function::new("imbl", vs("core"), (imbl, probes.clone()), move |(m, p)| {
                p.iter().fold(0, |acc, x| sum(acc, m.get(x)))
            }),
            Function::new("rpds", vs("core"), (rpds, probes), move |(m, p)| {
                p.iter().fold(0, |acc, x| sum(acc, m.get(x)))
            }),
        ],
    )
}

/// B-COL-03 (EqualImmutableHashSet): two persistent sets of the ints 0..9,999, built
/// separately, compared.
pub fn equal_immutable_hash_set() -> Case {
    let items: Vec<i32> = (0..10_000).collect();
    let rev: Vec<i32> = items.iter().rev().copied().collect();
    Case {
        op: "core-collections/immutable/hash_set/set_equals",
        input: "EqualImmutableHashSet".into(),
        bytes: None,
        size: None,
        seed: Some(Seed { id: "B-COL-03", net10_ns: 775_600.0, net11_ns: 559_700.0 }),
        functions: vec![
            Function::new("core", OURS, (ours_set(&items), ours_set(&rev)), |(a, b)| {
                a.set_equals(b)
            }),
            Function::new("imbl", vs("core"), (imbl_set(&items), imbl_set(&rev)), |(a, b)| a == b),
            Function::new("rpds", vs("core"), (rpds_set(&items), rpds_set(&rev)), |(a, b)| a == b),
        ],
    }
}

/// B-COL-03 (EqualHashSet): a persistent set of the ints 0..9,999 against a std `HashSet`.
pub fn equal_hash_set() -> Case {
    let items: Vec<i32> = (0..10_000).collect();
    let std: HashSet<i32, FastState> = items.iter().copied().collect::<HashSet<_, _>>();
    Case {
        op: "core-collections/immutable/hash_set/set_equals_std",
        input: "EqualHashSet".into(),
        bytes: None,
        size: None,
        seed: Some(Seed { id: "B-COL-03", net10_ns: 478_600.0, net11_ns: 230_900.0 }),
        functions: vec![
            Function::new("core", OURS, (ours_set(&items), std.clone()), |(a, s)| {
                a.set_equals_std(s)
            }),
            Function::new("imbl", vs("core"), (imbl_set(&items), std.clone()), |(a, s)| {
                a.len() == s.len() && a.iter().all(|x| s.contains(x))
            }),
            Function::new("rpds", vs("core"), (rpds_set(&items), std), |(a, s)| {
                a.size() == s.len() && a.iter().all(|x| s.contains(x))
            }),
        ],
    }
}

/// B-COL-06 (FreshDestinationUnionWith): a fresh empty set, then the union with a set of
/// 0..4,095.
///
/// Ours and imbl see that one side is empty and return the other set, sharing its trie: O(1).
/// rpds has no union, so it gets the same shortcut written out (`rpds-if-empty`: test for
/// empty, then an O(1) clone of the shared trie), the like-for-like row; `rpds-insert-each` is
/// the general union rpds offers (every key inserted, O(n)), and `std-copy-if-empty` is the
/// same shortcut on a `HashSet`, whose clone copies the table (O(n)). The last two are labelled
/// by what they do and are not like for like.
pub fn fresh_destination_union_with() -> Case {
    let items: Vec<i32> = (0..4096).collect();
    let std: HashSet<i32, FastState> = items.iter().copied().collect::<HashSet<_, _>>();
    Case {
        op: "core-collections/immutable/hash_set/union_into_empty",
        input: "FreshDestinationUnionWith".into(),
        bytes: None,
        size: None,
        seed: Some(Seed { id: "B-COL-06", net10_ns: 46_207.0, net11_ns: 2_433.0 }),
        functions: vec![
            Function::new("core", OURS, ours_set(&items), |s| {
                ImmutableHashSet::with_hasher(HASH).union(s).len()
            }),
            Function::new("imbl", vs("core"), imbl_set(&items), |s| {
                ImblSet::with_hasher(HASH).union(s.clone()).len()
            }),
            Function::new("rpds-if-empty", vs("core"), rpds_set(&items), |s| {
                let mut u = RpdsSet::new_with_hasher_with_ptr_kind(HASH);
                if u.is_empty() {
                    u = s.clone();
                }
                u.size()
            }),
            Function::new("rpds-insert-each", vs("core"), rpds_set(&items), |s| {
                let mut u = RpdsSet::new_with_hasher_with_ptr_kind(HASH);
                for x in s.iter() {
                    u.insert_mut(*x);
                }
                u.size()
            }),
            Function::new("std-copy-if-empty", vs("core"), std, |s| {
                let mut u: HashSet<i32, FastState> = HashSet::with_hasher(HASH);
                if u.is_empty() {
                    u = s.clone();
                }
                u.len()
            }),
        ],
    }
}

/// B-COL-01 (CreateSlice): an immutable array from a slice of the ints 0..999.
pub fn create_slice() -> Case {
    let source: Vec<i32> = (0..1000).collect();
    Case {
        op: "core-collections/immutable/vec/from_slice",
        input: "CreateSlice".into(),
        bytes: Some(4000),
        size: None,
        seed: Some(Seed { id: "B-COL-01", net10_ns: 552.5, net11_ns: 277.7 }),
        functions: vec![
            Function::new("core", OURS, source.clone(), |s| {
                let v = ImmutableVec::from_slice(s);
                (v.len(), v[999])
            }),
            Function::new("Arc<[T]>", vs("core"), source.clone(), |s| {
                let v: Arc<[i32]> = Arc::from(&s[..]);
                (v.len(), v[999])
            }),
            Function::new("imbl", vs("core"), source.clone(), |s| {
                let v: imbl::Vector<i32> = imbl::Vector::from(&s[..]);
                (v.len(), v[999])
            }),
            Function::new("rpds", vs("core"), source, |s| {
                let v: rpds::VectorSync<i32> = s.iter().copied().collect();
                (v.len(), v[999])
            }),
        ],
    }
}

/// B-COL-02 (SequenceEqual): an immutable array of 0..999 against a `Vec` of the same.
pub fn sequence_equal() -> Case {
    let source: Vec<i32> = (0..1000).collect();
    Case {
        op: "core-collections/immutable/vec/sequence_eq",
        input: "SequenceEqual".into(),
        bytes: Some(4000),
        size: None,
        seed: Some(Seed { id: "B-COL-02", net10_ns: 925.8, net11_ns: 122.2 }),
        functions: vec![
            Function::new(
                "core",
                OURS,
                (ImmutableVec::from_slice(&source), source.clone()),
                |(v, l)| *v == *l,
            ),
            Function::new(
                "imbl",
                vs("core"),
                (imbl::Vector::from(&source[..]), source.clone()),
                |(v, l)| v.len() == l.len() && v.iter().eq(l.iter()),
            ),
            Function::new(
                "rpds",
                vs("core"),
                (source.iter().copied().collect::<rpds::VectorSync<i32>>(), source),
                |(v, l)| v.len() == l.len() && v.iter().eq(l.iter()),
            ),
        ],
    }
}
