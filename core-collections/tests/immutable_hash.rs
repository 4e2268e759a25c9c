//! Differential tests of `ImmutableHashMap` / `ImmutableHashSet` against std's `HashMap` /
//! `HashSet`: single operations, op sequences with every old version kept and checked at the
//! end (persistence), many key types and sizes, forced hash collisions, and set algebra.

use core_collections::hash::FastState;
use core_collections::immutable::hash::{ImmutableHashMap, ImmutableHashSet};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::{BuildHasher, Hash, Hasher};

/// A key whose hash takes only a few values, so most keys collide fully.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Colliding(u16);

impl Hash for Colliding {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 % 3).hash(state);
    }
}

/// A struct key with a derived hash.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Point {
    x: i32,
    name: String,
}

fn check_map<K, V, S>(ours: &ImmutableHashMap<K, V, S>, model: &HashMap<K, V>)
where
    K: Hash + Eq + Clone + Debug,
    V: PartialEq + Debug,
    S: BuildHasher,
{
    assert_eq!(ours.len(), model.len());
    assert_eq!(ours.is_empty(), model.is_empty());
    for (k, v) in model {
        assert_eq!(ours.get(k), Some(v), "key {k:?}");
    }
    let mut n = 0;
    for (k, v) in ours.iter() {
        assert_eq!(model.get(k), Some(v));
        n += 1;
    }
    assert_eq!(n, model.len());
    assert_eq!(ours.iter().len(), model.len());
    assert_eq!(ours.keys().count(), model.len());
    assert_eq!(ours.values().count(), model.len());
    assert!(*ours == *model);
}

fn check_set<T, S>(ours: &ImmutableHashSet<T, S>, model: &HashSet<T>)
where
    T: Hash + Eq + Clone + Debug,
    S: BuildHasher,
{
    assert_eq!(ours.len(), model.len());
    for x in model {
        assert!(ours.contains(x), "{x:?}");
    }
    assert_eq!(ours.iter().filter(|x| model.contains(*x)).count(), model.len());
    assert!(ours.set_equals_std(model));
    assert!(ours.set_equals_iter(model.iter().cloned()));
}

#[derive(Clone, Debug)]
enum Op<K> {
    Insert(K, u32),
    Remove(K),
    Update(K, Option<u32>),
    InsertInPlace(K, u32),
    RemoveInPlace(K),
    /// Go back to an earlier version (index modulo the number kept).
    Restore(usize),
}

fn op<K: Debug + Clone>(key: impl Strategy<Value = K> + Clone) -> impl Strategy<Value = Op<K>> {
    prop_oneof![
        4 => (key.clone(), any::<u32>()).prop_map(|(k, v)| Op::Insert(k, v)),
        2 => key.clone().prop_map(Op::Remove),
        1 => (key.clone(), any::<Option<u32>>()).prop_map(|(k, v)| Op::Update(k, v)),
        2 => (key.clone(), any::<u32>()).prop_map(|(k, v)| Op::InsertInPlace(k, v)),
        1 => key.prop_map(Op::RemoveInPlace),
        1 => any::<usize>().prop_map(Op::Restore),
    ]
}

/// Runs `ops` on our map and on a std model, keeping every version, then checks them all.
fn run_ops<K: Hash + Eq + Clone + Debug>(ops: &[Op<K>]) {
    let mut cur: ImmutableHashMap<K, u32> = ImmutableHashMap::new();
    let mut model: HashMap<K, u32> = HashMap::new();
    let mut versions = vec![(cur.clone(), model.clone())];
    for op in ops {
        match op.clone() {
            Op::Insert(k, v) => {
                cur = cur.update(k.clone(), v);
                model.insert(k, v);
            }
            Op::Remove(k) => {
                cur = cur.without(&k);
                model.remove(&k);
            }
            Op::Update(k, v) => {
                let expected_old = model.get(&k).copied();
                cur = cur.alter(
                    |old| {
                        assert_eq!(old, expected_old);
                        v
                    },
                    k.clone(),
                );
                match v {
                    Some(v) => model.insert(k, v),
                    None => model.remove(&k),
                };
            }
            Op::InsertInPlace(k, v) => {
                assert_eq!(cur.insert(k.clone(), v), model.insert(k, v));
            }
            Op::RemoveInPlace(k) => {
                assert_eq!(cur.remove(&k), model.remove(&k));
            }
            Op::Restore(i) => {
                let (c, m) = versions[i % versions.len()].clone();
                cur = c;
                model = m;
            }
        }
        versions.push((cur.clone(), model.clone()));
    }
    for (v, m) in &versions {
        check_map(v, m);
    }
    // Equal contents give equal maps and equal hashes, whatever the history.
    for (v, m) in versions.iter().rev().take(8) {
        let rebuilt: ImmutableHashMap<K, u32> = m.clone().into();
        assert_eq!(*v, rebuilt);
        assert_eq!(hash_of(v), hash_of(&rebuilt));
    }
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn ops_persist_u8(ops in prop::collection::vec(op(any::<u8>()), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_u16(ops in prop::collection::vec(op(0u16..600), 0..400)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_u32(ops in prop::collection::vec(op(any::<u32>()), 0..200)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_u64(ops in prop::collection::vec(op(0u64..2000), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_i32(ops in prop::collection::vec(op(-300i32..300), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_string(ops in prop::collection::vec(op("[a-e]{0,3}"), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_tuple(ops in prop::collection::vec(op((0u8..8, "[xy]{0,2}")), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_struct(
        ops in prop::collection::vec(
            op((-20i32..20, "[pq]{0,2}").prop_map(|(x, name)| Point { x, name })),
            0..300,
        )
    ) {
        run_ops(&ops);
    }

    #[test]
    fn ops_persist_colliding(ops in prop::collection::vec(op((0u16..64).prop_map(Colliding)), 0..300)) {
        run_ops(&ops);
    }

    #[test]
    fn set_algebra_matches_std(
        a in prop::collection::hash_set(0u16..300, 0..200),
        b in prop::collection::hash_set(0u16..300, 0..200),
    ) {
        algebra(&a, &b);
    }

    #[test]
    fn set_algebra_matches_std_colliding(
        a in prop::collection::vec(0u16..40, 0..40),
        b in prop::collection::vec(0u16..40, 0..40),
    ) {
        let a: HashSet<Colliding> = a.into_iter().map(Colliding).collect();
        let b: HashSet<Colliding> = b.into_iter().map(Colliding).collect();
        algebra(&a, &b);
    }

    #[test]
    fn set_ops_persist(
        ops in prop::collection::vec((any::<bool>(), 0u32..200), 0..300),
    ) {
        let mut cur = ImmutableHashSet::new();
        let mut model = HashSet::new();
        let mut versions = vec![(cur.clone(), model.clone())];
        for (ins, x) in ops {
            if ins {
                cur = cur.update(x);
                model.insert(x);
            } else {
                cur = cur.without(&x);
                model.remove(&x);
            }
            versions.push((cur.clone(), model.clone()));
        }
        for (v, m) in &versions {
            check_set(v, m);
        }
    }
}

fn algebra<T: Hash + Eq + Clone + Debug>(a: &HashSet<T>, b: &HashSet<T>) {
    let ia: ImmutableHashSet<T> = a.clone().into();
    let ib: ImmutableHashSet<T> = b.iter().cloned().collect();
    check_set(&ia, a);
    check_set(&ib, b);
    check_set(&ia.union(&ib), &a.union(b).cloned().collect());
    check_set(&ia.intersection(&ib), &a.intersection(b).cloned().collect());
    check_set(&ia.difference(&ib), &a.difference(b).cloned().collect());
    check_set(&ib.difference(&ia), &b.difference(a).cloned().collect());
    check_set(&ia.symmetric_difference(&ib), &a.symmetric_difference(b).cloned().collect());
    assert_eq!(ia.is_subset(&ib), a.is_subset(b));
    assert_eq!(ia.is_superset(&ib), a.is_superset(b));
    assert_eq!(ia.is_disjoint(&ib), a.is_disjoint(b));
    assert_eq!(ia.is_proper_subset(&ib), a.is_subset(b) && a.len() < b.len());
    assert_eq!(ia.is_proper_superset(&ib), a.is_superset(b) && a.len() > b.len());
    // The operators and imbl's names agree with the methods.
    assert_eq!(&ia | &ib, ia.union(ib.clone()));
    assert_eq!(&ia & &ib, ia.intersection(ib.clone()));
    assert_eq!(&ia - &ib, ia.relative_complement(ib.clone()));
    assert_eq!(&ia ^ &ib, ia.symmetric_difference(ib.clone()));
    assert_eq!(ImmutableHashSet::unions([ia.clone(), ib.clone()]), &ia | &ib);
    // By-value iteration yields every element once.
    let mut owned: Vec<T> = ia.clone().into_iter().collect();
    assert_eq!(owned.len(), a.len());
    owned.retain(|x| a.contains(x));
    assert_eq!(owned.len(), a.len());
    // Map algebra on the same keys (values tell which side a key came from).
    let ma: ImmutableHashMap<T, u8> = a.iter().map(|k| (k.clone(), 1)).collect();
    let mb: ImmutableHashMap<T, u8> = b.iter().map(|k| (k.clone(), 2)).collect();
    let u = ma.union(&mb);
    assert_eq!(u.len(), a.union(b).count());
    assert!(u.iter().all(|(k, v)| *v == if a.contains(k) { 1 } else { 2 }));
    let i = ma.intersection(&mb);
    assert_eq!(i.len(), a.intersection(b).count());
    assert!(i.iter().all(|(k, v)| *v == 1 && b.contains(k)));
    let d = ma.difference(&mb);
    assert_eq!(d, ma.relative_complement(mb.clone()));
    assert_eq!(d.len(), a.difference(b).count());
    let x = ma.symmetric_difference(&mb);
    assert_eq!(x.len(), a.symmetric_difference(b).count());
    assert!(x.iter().all(|(k, v)| *v == if a.contains(k) { 1 } else { 2 }));
    assert_eq!(ImmutableHashMap::unions([ma.clone(), mb.clone()]), u);
    assert_eq!(ia.set_equals(&ib), a == b);
    assert_eq!(ia == ib, a == b);
    assert_eq!(ia.set_equals_std(b), a == b);
    assert_eq!(ia.set_equals_iter(b.iter().chain(b.iter()).cloned()), a == b);
    // Same operations against itself: the identical-root fast paths.
    check_set(&ia.union(&ia), a);
    check_set(&ia.intersection(&ia), a);
    check_set(&ia.difference(&ia), &HashSet::new());
    check_set(&ia.symmetric_difference(&ia), &HashSet::new());
    assert!(ia.is_subset(&ia) && ia.set_equals(&ia.clone()));
    // A different hasher: equality falls back to lookups and must agree.
    let other: ImmutableHashSet<T, FastState> =
        ImmutableHashSet::with_hasher(FastState::with_seed(7)).union(&ib);
    assert_eq!(ia.set_equals(&other), a == b);
    let mut seeded = ImmutableHashSet::with_hasher(FastState::with_seed(99));
    seeded.extend(b.iter().cloned());
    assert_eq!(ia.set_equals(&seeded), a == b);
    assert_eq!(seeded.set_equals(&ia), a == b);
    if a == b {
        assert_eq!(hash_of(&ia), hash_of(&seeded));
    }
}

fn sizes_case<K: Hash + Eq + Clone + Debug>(keys: impl Fn(usize) -> K, n: usize) {
    let mut model = HashMap::new();
    let mut b = ImmutableHashMap::builder();
    for i in 0..n {
        b.insert(keys(i), i);
        model.insert(keys(i), i);
    }
    let built = b.build();
    check_map(&built, &model);
    // Persistent inserts give the same map (and the same trie shape).
    let mut persistent = ImmutableHashMap::with_hasher(*built.hasher());
    for i in 0..n {
        persistent = persistent.update(keys(i), i);
    }
    assert_eq!(persistent, built);
    // Remove every other key persistently; the original is untouched.
    let mut fewer = built.clone();
    for i in (0..n).step_by(2) {
        fewer = fewer.without(&keys(i));
        model.remove(&keys(i));
    }
    check_map(&fewer, &model);
    assert_eq!(built.len(), n);
    for i in 0..n {
        assert_eq!(built.get(&keys(i)), Some(&i));
    }
}

#[test]
fn sizes_0_1_32_1000() {
    for n in [0, 1, 32, 1000] {
        sizes_case(|i| i as u8, n.min(256));
        sizes_case(|i| i as u16, n);
        sizes_case(|i| i as u32, n);
        sizes_case(|i| i as u64 * 0x1_0000_0001, n);
        sizes_case(|i| i as i32 - 500, n);
        sizes_case(|i| format!("key{i}"), n);
        sizes_case(|i| (i as u8, i.to_string()), n);
        sizes_case(|i| Point { x: i as i32, name: "p".repeat(i % 3) }, n);
        sizes_case(|i| Colliding(i as u16), n.min(200));
    }
}

#[test]
fn size_100_000() {
    let n = 100_000u64;
    let mut model = HashSet::new();
    let mut b = ImmutableHashSet::builder();
    for i in 0..n {
        let x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        b.insert(x);
        model.insert(x);
    }
    let set = b.build();
    check_set(&set, &model);
    let v2 = set.without(&0).update(1);
    assert!(set.contains(&0) && !set.contains(&1));
    assert!(!v2.contains(&0) && v2.contains(&1));
    assert_eq!(set.union(&v2).len(), set.len() + 1);
    assert_eq!(set.intersection(&v2).len(), set.len() - 1);
    assert!(!set.set_equals(&v2));
    assert!(set.set_equals(&set.update(0)));
}

#[test]
fn collision_nodes_grow_shrink_and_compare() {
    let keys: Vec<Colliding> = (0..300).map(Colliding).collect();
    let full: ImmutableHashSet<Colliding> = keys.iter().cloned().collect();
    assert_eq!(full.len(), 300);
    let mut shrinking = full.clone();
    for (i, k) in keys.iter().enumerate() {
        shrinking.remove(k);
        assert_eq!(shrinking.len(), 299 - i);
        assert!(!shrinking.contains(k));
        if let Some(next) = keys.get(i + 1) {
            assert!(shrinking.contains(next));
        }
    }
    assert!(shrinking.is_empty());
    // Insertion order does not change equality inside collision nodes.
    let reversed: ImmutableHashSet<Colliding> = ImmutableHashSet::with_hasher(*full.hasher())
        .union(keys.iter().rev().cloned().collect::<ImmutableHashSet<_>>());
    assert_eq!(full, reversed);
    assert_ne!(full, reversed.without(&Colliding(5)));
}

#[test]
fn in_place_edits_leave_other_versions_alone() {
    // Large enough for several levels, so every path edit copies shared nodes.
    let base: ImmutableHashMap<u32, u32> = (0..5000).map(|i| (i, i)).collect();
    let mut m = base.clone();
    for i in (0..5000).step_by(7) {
        *m.get_mut(&i).unwrap() += 1;
    }
    assert_eq!(m.get_mut(&9999), None);
    let mut counts = m.clone();
    for w in [1u32, 2, 1, 6000, 1] {
        *counts.entry(w).or_insert(0) += 100;
    }
    match counts.entry(6000) {
        core_collections::immutable::hash::Entry::Occupied(e) => assert_eq!(e.remove(), 100),
        core_collections::immutable::hash::Entry::Vacant(_) => panic!("6000 was inserted"),
    }
    counts.retain(|k, _| k % 2 == 0);
    assert!(base.iter().all(|(k, v)| k == v), "the base version changed");
    assert!(m.iter().all(|(k, v)| *v == k + u32::from(k % 7 == 0)));
    assert_eq!(counts.len(), 2500);
    assert_eq!(counts[&2], 2 + 100);
    assert_eq!(m[&2], 2, "a version taken before the entry edits changed");
    assert_eq!(base.alter(|v| v.map(|v| v * 10), 3)[&3], 30);
    assert_eq!(base.update_with(3, 4, |old, new| old + new)[&3], 7);
    assert_eq!(base.extract(&3).map(|(v, rest)| (v, rest.len())), Some((3, 4999)));
    assert_eq!(base[&3], 3);
}

#[test]
fn macros_build_the_collections() {
    use core_collections::{hashmap, hashset};
    let m = hashmap! {1 => "a", 2 => "b", 1 => "c"};
    assert_eq!((m.len(), m[&1]), (2, "c"));
    let s = hashset!["x", "y", "x"];
    assert_eq!(s, ImmutableHashSet::from(["y", "x"]));
    let e: ImmutableHashSet<u8> = hashset![];
    assert!(e.is_empty());
}

#[test]
fn union_into_empty_shares_the_root() {
    let src: ImmutableHashSet<u32> = (0..4096).collect();
    let empty = ImmutableHashSet::with_hasher(*src.hasher());
    let u = empty.union(&src);
    assert!(u.ptr_eq(&src));
    assert!(src.union(ImmutableHashSet::with_hasher(*src.hasher())).ptr_eq(&src));
}

#[test]
fn debug_index_default_and_from() {
    let m: ImmutableHashMap<&str, i32> = [("a", 1)].into();
    assert_eq!(format!("{m:?}"), r#"{"a": 1}"#);
    assert_eq!(m["a"], 1);
    let s: ImmutableHashSet<i32> = [5].into();
    assert_eq!(format!("{s:?}"), "{5}");
    let d: ImmutableHashSet<i32> = Default::default();
    assert!(d.is_empty() && d.iter().next().is_none());
    let mut b = ImmutableHashMap::builder();
    b.extend([(1, 2), (3, 4)]);
    assert_eq!(b.remove(&1), Some(2));
    assert_eq!(b.build().len(), 1);
}
